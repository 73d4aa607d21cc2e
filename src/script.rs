//! The `:` command syntax: one line, one command. The console's command line reads it,
//! `mafia-mod suggest` writes it and `mafia-mod apply` runs it, so a host's night can move
//! between the console, a text editor and a shell without changing form.

use crate::engine::{Entry, Game, HostCommand, Verdict};
use crate::export::Markup;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// Every command: name, arguments, what it does. Drives completion of the first word and the
/// grammar section of the help overlay.
pub const COMMANDS: &[(&str, &str, &str)] = &[
    (
        "act",
        "ACTOR ABILITY TARGET… [KEY=VALUE…]",
        "enter an action (with its parameters)",
    ),
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
        "extra",
        "PLAYER +ROLE|-ROLE",
        "give or take away an extra role",
    ),
    (
        "msg",
        "PLAYER|* TEXT…",
        "message to a player, or * for everyone",
    ),
    ("note", "TEXT…", "a note only the host sees"),
    (
        "mark",
        "PLAYER [#COLOUR] TEXT…",
        "a marker on a player, for the host alone (colours: red green yellow blue magenta cyan gray)",
    ),
    ("unmark", "PLAYER", "take a player's markers off"),
    (
        "deadline",
        "DATE TIME ZONE|off",
        "the open phase's deadline: 2026-12-01 20:00 Europe/Moscow",
    ),
    (
        "claim",
        "PLAYER TEXT…",
        "check a claim against what the player was told (changes nothing)",
    ),
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
    (
        "takeover",
        "",
        "write to a save another console holds (it can no longer save)",
    ),
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
    Takeover,
    Open(PathBuf),
    Export(Markup, PathBuf),
    /// Check a player's claim against what he was told; changes nothing.
    Claim {
        player: String,
        text: String,
    },
    New,
    Help,
    Quit,
}

/// The colours a marker may have (`mark Ann #red …`): the console draws each in its own.
pub const MARKER_COLOURS: &[&str] = &["red", "green", "yellow", "blue", "magenta", "cyan", "gray"];

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

pub fn quote(word: &str) -> String {
    if word.contains(char::is_whitespace) {
        format!("\"{word}\"")
    } else {
        word.to_string()
    }
}

