//! Mafia 1923's roles whose behaviour goes beyond their roleset effect, one file each, listed
//! once in [`ROLES`]. The others (the Doctor, the Sheriff, the Thief, ...) are their roleset
//! entry alone: the kernel runs their effects.

pub mod armed_robber;
pub mod bodyguard;
pub mod butler;
pub mod court_secretary;
pub mod shadchan;
pub mod witness;

use super::{PhaseRun, Rules1923};
use crate::engine::SlotId;
use crate::engine::resolve::Ctx;
use crate::kernel::Attack;

/// Every 1923 role with behaviour of its own.
pub static ROLES: &[&dyn Role] = &[
    &butler::Butler,
    &bodyguard::Bodyguard,
    &armed_robber::ArmedRobber,
];

/// A 1923 role's part in the kernel's interceptors. Every method has a default that does
/// nothing. (The Witness, the Court Secretary and the Shadchan's lovers act at fixed points of
/// the phase and are called there.)
pub trait Role: Sync {
    /// The role's id in the roleset.
    fn id(&self) -> &'static str;

    /// Why an attack on the role's holder fails before any defence.
    fn immunity(&self, _ctx: &mut Ctx, _attack: &Attack) -> Option<String> {
        None
    }

    /// A defence of the holder's own after every placed one failed, and the status the
    /// attacker gets.
    fn last_defence(&self, _ctx: &mut Ctx, _attack: &Attack) -> Option<(String, Option<String>)> {
        None
    }

    /// What the holder's death sets off.
    fn after_death(
        &self,
        _ctx: &mut Ctx,
        _run: &mut PhaseRun,
        _rules: &mut Rules1923,
        _victim: SlotId,
        _cause: &str,
        _killer: Option<SlotId>,
    ) {
    }
}

/// The registered roles `slot` holds.
pub fn of(ctx: &Ctx, slot: SlotId) -> Vec<&'static dyn Role> {
    let Some(s) = ctx.state.slots.get(slot) else {
        return Vec::new();
    };
    ROLES
        .iter()
        .copied()
        .filter(|r| s.roles().any(|held| held == r.id()))
        .collect()
}
