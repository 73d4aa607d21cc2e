//! Vodka (§12.1): Discombobulate, every night action of the target fails tonight, a leader's
//! kill orders included (§8.2).

use super::super::phase::{self, Run};
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::Ctx;
use crate::engine::system::Requirements;
use crate::kernel::{self, Act};

pub fn discombobulate(ctx: &mut Ctx, run: &mut Run, act: &Act) {
    let Some(&t) = act.targets.clone().first() else {
        return kernel::step::done(ctx, act, StepResult::Failed, vec!["no target".into()]);
    };
    run.ledger.discombobulated.insert(t);
    let phase_now = ctx.state.phase;
    ctx.set_status_until(
        t,
        super::super::DISCOMBOBULATED,
        Some(act.actor),
        Some(phase_now),
    );
    ctx.say(Audience::Slot(t), "pm_discombobulated", &[]);
    phase::happened(ctx, run, act, false);
    let why = format!(
        "{} is discombobulated: his night actions fail tonight (§3)",
        ctx.name(t)
    );
    kernel::step::done(ctx, act, StepResult::Success, vec![why]);
}

/// This file in the registry of Conan's roles (`roles::ROLES`).
pub struct Vodka;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: Requirements = Requirements {
    templates: &["pm_discombobulated"],
    abilities: &["discombobulate"],
    ..Requirements::NONE
};

impl super::Role for Vodka {
    fn requires(&self) -> Requirements {
        REQUIRES
    }
    fn abilities(&self) -> &'static [&'static str] {
        &["discombobulate"]
    }
    fn perform(&self, ctx: &mut Ctx, run: &mut super::super::phase::Run, act: &Act) {
        discombobulate(ctx, run, act)
    }
}
