//! `update(&mut App, Msg) -> Option<Effect>`: every change of the console happens here, and
//! nothing here touches the disk or the terminal (that is `io`). Entries go through
//! `Game::submit`; a refused entry changes nothing and shows the engine's reason.

use super::app::{App, Confirmed, Overlay, SaveState};
use super::batch::Batch;
use super::confirm::Confirm;
use super::draft;
use super::editor::PostEditor;
use super::form::{Form, FormKind};
use super::help::Help;
use super::log::EntryLog;
use super::msg::{Answer, Effect, Msg, Pane};
use super::overlay::{Ctx, OnRefusal};
use super::view;
use crate::engine::{Entry, Game};
use crate::export::Markup;
use crate::script::{self, Command};
use ratatui::crossterm::event::{MouseEvent, MouseEventKind};
use ratatui::layout::{Position, Rect};

pub fn update(app: &mut App, msg: Msg) -> Option<Effect> {
    match msg {
        Msg::Quit => ask_before_quitting(app),
        Msg::Resize(w, h) => {
            app.area = Rect::new(0, 0, w, h);
            None
        }
        // The public view has no rows to pick: a click would move the host's cursors unseen.
        Msg::Mouse(_) if app.public => None,
        Msg::Mouse(mouse) if app.overlays.is_empty() => on_mouse(app, mouse),
        Msg::Mouse(_) => None,
        msg if app.overlays.is_empty() => on_main(app, msg),
        msg => on_overlay(app, msg),
    }
}

/// The top overlay answers in place; what it asks beyond its own state is done here.
fn on_overlay(app: &mut App, msg: Msg) -> Option<Effect> {
    let shown_phase = draft::phase_slug(app);
    let App {
        overlays,
        game,
        resolution,
        games_dir,
        public,
        command_history,
        ..
    } = app;
    let ctx = Ctx {
        game,
        preview: &resolution.outcome,
        games_dir: games_dir.as_deref(),
        public: *public,
        shown_phase,
        history: command_history,
    };
    let answer = overlays.last_mut()?.update(msg, &ctx);
    carry_out(app, answer)
}

fn carry_out(app: &mut App, answer: Answer) -> Option<Effect> {
    match answer {
        Answer::Stay => None,
        Answer::Close => {
            app.overlays.pop();
            None
        }
        Answer::CloseSaying(notice) => {
            app.overlays.pop();
            app.notice = Some(notice);
            None
        }
        Answer::Enter { lines, posted } => enter_lines(app, &lines, &posted, true),
        Answer::EnterAndStay(lines) => enter_lines(app, &lines, &[], false),
        Answer::Submit(entry) => match submit(app, entry) {
            Ok(effect) => {
                app.overlays.pop();
                effect
            }
            Err(why) => {
                overlay_refused(app, 0, why);
                None
            }
        },
        Answer::SubmitAll(entries) => {
            let mut trial = app.game.clone();
            if let Some(why) = entries
                .iter()
                .find_map(|e| trial.submit(e.clone(), None).err())
            {
                overlay_refused(app, 0, why.to_string());
                return None;
            }
            let mut effect = None;
            for entry in entries {
                match submit(app, entry) {
                    Ok(e) => effect = e.or(effect),
                    Err(why) => {
                        overlay_refused(app, 0, why);
                        return effect;
                    }
                }
            }
            app.overlays.pop();
            effect
        }
        Answer::Run { command, typed } => {
            app.overlays.pop();
            if let Some(typed) = typed
                && app.command_history.last() != Some(&typed)
            {
                app.command_history.push(typed);
            }
            run_command(app, command)
        }
        Answer::AskToggle(seq) => {
            ask_toggle(app, seq);
            None
        }
        Answer::AskDropJournal => {
            app.ask_drop_journal();
            None
        }
        Answer::EditPost => {
            app.overlays.pop();
            edit_draft(app);
            None
        }
        Answer::Effect(effect) => {
            app.overlays.pop();
            Some(effect)
        }
        Answer::Error(title, message) => {
            app.error(&title, message);
            None
        }
        Answer::Above(overlay) => {
            app.overlays.push(*overlay);
            None
        }
    }
}

