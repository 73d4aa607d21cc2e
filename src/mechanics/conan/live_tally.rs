//! The live tally of a Conan phase as its resolution counts it (§8.2, §9). The phase is resolved
//! on a copy and each ballot is shown vote by vote as `vote.rs` counted it: the votes that do not
//! count and why (a voter arrested or APTXed earlier today, hindered, frightened, a leader ballot
//! from a member lynched before the election), a blackmailed vote under the pick it counts for,
//! the Accusations and Accompanies as votes of +1 and -1, the totals the result uses, and who
//! may still vote. The reading of the count (who leads) is made from those totals, so nothing
//! the tally says can disagree with the post.

use super::vote::Counted;
use crate::engine::GameState;
use crate::engine::resolve::Ctx;
use crate::engine::tally::{self, BallotTally, CastVote, Tally, TargetTally};
use crate::rules::Roleset;

pub fn tally(roleset: &Roleset, state: &GameState, seed: u64) -> Tally {
    let mut live = tally::count(roleset, state, None);
    let mut ctx = Ctx::dry_run(roleset, state, seed);
    let counts = super::resolve_counting(&mut ctx);
    for b in &mut live.ballots {
        match counts.iter().find(|c| c.ballot == b.id) {
            Some(counted) => *b = as_counted(roleset, &ctx, b, counted),
            None => not_counted(roleset, b),
        }
    }
    live
}

/// The ballot as the resolution counted it: its votes grouped by the candidate they count for,
/// each total the one the resolution recorded (`Outcome::counted`).
fn as_counted(
    roleset: &Roleset,
    ctx: &Ctx,
    entered: &BallotTally,
    counted: &Counted,
) -> BallotTally {
    let mut targets: Vec<TargetTally> = Vec::new();
    for v in &counted.votes {
        let cast = CastVote {
            seq: v.seq,
            voter: v.voter,
            weight: v.weight,
            void: v.void.clone(),
            source: v.source.clone(),
        };
        match targets.iter_mut().find(|t| t.target == v.target) {
            Some(t) => t.votes.push(cast),
            None => targets.push(TargetTally {
                target: v.target.clone(),
                total: 0,
                votes: vec![cast],
            }),
        }
    }
    for t in &mut targets {
        t.total = tally::counted_total(&ctx.outcome.counted, &counted.ballot, &t.target);
    }
    // Most counted first; ties keep the order the count met them in (stable sort).
    targets.sort_by_key(|t| std::cmp::Reverse(t.total));
    let mut ballot = BallotTally {
        targets,
        not_voted: counted.missing.clone(),
        thresholds: Vec::new(),
        ..entered.clone()
    };
    ballot.thresholds = tally::ballot_rule_and_leader(roleset, &ballot);
    ballot.thresholds.extend(counted.notes.iter().cloned());
    ballot
}

/// A ballot open in a phase that does not count it (the BO's leader ballots in Prep, §8.2: the
/// election is held at a Night's or a Day's end): nothing it holds counts, and nobody is waited
/// for.
fn not_counted(roleset: &Roleset, ballot: &mut BallotTally) {
    let why = format!("the {} is counted at a Night's or a Day's end", ballot.name);
    for t in &mut ballot.targets {
        t.total = 0;
        for v in t.votes.iter_mut().filter(|v| v.void.is_none()) {
            v.void = Some(why.clone());
        }
    }
    ballot.not_voted.clear();
    ballot.thresholds = tally::ballot_rule_and_leader(roleset, ballot);
}
