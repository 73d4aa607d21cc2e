//! Scenario files: a game written as data (setup, the host's entries in order, expectations)
//! and the runner that plays it. Every rule is pinned by scenarios; `cargo test` runs all of
//! `tests/scenarios/`.

mod check;

pub use check::Check;

use crate::engine::outcome::Audience;
use crate::engine::setup::SetupPlace;
use crate::engine::state::CommittedPhase;
use crate::engine::{Entry, Game, HostCommand, PlayerSetup, Setup, Verdict};
use crate::rules::Roleset;
use crate::store::{FileError, parse_ron};
use crate::systems::{SYSTEMS, load_roleset};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    pub name: String,
    /// The source lines this scenario checks (`003_c274ad7fc0965730.txt:85`).
    #[serde(default)]
    pub source: Option<String>,
    /// A bundled roleset id, or a path relative to the scenario file.
    pub roleset: String,
    #[serde(default)]
    pub seed: u64,
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    #[serde(default)]
    pub families: Vec<String>,
    pub players: Vec<PlayerSetup>,
    /// People who only receive public messages; they hold no slot.
    #[serde(default)]
    pub spectators: Vec<String>,
    pub script: Vec<ScriptStep>,
}

/// One step of a scenario's script.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum ScriptStep {
    Act(String, String, Vec<String>),
    ActWith(String, String, Vec<String>, BTreeMap<String, String>),
    Vote(String, String),
    VoteOn(String, String, String),
    /// A vote the player left with the host by PM in advance (voter, target).
    AdvanceVote(String, String),
    Unvote(String),
    UnvoteOn(String, String),
    Host(HostCommand),
    Override(String, Verdict, String),
    ReorderStages(Vec<String>),
    EditPost(String),
    /// Undo the most recent entry that is not undone.
    Undo,
    /// Redo the most recently undone entry.
    Redo,
    Resolve,
    Expect(Check),
    Reject(Box<ScriptStep>),
    /// Like `Reject`, and the refusal must name this rule id (`use_limit`, `wrong_phase`, ...).
    RejectBy(Box<ScriptStep>, String),
}

impl ScriptStep {
    /// The engine entry this step submits, if it is one.
    fn entry(&self, game: &Game) -> Option<Entry> {
        Some(match self.clone() {
            ScriptStep::Act(actor, ability, targets) => Entry::Act {
                actor,
                ability,
                targets,
                params: BTreeMap::new(),
            },
            ScriptStep::ActWith(actor, ability, targets, params) => Entry::Act {
                actor,
                ability,
                targets,
                params,
            },
            ScriptStep::Vote(voter, target) => Entry::Vote {
                ballot: None,
                voter,
                target,
            },
            ScriptStep::VoteOn(ballot, voter, target) => Entry::Vote {
                ballot: Some(ballot),
                voter,
                target,
            },
            ScriptStep::AdvanceVote(voter, target) => Entry::AdvanceVote {
                ballot: None,
                voter,
                target,
            },
            ScriptStep::Unvote(voter) => Entry::Unvote {
                ballot: None,
                voter,
            },
            ScriptStep::UnvoteOn(ballot, voter) => Entry::Unvote {
                ballot: Some(ballot),
                voter,
            },
            ScriptStep::Host(cmd) => Entry::Host(cmd),
            ScriptStep::Override(step, verdict, reason) => Entry::Override {
                step,
                verdict,
                reason,
            },
            ScriptStep::ReorderStages(order) => Entry::ReorderStages(order),
            ScriptStep::EditPost(text) => Entry::EditPost(text),
            ScriptStep::Undo => Entry::Undo(game.last_undoable().unwrap_or(0)),
            ScriptStep::Redo => Entry::Redo(game.last_redoable().unwrap_or(0)),
            ScriptStep::Resolve => Entry::Resolve,
            ScriptStep::Expect(_) | ScriptStep::Reject(_) | ScriptStep::RejectBy(..) => {
                return None;
            }
        })
    }
}

/// How one scenario ended.
#[derive(Debug)]
pub struct ScenarioReport {
    pub path: PathBuf,
    pub name: String,
    /// `None` when it passed; otherwise what went wrong, with the trace.
    pub failure: Option<String>,
}

/// Load a scenario file.
pub fn load_scenario(path: &Path) -> Result<Scenario, FileError> {
    let text = crate::store::read_text(path)?;
    parse_ron(path, &text)
}

