//! Dispatch of the night's moves outside the killers' stage to the role that owns them. A move
//! of an ability the roleset gives an effect and no role here claims is the kernel's to run; a
//! move with neither is an error in the trace and a warning, never a silent no-op.

use super::night::{Move, NightRun, step};
use super::{black, blocker, checks, detective, doctor, investigator};
use crate::engine::outcome::StepResult;
use crate::engine::resolve::Ctx;

/// Resolve a move of a ru-city role; `false` leaves it to the kernel's effect executor.
pub fn run(ctx: &mut Ctx, run: &mut NightRun, mv: &Move) -> bool {
    match mv.ability.as_str() {
        "blacken" => black::blacken(ctx, run, mv),
        "suicide" => black::suicide(ctx, run, mv),
        "blocker_arrest" | "blocker_protect" => blocker::act(ctx, run, mv),
        "doctor" => doctor::act(ctx, run, mv),
        "commissar" => checks::commissar(ctx, run, mv),
        "commissar_verify" | "investigator_verify" => checks::verify(ctx, run, mv),
        "detective_track" => detective::track(ctx, run, mv),
        "detective_role_check" => detective::role_check(ctx, run, mv),
        "detective_role_request" | "investigator_role_request" => {
            detective::role_request(ctx, run, mv)
        }
        "investigator_shot" => investigator::shot(ctx, run, mv),
        "patronage" => step(
            ctx,
            mv,
            StepResult::Success,
            vec!["under the politician's patronage: colour checks give nothing on him tonight (L132)".into()],
        ),
        "night_note" => step(
            ctx,
            mv,
            StepResult::Info,
            vec!["a night note: posted in the morning if its condition holds".into()],
        ),
        "mafia_kill" | "maniac_kill" | "insure" => step(
            ctx,
            mv,
            StepResult::Failed,
            vec![format!(
                "`{}` resolves only in the killers' stage; the stage order in force moved it",
                mv.ability
            )],
        ),
        _ if mv
            .def(ctx.roleset)
            .is_some_and(|d| d.effect != crate::rules::Effect::None) =>
        {
            return false;
        }
        other => {
            ctx.warn(format!(
                "`{other}` is not implemented in ru-city part 1: the move was not resolved"
            ));
            step(
                ctx,
                mv,
                StepResult::Failed,
                vec![format!("`{other}` is not implemented in ru-city part 1")],
            );
        }
    }
    true
}
