//! Araide Tomoaki (§12.2): Heal another player: he lives through a kill, and an injury is
//! cured (§7).

use super::super::phase::Run;
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::Ctx;
use crate::engine::system::Requirements;
use crate::kernel::{self, Act, Attack, Defence};

/// Heal's place in the protection chain: below Protect, above First Aid; a snipe passes it
/// (§7 steps 3 and 4).
pub const STRENGTH: u8 = 2;

pub fn heal(ctx: &mut Ctx, run: &mut Run, act: &Act) {
    let Some(&t) = act.targets.clone().first() else {
        return kernel::step::done(ctx, act, StepResult::Failed, vec!["no target".into()]);
    };
    // A successful Heal ends an injury at once (§3).
    if ctx.has_status(t, super::super::INJURED) {
        crate::kernel::status::clear(ctx, t, super::super::INJURED);
        ctx.say(Audience::Slot(t), "pm_cured", &[]);
    }
    super::guard(ctx, run, act, STRENGTH, t);
}

/// Heal held: the target lives, and an injury he had is cured (§7).
pub fn held(ctx: &mut Ctx, defence: &Defence, reasons: &mut Vec<String>) {
    let (by, ward) = (ctx.name(defence.by), ctx.name(defence.target));
    reasons.push(format!("{by} heals {ward} (§7)"));
    if ctx.has_status(defence.target, super::super::INJURED) {
        crate::kernel::status::clear(ctx, defence.target, super::super::INJURED);
    }
}

/// This file in the registry of Conan's roles (`roles::ROLES`).
pub struct Araide;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: Requirements = Requirements {
    templates: &["pm_cured"],
    abilities: &["heal"],
    ..Requirements::NONE
};

impl super::Role for Araide {
    fn requires(&self) -> Requirements {
        REQUIRES
    }
    fn abilities(&self) -> &'static [&'static str] {
        &["heal"]
    }
    fn perform(&self, ctx: &mut Ctx, run: &mut super::super::phase::Run, act: &Act) {
        heal(ctx, run, act)
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
}