fn roleset_for(scenario: &Scenario, path: &Path) -> Result<Roleset, FileError> {
    if crate::systems::builtin(&scenario.roleset).is_some() {
        return load_roleset(&scenario.roleset);
    }
    let relative = path
        .parent()
        .unwrap_or(Path::new("."))
        .join(&scenario.roleset);
    load_roleset(&relative.to_string_lossy())
}

/// Build the game a scenario starts with.
pub fn start_game(scenario: &Scenario, path: &Path) -> Result<Game, String> {
    create_game(scenario, path).map(|(game, _warnings)| game)
}

/// Build the game and keep the setup warnings the host would read. A refusal names its place
/// in the scenario file: the player's field, the option, else the players.
fn create_game(scenario: &Scenario, path: &Path) -> Result<(Game, Vec<String>), String> {
    let roleset =
        roleset_for(scenario, path).map_err(|e| at_field(path, "roleset", e.to_string()))?;
    let setup = Setup {
        players: scenario.players.clone(),
        families: scenario.families.clone(),
        spectators: scenario.spectators.clone(),
        options: scenario.options.clone(),
    };
    Game::create(&scenario.name, roleset, setup, scenario.seed, &SYSTEMS).map_err(|e| {
        // A scenario's fields are the setup's, so a setup's path is the scenario's.
        let field = e
            .place
            .as_ref()
            .map_or_else(|| "players".to_string(), SetupPlace::path);
        at_field(path, &field, format!("setup {e}"))
    })
}

/// `path:line:col: field: message` for a field of a scenario file; the file without a place
/// where it cannot be read (a scenario built in memory).
fn at_field(path: &Path, field: &str, message: String) -> String {
    match crate::store::read_text(path) {
        Ok(text) => FileError::at_field(path, &text, field, message),
        Err(_) => FileError::whole_file(path, message).with_field(field),
    }
    .to_string()
}

/// Play one scenario file.
pub fn run_file(path: &Path) -> ScenarioReport {
    run_file_watched(path, &mut |_, _, _| Ok(()))
}

/// A moment of a scenario's run where a watcher may check the game: the test suite checks its
/// corpus-wide invariants (the tally predicts the count, no post gives a secret away) inside
/// each scenario's own run, instead of replaying every file again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moment {
    /// Just before a `Resolve` step is submitted.
    BeforeResolve,
    /// Just after a `Resolve` step was accepted.
    AfterResolve,
    /// After the last step, when every check held.
    End,
}

/// What watches a scenario's run: the moment, the script step (1-based; 0 at the end) and the
/// game then; an error fails the scenario with that message.
pub type Watcher<'w> = dyn FnMut(Moment, usize, &Game) -> Result<(), String> + 'w;

/// Play one scenario file under a watcher.
pub fn run_file_watched(path: &Path, watch: &mut Watcher) -> ScenarioReport {
    let scenario = match load_scenario(path) {
        Ok(s) => s,
        Err(e) => {
            return ScenarioReport {
                path: path.into(),
                name: String::new(),
                failure: Some(e.to_string()),
            };
        }
    };
    let failure = run_scenario_watched(&scenario, path, watch).err();
    ScenarioReport {
        path: path.into(),
        name: scenario.name,
        failure,
    }
}

/// Load a scenario file and play it: the game as its script leaves it, or why it failed.
pub fn play_file(path: &Path) -> Result<Game, String> {
    let scenario = load_scenario(path).map_err(|e| e.to_string())?;
    run_scenario(&scenario, path)
}

/// Play a scenario; the error says which step failed, what was expected and found, and the trace.
pub fn run_scenario(scenario: &Scenario, path: &Path) -> Result<Game, String> {
    run_scenario_watched(scenario, path, &mut |_, _, _| Ok(()))
}

