//! Locking (the bot's `abilities/types/locking.js`): a place's channel stops taking messages
//! from its members (they still read it) until it is unlocked. Offline the channel is the
//! host's to close: the host is told, and the world keeps which places are locked for the
//! host sheet.

use crate::engine::outcome::Audience;
use crate::mechanics::wwr::eval::{Feedback, Scope};
use crate::mechanics::wwr::run::Run;
use crate::wwr::ast::Value;

pub fn run(run: &mut Run, scope: &mut Scope, lock: bool, location: &Value) -> Feedback {
    let place = {
        let v = run.eval(scope, location);
        run.show(&v)
    };
    let place = place.trim_start_matches('#').to_string();
    if place.is_empty() {
        return Feedback::failed("no place to lock").told(if lock {
            "Locking failed!"
        } else {
            "Unlocking failed!"
        });
    }
    let was = run.world.locked.contains(&place);
    if lock && !was {
        run.world.locked.push(place.clone());
    } else if !lock {
        run.world.locked.retain(|p| *p != place);
    }
    let (to_host, done) = if lock {
        (
            format!("Lock #{place}: its members may read it but no longer write there."),
            "Locking succeeded!",
        )
    } else {
        (
            format!("Unlock #{place}: its members may write there again."),
            "Unlocking succeeded!",
        )
    };
    // the host has something to do only when the channel changes
    if lock != was {
        run.tell(Audience::Host, to_host);
    }
    Feedback::ok(if lock {
        format!("#{place} locked")
    } else {
        format!("#{place} unlocked")
    })
    .told(done)
}
