//! The lynch (conan.md §9) and the BO's leader election (§8.2).
//!
//! The lynch: Voice of Reason first (no lynch, no votes shown); then each valid voter's last
//! vote, a blackmailed voter's for the blackmailer's pick, +1 for each Accusation, -1 for each
//! Accompany (never below 0); the highest total is lynched, a tie lynches nobody (Q1), and
//! `no_lynch` is a candidate like any other. Votes that did not count are not shown.

use super::phase::Run;
use super::roles::{bourbon, eri, kazuha, kogoro, tequila};
use super::{book, deaths};
use crate::engine::SlotId;
use crate::engine::entry::PendingKind;
use crate::engine::outcome::{Audience, CountedTotal, Step, StepResult};
use crate::engine::resolve::Ctx;
use std::collections::BTreeMap;

pub const NO_LYNCH: &str = "no_lynch";

/// The day's votes on a ballot: (voter, target as entered), the last of each voter.
fn votes(ctx: &Ctx, ballot: &str) -> Vec<(SlotId, String)> {
    let mut out: Vec<(SlotId, String)> = Vec::new();
    for p in ctx.state.pending.iter().filter(|p| p.replaced_by.is_none()) {
        if let PendingKind::Vote {
            ballot: b,
            voter,
            target,
            ..
        } = &p.kind
            && b == ballot
        {
            out.retain(|(v, _)| v != voter);
            out.push((*voter, target.clone()));
        }
    }
    out
}

/// May this player's day modifier act now: alive, free, not injured, suspended or frightened,
/// and not neutralised earlier today?
fn able(ctx: &Ctx, run: &Run, who: SlotId) -> bool {
    ctx.state.slots.get(who).is_some_and(|s| {
        book::free(s)
            && !run.out(who)
            && !s.has_status(super::INJURED)
            && !s.has_status(super::SUSPENDED)
            && !s.has_status(super::FRIGHTENED)
    }) && ctx.verdict_stop(&format!("modifier:{who}")).is_none()
}

/// The day's lynch modifiers, each a step: it acts, or its maker is dead, arrested, injured,
/// suspended or frightened and it does not (he is told).
fn modifier_steps(ctx: &mut Ctx, run: &Run) {
    const MODIFIERS: [&str; 5] = [
        "voice_of_reason",
        "hinder",
        "blackmail",
        "accusation",
        "accompany",
    ];
    let acts: Vec<_> = ctx
        .actions()
        .into_iter()
        .filter(|a| MODIFIERS.contains(&a.ability.id.as_str()))
        .collect();
    for act in acts {
        if able(ctx, run, act.actor) {
            let why = format!(
                "{}'s {} counts in the lynch (§9)",
                ctx.name(act.actor),
                act.ability.name
            );
            super::phase::step(ctx, &act, StepResult::Success, vec![why]);
        } else {
            let why = format!(
                "{} is dead, arrested, injured, suspended or frightened: his {} does not act (§3, §9)",
                ctx.name(act.actor),
                act.ability.name
            );
            super::phase::tell_failed(ctx, &act);
            super::phase::step(ctx, &act, StepResult::Failed, vec![why]);
        }
    }
}

