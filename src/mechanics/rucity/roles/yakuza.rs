//! The yakuza (§5.38, L55): a pair that replaces the maniac and shoots on his nights, in his
//! slot, by the mafia's rules (one shot a member, reserves, insurance, rumours, suicide: the
//! killer rules of the maniac's side, `KillerSide::is_pair`). While the pair is intact the
//! yakuza may redden one of its members at the end of a day (`redden`): he checks red that
//! night, unless a rumour blackens him too. The right passes to the mafia or to a mixed pair as
//! [`reddenable`] says.

use super::killer::Killer;
use super::night::{self, CityNight};
use super::{Entry, Role, refusal, teams};
use crate::engine::outcome::StepResult;
use crate::engine::resolve::Ctx;
use crate::engine::{GameState, Refusal, SlotId};
use crate::kernel::Act;
use crate::kernel::Fold;
use crate::rules::Roleset;
use teams::KillerSide;

pub const ROLE: &str = "yakuza";
pub const REDDEN: &str = "redden";
/// A yakuza member reddened tonight.
pub const REDDENED: &str = "reddened";

const GROUP: Killer = Killer(KillerSide::Maniac);

pub struct Yakuza;

/// The yakuza plays by the killer rules of the maniac's side; his reddening is the killers'
/// (see [`redden`]).
/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    statuses: &["reddened"],
    abilities: &["redden"],
    ..crate::engine::system::Requirements::NONE
};

impl Role for Yakuza {
    fn requires(&self) -> crate::engine::system::Requirements {
        REQUIRES
    }
    fn black_checks_red(
        &self,
        ctx: &Ctx,
        _run: &crate::kernel::Fold<super::night::CityNight>,
        target: crate::engine::SlotId,
    ) -> bool {
        reddened(ctx, target)
    }
    fn id(&self) -> &'static str {
        ROLE
    }
    fn night_move(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) -> bool {
        GROUP.night_move(ctx, run, mv)
    }
    fn usable(&self, entry: &Entry) -> Result<(), Refusal> {
        GROUP.usable(entry)
    }
    fn refuse(&self, entry: &Entry) -> Result<(), Refusal> {
        GROUP.refuse(entry)
    }
}

/// Who may be reddened by a member of `side` tonight (L55): while the yakuza pair is intact,
/// one of it; once a yakuza is dead while both mafia live, the mafia takes the right over for
/// its own pair; in the extended format each intact pair has it; a last mafia and a last
/// yakuza, united in a mixed pair, may redden either of the two.
pub fn reddenable(roleset: &Roleset, state: &GameState, side: KillerSide) -> Vec<SlotId> {
    let yakuza = pair(roleset, state);
    if !state.slots.iter().any(|s| teams::holds(s, ROLE)) {
        return Vec::new();
    }
    let mafia = teams::members(roleset, state, KillerSide::Mafia);
    let extended = state.option(roleset, "format") == "extended";
    match side {
        _ if mafia.len() == 1 && yakuza.len() == 1 => [mafia, yakuza].concat(),
        KillerSide::Maniac if yakuza.len() >= 2 => yakuza,
        KillerSide::Mafia if mafia.len() >= 2 && (extended || yakuza.len() < 2) => mafia,
        _ => Vec::new(),
    }
}

/// A reddening needs the right (see [`reddenable`]) and a target it covers; one member of a
/// pair a night ("на одного из пары", L55).
pub fn redden_refusal(entry: &Entry) -> Result<(), Refusal> {
    let pair = teams::killer_side(entry.roleset, entry.me())
        .map(|side| reddenable(entry.roleset, entry.state, side))
        .unwrap_or_default();
    let already = crate::engine::resolve::live_acts(entry.state)
        .any(|a| a.ability == REDDEN && a.actor != entry.actor && pair.contains(&a.actor));
    if already {
        return refusal(
            REDDEN,
            "the pair reddens one of its members a night: another member already sent it (L55)",
        );
    }
    let Some(side) = teams::killer_side(entry.roleset, entry.me()) else {
        return refusal(REDDEN, "only a black killer of a pair reddens (L55)");
    };
    let covered = reddenable(entry.roleset, entry.state, side);
    if covered.is_empty() {
        return refusal(
            REDDEN,
            "no reddening right: the yakuza redden while their pair is intact, the mafia once a yakuza is dead while both mafia live, a mixed pair of the last two (L55)",
        );
    }
    match entry.targets.first() {
        Some(&t) if !covered.contains(&t) => refusal(
            REDDEN,
            format!(
                "{} is not a member of the pair that holds the reddening right (L55)",
                entry.state.slots[t].name
            ),
        ),
        _ => Ok(()),
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

pub fn redden(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
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
