//! What a phase's acts have set up so far: the kernel's records, shared by every rule system,
//! and the system's own ledger beside them.

use super::act::{self, Act};
use super::attack::{Attack, Defence};
use crate::engine::SlotId;
use crate::engine::resolve::Ctx;
use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;

/// The ability tag of a move that takes its holder to his targets' houses: trackers see it,
/// even when it is blocked.
pub const VISIT: &str = "visit";

/// Where a player went this phase.
#[derive(Clone, Debug)]
pub struct Visit {
    pub actor: SlotId,
    pub ability: String,
    pub targets: Vec<SlotId>,
    /// A negative or killing move (killers record their own visits as such).
    pub negative: bool,
}

/// A block on a player's acts later in the phase.
#[derive(Clone, Debug)]
pub struct Block {
    pub by: SlotId,
    /// Abilities the block does not stop.
    pub except: Vec<String>,
    /// Negative and killing moves go on (a player kept at home still shoots).
    pub spares_negative: bool,
    /// How the trace words it: "{actor} is {how} {by}"; `None`: "{actor}'s action was
    /// cancelled by {by}".
    pub how: Option<String>,
}

/// The phase so far. `L` is the rule system's ledger.
#[derive(Debug)]
pub struct Fold<L = ()> {
    /// The live acts of the phase in resolution order (by stage, so a stage's acts are
    /// together); shared, so the runner walks them while the rules read them.
    pub acts: Rc<[Act]>,
    /// Players alive when the phase began, in seat order.
    pub alive_at_start: Vec<SlotId>,
    pub visits: Vec<Visit>,
    pub blocks: BTreeMap<SlotId, Block>,
    pub defences: Vec<Defence>,
    /// Attacks that reached their victims, in the order they landed.
    pub attacks: Vec<Attack>,
    /// Healed player → his healer: a healed victim survives the attacks settled after.
    pub healed: BTreeMap<SlotId, SlotId>,
    /// (healer, saved player).
    pub saves: Vec<(SlotId, SlotId)>,
    /// Attackers who got a defence's status (a guard injures).
    pub hurt: Vec<SlotId>,
    /// Players told their act was blocked (once each).
    pub told_blocked: BTreeSet<SlotId>,
    /// Groups (families) whose votes and the votes against them do not count.
    pub jailed_groups: BTreeSet<String>,
    /// Extra votes: (actor, group, player, weight).
    pub extra_votes: Vec<(SlotId, String, String, i32)>,
    /// (defender, defended player) of saves from the day's court.
    pub court_saves: Vec<(SlotId, SlotId)>,
    pub ledger: L,
}

impl<L: Default> Fold<L> {
    /// The phase as it starts: its acts, who is alive, an empty ledger.
    pub fn start(ctx: &Ctx) -> Self {
        Fold {
            acts: act::acts(ctx).into(),
            alive_at_start: ctx.state.living().map(|s| s.id).collect(),
            visits: Vec::new(),
            blocks: BTreeMap::new(),
            defences: Vec::new(),
            attacks: Vec::new(),
            healed: BTreeMap::new(),
            saves: Vec::new(),
            hurt: Vec::new(),
            told_blocked: BTreeSet::new(),
            jailed_groups: BTreeSet::new(),
            extra_votes: Vec::new(),
            court_saves: Vec::new(),
            ledger: L::default(),
        }
    }
}

impl<L> Fold<L> {
    /// Record the act's visit if its ability is tagged as one.
    pub fn record_visit(&mut self, act: &Act) {
        if act.def().tags.iter().any(|t| t == VISIT) {
            self.visits.push(Visit {
                actor: act.actor,
                ability: act.ability.clone(),
                targets: act.targets.clone(),
                negative: false,
            });
        }
    }

    /// Visits to `target` this phase by anyone but `except`.
    pub fn visitors_of(&self, target: SlotId, except: SlotId) -> impl Iterator<Item = &Visit> {
        self.visits
            .iter()
            .filter(move |v| v.actor != except && v.targets.contains(&target))
    }

    /// Did an attack reach this player this phase?
    pub fn attacked(&self, slot: SlotId) -> bool {
        self.attacks.iter().any(|a| a.victim == slot)
    }

    /// Which attack killed `victim`, if one did: the first on him (its index in `attacks`).
    /// Attacks settle in the order they landed and one heal saves from all of them, so only
    /// the first can have killed.
    pub fn killed_by(&self, victim: SlotId) -> Option<usize> {
        self.attacks.iter().position(|a| a.victim == victim)
    }

    pub fn acts_of(&self, ability: &str) -> Vec<Act> {
        self.acts
            .iter()
            .filter(|m| m.ability == ability)
            .cloned()
            .collect()
    }

    /// Heal `target` for the rest of the phase.
    pub fn heal(&mut self, target: SlotId, by: SlotId) {
        self.healed.insert(target, by);
    }

    /// The first placed defence on `target` that shields him from every kind of attack.
    pub fn shield_on(&self, target: SlotId) -> Option<&Defence> {
        self.defences
            .iter()
            .find(|d| d.target == target && d.from.is_none())
    }
}
