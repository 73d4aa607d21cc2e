//! Gin (§12.1): Slander up to two players (at most one BO and one not), whose interrogations
//! tonight flip; Erase Evidence on one crime row of the night, each crime type once a game.

use super::super::book;
use super::super::phase::{self, Run};
use crate::engine::Refusal;
use crate::engine::outcome::StepResult;
use crate::engine::resolve::Ctx;
use crate::engine::system::ActQuery;
use crate::engine::system::Requirements;
use crate::kernel::{self, Act};

/// The crime types Gin has erased: each once a game (§12.1).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ErasedTypes(pub Vec<String>);

pub fn slander(ctx: &mut Ctx, run: &mut Run, act: &Act) {
    let targets = act.targets.clone();
    let phase_now = ctx.state.phase;
    for &t in &targets {
        run.ledger.slandered.insert(t);
        ctx.set_status_until(t, super::super::SLANDERED, Some(act.actor), Some(phase_now));
    }
    phase::happened(ctx, run, act, false);
    let why = format!(
        "{} slandered: interrogations on them tonight read the opposite (§5)",
        book::names(&ctx.state, &targets)
    );
    kernel::step::done(ctx, act, StepResult::Success, vec![why]);
}

/// The order is carried out at the end of the night, on the crimes of the whole night.
pub fn erase_evidence(ctx: &mut Ctx, run: &mut Run, act: &Act) {
    let Some(&t) = act.targets.clone().first() else {
        return kernel::step::done(ctx, act, StepResult::Failed, vec!["no target".into()]);
    };
    let crime = act.params.get("crime").cloned().unwrap_or_default();
    if ctx.state.kept.of::<ErasedTypes>().0.contains(&crime) {
        let why = format!("{crime} was erased once already: each crime type once a game (§12.1)");
        return kernel::step::done(ctx, act, StepResult::Failed, vec![why]);
    }
    run.ledger.erase_orders.push((act.actor, t, crime.clone()));
    phase::happened(ctx, run, act, false);
    let why = format!(
        "{}'s {crime} of tonight will be erased at the end of the night (§4.2)",
        ctx.name(t)
    );
    kernel::step::done(ctx, act, StepResult::Success, vec![why]);
}

/// The night's end: each order erases its row, if the crime happened.
pub fn carry_out(ctx: &mut Ctx, run: &Run) {
    for (gin, actor, crime) in &run.ledger.erase_orders {
        if super::super::crimes::erase(ctx, *actor, crime) {
            ctx.state
                .kept
                .get_mut::<ErasedTypes>()
                .0
                .push(crime.clone());
            ctx.note(
                format!("erased:{}:{crime}", ctx.name(*actor)),
                "night_end",
                format!(
                    "{} erases the evidence of {}'s {crime}: investigations and arrests on it fail (§4.2)",
                    ctx.name(*gin),
                    ctx.name(*actor)
                ),
            );
        }
    }
}

/// This file in the registry of Conan's roles (`roles::ROLES`).
pub struct Gin;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: Requirements = Requirements {
    stages: &["night_end"],
    abilities: &["erase_evidence", "slander"],
    ..Requirements::NONE
};

impl super::Role for Gin {
    fn requires(&self) -> Requirements {
        REQUIRES
    }
    fn abilities(&self) -> &'static [&'static str] {
        &["slander", "erase_evidence"]
    }
    fn perform(&self, ctx: &mut Ctx, run: &mut super::super::phase::Run, act: &Act) {
        match act.ability.as_str() {
            "slander" => slander(ctx, run, act),
            _ => erase_evidence(ctx, run, act),
        }
    }
    /// Two slanders are one BO member and one player who is not (§12.1).
    fn refuse(&self, q: &ActQuery<'_>) -> Result<(), Refusal> {
        if q.ability != "slander" || q.targets.len() != 2 {
            return Ok(());
        }
        let bo = (q.targets.iter())
            .filter_map(|n| q.state.slot_by_name(n))
            .filter(|s| book::is_bo(s))
            .count();
        if bo != 1 {
            return Err(Refusal::new(
                "slander",
                "two slanders are one BO member and one player who is not (§12.1)",
            ));
        }
        Ok(())
    }
}
