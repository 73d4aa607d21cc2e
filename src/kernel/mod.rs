//! The resolution kernel: the verbs every rule system resolves a phase with, and the one runner
//! that walks a phase's stages.
//!
//! A rule system brings its [`Rules`]: what its own roles do with an act (a role whose
//! behaviour goes beyond its roleset effect), its system stages, its interceptors (immunities,
//! automatic defences, vetoes, what a death sets off) and a ledger type for whatever its roles
//! record during the phase. Everything else is shared:
//! - [`act::Act`], one resolver action type, and [`fold::Fold`], what the phase has set up so
//!   far (visits, blocks, defences, attacks, heals), extended by the system's ledger;
//! - [`gate`]: the host's verdicts, a dead actor, a taken role and blocks, in that order;
//! - [`attack`]: attacks and defences with strengths, interceptors, heals and deferred deaths;
//! - [`status`]: statuses with durations and the messages that announce them;
//! - [`effect`]: the executor of [`crate::rules::Effect`] on these verbs, its messages named by
//!   the roleset (`AbilityDef.tell`), never by the kernel.
//!
//! The kernel names no rule system, role, side, status or template: `tests/layering.rs` reads
//! it as it reads the engine.

pub mod act;
pub mod attack;
pub mod effect;
pub mod fold;
pub mod gate;
pub mod status;
pub mod step;
pub mod told;

pub use act::Act;
pub use attack::{Attack, Defence, Landing};
pub use fold::{Block, Fold, Visit};
pub use gate::Gate;

use crate::engine::SlotId;
use crate::engine::resolve::Ctx;
use crate::rules::PhaseKind;

/// A rule system's part in resolving a phase. Every method has a default that adds nothing, so
/// a system states only what it changes.
pub trait Rules {
    /// What the system's roles record during a phase, beside the kernel's own records.
    type Ledger: Default;

    /// Resolve an act of one of the system's own roles; `false` leaves it to the kernel, which
    /// executes the ability's roleset effect.
    fn act(&mut self, _ctx: &mut Ctx, _run: &mut Fold<Self::Ledger>, _act: &Act) -> bool {
        false
    }

    /// Resolve a stage's acts together (the system owns the whole stage, e.g. killers who
    /// shoot by turns); `false` runs them one by one.
    fn whole_stage(
        &mut self,
        _ctx: &mut Ctx,
        _run: &mut Fold<Self::Ledger>,
        _stage: &str,
        _acts: &[Act],
    ) -> bool {
        false
    }

    /// A stage with no actor (the roleset marks it `system`).
    fn system_stage(&mut self, ctx: &mut Ctx, _run: &mut Fold<Self::Ledger>, stage: &str) {
        ctx.warn(format!("stage `{stage}` has no rule in this rule system"));
    }

    /// After a stage's acts (deaths due by then are settled here, e.g. at the doctor's stage).
    fn after_stage(&mut self, _ctx: &mut Ctx, _run: &mut Fold<Self::Ledger>, _stage: &str) {}

    /// Before a stage's acts run (a system that counts its stages, as Conan's "earlier in the
    /// order" does).
    fn before_stage(&mut self, _ctx: &mut Ctx, _run: &mut Fold<Self::Ledger>, _stage: &str) {}

    /// Why the act's actor can no longer act, checked by [`gate`] after the host's verdicts: by
    /// default the kernel's reading ([`gate::actor_gone`]: dead unless his group lives, or his
    /// role taken). A system whose rules read it otherwise answers here (Conan cancels the
    /// acts of a player killed, lynched or arrested earlier in the order, and lets a standing
    /// Vengeance fire after its holder's death).
    fn actor_gone(
        &mut self,
        ctx: &mut Ctx,
        _run: &mut Fold<Self::Ledger>,
        act: &Act,
    ) -> Option<(crate::engine::outcome::StepResult, String)> {
        gate::actor_gone(ctx, act)
    }

    /// A reason of the system's own to stop an act before its effect (checked by [`gate`] after
    /// the host's verdicts, death and a taken role, before blocks).
    fn stop_before(
        &mut self,
        _ctx: &mut Ctx,
        _run: &mut Fold<Self::Ledger>,
        _act: &Act,
    ) -> Option<(crate::engine::outcome::StepResult, String)> {
        None
    }

