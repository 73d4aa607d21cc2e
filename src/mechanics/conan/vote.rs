//! The lynch (conan.md §9) and the BO's leader election (§8.2).
//!
//! The lynch: Voice of Reason first (no lynch, no votes shown); then each valid voter's last
//! vote, a blackmailed voter's for the blackmailer's pick, +1 for each Accusation, -1 for each
//! Accompany (never below 0); the highest total is lynched, a tie lynches nobody (Q1), and
//! `no_lynch` is a candidate like any other. Votes that did not count are not shown.
//!
//! Each count is also kept vote by vote ([`Counted`], in the phase's `Run`): the live tally is
//! built from it (`live_tally.rs`), so the host watches the count this module makes and not a
//! second reading of the entries that could disagree with the post.

use super::kept;
use super::phase::Run;
use super::roles::{bourbon, eri, kazuha, kogoro, tequila};
use super::{book, deaths};
use crate::engine::SlotId;
use crate::engine::entry::PendingKind;
use crate::engine::outcome::{Audience, CountedTotal, Step, StepResult};
use crate::engine::resolve::{Ctx, live_acts};
use std::collections::BTreeMap;

pub const NO_LYNCH: &str = "no_lynch";

/// One ballot as the phase counted it, vote by vote.
#[derive(Clone, Debug, Default)]
pub struct Counted {
    pub ballot: String,
    /// The votes in the order they were sent, then the votes the rules cast (a blackmailed
    /// player who sent none), then the Accusations and Accompanies.
    pub votes: Vec<CountedVote>,
    /// The players whose vote would count and who sent none, in seat order.
    pub missing: Vec<SlotId>,
    /// How the count is read beyond its totals: a Voice of Reason, what the post will show.
    pub notes: Vec<String>,
}

/// One vote or modifier of a count.
#[derive(Clone, Debug)]
pub struct CountedVote {
    /// The entry that sent it; 0 for a vote the rules cast.
    pub seq: u64,
    /// The voter, or the maker of a modifier.
    pub voter: SlotId,
    /// The candidate it counts for: a blackmailed voter's counts for the blackmailer's pick.
    pub target: String,
    /// +1 for a vote or an Accusation, -1 for an Accompany.
    pub weight: i32,
    /// Why it does not count, if it does not.
    pub void: Option<String>,
    /// What it is when it is not the voter's own vote as he sent it (blackmail, an Accusation,
    /// an Accompany).
    pub source: Option<String>,
}

/// A voter's last vote on a ballot.
struct Cast {
    seq: u64,
    voter: SlotId,
    target: String,
}

/// The phase's votes on a ballot: the last of each voter, target as entered.
fn votes(ctx: &Ctx, ballot: &str) -> Vec<Cast> {
    let mut out: Vec<Cast> = Vec::new();
    for p in ctx.state.pending.iter().filter(|p| p.replaced_by.is_none()) {
        if let PendingKind::Vote {
            ballot: b,
            voter,
            target,
            ..
        } = &p.kind
            && b == ballot
        {
            out.retain(|c| c.voter != *voter);
            out.push(Cast {
                seq: p.seq,
                voter: *voter,
                target: target.clone(),
            });
        }
    }
    out
}

/// May this player's day modifier act now: alive, free, not injured, suspended or frightened,
/// and not neutralised earlier today?
fn able(ctx: &Ctx, run: &Run, who: SlotId) -> bool {
    ctx.state.slots.get(who).is_some_and(|s| {
        book::free(s)
            && !run.ledger.out(who)
            && !s.has_status(super::INJURED)
            && !s.has_status(super::SUSPENDED)
            && !s.has_status(super::FRIGHTENED)
    }) && ctx.verdict_stop(&format!("modifier:{who}")).is_none()
}

