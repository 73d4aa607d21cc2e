//! The live tally of a 1923 day (who would go to court, and the thresholds) and the doubts a
//! vote meets before the count.

use super::resolve;
use crate::engine::outcome::Outcome;
use crate::engine::resolve::Ctx;
use crate::engine::tally::{self, BallotTally, Tally, TargetTally};
use crate::engine::{GameState, SlotId};
use crate::rules::{Roleset, TargetKind};

/// A family at court whose members got no individual vote: they all tie at nothing, so the
/// court kills every one of them (seed L172). Easy to cause by committing before the
/// individual votes are in, so the commit check says it outright.
pub(super) fn court_without_individual_votes(state: &GameState, preview: &Outcome) -> Vec<String> {
    preview
        .steps
        .iter()
        .filter_map(|s| s.key.strip_prefix("court:"))
        .filter_map(|family| {
            let members = state.living_in(family);
            let voted = preview.counted.iter().any(|c| {
                c.ballot == "individual"
                    && c.total != 0
                    && state
                        .slot_by_name(&c.target)
                        .is_some_and(|s| members.contains(&s.id))
            });
            (members.len() > 1 && !voted).then(|| {
                format!(
                    "{family} goes to court with no individual vote for any of its {} members: they tie and all die (L172)",
                    members.len()
                )
            })
        })
        .collect()
}

/// The live tally as the day's resolution will count it. The votes are read as entered, then
/// the day is resolved on a copy: a jail, an injury or a court absence that only the day's
/// stages decide voids the votes it voids, and each total is the one the court will use.
pub(super) fn live_tally(roleset: &Roleset, state: &GameState, seed: u64) -> Tally {
    let mut t = tally::count(roleset, state, None);
    if t.ballots.is_empty() {
        return t;
    }
    let mut ctx = Ctx::dry_run(roleset, state, seed);
    resolve(&mut ctx);
    let why_void = |voter: SlotId, ballot: &str, extra: bool| {
        let name = ctx.name(voter);
        let key = if extra {
            format!("extra:{name}")
        } else {
            format!("vote:{name}")
        };
        let ballot_word = format!("{ballot} vote");
        ctx.outcome
            .steps
            .iter()
            .filter(|s| s.key == key)
            .flat_map(|s| s.reasons.iter())
            .find(|r| r.contains("votes do not count") || r.contains(&ballot_word))
            .cloned()
    };
    for b in &mut t.ballots {
        for target in &mut b.targets {
            for v in target.votes.iter_mut().filter(|v| v.void.is_none()) {
                v.void = why_void(v.voter, &b.id, v.source.is_some());
            }
            target.total = tally::counted_total(&ctx.outcome.counted, &b.id, &target.target);
        }
        b.targets.sort_by_key(|x| std::cmp::Reverse(x.total));
        b.thresholds = court_thresholds(roleset, state, b);
    }
    t
}

/// How the court uses the day's counts, with where they stand now.
pub(super) fn court_thresholds(
    roleset: &Roleset,
    state: &GameState,
    ballot: &BallotTally,
) -> Vec<String> {
    match ballot.target_kind {
        TargetKind::Family => {
            let seats: usize = state.option(roleset, "court_families").parse().unwrap_or(3);
            let positive: Vec<&TargetTally> =
                ballot.targets.iter().filter(|t| t.total > 0).collect();
            let cutoff = positive.get(seats.saturating_sub(1)).map(|t| t.total);
            let in_court: Vec<String> = positive
                .iter()
                .filter(|t| cutoff.is_none_or(|c| t.total >= c))
                .map(|t| format!("{} {}", t.target, t.total))
                .collect();
            vec![
                format!("court: the {seats} families with the most votes go, ties included"),
                if in_court.is_empty() {
                    "court now: nobody".to_string()
                } else {
                    format!("court now: {}", in_court.join(", "))
                },
            ]
        }
        TargetKind::Player => {
            vec!["in each family at court, its most voted member dies (ties: all)".to_string()]
        }
        _ => tally::ballot_rule_and_leader(roleset, ballot),
    }
}

/// An improper vote is recorded and does not count; say why as soon as it is entered.
pub fn vote_warnings(state: &GameState, ballot: &str, voter: SlotId, target: &str) -> Vec<String> {
    let Some(v) = state.slots.get(voter) else {
        return Vec::new();
    };
    match ballot {
        "family" if v.family.as_deref() == Some(target) => {
            vec![format!(
                "improper: {} may not vote for their own family",
                v.name
            )]
        }
        "individual" => {
            let t = state.slot_by_name(target);
            match t {
                Some(t) if t.id == voter => {
                    vec![format!("improper: {} may not vote for themselves", v.name)]
                }
                Some(t) if t.family != v.family => {
                    vec![format!(
                        "improper: {} is not in {}'s family",
                        t.name, v.name
                    )]
                }
                Some(t) if !t.alive => vec![format!("improper: {} is dead", t.name)],
                Some(t) if t.has_status("exiled") => {
                    vec![format!("improper: {} is exiled", t.name)]
                }
                _ => Vec::new(),
            }
        }
        _ => Vec::new(),
    }
}
