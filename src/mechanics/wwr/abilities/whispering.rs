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
    // a group whispers through its own channel (the bot's whisper from `#Tavern-Haunting`):
    // each of its members may speak through it, and nobody is visited
    let (speakers, via) = match from.map(|v| run.eval(scope, v)) {
        Some(crate::mechanics::wwr::eval::V::Group(g)) => (run.members(g), Some(g)),
        Some(v) => (v.players().first().copied().into_iter().collect(), None),
        None => (scope.me().into_iter().collect(), None),
    };
    if speakers.is_empty() {
        return Feedback::failed("nobody to whisper")
            .told("Whispering failed! This is likely caused by an error. Please contact a Host.");
    }
    let to_value = run.eval(scope, to);
    let place = run.show(&to_value);
    let name = disguise.map(|d| {
        let v = run.eval(scope, d);
        run.show(&v).replace('`', "")
    });
    // a player's whisper to another player visits him (the bot visits only then)
    if via.is_none()
        && let Some(&listener) = to_value.players().first()
    {
        let visit = Visit::new("whispering", "").with(crate::mechanics::wwr::eval::V::Text(
            name.clone().unwrap_or_default(),
        ));
        let words = ("Whispering failed!", "Whispering succeeded!");
        if let Gate::End(result) = gate(run, scope, listener, visit, true, words) {
            return result;
        }
    }
    for &speaker in &speakers {
        run.world.add_attr(
            speaker,
            scope.src.clone(),
            AttrKind::Whisper {
                to: place.clone(),
                name: name.clone(),
                via,
            },
            lasting(duration, Lasting::Permanent),
            run.phase,
        );
    }
    let who: Vec<String> = speakers.iter().map(|p| run.name(*p)).collect();
    let who = who.join(", ");
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

/// The prompt a player answers to say he sent a message through a named whisper (the
/// `Ghosts` of the Poltergeist's tavern): offline the host carries each message, and enters
/// it so, as the bot fires `On <Name> Whisper` for every message through a named connection
/// (`game/connections.js` `connectionExecute`). The roleset has it only when a text in play
/// hears such a trigger.
pub const MESSAGE_PROMPT: &str = "whisper";

/// The whisper names the texts in play hear (`On \`Ghosts\` Whisper`), as written.
pub fn names_heard(
    program: &crate::mechanics::wwr::program::Program,
    in_play: &[usize],
) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for &file in in_play {
        for (_, block) in program.triggers(file) {
            if block.trigger.kind != crate::wwr::ast::TriggerKind::OnWhisper {
                continue;
            }
            let Some(subject) = &block.trigger.subject else {
                continue;
            };
            let name = subject
                .plain_text()
                .map_or_else(|| subject.to_string(), str::to_string);
            if !names.iter().any(|n| n.eq_ignore_ascii_case(&name)) {
                names.push(name);
            }
        }
    }
    names
}

/// The names of the whispers a player may speak through now: a group's only while he is in
/// it (the Tavern Haunting's ghost who spoke has left it).
pub fn names_of(world: &crate::mechanics::wwr::world::World, player: usize) -> Vec<String> {
    world
        .attrs_of(player)
        .filter_map(|a| match &a.kind {
            AttrKind::Whisper {
                name: Some(name),
                via,
                ..
            } if via.is_none_or(|g| world.in_group(player, g)) => Some(name.clone()),
            _ => None,
        })
        .collect()
}

/// A message the player sent through his whisper `name`: `On <Name> Whisper` fires on him
/// (his role, extra roles and attributes), the message's only effect the texts can see.
pub fn message(run: &mut Run, key: String, actor: usize, name: &str) {
    let who = run.name(actor);
    let held = names_of(&run.world, actor);
    let Some(name) = held.iter().find(|n| n.eq_ignore_ascii_case(name)).cloned() else {
        run.step(
            key,
            crate::engine::outcome::StepResult::Skipped,
            Some(actor),
            Some(MESSAGE_PROMPT.into()),
            vec![name.to_string()],
            vec![format!(
                "{who} no longer whispers as {name}: the message heard nothing"
            )],
        );
        return;
    };
    run.step(
        key,
        crate::engine::outcome::StepResult::Success,
        Some(actor),
        Some(MESSAGE_PROMPT.into()),
        vec![name.clone()],
        vec![format!(
            "{who} sends a message as {name}: `On {name} Whisper`"
        )],
    );
    crate::mechanics::wwr::triggers::fire_player(
        run,
        actor,
        crate::wwr::ast::TriggerKind::OnWhisper,
        &[("whispername", crate::mechanics::wwr::eval::V::Text(name))],
    );
}
