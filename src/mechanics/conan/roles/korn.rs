//! Korn (§12.1): Heavy Handed, an injury attempt each night, killer or not (§7.6): Protect,
//! Bone Breaker and the watch stop it, Heal cures it. His kill may be a snipe.

use super::super::book;
use super::super::phase::{self, Guard, Run};
use crate::engine::outcome::StepResult;
use crate::engine::resolve::{Action, Ctx};

pub fn heavy_handed(ctx: &mut Ctx, run: &mut Run, act: &Action) {
    let stop = phase::stop(ctx, run, act).or_else(|| phase::searched_stop(ctx, run, act));
    if let Some((result, why)) = stop {
        phase::tell_failed(ctx, act);
        return phase::step(ctx, act, result, vec![why]);
    }
    let Some(&t) = phase::targets(ctx, act).first() else {
        return phase::step(ctx, act, StepResult::Failed, vec!["no target".into()]);
    };
    phase::happened(ctx, run, act, false);
    let guard = run
        .guards
        .iter()
        .filter(|(by, _, on)| *on == t && ctx.is_alive(*by))
        .map(|(_, g, _)| *g)
        .min();
    let watch = book::items(&ctx.state.slots[t], "watch") > 0;
    let why = match guard {
        Some(Guard::Protect | Guard::BoneBreaker) => {
            format!("{} is protected: the injury is stopped (§7.6)", ctx.name(t))
        }
        _ if watch => {
            book::give_item(&mut ctx.state, t, "watch", -1);
            format!(
                "{}'s watch stops the injury and is used up (§7.6)",
                ctx.name(t)
            )
        }
        Some(Guard::Heal) => format!(
            "{} is healed: the injury is cured at once (§7.6)",
            ctx.name(t)
        ),
        _ => {
            super::super::injure(ctx, t);
            format!("{} is injured (§7.6)", ctx.name(t))
        }
    };
    phase::step(ctx, act, StepResult::Success, vec![why]);
}
