//! Shiratori Ninzaburo (§12.2), police: House Search, every crime the owner commits tonight
//! fails, and Shiratori learns which, or that the house was clean (§6.1).

use super::super::phase::{self, Run};
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::Ctx;
use crate::engine::system::Requirements;
use crate::kernel::{self, Act};

pub fn house_search(ctx: &mut Ctx, run: &mut Run, act: &Act) {
    let Some(&t) = act.targets.clone().first() else {
        return kernel::step::done(ctx, act, StepResult::Failed, vec!["no target".into()]);
    };
    run.ledger.searched.insert(t, act.actor);
    let phase_now = ctx.state.phase;
    ctx.set_status_until(
        t,
        super::super::HOUSE_SEARCHED,
        Some(act.actor),
        Some(phase_now),
    );
    phase::happened(ctx, run, act, false);
    let why = format!(
        "{}'s house is searched: his crimes tonight fail (§6.1)",
        ctx.name(t)
    );
    kernel::step::done(ctx, act, StepResult::Success, vec![why]);
}

/// The night's end: each searcher learns the crimes his search stopped, or a clean house.
pub fn report(ctx: &mut Ctx, run: &Run) {
    for (&owner, &by) in &run.ledger.searched {
        let stopped = run
            .ledger
            .stopped_crimes
            .get(&owner)
            .cloned()
            .unwrap_or_default();
        if stopped.is_empty() {
            ctx.say(
                Audience::Slot(by),
                "pm_house_clean",
                &[("player", ctx.name(owner))],
            );
        } else {
            ctx.say(
                Audience::Slot(by),
                "pm_house_search",
                &[("player", ctx.name(owner)), ("crimes", stopped.join(", "))],
            );
        }
    }
}

/// This file in the registry of Conan's roles (`roles::ROLES`).
pub struct Shiratori;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: Requirements = Requirements {
    templates: &["pm_house_clean", "pm_house_search"],
    abilities: &["house_search"],
    ..Requirements::NONE
};

impl super::Role for Shiratori {
    fn requires(&self) -> Requirements {
        REQUIRES
    }
    fn abilities(&self) -> &'static [&'static str] {
        &["house_search"]
    }
    fn perform(&self, ctx: &mut Ctx, run: &mut super::super::phase::Run, act: &Act) {
        house_search(ctx, run, act)
    }
}