/// Play a scenario under a watcher (see [`Moment`]).
pub fn run_scenario_watched(
    scenario: &Scenario,
    path: &Path,
    watch: &mut Watcher,
) -> Result<Game, String> {
    let (mut game, setup_warnings) = create_game(scenario, path)?;
    for (i, step) in scenario.script.iter().enumerate() {
        let fail = |game: &Game, what: String| {
            format!("step {} ({step:?}): {what}\n{}", i + 1, trace(game))
        };
        match step {
            ScriptStep::Expect(check) => {
                if let Err(found) = check.holds(&game, &setup_warnings) {
                    // The trace of the round the check looked at, which may be an earlier one.
                    let at = check.looks_at(&game).ok().flatten();
                    return Err(format!(
                        "step {} ({step:?}): expected {check:?}, found {found}\n{}",
                        i + 1,
                        trace_of(&game, at)
                    ));
                }
            }
            ScriptStep::Reject(inner) | ScriptStep::RejectBy(inner, _) => {
                let Some(entry) = inner.entry(&game) else {
                    return Err(fail(
                        &game,
                        "Reject wraps a step that is not an entry".into(),
                    ));
                };
                match game.submit(entry, None) {
                    Ok(_) => {
                        return Err(fail(
                            &game,
                            "expected the engine to refuse this entry, and it accepted it".into(),
                        ));
                    }
                    Err(refusal) => {
                        if let ScriptStep::RejectBy(_, rule) = step
                            && refusal.rule != rule.as_str()
                        {
                            return Err(fail(
                                &game,
                                format!("expected a refusal by rule `{rule}`, got {refusal}"),
                            ));
                        }
                    }
                }
            }
            other => {
                let Some(entry) = other.entry(&game) else {
                    continue;
                };
                let resolves = matches!(other, ScriptStep::Resolve);
                if resolves {
                    watch(Moment::BeforeResolve, i + 1, &game).map_err(|e| fail(&game, e))?;
                }
                if let Err(refusal) = game.submit(entry, None) {
                    return Err(fail(
                        &game,
                        format!("the engine refused the entry: {refusal}"),
                    ));
                }
                if resolves {
                    watch(Moment::AfterResolve, i + 1, &game).map_err(|e| fail(&game, e))?;
                }
            }
        }
    }
    watch(Moment::End, 0, &game)?;
    Ok(game)
}

/// The resolution trace of the last committed round and the phase open now, for failure reports.
pub fn trace(game: &Game) -> String {
    trace_of(game, game.state().history.last())
}

/// The resolution trace of one committed round, and the phase open now.
fn trace_of(game: &Game, committed: Option<&CommittedPhase>) -> String {
    let mut out = String::new();
    let roleset = game.roleset();
    let state = game.state();
    if let Some(last) = committed {
        let label = roleset.phase_label(last.index, last.round.as_deref());
        let _ = writeln!(out, "  trace of {label}:");
        for s in &last.outcome.steps {
            let actor = s
                .actor
                .and_then(|a| state.slots.get(a))
                .map(|a| a.name.as_str())
                .unwrap_or("-");
            let _ = writeln!(
                out,
                "    [{}] {} {} {:?} -> {}: {}",
                s.key,
                actor,
                s.ability.as_deref().unwrap_or(&s.stage),
                s.targets_before,
                s.result.label(),
                s.reasons.join("; ")
            );
        }
        for w in &last.outcome.warnings {
            let _ = writeln!(out, "    warning: {w}");
        }
        for m in &last.outcome.messages {
            let to = match &m.audience {
                Audience::Public => "public".to_string(),
                Audience::Slot(id) => state
                    .slots
                    .get(*id)
                    .map(|s| s.name.clone())
                    .unwrap_or_default(),
                Audience::Group(g) => g.clone(),
                Audience::Host => "host".into(),
            };
            let _ = writeln!(out, "    message to {to}: {}", m.text);
        }
    }
    let _ = writeln!(out, "  now: {}", game.phase_label());
    out
}

/// Every scenario file under these paths (directories recursively), sorted.
pub fn collect_files(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for p in paths {
        collect_into(p, &mut out);
    }
    out.sort();
    out
}

/// A roleset in a rule system's own format (a WWR setup file) beside the scenarios that use it
/// is no scenario.
fn is_own_roleset(path: &Path) -> bool {
    std::fs::read_to_string(path).is_ok_and(|t| crate::systems::is_own_roleset_format(&t))
}

fn collect_into(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        let Ok(entries) = std::fs::read_dir(path) else {
            return;
        };
        for e in entries.flatten() {
            collect_into(&e.path(), out);
        }
    } else if path.extension().is_some_and(|e| e == "ron") && !is_own_roleset(path) {
        out.push(path.to_path_buf());
    }
}

/// `mafia-mod scenario PATH...`: run, print failures, end with "N passed, M failed".
pub fn run_command(paths: &[PathBuf], out: &mut dyn std::io::Write) -> std::io::Result<bool> {
    let files = collect_files(paths);
    let (mut passed, mut failed) = (0, 0);
    for f in &files {
        let report = run_file(f);
        match &report.failure {
            None => {
                passed += 1;
                writeln!(out, "ok   {}", f.display())?;
            }
            Some(why) => {
                failed += 1;
                writeln!(out, "FAIL {} ({})\n  {why}", f.display(), report.name)?;
            }
        }
    }
    writeln!(out, "{passed} passed, {failed} failed")?;
    Ok(failed == 0 && !files.is_empty())
}
