//! The `:` command line: a small grammar for everything the forms do, with Tab completion of
//! commands, names, abilities, families, statuses and step keys. The same table documents the
//! grammar in the help overlay.

use super::form::{host_command, markup, verdict};
use super::input::LineInput;
use crate::engine::outcome::Outcome;
use crate::engine::validate::{target_choices, target_kind};
use crate::engine::{Entry, Game};
use crate::export::Markup;
use crate::rules::TargetKind;
use std::path::PathBuf;

/// Every command: name, arguments, what it does. Drives completion of the first word and the
/// grammar section of the help overlay.
pub const COMMANDS: &[(&str, &str, &str)] = &[
    ("act", "ACTOR ABILITY TARGET…", "enter an action"),
    (
        "vote",
        "[BALLOT] VOTER TARGET",
        "enter a vote (default ballot unless named)",
    ),
    ("unvote", "[BALLOT] VOTER", "withdraw a vote"),
    ("modkill", "PLAYER", "remove a player from the game"),
    ("revive", "PLAYER", "bring a dead player back"),
    (
        "replace",
        "PLAYER NEW-NAME",
        "a new person takes over the slot",
    ),
    (
        "status",
        "PLAYER +STATUS|-STATUS",
        "give or take away a status",
    ),
    ("role", "PLAYER ROLE", "change a player's role"),
    (
        "msg",
        "PLAYER|* TEXT…",
        "message to a player, or * for everyone",
    ),
    ("note", "TEXT…", "a note only the host sees"),
    (
        "override",
        "STEP succeed|fail|skip REASON…",
        "force a step's result",
    ),
    ("resolve", "", "show the queue from its first step"),
    ("commit", "", "commit the phase; the next phase starts"),
    ("undo", "[SEQ]", "undo the last entry, or entry #SEQ"),
    ("redo", "[SEQ]", "redo the last undone entry, or entry #SEQ"),
    ("save", "", "save now"),
    ("open", "PATH", "open another save"),
    (
        "export",
        "bbcode|markdown|text PATH",
        "write the draft and private results",
    ),
    ("new", "", "create a new game"),
    ("help", "", "show every key binding"),
    ("quit", "", "quit"),
];

/// What a command line asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    Entry(Entry),
    Resolve,
    Commit,
    Undo(Option<u64>),
    Redo(Option<u64>),
    Save,
    Open(PathBuf),
    Export(Markup, PathBuf),
    New,
    Help,
    Quit,
}

/// The `:` overlay: the line, its history and the completion in progress.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CommandLine {
    pub input: LineInput,
    /// Candidates of the last Tab and which one is in the line.
    pub completion: Option<Completion>,
    /// Where Up/Down is in the history (`None`: the line being typed).
    pub history_at: Option<usize>,
    /// Why the last line was not run.
    pub error: Option<String>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Completion {
    /// The line without the word being completed.
    pub stem: String,
    pub candidates: Vec<String>,
    pub index: usize,
}

/// Split a line into words; "double quotes" keep spaces inside a word.
pub fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut started = false;
    for c in line.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                started = true;
            }
            c if c.is_whitespace() && !quoted => {
                if started {
                    out.push(std::mem::take(&mut word));
                    started = false;
                }
            }
            c => {
                word.push(c);
                started = true;
            }
        }
    }
    if started {
        out.push(word);
    }
    out
}

fn quote(word: &str) -> String {
    if word.contains(char::is_whitespace) {
        format!("\"{word}\"")
    } else {
        word.to_string()
    }
}

