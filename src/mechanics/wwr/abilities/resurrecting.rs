//! Resurrecting (the bot's `abilities/types/resurrecting.js`, `resurrectPlayer` in
//! `game/death.js`): a ghost, or any dead player, lives again. His extra roles are taken (a
//! ghost's elected roles too), his groups count him again, and story time tells it. The bot's
//! call to `visit` passes no target, so a resurrection is never a visit: nothing obstructs or
//! redirects it, and so it is here.

use crate::engine::outcome::Audience;
use crate::mechanics::wwr::eval::{Feedback, Scope};
use crate::mechanics::wwr::run::Run;
use crate::mechanics::wwr::setup::ANNOUNCE_TEMPLATE;
use crate::wwr::ast::Value;

pub fn run(run: &mut Run, scope: &mut Scope, target: &Value) -> Feedback {
    let targets = run.eval(scope, target).players();
    let mut back = Vec::new();
    for p in targets {
        if run.alive(p) {
            continue;
        }
        crate::mechanics::wwr::haunting::resurrect(run, p);
        run.world.drop_extra_roles(p);
        let name = run.name(p);
        run.tell_as(
            ANNOUNCE_TEMPLATE,
            Audience::Public,
            format!("{name} has been resurrected!"),
        );
        back.push(name);
    }
    crate::mechanics::wwr::deaths::update_groups(run);
    if back.is_empty() {
        Feedback::failed("nobody dead to resurrect")
            .told("Resurrecting failed! This is likely caused by an error. Please contact a Host.")
    } else {
        Feedback::ok(format!("Resurrected {}", back.join(", "))).told("Resurrecting succeeded!")
    }
}
