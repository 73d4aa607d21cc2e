//! Pane 1, the roster: every slot with life, role(s), family, statuses and whether it has acted
//! or voted this phase. While the host walks the queue it shows the state as of that step.
//! Dead players are marked `✝` and struck through, so colour is never needed to see them.

use super::{fit, list_offset, pane_block};
use crate::engine::entry::PendingKind;
use crate::engine::{GameState, Slot};
use crate::tui::app::App;
use crate::tui::msg::Pane;
use ratatui::Frame;
use ratatui::layout::{Constraint, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Cell, Paragraph, Row, Table};

/// The name column: as wide as the longest name, but never more than a third of the pane (a
/// longer name ends in `…`; the footer shows it whole).
fn name_column(state: &GameState, width: u16) -> u16 {
    use unicode_width::UnicodeWidthStr;
    let longest = state
        .slots
        .iter()
        .map(|s| s.name.width())
        .max()
        .unwrap_or(0);
    let longest = u16::try_from(longest).unwrap_or(u16::MAX);
    longest.clamp(4, (width / 3).max(10))
}

/// Rows above the list inside the pane: the header.
const HEADER: u16 = 1;
/// Rows below the list: the selected player's details.
const FOOTER: u16 = 1;

pub fn render(app: &App, frame: &mut Frame, area: Rect) {
    let state = app.roster_state();
    let alive = state.slots.iter().filter(|s| s.alive).count();
    let mut title = format!("Roster · {alive}/{} alive", state.slots.len());
    if !app.shows_tally() && app.queue.cursor > 0 {
        title.push_str(&format!(
            " · as of step {}/{}",
            app.queue.cursor,
            app.resolution.step_count()
        ));
    }
    let block = pane_block(app, Pane::Roster, title);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    if inner.height < HEADER + 1 || inner.width < 4 {
        return;
    }
    let list_height = inner.height.saturating_sub(HEADER + FOOTER).max(1);
    let wide = inner.width >= 70;
    let medium = inner.width >= 36;
    // A roleset without families (ru-city) has no use for an empty column.
    let families = medium && app.game.roleset().uses_families();
    let offset = list_offset(app.roster_sel, state.slots.len(), usize::from(list_height));
    let involved = involvement(app);
    let name_width = name_column(state, inner.width);
    let rows: Vec<Row> = state
        .slots
        .iter()
        .enumerate()
        .skip(offset)
        .take(usize::from(list_height))
        .map(|(i, slot)| {
            let selected = i == app.roster_sel;
            // The highlighted row is one style: coloured cells would become coloured blocks.
            let plain = selected && app.focus == Pane::Roster;
            let cell_style = |style: Style| if plain { Style::new() } else { style };
            let mark = match (selected, involved.iter().find(|(id, _)| *id == slot.id)) {
                (true, _) => "▶",
                (false, Some((_, glyph))) => glyph,
                _ => " ",
            };
            let life = if !slot.alive {
                "✝"
            } else if state.out_of_game(slot).is_some() {
                "⊘"
            } else {
                " "
            };
            let name_style = match (slot.alive, plain) {
                (true, _) => Style::new(),
                (false, false) => app.theme.dead(),
                (false, true) => Style::new().add_modifier(ratatui::style::Modifier::CROSSED_OUT),
            };
            let mut cells = vec![
                Cell::from(format!("{mark}{life}")),
                Cell::from(Span::styled(
                    fit(&slot.name, usize::from(name_width)),
                    name_style,
                )),
                Cell::from(role_text(app, slot)).style(cell_style(role_style(app, slot))),
            ];
            if families {
                cells.push(Cell::from(slot.family.clone().unwrap_or_default()));
            }
            if wide {
                let mut spans = vec![Span::styled(
                    statuses(app, slot),
                    cell_style(app.theme.warning()),
                )];
                for m in markers(app, state, slot) {
                    spans.push(Span::styled(
                        format!(" ◆{}", m.text),
                        cell_style(app.theme.marker(m.colour.as_deref())),
                    ));
                }
                cells.push(Cell::from(Line::from(spans)));
            }
            cells.push(
                Cell::from(activity(app, state, slot, wide)).style(cell_style(app.theme.good())),
            );
            let row = Row::new(cells);
            if plain {
                row.style(app.theme.selected())
            } else {
                row
            }
        })
        .collect();
    let mut widths = vec![
        Constraint::Length(2),
        Constraint::Length(name_width),
        Constraint::Fill(2),
    ];
    let mut header = vec!["", "Name", "Role"];
    if families {
        widths.push(Constraint::Length(if wide { 10 } else { 7 }));
        header.push("Family");
    }
    if wide {
        widths.push(Constraint::Fill(1));
        header.push("Status");
    }
    widths.push(Constraint::Length(if wide { 12 } else { 5 }));
    header.push(if app.is_day() { "Voted" } else { "Acted" });
    let table = Table::new(rows, widths)
        .header(Row::new(header).style(app.theme.header()))
        .column_spacing(1);
    let list_area = Rect {
        height: HEADER + list_height,
        ..inner
    };
    frame.render_widget(table, list_area);
    if inner.height > HEADER + list_height {
        let footer = Rect {
            y: inner.y + HEADER + list_height,
            height: FOOTER,
            ..inner
        };
        let text = state
            .slots
            .get(app.roster_sel)
            .map(|s| details(app, s))
            .unwrap_or_default();
        frame.render_widget(
            Paragraph::new(Line::styled(
                fit(&text, usize::from(inner.width)),
                app.theme.dim(),
            )),
            footer,
        );
    }
}