/// What the top overlay answered was refused: it decides whether it stays, and the refusal is
/// shown in it or over it.
fn overlay_refused(app: &mut App, line: usize, why: String) {
    let on_refusal = match app.overlays.last_mut() {
        Some(top) => top.refused(line, &why),
        None => OnRefusal::Close,
    };
    match on_refusal {
        OnRefusal::KeepShowing => {}
        OnRefusal::KeepUnderError => app.error("Refused: nothing was entered", why),
        OnRefusal::Close => {
            app.overlays.pop();
            app.error("Refused: nothing was entered", why);
        }
    }
}

/// Enter command lines from an overlay, all or nothing, through the same path as
/// `mafia-mod apply`; on success the console re-resolves and asks for a save.
fn enter_lines(
    app: &mut App,
    lines: &str,
    posted: &[Option<String>],
    close: bool,
) -> Option<Effect> {
    if let Some(why) = read_only(app) {
        overlay_refused(app, 1, why);
        return None;
    }
    let committed_before = app.game.state().history.len();
    match crate::apply::apply_posted_lines(&mut app.game, lines, app.clock.now(), posted) {
        Ok(count) => {
            app.save_state = SaveState::Unsaved;
            let changes = app.refresh();
            let entries = if count == 1 { "entry" } else { "entries" };
            app.notice = Some(match changes {
                Some(c) => format!("{count} {entries} entered; re-resolved: {c}"),
                None => format!("{count} {entries} entered"),
            });
            if close {
                app.overlays.pop();
            } else if let Some(top) = app.overlays.last_mut() {
                top.entered(&app.game, lines);
            }
            Some(durable_write(app, committed_before))
        }
        Err(e) => {
            overlay_refused(app, e.line, e.message);
            None
        }
    }
}

/// Submit an entry. Accepted: re-resolve and ask for a save. Refused: why, and nothing changed.
fn submit(app: &mut App, entry: Entry) -> Result<Option<Effect>, String> {
    if let Some(why) = read_only(app) {
        return Err(why);
    }
    let committing = matches!(entry, Entry::Resolve);
    let phase_name = app.game.phase_label();
    let toggled = toggled_entry(&app.game, &entry);
    match app.game.submit(entry, app.clock.now()) {
        Ok(seq) => {
            app.save_state = SaveState::Unsaved;
            let changes = app.refresh();
            let done = match toggled {
                Some(t) => t.done(&app.game),
                None => format!("entry #{seq} accepted"),
            };
            app.notice = Some(match changes {
                Some(c) => format!("{done}; re-resolved: {c}"),
                None => done,
            });
            if committing {
                app.queue.cursor = 0;
                app.queue.steps_in_day = false;
                app.queue.tally_at_night = false;
                app.draft.committed = app.game.state().history.len().checked_sub(1);
                app.draft.shows = super::app::DraftShows::Post;
                app.draft.scroll = 0;
                app.changed.clear();
                app.notice = Some(match &app.game.state().game_over {
                    Some(over) => format!(
                        "{phase_name} committed; the game is over: {} won (m shows the reveal post)",
                        over.winners.join(", ")
                    ),
                    None => format!(
                        "{phase_name} committed; {} begins (the draft pane shows the committed post)",
                        app.game.phase_label()
                    ),
                });
            }
            Ok(Some(if committing {
                Effect::Save
            } else {
                Effect::Journal
            }))
        }
        Err(refusal) => Err(refusal.to_string()),
    }
}

/// What makes entered lines durable: a commit rewrites the save at once (the phase's posts
/// become final), anything else goes to the journal and the save follows when the host pauses.
fn durable_write(app: &App, committed_before: usize) -> Effect {
    if app.game.state().history.len() != committed_before {
        Effect::Save
    } else {
        Effect::Journal
    }
}

/// Submit from the main screen: a refusal is shown in the error overlay.
fn submit_or_show(app: &mut App, entry: Entry) -> Option<Effect> {
    submit(app, entry).unwrap_or_else(|why| {
        app.error("Refused: nothing was entered", why);
        None
    })
}

