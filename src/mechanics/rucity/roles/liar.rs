//! The liar (§5.15, L32; black holder L97). Once every vote of a round is in, he compromises up
//! to two players: their votes count zero and their barriers do not work; naming himself gives
//! him a double barrier. At a re-vote he may move once more, the first move cancelled (Q28: each
//! round's move stands alone, as the round's entries do; by option the first stays in force
//! beside the new one). A black liar's victims' votes fall to one instead of zero.

use super::{Entry, Role, refusal, teams};
use crate::engine::resolve::{Ctx, live_acts};
use crate::engine::{GameState, Refusal, SlotId};

pub const ROLE: &str = "liar";

pub struct Liar;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    options: &["liar_revote"],
    ..crate::engine::system::Requirements::NONE
};

impl Role for Liar {
    fn requires(&self) -> crate::engine::system::Requirements {
        REQUIRES
    }
    fn revote(&self, ctx: &mut Ctx, opens: bool) {
        if opens {
            keep_first(ctx);
        } else {
            forget_first(ctx);
        }
    }
    fn hidden_votes(&self, ctx: &Ctx) -> Vec<(SlotId, SlotId, &'static str)> {
        hidden_votes(ctx)
            .into_iter()
            .map(|(liar, t)| (liar, t, "the liar"))
            .collect()
    }
    fn zeroes_vote(&self, ctx: &Ctx, vote: &super::CastVote) -> Option<String> {
        zeroed(ctx.roleset, &ctx.state, vote.voter)
    }
    fn caps_vote(&self, ctx: &Ctx, voter: SlotId) -> Option<String> {
        capped(ctx, voter)
    }
    // In his scandal the liar's own barrier is doubled, his victims' broken (L32).
    fn barrier(&self, _roleset: &crate::rules::Roleset, state: &GameState, target: SlotId) -> u32 {
        barrier(state, target).unwrap_or(0)
    }
    fn breaks_barriers(&self, state: &GameState, target: SlotId) -> bool {
        barrier(state, target) == Some(0)
    }
    fn id(&self) -> &'static str {
        ROLE
    }
    fn refuse(&self, entry: &Entry) -> Result<(), Refusal> {
        let Some(hidden) = entry.params.get("hidden") else {
            return Ok(());
        };
        if !teams::plays_black(entry.roleset, entry.me()) {
            return refusal(
                ROLE,
                "hidden votes are a black liar's, or the faceless's (L97, L78)",
            );
        }
        let names = hidden.split(',').filter(|n| !n.trim().is_empty()).count();
        let others = entry.targets.iter().filter(|t| **t != entry.actor).count();
        if names > others {
            return refusal(
                ROLE,
                format!(
                    "one hidden vote per player he compromises other than himself: {others} (L97)"
                ),
            );
        }
        if let Some(n) = hidden
            .split(',')
            .map(str::trim)
            .find(|n| !n.is_empty() && entry.state.slot_by_name(n).is_none_or(|s| !s.alive))
        {
            return refusal(ROLE, format!("`{n}` is no living player (L97)"));
        }
        Ok(())
    }
    fn history(&self) -> &'static [&'static str] {
        &["pm_liar"]
    }
}

/// A black liar's hidden votes of this round (L97): one black vote into each named player,
/// left out of the posted list of voters.
pub fn hidden_votes(ctx: &Ctx) -> Vec<(SlotId, SlotId)> {
    let Some(liar) = teams::holder(&ctx.state, ROLE) else {
        return Vec::new();
    };
    let black = ctx
        .state
        .slots
        .get(liar)
        .is_some_and(|s| teams::plays_black(ctx.roleset, s));
    if !black || super::super::blocks::blocked(ctx, liar, ROLE).is_some() {
        return Vec::new();
    }
    live_acts(&ctx.state)
        .rev()
        .find(|a| a.actor == liar && a.ability == ROLE)
        .and_then(|a| a.params.get("hidden").cloned())
        .map(|h| {
            h.split(',')
                .filter_map(|n| ctx.slot_of(n.trim()))
                .map(|t| (liar, t))
                .collect()
        })
        .unwrap_or_default()
}