/// Parse a command line.
pub fn parse(line: &str, game: &Game) -> Result<Command, String> {
    // A line may keep the `:` that opens the console's command line (a host copying the
    // commands as the help shows them).
    let line = line.trim_start();
    let w = words(line.strip_prefix(':').unwrap_or(line));
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
        "act" => {
            let (targets, params) = targets_and_params(args.get(2..).unwrap_or(&[]));
            Ok(Command::Entry(Entry::Act {
                actor: arg(0, "an actor")?,
                ability: arg(1, "an ability")?,
                targets,
                params,
            }))
        }
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
        "extra" => host(vec![
            name.clone(),
            arg(0, "a player")?,
            arg(1, "+role or -role")?,
        ]),
        "msg" => {
            let to = arg(0, "a player or *")?;
            let text = rest(1);
            if text.is_empty() {
                return Err(format!("usage: {}", usage("msg")));
            }
            host(vec![name.clone(), to, text])
        }
        "mark" => {
            let text = rest(1);
            if text.is_empty() {
                return Err(format!("usage: {}", usage("mark")));
            }
            host(vec![name.clone(), arg(0, "a player")?, text])
        }
        "unmark" => host(vec![name.clone(), arg(0, "a player")?]),
        "deadline" => match args {
            [off] if off == "off" => Ok(Command::Entry(Entry::Host(HostCommand::Deadline(None)))),
            [date, time, zone] => Ok(Command::Entry(Entry::Host(HostCommand::Deadline(Some((
                format!("{date} {time}"),
                zone.clone(),
            )))))),
            _ => Err(format!("usage: {}", usage("deadline"))),
        },
        "claim" => {
            let text = rest(1);
            if text.is_empty() {
                return Err(format!("usage: {}", usage("claim")));
            }
            Ok(Command::Claim {
                player: arg(0, "a player")?,
                text,
            })
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
        "takeover" => none(Command::Takeover),
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

/// An action's words after the ability: `key=value` words are its parameters (a key is a
/// lower-case id), every other word a target.
fn targets_and_params(words: &[String]) -> (Vec<String>, BTreeMap<String, String>) {
    let mut targets = Vec::new();
    let mut params = BTreeMap::new();
    for w in words {
        match w.split_once('=') {
            Some((key, value))
                if !key.is_empty() && key.chars().all(|c| c.is_ascii_lowercase() || c == '_') =>
            {
                params.insert(key.to_string(), value.to_string());
            }
            _ => targets.push(w.clone()),
        }
    }
    (targets, params)
}

/// An entry as a command line that `parse` reads back as the same entry; `None` for entries
/// the line has no command for (advance votes, stage orders, post edits).
pub fn entry_line(entry: &Entry) -> Option<String> {
    let ballot = |b: &Option<String>| {
        b.as_deref()
            .map(|b| format!(" {}", quote(b)))
            .unwrap_or_default()
    };
    let mut line = match entry {
        Entry::Act {
            actor,
            ability,
            targets,
            params,
        } => {
            let mut line = format!("act {} {}", quote(actor), quote(ability));
            for t in targets {
                line.push(' ');
                line.push_str(&quote(t));
            }
            for (k, v) in params {
                line.push(' ');
                line.push_str(&quote(&format!("{k}={v}")));
            }
            line
        }
        Entry::Vote {
            ballot: b,
            voter,
            target,
        } => format!("vote{} {} {}", ballot(b), quote(voter), quote(target)),
        Entry::Unvote { ballot: b, voter } => format!("unvote{} {}", ballot(b), quote(voter)),
        Entry::Host(h) => match h {
            HostCommand::Modkill(p) => format!("modkill {}", quote(p)),
            HostCommand::Revive(p) => format!("revive {}", quote(p)),
            HostCommand::Replace(p, n) => format!("replace {} {}", quote(p), quote(n)),
            HostCommand::SetStatus(p, s) => format!("status {} +{s}", quote(p)),
            HostCommand::ClearStatus(p, s) => format!("status {} -{s}", quote(p)),
            HostCommand::ChangeRole(p, r) => format!("role {} {r}", quote(p)),
            HostCommand::GrantExtra(p, r) => format!("extra {} +{r}", quote(p)),
            HostCommand::RevokeExtra(p, r) => format!("extra {} -{r}", quote(p)),
            HostCommand::Message(to, text) => format!(
                "msg {} {text}",
                to.as_deref().map(quote).unwrap_or_else(|| "*".into())
            ),
            HostCommand::Note(text) => format!("note {text}"),
            HostCommand::Mark {
                player,
                text,
                colour,
            } => match colour {
                Some(c) => format!("mark {} #{c} {text}", quote(player)),
                None => format!("mark {} {text}", quote(player)),
            },
            HostCommand::Unmark(player) => format!("unmark {}", quote(player)),
            HostCommand::Deadline(None) => "deadline off".into(),
            HostCommand::Deadline(Some((when, zone))) => format!("deadline {when} {zone}"),
        },
        Entry::Override {
            step,
            verdict,
            reason,
        } => format!("override {step} {} {reason}", verdict_word(*verdict)),
        Entry::Resolve => "commit".into(),
        Entry::Undo(seq) => format!("undo {seq}"),
        Entry::Redo(seq) => format!("redo {seq}"),
        Entry::AdvanceVote { .. } | Entry::ReorderStages(_) | Entry::EditPost(_) => return None,
    };
    line.truncate(line.trim_end().len());
    Some(line)
}

fn verdict_word(v: Verdict) -> &'static str {
    match v {
        Verdict::Succeed => "succeed",
        Verdict::Fail => "fail",
        Verdict::Skip => "skip",
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

pub fn verdict(word: &str) -> Result<Verdict, String> {
    match word.to_lowercase().as_str() {
        "succeed" | "success" => Ok(Verdict::Succeed),
        "fail" => Ok(Verdict::Fail),
        "skip" => Ok(Verdict::Skip),
        other => Err(format!("`{other}` is not a verdict: succeed, fail or skip")),
    }
}

pub fn markup(word: &str) -> Result<Markup, String> {
    match word.to_lowercase().as_str() {
        "bbcode" => Ok(Markup::Bbcode),
        "markdown" | "md" => Ok(Markup::Markdown),
        "text" | "txt" => Ok(Markup::Text),
        other => Err(format!(
            "`{other}` is not a format: bbcode, markdown or text"
        )),
    }
}

/// A host command from its words: `[command, args...]`.
pub fn host_command(v: &[String]) -> Result<HostCommand, String> {
    let get = |i: usize| v.get(i).cloned().unwrap_or_default();
    Ok(match get(0).as_str() {
        "modkill" => HostCommand::Modkill(get(1)),
        "revive" => HostCommand::Revive(get(1)),
        "replace" => HostCommand::Replace(get(1), get(2)),
        "status" => {
            let change = get(2);
            match change.split_at_checked(1) {
                Some(("+", s)) => HostCommand::SetStatus(get(1), s.to_string()),
                Some(("-", s)) => HostCommand::ClearStatus(get(1), s.to_string()),
                _ => {
                    return Err(format!(
                        "write the status as +{change} (give) or -{change} (take away)"
                    ));
                }
            }
        }
        "role" => HostCommand::ChangeRole(get(1), get(2)),
        "extra" => {
            let change = get(2);
            match change.split_at_checked(1) {
                Some(("+", r)) if !r.is_empty() => HostCommand::GrantExtra(get(1), r.to_string()),
                Some(("-", r)) if !r.is_empty() => HostCommand::RevokeExtra(get(1), r.to_string()),
                _ => {
                    return Err(format!(
                        "write the extra role as +{change} (give) or -{change} (take away)"
                    ));
                }
            }
        }
        "msg" => {
            let to = get(1);
            let to = (to != "*").then_some(to);
            HostCommand::Message(to, get(2))
        }
        "note" => HostCommand::Note(get(1)),
        "mark" => {
            let text = get(2);
            let (colour, text) = match text.split_once(' ') {
                Some((first, rest)) if first.starts_with('#') => {
                    (Some(first[1..].to_lowercase()), rest.trim().to_string())
                }
                _ => (None, text),
            };
            if let Some(c) = &colour
                && !MARKER_COLOURS.contains(&c.as_str())
            {
                return Err(format!(
                    "`#{c}` is no marker colour: {}",
                    MARKER_COLOURS.join(", ")
                ));
            }
            HostCommand::Mark {
                player: get(1),
                text,
                colour,
            }
        }
        "unmark" => HostCommand::Unmark(get(1)),
        other => return Err(format!("`{other}` is not a host command")),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn a_line_may_keep_the_colon_of_the_command_line() {
        let g = demo();
        assert_eq!(parse(":commit", &g), parse("commit", &g));
        assert_eq!(parse("  :vote Ann Bruno", &g), parse("vote Ann Bruno", &g));
        assert_eq!(parse(":resolve", &g), Ok(Command::Resolve));
    }

    #[test]
    fn markers_go_on_and_come_off_and_are_never_public() {
        let mut g = demo();
        let mark = parse("mark Ann #red claims doctor", &g).expect("parses");
        let Command::Entry(entry) = mark.clone() else {
            panic!("an entry: {mark:?}");
        };
        assert_eq!(
            entry,
            Entry::Host(HostCommand::Mark {
                player: "Ann".into(),
                text: "claims doctor".into(),
                colour: Some("red".into()),
            })
        );
        assert_eq!(
            entry_line(&entry).as_deref(),
            Some("mark Ann #red claims doctor")
        );
        assert!(
            parse("mark Ann #pink claims", &g).is_err(),
            "no such colour"
        );
        assert!(parse("mark Ann", &g).is_err(), "a marker has a text");
        g.submit(entry, None).expect("a marker goes on");
        let ann = g.state().slot_by_name("Ann").expect("Ann").id;
        assert_eq!(g.state().markers.len(), 1);
        assert_eq!(g.state().markers[0].slot, ann);
        let Ok(Command::Entry(off)) = parse("unmark Ann", &g) else {
            panic!("unmark parses");
        };
        g.submit(off.clone(), None).expect("it comes off");
        assert!(g.state().markers.is_empty());
        assert!(g.submit(off, None).is_err(), "nothing left to take off");
        let preview = g.preview();
        assert!(preview.messages.iter().all(|m| !m.text.contains("claims")));
    }

    #[test]
    fn a_deadline_line_reads_back_as_itself() {
        let g = demo();
        let Ok(Command::Entry(entry)) = parse("deadline 2026-12-01 20:00 Europe/Moscow", &g) else {
            panic!("a deadline parses");
        };
        assert_eq!(
            entry_line(&entry).as_deref(),
            Some("deadline 2026-12-01 20:00 Europe/Moscow")
        );
        assert!(matches!(
            parse("deadline off", &g),
            Ok(Command::Entry(Entry::Host(HostCommand::Deadline(None))))
        ));
        assert!(parse("deadline tomorrow", &g).is_err());
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
            p("extra Bob +banshee"),
            Ok(Command::Entry(Entry::Host(HostCommand::GrantExtra(
                "Bob".into(),
                "banshee".into()
            ))))
        );
        assert_eq!(
            p("extra Bob -banshee"),
            Ok(Command::Entry(Entry::Host(HostCommand::RevokeExtra(
                "Bob".into(),
                "banshee".into()
            ))))
        );
        assert!(p("extra Bob banshee").is_err());
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
    fn entry_lines_read_back_as_the_same_entry() {
        let g = demo();
        for line in [
            "act Ann doctor Bruno",
            "act Ann night_note \"text=meet me\"",
            "vote family Bob Rossi",
            "unvote individual Bob",
            "vote Bob Ann",
            "status Bob -injured",
            "msg Bob hello there",
            "msg * hello",
            "override act#12 fail the host says so",
            "commit",
            "undo 3",
        ] {
            let Ok(Command::Entry(entry)) = parse(line, &g) else {
                if let Ok(Command::Commit) = parse(line, &g) {
                    continue;
                }
                if let Ok(Command::Undo(_)) = parse(line, &g) {
                    continue;
                }
                panic!("{line} does not parse");
            };
            let written = entry_line(&entry).expect("has a line");
            assert_eq!(parse(&written, &g), Ok(Command::Entry(entry)), "{line}");
        }
    }
}
