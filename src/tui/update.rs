//! `update(&mut App, Msg) -> Option<Effect>`: every change of the console happens here, and
//! nothing here touches the disk or the terminal (that is `effects`). Entries go through
//! `Game::submit`; a refused entry changes nothing and shows the engine's reason.

use super::app::{App, Confirmed, Overlay, SaveState};
use super::batch::Batch;
use super::command::CommandLine;
use super::draft;
use super::form::{Done, Form, FormKind};
use super::msg::{Answer, Effect, Msg, Pane};
use super::newgame::{NewGame, NgField};
use super::view;
use crate::engine::{Entry, Game};
use crate::export::Markup;
use crate::script::{self, Command};
use ratatui::crossterm::event::{KeyCode, KeyEvent, MouseEvent, MouseEventKind};
use ratatui::layout::{Position, Rect};
use ratatui_textarea::TextArea;

pub fn update(app: &mut App, msg: Msg) -> Option<Effect> {
    match msg {
        Msg::Quit => {
            app.quit = true;
            Some(Effect::Quit)
        }
        Msg::Resize(w, h) => {
            app.area = Rect::new(0, 0, w, h);
            None
        }
        Msg::Mouse(mouse) if app.overlays.is_empty() => on_mouse(app, mouse),
        Msg::Mouse(_) => None,
        msg if matches!(app.overlays.last(), Some(Overlay::Batch(_))) => on_batch(app, msg),
        msg if matches!(app.overlays.last(), Some(Overlay::Votes(_))) => on_votes(app, msg),
        msg if matches!(app.overlays.last(), Some(Overlay::Commit(_))) => on_commit(app, msg),
        msg if matches!(app.overlays.last(), Some(Overlay::DraftDiff(_))) => {
            on_draft_diff(app, msg)
        }
        msg => match app.overlays.pop() {
            None => on_main(app, msg),
            Some(top) => on_overlay(app, top, msg),
        },
    }
}

