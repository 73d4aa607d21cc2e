//! The win check (conan.md §11), after every phase: the game goes on while a side can still
//! win with the whole BO voting as one. The resolution that makes a win certain ends the game
//! (the console shows the reason before the host commits); otherwise the host sees which of
//! the town's "outs" keep it going.

use super::book;
use crate::engine::outcome::{Audience, Outcome};
use crate::engine::resolve::Ctx;
use crate::engine::state::GameOver;
use crate::engine::{GameState, SlotId};
use crate::rules::PhaseKind;

/// The town's outs (§11): reasons the BO cannot be sure of a win yet.
fn outs(ctx: &Ctx) -> Vec<String> {
    let state = &ctx.state;
    let town =
        |s: &&crate::engine::Slot| s.alive && book::side(ctx.roleset, state, s) == book::TOWN;
    let holds = |s: &crate::engine::Slot, roles: &[&str]| s.own_roles().any(|r| roles.contains(&r));
    let mut out = Vec::new();
    for s in state.slots.iter().filter(town) {
        if holds(s, &book::ARRESTERS) && !s.has_status(super::ARRESTED) {
            out.push(format!("{} can still arrest", s.name));
        }
        if holds(s, &["makoto", "hakuba"]) && s.has_status(super::ABROAD) {
            out.push(format!("{} is still abroad", s.name));
        }
        if book::items(s, "aptx_capsule") > 0 {
            out.push(format!("{} holds a confiscated capsule", s.name));
        }
        if holds(s, &["akai"]) && !state.kept.of::<super::roles::akai::Vengeance>().fired {
            out.push(format!("{}'s Vengeance is unused", s.name));
        }
    }
    let town_arrested = state
        .slots
        .iter()
        .filter(town)
        .any(|s| s.has_status(super::ARRESTED));
    let lawsuits: u32 = ctx.option("q24_lawsuits").parse().unwrap_or(1);
    if town_arrested {
        let release = state.slots.iter().filter(town).find(|s| {
            book::free(s)
                && ((holds(s, &["eri"]) && s.uses.get("lawsuit").copied().unwrap_or(0) < lawsuits)
                    || (holds(s, &["satou"]) && s.uses.get("release").copied().unwrap_or(0) == 0))
        });
        if let Some(s) = release {
            out.push(format!("{} can still free an arrested player", s.name));
        }
    }
    out
}

/// Can anything stop tonight's kill (§11 the Night rule)?
fn kill_can_be_stopped(state: &GameState) -> bool {
    let able = |s: &crate::engine::Slot| {
        book::free(s)
            && !s.has_status(super::INJURED)
            && !s.has_status(super::SUSPENDED)
            && !book::is_bo(s)
    };
    state.slots.iter().filter(|s| able(s)).any(|s| {
        s.own_roles()
            .any(|r| matches!(r, "ran" | "makoto" | "araide" | "haibara" | "shiratori"))
            || book::items(s, "watch") > 0
    })
}

pub fn check(ctx: &mut Ctx) {
    if ctx.state.game_over.is_some() {
        return;
    }
    let state = &ctx.state;
    let free_of = |side: &str| -> Vec<SlotId> {
        state
            .slots
            .iter()
            .filter(|s| book::free(s) && book::side(ctx.roleset, state, s) == side)
            .map(|s| s.id)
            .collect()
    };
    let (b, t, l) = (
        free_of(book::BO).len(),
        free_of(book::TOWN).len(),
        free_of(book::LOVERS).len(),
    );
    let kind = ctx.state.phase_kind(ctx.roleset);
    if kind == PhaseKind::Prep {
        return;
    }
    let winner = if b == 0 && t == 0 && l > 0 {
        Some((book::LOVERS, "only lovers are left free (§8.7)".to_string()))
    } else if b == 0 {
        Some((
            book::TOWN,
            "no BO member is alive and free (§11)".to_string(),
        ))
    } else {
        let outs = outs(ctx);
        let night_next = kind == PhaseKind::Day;
        let night_rule = night_next
            && ctx.option("q21_night_win") == "town_one_more"
            && t == b + 1
            && !kill_can_be_stopped(&ctx.state);
        if (b >= t || night_rule) && outs.is_empty() {
            let why = if b >= t {
                format!(
                    "{b} BO against {t} town and no town outs: the BO can always force the vote (§11)"
                )
            } else {
                format!(
                    "{t} town against {b} BO at Night, and nothing can stop the kill: the next vote ties (§11)"
                )
            };
            Some((book::BO, why))
        } else {
            if b >= t || t == b + 1 {
                let line = outs.join("; ");
                ctx.say(Audience::Host, "host_outs", &[("outs", line.clone())]);
                ctx.note("win", "end", format!("the game goes on: {line} (§11)"));
            }
            None
        }
    };
    let Some((side, why)) = winner else { return };
    finish(ctx, side, &why);
}

fn finish(ctx: &mut Ctx, side: &str, why: &str) {
    let slots: Vec<SlotId> = ctx
        .state
        .slots
        .iter()
        .filter(|s| book::side(ctx.roleset, &ctx.state, s) == side)
        .map(|s| s.id)
        .collect();
    ctx.state.game_over = Some(GameOver {
        winners: vec![side.to_string()],
        winning_slots: slots,
        after_game_counted: false,
    });
    let template = match side {
        book::BO => "pub_bo_win",
        book::LOVERS => "pub_lovers_win",
        _ => "pub_town_win",
    };
    ctx.say(Audience::Public, template, &[]);
    ctx.say(
        Audience::Host,
        "host_win_proposed",
        &[("reason", why.to_string())],
    );
    ctx.note("win", "end", format!("the game ends: {why}"));
}

/// What the host reads before committing a phase that ends the game.
pub fn commit_notes(_state: &GameState, preview: &Outcome) -> Vec<String> {
    preview
        .messages
        .iter()
        .filter(|m| m.template == "host_win_proposed")
        .map(|m| format!("committing ends the game: {}", m.text))
        .collect()
}
