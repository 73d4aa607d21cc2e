//! The yakuza (§5.38, L55): a pair that replaces the maniac and shoots on his nights, in his
//! slot, by the mafia's rules (one shot a member, reserves, insurance, rumours, suicide: the
//! killer rules of the maniac's side, `KillerSide::is_pair`). While the pair is intact the
//! yakuza may redden one of its members at the end of a day (`redden`): he checks red that
//! night, unless a rumour blackens him too.

use super::killer::Killer;
use super::night::{self, Move, NightRun};
use super::{Entry, Role, refusal, teams};
use crate::engine::outcome::StepResult;
use crate::engine::resolve::Ctx;
use crate::engine::{GameState, Refusal, SlotId};
use crate::rules::Roleset;
use teams::KillerSide;

pub const ROLE: &str = "yakuza";
pub const REDDEN: &str = "redden";
/// A yakuza member reddened tonight.
pub const REDDENED: &str = "reddened";

const GROUP: Killer = Killer(KillerSide::Maniac);

pub struct Yakuza;

impl Role for Yakuza {
    fn id(&self) -> &'static str {
        ROLE
    }
    fn night_move(&self, ctx: &mut Ctx, run: &mut NightRun, mv: &Move) -> bool {
        if mv.ability != REDDEN {
            return GROUP.night_move(ctx, run, mv);
        }
        redden(ctx, run, mv);
        true
    }
    fn usable(&self, entry: &Entry) -> Result<(), Refusal> {
        if entry.ability == REDDEN && pair(entry.roleset, entry.state).len() < 2 {
            return refusal(
                REDDEN,
                "the yakuza reddens only while the pair is intact (L55)",
            );
        }
        GROUP.usable(entry)
    }
    fn refuse(&self, entry: &Entry) -> Result<(), Refusal> {
        if entry.ability != REDDEN {
            return GROUP.refuse(entry);
        }
        match entry.targets.first() {
            Some(&t) if !pair(entry.roleset, entry.state).contains(&t) => refusal(
                REDDEN,
                format!(
                    "{} is not a member of the yakuza: only a member is reddened (L55)",
                    entry.state.slots[t].name
                ),
            ),
            _ => Ok(()),
        }
    }
}

/// The living members of the yakuza group (its heir included).
fn pair(roleset: &Roleset, state: &GameState) -> Vec<SlotId> {
    teams::members(roleset, state, KillerSide::Maniac)
        .into_iter()
        .filter(|m| !teams::holds(&state.slots[*m], "maniac"))
        .collect()
}

/// Is this player reddened tonight?
pub fn reddened(ctx: &Ctx, slot: SlotId) -> bool {
    ctx.has_status(slot, REDDENED)
}

fn redden(ctx: &mut Ctx, run: &mut NightRun, mv: &Move) {
    let Some(target) = night::target_through_gate(ctx, run, mv, false, true) else {
        return;
    };
    let phase = ctx.state.phase;
    ctx.set_status_until(target, REDDENED, None, Some(phase));
    let why = format!(
        "{} is reddened: he checks red tonight unless a rumour blackens him (L55, §2.6)",
        ctx.name(target)
    );
    night::step(ctx, mv, StepResult::Success, vec![why]);
}
