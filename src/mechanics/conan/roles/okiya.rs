//! Okiya Subaru (§12.2): Track, whom a player acted on tonight; also the glasses' one use
//! (§12.3).

use super::super::phase::{self, Run};
use super::super::{book, info};
use crate::engine::outcome::StepResult;
use crate::engine::resolve::Ctx;
use crate::engine::system::Requirements;
use crate::kernel::{self, Act};

pub fn track(ctx: &mut Ctx, run: &mut Run, act: &Act) {
    let Some(&t) = act.targets.clone().first() else {
        return kernel::step::done(ctx, act, StepResult::Failed, vec!["no target".into()]);
    };
    if act.ability == "glasses" {
        book::give_item(&mut ctx.state, act.actor, "glasses", -1);
    }
    phase::happened(ctx, run, act, false);
    let list = info::visited(run, t);
    info::tell_list(ctx, run, act, "pm_track", t, "targets", list);
}

/// This file in the registry of Conan's roles (`roles::ROLES`).
pub struct Okiya;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: Requirements = Requirements {
    templates: &["pm_track"],
    roles: &["glasses"],
    abilities: &["glasses", "track"],
    ..Requirements::NONE
};

impl super::Role for Okiya {
    fn requires(&self) -> Requirements {
        REQUIRES
    }
    fn abilities(&self) -> &'static [&'static str] {
        &["track", "glasses"]
    }
    fn perform(&self, ctx: &mut Ctx, run: &mut super::super::phase::Run, act: &Act) {
        track(ctx, run, act)
    }
}
