//! The moderator console: a ratatui TUI in the Elm style. [`app::App`] is the state,
//! [`msg::Msg`] what happens, [`update::update`] the only place state changes (pure: disk and
//! terminal work comes back as [`msg::Effect`]s for [`io::perform`]), and [`view::view`]
//! draws the state. One keymap table ([`keymap::BINDINGS`]) drives dispatch, the help overlay
//! and the status-bar hints. The console never decides a rule: every entry goes through
//! `Game::submit`, whose refusal is shown as is.
//!
//! The loop blocks on `event::read()` (no tick), so an idle console uses no CPU and redraws
//! only on input or resize; while the open phase has a deadline it also redraws once a minute,
//! so the status bar's countdown moves.

pub mod app;
pub mod batch;
pub mod command;
pub mod commit;
pub mod confirm;
pub mod diff;
pub mod draft;
pub mod editor;
pub mod error;
pub mod form;
pub mod fuzzy;
pub mod help;
pub mod input;
pub mod io;
pub mod keymap;
pub mod log;
pub mod msg;
pub mod newgame;
pub mod overlay;
pub mod svg;
pub mod theme;
pub mod trial;
pub mod update;
pub mod view;
pub mod votes;

pub use app::App;
pub use msg::{Effect, Msg, Pane};
pub use update::update;
pub use view::view;

use ratatui::crossterm::event::{
    self, DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
    Event,
};
use ratatui::crossterm::execute;
use ratatui::layout::Rect;
use std::io::{Write, stdout};

/// Run the console until the host quits. The terminal is restored on every exit path,
/// including a panic.
pub fn run(mut app: App) -> anyhow::Result<()> {
    let mut terminal = ratatui::try_init()?;
    install_panic_hook();
    let started = if app.mouse {
        execute!(stdout(), EnableBracketedPaste, EnableMouseCapture)
    } else {
        execute!(stdout(), EnableBracketedPaste)
    };
    let result = started
        .map_err(anyhow::Error::from)
        .and_then(|()| event_loop(&mut terminal, &mut app));
    restore();
    result
}

fn event_loop(terminal: &mut ratatui::DefaultTerminal, app: &mut App) -> anyhow::Result<()> {
    let size = terminal.size()?;
    app.area = Rect::new(0, 0, size.width, size.height);
    terminal.draw(|frame| view(app, frame))?;
    while !app.quit {
        // Idle stays idle: the loop blocks on the next event, and waits with a timeout only
        // while the save is behind its journal, to write it once the host pauses.
        if app.save_due() && !event::poll(app::SAVE_WHEN_IDLE)? {
            let mut out = stdout();
            io::perform(app, Effect::Save, &mut out);
            out.flush()?;
            terminal.draw(|frame| view(app, frame))?;
            continue;
        }
        // A trial of a setup under way: its gauge moves a few times a second until it ends.
        if app.trial_running() && !event::poll(std::time::Duration::from_millis(150))? {
            terminal.draw(|frame| view(app, frame))?;
            continue;
        }
        if app.counts_down() && !event::poll(std::time::Duration::from_secs(60))? {
            terminal.draw(|frame| view(app, frame))?;
            continue;
        }
        let event = event::read()?;
        let resized = matches!(event, Event::Resize(..));
        let Some(msg) = keymap::translate(app, event) else {
            continue;
        };
        if let Some(effect) = update(app, msg) {
            let mut out = stdout();
            io::perform(app, effect, &mut out);
            out.flush()?;
        }
        if resized {
            terminal.autoresize()?;
        }
        if !app.quit {
            terminal.draw(|frame| view(app, frame))?;
        }
    }
    Ok(())
}

fn restore() {
    let _ = execute!(stdout(), DisableBracketedPaste, DisableMouseCapture);
    ratatui::restore();
}

/// On a panic: leave paste and mouse modes and restore the terminal before the message is
/// printed, so the host's shell is usable and the message readable.
fn install_panic_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        tracing::error!("the console panicked: {info}");
        previous(info);
    }));
}
