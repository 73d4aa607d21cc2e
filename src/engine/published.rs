//! Posts as records. A committed round's public post is what the players read: it is kept the
//! moment the commit makes it, in the save, and never re-rendered from a later state. A lynch
//! later the same day, an undo in a phase already read, a role changed afterwards: none of
//! them changes a post already published. What changed since is said by the next post's
//! corrections (`correction.rs`), not by rewriting history.

use super::entry::{Entry, LoggedEntry};
use super::outcome::{Audience, Outcome};
use super::state::{CommittedPhase, GameState};
use crate::rules::Roleset;
use serde::{Deserialize, Serialize};

/// One committed round's public post, as published.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Published {
    /// The entry whose commit published it (a `Resolve`, or the redo of one).
    pub seq: u64,
    /// Its round's place in the game's history.
    pub position: usize,
    /// The phase and round it closed, as players read them (`Day 2 · vote`).
    pub title: String,
    /// The public messages, in the roleset's words (they may carry BBCode).
    pub lines: Vec<String>,
    /// Who was alive and in the game when it was published, as the post lists them.
    pub alive: Vec<String>,
    /// The host's own text, when he edited the post; it was published instead of `lines`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edited: Option<String>,
    /// How the published text came to be: the generated post, the host's edit, or his edit
    /// kept after the results it was written against changed.
    #[serde(default)]
    pub source: PostSource,
}

/// Whose words a published post is.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PostSource {
    /// The post as the rules generated it.
    #[default]
    Generated,
    /// The host's edit, written against the results it was published with.
    Edited,
    /// The host's edit, kept on purpose after the results changed under it ("keep my edit").
    EditKept,
}

impl PostSource {
    /// What the host sees beside a committed post.
    pub fn label(self) -> &'static str {
        match self {
            PostSource::Generated => "as generated",
            PostSource::Edited => "your edit",
            PostSource::EditKept => "your edit, kept after the results changed",
        }
    }
}

/// What a generated post says: its public lines (in the roleset's words) and the living it
/// lists. Two posts that say the same facts read the same.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PostFacts {
    pub lines: Vec<String>,
    pub alive: Vec<String>,
}

impl PostFacts {
    /// The facts of a resolution: its public messages, and who is alive after it.
    pub fn of(roleset: &Roleset, outcome: &Outcome, after: &GameState) -> PostFacts {
        PostFacts {
            lines: public_lines(outcome),
            alive: after.listed_living(roleset, None),
        }
    }
}

/// An edited post whose results changed after the edit: the edit would publish stale facts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StalePost {
    /// The host's edit as it stands.
    pub edit: String,
    /// The generated post's facts when the host edited it, and now.
    pub then: PostFacts,
    pub now: PostFacts,
}

/// The texts of an outcome's public messages, in the roleset's words.
pub fn public_lines(outcome: &Outcome) -> Vec<String> {
    outcome
        .messages
        .iter()
        .filter(|m| m.audience == Audience::Public)
        .map(|m| m.text.clone())
        .collect()
}

/// The record of the round at `position` of `state`'s history, published by entry `seq`:
/// `state` is the game right after that commit.
pub fn record(
    roleset: &Roleset,
    state: &GameState,
    position: usize,
    seq: u64,
    source: PostSource,
) -> Option<Published> {
    let phase: &CommittedPhase = state.history.get(position)?;
    Some(Published {
        seq,
        position,
        title: roleset.phase_label(phase.index, phase.round.as_deref()),
        lines: public_lines(&phase.outcome),
        alive: state.listed_living(roleset, Some(phase.index)),
        edited: phase.edited_post.clone(),
        source: if phase.edited_post.is_some() {
            source
        } else {
            PostSource::Generated
        },
    })
}

/// How the edit standing when entry `at` commits was made: kept on purpose when its last
/// `EditPost` repeated the text of the edit before it (the diff's and the commit check's "keep
/// my edit" re-enter the edit unchanged, which makes it current), else a plain edit.
pub fn edit_source(entries: &[LoggedEntry], at: usize, undone: impl Fn(u64) -> bool) -> PostSource {
    let opened = entries[..at]
        .iter()
        .rposition(|e| matches!(e.entry, Entry::Resolve) && !undone(e.seq))
        .map_or(0, |i| i + 1);
    let edits: Vec<&str> = entries[opened..at]
        .iter()
        .filter(|e| !undone(e.seq))
        .filter_map(|e| match &e.entry {
            Entry::EditPost(text) => Some(text.as_str()),
            _ => None,
        })
        .collect();
    match edits.as_slice() {
        [.., before, last] if before == last && !last.trim().is_empty() => PostSource::EditKept,
        _ => PostSource::Edited,
    }
}

/// The latest record of the round at `position`: a round committed again after an undo of
/// its commit has its new post.
pub fn latest(records: &[Published], position: usize) -> Option<&Published> {
    records.iter().rev().find(|r| r.position == position)
}
