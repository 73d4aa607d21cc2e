//! The morning after a night (§7.3 step 18, §12.1): PMs owed (each role says its own), roles passing to active
//! citizens, the morning post (the announced roles' hit/miss lines, the victims with their
//! peaceful role, the night notes), the header, the end-of-game check at the start of a day.

use super::kept::Round;
use super::night::CityNight;
use super::{endgame, notes, posts, roles};
use crate::engine::SlotId;
use crate::engine::outcome::Audience;
use crate::engine::resolve::Ctx;
use crate::kernel::Fold;

pub fn finish(ctx: &mut Ctx, run: &mut Fold<CityNight>) {
    // Survivors hear of the attempt first: the maid's change and the anonymous's feed cover
    // everything a player is told this morning.
    tell_survivors(ctx, run);
    roles::morning(ctx, run);
    roles::warn_silent(ctx, run);
    // Every death of the night's resolution is a night victim's (the host's removals are not
    // part of it).
    let victims: Vec<SlotId> = ctx.outcome.deaths.iter().map(|d| d.slot).collect();
    let title = format!("{}", run.ledger.night);
    ctx.say(Audience::Public, "pub_night_title", &[("n", title)]);
    for line in roles::public_lines(ctx, run) {
        ctx.say(Audience::Public, line, &[]);
    }
    if victims.is_empty() {
        ctx.say(Audience::Public, "pub_quiet_night", &[]);
    }
    for v in &victims {
        posts::announce_night_victim(ctx, *v);
    }
    roles::after_the_victims(ctx, run);
    notes::publish(ctx, run, &victims);
    let dead: Vec<SlotId> = ctx.outcome.deaths.iter().map(|d| d.slot).collect();
    roles::departures(ctx, &dead);
    Round::PreVote.open(&mut ctx.state);
    endgame::check(ctx, true);
    notes::check_last_words(ctx);
    posts::header(ctx);
}

/// A player whom an attack reached and who lives learns of the attempt (L17, L115.4); so does
/// one whose attacker the blocker's protection stopped, since he too was attacked and survived
/// "по любой причине" (L115.4, L17).
fn tell_survivors(ctx: &mut Ctx, run: &Fold<CityNight>) {
    let mut told = std::collections::BTreeSet::new();
    for a in &run.attacks {
        if a.kind == "suicide" || !ctx.is_alive(a.victim) || !told.insert(a.victim) {
            continue;
        }
        ctx.say(Audience::Slot(a.victim), "pm_attacked", &[]);
    }
    for &victim in &run.ledger.shielded {
        if !ctx.is_alive(victim) || !told.insert(victim) {
            continue;
        }
        ctx.say(Audience::Slot(victim), "pm_attacked", &[]);
    }
}
