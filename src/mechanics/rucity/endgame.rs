//! End of the game (§11, L171–L173): the reds win when no black is left; at the start of a day
//! the blacks win when the reds are fewer, or equal with no witch hunt left to hold; two days of
//! re-votes without a victim on the same roster end in a draw (L154, checked by the day).

use super::{hunt, teams};
use crate::engine::outcome::Audience;
use crate::engine::resolve::Ctx;
use crate::engine::state::GameOver;

/// What the end check should do about a side's win while a player outside both teams plays
/// (the faceless, §6.4).
pub enum Verdict {
    /// No faceless in the way: the side wins.
    Side,
    /// The faceless wins grey, with these players; the others draw.
    Grey(Vec<crate::engine::SlotId>),
    /// Not yet: the faceless is still being hunted.
    Wait,
}

/// Check the end; `start_of_day` adds the black-win conditions of the morning.
pub fn check(ctx: &mut Ctx, start_of_day: bool) {
    if ctx.state.game_over.is_some() {
        return;
    }
    super::roles::end_check(ctx);
    let (living_reds, blacks) = teams::living_counts(ctx.roleset, &ctx.state);
    let phantoms = super::roles::dead_reds_counted(ctx);
    if phantoms > 0 {
        ctx.note(
            "end",
            "morning",
            format!("{phantoms} dead red phantom(s) possessing or yet to possess a red count as red (L172)"),
        );
    }
    let reds = living_reds + phantoms;
    // The faceless is in neither team for the end count, or by option with the blacks (Q59).
    let parity_blacks = if ctx.option("faceless_in_parity") == "with_blacks" {
        blacks + teams::living_grey(ctx.roleset, &ctx.state)
    } else {
        blacks
    };
    if blacks == 0 {
        ctx.note("end", "morning", "no black is left: the reds win (L171)");
        return win(ctx, teams::RED, "pub_red_win", start_of_day);
    }
    if !start_of_day {
        return;
    }
    if reds < parity_blacks {
        ctx.note(
            "end",
            "morning",
            format!(
                "{reds} red(s) and {parity_blacks} black(s) at the start of the day: the blacks win (L171)"
            ),
        );
        return win(ctx, teams::BLACK, "pub_black_win", start_of_day);
    }
    if reds == parity_blacks {
        match hunt::unavailable_today(ctx.roleset, &ctx.state) {
            Some(why) => {
                ctx.note(
                    "end",
                    "morning",
                    format!("{reds} red(s) and {parity_blacks} black(s), and no witch hunt can be held ({why}): the blacks win (L171)"),
                );
                win(ctx, teams::BLACK, "pub_black_win", start_of_day);
            }
            None => ctx.note(
                "end",
                "morning",
                format!("{reds} red(s) and {parity_blacks} black(s): a witch hunt can still be held, the game goes on (L171)"),
            ),
        }
    }
}

/// A side's win, unless the faceless takes it or is still being hunted (§6.4).
fn win(ctx: &mut Ctx, side: &str, template: &str, start_of_day: bool) {
    match super::roles::win_verdict(ctx, side, start_of_day) {
        Verdict::Side => finish(ctx, Some(side), template),
        Verdict::Wait => {}
        Verdict::Grey(winning_slots) => {
            ctx.state.game_over = Some(GameOver {
                winners: vec![teams::GREY.to_string()],
                winning_slots,
                after_game_counted: false,
            });
            ctx.say(Audience::Public, "pub_grey_win", &[]);
        }
    }
}

/// End the game: a side wins, or nobody does (a draw).
pub fn finish(ctx: &mut Ctx, winner: Option<&str>, template: &str) {
    // An elite wins with the side he is scored with (L125.9–10, L127.9–10), the others with
    // their colour.
    let winning_slots = match winner {
        Some(side) => ctx
            .state
            .slots
            .iter()
            .filter(|s| {
                if super::elite::is_elite(ctx.roleset, s) {
                    super::elite::scored_side(ctx.roleset, &ctx.state, s.id) == Some(side)
                } else if teams::is_grey(ctx.roleset, s) {
                    // The faceless is in neither team (L64.9).
                    false
                } else {
                    teams::is_black(ctx.roleset, s) == (side == teams::BLACK)
                }
            })
            .map(|s| s.id)
            .collect(),
        None => Vec::new(),
    };
    ctx.state.game_over = Some(GameOver {
        winners: winner.map(|w| vec![w.to_string()]).unwrap_or_default(),
        winning_slots,
        after_game_counted: false,
    });
    ctx.say(Audience::Public, template, &[]);
}