/// The day's Accusations (+1) and Accompanies (-1) as the count takes them: each one counts
/// when it is among those the lynch applies (`accused`, `accompanied`), or says why not.
fn modifier_votes(
    ctx: &Ctx,
    run: &Run,
    accused: &[(SlotId, SlotId)],
    accompanied: &[(SlotId, SlotId)],
) -> Vec<CountedVote> {
    let mut out = Vec::new();
    for a in live_acts(&ctx.state) {
        let (weight, applied) = match a.ability {
            "accusation" => (1, accused),
            "accompany" => (-1, accompanied),
            _ => continue,
        };
        let Some(target) = a.targets.first().and_then(|t| ctx.slot_of(t)) else {
            continue;
        };
        let name = ctx
            .roleset
            .ability(a.ability)
            .map_or_else(|| a.ability.to_string(), |d| d.name.clone());
        let void = if applied.contains(&(a.actor, target)) {
            None
        } else if !able(ctx, run, a.actor) {
            Some(format!(
                "{} is dead, arrested, injured, suspended or frightened: his {name} does not act (§3, §9)",
                ctx.name(a.actor)
            ))
        } else {
            Some(format!(
                "{} may not accompany himself (Q25)",
                ctx.name(a.actor)
            ))
        };
        out.push(CountedVote {
            seq: a.seq,
            voter: a.actor,
            target: ctx.name(target),
            weight,
            void,
            source: Some(name),
        });
    }
    out
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
    let acts: Vec<_> = crate::kernel::act::acts(ctx)
        .into_iter()
        .filter(|a| MODIFIERS.contains(&a.ability.as_str()))
        .collect();
    for act in acts {
        if able(ctx, run, act.actor) {
            let why = format!(
                "{}'s {} counts in the lynch (§9)",
                ctx.name(act.actor),
                act.def().name
            );
            crate::kernel::step::done(ctx, &act, StepResult::Success, vec![why]);
        } else {
            let why = format!(
                "{} is dead, arrested, injured, suspended or frightened: his {} does not act (§3, §9)",
                ctx.name(act.actor),
                act.def().name
            );
            super::phase::tell_failed(ctx, &act);
            crate::kernel::step::done(ctx, &act, StepResult::Failed, vec![why]);
        }
    }
}

