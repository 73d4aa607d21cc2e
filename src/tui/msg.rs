//! What can happen to the console (`Msg`, the input of `update`) and what `update` asks the
//! outside world to do (`Effect`: disk, clipboard, terminal), so `update` itself stays pure.

use super::form::FormKind;
use ratatui::crossterm::event::{KeyEvent, MouseEvent};
use std::path::PathBuf;

/// The four panes, in focus order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pane {
    Roster,
    Pending,
    Queue,
    Draft,
}

impl Pane {
    pub const ALL: [Pane; 4] = [Pane::Roster, Pane::Pending, Pane::Queue, Pane::Draft];

    pub fn title(self) -> &'static str {
        match self {
            Pane::Roster => "Roster",
            Pane::Pending => "Pending",
            Pane::Queue => "Queue",
            Pane::Draft => "Draft",
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Msg {
    /// Save the game under a fresh name (the quit question after a failed save).
    SaveElsewhere,
    Quit,
    Help,
    /// Esc: close the top overlay.
    Close,
    FocusNext,
    FocusPrev,
    Focus(Pane),
    Zoom,
    Up,
    Down,
    PageUp,
    PageDown,
    Top,
    Bottom,
    OpenForm(FormKind),
    CommandLine,
    PastePm,
    /// The vote mode: a day's votes, a line each.
    VoteMode,
    NewGame,
    /// The new-game form: play the setup many times and show who wins.
    TrySetup,
    OpenSave,
    /// Show the resolution of the phase from its first step.
    Resolve,
    /// Ask to commit the phase (a confirmation follows).
    Commit,
    ToggleTally,
    TogglePrivate,
    TogglePublic,
    CycleMarkup,
    EarlierPhase,
    LaterPhase,
    EditDraft,
    UndoLast,
    RedoLast,
    UndoSelected,
    EntryLog,
    OverrideSelected,
    ActForSelected,
    Save,
    Export,
    Copy,
    ToggleMouse,
    /// Enter in an overlay: accept the field, run the command, answer yes.
    Submit,
    /// Tab in an overlay: complete or go to the next field.
    Complete,
    /// Shift-Tab in an overlay: back to the previous field.
    Back,
    Yes,
    No,
    /// Ctrl-D in a text editor: done, keep the text.
    Finish,
    /// Batch review: leave the selected line out (again: keep it).
    DropLine,
    /// The journal question: keep the journal aside as a file.
    KeepAside,
    /// The journal question: drop the journal (asks again).
    DropJournal,
    /// Batch review: fix the selected line in the `:` syntax.
    FixLine,
    /// Batch review: back to the pasted text.
    EditText,
    /// Copy the roster's selected player's part of what the draft pane shows.
    CopyPlayer,
    /// Compare the edited post with the results it no longer matches.
    DraftDiff,
    /// Draft diff: drop the edit and take the newly generated post.
    TakeNew,
    /// Draft diff: keep the edit as it is.
    KeepEdit,
    /// A key typed into the top overlay's text field.
    Input(KeyEvent),
    /// Bracketed paste, line ends already normalised to `\n`.
    Paste(String),
    Mouse(MouseEvent),
    Resize(u16, u16),
}

/// What an overlay asks of the console after answering a message. Overlays change their own
/// state in place; anything beyond it (an entry, a command, another overlay) comes back as an
/// answer, and `update` alone carries it out.
#[derive(Debug)]
pub enum Answer {
    Stay,
    Close,
    /// Close, leaving a word in the status bar.
    CloseSaying(String),
    /// Enter these command lines as entries, all or nothing, and close; a refusal is told to
    /// the overlay (`Overlay::refused`). `posted` is, line by line, when the message behind it
    /// was posted (the batch's pasted pages), kept on the entries.
    Enter {
        lines: String,
        posted: Vec<Option<String>>,
    },
    /// Enter these lines and stay open for more (the vote mode).
    EnterAndStay(String),
    /// Submit one entry and close; a refusal is told to the overlay.
    Submit(crate::engine::Entry),
    /// Submit these entries in order and close, all or nothing: tried on a copy of the game
    /// first, so a refusal of any leaves the game as it was.
    SubmitAll(Vec<crate::engine::Entry>),
    /// Close and run a `:` command; `typed` is the line as typed, for the history.
    Run {
        command: crate::script::Command,
        typed: Option<String>,
    },
    /// Ask before undoing or redoing this entry; the overlay stays under the question.
    AskToggle(u64),
    /// Ask before dropping the journal found at start; the journal question stays under it.
    AskDropJournal,
    /// Close and open the post editor.
    EditPost,
    /// Close and let the outside world act (a new game to save and show).
    Effect(Effect),
    /// Stay, with an error on top (title, message).
    Error(String, String),
    /// Stay, with this overlay on top (the setup's trial over the new-game form).
    Above(Box<super::overlay::Overlay>),
}

#[derive(Clone, Debug)]
pub enum Effect {
    /// Write the game to its file (atomically, with backups).
    Save,
    /// Make the new entries durable: append them to the save's journal and sync it. The whole
    /// save is rewritten later, when the host pauses, commits or quits (`App::save_due`).
    Journal,
    /// Load another save; on success it replaces the game on screen.
    Open(PathBuf),
    /// Write text files (an export: the public post and, apart from it, the private results);
    /// `replace`: the host agreed to replace those that exist.
    Write {
        files: Vec<(PathBuf, String)>,
        replace: bool,
    },
    /// Put text on the clipboard through the terminal (OSC 52).
    Copy(String),
    /// A new game: save it under a fresh name in the games directory, then show it.
    Create(Box<crate::engine::Game>),
    /// Turn mouse capture on or off.
    Mouse(bool),
    /// Save the game under a fresh name beside the games (the save cannot be written), and go
    /// on there.
    SaveElsewhere,
    /// The host's answer to the journal question.
    Recover(JournalChoice),
    /// Read the save again and write it from this console, another holding it.
    Takeover,
    Quit,
}

/// What the host does with a journal holding entries the save does not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JournalChoice {
    /// Enter its entries on top of the save, each through the rules, and save.
    Apply,
    /// Keep the save as it is and the journal aside as a file no start reads.
    KeepAside,
    /// Delete it (asked twice).
    Drop,
}