    /// A block stopped this act (the blocker's records, the blocked player's message).
    fn blocked(
        &mut self,
        _ctx: &mut Ctx,
        _run: &mut Fold<Self::Ledger>,
        _act: &Act,
        _block: &Block,
    ) {
    }

    /// A reason the target cannot be hurt by this attack, checked before any defence.
    fn immunity(
        &mut self,
        _ctx: &mut Ctx,
        _run: &mut Fold<Self::Ledger>,
        _attack: &Attack,
    ) -> Option<String> {
        None
    }

    /// A last defence after every placed one failed (an automatic self-protection): the reason
    /// and the status the attacker gets.
    fn last_defence(
        &mut self,
        _ctx: &mut Ctx,
        _run: &mut Fold<Self::Ledger>,
        _attack: &Attack,
    ) -> Option<(String, Option<String>)> {
        None
    }

    /// A rule that voids an attack nothing defended against (a limit on kills a night).
    fn veto(
        &mut self,
        _ctx: &mut Ctx,
        _run: &mut Fold<Self::Ledger>,
        _attack: &Attack,
    ) -> Option<String> {
        None
    }

    /// Which placed defence holds when several stop an attack: by default the first placed;
    /// `true`, the strongest (Conan's protection chain, where the highest protection that
    /// works applies, §7).
    fn strongest_defence_first(&self) -> bool {
        false
    }

    /// A placed defence stopped an attack: the defender's records and what its holding does
    /// (a guard dies in the target's place), with its lines added to the act's reasons.
    fn defended(
        &mut self,
        _ctx: &mut Ctx,
        _run: &mut Fold<Self::Ledger>,
        _defence: &Defence,
        _attack: &Attack,
        _reasons: &mut Vec<String>,
    ) {
    }

    /// An attack killed its victim (settled by [`attack::settle`]).
    fn killed(&mut self, _ctx: &mut Ctx, _run: &mut Fold<Self::Ledger>, _attack: &Attack) {}

    /// What any death sets off (revenge, lovers), whatever its cause.
    fn after_death(
        &mut self,
        _ctx: &mut Ctx,
        _run: &mut Fold<Self::Ledger>,
        _victim: SlotId,
        _cause: &str,
        _killer: Option<SlotId>,
    ) {
    }
}

/// Resolve the stages of this phase kind in the order in force: system stages by the system,
/// the others act by act (or whole, where the system owns the stage), then each stage's
/// aftermath. `ctx.stage` names the stage running, so every step is recorded in it.
pub fn run_phase<R: Rules>(
    ctx: &mut Ctx,
    run: &mut Fold<R::Ledger>,
    rules: &mut R,
    kind: PhaseKind,
) {
    for stage in ctx.state.stage_order.clone() {
        let Some(def) = ctx.roleset.stage(&stage) else {
            continue;
        };
        if !def.runs_in(kind) {
            continue;
        }
        // Every step from here to the next stage is this stage's (the queue groups by it).
        ctx.stage = Some(stage.clone());
        rules.before_stage(ctx, run, &stage);
        if def.system {
            rules.system_stage(ctx, run, &stage);
            continue;
        }
        let acts = run.acts.clone();
        let start = acts.iter().position(|a| a.stage == stage);
        let here = match start {
            Some(start) => {
                let len = acts[start..]
                    .iter()
                    .take_while(|a| a.stage == stage)
                    .count();
                &acts[start..start + len]
            }
            None => &[],
        };
        if !rules.whole_stage(ctx, run, &stage, here) {
            for act in here {
                run_act(ctx, run, rules, act);
            }
        }
        rules.after_stage(ctx, run, &stage);
    }
}

/// One act: its visit is recorded (blocked visits are seen too), then the system's role or,
/// if the system leaves it, the roleset effect resolves it.
pub fn run_act<R: Rules>(ctx: &mut Ctx, run: &mut Fold<R::Ledger>, rules: &mut R, act: &Act) {
    run.record_visit(act);
    if !rules.act(ctx, run, act) {
        effect::execute(ctx, run, rules, act);
    }
}
