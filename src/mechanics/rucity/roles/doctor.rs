//! The doctor (§3.3, L4): heals one player, or two at once; never a double heal or a self-heal
//! on two nights in a row, never himself in a double heal (checked when entered). A healed
//! player who was due to die survives, whatever attacked him; the public reads hit or miss.

use super::night::{self, CityNight, Gate};
use super::{Entry, Role, refusal};
use crate::engine::Refusal;
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::Ctx;
use crate::kernel;
use crate::kernel::Act;
use crate::kernel::Fold;

/// Slot counters: the last night the doctor's double heal and self-heal went through.
pub const LAST_DOUBLE: &str = "doctor_double_night";
pub const LAST_SELF: &str = "doctor_self_night";

pub struct Doctor;

/// The doctor's record of the night: the doctors whose heal failed, told so in the morning (L4).
#[derive(Clone, Default, Debug, PartialEq)]
struct Tonight {
    cancelled: std::collections::BTreeSet<crate::engine::SlotId>,
}

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    templates: &[
        "pm_doctor_failed",
        "pm_doctor_saved",
        "pub_doctor_hit",
        "pub_doctor_miss",
    ],
    options: &["doctor_repeat_rule"],
    ..crate::engine::system::Requirements::NONE
};

impl Role for Doctor {
    fn requires(&self) -> crate::engine::system::Requirements {
        REQUIRES
    }
    // A self-heal survives the attacked-survivor rule (L16).
    fn keeps_move_when_attacked(&self, _ctx: &Ctx, _run: &Fold<CityNight>, mv: &Act) -> bool {
        mv.ability == "doctor" && mv.targets == [mv.actor]
    }
    // The cultist's heal yields to his (L115.5).
    fn stage_ranks(&self) -> &'static [(&'static str, u8)] {
        &[("doctor", 0)]
    }
    fn id(&self) -> &'static str {
        "doctor"
    }
    fn night_move(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) -> bool {
        mv.ability == "doctor" && {
            act(ctx, run, mv);
            true
        }
    }
    fn refuse(&self, entry: &Entry) -> Result<(), Refusal> {
        if entry.ability == "doctor" {
            return limits(entry);
        }
        Ok(())
    }
    fn refuse_repeat(&self, entry: &Entry) -> Result<(), Refusal> {
        if entry.ability == "doctor" {
            return no_repeat(entry);
        }
        Ok(())
    }
    fn morning(&self, ctx: &mut Ctx, run: &Fold<CityNight>) {
        tell(ctx, run);
    }
    fn public_line(&self, ctx: &Ctx, run: &Fold<CityNight>) -> Option<&'static str> {
        public_line(ctx, run)
    }
    fn owes_a_move(&self) -> bool {
        true
    }
    fn history(&self) -> &'static [&'static str] {
        &["pm_doctor"]
    }
    fn inherited(&self) -> &'static [&'static str] {
        &[LAST_DOUBLE, LAST_SELF]
    }
}

/// Never himself in a double heal (L4); the repeats are `no_repeat`'s.
fn limits(entry: &Entry) -> Result<(), Refusal> {
    let double = entry.targets.len() > 1;
    if double && entry.targets.contains(&entry.actor) {
        return refusal(
            "doctor",
            "the doctor may not include themselves in a double heal (L4)",
        );
    }
    Ok(())
}

/// No double heal and no self-heal on two nights in a row (L4; Q3: by option only the
/// self-heal is limited).
fn no_repeat(entry: &Entry) -> Result<(), Refusal> {
    let me = entry.me();
    let night = entry.night();
    let double = entry.targets.len() > 1;
    let selfish = entry.targets.contains(&me.id);
    let last = |key: &str| me.counter(key) > 0 && me.counter(key) + 1 == night;
    if double
        && last(LAST_DOUBLE)
        && entry.state.option(entry.roleset, "doctor_repeat_rule") != "self_only"
    {
        return refusal("doctor", "no double heal on two nights in a row (L4, Q3)");
    }
    if selfish && last(LAST_SELF) {
        return refusal("doctor", "no self-heal on two nights in a row (L4, Q3)");
    }
    Ok(())
}

