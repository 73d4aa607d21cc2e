//! The state of a game at one moment, derived by replaying its entries.

use super::entry::Pending;
use super::kept::Kept;
use super::name_index::NameIndex;
use super::outcome::{Death, Message, Outcome, Verdict};
use super::setup::Level;
use crate::rules::{PhaseKind, Roleset};
use crate::shared::Shared;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Index of a slot: a seat in the game that keeps its role when the person changes.
pub type SlotId = usize;

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct StatusInfo {
    /// The phase index the status was given in.
    pub since: u32,
    /// The status ends once this phase is committed (`None`: until cleared).
    pub until: Option<u32>,
    /// Who caused it, or who it points at (a lover's partner).
    pub link: Option<SlotId>,
}

#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq)]
pub struct Slot {
    pub id: SlotId,
    /// The person playing the slot now.
    pub name: String,
    /// People who played this slot before (replacements).
    pub former_names: Vec<String>,
    pub role: String,
    pub extra_roles: Vec<String>,
    pub family: Option<String>,
    pub level: Level,
    pub alive: bool,
    /// Phase index and cause of death.
    pub death: Option<(u32, String)>,
    pub statuses: BTreeMap<String, StatusInfo>,
    /// Uses per ability, in all, on himself and on his own family.
    pub uses: BTreeMap<String, u32>,
    pub self_uses: BTreeMap<String, u32>,
    pub own_family_uses: BTreeMap<String, u32>,
    /// Rule-system counters (offences, automatic protections spent, ...).
    pub counters: BTreeMap<String, u32>,
    /// Roles held for a while beside his own (ru-city's actor copies one for a game-day): their
    /// abilities are his to use until they end.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub borrowed: Vec<Borrowed>,
}

/// A role a slot holds for a while.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Borrowed {
    pub role: String,
    /// It ends once this phase is committed (`None`: until taken back).
    pub until: Option<u32>,
    /// The role that lent it (ru-city: `actor`, `wizard`, `collector`).
    #[serde(default)]
    pub by: String,
}

impl Slot {
    pub fn has_status(&self, status: &str) -> bool {
        self.statuses.contains_key(status)
    }
    /// Every role the slot holds, the main one first, the borrowed ones last.
    pub fn roles(&self) -> impl Iterator<Item = &str> {
        self.own_roles()
            .chain(self.borrowed.iter().map(|b| b.role.as_str()))
    }
    /// The roles that are the slot's own: the main one, then the extra ones.
    pub fn own_roles(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.role.as_str()).chain(self.extra_roles.iter().map(String::as_str))
    }
    /// The slot's own roles, the main one first: what a change of role changes.
    pub fn own_role_list(&self) -> Vec<String> {
        self.own_roles().map(str::to_string).collect()
    }
    /// Does the slot hold `role` only as a borrowed one?
    pub fn borrows(&self, role: &str) -> bool {
        self.borrowed.iter().any(|b| b.role == role) && !self.own_roles().any(|r| r == role)
    }
    pub fn counter(&self, key: &str) -> u32 {
        self.counters.get(key).copied().unwrap_or(0)
    }
    /// "Ann (Doctor)" style label of the roles.
    /// The player as a post lists him: his name, and the public statuses he had by the end
    /// of phase `by` (now, when `None`): "Vod (Arrested)".
    pub fn listed_name(&self, roleset: &Roleset, by: Option<u32>) -> String {
        let labels: Vec<&str> = self
            .statuses
            .iter()
            .filter(|(_, info)| by.is_none_or(|p| info.since <= p))
            .filter_map(|(id, _)| roleset.status(id).filter(|d| d.public))
            .map(|d| d.name.as_str())
            .collect();
        if labels.is_empty() {
            self.name.clone()
        } else {
            format!("{} ({})", self.name, labels.join(", "))
        }
    }
    pub fn role_names(&self, roleset: &Roleset) -> String {
        self.roles()
            .map(|r| roleset.role(r).map(|d| d.name.as_str()).unwrap_or(r))
            .collect::<Vec<_>>()
            .join(" + ")
    }
}