/// The list row under screen row `y`.
pub fn row_at(app: &App, rect: Rect, y: u16) -> Option<usize> {
    let first = rect.y + 1 + HEADER;
    let height = rect.height.saturating_sub(2 + HEADER + FOOTER).max(1);
    if y < first || y >= first + height {
        return None;
    }
    let len = app.roster_state().slots.len();
    let offset = list_offset(app.roster_sel, len, usize::from(height));
    let row = offset + usize::from(y - first);
    (row < len).then_some(row)
}

/// Secret in the public view: the roles of living players.
/// In the public view, what the players have not been told stays hidden: the roles and
/// statuses of the living, and of the dead too where the rules never reveal them.
fn role_hidden(app: &App, slot: &Slot) -> bool {
    app.public && (slot.alive || !app.game.roleset().reveals_dead_roles)
}

fn role_text(app: &App, slot: &Slot) -> String {
    if role_hidden(app, slot) {
        "(hidden)".into()
    } else {
        slot.role_names(app.game.roleset())
    }
}

fn role_style(app: &App, slot: &Slot) -> Style {
    let roleset = app.game.roleset();
    if role_hidden(app, slot) {
        app.theme.dim()
    } else if slot.roles().any(|r| roleset.is_hostile_role(r)) {
        app.theme.mafia()
    } else {
        Style::new()
    }
}

fn statuses(app: &App, slot: &Slot) -> String {
    if role_hidden(app, slot) {
        return String::new();
    }
    // By the names the roleset gives them, as the host reads them in the rules.
    let roleset = app.game.roleset();
    slot.statuses
        .keys()
        .map(|id| roleset.status(id).map_or(id.as_str(), |d| d.name.as_str()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The host's markers on this player: never in the public view.
fn markers<'s>(
    app: &App,
    state: &'s GameState,
    slot: &Slot,
) -> impl Iterator<Item = &'s crate::engine::state::Marker> {
    let shown = !app.public;
    let id = slot.id;
    state.markers.iter().filter(move |m| shown && m.slot == id)
}

/// Acted (night) or voted (day) this phase.
fn activity(app: &App, state: &GameState, slot: &Slot, wide: bool) -> String {
    let live = state.pending.iter().filter(|p| p.replaced_by.is_none());
    if app.is_day() {
        let voted: Vec<String> = live
            .filter_map(|p| match &p.kind {
                // The ballots voted on: three letters each when wide, the initial when narrow.
                PendingKind::Vote { ballot, voter, .. } if *voter == slot.id => {
                    Some(ballot.chars().take(if wide { 3 } else { 1 }).collect())
                }
                _ => None,
            })
            .collect();
        return voted.join(" ");
    }
    if app.public {
        return String::new();
    }
    let acted: Vec<&str> = live
        .filter_map(|p| match &p.kind {
            PendingKind::Act { actor, ability, .. } if *actor == slot.id => Some(ability.as_str()),
            _ => None,
        })
        .collect();
    match (acted.first(), wide) {
        (None, _) => String::new(),
        (Some(a), true) => format!("✓ {a}"),
        (Some(_), false) => "✓".into(),
    }
}

/// Who takes part in the step under the queue cursor: `●` the actor, `◎` the targets.
fn involvement(app: &App) -> Vec<(usize, &'static str)> {
    if app.shows_tally() {
        return Vec::new();
    }
    let Some(step) = app.current_step() else {
        return Vec::new();
    };
    let state = app.game.state();
    let mut out = Vec::new();
    for name in step.targets_after.iter().chain(&step.targets_before) {
        if let Some(s) = state.slot_by_name(name) {
            out.push((s.id, "◎"));
        }
    }
    if let Some(actor) = step.actor {
        out.insert(0, (actor, "●"));
    }
    out
}

/// The selected player in one line: everything the columns may have cut.
fn details(app: &App, slot: &Slot) -> String {
    let roleset = app.game.roleset();
    let mut parts = vec![slot.name.clone()];
    if !slot.former_names.is_empty() {
        parts.push(format!("formerly {}", slot.former_names.join(", ")));
    }
    parts.push(role_text(app, slot));
    if let Some(f) = &slot.family {
        parts.push(f.clone());
    }
    if let Some((phase, cause)) = &slot.death {
        parts.push(format!("died {} ({cause})", roleset.phase_name(*phase)));
    }
    let st = statuses(app, slot);
    if !st.is_empty() {
        parts.push(st);
    }
    for m in markers(app, app.game.state(), slot) {
        parts.push(format!("◆ {} ({})", m.text, roleset.phase_name(m.phase)));
    }
    if !app.public {
        let uses: Vec<String> = slot.uses.iter().map(|(a, n)| format!("{a}×{n}")).collect();
        if !uses.is_empty() {
            parts.push(format!("used {}", uses.join(" ")));
        }
    }
    parts.join(" · ")
}
