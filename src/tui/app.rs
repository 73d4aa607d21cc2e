//! The console's state: the game, what each pane shows, and the overlays on top. Everything the
//! view draws is here, so `view` is a pure function of `App`.

use super::keymap::Mode;
use super::msg::Pane;
use super::theme::Theme;
use crate::engine::Game;
use crate::engine::GameState;
use crate::engine::outcome::Step;
use crate::engine::stepwise::Stepwise;
use crate::engine::tally::Tally;
use crate::export::Markup;
use crate::rules::PhaseKind;
use ratatui::layout::Rect;
use std::collections::BTreeSet;
use std::path::PathBuf;

pub use super::confirm::Confirmed;
use super::overlay::Ctx;
pub use super::overlay::Overlay;

/// Whether what is on screen is on disk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveState {
    Saved,
    Unsaved,
    /// Every entry is durable in the journal; the save itself is rewritten when the host
    /// pauses (`SAVE_WHEN_IDLE`), commits or quits.
    Journaled,
    /// The last save failed (the message is also shown in the error overlay).
    Failed(String),
}

/// How long the host may pause before a journaled game's save is rewritten. Short enough that
/// the save is rarely behind, long enough that a run of typed entries costs one write.
pub const SAVE_WHEN_IDLE: std::time::Duration = std::time::Duration::from_millis(800);

/// Where entry times come from: the wall clock, or a fixed time for tests and screenshots.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clock {
    System,
    Fixed(u64),
}

impl Clock {
    pub fn now(self) -> Option<u64> {
        match self {
            Clock::System => std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .ok()
                .map(|d| d.as_secs()),
            Clock::Fixed(t) => Some(t),
        }
    }
}

/// The queue pane: a cursor over the resolution steps (0 = before the first step).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct QueueView {
    pub cursor: usize,
    /// Day phases show the vote tally unless the host switched to the steps.
    pub steps_in_day: bool,
    /// Nights show the steps unless the host switched to the tally (a WWR night's polls).
    pub tally_at_night: bool,
}

/// What the draft pane shows; `m` goes through them in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DraftShows {
    /// The public post of the phase.
    Post,
    /// Every player's private results of the phase, with the host's own lines.
    Private,
    /// Every player's role PM.
    Roles,
    /// The host sheet: roles, statuses, uses, hidden values.
    Host,
    /// The order of resolution for the roles in play.
    NightOrder,
    /// The reveal post: winners, roles, what each phase did.
    Recap,
}

impl DraftShows {
    pub fn next(self) -> DraftShows {
        match self {
            DraftShows::Post => DraftShows::Private,
            DraftShows::Private => DraftShows::Roles,
            DraftShows::Roles => DraftShows::Host,
            DraftShows::Host => DraftShows::NightOrder,
            DraftShows::NightOrder => DraftShows::Recap,
            DraftShows::Recap => DraftShows::Post,
        }
    }
    pub fn label(self) -> &'static str {
        match self {
            DraftShows::Post => "public post",
            DraftShows::Private => "private results",
            DraftShows::Roles => "role PMs",
            DraftShows::Host => "host sheet",
            DraftShows::NightOrder => "night order",
            DraftShows::Recap => "reveal post",
        }
    }
    /// The file name part of its export: `roles`, `host`, `recap`; a post is named after its phase.
    pub fn file_part(self) -> Option<&'static str> {
        match self {
            DraftShows::Post | DraftShows::Private => None,
            DraftShows::Roles => Some("roles"),
            DraftShows::Host => Some("host"),
            DraftShows::NightOrder => Some("night-order"),
            DraftShows::Recap => Some("recap"),
        }
    }
}

/// The draft pane.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DraftView {
    /// What the pane shows: the post, or one of the host's documents.
    pub shows: DraftShows,
    /// A committed phase or round by its place in the game's history (a ru-city day has one
    /// place per round), or `None` for the current phase's draft.
    pub committed: Option<usize>,
    pub markup: Markup,
    pub scroll: u16,
}

