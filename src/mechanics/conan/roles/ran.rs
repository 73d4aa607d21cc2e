//! Mouri Ran (§12.2): Protect another player, never the same one twice in a row; against a
//! snipe she dies in his place (§7).

use super::super::book;
use super::super::phase::Run;
use crate::engine::Refusal;
use crate::engine::outcome::StepResult;
use crate::engine::resolve::Ctx;
use crate::engine::system::ActQuery;
use crate::engine::system::Requirements;
use crate::kernel::{self, Act, Attack, Defence};

/// Protect's place in the protection chain: below the Bone Breaker and the watch, above Heal;
/// it stops a snipe (§7 steps 3 and 4).
pub const STRENGTH: u8 = 3;

pub fn protect(ctx: &mut Ctx, run: &mut Run, act: &Act) {
    let Some(&t) = act.targets.clone().first() else {
        return kernel::step::done(ctx, act, StepResult::Failed, vec!["no target".into()]);
    };
    book::remember_target(&mut ctx.state, act.actor, book::LAST_PROTECTED, t);
    super::guard(ctx, run, act, STRENGTH, t);
}

/// Protect held against an attack that is no snipe: Ran protects her ward (§7).
pub fn held(ctx: &mut Ctx, defence: &Defence, reasons: &mut Vec<String>) {
    let (by, ward) = (ctx.name(defence.by), ctx.name(defence.target));
    reasons.push(format!("{by} protects {ward} (§7)"));
}

/// This file in the registry of Conan's roles (`roles::ROLES`).
pub struct Ran;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: Requirements = Requirements {
    stages: &["protect"],
    abilities: &["protect"],
    ..Requirements::NONE
};

impl super::Role for Ran {
    fn requires(&self) -> Requirements {
        REQUIRES
    }
    fn abilities(&self) -> &'static [&'static str] {
        &["protect"]
    }
    fn perform(&self, ctx: &mut Ctx, run: &mut super::super::phase::Run, act: &Act) {
        protect(ctx, run, act)
    }
    fn held(
        &self,
        ctx: &mut Ctx,
        _run: &mut Run,
        defence: &Defence,
        _attack: &Attack,
        reasons: &mut Vec<String>,
    ) {
        held(ctx, defence, reasons)
    }
    /// Never the same one twice in a row.
    fn refuse(&self, q: &ActQuery<'_>) -> Result<(), Refusal> {
        super::refuse_repeat(
            q,
            "protect",
            book::LAST_PROTECTED,
            "was protected last night",
        )
    }
}
