//! The one gate every act passes before its effect: the host's verdicts, a dead actor, a role
//! taken from him, the rule system's own stops, and blocks.

use super::Rules;
use super::act::Act;
use super::fold::{Block, Fold};
use crate::engine::SlotId;
use crate::engine::outcome::{StepResult, Verdict};
use crate::engine::resolve::Ctx;
use crate::engine::validate::holds_ability;

/// Whether an act goes on to its effect.
#[derive(Debug, PartialEq)]
pub enum Gate {
    /// It goes on; `forced` when the host's verdict makes it succeed whatever stands in its way.
    Go { forced: bool },
    /// It stops here, with the step's result and the reason.
    Stop(StepResult, String),
}

/// What kind of act is passing.
#[derive(Clone, Copy, Debug)]
pub struct Passing {
    /// A block can stop it (a suicide, say, is not stopped by one).
    pub blockable: bool,
    /// A negative or killing act: a block that spares those lets it through.
    pub negative: bool,
}

impl Passing {
    pub const ANY: Passing = Passing {
        blockable: true,
        negative: false,
    };
}

pub fn gate<R: Rules>(
    ctx: &mut Ctx,
    run: &mut Fold<R::Ledger>,
    rules: &mut R,
    act: &Act,
    passing: Passing,
) -> Gate {
    if let Some((result, why)) = ctx.verdict_stop(&act.key()) {
        return Gate::Stop(result, why);
    }
    if matches!(ctx.verdict(&act.key()), Some((Verdict::Succeed, _))) {
        return Gate::Go { forced: true };
    }
    if let Some((result, why)) = rules.actor_gone(ctx, run, act) {
        return Gate::Stop(result, why);
    }
    if let Some(stop) = rules.stop_before(ctx, run, act) {
        return Gate::Stop(stop.0, stop.1);
    }
    if passing.blockable
        && let Some(block) = blocking(run, act, passing.negative).cloned()
    {
        rules.blocked(ctx, run, act, &block);
        let name = ctx.name(act.actor);
        let by = ctx.name(block.by);
        let why = match &block.how {
            Some(how) => format!("{name} is {how} {by}"),
            None => format!("{name}'s action was cancelled by {by}"),
        };
        return Gate::Stop(StepResult::Cancelled, why);
    }
    Gate::Go { forced: false }
}

/// The kernel's reading of an actor who can no longer act: dead (unless his group lives on, for
/// a group's ability), or no longer holding the ability (his role was taken).
pub fn actor_gone(ctx: &Ctx, act: &Act) -> Option<(StepResult, String)> {
    let name = ctx.name(act.actor);
    let group = act.def().group.as_deref();
    let group_alive = group.is_some_and(|side| {
        ctx.state
            .living()
            .any(|s| s.roles().any(|r| ctx.roleset.side_of(r) == side))
    });
    if !ctx.is_alive(act.actor) && !group_alive {
        return Some((StepResult::Failed, format!("{name} died before this stage")));
    }
    let still_holds = group.is_some()
        || ctx
            .state
            .slots
            .get(act.actor)
            .is_some_and(|s| holds_ability(ctx.roleset, s, &act.ability));
    (!still_holds).then(|| {
        (
            StepResult::Failed,
            format!("{name} no longer holds this ability (their role was taken)"),
        )
    })
}

/// Did the host's verdict (fail or skip) stop this act? The actor is then told of a failure
/// as for any other.
pub fn stopped_by_host(ctx: &Ctx, act: &Act) -> bool {
    ctx.verdict_stop(&act.key()).is_some()
}

/// The block that stops this act, if any.
pub fn blocking<'f, L>(run: &'f Fold<L>, act: &Act, negative: bool) -> Option<&'f Block> {
    blocker_of(run, act.actor, negative).filter(|b| !b.except.contains(&act.ability))
}

/// The block on `actor` that stops a (negative or not) act of his.
pub fn blocker_of<L>(run: &Fold<L>, actor: SlotId, negative: bool) -> Option<&Block> {
    run.blocks
        .get(&actor)
        .filter(|b| !(negative && b.spares_negative))
}
