//! Announcements: `Reveal` to a place or players at once, `Learn` to the source, `Announce`
//! into the phase's story time (the public post), where it stands in order with the deaths, as
//! the bot's story-time buffer keeps them.

use crate::engine::outcome::Audience;
use crate::mechanics::wwr::eval::{Feedback, Scope, V};
use crate::mechanics::wwr::run::Run;
use crate::mechanics::wwr::setup::ANNOUNCE_TEMPLATE;
use crate::wwr::ast::{AnnouncementKind, Value};
use crate::wwr::names::normalize;

/// The endings after which the bot adds no full stop to a revealed or learnt text
/// (`announcementImmediate`).
const REVEAL_ENDINGS: &str = ".;!?\"'-`";

/// Channels that are public in the bot's game: what is revealed there is in the post.
const PUBLIC_PLACES: [&str; 4] = ["storytime", "townsquare", "votingbooth", "tavern"];

pub fn run(
    run: &mut Run,
    scope: &mut Scope,
    kind: AnnouncementKind,
    info: &Value,
    to: Option<&Value>,
) -> Feedback {
    // what a player or a group is told names roles as the bot does, in backticks
    let told = run.message_text(scope, info);
    // The announcement is the message; the ability itself reports nothing, as the bot's
    // announcing abilities return an empty message. What players read names roles as the bot
    // does, in backticks. The bot ends a revealed sentence with a full stop where the text has
    // none (`announcementImmediate`), and every story-time line likewise by its own rule
    // (`autoPunctate`). A post already published is a record in the save, so older posts keep
    // their words.
    match kind {
        AnnouncementKind::Announce => {
            let line = story_line(&told);
            run.tell_as(ANNOUNCE_TEMPLATE, Audience::Public, line.clone());
            Feedback::ok(format!("Announced: {line}")).told("")
        }
        AnnouncementKind::Learn | AnnouncementKind::Know => match scope.me() {
            Some(p) => {
                let text = ended(&told, REVEAL_ENDINGS);
                run.tell(Audience::Slot(p), text.clone());
                Feedback::ok(format!("{} learns: {text}", run.name(p))).told("")
            }
            None => Feedback::failed("Nobody to learn it").told(""),
        },
        AnnouncementKind::Reveal => {
            let place = to.map(|t| run.eval(scope, t));
            let audiences: Vec<Audience> = match place {
                Some(V::Players(p)) => p.into_iter().map(Audience::Slot).collect(),
                Some(V::Group(g)) => vec![Audience::Group(run.program.name(g).to_string())],
                Some(V::Text(place)) if PUBLIC_PLACES.contains(&normalize(&place).as_str()) => {
                    vec![Audience::Public]
                }
                Some(V::Text(place)) => vec![Audience::Group(place)],
                _ => vec![Audience::Host],
            };
            let to: Vec<String> = audiences
                .iter()
                .map(|a| match a {
                    Audience::Slot(p) => run.name(*p),
                    Audience::Group(g) => format!("#{g}"),
                    Audience::Public => "everyone".into(),
                    Audience::Host => "the host".into(),
                })
                .collect();
            let said = ended(&told, REVEAL_ENDINGS);
            for a in audiences {
                run.tell_as(ANNOUNCE_TEMPLATE, a, said.clone());
            }
            Feedback::ok(format!("Revealed to {}: {said}", to.join(", "))).told("")
        }
    }
}

/// The text with a full stop added, unless it already ends with one of `endings` or runs over
/// several lines.
fn ended(text: &str, endings: &str) -> String {
    let trimmed = text.trim_end();
    let ends = trimmed.chars().last().is_none_or(|c| endings.contains(c));
    if ends || trimmed.contains('\n') {
        trimmed.to_string()
    } else {
        format!("{trimmed}.")
    }
}

/// A story-time line as the bot's `autoPunctate` writes it: trimmed, with a full stop unless
/// it ends with one of `.,!?)(][}{-*:` (a text over several lines too).
fn story_line(text: &str) -> String {
    let trimmed = text.trim();
    if trimmed.ends_with(|c| ".,!?)(][}{-*:".contains(c)) {
        trimmed.to_string()
    } else {
        format!("{trimmed}.")
    }
}
