//! Vermouth (§12.1): her Prep Disguise as a town role, whose abilities she carries and which an
//! identification sees (an ongoing crime from Night 1, ended by a Face Pinch, off while she is
//! injured); a Temporary Disguise as another player until the next Day ends, once every two
//! nights.

use super::super::book;
use super::super::phase::{self, Run};
use crate::engine::Refusal;
use crate::engine::outcome::StepResult;
use crate::engine::resolve::Ctx;
use crate::engine::system::ActQuery;
use crate::engine::system::Requirements;
use crate::engine::{GameState, SlotId};
use crate::kernel::{self, Act};
use std::collections::BTreeMap;

/// Vermouth's disguises, by the disguised player.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Disguises {
    /// The town role of her Prep disguise, until a Face Pinch ends it.
    pub prep: BTreeMap<SlotId, String>,
    /// A temporary disguise as another player.
    pub temporary: BTreeMap<SlotId, Temporary>,
}

/// A temporary disguise: the player borrowed, his role, and the last phase it holds.
#[derive(Clone, Debug, PartialEq)]
pub struct Temporary {
    pub player: SlotId,
    pub role: String,
    pub until: u32,
}

/// The role an identification reads on this player while a disguise holds.
pub fn shown_as(state: &GameState, slot: SlotId) -> Option<String> {
    let disguises = state.kept.of::<Disguises>();
    let temporary = disguises.temporary.get(&slot).map(|t| t.role.clone());
    temporary.or_else(|| disguises.prep.get(&slot).cloned())
}

/// Who a player's actions tonight are seen as: a temporarily disguised Vermouth shows the
/// borrowed player (§12.1).
pub fn seen_as(state: &GameState, actor: SlotId) -> SlotId {
    state
        .kept
        .of::<Disguises>()
        .temporary
        .get(&actor)
        .map(|t| t.player)
        .filter(|_| {
            state
                .slots
                .get(actor)
                .is_some_and(|s| !s.has_status(super::super::INJURED))
        })
        .unwrap_or(actor)
}

/// Prep: the disguise (a town role, lent to her for the game).
pub fn disguise(ctx: &mut Ctx, act: &Act) {
    let Some(role) = act.entered.first().cloned() else {
        return kernel::step::done(ctx, act, StepResult::Failed, vec!["no role".into()]);
    };
    ctx.state
        .kept
        .get_mut::<Disguises>()
        .prep
        .insert(act.actor, role.clone());
    ctx.lend(act.actor, &role, None, "vermouth");
    ctx.set_status(act.actor, super::super::DISGUISED, None);
    let why = format!(
        "{} is disguised as {role}: she carries its abilities and reads as it (§12.1)",
        ctx.name(act.actor)
    );
    kernel::step::done(ctx, act, StepResult::Success, vec![why]);
}

/// The ongoing crime of the disguise: a row every phase she is disguised, from Night 1 (§4.2).
pub fn disguise_crime(ctx: &mut Ctx) {
    let prep = &ctx.state.kept.of::<Disguises>().prep;
    let disguised: Vec<SlotId> = ctx
        .state
        .living()
        .filter(|s| prep.contains_key(&s.id))
        .map(|s| s.id)
        .collect();
    for v in disguised {
        super::super::crimes::commit(ctx, "disguise", v, None, false);
    }
}

pub fn temporary_disguise(ctx: &mut Ctx, run: &mut Run, act: &Act) {
    let Some(&t) = act.targets.clone().first() else {
        return kernel::step::done(ctx, act, StepResult::Failed, vec!["no target".into()]);
    };
    let night = ctx.state.phase;
    let last = ctx.state.slots[act.actor].counter(book::TEMP_DISGUISE_NIGHT);
    // Once every two nights: a night of the cycle is two phases.
    if last > 0 && night < last + 3 {
        let why = "a temporary disguise once every two nights (§12.1)".to_string();
        return kernel::step::done(ctx, act, StepResult::Failed, vec![why]);
    }
    if let Some(s) = ctx.state.slots.get_mut(act.actor) {
        s.counters
            .insert(book::TEMP_DISGUISE_NIGHT.into(), night + 1);
    }
    phase::happened(ctx, run, act, false);
    let role = ctx.state.slots[t].role.clone();
    // Until the end of the next Day.
    let disguise = Temporary {
        player: t,
        role: role.clone(),
        until: night + 1,
    };
    ctx.state
        .kept
        .get_mut::<Disguises>()
        .temporary
        .insert(act.actor, disguise);
    ctx.set_status_until(act.actor, super::super::DISGUISED, Some(t), Some(night + 1));
    let why = format!(
        "{} borrows {}'s identity until the next Day ends: identifications read {role}, stake-outs and investigations show {} (§12.1)",
        ctx.name(act.actor),
        ctx.name(t),
        ctx.name(t)
    );
    kernel::step::done(ctx, act, StepResult::Success, vec![why]);
}

/// A temporary disguise whose time is up ends (the phase after the next Day).
pub fn expire(ctx: &mut Ctx) {
    let phase_now = ctx.state.phase;
    ctx.state
        .kept
        .get_mut::<Disguises>()
        .temporary
        .retain(|_, t| t.until >= phase_now);
}

/// This file in the registry of Conan's roles (`roles::ROLES`).
pub struct Vermouth;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: Requirements = Requirements {
    roles: &["vermouth"],
    abilities: &["disguise", "temporary_disguise"],
    ..Requirements::NONE
};

impl super::Role for Vermouth {
    fn requires(&self) -> Requirements {
        REQUIRES
    }
    fn abilities(&self) -> &'static [&'static str] {
        &["disguise", "temporary_disguise"]
    }
    fn perform(&self, ctx: &mut Ctx, run: &mut super::super::phase::Run, act: &Act) {
        match act.ability.as_str() {
            "disguise" => disguise(ctx, act),
            _ => temporary_disguise(ctx, run, act),
        }
    }
    /// The Prep disguise is a town role, never an item (§12.1).
    fn refuse(&self, q: &ActQuery<'_>) -> Result<(), Refusal> {
        if q.ability != "disguise" {
            return Ok(());
        }
        match q.targets.first().and_then(|r| q.roleset.role(r)) {
            Some(r) if r.side == book::TOWN && !book::ITEMS.contains(&r.id.as_str()) => Ok(()),
            _ => Err(Refusal::new(
                "disguise",
                "Vermouth disguises as a town role (§12.1)",
            )),
        }
    }
}
