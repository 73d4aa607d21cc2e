//! The madman (§5.22, L39). From Night 3 (Q34) he sets the town on fire: that night every move
//! after his stage is disrupted. He takes up to two players with him in a suicide, or none (a
//! fire without a suicide); two victims of the same team cannot both die: one of them dies at
//! random and the other loses his peaceful role and colour for good. Only one successful fire
//! per game; a failed one may be tried again (L115.8). A black madman (L101) may take two
//! non-blacks with him, which burns the shot of the black side due that night (with no shot
//! to burn, after two blacks were lynched at the hunt, one red dies); a black he names survives
//! crippled, two blacks named get their side an extra shot; an unrealised reserve shot of his
//! side buys him a third target. A faceless madman (L75) names nobody: he dies alone, with a
//! draw and his victims zeroed, or sets the fire without the suicide (`{"suicide": "no"}`).

use super::night::{self, CityNight};
use super::{Entry, Role, kamikaze, refusal, teams};
use crate::engine::outcome::StepResult;
use crate::engine::resolve::Ctx;
use crate::engine::{Refusal, SlotId};
use crate::kernel::Act;
use crate::kernel::Fold;

pub const ROLE: &str = "madman";
const STAGE: &str = "madman";
/// Slot counter: his fire went through (it passes with the role).
const FIRED: &str = "madman_fired";

pub struct Madman;

/// The madman's record of the night: he set the town on fire.
#[derive(Clone, Default, Debug, PartialEq)]
struct Tonight {
    fire: bool,
}

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    options: &["black_madman_two_blacks", "madman_nights"],
    ..crate::engine::system::Requirements::NONE
};

impl Role for Madman {
    fn requires(&self) -> crate::engine::system::Requirements {
        REQUIRES
    }
    fn stops(&self, ctx: &Ctx, run: &Fold<CityNight>, mv: &Act) -> Option<(StepResult, String)> {
        disrupts(ctx, run, mv).map(|why| (StepResult::Failed, why))
    }
    fn id(&self) -> &'static str {
        ROLE
    }
    fn night_move(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) -> bool {
        mv.ability == ROLE && {
            fire(ctx, run, mv);
            true
        }
    }
    fn refuse(&self, entry: &Entry) -> Result<(), Refusal> {
        if entry.ability != ROLE {
            return Ok(());
        }
        if super::faceless::is_faceless(entry.state, entry.actor) && !entry.targets.is_empty() {
            return refusal(
                "madman",
                "the faceless madman takes nobody with him: he dies alone (L75)",
            );
        }
        if entry.me().counter(FIRED) > 0 {
            return refusal("madman", "the madman's fire succeeds once per game (L39)");
        }
        if entry.targets.len() > 2 && !reserve_of_his_side(entry) {
            return refusal(
                "madman",
                "a third target is a black madman's, paid with his side's unrealised shot (L101)",
            );
        }
        let night = entry.night();
        let only_third = entry.state.option(entry.roleset, "madman_nights") == "night_3_only";
        if night < 3 || (only_third && night != 3) {
            return refusal(
                "madman",
                "the madman sets the fire once he lives to the third night (L39, Q34)",
            );
        }
        Ok(())
    }
    fn inherited(&self) -> &'static [&'static str] {
        &[FIRED]
    }
}

/// Does the black madman's side keep an unrealised shot (the price of a third target, L101)?
fn reserve_of_his_side(entry: &Entry) -> bool {
    let Some(side) = teams::killer_side(entry.roleset, entry.me()) else {
        return false;
    };
    super::kept::of(entry.state)
        .reserve
        .get(&side)
        .is_some_and(|n| *n > 0)
}

fn fire(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    if let night::Gate::Stop(result, why) = night::gate(ctx, run, mv, true, false) {
        return night::step(ctx, mv, result, vec![why]);
    }
    if let Some(s) = ctx.state.slots.get_mut(mv.actor) {
        s.counters.insert(FIRED.into(), 1);
    }
    run.ledger.roles.get_mut::<Tonight>().fire = true;
    let mut reasons = vec![format!(
        "{} sets the town on fire: every move after his tonight is disrupted (L39)",
        ctx.name(mv.actor)
    )];
    if super::faceless::is_faceless(&ctx.state, mv.actor) {
        return faceless_fire(ctx, run, mv, reasons);
    }
    if teams::black(ctx, mv.actor) {
        let victims = black_victims(ctx, run, mv, &mut reasons);
        for v in victims {
            night::attack(ctx, run, mv.actor, v, ROLE, None, false, &mut reasons);
        }
        if !mv.targets.is_empty() {
            kill_himself(ctx, run, mv.actor, &mut reasons);
        }
        return night::step(ctx, mv, StepResult::Success, reasons);
    }
    let mut victims: Vec<SlotId> = mv.targets.clone();
    // Every move after his is disrupted tonight, so the only insurance left is a spare life
    // (L19): with one on either, both are attacked and the life takes its share (L39).
    let insured = |p: SlotId| {
        super::immortal::cover(ctx, p)
            .is_some_and(|i| ctx.has_status(i, super::immortal::SPARE_LIFE))
    };
    if let [a, b] = victims[..]
        && teams::black(ctx, a) == teams::black(ctx, b)
        && (insured(a) || insured(b))
    {
        reasons.push(format!(
            "{} and {} are of one team, but not both without insurance: both are attacked (L39)",
            ctx.name(a),
            ctx.name(b)
        ));
    } else if let [a, b] = victims[..]
        && teams::black(ctx, a) == teams::black(ctx, b)
    {
        let names = [ctx.name(a), ctx.name(b)];
        let label = |p: &SlotId| names[usize::from(*p != a)].clone();
        let what = "which of two victims of one team dies with the madman (L39)";
        let pick = ctx.draw(STAGE, what, &[a, b], label).unwrap_or(a);
        let spared = if pick == a { b } else { a };
        kamikaze::cripple(ctx, spared, mv.actor);
        reasons.push(format!(
            "{} and {} are of one team: {} dies, {} survives crippled (L39)",
            names[0],
            names[1],
            ctx.name(pick),
            ctx.name(spared)
        ));
        victims = vec![pick];
    }
    // One on one with the last black, his move cannot kill him: the blacks win (L172).
    if alone_with_the_last_black(ctx, run, mv.actor) {
        victims.retain(|v| {
            let last_black = teams::black(ctx, *v);
            if last_black {
                reasons.push(format!(
                    "{} went into the night one on one with the last black {}: his move cannot kill him (L172)",
                    ctx.name(mv.actor),
                    ctx.name(*v)
                ));
            }
            !last_black
        });
    }
    if !mv.targets.is_empty() {
        for v in victims {
            night::attack(ctx, run, mv.actor, v, ROLE, None, false, &mut reasons);
        }
        kill_himself(ctx, run, mv.actor, &mut reasons);
    }
    night::step(ctx, mv, StepResult::Success, reasons);
}

