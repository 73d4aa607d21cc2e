//! Hakuba Saguru (§12.2), a traveler: Identify (his investigation is the shared one, his return
//! the travelers' Prep choice).

use super::super::phase::{self, Run};
use super::super::{book, info};
use crate::engine::outcome::StepResult;
use crate::engine::resolve::Ctx;
use crate::engine::system::Requirements;
use crate::kernel::{self, Act};

/// Is the player this role? A disguise reads as the disguise (§5).
pub fn identify(ctx: &mut Ctx, run: &mut Run, act: &Act) {
    let Some(&t) = act.targets.clone().first() else {
        return kernel::step::done(ctx, act, StepResult::Failed, vec!["no target".into()]);
    };
    let asked = act.params.get("role").cloned().unwrap_or_default();
    let shown = book::shown_role(&ctx.state, &ctx.state.slots[t]);
    let truth = shown == asked;
    let role_name = ctx
        .roleset
        .role(&asked)
        .map(|r| r.name.clone())
        .unwrap_or(asked.clone());
    let reasons = vec![format!(
        "{} reads as `{shown}` (§5: a disguise reads as the disguise)",
        ctx.name(t)
    )];
    phase::happened(ctx, run, act, false);
    let args = [("player", ctx.name(t)), ("role", role_name)];
    info::tell_yes_no(
        ctx,
        run,
        act,
        truth,
        ("pm_identify_yes", "pm_identify_no"),
        &args,
        reasons,
    );
}

/// This file in the registry of Conan's roles (`roles::ROLES`).
pub struct Hakuba;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: Requirements = Requirements {
    templates: &["pm_identify_no", "pm_identify_yes"],
    abilities: &["identify"],
    ..Requirements::NONE
};

impl super::Role for Hakuba {
    fn requires(&self) -> Requirements {
        REQUIRES
    }
    fn abilities(&self) -> &'static [&'static str] {
        &["identify"]
    }
    fn perform(&self, ctx: &mut Ctx, run: &mut super::super::phase::Run, act: &Act) {
        identify(ctx, run, act)
    }
}