/// A change of a slot's own roles (the main and the extra ones): a Thief's steal, an
/// inheritance, a conversion, a title won in an election, the host's `role` command. The
/// engine notes each one by comparing every slot's roles before and after each entry, so the
/// reveal post and the role PMs know the dealt roles and every change without any rule
/// system's help. Borrowed roles come and go by themselves and are not changes.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct RoleChange {
    pub slot: SlotId,
    /// The entry that made it: a commit (the rules at the phase's end) or a host command.
    pub seq: u64,
    /// Made by a host command rather than by the rules.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub by_host: bool,
    /// The phase open when it was made.
    pub phase: u32,
    /// The place in the history of the committed phase (round) it belongs to: the one its
    /// commit made, or, for a host command, the one the phase open then becomes when committed
    /// (`history.len()` while it is still open).
    pub position: usize,
    /// The slot's own roles before and after, the main one first.
    pub before: Vec<String>,
    pub after: Vec<String>,
}

/// A marker the host put on a player (`mark NAME TEXT`): his own note and colour, shown in the
/// roster and on the host sheet, never to the players.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Marker {
    pub slot: SlotId,
    /// The phase open when it was put on.
    pub phase: u32,
    pub text: String,
    pub colour: Option<String>,
}

/// A committed phase: its outcome as accepted by the host.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct CommittedPhase {
    pub index: u32,
    pub name: String,
    pub outcome: Outcome,
    /// The public post as the host edited it, if they did.
    pub edited_post: Option<String>,
    /// The round of the phase this commit closed, for phases of several named rounds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<String>,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct GameOver {
    /// Winning sides or families, by name.
    pub winners: Vec<String>,
    pub winning_slots: Vec<SlotId>,
    /// The vote after the game (a ballot with `after_game`) has been counted.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub after_game_counted: bool,
}

#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq)]
pub struct GameState {
    /// Index of the current phase (0 = the first phase of the game).
    pub phase: u32,
    pub slots: Shared<Vec<Slot>>,
    pub families: Vec<String>,
    pub options: BTreeMap<String, String>,
    /// Stage ids in the order in force for this game.
    pub stage_order: Vec<String>,
    /// Entries of the current phase, in submission order.
    pub pending: Shared<Vec<Pending>>,
    /// Host overrides of steps of the current phase, by step key.
    pub overrides: BTreeMap<String, (Verdict, String)>,
    /// The host's edit of the current phase's public post.
    pub draft_edit: Option<String>,
    /// Messages and deaths caused by host commands during the current phase; they are part of
    /// the phase's outcome when it is committed.
    pub host_messages: Vec<Message>,
    pub host_deaths: Vec<Death>,
    pub history: Shared<Vec<CommittedPhase>>,
    pub game_over: Option<GameOver>,
    /// Rounds of the current phase committed so far (a re-vote is the second round of a day).
    #[serde(default)]
    pub round: u32,
    /// What the rule system keeps between phases, in its own types (see [`Kept`]); derived by
    /// replay like the rest of the state, so never saved.
    #[serde(skip)]
    pub kept: Kept,
    /// The roleset's statuses that take a living player out of the game
    /// ([`crate::rules::StatusDef::removes_from_game`]), copied here at the start so that
    /// [`GameState::living`] needs no roleset.
    #[serde(default)]
    pub out_of_game_statuses: Vec<String>,
    /// Every change of a slot's own roles so far, in the order made; the dealt roles are the
    /// setup's.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub role_changes: Vec<RoleChange>,
    /// Each phase's deadline, by the phase's index.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub deadlines: BTreeMap<u32, super::deadline::Deadline>,
    /// The host's markers on players, in the order put on.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub markers: Vec<Marker>,
    /// Where each name's slot is (not part of the game; never saved).
    #[serde(skip)]
    pub names: NameIndex,
}

