//! Colours, killer sides and titles: who is red, who is black, which black side a negative
//! role shoots for, and who holds the mayor's or the secretary's title (§1.2, §1.3).
//!
//! Every player holds a peaceful role (`Slot::role`); a black player also holds a negative role
//! in `extra_roles`; titles are roles of the side `title` added to `extra_roles` while held.

use crate::engine::resolve::Ctx;
use crate::engine::state::Slot;
use crate::engine::{GameState, SlotId};
use crate::rules::Roleset;

pub const RED: &str = "red";
pub const BLACK: &str = "black";
pub const TITLE: &str = "title";
/// The elite roles' side (§9.5): neither red nor black in the counts.
pub const ELITE: &str = "elite";
/// The faceless's colour (§6.1, L59, L64.9): in neither team.
pub const GREY: &str = "grey";
pub const MAYOR: &str = "mayor";
pub const SECRETARY: &str = "secretary";
/// Ability tag: the move takes its holder to his targets' houses, as trackers see it.
pub use crate::kernel::fold::VISIT;
/// Ability tag: a killer move (which may not target the secretary, L161).
pub const KILLER: &str = "killer";

/// A black side that owns nights and shots (§2.1). Later negative roles (yakuza, werewolves)
/// join a side through [`KillerSide::of_role`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum KillerSide {
    Mafia,
    Maniac,
}

impl KillerSide {
    pub const ALL: [KillerSide; 2] = [KillerSide::Mafia, KillerSide::Maniac];

    pub fn id(self) -> &'static str {
        match self {
            KillerSide::Mafia => "mafia",
            KillerSide::Maniac => "maniac",
        }
    }

    /// The side's name as the messages write it.
    pub fn name_ru(self) -> &'static str {
        match self {
            KillerSide::Mafia => "мафия",
            KillerSide::Maniac => "маньяк",
        }
    }

    pub fn other(self) -> KillerSide {
        match self {
            KillerSide::Mafia => KillerSide::Maniac,
            KillerSide::Maniac => KillerSide::Mafia,
        }
    }

    /// The side a negative role shoots for.
    pub fn of_role(role: &str) -> Option<KillerSide> {
        match role {
            "mafia" | "boss_son" => Some(KillerSide::Mafia),
            // The yakuza replaces the maniac and shoots on his nights, in his slot (L55).
            "maniac" | "yakuza" | "head_daughter" => Some(KillerSide::Maniac),
            _ => None,
        }
    }

    /// Is this one of the side's shots: the mafia's, or on the maniac's nights the maniac's or
    /// the yakuza's (L55)?
    pub fn kills(self, ability: &str) -> bool {
        match self {
            KillerSide::Mafia => ability == "mafia_kill",
            KillerSide::Maniac => ability == "maniac_kill" || ability == "yakuza_kill",
        }
    }

    /// Is the side a pair of one shot per member (the mafia, the yakuza) rather than the lone
    /// maniac with two?
    pub fn is_pair(self, roleset: &Roleset, state: &GameState) -> bool {
        match self {
            KillerSide::Mafia => true,
            KillerSide::Maniac => members(roleset, state, self)
                .iter()
                .any(|m| !holds(&state.slots[*m], "maniac")),
        }
    }

    /// The night parity the side owns while both sides play: mafia odd, maniac even (L2, L3).
    pub fn owns_parity(self, night: u32) -> bool {
        match self {
            KillerSide::Mafia => night % 2 == 1,
            KillerSide::Maniac => night.is_multiple_of(2),
        }
    }
}

/// Does this player's peaceful role play by the black mechanics: a black's, or the faceless's
/// where the source gives him them (the liar L78, the witch L79)?
pub fn plays_black(roleset: &Roleset, slot: &Slot) -> bool {
    is_black(roleset, slot) || is_grey(roleset, slot)
}

/// Is this player grey (the faceless)?
pub fn is_grey(roleset: &Roleset, slot: &Slot) -> bool {
    slot.roles().any(|r| roleset.side_of(r) == GREY)
}

pub fn is_black(roleset: &Roleset, slot: &Slot) -> bool {
    slot.roles().any(|r| roleset.side_of(r) == BLACK)
}

/// Is this player black? (A slot that does not exist is not.)
pub fn black(ctx: &Ctx, slot: SlotId) -> bool {
    ctx.state
        .slots
        .get(slot)
        .is_some_and(|s| is_black(ctx.roleset, s))
}