/// Did the night begin with the red madman and one black as the only players left (L172)?
fn alone_with_the_last_black(ctx: &Ctx, run: &Fold<CityNight>, madman: SlotId) -> bool {
    let others: Vec<SlotId> = run
        .alive_at_start
        .iter()
        .copied()
        .filter(|p| *p != madman)
        .collect();
    matches!(others[..], [last] if teams::black(ctx, last))
}

/// A black madman's victims (L101): blacks survive crippled (two of them get their side an
/// extra shot); non-blacks die, two of them burning the shot of the side due tonight, or with
/// no shot to burn only one of them dying; a third target spends his side's reserve.
fn black_victims(
    ctx: &mut Ctx,
    run: &mut Fold<CityNight>,
    mv: &Act,
    reasons: &mut Vec<String>,
) -> Vec<SlotId> {
    let (blacks, mut reds): (Vec<SlotId>, Vec<SlotId>) =
        mv.targets.iter().partition(|t| teams::black(ctx, **t));
    for &b in &blacks {
        kamikaze::cripple(ctx, b, mv.actor);
        reasons.push(format!(
            "{} is black: no black dies by the madman, he survives crippled (L101)",
            ctx.name(b)
        ));
    }
    let sides = &mut run.ledger.shot_plan.sides;
    if blacks.len() >= 2
        && ctx.option("black_madman_two_blacks") != "shot_kept"
        && let Some(side) = teams::killer_side(ctx.roleset, &ctx.state.slots[blacks[0]])
        && let Some(s) = sides.get_mut(&side)
    {
        s.carry += 1;
        reasons.push("two blacks named: their side gets an extra shot (L101, Q49)".into());
    }
    if mv.targets.len() > 2
        && let Some(side) = teams::killer_side(ctx.roleset, &ctx.state.slots[mv.actor])
        && let Some(s) = sides.get_mut(&side)
    {
        s.carry = s.carry.saturating_sub(1);
        s.available = s.available.saturating_sub(1);
        reasons.push("the third target spends his side's unrealised shot (L101)".into());
    }
    if reds.len() >= 2 {
        let due = sides.values_mut().find(|s| s.due && s.available > 0);
        match due {
            Some(s) => {
                s.available -= 1;
                s.carry = s.carry.saturating_sub(1);
                reasons.push(
                    "two non-blacks die with him: the shot of the side due tonight burns (L101)"
                        .into(),
                );
            }
            None => {
                reds.truncate(1);
                reasons.push(
                    "no black shot tonight to burn: only one of his non-black victims dies (L101)"
                        .into(),
                );
            }
        }
    }
    reds
}

/// The madman dies in his own fire.
/// The faceless madman's fire (L75): he dies alone, leaving with a draw and his victims
/// zeroed, unless he sets the fire without the suicide (`{"suicide": "no"}`).
fn faceless_fire(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act, mut reasons: Vec<String>) {
    if mv.params.get("suicide").map(String::as_str) == Some("no") {
        reasons.push("the faceless sets the fire without his suicide (L75)".into());
    } else {
        reasons.push("the faceless madman dies alone in the fire (L75)".into());
        super::faceless::take_way_out(ctx, mv.actor);
        kill_himself(ctx, run, mv.actor, &mut reasons);
    }
    night::step(ctx, mv, StepResult::Success, reasons);
}

fn kill_himself(
    ctx: &mut Ctx,
    run: &mut Fold<CityNight>,
    madman: SlotId,
    reasons: &mut Vec<String>,
) {
    night::attack(ctx, run, madman, madman, ROLE, None, false, reasons);
}

/// On the night of the fire, every move after the madman's stage is disrupted (L39).
pub fn disrupts(ctx: &Ctx, run: &Fold<CityNight>, mv: &Act) -> Option<String> {
    (run.ledger.roles.read(|t: &Tonight| t.fire) && night::after_stage(ctx, &mv.stage, STAGE))
        .then(|| "the madman's fire: every move after his is disrupted tonight (L39)".to_string())
}
