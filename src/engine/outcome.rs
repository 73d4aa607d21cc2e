//! The result of resolving a phase: ordered steps with reasons, and the messages it produces.

use super::state::SlotId;
use serde::{Deserialize, Serialize};

pub use super::entry::Verdict;

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
pub struct Outcome {
    pub phase: String,
    pub steps: Vec<Step>,
    pub deaths: Vec<Death>,
    pub messages: Vec<Message>,
    /// Things the host should know: missing actions, skipped entries, random draws.
    pub warnings: Vec<String>,
    /// The phase goes on with another round (a second election round, a re-vote) instead of
    /// ending when this outcome is committed.
    #[serde(default)]
    pub another_round: bool,
    /// The totals the resolution counted, per ballot and target: what the live tally must
    /// have predicted (`tests/tally_matches_resolution.rs`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub counted: Vec<CountedTotal>,
}

/// One target's total on one ballot, as the resolution counted it.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct CountedTotal {
    pub ballot: String,
    pub target: String,
    pub total: i32,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Step {
    /// Stable key the host uses to override this step (`act#12`, `court:Rossi`, ...).
    pub key: String,
    pub stage: String,
    pub actor: Option<SlotId>,
    pub ability: Option<String>,
    pub targets_before: Vec<String>,
    pub targets_after: Vec<String>,
    pub result: StepResult,
    /// Why it went this way, in order.
    pub reasons: Vec<String>,
}

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepResult {
    Success,
    Failed,
    Cancelled,
    Skipped,
    /// A step that only records something (a draw, a passive effect, a count).
    Info,
}

impl StepResult {
    pub fn label(self) -> &'static str {
        match self {
            StepResult::Success => "success",
            StepResult::Failed => "failed",
            StepResult::Cancelled => "cancelled",
            StepResult::Skipped => "skipped",
            StepResult::Info => "info",
        }
    }
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Death {
    pub slot: SlotId,
    pub cause: String,
}

/// Who a message is for.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Audience {
    Public,
    Slot(SlotId),
    Group(String),
    Host,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Message {
    pub audience: Audience,
    /// The template it came from (`public_death`), or `host` for free text.
    pub template: String,
    pub text: String,
    /// Sent the moment it was made, to a player then alive (WWR's feedback reaches its player
    /// at once): it stays his if he dies later in the phase.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub sent_alive: bool,
}
