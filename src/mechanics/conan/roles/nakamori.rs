//! Nakamori Ginzo (§12.2), the Kid taskforce: Face Pinch; a disguise found ends at once and he
//! learns the true role, otherwise "no disguise" (§5).

use super::super::phase::{self, Run};
use super::vermouth::Disguises;
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::Ctx;
use crate::engine::system::Requirements;
use crate::kernel::{self, Act};

pub fn face_pinch(ctx: &mut Ctx, run: &mut Run, act: &Act) {
    let Some(&t) = act.targets.clone().first() else {
        return kernel::step::done(ctx, act, StepResult::Failed, vec!["no target".into()]);
    };
    phase::happened(ctx, run, act, false);
    let disguises = ctx.state.kept.of::<Disguises>();
    let prep = disguises.prep.get(&t).cloned();
    let temp = disguises.temporary.contains_key(&t);
    let name = ctx.name(t);
    if prep.is_none() && !temp {
        ctx.say(
            Audience::Slot(act.actor),
            "pm_face_pinch_none",
            &[("player", name.clone())],
        );
        let why = format!("{name} wears no disguise (§5)");
        return kernel::step::done(ctx, act, StepResult::Success, vec![why]);
    }
    if let Some(role) = prep {
        ctx.state.kept.get_mut::<Disguises>().prep.remove(&t);
        if let Some(s) = ctx.state.slots.get_mut(t) {
            s.borrowed.retain(|b| b.role != role);
        }
    }
    ctx.state.kept.get_mut::<Disguises>().temporary.remove(&t);
    crate::kernel::status::clear(ctx, t, super::super::DISGUISED);
    let role = super::super::deaths::role_name(ctx, t);
    ctx.say(
        Audience::Slot(act.actor),
        "pm_face_pinch_found",
        &[("player", name.clone()), ("role", role.clone())],
    );
    ctx.say(Audience::Slot(t), "pm_disguise_lost", &[]);
    let why = format!("{name}'s disguise is pinched off: the true role is {role} (§5)");
    kernel::step::done(ctx, act, StepResult::Success, vec![why]);
}

/// This file in the registry of Conan's roles (`roles::ROLES`).
pub struct Nakamori;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: Requirements = Requirements {
    templates: &[
        "pm_disguise_lost",
        "pm_face_pinch_found",
        "pm_face_pinch_none",
    ],
    stages: &["face_pinch"],
    abilities: &["face_pinch"],
    ..Requirements::NONE
};

impl super::Role for Nakamori {
    fn requires(&self) -> Requirements {
        REQUIRES
    }
    fn abilities(&self) -> &'static [&'static str] {
        &["face_pinch"]
    }
    fn perform(&self, ctx: &mut Ctx, run: &mut super::super::phase::Run, act: &Act) {
        face_pinch(ctx, run, act)
    }
}
