//! Araide Tomoaki (§12.2): Heal another player: he lives through a kill, and an injury is
//! cured (§7).

use super::super::phase::{Guard, Run};
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::Ctx;
use crate::kernel::{self, Act};

pub fn heal(ctx: &mut Ctx, run: &mut Run, act: &Act) {
    let Some(&t) = act.targets.clone().first() else {
        return kernel::step::done(ctx, act, StepResult::Failed, vec!["no target".into()]);
    };
    // A successful Heal ends an injury at once (§3).
    if ctx.has_status(t, super::super::INJURED) {
        crate::kernel::status::clear(ctx, t, super::super::INJURED);
        ctx.say(Audience::Slot(t), "pm_cured", &[]);
    }
    super::guard(ctx, run, act, Guard::Heal, t);
}
