//! Targeting: a source remembers a player (`@Target`) until it targets another or untargets.

use crate::mechanics::wwr::eval::{Feedback, Scope, V};
use crate::mechanics::wwr::run::Run;
use crate::mechanics::wwr::visit::{Gate, Visit, gate};
use crate::mechanics::wwr::world::SourceTarget;
use crate::wwr::ast::Value;

/// `as_role`: the ability says `(Role)`, so a name is a role's.
pub fn target(run: &mut Run, scope: &mut Scope, target: &Value, as_role: bool) -> Feedback {
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
        return source_target(run, scope, target, as_role);
    };
    let value = run.eval(scope, target);
    let value = match value {
        V::Text(_) if as_role => run.role_of(&value).map_or(value, V::Role),
        other => other,
    };
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

/// A poll, a group acting by itself or a team targets: the target is kept on the source
/// (the Election poll's `Target \`Mayor\` (Role)`, read back by its `Grant @Target`).
fn source_target(run: &mut Run, scope: &mut Scope, target: &Value, as_role: bool) -> Feedback {
    let value = run.eval(scope, target);
    let chosen = match &value {
        V::Role(r) => Some(SourceTarget::Role(*r)),
        V::Text(_) if as_role => run.role_of(&value).map(SourceTarget::Role),
        _ => value.players().first().copied().map(SourceTarget::Player),
    };
    let key = scope.src.key();
    let told = match chosen {
        Some(t) => {
            run.world.source_targets.insert(key, t);
            "Target updated!"
        }
        None => {
            run.world.source_targets.remove(&key);
            "Target removed!"
        }
    };
    let what = match chosen {
        Some(SourceTarget::Role(r)) => format!("the role {}", run.program.name(r)),
        Some(SourceTarget::Player(p)) => run.name(p),
        None => "nobody".to_string(),
    };
    Feedback::ok(format!("{} targets {what}", run.src_label(&scope.src))).told(told)
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
