//! Araide Tomoaki (§12.2): Heal another player: he lives through a kill, and an injury is
//! cured (§7).

use super::super::phase::{self, Guard, Run};
use crate::engine::outcome::StepResult;
use crate::engine::resolve::{Action, Ctx};

pub fn heal(ctx: &mut Ctx, run: &mut Run, act: &Action) {
    let Some(&t) = phase::targets(ctx, act).first() else {
        return phase::step(ctx, act, StepResult::Failed, vec!["no target".into()]);
    };
    super::guard(ctx, run, act, Guard::Heal, t);
}