/// Parse a command line.
pub fn parse(line: &str, game: &Game) -> Result<Command, String> {
    let w = words(line);
    let Some(name) = w.first() else {
        return Err("type a command; Tab completes, `help` lists the keys".into());
    };
    let args = &w[1..];
    let arg = |i: usize, what: &str| -> Result<String, String> {
        args.get(i)
            .cloned()
            .ok_or_else(|| format!("`{name}` needs {what}: {}", usage(name)))
    };
    let rest = |from: usize| args.get(from..).unwrap_or(&[]).join(" ");
    let name = name.to_lowercase();
    let none = |cmd: Command| -> Result<Command, String> {
        if args.is_empty() {
            Ok(cmd)
        } else {
            Err(format!("`{name}` takes no arguments"))
        }
    };
    let host = |words: Vec<String>| -> Result<Command, String> {
        host_command(&words).map(|c| Command::Entry(Entry::Host(c)))
    };
    match name.as_str() {
        "act" => Ok(Command::Entry(Entry::Act {
            actor: arg(0, "an actor")?,
            ability: arg(1, "an ability")?,
            targets: args.get(2..).unwrap_or(&[]).to_vec(),
            params: Default::default(),
        })),
        "vote" => {
            let (ballot, rest) = split_ballot(game, args);
            match rest {
                [voter, target] => Ok(Command::Entry(Entry::Vote {
                    ballot,
                    voter: voter.clone(),
                    target: target.clone(),
                })),
                _ => Err(format!("usage: {}", usage("vote"))),
            }
        }
        "unvote" => {
            let (ballot, rest) = split_ballot(game, args);
            match rest {
                [voter] => Ok(Command::Entry(Entry::Unvote {
                    ballot,
                    voter: voter.clone(),
                })),
                _ => Err(format!("usage: {}", usage("unvote"))),
            }
        }
        "modkill" | "revive" => host(vec![name.clone(), arg(0, "a player")?]),
        "replace" => host(vec![
            name.clone(),
            arg(0, "a player")?,
            arg(1, "the new name")?,
        ]),
        "status" => host(vec![
            name.clone(),
            arg(0, "a player")?,
            arg(1, "+status or -status")?,
        ]),
        "role" => host(vec![name.clone(), arg(0, "a player")?, arg(1, "a role")?]),
        "msg" => {
            let to = arg(0, "a player or *")?;
            let text = rest(1);
            if text.is_empty() {
                return Err(format!("usage: {}", usage("msg")));
            }
            host(vec![name.clone(), to, text])
        }
        "note" => {
            let text = rest(0);
            if text.is_empty() {
                return Err(format!("usage: {}", usage("note")));
            }
            host(vec![name.clone(), text])
        }
        "override" => {
            let step = arg(0, "a step key")?;
            let verdict = verdict(&arg(1, "a verdict")?)?;
            let reason = rest(2);
            if reason.is_empty() {
                return Err("an override needs a reason: it is kept in the save".into());
            }
            Ok(Command::Entry(Entry::Override {
                step,
                verdict,
                reason,
            }))
        }
        "resolve" => none(Command::Resolve),
        "commit" => none(Command::Commit),
        "undo" | "redo" => {
            let seq = match args.first() {
                None => None,
                Some(s) => Some(
                    s.trim_start_matches('#')
                        .parse::<u64>()
                        .map_err(|_| format!("`{s}` is not an entry number"))?,
                ),
            };
            Ok(if name == "undo" {
                Command::Undo(seq)
            } else {
                Command::Redo(seq)
            })
        }
        "save" => none(Command::Save),
        "open" => Ok(Command::Open(PathBuf::from(rest(0)))).and_then(|c| match &c {
            Command::Open(p) if p.as_os_str().is_empty() => {
                Err(format!("usage: {}", usage("open")))
            }
            _ => Ok(c),
        }),
        "export" => {
            let format = markup(&arg(0, "a format")?)?;
            let path = rest(1);
            if path.is_empty() {
                return Err(format!("usage: {}", usage("export")));
            }
            Ok(Command::Export(format, PathBuf::from(path)))
        }
        "new" => none(Command::New),
        "help" => none(Command::Help),
        "quit" | "q" => none(Command::Quit),
        other => Err(format!("unknown command `{other}`; Tab lists the commands")),
    }
}

fn usage(name: &str) -> String {
    COMMANDS
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|(n, args, _)| format!("{n} {args}").trim_end().to_string())
        .unwrap_or_else(|| name.to_string())
}

/// `vote family Bob Rossi`: a first word naming an open ballot is the ballot.
fn split_ballot<'a>(game: &Game, args: &'a [String]) -> (Option<String>, &'a [String]) {
    match args.first() {
        Some(first) if args.len() > 1 && game.roleset().ballot(first).is_some() => {
            (Some(first.clone()), &args[1..])
        }
        _ => (None, args),
    }
}