pub fn lynch(ctx: &mut Ctx, run: &mut Run) {
    modifier_steps(ctx, run);
    let ok = |who: SlotId, _: &str| able(ctx, run, who);
    if let Some(eri) = eri::voice_of_reason(ctx, &ok) {
        run.vote_lines.push(("pub_voice_of_reason", Vec::new()));
        run.lynch_at = Some(run.deaths.len());
        return note(
            ctx,
            format!(
                "{}'s Voice of Reason: nobody is lynched and the votes are not published (§9)",
                ctx.name(eri)
            ),
        );
    }
    let hinders = tequila::hindered(ctx, &ok);
    let hindered: Vec<SlotId> = hinders.iter().map(|(_, t)| *t).collect();
    let blackmails = bourbon::blackmails(ctx, &ok);
    let accused = kogoro::accusations(ctx, &ok);
    let self_ok = ctx.option("q25_self_accompany") == "yes";
    let accompanied: Vec<(SlotId, SlotId)> = kazuha::accompanied(ctx, &ok)
        .into_iter()
        .filter(|(k, t)| self_ok || k != t)
        .collect();
    let now = ctx.state.phase;
    for &h in &hindered {
        ctx.set_status_until(h, super::HINDERED, None, Some(now));
    }
    // Hinder and Blackmail are crimes (§4.1).
    for &(by, h) in &hinders {
        super::crimes::commit(ctx, "hinder", by, Some(h), false);
    }
    for (by, voter, _) in &blackmails {
        super::crimes::commit(ctx, "blackmail", *by, Some(*voter), false);
    }
    let mut reasons = Vec::new();
    // 1. The valid voters' last votes, blackmail applied.
    let mut counted: Vec<(SlotId, String)> = Vec::new();
    for (voter, target) in votes(ctx, "lynch") {
        let v = ctx.state.slots[voter].clone();
        let why_not = if !v.alive {
            Some("is dead")
        } else if !book::free(&v) {
            Some("is abroad or arrested")
        } else if hindered.contains(&voter) {
            Some("is hindered")
        } else if v.has_status(super::FRIGHTENED) {
            Some("is frightened")
        } else {
            None
        };
        if let Some(why) = why_not {
            reasons.push(format!(
                "{} {why}: his vote does not count and is not shown (§9)",
                v.name
            ));
            continue;
        }
        let target = match blackmails.iter().find(|(_, bv, _)| *bv == voter) {
            Some((_, _, pick)) => {
                ctx.set_status_until(voter, super::BLACKMAILED, None, Some(now));
                reasons.push(format!(
                    "{} is blackmailed: his vote counts for {} (§9)",
                    v.name,
                    ctx.name(*pick)
                ));
                ctx.name(*pick)
            }
            None => target,
        };
        let abroad = ctx
            .slot_of(&target)
            .is_some_and(|t| ctx.has_status(t, super::ABROAD));
        if abroad && ctx.option("q20_vote_for_abroad") == "invalid" {
            reasons.push(format!(
                "{} votes for {target}, who is abroad: the vote is invalid (Q20)",
                v.name
            ));
            continue;
        }
        counted.push((voter, target));
    }
    // A blackmailed player who sent no vote votes for the pick all the same.
    for (_, bv, pick) in &blackmails {
        if !counted.iter().any(|(v, _)| v == bv)
            && ctx.state.slots.get(*bv).is_some_and(book::free)
            && !ctx.has_status(*bv, super::FRIGHTENED)
            && !hindered.contains(bv)
        {
            counted.push((*bv, ctx.name(*pick)));
        }
    }
    let mut totals: BTreeMap<String, i64> = BTreeMap::new();
    for (_, t) in &counted {
        *totals.entry(t.clone()).or_default() += 1;
    }
    let base = totals.clone();
    for (k, t) in &accused {
        *totals.entry(ctx.name(*t)).or_default() += 1;
        reasons.push(format!(
            "{}'s accusation: +1 on {} (§9)",
            ctx.name(*k),
            ctx.name(*t)
        ));
    }
    for (k, t) in &accompanied {
        let e = totals.entry(ctx.name(*t)).or_default();
        *e = (*e - 1).max(0);
        reasons.push(format!(
            "{} accompanies {}: -1 (§9)",
            ctx.name(*k),
            ctx.name(*t)
        ));
    }
    for (target, total) in &totals {
        ctx.outcome.counted.push(CountedTotal {
            ballot: "lynch".into(),
            target: target.clone(),
            total: *total as i32,
        });
    }
    let victims = decide(ctx, &totals, counted.len(), &mut reasons);
    // The modifiers are published, with the totals they made, only when they changed who leads
    // (seed line 68); otherwise the votes alone.
    let changed = top_of(&totals) != top_of(&base);
    let shown = if changed { &totals } else { &base };
    if let Some(line) = vote_list(ctx, &counted, shown) {
        run.vote_lines.push(("pub_votes", vec![("votes", line)]));
    }
    if changed {
        for (k, t) in accused.iter().chain(accompanied.iter()) {
            let what = if accused.contains(&(*k, *t)) {
                "Accusation"
            } else {
                "Accompany"
            };
            run.vote_lines.push((
                "pub_modifier",
                vec![("modifier", what.to_string()), ("player", ctx.name(*t))],
            ));
        }
    }
    if victims.is_empty() {
        run.vote_lines.push(("pub_no_lynch", Vec::new()));
        reasons.push("nobody is lynched".into());
    }
    run.lynch_at = Some(run.deaths.len());
    for v in victims {
        reasons.push(format!("{} is lynched", ctx.name(v)));
        deaths::die(ctx, run, v, "lynch");
    }
    note(ctx, reasons.join("; "));
}

/// The candidates with the highest positive total.
fn top_of(totals: &BTreeMap<String, i64>) -> Vec<&String> {
    let top = totals.values().copied().max().filter(|t| *t > 0);
    totals
        .iter()
        .filter(|(_, t)| Some(**t) == top)
        .map(|(n, _)| n)
        .collect()
}