pub struct App {
    pub game: Game,
    /// The save this game lives in.
    pub path: PathBuf,
    /// Where new games are created and saves are offered (`<data dir>/games`).
    pub games_dir: Option<PathBuf>,
    pub save_state: SaveState,
    pub focus: Pane,
    pub zoom: bool,
    pub roster_sel: usize,
    pub pending_sel: usize,
    pub queue: QueueView,
    pub draft: DraftView,
    /// Public view: nothing secret on screen.
    pub public: bool,
    pub overlays: Vec<Overlay>,
    /// The current phase resolved now, with the state after each step.
    pub resolution: Stepwise,
    pub tally: Tally,
    /// The edited post's results changed after the edit (the draft pane says so; `D` compares).
    pub stale_edit: Option<super::draft::StaleEdit>,
    /// Steps that changed (or appeared) at the last re-resolution, by key.
    pub changed: BTreeSet<String>,
    /// A one-line report of the last thing done ("saved", "exported to …").
    pub notice: Option<String>,
    pub theme: Theme,
    pub clock: Clock,
    /// The terminal size, for mouse hit tests (the view gets its own from the frame).
    pub area: Rect,
    pub mouse: bool,
    /// The host's own keys for the main screen's commands (the config file's `[keys]`).
    pub rebinds: super::keymap::Rebinds,
    pub command_history: Vec<String>,
    pub quit: bool,
    /// The host quit with the save due: the console goes once the save is written (a failed
    /// save keeps it open, and the next `q` asks).
    pub quit_after_save: bool,
    /// The last entry number on disk, in the save or its journal: every entry after it would be
    /// lost if the console stopped now.
    pub durable_seq: u64,
    /// The last entry number the save itself holds.
    pub saved_seq: u64,
    /// The save's journal replayed onto it at start, waiting for the host's answer.
    pub recovery: Option<Box<crate::savefile::Recovery>>,
    /// This console's hold on the save: one console writes a save at a time.
    pub lock: Option<crate::store::SaveLock>,
    /// Another console holds the save (who): this one shows it and writes nothing until the
    /// host takes it over (`:takeover`).
    pub read_only: Option<String>,
    /// The lock file's line this console wrote when it took the save over from another, which
    /// still holds the system lock: the save is this console's while the file says so.
    pub claim: Option<String>,
    /// The save's bytes as this console last read or wrote them: a save found changed on disk
    /// (another console, an editor) is never written over.
    pub disk: Option<Vec<u8>>,
}

impl App {
    pub fn new(game: Game, path: PathBuf, games_dir: Option<PathBuf>) -> App {
        let resolution = Stepwise::of(&game);
        let tally = game.tally();
        let stale_edit = super::draft::stale_edit(&game, &resolution);
        let durable_seq = game.file().entries.last().map_or(0, |e| e.seq);
        let game_differs = game.replay_differs().map(|d| d.message.clone());
        App {
            durable_seq,
            saved_seq: durable_seq,
            lock: None,
            read_only: None,
            claim: None,
            disk: std::fs::read(&path).ok(),
            recovery: None,
            stale_edit,
            game,
            path,
            games_dir,
            save_state: SaveState::Saved,
            focus: Pane::Roster,
            zoom: false,
            roster_sel: 0,
            pending_sel: 0,
            queue: QueueView::default(),
            draft: DraftView {
                shows: DraftShows::Post,
                committed: None,
                markup: Markup::Text,
                scroll: 0,
            },
            public: false,
            overlays: Vec::new(),
            resolution,
            tally,
            changed: BTreeSet::new(),
            // A save that does not replay into the game it recorded opens read-only, saying
            // where it parts.
            notice: game_differs.map(|d| {
                format!("READ-ONLY: this save does not replay into the game it recorded: {d}")
            }),
            theme: Theme::from_env(),
            clock: Clock::System,
            area: Rect::new(0, 0, 80, 24),
            mouse: true,
            rebinds: Default::default(),
            command_history: Vec::new(),
            quit: false,
            quit_after_save: false,
        }
    }

    /// The entries the screen showed as entered that are in neither the save nor its journal.
    pub fn entries_at_risk(&self) -> Vec<&crate::engine::LoggedEntry> {
        self.game
            .file()
            .entries
            .iter()
            .filter(|e| e.seq > self.durable_seq)
            .collect()
    }

    /// The save should be rewritten when the host pauses: its entries are only journaled.
    pub fn save_due(&self) -> bool {
        self.save_state == SaveState::Journaled
    }

