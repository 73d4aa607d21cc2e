//! The actor (§5.23, L40; black holder L102). At the end of a day (entered in the following
//! night) he copies a player's peaceful role for a game-day: that night and the next day he
//! plays it from zero, with its own moves, and its results come to him by PM. He copies a
//! player once per game and three players at most; a crippled player's role cannot be copied
//! (the move is skipped), nor an undead one. What a copied role may not do is
//! [`super::super::borrowed`]'s.

use super::night::{self, CityNight};
use super::{Entry, Role, refusal, teams};
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::{Ctx, live_acts};
use crate::engine::{GameState, Refusal, SlotId};
use crate::kernel::Act;
use crate::kernel::Fold;

pub const ROLE: &str = "actor";
/// At most this many players copied in a game (L40).
const MOST: usize = 3;

/// The players each actor has copied (once each a game, L40).
#[derive(Clone, Debug, Default, PartialEq)]
struct Copied(std::collections::BTreeMap<SlotId, Vec<SlotId>>);

fn copied_by(state: &crate::engine::GameState, actor: SlotId) -> Vec<SlotId> {
    state
        .kept
        .of::<Copied>()
        .0
        .get(&actor)
        .cloned()
        .unwrap_or_default()
}

pub struct Actor;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    templates: &["pm_actor_role", "pm_actor_intercept"],
    ..crate::engine::system::Requirements::NONE
};

impl Role for Actor {
    fn sheet_lines(
        &self,
        _roleset: &crate::rules::Roleset,
        state: &crate::engine::GameState,
    ) -> Vec<String> {
        let copied = state.kept.of::<Copied>();
        (copied.0.iter())
            .map(|(a, t)| {
                format!(
                    "{} has copied {}",
                    super::kept::name(state, *a),
                    super::kept::names(state, t)
                )
            })
            .collect()
    }
    fn requires(&self) -> crate::engine::system::Requirements {
        REQUIRES
    }
    fn lends(&self) -> Option<super::Lent> {
        Some(super::Lent::Copy)
    }
    fn lends_pending(
        &self,
        _roleset: &crate::rules::Roleset,
        state: &crate::engine::GameState,
        slot: SlotId,
    ) -> Option<(String, super::Lent)> {
        Some((pending_role(state, slot)?, super::Lent::Copy))
    }
    fn id(&self) -> &'static str {
        ROLE
    }
    /// The players copied stay copied: the heir's once-per-player and three-player limits count them (L40, L9).
    fn inherit(&self, ctx: &mut Ctx, from: SlotId, to: SlotId) {
        super::carry_record(ctx, from, to, |c: &mut Copied| &mut c.0);
    }
    fn night_move(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) -> bool {
        mv.ability == ROLE && {
            copy(ctx, run, mv);
            true
        }
    }
    fn refuse(&self, entry: &Entry) -> Result<(), Refusal> {
        if entry.ability != ROLE {
            return Ok(());
        }
        let copied = copied_by(entry.state, entry.actor);
        if entry.targets.iter().any(|t| copied.contains(t)) {
            return refusal(ROLE, "the actor copies a player once per game (L40)");
        }
        if copied.len() >= MOST {
            return refusal(
                ROLE,
                "the actor copies three players per game at most (L40)",
            );
        }
        let undead = entry
            .targets
            .iter()
            .any(|t| entry.state.slots[*t].has_status("undead"));
        if undead {
            return refusal(ROLE, "an undead player's role cannot be copied (L40)");
        }
        Ok(())
    }
    fn history(&self) -> &'static [&'static str] {
        &["pm_actor"]
    }
}

/// The role the actor's copy entered this phase gives him, for his moves of the same night.
pub fn pending_role(state: &GameState, actor: SlotId) -> Option<String> {
    let copy = live_acts(state).find(|a| a.actor == actor && a.ability == ROLE)?;
    let target = copy.targets.first().and_then(|t| state.slot_by_name(t))?;
    Some(copied_role(state, target.id))
}

/// The role a copy of `target` gives: his peaceful role, and for a collector the role he
/// activated last, if he did (L40).
fn copied_role(state: &GameState, target: SlotId) -> String {
    let role = &state.slots[target].role;
    if role == super::collector::ROLE
        && let Some(active) = super::collector::last_activated(state, target)
    {
        return active;
    }
    role.clone()
}

fn copy(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    let Some(target) = night::target_through_gate(ctx, run, mv, true, false) else {
        return;
    };
    if ctx.has_status(target, super::blocks::CRIPPLED) {
        let why = format!(
            "{} is crippled: the role cannot be copied, the move is skipped (L40)",
            ctx.name(target)
        );
        return night::step(ctx, mv, StepResult::Skipped, vec![why]);
    }
    let role = copied_role(&ctx.state, target);
    let copied = &mut ctx.state.kept.get_mut::<Copied>().0;
    copied.entry(mv.actor).or_default().push(target);
    let until = ctx.state.phase + 1;
    ctx.lend(mv.actor, &role, Some(until), ROLE);
    let name = teams::role_name(ctx.roleset, &role);
    ctx.say(
        Audience::Slot(mv.actor),
        "pm_actor_role",
        &[("player", ctx.name(target)), ("role", name.clone())],
    );
    let why = format!(
        "{} copies {}'s role, {name}, for a game-day (L40)",
        ctx.name(mv.actor),
        ctx.name(target)
    );
    night::step(ctx, mv, StepResult::Success, vec![why]);
}

/// An actor who copied an active citizen without a role intercepts for a day a role leaving
/// the game, after every competitor for it, never the necromancer's target (L40). The copy of
/// the active citizen is spent on it; the role plays from zero, under a copy's limits.
pub fn intercept(ctx: &mut Ctx, left: &mut Vec<(SlotId, String)>) {
    let actors: Vec<SlotId> = ctx
        .state
        .living()
        .filter(|s| {
            s.borrowed
                .iter()
                .any(|b| b.role == super::active_citizen::ROLE && b.by == ROLE)
        })
        .map(|s| s.id)
        .collect();
    for a in actors {
        let necromancers = |d: &SlotId| {
            let s = &ctx.state.slots[*d];
            s.has_status(super::necromancer::CURSED) || s.has_status(super::necromancer::UNDEAD)
        };
        let Some(i) = left.iter().position(|(d, _)| !necromancers(d)) else {
            continue;
        };
        let (dead, role) = left.remove(i);
        if let Some(s) = ctx.state.slots.get_mut(a) {
            s.borrowed
                .retain(|b| !(b.role == super::active_citizen::ROLE && b.by == ROLE));
        }
        ctx.lend(a, &role, Some(ctx.state.phase + 1), ROLE);
        let name = teams::role_name(ctx.roleset, &role);
        ctx.say(
            Audience::Slot(a),
            "pm_actor_intercept",
            &[("player", ctx.name(dead)), ("role", name.clone())],
        );
        let why = format!(
            "{} copied an active citizen and intercepts {}'s role, {name}, for a day (L40)",
            ctx.name(a),
            ctx.name(dead)
        );
        ctx.note(
            format!("actor_intercept:{}", ctx.name(dead)),
            "morning",
            why,
        );
    }
}
