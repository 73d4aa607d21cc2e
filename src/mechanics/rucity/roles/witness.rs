//! The witness (§5.14, L31): before the vote he names one to four players whose word he
//! vouches for. Each of them who votes the same target as he does gets +1, and he gets +1 for
//! each of them. Sent after the vote has started, the move is refused: he missed it (L31, L113).

use super::{Entry, Role, before_the_vote};
use crate::engine::resolve::{Ctx, live_acts};
use crate::engine::{GameState, Refusal, SlotId};

pub const ROLE: &str = "witness";

pub struct Witness;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    roles: &["witness"],
    abilities: &["witness"],
    ..crate::engine::system::Requirements::NONE
};

impl Role for Witness {
    fn sheet_lines(
        &self,
        _roleset: &crate::rules::Roleset,
        state: &crate::engine::GameState,
    ) -> Vec<String> {
        let vouched = state.kept.of::<Vouched>();
        (vouched.0.iter())
            .map(|(w, n)| {
                format!(
                    "{} vouches today for {} (L31)",
                    super::kept::name(state, *w),
                    super::kept::names(state, n)
                )
            })
            .collect()
    }
    fn requires(&self) -> crate::engine::system::Requirements {
        REQUIRES
    }
    fn vote_boosts(&self, ctx: &Ctx, vote: &super::CastVote) -> Vec<(i32, String)> {
        super::in_half_votes(weight_modifiers(ctx, vote.voter, vote.target, vote.all))
    }
    fn id(&self) -> &'static str {
        ROLE
    }
    fn before_vote(&self, ctx: &mut Ctx) {
        fix_pre_vote(ctx);
    }
    fn usable(&self, entry: &Entry) -> Result<(), Refusal> {
        match entry.ability {
            ROLE => before_the_vote(entry),
            _ => Ok(()),
        }
    }
}

/// The players each witness vouches for today, fixed when the vote started.
#[derive(Clone, Debug, Default, PartialEq)]
struct Vouched(std::collections::BTreeMap<SlotId, Vec<SlotId>>);

fn vouched(state: &GameState, witness: SlotId) -> Vec<SlotId> {
    let all = state.kept.of::<Vouched>();
    all.0.get(&witness).cloned().unwrap_or_default()
}

/// The living witnesses (an actor may hold the role too, later).
fn witnesses(state: &GameState) -> Vec<SlotId> {
    state
        .living()
        .filter(|s| s.roles().any(|r| r == ROLE))
        .map(|s| s.id)
        .collect()
}

/// When the vote starts, each witness's last move of the round is fixed for the day; a witness
/// who sent none vouches for nobody (an automatic skip, L31).
fn fix_pre_vote(ctx: &mut Ctx) {
    ctx.state.kept.set(Vouched::default());
    for w in witnesses(&ctx.state) {
        let named: Option<Vec<SlotId>> = live_acts(&ctx.state)
            .rev()
            .find(|a| a.ability == ROLE && a.actor == w)
            .map(|a| a.targets.iter().filter_map(|t| ctx.slot_of(t)).collect());
        let Some(named) = named else {
            ctx.note(
                format!("witness:{}", ctx.name(w)),
                "pre_vote",
                format!(
                    "{} sent no witness move before the vote: skipped (L31)",
                    ctx.name(w)
                ),
            );
            continue;
        };
        if let Some(why) = super::blocks::blocked(ctx, w, ROLE) {
            let line = format!("{}'s witness move fails: {why}", ctx.name(w));
            ctx.note(format!("witness:{}", ctx.name(w)), "pre_vote", line);
            continue;
        }
        let names: Vec<String> = named.iter().map(|n| ctx.name(*n)).collect();
        ctx.note(
            format!("witness:{}", ctx.name(w)),
            "pre_vote",
            format!(
                "{} vouches today for {} (L31)",
                ctx.name(w),
                names.join(", ")
            ),
        );
        ctx.state.kept.get_mut::<Vouched>().0.insert(w, named);
    }
}

/// The witness's bonuses to one vote (§4.6 step 2): +1 to a vouched player voting the
/// witness's target, and to the witness +1 for each of them.
pub fn weight_modifiers(
    ctx: &Ctx,
    voter: SlotId,
    target: SlotId,
    all: &[(SlotId, SlotId)],
) -> Vec<(i32, String)> {
    let mut out = Vec::new();
    for w in witnesses(&ctx.state) {
        if !all.contains(&(w, target)) {
            continue;
        }
        let confirming: Vec<SlotId> = vouched(&ctx.state, w)
            .into_iter()
            .filter(|p| *p != w && all.contains(&(*p, target)))
            .collect();
        if confirming.contains(&voter) {
            out.push((
                1,
                format!(
                    "+1: vouched for by the witness {}, voting the same target (L31)",
                    ctx.name(w)
                ),
            ));
        }
        if voter == w && !confirming.is_empty() {
            let n = confirming.len() as i32;
            out.push((
                n,
                format!("+{n}: the witness, one per vouched player voting with him (L31)"),
            ));
        }
    }
    out
}
