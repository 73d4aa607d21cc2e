//! Mouri Ran (§12.2): Protect another player, never the same one twice in a row; against a
//! snipe she dies in his place (§7).

use super::super::book;
use super::super::phase::{self, Guard, Run};
use crate::engine::outcome::StepResult;
use crate::engine::resolve::{Action, Ctx};

pub fn protect(ctx: &mut Ctx, run: &mut Run, act: &Action) {
    let Some(&t) = phase::targets(ctx, act).first() else {
        return phase::step(ctx, act, StepResult::Failed, vec!["no target".into()]);
    };
    book::remember_target(&mut ctx.state, act.actor, book::LAST_PROTECTED, t);
    super::guard(ctx, run, act, Guard::Protect, t);
}
