//! Obstructing: the targets' visits of some kinds fail, or bring a fake result drawn by its
//! weights (the bot's `abilities/types/obstructing.js`; the check is the visit's, in
//! [`crate::mechanics::wwr::visit`]). Only a visiting ability is obstructed: visitless,
//! passive-style texts run on, as the rules' "passive abilities cannot be obstructed" holds.

use super::lasting;
use crate::mechanics::wwr::eval::{Feedback, Scope, V};
use crate::mechanics::wwr::run::Run;
use crate::mechanics::wwr::visit::{Gate, Obstruction, Visit, gate};
use crate::mechanics::wwr::world::{AttrKind, Lasting};
use crate::wwr::ast::{AbilityFilter, Duration, ObstructFeedback, Value};
use crate::wwr::names::normalize;

pub fn run(
    run: &mut Run,
    scope: &mut Scope,
    target: &Value,
    abilities: Option<&AbilityFilter>,
    feedback: Option<&ObstructFeedback>,
    duration: Option<Duration>,
) -> Feedback {
    let targets = run.eval(scope, target).players();
    let targets = super::redirecting::redirect(run, scope, targets, "obstructing", "");
    let (kind, subtype) = abilities.map_or_else(Default::default, |f| split_filter(&f.name));
    let inverted = abilities.is_some_and(|f| f.negated);
    let feedback = match feedback {
        None => Vec::new(),
        Some(ObstructFeedback::Fixed { value }) => vec![(1.0, shown(run, scope, value))],
        Some(ObstructFeedback::Weighted { choices }) => choices
            .iter()
            .map(|c| (c.chance, shown(run, scope, &c.value)))
            .collect(),
    };
    let row = Obstruction {
        kind,
        subtype,
        inverted,
        feedback,
    };
    let lasting = lasting(duration, Lasting::Permanent);
    let mut done = Vec::new();
    for &p in &targets {
        let visit = Visit::new(
            "obstructing",
            if inverted { "inverted" } else { "standard" },
        );
        let words = ("Obstructing failed!", "Obstructing succeeded!");
        match gate(run, scope, p, visit, targets.len() == 1, words) {
            Gate::Go => {}
            Gate::Skip => continue,
            Gate::End(result) => return result,
        }
        run.world.add_attr(
            p,
            scope.src.clone(),
            AttrKind::Obstruction(row.clone()),
            lasting,
            run.phase,
        );
        done.push(p);
    }
    Feedback {
        detail: format!("{} obstructed", run.names(&done)),
        ..Feedback::ok("Obstructing succeeded!")
    }
}

/// A fake result as text; `@Result` stays itself, the true result's mark.
fn shown(run: &mut Run, scope: &Scope, value: &Value) -> String {
    if value
        .to_string()
        .trim_start_matches('@')
        .eq_ignore_ascii_case("Result")
    {
        return "@Result".into();
    }
    let v: V = run.eval(scope, value);
    run.show(&v)
}

/// `Attack Killing` is the subtype `attack` of the type `killing`; `Killing` the type alone.
fn split_filter(name: &str) -> (String, String) {
    let words: Vec<&str> = name.split_whitespace().collect();
    match words.split_last() {
        Some((kind, [])) => (normalize(kind), String::new()),
        Some((kind, sub)) => (normalize(kind), normalize(&sub.join(" "))),
        None => (String::new(), String::new()),
    }
}
