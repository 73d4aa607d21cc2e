//! The new-game overlay: the fields on the left, the setup it would create on the right (with
//! the roleset's setup checks), so the host sees the dealt roles before creating the game.

use super::{centered, fit, hint_line, popup_block, styled};
use crate::tui::app::App;
use crate::tui::keymap;
use crate::tui::newgame::{NewGame, NgField};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};

pub fn render(app: &App, ng: &NewGame, frame: &mut Frame, area: Rect) {
    let rect = centered(area, 120, area.height.saturating_sub(2));
    let block = popup_block(app, frame, rect, "New game");
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    let [body, hints] = Layout::vertical([Constraint::Min(1), Constraint::Length(1)]).areas(inner);
    let [left, right] =
        Layout::horizontal([Constraint::Percentage(55), Constraint::Percentage(45)]).areas(body);
    fields(app, ng, frame, left);
    preview(app, ng, frame, right);
    frame.render_widget(
        Paragraph::new(hint_line(app, &keymap::hints(app), hints.width)),
        hints,
    );
}

fn label(app: &App, ng: &NewGame, field: NgField) -> Span<'static> {
    let style = if ng.field == field {
        app.theme.title(true).patch(app.theme.selected())
    } else {
        app.theme.dim()
    };
    let mark = if ng.field == field { "▶" } else { " " };
    styled(format!("{mark}{:<10}", field.label()), style)
}

fn fields(app: &App, ng: &NewGame, frame: &mut Frame, area: Rect) {
    let line = |field: NgField, value: String| -> Line<'static> {
        Line::from(vec![
            label(app, ng, field),
            Span::raw(" "),
            Span::raw(value),
        ])
    };
    let top = vec![
        line(NgField::Roleset, format!("◀ {} ▶", ng.roleset_id())),
        line(NgField::Name, ng.name.text().to_string()),
    ];
    let families = if !ng.uses_families() {
        "(this roleset has no families)".into()
    } else if ng.families.text().is_empty() {
        "(from the player lines, or e.g. Capone, Rossi, Moretti)".into()
    } else {
        ng.families.text().to_string()
    };
    let bottom = vec![
        line(NgField::Families, families),
        line(
            NgField::Assign,
            if ng.random {
                "◀ at random (seeded, by the roleset's setup rules) ▶".into()
            } else {
                format!("◀ by hand ({}) ▶", ng.player_line())
            },
        ),
        line(NgField::Seed, ng.seed.text().to_string()),
    ];
    let [a, b, c] = Layout::vertical([
        Constraint::Length(2),
        Constraint::Min(3),
        Constraint::Length(3),
    ])
    .areas(area);
    frame.render_widget(Paragraph::new(top), a);
    let players_block = Block::new()
        .borders(Borders::TOP | Borders::BOTTOM)
        .border_style(app.theme.border(ng.field == NgField::Players))
        .title(Line::from(vec![
            label(app, ng, NgField::Players),
            Span::raw(format!(
                " {} lines ",
                ng.players
                    .lines()
                    .iter()
                    .filter(|l| !l.trim().is_empty())
                    .count()
            )),
        ]));
    let players_inner = players_block.inner(b);
    frame.render_widget(players_block, b);
    // The text area shows its cursor only while it has the focus.
    let mut players = ng.players.clone();
    players.set_cursor_line_style(Style::new());
    if ng.field != NgField::Players {
        players.set_cursor_style(Style::new());
    }
    frame.render_widget(&players, players_inner);
    frame.render_widget(Paragraph::new(bottom), c);
}

fn preview(app: &App, ng: &NewGame, frame: &mut Frame, area: Rect) {
    let block = Block::new()
        .borders(Borders::LEFT)
        .border_style(app.theme.border(false))
        .title(" The game it creates ");
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let width = usize::from(inner.width);
    let lines: Vec<Line> = match ng.plan() {
        Err(why) => vec![Line::styled(format!("✗ {why}"), app.theme.warning())],
        Ok(plan) => {
            let mut lines = vec![Line::styled(
                format!(
                    "{} players · {} · seed {}",
                    plan.setup.players.len(),
                    plan.roleset.name,
                    plan.seed
                ),
                app.theme.header(),
            )];
            for w in &plan.warnings {
                lines.push(Line::styled(
                    fit(&format!("⚠ {w}"), width),
                    app.theme.warning(),
                ));
            }
            let families = plan.roleset.uses_families();
            for p in &plan.setup.players {
                // Every role the player holds: ru-city's blacks carry theirs as a second role.
                let roles: Vec<&String> = std::iter::once(&p.role).chain(&p.extra_roles).collect();
                let role = roles
                    .iter()
                    .map(|id| plan.roleset.role(id).map(|r| r.name.as_str()).unwrap_or(id))
                    .collect::<Vec<_>>()
                    .join(" + ");
                let style = if roles.iter().any(|r| plan.roleset.is_hostile_role(r)) {
                    app.theme.mafia()
                } else {
                    Style::new()
                };
                let mut who = format!("{:<12} ", fit(&p.name, 12));
                if families {
                    who.push_str(&format!(
                        "{:<9} ",
                        fit(p.family.as_deref().unwrap_or("-"), 9)
                    ));
                }
                lines.push(Line::from(vec![Span::raw(who), styled(role, style)]));
            }
            lines
        }
    };
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: true }), inner);
}
