//! Disguising: the targets are seen as another role by investigations that look through
//! disguises of that strength.

use super::lasting;
use crate::mechanics::wwr::eval::{Feedback, Scope, V};
use crate::mechanics::wwr::run::Run;
use crate::mechanics::wwr::visit::{Gate, Visit, gate};
use crate::mechanics::wwr::world::{AttrKind, Lasting};
use crate::wwr::ast::{DisguiseStrength, Duration, Value};

pub fn run(
    run: &mut Run,
    scope: &mut Scope,
    strength: DisguiseStrength,
    target: &Value,
    role: &Value,
    duration: Option<Duration>,
) -> Feedback {
    let targets = run.eval(scope, target).players();
    let targets = super::redirecting::redirect(run, scope, targets, "disguising", "");
    let role = {
        let v = run.eval(scope, role);
        run.role_of(&v)
    };
    let Some(role) = role else {
        return Feedback::failed("Disguise failed: no such role")
            .told("Disguising failed! This is likely caused by an error. Please contact a Host.");
    };
    let strong = strength == DisguiseStrength::Strong;
    let lasting = lasting(duration, Lasting::Permanent);
    let subtype = if strong { "strong" } else { "weak" };
    for p in &targets {
        let visit = Visit::new("disguising", subtype).with(V::Role(role));
        let words = ("Disguising failed!", "Disguising succeeded!");
        match gate(run, scope, *p, visit, targets.len() == 1, words) {
            Gate::Go => {}
            Gate::Skip => continue,
            Gate::End(result) => return result,
        }
        // `(~Attribute)`: the disguise goes with the mark that made it (the Doomed's Famine)
        run.world.add_attr_under(
            *p,
            scope.src.clone(),
            AttrKind::Disguise { strong, role },
            (lasting, run.phase),
            super::tied_parent(scope, duration),
        );
    }
    Feedback::ok(format!(
        "Disguised {} as {}",
        run.names(&targets),
        run.program.name(role)
    ))
    .told("Disguising succeeded!")
}
