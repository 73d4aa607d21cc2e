//! Carrying out what `update` asks for: saves, loads, exports, the clipboard, mouse capture.
//! Failures never lose the game in memory; they show the error overlay.

use super::app::{App, Confirmed, Overlay, SaveState};
use super::msg::{Effect, JournalChoice};
use crate::savefile::{load_game, save_game};
use crate::store::fresh_path;
use ratatui::crossterm::clipboard::CopyToClipboard;
use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use std::io::Write;
use std::path::Path;

/// Perform an effect. `terminal` receives escape sequences (OSC 52, mouse capture).
pub fn perform(app: &mut App, effect: Effect, terminal: &mut dyn Write) {
    match effect {
        Effect::Save => save(app),
        Effect::Journal => journal_only(app),
        // Another game replaces this one only once its entries are in its save.
        Effect::Open(_) | Effect::Create(_) if app.save_state != SaveState::Saved => app.error(
            "This game has entries not in its save",
            "Save it first (s), or quit and answer the question about them.",
        ),
        Effect::Open(path) => match load_game(&path) {
            Ok(game) => {
                app.replace_game(game, path.clone());
                app.notice = Some(format!("opened {}", path.display()));
                app.hold_save();
                if app.read_only.is_none() {
                    app.check_journal();
                }
            }
            Err(e) => app.error("Cannot open that save", e.to_string()),
        },
        Effect::Write { files, replace } => {
            if let Some(why) = files.iter().find_map(|(path, _)| save_target(app, path)) {
                return app.error("Export refused", why);
            }
            let existing: Vec<String> = files
                .iter()
                .filter(|(path, _)| path.exists())
                .map(|(path, _)| path.display().to_string())
                .collect();
            if !existing.is_empty() && !replace {
                app.overlays
                    .push(super::app::Overlay::Confirm(super::confirm::Confirm {
                        question: format!("Replace {}?", existing.join(" and ")),
                        detail: vec!["The export would write over what is there now.".into()],
                        action: super::app::Confirmed::Replace(files),
                    }));
                return;
            }
            let mut written = Vec::new();
            for (path, text) in files {
                match crate::store::write_atomic(&path, text.as_bytes(), 0) {
                    Ok(()) => written.push(path.display().to_string()),
                    Err(e) => {
                        app.error("Export failed", format!("{}: {e}", path.display()));
                        return;
                    }
                }
            }
            app.notice = Some(format!("exported to {}", written.join(" and ")));
        }
        Effect::Copy(text) => {
            let text = crate::export::clean_controls(&text);
            let copy = CopyToClipboard::to_clipboard_from(text.as_bytes());
            match ratatui::crossterm::execute!(&mut &mut *terminal, copy) {
                Ok(()) => {
                    app.notice = Some(format!(
                        "copied {} characters to the clipboard (OSC 52; the terminal must allow it)",
                        text.chars().count()
                    ))
                }
                Err(e) => app.error("Copy failed", e.to_string()),
            }
        }
        Effect::Mouse(on) => {
            let done = if on {
                ratatui::crossterm::execute!(&mut &mut *terminal, EnableMouseCapture)
            } else {
                ratatui::crossterm::execute!(&mut &mut *terminal, DisableMouseCapture)
            };
            if let Err(e) = done {
                app.error("Mouse", e.to_string());
            }
        }
        Effect::Create(game) => {
            let dir = app
                .games_dir
                .clone()
                .unwrap_or_else(|| app.path.parent().map(Path::to_path_buf).unwrap_or_default());
            let path = fresh_path(&dir, &game.file().name);
            match save_game(&game, &path) {
                Ok(()) => {
                    app.replace_game(*game, path.clone());
                    app.notice = Some(format!("new game saved as {}", path.display()));
                    app.hold_save();
                }
                Err(e) => app.error("The new game could not be saved", e.to_string()),
            }
        }
        Effect::SaveElsewhere => save_elsewhere(app),
        Effect::Recover(choice) => recover(app, choice),
        Effect::Takeover => match load_game(&app.path)
            .map_err(|e| e.to_string())
            .and_then(|game| {
                Ok((
                    game,
                    crate::store::claim_save(&app.path).map_err(|e| e.to_string())?,
                ))
            }) {
            Ok((game, line)) => {
                let path = app.path.clone();
                app.replace_game(game, path);
                app.claim = Some(line);
                app.notice = Some(
                    "taken over: the save is written from here; the other console can no longer save it".into(),
                );
                // What the console taken over wrote down and did not save is the host's to
                // decide, as at a start.
                app.check_journal_at_takeover();
            }
            Err(e) => app.error("Cannot take the save over", e),
        },
        Effect::Quit => app.quit = true,
    }
}

