//! The text of the draft pane, the export and the clipboard: the public post of the current
//! phase (as it would read if committed now) or of a committed phase, and every player's
//! private results. One place builds it, so what is copied is what is shown.

use super::app::{App, DraftShows};
use crate::engine::Game;
use crate::engine::outcome::Audience;
use crate::export::night_order::night_order;
use crate::export::sheets;
use crate::export::{
    Markup, draft_body, draft_post_of, facts_body, from_bbcode, private_results, private_text,
    public_post,
};
use std::path::{Path, PathBuf};

/// The public post the draft pane is on.
pub fn post(app: &App, markup: Markup) -> String {
    match committed(app) {
        Some(phase) => public_post(&app.game, phase, markup),
        None => draft_post_of(
            &app.game,
            &app.resolution.outcome,
            &app.resolution.after,
            markup,
        ),
    }
}

/// An edited post whose generated results changed after the edit: the post as generated when
/// the host edited it, and as generated now. The edit itself is the state's `draft_edit`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StaleEdit {
    pub then: String,
    pub now: String,
}

/// Whether the current phase's edited post is stale (`Game::stale_post`), as the two
/// generated bodies the diff compares. Only a game with an edited draft pays for it.
pub fn stale_edit(game: &Game, now: &crate::engine::stepwise::Stepwise) -> Option<StaleEdit> {
    let stale = game.stale_post(&now.outcome, &now.after)?;
    let body = |facts| facts_body(game.roleset(), facts, Markup::Text);
    Some(StaleEdit {
        then: body(&stale.then),
        now: body(&stale.now),
    })
}

/// The text the host starts editing: his earlier edit, else the generated body.
pub fn editable_body(app: &App) -> String {
    match &app.game.state().draft_edit {
        Some(edit) => edit.clone(),
        None => draft_body(
            app.game.roleset(),
            &app.resolution.outcome,
            &app.resolution.after,
            Markup::Text,
        ),
    }
}

/// Every player's private results of the phase the pane is on, with the host's own messages.
pub fn private(app: &App, markup: Markup) -> String {
    let state = app.game.state();
    let mut parts = Vec::new();
    let (name, outcome) = match committed(app) {
        Some(phase) => (phase.name.clone(), &phase.outcome),
        None => (app.game.phase_name(), &app.resolution.outcome),
    };
    for slot in &state.slots {
        if !outcome
            .messages
            .iter()
            .any(|m| m.audience == Audience::Slot(slot.id))
        {
            continue;
        }
        parts.push(match committed(app) {
            Some(phase) => private_results(&app.game, phase, slot.id, markup),
            None => private_text(&name, outcome, slot.id, &slot.name, markup),
        });
    }
    let host: Vec<String> = outcome
        .messages
        .iter()
        .filter(|m| m.audience == Audience::Host || matches!(m.audience, Audience::Group(_)))
        .map(|m| match &m.audience {
            Audience::Group(g) => format!("(to {g}) {}", from_bbcode(&m.text, markup)),
            _ => format!("(host) {}", from_bbcode(&m.text, markup)),
        })
        .collect();
    if !host.is_empty() {
        parts.push(format!("{name} — for the host\n{}\n", host.join("\n")));
    }
    if parts.is_empty() {
        format!("{name}: no private results")
    } else {
        parts.join("\n")
    }
}

/// The reveal post, or, before the game's end, why it is not written yet: the pane tells the
/// host what the command line's refusal does.
fn recap(app: &App, markup: Markup) -> String {
    sheets::recap(&app.game, markup).unwrap_or_else(|why| why)
}

/// What the draft pane shows now (and what `y` copies). The public view shows the post only.
pub fn shown(app: &App) -> String {
    let markup = app.draft.markup;
    match app.draft.shows {
        _ if app.public => post(app, markup),
        DraftShows::Post => post(app, markup),
        DraftShows::Private => private(app, markup),
        DraftShows::Roles => sheets::role_pms(&app.game, markup),
        DraftShows::Host => sheets::host_sheet(&app.game, markup),
        DraftShows::NightOrder => night_order(&app.game, markup),
        DraftShows::Recap => recap(app, markup),
    }
}