fn act(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    if let Gate::Stop(result, why) = night::gate(ctx, run, mv, true, false) {
        // Blocked, with the prostitute or on her client, or failed by the host's verdict: he is
        // told his move failed (L4).
        if matches!(result, StepResult::Cancelled | StepResult::Failed)
            || kernel::gate::stopped_by_host(ctx, mv)
        {
            run.ledger
                .roles
                .get_mut::<Tonight>()
                .cancelled
                .insert(mv.actor);
        }
        return night::step(ctx, mv, result, vec![why]);
    }
    let mut reasons = Vec::new();
    let mut healed = Vec::new();
    for t in &mv.targets {
        run.ledger.covered.insert(*t);
        if super::bodyguard::heal_stopped(run, *t) {
            reasons.push(format!(
                "a black bodyguard guards {}: the heal does not work tonight (L89, L4)",
                ctx.name(*t)
            ));
            continue;
        }
        run.heal(*t, mv.actor);
        healed.push(ctx.name(*t));
        for client in super::prostitute::clients_of(run, *t) {
            run.heal(client, mv.actor);
            healed.push(format!("{} (her client)", ctx.name(client)));
        }
    }
    let night = run.ledger.night;
    if let Some(s) = ctx.state.slots.get_mut(mv.actor) {
        if mv.targets.len() > 1 {
            s.counters.insert(LAST_DOUBLE.into(), night);
        }
        if mv.targets == [mv.actor] {
            s.counters.insert(LAST_SELF.into(), night);
        }
    }
    if !healed.is_empty() {
        let verb = if healed.len() == 1 { "is" } else { "are" };
        reasons.insert(0, format!("{} {verb} healed tonight", healed.join(" and ")));
    }
    night::step(ctx, mv, StepResult::Success, reasons);
}

fn doctors(ctx: &Ctx, run: &Fold<CityNight>) -> Vec<crate::engine::SlotId> {
    night::holders_at_start(run, &ctx.state, "doctor").collect()
}

/// The public line of the morning post: hit if the heal saved someone due to die (L4).
fn public_line(ctx: &Ctx, run: &Fold<CityNight>) -> Option<&'static str> {
    let first = night::owners_at_start(run, &ctx.state, "doctor").next()?;
    Some(if run.saves.iter().any(|(d, _)| *d == first) {
        "pub_doctor_hit"
    } else {
        "pub_doctor_miss"
    })
}

/// Morning: the doctor learns whom he saved, or that his move failed when it was stopped.
/// Did `who` make a move with `ability` tonight?
pub fn acted(run: &Fold<CityNight>, who: crate::engine::SlotId, ability: &str) -> bool {
    run.acts
        .iter()
        .any(|a| a.actor == who && a.ability == ability)
}

fn tell(ctx: &mut Ctx, run: &Fold<CityNight>) {
    for d in doctors(ctx, run) {
        let saved: Vec<String> = run
            .saves
            .iter()
            .filter(|(doc, _)| *doc == d)
            .map(|(_, p)| ctx.name(super::hypnotist::named_for_healer(ctx, run, d, *p)))
            .collect();
        if !saved.is_empty() {
            ctx.say(
                Audience::Slot(d),
                "pm_doctor_saved",
                &[("players", saved.join(", "))],
            );
        } else if super::super::borrowed::copied(&ctx.state.slots[d], "doctor")
            && acted(run, d, "doctor")
        {
            // A copy's miss is told by PM, the post's line being the owner's (L40).
            ctx.say(Audience::Slot(d), "pm_copied_miss", &[]);
        }
        if run
            .ledger
            .roles
            .read(|t: &Tonight| t.cancelled.contains(&d))
        {
            ctx.say(Audience::Slot(d), "pm_doctor_failed", &[]);
        }
    }
}
