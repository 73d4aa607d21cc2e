//! Irish (§12.1): Steal an item each night; Frighten a player for the next Day, never the same
//! one twice in a row (§3).

use super::super::book;
use super::super::phase::{self, Run};
use crate::engine::Refusal;
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::Ctx;
use crate::engine::system::ActQuery;
use crate::engine::system::Requirements;
use crate::kernel::{self, Act};

pub fn frighten(ctx: &mut Ctx, run: &mut Run, act: &Act) {
    let Some(&t) = act.targets.clone().first() else {
        return kernel::step::done(ctx, act, StepResult::Failed, vec!["no target".into()]);
    };
    book::remember_target(&mut ctx.state, act.actor, book::LAST_FRIGHTENED, t);
    // The mark takes effect in the next Day and ends with it.
    let day = ctx.state.phase + 1;
    ctx.set_status_until(t, super::super::FRIGHTENED, Some(act.actor), Some(day));
    ctx.say(Audience::Slot(t), "pm_frightened", &[]);
    phase::happened(ctx, run, act, false);
    let why = format!(
        "{} is frightened: tomorrow his actions fail and his vote does not count (§3)",
        ctx.name(t)
    );
    kernel::step::done(ctx, act, StepResult::Success, vec![why]);
}

pub fn steal(ctx: &mut Ctx, run: &mut Run, act: &Act) {
    let Some(&t) = act.targets.clone().first() else {
        return kernel::step::done(ctx, act, StepResult::Failed, vec!["no target".into()]);
    };
    let held: Vec<&str> = book::ITEMS
        .iter()
        .copied()
        .filter(|i| book::items(&ctx.state.slots[t], i) > 0)
        .collect();
    let item = match act.params.get("item") {
        Some(named) => held.iter().copied().find(|i| i == named),
        None => {
            let held: Vec<String> = held.iter().map(|s| s.to_string()).collect();
            ctx.draw("other", "the item Irish steals", &held, |i| i.clone())
                .and_then(|i| book::ITEMS.iter().copied().find(|x| *x == i))
        }
    };
    phase::happened(ctx, run, act, false);
    let Some(item) = item else {
        ctx.say(
            Audience::Slot(act.actor),
            "pm_nothing_to_steal",
            &[("player", ctx.name(t))],
        );
        let why = format!("{} has no such item to steal", ctx.name(t));
        return kernel::step::done(ctx, act, StepResult::Failed, vec![why]);
    };
    book::give_item(&mut ctx.state, t, item, -1);
    book::give_item(&mut ctx.state, act.actor, item, 1);
    ctx.say(
        Audience::Slot(t),
        "pm_item_stolen",
        &[("item", item.to_string())],
    );
    ctx.say(
        Audience::Slot(act.actor),
        "pm_stole",
        &[("item", item.to_string()), ("player", ctx.name(t))],
    );
    let why = format!("{} steals {}'s {item}", ctx.name(act.actor), ctx.name(t));
    kernel::step::done(ctx, act, StepResult::Success, vec![why]);
}

/// This file in the registry of Conan's roles (`roles::ROLES`).
pub struct Irish;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: Requirements = Requirements {
    templates: &[
        "pm_frightened",
        "pm_item_stolen",
        "pm_nothing_to_steal",
        "pm_stole",
    ],
    stages: &["other"],
    abilities: &["frighten", "steal"],
    ..Requirements::NONE
};

impl super::Role for Irish {
    fn requires(&self) -> Requirements {
        REQUIRES
    }
    fn abilities(&self) -> &'static [&'static str] {
        &["frighten", "steal"]
    }
    fn perform(&self, ctx: &mut Ctx, run: &mut super::super::phase::Run, act: &Act) {
        match act.ability.as_str() {
            "frighten" => frighten(ctx, run, act),
            _ => steal(ctx, run, act),
        }
    }
    /// Frighten: never the same one twice in a row.
    fn refuse(&self, q: &ActQuery<'_>) -> Result<(), Refusal> {
        if q.ability != "frighten" {
            return Ok(());
        }
        super::refuse_repeat(
            q,
            "frighten",
            book::LAST_FRIGHTENED,
            "was frightened last time",
        )
    }
}
