//! Targeting: a source remembers a player (`@Target`) until it targets another or untargets.

use crate::mechanics::wwr::eval::{Feedback, Scope, V};
use crate::mechanics::wwr::run::Run;
use crate::mechanics::wwr::visit::{Gate, Visit, gate};
use crate::wwr::ast::Value;

pub fn target(run: &mut Run, scope: &mut Scope, target: &Value) -> Feedback {
    // an attribute row keeps its own target (the bot's `setTarget` on the attribute)
    if let crate::mechanics::wwr::world::Src::Attribute { id, .. } = scope.src {
        let chosen = run.eval(scope, target).players().first().copied();
        if let Some(row) = run.world.attr_mut(id) {
            row.target = chosen;
        }
        return match chosen {
            Some(t) => Feedback::ok(format!("The attribute targets {}", run.name(t)))
                .told("Target updated!"),
            None => Feedback::ok("The attribute targets nobody").told("Target removed!"),
        };
    }
    let Some(me) = scope.me() else {
        return Feedback::failed("Only a player targets");
    };
    let value = run.eval(scope, target);
    if let V::Role(role) = value {
        run.world.players[me].target = None;
        run.world.players[me].target_role = Some(role);
        return Feedback::ok(format!("You target the role {}", run.program.name(role)))
            .told("Target updated!");
    }
    let chosen = value.players().first().copied();
    if let Some(t) = chosen {
        let visit = Visit::new("targeting", "target").with(V::Text("player".into()));
        if let Gate::End(result) = gate(
            run,
            scope,
            t,
            visit,
            true,
            ("Targeting failed!", "Target updated!"),
        ) {
            return result;
        }
    }
    run.world.players[me].target = chosen;
    run.world.players[me].target_role = None;
    super::displaying::redraw(run, me, "target");
    match chosen {
        Some(t) => Feedback::ok(format!("You target {}", run.name(t))).told("Target updated!"),
        None => Feedback::ok("You target nobody").told("Target removed!"),
    }
}

pub fn untarget(run: &mut Run, scope: &mut Scope) -> Feedback {
    let Some(me) = scope.me() else {
        return Feedback::failed("Only a player targets");
    };
    run.world.players[me].target = None;
    run.world.players[me].target_role = None;
    super::displaying::redraw(run, me, "target");
    Feedback::ok("You no longer target anybody").told("Target cleared!")
}
