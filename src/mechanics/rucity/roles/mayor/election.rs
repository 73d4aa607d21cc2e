//! Day 1, the mayor election (§8.1, L149–L152, L161): nobody votes for himself, abstaining is
//! allowed, no rule changes the count; a tie sends the tied candidates to a second round where
//! only the others vote and a strict tie goes to the first vote of that round. The new mayor
//! picks his secretary from his voters before the result is posted.

use crate::engine::SlotId;
use crate::engine::outcome::{Audience, CountedTotal};
use crate::engine::resolve::{Ctx, live_acts};
use crate::mechanics::rucity::kept::{self, Round};
use crate::mechanics::rucity::teams::{MAYOR, SECRETARY};
use crate::mechanics::rucity::votes::ballots;
use std::collections::BTreeMap;

pub fn resolve(ctx: &mut Ctx) {
    match Round::now(&ctx.state) {
        Round::ElectionRound2 => round2(ctx),
        Round::Secretary => secretary_round(ctx),
        _ => round1(ctx),
    }
}

/// `(voter, target)` of a round; `None` for an abstention.
fn cast(ctx: &Ctx, ballot: &str) -> Vec<(SlotId, Option<SlotId>, u64, bool)> {
    ballots(ctx, ballot)
        .into_iter()
        .map(|b| (b.voter, b.target, b.seq, b.advance))
        .collect()
}

/// One vote, one count; abstentions count for nobody. The totals go into the outcome, so the
/// live tally can be held to them.
fn counts(
    ctx: &mut Ctx,
    ballot: &str,
    votes: &[(SlotId, Option<SlotId>, u64, bool)],
) -> BTreeMap<SlotId, usize> {
    let mut out = BTreeMap::new();
    for (voter, t, _, _) in votes {
        // The mason's vote always counts zero, at the election too (L127.3).
        if crate::mechanics::rucity::roles::election_vote_zeroed(&ctx.state, *voter).is_some() {
            continue;
        }
        if let Some(t) = t {
            *out.entry(*t).or_insert(0) += 1;
        }
    }
    for (t, n) in &out {
        let target = ctx.name(*t);
        ctx.outcome.counted.push(CountedTotal {
            ballot: ballot.to_string(),
            target,
            total: *n as i32,
        });
    }
    out
}

fn top(counts: &BTreeMap<SlotId, usize>) -> Vec<SlotId> {
    let best = counts.values().copied().max().unwrap_or(0);
    counts
        .iter()
        .filter(|(_, n)| **n == best && best > 0)
        .map(|(id, _)| *id)
        .collect()
}

/// Each round's votes, voter and target (`None`: an abstention), for the secretary's choice
/// and the election post; no second round: `None`.
#[derive(Clone, Debug, Default, PartialEq)]
struct Rounds {
    first: Vec<(SlotId, Option<SlotId>)>,
    second: Option<Vec<(SlotId, Option<SlotId>)>>,
}

fn pairs(votes: &[(SlotId, Option<SlotId>, u64, bool)]) -> Vec<(SlotId, Option<SlotId>)> {
    votes.iter().map(|(v, t, _, _)| (*v, *t)).collect()
}

fn round1(ctx: &mut Ctx) {
    let votes = cast(ctx, "election");
    ctx.state.kept.get_mut::<Rounds>().first = pairs(&votes);
    let leaders = top(&counts(ctx, "election", &votes));
    match leaders.len() {
        0 => no_mayor(ctx),
        1 => elected(ctx, leaders[0]),
        _ => {
            let names: Vec<String> = leaders.iter().map(|l| ctx.name(*l)).collect();
            ctx.note(
                "election",
                "election",
                format!("a tie between {}: a second round (L152)", names.join(", ")),
            );
            let first = ctx.state.kept.of::<Rounds>().first.clone();
            post_round(ctx, &first);
            ctx.say(
                Audience::Public,
                "pub_election_round2",
                &[("players", names.join(", "))],
            );
            kept::of_mut(&mut ctx.state).candidates = leaders;
            ctx.outcome.another_round = true;
            Round::ElectionRound2.open(&mut ctx.state);
        }
    }
}

fn round2(ctx: &mut Ctx) {
    let candidates = kept::of(&ctx.state).candidates.clone();
    let votes: Vec<_> = cast(ctx, "election_round2")
        .into_iter()
        .filter(|(v, t, _, _)| !candidates.contains(v) && t.is_none_or(|t| candidates.contains(&t)))
        .collect();
    ctx.state.kept.get_mut::<Rounds>().second = Some(pairs(&votes));
    let leaders = top(&counts(ctx, "election_round2", &votes));
    let winner = match leaders.len() {
        1 => Some(leaders[0]),
        0 => {
            let labels: Vec<String> = candidates.iter().map(|c| ctx.name(*c)).collect();
            ctx.warn("nobody voted in the second round: the mayor is drawn among the candidates (the rules are silent)");
            ctx.draw(
                "election",
                "the mayor (no vote in the second round)",
                &candidates,
                |c| labels[candidates.iter().position(|x| x == c).unwrap_or(0)].clone(),
            )
        }
        _ => {
            let first = votes
                .iter()
                .filter(|(_, t, _, advance)| !advance && t.is_some_and(|t| leaders.contains(&t)))
                .min_by_key(|(_, _, seq, _)| *seq)
                .and_then(|(_, t, _, _)| *t);
            if let Some(w) = first {
                ctx.note("election", "election", format!("a strict tie in the second round: {} received its first vote and wins (L152)", ctx.name(w)));
            }
            first
        }
    };
    match winner {
        Some(w) => elected(ctx, w),
        None => no_mayor(ctx),
    }
}

