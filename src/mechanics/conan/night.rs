//! A Night (conan.md §6.1): the setup (N0), arrests, Face Pinch, blocks, deceptions,
//! protections, the kill, information, the rest, and the night's end (N9) with its post.

use super::kept;
use super::phase::{self, Run};
use super::roles::{akai, gin, shiratori};
use super::{book, deaths, kill};
use crate::engine::outcome::Audience;
use crate::engine::resolve::{Ctx, live_acts};

/// What every phase records from its entries, whatever their stage: the latest will of each
/// player (§10), hand-offs (§8.3) and Akai's standing Vengeance (§12.2).
pub fn records(ctx: &mut Ctx) {
    let wills: Vec<(usize, String)> = live_acts(&ctx.state)
        .filter(|a| a.ability == "will")
        .filter_map(|a| Some((a.actor, a.params.get("text")?.clone())))
        .collect();
    for (slot, text) in wills {
        kept::of_mut(&mut ctx.state).wills.insert(slot, text);
    }
    let handoffs: Vec<(usize, usize)> = live_acts(&ctx.state)
        .filter(|a| a.ability == "handoff")
        .filter_map(|a| Some((a.actor, ctx.slot_of(a.targets.first()?)?)))
        .collect();
    for (from, to) in handoffs {
        kept::of_mut(&mut ctx.state).handoffs.insert(from, to);
    }
    akai::record(ctx);
}

/// N0: temporary disguises whose time is up end, Vermouth's disguise goes on as a crime, and
/// the host sees the leader and tonight's killer.
pub fn setup(ctx: &mut Ctx, run: &Run) {
    phase::opening(ctx);
    if let Some(leader) = book::leader(&ctx.state) {
        ctx.say(
            Audience::Host,
            "host_leader",
            &[("player", ctx.name(leader))],
        );
    }
    if let Some(killer) = run.ledger.killer {
        let left = kill::eligible(&ctx.state);
        ctx.say(
            Audience::Host,
            "host_killer",
            &[
                ("player", ctx.name(killer)),
                ("turns", book::names(&ctx.state, &left)),
            ],
        );
    }
}

/// N9: erasures take effect, searchers hear their results, and the post shows deaths, wills
/// and arrests (§10); the BO's ballots for a leader are counted.
pub fn end(ctx: &mut Ctx, run: &mut Run) {
    gin::carry_out(ctx, run);
    shiratori::report(ctx, run);
    announce(ctx, run);
    super::vote::election(ctx, run);
}

/// The phase-change post (§10): deaths with their roles and wills, successful arrests, or a
/// quiet phase. Suspensions, injuries and failed arrests never show.
pub fn announce(ctx: &mut Ctx, run: &Run) {
    // In the order of actions: the arrests, the deaths before the lynch, the lynch, the rest.
    for &a in &run.ledger.arrested {
        ctx.say(Audience::Public, "pub_arrest", &[("player", ctx.name(a))]);
    }
    let all = run.ledger.deaths.len();
    let at = run.ledger.lynch_at.unwrap_or(all).min(all);
    deaths::announce(ctx, run, 0..at);
    for (template, args) in &run.ledger.vote_lines {
        let args: Vec<(&str, String)> = args.iter().map(|(k, v)| (*k, v.clone())).collect();
        ctx.say(Audience::Public, template, &args);
    }
    deaths::announce(ctx, run, at..all);
    let public = ctx
        .outcome
        .messages
        .iter()
        .any(|m| m.audience == Audience::Public);
    if !public {
        ctx.say(Audience::Public, "pub_quiet", &[]);
    }
}
