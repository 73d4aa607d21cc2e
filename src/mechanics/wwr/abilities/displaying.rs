//! Displays: a role's visible counters (the witch's potions). They change nothing in the game;
//! the host sheet shows them.

use crate::mechanics::wwr::eval::{Feedback, Scope};
use crate::mechanics::wwr::run::Run;
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

/// A display's value: `Counter` stands for the source's counter (the assassin's knives).
fn value(run: &mut Run, scope: &Scope, v: &Value) -> String {
    let shown = {
        let v = run.eval(scope, v);
        run.show(&v)
    };
    match scope.me() {
        Some(p) if shown.eq_ignore_ascii_case("counter") => {
            run.world.players[p].counter.to_string()
        }
        _ => shown,
    }
}

pub fn show(run: &mut Run, scope: &mut Scope, display: &Value, values: &[Value]) -> Feedback {
    let key = key(run, scope, display);
    let values: Vec<String> = values.iter().map(|v| value(run, scope, v)).collect();
    let shown = values.join(", ");
    run.world.displays.insert(key.clone(), values);
    Feedback::ok(format!("Display {key}: {shown}"))
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
    let new = self::value(run, scope, value);
    let values = run.world.displays.entry(key.clone()).or_default();
    if values.len() <= i {
        values.resize(i + 1, String::new());
    }
    values[i] = new;
    let shown = values.join(", ");
    Feedback::ok(format!("Display {key}: {shown}"))
}