/// Every entry since the last durable one, appended to the save's journal and synced; false
/// when the journal could not be written (those entries are then at risk until a save).
fn journal(app: &mut App) -> bool {
    let fresh: Vec<crate::engine::LoggedEntry> =
        app.entries_at_risk().into_iter().cloned().collect();
    let Some(last) = fresh.last() else {
        return true;
    };
    let written =
        crate::savefile::append_journal(&app.path, app.game.file(), app.saved_seq, &fresh).is_ok();
    if written {
        app.durable_seq = last.seq;
    }
    written
}

/// An entry made durable by its journal line alone: the save waits for the host to pause,
/// commit or quit. A journal that cannot be written is no promise: the save is written now.
fn journal_only(app: &mut App) {
    if journal(app) && !matches!(app.save_state, SaveState::Failed(_)) {
        app.save_state = SaveState::Journaled;
    } else {
        save(app);
    }
}

/// Journal first, then the save: every entry since the last durable one is appended to the
/// save's journal and fsynced before the save is written, so what the screen shows survives a
/// failed save or a killed console. A save that succeeds holds everything, and the journal goes.
fn save(app: &mut App) {
    // Quitting waits on this save only: a failed one keeps the console open, and a later save
    // that succeeds does not close it.
    let quitting = std::mem::take(&mut app.quit_after_save);
    journal(app);
    if let Some(differs) = app.game.replay_differs() {
        app.notice = Some(format!(
            "not saved: this save does not replay into the game it recorded ({})",
            differs.message
        ));
        app.save_state = SaveState::Unsaved;
        return;
    }
    if let Some(holder) = &app.read_only {
        app.notice = Some(format!(
            "not saved: read-only, the save is open in another console ({holder})"
        ));
        // Not due again when the host pauses: nothing can be written from here.
        app.save_state = SaveState::Unsaved;
        return;
    }
    if let Err(holder) = app.writes_the_save() {
        let message = format!(
            "another console took the save over ({holder}): this one is read-only now; your entries are in {}",
            crate::savefile::journal_path(&app.path).display()
        );
        app.save_state = SaveState::Failed(message.clone());
        app.error("Save refused: the save was taken over", message);
        return;
    }
    // Written by someone else since this console read or wrote it: never written over.
    // (A save gone from disk has nothing to write over.)
    let on_disk = std::fs::read(&app.path).ok();
    if app.disk.is_some() && on_disk.is_some() && on_disk != app.disk {
        let message = format!(
            "{} changed on disk since this console read it (another console or program): nothing was written over it; your entries are in {}",
            app.path.display(),
            crate::savefile::journal_path(&app.path).display()
        );
        app.save_state = SaveState::Failed(message.clone());
        app.error(
            "Save refused: the save changed on disk",
            format!("{message}\n\nSave under a new name (quit, then w), or quit and open the save again."),
        );
        return;
    }
    match crate::savefile::save_game_text(&app.game, &app.path) {
        Ok(text) => {
            tracing::info!(
                game = %app.path.display(),
                entries = app.game.file().entries.len(),
                "saved"
            );
            app.disk = Some(text.into_bytes());
            crate::savefile::remove_journal(&app.path);
            app.durable_seq = app.game.file().entries.last().map_or(0, |e| e.seq);
            app.saved_seq = app.durable_seq;
            app.save_state = SaveState::Saved;
            if let Some(n) = &mut app.notice
                && !n.ends_with("saved")
            {
                n.push_str(" · saved");
            }
            if quitting {
                app.quit = true;
            }
        }
        Err(e) => {
            let message = e.to_string();
            app.save_state = SaveState::Failed(message.clone());
            app.error(
                "Save failed: the game is still here, in memory",
                format!("{message}\n\nFix the problem and press s to save again."),
            );
        }
    }
}

/// The save cannot be written: the game goes to a fresh name in the games folder (or beside the
/// save) and the console goes on there.
fn save_elsewhere(app: &mut App) {
    let dir = app
        .games_dir
        .clone()
        .filter(|d| d.is_dir())
        .or_else(|| app.path.parent().map(Path::to_path_buf))
        .unwrap_or_default();
    let path = fresh_path(&dir, &format!("{}-rescued", app.game.file().name));
    match crate::savefile::save_game_text(&app.game, &path) {
        Ok(text) => {
            app.disk = Some(text.into_bytes());
            app.read_only = None;
            let old = std::mem::replace(&mut app.path, path.clone());
            app.hold_save();
            crate::savefile::remove_journal(&old);
            app.durable_seq = app.game.file().entries.last().map_or(0, |e| e.seq);
            app.saved_seq = app.durable_seq;
            app.save_state = SaveState::Saved;
            app.notice = Some(format!("saved as {}", path.display()));
        }
        Err(e) => app.error("That save failed too", e.to_string()),
    }
}

