//! Announcements: `Reveal` to a place or players at once, `Learn` to the source, `Announce`
//! into the next story time (the public post).

use crate::engine::outcome::Audience;
use crate::mechanics::wwr::eval::{Feedback, Scope, V};
use crate::mechanics::wwr::run::Run;
use crate::wwr::ast::{AnnouncementKind, Value};
use crate::wwr::names::normalize;

/// Channels that are public in the bot's game: what is revealed there is in the post.
const PUBLIC_PLACES: [&str; 4] = ["storytime", "townsquare", "votingbooth", "tavern"];

pub fn run(
    run: &mut Run,
    scope: &mut Scope,
    kind: AnnouncementKind,
    info: &Value,
    to: Option<&Value>,
) -> Feedback {
    let text = {
        let v = run.eval(scope, info);
        run.show(&v)
    };
    match kind {
        AnnouncementKind::Announce => {
            run.tell(Audience::Public, text.clone());
            Feedback::ok(format!("Announced: {text}"))
        }
        AnnouncementKind::Learn | AnnouncementKind::Know => match scope.me() {
            Some(p) => {
                run.tell(Audience::Slot(p), text.clone());
                Feedback::ok("")
            }
            None => Feedback::failed("Nobody to learn it"),
        },
        AnnouncementKind::Reveal => {
            let place = to.map(|t| (t, run.eval(scope, t)));
            match place {
                Some((_, V::Players(p))) => {
                    for x in &p {
                        run.tell(Audience::Slot(*x), text.clone());
                    }
                    Feedback::ok("")
                }
                Some((_, V::Group(g))) => {
                    let name = run.program.name(g).to_string();
                    run.tell(Audience::Group(name), text.clone());
                    Feedback::ok("")
                }
                Some((_, V::Text(place)))
                    if PUBLIC_PLACES.contains(&normalize(&place).as_str()) =>
                {
                    run.tell(Audience::Public, text.clone());
                    Feedback::ok("")
                }
                Some((_, V::Text(place))) => {
                    run.tell(Audience::Group(place), text.clone());
                    Feedback::ok("")
                }
                _ => {
                    run.tell(Audience::Host, text.clone());
                    Feedback::ok("")
                }
            }
        }
    }
}
