//! The one keymap table. It drives dispatch ([`translate`]), the `?` overlay and the status-bar
//! hints, so what the help says is what the keys do. A test forbids a key bound twice in a
//! mode, and a pane key that hides a key of the main screen.

use super::app::App;
use super::form::FormKind;
use super::msg::{Msg, Pane};
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};

/// Where a key is looked up. The main screen looks in the focused pane's mode, then `Main`;
/// an overlay looks only in its own mode; `Any` is looked up last, everywhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    Any,
    Main,
    Roster,
    Pending,
    Queue,
    Draft,
    Help,
    Error,
    Confirm,
    Form,
    Command,
    Editor,
    /// The batch overlay while the host pastes or types.
    BatchText,
    /// The batch overlay's list of suggested lines.
    Batch,
    /// Fixing one suggested line.
    BatchFix,
    /// The vote mode.
    Votes,
    /// The commit check.
    Commit,
    /// The draft diff.
    DraftDiff,
    NewGame,
    /// The setup's trial over the new-game form.
    Trial,
    Log,
    /// The public view for screen sharing: only what is public answers.
    Public,
}

impl Mode {
    pub fn title(self) -> &'static str {
        match self {
            Mode::Any => "Everywhere",
            Mode::Main => "Main screen",
            Mode::Roster => "Roster pane",
            Mode::Pending => "Pending pane",
            Mode::Queue => "Queue pane",
            Mode::Draft => "Draft pane",
            Mode::Help => "Help",
            Mode::Error => "Error",
            Mode::Confirm => "Confirmation",
            Mode::Form => "Entry forms",
            Mode::Command => "Command line (:)",
            Mode::Editor => "Draft editor",
            Mode::BatchText => "Paste a batch",
            Mode::Batch => "Batch review",
            Mode::BatchFix => "Fixing a suggested line",
            Mode::Votes => "Vote mode",
            Mode::Commit => "Commit check",
            Mode::DraftDiff => "Draft diff",
            Mode::NewGame => "New game",
            Mode::Trial => "Trying the setup",
            Mode::Log => "Entry log",
            Mode::Public => "Public view",
        }
    }

    pub fn of_pane(pane: Pane) -> Mode {
        match pane {
            Pane::Roster => Mode::Roster,
            Pane::Pending => Mode::Pending,
            Pane::Queue => Mode::Queue,
            Pane::Draft => Mode::Draft,
        }
    }

    /// Overlays where unbound keys are typed into a text field.
    pub fn takes_text(self) -> bool {
        matches!(
            self,
            Mode::Form
                | Mode::Command
                | Mode::Editor
                | Mode::BatchText
                | Mode::BatchFix
                | Mode::Votes
                | Mode::NewGame
        )
    }
}

/// A key with its modifiers. Letters carry their case, so Shift is ignored for them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Key {
    pub code: KeyCode,
    pub ctrl: bool,
}

impl Key {
    const fn plain(code: KeyCode) -> Key {
        Key { code, ctrl: false }
    }
    const fn ch(c: char) -> Key {
        Key::plain(KeyCode::Char(c))
    }
    const fn ctrl(c: char) -> Key {
        Key {
            code: KeyCode::Char(c),
            ctrl: true,
        }
    }

    fn of_event(event: &KeyEvent) -> Key {
        let code = match event.code {
            // Some terminals send Shift+Tab as Tab with Shift.
            KeyCode::Tab if event.modifiers.contains(KeyModifiers::SHIFT) => KeyCode::BackTab,
            KeyCode::Char(c) if event.modifiers.contains(KeyModifiers::CONTROL) => {
                KeyCode::Char(c.to_ascii_lowercase())
            }
            code => code,
        };
        Key {
            code,
            ctrl: event.modifiers.contains(KeyModifiers::CONTROL),
        }
    }

    /// How the help overlay and the status bar write the key.
    pub fn label(&self) -> String {
        let base = match self.code {
            KeyCode::Char(' ') => "Space".to_string(),
            KeyCode::Char(c) => c.to_string(),
            KeyCode::Enter => "Enter".into(),
            KeyCode::Esc => "Esc".into(),
            KeyCode::Tab => "Tab".into(),
            KeyCode::BackTab => "S-Tab".into(),
            KeyCode::Up => "↑".into(),
            KeyCode::Down => "↓".into(),
            KeyCode::Left => "←".into(),
            KeyCode::Right => "→".into(),
            KeyCode::PageUp => "PgUp".into(),
            KeyCode::PageDown => "PgDn".into(),
            KeyCode::Home => "Home".into(),
            KeyCode::End => "End".into(),
            KeyCode::F(n) => format!("F{n}"),
            other => format!("{other:?}"),
        };
        if self.ctrl { format!("C-{base}") } else { base }
    }
}

