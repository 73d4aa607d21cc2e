//! Vermouth (§12.1): her Prep Disguise as a town role, whose abilities she carries and which an
//! identification sees (an ongoing crime from Night 1, ended by a Face Pinch, off while she is
//! injured); a Temporary Disguise as another player until the next Day ends, once every two
//! nights.

use super::super::book;
use super::super::phase::{self, Run};
use crate::engine::outcome::StepResult;
use crate::engine::resolve::{Action, Ctx};
use crate::engine::{GameState, SlotId};

/// Who a player's actions tonight are seen as: a temporarily disguised Vermouth shows the
/// borrowed player (§12.1).
pub fn seen_as(state: &GameState, actor: SlotId) -> SlotId {
    book::get(state, &book::temp_disguise_key(actor))
        .and_then(|v| v.split('|').nth(2))
        .and_then(|s| s.parse().ok())
        .filter(|_| {
            state
                .slots
                .get(actor)
                .is_some_and(|s| !s.has_status(super::super::INJURED))
        })
        .unwrap_or(actor)
}

/// Prep: the disguise (a town role, lent to her for the game).
pub fn disguise(ctx: &mut Ctx, act: &Action) {
    let Some(role) = act.targets.first().cloned() else {
        return phase::step(ctx, act, StepResult::Failed, vec!["no role".into()]);
    };
    book::set(&mut ctx.state, book::disguise_key(act.actor), &role);
    ctx.lend(act.actor, &role, None, "vermouth");
    ctx.set_status(act.actor, super::super::DISGUISED, None);
    let why = format!(
        "{} is disguised as {role}: she carries its abilities and reads as it (§12.1)",
        ctx.name(act.actor)
    );
    phase::step(ctx, act, StepResult::Success, vec![why]);
}

/// The ongoing crime of the disguise: a row every phase she is disguised, from Night 1 (§4.2).
pub fn disguise_crime(ctx: &mut Ctx) {
    let disguised: Vec<SlotId> = ctx
        .state
        .living()
        .filter(|s| book::get(&ctx.state, &book::disguise_key(s.id)).is_some())
        .map(|s| s.id)
        .collect();
    for v in disguised {
        super::super::crimes::commit(ctx, "disguise", v, None, false);
    }
}

pub fn temporary_disguise(ctx: &mut Ctx, run: &mut Run, act: &Action) {
    let Some(&t) = phase::targets(ctx, act).first() else {
        return phase::step(ctx, act, StepResult::Failed, vec!["no target".into()]);
    };
    let night = ctx.state.phase;
    let last = ctx.state.slots[act.actor].counter(book::TEMP_DISGUISE_NIGHT);
    // Once every two nights: a night of the cycle is two phases.
    if last > 0 && night < last + 3 {
        let why = "a temporary disguise once every two nights (§12.1)".to_string();
        return phase::step(ctx, act, StepResult::Failed, vec![why]);
    }
    if let Some(s) = ctx.state.slots.get_mut(act.actor) {
        s.counters
            .insert(book::TEMP_DISGUISE_NIGHT.into(), night + 1);
    }
    phase::happened(ctx, run, act, false);
    let role = ctx.state.slots[t].role.clone();
    // Until the end of the next Day: `role|until|player`.
    book::set(
        &mut ctx.state,
        book::temp_disguise_key(act.actor),
        format!("{role}|{}|{t}", night + 1),
    );
    ctx.set_status_until(act.actor, super::super::DISGUISED, Some(t), Some(night + 1));
    let why = format!(
        "{} borrows {}'s identity until the next Day ends: identifications read {role}, stake-outs and investigations show {} (§12.1)",
        ctx.name(act.actor),
        ctx.name(t),
        ctx.name(t)
    );
    phase::step(ctx, act, StepResult::Success, vec![why]);
}

/// A temporary disguise whose time is up ends (the phase after the next Day).
pub fn expire(ctx: &mut Ctx) {
    let phase_now = ctx.state.phase;
    let keys: Vec<String> = ctx
        .state
        .vars
        .iter()
        .filter(|(k, v)| {
            k.starts_with("conan:temp_disguise:")
                && v.split('|')
                    .nth(1)
                    .and_then(|u| u.parse::<u32>().ok())
                    .is_some_and(|until| until < phase_now)
        })
        .map(|(k, _)| k.clone())
        .collect();
    for k in keys {
        book::clear(&mut ctx.state, &k);
    }
}