/// The words that may come next, given the words before it.
pub fn candidates(game: &Game, preview: &Outcome, before: &[String]) -> Vec<String> {
    let state = game.state();
    let roleset = game.roleset();
    let living = || state.living().map(|s| s.name.clone()).collect::<Vec<_>>();
    let everyone = || {
        state
            .slots
            .iter()
            .map(|s| s.name.clone())
            .collect::<Vec<_>>()
    };
    let families = || state.families.clone();
    let Some(cmd) = before.first() else {
        return COMMANDS.iter().map(|(n, _, _)| n.to_string()).collect();
    };
    let n = before.len() - 1;
    match (cmd.as_str(), n) {
        ("act", 0) => living(),
        ("act", 1) => state
            .slot_by_name(&before[1])
            .and_then(|s| game.usable_abilities(s).ok())
            .map(|list| list.iter().map(|a| a.id.clone()).collect())
            .unwrap_or_default(),
        ("act", i) => {
            let Some(ability) = roleset.ability(&before[2]) else {
                return Vec::new();
            };
            match target_kind(ability, i - 2) {
                TargetKind::Family => families(),
                TargetKind::Player => living(),
                other => target_choices(roleset, state, &other),
            }
        }
        ("vote" | "unvote", 0) => {
            let kind = state.phase_kind(roleset);
            let mut out: Vec<String> = roleset
                .ballots
                .iter()
                .filter(|b| b.phase == kind && !b.default)
                .map(|b| b.id.clone())
                .collect();
            out.extend(living());
            out
        }
        ("vote", i) => {
            let (ballot, rest_len) = match roleset.ballot(&before[1]) {
                Some(b) => (Some(b), i - 1),
                None => (roleset.default_ballot(state.phase_kind(roleset)), i),
            };
            match (ballot.map(|b| b.target.clone()), rest_len) {
                (_, 0) => living(),
                (Some(TargetKind::Family), 1) => families(),
                (_, 1) => living(),
                _ => Vec::new(),
            }
        }
        ("unvote", 1) if roleset.ballot(&before[1]).is_some() => living(),
        ("modkill", 0) => living(),
        ("revive", 0) => state
            .slots
            .iter()
            .filter(|s| !s.alive)
            .map(|s| s.name.clone())
            .collect(),
        ("replace" | "status" | "role", 0) => everyone(),
        ("msg", 0) => {
            let mut out = vec!["*".to_string()];
            out.extend(everyone());
            out
        }
        ("status", 1) => {
            let slot = state.slot_by_name(&before[1]);
            roleset
                .statuses
                .iter()
                .map(|s| {
                    if slot.is_some_and(|p| p.has_status(&s.id)) {
                        format!("-{}", s.id)
                    } else {
                        format!("+{}", s.id)
                    }
                })
                .collect()
        }
        ("role", 1) => roleset.roles.iter().map(|r| r.id.clone()).collect(),
        ("override", 0) => preview.steps.iter().map(|s| s.key.clone()).collect(),
        ("override", 1) => vec!["succeed".into(), "fail".into(), "skip".into()],
        ("export", 0) => vec!["bbcode".into(), "markdown".into(), "text".into()],
        ("undo", 0) => game
            .last_undoable()
            .map(|s| vec![s.to_string()])
            .unwrap_or_default(),
        ("redo", 0) => game
            .last_redoable()
            .map(|s| vec![s.to_string()])
            .unwrap_or_default(),
        _ => Vec::new(),
    }
}