pub struct Binding {
    pub mode: Mode,
    pub key: Key,
    pub msg: Msg,
    /// What the help overlay says.
    pub help: &'static str,
    /// The status-bar hint, for the keys worth a hint.
    pub hint: Option<&'static str>,
}

const fn bind(
    mode: Mode,
    key: Key,
    msg: Msg,
    help: &'static str,
    hint: Option<&'static str>,
) -> Binding {
    Binding {
        mode,
        key,
        msg,
        help,
        hint,
    }
}

use KeyCode::{BackTab, Down, End, Enter, Esc, Home, PageDown, PageUp, Tab, Up};
use Mode as M;

/// Every key binding of the console: one line each, so the table reads as the help does.
#[rustfmt::skip]
pub static BINDINGS: &[Binding] = &[
    bind(M::Any, Key::ctrl('c'), Msg::Quit, "quit (asks first if an entry is not saved)", None),
    // The main screen.
    bind(M::Main, Key::ch('q'), Msg::Quit, "quit (asks first if an entry is not saved)", Some("quit")),
    bind(M::Main, Key::ch('?'), Msg::Help, "show every key binding", Some("help")),
    bind(M::Main, Key::plain(Tab), Msg::FocusNext, "focus the next pane", None),
    bind(M::Main, Key::plain(BackTab), Msg::FocusPrev, "focus the previous pane", None),
    bind(M::Main, Key::ch('1'), Msg::Focus(Pane::Roster), "focus the roster", None),
    bind(M::Main, Key::ch('2'), Msg::Focus(Pane::Pending), "focus the pending entries", None),
    bind(M::Main, Key::ch('3'), Msg::Focus(Pane::Queue), "focus the queue / tally", None),
    bind(M::Main, Key::ch('4'), Msg::Focus(Pane::Draft), "focus the announcement draft", None),
    bind(M::Main, Key::ch('z'), Msg::Zoom, "zoom the focused pane to the whole screen (again: back)", None),
    bind(M::Main, Key::plain(Up), Msg::Up, "move up", None),
    bind(M::Main, Key::ch('k'), Msg::Up, "move up", None),
    bind(M::Main, Key::plain(Down), Msg::Down, "move down", None),
    bind(M::Main, Key::ch('j'), Msg::Down, "move down", None),
    bind(M::Main, Key::plain(PageUp), Msg::PageUp, "page up", None),
    bind(M::Main, Key::plain(PageDown), Msg::PageDown, "page down", None),
    bind(M::Main, Key::plain(Home), Msg::Top, "to the top (queue: before the first step)", None),
    bind(M::Main, Key::plain(End), Msg::Bottom, "to the bottom (queue: after the last step)", None),
    bind(M::Main, Key::ch('a'), Msg::OpenForm(FormKind::Act), "enter an action (actor, ability, targets)", Some("act")),
    bind(M::Main, Key::ch('v'), Msg::OpenForm(FormKind::Vote), "enter a vote", Some("vote")),
    bind(M::Main, Key::ch('w'), Msg::OpenForm(FormKind::Unvote), "withdraw a vote (unvote)", None),
    bind(M::Main, Key::ch('V'), Msg::VoteMode, "vote mode: a day's votes, a line each (`Ann Rossi Bob`, prefixes are enough)", Some("votes")),
    bind(M::Main, Key::ch('h'), Msg::OpenForm(FormKind::Host), "host command: modkill, revive, replace, status, role, message, note", Some("host")),
    bind(M::Main, Key::ch(':'), Msg::CommandLine, "command line (Tab completes)", Some("cmd")),
    bind(M::Main, Key::ch('p'), Msg::PastePm, "paste PMs, vote posts or form rows for suggested entries (or just paste)", Some("paste")),
    bind(M::Main, Key::ch('r'), Msg::Resolve, "resolve: show the queue from its first step", Some("resolve")),
    bind(M::Main, Key::ch('C'), Msg::Commit, "commit the phase (asks first); the next phase starts", Some("commit")),
    bind(M::Main, Key::ch('u'), Msg::UndoLast, "undo the last entry (asks first if a committed post changes)", Some("undo")),
    bind(M::Main, Key::ch('U'), Msg::RedoLast, "redo the last undone entry", None),
    bind(M::Main, Key::ch('L'), Msg::EntryLog, "the log of every entry: undo or redo any of them", Some("log")),
    bind(M::Main, Key::ch('s'), Msg::Save, "save now (every entry is also saved at once)", None),
    bind(M::Main, Key::ch('O'), Msg::OpenSave, "open another save", None),
    bind(M::Main, Key::ch('n'), Msg::NewGame, "create a new game", None),
    bind(M::Main, Key::ch('x'), Msg::Export, "export the draft and private results to a file", None),
    bind(M::Main, Key::ch('y'), Msg::Copy, "copy what the draft pane shows to the clipboard (OSC 52)", None),
    bind(M::Main, Key::ch('Y'), Msg::CopyPlayer, "copy the roster's selected player's private results or role PM alone", None),
    bind(M::Main, Key::ch('P'), Msg::TogglePublic, "public view: hide roles, private results and notes", Some("public")),
    bind(M::Main, Key::ch('M'), Msg::ToggleMouse, "mouse on/off (off lets the terminal select text)", None),
    // Panes.
    bind(M::Roster, Key::plain(Enter), Msg::ActForSelected, "enter an action for the selected player", Some("action")),
    bind(M::Pending, Key::ch('d'), Msg::UndoSelected, "undo (take back) the selected entry (asks first)", Some("undo entry")),
    bind(M::Queue, Key::ch('o'), Msg::OverrideSelected, "override the selected step, with a reason", Some("override")),
    bind(M::Queue, Key::ch('t'), Msg::ToggleTally, "switch between the vote tally and the steps", Some("tally/steps")),
    bind(M::Draft, Key::ch('e'), Msg::EditDraft, "edit the public post (kept in the save)", Some("edit")),
    bind(M::Main, Key::ch('D'), Msg::DraftDiff, "compare an out-of-date edited post with the new results", None),
    bind(M::Draft, Key::ch('m'), Msg::TogglePrivate, "show next: private results, role PMs, host sheet, reveal post, public post", Some("private/PMs/sheet")),
    bind(M::Draft, Key::ch('f'), Msg::CycleMarkup, "format: text, BBCode, Markdown", Some("format")),
    bind(M::Draft, Key::ch('['), Msg::EarlierPhase, "show an earlier committed phase", Some("earlier")),
    bind(M::Draft, Key::ch(']'), Msg::LaterPhase, "show a later phase (last: the current draft)", Some("later")),
    // Help.
    bind(M::Help, Key::plain(Esc), Msg::Close, "close", Some("close")),
    bind(M::Help, Key::ch('?'), Msg::Close, "close", None),
    bind(M::Help, Key::ch('q'), Msg::Close, "close", None),
    bind(M::Help, Key::plain(Up), Msg::Up, "scroll up", None),
    bind(M::Help, Key::plain(Down), Msg::Down, "scroll down", Some("scroll")),
    bind(M::Help, Key::plain(PageUp), Msg::PageUp, "page up", None),
    bind(M::Help, Key::plain(PageDown), Msg::PageDown, "page down", None),
    // Error and confirmation.
    bind(M::Error, Key::plain(Esc), Msg::Close, "close", Some("close")),
    bind(M::Error, Key::plain(Enter), Msg::Close, "close", None),
    bind(M::DraftDiff, Key::ch('n'), Msg::TakeNew, "take the new post (your edit is dropped; undo brings it back)", Some("take new")),
    bind(M::DraftDiff, Key::ch('e'), Msg::EditDraft, "edit your post again", Some("edit")),
    bind(M::DraftDiff, Key::ch('y'), Msg::KeepEdit, "keep your edit as it is", Some("keep mine")),
    bind(M::DraftDiff, Key::plain(Esc), Msg::Close, "decide later (the pane stays marked)", Some("later")),
    bind(M::DraftDiff, Key::plain(Up), Msg::Up, "scroll up", None),
    bind(M::DraftDiff, Key::ch('k'), Msg::Up, "scroll up", None),
    bind(M::DraftDiff, Key::plain(Down), Msg::Down, "scroll down", None),
    bind(M::DraftDiff, Key::ch('j'), Msg::Down, "scroll down", None),
    bind(M::Commit, Key::ch('y'), Msg::Yes, "commit: the posts become final", Some("commit")),
    bind(M::Commit, Key::plain(Enter), Msg::Yes, "commit", None),
    bind(M::Commit, Key::ch('n'), Msg::No, "not yet", Some("not yet")),
    bind(M::Commit, Key::ch('t'), Msg::TakeNew, "over an out-of-date edited post: commit with the new text", Some("commit the new text")),
    bind(M::Commit, Key::ch('m'), Msg::KeepEdit, "over an out-of-date edited post: commit keeping your edit", Some("commit my edit")),
    bind(M::Commit, Key::ch('e'), Msg::EditDraft, "over an out-of-date edited post: edit it first", Some("edit")),
    bind(M::Commit, Key::plain(Esc), Msg::No, "not yet", None),
    bind(M::Commit, Key::plain(Up), Msg::Up, "scroll up", None),
    bind(M::Commit, Key::ch('k'), Msg::Up, "scroll up", None),
    bind(M::Commit, Key::plain(Down), Msg::Down, "scroll down", Some("scroll")),
    bind(M::Commit, Key::ch('j'), Msg::Down, "scroll down", None),
    bind(M::Confirm, Key::ch('y'), Msg::Yes, "yes", Some("yes")),
    bind(M::Confirm, Key::plain(Enter), Msg::Yes, "yes", None),
    bind(M::Confirm, Key::ch('n'), Msg::No, "no", Some("no")),
    bind(M::Confirm, Key::ch('s'), Msg::Save, "after a failed save: try the save again", None),
    bind(M::Confirm, Key::ch('w'), Msg::SaveElsewhere, "after a failed save: save under a new name", None),
    bind(M::Confirm, Key::ch('k'), Msg::KeepAside, "a journal's entries not in the save: keep the journal aside as a file", None),
    bind(M::Confirm, Key::ch('d'), Msg::DropJournal, "a journal's entries not in the save: drop the journal (asks again)", None),
    bind(M::Confirm, Key::plain(Esc), Msg::No, "no", None),
    // Forms.
    bind(M::Form, Key::plain(Esc), Msg::Close, "cancel: nothing is entered", Some("cancel")),
    bind(M::Form, Key::plain(Enter), Msg::Submit, "accept the field; on the last one, submit", Some("accept")),
    bind(M::Form, Key::plain(Tab), Msg::Complete, "complete with the highlighted choice", Some("complete")),
    bind(M::Form, Key::plain(BackTab), Msg::Back, "back to the previous field", Some("back")),
    bind(M::Form, Key::plain(Up), Msg::Up, "previous choice", None),
    bind(M::Form, Key::plain(Down), Msg::Down, "next choice", None),
    // Command line.
    bind(M::Command, Key::plain(Esc), Msg::Close, "cancel", Some("cancel")),
    bind(M::Command, Key::plain(Enter), Msg::Submit, "run the command", Some("run")),
    bind(M::Command, Key::plain(Tab), Msg::Complete, "complete (again: the next candidate)", Some("complete")),
    bind(M::Command, Key::plain(Up), Msg::Up, "previous command", None),
    bind(M::Command, Key::plain(Down), Msg::Down, "next command", None),
    // Editors.
    bind(M::Editor, Key::plain(Esc), Msg::Close, "cancel the edit", Some("cancel")),
    bind(M::Editor, Key::ctrl('d'), Msg::Finish, "done: keep the text", Some("done")),
    bind(M::BatchText, Key::plain(Esc), Msg::Close, "cancel: nothing is entered", Some("cancel")),
    bind(M::BatchText, Key::ctrl('d'), Msg::Finish, "read the batch: one suggested line per message", Some("read")),
    bind(M::Batch, Key::plain(Esc), Msg::Close, "cancel: nothing is entered", Some("cancel")),
    bind(M::Batch, Key::plain(Enter), Msg::Submit, "enter every kept line, all or nothing", Some("enter all")),
    bind(M::Batch, Key::ch('d'), Msg::DropLine, "drop the selected line (again: keep it)", Some("drop")),
    bind(M::Batch, Key::ch('e'), Msg::FixLine, "fix the selected line in the : syntax", Some("fix")),
    bind(M::Batch, Key::ch('i'), Msg::EditText, "back to the pasted text", Some("edit text")),
    bind(M::Batch, Key::plain(Up), Msg::Up, "previous line", None),
    bind(M::Batch, Key::ch('k'), Msg::Up, "previous line", None),
    bind(M::Batch, Key::plain(Down), Msg::Down, "next line", None),
    bind(M::Batch, Key::ch('j'), Msg::Down, "next line", None),
    bind(M::Batch, Key::plain(Home), Msg::Top, "first line", None),
    bind(M::Batch, Key::plain(End), Msg::Bottom, "last line", None),
    bind(M::BatchFix, Key::plain(Esc), Msg::Close, "cancel the fix", Some("cancel")),
    bind(M::Votes, Key::plain(Esc), Msg::Close, "leave the vote mode", Some("done")),
    bind(M::Votes, Key::plain(Enter), Msg::Submit, "enter the line's votes", Some("enter")),
    bind(M::Votes, Key::plain(Tab), Msg::Complete, "skip to the next player who has not voted", Some("next voter")),
    bind(M::BatchFix, Key::plain(Enter), Msg::Submit, "keep the fixed line (checked against the : syntax and the rules)", Some("keep")),
    bind(M::BatchFix, Key::plain(Tab), Msg::Complete, "complete the word, as on the : line", Some("complete")),
    // New game.
    bind(M::NewGame, Key::plain(Esc), Msg::Close, "cancel", Some("cancel")),
    bind(M::NewGame, Key::plain(Tab), Msg::Complete, "next field", Some("next field")),
    bind(M::NewGame, Key::plain(BackTab), Msg::Back, "previous field", None),
    bind(M::NewGame, Key::ctrl('d'), Msg::Finish, "create the game", Some("create")),
    bind(M::NewGame, Key::ctrl('t'), Msg::TrySetup, "try the setup: play it 1,000 times at random and show who wins", Some("try it")),
    bind(M::Trial, Key::plain(Esc), Msg::Close, "back to the form (stops a trial under way)", Some("back")),
    bind(M::NewGame, Key::plain(Up), Msg::Up, "previous choice (roleset, assignment)", None),
    bind(M::NewGame, Key::plain(Down), Msg::Down, "next choice (roleset, assignment)", None),
    // Entry log.
    bind(M::Log, Key::plain(Esc), Msg::Close, "close", Some("close")),
    bind(M::Log, Key::plain(Enter), Msg::Submit, "undo the selected entry, or redo it if it is undone (asks first)", Some("undo/redo")),
    bind(M::Log, Key::plain(Up), Msg::Up, "previous entry", None),
    bind(M::Log, Key::ch('k'), Msg::Up, "previous entry", None),
    bind(M::Log, Key::plain(Down), Msg::Down, "next entry", None),
    bind(M::Log, Key::ch('j'), Msg::Down, "next entry", None),
    // The public view: a post, the players and the open votes, and keys that show nothing else.
    bind(M::Public, Key::ch('P'), Msg::TogglePublic, "back to the host view", Some("host view")),
    bind(M::Public, Key::ch('['), Msg::EarlierPhase, "an earlier published post", Some("earlier")),
    bind(M::Public, Key::ch(']'), Msg::LaterPhase, "a later published post", Some("later")),
    bind(M::Public, Key::plain(Up), Msg::Up, "scroll the post up", None),
    bind(M::Public, Key::ch('k'), Msg::Up, "scroll the post up", None),
    bind(M::Public, Key::plain(Down), Msg::Down, "scroll the post down", None),
    bind(M::Public, Key::ch('j'), Msg::Down, "scroll the post down", None),
    bind(M::Public, Key::ch('?'), Msg::Help, "the keys of the public view", Some("help")),
    bind(M::Public, Key::ch('q'), Msg::Quit, "quit (asks first if an entry is not saved)", Some("quit")),
    bind(M::Log, Key::plain(PageUp), Msg::PageUp, "page up", None),
    bind(M::Log, Key::plain(PageDown), Msg::PageDown, "page down", None),
    bind(M::Log, Key::plain(Home), Msg::Top, "first entry", None),
    bind(M::Log, Key::plain(End), Msg::Bottom, "last entry", None),
];

