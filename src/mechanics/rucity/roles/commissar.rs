//! The commissar (§3.5, L6): a colour check a night, or the verification of an earlier check
//! (§4.8, L15). The public reads "check passed" whatever colour he saw; the colour itself goes
//! by PM, and to the investigator (L8). A black commissar (or the faceless, L77) knows at once
//! that a black check is false and may substitute the colour the investigator receives
//! (`{"substitute": ..., "substitute_if": ...}`), unless his move fails (L85).

use super::checks::{self, shown_black};
use super::night::{self, CityNight, Gate};
use super::{Entry, Role, investigator, kept, refusal, teams};
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::Ctx;
use crate::engine::{Refusal, SlotId};
use crate::kernel::Act;
use crate::kernel::Fold;

pub struct Commissar;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    templates: &[
        "pm_commissar_black",
        "pm_commissar_failed",
        "pm_commissar_red",
        "pm_commissar_withheld",
        "pm_commissar_false_black",
        "pub_commissar_withheld",
    ],
    ..crate::engine::system::Requirements::NONE
};

impl Role for Commissar {
    fn requires(&self) -> crate::engine::system::Requirements {
        REQUIRES
    }
    fn id(&self) -> &'static str {
        "commissar"
    }
    fn night_move(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) -> bool {
        match mv.ability.as_str() {
            "commissar" => commissar(ctx, run, mv),
            "commissar_verify" => checks::verify(ctx, run, mv),
            _ => return false,
        }
        true
    }
    fn refuse(&self, entry: &Entry) -> Result<(), Refusal> {
        match entry.ability {
            "commissar_verify" => checks::verify_refusal(entry),
            "commissar"
                if entry.params.contains_key("substitute")
                    && !teams::plays_black(entry.roleset, entry.me()) =>
            {
                refusal(
                    "substitute",
                    "only a black commissar, or the faceless, substitutes the investigator's check (L85, L77)",
                )
            }
            _ => Ok(()),
        }
    }
    fn public_line(&self, ctx: &Ctx, run: &Fold<CityNight>) -> Option<&'static str> {
        public_line(ctx, run)
    }
    fn owes_a_move(&self) -> bool {
        true
    }
    fn history(&self) -> &'static [&'static str] {
        &["pm_commissar", "pm_verify"]
    }
}

fn commissar(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    let Some(&target) = mv.targets.first() else {
        return night::step(ctx, mv, StepResult::Failed, vec!["no target".into()]);
    };
    let (line, result, reasons) = check(ctx, run, mv, target);
    if !super::super::borrowed::copied(&ctx.state.slots[mv.actor], "commissar") {
        run.ledger.commissar_line = Some(line);
    }
    night::step(ctx, mv, result, reasons);
}

fn check(
    ctx: &mut Ctx,
    run: &mut Fold<CityNight>,
    mv: &Act,
    target: SlotId,
) -> (&'static str, StepResult, Vec<String>) {
    let tell = |ctx: &mut Ctx, template: &str, args: &[(&str, String)]| {
        super::tell_result(ctx, mv.actor, "Комиссар", template, args);
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
    if let Some(why) = checks::withheld(ctx, run, mv.actor, target, true) {
        tell(ctx, "pm_commissar_withheld", &[("player", name)]);
        return ("pub_commissar_withheld", StepResult::Failed, vec![why]);
    }
    let black = shown_black(ctx, run, mv.actor, target);
    run.ledger.checked.insert(target);
    let night = run.ledger.night;
    kept::remember_check(&mut ctx.state, "commissar", target, black, night);
    let template = if black {
        "pm_commissar_black"
    } else {
        "pm_commissar_red"
    };
    let args = [("player", name.clone())];
    let mut reasons = vec![format!("{name} checks {}", teams::colour_en(black))];
    let plays_black = teams::plays_black(ctx.roleset, &ctx.state.slots[mv.actor]);
    // A black commissar knows at once that a black check is false (L85); the faceless only
    // substitutes, "как черные" (L77).
    let false_black =
        teams::black(ctx, mv.actor) && black && !checks::true_black(ctx, mv.actor, target);
    let mine = if false_black {
        reasons.push("a black commissar knows at once the black check is false (L85)".into());
        "pm_commissar_false_black"
    } else {
        template
    };
    match substitute(mv, black) {
        Some(fed) if plays_black => {
            ctx.say(Audience::Slot(mv.actor), mine, &args);
            investigator::feed(ctx, mv.actor, "Комиссар", fed, &args);
            reasons.push(format!(
                "the commissar substitutes the investigator's check: he is told {} (L85, L77)",
                if fed == "pm_commissar_black" {
                    "black"
                } else {
                    "red"
                }
            ));
        }
        _ if false_black => {
            ctx.say(Audience::Slot(mv.actor), mine, &args);
            investigator::feed(ctx, mv.actor, "Комиссар", template, &args);
        }
        _ => tell(ctx, template, &args),
    }
    if run.ledger.blackened.contains_key(&target) {
        reasons.push(format!("{name} was blackened tonight (L15)"));
    }
    if mv.actor == target {
        reasons.push("a self-check never touches the checker's negative role (L15)".into());
    }
    ("pub_commissar_passed", StepResult::Success, reasons)
}

/// The check a black commissar gives the investigator instead of his own (L85): the
/// `substitute` colour, if its `substitute_if` condition on the real colour holds.
fn substitute(mv: &Act, black: bool) -> Option<&'static str> {
    let colour = mv.params.get("substitute")?;
    let condition = mv
        .params
        .get("substitute_if")
        .map(|c| (c == "black") == black);
    if condition == Some(false) {
        return None;
    }
    Some(if colour == "black" {
        "pm_commissar_black"
    } else {
        "pm_commissar_red"
    })
}

/// The morning line of the commissar: a living commissar who sent nothing fails his check.
fn public_line(ctx: &Ctx, run: &Fold<CityNight>) -> Option<&'static str> {
    let in_play = super::night::owners_at_start(run, &ctx.state, "commissar")
        .next()
        .is_some();
    in_play.then(|| run.ledger.commissar_line.unwrap_or("pub_commissar_failed"))
}
