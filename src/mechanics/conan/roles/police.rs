//! The police's Arrest (conan.md §4.3): Megure, Takagi, Satou and Shiratori, by night or day
//! (Q10), first in the phase and all at once: one arrest never cancels another. A charge the
//! crime log backs arrests the target, whose later actions fail; a false charge suspends the
//! officer for this phase and the next two, privately.

use super::super::crimes::{self, Charge};
use super::super::phase::{self, Run};
use crate::engine::SlotId;
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::Ctx;
use crate::kernel::{self, Act};

/// Every arrest of the stage, judged on the state before any of them.
pub fn stage(ctx: &mut Ctx, run: &mut Run, acts: &[Act]) {
    let mut arrested: Vec<(SlotId, SlotId)> = Vec::new();
    let mut suspended: Vec<SlotId> = Vec::new();
    for act in acts {
        if let Some((result, why)) = super::super::rules::gate(ctx, run, act) {
            phase::tell_failed(ctx, act);
            kernel::step::done(ctx, act, result, vec![why]);
            continue;
        }
        let Some(&t) = act.targets.clone().first() else {
            kernel::step::done(ctx, act, StepResult::Failed, vec!["no target".into()]);
            continue;
        };
        let crime = act.params.get("crime").cloned().unwrap_or_default();
        let when = act.params.get("phase").cloned().unwrap_or_default();
        let victim = act.params.get("victim").and_then(|n| ctx.slot_of(n));
        let Some(at) = ctx.roleset.phase_index(&when) else {
            kernel::step::done(
                ctx,
                act,
                StepResult::Failed,
                vec![format!("no phase `{when}`")],
            );
            continue;
        };
        let lenient = ctx.option("q13_killing_survived") == "lenient";
        let charge = crimes::judge(&ctx.state, lenient, t, &crime, at, victim);
        let on = victim
            .map(|v| format!(" on {}", ctx.name(v)))
            .unwrap_or_default();
        let what = format!(
            "{} charges {} with {crime}{on} in {when}",
            ctx.name(act.actor),
            ctx.name(t)
        );
        phase::happened(ctx, run, act, false);
        match charge {
            Charge::True => {
                arrested.push((t, act.actor));
                ctx.say(
                    Audience::Slot(act.actor),
                    "pm_arrest_done",
                    &[("player", ctx.name(t))],
                );
                let why = format!(
                    "{what}: the crime log backs it; {} is arrested (§4.3)",
                    ctx.name(t)
                );
                kernel::step::done(ctx, act, StepResult::Success, vec![why]);
            }
            Charge::Erased if ctx.option("q12_erased_arrest") == "fails_quietly" => {
                phase::tell_failed(ctx, act);
                let why = format!(
                    "{what}: the crime was erased; the arrest fails without a suspension (Q12)"
                );
                kernel::step::done(ctx, act, StepResult::Failed, vec![why]);
            }
            Charge::Erased | Charge::False => {
                suspended.push(act.actor);
                ctx.say(
                    Audience::Slot(act.actor),
                    "pm_arrest_false",
                    &[("player", ctx.name(t))],
                );
                let erased = if charge == Charge::Erased {
                    " (the crime was erased, Q12)"
                } else {
                    ""
                };
                let why = format!(
                    "{what}: no crime in the log matches{erased}; a false charge: {} is suspended for this phase and the next two (§4.3)",
                    ctx.name(act.actor)
                );
                kernel::step::done(ctx, act, StepResult::Failed, vec![why]);
            }
        }
    }
    let now = ctx.state.phase;
    for officer in suspended {
        ctx.set_status_until(officer, super::super::SUSPENDED, None, Some(now + 2));
        let until = ctx.roleset.phase_name(now + 2);
        ctx.say(
            Audience::Host,
            "host_suspended",
            &[("player", ctx.name(officer)), ("phase", until)],
        );
    }
    for (t, officer) in arrested {
        if ctx.has_status(t, super::super::ARRESTED) {
            continue;
        }
        ctx.set_status_until(t, super::super::ARRESTED, Some(officer), None);
        run.ledger.neutralise(t);
        run.ledger.arrested.push(t);
        ctx.say(Audience::Slot(t), "pm_arrested", &[]);
    }
}
