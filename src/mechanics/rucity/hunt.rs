//! The witch hunt (§8.6, L158, L162–L164): when it may be held, the approvals, and the vote
//! itself — two votes per player, the two players with the most votes die, ties broken by who
//! received votes first; all surviving reds voting one black kill him whatever the sums (L10).

use super::corrections::active;
use super::votes::{self, Kind};
use super::{kept, teams};
use crate::engine::{GameState, SlotId};
use crate::rules::Roleset;

/// Why no hunt can be held today, if none can (L163.7, L164.1, L164.7).
pub fn unavailable_today(roleset: &Roleset, state: &GameState) -> Option<String> {
    if !kept::of(state).mayor_lost {
        return Some("the mayor still holds the post (L164.1)".into());
    }
    if kept::of(state).hunt_used {
        return Some("the game's one witch hunt has been held (L164.7)".into());
    }
    let limit = if state.option(roleset, "format") == "extended" {
        6
    } else {
        5
    };
    let alive = state.living_count();
    (alive <= limit)
        .then(|| format!("{alive} players alive: a hunt needs more than {limit} (L163.7)"))
}

/// Approvals needed and given: at least half of the active main players, the elite roles not
/// counted (L164.3; phantoms are dead, so never among them).
pub fn approvals(roleset: &Roleset, state: &GameState) -> (usize, usize) {
    let active_players: Vec<SlotId> = state
        .living()
        .filter(|s| !super::elite::is_elite(roleset, s))
        .filter(|s| active(roleset, state, s.id))
        .map(|s| s.id)
        .collect();
    let given = active_players
        .iter()
        .filter(|id| state.slots[**id].has_status("hunt_approval"))
        .count();
    (active_players.len().div_ceil(2), given)
}

/// Why the hunt cannot start now, if it cannot.
pub fn start_refusal(roleset: &Roleset, state: &GameState) -> Option<String> {
    if let Some(why) = unavailable_today(roleset, state) {
        return Some(format!("no witch hunt today: {why}"));
    }
    let (needed, given) = approvals(roleset, state);
    (given < needed).then(|| {
        format!("the witch hunt needs {needed} approvals (status hunt_approval) and has {given} (L164.3)")
    })
}

/// The hunt's victims: those the all-reds rule forces, then by total, ties by who received a
/// vote first (advance PM votes not counted), never more than two (L163.4–5).
pub fn victims(ctx: &mut crate::engine::resolve::Ctx) -> (votes::Tally, Vec<SlotId>) {
    let tally = votes::count(ctx, Kind::Hunt, "witch_hunt", &[]);
    for (t, why) in &tally.forced {
        ctx.note(
            format!("override:{}", ctx.name(*t)),
            "votes",
            format!("{} dies: {why}", ctx.name(*t)),
        );
    }
    let mut out: Vec<SlotId> = tally.forced.iter().map(|(t, _)| *t).collect();
    out.truncate(2);
    // Among equal totals the first to be voted goes first, or with a judge in the game the
    // ones he voted against (L163.5).
    let judge = super::roles::decides_ties(&ctx.state);
    let judged: Vec<SlotId> = tally
        .votes
        .iter()
        .filter(|v| Some(v.voter) == judge && !v.auto)
        .map(|v| v.target)
        .collect();
    let mut ranked: Vec<(i32, bool, u64, SlotId)> = tally
        .totals
        .iter()
        .filter(|(id, total)| **total > 0 && !out.contains(id))
        .map(|(id, total)| {
            let first = tally.first_vote(*id, &[]).unwrap_or(u64::MAX);
            (-*total, !judged.contains(id), first, *id)
        })
        .collect();
    ranked.sort();
    let cut = ranked.get(2usize.saturating_sub(out.len())).copied();
    for (total, not_judged, _, id) in ranked {
        if out.len() >= 2 {
            break;
        }
        if let (Some(j), false, Some((cut_total, ..))) = (judge, not_judged, cut)
            && cut_total == total
        {
            ctx.note(
                format!("judge:{}", ctx.name(id)),
                "votes",
                format!(
                    "a tie at the hunt: the judge {} voted against {}, who dies first (L163.5)",
                    ctx.name(j),
                    ctx.name(id)
                ),
            );
        }
        out.push(id);
    }
    (tally, out)
}

/// Two blacks lynched at the hunt: the black side due the next night gets no new shot (L10).
pub fn two_blacks(ctx: &mut crate::engine::resolve::Ctx, lynched: &[SlotId]) {
    let blacks = lynched.iter().filter(|l| teams::black(ctx, **l)).count();
    if blacks >= 2 {
        let next_night = super::night::night_number(ctx.state.phase + 1);
        kept::of_mut(&mut ctx.state).no_shot_night = next_night;
        ctx.note(
            "hunt",
            "votes",
            format!(
                "two blacks lynched at the hunt: no new black shot on night {next_night} (L10)"
            ),
        );
    }
}
