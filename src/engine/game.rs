//! The event-sourced game: setup, seed, embedded roleset and the host's entries. The state is
//! always `replay(entries that are not undone)`; undo and redo are entries too.

use super::entry::{Entry, LoggedEntry, PendingKind};
use super::error::Refusal;
use super::outcome::Outcome;
use super::published::Published;
use super::resolve::resolve_phase;
use super::setup::Setup;
use super::setup::{check_names, check_setup};
use super::state::{GameState, Slot, SlotId};
use super::system::{Registry, RuleSystem};
use super::tally::Tally;
use super::validate::{checked_vote, no_ballot_refusal, open_ballot};
use crate::rules::{BallotDef, Roleset, TargetKind};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

use super::apply::{apply, checked_act, replaced_votes, votes_kept};
pub use super::replay::ReplayDiffers;
use super::replay::{
    first_difference, initial_state, new_records, replay, replay_entries, replay_entries_with,
    undone_set, walk_log,
};

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
