//! Displays: a role's visible counters (the witch's potions). They change nothing in the game;
//! the host sheet shows them.

use crate::mechanics::wwr::eval::{Feedback, Scope};
use crate::mechanics::wwr::run::Run;
use crate::mechanics::wwr::world::DisplaySource;
use crate::wwr::ability::DISPLAY_VALUES;
use crate::wwr::ast::Value;

fn key(run: &mut Run, scope: &Scope, display: &Value) -> String {
    let v = run.eval(scope, display);
    let name = run.show(&v);
    match scope.me() {
        Some(p) => format!("{name} ({})", run.name(p)),
        None => name,
    }
}

/// A display's value as drawn: `Counter` is the owner's counter (the Assassin's knives),
/// `Target` his target's name; anything else is shown as written.
fn drawn(run: &Run, owner: Option<usize>, raw: &str) -> String {
    let Some(player) = owner.and_then(|p| run.world.players.get(p)) else {
        return raw.to_string();
    };
    if raw.eq_ignore_ascii_case("counter") {
        player.counter.to_string()
    } else if raw.eq_ignore_ascii_case("target") {
        player.target.map(|t| run.name(t)).unwrap_or_default()
    } else {
        raw.to_string()
    }
}

fn written(run: &mut Run, scope: &Scope, v: &Value) -> String {
    let v = run.eval(scope, v);
    run.show(&v)
}

pub fn show(run: &mut Run, scope: &mut Scope, display: &Value, values: &[Value]) -> Feedback {
    let key = key(run, scope, display);
    let owner = scope.me();
    let raw: Vec<String> = values.iter().map(|v| written(run, scope, v)).collect();
    let values: Vec<String> = raw.iter().map(|r| drawn(run, owner, r)).collect();
    let shown = values.join(", ");
    run.world.displays.insert(key.clone(), values);
    run.world
        .display_sources
        .insert(key.clone(), DisplaySource { owner, raw });
    Feedback::ok(format!("Display {key}: {shown}")).told("")
}

pub fn update(
    run: &mut Run,
    scope: &mut Scope,
    display: &Value,
    index: &Value,
    value: &Value,
) -> Feedback {
    let key = key(run, scope, display);
    let index = run.eval(scope, index);
    let i = match super::value_slot(&index, DISPLAY_VALUES) {
        Ok(i) => i,
        Err(why) => return Feedback::failed(format!("Display {key}: {why}")),
    };
    let raw = written(run, scope, value);
    let owner = scope.me();
    let new = drawn(run, owner, &raw);
    let source = run
        .world
        .display_sources
        .entry(key.clone())
        .or_insert(DisplaySource {
            owner,
            raw: Vec::new(),
        });
    if source.raw.len() <= i {
        source.raw.resize(i + 1, String::new());
    }
    source.raw[i] = raw;
    let values = run.world.displays.entry(key.clone()).or_default();
    if values.len() <= i {
        values.resize(i + 1, String::new());
    }
    values[i] = new;
    let shown = values.join(", ");
    Feedback::ok(format!("Display {key}: {shown}")).told("")
}

/// Redraw every display of `owner` that shows `what` (`counter`, `target`) after it changed,
/// as the bot edits its display message in place; the host, who keeps displays in a post by
/// hand, sees a step naming the new values.
pub fn redraw(run: &mut Run, owner: usize, what: &str) {
    let keys: Vec<String> = run
        .world
        .display_sources
        .iter()
        .filter(|(_, s)| {
            s.owner == Some(owner) && s.raw.iter().any(|r| r.eq_ignore_ascii_case(what))
        })
        .map(|(k, _)| k.clone())
        .collect();
    for key in keys {
        let Some(source) = run.world.display_sources.get(&key).cloned() else {
            continue;
        };
        let values: Vec<String> = source
            .raw
            .iter()
            .map(|r| drawn(run, source.owner, r))
            .collect();
        if run.world.displays.get(&key) != Some(&values) {
            run.note(
                "display",
                format!("Display {key} now shows {}", values.join(", ")),
            );
            run.world.displays.insert(key, values);
        }
    }
}
