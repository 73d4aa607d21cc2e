//! Ascending and descending (the bot's `abilities/types/ascend_descend.js`): the actor leaves
//! the game at once, winning (ascends) or losing (descends) alone, whatever the rest of the
//! game does. He is taken out as the bot's `killPlayer` does, without death triggers (his
//! groups disband if he was their last owner, his extra roles go), and story time tells it.

use crate::engine::outcome::Audience;
use crate::mechanics::wwr::eval::{Feedback, Scope};
use crate::mechanics::wwr::run::Run;
use crate::mechanics::wwr::setup::ANNOUNCE_TEMPLATE;

pub fn run(run: &mut Run, scope: &mut Scope, wins: bool) -> Feedback {
    let (failed, done) = if wins {
        ("Ascension failed!", "Ascension succeeded!")
    } else {
        ("Descension failed!", "Descension succeeded!")
    };
    let Some(me) = scope.me() else {
        return Feedback::failed("only a player ascends or descends").told(&format!(
            "{failed} This is likely caused by an error. Please contact a Host."
        ));
    };
    let who = run.name(me);
    // a dead player (the Riding Hood's `On Killed`) keeps his death and takes the result
    if run.alive(me) {
        crate::mechanics::wwr::deaths::owner_dies(run, me);
        run.world.players[me].alive = false;
        run.world.drop_extra_roles(me);
        let cause = if wins { "ascended" } else { "descended" };
        run.ctx.kill(me, cause);
    }
    // a ghost who leaves is fully dead (the bot banishes after `killPlayer` when haunting)
    if run.world.players[me].ghost {
        crate::mechanics::wwr::haunting::banish(run, me, "left the game");
    }
    run.world.players[me].final_result = Some(wins);
    let story = if wins {
        format!("{who} has ascended and wins!")
    } else {
        format!("{who} has descended and loses!")
    };
    run.tell_as(ANNOUNCE_TEMPLATE, Audience::Public, story);
    // the bot's return is a failure, whatever happened (`success: false`)
    Feedback {
        success: false,
        detail: format!(
            "{who} leaves the game and {}",
            if wins { "wins" } else { "loses" }
        ),
        ..Feedback::ok(done)
    }
}
