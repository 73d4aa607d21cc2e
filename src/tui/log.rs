//! The log of every entry of the game, oldest first, with the phase it was made in and whether
//! it is undone: the host picks any entry and undoes or redoes it (an entry too, so the log
//! keeps the whole story).

use crate::engine::{Entry, Game, HostCommand};

/// One line of the log.
#[derive(Clone, Debug, PartialEq)]
pub struct LogRow {
    pub seq: u64,
    pub at: Option<u64>,
    pub phase: String,
    pub text: String,
    pub undone: bool,
    /// Undo and redo entries themselves cannot be undone.
    pub toggles: bool,
}

/// Every entry with the phase and round it belongs to: the k-th standing commit closed the
/// k-th place of the history (a ru-city day has one per round); entries after the last commit
/// belong to the phase open now.
pub fn rows(game: &Game) -> Vec<LogRow> {
    let roleset = game.roleset();
    let history = &game.state().history;
    let label = |k: usize| match history.get(k) {
        Some(p) => roleset.phase_label(p.index, p.round.as_deref()),
        None => game.phase_label(),
    };
    let mut phase = 0usize;
    let mut out = Vec::with_capacity(game.entries().len());
    for e in game.entries() {
        let undone = game.is_undone(e.seq);
        out.push(LogRow {
            seq: e.seq,
            at: e.at,
            phase: label(phase),
            text: describe(&e.entry),
            undone,
            toggles: !matches!(e.entry, Entry::Undo(_) | Entry::Redo(_)),
        });
        if matches!(e.entry, Entry::Resolve) && !undone {
            phase += 1;
        }
    }
    out
}

/// An entry in words, as the host typed it.
pub fn describe(entry: &Entry) -> String {
    match entry {
        Entry::Act {
            actor,
            ability,
            targets,
            ..
        } => format!("{actor} → {ability} → {}", targets.join(", ")),
        Entry::Vote {
            ballot,
            voter,
            target,
        } => match ballot {
            Some(b) => format!("{voter} votes {target} ({b})"),
            None => format!("{voter} votes {target}"),
        },
        Entry::AdvanceVote {
            ballot,
            voter,
            target,
        } => match ballot {
            Some(b) => format!("{voter} votes {target} ahead by PM ({b})"),
            None => format!("{voter} votes {target} ahead by PM"),
        },
        Entry::Unvote { ballot, voter } => match ballot {
            Some(b) => format!("{voter} withdraws the {b} vote"),
            None => format!("{voter} withdraws the vote"),
        },
        Entry::Host(cmd) => match cmd {
            HostCommand::Modkill(p) => format!("modkill {p}"),
            HostCommand::Revive(p) => format!("revive {p}"),
            HostCommand::SetStatus(p, s) => format!("status {p} +{s}"),
            HostCommand::ClearStatus(p, s) => format!("status {p} -{s}"),
            HostCommand::Replace(p, n) => format!("replace {p} by {n}"),
            HostCommand::ChangeRole(p, r) => format!("role of {p} → {r}"),
            HostCommand::Message(None, t) => format!("message to everyone: {t}"),
            HostCommand::Message(Some(p), t) => format!("message to {p}: {t}"),
            HostCommand::Note(t) => format!("note: {t}"),
        },
        Entry::Override {
            step,
            verdict,
            reason,
        } => format!("override {step} → {verdict:?}: {reason}"),
        Entry::ReorderStages(order) => format!("stage order: {}", order.join(", ")),
        Entry::EditPost(text) => {
            let first = text.lines().next().unwrap_or("");
            format!("edit the public post: {first}…")
        }
        Entry::Resolve => "commit the phase".into(),
        Entry::Undo(seq) => format!("undo #{seq}"),
        Entry::Redo(seq) => format!("redo #{seq}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phases_follow_the_commits() {
        let game = crate::demo::demo_game().expect("demo");
        let rows = rows(&game);
        assert_eq!(rows.first().map(|r| r.phase.as_str()), Some("Night 1"));
        assert_eq!(rows.last().map(|r| r.phase.as_str()), Some("Night 2"));
        assert!(
            rows.iter()
                .any(|r| r.text == "commit the phase" && r.phase == "Day 1")
        );
    }
}
