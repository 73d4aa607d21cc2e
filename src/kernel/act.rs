//! One resolver action type for every rule system: an entered act as the phase resolves it.

use crate::engine::SlotId;
use crate::engine::resolve::Ctx;
use crate::rules::AbilityDef;
use std::collections::BTreeMap;
use std::rc::Rc;

/// An act of the phase as the host entered it, with its player targets resolved to slots.
#[derive(Clone, Debug)]
pub struct Act {
    pub seq: u64,
    pub actor: SlotId,
    pub ability: String,
    pub stage: String,
    /// The player targets, as slots (a target that names no player, such as a family, is not
    /// here: see `entered`).
    pub targets: Vec<SlotId>,
    /// Every target as entered: player names, family names, roles, words.
    pub entered: Vec<String>,
    pub params: BTreeMap<String, String>,
    /// The ability's roleset entry, looked up once (an act is cloned and asked often).
    pub def: Rc<AbilityDef>,
}

impl Act {
    /// The key the host's verdicts and the trace know this act by.
    pub fn key(&self) -> String {
        format!("act#{}", self.seq)
    }

    pub fn def(&self) -> &AbilityDef {
        &self.def
    }

    /// The same act with the player `from` among its targets replaced by `to` (a move turned
    /// onto another player).
    pub fn redirected(&self, ctx: &Ctx, from: SlotId, to: SlotId) -> Act {
        let entered = self
            .entered
            .iter()
            .map(|e| {
                if ctx.slot_of(e) == Some(from) {
                    ctx.name(to)
                } else {
                    e.clone()
                }
            })
            .collect();
        self.retargeted(ctx, entered)
    }

    /// The same act with other targets (a redirect): both views change together.
    pub fn retargeted(&self, ctx: &Ctx, entered: Vec<String>) -> Act {
        Act {
            targets: entered.iter().filter_map(|t| ctx.slot_of(t)).collect(),
            entered,
            ..self.clone()
        }
    }
}

/// The live acts of the phase in resolution order: by stage in the order in force, then by
/// submission.
pub fn acts(ctx: &Ctx) -> Vec<Act> {
    ctx.actions()
        .into_iter()
        .map(|a| Act {
            seq: a.seq,
            actor: a.actor,
            targets: a.targets.iter().filter_map(|t| ctx.slot_of(t)).collect(),
            entered: a.targets,
            stage: a.ability.stage.clone(),
            ability: a.ability.id.clone(),
            params: a.params,
            def: Rc::new(a.ability),
        })
        .collect()
}