/// One player's part of what the pane shows (`Y` copies it): their private results of the
/// phase, or their role PM.
pub fn shown_for(app: &App, slot: usize) -> Option<String> {
    let state = app.game.state();
    let player = state.slots.get(slot)?;
    let markup = app.draft.markup;
    match app.draft.shows {
        DraftShows::Roles => Some(sheets::role_pm(&app.game, player, markup)),
        DraftShows::Private => Some(match committed(app) {
            Some(phase) => private_results(&app.game, phase, slot, markup),
            None => private_text(
                &app.game.phase_name(),
                &app.resolution.outcome,
                slot,
                &player.name,
                markup,
            ),
        }),
        _ => None,
    }
}

/// The export of the phase the pane is on: the public post in `path`, and the private results
/// with the host's own lines in a `-private` file beside it, so the file that is posted never
/// holds a secret.
pub fn export(app: &App, markup: Markup, path: &Path) -> Vec<(PathBuf, String)> {
    exported(app, markup, path)
        .into_iter()
        .map(|(p, text)| (p, crate::export::clean_controls(&text)))
        .collect()
}

fn exported(app: &App, markup: Markup, path: &Path) -> Vec<(PathBuf, String)> {
    // A host document is a file of its own.
    let document = match app.draft.shows {
        DraftShows::Roles => Some(sheets::role_pms(&app.game, markup)),
        DraftShows::Host => Some(sheets::host_sheet(&app.game, markup)),
        DraftShows::NightOrder => Some(night_order(&app.game, markup)),
        DraftShows::Recap => Some(recap(app, markup)),
        DraftShows::Post | DraftShows::Private => None,
    };
    if let Some(text) = document.filter(|_| !app.public) {
        return vec![(path.to_path_buf(), format!("{}\n", text.trim_end()))];
    }
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let ext = path
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    let private_path = path.with_file_name(format!("{stem}-private{ext}"));
    vec![
        (
            path.to_path_buf(),
            format!("{}\n", post(app, markup).trim_end()),
        ),
        (
            private_path,
            format!("{}\n", private(app, markup).trim_end()),
        ),
    ]
}

/// What the pane shows, as a file name part: the document (`roles`, `host`, `recap`), else
/// the phase and round: `day-2`, `день-2-голосование`.
pub fn phase_slug(app: &App) -> String {
    if let Some(part) = app.draft.shows.file_part().filter(|_| !app.public) {
        return part.to_string();
    }
    let label = match committed(app) {
        Some(p) => app.game.roleset().phase_label(p.index, p.round.as_deref()),
        None => app.game.phase_label(),
    };
    label
        .to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join("-")
}

fn committed(app: &App) -> Option<&crate::engine::state::CommittedPhase> {
    let history = &app.game.state().history;
    match app.draft.committed {
        Some(at) => history.get(at),
        // A finished game has no phase open: its last post is the one to show, never a
        // draft of a phase that does not come.
        None if app.game.is_finished() => history.last(),
        None => None,
    }
}

/// The title of the phase the pane is on.
pub fn phase_label(app: &App) -> String {
    match committed(app) {
        Some(p) => {
            let position = app
                .game
                .state()
                .history
                .iter()
                .position(|h| std::ptr::eq(h, p));
            // Whose words the published post is, when they are the host's.
            let source = position
                .and_then(|at| app.game.published(at))
                .map(|r| r.source)
                .filter(|s| *s != crate::engine::published::PostSource::Generated)
                .map(|s| format!(" · {}", s.label()))
                .unwrap_or_default();
            format!(
                "{} (committed{source})",
                app.game.roleset().phase_label(p.index, p.round.as_deref())
            )
        }
        None => format!("{} (draft)", app.game.phase_label()),
    }
}
