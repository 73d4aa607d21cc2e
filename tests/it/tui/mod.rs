//! Shared helpers of the console tests: a demo app with a fixed clock and the mono theme in a
//! temporary data directory, keys, and drawing into a `TestBackend`.

#![allow(dead_code)]

use mafia_mod::tui::app::{App, Clock};
use mafia_mod::tui::theme::Theme;
use mafia_mod::tui::{Effect, Msg, io, keymap, update, view};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;
use std::path::PathBuf;

pub struct Harness {
    pub app: App,
    pub dir: tempfile::TempDir,
    /// What the effects wrote to the "terminal" (OSC 52, mouse capture).
    pub terminal: Vec<u8>,
    /// The host pauses after each message, so a save behind its journal is written.
    pub pauses: bool,
}

/// The demo game, copied into a fresh data directory the way the first run does.
pub fn demo() -> Harness {
    let dir = tempfile::tempdir().expect("tempdir");
    let first = mafia_mod::console::first_game(Some(dir.path())).expect("first game");
    harness(first.game, first.path, first.games, dir)
}

/// The console on a game, with a fixed clock, the mono theme and a 100×30 screen.
fn harness(
    game: mafia_mod::engine::Game,
    path: PathBuf,
    games: PathBuf,
    dir: tempfile::TempDir,
) -> Harness {
    let mut app = App::new(game, path, Some(games));
    app.clock = Clock::Fixed(1_790_010_000);
    app.theme = Theme::mono();
    app.area = Rect::new(0, 0, 100, 30);
    Harness {
        app,
        dir,
        terminal: Vec::new(),
        pauses: true,
    }
}

/// Another game, saved in a fresh data directory and opened as the console opens a save.
pub fn with_game(game: mafia_mod::engine::Game) -> Harness {
    let dir = tempfile::tempdir().expect("tempdir");
    let games = dir.path().join("games");
    std::fs::create_dir_all(&games).expect("games dir");
    let path = games.join("city.ron");
    mafia_mod::savefile::save_game(&game, &path).expect("saved");
    harness(game, path, games, dir)
}

impl Harness {
    /// Edit the current phase's post from the draft pane: the text goes before the old one.
    pub fn edit_post(&mut self, before: &str) -> &mut Self {
        self.key(KeyCode::Char('4'))
            .key(KeyCode::Char('e'))
            .ctrl('a')
            .type_text(before)
            .ctrl('d')
    }

    /// Send a message through update and perform its effect, as the real loop does; then, as
    /// the loop does once the host pauses, write a save that is behind its journal (unless the
    /// test keeps typing: `pauses` false).
    pub fn send(&mut self, msg: Msg) -> &mut Self {
        if let Some(effect) = update(&mut self.app, msg) {
            io::perform(&mut self.app, effect, &mut self.terminal);
        }
        if self.pauses && self.app.save_due() {
            io::perform(&mut self.app, Effect::Save, &mut self.terminal);
        }
        self
    }

    /// Press a key, translated by the keymap exactly as in the terminal.
    pub fn key(&mut self, code: KeyCode) -> &mut Self {
        self.key_with(code, KeyModifiers::NONE)
    }

    pub fn key_with(&mut self, code: KeyCode, mods: KeyModifiers) -> &mut Self {
        let event = Event::Key(KeyEvent::new(code, mods));
        if let Some(msg) = keymap::translate(&self.app, event) {
            self.send(msg);
        }
        self
    }

    pub fn ctrl(&mut self, c: char) -> &mut Self {
        self.key_with(KeyCode::Char(c), KeyModifiers::CONTROL)
    }

    /// Type text, one key per character.
    pub fn type_text(&mut self, text: &str) -> &mut Self {
        for c in text.chars() {
            let code = if c == '\n' {
                KeyCode::Enter
            } else {
                KeyCode::Char(c)
            };
            self.key(code);
        }
        self
    }

    pub fn enter(&mut self) -> &mut Self {
        self.key(KeyCode::Enter)
    }

    pub fn esc(&mut self) -> &mut Self {
        self.key(KeyCode::Esc)
    }

    /// Paste through bracketed paste, as a terminal delivers it.
    pub fn paste(&mut self, text: &str) -> &mut Self {
        if let Some(msg) = keymap::translate(&self.app, Event::Paste(text.to_string())) {
            self.send(msg);
        }
        self
    }

    /// Run a `:` command line.
    pub fn command(&mut self, line: &str) -> &mut Self {
        self.key(KeyCode::Char(':')).type_text(line).enter()
    }

    pub fn save_path(&self) -> PathBuf {
        self.app.path.clone()
    }

    /// The screen as text.
    pub fn screen(&self, width: u16, height: u16) -> String {
        let backend = draw(&self.app, width, height);
        format!("{}", backend)
    }
}

pub fn draw(app: &App, width: u16, height: u16) -> TestBackend {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("terminal");
    terminal.draw(|f| view(app, f)).expect("draw");
    terminal.backend().clone()
}
