//! Kisaki Eri (§12.2): Voice of Reason stops the lynch and hides the votes (read by the lynch
//! count); a Lawsuit frees an arrested player from the next phase. One of them a Day.

use super::super::phase::Run;
use crate::engine::SlotId;
use crate::engine::resolve::{Ctx, live_acts};
use crate::engine::system::ActQuery;
use crate::engine::system::Requirements;
use crate::engine::{GameState, Refusal};
use crate::kernel::Act;
use crate::rules::Roleset;

pub fn lawsuit(ctx: &mut Ctx, run: &mut Run, act: &Act) {
    super::satou::free(ctx, run, act, "Lawsuit");
}

/// Eri, if her Voice of Reason goes through today.
pub fn voice_of_reason(ctx: &Ctx, able: &dyn Fn(SlotId, &str) -> bool) -> Option<SlotId> {
    live_acts(&ctx.state)
        .find(|a| a.ability == "voice_of_reason" && able(a.actor, a.ability))
        .map(|a| a.actor)
}

/// This file in the registry of Conan's roles (`roles::ROLES`).
pub struct Eri;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: Requirements = Requirements {
    options: &["q24_lawsuits"],
    abilities: &["lawsuit", "voice_of_reason"],
    ..Requirements::NONE
};

impl super::Role for Eri {
    fn requires(&self) -> Requirements {
        REQUIRES
    }
    fn abilities(&self) -> &'static [&'static str] {
        &["lawsuit"]
    }
    fn perform(&self, ctx: &mut Ctx, run: &mut super::super::phase::Run, act: &Act) {
        lawsuit(ctx, run, act)
    }
    /// Eri's Lawsuits are counted by the game's option (Q24).
    fn usable(
        &self,
        roleset: &Roleset,
        state: &GameState,
        actor: SlotId,
        _ability: &str,
    ) -> Result<(), Refusal> {
        let allowed: u32 = state.option(roleset, "q24_lawsuits").parse().unwrap_or(1);
        let used = (state.slots.get(actor))
            .and_then(|s| s.uses.get("lawsuit").copied())
            .unwrap_or(0);
        if used >= allowed {
            return Err(Refusal::new(
                "lawsuit",
                format!("Eri has used her {allowed} Lawsuit(s) (Q24)"),
            ));
        }
        Ok(())
    }
    /// A Lawsuit frees only an arrested player (§4.3).
    fn refuse(&self, q: &ActQuery<'_>) -> Result<(), Refusal> {
        super::satou::refuse_unless_arrested(q)
    }
}
