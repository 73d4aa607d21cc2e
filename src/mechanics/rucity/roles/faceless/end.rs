//! The end of the game around the faceless (§6.4, L66, L173). He wins grey when he outlives nine
//! players of the starting roster (twelve in the extended format; Q44 `faceless_win_count`:
//! the main players without him, or every player) and leaves at once; a later red or black win
//! is then a draw, and the game's winners are `grey`. When the reds kill the last black while he
//! lives, they get one more day to lynch him (L66.1.1; if the last black fell before the third
//! vote, the day after it); if he outlives it he wins grey. A black win found in the morning
//! while he lives is his (L66.1.2: the blacks had their night to shoot him, or crushed the reds
//! at night). His death at night (a draw for him) or by day (a loss) leaves the game to the reds
//! and the blacks.

use super::{faces, faces_mut};
use crate::engine::SlotId;
use crate::engine::outcome::Audience;
use crate::engine::resolve::Ctx;
use crate::mechanics::rucity::endgame::Verdict;
use crate::mechanics::rucity::kept::{self, Round};
use crate::mechanics::rucity::{elite, teams};

/// The day of the third vote (L66.1.1).
const THIRD_VOTE_DAY: u32 = 4;

/// The faceless of the game, alive or not.
fn faceless_of(ctx: &Ctx) -> Option<SlotId> {
    ctx.state
        .slots
        .iter()
        .find(|s| teams::holds(s, super::ROLE))
        .map(|s| s.id)
}

fn day_number(phase: u32) -> u32 {
    phase / 2 + 1
}

/// He outlives nine (twelve) players of the starting roster: he wins grey and leaves (L66.1).
pub fn survival(ctx: &mut Ctx) {
    let Some(f) = faceless_of(ctx) else { return };
    if !ctx.is_alive(f) || faces(&ctx.state).won {
        return;
    }
    let all = ctx.option("faceless_win_count") == "all_players";
    let out = ctx
        .state
        .slots
        .iter()
        .filter(|s| s.id != f && !s.alive)
        .filter(|s| all || !elite::is_elite(ctx.roleset, s))
        .count() as u32;
    let count = if ctx.option("format") == "extended" {
        12
    } else {
        9
    };
    let need = faces(&ctx.state).waits_for.max(count);
    if out < need {
        return;
    }
    if out == count && last_black_killed_himself(ctx) {
        faces_mut(&mut ctx.state).waits_for = count + 1;
        // That night's cut names no target (L66.1.3).
        let phase = ctx.state.phase;
        let named: Vec<SlotId> = ctx
            .state
            .slots
            .iter()
            .filter(|s| {
                s.statuses
                    .get(super::FACE_TARGET)
                    .is_some_and(|i| i.since == phase)
            })
            .map(|s| s.id)
            .collect();
        for t in named {
            crate::kernel::status::clear(ctx, t, super::FACE_TARGET);
        }
        ctx.note(
            "faceless_end",
            "morning",
            format!(
                "the last black's suicide made the {count}th player out: the reds still have their day to find {} (L66.1.3)",
                ctx.name(f)
            ),
        );
        return;
    }
    if out == count && killed_the_last_himself(ctx, f) {
        faces_mut(&mut ctx.state).waits_for = count + 1;
        ctx.note(
            "faceless_end",
            "morning",
            format!(
                "{}'s own shot made the {count}th player out: he stays until one more player is out (L76)",
                ctx.name(f)
            ),
        );
        return;
    }
    faces_mut(&mut ctx.state).won = true;
    if elite::leave(ctx, f) {
        ctx.note(
            "faceless_end",
            "morning",
            format!(
                "{} outlived {out} players of the starting roster: the grey win is his and he leaves; a red or black win is now a draw (L66.1, L173)",
                ctx.name(f)
            ),
        );
        ctx.say(
            Audience::Public,
            "pub_faceless_survived",
            &[("player", ctx.name(f))],
        );
    }
}

/// Did the last black leave by his own suicide in this phase, with no black left (L66.1.3)?
/// Whom he took with him goes on counting: a tenth out ends the game for the faceless.
fn last_black_killed_himself(ctx: &Ctx) -> bool {
    let phase = ctx.state.phase;
    let no_black = !ctx.state.living().any(|s| teams::is_black(ctx.roleset, s));
    no_black
        && ctx.state.slots.iter().any(|s| {
            teams::is_black(ctx.roleset, s)
                && s.death
                    .as_ref()
                    .is_some_and(|d| d.0 == phase && d.1 == "suicide")
        })
}

/// Did the faceless himself kill, with his peaceful role's shot, a player who went out in this
/// phase (L76)?
fn killed_the_last_himself(ctx: &Ctx, f: SlotId) -> bool {
    let phase = ctx.state.phase;
    ctx.state.slots.iter().any(|s| {
        !s.alive
            && s.death.as_ref().is_some_and(|d| d.0 == phase)
            && kept::of(&ctx.state).killer_of.get(&s.id) == Some(&f)
    })
}

/// May `side` win now, given the faceless?
pub fn verdict(ctx: &mut Ctx, side: &str, start_of_day: bool) -> Verdict {
    if faces(&ctx.state).won {
        return Verdict::Grey(winner(ctx));
    }
    let Some(f) = faceless_of(ctx).filter(|f| ctx.is_alive(*f)) else {
        return Verdict::Side;
    };
    if side == teams::BLACK {
        ctx.note(
            "faceless_end",
            "morning",
            format!(
                "the blacks win while the faceless {} lives: he leaves with the grey win, the blacks draw (L66.1.2)",
                ctx.name(f)
            ),
        );
        return Verdict::Grey(winner(ctx));
    }
    let today = day_number(ctx.state.phase);
    let hunt_day = match faces(&ctx.state).hunt_day {
        Some(d) => d,
        None => {
            // The blacks fell at night (this morning) or at a vote (the day is over).
            let next = if start_of_day {
                day_number(ctx.state.phase + 1)
            } else {
                today + 1
            };
            let day = if next <= THIRD_VOTE_DAY {
                THIRD_VOTE_DAY + 1
            } else {
                next
            };
            faces_mut(&mut ctx.state).hunt_day = Some(day);
            ctx.note(
                "faceless_end",
                "morning",
                format!(
                    "no black is left but the faceless {} lives: the reds have until the end of Day {day} to find him (L66.1.1)",
                    ctx.name(f)
                ),
            );
            ctx.say(
                Audience::Public,
                "pub_faceless_hunt",
                &[("day", day.to_string())],
            );
            return Verdict::Wait;
        }
    };
    let day_over = !start_of_day && Round::now(&ctx.state) == Round::Night && today >= hunt_day;
    if day_over {
        ctx.note(
            "faceless_end",
            "votes",
            format!(
                "the faceless {} outlived the reds' extra day: the grey win is his, the reds draw (L66.1.1)",
                ctx.name(f)
            ),
        );
        return Verdict::Grey(winner(ctx));
    }
    Verdict::Wait
}

/// The faceless wins the game grey, and with him every elite scored with his side: his servant,
/// an agent or mason who linked himself to him (L129.7, L125.10, L127.10).
pub fn winner(ctx: &Ctx) -> Vec<SlotId> {
    let elites = ctx.state.slots.iter().filter(|s| {
        elite::is_elite(ctx.roleset, s)
            && elite::scored_side(ctx.roleset, &ctx.state, s.id) == Some(teams::GREY)
    });
    faceless_of(ctx)
        .into_iter()
        .chain(elites.map(|s| s.id))
        .collect()
}
