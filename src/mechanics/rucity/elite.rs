//! What the elite roles share (§9.5, L123–L129): an extra player who holds the elite role
//! alone, whom no role may target and nobody may vote against, who is neither red nor black in
//! the counts (L10–L13), and who is scored with a side of his own choosing: the side he declared
//! to the host (`<role>_declare`, `{"side": "red"|"black"}`) or the side of the player he linked
//! himself to (`<role>_link`), told to him if that player leaves at night. A day move of either
//! kind takes effect when its round is resolved. An elite who leaves carries `left`.

use super::roles::{Entry, Role};
use super::teams;
use crate::engine::outcome::Audience;
use crate::engine::resolve::{Ctx, live_acts};
use crate::engine::{GameState, Refusal, SlotId};
use crate::rules::Roleset;
use std::collections::BTreeMap;

/// The status of an elite who has left the game.
pub const LEFT: &str = "left";

/// How each elite chose the side he is scored with: declared to the host, or through the player
/// he linked himself to (the latest move counts).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Choices(pub BTreeMap<SlotId, Choice>);

#[derive(Clone, Debug, PartialEq)]
pub enum Choice {
    Declared(String),
    Linked(SlotId),
}

/// The elites' choices, for the host sheet.
pub fn sheet_lines(state: &GameState) -> Vec<String> {
    let choices = state.kept.of::<Choices>();
    (choices.0.iter())
        .map(|(e, choice)| {
            let who = super::kept::name(state, *e);
            match choice {
                Choice::Declared(side) => format!("{who} declared the {side} side (L125.9)"),
                Choice::Linked(to) => {
                    let to = super::kept::name(state, *to);
                    format!("{who} is linked to {to} (L125.10)")
                }
            }
        })
        .collect()
}

fn choice(state: &GameState, slot: SlotId) -> Option<Choice> {
    state.kept.of::<Choices>().0.get(&slot).cloned()
}

fn choose(state: &mut GameState, slot: SlotId, choice: Choice) {
    state.kept.get_mut::<Choices>().0.insert(slot, choice);
}

pub fn is_elite(roleset: &Roleset, slot: &crate::engine::state::Slot) -> bool {
    roleset.side_of(&slot.role) == teams::ELITE
}

/// No role may choose an elite as its target (L125.1, L127.1, L129.1).
pub fn target_refusal(entry: &Entry, target: SlotId) -> Result<(), Refusal> {
    if target == entry.actor {
        return Ok(());
    }
    // The mayor's choice of a secretary is no role's move: the agent may be chosen (L125.2);
    // the mason and the servant are refused as holding no office.
    if entry.ability == "secretary_pick" {
        return match no_office(entry.state, target) {
            Some(why) => Err(Refusal::new("no_office", why)),
            None => Ok(()),
        };
    }
    Err(Refusal::new(
        "elite_immune",
        format!(
            "{} holds an elite role: no role may choose him as a target (L125.1, L127.1, L129.1)",
            entry.state.slots[target].name
        ),
    ))
}

/// The elite roles.
pub const ROLES: [&str; 3] = ["agent", "mason", "servant"];

/// Nobody may vote against an elite (L125.1, L127.1, L129.1).
pub fn vote_immune(state: &GameState, target: SlotId) -> Option<String> {
    state
        .slots
        .get(target)
        .is_some_and(|s| s.alive && ROLES.contains(&s.role.as_str()))
        .then(|| "an elite player cannot be voted against (L125.1, L127.1, L129.1)".into())
}

/// The day moves `<role>_declare` and `<role>_link` of this round take effect.
pub fn apply_day_moves(ctx: &mut Ctx, role: &str) {
    let declare = format!("{role}_declare");
    let link = format!("{role}_link");
    let moves: Vec<(SlotId, String, Vec<SlotId>, Option<String>)> = live_acts(&ctx.state)
        .filter(|a| a.ability == declare || a.ability == link)
        .map(|a| {
            (
                a.actor,
                a.ability.to_string(),
                a.targets.iter().filter_map(|t| ctx.slot_of(t)).collect(),
                a.params.get("side").cloned(),
            )
        })
        .collect();
    for (actor, ability, targets, side) in moves {
        let entered: Vec<String> = targets.iter().map(|t| ctx.name(*t)).collect();
        let why = if ability == declare {
            let side = side.unwrap_or_default();
            choose(&mut ctx.state, actor, Choice::Declared(side.clone()));
            format!(
                "{} declares the {side} side to the host: he is scored with it (L125.9, L127.9)",
                ctx.name(actor)
            )
        } else {
            let Some(&t) = targets.first() else { continue };
            choose(&mut ctx.state, actor, Choice::Linked(t));
            format!(
                "{} links himself to {}: he is scored with that player's side, not told it (L125.10, L127.10)",
                ctx.name(actor),
                ctx.name(t)
            )
        };
        ctx.spend_use(actor, &ability, &entered);
        ctx.note(format!("{ability}:{}", ctx.name(actor)), "pre_vote", why);
    }
}