/// Is this player grey, the faceless (§6)? (A slot that does not exist is not.)
pub fn grey(ctx: &Ctx, slot: SlotId) -> bool {
    ctx.state
        .slots
        .get(slot)
        .is_some_and(|s| is_grey(ctx.roleset, s))
}

/// The display name of this player's peaceful role (what a role check, a hack or a client's
/// visit reveals).
pub fn peaceful_name(ctx: &Ctx, slot: SlotId) -> String {
    ctx.state
        .slots
        .get(slot)
        .map(|s| role_name(ctx.roleset, &s.role))
        .unwrap_or_default()
}

/// The negative role of a black player.
pub fn negative_role<'a>(roleset: &Roleset, slot: &'a Slot) -> Option<&'a str> {
    slot.extra_roles
        .iter()
        .map(String::as_str)
        .find(|r| roleset.side_of(r) == BLACK)
}

pub fn killer_side(roleset: &Roleset, slot: &Slot) -> Option<KillerSide> {
    negative_role(roleset, slot).and_then(KillerSide::of_role)
}

pub fn holds(slot: &Slot, role: &str) -> bool {
    slot.roles().any(|r| r == role)
}

/// The living holder of a title or role, if any: its owner before one who borrows it.
pub fn holder(state: &GameState, role: &str) -> Option<SlotId> {
    owner(state, role).or_else(|| state.living().find(|s| holds(s, role)).map(|s| s.id))
}

/// The holder of a role among these players, as [`holder`] finds him among the living: its
/// owner before one who borrows it.
pub fn holder_among(state: &GameState, role: &str, players: &[SlotId]) -> Option<SlotId> {
    let among = || {
        players
            .iter()
            .filter_map(|p| state.slots.get(*p))
            .filter(|s| holds(s, role))
    };
    among()
        .find(|s| s.own_roles().any(|r| r == role))
        .or_else(|| among().next())
        .map(|s| s.id)
}

/// The living player whose own role this is (never one who borrows it).
pub fn owner(state: &GameState, role: &str) -> Option<SlotId> {
    state
        .living()
        .find(|s| s.own_roles().any(|r| r == role))
        .map(|s| s.id)
}

/// Living members of a killer side.
pub fn members(roleset: &Roleset, state: &GameState, side: KillerSide) -> Vec<SlotId> {
    state
        .living()
        .filter(|s| killer_side(roleset, s) == Some(side))
        .map(|s| s.id)
        .collect()
}

/// Living (reds, blacks) among the main players (elites and the faceless are neither, L123,
/// L64.9).
pub fn living_counts(roleset: &Roleset, state: &GameState) -> (usize, usize) {
    let blacks = state.living().filter(|s| is_black(roleset, s)).count();
    let neither = state
        .living()
        .filter(|s| roleset.side_of(&s.role) == ELITE || is_grey(roleset, s))
        .count();
    (state.living_count() - blacks - neither, blacks)
}

/// Living grey players (the faceless).
pub fn living_grey(roleset: &Roleset, state: &GameState) -> usize {
    state.living().filter(|s| is_grey(roleset, s)).count()
}

/// The role's display name (`Доктор`).
pub fn role_name(roleset: &Roleset, role: &str) -> String {
    roleset
        .role(role)
        .map(|r| r.name.clone())
        .unwrap_or_else(|| role.to_string())
}

/// "красный" / "черный": the colour word of the messages.
pub fn colour_word(black: bool) -> &'static str {
    if black {
        "черный"
    } else {
        "красный"
    }
}

/// "red" / "black": the colour in the host's trace, which is English; the players' messages
/// say it in Russian (`colour_word`).
pub fn colour_en(black: bool) -> &'static str {
    if black { "black" } else { "red" }
}

/// A peaceful role that can pass to an active citizen: one with abilities of its own.
pub fn is_special_peaceful(roleset: &Roleset, role: &str) -> bool {
    roleset.side_of(role) == RED && role != "citizen" && role != "active_citizen"
}

/// Is this ability a move of a negative (black) role?
pub fn is_negative_ability(roleset: &Roleset, ability: &str) -> bool {
    roleset
        .roles
        .iter()
        .any(|r| r.side == BLACK && r.abilities.iter().any(|a| a == ability))
}
