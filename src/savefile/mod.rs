//! Loading and saving games: RON on disk, replayed into a [`Game`] on load.

use crate::engine::{Entry, Game, GameFile, LoggedEntry, SAVE_VERSION};
use crate::store::{FileError, parse_ron, to_ron, write_atomic};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

pub mod layout;

/// How many earlier versions of a save are kept next to it.
pub const BACKUPS: usize = 10;

/// Read a save and replay it. A save from a newer mafia-mod, a mangled file or an entry the
/// rules refuse is an error naming the file (and line and column where the text is at fault).
pub fn load_game(path: &Path) -> Result<Game, FileError> {
    let text = crate::store::read_text(path)?;
    parse_game(path, &text)
}

pub fn parse_game(path: &Path, text: &str) -> Result<Game, FileError> {
    let file = read_game_file(path, text)?;
    if file.version != SAVE_VERSION {
        return Err(FileError::at_field(
            path,
            text,
            "version",
            format!(
                "save version {} is not one this mafia-mod reads (it reads {SAVE_VERSION})",
                file.version
            ),
        ));
    }
    Game::from_file(file, &crate::systems::SYSTEMS).map_err(|e| {
        let message = format!("the game does not load: {}", e.message);
        FileError::at_field(path, text, e.field, message)
    })
}

/// The save text of a game, its log one entry a line ([`layout`]).
pub fn game_text(game: &Game) -> Result<String, FileError> {
    layout::write(game.file())
        .map_err(|e| FileError::whole_file(Path::new("<game>"), e.to_string()))
}

/// A save's text read into its file, not yet replayed: split where the log is laid out as
/// mafia-mod writes it, else plainly (with the place of any error).
pub fn read_game_file(path: &Path, text: &str) -> Result<GameFile, FileError> {
    match layout::read_split(text) {
        Some(file) => Ok(file),
        None => parse_ron(path, text),
    }
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
    let back = read_game_file(path, &text).map_err(|e| {
        FileError::whole_file(
            path,
            format!("refusing to save: the new text would not load again ({e})"),
        )
    })?;
    if back != *game.file() {
        return Err(FileError::whole_file(
            path,
            "refusing to save: the new text reads back as a different game",
        ));
    }
    write_atomic(path, text.as_bytes(), BACKUPS)
        .map_err(|e| FileError::whole_file(path, e.to_string()))?;
    Ok(text)
}

/// The journal of a save: `NAME.ron.journal-PID` beside it. Every entry the console accepts
/// is appended to it, fsynced, before the save is written; a save that succeeds removes it. So
/// an entry the screen showed is on disk even when the save failed or the console was killed,
/// and the next start offers to recover it. One JSON object a line (JSON never writes a raw
/// newline), so a line torn by a crash is only ever the last one, and is ignored. The first
/// line names the save it was written on ([`JournalBase`]), so a start can tell whether
/// someone else wrote the save since.
///
/// Each console keeps its own (`NAME.ron.journal-PID`): two consoles on one save (one took it
/// over from the other) never remove or mix each other's entries.
pub fn journal_path(save: &Path) -> PathBuf {
    journal_of(save, std::process::id())
}

/// The journal the console of process `pid` keeps for `save`.
pub fn journal_of(save: &Path, pid: u32) -> PathBuf {
    let mut name = save.file_name().map_or_else(OsString::new, OsString::from);
    name.push(format!(".journal-{pid}"));
    save.with_file_name(name)
}

/// The journals of `save` not set aside: those of processes that no longer run (and this
/// one's), and with `live` those of running consoles too (a console taken over).
fn journals_of(save: &Path, live: bool) -> Vec<PathBuf> {
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
                    (live || pid == std::process::id() || crate::store::process_gone(pid))
                        .then(|| e.path())
                })
                .collect()
        })
        .unwrap_or_default();
    found.sort();
    found
}

