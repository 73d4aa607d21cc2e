//! Emitting (the bot's `abilities/types/emit.js`): a value sent to players or elements, whose
//! `On <Value> Emitted` (or plain `On Emitted`) blocks run once the current work is done (the
//! bot's emit queue, worked through by its ten-second loop: here at every drain of the kill
//! queue), and whose `On <Value> End Emitted` blocks run with the End stage of the phase change.
//! The bot works both kinds through the same queue at once, and an `End Emitted` block is an
//! end prompt: one that asks for a selection is sent then (the Prophet picks whom to
//! resurrect in the night he chose to), and its answer runs with the End actions.

use crate::mechanics::wwr::eval::{Feedback, Scope, V};
use crate::mechanics::wwr::run::Run;
use crate::mechanics::wwr::triggers::{fire_on, fire_player};
use crate::mechanics::wwr::world::{AttrKind, Src};
use crate::wwr::ast::{TriggerKind, Value};

pub fn run(
    run: &mut Run,
    scope: &mut Scope,
    value: &Value,
    target: Option<&Value>,
    at_end: bool,
) -> Feedback {
    let what = {
        let v = run.eval(scope, value);
        run.show(&v)
    };
    let to: Vec<Src> = match target {
        None => vec![scope.src.clone()],
        Some(t) => match run.eval(scope, t) {
            V::Players(p) => p.into_iter().map(Src::Player).collect(),
            V::Group(file) => vec![Src::Group {
                file,
                executor: None,
            }],
            V::Team(file) => vec![Src::Team(file)],
            // `for @ThisAttr`: the extra role or attribute row itself
            V::Attr(id) => run
                .world
                .attr(id)
                .and_then(|a| match a.kind {
                    AttrKind::ExtraRole { .. } => Some(Src::ExtraRole { id, owner: a.owner }),
                    AttrKind::Custom { .. } => Some(Src::Attribute { id, owner: a.owner }),
                    _ => None,
                })
                .into_iter()
                .collect(),
            _ => Vec::new(),
        },
    };
    if to.is_empty() {
        return Feedback::failed(format!("nobody to emit `{what}` to")).told("Emitting failed!");
    }
    let labels: Vec<String> = to.iter().map(|s| run.src_label(s)).collect();
    let kind = if at_end {
        TriggerKind::OnEndEmitted
    } else {
        TriggerKind::OnEmitted
    };
    for src in to {
        run.emits.push((src, kind, what.clone()));
    }
    let when = if at_end { " at the phase's end" } else { "" };
    Feedback::ok(format!("Emitted `{what}` to {}{when}", labels.join(", "))).told("")
}

/// The prompts the queued `End Emitted` values open now, as the bot sends an end prompt when
/// its emit queue is worked; the blocks themselves wait for the End stage.
pub fn open_end_prompts(run: &mut Run) {
    let queued: Vec<(Src, String)> = run
        .emits
        .iter()
        .filter(|(_, k, _)| *k == TriggerKind::OnEndEmitted)
        .map(|(s, _, v)| (s.clone(), v.clone()))
        .collect();
    for (src, value) in queued {
        let vars = [("emitvalue", V::Text(value)), (PROMPTS_ONLY, V::Bool(true))];
        match src {
            Src::Player(p) => fire_player(run, p, TriggerKind::OnEndEmitted, &vars),
            other => fire_on(run, &other, TriggerKind::OnEndEmitted, &vars),
        }
    }
}

/// The variable that lets only the blocks that open a prompt run (not a name a text writes).
pub const PROMPTS_ONLY: &str = "!prompts_only";

/// Run the queued emits of this kind, in the order sent (emits they send join the queue).
pub fn process(run: &mut Run, kind: TriggerKind) {
    while let Some(i) = run.emits.iter().position(|(_, k, _)| *k == kind) {
        let (src, kind, value) = run.emits.remove(i);
        let vars = [("emitvalue", V::Text(value))];
        match src {
            Src::Player(p) => fire_player(run, p, kind, &vars),
            other => fire_on(run, &other, kind, &vars),
        }
    }
}
