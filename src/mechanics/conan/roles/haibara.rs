//! Haibara Ai (§12.2): First Aid, herself once a game: the target lives through a kill but is
//! injured and his own actions fail (§7). She may receive a confiscated APTX capsule (§4.3).

use super::super::phase::{Guard, Run};
use crate::engine::outcome::StepResult;
use crate::engine::resolve::Ctx;
use crate::kernel::{self, Act};

pub fn first_aid(ctx: &mut Ctx, run: &mut Run, act: &Act) {
    let Some(&t) = act.targets.clone().first() else {
        return kernel::step::done(ctx, act, StepResult::Failed, vec!["no target".into()]);
    };
    super::guard(ctx, run, act, Guard::FirstAid, t);
}
