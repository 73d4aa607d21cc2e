//! What colour checks show (§3.5, L6) and their verification (§4.8, L15), shared by the
//! commissar and the investigator. Blackening makes a player check black for the night; a
//! self-check never touches the checker's negative role, and a verification shows the true
//! colour (a self-check's verification is never black).

use super::night::{self, CityNight, Gate};
use super::{kept, teams};
use crate::engine::SlotId;
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::Ctx;
use crate::kernel::Act;
use crate::kernel::Fold;

/// What a colour check shows on `target` tonight.
pub fn shown_black(ctx: &Ctx, run: &Fold<CityNight>, checker: SlotId, target: SlotId) -> bool {
    // Something that shows red whatever else holds (the imitator's illusion, L50).
    if super::roles::check_meets_red(run, target) {
        return false;
    }
    let blackened = run.ledger.blackened.contains_key(&target);
    let black = checker != target && teams::black(ctx, target);
    let shown_red = super::roles::black_checks_red(ctx, run, target)
        || super::werewolf::checks_red(ctx, run, target);
    // A colour turned over for the rest of the night (the joker's check, L51).
    let flipped = super::roles::turns_colour(run, target);
    ((black && !shown_red) || blackened) != flipped
}

/// The true colour a verification finds (§4.8).
pub fn true_black(ctx: &Ctx, checker: SlotId, target: SlotId) -> bool {
    checker != target
        && teams::black(ctx, target)
        && !super::roles::verifies_red(&ctx.state, checker, target)
}

