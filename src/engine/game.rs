//! The event-sourced game: setup, seed, embedded roleset and the host's entries. The state is
//! always `replay(entries that are not undone)`; undo and redo are entries too.

use super::entry::{Entry, HostCommand, LoggedEntry, Pending, PendingKind};
use super::error::Refusal;
use super::outcome::{Audience, Death, Message, Outcome};
use super::published::Published;
use super::resolve::{resolve_phase, resolve_phase_of};
use super::setup::{PlayerSetup, Setup};
use super::setup::{check_names, check_setup};
use super::state::{GameState, RoleChange, Slot, SlotId, StatusInfo};
use super::system::{
    ActQuery, MODKILL_CAUSE, MODKILL_TEMPLATE, REPLACED_TEMPLATE, REVIVE_TEMPLATE, Registry,
    RuleSystem,
};
use super::tally::Tally;
use super::template::render;
use super::validate::{
    CheckedAct, check_act, checked_vote, find_slot, no_ballot_refusal, open_ballot,
};
use crate::rules::{BallotDef, Roleset, TargetKind};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// The save format version this build writes and reads.
pub const SAVE_VERSION: u32 = 1;

/// Everything a save holds. The roleset is embedded so an old game replays the same way even
/// after the roleset file changes.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(rename = "Game", deny_unknown_fields)]
pub struct GameFile {
    pub version: u32,
    pub name: String,
    pub seed: u64,
    pub setup: Setup,
    pub entries: Vec<LoggedEntry>,
    pub roleset: Roleset,
    /// Every post a commit published, as the players read it, in the order they were
    /// published (`published.rs`). A save written before posts were kept gets them from a
    /// replay of its log, entry by entry, when it loads.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub published: Vec<Published>,
}

/// Why a game file does not load: the field at fault (`roleset.abilities[3].stage`,
/// `entries[12]`) and what is wrong.
#[derive(Debug, Clone, PartialEq)]
pub struct LoadError {
    pub field: String,
    pub message: String,
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.field, self.message)
    }
}

/// What a vote would meet if it were entered now ([`Game::check_vote`]).
#[derive(Clone, Debug, PartialEq)]
pub struct VoteCheck {
    /// The ballot's id (the open ballot for a vote that names none).
    pub ballot: String,
    pub voter: SlotId,
    /// The target, made canonical.
    pub target: String,
    /// Why it may not count as the host means it: the rule system's warnings (an improper vote
    /// is recorded and does not count) and, where the rules say nothing of it, a target who is
    /// dead or out of the game.
    pub doubts: Vec<String>,
    /// The targets of the voter's standing votes on the ballot that it would replace.
    pub replaces: Vec<String>,
}

/// A game being played: its file, the rule system its roleset names, and the state derived
/// from them.
#[derive(Clone, Debug)]
pub struct Game {
    file: GameFile,
    system: &'static dyn RuleSystem,
    state: GameState,
    undone: BTreeSet<u64>,
    /// The corrections of committed phases, found once per change of the entries (finding
    /// them replays the game around each one).
    corrections: std::sync::OnceLock<Vec<super::correction::Correction>>,
    /// The game right after each entry that changed someone's roles, found once per change of
    /// the entries (finding them replays the game; the console redraws the role PMs often).
    role_change_states: std::sync::OnceLock<Vec<(u64, GameState)>>,
    /// The save's published posts and its replay's part here (`first_difference`): the game
    /// is shown read-only, never written over, so nothing is saved from a game it is not.
    replay_differs: Option<ReplayDiffers>,
}

impl Game {
    /// Start a game with the rule system of the registry its roleset names. Names a new game
    /// does not take ([`super::setup::check_names`]) and setup errors refuse it, naming the
    /// part of the setup at fault where there is one (`Refusal::place`); the warnings are
    /// returned for the host to read.
    pub fn create(
        name: &str,
        roleset: Roleset,
        setup: Setup,
        seed: u64,
        systems: &Registry,
    ) -> Result<(Game, Vec<String>), Refusal> {
        let system = systems.system_for(&roleset)?;
        if let Some(error) = check_names(&setup).into_iter().next() {
            return Err(error);
        }
        let report = check_setup(system, &roleset, &setup);
        if let Some(error) = report.errors.into_iter().next() {
            return Err(error);
        }
        let file = GameFile {
            version: SAVE_VERSION,
            name: name.to_string(),
            seed,
            setup,
            entries: Vec::new(),
            roleset,
            published: Vec::new(),
        };
        let state = initial_state(&file.roleset, &file.setup);
        Ok((
            Game {
                file,
                system,
                state,
                undone: BTreeSet::new(),
                corrections: Default::default(),
                role_change_states: Default::default(),
                replay_differs: None,
            },
            report.warnings,
        ))
    }

