//! Korn (§12.1): Heavy Handed, an injury attempt each night, killer or not (§7.6): Protect,
//! Bone Breaker and the watch stop it, Heal cures it. His kill may be a snipe.

use super::super::book;
use super::super::phase::{self, Run};
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::Ctx;
use crate::kernel::{self, Act};

pub fn heavy_handed(ctx: &mut Ctx, run: &mut Run, act: &Act) {
    let stop = super::super::rules::gate(ctx, run, act);
    if let Some((result, why)) = stop {
        phase::tell_failed(ctx, act);
        return kernel::step::done(ctx, act, result, vec![why]);
    }
    let Some(&t) = act.targets.clone().first() else {
        return kernel::step::done(ctx, act, StepResult::Failed, vec!["no target".into()]);
    };
    phase::happened(ctx, run, act, false);
    // Protect and the Bone Breaker stop it, then the watch, then Heal cures it (§7.6); a dead
    // protector's defence is gone already.
    let guards: Vec<&str> = run
        .defences
        .iter()
        .filter(|d| d.target == t)
        .map(|d| d.ability.as_str())
        .collect();
    let shields = |abilities: &[&str]| guards.iter().any(|g| abilities.contains(g));
    let watch = book::items(&ctx.state.slots[t], "watch") > 0;
    let stopped = if shields(&["protect", "bone_breaker"]) {
        Some(format!(
            "{} is protected: the injury is stopped (§7.6)",
            ctx.name(t)
        ))
    } else if watch {
        book::give_item(&mut ctx.state, t, "watch", -1);
        ctx.say(Audience::Slot(t), "pm_watch_used", &[]);
        Some(format!(
            "{}'s watch stops the injury and is used up (§7.6)",
            ctx.name(t)
        ))
    } else if shields(&["heal"]) {
        Some(format!(
            "{} is healed: the injury is cured at once (§7.6)",
            ctx.name(t)
        ))
    } else {
        None
    };
    let (template, result, why) = match stopped {
        Some(why) => ("pm_heavy_failed", StepResult::Failed, why),
        None => {
            super::super::injure(ctx, t);
            let why = format!("{} is injured (§7.6)", ctx.name(t));
            ("pm_heavy_done", StepResult::Success, why)
        }
    };
    ctx.say(
        Audience::Slot(act.actor),
        template,
        &[("player", ctx.name(t))],
    );
    kernel::step::done(ctx, act, result, vec![why]);
}
