//! The state a game's log gives: the dealt state (`initial_state`), the entries that are not
//! undone (`undone_set`) replayed over it, the records each replay keeps, and where a replayed
//! post differs from the one kept in the save.

use super::entry::{Entry, LoggedEntry};
use super::error::Refusal;
use super::published::Published;
use super::setup::{PlayerSetup, Setup};
use super::state::{GameState, Slot, StatusInfo};
use super::system::RuleSystem;
use crate::rules::Roleset;
use std::collections::{BTreeMap, BTreeSet};

use super::apply::apply;
use super::game::GameFile;

/// The set of entries undone after all undo and redo entries are taken into account.
pub(super) fn undone_set(entries: &[LoggedEntry]) -> BTreeSet<u64> {
    let mut undone = BTreeSet::new();
    for e in entries {
        match e.entry {
            Entry::Undo(t) => {
                undone.insert(t);
            }
            Entry::Redo(t) => {
                undone.remove(&t);
            }
            _ => {}
        }
    }
    undone
}

/// The posts the entry at `at` published: one for each round its commit added to the history
/// (`before` rounds were committed before it).
pub(super) fn new_records(
    file: &GameFile,
    state: &GameState,
    before: usize,
    at: usize,
    undone: impl Fn(u64) -> bool,
) -> Vec<Published> {
    if state.history.len() <= before {
        return Vec::new();
    }
    let seq = file.entries[at].seq;
    let source = super::published::edit_source(&file.entries, at, undone);
    (before..state.history.len())
        .filter_map(|p| super::published::record(&file.roleset, state, p, seq, source))
        .collect()
}

/// The log walked entry by entry, each commit seen as it stood when it was made (with the
/// undos made by then, not later ones): the posts each commit published, and the state at the
/// end, which is the replay of every entry not undone. It gives a save
/// written before posts were kept its records, and checks a newer save's against its replay.
pub(super) fn walk_log(
    system: &dyn RuleSystem,
    file: &GameFile,
) -> Result<(Vec<Published>, GameState), (u64, Refusal)> {
    let mut records = Vec::new();
    let mut state = initial_state(&file.roleset, &file.setup);
    let mut undone = BTreeSet::new();
    for (i, e) in file.entries.iter().enumerate() {
        let before = state.history.len();
        match e.entry {
            Entry::Undo(t) | Entry::Redo(t) => {
                if matches!(e.entry, Entry::Undo(_)) {
                    undone.insert(t);
                } else {
                    undone.remove(&t);
                }
                state = replay_entries(system, file, &file.entries[..=i], &undone)?;
            }
            _ => apply(system, &file.roleset, file.seed, &mut state, e).map_err(|r| (e.seq, r))?,
        }
        records.extend(new_records(file, &state, before, i, |s| {
            undone.contains(&s)
        }));
    }
    Ok((records, state))
}

/// Where the posts a save keeps part from the posts its replay publishes: `None` when they
/// agree. A save whose roleset or entries were edited by hand into another game says so here
/// instead of replaying into it silently.
pub(super) fn first_difference(
    kept: &[Published],
    replayed: &[Published],
) -> Option<ReplayDiffers> {
    for (post, (k, r)) in kept.iter().zip(replayed).enumerate() {
        if k == r {
            continue;
        }
        let lines = |p: &Published| -> Vec<String> {
            let mut out = p.lines.clone();
            out.extend(p.edited.iter().cloned());
            out.push(format!("alive: {}", p.alive.join(", ")));
            out
        };
        let (was, now) = (lines(k), lines(r));
        let at = was.iter().zip(&now).position(|(a, b)| a != b);
        let (a, b) = match at {
            Some(i) => (was[i].as_str(), now[i].as_str()),
            None => (
                was.get(now.len()).map_or("(nothing)", String::as_str),
                now.get(was.len()).map_or("(nothing)", String::as_str),
            ),
        };
        let message = format!(
            "the post of {} (entry #{}) reads `{a}` in the save, but its replay gives `{b}`",
            k.title, k.seq
        );
        return Some(ReplayDiffers { post, message });
    }
    (kept.len() != replayed.len()).then(|| ReplayDiffers {
        post: kept.len().min(replayed.len()),
        message: format!(
            "the save keeps {} published posts, but its replay publishes {}",
            kept.len(),
            replayed.len()
        ),
    })
}

