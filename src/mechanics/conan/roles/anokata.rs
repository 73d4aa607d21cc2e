//! Anokata (§12.1), rank 1 and the default leader: Frame writes a framed crime row; Chameleon
//! makes his Suitcase fake real on a night he is the killer.

use super::super::phase::{self, Run};
use super::super::{book, crimes};
use crate::engine::SlotId;
use crate::engine::outcome::StepResult;
use crate::engine::resolve::Ctx;
use crate::engine::system::Requirements;
use crate::kernel::{self, Act};

pub fn frame(ctx: &mut Ctx, run: &mut Run, act: &Act) {
    let Some(&t) = act.targets.clone().first() else {
        return kernel::step::done(ctx, act, StepResult::Failed, vec!["no target".into()]);
    };
    let crime = act.params.get("crime").cloned().unwrap_or_default();
    let victim = act.params.get("victim").and_then(|n| ctx.slot_of(n));
    phase::happened(ctx, run, act, false);
    crimes::commit(ctx, &crime, t, victim, true);
    let why = format!(
        "{} is framed for {crime}: investigations read true and an arrest on it succeeds (§4.2)",
        ctx.name(t)
    );
    kernel::step::done(ctx, act, StepResult::Success, vec![why]);
}

/// Does Chameleon stand for Anokata tonight: he holds the Suitcase, is the night's killer, and
/// is not the only free member (§8.5)?
pub fn chameleon_on(ctx: &Ctx, killer: Option<SlotId>, holder: SlotId) -> bool {
    let anokata = ctx.state.slots[holder].own_roles().any(|r| r == "anokata");
    let free_members = book::bo_members(&ctx.state)
        .into_iter()
        .filter(|m| ctx.state.slots.get(*m).is_some_and(book::free))
        .count();
    anokata
        && killer == Some(holder)
        && free_members > 1
        && !ctx.state.slots[holder].has_status(super::super::INJURED)
}

/// Chameleon's trace at the kill: the fake he made tonight was real (see `items::suitcase`).
pub fn chameleon(ctx: &mut Ctx, run: &Run, killer: SlotId) {
    if run
        .ledger
        .chameleon_fake
        .as_ref()
        .is_some_and(|(by, _)| *by == killer)
    {
        ctx.note(
            "chameleon",
            "kill",
            format!(
                "{} kills with the Suitcase in hand: his fake tonight was real, and a crime (§8.5)",
                ctx.name(killer)
            ),
        );
    }
}

/// This file in the registry of Conan's roles (`roles::ROLES`).
pub struct Anokata;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: Requirements = Requirements {
    stages: &["kill"],
    roles: &["anokata"],
    abilities: &["chameleon", "frame"],
    ..Requirements::NONE
};

impl super::Role for Anokata {
    fn requires(&self) -> Requirements {
        REQUIRES
    }
    fn abilities(&self) -> &'static [&'static str] {
        &["frame"]
    }
    fn perform(&self, ctx: &mut Ctx, run: &mut super::super::phase::Run, act: &Act) {
        frame(ctx, run, act)
    }
}
