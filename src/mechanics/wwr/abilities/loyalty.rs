//! Loyalty: the actor is bound to an alignment or a group, so no role or alignment change
//! takes hold of him (the bot's `loyaltyGeneric` writes a `permanent` loyalty row, and
//! `isLoyal` refuses every change while any such row exists).

use crate::mechanics::wwr::eval::{Feedback, Scope, V};
use crate::mechanics::wwr::run::Run;
use crate::mechanics::wwr::world::{AttrKind, Lasting};
use crate::wwr::ast::{LoyaltyKind, Value};

pub fn run(run: &mut Run, scope: &mut Scope, kind: LoyaltyKind, to: &Value) -> Feedback {
    let Some(me) = scope.me() else {
        return Feedback::failed("only a player can be loyal")
            .told("Loyalty failed! This is likely caused by an error. Please contact a Host.");
    };
    let to = match (kind, run.eval(scope, to)) {
        (LoyaltyKind::Alignment, V::Team(t)) => Some(t),
        (LoyaltyKind::Alignment, V::Text(t)) => run.program.team_by_word(&t),
        (LoyaltyKind::Group, V::Group(g)) => Some(g),
        _ => None,
    };
    let Some(to) = to else {
        return Feedback::failed("nothing to be loyal to")
            .told("Loyalty failed! This is likely caused by an error. Please contact a Host.");
    };
    run.world.add_attr(
        me,
        scope.src.clone(),
        AttrKind::Loyalty { to },
        Lasting::Permanent,
        run.phase,
    );
    let detail = format!("{} is loyal to {}", run.name(me), run.program.name(to));
    Feedback {
        detail,
        ..Feedback::ok("Loyalty succeeded!")
    }
}