    /// The entries not in the save itself (in its journal, or nowhere).
    pub fn unsaved_entries(&self) -> Vec<&crate::engine::LoggedEntry> {
        match self.save_state {
            SaveState::Saved => Vec::new(),
            _ => self
                .game
                .file()
                .entries
                .iter()
                .filter(|e| e.seq > self.saved_seq)
                .collect(),
        }
    }

    /// Hold the save for this console, or, when another console holds it, show it read-only
    /// and say who has it.
    pub fn hold_save(&mut self) {
        self.lock = None;
        match crate::store::lock_save(&self.path) {
            Ok(lock) => {
                self.lock = Some(lock);
                self.read_only = None;
            }
            Err(crate::store::LockError::Held(holder)) => {
                let holder = crate::store::holder_words(&holder);
                self.notice = Some(format!(
                    "READ-ONLY: this save is open in another console ({holder}); :takeover to write here"
                ));
                self.read_only = Some(holder);
            }
            // No lock file can be made here (a read-only folder): the disk check still guards
            // every save.
            Err(crate::store::LockError::Io(e)) => {
                self.notice = Some(format!(
                    "the save cannot be locked ({e}); it is checked before each save"
                ));
            }
        }
    }

    /// Does this console still write the save? Not once another console took it over (the
    /// lock file names that one): then the holder now, and this console turns read-only. A
    /// console that took the save over gets the system lock as soon as the old holder is gone.
    pub fn writes_the_save(&mut self) -> Result<(), String> {
        if let Some(lock) = &self.lock {
            if lock.still_ours() {
                return Ok(());
            }
        } else if let Some(line) = &self.claim {
            if let Ok(lock) = crate::store::lock_save(&self.path) {
                self.lock = Some(lock);
                self.claim = None;
                return Ok(());
            }
            if crate::store::save_holder(&self.path).as_deref() == Some(line.as_str()) {
                return Ok(());
            }
        } else {
            return Ok(());
        }
        let holder =
            crate::store::save_holder(&self.path).unwrap_or_else(|| "another console".into());
        self.lock = None;
        self.claim = None;
        let holder = crate::store::holder_words(&holder);
        self.read_only = Some(holder.clone());
        Err(holder)
    }

    /// At start: a journal of the save holds entries the save does not (a console stopped
    /// before they were saved, or someone else wrote the save since): show them and ask what
    /// to do. A journal that does not read is left as it is and named.
    pub fn check_journal(&mut self) {
        self.find_journal(false);
    }

    /// After `:takeover`: the same, also for the journal of the console taken over, which may
    /// still run.
    pub fn check_journal_at_takeover(&mut self) {
        self.find_journal(true);
    }

    fn find_journal(&mut self, live: bool) {
        match crate::savefile::recovered(&self.path, &self.game, live) {
            Ok(Some(recovery)) => self.offer_recovery(recovery),
            Ok(None) => {}
            Err(e) => self.error(
                "The save's journal cannot be recovered",
                format!("{e}\n\nIt is left as it is; the save opens without it."),
            ),
        }
    }

    /// Ask what to do with a journal's entries the save does not hold.
    pub fn offer_recovery(&mut self, recovery: crate::savefile::Recovery) {
        self.recovery = Some(Box::new(recovery));
        self.ask_recovery();
    }

    /// The journal question, for `self.recovery`: what the journal holds and, when someone
    /// else wrote the save since, what the save holds now; then the three answers.
    pub fn ask_recovery(&mut self) {
        let Some(recovery) = &self.recovery else {
            return;
        };
        let found = &recovery.found;
        let changed = matches!(found.fit, crate::savefile::JournalFit::Changed { .. });
        let mut detail = crate::savefile::journal_report(found, 12);
        detail.push(String::new());
        detail.push(match (&recovery.game, changed) {
            (Err(why), _) => format!("y is refused: {why}"),
            (Ok(_), true) => {
                "y: enter the journal's entries on top of the save as it is now (numbered after it), each through the rules, and save".into()
            }
            (Ok(_), false) => "y: recover them and save".into(),
        });
        detail.push(
            "k or n: keep the save as it is and the journal aside as a file · d: drop the journal (asks again)".into(),
        );
        let question = if changed {
            "The save changed since the journal was written: enter the journal's entries on top?"
        } else {
            "Recover the entries the journal kept?"
        };
        self.overlays
            .push(Overlay::Confirm(super::confirm::Confirm {
                question: question.into(),
                detail,
                action: Confirmed::Recover,
            }));
    }