    /// Rebuild a game from its file by replaying every entry, with the rule system of the
    /// registry its embedded roleset names.
    /// A game from its file: the embedded roleset checked exactly as a roleset file is (its
    /// data and the ids its rule system's code relies on), the setup checked, the entries
    /// numbered in order, then replayed. A save that fails any of it is refused, never played
    /// into a different game.
    pub fn from_file(mut file: GameFile, systems: &Registry) -> Result<Game, LoadError> {
        let at = |field: String, message: String| LoadError { field, message };
        let system = systems
            .system_for(&file.roleset)
            .map_err(|e| at("roleset.mechanics".into(), e.message))?;
        system.upgrade_roleset(&mut file.roleset);
        let problems = crate::rules::lint_roleset(&file.roleset)
            .into_iter()
            .chain(systems.lint(&file.roleset));
        if let Some(p) = problems.into_iter().next() {
            return Err(at(format!("roleset.{}", p.field), p.message));
        }
        let report = check_setup(system, &file.roleset, &file.setup);
        if let Some(error) = report.errors.into_iter().next() {
            let field = match &error.place {
                Some(place) => format!("setup.{}", place.path()),
                None => "setup".into(),
            };
            return Err(at(field, format!("setup: {}", error.message)));
        }
        let mut last = 0;
        for (i, e) in file.entries.iter().enumerate() {
            if e.seq <= last || e.seq == u64::MAX {
                return Err(at(
                    format!("entries[{i}].seq"),
                    format!(
                        "entry number {} does not follow {last}: entries are numbered upwards from 1, below {}",
                        e.seq,
                        u64::MAX
                    ),
                ));
            }
            last = e.seq;
        }
        let undone = undone_set(&file.entries);
        let entry_error = |(seq, e): (u64, Refusal)| {
            let i = file.entries.iter().position(|x| x.seq == seq).unwrap_or(0);
            at(format!("entries[{i}]"), format!("entry #{seq}: {e}"))
        };
        // One walk of the log gives the posts as published and the state: after its last undo
        // or redo the walk has replayed the entries without those taken back, and nothing after
        // that toggle can have been taken back.
        let (walked, state) = walk_log(system, &file).map_err(entry_error)?;
        let replay_differs = if file.published.is_empty() {
            file.published = walked;
            None
        } else {
            first_difference(&file.published, &walked)
        };
        Ok(Game {
            file,
            system,
            state,
            undone,
            corrections: Default::default(),
            role_change_states: Default::default(),
            replay_differs,
        })
    }

