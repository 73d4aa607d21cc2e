//! Corrections: an entry of a phase the players have already read, undone or redone later.
//! The replay rewrites that phase's results, so the next post must say what changed. Both
//! versions stay reachable: the game as it stood before the change is the replay of the
//! entries before it, so nothing but the entries is stored.

use super::Game;
use super::entry::Entry;
use super::outcome::{Audience, Message};
use super::state::CommittedPhase;
use std::collections::BTreeSet;

/// One committed phase whose public messages an undo or redo changed.
#[derive(Clone, Debug, PartialEq)]
pub struct Correction {
    /// The undo or redo entry that made the change.
    pub by: u64,
    /// The phase's place in the game's history.
    pub position: usize,
    /// The phase as the players read it, and as it reads now.
    pub before: CommittedPhase,
    pub after: CommittedPhase,
}

/// Every correction of the game, oldest first.
pub(crate) fn corrections(game: &Game) -> Vec<Correction> {
    let entries = game.entries();
    let mut out = Vec::new();
    let mut undone = BTreeSet::new();
    for (i, e) in entries.iter().enumerate() {
        let (Entry::Undo(target) | Entry::Redo(target)) = e.entry else {
            continue;
        };
        // Only a toggle of an entry some standing commit came after can change a read post;
        // taking back a commit itself withdraws its post instead (the console says so).
        let committed_after = entries[..i].iter().any(|c| {
            matches!(c.entry, Entry::Resolve) && c.seq > target && !undone.contains(&c.seq)
        });
        let is_commit = entries
            .iter()
            .any(|c| c.seq == target && matches!(c.entry, Entry::Resolve));
        if matches!(e.entry, Entry::Undo(_)) {
            undone.insert(target);
        } else {
            undone.remove(&target);
        }
        if !committed_after || is_commit {
            continue;
        }
        let (Some(before), Some(after)) =
            (game.state_after_entries(i), game.state_after_entries(i + 1))
        else {
            continue;
        };
        for (position, (b, a)) in before.history.iter().zip(&after.history).enumerate() {
            if public(&b.outcome.messages) != public(&a.outcome.messages) {
                out.push(Correction {
                    by: e.seq,
                    position,
                    before: b.clone(),
                    after: a.clone(),
                });
            }
        }
    }
    out
}

/// The corrections made while a phase was open: the committed one at `position` in the
/// history, or the current phase (`None`). They belong in that phase's post.
pub fn corrections_during(game: &Game, position: Option<usize>) -> Vec<&Correction> {
    let commits = game.commit_seqs();
    // The phase opened with the commit before it and closed with its own.
    let (opened, closed) = match position {
        Some(p) => (
            p.checked_sub(1).and_then(|q| commits.get(q).copied()),
            commits.get(p).copied(),
        ),
        None => (commits.last().copied(), None),
    };
    let (after, until) = (opened.unwrap_or(0), closed.unwrap_or(u64::MAX));
    game.corrections()
        .iter()
        .filter(|c| c.by > after && c.by < until)
        .collect()
}

fn public(messages: &[Message]) -> Vec<&str> {
    messages
        .iter()
        .filter(|m| m.audience == Audience::Public)
        .map(|m| m.text.as_str())
        .collect()
}
