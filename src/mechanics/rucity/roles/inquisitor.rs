//! The inquisitor (§5.12, L29; black holder L96). At night he checks a colour by the
//! commissar's rules, all of it private. On the night after a black check he may burn that
//! player (a kill among the peaceful killers, L120), verify the check, or check someone else;
//! no burning "by the residual principle": only the player he checked black the night before
//! (option Q27). A black inquisitor knows at once that a black check is false and may burn a
//! red or falsely black check one night later.

use super::checks::{self, PrivateTexts};
use super::night::{self, CityNight};
use super::{Entry, Role, kept, refusal, teams};
use crate::engine::resolve::Ctx;
use crate::engine::{Refusal, SlotId};
use crate::kernel::Act;
use crate::kernel::Fold;

pub const ROLE: &str = "inquisitor";

const TEXTS: PrivateTexts = PrivateTexts {
    role: ROLE,
    red: "pm_inquisitor_red",
    black: "pm_inquisitor_black",
    false_black: "pm_inquisitor_false_black",
    failed: "pm_inquisitor_failed",
    withheld: "pm_inquisitor_withheld",
};

/// The true colour each of his verifications found (black: `true`), by the player verified.
#[derive(Clone, Debug, Default, PartialEq)]
struct Verified(std::collections::BTreeMap<SlotId, bool>);

pub struct Inquisitor;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    templates: &[
        "pm_inquisitor_black",
        "pm_inquisitor_failed",
        "pm_inquisitor_red",
        "pm_inquisitor_verify_black",
        "pm_inquisitor_verify_failed",
        "pm_inquisitor_verify_red",
        "pm_inquisitor_withheld",
    ],
    options: &["inquisitor_burn_target"],
    abilities: &["inquisitor_verify"],
    ..crate::engine::system::Requirements::NONE
};

impl Role for Inquisitor {
    fn sheet_lines(
        &self,
        _roleset: &crate::rules::Roleset,
        state: &crate::engine::GameState,
    ) -> Vec<String> {
        let verified = state.kept.of::<Verified>();
        (verified.0.iter())
            .map(|(t, black)| {
                format!(
                    "the inquisitor verified {}: {}",
                    super::kept::name(state, *t),
                    teams::colour_word(*black)
                )
            })
            .collect()
    }
    fn requires(&self) -> crate::engine::system::Requirements {
        REQUIRES
    }
    fn black_checks_red(
        &self,
        ctx: &Ctx,
        run: &crate::kernel::Fold<super::night::CityNight>,
        target: crate::engine::SlotId,
    ) -> bool {
        checks_red(ctx, run, target)
    }
    // The peaceful killers' order (L120): the fanatic, the cultist, the investigator, the inquisitor.
    fn stage_ranks(&self) -> &'static [(&'static str, u8)] {
        &[("inquisitor_burn", 3)]
    }
    fn id(&self) -> &'static str {
        ROLE
    }
    fn night_move(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) -> bool {
        match mv.ability.as_str() {
            "inquisitor_check" => checks::private_check(ctx, run, mv, &TEXTS),
            "inquisitor_burn" => burn(ctx, run, mv),
            "inquisitor_verify" => verify(ctx, run, mv),
            _ => return false,
        }
        true
    }
    fn refuse(&self, entry: &Entry) -> Result<(), Refusal> {
        let Some(&t) = entry.targets.first() else {
            return Ok(());
        };
        match entry.ability {
            "inquisitor_burn" => burn_refusal(entry, t),
            "inquisitor_dying_kill" => dying_kill_refusal(entry, t),
            "inquisitor_verify" => match check_on(entry, t) {
                Some(("черный", _)) => Ok(()),
                _ => refusal(
                    "inquisitor_verify",
                    format!(
                        "the inquisitor has no black check on {} to verify (L29)",
                        entry.state.slots[t].name
                    ),
                ),
            },
            _ => Ok(()),
        }
    }
    fn lynched(&self, ctx: &mut Ctx, lynched: &[SlotId]) -> Vec<SlotId> {
        dying_kills(ctx, lynched)
    }
    fn morning(&self, ctx: &mut Ctx, run: &Fold<CityNight>) {
        // A burn that killed a true black: a black inquisitor may then execute anyone, and he
        // checks red until a burn of his kills a red (L96).
        for mv in run.acts_of("inquisitor_burn") {
            let Some(black) = burned_tonight(ctx, &mv) else {
                continue;
            };
            // The execution is earned by a black burned on a true black check (L96).
            let on_a_black_check = mv
                .targets
                .first()
                .is_some_and(|t| kept::shown(&ctx.state, ROLE, *t).is_some_and(|s| s.black));
            if let Some(s) = ctx.state.slots.get_mut(mv.actor) {
                if black && on_a_black_check {
                    s.counters.insert(BURNED_BLACK.into(), 1);
                }
                s.counters.insert(CHECKS_RED.into(), u32::from(black));
            }
        }
    }
    fn owes_a_move(&self) -> bool {
        true
    }
    fn history(&self) -> &'static [&'static str] {
        &["pm_inquisitor"]
    }
    fn inherited(&self) -> &'static [&'static str] {
        &[BURNED_BLACK, CHECKS_RED]
    }
}

/// Slot counter: he burned a true black (the black inquisitor's execution, L96).
const BURNED_BLACK: &str = "inquisitor_burned_black";
/// Slot counter: his last burn killed a black, so a black inquisitor checks red (L96).
const CHECKS_RED: &str = "inquisitor_checks_red";

