//! Suzuki Sonoko (§12.2): in Prep she picks a best friend; the two learn each other's roles.

use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::Ctx;
use crate::engine::system::Requirements;
use crate::kernel::{self, Act};

pub fn best_friend(ctx: &mut Ctx, act: &Act) {
    let Some(&t) = act.targets.clone().first() else {
        return kernel::step::done(ctx, act, StepResult::Failed, vec!["no target".into()]);
    };
    let me = act.actor;
    for (to, about) in [(me, t), (t, me)] {
        let role = super::super::deaths::role_name(ctx, about);
        ctx.say(
            Audience::Slot(to),
            "pm_best_friend",
            &[("player", ctx.name(about)), ("role", role)],
        );
    }
    let why = format!(
        "{} and {} learn each other's roles",
        ctx.name(me),
        ctx.name(t)
    );
    kernel::step::done(ctx, act, StepResult::Success, vec![why]);
}

/// This file in the registry of Conan's roles (`roles::ROLES`).
pub struct Sonoko;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: Requirements = Requirements {
    templates: &["pm_best_friend"],
    abilities: &["best_friend"],
    ..Requirements::NONE
};

impl super::Role for Sonoko {
    fn requires(&self) -> Requirements {
        REQUIRES
    }
    fn abilities(&self) -> &'static [&'static str] {
        &["best_friend"]
    }
    fn perform(&self, ctx: &mut Ctx, _run: &mut super::super::phase::Run, act: &Act) {
        best_friend(ctx, act)
    }
}
