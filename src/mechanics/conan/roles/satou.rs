//! Satou Miwako (§12.2), police: arrests, and once a game releases an arrested player from the
//! next phase (§4.3); she may receive a confiscated APTX capsule.

use super::super::phase::{self, Run};
use crate::engine::Refusal;
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::Ctx;
use crate::engine::system::ActQuery;
use crate::engine::system::Requirements;
use crate::kernel::{self, Act};

pub fn release(ctx: &mut Ctx, run: &mut Run, act: &Act) {
    free(ctx, run, act, "Release");
}

/// A Release or a Lawsuit: the arrested target is free from the next phase on.
pub fn free(ctx: &mut Ctx, run: &mut Run, act: &Act, what: &str) {
    let Some(&t) = act.targets.clone().first() else {
        return kernel::step::done(ctx, act, StepResult::Failed, vec!["no target".into()]);
    };
    if !ctx.has_status(t, super::super::ARRESTED) {
        let why = format!(
            "{} is not arrested: the {what} has nothing to do (§4.3)",
            ctx.name(t)
        );
        return kernel::step::done(ctx, act, StepResult::Failed, vec![why]);
    }
    // The arrest ends once this phase is committed: he is free from the next one.
    let info = ctx.state.slots[t]
        .statuses
        .get(super::super::ARRESTED)
        .cloned();
    let phase_now = ctx.state.phase;
    ctx.set_status_until(
        t,
        super::super::ARRESTED,
        info.and_then(|i| i.link),
        Some(phase_now),
    );
    ctx.say(Audience::Slot(t), "pm_released", &[]);
    ctx.say(Audience::Public, "pub_released", &[("player", ctx.name(t))]);
    phase::happened(ctx, run, act, false);
    let why = format!("{what}: {} is free from the next phase (§4.3)", ctx.name(t));
    kernel::step::done(ctx, act, StepResult::Success, vec![why]);
}

/// This file in the registry of Conan's roles (`roles::ROLES`).
pub struct Satou;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: Requirements = Requirements {
    templates: &["pm_released", "pub_released"],
    abilities: &["release"],
    ..Requirements::NONE
};

impl super::Role for Satou {
    fn requires(&self) -> Requirements {
        REQUIRES
    }
    fn abilities(&self) -> &'static [&'static str] {
        &["release"]
    }
    fn perform(&self, ctx: &mut Ctx, run: &mut super::super::phase::Run, act: &Act) {
        release(ctx, run, act)
    }
    /// Only an arrested player is released (§4.3).
    fn refuse(&self, q: &ActQuery<'_>) -> Result<(), Refusal> {
        refuse_unless_arrested(q)
    }
}

/// A release (Satou's, or Eri's Lawsuit) reaches only an arrested player (§4.3).
pub fn refuse_unless_arrested(q: &ActQuery<'_>) -> Result<(), Refusal> {
    match q.targets.first().and_then(|n| q.state.slot_by_name(n)) {
        Some(t) if !t.has_status(super::super::ARRESTED) => Err(Refusal::new(
            "release",
            format!("{} is not arrested (§4.3)", t.name),
        )),
        _ => Ok(()),
    }
}
