//! The overlays on top of the panes. Each lives in its own file and owns its state, its answer
//! to each message and its drawing, as gitui's popups do; its keys are in the one keymap table.
//! This enum only routes: `update` lets the top overlay answer in place and carries out what
//! it asks (`Answer`), so no overlay is taken off the stack to be put back.

use super::app::App;
use super::batch::Batch;
use super::command::CommandLine;
use super::commit::Commit;
use super::confirm::Confirm;
use super::diff::DraftDiff;
use super::editor::PostEditor;
use super::error::ErrorPopup;
use super::form::Form;
use super::help::Help;
use super::keymap::Mode;
use super::log::EntryLog;
use super::msg::{Answer, Msg};
use super::newgame::NewGame;
use super::trial::Trial;
use super::votes::Votes;
use crate::engine::Game;
use crate::engine::outcome::Outcome;
use ratatui::Frame;
use ratatui::layout::Rect;
use std::path::Path;

#[derive(Clone, Debug)]
pub enum Overlay {
    Help(Help),
    Error(ErrorPopup),
    Confirm(Confirm),
    Form(Box<Form>),
    Command(Box<CommandLine>),
    /// Editing the public post of the current phase.
    Editor(Box<PostEditor>),
    /// A pasted batch under review.
    Batch(Box<Batch>),
    /// The vote mode: a day's votes, a line each.
    Votes(Box<Votes>),
    /// The last look before a commit: what is missing and what the rules will do.
    Commit(Box<Commit>),
    /// The edited post beside the results it no longer matches.
    DraftDiff(Box<DraftDiff>),
    NewGame(Box<NewGame>),
    /// The setup of the new-game form played many times, and who won.
    Trial(Box<Trial>),
    /// Every entry of the game; the selected one can be undone or redone.
    Log(EntryLog),
}

/// What the overlays may read of the console while they answer (the overlays themselves are
/// borrowed mutably then, so this is built from the other fields of `App`).
pub struct Ctx<'a> {
    pub game: &'a Game,
    pub preview: &'a Outcome,
    pub games_dir: Option<&'a Path>,
    pub public: bool,
    /// The phase and round the draft pane is on, as a file name part (what `x` exports).
    pub shown_phase: String,
    /// The `:` lines run so far, oldest first.
    pub history: &'a [String],
}

/// What an overlay does when the entry or lines it answered are refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnRefusal {
    /// Close; the refusal is shown in the error overlay.
    Close,
    /// Stay under the error overlay, to be corrected.
    KeepUnderError,
    /// Stay and show the refusal itself.
    KeepShowing,
}

impl Overlay {
    pub fn mode(&self) -> Mode {
        match self {
            Overlay::Help(_) => Mode::Help,
            Overlay::Error(_) => Mode::Error,
            Overlay::Confirm(_) => Mode::Confirm,
            Overlay::Form(_) => Mode::Form,
            Overlay::Command(_) => Mode::Command,
            Overlay::Editor(_) => Mode::Editor,
            Overlay::Batch(batch) => batch.mode(),
            Overlay::Votes(_) => Mode::Votes,
            Overlay::Commit(_) => Mode::Commit,
            Overlay::DraftDiff(_) => Mode::DraftDiff,
            Overlay::NewGame(_) => Mode::NewGame,
            Overlay::Trial(_) => Mode::Trial,
            Overlay::Log(_) => Mode::Log,
        }
    }

    /// Answer a message: change in place, and say what the console should do.
    pub fn update(&mut self, msg: Msg, ctx: &Ctx) -> Answer {
        match self {
            Overlay::Help(help) => help.update(msg),
            Overlay::Error(_) => ErrorPopup::update(msg),
            Overlay::Confirm(confirm) => confirm.update(msg, ctx.game),
            Overlay::Form(form) => form.update(msg, ctx),
            Overlay::Command(line) => line.update(msg, ctx),
            Overlay::Editor(editor) => editor.update(msg),
            Overlay::Batch(batch) => batch.update(msg, ctx.game, ctx.preview),
            Overlay::Votes(votes) => votes.update(msg, ctx.game),
            Overlay::Commit(commit) => commit.update(msg),
            Overlay::DraftDiff(diff) => diff.update(msg),
            Overlay::NewGame(ng) => ng.update(msg),
            Overlay::Trial(trial) => trial.update(msg),
            Overlay::Log(log) => log.update(msg, ctx.game),
        }
    }

    /// The entry or lines this overlay answered were refused (`line`: which of the lines).
    pub fn refused(&mut self, line: usize, message: &str) -> OnRefusal {
        match self {
            Overlay::Batch(batch) => {
                batch.refused(line, message.to_string());
                OnRefusal::KeepShowing
            }
            Overlay::Votes(votes) => {
                votes.problem = Some(format!("{message}; nothing was entered"));
                OnRefusal::KeepShowing
            }
            Overlay::Form(form) => {
                // Back to the last field, the one most likely at fault.
                form.back();
                OnRefusal::KeepUnderError
            }
            // The text typed is not lost to a refusal.
            Overlay::Editor(_) => OnRefusal::KeepUnderError,
            _ => OnRefusal::Close,
        }
    }

    /// The lines this overlay answered with went in, and it stays open (the vote mode).
    pub fn entered(&mut self, game: &Game, lines: &str) {
        if let Overlay::Votes(votes) = self {
            votes.entered(game, lines);
        }
    }

    pub fn draw(&self, app: &App, frame: &mut Frame, area: Rect) {
        match self {
            Overlay::Help(help) => help.draw(app, frame, area),
            Overlay::Error(error) => error.draw(app, frame, area),
            Overlay::Confirm(confirm) => confirm.draw(app, frame, area),
            Overlay::Form(form) => form.draw(app, frame, area),
            Overlay::Command(line) => line.draw(app, frame, super::view::main_area(area)),
            Overlay::Editor(editor) => editor.draw(app, frame, area),
            Overlay::Batch(batch) => super::batch::draw(app, batch, frame, area),
            Overlay::Votes(votes) => super::votes::draw(app, votes, frame, area),
            Overlay::Commit(commit) => super::commit::draw(app, commit, frame, area),
            Overlay::DraftDiff(diff) => super::diff::draw(app, diff, frame, area),
            Overlay::NewGame(ng) => ng.draw(app, frame, area),
            Overlay::Trial(trial) => trial.draw(app, frame, area),
            Overlay::Log(log) => log.draw(app, frame, area),
        }
    }
}
