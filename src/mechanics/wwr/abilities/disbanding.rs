//! Disbanding (the bot's `abilities/types/disband.js`): a group closes for good, its channel
//! told and its `On Disbandment` run as when its last owner dies, but it never reopens.

use crate::mechanics::wwr::eval::{Feedback, Scope, V};
use crate::mechanics::wwr::run::Run;
use crate::mechanics::wwr::world::Src;
use crate::wwr::ast::Value;

pub fn run(run: &mut Run, scope: &mut Scope, target: Option<&Value>) -> Feedback {
    let group = match target {
        Some(t) => run.eval(scope, t),
        None => match scope.src {
            Src::Group { file, .. } | Src::GroupAttribute { group: file, .. } => V::Group(file),
            _ => V::Nothing,
        },
    };
    let V::Group(g) = group else {
        return Feedback::failed("no group to disband")
            .told("Disbanding failed! This is likely caused by an error. Please contact a Host.");
    };
    let open = run.world.groups.get(&g).is_some_and(|x| !x.disbanded);
    if open {
        crate::mechanics::wwr::deaths::disband_group(run, g);
    }
    if let Some(x) = run.world.groups.get_mut(&g) {
        x.for_good = true;
    }
    Feedback {
        detail: format!("{} is disbanded for good", run.program.name(g)),
        ..Feedback::ok("Disbanding succeeded!")
    }
}