/// Who the totals lynch: the highest total (a majority of the valid voters under Q2); a tie
/// lynches nobody, one drawn, or all (Q1); `no_lynch` on top lynches nobody.
fn decide(
    ctx: &mut Ctx,
    totals: &BTreeMap<String, i64>,
    voters: usize,
    reasons: &mut Vec<String>,
) -> Vec<SlotId> {
    let Some(&top) = totals.values().max().filter(|t| **t > 0) else {
        return Vec::new();
    };
    if ctx.option("q2_lynch_rule") == "majority" && (top as usize) * 2 <= voters {
        reasons.push(format!(
            "{top} votes is no majority of {voters} valid voters (Q2)"
        ));
        return Vec::new();
    }
    let leaders: Vec<&String> = totals
        .iter()
        .filter(|(_, t)| **t == top)
        .map(|(n, _)| n)
        .collect();
    // Abroad (Q20) and arrested players cannot be lynched (§3).
    let lynchable = |ctx: &Ctx, n: &str| {
        ctx.slot_of(n)
            .filter(|s| !ctx.has_status(*s, super::ABROAD) && !ctx.has_status(*s, super::ARRESTED))
    };
    let players: Vec<SlotId> = leaders
        .iter()
        .filter(|n| n.as_str() != NO_LYNCH)
        .filter_map(|n| lynchable(ctx, n))
        .collect();
    if leaders.len() == 1 {
        return players;
    }
    match ctx.option("q1_tie").as_str() {
        "all" => players,
        "random" => {
            // "No lynch" is a candidate like any other (§9): it may be the one drawn.
            let names: Vec<String> = leaders.iter().map(|n| n.to_string()).collect();
            ctx.draw("lynch", "the tied candidate lynched (Q1)", &names, |n| {
                n.clone()
            })
            .and_then(|n| lynchable(ctx, &n))
            .into_iter()
            .collect()
        }
        _ => {
            reasons.push(format!("a tie at {top}: nobody is lynched (Q1)"));
            Vec::new()
        }
    }
}

/// The public vote list: every counted vote, by candidate, one line each (§9).
fn vote_list(
    ctx: &Ctx,
    counted: &[(SlotId, String)],
    totals: &BTreeMap<String, i64>,
) -> Option<String> {
    let mut lines = Vec::new();
    let mut order: Vec<(&String, &i64)> = totals.iter().collect();
    order.sort_by_key(|(_, t)| std::cmp::Reverse(**t));
    for (candidate, total) in order {
        let voters: Vec<String> = counted
            .iter()
            .filter(|(_, t)| t == candidate)
            .map(|(v, _)| ctx.name(*v))
            .collect();
        let label = if candidate == NO_LYNCH {
            "No lynch".to_string()
        } else {
            candidate.clone()
        };
        lines.push(crate::engine::template::render(
            ctx.roleset.template("pub_vote_total"),
            &[
                ("player", label),
                ("count", total.to_string()),
                ("voters", voters.join(", ")),
            ],
        ));
    }
    (!lines.is_empty()).then(|| lines.join("\n"))
}

fn note(ctx: &mut Ctx, reason: String) {
    ctx.step(Step {
        key: "lynch".into(),
        stage: "lynch".into(),
        actor: None,
        ability: None,
        targets_before: Vec::new(),
        targets_after: Vec::new(),
        result: StepResult::Info,
        reasons: vec![reason],
    });
}

/// §8.2, Q9: the phase's ballots for a leader; a candidate past the threshold leads from the
/// next phase on.
pub fn election(ctx: &mut Ctx) {
    let ballots = votes(ctx, "bo_leader");
    if ballots.is_empty() {
        return;
    }
    let members = book::bo_members(&ctx.state);
    let rule = ctx.option("q9_election");
    let electorate: Vec<SlotId> = members
        .iter()
        .copied()
        .filter(|m| rule != "free_only" || ctx.state.slots.get(*m).is_some_and(book::free))
        .collect();
    let mut count: BTreeMap<String, usize> = BTreeMap::new();
    for (voter, target) in &ballots {
        if electorate.contains(voter) {
            *count.entry(target.clone()).or_default() += 1;
        }
    }
    for (target, c) in &count {
        ctx.outcome.counted.push(CountedTotal {
            ballot: "bo_leader".into(),
            target: target.clone(),
            total: *c as i32,
        });
    }
    let n = electorate.len();
    let passes = |c: usize| match rule.as_str() {
        "at_least_half" => c * 2 >= n,
        _ => c * 2 > n,
    };
    let passing: Vec<&String> = count
        .iter()
        .filter(|(_, c)| passes(**c))
        .map(|(name, _)| name)
        .collect();
    // Two candidates at half each (Q9 at_least_half): a tie changes nothing.
    let winner = match passing.as_slice() {
        [one] => ctx.slot_of(one),
        _ => None,
    };
    let Some(leader) = winner.filter(|w| members.contains(w)) else {
        ctx.note(
            "election",
            "day_other",
            format!("no candidate has the BO vote needed ({n} voters, Q9)"),
        );
        return;
    };
    book::set(&mut ctx.state, book::LEADER, leader);
    ctx.say(Audience::Slot(leader), "pm_leader", &[]);
    ctx.note(
        "election",
        "day_other",
        format!(
            "{} is elected leader by the BO, from the next phase (§8.2)",
            ctx.name(leader)
        ),
    );
}
