//! The one step recorder: what an act did, in the trace.

use super::act::Act;
use crate::engine::outcome::{Step, StepResult};
use crate::engine::resolve::Ctx;

/// Record an act's step: its targets as entered, the targets it really had, its result and
/// the reasons.
pub fn record(
    ctx: &mut Ctx,
    act: &Act,
    before: Vec<String>,
    after: Vec<String>,
    result: StepResult,
    reasons: Vec<String>,
) {
    ctx.step(Step {
        key: act.key(),
        stage: act.stage.clone(),
        actor: Some(act.actor),
        ability: Some(act.ability.clone()),
        targets_before: before,
        targets_after: after,
        result,
        reasons,
    });
}

/// Record an act's step whose targets did not change: named as the players are named now.
pub fn plain(ctx: &mut Ctx, act: &Act, result: StepResult, reasons: Vec<String>) {
    let names: Vec<String> = act.targets.iter().map(|t| ctx.name(*t)).collect();
    record(ctx, act, names.clone(), names, result, reasons);
}

/// Record an act's step with its targets as entered (players, roles, words alike), and spend a
/// use of its ability when it succeeded: for rule systems whose roles record their own steps.
pub fn done(ctx: &mut Ctx, act: &Act, result: StepResult, reasons: Vec<String>) {
    let ok = matches!(result, StepResult::Success);
    record(
        ctx,
        act,
        act.entered.clone(),
        act.entered.clone(),
        result,
        reasons,
    );
    if ok {
        ctx.spend_use(act.actor, &act.ability, &act.entered);
    }
}
