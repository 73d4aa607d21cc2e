//! Akai Shuuichi (§12.2), FBI: a standing Vengeance order, changed in any phase, once a game:
//! when Akai is killed, APTXed or lynched, its target is killed at once with a snipe's rules,
//! despite his death and while he is injured (§3 the one exception).

use super::super::kill::{self, Blow};
use super::super::phase::Run;
use crate::engine::SlotId;
use crate::engine::outcome::StepResult;
use crate::engine::resolve::{Ctx, live_acts};
use crate::kernel::{self, Act};

/// The standing order: its target, and whether it has fired (once a game).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Vengeance {
    pub target: Option<SlotId>,
    pub fired: bool,
}

/// The standing order, recorded whenever it is sent (any phase).
pub fn record(ctx: &mut Ctx) {
    let latest = live_acts(&ctx.state)
        .rev()
        .find(|a| a.ability == "vengeance")
        .and_then(|a| Some((a.actor, ctx.slot_of(a.targets.first()?)?)));
    if let Some((_, target)) = latest {
        ctx.state.kept.get_mut::<Vengeance>().target = Some(target);
    }
}

/// The order's step in the kill stage: it stands, it does nothing by itself.
pub fn stand(ctx: &mut Ctx, act: &Act) {
    let why = format!(
        "{}'s Vengeance now names {}: it fires when he dies (§12.2)",
        ctx.name(act.actor),
        act.entered.join(", ")
    );
    kernel::step::done(ctx, act, StepResult::Info, vec![why]);
}

/// A death: if it is Akai's and his Vengeance stands unused, its target is killed now with a
/// snipe's rules.
pub fn vengeance_fires(ctx: &mut Ctx, run: &mut Run, dead: SlotId) {
    let is_akai = ctx
        .state
        .slots
        .get(dead)
        .is_some_and(|s| s.own_roles().any(|r| r == "akai"));
    let order = ctx.state.kept.of::<Vengeance>().into_owned();
    if !is_akai || order.fired {
        return;
    }
    let Some(target) = order.target.filter(|t| ctx.is_alive(*t)) else {
        return;
    };
    ctx.state.kept.get_mut::<Vengeance>().fired = true;
    let mut reasons = vec![format!(
        "{} dies: his Vengeance fires at {} with a snipe's rules (§12.2)",
        ctx.name(dead),
        ctx.name(target)
    )];
    let blow = Blow {
        attacker: dead,
        target,
        cause: "vengeance",
        snipe: true,
        bribe: false,
        insult: false,
    };
    kill::strike(ctx, run, &blow, &mut reasons);
    let stage = super::super::deaths::stage_name(ctx, run);
    ctx.step(crate::engine::outcome::Step {
        key: format!("vengeance:{}", ctx.name(dead)),
        stage,
        actor: Some(dead),
        ability: Some("vengeance".into()),
        targets_before: vec![ctx.name(target)],
        targets_after: vec![ctx.name(target)],
        result: StepResult::Success,
        reasons,
    });
}
