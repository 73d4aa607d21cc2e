//! Rum (§12.1): Confuse, the target's own information results tonight are negated; his own
//! kill may be bribed once a game (the `bribe` modifier of the BO kill).

use super::super::phase::{self, Run};
use crate::engine::outcome::StepResult;
use crate::engine::resolve::Ctx;
use crate::engine::system::Requirements;
use crate::kernel::{self, Act};

pub fn confuse(ctx: &mut Ctx, run: &mut Run, act: &Act) {
    let Some(&t) = act.targets.clone().first() else {
        return kernel::step::done(ctx, act, StepResult::Failed, vec!["no target".into()]);
    };
    run.ledger.confused.insert(t);
    let phase_now = ctx.state.phase;
    ctx.set_status_until(t, super::super::CONFUSED, Some(act.actor), Some(phase_now));
    phase::happened(ctx, run, act, false);
    let why = format!("{}'s information tonight is negated (§5)", ctx.name(t));
    kernel::step::done(ctx, act, StepResult::Success, vec![why]);
}

/// This file in the registry of Conan's roles (`roles::ROLES`).
pub struct Rum;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: Requirements = Requirements {
    abilities: &["confuse"],
    ..Requirements::NONE
};

impl super::Role for Rum {
    fn requires(&self) -> Requirements {
        REQUIRES
    }
    fn abilities(&self) -> &'static [&'static str] {
        &["confuse"]
    }
    fn perform(&self, ctx: &mut Ctx, run: &mut super::super::phase::Run, act: &Act) {
        confuse(ctx, run, act)
    }
}