/// What the public view answers: leaving it, its published posts, scrolling, help and quit.
/// Everything else could put a secret on the shared screen (a form lists abilities, a paste
/// shows PMs, a vote names its voter), so it is an allow-list, not a list of dangers.
fn works_in_public(msg: &Msg) -> bool {
    matches!(
        msg,
        Msg::TogglePublic
            | Msg::EarlierPhase
            | Msg::LaterPhase
            | Msg::Up
            | Msg::Down
            | Msg::Help
            | Msg::Quit
            | Msg::Resize(..)
    )
}

fn on_main(app: &mut App, msg: Msg) -> Option<Effect> {
    if app.public && !works_in_public(&msg) {
        app.notice = Some("not in the public view: it would show secrets (P leaves it)".into());
        return None;
    }
    if app.public && matches!(msg, Msg::Up | Msg::Down) {
        app.draft.scroll = if msg == Msg::Up {
            app.draft.scroll.saturating_sub(1)
        } else {
            app.draft.scroll.saturating_add(1)
        };
        return None;
    }
    match msg {
        Msg::Help => app.overlays.push(Overlay::Help(Help::default())),
        Msg::FocusNext | Msg::FocusPrev => {
            let i = Pane::ALL.iter().position(|p| *p == app.focus).unwrap_or(0);
            let n = Pane::ALL.len();
            let next = if msg == Msg::FocusNext {
                i + 1
            } else {
                i + n - 1
            };
            app.focus = Pane::ALL[next % n];
        }
        Msg::Focus(pane) => app.focus = pane,
        Msg::Zoom => app.zoom = !app.zoom,
        Msg::Up | Msg::Down | Msg::PageUp | Msg::PageDown | Msg::Top | Msg::Bottom => {
            move_in_pane(app, &msg)
        }
        Msg::OpenForm(kind) => open_form(app, kind, Vec::new()),
        Msg::ActForSelected => {
            let name = app
                .game
                .state()
                .slots
                .get(app.roster_sel)
                .map(|s| s.name.clone());
            open_form(app, FormKind::Act, name.into_iter().collect());
        }
        Msg::CommandLine => app.overlays.push(Overlay::Command(Box::default())),
        Msg::PastePm => app.overlays.push(Overlay::Batch(Box::default())),
        Msg::VoteMode if app.game.open_ballots().is_empty() => {
            app.notice = Some(app.game.no_ballot_refusal().message);
        }
        Msg::VoteMode => {
            let votes = crate::tui::votes::Votes::new(&app.game);
            app.overlays.push(Overlay::Votes(Box::new(votes)));
        }
        Msg::NewGame => open_new_game(app),
        Msg::OpenSave => open_form(app, FormKind::Open, Vec::new()),
        Msg::Export => open_form(app, FormKind::Export, Vec::new()),
        Msg::Resolve => show_resolution(app),
        Msg::Commit => ask_commit(app),
        Msg::ToggleTally if app.is_day() => app.queue.steps_in_day = !app.queue.steps_in_day,
        Msg::ToggleTally => app.queue.tally_at_night = !app.queue.tally_at_night,
        Msg::TogglePrivate => {
            app.draft.shows = app.draft.shows.next();
            app.draft.scroll = 0;
        }
        Msg::TogglePublic => {
            app.public = !app.public;
            // Either way the post shown starts at the last published one: where the host had
            // browsed is his, and the public view never shows a draft.
            app.draft.committed = None;
            app.draft.scroll = 0;
            app.notice = Some(if app.public {
                "public view: roles, private results and notes are hidden".into()
            } else {
                "host view".into()
            });
        }
        Msg::CycleMarkup => {
            app.draft.markup = match app.draft.markup {
                Markup::Text => Markup::Bbcode,
                Markup::Bbcode => Markup::Markdown,
                Markup::Markdown => Markup::Text,
            }
        }
        Msg::EarlierPhase | Msg::LaterPhase => browse_phases(app, msg == Msg::EarlierPhase),
        Msg::EditDraft => edit_draft(app),
        Msg::DraftDiff => match (&app.stale_edit, &app.game.state().draft_edit) {
            (Some(stale), Some(edit)) => {
                let diff = super::diff::DraftDiff::new(stale.clone(), edit.clone());
                app.overlays.push(Overlay::DraftDiff(Box::new(diff)));
            }
            _ => {
                app.notice = Some("the draft is not an out-of-date edit: nothing to compare".into())
            }
        },
        Msg::UndoLast => return undo_last(app),
        Msg::RedoLast => return redo_last(app),
        // Asks first, as the log does: one key should not take an entry back unread.
        Msg::UndoSelected => match selected_entry(app) {
            Some(seq) => ask_toggle(app, seq),
            None => app.notice = Some("select an entry of this phase first".into()),
        },
        Msg::EntryLog => app.overlays.push(Overlay::Log(EntryLog::new(&app.game))),
        Msg::Paste(text) => {
            // Pasting on the main screen is pasting a batch.
            let batch = Batch::pasted(&text, &app.game);
            app.overlays.push(Overlay::Batch(Box::new(batch)));
        }
        Msg::OverrideSelected => {
            let key = app.current_step().map(|s| s.key.clone());
            open_form(app, FormKind::Override, key.into_iter().collect());
        }
        Msg::Save => return Some(Effect::Save),
        Msg::Copy => return Some(Effect::Copy(draft::shown(app))),
        Msg::CopyPlayer => match draft::shown_for(app, app.roster_sel) {
            Some(text) => return Some(Effect::Copy(text)),
            None => {
                app.notice = Some(
                    "Y copies one player's private results or role PM: m shows them in the draft pane first"
                        .into(),
                )
            }
        },
        Msg::ToggleMouse => {
            app.mouse = !app.mouse;
            app.notice = Some(if app.mouse {
                "mouse on: click focuses panes and picks rows".into()
            } else {
                "mouse off: the terminal selects text".into()
            });
            return Some(Effect::Mouse(app.mouse));
        }
        _ => {}
    }
    None
}