/// The first line of a journal: the save it was written on, as its console last read or
/// wrote it. A journal of an older mafia-mod has none, and reads as written on the save just
/// before its first entry.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct JournalBase {
    /// The last entry number that save held (0: none).
    pub base_seq: u64,
    /// [`game_fingerprint`] of that save up to `base_seq`.
    pub base_game: String,
}

/// A fingerprint of the game a save holds up to entry `upto`: its name, seed, setup and
/// entries up to there. Two saves with the same fingerprint hold the same game that far: the
/// published posts follow from the entries, and the embedded roleset is left out (it is large
/// for a WWR game, this is computed at every first journal line, and a load may upgrade it).
/// FNV-1a over the RON text: a check against accidents, not against forgery.
pub fn game_fingerprint(file: &GameFile, upto: u64) -> String {
    let n = file.entries.partition_point(|e| e.seq <= upto);
    let view = (
        file.version,
        &file.name,
        file.seed,
        &file.setup,
        &file.entries[..n],
    );
    let text = to_ron(&view).unwrap_or_else(|_| format!("{view:?}"));
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    format!("{hash:016x}")
}

/// Append entries to the save's journal and make them durable. A new journal first names the
/// save it is written on: `base` as its entries stood at `base_seq` (what this console last
/// read or wrote).
pub fn append_journal(
    save: &Path,
    base: &GameFile,
    base_seq: u64,
    entries: &[LoggedEntry],
) -> std::io::Result<()> {
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
    if fresh {
        let head = JournalBase {
            base_seq,
            base_game: game_fingerprint(base, base_seq),
        };
        text.push_str(&serde_json::to_string(&head).map_err(std::io::Error::other)?);
        text.push('\n');
    }
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

/// A journal as read.
#[derive(Clone, Debug, PartialEq)]
pub struct Journal {
    pub path: PathBuf,
    /// The save it was written on; `None` for a journal of an older mafia-mod.
    pub base: Option<JournalBase>,
    /// Its entries in order; a line torn by a crash is left out.
    pub entries: Vec<LoggedEntry>,
}

/// Read a journal. A line that does not read, other than a torn last one, is an error at its
/// line: the journal is then left as it is.
pub fn read_journal(path: &Path) -> Result<Journal, FileError> {
    let text = std::fs::read(path)
        .map(|bytes| String::from_utf8_lossy(&bytes).to_string())
        .map_err(|e| FileError::whole_file(path, e.to_string()))?;
    let mut journal = Journal {
        path: path.to_path_buf(),
        base: None,
        entries: Vec::new(),
    };
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    for (i, line) in lines.iter().enumerate() {
        let torn = i + 1 == lines.len() && !line.ends_with('\n');
        let line = line.trim();
        if i == 0
            && let Ok(base) = serde_json::from_str::<JournalBase>(line)
        {
            journal.base = Some(base);
            continue;
        }
        match serde_json::from_str::<LoggedEntry>(line) {
            Ok(e) if journal.entries.last().is_none_or(|t| t.seq < e.seq) => {
                journal.entries.push(e)
            }
            Ok(_) => {}
            Err(_) if torn || line.is_empty() => {}
            Err(e) => {
                return Err(FileError {
                    path: path.to_path_buf(),
                    line: Some(i + 1),
                    col: Some(e.column()),
                    field: String::new(),
                    message: format!("a journal line that does not read: {e}"),
                });
            }
        }
    }
    Ok(journal)
}

/// How a journal stands to the save as it is on disk now.
#[derive(Clone, Debug, PartialEq)]
pub enum JournalFit {
    /// The save holds every entry of it (it was saved; the journal was not yet removed).
    Saved,
    /// The save is the one it was written on, perhaps with its first entries: these, the rest,
    /// go on top.
    OnTop(Vec<LoggedEntry>),
    /// Someone else wrote the save since (a console that took it over, `apply`, a backup put
    /// back, an edit): the save it was written on ended at `base_seq`; the save now ends at
    /// `save_seq`, and `since` is what it holds beyond `base_seq`.
    Changed {
        base_seq: u64,
        save_seq: u64,
        since: Vec<LoggedEntry>,
    },
}

impl Journal {
    /// The last entry number of the save it was written on.
    pub fn base_seq(&self) -> u64 {
        match (&self.base, self.entries.first()) {
            (Some(base), _) => base.base_seq,
            (None, Some(first)) => first.seq.saturating_sub(1),
            (None, None) => 0,
        }
    }

    /// Compare it with the save as it is now: the same game up to the journal's base (by its
    /// fingerprint, where the journal has one), and beyond it nothing but the journal's own
    /// first entries.
    pub fn fit(&self, save: &GameFile) -> JournalFit {
        if self.entries.is_empty() {
            return JournalFit::Saved;
        }
        let base_seq = self.base_seq();
        let save_seq = save.entries.last().map_or(0, |e| e.seq);
        let same_base = save_seq >= base_seq
            && self
                .base
                .as_ref()
                .is_none_or(|b| game_fingerprint(save, b.base_seq) == b.base_game);
        let since: Vec<LoggedEntry> = save
            .entries
            .iter()
            .filter(|e| e.seq > base_seq)
            .cloned()
            .collect();
        if same_base && since.starts_with(&self.entries) {
            JournalFit::Saved
        } else if same_base && self.entries.starts_with(&since) {
            JournalFit::OnTop(self.entries[since.len()..].to_vec())
        } else {
            JournalFit::Changed {
                base_seq,
                save_seq,
                since,
            }
        }
    }
}

/// A journal holding entries the save does not.
#[derive(Clone, Debug, PartialEq)]
pub struct Unsaved {
    pub journal: Journal,
    /// Never [`JournalFit::Saved`].
    pub fit: JournalFit,
}

impl Unsaved {
    /// The entries that would go on top of the save: the tail beyond it, or, when someone else
    /// wrote the save since, every entry of the journal.
    pub fn entries(&self) -> &[LoggedEntry] {
        match &self.fit {
            JournalFit::OnTop(tail) => tail,
            _ => &self.journal.entries,
        }
    }
}

/// The journals of `save` (of stopped consoles; with `live`, of any) that hold entries `file`
/// does not, or that do not read. Those whose every entry the save holds are removed: nothing
/// in them is lost.
pub fn unsaved_journals(
    save: &Path,
    file: &GameFile,
    live: bool,
) -> Vec<Result<Unsaved, FileError>> {
    let mut out = Vec::new();
    for path in journals_of(save, live) {
        match read_journal(&path) {
            Ok(journal) => match journal.fit(file) {
                JournalFit::Saved => {
                    let _ = std::fs::remove_file(&path);
                }
                fit => out.push(Ok(Unsaved { journal, fit })),
            },
            // Gone between the listing and the reading: its console saved and removed it.
            Err(_) if !path.exists() => {}
            Err(e) => out.push(Err(e)),
        }
    }
    out
}

/// An entry as its `:` line, with its number: `#58 act Ann doctor Carla`.
pub fn entry_words(e: &LoggedEntry) -> String {
    let line = crate::script::entry_line(&e.entry)
        .unwrap_or_else(|| format!("({})", crate::tui::log::describe(&e.entry)));
    format!("#{} {line}", e.seq)
}

fn entries_count(n: usize) -> String {
    format!("{n} entr{}", if n == 1 { "y" } else { "ies" })
}

/// What a journal holds and, when someone else wrote the save since, what the save holds now
/// beyond the journal's base: for the host to choose (at most `limit` entries of each).
pub fn journal_report(found: &Unsaved, limit: usize) -> Vec<String> {
    let list = |out: &mut Vec<String>, entries: &[LoggedEntry]| {
        out.extend(
            entries
                .iter()
                .take(limit)
                .map(|e| format!("  {}", entry_words(e))),
        );
        if entries.len() > limit {
            out.push(format!("  … and {} more", entries.len() - limit));
        }
    };
    let mut out = Vec::new();
    match &found.fit {
        JournalFit::Changed {
            base_seq,
            save_seq,
            since,
        } => {
            out.push(format!(
                "{} was written on the save as it stood at entry #{base_seq}; the save was written since (by a console that took it over, by apply, or by hand).",
                found.journal.path.display()
            ));
            out.push(format!(
                "The journal holds {}:",
                entries_count(found.journal.entries.len())
            ));
            list(&mut out, found.journal.entries.as_slice());
            if !since.is_empty() {
                out.push(format!(
                    "The save now holds {} beyond #{base_seq}:",
                    entries_count(since.len())
                ));
                list(&mut out, since.as_slice());
            } else if save_seq < base_seq {
                out.push(format!(
                    "The save now ends at #{save_seq}, before #{base_seq}: an older copy of it was put back."
                ));
            } else {
                out.push(format!(
                    "The save holds nothing beyond #{base_seq}, but not the game the journal was written on (edited, or made again)."
                ));
            }
        }
        _ => {
            let tail = found.entries();
            out.push(format!(
                "{} holds {} the save does not (its console did not save them):",
                found.journal.path.display(),
                entries_count(tail.len()),
            ));
            list(&mut out, tail);
        }
    }
    out
}

/// The entries entered on top of `game`, in order, each through the rules (`Game::submit`),
/// numbered after its last; an undo or redo of one of them follows it to its new number. The
/// first the rules refuse stops it all, and is said.
pub fn entries_on_top(game: &Game, entries: &[LoggedEntry]) -> Result<Game, String> {
    let mut game = game.clone();
    let mut moved: BTreeMap<u64, u64> = BTreeMap::new();
    for e in entries {
        let follow = |seq: &u64| moved.get(seq).copied().unwrap_or(*seq);
        let entry = match &e.entry {
            Entry::Undo(seq) => Entry::Undo(follow(seq)),
            Entry::Redo(seq) => Entry::Redo(follow(seq)),
            other => other.clone(),
        };
        let seq = game
            .submit_posted(entry, e.at, e.posted.clone())
            .map_err(|refusal| {
                format!(
                    "the journal's {} is refused on top of the save as it is now: {refusal}",
                    entry_words(e)
                )
            })?;
        moved.insert(e.seq, seq);
    }
    Ok(game)
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

/// A journal's entries beyond the save, and the save with them on top, for the host to choose.
pub struct Recovery {
    pub found: Unsaved,
    /// The save with the journal's entries on top ([`entries_on_top`]), or why the rules
    /// refuse one of them.
    pub game: Result<Game, String>,
}

/// The first journal of `save` (of a stopped console; with `live`, of any) that holds entries
/// `game` does not, with those entries tried on top of it. Journals that hold nothing new are
/// removed; one that does not read is an error, and is left as it is.
pub fn recovered(save: &Path, game: &Game, live: bool) -> Result<Option<Recovery>, FileError> {
    let Some(found) = unsaved_journals(save, game.file(), live).into_iter().next() else {
        return Ok(None);
    };
    let found = found?;
    let on_top = entries_on_top(game, found.entries());
    Ok(Some(Recovery {
        found,
        game: on_top,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::HostCommand;

    fn note(seq: u64, text: &str) -> LoggedEntry {
        LoggedEntry {
            seq,
            at: None,
            posted: None,
            entry: Entry::Host(HostCommand::Note(text.into())),
        }
    }

    fn journal(base: Option<JournalBase>, entries: Vec<LoggedEntry>) -> Journal {
        Journal {
            path: PathBuf::from("g.ron.journal-1"),
            base,
            entries,
        }
    }

    /// The demo game and its last entry number.
    fn demo() -> (Game, u64) {
        let game = crate::demo::demo_game().expect("demo builds");
        let last = game.entries().last().map_or(0, |e| e.seq);
        (game, last)
    }

    /// A journal of an older mafia-mod (no first line naming its save) still reads, a torn
    /// last line left out, and is compared with the save entry by entry.
    #[test]
    fn an_old_journal_without_its_base_reads_and_is_compared() {
        let (game, last) = demo();
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("g.ron.journal-7");
        let lines: Vec<String> = [note(last + 1, "a"), note(last + 2, "b")]
            .iter()
            .map(|e| serde_json::to_string(e).expect("json"))
            .collect();
        std::fs::write(&path, format!("{}\n{}\n{{\"seq\":", lines[0], lines[1])).expect("write");
        let read = read_journal(&path).expect("reads");
        assert_eq!(read.base, None);
        assert_eq!(read.entries, [note(last + 1, "a"), note(last + 2, "b")]);
        assert_eq!(
            read.fit(game.file()),
            JournalFit::OnTop(read.entries.clone())
        );
        // The save's own last entry again: nothing new.
        let again = journal(None, vec![game.entries()[game.entries().len() - 1].clone()]);
        assert_eq!(again.fit(game.file()), JournalFit::Saved);
        // A different entry under the save's last number: someone else wrote the save.
        let other = journal(None, vec![note(last, "mine"), note(last + 1, "more")]);
        assert_eq!(
            other.fit(game.file()),
            JournalFit::Changed {
                base_seq: last - 1,
                save_seq: last,
                since: vec![game.entries()[game.entries().len() - 1].clone()],
            }
        );
    }

    /// A journal that names its save tells the save it was written on from one written since:
    /// by a console or `apply` after it (entries beyond its base), by one that holds it all and
    /// more (saved, then more applied), or by a save made again (the same entries, another game).
    #[test]
    fn a_journal_knows_the_save_it_was_written_on() {
        let (game, last) = demo();
        let base = Some(JournalBase {
            base_seq: last,
            base_game: game_fingerprint(game.file(), last),
        });
        let mine = journal(base, vec![note(last + 1, "mine")]);
        assert_eq!(
            mine.fit(game.file()),
            JournalFit::OnTop(mine.entries.clone())
        );
        let mut theirs = game.clone();
        theirs
            .submit(Entry::Host(HostCommand::Note("theirs".into())), None)
            .expect("accepted");
        assert_eq!(
            mine.fit(theirs.file()),
            JournalFit::Changed {
                base_seq: last,
                save_seq: last + 1,
                since: vec![note(last + 1, "theirs")],
            }
        );
        let mut saved_then_more = game.clone();
        for text in ["mine", "applied after"] {
            saved_then_more
                .submit(Entry::Host(HostCommand::Note(text.into())), None)
                .expect("accepted");
        }
        assert_eq!(mine.fit(saved_then_more.file()), JournalFit::Saved);
        let mut made_again = game.file().clone();
        made_again.seed ^= 1;
        assert!(matches!(
            mine.fit(&made_again),
            JournalFit::Changed { since, .. } if since.is_empty()
        ));
        // What a save gained beyond the base is not part of the fingerprint up to it.
        assert_eq!(
            game_fingerprint(theirs.file(), last),
            game_fingerprint(game.file(), last)
        );
    }

    /// Entered on top, an undo of a journal entry follows it to its new number.
    #[test]
    fn entries_on_top_follow_their_new_numbers() {
        let (game, last) = demo();
        let mut theirs = game.clone();
        theirs
            .submit(Entry::Host(HostCommand::Note("theirs".into())), None)
            .expect("accepted");
        let mine = [
            note(last + 1, "mine"),
            LoggedEntry {
                seq: last + 2,
                at: None,
                posted: None,
                entry: Entry::Undo(last + 1),
            },
        ];
        let on_top = entries_on_top(&theirs, &mine).expect("accepted");
        let tail: Vec<&Entry> = on_top.entries()[game.entries().len()..]
            .iter()
            .map(|e| &e.entry)
            .collect();
        assert_eq!(
            tail,
            [
                &Entry::Host(HostCommand::Note("theirs".into())),
                &Entry::Host(HostCommand::Note("mine".into())),
                &Entry::Undo(last + 2),
            ]
        );
    }
}