    pub fn file(&self) -> &GameFile {
        &self.file
    }
    /// Where the save's published posts and its replay part, if they do.
    pub fn replay_differs(&self) -> Option<&ReplayDiffers> {
        self.replay_differs.as_ref()
    }
    pub fn state(&self) -> &GameState {
        &self.state
    }
    pub fn roleset(&self) -> &Roleset {
        &self.file.roleset
    }
    /// The rule system that runs this game.
    pub fn system(&self) -> &'static dyn RuleSystem {
        self.system
    }
    /// The live count of the current phase's votes, as the rule system counts them.
    /// Only the ballots open now are counted: a ru-city Day 2 does not show Day 1's election.
    pub fn tally(&self) -> Tally {
        let mut tally = self
            .system
            .tally(&self.file.roleset, &self.state, self.file.seed);
        let open: Vec<String> = self.open_ballots().iter().map(|b| b.id.clone()).collect();
        tally.ballots.retain(|b| open.contains(&b.id));
        tally
    }
    /// The refusal a vote gets now if no ballot is open, saying what comes next.
    pub fn no_ballot_refusal(&self) -> Refusal {
        no_ballot_refusal(self.system, &self.file.roleset, &self.state)
    }
    /// The abilities this slot may use now, as the rules (generic and the system's) see them
    /// before any target is chosen; the error says why there are none.
    pub fn usable_abilities(&self, slot: &Slot) -> Result<Vec<&crate::rules::AbilityDef>, String> {
        super::validate::usable_abilities(self.system, &self.file.roleset, &self.state, slot)
    }
    /// The ballot a vote without a ballot name goes to now, if any.
    pub fn open_ballot(&self) -> Option<&crate::rules::BallotDef> {
        open_ballot(self.system, &self.file.roleset, &self.state)
    }
    /// The ballots a vote can go to now: the one the system has open, or, where the system does
    /// not decide, every ballot of the phase (a 1923 day has two); none in a round of a
    /// multi-round day that has no vote.
    pub fn open_ballots(&self) -> Vec<&crate::rules::BallotDef> {
        let roleset = &self.file.roleset;
        if let Some(id) = self.system.open_ballot(roleset, &self.state) {
            return roleset.ballot(&id).into_iter().collect();
        }
        if self.round().is_some() {
            return Vec::new();
        }
        let kind = self.state.phase_kind(roleset);
        roleset.ballots.iter().filter(|b| b.open_in(kind)).collect()
    }
    /// The rule system's state in plain words, as it stands now ([`RuleSystem::facts`]).
    pub fn facts(&self) -> super::system::Facts {
        self.system.facts(&self.file.roleset, &self.state)
    }

    /// Whether the rules would take this action now, without entering it (the reading of a
    /// pasted message asks, so that a suggestion the rules refuse is a `?`, not an entry).
    pub fn check_act(
        &self,
        actor: &str,
        ability: &str,
        targets: &[String],
        params: &BTreeMap<String, String>,
    ) -> Result<(), Refusal> {
        let (roleset, state) = (&self.file.roleset, &self.state);
        checked_act(self.system, roleset, state, actor, ability, targets, params).map(|_| ())
    }

    /// What a vote would meet if it were entered now, without entering it: the refusal, or
    /// the vote with its doubts and the votes of his it replaces. The console says these
    /// before the host's Enter, since an improper vote is otherwise accepted in silence.
    pub fn check_vote(
        &self,
        ballot: Option<&str>,
        voter: &str,
        target: &str,
        advance: bool,
    ) -> Result<VoteCheck, Refusal> {
        let roleset = &self.file.roleset;
        let state = &self.state;
        let vote = checked_vote(self.system, roleset, state, ballot, voter, target, advance)?;
        let mut doubts = vote.warnings;
        // After the game the dead are candidates like anyone (ru-city's best players).
        let names_a_player = roleset
            .ballot(&vote.ballot)
            .is_some_and(|b| b.target == TargetKind::Player && !b.after_game);
        if doubts.is_empty()
            && names_a_player
            && let Some(t) = state.slot_by_name(&vote.target)
        {
            if !t.alive {
                doubts.push(format!("{} is dead", t.name));
            } else if let Some(status) = state.out_of_game(t) {
                doubts.push(format!("{} is {status}", t.name));
            }
        }
        let keep = votes_kept(roleset, &vote.ballot);
        let replaces: Vec<String> = replaced_votes(state, &vote.ballot, vote.voter, keep)
            .into_iter()
            .filter_map(|i| match &state.pending[i].kind {
                PendingKind::Vote { target, .. } => Some(target.clone()),
                _ => None,
            })
            .collect();
        Ok(VoteCheck {
            ballot: vote.ballot,
            voter: vote.voter,
            target: vote.target,
            doubts,
            replaces,
        })
    }
    /// Whether the rules take a vote that counts from this player on this ballot now, whatever
    /// its target (`validate::may_vote`): the checks an entry meets, so no second list of who
    /// votes is kept beside the rules.
    pub fn may_vote(&self, ballot: &BallotDef, voter: &Slot) -> bool {
        super::validate::may_vote(self.system, &self.file.roleset, &self.state, ballot, voter)
    }
    pub fn entries(&self) -> &[LoggedEntry] {
        &self.file.entries
    }
    pub fn is_undone(&self, seq: u64) -> bool {
        self.undone.contains(&seq)
    }
    pub fn phase_name(&self) -> String {
        self.state.phase_name(&self.file.roleset)
    }
    /// The id of the round open now, in a phase of several named rounds.
    pub fn round(&self) -> Option<&'static str> {
        self.system.round(&self.state)
    }
    /// The phase and its open round as the host sees them: `Day 2 · vote`; once the game is
    /// over, `game over after Night 4` (the phase counter then points at a phase that never
    /// comes).
    pub fn phase_label(&self) -> String {
        let roleset = &self.file.roleset;
        match (&self.state.game_over, self.state.history.last()) {
            (Some(_), Some(last)) => format!(
                "game over after {}",
                roleset.phase_label(last.index, last.round.as_deref())
            ),
            (Some(_), None) => "game over".into(),
            (None, _) => roleset.phase_label(self.state.phase, self.round()),
        }
    }
    /// The next entry's number; `None` once the log has used every number (a hand-edited save).
    fn next_seq(&self) -> Option<u64> {
        match self.file.entries.last() {
            Some(e) => e.seq.checked_add(1),
            None => Some(1),
        }
    }

    /// Accept an entry or refuse it; a refused entry changes nothing.
    pub fn submit(&mut self, entry: Entry, at: Option<u64>) -> Result<u64, Refusal> {
        self.submit_posted(entry, at, None)
    }

    /// [`Game::submit`] for an entry read from a player's post, keeping when it was posted.
    pub fn submit_posted(
        &mut self,
        entry: Entry,
        at: Option<u64>,
        posted: Option<String>,
    ) -> Result<u64, Refusal> {
        let seq = self.next_seq().ok_or_else(|| {
            Refusal::new(
                "log_full",
                "the entry log has used every entry number; no entry can be added to this save",
            )
        })?;
        // An override names a step of this phase's resolution: a key that names none would be
        // a verdict on nothing, accepted in silence (checked when entered, not on replay, so
        // older saves still load).
        if let Entry::Override { step, .. } = &entry
            && !step.trim().is_empty()
            && !self.preview().steps.iter().any(|s| s.key == *step)
        {
            return Err(Refusal::new(
                "unknown_step",
                format!(
                    "no step `{step}` in this phase's resolution; the queue pane shows each step's key"
                ),
            ));
        }
        let logged = LoggedEntry {
            seq,
            at,
            posted,
            entry,
        };
        let committed_before = self.state.history.len();
        match &logged.entry {
            Entry::Undo(target) | Entry::Redo(target) => {
                let undo = matches!(logged.entry, Entry::Undo(_));
                let target = *target;
                let found = self
                    .file
                    .entries
                    .iter()
                    .find(|e| e.seq == target)
                    .ok_or_else(|| {
                        Refusal::new("unknown_entry", format!("there is no entry #{target}"))
                    })?;
                if matches!(found.entry, Entry::Undo(_) | Entry::Redo(_)) {
                    return Err(Refusal::new(
                        "undo_of_undo",
                        "undo and redo entries cannot be undone; use redo or undo on the entry itself",
                    ));
                }
                let mut undone = self.undone.clone();
                let changed = if undo {
                    undone.insert(target)
                } else {
                    undone.remove(&target)
                };
                if !changed {
                    let what = if undo { "already undone" } else { "not undone" };
                    return Err(Refusal::new(
                        "undo_state",
                        format!("entry #{target} is {what}"),
                    ));
                }
                let state = replay(self.system, &self.file, &undone).map_err(|(seq, e)| {
                    Refusal::new(
                        "undo_conflict",
                        format!("this would make entry #{seq} invalid: {}", e.message),
                    )
                })?;
                self.state = state;
                self.undone = undone;
            }
            _ => apply(
                self.system,
                &self.file.roleset,
                self.file.seed,
                &mut self.state,
                &logged,
            )?,
        }
        self.file.entries.push(logged);
        self.corrections = Default::default();
        self.role_change_states = Default::default();
        let at = self.file.entries.len() - 1;
        let records = new_records(&self.file, &self.state, committed_before, at, |s| {
            self.undone.contains(&s)
        });
        self.file.published.extend(records);
        Ok(seq)
    }

    /// Nothing is open any more: the game is over and has no vote after the game left to
    /// count. Its last post is the last word; there is no draft to show.
    pub fn is_finished(&self) -> bool {
        self.state.game_over.as_ref().is_some_and(|over| {
            over.after_game_counted || !self.file.roleset.ballots.iter().any(|b| b.after_game)
        })
    }

    /// The post of the committed round at `position` as it was published; `None` for a
    /// round that is not committed.
    pub fn published(&self, position: usize) -> Option<&Published> {
        self.state.history.get(position)?;
        super::published::latest(&self.file.published, position)
    }

    /// The preview with the state it leaves: what the post would say and who would be alive.
    pub fn preview_and_after(&self) -> (Outcome, GameState) {
        resolve_phase(self.system, &self.file.roleset, &self.state, self.file.seed)
    }

    /// Resolve the current phase without committing: what would happen now.
    pub fn preview(&self) -> Outcome {
        resolve_phase(self.system, &self.file.roleset, &self.state, self.file.seed).0
    }

    /// The game's state as it stood after its first `n` entries (undo and redo included).
    pub fn state_after_entries(&self, n: usize) -> Option<GameState> {
        let entries = self.file.entries.get(..n)?;
        replay_entries(self.system, &self.file, entries, &undone_set(entries)).ok()
    }

    /// The game as the roles were dealt, before any entry: what the role PMs sent at the start
    /// describe.
    pub fn dealt_state(&self) -> GameState {
        initial_state(&self.file.roleset, &self.file.setup)
    }

    /// The game right after each entry that changed a slot's own roles (see
    /// [`GameState::role_changes`]), with that entry's number: what the role PM a change sends
    /// describes (the new role, the partners then). The replay follows the game's own
    /// history, so entries undone now stay undone in it.
    pub fn states_after_role_changes(&self) -> &[(u64, GameState)] {
        self.role_change_states.get_or_init(|| {
            let wanted: BTreeSet<u64> = self.state.role_changes.iter().map(|c| c.seq).collect();
            let mut out = Vec::new();
            if wanted.is_empty() {
                return out;
            }
            let entries = &self.file.entries;
            // The whole replay succeeded when the game was built, so this one does as well.
            let _ = replay_entries_with(self.system, &self.file, entries, &self.undone, |e, s| {
                if wanted.contains(&e.seq) {
                    out.push((e.seq, s.clone()));
                }
                out.len() < wanted.len()
            });
            out
        })
    }

    /// The game right after each commit that stands, in the order of the history: who was in
    /// which group when a committed phase's messages to it were sent (the ledger of what each
    /// player was told).
    pub fn states_after_commits(&self) -> Vec<GameState> {
        let mut out = Vec::new();
        let entries = &self.file.entries;
        // The whole replay succeeded when the game was built, so this one does as well.
        let _ = replay_entries_with(self.system, &self.file, entries, &self.undone, |e, s| {
            if matches!(e.entry, Entry::Resolve) {
                out.push(s.clone());
            }
            true
        });
        out
    }

    /// Every correction of a committed phase, oldest first (see `correction`).
    pub fn corrections(&self) -> &[super::correction::Correction] {
        self.corrections
            .get_or_init(|| super::correction::corrections(self))
    }

    /// The current phase's preview as it stood after the first `n` entries, with the state
    /// after it: what a draft edited then was written against.
    pub fn preview_after_entries(&self, n: usize) -> Option<(Outcome, GameState)> {
        let state = self.state_after_entries(n)?;
        Some(resolve_phase(
            self.system,
            &self.file.roleset,
            &state,
            self.file.seed,
        ))
    }

    /// The host's edit of the current post, when the results changed after he wrote it: the
    /// generated post's facts as they stood at his last edit, against `preview` and `after`
    /// (the resolution now). `None` when there is no edit or it is up to date.
    pub fn stale_post(
        &self,
        preview: &Outcome,
        after: &GameState,
    ) -> Option<super::published::StalePost> {
        use super::published::{PostFacts, StalePost};
        let edit = self.state.draft_edit.clone()?;
        let opened = self.commit_seqs().last().copied().unwrap_or(0);
        let edit_at = self.file.entries.iter().rposition(|e| {
            e.seq > opened && matches!(e.entry, Entry::EditPost(_)) && !self.is_undone(e.seq)
        })?;
        let (then_outcome, then_after) = self.preview_after_entries(edit_at + 1)?;
        let roleset = &self.file.roleset;
        let then = PostFacts::of(roleset, &then_outcome, &then_after);
        let now = PostFacts::of(roleset, preview, after);
        (then != now).then_some(StalePost { edit, then, now })
    }

    /// The entry numbers of the commits that stand, in the order of the history they made.
    pub fn commit_seqs(&self) -> Vec<u64> {
        self.file
            .entries
            .iter()
            .filter(|e| matches!(e.entry, Entry::Resolve) && !self.undone.contains(&e.seq))
            .map(|e| e.seq)
            .collect()
    }

    /// The most recent entry that undo would take back, if any.
    pub fn last_undoable(&self) -> Option<u64> {
        self.file
            .entries
            .iter()
            .rev()
            .find(|e| {
                !matches!(e.entry, Entry::Undo(_) | Entry::Redo(_)) && !self.undone.contains(&e.seq)
            })
            .map(|e| e.seq)
    }

    /// The most recently undone entry, if redo can put it back.
    pub fn last_redoable(&self) -> Option<u64> {
        self.file.entries.iter().rev().find_map(|e| match e.entry {
            Entry::Undo(t) if self.undone.contains(&t) => Some(t),
            _ => None,
        })
    }
}