/// Whether a burn killed its target, and if so whether the target was black.
fn burned_tonight(ctx: &Ctx, mv: &Act) -> Option<bool> {
    let t = *mv.targets.first()?;
    let by_burn = ctx.state.slots[t]
        .death
        .as_ref()
        .is_some_and(|(_, cause)| cause == ROLE);
    by_burn.then(|| teams::black(ctx, t))
}

/// A black inquisitor who burned a black checks red until he burns a red (L96), from the
/// night of the burn on.
pub fn checks_red(ctx: &Ctx, run: &Fold<CityNight>, player: SlotId) -> bool {
    let Some(s) = ctx.state.slots.get(player) else {
        return false;
    };
    if !teams::holds(s, ROLE) || !teams::is_black(ctx.roleset, s) {
        return false;
    }
    let tonight = run
        .acts_of("inquisitor_burn")
        .iter()
        .filter(|m| m.actor == player)
        .find_map(|m| burned_tonight(ctx, m));
    tonight.unwrap_or(s.counter(CHECKS_RED) > 0)
}

/// His dying kill takes a player whose black check he verified; a black inquisitor who burned
/// a true black may execute anyone (L29, L96).
fn dying_kill_refusal(entry: &Entry, target: SlotId) -> Result<(), Refusal> {
    let me = entry.me();
    if teams::is_black(entry.roleset, me) && me.counter(BURNED_BLACK) > 0 {
        return Ok(());
    }
    if entry.state.kept.of::<Verified>().0.get(&target) == Some(&true) {
        return Ok(());
    }
    refusal(
        "inquisitor_dying_kill",
        format!(
            "the inquisitor's dying kill takes only a player whose black check he verified, not {} (L29)",
            entry.state.slots[target].name
        ),
    )
}

/// The lynched inquisitors' dying kills (L29, L113): the target dies at once; a black
/// inquisitor's execution counts as a lynch (L96). No hero may save him (L35).
fn dying_kills(ctx: &mut Ctx, lynched: &[SlotId]) -> Vec<SlotId> {
    let mut executed = Vec::new();
    for (inquisitor, target) in super::dying_moves(ctx, "inquisitor_dying_kill", lynched) {
        if ctx.state.slots[inquisitor].has_status(super::blocks::CRIPPLED) {
            continue;
        }
        let execution = teams::black(ctx, inquisitor);
        let cause = if execution { "lynch" } else { ROLE };
        let why = format!(
            "the lynched inquisitor {} takes {} with him (L29{})",
            ctx.name(inquisitor),
            ctx.name(target),
            if execution {
                "; a black inquisitor's execution counts as a lynch, L96"
            } else {
                ""
            }
        );
        super::dying_kill(ctx, inquisitor, target, cause, why);
        if execution && !ctx.is_alive(target) {
            executed.push(target);
        }
    }
    executed
}

/// The colour and the night of the inquisitor's check on `target`.
fn check_on<'s>(entry: &Entry<'s>, target: SlotId) -> Option<(&'s str, u32)> {
    let shown = kept::shown(entry.state, ROLE, target)?;
    Some((teams::colour_word(shown.black), shown.night))
}

/// He burns the player he checked black the night before (Q27: or any black check of his, by
/// option); a black inquisitor also a red or false black check, one night later (L96).
fn burn_refusal(entry: &Entry, target: SlotId) -> Result<(), Refusal> {
    let night = entry.night();
    let any_black =
        entry.state.option(entry.roleset, "inquisitor_burn_target") == "any_black_check";
    let black_holder = teams::is_black(entry.roleset, entry.me());
    let truly_black = entry
        .state
        .slots
        .get(target)
        .is_some_and(|s| teams::is_black(entry.roleset, s));
    match check_on(entry, target) {
        Some(("черный", n)) if (truly_black || !black_holder) && (n + 1 == night || any_black) =>
        {
            return Ok(());
        }
        // "с задержкой на одну ночь": the night after next, or later by option (Q27).
        Some((_, n)) if black_holder && (n + 2 == night || (any_black && n + 2 <= night)) => {
            return Ok(());
        }
        _ => {}
    }
    refusal(
        "inquisitor_burn",
        format!(
            "the inquisitor burns only the player he checked black the night before, never by the residual principle (L29{})",
            if black_holder {
                "; a black inquisitor a red or false black check one night later, L96"
            } else {
                ""
            }
        ),
    )
}

fn burn(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    // A killing move: the blocker's protection on the inquisitor does not keep him home (L5).
    let Some(target) = night::target_through_gate(ctx, run, mv, true, true) else {
        return;
    };
    let why = format!(
        "{} burns {} on a black check (L29)",
        ctx.name(mv.actor),
        ctx.name(target)
    );
    night::attack_move(ctx, run, mv, target, ROLE, None, vec![why]);
}

/// A verification of his black check: the true colour, kept for his dying kill (L29).
fn verify(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    const TEXTS: checks::VerifyTexts = checks::VerifyTexts {
        red: "pm_inquisitor_verify_red",
        black: "pm_inquisitor_verify_black",
        failed: "pm_inquisitor_verify_failed",
    };
    if let (Some(black), Some(&target)) = (
        checks::private_verify(ctx, run, mv, &TEXTS),
        mv.targets.first(),
    ) {
        ctx.state.kept.get_mut::<Verified>().0.insert(target, black);
    }
}