fn show_resolution(app: &mut App) {
    app.focus = Pane::Queue;
    app.queue.steps_in_day = true;
    app.queue.tally_at_night = false;
    app.queue.cursor = 0;
    app.notice = Some(format!(
        "{} resolved: {} steps, nothing committed; ↓ steps through, o overrides, C commits",
        app.game.phase_label(),
        app.resolution.step_count()
    ));
}

fn open_new_game(app: &mut App) {
    app.overlays.push(Overlay::NewGame(Box::default()));
}

/// Undo the last entry; taking back a commit or an entry of a committed phase changes a final
/// post, so that asks first.
fn undo_last(app: &mut App) -> Option<Effect> {
    match app.game.last_undoable() {
        Some(seq) if in_committed_phase(&app.game, seq) => ask_toggle(app, seq),
        Some(seq) => return submit_or_show(app, Entry::Undo(seq)),
        None => app.notice = Some("nothing to undo".into()),
    }
    None
}

fn redo_last(app: &mut App) -> Option<Effect> {
    match app.game.last_redoable() {
        Some(seq) => submit_or_show(app, Entry::Redo(seq)),
        None => {
            app.notice = Some("nothing to redo".into());
            None
        }
    }
}

/// Whether entry `seq` is a commit or belongs to a phase already committed: taking it back or
/// putting it back changes a post the players may have read.
fn in_committed_phase(game: &Game, seq: u64) -> bool {
    let last_commit = game
        .entries()
        .iter()
        .rev()
        .find(|e| matches!(e.entry, Entry::Resolve) && !game.is_undone(e.seq))
        .map(|e| e.seq);
    let entry = game.entries().iter().find(|e| e.seq == seq);
    entry.is_some_and(|e| matches!(e.entry, Entry::Resolve))
        || last_commit.is_some_and(|commit| seq < commit)
}