pub fn lynch(ctx: &mut Ctx, run: &mut Run) {
    modifier_steps(ctx, run);
    let ok = |who: SlotId, _: &str| able(ctx, run, who);
    if let Some(eri) = eri::voice_of_reason(ctx, &ok) {
        let why = format!(
            "{}'s Voice of Reason: nobody is lynched and the votes are not published (§9)",
            ctx.name(eri)
        );
        // Nothing counts: every vote is shown void, and nobody is waited for.
        let stopped = votes(ctx, "lynch")
            .into_iter()
            .map(|c| CountedVote {
                seq: c.seq,
                voter: c.voter,
                target: c.target,
                weight: 1,
                void: Some(why.clone()),
                source: None,
            })
            .collect();
        run.ledger.counts.push(Counted {
            ballot: "lynch".into(),
            votes: stopped,
            missing: Vec::new(),
            notes: vec![why.clone()],
        });
        run.ledger
            .vote_lines
            .push(("pub_voice_of_reason", Vec::new()));
        run.ledger.lynch_at = Some(run.ledger.deaths.len());
        return note(ctx, why);
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
    let mut record = Counted {
        ballot: "lynch".into(),
        ..Counted::default()
    };
    // 1. The valid voters' last votes, blackmail applied.
    let mut counted: Vec<(SlotId, String)> = Vec::new();
    for Cast { seq, voter, target } in votes(ctx, "lynch") {
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
            let why = format!(
                "{} {why}: his vote does not count and is not shown (§9)",
                v.name
            );
            reasons.push(why.clone());
            record.votes.push(CountedVote {
                seq,
                voter,
                target,
                weight: 1,
                void: Some(why),
                source: None,
            });
            continue;
        }
        let (target, source) = match blackmails.iter().find(|(_, bv, _)| *bv == voter) {
            Some((by, _, pick)) => {
                ctx.set_status_until(voter, super::BLACKMAILED, None, Some(now));
                reasons.push(format!(
                    "{} is blackmailed: his vote counts for {} (§9)",
                    v.name,
                    ctx.name(*pick)
                ));
                let source = format!("blackmailed by {}; he sent {target}", ctx.name(*by));
                (ctx.name(*pick), Some(source))
            }
            None => (target, None),
        };
        let abroad = ctx
            .slot_of(&target)
            .is_some_and(|t| ctx.has_status(t, super::ABROAD));
        let void = (abroad && ctx.option("q20_vote_for_abroad") == "invalid").then(|| {
            format!(
                "{} votes for {target}, who is abroad: the vote is invalid (Q20)",
                v.name
            )
        });
        record.votes.push(CountedVote {
            seq,
            voter,
            target: target.clone(),
            weight: 1,
            void: void.clone(),
            source,
        });
        if let Some(why) = void {
            reasons.push(why);
            continue;
        }
        counted.push((voter, target));
    }
    // A blackmailed player who sent no vote votes for the pick all the same.
    for (by, bv, pick) in &blackmails {
        if !counted.iter().any(|(v, _)| v == bv)
            && ctx.state.slots.get(*bv).is_some_and(book::free)
            && !ctx.has_status(*bv, super::FRIGHTENED)
            && !hindered.contains(bv)
        {
            counted.push((*bv, ctx.name(*pick)));
            record.votes.push(CountedVote {
                seq: 0,
                voter: *bv,
                target: ctx.name(*pick),
                weight: 1,
                void: None,
                source: Some(format!("blackmailed by {}", ctx.name(*by))),
            });
        }
    }
    // Who could still vote: the free, neither hindered nor frightened, who sent nothing.
    record.missing = ctx
        .state
        .living()
        .filter(|s| book::free(s) && !hindered.contains(&s.id))
        .filter(|s| !s.has_status(super::FRIGHTENED))
        .filter(|s| !record.votes.iter().any(|v| v.voter == s.id))
        .map(|s| s.id)
        .collect();
    record
        .votes
        .extend(modifier_votes(ctx, run, &accused, &accompanied));
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
    // The tally shows the totals the lynch uses; it says when the post's differ.
    if !accused.is_empty() || !accompanied.is_empty() {
        record.notes.push(if changed {
            "the post shows these totals with the Accusations and Accompanies: they change who leads (§9)".to_string()
        } else {
            "the post shows the votes alone, without the Accusations and Accompanies: they do not change who leads (§9)".to_string()
        });
    }
    run.ledger.counts.push(record);
    let shown = if changed { &totals } else { &base };
    if let Some(line) = vote_list(ctx, &counted, shown) {
        run.ledger
            .vote_lines
            .push(("pub_votes", vec![("votes", line)]));
    }
    if changed {
        for (k, t) in accused.iter().chain(accompanied.iter()) {
            let what = if accused.contains(&(*k, *t)) {
                "Accusation"
            } else {
                "Accompany"
            };
            run.ledger.vote_lines.push((
                "pub_modifier",
                vec![("modifier", what.to_string()), ("player", ctx.name(*t))],
            ));
        }
    }
    if victims.is_empty() {
        run.ledger.vote_lines.push(("pub_no_lynch", Vec::new()));
        reasons.push("nobody is lynched".into());
    }
    run.ledger.lynch_at = Some(run.ledger.deaths.len());
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
pub fn election(ctx: &mut Ctx, run: &mut Run) {
    let ballots = votes(ctx, "bo_leader");
    let members = book::bo_members(&ctx.state);
    let rule = ctx.option("q9_election");
    let electorate: Vec<SlotId> = members
        .iter()
        .copied()
        .filter(|m| rule != "free_only" || ctx.state.slots.get(*m).is_some_and(book::free))
        .collect();
    let mut missing: Vec<SlotId> = electorate
        .iter()
        .copied()
        .filter(|m| !ballots.iter().any(|c| c.voter == *m))
        .collect();
    missing.sort_unstable();
    run.ledger.counts.push(Counted {
        ballot: "bo_leader".into(),
        votes: ballots
            .iter()
            .map(|c| CountedVote {
                seq: c.seq,
                voter: c.voter,
                target: c.target.clone(),
                weight: 1,
                void: (!electorate.contains(&c.voter)).then(|| not_an_elector(ctx, c.voter)),
                source: None,
            })
            .collect(),
        missing,
        notes: Vec::new(),
    });
    if ballots.is_empty() {
        return;
    }
    let mut count: BTreeMap<String, usize> = BTreeMap::new();
    for Cast { voter, target, .. } in &ballots {
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
    kept::of_mut(&mut ctx.state).leader = Some(leader);
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

/// Why a ballot for the leader does not count when the election is held (§8.2, Q9).
fn not_an_elector(ctx: &Ctx, voter: SlotId) -> String {
    let name = ctx.name(voter);
    match ctx.state.slots.get(voter) {
        Some(s) if !s.alive => format!(
            "{name} was killed or lynched earlier in the phase: his ballot is cancelled (§3)"
        ),
        Some(s) if !book::is_bo(s) => format!("{name} is not in the BO (§8.2)"),
        _ => format!("{name} is not free: only the free BO members elect in this game (Q9)"),
    }
}
