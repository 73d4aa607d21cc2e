//! The judge (§5.16, L33): a passive role of the vote. His vote counts 6 at the start; a lynched
//! red costs him 3 if he voted against that red and 2 if he did not, a lynched black he voted
//! against gives 1 back (never above 6; the faceless changes nothing). A player he votes
//! against who would go to a re-vote with another is convicted alone instead, and while his
//! weight is above 3 a barrier cuts his vote only to 2.

use super::{Role, teams};
use crate::engine::resolve::Ctx;
use crate::engine::{GameState, SlotId};

pub const ROLE: &str = "judge";
/// How much of the judge's starting weight is lost: a slot counter, so that an active citizen
/// who takes the role takes the weight with it (L9).
const LOST: &str = "judge_weight_lost";
/// The judge's weight at the start of the game (L33).
const FULL: u32 = 6;

pub struct Judge;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    options: &["judge_min_weight"],
    roles: &["judge"],
    ..crate::engine::system::Requirements::NONE
};

impl Role for Judge {
    fn requires(&self) -> crate::engine::system::Requirements {
        REQUIRES
    }
    fn convicts_at_a_tie(
        &self,
        ctx: &mut Ctx,
        tally: &super::super::votes::Tally,
        top: &[SlotId],
    ) -> Option<SlotId> {
        let his_votes = tally.own_votes(judge(&ctx.state));
        convicts(ctx, &his_votes, top)
    }
    fn after_the_vote(&self, ctx: &mut Ctx, vote: &super::VoteDone, step: super::AfterTheVote) {
        if step != super::AfterTheVote::Weights {
            return;
        }
        // The judge of the vote: whoever held the role before the rope.
        let judge = teams::holder_among(&ctx.state, ROLE, vote.alive_before);
        let his_votes = vote.tally.own_votes(judge);
        after_lynch(ctx, judge, vote.lynched, &his_votes);
    }
    fn decides_ties(&self, state: &GameState) -> Option<SlotId> {
        working_judge(state)
    }
    fn vote_boosts(&self, ctx: &Ctx, vote: &super::CastVote) -> Vec<(i32, String)> {
        super::in_half_votes(weight_modifiers(ctx, vote.voter))
    }
    fn through_barrier(&self, ctx: &Ctx, voter: SlotId) -> Option<i32> {
        Some(barrier_floor(ctx, voter))
    }
    fn id(&self) -> &'static str {
        ROLE
    }
    fn inherited(&self) -> &'static [&'static str] {
        &[LOST]
    }
}

/// The living judge.
pub fn judge(state: &GameState) -> Option<SlotId> {
    teams::holder(state, ROLE)
}

/// The judge whose role works now: a blocked one convicts nobody and has no say at the hunt's
/// tie (L16, L33).
pub fn working_judge(state: &GameState) -> Option<SlotId> {
    judge(state).filter(|j| !super::super::blocks::role_blocked(state, &state.slots[*j]))
}

/// The judge's weight now: 6 less what he lost, never below the `judge_min_weight` option (Q29;
/// a weight cannot be negative).
pub fn weight(ctx: &Ctx, judge: SlotId) -> u32 {
    let lost = ctx.state.slots.get(judge).map_or(0, |s| s.counter(LOST));
    let floor = ctx
        .option("judge_min_weight")
        .parse()
        .unwrap_or(0)
        .min(FULL);
    FULL.saturating_sub(lost).max(floor)
}

/// The judge's weight as a modifier of his vote's base weight of 1 (§4.6 step 2).
pub fn weight_modifiers(ctx: &Ctx, voter: SlotId) -> Vec<(i32, String)> {
    if super::super::borrowed::copied(&ctx.state.slots[voter], ROLE) {
        let owner = teams::owner(&ctx.state, ROLE).map(|j| weight(ctx, j));
        let w =
            super::super::borrowed::a_third_weaker(&ctx.option("actor_third_weaker"), FULL, owner)
                as i32;
        return vec![(
            w - 1,
            format!(
                "{:+}: a copied judge's vote counts {w}, a third weaker (L40, Q35)",
                w - 1
            ),
        )];
    }
    if judge(&ctx.state) != Some(voter)
        || super::super::blocks::role_blocked(&ctx.state, &ctx.state.slots[voter])
    {
        return Vec::new();
    }
    let w = weight(ctx, voter) as i32;
    if w == 1 {
        return Vec::new();
    }
    vec![(
        w - 1,
        format!("{:+}: the judge's vote counts {w} (L33)", w - 1),
    )]
}

/// The least a barrier leaves of a vote: 2 for the judge while his weight is above 3, else 1
/// (L33, L13).
pub fn barrier_floor(ctx: &Ctx, voter: SlotId) -> i32 {
    if judge(&ctx.state) == Some(voter)
        && weight(ctx, voter) > 3
        && !super::super::blocks::role_blocked(&ctx.state, &ctx.state.slots[voter])
    {
        2
    } else {
        1
    }
}

/// Of players tied for a re-vote, the one the judge voted against is convicted alone (L33).
pub fn convicts(ctx: &mut Ctx, his_votes: &[SlotId], tied: &[SlotId]) -> Option<SlotId> {
    let j = working_judge(&ctx.state)?;
    let mut convicted = tied.iter().copied().filter(|t| his_votes.contains(t));
    let one = convicted.next()?;
    if convicted.next().is_some() {
        return None;
    }
    ctx.note(
        "judge",
        "votes",
        format!(
            "the judge {} voted against {}: no re-vote, {} is convicted and dies alone (L33)",
            ctx.name(j),
            ctx.name(one),
            ctx.name(one)
        ),
    );
    Some(one)
}

/// After a lynch: each lynched player changes the judge's weight (L33). `judge` is the judge
/// before the lynch; a lynched judge keeps what he had for whoever takes his role.
pub fn after_lynch(ctx: &mut Ctx, judge: Option<SlotId>, lynched: &[SlotId], his_votes: &[SlotId]) {
    let Some(j) = judge else {
        return;
    };
    let before = weight(ctx, j);
    for l in lynched {
        let Some(slot) = ctx.state.slots.get(*l) else {
            continue;
        };
        let voted = his_votes.contains(l);
        let lost = ctx.state.slots[j].counter(LOST);
        let lost = if teams::is_black(ctx.roleset, slot) {
            if voted { lost.saturating_sub(1) } else { lost }
        } else {
            lost + if voted { 3 } else { 2 }
        };
        let lost = lost.min(FULL);
        if let Some(s) = ctx.state.slots.get_mut(j) {
            if lost == 0 {
                s.counters.remove(LOST);
            } else {
                s.counters.insert(LOST.into(), lost);
            }
        }
    }
    let after = weight(ctx, j);
    if after != before {
        ctx.note(
            "judge",
            "votes",
            format!(
                "the judge {}'s vote now counts {after} (was {before}; L33)",
                ctx.name(j)
            ),
        );
    }
}