/// The set of entries undone after all undo and redo entries are taken into account.
fn undone_set(entries: &[LoggedEntry]) -> BTreeSet<u64> {
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
fn new_records(
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
fn walk_log(
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
fn first_difference(kept: &[Published], replayed: &[Published]) -> Option<ReplayDiffers> {
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
fn replay(
    system: &dyn RuleSystem,
    file: &GameFile,
    undone: &BTreeSet<u64>,
) -> Result<GameState, (u64, Refusal)> {
    replay_entries(system, file, &file.entries, undone)
}

/// Replay some of the file's entries (the first n of them: the game as it stood then).
fn replay_entries(
    system: &dyn RuleSystem,
    file: &GameFile,
    entries: &[LoggedEntry],
    undone: &BTreeSet<u64>,
) -> Result<GameState, (u64, Refusal)> {
    replay_entries_with(system, file, entries, undone, |_, _| true)
}

/// Replay some of the file's entries, showing `after` each entry applied and the state it
/// left; the replay stops early, with that state, once `after` says `false`.
fn replay_entries_with(
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
fn starting_statuses(roleset: &Roleset, player: &PlayerSetup) -> BTreeMap<String, StatusInfo> {
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
pub fn initial_state(roleset: &Roleset, setup: &Setup) -> GameState {
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

/// Apply one entry to the state, and note each change it makes to a slot's own roles. Comparing
/// every slot's roles before and after the entry catches every way a role changes (a rule
/// system's steal, inheritance or conversion at a commit, the host's command) in one place,
/// with the phase it happened in, and asks nothing of the rule systems.
fn apply(
    system: &dyn RuleSystem,
    roleset: &Roleset,
    seed: u64,
    state: &mut GameState,
    e: &LoggedEntry,
) -> Result<(), Refusal> {
    // Only a commit (the rules at work) or a host command changes roles; an action or a vote
    // waits in the pending list. Sparing the others their snapshots keeps a long replay fast.
    if !matches!(e.entry, Entry::Resolve | Entry::Host(_)) {
        return apply_entry(system, roleset, seed, state, e);
    }
    let before: Vec<Vec<String>> = state.slots.iter().map(Slot::own_role_list).collect();
    let (phase, position) = (state.phase, state.history.len());
    apply_entry(system, roleset, seed, state, e)?;
    let by_host = matches!(e.entry, Entry::Host(_));
    let changes: Vec<RoleChange> = state
        .slots
        .iter()
        .zip(before)
        .filter_map(|(slot, before)| {
            let after = slot.own_role_list();
            if after == before {
                return None;
            }
            Some(RoleChange {
                slot: slot.id,
                seq: e.seq,
                by_host,
                phase,
                position,
                before,
                after,
            })
        })
        .collect();
    state.role_changes.extend(changes);
    Ok(())
}

/// An action met by every rule that can refuse it, the rule system's own included.
fn checked_act(
    system: &dyn RuleSystem,
    roleset: &Roleset,
    state: &GameState,
    actor: &str,
    ability: &str,
    targets: &[String],
    params: &BTreeMap<String, String>,
) -> Result<CheckedAct, Refusal> {
    let pending = state
        .slot_by_name(actor)
        .map(|s| system.pending_roles(roleset, state, s.id))
        .unwrap_or_default();
    let checked = check_act(roleset, state, actor, ability, targets, params, &pending)?;
    system.usable_refusal(roleset, state, checked.actor, ability)?;
    check_exclusive(roleset, state, checked.actor, ability)?;
    system.act_refusal(&ActQuery {
        roleset,
        state,
        actor: checked.actor,
        ability,
        targets: &checked.targets,
        params: &checked.params,
    })?;
    Ok(checked)
}

/// Apply one entry to the state. Every check happens before anything changes.
fn apply_entry(
    system: &dyn RuleSystem,
    roleset: &Roleset,
    seed: u64,
    state: &mut GameState,
    e: &LoggedEntry,
) -> Result<(), Refusal> {
    match &e.entry {
        Entry::Act {
            actor,
            ability,
            targets,
            params,
        } => {
            let checked = checked_act(system, roleset, state, actor, ability, targets, params)?;
            let group = roleset.ability(ability).and_then(|a| a.group.clone());
            let repeatable = roleset.ability(ability).is_some_and(|a| a.repeatable);
            for p in state
                .pending
                .iter_mut()
                .filter(|p| p.replaced_by.is_none() && !repeatable)
            {
                if let PendingKind::Act {
                    actor: a,
                    ability: b,
                    ..
                } = &p.kind
                    && b == ability
                    && (*a == checked.actor || group.is_some())
                {
                    p.replaced_by = Some(e.seq);
                }
            }
            state.pending.push(Pending {
                seq: e.seq,
                at: e.at,
                posted: e.posted.clone(),
                kind: PendingKind::Act {
                    actor: checked.actor,
                    ability: ability.clone(),
                    targets: checked.targets,
                    params: checked.params,
                },
                replaced_by: None,
                warnings: Vec::new(),
                advance: false,
            });
        }
        Entry::Vote {
            ballot,
            voter,
            target,
        }
        | Entry::AdvanceVote {
            ballot,
            voter,
            target,
        } => {
            let advance = matches!(e.entry, Entry::AdvanceVote { .. });
            let vote = checked_vote(
                system,
                roleset,
                state,
                ballot.as_deref(),
                voter,
                target,
                advance,
            )?;
            let keep = votes_kept(roleset, &vote.ballot);
            replace_votes(state, &vote.ballot, vote.voter, e.seq, keep);
            state.pending.push(Pending {
                seq: e.seq,
                at: e.at,
                posted: e.posted.clone(),
                kind: PendingKind::Vote {
                    ballot: vote.ballot,
                    voter: vote.voter,
                    target: vote.target,
                },
                replaced_by: None,
                warnings: vote.warnings,
                advance,
            });
        }
        Entry::Unvote { ballot, voter } => {
            let ballot = match ballot {
                Some(b) => b.clone(),
                None => open_ballot(system, roleset, state)
                    .map(|b| b.id.clone())
                    .ok_or_else(|| no_ballot_refusal(system, roleset, state))?,
            };
            let voter = find_slot(state, voter)?.id;
            let has_vote = state.pending.iter().any(|p| {
                p.replaced_by.is_none()
                    && matches!(&p.kind, PendingKind::Vote { ballot: b, voter: v, .. } if *b == ballot && *v == voter)
            });
            if !has_vote {
                return Err(Refusal::new(
                    "no_vote",
                    format!("there is no vote to take back on the {ballot} ballot"),
                ));
            }
            replace_votes(state, &ballot, voter, e.seq, 0);
            state.pending.push(Pending {
                seq: e.seq,
                at: e.at,
                posted: e.posted.clone(),
                kind: PendingKind::Unvote { ballot, voter },
                replaced_by: None,
                warnings: Vec::new(),
                advance: false,
            });
        }
        Entry::Host(cmd) => apply_host(roleset, state, cmd)?,
        Entry::Override {
            step,
            verdict,
            reason,
        } => {
            if step.trim().is_empty() {
                return Err(Refusal::new(
                    "override",
                    "an override names the key of a step",
                ));
            }
            if state.game_over.is_some() {
                return Err(Refusal::new("game_over", "the game is over"));
            }
            state
                .overrides
                .insert(step.clone(), (*verdict, reason.clone()));
        }
        Entry::ReorderStages(order) => {
            let mut given: Vec<&String> = order.iter().collect();
            let mut known: Vec<&String> = roleset.stages.iter().map(|s| &s.id).collect();
            given.sort();
            known.sort();
            if given != known {
                return Err(Refusal::new(
                    "stage_order",
                    format!(
                        "a new order must name every stage once: {}",
                        roleset
                            .stages
                            .iter()
                            .map(|s| s.id.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                ));
            }
            state.stage_order = order.clone();
        }
        Entry::EditPost(text) => {
            state.draft_edit = if text.trim().is_empty() {
                None
            } else {
                Some(text.clone())
            };
        }
        Entry::Resolve => {
            let mut round = system.round(state).map(str::to_string);
            if let Some(over) = &state.game_over {
                // Once over, a game resolves only its vote after the game, once.
                let after = roleset.ballots.iter().find(|b| b.after_game);
                match after {
                    Some(b) if !over.after_game_counted => round = Some(b.id.clone()),
                    _ => return Err(Refusal::new("game_over", "the game is over")),
                }
            }
            let last_deadline = state.deadlines.get(&state.phase).cloned();
            let (outcome, next) = resolve_phase_of(system, roleset, std::mem::take(state), seed);
            *state = next;
            let after_game = state.game_over.is_some() && round.is_some() && {
                let r = round.as_deref();
                roleset
                    .ballots
                    .iter()
                    .any(|b| b.after_game && Some(b.id.as_str()) == r)
            };
            commit(roleset, state, outcome, round);
            default_deadline(roleset, state, last_deadline);
            if after_game && let Some(over) = &mut state.game_over {
                over.after_game_counted = true;
            }
        }
        Entry::Undo(_) | Entry::Redo(_) => {}
    }
    Ok(())
}

/// A phase opened by a commit, after a phase with a deadline, gets the deadline its kind's
/// length later (the roleset's `phases.hours`), unless the host set one: a deadline follows
/// from the last, never from the clock, so a replay gives the same one.
fn default_deadline(
    roleset: &Roleset,
    state: &mut GameState,
    last: Option<super::deadline::Deadline>,
) {
    let kind = roleset.phase_kind(state.phase);
    let (Some(last), Some(hours)) = (last, roleset.phases.hours.get(&kind)) else {
        return;
    };
    if state.game_over.is_some() || state.deadlines.contains_key(&state.phase) {
        return;
    }
    let next = super::deadline::Deadline {
        unix: last.unix + i64::from(*hours) * 3_600,
        zone: last.zone,
    };
    state.deadlines.insert(state.phase, next);
}

/// An ability of an exclusive group is refused while the actor has another of the group
/// standing this phase: the host undoes that one first.
fn check_exclusive(
    roleset: &Roleset,
    state: &GameState,
    actor: usize,
    ability: &str,
) -> Result<(), Refusal> {
    let Some(group) = roleset
        .ability(ability)
        .and_then(|a| a.exclusive.as_deref())
    else {
        return Ok(());
    };
    let standing = super::resolve::live_acts(state).find(|a| {
        a.actor == actor
            && a.ability != ability
            && roleset
                .ability(a.ability)
                .is_some_and(|d| d.exclusive.as_deref() == Some(group))
    });
    match standing {
        Some(other) => Err(Refusal::new(
            "one_move",
            format!(
                "{} already sent `{}` this phase: one move of `{group}` a phase; undo it first",
                state.slots[actor].name, other.ability
            ),
        )),
        None => Ok(()),
    }
}

/// Mark the voter's live votes on the ballot as replaced by `seq`, all but the newest `keep`.
fn replace_votes(state: &mut GameState, ballot: &str, voter: usize, seq: u64, keep: usize) {
    for i in replaced_votes(state, ballot, voter, keep) {
        state.pending[i].replaced_by = Some(seq);
    }
}

/// Where in `pending` the voter's live votes on the ballot are that a new entry replaces when
/// he keeps `keep` of them: the oldest first.
fn replaced_votes(state: &GameState, ballot: &str, voter: usize, keep: usize) -> Vec<usize> {
    let live: Vec<usize> = state
        .pending
        .iter()
        .enumerate()
        .filter(|(_, p)| {
            p.replaced_by.is_none()
                && matches!(&p.kind, PendingKind::Vote { ballot: b, voter: v, .. } if *v == voter && b == ballot)
        })
        .map(|(i, _)| i)
        .collect();
    let replaced = live.len().saturating_sub(keep);
    live.into_iter().take(replaced).collect()
}

/// How many of his earlier votes on a ballot a voter keeps when he votes again: one fewer than
/// the ballot lets him hold at once (`per_voter`, one by default).
fn votes_kept(roleset: &Roleset, ballot: &str) -> usize {
    roleset
        .ballot(ballot)
        .and_then(|b| b.per_voter)
        .unwrap_or(1)
        .saturating_sub(1) as usize
}

/// Accept an outcome: deliver messages (dead players get public ones only, but for those a
/// status keeps voting), end statuses whose time is up, and start the next phase.
fn commit(roleset: &Roleset, state: &mut GameState, mut outcome: Outcome, round: Option<String>) {
    for m in &mut outcome.messages {
        if let Audience::Slot(id) = m.audience
            && !m.sent_alive
            && state
                .slots
                .get(id)
                .is_some_and(|s| !s.alive && !state.votes_when_dead(roleset, s))
        {
            let name = state
                .slots
                .get(id)
                .map(|s| s.name.clone())
                .unwrap_or_default();
            m.audience = Audience::Host;
            m.text = format!("(not sent: {name} is dead) {}", m.text);
        }
    }
    let phase = state.phase;
    let another_round = outcome.another_round && state.game_over.is_none();
    // A status lasts through every round of the phase it ends in.
    for slot in state.slots.iter_mut().filter(|_| !another_round) {
        slot.statuses
            .retain(|_, info| info.until.is_none_or(|u| u > phase));
        slot.borrowed.retain(|b| b.until.is_none_or(|u| u > phase));
    }
    state.history.push(super::state::CommittedPhase {
        index: phase,
        name: roleset.phase_name(phase),
        outcome,
        edited_post: state.draft_edit.take(),
        round,
    });
    state.pending.clear();
    state.overrides.clear();
    state.host_messages.clear();
    state.host_deaths.clear();
    if another_round {
        state.round += 1;
    } else if state.game_over.is_none() {
        state.phase += 1;
        state.round = 0;
    }
}

/// Actions and votes of the current phase name their player targets as entered; after a
/// replacement they name the new person, so a vote for the slot still counts for the slot.
fn rename_pending_targets(roleset: &Roleset, state: &mut GameState, old: &str, new: &str) {
    for p in &mut state.pending {
        match &mut p.kind {
            PendingKind::Act {
                ability, targets, ..
            } => {
                let Some(def) = roleset.ability(ability) else {
                    continue;
                };
                for (i, t) in targets.iter_mut().enumerate() {
                    if super::validate::target_kind(def, i) == TargetKind::Player && t == old {
                        *t = new.to_string();
                    }
                }
            }
            PendingKind::Vote { ballot, target, .. } => {
                let player_ballot = roleset
                    .ballot(ballot)
                    .is_some_and(|b| b.target == TargetKind::Player);
                if player_ballot && target == old {
                    *target = new.to_string();
                }
            }
            PendingKind::Unvote { .. } => {}
        }
    }
}

fn apply_host(roleset: &Roleset, state: &mut GameState, cmd: &HostCommand) -> Result<(), Refusal> {
    let public = |template: &str, args: &[(&str, String)]| Message {
        audience: Audience::Public,
        template: template.to_string(),
        text: render(roleset.template(template), args),
        sent_alive: false,
    };
    match cmd {
        HostCommand::Modkill(name) => {
            let slot = find_slot(state, name)?;
            // a dead player a status keeps in the game (a WWR ghost) leaves it: the status goes
            if !slot.alive && state.votes_when_dead(roleset, slot) {
                let (id, name) = (slot.id, slot.name.clone());
                state.slots[id]
                    .statuses
                    .retain(|s, _| !roleset.status(s).is_some_and(|d| d.votes_when_dead));
                state
                    .host_messages
                    .push(public(MODKILL_TEMPLATE, &[("player", name)]));
                return Ok(());
            }
            if !slot.alive {
                return Err(Refusal::new(
                    "dead_target",
                    format!("{} is already dead", slot.name),
                ));
            }
            let (id, name) = (slot.id, slot.name.clone());
            let phase = state.phase;
            let s = &mut state.slots[id];
            s.alive = false;
            s.death = Some((phase, MODKILL_CAUSE.into()));
            state.host_deaths.push(Death {
                slot: id,
                cause: MODKILL_CAUSE.into(),
            });
            state
                .host_messages
                .push(public(MODKILL_TEMPLATE, &[("player", name)]));
        }
        HostCommand::Revive(name) => {
            let slot = find_slot(state, name)?;
            if slot.alive {
                return Err(Refusal::new(
                    "alive_target",
                    format!("{} is alive", slot.name),
                ));
            }
            let (id, name) = (slot.id, slot.name.clone());
            state.slots[id].alive = true;
            state.slots[id].death = None;
            state.host_deaths.retain(|d| d.slot != id);
            state
                .host_messages
                .push(public(REVIVE_TEMPLATE, &[("player", name)]));
        }
        HostCommand::SetStatus(name, status) => {
            let id = find_slot(state, name)?.id;
            let def = roleset.status(status).ok_or_else(|| {
                Refusal::new(
                    "unknown_status",
                    format!("the roleset has no status `{status}`"),
                )
            })?;
            let phase = state.phase;
            state.slots[id].statuses.insert(
                def.id.clone(),
                StatusInfo {
                    since: phase,
                    until: def.lasts.map(|n| phase.saturating_add(n)),
                    link: None,
                },
            );
        }
        HostCommand::ClearStatus(name, status) => {
            let slot = find_slot(state, name)?;
            if !slot.has_status(status) {
                return Err(Refusal::new(
                    "no_status",
                    format!("{} is not {status}", slot.name),
                ));
            }
            let id = slot.id;
            state.slots[id].statuses.remove(status);
        }
        HostCommand::Replace(name, new_name) => {
            let new_name = new_name.trim();
            if new_name.is_empty() {
                return Err(Refusal::new("replace", "the new player needs a name"));
            }
            let id = find_slot(state, name)?.id;
            if state.slot_by_name(new_name).is_some_and(|s| s.id != id) {
                return Err(Refusal::new(
                    "replace",
                    format!("another slot is already played by {new_name}"),
                ));
            }
            let old = std::mem::replace(&mut state.slots[id].name, new_name.to_string());
            state.names.forget();
            state.slots[id].former_names.push(old.clone());
            rename_pending_targets(roleset, state, &old, new_name);
            state.host_messages.push(public(
                REPLACED_TEMPLATE,
                &[("new", new_name.to_string()), ("old", old)],
            ));
        }
        HostCommand::ChangeRole(name, role) => {
            let id = find_slot(state, name)?.id;
            if roleset.role(role).is_none() {
                return Err(Refusal::new(
                    "unknown_role",
                    format!("the roleset has no role `{role}`"),
                ));
            }
            state.slots[id].role = role.clone();
        }
        HostCommand::GrantExtra(name, role) => {
            let slot = find_slot(state, name)?;
            if roleset.role(role).is_none() {
                let hint =
                    super::suggest::did_you_mean(role, roleset.roles.iter().map(|r| r.id.as_str()));
                return Err(Refusal::new(
                    "unknown_role",
                    format!("the roleset has no role `{role}`{hint}"),
                ));
            }
            if slot.role == *role || slot.extra_roles.contains(role) {
                return Err(Refusal::new(
                    "has_role",
                    format!("{} already holds {role}", slot.name),
                ));
            }
            let id = slot.id;
            state.slots[id].extra_roles.push(role.clone());
        }
        HostCommand::RevokeExtra(name, role) => {
            let slot = find_slot(state, name)?;
            if !slot.extra_roles.contains(role) {
                return Err(Refusal::new(
                    "no_role",
                    format!("{} holds no extra role {role}", slot.name),
                ));
            }
            let id = slot.id;
            state.slots[id].extra_roles.retain(|r| r != role);
        }
        HostCommand::Message(to, text) => {
            let audience = match to {
                None => Audience::Public,
                Some(name) => Audience::Slot(find_slot(state, name)?.id),
            };
            state.host_messages.push(Message {
                audience,
                template: "host".into(),
                text: text.clone(),
                sent_alive: false,
            });
        }
        HostCommand::Note(text) => {
            state.host_messages.push(Message {
                audience: Audience::Host,
                template: "note".into(),
                text: text.clone(),
                sent_alive: false,
            });
        }
        HostCommand::Mark {
            player,
            text,
            colour,
        } => {
            let slot = find_slot(state, player)?.id;
            let phase = state.phase;
            state.markers.push(super::state::Marker {
                slot,
                phase,
                text: text.clone(),
                colour: colour.clone(),
            });
        }
        HostCommand::Deadline(Some((when, zone))) => {
            let deadline = super::deadline::Deadline::parse(when, zone)
                .map_err(|why| Refusal::new("deadline", why))?;
            state.deadlines.insert(state.phase, deadline);
        }
        HostCommand::Deadline(None) => {
            state.deadlines.remove(&state.phase);
        }
        HostCommand::Unmark(player) => {
            let slot = find_slot(state, player)?.id;
            if !state.markers.iter().any(|m| m.slot == slot) {
                return Err(Refusal::new(
                    "no_marker",
                    format!("{player} has no marker to take off"),
                ));
            }
            state.markers.retain(|m| m.slot != slot);
        }
    }
    Ok(())
}
