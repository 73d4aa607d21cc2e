//! The public view, for a screen shared with the players. It is drawn from public facts
//! alone, never from the host's panes with parts hidden: the published posts (the records
//! their commits kept), the players as the last post listed them, and the votes of a ballot
//! whose votes the rule system says the players see. Nothing of the current phase's preview,
//! its hidden entries, the host's cursors or notes reaches it, so there is nothing to forget
//! to hide.

use super::pane_block;
use crate::engine::entry::PendingKind;
use crate::export::{Markup, public_post};
use crate::tui::app::App;
use crate::tui::msg::Pane;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Wrap};

pub fn render(app: &App, frame: &mut Frame, area: Rect) {
    let [left, right] =
        Layout::horizontal([Constraint::Percentage(40), Constraint::Percentage(60)]).areas(area);
    let [post, votes] =
        Layout::vertical([Constraint::Percentage(65), Constraint::Percentage(35)]).areas(right);
    players(app, frame, left);
    published(app, frame, post);
    open_votes(app, frame, votes);
}

/// The position of the published post on screen: the one browsed with `[`/`]`, else the last.
fn shown_position(app: &App) -> Option<usize> {
    let len = app.game.state().history.len();
    app.draft.committed.or(len.checked_sub(1))
}

/// The players as the last published post listed them: the living with their public
/// statuses; everyone else dead, with his role where the rules reveal a dead player's role.
fn players(app: &App, frame: &mut Frame, area: Rect) {
    let game = app.game.state();
    let roleset = app.game.roleset();
    let last = game
        .history
        .len()
        .checked_sub(1)
        .and_then(|p| app.game.published(p));
    let listed: Vec<String> = match last {
        Some(record) => record.alive.clone(),
        None => game.slots.iter().map(|s| s.name.clone()).collect(),
    };
    let mut lines = Vec::new();
    for slot in &game.slots {
        if let Some(shown) = listed
            .iter()
            .find(|l| *l == &slot.name || l.starts_with(&format!("{} (", slot.name)))
        {
            lines.push(Line::raw(format!("  {shown}")));
        } else {
            let role = if roleset.reveals_dead_roles {
                format!(" — {}", slot.role_names(roleset))
            } else {
                String::new()
            };
            lines.push(Line::styled(
                format!("✝ {}{role}", slot.name),
                app.theme.dead(),
            ));
        }
    }
    let title = format!("Players · {}/{} alive", listed.len(), game.slots.len());
    frame.render_widget(
        Paragraph::new(lines).block(pane_block(app, Pane::Roster, title)),
        area,
    );
}

/// A published post, as the players read it, with the corrections it carried.
fn published(app: &App, frame: &mut Frame, area: Rect) {
    let history = &app.game.state().history;
    let (title, text) = match shown_position(app).and_then(|p| history.get(p)) {
        Some(phase) => (
            format!(
                "Post · {}",
                app.game
                    .roleset()
                    .phase_label(phase.index, phase.round.as_deref())
            ),
            public_post(&app.game, phase, Markup::Text),
        ),
        None => (
            "Post".to_string(),
            format!(
                "Nothing is published yet: {} is under way.",
                app.game.phase_name()
            ),
        ),
    };
    frame.render_widget(
        Paragraph::new(text)
            .block(pane_block(app, Pane::Draft, title))
            .wrap(Wrap { trim: false })
            .scroll((app.draft.scroll, 0)),
        area,
    );
}

/// The votes cast so far on the ballots open now whose votes are public, as cast: who voted
/// for whom, no weights, no rule's corrections, no notes (those are the host's until the
/// post). A ballot whose votes go to the host says only that.
fn open_votes(app: &App, frame: &mut Frame, area: Rect) {
    let game = &app.game;
    let state = game.state();
    let mut lines = Vec::new();
    if game.state().game_over.is_some() {
        lines.push(Line::raw("The game is over."));
    }
    // A private poll (a pack's) is not even named: its existence is the pack's.
    for ballot in game.open_ballots().into_iter().filter(|b| !b.private) {
        lines.push(Line::styled(ballot.name.clone(), app.theme.header()));
        if !game.system().votes_are_public(game.roleset(), ballot) {
            lines.push(Line::raw(
                "  Votes go to the host; the post announces the count.",
            ));
            continue;
        }
        let mut by_target: Vec<(String, Vec<String>)> = Vec::new();
        for p in state
            .pending
            .iter()
            .filter(|p| p.replaced_by.is_none() && !p.advance)
        {
            let PendingKind::Vote {
                ballot: b,
                voter,
                target,
            } = &p.kind
            else {
                continue;
            };
            if b != &ballot.id {
                continue;
            }
            let voter = app.slot_name(*voter);
            match by_target.iter_mut().find(|(t, _)| t == target) {
                Some((_, voters)) => voters.push(voter),
                None => by_target.push((target.clone(), vec![voter])),
            }
        }
        if by_target.is_empty() {
            lines.push(Line::raw("  no votes yet"));
        }
        by_target.sort_by(|a, b| b.1.len().cmp(&a.1.len()).then(a.0.cmp(&b.0)));
        for (target, voters) in by_target {
            let target = if target == "-" {
                "(abstain)".into()
            } else {
                target
            };
            // Votes as cast, not a result: the post says what they come to.
            let n = voters.len();
            let word = if n == 1 { "vote" } else { "votes" };
            lines.push(Line::raw(format!(
                "  {target}: {n} {word} cast ({})",
                voters.join(", ")
            )));
        }
    }
    if lines.is_empty() {
        lines.push(Line::raw(format!(
            "{}: no vote is open.",
            game.phase_label()
        )));
    }
    frame.render_widget(
        Paragraph::new(lines)
            .block(pane_block(app, Pane::Queue, "Votes".into()))
            .wrap(Wrap { trim: false }),
        area,
    );
}
