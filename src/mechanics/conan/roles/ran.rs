//! Mouri Ran (§12.2): Protect another player, never the same one twice in a row; against a
//! snipe she dies in his place (§7).

use super::super::book;
use super::super::phase::{Guard, Run};
use crate::engine::outcome::StepResult;
use crate::engine::resolve::Ctx;
use crate::kernel::{self, Act};

pub fn protect(ctx: &mut Ctx, run: &mut Run, act: &Act) {
    let Some(&t) = act.targets.clone().first() else {
        return kernel::step::done(ctx, act, StepResult::Failed, vec!["no target".into()]);
    };
    book::remember_target(&mut ctx.state, act.actor, book::LAST_PROTECTED, t);
    super::guard(ctx, run, act, Guard::Protect, t);
}
