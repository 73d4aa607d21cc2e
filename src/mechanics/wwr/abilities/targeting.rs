//! Targeting: a source remembers a player (`@Target`) until it targets another or untargets.

use crate::mechanics::wwr::eval::{Feedback, Scope};
use crate::mechanics::wwr::run::Run;
use crate::wwr::ast::Value;

pub fn target(run: &mut Run, scope: &mut Scope, target: &Value) -> Feedback {
    let Some(me) = scope.me() else {
        return Feedback::failed("Only a player targets");
    };
    let chosen = run.eval(scope, target).players().first().copied();
    run.world.players[me].target = chosen;
    match chosen {
        Some(t) => Feedback::ok(format!("You target {}", run.name(t))),
        None => Feedback::ok("You target nobody"),
    }
}

pub fn untarget(run: &mut Run, scope: &mut Scope) -> Feedback {
    let Some(me) = scope.me() else {
        return Feedback::failed("Only a player targets");
    };
    run.world.players[me].target = None;
    Feedback::ok("You no longer target anybody")
}