/// The side an elite is scored with (L125.9–10): the one he declared, or his linked player's.
pub fn scored_side(roleset: &Roleset, state: &GameState, slot: SlotId) -> Option<&'static str> {
    let linked = match choice(state, slot)? {
        Choice::Declared(side) if side == "red" => return Some(teams::RED),
        Choice::Declared(side) if side == "black" => return Some(teams::BLACK),
        Choice::Declared(_) => return None,
        Choice::Linked(linked) => linked,
    };
    let s = state.slots.get(linked)?;
    // Linked to the faceless, he is scored with the faceless's grey (L125.10, L127.10).
    Some(if teams::is_black(roleset, s) {
        teams::BLACK
    } else if teams::is_grey(roleset, s) {
        teams::GREY
    } else {
        teams::RED
    })
}

/// The player this elite is linked to (a servant's master, L129.4).
pub fn linked(state: &GameState, slot: SlotId) -> Option<SlotId> {
    match choice(state, slot)? {
        Choice::Linked(to) => Some(to),
        Choice::Declared(_) => None,
    }
}

/// Link an elite to a player (a servant's binding).
pub fn link(state: &mut GameState, slot: SlotId, to: SlotId) {
    choose(state, slot, Choice::Linked(to));
}

/// Why this elite cannot be mayor or secretary: the mason and the servant never are (L127.2,
/// L129.2); the agent may be (L125.2).
pub fn no_office(state: &GameState, candidate: SlotId) -> Option<String> {
    let s = state.slots.get(candidate)?;
    matches!(s.role.as_str(), "mason" | "servant").then(|| {
        format!(
            "{} holds the {} role: he cannot be mayor or secretary (L127.2, L129.2)",
            s.name, s.role
        )
    })
}

/// Did this elite declare his side (not just link himself)? A leaving agent's side is posted
/// only then (L125.7, L125.10).
pub fn declared(state: &GameState, slot: SlotId) -> bool {
    matches!(choice(state, slot), Some(Choice::Declared(_)))
}

/// Elites whose linked player left at night learn that player's team (L125.10, L127.10).
pub fn tell_linked_teams(ctx: &mut Ctx, dead: &[SlotId], role: &str) {
    let elites: Vec<SlotId> = ctx
        .state
        .slots
        .iter()
        .filter(|s| s.alive && s.role == role)
        .map(|s| s.id)
        .collect();
    for e in elites {
        let Some(linked) = linked(&ctx.state, e) else {
            continue;
        };
        if !dead.contains(&linked) {
            continue;
        }
        let colour = teams::colour_word(teams::black(ctx, linked)).to_string();
        ctx.say(
            Audience::Slot(e),
            "pm_elite_linked_left",
            &[("player", ctx.name(linked)), ("colour", colour)],
        );
    }
}

/// The elite leaves the game (L125.7, L129.7).
pub fn leave(ctx: &mut Ctx, slot: SlotId) -> bool {
    if !ctx.kill(slot, LEFT) {
        return false;
    }
    ctx.set_status_until(slot, LEFT, None, None);
    true
}

/// An elite who declares a side or links himself to a player (the agent, the mason): one
/// behaviour, with the agent's leaving as its only difference (`leaves`, run at the end of each
/// day).
pub struct Linked {
    pub role: &'static str,
    pub leaves: Option<fn(&mut Ctx)>,
    /// Why the holder's vote counts zero (the mason's, L127.3).
    pub zeroes: Option<fn(&GameState, SlotId) -> Option<String>>,
}

impl Role for Linked {
    // G1 and the all-others override are decided without the agents and the masons (L12, L13).
    fn left_out_of_everyone(&self) -> bool {
        true
    }
    fn zeroes_vote(&self, ctx: &Ctx, vote: &super::roles::CastVote) -> Option<String> {
        self.zeroes
            .and_then(|zeroes| zeroes(&ctx.state, vote.voter))
    }
    fn election_vote_zeroed(&self, state: &GameState, voter: SlotId) -> Option<String> {
        self.zeroes.and_then(|zeroes| zeroes(state, voter))
    }
    fn id(&self) -> &'static str {
        self.role
    }
    fn refuse_as_target(&self, entry: &Entry, target: SlotId) -> Result<(), Refusal> {
        target_refusal(entry, target)
    }
    fn day_round(&self, ctx: &mut Ctx) {
        apply_day_moves(ctx, self.role);
    }
    fn departed(&self, ctx: &mut Ctx, dead: &[SlotId]) {
        if ctx.state.phase_kind(ctx.roleset) == crate::rules::PhaseKind::Night {
            tell_linked_teams(ctx, dead, self.role);
        }
    }
    fn day_ends(&self, ctx: &mut Ctx) {
        if let Some(leaves) = self.leaves {
            leaves(ctx);
        }
    }
}