/// Submit an entry. Accepted: re-resolve and ask for a save. Refused: say why.
fn submit(app: &mut App, entry: Entry) -> Result<Option<Effect>, ()> {
    let committing = matches!(entry, Entry::Resolve);
    let phase_name = app.game.phase_label();
    match app.game.submit(entry, app.clock.now()) {
        Ok(seq) => {
            app.save_state = SaveState::Unsaved;
            let changes = app.refresh();
            app.notice = Some(match changes {
                Some(c) => format!("entry #{seq} accepted; re-resolved: {c}"),
                None => format!("entry #{seq} accepted"),
            });
            if committing {
                app.queue.cursor = 0;
                app.queue.steps_in_day = false;
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
            Ok(Some(Effect::Save))
        }
        Err(refusal) => {
            app.error("Refused: nothing was entered", refusal.to_string());
            Err(())
        }
    }
}

/// What would put secrets on screen: not available in the public view (votes are public).
fn reveals_secrets(msg: &Msg) -> bool {
    matches!(
        msg,
        Msg::OpenForm(FormKind::Act | FormKind::Host | FormKind::Override)
            | Msg::ActForSelected
            | Msg::OverrideSelected
            | Msg::CommandLine
            | Msg::PastePm
            | Msg::Paste(_)
            | Msg::EntryLog
            | Msg::EditDraft
            | Msg::TogglePrivate
            | Msg::CopyPlayer
    )
}

fn on_main(app: &mut App, msg: Msg) -> Option<Effect> {
    if app.public && reveals_secrets(&msg) {
        app.notice = Some("not in the public view: it would show secrets (P leaves it)".into());
        return None;
    }
    match msg {
        Msg::Help => app.overlays.push(Overlay::Help { scroll: 0 }),
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
        Msg::CommandLine => app.overlays.push(Overlay::Command(CommandLine::default())),
        Msg::PastePm => app.overlays.push(Overlay::Batch(Box::default())),
        Msg::VoteMode if app.game.open_ballots().is_empty() => {
            app.notice = Some(app.game.no_ballot_refusal().message);
        }
        Msg::VoteMode => {
            let votes = crate::tui::votes::Votes::new(&app.game);
            app.overlays.push(Overlay::Votes(Box::new(votes)));
        }
        Msg::NewGame => app.overlays.push(Overlay::NewGame(Box::default())),
        Msg::OpenSave => open_form(app, FormKind::Open, Vec::new()),
        Msg::Export => open_form(app, FormKind::Export, Vec::new()),
        Msg::Resolve => {
            app.focus = Pane::Queue;
            app.queue.steps_in_day = true;
            app.queue.cursor = 0;
            app.notice = Some(format!(
                "{} resolved: {} steps, nothing committed; ↓ steps through, o overrides, C commits",
                app.game.phase_label(),
                app.resolution.step_count()
            ));
        }
        Msg::Commit => ask_commit(app),
        Msg::ToggleTally => app.queue.steps_in_day = !app.queue.steps_in_day,
        Msg::TogglePrivate => {
            app.draft.shows = app.draft.shows.next();
            app.draft.scroll = 0;
        }
        Msg::TogglePublic => {
            app.public = !app.public;
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
        Msg::UndoLast => match app.game.last_undoable() {
            // taking back a commit or an entry of a committed phase changes a final post
            Some(seq) if in_committed_phase(&app.game, seq) => ask_toggle(app, seq),
            Some(seq) => return submit(app, Entry::Undo(seq)).ok().flatten(),
            None => app.notice = Some("nothing to undo".into()),
        },
        Msg::RedoLast => match app.game.last_redoable() {
            Some(seq) => return submit(app, Entry::Redo(seq)).ok().flatten(),
            None => app.notice = Some("nothing to redo".into()),
        },
        Msg::UndoSelected => match selected_entry(app) {
            Some(seq) => return submit(app, Entry::Undo(seq)).ok().flatten(),
            None => app.notice = Some("select an entry of this phase first".into()),
        },
        Msg::EntryLog => {
            let selected = app.game.entries().len().saturating_sub(1);
            app.overlays.push(Overlay::Log { selected });
        }
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
        detail.push(format!(
            "It is a commit: {} is open again, and its final post is withdrawn.",
            app.game.phase_label()
        ));
    } else if in_committed_phase(&app.game, seq) {
        detail.push(
            "It belongs to a committed phase: that phase's results change, and the next post \
             carries a correction with what it said and what it says now."
                .into(),
        );
    }
    app.overlays.push(Overlay::Confirm {
        question: format!(
            "{} entry #{seq} (`{what}`)?",
            if undo { "Undo" } else { "Redo" }
        ),
        detail,
        action: Confirmed::Toggle(seq),
    });
}

fn open_form(app: &mut App, kind: FormKind, values: Vec<String>) {
    let form = Form::with_values(kind, values, &app.form_ctx());
    app.overlays.push(Overlay::Form(form));
}

fn ask_commit(app: &mut App) {
    if app.game.state().game_over.is_some() {
        app.error("The game is over", "there is no phase left to commit");
        return;
    }
    let check = super::commit::Commit::new(app);
    app.overlays.push(Overlay::Commit(Box::new(check)));
}

/// The draft diff answers its own keys; its choices go in as post edits.
fn on_draft_diff(app: &mut App, msg: Msg) -> Option<Effect> {
    let Some(Overlay::DraftDiff(diff)) = app.overlays.last_mut() else {
        return None;
    };
    let choice = diff.update(msg);
    if choice != super::diff::Choice::Stay {
        app.overlays.pop();
    }
    match choice {
        super::diff::Choice::Stay | super::diff::Choice::Close => None,
        // An empty edit drops the edit: the post is generated again.
        super::diff::Choice::TakeNew => submit(app, Entry::EditPost(String::new())).ok().flatten(),
        super::diff::Choice::KeepEdit(text) => submit(app, Entry::EditPost(text)).ok().flatten(),
        super::diff::Choice::EditAgain => {
            edit_draft(app);
            None
        }
    }
}

/// The commit check answers its own keys; yes commits as every other commit does.
fn on_commit(app: &mut App, msg: Msg) -> Option<Effect> {
    let Some(Overlay::Commit(commit)) = app.overlays.last_mut() else {
        return None;
    };
    match commit.update(msg) {
        Answer::Stay => None,
        Answer::Close => {
            app.overlays.pop();
            None
        }
        Answer::Enter(_) => {
            app.overlays.pop();
            submit(app, Entry::Resolve).ok().flatten()
        }
    }
}

fn browse_phases(app: &mut App, earlier: bool) {
    // Every committed round is a place of its own; one past the last is the current draft.
    let len = app.game.state().history.len();
    let at = app.draft.committed.unwrap_or(len).min(len);
    let next = if earlier {
        at.saturating_sub(1)
    } else {
        (at + 1).min(len)
    };
    app.draft.committed = (next < len).then_some(next);
    app.draft.scroll = 0;
}

fn edit_draft(app: &mut App) {
    if app.draft.committed.is_some() {
        app.error(
            "Committed posts are final",
            "only the current phase's post can be edited; press ] to go back to the draft",
        );
        return;
    }
    let mut editor = TextArea::new(
        draft::editable_body(app)
            .lines()
            .map(str::to_string)
            .collect(),
    );
    editor.set_wrap_mode(ratatui_textarea::WrapMode::Word);
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

fn on_overlay(app: &mut App, top: Overlay, msg: Msg) -> Option<Effect> {
    match top {
        Overlay::Help { scroll } => {
            let scroll = match msg {
                Msg::Close => return None,
                Msg::Up => scroll.saturating_sub(1),
                Msg::Down => scroll.saturating_add(1),
                Msg::PageUp => scroll.saturating_sub(10),
                Msg::PageDown => scroll.saturating_add(10),
                _ => scroll,
            };
            app.overlays.push(Overlay::Help { scroll });
            None
        }
        Overlay::Error { .. } if msg == Msg::Close => None,
        Overlay::Confirm { action, .. } if msg == Msg::Yes => match action {
            Confirmed::Toggle(seq) => {
                let toggle = if app.game.is_undone(seq) {
                    Entry::Redo(seq)
                } else {
                    Entry::Undo(seq)
                };
                // A refusal (undoing an undo, an entry later ones depend on) lands on top.
                submit(app, toggle).ok().flatten()
            }
        },
        Overlay::Confirm { .. } if msg == Msg::No => None,
        Overlay::Form(form) => on_form(app, form, msg),
        Overlay::Command(line) => on_command(app, line, msg),
        Overlay::Editor(editor) => on_editor(app, editor, msg),
        Overlay::NewGame(ng) => on_new_game(app, ng, msg),
        Overlay::Log { selected } => on_log(app, selected, msg),
        other => {
            app.overlays.push(other);
            None
        }
    }
}

fn on_log(app: &mut App, selected: usize, msg: Msg) -> Option<Effect> {
    let last = app.game.entries().len().saturating_sub(1);
    let selected = match msg {
        Msg::Close => return None,
        Msg::Up => selected.saturating_sub(1),
        Msg::Down => (selected + 1).min(last),
        Msg::PageUp => selected.saturating_sub(10),
        Msg::PageDown => (selected + 10).min(last),
        Msg::Top => 0,
        Msg::Bottom => last,
        Msg::Submit => {
            app.overlays.push(Overlay::Log { selected });
            let seq = app.game.entries().get(selected).map(|e| e.seq)?;
            ask_toggle(app, seq);
            return None;
        }
        _ => selected,
    };
    app.overlays.push(Overlay::Log { selected });
    None
}

fn on_form(app: &mut App, mut form: Form, msg: Msg) -> Option<Effect> {
    form.error = None;
    match msg {
        Msg::Close => return None,
        Msg::Submit => {
            let result = form.accept(&app.form_ctx());
            match result {
                Ok(None) => {}
                Ok(Some(done)) => return finish_form(app, form, done),
                Err(why) => form.error = Some(why),
            }
        }
        Msg::Complete => form.complete(&app.form_ctx()),
        Msg::Back => form.back(),
        Msg::Up | Msg::Down => form.move_choice(&app.form_ctx(), msg == Msg::Down),
        Msg::Input(key) if form.input.handle(key) => form.edited(),
        Msg::Paste(text) => {
            form.input.insert_str(&text);
            form.edited();
        }
        _ => {}
    }
    app.overlays.push(Overlay::Form(form));
    None
}

fn finish_form(app: &mut App, mut form: Form, done: Done) -> Option<Effect> {
    match done {
        Done::Entry(entry) => match submit(app, entry) {
            Ok(effect) => effect,
            Err(()) => {
                // Keep the form under the error so the host can correct the last field.
                form.back();
                let error = app.overlays.pop();
                app.overlays.push(Overlay::Form(form));
                app.overlays.extend(error);
                None
            }
        },
        Done::Export(markup, path) => Some(Effect::Write(draft::export(app, markup, &path))),
        Done::Open(path) => Some(Effect::Open(path)),
    }
}

fn on_command(app: &mut App, mut line: CommandLine, msg: Msg) -> Option<Effect> {
    line.error = None;
    match msg {
        Msg::Close => return None,
        Msg::Submit => {
            let text = line.input.text().trim().to_string();
            match script::parse(&text, &app.game) {
                Ok(cmd) => {
                    if app.command_history.last() != Some(&text) {
                        app.command_history.push(text);
                    }
                    return run_command(app, cmd);
                }
                Err(why) => {
                    // Kept to mend, but selected: the next command typed replaces it.
                    line.error = Some(why);
                    line.input.select_all();
                }
            }
        }
        Msg::Complete => line.complete(&app.game, &app.resolution.outcome),
        Msg::Up | Msg::Down => {
            let n = app.command_history.len();
            let at = match (line.history_at, msg == Msg::Up) {
                (None, true) => n.checked_sub(1),
                (Some(i), true) => Some(i.saturating_sub(1)),
                (Some(i), false) if i + 1 < n => Some(i + 1),
                _ => None,
            };
            line.input.set(
                at.and_then(|i| app.command_history.get(i))
                    .map_or("", |s| s),
            );
            line.completion = None;
            line.history_at = at;
        }
        Msg::Input(key) if line.input.handle(key) => line.edited(),
        Msg::Paste(text) => {
            line.input.insert_str(&text);
            line.edited();
        }
        _ => {}
    }
    app.overlays.push(Overlay::Command(line));
    None
}

fn run_command(app: &mut App, cmd: Command) -> Option<Effect> {
    match cmd {
        Command::Entry(entry) => submit(app, entry).ok().flatten(),
        Command::Resolve => on_main(app, Msg::Resolve),
        Command::Commit => on_main(app, Msg::Commit),
        Command::Undo(None) => on_main(app, Msg::UndoLast),
        Command::Redo(None) => on_main(app, Msg::RedoLast),
        // A change to a phase the players have read asks first, whichever way it is typed.
        Command::Undo(Some(seq)) | Command::Redo(Some(seq))
            if in_committed_phase(&app.game, seq) =>
        {
            ask_toggle(app, seq);
            None
        }
        Command::Undo(Some(seq)) => submit(app, Entry::Undo(seq)).ok().flatten(),
        Command::Redo(Some(seq)) => submit(app, Entry::Redo(seq)).ok().flatten(),
        Command::Save => Some(Effect::Save),
        Command::Open(path) => Some(Effect::Open(path)),
        Command::Export(markup, path) => Some(Effect::Write(draft::export(app, markup, &path))),
        Command::New => on_main(app, Msg::NewGame),
        Command::Help => on_main(app, Msg::Help),
        Command::Quit => update(app, Msg::Quit),
    }
}

fn on_editor(app: &mut App, mut editor: Box<TextArea<'static>>, msg: Msg) -> Option<Effect> {
    match msg {
        Msg::Close => return None,
        Msg::Finish => {
            let text = editor.lines().join("\n");
            let unchanged = text.trim() == draft::editable_body(app).trim();
            if unchanged {
                app.notice = Some("the post is unchanged".into());
                return None;
            }
            return submit(app, Entry::EditPost(text)).ok().flatten();
        }
        Msg::Input(key) => {
            editor.input(key);
        }
        Msg::Paste(text) => {
            editor.insert_str(text);
        }
        _ => {}
    }
    app.overlays.push(Overlay::Editor(editor));
    None
}

/// Enter command lines from an overlay, all or nothing, through the same path as
/// `mafia-mod apply`; on success the console re-resolves and asks for a save.
fn enter_lines(
    app: &mut App,
    lines: &str,
) -> Result<(usize, Option<String>), crate::apply::LineError> {
    let count = crate::apply::apply_lines(&mut app.game, lines, app.clock.now())?;
    app.save_state = SaveState::Unsaved;
    Ok((count, app.refresh()))
}

/// The batch overlay answers its own messages in place; its lines go in all at once.
fn on_batch(app: &mut App, msg: Msg) -> Option<Effect> {
    let Some(Overlay::Batch(batch)) = app.overlays.last_mut() else {
        return None;
    };
    let lines = match batch.update(msg, &app.game) {
        Answer::Stay => return None,
        Answer::Close => {
            app.overlays.pop();
            return None;
        }
        Answer::Enter(lines) => lines,
    };
    match enter_lines(app, &lines) {
        Ok((count, changes)) => {
            app.overlays.pop();
            app.notice = Some(match changes {
                Some(c) => format!("{count} entries from the batch; re-resolved: {c}"),
                None => format!("{count} entries from the batch"),
            });
            Some(Effect::Save)
        }
        Err(e) => {
            if let Some(Overlay::Batch(batch)) = app.overlays.last_mut() {
                batch.refused(e.line, e.message);
            }
            None
        }
    }
}

/// The vote mode answers its own messages in place; each line's votes go in all or nothing.
fn on_votes(app: &mut App, msg: Msg) -> Option<Effect> {
    let Some(Overlay::Votes(votes)) = app.overlays.last_mut() else {
        return None;
    };
    let lines = match votes.update(msg, &app.game) {
        Answer::Stay => return None,
        Answer::Close => {
            app.overlays.pop();
            return None;
        }
        Answer::Enter(lines) => lines,
    };
    let entered = enter_lines(app, &lines);
    let Some(Overlay::Votes(votes)) = app.overlays.last_mut() else {
        return None;
    };
    match entered {
        Ok(_) => {
            votes.entered(&app.game, &lines);
            Some(Effect::Save)
        }
        Err(e) => {
            votes.problem = Some(format!("{}; nothing was entered", e.message));
            None
        }
    }
}

fn on_new_game(app: &mut App, mut ng: Box<NewGame>, msg: Msg) -> Option<Effect> {
    match msg {
        Msg::Close => return None,
        Msg::Complete => ng.next_field(true),
        Msg::Back => ng.next_field(false),
        Msg::Up | Msg::Down if ng.field == NgField::Players => {
            let code = if msg == Msg::Up {
                KeyCode::Up
            } else {
                KeyCode::Down
            };
            ng.players.input(KeyEvent::from(code));
        }
        Msg::Up | Msg::Down => ng.cycle(msg == Msg::Down),
        Msg::Finish => match ng.plan() {
            Ok(plan) => match Game::create(
                &ng.game_name(),
                plan.roleset,
                plan.setup,
                plan.seed,
                &crate::systems::SYSTEMS,
            ) {
                Ok((game, _warnings)) => return Some(Effect::Create(Box::new(game))),
                Err(refusal) => app.error("The setup was refused", refusal.to_string()),
            },
            Err(why) => app.error("The game cannot be created yet", why),
        },
        Msg::Input(key) => match ng.field {
            NgField::Players => {
                ng.players.input(key);
            }
            NgField::Name | NgField::Families | NgField::Seed if key.code == KeyCode::Enter => {
                ng.next_field(true)
            }
            NgField::Name => {
                ng.name.handle(key);
            }
            NgField::Families => {
                ng.families.handle(key);
            }
            NgField::Seed => {
                ng.seed.handle(key);
            }
            NgField::Roleset | NgField::Assign => match key.code {
                KeyCode::Left | KeyCode::Char(' ') | KeyCode::Right => {
                    ng.cycle(key.code != KeyCode::Left)
                }
                KeyCode::Enter => ng.next_field(true),
                _ => {}
            },
        },
        Msg::Paste(text) => match ng.field {
            NgField::Players => {
                ng.players.insert_str(text);
            }
            NgField::Name => ng.name.insert_str(&text),
            NgField::Families => ng.families.insert_str(&text),
            NgField::Seed => ng.seed.insert_str(&text),
            _ => {}
        },
        _ => {}
    }
    // An error raised above goes on top of the form it is about.
    let error = match app.overlays.last() {
        Some(Overlay::Error { .. }) => app.overlays.pop(),
        _ => None,
    };
    app.overlays.push(Overlay::NewGame(ng));
    app.overlays.extend(error);
    None
}