fn no_mayor(ctx: &mut Ctx) {
    ctx.note(
        "election",
        "election",
        "nobody received a vote: no mayor this game",
    );
    post_election(ctx);
    ctx.say(Audience::Public, "pub_no_mayor", &[]);
    kept::of_mut(&mut ctx.state).mayor_lost = true;
    end_day(ctx);
}

/// Who may become the secretary: the mayor's voters; after a second round, his voters of that
/// round and the other candidates who voted for him in the first (L161).
pub fn eligible(state: &crate::engine::GameState, winner: SlotId) -> Vec<SlotId> {
    let rounds = state.kept.of::<Rounds>();
    let r1 = &rounds.first;
    let candidates = kept::of(state).candidates.clone();
    let mut out: Vec<SlotId> = if let Some(r2) = &rounds.second {
        let mut list: Vec<SlotId> = r2
            .iter()
            .filter(|(_, t)| *t == Some(winner))
            .map(|(v, _)| *v)
            .collect();
        list.extend(
            r1.iter()
                .filter(|(v, t)| *t == Some(winner) && candidates.contains(v) && *v != winner)
                .map(|(v, _)| *v),
        );
        list
    } else {
        r1.iter()
            .filter(|(_, t)| *t == Some(winner))
            .map(|(v, _)| *v)
            .collect()
    };
    // The mason and the servant never hold an office (L127.2, L129.2).
    out.retain(|v| {
        state.slots.get(*v).is_some_and(|s| s.alive)
            && crate::mechanics::rucity::elite::no_office(state, *v).is_none()
    });
    out.dedup();
    out
}

fn elected(ctx: &mut Ctx, winner: SlotId) {
    super::give_title(ctx, winner, MAYOR);
    ctx.note(
        "election",
        "election",
        format!("{} is elected mayor (L149)", ctx.name(winner)),
    );
    let choice = eligible(&ctx.state, winner);
    match choice.len() {
        0 | 1 => {
            // The secretary round has nothing to decide: say so, never skip it silently.
            let why = match choice.first() {
                Some(&s) => {
                    super::give_title(ctx, s, SECRETARY);
                    format!(
                        "no secretary round: {} is the only player who may be chosen and becomes the secretary (L161)",
                        ctx.name(s)
                    )
                }
                None => {
                    "no secretary round: nobody may be chosen, the mayor has no secretary (L161)"
                        .to_string()
                }
            };
            ctx.note("secretary", "election", why);
            post_election(ctx);
            end_day(ctx);
        }
        _ => {
            let names: Vec<String> = choice.iter().map(|c| ctx.name(*c)).collect();
            ctx.say(
                Audience::Slot(winner),
                "pm_mayor_choose",
                &[("players", names.join(", "))],
            );
            ctx.outcome.another_round = true;
            Round::Secretary.open(&mut ctx.state);
        }
    }
}

fn secretary_round(ctx: &mut Ctx) {
    let Some(winner) = super::mayor(&ctx.state) else {
        return end_day(ctx);
    };
    let choice = eligible(&ctx.state, winner);
    let picked = live_acts(&ctx.state)
        .filter(|a| a.ability == "secretary_pick")
        .find_map(|a| a.targets.first().and_then(|t| ctx.slot_of(t)));
    let secretary = match picked.filter(|p| choice.contains(p)) {
        Some(p) => p,
        None => {
            let first = choice.first().copied();
            if let Some(f) = first {
                ctx.warn(format!(
                    "the mayor named no secretary: {} (their first voter) is appointed and cannot refuse (L161)",
                    ctx.name(f)
                ));
            }
            match first {
                Some(f) => f,
                None => return end_day(ctx),
            }
        }
    };
    super::give_title(ctx, secretary, SECRETARY);
    post_election(ctx);
    end_day(ctx);
}

/// The election post: each round's votes, the mayor and his secretary.
fn post_election(ctx: &mut Ctx) {
    ctx.say(Audience::Public, "pub_election_title", &[]);
    let rounds = ctx.state.kept.of::<Rounds>().into_owned();
    post_round(ctx, &rounds.first);
    if let Some(second) = &rounds.second {
        ctx.say(Audience::Public, "pub_election_round2_title", &[]);
        post_round(ctx, second);
    }
    if let Some(m) = super::mayor(&ctx.state) {
        ctx.say(
            Audience::Public,
            "pub_mayor_elected",
            &[("player", ctx.name(m))],
        );
    }
    if let Some(s) = super::secretary(&ctx.state) {
        ctx.say(
            Audience::Public,
            "pub_secretary",
            &[("player", ctx.name(s))],
        );
    }
}

fn post_round(ctx: &mut Ctx, votes: &[(SlotId, Option<SlotId>)]) {
    let mut by_target: BTreeMap<SlotId, Vec<String>> = BTreeMap::new();
    let mut abstained = Vec::new();
    for (v, t) in votes {
        match t {
            Some(t) => by_target.entry(*t).or_default().push(ctx.name(*v)),
            None => abstained.push(ctx.name(*v)),
        }
    }
    let mut rows: Vec<(usize, SlotId, Vec<String>)> = by_target
        .into_iter()
        .map(|(t, v)| (v.len(), t, v))
        .collect();
    rows.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    for (n, t, voters) in rows {
        ctx.say(
            Audience::Public,
            "pub_tally_line",
            &[
                ("player", ctx.name(t)),
                ("count", n.to_string()),
                ("voters", voters.join(", ")),
            ],
        );
    }
    if !abstained.is_empty() {
        ctx.say(
            Audience::Public,
            "pub_abstained",
            &[("players", abstained.join(", "))],
        );
    }
}

fn end_day(ctx: &mut Ctx) {
    Round::Night.open(&mut ctx.state);
}