/// The modes that answer keys now, in lookup order.
pub fn active_modes(app: &App) -> Vec<Mode> {
    match app.top_mode() {
        Some(mode) => vec![mode, Mode::Any],
        // The public view answers its own few keys: nothing that shows a secret is bound.
        None if app.public => vec![Mode::Public, Mode::Any],
        None => vec![Mode::of_pane(app.focus), Mode::Main, Mode::Any],
    }
}

/// The binding a key has now, if any.
pub fn lookup(app: &App, key: Key) -> Option<&'static Binding> {
    active_modes(app).into_iter().find_map(|mode| {
        BINDINGS
            .iter()
            .find(|b| b.mode == mode && key_of(&app.rebinds, b) == key)
    })
}

/// The host's own keys for the main screen's commands (`[keys]` in the config file: `act =
/// "A"`), each by the name its status-bar hint gives it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rebinds(Vec<(&'static str, Key)>);

/// The key a binding answers to: the host's own, or its default.
pub fn key_of(rebinds: &Rebinds, binding: &Binding) -> Key {
    let own = binding
        .hint
        .filter(|_| binding.mode == Mode::Main)
        .and_then(|hint| {
            rebinds
                .0
                .iter()
                .find(|(name, _)| *name == hint)
                .map(|(_, key)| *key)
        });
    own.unwrap_or(binding.key)
}

