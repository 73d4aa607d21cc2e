//! The Conan rules on the resolution kernel: a phase is the kernel's runner over the stages in
//! force, every action passes the kernel's one gate with Conan's conditions as its stops
//! (conan.md §3, §6), and the stages the rules run whole (the arrests, the blocks, the kill,
//! APTX, the lynch, Prep) and the system stages (setup and end) are theirs.

use super::phase::{self, Ledger, Run};
use super::roles::{self, police};
use super::{book, day, kill, night, prep, vote};
use crate::engine::outcome::Audience;
use crate::engine::outcome::StepResult;
use crate::engine::resolve::Ctx;
use crate::kernel::gate::{Gate, Passing};
use crate::kernel::{self, Act, Fold, Rules};
use crate::rules::PhaseKind;

/// The Conan rules' part in the kernel's resolution.
pub struct ConanRules;

impl Rules for ConanRules {
    type Ledger = Ledger;

    fn before_stage(&mut self, ctx: &mut Ctx, run: &mut Run, stage: &str) {
        let kind = ctx.state.phase_kind(ctx.roleset);
        let stages = phase::stages(ctx, kind);
        run.ledger.stage = stages.iter().position(|s| s == stage).unwrap_or(0);
    }

    fn system_stage(&mut self, ctx: &mut Ctx, run: &mut Run, stage: &str) {
        match stage {
            "night_setup" => night::setup(ctx, run),
            "night_end" => night::end(ctx, run),
            "day_setup" => phase::opening(ctx),
            "day_end" => day::end(ctx, run),
            other => ctx.warn(format!("stage `{other}` has no rule in the Conan rules")),
        }
    }

    fn whole_stage(&mut self, ctx: &mut Ctx, run: &mut Run, stage: &str, acts: &[Act]) -> bool {
        match stage {
            "prep" => prep::stage(ctx, run, acts),
            "arrest" => police::stage(ctx, run, acts),
            "block" => roles::simultaneous(ctx, run, acts),
            "kill" => kill::stage(ctx, run, acts),
            "aptx" => day::aptx(ctx, run, acts),
            "lynch" => vote::lynch(ctx, run),
            _ => return false,
        }
        true
    }

    fn act(&mut self, ctx: &mut Ctx, run: &mut Run, act: &Act) -> bool {
        roles::act(ctx, run, act);
        true
    }

    fn actor_gone(
        &mut self,
        ctx: &mut Ctx,
        run: &mut Run,
        act: &Act,
    ) -> Option<(StepResult, String)> {
        phase::gone(ctx, run, act)
    }

    fn strongest_defence_first(&self) -> bool {
        true
    }

    /// The watch (§7): below the Bone Breaker, above every other protection; it stops any
    /// attack and is used up (a snipe breaks it).
    fn immunity(
        &mut self,
        ctx: &mut Ctx,
        run: &mut Run,
        attack: &kernel::Attack,
    ) -> Option<String> {
        let target = attack.victim;
        let watch = ctx
            .state
            .slots
            .get(target)
            .is_some_and(|t| book::items(t, "watch") > 0);
        let breaker_holds = run
            .defences
            .iter()
            .any(|d| d.ability == "bone_breaker" && d.stops(attack));
        if !watch || breaker_holds {
            return None;
        }
        book::give_item(&mut ctx.state, target, "watch", -1);
        ctx.say(Audience::Slot(target), "pm_watch_used", &[]);
        let name = ctx.name(target);
        Some(if attack.strength >= kill::SNIPE {
            format!("{name}'s watch stops the snipe and breaks (§7)")
        } else {
            format!("{name}'s watch stops the attack and is used up (§7)")
        })
    }

    fn defended(
        &mut self,
        ctx: &mut Ctx,
        run: &mut Run,
        defence: &kernel::Defence,
        attack: &kernel::Attack,
        reasons: &mut Vec<String>,
    ) {
        roles::defended(ctx, run, defence, attack, reasons);
    }

    fn stop_before(
        &mut self,
        ctx: &mut Ctx,
        run: &mut Run,
        act: &Act,
    ) -> Option<(StepResult, String)> {
        phase::conditions(ctx, run, act).or_else(|| phase::searched_stop(ctx, run, act))
    }
}

/// The kernel's gate for a Conan action: `None` when it goes on.
pub fn gate(ctx: &mut Ctx, run: &mut Run, act: &Act) -> Option<(StepResult, String)> {
    match kernel::gate::gate(ctx, run, &mut ConanRules, act, Passing::ANY) {
        Gate::Go { .. } => None,
        Gate::Stop(result, why) => Some((result, why)),
    }
}

/// Resolve the phase open now; the ballots it counted, vote by vote, are handed back for the
/// live tally.
pub fn resolve(ctx: &mut Ctx, kind: PhaseKind) -> Vec<vote::Counted> {
    night::records(ctx);
    let mut run: Run = Fold::start(ctx);
    if kind == PhaseKind::Night {
        let orders: Vec<Act> = run.acts_of("bo_kill");
        let orders: Vec<&Act> = orders.iter().collect();
        run.ledger.killer = kill::planned(ctx, &run, &orders);
    }
    kernel::run_phase(ctx, &mut run, &mut ConanRules, kind);
    run.ledger.counts
}