/// Whose colour sets the mechanics of the liar's move: his own, or that of the pimp who
/// assigned it to him as his slave (L94).
fn black_mechanics(roleset: &crate::rules::Roleset, state: &GameState, liar: SlotId) -> bool {
    let by = live_acts(state)
        .rev()
        .find(|a| a.actor == liar && a.ability == ROLE)
        .and_then(|a| super::pimp::assigned_by(state, a.params));
    state
        .slots
        .get(by.unwrap_or(liar))
        .is_some_and(|s| teams::plays_black(roleset, s))
}

/// The liar's move of this round, if his role is not blocked: (liar, his targets), with those
/// of his move at the vote kept through the re-vote by option (Q28 `keep_first`).
fn scandal(state: &GameState) -> Option<(SlotId, Vec<SlotId>)> {
    let liar = teams::holder(state, ROLE)?;
    let me = state.slots.get(liar)?;
    if super::super::blocks::role_blocked(state, me) {
        return None;
    }
    let mut targets: Vec<SlotId> = live_acts(state)
        .rev()
        .find(|a| a.actor == liar && a.ability == ROLE)
        .map(|act| {
            act.targets
                .iter()
                .filter_map(|t| state.slot_by_name(t).map(|s| s.id))
                .collect()
        })
        .unwrap_or_default();
    for kept in state.kept.of::<FirstTargets>().0.clone() {
        if !targets.contains(&kept) {
            targets.push(kept);
        }
    }
    (!targets.is_empty()).then_some((liar, targets))
}

/// The targets of the liar's move at the vote, kept through the re-vote (Q28 `keep_first`).
#[derive(Clone, Debug, Default, PartialEq)]
struct FirstTargets(Vec<SlotId>);

/// A re-vote opens: by option the liar's move at the vote stays in force beside the one new
/// move he may make (Q28 `keep_first`; by default the first is cancelled, L32).
pub fn keep_first(ctx: &mut Ctx) {
    if ctx.option("liar_revote") != "keep_first" {
        return;
    }
    if let Some((liar, targets)) = scandal(&ctx.state) {
        let names: Vec<String> = targets.iter().map(|t| ctx.name(*t)).collect();
        let why = format!(
            "{}'s scandal at the vote stays in force at the re-vote: {} (Q28 `keep_first`)",
            ctx.name(liar),
            names.join(", ")
        );
        ctx.note("liar", "votes", why);
        ctx.state.kept.set(FirstTargets(targets));
    }
}

/// The re-vote is over: the kept move ends with it.
pub fn forget_first(ctx: &mut Ctx) {
    ctx.state.kept.set(FirstTargets::default());
}

fn compromised(state: &GameState, voter: SlotId) -> Option<SlotId> {
    scandal(state)
        .and_then(|(liar, targets)| (targets.contains(&voter) && voter != liar).then_some(liar))
}

/// A red liar's victim's vote counts zero (§4.6 step 3).
pub fn zeroed(roleset: &crate::rules::Roleset, state: &GameState, voter: SlotId) -> Option<String> {
    let liar = compromised(state, voter)?;
    (!black_mechanics(roleset, state, liar))
        .then(|| "compromised by the liar: the vote counts zero (L32)".into())
}

/// A black liar's victim's vote falls to one (L97), and so does that of a liar's move a black
/// pimp assigned (L94).
pub fn capped(ctx: &Ctx, voter: SlotId) -> Option<String> {
    let liar = compromised(&ctx.state, voter)?;
    black_mechanics(ctx.roleset, &ctx.state, liar)
        .then(|| "compromised by the black liar: the vote counts at most 1 (L97)".into())
}

/// The liar's effect on a barrier: none for a compromised player, a double one for the liar who
/// named himself (L32); `None` leaves the barrier as it is.
pub fn barrier(state: &GameState, target: SlotId) -> Option<u32> {
    let (liar, targets) = scandal(state)?;
    if !targets.contains(&target) {
        return None;
    }
    Some(if target == liar { 2 } else { 0 })
}
