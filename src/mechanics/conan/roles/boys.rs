//! The Detective Boys (§12.2): one stake-out a night for the whole team; the order of the
//! highest-ranked Boy free to act wins, the others' orders are skipped.

use super::super::phase::{self, Run};
use super::super::{book, info};
use crate::engine::outcome::StepResult;
use crate::engine::resolve::{Ctx, live_acts};
use crate::engine::system::Requirements;
use crate::kernel::{self, Act};

pub fn stake_out(ctx: &mut Ctx, run: &mut Run, act: &Act) {
    let rank = |slot: usize| {
        ctx.state.slots[slot]
            .own_roles()
            .find_map(|r| book::BOYS.iter().position(|b| *b == r))
            .unwrap_or(usize::MAX)
    };
    let mine = rank(act.actor);
    let higher = live_acts(&ctx.state).any(|a| {
        a.ability == "db_stake_out"
            && a.actor != act.actor
            && rank(a.actor) < mine
            && ctx.state.slots.get(a.actor).is_some_and(book::free)
            && !run.ledger.discombobulated.contains(&a.actor)
    });
    if higher {
        let why = "a higher-ranked Boy's order is the team's stake-out tonight (§12.2)".to_string();
        return kernel::step::done(ctx, act, StepResult::Skipped, vec![why]);
    }
    let Some(&t) = act.targets.clone().first() else {
        return kernel::step::done(ctx, act, StepResult::Failed, vec!["no target".into()]);
    };
    phase::happened(ctx, run, act, false);
    let list = info::visitors(run, t, act.actor);
    info::tell_list(ctx, run, act, "pm_stake_out", t, "visitors", list);
}

/// This file in the registry of Conan's roles (`roles::ROLES`).
pub struct Boys;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: Requirements = Requirements {
    templates: &["pm_stake_out"],
    abilities: &["db_stake_out"],
    ..Requirements::NONE
};

impl super::Role for Boys {
    fn requires(&self) -> Requirements {
        REQUIRES
    }
    fn abilities(&self) -> &'static [&'static str] {
        &["db_stake_out"]
    }
    fn perform(&self, ctx: &mut Ctx, run: &mut super::super::phase::Run, act: &Act) {
        stake_out(ctx, run, act)
    }
}