    /// Ask again before the journal is dropped: its entries are then in no file.
    pub fn ask_drop_journal(&mut self) {
        let Some(recovery) = &self.recovery else {
            return;
        };
        let found = &recovery.found;
        let count = found.entries().len();
        self.overlays
            .push(Overlay::Confirm(super::confirm::Confirm {
                question: format!(
                    "Drop the journal's {count} entr{} for good?",
                    if count == 1 { "y" } else { "ies" }
                ),
                detail: vec![
                    format!(
                        "{} is deleted: its entries are in no save, and nothing brings them back.",
                        found.journal.path.display()
                    ),
                    String::new(),
                    "y: drop it · n: back to the question".into(),
                ],
                action: Confirmed::DropJournal,
            }));
    }

    /// The first notice: on the bundled demo, how to start a game of one's own (the key bar
    /// has no room for `n` beside the keys of a phase).
    pub fn greet(&mut self) {
        if self.path.file_stem().is_some_and(|s| s == "demo") {
            self.notice =
                Some("this is the bundled demo game: n creates your own, ? lists every key".into());
        }
    }

    /// Replace the game (after open or new game) and reset what the panes show.
    pub fn replace_game(&mut self, game: Game, path: PathBuf) {
        // The old save is freed before the new one is held.
        self.lock = None;
        let keep = (self.theme, self.clock, self.area, self.mouse);
        let rebinds = std::mem::take(&mut self.rebinds);
        let games_dir = self.games_dir.take();
        let history = std::mem::take(&mut self.command_history);
        *self = App::new(game, path, games_dir);
        (self.theme, self.clock, self.area, self.mouse) = keep;
        self.rebinds = rebinds;
        self.command_history = history;
    }

    /// Re-resolve after the game changed, and remember which steps changed. Returns what the
    /// re-resolution changed, in words, when it changed anything.
    pub fn refresh(&mut self) -> Option<String> {
        let before: Vec<Step> = std::mem::take(&mut self.resolution.outcome.steps);
        let deaths_before = self.death_names();
        let phase_before = self.game.state().phase;
        self.resolution = Stepwise::of(&self.game);
        self.tally = self.game.tally();
        let was_stale = self.stale_edit.is_some();
        self.stale_edit = super::draft::stale_edit(&self.game, &self.resolution);
        self.changed = self
            .resolution
            .outcome
            .steps
            .iter()
            .filter(|s| !before.contains(s))
            .map(|s| s.key.clone())
            .collect();
        self.queue.cursor = self.queue.cursor.min(self.resolution.step_count());
        self.clamp_selections();
        if self.game.state().phase != phase_before {
            return None;
        }
        let deaths = self.death_names();
        let mut parts = Vec::new();
        if self.stale_edit.is_some() && !was_stale {
            parts.push("your edited post is out of date: D compares".to_string());
        }
        if !self.changed.is_empty() {
            parts.push(format!("Δ {} step(s)", self.changed.len()));
        }
        let gone: Vec<&String> = deaths_before
            .iter()
            .filter(|d| !deaths.contains(d))
            .collect();
        let new: Vec<&String> = deaths
            .iter()
            .filter(|d| !deaths_before.contains(d))
            .collect();
        if !new.is_empty() || !gone.is_empty() {
            let list = |v: &[&String]| v.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(", ");
            let mut d = "deaths:".to_string();
            if !new.is_empty() {
                d.push_str(&format!(" +{}", list(&new)));
            }
            if !gone.is_empty() {
                d.push_str(&format!(" −{}", list(&gone)));
            }
            parts.push(d);
        }
        (!parts.is_empty()).then(|| parts.join(" · "))
    }

    /// Who dies in the current resolution.
    fn death_names(&self) -> Vec<String> {
        let state = self.game.state();
        self.resolution
            .outcome
            .deaths
            .iter()
            .filter_map(|d| state.slots.get(d.slot).map(|s| s.name.clone()))
            .collect()
    }

