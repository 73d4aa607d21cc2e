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
use crate::engine::outcome::StepResult;
use crate::engine::resolve::Ctx;
use crate::engine::system::ActQuery;
use crate::engine::{GameState, Refusal, SlotId};
use crate::kernel::{self, Act, Attack, Defence};
use crate::rules::Roleset;
use std::collections::HashMap;
use std::sync::LazyLock;

/// One Conan role's file (or an item's, or a shared ability's): the abilities it answers for,
/// what each does once it passed the gate, what its protection does when it holds, and the
/// entries it refuses. The registry is [`ROLES`]; each ability has one file.
pub trait Role: Sync {
    /// The abilities whose actions this file resolves and refuses.
    fn abilities(&self) -> &'static [&'static str];

    /// The roleset ids this file names (its templates, options, stages): the system's
    /// requirements gather them with the shared ones (`requires::all`).
    fn requires(&self) -> crate::engine::system::Requirements {
        crate::engine::system::Requirements::NONE
    }

    /// An action of one of its abilities that passed its gate.
    fn perform(&self, ctx: &mut Ctx, run: &mut Run, act: &Act) {
        let _ = run;
        recorded(ctx, act);
    }

    /// Its protection held against an attack (§7).
    fn held(
        &self,
        _ctx: &mut Ctx,
        _run: &mut Run,
        _defence: &Defence,
        _attack: &Attack,
        _reasons: &mut Vec<String>,
    ) {
    }

    /// Refuse the ability whatever its targets (the actor's standing, a limit of uses).
    fn usable(
        &self,
        _roleset: &Roleset,
        _state: &GameState,
        _actor: SlotId,
        _ability: &str,
    ) -> Result<(), Refusal> {
        Ok(())
    }

    /// Refuse an entry of the ability with its targets and parameters.
    fn refuse(&self, _q: &ActQuery<'_>) -> Result<(), Refusal> {
        Ok(())
    }
}

/// Every Conan file that answers for abilities, one line each.
pub static ROLES: &[&dyn Role] = &[
    &agasa::Agasa,
    &araide::Araide,
    &boys::Boys,
    &eri::Eri,
    &gin::Gin,
    &haibara::Haibara,
    &hakuba::Hakuba,
    &heiji::Heiji,
    &irish::Irish,
    &jodie::Jodie,
    &kazuha::Kazuha,
    &makoto::Makoto,
    &nakamori::Nakamori,
    &okiya::Okiya,
    &police::Police,
    &ran::Ran,
    &rum::Rum,
    &satou::Satou,
    &shiratori::Shiratori,
    &sonoko::Sonoko,
    &anokata::Anokata,
    &vermouth::Vermouth,
    &vodka::Vodka,
    &yumi::Yumi,
    &super::items::BlackSuitcase,
    &super::info::Investigation,
    &super::kill::BoKill,
    &super::day::Aptx,
];

/// The file answering for an ability, if one does.
pub fn of_ability(ability: &str) -> Option<&'static dyn Role> {
    static BY_ABILITY: LazyLock<HashMap<&'static str, &'static dyn Role>> = LazyLock::new(|| {
        ROLES
            .iter()
            .flat_map(|role| role.abilities().iter().map(move |a| (*a, *role)))
            .collect()
    });
    BY_ABILITY.get(ability).copied()
}

/// Refuse a target the actor's ability took the night before (`key`: the slot counter that
/// remembers it): never the same one twice in a row.
fn refuse_repeat(
    q: &ActQuery<'_>,
    rule: &'static str,
    key: &str,
    what: &str,
) -> Result<(), Refusal> {
    let target = q.targets.first().and_then(|n| q.state.slot_by_name(n));
    match target {
        Some(t) if super::book::same_as_last_night(q.state, &q.state.slots[q.actor], key, t.id) => {
            Err(Refusal::new(
                rule,
                format!("{} {what}: never the same one twice in a row", t.name),
            ))
        }
        _ => Ok(()),
    }
}

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
    // Only a protection that stops a snipe meets one (the Bone Breaker, Protect): its
    // protector dies in his ward's place, whatever the protection (§7 step 3).
    if attack.strength >= super::kill::SNIPE {
        return dies_in_place(ctx, run, defence, reasons);
    }
    if let Some(role) = of_ability(&defence.ability) {
        role.held(ctx, run, defence, attack, reasons);
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

/// What an action that passed its gate does: its role file's, or a record (a will, a hand-off,
/// the lynch's modifiers, which the lynch stage reads).
pub fn perform(ctx: &mut Ctx, run: &mut Run, act: &Act) {
    match of_ability(&act.ability) {
        Some(role) => role.perform(ctx, run, act),
        None => recorded(ctx, act),
    }
}

/// An action that is a record: read where it matters.
pub fn recorded(ctx: &mut Ctx, act: &Act) {
    kernel::step::done(ctx, act, StepResult::Info, vec!["recorded".into()]);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::system::RuleSystem;

    #[test]
    fn each_ability_has_one_file_and_is_the_rolesets() {
        let (_, text) = crate::mechanics::conan::SYSTEM
            .bundled_roleset()
            .expect("Conan ships its roleset");
        let roleset: crate::rules::Roleset = ron::from_str(text).expect("the roleset reads");
        let mut seen = std::collections::BTreeSet::new();
        for role in ROLES {
            for ability in role.abilities() {
                assert!(seen.insert(*ability), "`{ability}` has two files");
                assert!(
                    roleset.ability(ability).is_some(),
                    "`{ability}` is no ability of the roleset"
                );
                assert!(of_ability(ability).is_some());
            }
        }
        assert!(of_ability("will").is_none(), "a will is a record");
    }
}
