//! The live tally of a ru-city vote as the resolution will count it: the same §4.6 pipeline
//! (auto-votes, weights, zeroing, corrections, barriers, the black cap) run on a copy of the
//! state, so the host never watches a count the result will not match.

use super::kept::{self, Round};
use super::votes::{self, Kind};
use crate::engine::resolve::Ctx;
use crate::engine::tally::{self, BallotTally, CastVote, Tally, TargetTally};
use crate::engine::{GameState, SlotId};
use crate::rules::{Roleset, TargetKind};

/// The count of the round open now; rounds the §4.6 pipeline does not count (the election)
/// get the generic count.
pub fn tally(roleset: &Roleset, state: &GameState, seed: u64, open: Option<&str>) -> Tally {
    let counted = match (Round::now(state), open) {
        (Round::Vote, Some("witch_hunt")) => Some((Kind::Hunt, "witch_hunt", Vec::new())),
        (Round::Vote, _) => Some((Kind::Lynch, "lynch", Vec::new())),
        (Round::PriestRevote, _) => {
            let (kind, targets) = super::day::priest_revote_kind(roleset, state);
            Some((kind, "priest_revote", targets))
        }
        (Round::ExtraVote, _) => Some((Kind::Lynch, "extra_vote", Vec::new())),
        (Round::Revote, _) => Some((Kind::Revote, "revote", kept::of(state).candidates.clone())),
        _ => None,
    };
    let Some((kind, ballot, targets)) = counted else {
        let mut generic = tally::generic(roleset, state, open);
        zero_the_masons_election_votes(state, &mut generic);
        return generic;
    };
    let mut ctx = Ctx::dry_run(roleset, state, seed);
    super::roles::round_opens(&mut ctx);
    let counted = votes::count(&mut ctx, kind, ballot, &targets);
    let mut targets: Vec<TargetTally> = counted
        .totals
        .iter()
        .map(|(&t, &total)| TargetTally {
            target: ctx.name(t),
            total,
            votes: counted
                .votes
                .iter()
                .filter(|v| v.target == t)
                .map(|v| CastVote {
                    seq: v.seq,
                    voter: v.voter,
                    weight: v.weight,
                    void: (v.weight == 0).then(|| v.why.last().cloned().unwrap_or_default()),
                    source: if v.hidden {
                        Some("hidden vote".to_string())
                    } else {
                        v.auto.then(|| "auto-vote".to_string())
                    },
                })
                .collect(),
        })
        .collect();
    // Most counted first; ties by the first vote that counts, as the posts list them.
    targets.sort_by_key(|t| {
        let first = t.votes.iter().map(|v| v.seq).filter(|s| *s > 0).min();
        (std::cmp::Reverse(t.total), first.unwrap_or(u64::MAX))
    });
    let voted: Vec<SlotId> = votes::ballots(&ctx, ballot)
        .iter()
        .map(|b| b.voter)
        .collect();
    let not_voted = state
        .voters(roleset)
        .filter(|s| !voted.contains(&s.id))
        .map(|s| s.id)
        .collect();
    let def = roleset.ballot(ballot);
    let mut b = BallotTally {
        id: ballot.to_string(),
        name: def.map(|d| d.name.clone()).unwrap_or_else(|| ballot.into()),
        target_kind: TargetKind::Player,
        targets,
        not_voted,
        thresholds: Vec::new(),
        unit: votes::UNIT,
    };
    b.thresholds = tally::ballot_rule_and_leader(roleset, &b);
    for (t, why) in &counted.forced {
        b.thresholds
            .push(format!("{} dies whatever the sums: {why}", ctx.name(*t)));
    }
    if matches!(kind, Kind::Lynch) {
        b.thresholds
            .extend(super::roles::host_asks(&ctx, &counted.totals));
    }
    Tally { ballots: vec![b] }
}

/// At the election the mason's vote counts zero, as the election counts it (L127.3).
fn zero_the_masons_election_votes(state: &GameState, tally: &mut Tally) {
    for ballot in &mut tally.ballots {
        for target in &mut ballot.targets {
            for vote in &mut target.votes {
                if let Some(why) = super::roles::election_vote_zeroed(state, vote.voter)
                    && vote.void.is_none()
                {
                    target.total -= vote.weight;
                    vote.weight = 0;
                    vote.void = Some(why);
                }
            }
        }
        ballot.targets.sort_by_key(|t| std::cmp::Reverse(t.total));
    }
}