impl GameState {
    /// The slot a name means, ASCII case ignored.
    pub fn slot_by_name(&self, name: &str) -> Option<&Slot> {
        self.names.find(&self.slots, name.trim())
    }
    pub fn family_by_name(&self, name: &str) -> Option<&str> {
        let name = name.trim();
        self.families
            .iter()
            .find(|f| f.eq_ignore_ascii_case(name))
            .map(String::as_str)
    }
    pub fn option<'a>(&'a self, roleset: &'a Roleset, id: &str) -> &'a str {
        self.options
            .get(id)
            .map(String::as_str)
            .or_else(|| roleset.option(id).map(|o| o.default.as_str()))
            .unwrap_or("")
    }
    pub fn phase_name(&self, roleset: &Roleset) -> String {
        roleset.phase_name(self.phase)
    }
    pub fn phase_kind(&self, roleset: &Roleset) -> PhaseKind {
        roleset.phase_kind(self.phase)
    }
    /// The status that keeps a living player out of the game (exile), if he has one.
    pub fn out_of_game<'s>(&'s self, slot: &Slot) -> Option<&'s str> {
        self.out_of_game_statuses
            .iter()
            .find(|status| slot.has_status(status))
            .map(String::as_str)
    }
    /// A dead player a status keeps voting ([`crate::rules::StatusDef::votes_when_dead`]).
    pub fn votes_when_dead(&self, roleset: &Roleset, slot: &Slot) -> bool {
        !slot.alive
            && slot
                .statuses
                .keys()
                .any(|s| roleset.status(s).is_some_and(|d| d.votes_when_dead))
    }
    /// Who votes: the players in the game, and the dead a status keeps voting.
    pub fn voters<'a>(&'a self, roleset: &'a Roleset) -> impl Iterator<Item = &'a Slot> {
        self.slots.iter().filter(move |s| {
            self.out_of_game(s).is_none() && (s.alive || self.votes_when_dead(roleset, s))
        })
    }
    /// Players still in the game: alive, and no status has taken them out of it.
    pub fn living(&self) -> impl Iterator<Item = &Slot> {
        self.slots
            .iter()
            .filter(|s| s.alive && self.out_of_game(s).is_none())
    }
    pub fn living_count(&self) -> usize {
        self.living().count()
    }
    /// The living as a post lists them: each name with the public statuses he had by the end
    /// of phase `by` (now, when `None`): "Vod (Arrested)".
    pub fn listed_living(&self, roleset: &Roleset, by: Option<u32>) -> Vec<String> {
        self.living()
            .map(|slot| slot.listed_name(roleset, by))
            .collect()
    }
    /// The living the role PM names as `me`'s partners: who holds one of his hostile roles
    /// (the mafia know each other; a lone maniac has none) or shares a side's action with him
    /// (an ability of his with a `group`).
    pub fn partners<'a>(&'a self, roleset: &Roleset, me: &Slot) -> Vec<&'a Slot> {
        let groups_of = |slot: &Slot| -> Vec<String> {
            (slot.roles().filter_map(|id| roleset.role(id)))
                .flat_map(|r| r.abilities.iter())
                .filter_map(|a| roleset.ability(a))
                .filter(|a| !a.passive)
                .filter_map(|a| a.group.clone())
                .collect()
        };
        let groups = groups_of(me);
        let hostile_roles: Vec<&str> = me.roles().filter(|r| roleset.is_hostile_role(r)).collect();
        self.slots
            .iter()
            .filter(|other| other.id != me.id && other.alive)
            .filter(|other| {
                other.roles().any(|r| hostile_roles.contains(&r))
                    || groups_of(other).iter().any(|g| groups.contains(g))
            })
            .collect()
    }
    /// Living members of a family.
    pub fn living_in(&self, family: &str) -> Vec<SlotId> {
        self.living()
            .filter(|s| s.family.as_deref() == Some(family))
            .map(|s| s.id)
            .collect()
    }
}
