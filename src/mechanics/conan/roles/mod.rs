//! What each Conan role's actions do, one file per role (conan.md §12), and the one dispatch
//! from an action's ability to its role's code. Every action first passes the kernel's gate
//! with the Conan conditions as its stops (`rules::gate`: marks, nullification, a house search).

pub mod agasa;
pub mod akai;
pub mod anokata;
pub mod araide;
pub mod bourbon;
pub mod boys;
pub mod eri;
pub mod gin;
pub mod haibara;
pub mod hakuba;
pub mod heiji;
pub mod irish;
pub mod jodie;
pub mod kazuha;
pub mod kogoro;
pub mod korn;
pub mod makoto;
pub mod nakamori;
pub mod okiya;
pub mod police;
pub mod ran;
pub mod rum;
pub mod satou;
pub mod shiratori;
pub mod sonoko;
pub mod tequila;
pub mod vermouth;
pub mod vodka;
pub mod yumi;

use super::phase::{self, Run};
use super::{info, items};
use crate::engine::outcome::StepResult;
use crate::engine::resolve::Ctx;
use crate::kernel::{self, Act};

/// Resolve one action of a stage the Conan rules run act by act.
pub fn act(ctx: &mut Ctx, run: &mut Run, act: &Act) {
    if let Some((result, why)) = super::rules::gate(ctx, run, act) {
        phase::tell_failed(ctx, act);
        return kernel::step::done(ctx, act, result, vec![why]);
    }
    perform(ctx, run, act);
}

/// The blocks of a night (N3) take effect together (§6.1: "when blockers target each other,
/// both blocks take effect"): every block is gated on the night as it stood before any.
pub fn simultaneous(ctx: &mut Ctx, run: &mut Run, acts: &[Act]) {
    let stops: Vec<_> = acts
        .iter()
        .map(|a| super::rules::gate(ctx, run, a))
        .collect();
    for (act, stop) in acts.iter().zip(stops) {
        match stop {
            Some((result, why)) => {
                phase::tell_failed(ctx, act);
                kernel::step::done(ctx, act, result, vec![why]);
            }
            None => perform(ctx, run, act),
        }
    }
}

/// A protection held against an attack (§7 step 4): what it does is its role's.
pub fn defended(
    ctx: &mut Ctx,
    run: &mut Run,
    defence: &crate::kernel::Defence,
    attack: &crate::kernel::Attack,
    reasons: &mut Vec<String>,
) {
    match defence.ability.as_str() {
        "bone_breaker" => makoto::held(ctx, run, defence, attack, reasons),
        "protect" => ran::held(ctx, run, defence, attack, reasons),
        "heal" => araide::held(ctx, defence, reasons),
        "first_aid" => haibara::held(ctx, run, defence, reasons),
        _ => {}
    }
}

/// A protector dies in his ward's place when a snipe meets his protection (§7 step 3).
fn dies_in_place(
    ctx: &mut Ctx,
    run: &mut Run,
    defence: &crate::kernel::Defence,
    reasons: &mut Vec<String>,
) {
    reasons.push(format!(
        "the snipe hits {}, who dies in {}'s place (§7)",
        ctx.name(defence.by),
        ctx.name(defence.target)
    ));
    super::deaths::die(ctx, run, defence.by, "bo_kill_protector");
}

/// What an action that passed its gate does, by its ability.
pub fn perform(ctx: &mut Ctx, run: &mut Run, act: &Act) {
    match act.ability.as_str() {
        "face_pinch" => nakamori::face_pinch(ctx, run, act),
        "discombobulate" => vodka::discombobulate(ctx, run, act),
        "house_search" => shiratori::house_search(ctx, run, act),
        "frighten" => irish::frighten(ctx, run, act),
        "frame" => anokata::frame(ctx, run, act),
        "confuse" => rum::confuse(ctx, run, act),
        "slander" => gin::slander(ctx, run, act),
        "erase_evidence" => gin::erase_evidence(ctx, run, act),
        "temporary_disguise" => vermouth::temporary_disguise(ctx, run, act),
        "suitcase" => items::suitcase(ctx, run, act),
        "bone_breaker" => makoto::bone_breaker(ctx, run, act),
        "protect" => ran::protect(ctx, run, act),
        "heal" => araide::heal(ctx, run, act),
        "first_aid" => haibara::first_aid(ctx, run, act),
        "investigate" => info::investigate(ctx, run, act),
        "interrogate" | "bowtie" => heiji::interrogate(ctx, run, act),
        "identify" => hakuba::identify(ctx, run, act),
        "stake_out" => jodie::stake_out(ctx, run, act),
        "track" | "glasses" => okiya::track(ctx, run, act),
        "db_stake_out" => boys::stake_out(ctx, run, act),
        "steal" => irish::steal(ctx, run, act),
        "gadget" => agasa::gadget(ctx, run, act),
        "release" => satou::release(ctx, run, act),
        "protection_charm" => kazuha::charm(ctx, run, act),
        "lawsuit" => eri::lawsuit(ctx, run, act),
        "suitcase_handout" => items::handout(ctx, run, act),
        // Records read where they matter (wills, hand-offs) and the lynch's modifiers, which
        // the lynch stage reads.
        _ => kernel::step::done(ctx, act, StepResult::Info, vec!["recorded".into()]),
    }
}

/// A protection placed for tonight's attacks (§6.1 N5): a kernel defence of the protection's
/// strength, against every kind; only the strongest one that works applies when an attack
/// comes (§7), and what its holding does is the role's (`defended`).
pub fn guard(ctx: &mut Ctx, run: &mut Run, act: &Act, strength: u8, target: usize) {
    run.defences.push(crate::kernel::Defence {
        target,
        by: act.actor,
        ability: act.ability.clone(),
        from: None,
        strength,
        injure: None,
    });
    phase::happened(ctx, run, act, false);
    let why = format!(
        "{} stands over {} ({})",
        ctx.name(act.actor),
        ctx.name(target),
        act.def().name
    );
    kernel::step::done(ctx, act, StepResult::Success, vec![why]);
}