/// Read the host's keys: each name a main-screen command's hint (`act`, `vote`, `commit`, …),
/// each key a character, `ctrl-x`, `F5`, `Enter`, `Esc`, `Tab` or `Space`. A key that another
/// main-screen key already answers to is refused: no key does two things.
pub fn rebinds<'a>(
    keys: impl IntoIterator<Item = (&'a str, &'a str)>,
) -> Result<Rebinds, (String, String)> {
    let names: Vec<&'static str> = BINDINGS
        .iter()
        .filter(|b| b.mode == Mode::Main)
        .filter_map(|b| b.hint)
        .collect();
    let mut out = Rebinds::default();
    for (name, spec) in keys {
        let Some(&hint) = names.iter().find(|n| **n == name) else {
            let why = format!("no command `{name}` to bind: one of {}", names.join(", "));
            return Err((name.to_string(), why));
        };
        let key = parse_key(spec).ok_or_else(|| {
            (
                name.to_string(),
                format!("`{spec}` is no key: a character, ctrl-x, F5, Enter, Esc, Tab or Space"),
            )
        })?;
        out.0.push((hint, key));
    }
    let main = [Mode::Main, Mode::Any]
        .into_iter()
        .chain(Pane::ALL.iter().map(|p| Mode::of_pane(*p)));
    let bound: Vec<(Key, &str)> = main
        .flat_map(|mode| BINDINGS.iter().filter(move |b| b.mode == mode))
        .map(|b| (key_of(&out, b), b.help))
        .collect();
    for (name, key) in &out.0 {
        let doing: Vec<&str> = (bound.iter())
            .filter(|(k, _)| k == key)
            .map(|(_, help)| *help)
            .collect();
        if doing.len() > 1 {
            let why = format!(
                "`{}` would do two things: {}",
                key.label(),
                doing.join("; ")
            );
            return Err((name.to_string(), why));
        }
    }
    Ok(out)
}

