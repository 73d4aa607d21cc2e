//! The live vote count of the current phase, for the host to watch during a day: per ballot,
//! per target, the votes in the order they were cast with their weights, who has not voted, and
//! the thresholds the rule system decides by.
//!
//! [`count`] is the generic reading of the pending entries. A rule system whose resolution
//! counts otherwise (weights, jails, corrections) answers `RuleSystem::tally` with a dry run of
//! its own counting, so the tally is what the result will be; the thresholds say how the count
//! will be used.

use super::entry::PendingKind;
use super::state::{GameState, SlotId};
use crate::rules::{ABSTAIN, Effect, Roleset, TargetKind};

/// Every ballot open in the current phase.
#[derive(Clone, Debug, PartialEq)]
pub struct Tally {
    pub ballots: Vec<BallotTally>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct BallotTally {
    pub id: String,
    pub name: String,
    pub target_kind: TargetKind,
    /// Targets with at least one vote, most counted votes first (ties: first vote first).
    pub targets: Vec<TargetTally>,
    /// Players who may vote on this ballot and have not, in seat order.
    pub not_voted: Vec<SlotId>,
    /// How the rule system uses the count, in words ("the 3 families with the most votes go
    /// to court, ties included").
    pub thresholds: Vec<String>,
    /// How many units of its weights and totals make one vote: 1, or 2 where votes are
    /// counted in halves (ru-city's drug dealer buys half votes).
    pub unit: i32,
}

impl BallotTally {
    /// A weight or total of this ballot as a number of votes: `3`, `2.5`.
    pub fn votes(&self, n: i32) -> String {
        if self.unit <= 1 || n % self.unit == 0 {
            return (n / self.unit.max(1)).to_string();
        }
        format!("{:.1}", f64::from(n) / f64::from(self.unit))
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct TargetTally {
    pub target: String,
    /// The sum of the weights of the votes that count.
    pub total: i32,
    pub votes: Vec<CastVote>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct CastVote {
    /// The entry that cast it.
    pub seq: u64,
    pub voter: SlotId,
    pub weight: i32,
    /// Why it does not count, if it does not (improper vote, a status that blocks votes).
    pub void: Option<String>,
    /// Where the vote comes from when it is not a plain vote (an ability's extra votes).
    pub source: Option<String>,
}

impl CastVote {
    pub fn counts(&self) -> bool {
        self.void.is_none()
    }
}

/// Count the votes of the state's current phase, leaving the thresholds to the rule system.
/// Empty when no ballot is open. Where the rule system opens one ballot at a time (`open`, on
/// multi-round days), only that one and any other that already has votes are counted;
/// otherwise every ballot of the phase.
pub fn count(roleset: &Roleset, state: &GameState, open: Option<&str>) -> Tally {
    let kind = state.phase_kind(roleset);
    let has_votes = |id: &str| {
        state.pending.iter().any(|p| {
            p.replaced_by.is_none()
                && matches!(&p.kind, PendingKind::Vote { ballot, .. } if ballot == id)
        })
    };
    let ballots = roleset
        .ballots
        .iter()
        .filter(|b| b.open_in(kind))
        .filter(|b| open.is_none_or(|o| o == b.id || has_votes(&b.id)))
        .map(|b| {
            let mut targets: Vec<TargetTally> = Vec::new();
            let mut voted = std::collections::BTreeSet::new();
            for cast in votes_on(roleset, state, &b.id, &b.target) {
                let (target, vote) = cast;
                if vote.source.is_none() {
                    voted.insert(vote.voter);
                }
                // An explicit abstention is a vote cast for nobody: the voter has voted.
                if target == ABSTAIN {
                    continue;
                }
                match targets.iter_mut().find(|t| t.target == target) {
                    Some(t) => t.votes.push(vote),
                    None => targets.push(TargetTally {
                        target,
                        total: 0,
                        votes: vec![vote],
                    }),
                }
            }
            for t in &mut targets {
                t.total = t
                    .votes
                    .iter()
                    .filter(|v| v.counts())
                    .map(|v| v.weight)
                    .sum();
            }
            // Stable: ties keep the order of their first vote.
            targets.sort_by_key(|t| std::cmp::Reverse(t.total));
            // A player whose status stops his votes counting (injured, jailed) is not missing.
            let not_voted = state
                .living()
                .filter(|s| !voted.contains(&s.id) && blocked_voter(roleset, state, s.id).is_none())
                .map(|s| s.id)
                .collect();
            BallotTally {
                id: b.id.clone(),
                name: b.name.clone(),
                target_kind: b.target.clone(),
                targets,
                not_voted,
                thresholds: Vec::new(),
                unit: 1,
            }
        })
        .collect();
    Tally { ballots }
}

/// The live votes on one ballot, in entry order: plain votes, then the extra votes of the
/// phase's abilities (each where it falls in entry order).
fn votes_on(
    roleset: &Roleset,
    state: &GameState,
    ballot: &str,
    target_kind: &TargetKind,
) -> Vec<(String, CastVote)> {
    let mut out = Vec::new();
    for p in state.pending.iter().filter(|p| p.replaced_by.is_none()) {
        match &p.kind {
            PendingKind::Vote {
                ballot: b,
                voter,
                target,
            } if b == ballot => {
                let void = p
                    .warnings
                    .first()
                    .cloned()
                    .or_else(|| blocked_voter(roleset, state, *voter));
                out.push((
                    target.clone(),
                    CastVote {
                        seq: p.seq,
                        voter: *voter,
                        weight: 1,
                        void,
                        source: None,
                    },
                ));
            }
            PendingKind::Act {
                actor,
                ability,
                targets,
                ..
            } => {
                let Some(def) = roleset.ability(ability) else {
                    continue;
                };
                let Effect::ExtraVotes { weight } = def.effect else {
                    continue;
                };
                for (i, target) in targets.iter().enumerate() {
                    if def.targets.get(i) != Some(target_kind) {
                        continue;
                    }
                    out.push((
                        target.clone(),
                        CastVote {
                            seq: p.seq,
                            voter: *actor,
                            weight,
                            void: blocked_voter(roleset, state, *actor),
                            source: Some(def.name.clone()),
                        },
                    ));
                }
            }
            _ => {}
        }
    }
    out
}

/// A status of the voter that stops his votes counting.
fn blocked_voter(roleset: &Roleset, state: &GameState, voter: SlotId) -> Option<String> {
    let slot = state.slots.get(voter)?;
    slot.statuses
        .keys()
        .find(|s| roleset.status(s).is_some_and(|d| d.blocks_votes))
        .map(|s| format!("{} is {s}", slot.name))
}

/// The generic live tally: the votes as entered, each ballot read by its rule and its leader.
/// The total the resolution counted for a target of a ballot (0 if none): a live tally that
/// resolves the phase on a copy shows these, so it never promises a count the result will not
/// match.
pub fn counted_total(counted: &[super::outcome::CountedTotal], ballot: &str, target: &str) -> i32 {
    counted
        .iter()
        .find(|c| c.ballot == ballot && c.target == target)
        .map_or(0, |c| c.total)
}

pub fn generic(roleset: &Roleset, state: &GameState, open: Option<&str>) -> Tally {
    let mut t = count(roleset, state, open);
    for b in &mut t.ballots {
        b.thresholds = ballot_rule_and_leader(roleset, b);
    }
    t
}

/// The generic reading of a ballot's count: its rule as the roleset words it, and who leads.
pub fn ballot_rule_and_leader(roleset: &Roleset, ballot: &BallotTally) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(rule) = roleset
        .ballot(&ballot.id)
        .map(|b| b.description.as_str())
        .filter(|d| !d.is_empty())
    {
        lines.push(format!("rule: {rule}"));
    }
    lines.push(leading(ballot));
    lines
}

/// Who has the most counted votes now, naming every tied target. Nobody leads with nothing
/// counted: targets whose votes are all void (or taken away by a modifier) are no tie at 0.
fn leading(ballot: &BallotTally) -> String {
    let Some(top) = ballot
        .targets
        .iter()
        .map(|t| t.total)
        .max()
        .filter(|t| *t > 0)
    else {
        return "leading now: nobody".to_string();
    };
    let first: Vec<&str> = ballot
        .targets
        .iter()
        .filter(|t| t.total == top)
        .map(|t| t.target.as_str())
        .collect();
    let top = ballot.votes(top);
    match first.as_slice() {
        [one] => format!("leading now: {one} ({top})"),
        tied => format!("leading now: a tie at {top} between {}", tied.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::BallotTally;
    use crate::rules::TargetKind;

    fn ballot(unit: i32) -> BallotTally {
        BallotTally {
            id: "lynch".into(),
            name: "lynch".into(),
            target_kind: TargetKind::Player,
            targets: Vec::new(),
            not_voted: Vec::new(),
            thresholds: Vec::new(),
            unit,
        }
    }

    #[test]
    fn a_ballot_counted_in_halves_shows_votes() {
        assert_eq!(ballot(2).votes(5), "2.5");
        assert_eq!(ballot(2).votes(4), "2");
        assert_eq!(ballot(1).votes(5), "5");
    }
}
