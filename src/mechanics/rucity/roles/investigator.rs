//! The investigator (§3.7, L8): he receives the commissar's and the detective's results every
//! morning, makes one move a night (a verification, a role request or, once both of them are
//! out, a vigilante shot that resolves among the peaceful killers, P3).

use super::night::{self, CityNight};
use super::teams;
use super::{Entry, Role, checks, detective, refusal};
use crate::engine::Refusal;
use crate::engine::outcome::Audience;
use crate::engine::resolve::Ctx;
use crate::engine::template::render;
use crate::engine::{GameState, SlotId};
use crate::kernel::Act;
use crate::kernel::Fold;

/// Slot counter: the investigator has killed a black and lost the right to shoot (L8, Q11).
pub const SHOT_DONE: &str = "investigator_shot_done";

pub struct Investigator;

/// The investigator's record of the night: (investigator, target) of the vigilante shots fired.
#[derive(Clone, Default, Debug, PartialEq)]
struct Tonight {
    shots: Vec<(SlotId, SlotId)>,
}

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    templates: &[
        "pm_investigator_feed",
        "pm_investigator_shot_failed",
        "pm_investigator_shot_open",
    ],
    options: &["investigator_shot_ends"],
    abilities: &["investigator_role_request", "investigator_verify"],
    ..crate::engine::system::Requirements::NONE
};

impl Role for Investigator {
    fn requires(&self) -> crate::engine::system::Requirements {
        REQUIRES
    }
    fn rights_open(&self, ctx: &mut Ctx) {
        announce_shot_right(ctx);
    }
    fn overhears(
        &self,
        ctx: &mut Ctx,
        from: SlotId,
        source: &str,
        template: &str,
        args: &[(&str, String)],
    ) {
        feed(ctx, from, source, template, args);
    }
    // The peaceful killers' order (L120): the fanatic, the cultist, the investigator, the inquisitor.
    fn stage_ranks(&self) -> &'static [(&'static str, u8)] {
        &[("investigator_shot", 2)]
    }
    fn id(&self) -> &'static str {
        "investigator"
    }
    fn night_move(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) -> bool {
        match mv.ability.as_str() {
            "investigator_verify" => checks::verify(ctx, run, mv),
            "investigator_role_request" => detective::role_request(ctx, run, mv),
            "investigator_shot" => shot(ctx, run, mv),
            _ => return false,
        }
        true
    }
    fn usable(&self, entry: &Entry) -> Result<(), Refusal> {
        if entry.ability != "investigator_shot" {
            return Ok(());
        }
        if !shot_open(entry.state) {
            return refusal(
                "investigator_shot",
                "the vigilante shot opens only when both the commissar and the detective are out (L8)",
            );
        }
        if entry.me().counter(SHOT_DONE) > 0 {
            return refusal(
                "investigator_shot",
                format!(
                    "{} has killed a black: their right to shoot is spent (L8, Q11)",
                    entry.me().name
                ),
            );
        }
        Ok(())
    }
    fn refuse(&self, entry: &Entry) -> Result<(), Refusal> {
        match entry.ability {
            "investigator_verify" => checks::verify_refusal(entry),
            "investigator_role_request" => detective::role_request_refusal(entry),
            _ => Ok(()),
        }
    }
    fn morning(&self, ctx: &mut Ctx, run: &Fold<CityNight>) {
        tell(ctx, run);
    }
    fn owes_a_move(&self) -> bool {
        true
    }
    fn history(&self) -> &'static [&'static str] {
        &["pm_investigator", "pm_verify", "pm_role_request"]
    }
    fn inherited(&self) -> &'static [&'static str] {
        &[SHOT_DONE]
    }
}

/// The investigator receives a result of the commissar's or the detective's (L8): what `from`
/// was told, or what a black holder substitutes for it (L85).
pub fn feed(ctx: &mut Ctx, from: SlotId, source: &str, template: &str, args: &[(&str, String)]) {
    let to = from;
    // A copy of the commissar or the detective gives the investigator nothing (L40).
    let copied = ctx.state.slots.get(to).is_some_and(|s| {
        s.borrowed
            .iter()
            .any(|b| b.role == "commissar" || b.role == "detective")
    });
    if copied {
        return;
    }
    let text = render(ctx.roleset.template(template), args);
    let investigators: Vec<SlotId> = ctx
        .state
        .living()
        .filter(|s| s.id != to && teams::holds(s, "investigator"))
        .map(|s| s.id)
        .collect();
    for i in investigators {
        ctx.say(
            Audience::Slot(i),
            "pm_investigator_feed",
            &[("source", source.to_string()), ("text", text.clone())],
        );
    }
}

/// The vigilante shot is open once neither the commissar's nor the detective's role has a
/// living holder (an active citizen who took one keeps it alive, L8).
pub fn shot_open(state: &GameState) -> bool {
    // A copied role keeps no shot closed (L40).
    teams::owner(state, "commissar").is_none() && teams::owner(state, "detective").is_none()
}

fn shot(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    let Some(target) = night::target_through_gate(ctx, run, mv, true, false) else {
        return;
    };
    let reasons = vec![format!(
        "{} shoots {} (L8)",
        ctx.name(mv.actor),
        ctx.name(target)
    )];
    run.ledger
        .roles
        .get_mut::<Tonight>()
        .shots
        .push((mv.actor, target));
    night::attack_move(ctx, run, mv, target, "investigator", None, reasons);
}

/// Morning: a missed shot may be tried again (L115.8); killing a black (a black investigator:
/// a red or the faceless, L87; and by option any kill) ends the right to shoot (Q11). The kill must be his own: when a negative killer, who
/// goes first (L120), killed the target before him, the death is that killer's (L122) and the
/// investigator's shot did not kill, so he keeps it (L8).
fn tell(ctx: &mut Ctx, run: &Fold<CityNight>) {
    let shots = run
        .ledger
        .roles
        .get::<Tonight>()
        .map(|t| t.shots.as_slice());
    for &(inv, target) in shots.unwrap_or_default() {
        let Some(victim) = ctx.state.slots.get(target) else {
            continue;
        };
        let mine = run
            .attacks
            .iter()
            .position(|a| a.attacker == inv && a.victim == target);
        if victim.alive || mine.is_none() || run.killed_by(target) != mine {
            ctx.say(Audience::Slot(inv), "pm_investigator_shot_failed", &[]);
            continue;
        }
        // A black investigator loses it after killing a red or the faceless (L87).
        let black_investigator = ctx
            .state
            .slots
            .get(inv)
            .is_some_and(|s| teams::is_black(ctx.roleset, s));
        let ends = teams::is_black(ctx.roleset, victim) != black_investigator
            || ctx.option("investigator_shot_ends") == "any_kill";
        if ends && let Some(s) = ctx.state.slots.get_mut(inv) {
            s.counters.insert(SHOT_DONE.into(), 1);
        }
    }
}

/// Slot counter: the investigator was told that his vigilante shot is open.
const SHOT_TOLD: &str = "investigator_shot_told";

/// Tell a living investigator, once, that the commissar and the detective are out.
pub fn announce_shot_right(ctx: &mut Ctx) {
    if !shot_open(&ctx.state) {
        return;
    }
    let due: Vec<SlotId> = ctx
        .state
        .living()
        .filter(|s| teams::holds(s, "investigator") && s.counter(SHOT_TOLD) == 0)
        .map(|s| s.id)
        .collect();
    for i in due {
        ctx.count_up(i, SHOT_TOLD);
        ctx.say(Audience::Slot(i), "pm_investigator_shot_open", &[]);
    }
}