/// Ask before undoing or redoing an entry, saying what it changes.
fn ask_toggle(app: &mut App, seq: u64) {
    let Some(logged) = app.game.entries().iter().find(|e| e.seq == seq) else {
        return;
    };
    let undo = !app.game.is_undone(seq);
    let what = script::entry_line(&logged.entry).unwrap_or_else(|| "this entry".into());
    let mut detail = vec![if undo {
        "The game is replayed without it; nothing else is lost, and redo puts it back.".to_string()
    } else {
        "The game is replayed with it again.".to_string()
    }];
    if matches!(logged.entry, Entry::Resolve) {
        let closed = phase_of(&app.game, seq);
        let last = app.game.commit_seqs().last() == Some(&seq);
        detail.push(match (undo, last) {
            (true, true) => format!(
                "It is the commit of {closed}: {closed} is open again, and its final post is withdrawn."
            ),
            (true, false) => format!(
                "It is the commit of {closed}: the phases committed after it are replayed without it, and their posts may change."
            ),
            (false, _) => format!("It is the commit of {closed}: {closed} is committed again."),
        });
    } else if in_committed_phase(&app.game, seq) {
        detail.push(
            "It belongs to a committed phase: that phase's results change, and the next post \
             carries a correction with what it said and what it says now."
                .into(),
        );
    }
    app.overlays.push(Overlay::Confirm(Confirm {
        question: format!(
            "{} entry #{seq} (`{what}`)?",
            if undo { "Undo" } else { "Redo" }
        ),
        detail,
        action: Confirmed::Toggle(seq),
    }));
}

/// The phase and round an entry was made in, as the log shows it (a commit's is the phase
/// it closed).
fn phase_of(game: &Game, seq: u64) -> String {
    super::log::rows(game)
        .into_iter()
        .find(|r| r.seq == seq)
        .map_or_else(|| game.phase_label(), |r| r.phase)
}

/// An entry an undo or redo is about to take back or put back, said before the game changes.
struct Toggled {
    undo: bool,
    seq: u64,
    /// The entry in words, as the log has it: `Giulia votes Franco (individual)`.
    what: String,
    commit: bool,
    /// It is the last commit that stands, being undone: the phase it closed opens again.
    reopens: bool,
}

/// What an undo or redo entry toggles; `None` for any other entry.
fn toggled_entry(game: &Game, entry: &Entry) -> Option<Toggled> {
    let (undo, seq) = match entry {
        Entry::Undo(seq) => (true, *seq),
        Entry::Redo(seq) => (false, *seq),
        _ => return None,
    };
    let logged = game.entries().iter().find(|e| e.seq == seq)?;
    let commit = matches!(logged.entry, Entry::Resolve);
    Some(Toggled {
        undo,
        seq,
        what: super::log::describe(&logged.entry),
        commit,
        reopens: commit && undo && game.commit_seqs().last() == Some(&seq),
    })
}

impl Toggled {
    /// The status line once it is done: `undid #54: Giulia votes Franco (individual)`; for a
    /// commit, the phase open now (taking back Day 3's commit reopens Day 3, not Night 4).
    fn done(&self, game: &Game) -> String {
        let verb = if self.undo { "undid" } else { "redid" };
        let mut text = format!("{verb} #{}: {}", self.seq, self.what);
        if self.commit {
            text.push_str(&if self.reopens {
                format!("; {} is open again", game.phase_label())
            } else {
                format!("; now {}", game.phase_label())
            });
        }
        text
    }
}

fn open_form(app: &mut App, kind: FormKind, values: Vec<String>) {
    let form = Form::with_values(kind, values, &app.ctx());
    app.overlays.push(Overlay::Form(Box::new(form)));
}

fn ask_commit(app: &mut App) {
    if app.game.state().game_over.is_some() {
        app.error("The game is over", "there is no phase left to commit");
        return;
    }
    let check = super::commit::Commit::new(app);
    app.overlays.push(Overlay::Commit(Box::new(check)));
}

fn browse_phases(app: &mut App, earlier: bool) {
    // Every committed round is a place of its own; one past the last is the current draft,
    // which a finished game does not have.
    let len = app.game.state().history.len();
    let last = if app.game.is_finished() || app.public {
        len.saturating_sub(1)
    } else {
        len
    };
    let at = app.draft.committed.unwrap_or(last).min(last);
    let next = if earlier {
        at.saturating_sub(1)
    } else {
        (at + 1).min(last)
    };
    app.draft.committed = (next < len).then_some(next);
    app.draft.scroll = 0;
}

