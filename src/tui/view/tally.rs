//! Pane 3 during a day: the live vote tally. Per ballot, per target: the counted total, the
//! voters in the order they voted (with weights and void votes), the thresholds the roleset
//! decides by, and who has not voted yet.

use super::{fit, pane_block, styled};
use crate::engine::tally::{BallotTally, CastVote};
use crate::tui::app::App;
use crate::tui::msg::Pane;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

pub fn render(app: &App, frame: &mut Frame, area: Rect) {
    let title = format!("Vote tally · {} · live", app.game.phase_label());
    let block = pane_block(app, Pane::Queue, title);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let width = usize::from(inner.width);
    let mut lines: Vec<Line> = Vec::new();
    // A private poll's votes are the host's to see (the public view hides them).
    let private = |id: &str| app.game.roleset().ballot(id).is_some_and(|b| b.private);
    for ballot in app
        .tally
        .ballots
        .iter()
        .filter(|b| !(app.public && private(&b.id)))
    {
        lines.push(Line::styled(fit(&ballot.name, width), app.theme.header()));
        for t in &ballot.thresholds {
            let head = vec![styled(format!("  {t}"), app.theme.accent())];
            lines.extend(wrapped(head, &[], width, 4));
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
                .map(|v| vote_label(&app.slot_name(v.voter), v, ballot, app.public))
                .collect();
            let head = format!(
                "  {:<target_width$} {:>3}  ",
                fit(&t.target, target_width),
                ballot.votes(t.total)
            );
            let indent = head.chars().count();
            lines.extend(wrapped(
                vec![styled(head, app.theme.key())],
                &voters,
                width,
                indent,
            ));
        }
        if ballot.targets.is_empty() {
            lines.push(Line::styled("  no vote yet", app.theme.dim()));
        }
        let mut missing: Vec<String> = ballot
            .not_voted
            .iter()
            .map(|id| app.slot_name(*id))
            .collect();
        if missing.is_empty() {
            missing.push("everyone has voted".into());
        }
        let head = styled(
            format!("  not voted ({}): ", ballot.not_voted.len()),
            app.theme.warning(),
        );
        lines.extend(wrapped(vec![head], &missing, width, 4));
    }
    lines.extend(wrapped(
        vec![styled(
            "t: the resolution steps · counted as the resolution will count it",
            app.theme.dim(),
        )],
        &[],
        width,
        2,
    ));
    frame.render_widget(Paragraph::new(lines), inner);
}

/// `head` then the items separated by commas, wrapped at `width` with continuation lines
/// indented; a head longer than the line is cut.
fn wrapped(
    head: Vec<Span<'static>>,
    items: &[String],
    width: usize,
    indent: usize,
) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let head_width: usize = head.iter().map(|s| s.width()).sum();
    let mut current: Vec<Span> = if head_width > width {
        let text: String = head.iter().map(|s| s.content.as_ref()).collect();
        let style = head.first().map(|s| s.style).unwrap_or_default();
        // A long head (a threshold sentence) wraps by words.
        let mut out = Vec::new();
        let body = text.trim_start();
        let mut line = text[..text.len() - body.len()].to_string();
        for word in body.split(' ') {
            if !line.trim().is_empty() && line.chars().count() + 1 + word.chars().count() > width {
                out.push(Line::styled(std::mem::take(&mut line), style));
                line = " ".repeat(indent);
            }
            if !line.trim().is_empty() && !line.ends_with(' ') {
                line.push(' ');
            }
            line.push_str(word);
        }
        lines.extend(out);
        vec![Span::styled(line, style)]
    } else {
        head
    };
    let mut used: usize = current.iter().map(|s| s.width()).sum();
    for (i, item) in items.iter().enumerate() {
        let text = if i + 1 < items.len() {
            format!("{item}, ")
        } else {
            item.clone()
        };
        let len = text.chars().count();
        if used + len > width && used > indent {
            lines.push(Line::from(std::mem::take(&mut current)));
            current.push(Span::raw(" ".repeat(indent.min(width / 2))));
            used = indent.min(width / 2);
        }
        current.push(Span::raw(fit(&text, width.saturating_sub(used))));
        used += len;
    }
    lines.push(Line::from(current));
    lines
}

/// `Ann`, `Gina+1 (Extra votes)`, `✗Bob [void: why]`. In the public view an ability's extra
/// votes are counted but not named: who cast them would reveal a role.
fn vote_label(voter: &str, v: &CastVote, ballot: &BallotTally, public: bool) -> String {
    let weight = format!("+{}", ballot.votes(v.weight)).replace("+-", "-");
    if public && v.source.is_some() {
        return format!("{weight} (an ability)");
    }
    let mut s = voter.to_string();
    if v.source.is_some() || v.weight != ballot.unit {
        s.push_str(&weight);
    }
    if let Some(src) = &v.source {
        s.push_str(&format!(" ({src})"));
    }
    if let Some(why) = &v.void {
        s = format!("✗{s} [void: {why}]");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(lines: &[Line]) -> Vec<String> {
        lines.iter().map(|l| l.to_string()).collect()
    }

    #[test]
    fn wraps_items_with_an_indent() {
        let items: Vec<String> = ["Bruno", "Carla", "Dino", "Elsa"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let lines = wrapped(vec![Span::raw("  not voted: ")], &items, 26, 4);
        let t = text(&lines);
        assert_eq!(t, ["  not voted: Bruno, ", "    Carla, Dino, Elsa"]);
        assert!(t.iter().all(|l| l.chars().count() <= 26));
    }
}