fn parse_key(spec: &str) -> Option<Key> {
    let lower = spec.to_lowercase();
    if let Some(c) = lower
        .strip_prefix("ctrl-")
        .or_else(|| lower.strip_prefix("c-"))
    {
        let mut chars = c.chars();
        return match (chars.next(), chars.next()) {
            (Some(c), None) => Some(Key::ctrl(c)),
            _ => None,
        };
    }
    let code = match lower.as_str() {
        "enter" => KeyCode::Enter,
        "esc" => KeyCode::Esc,
        "tab" => KeyCode::Tab,
        "space" => KeyCode::Char(' '),
        f if f.starts_with('f') && f.len() > 1 => KeyCode::F(f[1..].parse().ok()?),
        _ => {
            let mut chars = spec.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => KeyCode::Char(c),
                _ => return None,
            }
        }
    };
    Some(Key::plain(code))
}

/// Turn a terminal event into a message. Only key presses count (some terminals also send
/// releases); unbound keys go to the top overlay's text field, if it has one.
pub fn translate(app: &App, event: Event) -> Option<Msg> {
    match event {
        Event::Key(key) if key.kind == KeyEventKind::Press => {
            if let Some(binding) = lookup(app, Key::of_event(&key)) {
                return Some(binding.msg.clone());
            }
            app.top_mode()
                .filter(|m| m.takes_text())
                .map(|_| Msg::Input(key))
        }
        Event::Paste(text) => Some(Msg::Paste(super::input::normalize_newlines(&text))),
        Event::Resize(w, h) => Some(Msg::Resize(w, h)),
        Event::Mouse(mouse) => match mouse.kind {
            MouseEventKind::Down(MouseButton::Left)
            | MouseEventKind::ScrollUp
            | MouseEventKind::ScrollDown => Some(Msg::Mouse(mouse)),
            _ => None,
        },
        _ => None,
    }
}