    pub fn clamp_selections(&mut self) {
        let slots = self.game.state().slots.len();
        self.roster_sel = self.roster_sel.min(slots.saturating_sub(1));
        let pending = self.pending_rows();
        self.pending_sel = self.pending_sel.min(pending.saturating_sub(1));
    }

    /// Rows of the pending pane (entries, then overrides and host messages of the phase).
    pub fn pending_rows(&self) -> usize {
        let s = self.game.state();
        s.pending.len() + s.overrides.len() + s.host_messages.len()
    }

    pub fn top_mode(&self) -> Option<Mode> {
        self.overlays.last().map(Overlay::mode)
    }

    pub fn is_day(&self) -> bool {
        self.game.state().phase_kind(self.game.roleset()) == PhaseKind::Day
    }

    /// Whether the queue pane shows the vote tally.
    pub fn shows_tally(&self) -> bool {
        let wanted = if self.is_day() {
            !self.queue.steps_in_day
        } else {
            self.queue.tally_at_night
        };
        wanted && !self.tally.ballots.is_empty()
    }

    /// The state the roster shows: as of the queue cursor while the host walks the steps.
    pub fn roster_state(&self) -> &GameState {
        if self.shows_tally() || self.queue.cursor == 0 {
            self.game.state()
        } else {
            self.resolution.state_after(self.queue.cursor)
        }
    }

    /// The step under the queue cursor (the last one done), if any.
    pub fn current_step(&self) -> Option<&Step> {
        self.queue
            .cursor
            .checked_sub(1)
            .and_then(|i| self.resolution.outcome.steps.get(i))
    }

    /// Each death of the resolved phase as "Name (cause)", for the queue and the commit question.
    pub fn deaths_with_causes(&self) -> Vec<String> {
        let state = self.game.state();
        self.resolution
            .outcome
            .deaths
            .iter()
            .filter_map(|d| {
                state
                    .slots
                    .get(d.slot)
                    .map(|s| format!("{} ({})", s.name, d.cause))
            })
            .collect()
    }

    /// The name in a slot of the game, or "?" for a slot it does not have.
    pub fn slot_name(&self, id: usize) -> String {
        self.game
            .state()
            .slots
            .get(id)
            .map(|s| s.name.clone())
            .unwrap_or_else(|| "?".into())
    }

    /// What the overlays read of the console (see `update::on_overlay` for the same built
    /// while the overlays are borrowed).
    pub fn ctx(&self) -> Ctx<'_> {
        Ctx {
            game: &self.game,
            preview: &self.resolution.outcome,
            games_dir: self.games_dir.as_deref(),
            public: self.public,
            shown_phase: super::draft::phase_slug(self),
            history: &self.command_history,
        }
    }

    pub fn error(&mut self, title: &str, message: impl Into<String>) {
        let message = message.into();
        // Every error the host was shown stays in the log after he closes it.
        tracing::warn!(game = %self.path.display(), "{title}: {message}");
        self.overlays.push(Overlay::Error(super::error::ErrorPopup {
            title: title.to_string(),
            message,
            answer: false,
        }));
    }

    /// The host's settings: the theme, the draft's markup, the mouse.
    pub fn configure(&mut self, config: &crate::config::Config) {
        self.theme = config.theme();
        self.draft.markup = config.markup();
        self.mouse = config.mouse();
        self.rebinds = config.rebinds.clone();
    }

    /// A trial of a setup is playing under the top overlay's gauge.
    pub fn trial_running(&self) -> bool {
        matches!(self.overlays.last(), Some(Overlay::Trial(t)) if t.running())
    }

    /// Does the status bar count down to a deadline of the open phase?
    pub fn counts_down(&self) -> bool {
        let state = self.game.state();
        state.game_over.is_none() && state.deadlines.contains_key(&state.phase)
    }

    /// Show the answer to a question the host asked (a claim check) until he closes it.
    pub fn answer(&mut self, title: &str, message: impl Into<String>) {
        self.overlays.push(Overlay::Error(super::error::ErrorPopup {
            title: title.to_string(),
            message: message.into(),
            answer: true,
        }));
    }

    pub fn game_name(&self) -> &str {
        &self.game.file().name
    }
}