fn edit_draft(app: &mut App) {
    if app.draft.committed.is_some() || app.game.is_finished() {
        app.error(
            "Committed posts are final",
            "only the current phase's post can be edited; press ] to go back to the draft",
        );
        return;
    }
    let editor = PostEditor::new(&draft::editable_body(app));
    app.overlays.push(Overlay::Editor(Box::new(editor)));
}

/// The entry behind the selected row of the pending pane.
fn selected_entry(app: &App) -> Option<u64> {
    let state = app.game.state();
    if let Some(p) = state.pending.get(app.pending_sel) {
        return Some(p.seq);
    }
    let i = app.pending_sel.checked_sub(state.pending.len())?;
    let (key, _) = state.overrides.iter().nth(i)?;
    app.game
        .entries()
        .iter()
        .rev()
        .find(|e| {
            !app.game.is_undone(e.seq)
                && matches!(&e.entry, Entry::Override { step, .. } if step == key)
        })
        .map(|e| e.seq)
}

fn move_in_pane(app: &mut App, msg: &Msg) {
    let page = 10;
    let step = |at: usize, len: usize| -> usize {
        let last = len.saturating_sub(1);
        match msg {
            Msg::Up => at.saturating_sub(1),
            Msg::Down => (at + 1).min(last),
            Msg::PageUp => at.saturating_sub(page),
            Msg::PageDown => (at + page).min(last),
            Msg::Top => 0,
            _ => last,
        }
    };
    match app.focus {
        Pane::Roster => app.roster_sel = step(app.roster_sel, app.game.state().slots.len()),
        Pane::Pending => app.pending_sel = step(app.pending_sel, app.pending_rows()),
        Pane::Queue if !app.shows_tally() => {
            // One more position than steps: 0 is "before the first step".
            app.queue.cursor = step(app.queue.cursor, app.resolution.step_count() + 1);
        }
        Pane::Queue => {}
        Pane::Draft => {
            let lines = draft::shown(app).lines().count();
            app.draft.scroll = step(usize::from(app.draft.scroll), lines)
                .try_into()
                .unwrap_or(u16::MAX)
        }
    }
}

fn on_mouse(app: &mut App, mouse: MouseEvent) -> Option<Effect> {
    let at = Position::new(mouse.column, mouse.row);
    let rects = view::pane_rects(view::main_area(app.area), app);
    let (pane, rect) = rects.into_iter().find(|(_, r)| r.contains(at))?;
    app.focus = pane;
    match mouse.kind {
        MouseEventKind::ScrollUp => move_in_pane(app, &Msg::Up),
        MouseEventKind::ScrollDown => move_in_pane(app, &Msg::Down),
        _ => {
            if let Some(row) = view::row_at(app, pane, rect, mouse.row) {
                match pane {
                    Pane::Roster => app.roster_sel = row,
                    Pane::Pending => app.pending_sel = row,
                    Pane::Queue => app.queue.cursor = row,
                    Pane::Draft => {}
                }
            }
        }
    }
    None
}

