//! Colour checks (§3.5, L6) and their verification (§4.8, L15). The public reads "check
//! passed" whatever colour the commissar saw; the colour itself goes by PM. Blackening makes a
//! player check black for the night; a self-check never touches the checker's negative role,
//! and a verification shows the true colour (a self-check's verification is never black).

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

/// Players a colour check gives no information on (L6): the politician; the targets of the
/// doctor's and the blocker's moves that went through tonight.
fn withheld(ctx: &Ctx, run: &NightRun, target: SlotId) -> Option<String> {
    let name = ctx.name(target);
    if ctx
        .state
        .slots
        .get(target)
        .is_some_and(|s| teams::holds(s, "politician"))
    {
        return Some(format!(
            "{name} is the politician: no colour information (L6, L132)"
        ));
    }
    if super::politician::patronage(run) == Some(target) {
        return Some(format!(
            "{name} is under the politician's patronage: no colour information (L132)"
        ));
    }
    run.ledger.covered.contains(&target).then(|| {
        format!(
            "{name} is also the target of the doctor or the blocker tonight: no information (L6)"
        )
    })
}

pub fn commissar(ctx: &mut Ctx, run: &mut NightRun, mv: &Move) {
    let Some(&target) = mv.targets.first() else {
        return night::step(ctx, mv, StepResult::Failed, vec!["no target".into()]);
    };
    let (line, result, reasons) = check(ctx, run, mv, target);
    run.ledger.commissar_line = Some(line);
    night::step(ctx, mv, result, reasons);
}

fn check(
    ctx: &mut Ctx,
    run: &mut NightRun,
    mv: &Move,
    target: SlotId,
) -> (&'static str, StepResult, Vec<String>) {
    let tell = |ctx: &mut Ctx, template: &str, args: &[(&str, String)]| {
        investigator::tell_and_feed(ctx, mv.actor, "Комиссар", template, args);
    };
    if let Gate::Stop(result, why) = night::gate(ctx, run, mv, true, false) {
        tell(ctx, "pm_commissar_failed", &[]);
        return ("pub_commissar_failed", result, vec![why]);
    }
    let name = ctx.name(target);
    if !ctx.is_alive(target) {
        tell(ctx, "pm_commissar_failed", &[]);
        return (
            "pub_commissar_failed",
            StepResult::Failed,
            vec![format!(
                "{name} was killed tonight: the check does not pass (L6)"
            )],
        );
    }
    if let Some(why) = withheld(ctx, run, target) {
        tell(ctx, "pm_commissar_withheld", &[("player", name)]);
        return ("pub_commissar_withheld", StepResult::Failed, vec![why]);
    }
    let black = shown_black(ctx, run, mv.actor, target);
    run.ledger.checked.insert(target);
    vars::set(
        &mut ctx.state,
        vars::check_key("commissar", target),
        teams::colour_word(black),
    );
    let template = if black {
        "pm_commissar_black"
    } else {
        "pm_commissar_red"
    };
    tell(ctx, template, &[("player", name.clone())]);
    let mut reasons = vec![format!("{name} checks {}", teams::colour_word(black))];
    if run.ledger.blackened.contains_key(&target) {
        reasons.push(format!("{name} was blackened tonight (L15)"));
    }
    if mv.actor == target {
        reasons.push("a self-check never touches the checker's negative role (L15)".into());
    }
    ("pub_commissar_passed", StepResult::Success, reasons)
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

/// The morning line of the commissar: a living commissar who sent nothing fails his check.
pub fn public_line(ctx: &Ctx, run: &NightRun) -> Option<&'static str> {
    let in_play = super::night::holders_at_start(run, &ctx.state, "commissar")
        .next()
        .is_some();
    in_play.then(|| run.ledger.commissar_line.unwrap_or("pub_commissar_failed"))
}
