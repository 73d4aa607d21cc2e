//! What the host types in. A game is its setup plus the append-only list of these entries.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One entry of the host, as written in the save and in scenarios. Names are the names in use
/// when the entry was made; replay resolves them at that moment.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum Entry {
    /// A player's action from a PM.
    Act {
        actor: String,
        ability: String,
        targets: Vec<String>,
        #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
        params: BTreeMap<String, String>,
    },
    /// A vote on a ballot (`None`: the phase's default ballot).
    Vote {
        ballot: Option<String>,
        voter: String,
        target: String,
    },
    Unvote {
        ballot: Option<String>,
        voter: String,
    },
    /// A vote the player left with the host by PM in advance; it counts like a vote, and rules
    /// about the first votes of a ballot pass over it.
    AdvanceVote {
        ballot: Option<String>,
        voter: String,
        target: String,
    },
    Host(HostCommand),
    /// Force the result of one resolution step (by its key), with the host's reason.
    Override {
        step: String,
        verdict: Verdict,
        reason: String,
    },
    /// The order of the stages for the rest of this game.
    ReorderStages(Vec<String>),
    /// The host's own text of the current phase's public post.
    EditPost(String),
    /// Resolve the current phase, commit the outcome, start the next phase.
    Resolve,
    /// Take back the entry with this sequence number (and everything it caused).
    Undo(u64),
    /// Put back an entry that was undone.
    Redo(u64),
}

/// Commands the host may give at any time.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum HostCommand {
    Modkill(String),
    Revive(String),
    SetStatus(String, String),
    ClearStatus(String, String),
    /// Slot (by current name) → the new person's name; role, votes and history stay.
    Replace(String, String),
    /// Slot → new main role.
    ChangeRole(String, String),
    /// Slot, role: the player holds the role as an extra role as well (a WWR host's elected
    /// roles, a Mafia 1923 second role), or no longer does.
    GrantExtra(String, String),
    RevokeExtra(String, String),
    /// A message to everyone (`None`) or to one player.
    Message(Option<String>, String),
    /// A note only the host sees.
    Note(String),
    /// A marker on a player, for the host alone: his text, and a colour to spot it in the
    /// roster (the console's names, `script::MARKER_COLOURS`).
    Mark {
        player: String,
        text: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        colour: Option<String>,
    },
    /// Every marker on a player taken off.
    Unmark(String),
    /// The open phase ends at this civil date and time (`2026-12-01 20:00`) in this IANA time
    /// zone; `None` takes its deadline away.
    Deadline(Option<(String, String)>),
}

/// The host's verdict on a step.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The step happens, whatever would have stopped it.
    Succeed,
    /// The step fails; the actor is told as for any failure.
    Fail,
    /// The step is left out, as if never entered.
    Skip,
}

/// An entry with its place in the log.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct LoggedEntry {
    pub seq: u64,
    /// Unix seconds when the host typed it (display only; replay never reads it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<u64>,
    /// When the player posted the message this entry was read from, as the forum page or chat
    /// export shows it (`Mon Nov 27, 2026 9:14 pm`, `27 ноя 2026, 21:14`): kept for deadlines,
    /// which may fall between the post and the host's typing. Display only; replay never reads it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub posted: Option<String>,
    pub entry: Entry,
}

/// An action or vote of the current phase, as the resolver sees it.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Pending {
    pub seq: u64,
    pub at: Option<u64>,
    /// When the player posted the message it was read from, as the page showed it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub posted: Option<String>,
    pub kind: PendingKind,
    /// The seq of the later entry that replaced this one.
    pub replaced_by: Option<u64>,
    /// Problems that do not refuse the entry (an improper vote is recorded and does not count).
    pub warnings: Vec<String>,
    /// A vote left with the host in advance by PM.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub advance: bool,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum PendingKind {
    Act {
        actor: usize,
        ability: String,
        targets: Vec<String>,
        params: BTreeMap<String, String>,
    },
    Vote {
        ballot: String,
        voter: usize,
        target: String,
    },
    Unvote {
        ballot: String,
        voter: usize,
    },
}

impl Pending {
    pub fn is_live(&self) -> bool {
        self.replaced_by.is_none() && !matches!(self.kind, PendingKind::Unvote { .. })
    }
}
