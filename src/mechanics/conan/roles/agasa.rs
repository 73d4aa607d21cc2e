//! Agasa Hiroshi (§12.2): gives a gadget from his stock (one watch, one bowtie, one pair of
//! glasses) to a player; it is his from the next phase.

use super::super::book;
use super::super::phase::{self, Run};
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::Ctx;
use crate::engine::system::Requirements;
use crate::kernel::{self, Act};

/// His stock at the start (§12.2).
pub const STOCK: [&str; 3] = ["watch", "bowtie", "glasses"];

pub fn gadget(ctx: &mut Ctx, run: &mut Run, act: &Act) {
    let Some(&t) = act.targets.clone().first() else {
        return kernel::step::done(ctx, act, StepResult::Failed, vec!["no target".into()]);
    };
    let item = act.params.get("item").cloned().unwrap_or_default();
    let key = book::stock_key(&item);
    if ctx.state.slots[act.actor].counter(&key) == 0 {
        let why = format!("Agasa has no {item} left in his stock (§12.2)");
        return kernel::step::done(ctx, act, StepResult::Failed, vec![why]);
    }
    if let Some(s) = ctx.state.slots.get_mut(act.actor) {
        s.counters.remove(&key);
    }
    book::give_item(&mut ctx.state, t, &item, 1);
    ctx.say(
        Audience::Slot(t),
        "pm_item_received",
        &[("item", item.clone())],
    );
    phase::happened(ctx, run, act, false);
    let why = format!(
        "{} gets a {item}, his from the next phase (§12.2)",
        ctx.name(t)
    );
    kernel::step::done(ctx, act, StepResult::Success, vec![why]);
}

/// This file in the registry of Conan's roles (`roles::ROLES`).
pub struct Agasa;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: Requirements = Requirements {
    templates: &["pm_item_received"],
    roles: &["bowtie", "glasses", "watch"],
    abilities: &["bowtie", "gadget", "glasses", "watch"],
    ..Requirements::NONE
};

impl super::Role for Agasa {
    fn requires(&self) -> Requirements {
        REQUIRES
    }
    fn abilities(&self) -> &'static [&'static str] {
        &["gadget"]
    }
    fn perform(&self, ctx: &mut Ctx, run: &mut super::super::phase::Run, act: &Act) {
        gadget(ctx, run, act)
    }
}
