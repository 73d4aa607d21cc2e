//! Carrying out what `update` asks for: saves, loads, exports, the clipboard, mouse capture.
//! Failures never lose the game in memory; they show the error overlay.

use super::app::{App, SaveState};
use super::msg::Effect;
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
        Effect::Open(path) => match load_game(&path) {
            Ok(game) => {
                app.replace_game(game, path.clone());
                app.notice = Some(format!("opened {}", path.display()));
            }
            Err(e) => app.error("Cannot open that save", e.to_string()),
        },
        Effect::Write(files) => {
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
                }
                Err(e) => app.error("The new game could not be saved", e.to_string()),
            }
        }
        Effect::Quit => app.quit = true,
    }
}

fn save(app: &mut App) {
    match save_game(&app.game, &app.path) {
        Ok(()) => {
            app.save_state = SaveState::Saved;
            if let Some(n) = &mut app.notice
                && !n.ends_with("saved")
            {
                n.push_str(" · saved");
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
