//! `mafia-mod apply`: lines in the `:` command syntax applied to a save as entries, all or
//! nothing. The first line the game refuses is reported with its line number and the rule,
//! and the save is left as it was; a host's night can go `suggest`, edit, `apply`.

use crate::engine::{Entry, Game};
use crate::script::{Command, parse};

/// Why a batch of lines was not applied.
#[derive(Debug, PartialEq)]
pub struct LineError {
    pub line: usize,
    pub text: String,
    pub message: String,
}

/// Apply every line to the game, in order; on the first problem the game is restored to what
/// it was. Blank lines and `#` comments are skipped. Returns how many entries went in.
pub fn apply_lines(game: &mut Game, text: &str, at: Option<u64>) -> Result<usize, LineError> {
    apply_lines_checked(game, text, at, &mut |_, _| Ok(()), &mut |_, _| {})
}

/// [`apply_lines`] for lines read from players' posts: `posted[i]` is when the message behind
/// line `i` (0-based, blank lines counted) was posted, kept on its entry for deadlines.
pub fn apply_posted_lines(
    game: &mut Game,
    text: &str,
    at: Option<u64>,
    posted: &[Option<String>],
) -> Result<usize, LineError> {
    apply_lines_stamped(game, text, at, posted, &mut |_, _| Ok(()), &mut |_, _| {})
}

/// [`apply_lines`], asking `before_commit` before each commit line goes in, with the game as
/// it stands then and the line's number: its error refuses the commit like a refused line
/// (`mafia-mod apply` prints the commit check there and stops at votes missing). A line that
/// asks a question and enters nothing (`claim`) is answered through `answered`, with its
/// line number, from the game as it stands at that line.
pub fn apply_lines_checked(
    game: &mut Game,
    text: &str,
    at: Option<u64>,
    before_commit: &mut dyn FnMut(&Game, usize) -> Result<(), String>,
    answered: &mut dyn FnMut(usize, &str),
) -> Result<usize, LineError> {
    apply_lines_stamped(game, text, at, &[], before_commit, answered)
}

fn apply_lines_stamped(
    game: &mut Game,
    text: &str,
    at: Option<u64>,
    posted: &[Option<String>],
    before_commit: &mut dyn FnMut(&Game, usize) -> Result<(), String>,
    answered: &mut dyn FnMut(usize, &str),
) -> Result<usize, LineError> {
    let before = game.clone();
    let mut count = 0;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim().trim_start_matches('\u{feff}');
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fail = |message: String| LineError {
            line: i + 1,
            text: line.to_string(),
            message,
        };
        if let Ok(Command::Claim { player, text }) = parse(line, game) {
            match crate::engine::validate::find_slot(game.state(), &player) {
                Ok(slot) => {
                    let answer = crate::export::ledger::check_claim(game, slot.id, &text);
                    answered(i + 1, &answer.text);
                }
                Err(refusal) => {
                    *game = before;
                    return Err(fail(refusal.message));
                }
            }
            continue;
        }
        let entry = match entry_of(line, game) {
            Ok(Some(entry)) => entry,
            Ok(None) => continue,
            Err(message) => {
                *game = before;
                return Err(fail(message));
            }
        };
        if matches!(entry, Entry::Resolve)
            && let Err(message) = before_commit(&*game, i + 1)
        {
            *game = before;
            return Err(fail(message));
        }
        let posted = posted.get(i).cloned().flatten();
        if let Err(refusal) = game.submit_posted(entry, at, posted) {
            *game = before;
            return Err(fail(format!(
                "{} (rule `{}`)",
                refusal.message, refusal.rule
            )));
        }
        count += 1;
    }
    Ok(count)
}

/// The entry a line asks for; `None` for lines that ask for nothing to be entered.
fn entry_of(line: &str, game: &Game) -> Result<Option<Entry>, String> {
    if line.starts_with('?') {
        return Err(
            "an undecided suggestion: write the entry the message asks for, or delete the line"
                .into(),
        );
    }
    Ok(match parse(line, game)? {
        Command::Entry(entry) => Some(entry),
        Command::Commit => Some(Entry::Resolve),
        Command::Undo(seq) => Some(Entry::Undo(
            seq.or_else(|| game.last_undoable())
                .ok_or("there is nothing to undo")?,
        )),
        Command::Redo(seq) => Some(Entry::Redo(
            seq.or_else(|| game.last_redoable())
                .ok_or("there is nothing to redo")?,
        )),
        // the save is written once at the end; a resolution is shown by the console; a claim
        // is answered by the caller
        Command::Resolve | Command::Save | Command::Claim { .. } => None,
        Command::Open(_)
        | Command::Export(..)
        | Command::New
        | Command::Help
        | Command::Quit
        | Command::Takeover => {
            return Err(format!(
                "`{}` is a console command; apply enters entries (use `mafia-mod export` for posts)",
                line.split_whitespace().next().unwrap_or(line)
            ));
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn demo() -> Game {
        crate::demo::demo_game().expect("demo builds")
    }

    #[test]
    fn all_lines_go_in() {
        let mut g = demo();
        let n = g.entries().len();
        let applied = apply_lines(&mut g, "# night\nact Ann doctor Carla\n\ncommit\n", None);
        assert_eq!(applied, Ok(2));
        assert_eq!(g.entries().len(), n + 2);
        assert_eq!(g.phase_name(), "Day 2");
    }

    #[test]
    fn a_refused_line_leaves_the_game_as_it_was() {
        let mut g = demo();
        let before = g.file().clone();
        let err = apply_lines(&mut g, "act Ann doctor Carla\nact Jack doctor Ann\n", None)
            .expect_err("a dead actor is refused");
        assert_eq!(err.line, 2);
        assert!(err.message.contains("rule `"), "{}", err.message);
        assert_eq!(*g.file(), before);
        let err = apply_lines(&mut g, "? Ann: unclear\n", None).expect_err("undecided");
        assert_eq!(err.line, 1);
        assert_eq!(*g.file(), before);
        let err = apply_lines(&mut g, "quit\n", None).expect_err("console only");
        assert!(err.message.contains("console command"));
    }
}
