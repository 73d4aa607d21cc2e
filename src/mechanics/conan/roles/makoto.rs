//! Kyogoku Makoto (§12.2), a traveler: Bone Breaker protects a player and injures a stopped
//! attacker; against a snipe he dies instead (§7).

use super::super::phase::Run;
use crate::engine::outcome::StepResult;
use crate::engine::resolve::Ctx;
use crate::engine::system::Requirements;
use crate::kernel::{self, Act, Attack, Defence};

/// The Bone Breaker's place in the protection chain: the highest (§7 step 4).
pub const STRENGTH: u8 = 4;

pub fn bone_breaker(ctx: &mut Ctx, run: &mut Run, act: &Act) {
    let Some(&t) = act.targets.clone().first() else {
        return kernel::step::done(ctx, act, StepResult::Failed, vec!["no target".into()]);
    };
    super::guard(ctx, run, act, STRENGTH, t);
}

/// The Bone Breaker held against an attack that is no snipe: the attacker's bones are broken
/// and he is injured (§7 step 4).
pub fn held(ctx: &mut Ctx, defence: &Defence, attack: &Attack, reasons: &mut Vec<String>) {
    reasons.push(format!(
        "{} breaks the attacker's bones: the target lives and {} is injured (§7)",
        ctx.name(defence.by),
        ctx.name(attack.attacker)
    ));
    super::super::injure(ctx, attack.attacker);
}

/// This file in the registry of Conan's roles (`roles::ROLES`).
pub struct Makoto;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: Requirements = Requirements {
    abilities: &["bone_breaker"],
    ..Requirements::NONE
};

impl super::Role for Makoto {
    fn requires(&self) -> Requirements {
        REQUIRES
    }
    fn abilities(&self) -> &'static [&'static str] {
        &["bone_breaker"]
    }
    fn perform(&self, ctx: &mut Ctx, run: &mut super::super::phase::Run, act: &Act) {
        bone_breaker(ctx, run, act)
    }
    fn held(
        &self,
        ctx: &mut Ctx,
        _run: &mut Run,
        defence: &Defence,
        attack: &Attack,
        reasons: &mut Vec<String>,
    ) {
        held(ctx, defence, attack, reasons)
    }
}
