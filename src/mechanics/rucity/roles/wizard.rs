//! The wizard (§5.30, L47). With a move he names a peaceful role nobody in the game holds
//! (`wizard`, `{"role": id}`) and uses it for a game-day, under the actor's limits, at the
//! original role's place in the night. He uses a role once and three roles per game at most;
//! naming a role that is in the game is a skip that still spends one of the three. He names
//! it with each move he makes (Q65 `with_each_move`): in the evening, or by day in the round of
//! a day move; by option in the evening only.

use super::night::{self, CityNight};
use super::{Entry, Role, refusal, teams};
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::{Ctx, live_acts};
use crate::engine::{GameState, Refusal, SlotId};
use crate::kernel::Act;
use crate::kernel::Fold;

pub const ROLE: &str = "wizard";
/// At most this many roles in a game (L47).
const MOST: usize = 3;

/// The roles each wizard has named so far.
#[derive(Clone, Debug, Default, PartialEq)]
struct Named(std::collections::BTreeMap<SlotId, Vec<String>>);

fn used(state: &GameState, wizard: SlotId) -> Vec<String> {
    let all = state.kept.of::<Named>();
    all.0.get(&wizard).cloned().unwrap_or_default()
}

pub struct Wizard;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    templates: &["pm_wizard_role"],
    options: &["wizard_declare"],
    ..crate::engine::system::Requirements::NONE
};

impl Role for Wizard {
    fn sheet_lines(
        &self,
        roleset: &crate::rules::Roleset,
        state: &crate::engine::GameState,
    ) -> Vec<String> {
        let named = state.kept.of::<Named>();
        (named.0.iter())
            .map(|(w, roles)| {
                let roles: Vec<String> =
                    roles.iter().map(|r| teams::role_name(roleset, r)).collect();
                format!(
                    "{} has named {}",
                    super::kept::name(state, *w),
                    roles.join(", ")
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
    fn round_opens(&self, ctx: &mut Ctx) {
        declare_by_day(ctx);
    }
    fn id(&self) -> &'static str {
        ROLE
    }
    /// The roles used stay used: the heir's once-per-role and three-role limits count them (L47, L9).
    fn inherit(&self, ctx: &mut Ctx, from: SlotId, to: SlotId) {
        super::carry_record(ctx, from, to, |n: &mut Named| &mut n.0);
    }
    fn night_move(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) -> bool {
        mv.ability == ROLE && {
            conjure(ctx, run, mv);
            true
        }
    }
    /// By option the wizard names his role in the evening only, never with a day move (Q65).
    fn usable(&self, entry: &Entry) -> Result<(), Refusal> {
        let day = entry.state.phase_kind(entry.roleset) == crate::rules::PhaseKind::Day;
        if entry.ability != ROLE || !day {
            return Ok(());
        }
        if entry.state.option(entry.roleset, "wizard_declare") == "evening_only" {
            return refusal(
                ROLE,
                "the wizard names his role in the evening only (Q65 `evening_only`)",
            );
        }
        if !super::kept::Round::now(entry.state).takes_day_moves() {
            return refusal(
                ROLE,
                "a day move is made before the vote or during a ballot (L47)",
            );
        }
        Ok(())
    }
    fn refuse(&self, entry: &Entry) -> Result<(), Refusal> {
        if entry.ability != ROLE {
            return Ok(());
        }
        let role = entry.params.get("role").cloned().unwrap_or_default();
        if entry.roleset.side_of(&role) != "red"
            || !teams::is_special_peaceful(entry.roleset, &role)
        {
            return refusal(
                ROLE,
                format!("`{role}` is no peaceful role with moves (L47)"),
            );
        }
        let before = used(entry.state, entry.actor);
        if before.contains(&role) {
            return refusal(ROLE, "the wizard uses a role once per game (L47)");
        }
        if before.len() >= MOST {
            return refusal(ROLE, "the wizard uses three roles per game at most (L47)");
        }
        Ok(())
    }
    fn history(&self) -> &'static [&'static str] {
        &["pm_wizard"]
    }
}

/// Was `role` dealt in this game (its holder alive or not)? Only a role "not taken for the
/// game" is the wizard's (L47).
fn in_the_game(state: &GameState, role: &str) -> bool {
    state.slots.iter().any(|s| s.own_roles().any(|r| r == role))
}

/// The role the wizard's move of this phase gives him, if it is absent from the game.
pub fn pending_role(state: &GameState, wizard: SlotId) -> Option<String> {
    let act = live_acts(state).find(|a| a.actor == wizard && a.ability == ROLE)?;
    let role = act.params.get("role")?;
    (!in_the_game(state, role)).then(|| role.clone())
}

fn conjure(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    if let night::Gate::Stop(result, why) = night::gate(ctx, run, mv, true, false) {
        return night::step(ctx, mv, result, vec![why]);
    }
    let role = mv.params.get("role").cloned().unwrap_or_default();
    match declare(ctx, mv.actor, &role) {
        Ok(why) => night::step(ctx, mv, StepResult::Success, vec![why]),
        Err(why) => night::step(ctx, mv, StepResult::Skipped, vec![why]),
    }
}

/// The wizard names `role`: the attempt is spent, and an absent role is his for a game-day.
/// `Err` says why the move is skipped.
fn declare(ctx: &mut Ctx, wizard: SlotId, role: &str) -> Result<String, String> {
    let named = &mut ctx.state.kept.get_mut::<Named>().0;
    named.entry(wizard).or_default().push(role.to_string());
    let name = teams::role_name(ctx.roleset, role);
    if in_the_game(&ctx.state, role) {
        return Err(format!(
            "{name} is in the game: the wizard's move is skipped, and the attempt is spent (L47)"
        ));
    }
    let until = ctx.state.phase + 1;
    ctx.lend(wizard, role, Some(until), ROLE);
    ctx.say(
        Audience::Slot(wizard),
        "pm_wizard_role",
        &[("role", name.clone())],
    );
    Ok(format!(
        "{} uses the absent role {name} for a game-day (L47)",
        ctx.name(wizard)
    ))
}

/// A wizard names his role with each move he makes (L47, Q65 `with_each_move`), so also with
/// a day move: the role is his before the round's moves are counted.
pub fn declare_by_day(ctx: &mut Ctx) {
    let declared: Vec<(u64, SlotId, String)> = live_acts(&ctx.state)
        .filter(|a| a.ability == ROLE)
        .map(|a| {
            (
                a.seq,
                a.actor,
                a.params.get("role").cloned().unwrap_or_default(),
            )
        })
        .collect();
    for (seq, wizard, role) in declared {
        let why = match super::super::blocks::blocked(ctx, wizard, ROLE) {
            Some(why) => format!("{}'s magic fails: {why}", ctx.name(wizard)),
            None => declare(ctx, wizard, &role).unwrap_or_else(|skipped| skipped),
        };
        ctx.note(format!("wizard:{seq}"), "pre_vote", why);
    }
}