impl CommandLine {
    /// Tab: complete the word at the end of the line; when several candidates fit, Tab again
    /// cycles through them, and when one did, Tab goes on to the next word.
    pub fn complete(&mut self, game: &Game, preview: &Outcome) {
        if let Some(c) = &mut self.completion
            && c.candidates.len() > 1
        {
            c.index = (c.index + 1) % c.candidates.len();
            let line = format!("{}{} ", c.stem, quote(&c.candidates[c.index]));
            self.input.set(&line);
            return;
        }
        let line = self.input.text().to_string();
        let mut before = words(&line);
        let partial = if line.ends_with(char::is_whitespace) || line.is_empty() {
            String::new()
        } else {
            before.pop().unwrap_or_default()
        };
        let stem = if partial.is_empty() {
            line.clone()
        } else {
            let cut = line.rfind(char::is_whitespace).map(|i| i + 1).unwrap_or(0);
            line[..cut].to_string()
        };
        let lower = partial.to_lowercase();
        let mut found: Vec<String> = candidates(game, preview, &before)
            .into_iter()
            .filter(|c| c.to_lowercase().starts_with(&lower))
            .collect();
        if found.is_empty() && !partial.is_empty() {
            found = candidates(game, preview, &before)
                .into_iter()
                .filter(|c| super::fuzzy::score(&partial, c).is_some())
                .collect();
        }
        if let Some(first) = found.first() {
            self.input.set(&format!("{stem}{} ", quote(first)));
        }
        self.completion = Some(Completion {
            stem,
            candidates: found,
            index: 0,
        });
    }

    /// Any edit ends the completion in progress.
    pub fn edited(&mut self) {
        self.completion = None;
        self.history_at = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{HostCommand, Verdict};

    fn demo() -> Game {
        crate::demo::demo_game().expect("demo builds")
    }

    #[test]
    fn words_keep_quoted_spaces() {
        assert_eq!(
            words(r#"replace Bob "Zed Zero"  x"#),
            vec!["replace", "Bob", "Zed Zero", "x"]
        );
        assert!(words("   ").is_empty());
        assert_eq!(words(r#"msg "" hi"#), vec!["msg", "", "hi"]);
    }

    #[test]
    fn parses_the_grammar() {
        let g = demo();
        let p = |s: &str| parse(s, &g);
        assert_eq!(
            p("act Ann doctor Bruno"),
            Ok(Command::Entry(Entry::Act {
                actor: "Ann".into(),
                ability: "doctor".into(),
                targets: vec!["Bruno".into()],
                params: Default::default()
            }))
        );
        assert_eq!(
            p("vote family Bob Rossi"),
            Ok(Command::Entry(Entry::Vote {
                ballot: Some("family".into()),
                voter: "Bob".into(),
                target: "Rossi".into()
            }))
        );
        assert_eq!(
            p("vote Bob Ann"),
            Ok(Command::Entry(Entry::Vote {
                ballot: None,
                voter: "Bob".into(),
                target: "Ann".into()
            }))
        );
        assert_eq!(
            p("status Bob -injured"),
            Ok(Command::Entry(Entry::Host(HostCommand::ClearStatus(
                "Bob".into(),
                "injured".into()
            ))))
        );
        assert_eq!(
            p("msg * Day 3 begins now"),
            Ok(Command::Entry(Entry::Host(HostCommand::Message(
                None,
                "Day 3 begins now".into()
            ))))
        );
        assert_eq!(
            p("override act#12 fail the host says so"),
            Ok(Command::Entry(Entry::Override {
                step: "act#12".into(),
                verdict: Verdict::Fail,
                reason: "the host says so".into()
            }))
        );
        assert_eq!(p("undo #3"), Ok(Command::Undo(Some(3))));
        assert_eq!(
            p("export md out.txt"),
            Ok(Command::Export(Markup::Markdown, "out.txt".into()))
        );
        for bad in [
            "",
            "act",
            "vote Bob",
            "status Bob injured",
            "override act#1 fail",
            "frobnicate",
            "undo x",
            "resolve now",
        ] {
            assert!(p(bad).is_err(), "{bad:?} should be refused");
        }
    }

    #[test]
    fn completes_commands_names_and_abilities() {
        let g = demo();
        let preview = g.preview();
        let mut cl = CommandLine::default();
        cl.input.set("ac");
        cl.complete(&g, &preview);
        assert_eq!(cl.input.text(), "act ");
        cl.edited();
        cl.input.set("act An");
        cl.complete(&g, &preview);
        assert_eq!(cl.input.text(), "act Ann ");
        cl.edited();
        cl.complete(&g, &preview);
        assert_eq!(cl.input.text(), "act Ann doctor ");
        cl.edited();
        cl.input.set("override ");
        cl.complete(&g, &preview);
        assert!(cl.input.text().starts_with("override act#"));
        let first = cl.input.text().to_string();
        cl.complete(&g, &preview);
        assert_ne!(cl.input.text(), first, "Tab again cycles");
    }
}
