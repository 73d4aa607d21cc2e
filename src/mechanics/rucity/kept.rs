//! What the ru-city rules keep between phases that more than one role or shared rule reads:
//! the open round, the black sides' reserve shots, the checks' results, the mayor's fate, the
//! messages owed a night later. It is the game state's [`crate::engine::Kept`] value of this
//! type; a value only one role reads is kept in that role's file, in a type of its own.

use super::teams::KillerSide;
use crate::engine::{GameState, SlotId};
use crate::rules::Roleset;
use std::borrow::Cow;
use std::collections::BTreeMap;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Kept {
    /// Which round of the day is open.
    pub round: Round,
    /// The mayor lost his title (or none was elected): it can never be held again (L159).
    pub mayor_lost: bool,
    /// A red player has been lynched: the black-votes cap is in force (L11).
    pub red_lynched: bool,
    /// The witch hunt of this game has been held (L164.7).
    pub hunt_used: bool,
    /// The night on which the black side due gets no new shot (two blacks lynched at a hunt,
    /// L10); 0: none.
    pub no_shot_night: u32,
    /// Black deaths by another black's killer move on the extended format's first two nights.
    pub black_on_black: u32,
    /// The last day whose lynch ended in a re-vote with no victim, and who was alive (L154).
    pub no_victim_day: Option<(u32, Vec<SlotId>)>,
    /// Candidates of the second election round, or targets of a re-vote.
    pub candidates: Vec<SlotId>,
    /// Unrealised shots of each black killer side (L2, L3).
    pub reserve: BTreeMap<KillerSide, u32>,
    /// Shots of a black side spent ahead by its kills through a peaceful role on a night it had
    /// none (L11): the side's next new shot is gone.
    pub spent_ahead: BTreeMap<KillerSide, u32>,
    /// The colour each checking role was shown on a player, for its verifications and
    /// follow-up moves, by the role's id and the player.
    pub checks: BTreeMap<(String, SlotId), Shown>,
    /// Who killed a victim (set when the attack or a dying move kills): the criminalist's
    /// autopsy, the fanatic's revenge and the faceless's credit read it.
    pub killer_of: BTreeMap<SlotId, SlotId>,
    /// Messages owed one night later (the detective's confirmation, the joker's late news),
    /// in the order owed.
    pub owed: Vec<Owed>,
}

/// The colour a check showed, and the night it was made.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shown {
    pub black: bool,
    pub night: u32,
}

/// A private message owed for the morning after `night`.
#[derive(Clone, Debug, PartialEq)]
pub struct Owed {
    pub night: u32,
    pub template: String,
    pub to: SlotId,
    pub args: Vec<(String, String)>,
}

/// What the rules keep in this state (empty before anything was written).
pub fn of(state: &GameState) -> Cow<'_, Kept> {
    state.kept.of::<Kept>()
}

/// What the rules keep in this state, to change.
pub fn of_mut(state: &mut GameState) -> &mut Kept {
    state.kept.get_mut::<Kept>()
}

/// A player's name, for the host sheet.
pub fn name(state: &GameState, slot: SlotId) -> String {
    state
        .slots
        .get(slot)
        .map_or_else(|| format!("#{slot}"), |s| s.name.clone())
}

/// Players' names, for the host sheet.
pub fn names(state: &GameState, slots: &[SlotId]) -> String {
    let names: Vec<String> = slots.iter().map(|s| name(state, *s)).collect();
    names.join(", ")
}

/// The shared values in the host's words, for the host sheet (the round open is the header's).
pub fn sheet_lines(roleset: &Roleset, state: &GameState) -> Vec<String> {
    let kept = of(state);
    let mut lines = Vec::new();
    for (side, n) in &kept.reserve {
        let side = side.id();
        lines.push(format!(
            "reserve of the {side}: {n} unrealised shot(s) (L2, L3)"
        ));
    }
    for (side, n) in &kept.spent_ahead {
        lines.push(format!(
            "{}: {n} shot(s) spent ahead through a peaceful role (L11)",
            side.id()
        ));
    }
    if kept.no_shot_night > 0 {
        lines.push(format!(
            "no new black shot on night {} (two blacks lynched at the hunt, L10)",
            kept.no_shot_night
        ));
    }
    if kept.black_on_black > 0 {
        lines.push(format!(
            "blacks killed by a black's move on the first nights: {} (L131.5)",
            kept.black_on_black
        ));
    }
    let flags = [
        (
            kept.mayor_lost,
            "the mayor's title is lost for the game (L159)",
        ),
        (
            kept.red_lynched,
            "a red has been lynched: the black-votes cap holds (L11)",
        ),
        (kept.hunt_used, "the witch hunt has been held (L164.7)"),
    ];
    lines.extend(
        flags
            .iter()
            .filter(|(on, _)| *on)
            .map(|(_, l)| l.to_string()),
    );
    if let Some((day, _)) = &kept.no_victim_day {
        lines.push(format!(
            "day {day} ended in a re-vote with no victim (L154)"
        ));
    }
    if !kept.candidates.is_empty() {
        lines.push(format!("candidates: {}", names(state, &kept.candidates)));
    }
    for ((role, target), shown) in &kept.checks {
        let colour = if shown.black { "black" } else { "red" };
        lines.push(format!(
            "the {}'s check on {} showed {colour} (night {})",
            super::teams::role_name(roleset, role),
            name(state, *target),
            shown.night
        ));
    }
    for (victim, killer) in &kept.killer_of {
        lines.push(format!(
            "{} was killed by {}",
            name(state, *victim),
            name(state, *killer)
        ));
    }
    for owed in &kept.owed {
        lines.push(format!(
            "owed to {} the morning after night {}: {}",
            name(state, owed.to),
            owed.night,
            owed.template
        ));
    }
    lines
}