/// A save whose replay does not publish the posts it keeps: the first post that differs
/// (its place in `GameFile.published`) and how.
#[derive(Clone, Debug, PartialEq)]
pub struct ReplayDiffers {
    pub post: usize,
    pub message: String,
}

/// Replay every entry that is not undone; the first refusal stops it.
pub(super) fn replay(
    system: &dyn RuleSystem,
    file: &GameFile,
    undone: &BTreeSet<u64>,
) -> Result<GameState, (u64, Refusal)> {
    replay_entries(system, file, &file.entries, undone)
}

/// Replay some of the file's entries (the first n of them: the game as it stood then).
pub(super) fn replay_entries(
    system: &dyn RuleSystem,
    file: &GameFile,
    entries: &[LoggedEntry],
    undone: &BTreeSet<u64>,
) -> Result<GameState, (u64, Refusal)> {
    replay_entries_with(system, file, entries, undone, |_, _| true)
}

/// Replay some of the file's entries, showing `after` each entry applied and the state it
/// left; the replay stops early, with that state, once `after` says `false`.
pub(super) fn replay_entries_with(
    system: &dyn RuleSystem,
    file: &GameFile,
    entries: &[LoggedEntry],
    undone: &BTreeSet<u64>,
    mut after: impl FnMut(&LoggedEntry, &GameState) -> bool,
) -> Result<GameState, (u64, Refusal)> {
    let mut state = initial_state(&file.roleset, &file.setup);
    for e in entries {
        if undone.contains(&e.seq) || matches!(e.entry, Entry::Undo(_) | Entry::Redo(_)) {
            continue;
        }
        apply(system, &file.roleset, file.seed, &mut state, e).map_err(|r| (e.seq, r))?;
        if !after(e, &state) {
            break;
        }
    }
    Ok(state)
}

/// The statuses a player starts with: those of every role he holds.
pub(super) fn starting_statuses(
    roleset: &Roleset,
    player: &PlayerSetup,
) -> BTreeMap<String, StatusInfo> {
    std::iter::once(&player.role)
        .chain(&player.extra_roles)
        .filter_map(|r| roleset.role(r))
        .flat_map(|r| r.starts_with.iter())
        .map(|s| {
            let info = StatusInfo {
                since: 0,
                until: None,
                link: None,
            };
            (s.clone(), info)
        })
        .collect()
}

/// The state before any entry.
pub(super) fn initial_state(roleset: &Roleset, setup: &Setup) -> GameState {
    let slots = setup
        .players
        .iter()
        .enumerate()
        .map(|(id, p)| Slot {
            id,
            name: p.name.trim().to_string(),
            former_names: Vec::new(),
            role: p.role.clone(),
            extra_roles: p.extra_roles.clone(),
            family: p.family.clone(),
            level: p.level,
            alive: true,
            death: None,
            statuses: starting_statuses(roleset, p),
            uses: BTreeMap::new(),
            self_uses: BTreeMap::new(),
            own_family_uses: BTreeMap::new(),
            counters: BTreeMap::new(),
            borrowed: Vec::new(),
        })
        .collect();
    GameState {
        phase: 0,
        slots,
        families: setup.family_list(),
        options: setup.options.clone(),
        stage_order: roleset.stages.iter().map(|s| s.id.clone()).collect(),
        pending: Default::default(),
        overrides: BTreeMap::new(),
        draft_edit: None,
        host_messages: Vec::new(),
        host_deaths: Vec::new(),
        history: Default::default(),
        game_over: None,
        round: 0,
        kept: Default::default(),
        markers: Vec::new(),
        deadlines: BTreeMap::new(),
        role_changes: Vec::new(),
        names: Default::default(),
        out_of_game_statuses: roleset
            .statuses
            .iter()
            .filter(|s| s.removes_from_game)
            .map(|s| s.id.clone())
            .collect(),
    }
}
