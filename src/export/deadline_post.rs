//! The deadline line of a post (`export --deadline`): the open phase's deadline in the host's
//! zone, then in each zone he lists, side by side; Markdown, which Discord reads, adds Discord's
//! own timestamps (`<t:UNIX:F>`, `<t:UNIX:R>`), which every reader sees in his own zone.

use super::{Markup, template_or};
use crate::engine::Game;

/// The announcement of the open phase's deadline, or why there is none.
pub fn deadline_post(game: &Game, markup: Markup, zones: &[String]) -> Result<String, String> {
    let state = game.state();
    let deadline = state.deadlines.get(&state.phase).ok_or_else(|| {
        format!(
            "{} has no deadline: set one with `deadline 2026-12-01 20:00 Europe/Moscow`",
            game.phase_label()
        )
    })?;
    let title = template_or(game.roleset(), "post_deadline", "Deadline for {phase}")
        .replace("{phase}", &game.phase_name());
    let mut out = vec![format!("{}: {}", markup.bold(&title), deadline.shown())];
    if markup == Markup::Markdown {
        out.push(format!("<t:{0}:F> (<t:{0}:R>)", deadline.unix));
    }
    let mut lines = Vec::new();
    for zone in zones.iter().filter(|z| **z != deadline.zone) {
        let at = deadline.in_zone(zone).ok_or_else(|| {
            format!("`{zone}` is no time zone: write an IANA name (Europe/Moscow, UTC)")
        })?;
        lines.push(format!("{zone}: {at}"));
    }
    if !lines.is_empty() {
        out.push(markup.list(&lines));
    }
    Ok(out.join("\n"))
}
