//! The winners after Day 5 (seed 003 line 30).

use super::is_mafia;
use crate::engine::SlotId;
use crate::engine::outcome::Audience;
use crate::engine::resolve::Ctx;
use crate::engine::state::GameOver;

/// After Day 5: the Mafia wins if at least half its members live; else the families that got
/// rid of their Mafia and keep the most living civilians. Exiled players count as not living
/// and never win.
pub(super) fn game_over(ctx: &mut Ctx) {
    let exiled = |ctx: &Ctx, id: SlotId| ctx.has_status(id, "exiled");
    let mafia: Vec<SlotId> = ctx
        .state
        .slots
        .iter()
        .map(|s| s.id)
        .filter(|id| is_mafia(ctx, *id))
        .collect();
    let living_mafia = mafia
        .iter()
        .filter(|id| ctx.is_alive(**id) && !exiled(ctx, **id))
        .count();
    let over = if !mafia.is_empty() && living_mafia * 2 >= mafia.len() {
        ctx.note(
            "winners",
            "court",
            format!(
                "{living_mafia} of {} Mafia Members are alive: at least half, the Mafia wins",
                mafia.len()
            ),
        );
        ctx.say(Audience::Public, "public_mafia_wins", &[]);
        GameOver {
            winners: vec!["mafia".into()],
            winning_slots: mafia.into_iter().filter(|id| !exiled(ctx, *id)).collect(),
            after_game_counted: false,
        }
    } else {
        let mut best = 0usize;
        let mut winners = Vec::new();
        for family in ctx.state.families.clone() {
            let living = ctx.state.living_in(&family);
            if living.iter().any(|id| is_mafia(ctx, *id)) {
                ctx.note(
                    format!("winners:{family}"),
                    "court",
                    format!("{family} still has a living Mafia Member"),
                );
                continue;
            }
            let civilians = living.len();
            match civilians.cmp(&best) {
                std::cmp::Ordering::Greater => {
                    best = civilians;
                    winners = vec![family];
                }
                std::cmp::Ordering::Equal => winners.push(family),
                std::cmp::Ordering::Less => {}
            }
        }
        ctx.note(
            "winners",
            "court",
            format!(
                "the Mafia lost; winning families with {best} living civilians: {}",
                winners.join(", ")
            ),
        );
        ctx.say(
            Audience::Public,
            "public_families_win",
            &[("families", winners.join(", "))],
        );
        let slots = ctx
            .state
            .slots
            .iter()
            .filter(|s| {
                s.family.as_ref().is_some_and(|f| winners.contains(f))
                    && !is_mafia(ctx, s.id)
                    && !s.has_status("exiled")
            })
            .map(|s| s.id)
            .collect();
        GameOver {
            winners,
            winning_slots: slots,
            after_game_counted: false,
        }
    };
    ctx.state.game_over = Some(over);
}