/// The status-bar hints of the keys that answer now.
pub fn hints(app: &App) -> Vec<(String, &'static str)> {
    let modes = active_modes(app);
    // The commit check over an out-of-date edited post commits by the host's choice of text,
    // not by yes; without one, the choice is not offered.
    let stale = match app.overlays.last() {
        Some(crate::tui::app::Overlay::Commit(c)) => Some(c.check.stale_post.is_some()),
        _ => None,
    };
    let offered = |b: &Binding| {
        !matches!(
            (stale, &b.msg),
            (Some(true), Msg::Yes) | (Some(false), Msg::TakeNew | Msg::KeepEdit | Msg::EditDraft)
        )
    };
    let mut out = Vec::new();
    for mode in modes {
        for b in BINDINGS.iter().filter(|b| b.mode == mode && offered(b)) {
            if let Some(hint) = b.hint {
                out.push((key_of(&app.rebinds, b).label(), hint));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn the_host_may_give_a_command_his_own_key() {
        let act = BINDINGS
            .iter()
            .find(|b| b.mode == Mode::Main && b.hint == Some("act"))
            .expect("act is bound");
        let own = rebinds([("act", "A"), ("commit", "ctrl-k")]).expect("free keys");
        assert_eq!(key_of(&own, act), Key::ch('A'));
        assert_eq!(key_of(&Rebinds::default(), act), act.key);
        let taken = rebinds([("act", "v")]).expect_err("v votes");
        assert_eq!(taken.0, "act");
        assert!(taken.1.contains("two things"), "{}", taken.1);
        let unknown = rebinds([("dance", "d")]).expect_err("no such command");
        assert!(unknown.1.contains("act, vote"), "{}", unknown.1);
        assert!(rebinds([("act", "two")]).is_err());
        assert!(rebinds([("act", "F5")]).is_ok());
    }

    #[test]
    fn no_key_is_bound_twice() {
        let mut seen = HashSet::new();
        for b in BINDINGS {
            assert!(
                seen.insert((b.mode, b.key)),
                "{:?} {} is bound twice",
                b.mode,
                b.key.label()
            );
        }
    }

    #[test]
    fn pane_keys_do_not_hide_main_keys() {
        let main: HashSet<Key> = BINDINGS
            .iter()
            .filter(|b| b.mode == Mode::Main || b.mode == Mode::Any)
            .map(|b| b.key)
            .collect();
        for b in BINDINGS.iter().filter(|b| {
            matches!(
                b.mode,
                Mode::Roster | Mode::Pending | Mode::Queue | Mode::Draft
            )
        }) {
            assert!(
                !main.contains(&b.key),
                "{:?} {} hides a main-screen key",
                b.mode,
                b.key.label()
            );
        }
    }

    #[test]
    fn overlays_can_always_be_left() {
        for mode in [
            Mode::Help,
            Mode::Error,
            Mode::Confirm,
            Mode::Form,
            Mode::Command,
            Mode::Editor,
            Mode::BatchText,
            Mode::Batch,
            Mode::BatchFix,
            Mode::Votes,
            Mode::NewGame,
            Mode::Trial,
            Mode::Log,
            Mode::Commit,
            Mode::DraftDiff,
        ] {
            assert!(
                BINDINGS
                    .iter()
                    .any(|b| b.mode == mode && b.key == Key::plain(Esc)),
                "{mode:?} has no Esc"
            );
        }
    }

    #[test]
    fn shift_tab_and_ctrl_letters_are_normalised() {
        let back = KeyEvent::new(KeyCode::Tab, KeyModifiers::SHIFT);
        assert_eq!(Key::of_event(&back).code, KeyCode::BackTab);
        let ctrl = KeyEvent::new(KeyCode::Char('D'), KeyModifiers::CONTROL);
        assert_eq!(Key::of_event(&ctrl), Key::ctrl('d'));
        let upper = KeyEvent::new(KeyCode::Char('C'), KeyModifiers::SHIFT);
        assert_eq!(Key::of_event(&upper), Key::ch('C'));
    }
}
