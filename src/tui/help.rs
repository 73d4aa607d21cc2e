//! The `?` overlay: every key binding, generated from the keymap table (the same table that
//! dispatches keys), grouped by where it applies, then the `:` command grammar. It owns its
//! scroll, its answer to each message and its drawing.

use super::app::App;
use super::keymap::{BINDINGS, Binding, Mode};
use super::msg::{Answer, Msg};
use super::view::{centered, popup, popup_block, styled};
use crate::script::COMMANDS;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

const ORDER: [Mode; 22] = [
    Mode::Main,
    Mode::Roster,
    Mode::Pending,
    Mode::Queue,
    Mode::Draft,
    Mode::Form,
    Mode::Command,
    Mode::BatchText,
    Mode::Batch,
    Mode::BatchFix,
    Mode::Votes,
    Mode::Editor,
    Mode::NewGame,
    Mode::Trial,
    Mode::Log,
    Mode::Commit,
    Mode::DraftDiff,
    Mode::Confirm,
    Mode::Error,
    Mode::Help,
    Mode::Public,
    Mode::Any,
];

/// The help text, one line per binding (keys with the same action share a line).
pub fn help_lines(app: &App) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    // In the public view the help lists the public view's keys alone: no other key answers.
    let modes: &[Mode] = if app.public {
        &[Mode::Public, Mode::Any]
    } else {
        &ORDER
    };
    for &mode in modes {
        let of_mode: Vec<&Binding> = BINDINGS.iter().filter(|b| b.mode == mode).collect();
        if of_mode.is_empty() {
            continue;
        }
        lines.push(Line::styled(mode.title(), app.theme.header()));
        let mut done: Vec<usize> = Vec::new();
        for (i, b) in of_mode.iter().enumerate() {
            if done.contains(&i) {
                continue;
            }
            let same: Vec<usize> = (i..of_mode.len())
                .filter(|j| of_mode[*j].msg == b.msg && of_mode[*j].help == b.help)
                .collect();
            let keys: Vec<String> = same
                .iter()
                .map(|j| super::keymap::key_of(&app.rebinds, of_mode[*j]).label())
                .collect();
            done.extend(same);
            lines.push(Line::from(vec![
                styled(format!("  {:<12}", keys.join(" ")), app.theme.key()),
                Span::raw(b.help),
            ]));
        }
        lines.push(Line::raw(""));
    }
    if app.public {
        return lines;
    }
    lines.push(Line::styled("Command line grammar (:)", app.theme.header()));
    for (name, args, what) in COMMANDS {
        lines.push(Line::from(vec![
            styled(format!("  {name} {args}"), app.theme.key()),
            Span::raw(format!("  — {what}")),
        ]));
    }
    lines.push(Line::raw(
        "  Names with spaces go in \"double quotes\". Tab completes commands, names, abilities,",
    ));
    lines.push(Line::raw(
        "  families, statuses and step keys; Tab again shows the next candidate.",
    ));
    lines
}

/// The help overlay: how far it is scrolled.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Help {
    pub scroll: u16,
}

impl Help {
    pub fn update(&mut self, msg: Msg) -> Answer {
        if msg == Msg::Close {
            return Answer::Close;
        }
        popup::scroll(&mut self.scroll, &msg);
        Answer::Stay
    }

    pub fn draw(&self, app: &App, frame: &mut Frame, area: Rect) {
        let rect = centered(area, 96, area.height.saturating_sub(2));
        let block = popup_block(
            app,
            frame,
            rect,
            "Keys — ? or Esc closes, ↑↓ PgUp PgDn scroll",
        );
        let lines = help_lines(app);
        let max = lines
            .len()
            .saturating_sub(usize::from(rect.height.saturating_sub(2)));
        let scroll = self.scroll.min(u16::try_from(max).unwrap_or(u16::MAX));
        frame.render_widget(Paragraph::new(lines).block(block).scroll((scroll, 0)), rect);
    }
}
