//! A Night (conan.md §6.1): the setup (N0), arrests, Face Pinch, blocks, deceptions,
//! protections, the kill, information, the rest, and the night's end (N9) with its post.

use super::phase::{self, Run};
use super::roles::{self, akai, gin, police, shiratori};
use super::{book, deaths, kill};
use crate::engine::outcome::Audience;
use crate::engine::resolve::{Ctx, live_acts};
use crate::rules::PhaseKind;

/// Resolve the Night; the ballots it counted (the BO's leader election), vote by vote, are
/// handed back for the live tally.
pub fn resolve(ctx: &mut Ctx) -> Vec<super::vote::Counted> {
    records(ctx);
    let actions = crate::kernel::act::acts(ctx);
    let mut run = Run::start(ctx);
    let orders: Vec<_> = actions.iter().filter(|a| a.ability == "bo_kill").collect();
    run.ledger.killer = kill::planned(ctx, &run, &orders);
    for (i, stage) in phase::stages(ctx, PhaseKind::Night).iter().enumerate() {
        run.ledger.stage = i;
        // The steps of this stage, whatever they name, are its own in the queue (a crime logged
        // as it happens, the election held at the phase's end).
        ctx.stage = Some(stage.clone());
        let here = phase::acts_of(&actions, stage);
        match stage.as_str() {
            "night_setup" => setup(ctx, &run),
            "night_end" => end(ctx, &mut run),
            "arrest" => police::stage(ctx, &mut run, &here),
            "kill" => kill::stage(ctx, &mut run, &here),
            "block" => roles::simultaneous(ctx, &mut run, &here),
            _ => {
                for act in &here {
                    roles::act(ctx, &mut run, act);
                }
            }
        }
    }
    run.ledger.counts
}

/// What every phase records from its entries, whatever their stage: the latest will of each
/// player (§10), hand-offs (§8.3) and Akai's standing Vengeance (§12.2).
pub fn records(ctx: &mut Ctx) {
    let wills: Vec<(usize, String)> = live_acts(&ctx.state)
        .filter(|a| a.ability == "will")
        .filter_map(|a| Some((a.actor, a.params.get("text")?.clone())))
        .collect();
    for (slot, text) in wills {
        book::kept_mut(&mut ctx.state).wills.insert(slot, text);
    }
    let handoffs: Vec<(usize, usize)> = live_acts(&ctx.state)
        .filter(|a| a.ability == "handoff")
        .filter_map(|a| Some((a.actor, ctx.slot_of(a.targets.first()?)?)))
        .collect();
    for (from, to) in handoffs {
        book::kept_mut(&mut ctx.state).handoffs.insert(from, to);
    }
    akai::record(ctx);
}

/// N0: temporary disguises whose time is up end, Vermouth's disguise goes on as a crime, and
/// the host sees the leader and tonight's killer.
fn setup(ctx: &mut Ctx, run: &Run) {
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
fn end(ctx: &mut Ctx, run: &mut Run) {
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
