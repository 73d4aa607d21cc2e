//! What colour checks show (§3.5, L6) and their verification (§4.8, L15), shared by the
//! commissar and the investigator. Blackening makes a player check black for the night; a
//! self-check never touches the checker's negative role, and a verification shows the true
//! colour (a self-check's verification is never black).

use super::investigator;
use super::night::{self, Gate, Move, NightRun};
use super::{teams, vars};
use crate::engine::SlotId;
use crate::engine::outcome::StepResult;
use crate::engine::resolve::Ctx;

/// What a colour check shows on `target` tonight.
pub fn shown_black(ctx: &Ctx, run: &NightRun, checker: SlotId, target: SlotId) -> bool {
    let blackened = run.ledger.blackened.contains_key(&target);
    let black = checker != target
        && ctx
            .state
            .slots
            .get(target)
            .is_some_and(|s| teams::is_black(ctx.roleset, s));
    black || blackened
}

/// The true colour a verification finds (§4.8).
pub fn true_black(ctx: &Ctx, checker: SlotId, target: SlotId) -> bool {
    checker != target
        && ctx
            .state
            .slots
            .get(target)
            .is_some_and(|s| teams::is_black(ctx.roleset, s))
}

/// Verification of a check the commissar received: the exact colour, the night's move spent.
pub fn verify(ctx: &mut Ctx, run: &mut NightRun, mv: &Move) {
    let Some(&target) = mv.targets.first() else {
        return night::step(ctx, mv, StepResult::Failed, vec!["no target".into()]);
    };
    let commissar = mv.ability == "commissar_verify";
    let source = if commissar {
        "Комиссар"
    } else {
        "Следователь"
    };
    let name = ctx.name(target);
    let outcome = match night::gate(ctx, run, mv, true, false) {
        Gate::Stop(result, why) => {
            investigator::tell_and_feed(
                ctx,
                mv.actor,
                source,
                "pm_verify_failed",
                &[("player", name)],
            );
            if commissar {
                run.ledger.commissar_line = Some("pub_commissar_failed");
            }
            (result, vec![why])
        }
        Gate::Go { .. } => {
            let black = true_black(ctx, checker_of(ctx, mv.actor), target);
            let template = if black {
                "pm_verify_black"
            } else {
                "pm_verify_red"
            };
            investigator::tell_and_feed(
                ctx,
                mv.actor,
                source,
                template,
                &[("player", name.clone())],
            );
            if commissar {
                run.ledger.commissar_line = Some("pub_commissar_passed");
            }
            (
                StepResult::Success,
                vec![format!(
                    "verification: {name} is truly {} (L15)",
                    teams::colour_word(black)
                )],
            )
        }
    };
    night::step(ctx, mv, outcome.0, outcome.1);
}

/// Who made the check being verified: when the commissar verifies (or the investigator
/// verifies for him) the commissar's self-check, the checker is the target himself.
fn checker_of(ctx: &Ctx, verifier: SlotId) -> SlotId {
    teams::holder(&ctx.state, "commissar").unwrap_or(verifier)
}

/// A verification needs a check of the commissar's on its target; by option only black checks
/// may be verified by the commissar himself (L15, Q7).
pub fn verify_refusal(entry: &super::roles::Entry) -> Result<(), crate::engine::Refusal> {
    let Some(&t) = entry.targets.first() else {
        return Ok(());
    };
    let refuse = |message: &str| Err(crate::engine::Refusal::new("verify", message));
    match vars::get(entry.state, &vars::check_key("commissar", t)) {
        None => refuse(&format!(
            "the commissar has no check on {} to verify (L15)",
            entry.state.slots[t].name
        )),
        Some("красный")
            if entry.ability == "commissar_verify"
                && entry.state.option(entry.roleset, "commissar_verifies") == "black_only" =>
        {
            refuse("only black checks may be verified (option commissar_verifies, Q7)")
        }
        Some(_) => Ok(()),
    }
}
