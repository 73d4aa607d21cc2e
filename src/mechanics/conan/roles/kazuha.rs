//! Toyama Kazuha (§12.2): Accompany by day, -1 on the player's lynch total, lost if she is
//! APTXed (the seed's one-vote case, §9); a Protection Charm once a game: the target cannot be
//! APTXed today (§8.6).

use super::super::phase::{self, Run};
use crate::engine::Refusal;
use crate::engine::SlotId;
use crate::engine::outcome::StepResult;
use crate::engine::resolve::{Ctx, live_acts};
use crate::engine::system::ActQuery;
use crate::engine::system::Requirements;
use crate::kernel::{self, Act};

pub fn charm(ctx: &mut Ctx, run: &mut Run, act: &Act) {
    let Some(&t) = act.targets.clone().first() else {
        return kernel::step::done(ctx, act, StepResult::Failed, vec!["no target".into()]);
    };
    run.ledger.charmed.insert(t);
    let phase_now = ctx.state.phase;
    ctx.set_status_until(t, super::super::CHARMED, Some(act.actor), Some(phase_now));
    phase::happened(ctx, run, act, false);
    let why = format!("{} cannot be APTXed today (§8.6)", ctx.name(t));
    kernel::step::done(ctx, act, StepResult::Success, vec![why]);
}

/// Today's accompaniments: (Kazuha, the accompanied).
pub fn accompanied(ctx: &Ctx, able: &dyn Fn(SlotId, &str) -> bool) -> Vec<(SlotId, SlotId)> {
    live_acts(&ctx.state)
        .filter(|a| a.ability == "accompany" && able(a.actor, a.ability))
        .filter_map(|a| Some((a.actor, ctx.slot_of(a.targets.first()?)?)))
        .collect()
}

/// This file in the registry of Conan's roles (`roles::ROLES`).
pub struct Kazuha;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: Requirements = Requirements {
    options: &["q25_self_accompany"],
    abilities: &["accompany", "protection_charm"],
    ..Requirements::NONE
};

impl super::Role for Kazuha {
    fn requires(&self) -> Requirements {
        REQUIRES
    }
    fn abilities(&self) -> &'static [&'static str] {
        &["protection_charm", "accompany"]
    }
    fn perform(&self, ctx: &mut Ctx, run: &mut super::super::phase::Run, act: &Act) {
        match act.ability.as_str() {
            "protection_charm" => charm(ctx, run, act),
            _ => super::recorded(ctx, act),
        }
    }
    /// Kazuha accompanies herself only where the game allows it (Q25).
    fn refuse(&self, q: &ActQuery<'_>) -> Result<(), Refusal> {
        let herself = (q.targets.first())
            .and_then(|n| q.state.slot_by_name(n))
            .is_some_and(|t| t.id == q.actor);
        if q.ability == "accompany"
            && herself
            && q.state.option(q.roleset, "q25_self_accompany") != "yes"
        {
            return Err(Refusal::new(
                "accompany",
                "Kazuha may not accompany herself in this game (Q25)",
            ));
        }
        Ok(())
    }
}
