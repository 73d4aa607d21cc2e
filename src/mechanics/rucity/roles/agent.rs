//! The agent (§9.5, L125): an elite player with an open role, of any colour. Nobody may target
//! him or vote against him; he votes and may be mayor or secretary. He is scored with the side
//! he declares (`agent_declare`) or with that of the player he links himself to (`agent_link`),
//! whose team he is told if that player leaves at night. He leaves the town with the result of
//! the second vote (the end of Day 3) unless he holds the mayor's or the secretary's post, then
//! as soon as he holds none; the result posts his side if he declared one (L125.7, L125.10).

use super::super::{elite, teams};
use super::mayor;
use crate::engine::SlotId;
use crate::engine::outcome::Audience;
use crate::engine::resolve::Ctx;

pub const ROLE: &str = "agent";
/// The day whose last vote result he leaves with: the second vote (L125.7).
const LEAVES_ON_DAY: u32 = 3;

/// The agent: a linked elite who leaves after the second vote.
pub const AGENT: elite::Linked = elite::Linked {
    role: ROLE,
    leaves: Some(leave_after_the_second_vote),
    zeroes: None,
};

fn leave_after_the_second_vote(ctx: &mut Ctx) {
    let day = ctx.state.phase / 2 + 1;
    if day < LEAVES_ON_DAY {
        return;
    }
    let agents: Vec<SlotId> = ctx
        .state
        .living()
        .filter(|s| s.role == ROLE)
        .map(|s| s.id)
        .collect();
    for a in agents {
        let in_office =
            mayor::mayor(&ctx.state) == Some(a) || mayor::secretary(&ctx.state) == Some(a);
        if in_office {
            ctx.note(
                format!("agent:{}", ctx.name(a)),
                "votes",
                format!(
                    "{} holds the mayor's or the secretary's post: he stays while he holds it (L125.7)",
                    ctx.name(a)
                ),
            );
            continue;
        }
        let side = elite::declared(&ctx.state, a)
            .then(|| elite::scored_side(ctx.roleset, &ctx.state, a))
            .flatten();
        if !elite::leave(ctx, a) {
            continue;
        }
        ctx.note(
            format!("agent:{}", ctx.name(a)),
            "votes",
            format!(
                "{} leaves the town with the result of the second vote (L125.7)",
                ctx.name(a)
            ),
        );
        match side {
            Some(side) => ctx.say(
                Audience::Public,
                "pub_agent_left_side",
                &[
                    ("player", ctx.name(a)),
                    (
                        "colour",
                        teams::colour_word(side == teams::BLACK).to_string(),
                    ),
                ],
            ),
            None => ctx.say(
                Audience::Public,
                "pub_agent_left",
                &[("player", ctx.name(a))],
            ),
        }
    }
}
