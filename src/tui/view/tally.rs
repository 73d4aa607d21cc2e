//! Pane 3 during a day: the live vote tally. Per ballot, per target: the counted total, the
//! voters in the order they voted (with weights and void votes), the thresholds the roleset
//! decides by, and who has not voted yet.

use super::{fit, pane_block, styled};
use crate::engine::tally::CastVote;
use crate::tui::app::App;
use crate::tui::msg::Pane;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

pub fn render(app: &App, frame: &mut Frame, area: Rect) {
    let title = format!("Vote tally · {} · live", app.game.phase_name());
    let block = pane_block(app, Pane::Queue, title);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let width = usize::from(inner.width);
    let state = app.game.state();
    let name = |id: usize| {
        state
            .slots
            .get(id)
            .map(|s| s.name.clone())
            .unwrap_or_else(|| "?".into())
    };
    let mut lines: Vec<Line> = Vec::new();
    for ballot in &app.tally.ballots {
        lines.push(Line::styled(fit(&ballot.name, width), app.theme.header()));
        for t in &ballot.thresholds {
            lines.push(Line::styled(
                fit(&format!("  {t}"), width),
                app.theme.accent(),
            ));
        }
        let target_width = ballot
            .targets
            .iter()
            .map(|t| t.target.chars().count())
            .max()
            .unwrap_or(0)
            .min(12);
        for t in &ballot.targets {
            let voters: Vec<String> = t
                .votes
                .iter()
                .map(|v| vote_label(&name(v.voter), v))
                .collect();
            let head = format!(
                "  {:<target_width$} {:>3}  ",
                fit(&t.target, target_width),
                t.total
            );
            lines.push(Line::from(vec![
                styled(head, app.theme.key()),
                Span::raw(voters.join(", ")),
            ]));
        }
        if ballot.targets.is_empty() {
            lines.push(Line::styled("  no vote yet", app.theme.dim()));
        }
        let missing: Vec<String> = ballot.not_voted.iter().map(|id| name(*id)).collect();
        lines.push(Line::from(vec![
            styled(
                format!("  not voted ({}): ", missing.len()),
                app.theme.warning(),
            ),
            Span::raw(if missing.is_empty() {
                "everyone has voted".to_string()
            } else {
                missing.join(", ")
            }),
        ]));
    }
    lines.push(Line::styled(
        "t: the resolution steps · counts ignore what only resolution knows (jail, court saves)",
        app.theme.dim(),
    ));
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), inner);
}

/// `Ann`, `Gina+1 (Extra votes)`, `~~Bob~~ (void: why)`.
fn vote_label(voter: &str, v: &CastVote) -> String {
    let mut s = voter.to_string();
    if v.source.is_some() || v.weight != 1 {
        s.push_str(&format!("{:+}", v.weight));
    }
    if let Some(src) = &v.source {
        s.push_str(&format!(" ({src})"));
    }
    if let Some(why) = &v.void {
        s = format!("✗{s} [void: {why}]");
    }
    s
}
