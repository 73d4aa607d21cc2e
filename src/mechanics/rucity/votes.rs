//! The vote count of a lynch, a re-vote or a witch hunt in the order of §4.6: who votes and
//! where (auto-votes, immune targets), each vote's weight, zeroing, the red correction, the
//! barriers, the black cap, the totals and the overrides. Every vote gets a trace step saying
//! why it counts what it counts; every target a step with its sum.

use super::corrections::{self, Colour};
use super::roles::{self as role_hooks, CastVote};
use super::{elite, teams};
use crate::engine::SlotId;
use crate::engine::entry::PendingKind;
use crate::engine::outcome::{CountedTotal, Step, StepResult};
use crate::engine::resolve::Ctx;
use crate::rules::ABSTAIN;
use std::collections::BTreeMap;

/// One vote in the count's units: the count works in half votes, since the drug dealer buys
/// votes in halves (L34). Every weight and total of a [`Tally`] is in these units.
pub const UNIT: i32 = 2;

/// A count in half votes as the posts write it: `3`, `2.5`.
pub fn show(half_votes: i32) -> String {
    let whole = half_votes / UNIT;
    match half_votes % UNIT {
        0 => whole.to_string(),
        _ if half_votes < 0 => format!("-{}.5", -whole),
        _ => format!("{whole}.5"),
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Lynch,
    Revote,
    Hunt,
}

/// A vote as entered.
#[derive(Clone, Debug)]
pub struct Ballot {
    pub seq: u64,
    pub voter: SlotId,
    /// `None`: an explicit abstention, or a target that is not a player.
    pub target: Option<SlotId>,
    pub advance: bool,
}

/// The live votes of a ballot, in the order they were given.
pub fn ballots(ctx: &Ctx, ballot: &str) -> Vec<Ballot> {
    ctx.state
        .pending
        .iter()
        .filter(|p| p.replaced_by.is_none())
        .filter_map(|p| match &p.kind {
            PendingKind::Vote {
                ballot: b,
                voter,
                target,
            } if b == ballot => Some(Ballot {
                seq: p.seq,
                voter: *voter,
                target: (target != ABSTAIN).then(|| ctx.slot_of(target)).flatten(),
                advance: p.advance,
            }),
            _ => None,
        })
        .collect()
}

/// A vote as it counts.
#[derive(Clone, Debug)]
pub struct Counted {
    pub voter: SlotId,
    pub target: SlotId,
    pub colour: Colour,
    /// In half votes ([`UNIT`]).
    pub weight: i32,
    /// Submission order (0 for an auto-vote).
    pub seq: u64,
    pub auto: bool,
    pub advance: bool,
    /// A black liar's hidden vote: counted, never listed in the post (L97).
    pub hidden: bool,
    pub why: Vec<String>,
}

#[derive(Default, Debug)]
pub struct Tally {
    pub votes: Vec<Counted>,
    pub abstained: Vec<SlotId>,
    pub totals: BTreeMap<SlotId, i32>,
    pub red: BTreeMap<SlotId, i32>,
    pub black: BTreeMap<SlotId, i32>,
    /// Players who die whatever the sums say (L13 all others, L10 all reds at the hunt).
    pub forced: Vec<(SlotId, String)>,
}

impl Tally {
    /// The targets of `who`'s own votes (auto-votes are not his choice, hidden ones not his
    /// open vote).
    pub fn own_votes(&self, who: Option<SlotId>) -> Vec<SlotId> {
        self.votes
            .iter()
            .filter(|v| Some(v.voter) == who && !v.auto && !v.hidden)
            .map(|v| v.target)
            .collect()
    }

    pub fn total(&self, id: SlotId) -> i32 {
        self.totals.get(&id).copied().unwrap_or(0)
    }

    /// The players with the highest total above zero.
    pub fn top(&self) -> Vec<SlotId> {
        let best = self.totals.values().copied().max().unwrap_or(0);
        if best <= 0 {
            return Vec::new();
        }
        self.totals
            .iter()
            .filter(|(_, t)| **t == best)
            .map(|(id, _)| *id)
            .collect()
    }

    /// When each player got his first vote that counts for "first vote" rules: not an
    /// auto-vote, not an advance PM vote, not (at a re-vote) a target's own.
    pub fn first_vote(&self, id: SlotId, excluded: &[SlotId]) -> Option<u64> {
        self.votes
            .iter()
            .filter(|v| {
                v.target == id && !v.auto && !v.advance && !v.hidden && !excluded.contains(&v.voter)
            })
            .map(|v| v.seq)
            .min()
    }
}

/// Why a vote into `target` goes nowhere (L151): not an active player, or immune.
fn invalid_target(ctx: &Ctx, target: SlotId) -> Option<String> {
    let s = ctx.state.slots.get(target)?;
    if !s.alive || s.has_status("exiled") {
        return Some(format!("{} is not an active player", s.name));
    }
    immune(&ctx.state, target)
}

/// Why nobody may vote against this player today: an elite's office, or a role's doing.
pub fn immune(state: &crate::engine::GameState, target: SlotId) -> Option<String> {
    elite::vote_immune(state, target).or_else(|| role_hooks::vote_immunity(state, target))
}

/// The host's own weight adjustments of a vote (statuses `vote_plus_1`, `vote_plus_2`), in
/// half votes.
fn host_adjustments(ctx: &Ctx, voter: SlotId) -> Vec<(i32, String)> {
    [("vote_plus_1", 1), ("vote_plus_2", 2)]
        .into_iter()
        .filter(|(status, _)| ctx.has_status(voter, status))
        .map(|(status, bonus)| {
            let why = format!("+{bonus}: the host's weight adjustment ({status})");
            (bonus * UNIT, why)
        })
        .collect()
}

/// The barrier on a player of his own (L13; Appendix A "barrier sources"): the host's
/// (`barrier_1`..`barrier_3`) or a role's, the largest; none while a role breaks them.
fn own_barrier(ctx: &Ctx, target: SlotId) -> u32 {
    let Some(s) = ctx.state.slots.get(target) else {
        return 0;
    };
    if role_hooks::breaks_barriers(&ctx.state, target) {
        return 0;
    }
    let host = [("barrier_1", 1), ("barrier_2", 2), ("barrier_3", 3)]
        .iter()
        .filter(|(status, _)| s.has_status(status))
        .map(|(_, k)| *k)
        .max()
        .unwrap_or(0);
    host.max(role_hooks::barrier(ctx.roleset, &ctx.state, target))
}

/// Step 1 of §4.6: every vote that counts, auto-votes included.
fn gather(ctx: &Ctx, kind: Kind, ballot: &str, targets: &[SlotId]) -> (Vec<Counted>, Vec<SlotId>) {
    let given = role_hooks::stand_in_ballots(ctx, ballots(ctx, ballot));
    let auto_self = ctx.option("auto_vote_target") != "none";
    let mut out = Vec::new();
    let mut abstained = Vec::new();
    // Only who votes in his own name has an auto-vote (not the servant, L129.3).
    let voters: Vec<SlotId> = ctx
        .state
        .voters(ctx.roleset)
        .filter(|s| role_hooks::votes_in_own_name(s))
        .map(|s| s.id)
        .collect();
    let vote =
        |voter: SlotId, target: SlotId, seq: u64, auto: bool, advance: bool, why: String| Counted {
            voter,
            target,
            colour: Colour::of(ctx.roleset, &ctx.state, voter),
            weight: UNIT,
            seq,
            auto,
            advance,
            hidden: false,
            why: vec![why],
        };
    // An auto-vote: not sent by the voter, so it has no submission order.
    let auto_vote = |voter: SlotId, target: SlotId, advance: bool, why: String| {
        vote(voter, target, 0, true, advance, why)
    };
    for voter in voters {
        let name = ctx.name(voter);
        let mine: Vec<&Ballot> = given.iter().filter(|b| b.voter == voter).collect();
        if ctx.has_status(voter, "penalty_no_vote") {
            continue;
        }
        if kind == Kind::Revote && targets.contains(&voter) {
            for t in targets.iter().filter(|t| **t != voter) {
                out.push(auto_vote(
                    voter,
                    *t,
                    false,
                    format!(
                        "{name} is a target of the re-vote: they vote against {} (L151)",
                        ctx.name(*t)
                    ),
                ));
            }
            continue;
        }
        if ctx.has_status(voter, "no_wall") {
            if kind == Kind::Lynch {
                out.push(auto_vote(
                    voter,
                    voter,
                    false,
                    format!(
                        "{name} posted no wall: not admitted, auto-vote against themselves (L136)"
                    ),
                ));
            }
            continue;
        }
        if kind == Kind::Lynch && ctx.has_status(voter, "forced_victim") {
            out.push(auto_vote(
                voter,
                voter,
                false,
                format!(
                    "{name} is the forced victim of this vote: auto-vote against themselves (L141)"
                ),
            ));
            continue;
        }
        if mine.is_empty() {
            match kind {
                Kind::Lynch if auto_self => out.push(auto_vote(
                    voter,
                    voter,
                    false,
                    format!(
                        "{name} did not vote in time: auto-vote against themselves (L150, Q54)"
                    ),
                )),
                _ => abstained.push(voter),
            }
            continue;
        }
        for b in mine {
            let Some(target) = b.target else {
                abstained.push(voter);
                continue;
            };
            let how = if b.advance {
                " (left with the host by PM)"
            } else {
                ""
            };
            match invalid_target(ctx, target) {
                Some(why) if kind == Kind::Lynch && auto_self => out.push(auto_vote(voter, voter, b.advance, format!("{name}'s vote for {} is invalid ({why}): it is an auto-vote against themselves (L151)", ctx.name(target)))),
                Some(why) => {
                    let _ = why;
                    abstained.push(voter);
                }
                None if kind == Kind::Revote && !targets.contains(&target) => abstained.push(voter),
                None => out.push(vote(voter, target, b.seq, false, b.advance, format!("{name} votes {}{how}", ctx.name(target)))),
            }
        }
    }
    (out, abstained)
}

/// Count a ballot.
pub fn count(ctx: &mut Ctx, kind: Kind, ballot: &str, targets: &[SlotId]) -> Tally {
    let (mut votes, abstained) = gather(ctx, kind, ballot, targets);
    if kind != Kind::Hunt {
        for (voter, t, whose) in role_hooks::hidden_votes(ctx) {
            // The voter's colour: black, or grey for the faceless liar (L97, L78).
            let colour = Colour::of(ctx.roleset, &ctx.state, voter);
            votes.push(Counted {
                voter,
                target: t,
                colour,
                weight: UNIT,
                seq: 0,
                auto: false,
                advance: false,
                hidden: true,
                why: vec![format!("a hidden {} vote of {whose} (L97)", colour.word())],
            });
        }
    }
    let cap = corrections::black_cap(ctx.roleset, &ctx.state);
    let black_cap = corrections::black_cap_in_force(&ctx.state);
    let red_cap = corrections::red_cap_in_force(ctx.roleset, &ctx.state);
    let flat = kind == Kind::Hunt && ctx.option("hunt_weights") == "one_each";
    let pairs: Vec<(SlotId, SlotId)> = votes
        .iter()
        .filter(|v| !v.hidden)
        .map(|v| (v.voter, v.target))
        .collect();
    for v in &mut votes {
        // Step 2: the weight with its modifiers (a hidden vote is one black vote, L97).
        let cast = CastVote {
            voter: v.voter,
            target: v.target,
            all: &pairs,
        };
        if !flat && !v.hidden {
            let mut boosts = host_adjustments(ctx, v.voter);
            boosts.extend(role_hooks::vote_boosts(ctx, &cast));
            if let Some(why) = role_hooks::voids_boosts(ctx, &cast) {
                boosts.retain(|(bonus, _)| *bonus <= 0);
                boosts.push((0, why));
            }
            for (bonus, why) in boosts {
                v.weight += bonus;
                v.why.push(why);
            }
        }
        // Step 3: zeroing.
        let auto_on_immune = (v.auto && immune(&ctx.state, v.target).is_some())
            .then(|| "an auto-vote against an immune player counts zero".to_string());
        if let Some(why) = auto_on_immune.or_else(|| role_hooks::zeroes_vote(ctx, &cast)) {
            v.weight = 0;
            v.why.push(why);
        } else if let Some(why) = role_hooks::caps_vote(ctx, v.voter)
            && v.weight > UNIT
        {
            v.weight = UNIT;
            v.why.push(why);
        }
        // Step 4: the red correction.
        if red_cap && v.colour != Colour::Black && v.weight > cap as i32 * UNIT {
            v.why.push(if v.colour == Colour::Grey {
                format!("the faceless's vote is capped like a red one at C_B = {cap} (L12)")
            } else {
                format!("a red vote is capped at C_B = {cap} (L10)")
            });
            v.weight = cap as i32 * UNIT;
        }
    }
    let mut tally = Tally {
        abstained,
        ..Tally::default()
    };
    let targets_now: Vec<SlotId> = {
        let mut t: Vec<SlotId> = votes.iter().map(|v| v.target).collect();
        t.sort();
        t.dedup();
        t
    };
    // "All reds" leaves out the faceless, the masons and the agents (L10, L13): the reds alone.
    let active_reds: Vec<SlotId> = ctx
        .state
        .living()
        .filter(|s| {
            !teams::is_black(ctx.roleset, s)
                && !teams::is_grey(ctx.roleset, s)
                && ctx.roleset.side_of(&s.role) != teams::ELITE
                && corrections::active(ctx.roleset, &ctx.state, s.id)
        })
        .map(|s| s.id)
        .collect();
    for t in targets_now {
        let idx: Vec<usize> = (0..votes.len()).filter(|i| votes[*i].target == t).collect();
        // The all-reds override also reaches a faceless (L13).
        let target_black = teams::black(ctx, t) || {
            let grey = ctx
                .state
                .slots
                .get(t)
                .is_some_and(|s| teams::is_grey(ctx.roleset, s));
            grey && kind != Kind::Hunt
        };
        let all_reds = !active_reds.is_empty()
            && target_black
            && active_reds
                .iter()
                .all(|r| idx.iter().any(|i| votes[*i].voter == *r && !votes[*i].auto));
        // Step 5: barriers: the target's own, and one a role set on him, which its makers'
        // votes face differently (the drug's, L13, L34). A role that breaks barriers breaks
        // the set one too (the liar's scandal, L32).
        let own = own_barrier(ctx, t);
        let set = role_hooks::set_barrier(ctx, t, own)
            .filter(|_| !role_hooks::breaks_barriers(&ctx.state, t));
        let drug = set.as_ref().map_or(0, |b| b.k);
        let (mut k, mut k_dealer) = (own.max(drug), set.as_ref().map_or(own, |b| b.for_makers));
        if k > 0 && all_reds {
            ctx.note(
                format!("barrier:{}", ctx.name(t)),
                "votes",
                format!(
                    "every active red voted {}: their barrier counts as zero (L13)",
                    ctx.name(t)
                ),
            );
            (k, k_dealer) = (0, 0);
        }
        let makers = set.as_ref().map_or(&[][..], |b| &b.makers);
        let (dealers, others): (Vec<usize>, Vec<usize>) =
            idx.iter().partition(|i| makers.contains(&votes[**i].voter));
        for i in &dealers {
            if let Some(b) = &set {
                votes[*i].why.push(b.why.clone());
            }
        }
        apply_barrier(ctx, &mut votes, &others, t, k);
        apply_barrier(ctx, &mut votes, &dealers, t, k_dealer);
        // Step 6: the black cap on the sum of black votes into one player.
        let red: i32 = idx
            .iter()
            .filter(|i| votes[**i].colour == Colour::Red)
            .map(|i| votes[*i].weight)
            .sum();
        // The liar's hidden votes stay under the black cap unless the option says not (Q62).
        let uncapped = |i: &&usize| votes[**i].hidden && ctx.option("liar_hidden_capped") == "no";
        let black_of = |capped: bool| -> i32 {
            idx.iter()
                .filter(|i| votes[**i].colour == Colour::Black && uncapped(i) != capped)
                .map(|i| votes[*i].weight)
                .sum()
        };
        let (mut black, beyond) = (black_of(true), black_of(false));
        let mut sum_why = Vec::new();
        if black_cap && black > cap as i32 * UNIT {
            sum_why.push(format!(
                "black votes {} capped at C_B = max(R_act − 1, B_act) = {cap} (L11)",
                show(black)
            ));
            black = cap as i32 * UNIT;
        }
        black += beyond;
        // The grey correction: grey and black votes together stay under C_BG (L12).
        let grey: i32 = idx
            .iter()
            .filter(|i| votes[**i].colour == Colour::Grey)
            .map(|i| votes[*i].weight)
            .sum();
        if grey > 0 {
            let cap_bg = corrections::grey_black_cap(ctx.roleset, &ctx.state) as i32 * UNIT;
            if black_cap && black + grey > cap_bg {
                sum_why.push(format!(
                    "grey and black votes {} capped at C_BG = {} (L12)",
                    show(black + grey),
                    show(cap_bg)
                ));
                black = cap_bg;
            } else {
                black += grey;
            }
        }
        let total = (red + black).max(0);
        sum_why.insert(
            0,
            format!(
                "{}: red {} + black {} = {}",
                ctx.name(t),
                show(red),
                show(black),
                show(total)
            ),
        );
        if kind == Kind::Hunt && all_reds {
            tally.forced.push((
                t,
                "every surviving red voted this black at the witch hunt (L10)".into(),
            ));
        }
        tally.red.insert(t, red);
        tally.black.insert(t, black);
        tally.totals.insert(t, total);
        ctx.outcome.counted.push(CountedTotal {
            ballot: ballot.to_string(),
            target: ctx.name(t),
            total,
        });
        ctx.step(Step {
            key: format!("tally:{}", ctx.name(t)),
            stage: "votes".into(),
            actor: None,
            ability: None,
            targets_before: vec![ctx.name(t)],
            targets_after: vec![],
            result: StepResult::Info,
            reasons: sum_why,
        });
    }
    // The all-others override (L13): every other living player voted against one player, the
    // masons and the agents aside.
    let living: Vec<SlotId> = ctx
        .state
        .living()
        .map(|s| s.id)
        .filter(|p| !role_hooks::left_out_of_everyone(&ctx.state, *p))
        .collect();
    for t in tally.totals.keys().copied().collect::<Vec<_>>() {
        let everyone = living.len() > 1
            && living.iter().filter(|p| **p != t).all(|p| {
                votes
                    .iter()
                    .any(|v| v.voter == *p && v.target == t && !v.hidden)
            });
        if everyone && !tally.forced.iter().any(|(f, _)| *f == t) {
            tally
                .forced
                .push((t, "every other player voted against them (L13)".into()));
        }
    }
    for v in &votes {
        ctx.step(Step {
            key: format!("vote:{}>{}", ctx.name(v.voter), ctx.name(v.target)),
            stage: "votes".into(),
            actor: Some(v.voter),
            ability: None,
            targets_before: vec![ctx.name(v.target)],
            targets_after: vec![ctx.name(v.target)],
            result: StepResult::Info,
            reasons: {
                let mut r = v.why.clone();
                r.push(format!(
                    "{} vote counts {}",
                    v.colour.word(),
                    show(v.weight)
                ));
                r
            },
        });
    }
    tally.votes = votes;
    tally
}

/// A barrier of `k` on `target` against the votes `idx` (L13): each vote counts at most 1 (the
/// judge's, above 3, at most 2), then `k` votes are cancelled, black votes first; the lawyer's
/// votes against his black check pass untouched (L28).
fn apply_barrier(ctx: &Ctx, votes: &mut [Counted], idx: &[usize], target: SlotId, k: u32) {
    if k == 0 {
        return;
    }
    let mut held = Vec::new();
    for &i in idx {
        match role_hooks::passes_barrier(ctx, votes[i].voter, target) {
            Some(why) => votes[i].why.push(why),
            None => held.push(i),
        }
    }
    let idx = held;
    for i in &idx {
        let most = role_hooks::through_barrier(ctx, votes[*i].voter);
        if votes[*i].weight > most * UNIT {
            votes[*i].weight = most * UNIT;
            votes[*i].why.push(if most > 1 {
                format!(
                    "{} has a barrier: the judge's vote, above 3, counts at most {most} (L33)",
                    ctx.name(target)
                )
            } else {
                format!(
                    "{} has a barrier: the vote counts at most 1 (L13)",
                    ctx.name(target)
                )
            });
        }
    }
    let mut weights: Vec<(Colour, i32)> = idx
        .iter()
        .map(|i| (votes[*i].colour, votes[*i].weight))
        .collect();
    let grey_first = ctx.option("barrier_order") != "black_red_grey";
    for j in corrections::cancel_units(&mut weights, k as i32 * UNIT, grey_first) {
        let i = idx[j];
        votes[i].weight = weights[j].1;
        votes[i].why.push(format!(
            "cancelled by {}'s barrier of {k}, black votes first (L13)",
            ctx.name(target)
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::show;

    #[test]
    fn half_votes_read_as_the_posts_write_them() {
        assert_eq!(show(6), "3");
        assert_eq!(show(5), "2.5");
        assert_eq!(show(1), "0.5");
        assert_eq!(show(0), "0");
        assert_eq!(show(-3), "-1.5");
    }
}
