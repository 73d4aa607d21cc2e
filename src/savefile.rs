//! Loading and saving games: RON on disk, replayed into a [`Game`] on load.

use crate::engine::{Game, GameFile, SAVE_VERSION};
use crate::store::{FileError, parse_ron, to_ron, write_atomic};
use std::path::Path;

/// How many earlier versions of a save are kept next to it.
pub const BACKUPS: usize = 10;

fn file_error(path: &Path, message: String) -> FileError {
    FileError {
        path: path.to_path_buf(),
        line: None,
        col: None,
        field: String::new(),
        message,
    }
}

/// Read a save and replay it. A save from a newer mafia-mod, a mangled file or an entry the
/// rules refuse is an error naming the file (and line and column where the text is at fault).
pub fn load_game(path: &Path) -> Result<Game, FileError> {
    let text = crate::store::read_text(path)?;
    parse_game(path, &text)
}

pub fn parse_game(path: &Path, text: &str) -> Result<Game, FileError> {
    let file: GameFile = parse_ron(path, text)?;
    if file.version != SAVE_VERSION {
        return Err(file_error(
            path,
            format!(
                "save version {} is not one this mafia-mod reads (it reads {SAVE_VERSION})",
                file.version
            ),
        ));
    }
    Game::from_file(file, &crate::systems::SYSTEMS).map_err(|e| {
        let (line, col) = crate::store::locate(text, &e.field).unzip();
        FileError {
            path: path.to_path_buf(),
            line,
            col,
            message: format!("the game does not load: {}", e.message),
            field: e.field,
        }
    })
}

/// The save text of a game.
pub fn game_text(game: &Game) -> Result<String, FileError> {
    to_ron(game.file()).map_err(|e| file_error(Path::new("<game>"), e.to_string()))
}

/// Save atomically, keeping backups. Before anything on disk is touched the new text is read
/// back and must give exactly the game in memory, so a bad save never replaces a good one. The
/// game itself needs no replay here: every entry was checked when it was accepted, and a load
/// replays the whole log anyway, so an autosave costs a serialisation and a parse, not a game.
pub fn save_game(game: &Game, path: &Path) -> Result<(), FileError> {
    let text = game_text(game)?;
    let back: GameFile = parse_ron(path, &text).map_err(|e| {
        file_error(
            path,
            format!("refusing to save: the new text would not load again ({e})"),
        )
    })?;
    if back != *game.file() {
        return Err(file_error(
            path,
            "refusing to save: the new text reads back as a different game".into(),
        ));
    }
    write_atomic(path, text.as_bytes(), BACKUPS).map_err(|e| file_error(path, e.to_string()))
}
