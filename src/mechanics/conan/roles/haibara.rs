//! Haibara Ai (§12.2): First Aid, herself once a game: the target lives through a kill but is
//! injured and his own actions fail (§7). She may receive a confiscated APTX capsule (§4.3).

use super::super::phase::{self, Guard, Run};
use crate::engine::outcome::StepResult;
use crate::engine::resolve::{Action, Ctx};

pub fn first_aid(ctx: &mut Ctx, run: &mut Run, act: &Action) {
    let Some(&t) = phase::targets(ctx, act).first() else {
        return phase::step(ctx, act, StepResult::Failed, vec!["no target".into()]);
    };
    super::guard(ctx, run, act, Guard::FirstAid, t);
}
