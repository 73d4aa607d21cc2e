//! Game-level values the ru-city rules keep between phases, stored in `GameState::vars` under
//! the keys below (reserve shots, the mayor's fate, the open round, ...). One place names them
//! so the files that share a value cannot drift apart.

use crate::engine::{GameState, SlotId};

/// Which round of the day is open (see [`Round`]).
pub const ROUND: &str = "round";
/// The mayor lost his title (or none was elected): it can never be held again (L159).
pub const MAYOR_LOST: &str = "mayor_lost";
/// A red player has been lynched: the black-votes cap is in force (L11).
pub const RED_LYNCHED: &str = "red_lynched";
/// The witch hunt of this game has been held (L164.7).
pub const HUNT_USED: &str = "hunt_used";
/// The night on which the black side due gets no new shot (two blacks lynched at a hunt, L10).
pub const NO_SHOT_NIGHT: &str = "no_shot_night";
/// Black deaths by another black's killer move on the extended format's first two nights.
pub const BLACK_ON_BLACK: &str = "black_on_black_deaths";
/// `day|roster` of the last day whose lynch ended in a re-vote with no victim (L154).
pub const NO_VICTIM_DAY: &str = "no_victim_day";
/// Round-1 and round-2 election votes, `voter>target` pairs, for the secretary's choice.
pub const ELECTION_R1: &str = "election_r1";
pub const ELECTION_R2: &str = "election_r2";
/// Candidates of the second election round, or targets of a re-vote (slot ids).
pub const CANDIDATES: &str = "candidates";
/// The vertical target of the day, fixed when the vote starts.
pub const VERTICAL: &str = "vertical";

/// Unrealised shots of a black killer side (`reserve:mafia`).
pub fn reserve_key(side: &str) -> String {
    format!("reserve:{side}")
}

/// Shots of a black side spent ahead by its kills through a peaceful role on a night it had none
/// (L11): the side's next new shot is gone.
pub fn spent_ahead_key(side: &str) -> String {
    format!("spent_ahead:{side}")
}

/// The colour a colour checker of `role` was shown on `target` (for verification).
pub fn check_key(role: &str, target: SlotId) -> String {
    format!("check:{role}:{target}")
}

/// Messages owed one night later (the detective's confirmation, the investigator's blackening
/// news): `later:<night>:<n>` = `template|slot|arg=value|...`.
/// The var naming who killed a victim (set when the attack or a dying move kills): the
/// criminalist's autopsy, the fanatic's revenge and the faceless's credit read it.
pub fn killer_key(victim: SlotId) -> String {
    format!("killer_of:{victim}")
}

pub fn later_prefix(night: u32) -> String {
    format!("later:{night}:")
}

pub fn get<'a>(state: &'a GameState, key: &str) -> Option<&'a str> {
    state.vars.get(key).map(String::as_str)
}

pub fn num(state: &GameState, key: &str) -> u32 {
    get(state, key).and_then(|v| v.parse().ok()).unwrap_or(0)
}

pub fn flag(state: &GameState, key: &str) -> bool {
    get(state, key) == Some("yes")
}

pub fn set(state: &mut GameState, key: impl Into<String>, value: impl ToString) {
    state.vars.insert(key.into(), value.to_string());
}

pub fn clear(state: &mut GameState, key: &str) {
    state.vars.remove(key);
}

/// Slot ids stored as a comma list.
/// A comma-separated list of words (role ids).
pub fn words(state: &GameState, key: &str) -> Vec<String> {
    get(state, key)
        .map(|v| {
            v.split(',')
                .filter(|w| !w.is_empty())
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default()
}

pub fn slots(state: &GameState, key: &str) -> Vec<SlotId> {
    get(state, key)
        .unwrap_or("")
        .split(',')
        .filter_map(|s| s.trim().parse().ok())
        .collect()
}

pub fn set_slots(state: &mut GameState, key: &str, ids: &[SlotId]) {
    let list: Vec<String> = ids.iter().map(|i| i.to_string()).collect();
    set(state, key, list.join(","));
}

/// `voter>target` pairs stored as a comma list (target `-` for an abstention).
pub fn pairs(state: &GameState, key: &str) -> Vec<(SlotId, Option<SlotId>)> {
    get(state, key)
        .unwrap_or("")
        .split(',')
        .filter_map(|p| {
            let (v, t) = p.split_once('>')?;
            Some((v.parse().ok()?, t.parse().ok()))
        })
        .collect()
}

pub fn set_pairs(state: &mut GameState, key: &str, list: &[(SlotId, Option<SlotId>)]) {
    let text: Vec<String> = list
        .iter()
        .map(|(v, t)| match t {
            Some(t) => format!("{v}>{t}"),
            None => format!("{v}>-"),
        })
        .collect();
    set(state, key, text.join(","));
}

/// The rounds of a ru-city day (and the night), as kept in [`ROUND`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Round {
    /// Day 1, first round of the mayor election.
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
        match get(state, ROUND) {
            Some("election_round2") => Round::ElectionRound2,
            Some("secretary") => Round::Secretary,
            Some("pre_vote") => Round::PreVote,
            Some("vote") => Round::Vote,
            Some("revote") => Round::Revote,
            Some("priest_revote") => Round::PriestRevote,
            Some("extra_vote") => Round::ExtraVote,
            Some("night") => Round::Night,
            _ => Round::Election,
        }
    }

    pub fn open(self, state: &mut GameState) {
        set(state, ROUND, self.id());
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