/// Verification of a check the commissar received: the exact colour, the night's move spent.
pub fn verify(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    let Some(&target) = mv.targets.first() else {
        return night::step(ctx, mv, StepResult::Failed, vec!["no target".into()]);
    };
    let commissar = mv.ability == "commissar_verify";
    // A borrowed commissar's result is his by PM only (L40): the post stays the owner's.
    let announced = commissar && !super::borrowed::copied(&ctx.state.slots[mv.actor], "commissar");
    let source = if commissar {
        "Комиссар"
    } else {
        "Следователь"
    };
    let name = ctx.name(target);
    let outcome = match night::gate(ctx, run, mv, true, false) {
        Gate::Stop(result, why) => {
            super::roles::tell_result(
                ctx,
                mv.actor,
                source,
                "pm_verify_failed",
                &[("player", name)],
            );
            if announced {
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
            super::roles::tell_result(ctx, mv.actor, source, template, &[("player", name.clone())]);
            if announced {
                run.ledger.commissar_line = Some("pub_commissar_passed");
            }
            (
                StepResult::Success,
                vec![format!(
                    "verification: {name} is truly {} (L15)",
                    teams::colour_en(black)
                )],
            )
        }
    };
    night::step(ctx, mv, outcome.0, outcome.1);
}

/// The private texts of a checker's verification of his own check.
pub struct VerifyTexts {
    pub red: &'static str,
    pub black: &'static str,
    pub failed: &'static str,
}

/// A checker's verification of his own earlier check, told by PM (L114 "Чекеры могут
/// проверять подлинность полученных чеков", L15): the true colour, or `None` if the move was
/// stopped.
pub fn private_verify(
    ctx: &mut Ctx,
    run: &mut Fold<CityNight>,
    mv: &Act,
    texts: &VerifyTexts,
) -> Option<bool> {
    let Some(&target) = mv.targets.first() else {
        night::step(ctx, mv, StepResult::Failed, vec!["no target".into()]);
        return None;
    };
    let name = ctx.name(target);
    if let Gate::Stop(result, why) = night::gate(ctx, run, mv, true, false) {
        ctx.say(Audience::Slot(mv.actor), texts.failed, &[("player", name)]);
        night::step(ctx, mv, result, vec![why]);
        return None;
    }
    let black = true_black(ctx, mv.actor, target);
    let template = if black { texts.black } else { texts.red };
    ctx.say(
        Audience::Slot(mv.actor),
        template,
        &[("player", name.clone())],
    );
    let why = format!(
        "verification: {name} is truly {} (L114, L15)",
        teams::colour_en(black)
    );
    night::step(ctx, mv, StepResult::Success, vec![why]);
    Some(black)
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
    match kept::shown(entry.state, "commissar", t).map(|s| s.black) {
        None => refuse(&format!(
            "the commissar has no check on {} to verify (L15)",
            entry.state.slots[t].name
        )),
        Some(false)
            if entry.ability == "commissar_verify"
                && entry.state.option(entry.roleset, "commissar_verifies") == "black_only" =>
        {
            refuse("only black checks may be verified (option commissar_verifies, Q7)")
        }
        Some(_) => Ok(()),
    }
}

/// The colour checks of the night: the commissar's, and the lawyer's and the inquisitor's,
/// which follow the commissar's rules (L28, L29).
pub const COLOUR_CHECKS: [&str; 3] = ["commissar", "lawyer_check", "inquisitor_check"];

/// The checks' stage in its order (§7.3 step 13): the joker's check, the colour checks, then the verifications
/// and role requests. The journalist's order is that of "проверки чеков" (L24): with the
/// verifications by default, with the colour checks by option (Q22 `colour_checks`). Within a
/// group, the order the moves were sent.
pub fn in_order(ctx: &Ctx, acts: &[Act]) -> Vec<Act> {
    let journalist_checks_colours = ctx.option("journalist_slot") == "colour_checks";
    let group = |m: &Act| {
        let journalist = m.ability.starts_with("journalist_");
        u8::from(
            !(COLOUR_CHECKS.contains(&m.ability.as_str())
                || (journalist && journalist_checks_colours)),
        )
    };
    let mut out = acts.to_vec();
    // The joker's check goes before both groups: its rank in the stage (L51).
    out.sort_by_key(group);
    out
}

/// Why a colour check (or a comparison, L24) gives no information on `target` (L6): the
/// politician or his patronage, a crippled player, the target of another colour check
/// tonight, and for a check (`with_covered`, not the journalist's comparison) the target of a
/// doctor's, blocker's or bodyguard's move that went through tonight.
pub fn withheld(
    ctx: &Ctx,
    run: &Fold<CityNight>,
    checker: SlotId,
    target: SlotId,
    with_covered: bool,
) -> Option<String> {
    let name = ctx.name(target);
    if let Some(why) = super::roles::withholds_colour(ctx, run, target) {
        return Some(why);
    }
    if ctx.has_status(target, super::blocks::CRIPPLED) {
        return Some(format!("{name} is crippled: no colour information (L6)"));
    }
    if with_covered && run.ledger.covered.contains(&target) {
        return Some(format!(
            "{name} is also the target of the doctor, the blocker or the bodyguard tonight: no information (L6)"
        ));
    }
    let other_check = run.acts.iter().any(|a| {
        a.actor != checker
            && COLOUR_CHECKS.contains(&a.ability.as_str())
            && a.targets.contains(&target)
    });
    other_check.then(|| {
        format!(
            "{name} is also the target of another colour check tonight (commissar, lawyer, inquisitor): no information (L6, L28, L29)"
        )
    })
}

/// The PMs of a private colour checker (the lawyer, the inquisitor).
pub struct PrivateTexts {
    pub role: &'static str,
    pub red: &'static str,
    pub black: &'static str,
    /// A black holder learns at once that a black check is false (L95, L96).
    pub false_black: &'static str,
    pub failed: &'static str,
    pub withheld: &'static str,
}

/// A colour check by the commissar's rules with all of its information private (L28, L29):
/// the colour goes by PM in the morning, and is kept for the role's later moves.
pub fn private_check(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act, texts: &PrivateTexts) {
    let Some(&target) = mv.targets.first() else {
        return night::step(ctx, mv, StepResult::Failed, vec!["no target".into()]);
    };
    let name = ctx.name(target);
    let say = |ctx: &mut Ctx, template: &str| {
        ctx.say(
            crate::engine::outcome::Audience::Slot(mv.actor),
            template,
            &[("player", name.clone())],
        );
    };
    if let Gate::Stop(result, why) = night::gate(ctx, run, mv, true, false) {
        say(ctx, texts.failed);
        return night::step(ctx, mv, result, vec![why]);
    }
    if !ctx.is_alive(target) {
        say(ctx, texts.failed);
        let why = format!("{name} was killed tonight: the check does not pass (L6)");
        return night::step(ctx, mv, StepResult::Failed, vec![why]);
    }
    if let Some(why) = withheld(ctx, run, mv.actor, target, true) {
        say(ctx, texts.withheld);
        return night::step(ctx, mv, StepResult::Failed, vec![why]);
    }
    let black = shown_black(ctx, run, mv.actor, target);
    run.ledger.checked.insert(target);
    let night = run.ledger.night;
    kept::remember_check(&mut ctx.state, texts.role, target, black, night);
    let holder_black = teams::black(ctx, mv.actor);
    let false_black = black && !true_black(ctx, mv.actor, target);
    let template = match (black, holder_black && false_black) {
        (true, true) => texts.false_black,
        (true, false) => texts.black,
        (false, _) => texts.red,
    };
    say(ctx, template);
    let mut reasons = vec![format!(
        "{name} checks {}; the colour goes to {} by PM only",
        teams::colour_en(black),
        ctx.name(mv.actor)
    )];
    if false_black && holder_black {
        reasons.push("a black holder knows at once the black check is false (L95, L96)".into());
    }
    night::step(ctx, mv, StepResult::Success, reasons);
}