/// The host's answer to the journal question: enter the journal's entries on top of the save
/// and save, keep the journal aside as a file, or drop it. A refusal of the rules changes
/// nothing and asks again; nothing is deleted but on the second yes of `d`.
fn recover(app: &mut App, choice: JournalChoice) {
    // Answered: neither the question nor the drop question over it stays.
    app.overlays.retain(|o| {
        !matches!(o, Overlay::Confirm(c)
            if matches!(c.action, Confirmed::Recover | Confirmed::DropJournal))
    });
    let Some(recovery) = app.recovery.take() else {
        return;
    };
    let recovery = *recovery;
    let journal = recovery.found.journal.path.clone();
    let count = recovery.found.entries().len();
    let entries = if count == 1 { "entry" } else { "entries" };
    match choice {
        JournalChoice::Apply => {
            if let Err(why) = &recovery.game {
                let why = why.clone();
                app.recovery = Some(Box::new(recovery));
                app.ask_recovery();
                app.error(
                    "Refused: nothing changed",
                    format!(
                        "{why}\n\nThe save and the journal are as they were: keep the journal aside (k) or drop it (d)."
                    ),
                );
                return;
            }
            let Ok(game) = recovery.game else {
                return;
            };
            enter_recovered(app, game, &journal);
            app.notice = Some(match app.save_state {
                SaveState::Saved => format!("recovered {count} {entries} from the journal, saved"),
                _ => format!("recovered {count} {entries} from the journal; not saved yet"),
            });
        }
        JournalChoice::KeepAside => match crate::savefile::set_journal_aside(&journal) {
            Ok(kept) => {
                app.notice = Some(format!(
                    "the save is as it was; the journal ({count} {entries}) is kept as {}",
                    kept.display()
                ))
            }
            Err(e) => app.error(
                "The journal could not be set aside",
                format!("{}: {e}\n\nIt is left as it is.", journal.display()),
            ),
        },
        JournalChoice::Drop => match std::fs::remove_file(&journal) {
            Ok(()) => {
                app.notice = Some(format!(
                    "dropped the journal {} ({count} {entries})",
                    journal.display()
                ))
            }
            Err(e) => app.error(
                "The journal could not be dropped",
                format!("{}: {e}\n\nIt is left as it is.", journal.display()),
            ),
        },
    }
    // The next journal, if another stopped console left one.
    if !journal.exists() && app.overlays.is_empty() {
        app.check_journal();
    }
}

/// Go on with the save with a journal's entries on top. They are written to this console's
/// own journal (on the save as it is now) and saved; once they are in either, the journal they
/// came from goes.
fn enter_recovered(app: &mut App, game: crate::engine::Game, journal: &Path) {
    let (path, saved) = (app.path.clone(), app.saved_seq);
    let kept = (
        app.lock.take(),
        app.read_only.take(),
        app.claim.take(),
        app.disk.take(),
    );
    app.replace_game(game, path);
    (app.lock, app.read_only, app.claim, app.disk) = kept;
    app.save_state = SaveState::Unsaved;
    app.saved_seq = saved;
    app.durable_seq = saved;
    save(app);
    let last = app.game.file().entries.last().map_or(0, |e| e.seq);
    if app.durable_seq == last && journal != crate::savefile::journal_path(&app.path).as_path() {
        let _ = std::fs::remove_file(journal);
    }
}

/// Why an export may not write `path`: it is the open save, or a save of the games folder
/// (whatever its name), or its text is a game. Exports never replace a save, asked or not.
fn save_target(app: &App, path: &Path) -> Option<String> {
    let same = |a: &Path, b: &Path| match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    };
    if same(path, &app.path) {
        return Some(format!("{} is this game's save", path.display()));
    }
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let in_games = app
        .games_dir
        .as_deref()
        .zip(path.parent())
        .is_some_and(|(games, parent)| same(games, parent));
    let save_like =
        name.ends_with(".ron") || name.contains(".ron.bak") || name.ends_with(".journal");
    if in_games && save_like {
        return Some(format!(
            "{} is a save's name in the games folder",
            path.display()
        ));
    }
    let head = std::fs::read(path)
        .ok()
        .map(|b| String::from_utf8_lossy(&b[..b.len().min(65536)]).to_string());
    if head.is_some_and(|h| crate::commands::ron_kind(&h) == "Game") {
        return Some(format!("{} holds a saved game", path.display()));
    }
    None
}
