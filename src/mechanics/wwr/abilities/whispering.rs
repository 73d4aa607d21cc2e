//! Whispering and conversation resets (the bot's `abilities/types/whispering.js`, `reset.js`):
//! on Discord, a whisper opens an anonymous channel from a player to a place, a group or an
//! extra role's holders, under the name it gives (`as \`Flute Player\``); a reset wipes a
//! channel's messages. Offline, the host carries those messages: a whisper is a row on the
//! whisperer (it lasts as written, and the host sheet lists it), and a reset is a step telling
//! the host whose conversation starts afresh.

use super::lasting;
use crate::mechanics::wwr::eval::{Feedback, Scope};
use crate::mechanics::wwr::run::Run;
use crate::mechanics::wwr::visit::{Gate, Visit, gate};
use crate::mechanics::wwr::world::{AttrKind, Lasting};
use crate::wwr::ast::{Duration, Value};

pub fn whisper(
    run: &mut Run,
    scope: &mut Scope,
    from: Option<&Value>,
    to: &Value,
    disguise: Option<&Value>,
    duration: Option<Duration>,
) -> Feedback {
    let speaker = match from {
        Some(v) => run.eval(scope, v).players().first().copied(),
        None => scope.me(),
    };
    let Some(speaker) = speaker else {
        return Feedback::failed("nobody to whisper")
            .told("Whispering failed! This is likely caused by an error. Please contact a Host.");
    };
    let to_value = run.eval(scope, to);
    let place = run.show(&to_value);
    let name = disguise.map(|d| {
        let v = run.eval(scope, d);
        run.show(&v).replace('`', "")
    });
    // a player's whisper to another player visits him (the bot visits only then)
    if let Some(&listener) = to_value.players().first() {
        let visit = Visit::new("whispering", "").with(crate::mechanics::wwr::eval::V::Text(
            name.clone().unwrap_or_default(),
        ));
        let words = ("Whispering failed!", "Whispering succeeded!");
        if let Gate::End(result) = gate(run, scope, listener, visit, true, words) {
            return result;
        }
    }
    run.world.add_attr(
        speaker,
        scope.src.clone(),
        AttrKind::Whisper {
            to: place.clone(),
            name: name.clone(),
        },
        lasting(duration, Lasting::Permanent),
        run.phase,
    );
    let who = run.name(speaker);
    let detail = match &name {
        Some(name) => {
            format!("{who} may whisper to {place} as {name}: the host carries the messages")
        }
        None => format!("{who} may whisper to {place}: the host carries the messages"),
    };
    Feedback {
        detail,
        ..Feedback::ok("Whispering succeeded!")
    }
}

/// `Conversation Reset [<channel>]`: the bot deletes the channel's messages and says nothing.
pub fn reset(run: &mut Run, scope: &mut Scope, target: Option<&Value>) -> Feedback {
    let place = match target {
        Some(v) => {
            let v = run.eval(scope, v);
            run.show(&v)
        }
        None => format!("{}'s channel", run.src_label(&scope.src)),
    };
    Feedback {
        detail: format!("the conversation in {place} starts afresh (the bot deletes its messages)"),
        ..Feedback::ok("")
    }
}
