//! Jodie Starling (§12.2): Stake-out, who acted on a player tonight.

use super::super::info;
use super::super::phase::{self, Run};
use crate::engine::outcome::StepResult;
use crate::engine::resolve::Ctx;
use crate::engine::system::Requirements;
use crate::kernel::{self, Act};

pub fn stake_out(ctx: &mut Ctx, run: &mut Run, act: &Act) {
    let Some(&t) = act.targets.clone().first() else {
        return kernel::step::done(ctx, act, StepResult::Failed, vec!["no target".into()]);
    };
    phase::happened(ctx, run, act, false);
    let list = info::visitors(run, t, act.actor);
    info::tell_list(ctx, run, act, "pm_stake_out", t, "visitors", list);
}

/// This file in the registry of Conan's roles (`roles::ROLES`).
pub struct Jodie;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: Requirements = Requirements {
    templates: &["pm_stake_out"],
    abilities: &["stake_out"],
    ..Requirements::NONE
};

impl super::Role for Jodie {
    fn requires(&self) -> Requirements {
        REQUIRES
    }
    fn abilities(&self) -> &'static [&'static str] {
        &["stake_out"]
    }
    fn perform(&self, ctx: &mut Ctx, run: &mut super::super::phase::Run, act: &Act) {
        stake_out(ctx, run, act)
    }
}
