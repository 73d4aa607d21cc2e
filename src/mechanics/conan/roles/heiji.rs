//! Hattori Heiji (§12.2): Interrogate, also the bowtie's one use (§12.3).

use super::super::phase::{self, Run};
use super::super::{book, info};
use crate::engine::outcome::StepResult;
use crate::engine::resolve::Ctx;
use crate::engine::system::Requirements;
use crate::kernel::{self, Act};

/// Is the player in the BO? Slander on him flips the answer (§5).
pub fn interrogate(ctx: &mut Ctx, run: &mut Run, act: &Act) {
    let Some(&t) = act.targets.clone().first() else {
        return kernel::step::done(ctx, act, StepResult::Failed, vec!["no target".into()]);
    };
    let bo = book::is_bo(&ctx.state.slots[t]);
    let slandered = run.ledger.slandered.contains(&t);
    let mut reasons = vec![format!(
        "{} is {}in the BO",
        ctx.name(t),
        if bo { "" } else { "not " }
    )];
    if slandered {
        reasons.push(format!(
            "{} is slandered: the answer flips (§5)",
            ctx.name(t)
        ));
    }
    if act.ability == "bowtie" {
        book::give_item(&mut ctx.state, act.actor, "bowtie", -1);
    }
    phase::happened(ctx, run, act, false);
    let args = [("player", ctx.name(t))];
    info::tell_yes_no(
        ctx,
        run,
        act,
        bo != slandered,
        ("pm_interrogate_bo", "pm_interrogate_not"),
        &args,
        reasons,
    );
}

/// This file in the registry of Conan's roles (`roles::ROLES`).
pub struct Heiji;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: Requirements = Requirements {
    templates: &["pm_interrogate_bo", "pm_interrogate_not"],
    roles: &["bowtie"],
    abilities: &["bowtie", "interrogate"],
    ..Requirements::NONE
};

impl super::Role for Heiji {
    fn requires(&self) -> Requirements {
        REQUIRES
    }
    fn abilities(&self) -> &'static [&'static str] {
        &["interrogate", "bowtie"]
    }
    fn perform(&self, ctx: &mut Ctx, run: &mut super::super::phase::Run, act: &Act) {
        interrogate(ctx, run, act)
    }
}
