//! Kyogoku Makoto (§12.2), a traveler: Bone Breaker protects a player and injures a stopped
//! attacker; against a snipe he dies instead (§7).

use super::super::phase::{Guard, Run};
use crate::engine::SlotId;
use crate::engine::outcome::StepResult;
use crate::engine::resolve::Ctx;
use crate::kernel::{self, Act};

pub fn bone_breaker(ctx: &mut Ctx, run: &mut Run, act: &Act) {
    let Some(&t) = act.targets.clone().first() else {
        return kernel::step::done(ctx, act, StepResult::Failed, vec!["no target".into()]);
    };
    super::guard(ctx, run, act, Guard::BoneBreaker, t);
}

/// The Bone Breaker stopped an attack: the attacker is injured (§7 step 4).
pub fn break_bones(ctx: &mut Ctx, attacker: SlotId, by: SlotId, reasons: &mut Vec<String>) {
    reasons.push(format!(
        "{} breaks the attacker's bones: the target lives and {} is injured (§7)",
        ctx.name(by),
        ctx.name(attacker)
    ));
    super::super::injure(ctx, attacker);
}