/// The colour `role` was shown on `target`, if it checked him.
pub fn shown(state: &GameState, role: &str, target: SlotId) -> Option<Shown> {
    of(state).checks.get(&(role.to_string(), target)).copied()
}

/// The players a holder of one of `roles` was shown a colour on, and whether it was black,
/// in the order of the nights.
pub fn shown_to(state: &GameState, roles: &[&str]) -> Vec<(SlotId, bool)> {
    let mut found: Vec<(u32, SlotId, bool)> = (of(state).checks.iter())
        .filter(|((role, _), _)| roles.contains(&role.as_str()))
        .map(|((_, target), shown)| (shown.night, *target, shown.black))
        .collect();
    found.sort_unstable_by_key(|(night, target, _)| (*night, *target));
    found.into_iter().map(|(_, t, black)| (t, black)).collect()
}

/// `role` was shown this colour on `target` on `night`.
pub fn remember_check(state: &mut GameState, role: &str, target: SlotId, black: bool, night: u32) {
    let shown = Shown { black, night };
    of_mut(state)
        .checks
        .insert((role.to_string(), target), shown);
}

/// The rounds of a ru-city day (and the night), as kept in [`Kept::round`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Round {
    /// Day 1, first round of the mayor election.
    #[default]
    Election,
    /// Day 1, second round between the tied candidates.
    ElectionRound2,
    /// Day 1, the new mayor chooses his secretary before the result is posted.
    Secretary,
    /// Days 2+: walls, the vertical and other moves due before the vote opens.
    PreVote,
    /// Days 2+: the lynch vote (or the witch hunt, when it is started).
    Vote,
    /// Days 2+: the re-vote between the tied players.
    Revote,
    /// Days 2+: the re-vote the priest's rescue opens (L30, L155).
    PriestRevote,
    /// Days 2+: another vote the same day after a lone lynch of a player the hero saved
    /// earlier (L157).
    ExtraVote,
    Night,
}

impl Round {
    pub fn id(self) -> &'static str {
        match self {
            Round::Election => "election",
            Round::ElectionRound2 => "election_round2",
            Round::Secretary => "secretary",
            Round::PreVote => "pre_vote",
            Round::Vote => "vote",
            Round::Revote => "revote",
            Round::PriestRevote => "priest_revote",
            Round::ExtraVote => "extra_vote",
            Round::Night => "night",
        }
    }

    /// The round open now; a game starts with the election.
    pub fn now(state: &GameState) -> Round {
        of(state).round
    }

    pub fn open(self, state: &mut GameState) {
        of_mut(state).round = self;
    }

    /// A round of a lynch ballot, when the moves made during a vote are sent (L113).
    pub fn voting(self) -> bool {
        matches!(
            self,
            Round::Vote | Round::Revote | Round::PriestRevote | Round::ExtraVote
        )
    }

    /// A round of a day after the election, when day moves are sent: before the vote (the
    /// round a day opens with, still named after the night) or during a ballot.
    pub fn takes_day_moves(self) -> bool {
        matches!(self, Round::PreVote | Round::Night) || self.voting()
    }

    /// The ballot a `Vote` without a ballot name goes to in this round.
    pub fn ballot(self) -> Option<&'static str> {
        match self {
            Round::Election => Some("election"),
            Round::ElectionRound2 => Some("election_round2"),
            Round::Vote => Some("lynch"),
            Round::Revote => Some("revote"),
            Round::PriestRevote => Some("priest_revote"),
            Round::ExtraVote => Some("extra_vote"),
            Round::Secretary | Round::PreVote | Round::Night => None,
        }
    }
}
