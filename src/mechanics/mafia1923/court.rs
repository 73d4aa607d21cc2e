//! The court: the families most voted against, and in each its most voted member, with the
//! Sheriffs and Lawyers (seed 003 line 172).

use super::{PhaseRun, Rules1923, push_step};
use crate::engine::SlotId;
use crate::engine::outcome::{Audience, StepResult, Verdict};
use crate::engine::resolve::Ctx;
use crate::kernel::attack::kill;
use std::collections::BTreeSet;

impl Rules1923 {
    /// Day step 6: the families with the most votes go to court; in each, the most voted die.
    pub(super) fn court(&mut self, ctx: &mut Ctx, run: &mut PhaseRun) {
        let seats: usize = ctx.option("court_families").parse().unwrap_or(3);
        let mut ranked: Vec<(String, i32)> = run
            .ledger
            .family_totals
            .iter()
            .filter(|(_, n)| **n > 0)
            .map(|(f, n)| (f.clone(), *n))
            .collect();
        ranked.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        let cutoff = ranked
            .get(seats.saturating_sub(1))
            .map(|x| x.1)
            .unwrap_or(i32::MIN);
        let in_court: Vec<(String, i32)> =
            ranked.into_iter().filter(|(_, n)| *n >= cutoff).collect();
        if in_court.is_empty() {
            ctx.note(
                "court",
                "court",
                "no family received a counted vote: nobody goes to court",
            );
        }
        let mut anyone_died = false;
        for (family, votes) in in_court {
            let key = format!("court:{family}");
            let mut reasons = vec![format!(
                "the family {family} goes to court with {votes} vote(s)"
            )];
            let living = ctx.state.living_in(&family);
            let members: Vec<SlotId> = living
                .iter()
                .copied()
                .filter(|id| !ctx.has_status(*id, "jailed"))
                .collect();
            let mut doomed = Self::most_voted(run, &members);
            if living.is_empty() {
                reasons.push("it has no living player: it takes a court place, nobody dies".into());
            } else if members.is_empty() {
                reasons.push("its only living player is jailed: nobody dies from it".into());
            }
            let saved: BTreeSet<SlotId> = run
                .court_saves
                .iter()
                .map(|(_, t)| *t)
                .filter(|t| doomed.contains(t))
                .collect();
            if !saved.is_empty() {
                let names = saved
                    .iter()
                    .map(|s| ctx.name(*s))
                    .collect::<Vec<_>>()
                    .join(", ");
                if living.len() == 1 {
                    reasons.push(format!("a Lawyer defends {names}, the only living player of {family}: nobody dies from it"));
                    doomed.clear();
                } else {
                    let rest: Vec<SlotId> = members
                        .iter()
                        .copied()
                        .filter(|m| !saved.contains(m))
                        .collect();
                    let others_tied: Vec<SlotId> = doomed
                        .iter()
                        .copied()
                        .filter(|d| !saved.contains(d))
                        .collect();
                    doomed = if others_tied.is_empty() {
                        Self::most_voted(run, &rest)
                    } else {
                        others_tied
                    };
                    reasons.push(format!(
                        "a Lawyer saves {names}; the next most voted of {family} die instead"
                    ));
                }
            }
            let result = match ctx.verdict(&key) {
                Some((Verdict::Succeed, why)) => {
                    reasons.push(format!("host override: the court goes ahead ({why})"));
                    StepResult::Success
                }
                Some((_, why)) => {
                    reasons.push(format!("host override: nobody from {family} dies ({why})"));
                    doomed.clear();
                    StepResult::Skipped
                }
                None if doomed.is_empty() => StepResult::Failed,
                None => StepResult::Success,
            };
            for d in doomed {
                let n = run.ledger.player_totals.get(&d).copied().unwrap_or(0);
                reasons.push(format!(
                    "{} has the most individual votes in {family} ({n})",
                    ctx.name(d)
                ));
                kill(ctx, run, self, d, "court", None, &mut reasons);
                anyone_died = true;
            }
            push_step(ctx, key, "court", None, result, reasons);
        }
        if !anyone_died {
            ctx.say(Audience::Public, "public_no_court_death", &[]);
        }
    }

    /// Of these members, those with the most individual votes (all tied ones). Zero counts
    /// too: the seed's sole-survivor rules (a jailed or defended sole survivor is spared)
    /// presume that a family's last living player, whom nobody can vote for, dies in court.
    pub(super) fn most_voted(run: &PhaseRun, members: &[SlotId]) -> Vec<SlotId> {
        let count = |id: &SlotId| run.ledger.player_totals.get(id).copied().unwrap_or(0);
        let Some(top) = members.iter().map(count).max() else {
            return Vec::new();
        };
        members
            .iter()
            .copied()
            .filter(|m| count(m) == top)
            .collect()
    }
}
