//! Loading and saving games: RON on disk, replayed into a [`Game`] on load.

use crate::engine::{Game, GameFile, LoggedEntry, SAVE_VERSION};
use crate::store::{FileError, parse_ron, to_ron, write_atomic};
use std::ffi::OsString;
use std::path::{Path, PathBuf};

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
        let (line, col) = crate::store::locate(text, "version").unzip();
        return Err(FileError {
            line,
            col,
            field: "version".into(),
            ..file_error(
                path,
                format!(
                    "save version {} is not one this mafia-mod reads (it reads {SAVE_VERSION})",
                    file.version
                ),
            )
        });
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
    save_game_text(game, path).map(|_| ())
}

/// [`save_game`], giving back the text written (the console keeps it to notice a save changed
/// on disk by someone else).
pub fn save_game_text(game: &Game, path: &Path) -> Result<String, FileError> {
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
    write_atomic(path, text.as_bytes(), BACKUPS).map_err(|e| file_error(path, e.to_string()))?;
    Ok(text)
}

/// The journal of a save: `NAME.ron.journal` beside it. Every entry the console accepts is
/// appended to it, fsynced, before the save is written; a save that succeeds removes it. So an
/// entry the screen showed is on disk even when the save failed or the console was killed, and
/// the next start offers to recover it. One JSON object a line (JSON never writes a raw
/// newline), so a line torn by a crash is only ever the last one, and is ignored.
///
/// Each console keeps its own (`NAME.ron.journal-PID`): two consoles on one save (one took it
/// over from the other) never remove or mix each other's entries.
pub fn journal_path(save: &Path) -> PathBuf {
    journal_of(save, std::process::id())
}

fn journal_of(save: &Path, pid: u32) -> PathBuf {
    let mut name = save.file_name().map_or_else(OsString::new, OsString::from);
    name.push(format!(".journal-{pid}"));
    save.with_file_name(name)
}

/// The journals of `save` a start may recover: those of processes that no longer run (and
/// this one's), not those set aside.
fn recoverable_journals(save: &Path) -> Vec<PathBuf> {
    let prefix = format!(
        "{}.journal-",
        save.file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default()
    );
    let dir = match save.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let mut found: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .filter_map(|e| {
                    let name = e.file_name().to_string_lossy().to_string();
                    let pid: u32 = name.strip_prefix(&prefix)?.parse().ok()?;
                    (pid == std::process::id() || crate::store::process_gone(pid)).then(|| e.path())
                })
                .collect()
        })
        .unwrap_or_default();
    found.sort();
    found
}

/// Append entries to the save's journal and make them durable.
pub fn append_journal(save: &Path, entries: &[LoggedEntry]) -> std::io::Result<()> {
    if entries.is_empty() {
        return Ok(());
    }
    let path = journal_path(save);
    let fresh = !path.exists();
    let mut options = std::fs::OpenOptions::new();
    options.append(true).create(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(&path)?;
    let mut text = String::new();
    for e in entries {
        text.push_str(&serde_json::to_string(e).map_err(std::io::Error::other)?);
        text.push('\n');
    }
    std::io::Write::write_all(&mut file, text.as_bytes())?;
    file.sync_data()?;
    if fresh && let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        // The new name itself must survive a power cut.
        if let Ok(d) = std::fs::File::open(dir) {
            let _ = d.sync_all();
        }
    }
    Ok(())
}

/// The journal's entries that the save does not hold (numbered after its last entry), in
/// order; empty without a journal. A torn last line is left out.
pub fn journal_tail(journal: &Path, file: &GameFile) -> Result<Vec<LoggedEntry>, FileError> {
    let path = journal.to_path_buf();
    let text = match std::fs::read(&path) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).to_string(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(file_error(&path, e.to_string())),
    };
    let last = file.entries.last().map_or(0, |e| e.seq);
    let mut tail: Vec<LoggedEntry> = Vec::new();
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    for (i, line) in lines.iter().enumerate() {
        let torn = i + 1 == lines.len() && !line.ends_with('\n');
        match serde_json::from_str::<LoggedEntry>(line.trim()) {
            Ok(e) if e.seq > last && tail.last().is_none_or(|t| t.seq < e.seq) => tail.push(e),
            Ok(_) => {}
            Err(_) if torn || line.trim().is_empty() => {}
            Err(e) => {
                return Err(FileError {
                    path: path.clone(),
                    line: Some(i + 1),
                    col: Some(e.column()),
                    field: String::new(),
                    message: format!("a journal line that does not read: {e}"),
                });
            }
        }
    }
    Ok(tail)
}

/// The save holds everything now: its journal goes.
pub fn remove_journal(save: &Path) {
    let _ = std::fs::remove_file(journal_path(save));
}

/// Keep a journal the host chose not to recover, under a name no start reads again.
pub fn set_journal_aside(journal: &Path) -> std::io::Result<PathBuf> {
    let from = journal.to_path_buf();
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let mut name = from.file_name().map_or_else(OsString::new, OsString::from);
    name.push(format!("-aside-{stamp}"));
    let to = from.with_file_name(name);
    std::fs::rename(&from, &to)?;
    Ok(to)
}

/// A journal's entries beyond the save, replayed onto it.
pub struct Recovery {
    pub game: Game,
    pub tail: Vec<LoggedEntry>,
    /// The journal they came from.
    pub journal: PathBuf,
}

/// The save with a journal's tail replayed onto it (every entry checked again by the rules):
/// the first journal of a stopped console that holds entries the save lacks. Journals that hold
/// nothing new are removed.
pub fn recovered(save: &Path, game: &Game) -> Result<Option<Recovery>, FileError> {
    for journal in recoverable_journals(save) {
        let tail = journal_tail(&journal, game.file())?;
        if tail.is_empty() {
            let _ = std::fs::remove_file(&journal);
            continue;
        }
        let mut file = game.file().clone();
        file.entries.extend(tail.iter().cloned());
        let game = Game::from_file(file, &crate::systems::SYSTEMS).map_err(|e| {
            file_error(
                &journal,
                format!("the journal's entries do not replay onto the save: {e}"),
            )
        })?;
        return Ok(Some(Recovery {
            game,
            tail,
            journal,
        }));
    }
    Ok(None)
}