/// A `:` command (typed, or a finished form's export or open).
fn run_command(app: &mut App, cmd: Command) -> Option<Effect> {
    match cmd {
        Command::Entry(entry) => submit_or_show(app, entry),
        Command::Resolve => {
            show_resolution(app);
            None
        }
        Command::Commit => {
            ask_commit(app);
            None
        }
        Command::Undo(None) => undo_last(app),
        Command::Redo(None) => redo_last(app),
        // A change to a phase the players have read asks first, whichever way it is typed.
        Command::Undo(Some(seq)) | Command::Redo(Some(seq))
            if in_committed_phase(&app.game, seq) =>
        {
            ask_toggle(app, seq);
            None
        }
        Command::Undo(Some(seq)) => submit_or_show(app, Entry::Undo(seq)),
        Command::Redo(Some(seq)) => submit_or_show(app, Entry::Redo(seq)),
        Command::Save => Some(Effect::Save),
        Command::Takeover => {
            let Some(holder) = app.read_only.clone() else {
                app.notice = Some("this console already writes the save".into());
                return None;
            };
            app.overlays.push(Overlay::Confirm(Confirm {
                question: "Take the save over from the other console?".into(),
                detail: vec![
                    format!("It is open in another console ({holder})."),
                    "The save is read again from disk and written from here; the other console's next save is refused, its entries kept in its journal.".into(),
                    "Entries the other console wrote down and did not save are shown next, for you to decide.".into(),
                ],
                action: Confirmed::Takeover,
            }));
            None
        }
        Command::Open(path) => Some(Effect::Open(path)),
        Command::Export(markup, path) => Some(Effect::Write {
            files: draft::export(app, markup, &path),
            replace: false,
        }),
        Command::New => {
            open_new_game(app);
            None
        }
        Command::Help => {
            app.overlays.push(Overlay::Help(Help::default()));
            None
        }
        Command::Quit => update(app, Msg::Quit),
        Command::Claim { player, text } => {
            match crate::engine::validate::find_slot(app.game.state(), &player) {
                Ok(slot) => {
                    let id = slot.id;
                    let answer = crate::export::ledger::check_claim(&app.game, id, &text);
                    app.answer(&format!("Claim check — {player}: {text}"), answer.text);
                }
                Err(refusal) => app.error("Claim check", refusal.message),
            }
            None
        }
    }
}

/// Quitting with entries not in the save asks first, naming them: the host chooses to try the
/// save again, to save elsewhere, or to quit (they stay in the journal when it was written,
/// else they are lost, and the question says which). A second Ctrl-C does not answer it.
fn ask_before_quitting(app: &mut App) -> Option<Effect> {
    if app
        .overlays
        .iter()
        .any(|o| matches!(o, Overlay::Confirm(c) if c.action == Confirmed::Quit))
    {
        return None;
    }
    // Journaled entries are durable; the save is written before the console goes.
    if app.save_due() {
        app.quit_after_save = true;
        return Some(Effect::Save);
    }
    let unsaved = app.unsaved_entries();
    if unsaved.is_empty() {
        app.quit = true;
        return Some(Effect::Quit);
    }
    let at_risk: Vec<u64> = app.entries_at_risk().iter().map(|e| e.seq).collect();
    let mut detail: Vec<String> = unsaved
        .iter()
        .take(12)
        .map(|e| {
            let line = script::entry_line(&e.entry)
                .unwrap_or_else(|| "(an entry with no command line)".into());
            let lost = if at_risk.contains(&e.seq) {
                "  (lost if you quit)"
            } else {
                ""
            };
            format!("#{} {line}{lost}", e.seq)
        })
        .collect();
    if unsaved.len() > 12 {
        detail.push(format!("… and {} more", unsaved.len() - 12));
    }
    detail.push(String::new());
    let journal = crate::savefile::journal_path(&app.path);
    detail.push(if at_risk.is_empty() {
        format!(
            "y quits: they stay in {} and the next start offers them back",
            journal.display()
        )
    } else {
        "y quits and loses the entries marked: neither the save nor its journal could be written"
            .into()
    });
    detail.push("s: try the save again · w: save under a new name · n: stay".into());
    let count = unsaved.len();
    app.overlays.push(Overlay::Confirm(Confirm {
        question: format!(
            "{count} entr{} {} not in the save. Quit anyway?",
            if count == 1 { "y" } else { "ies" },
            if count == 1 { "is" } else { "are" }
        ),
        detail,
        action: Confirmed::Quit,
    }));
    None
}

/// Why nothing may be entered here: another console holds the save.
fn read_only(app: &App) -> Option<String> {
    if let Some(differs) = app.game.replay_differs() {
        return Some(format!(
            "read-only: this save does not replay into the game it recorded ({}); nothing is written to it",
            differs.message
        ));
    }
    app.read_only.as_ref().map(|holder| {
        format!(
            "read-only: the save is open in another console ({holder}); :takeover to write here"
        )
    })
}
