//! The police's Arrest (conan.md §4.3): Megure, Takagi, Satou and Shiratori, by night or day
//! (Q10), first in the phase and all at once: one arrest never cancels another. A charge the
//! crime log backs arrests the target, whose later actions fail; a false charge suspends the
//! officer for this phase and the next two, privately.

use super::super::crimes::{self, Charge};
use super::super::phase::{self, Run};
use crate::engine::Refusal;
use crate::engine::SlotId;
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::Ctx;
use crate::engine::system::ActQuery;
use crate::engine::system::Requirements;
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

/// The police's file in the registry of Conan's roles: the arrest (resolved by its stage).
pub struct Police;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: Requirements = Requirements {
    templates: &[
        "host_suspended",
        "pm_arrest_done",
        "pm_arrest_false",
        "pm_arrested",
    ],
    stages: &["arrest"],
    options: &[
        "q10_day_arrests",
        "q11_charge",
        "q12_erased_arrest",
        "q13_killing_survived",
    ],
    abilities: &["arrest"],
    ..Requirements::NONE
};

impl super::Role for Police {
    fn requires(&self) -> Requirements {
        REQUIRES
    }
    fn abilities(&self) -> &'static [&'static str] {
        &["arrest"]
    }
    /// Arrests by day only where the game allows them (Q10).
    fn usable(
        &self,
        roleset: &crate::rules::Roleset,
        state: &crate::engine::GameState,
        _actor: SlotId,
        _ability: &str,
    ) -> Result<(), Refusal> {
        if state.phase_kind(roleset) == crate::rules::PhaseKind::Day
            && state.option(roleset, "q10_day_arrests") == "no"
        {
            return no(
                "arrest",
                "arrests are made at night only in this game (Q10)",
            );
        }
        Ok(())
    }
    /// A charge names an earlier phase, and the victim where the game asks for it (§4.3, Q11).
    fn refuse(&self, q: &ActQuery<'_>) -> Result<(), Refusal> {
        let state = q.state;
        let when = q.params.get("phase").map(String::as_str).unwrap_or("");
        let Some(at) = q.roleset.phase_index(when) else {
            return no(
                "arrest",
                format!("`{when}` names no phase (\"Night 1\", \"Day 2\")"),
            );
        };
        if at >= state.phase {
            return no(
                "arrest",
                format!("the charge's phase ({when}) must be earlier than this one (§4.3)"),
            );
        }
        if state.option(q.roleset, "q11_charge") == "victim_required"
            && !q.params.contains_key("victim")
        {
            return no("arrest", "this game's charges name the victim (Q11)");
        }
        Ok(())
    }
}

fn no(rule: &'static str, why: impl Into<String>) -> Result<(), Refusal> {
    Err(Refusal::new(rule, why))
}
