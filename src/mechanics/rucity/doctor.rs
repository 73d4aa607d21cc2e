//! The doctor (§3.3, L4): heals one player, or two at once; never a double heal or a self-heal
//! on two nights in a row, never himself in a double heal (checked when entered). A healed
//! player who was due to die survives, whatever attacked him; the public reads hit or miss.

use super::night::{self, Gate, Move, NightRun};
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::Ctx;

/// Slot counters: the last night the doctor's double heal and self-heal went through.
pub const LAST_DOUBLE: &str = "doctor_double_night";
pub const LAST_SELF: &str = "doctor_self_night";

pub fn act(ctx: &mut Ctx, run: &mut NightRun, mv: &Move) {
    if let Gate::Stop(result, why) = night::gate(ctx, run, mv, true, false) {
        if result == StepResult::Cancelled {
            run.ledger.doctor_cancelled.insert(mv.actor);
        }
        return night::step(ctx, mv, result, vec![why]);
    }
    for t in &mv.targets {
        run.healed.insert(*t, mv.actor);
        run.ledger.covered.insert(*t);
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
    let names: Vec<String> = mv.targets.iter().map(|t| ctx.name(*t)).collect();
    night::step(
        ctx,
        mv,
        StepResult::Success,
        vec![format!("{} is healed tonight", names.join(" and "))],
    );
}

fn doctors(ctx: &Ctx, run: &NightRun) -> Vec<crate::engine::SlotId> {
    night::holders_at_start(run, &ctx.state, "doctor").collect()
}

/// The public line of the morning post: hit if the heal saved someone due to die (L4).
pub fn public_line(ctx: &Ctx, run: &NightRun) -> Option<&'static str> {
    let first = *doctors(ctx, run).first()?;
    Some(if run.saves.iter().any(|(d, _)| *d == first) {
        "pub_doctor_hit"
    } else {
        "pub_doctor_miss"
    })
}

/// Morning: the doctor learns whom he saved, or that his move failed when it was stopped.
pub fn tell(ctx: &mut Ctx, run: &NightRun) {
    for d in doctors(ctx, run) {
        let saved: Vec<String> = run
            .saves
            .iter()
            .filter(|(doc, _)| *doc == d)
            .map(|(_, p)| ctx.name(*p))
            .collect();
        if !saved.is_empty() {
            ctx.say(
                Audience::Slot(d),
                "pm_doctor_saved",
                &[("players", saved.join(", "))],
            );
        }
        if run.ledger.doctor_cancelled.contains(&d) {
            ctx.say(Audience::Slot(d), "pm_doctor_failed", &[]);
        }
    }
}
