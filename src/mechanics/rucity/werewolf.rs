//! What the werewolves share (§2.9, L49–L54): the negative roles whose own move is not a kill
//! (the joker, the poisoner, ...) check red until their first successful kill, a kill and a
//! check on the same night show black at once, and each takes the gun only once every other
//! black is out. Their kills resolve in the killers' stage as one attack each, outside the
//! mafia's and the maniac's shot counters.

use super::night::{self, CityNight, Gate, Visit};
use super::teams;
use crate::engine::outcome::StepResult;
use crate::engine::resolve::Ctx;
use crate::engine::{GameState, Refusal, SlotId};
use crate::kernel::Act;
use crate::kernel::Fold;
use crate::rules::Roleset;

/// The status of a werewolf who still checks red (until his first successful kill).
pub const PEACEFUL: &str = "peaceful_status";

/// Does a colour check show this werewolf red tonight? He holds his peaceful status and none
/// of his attacks tonight has killed (L49–L54: "если убивает и чекается в одну ночь, чек
/// сразу выдаст черного").
pub fn checks_red(ctx: &Ctx, run: &Fold<CityNight>, target: SlotId) -> bool {
    ctx.has_status(target, PEACEFUL) && !killed_tonight(ctx, run, target)
}

/// Has `slot` killed someone with an attack tonight (a dead victim, not himself)?
fn killed_tonight(ctx: &Ctx, run: &Fold<CityNight>, slot: SlotId) -> bool {
    // The mercenary's orders are the mafia's kills, not his (L49); a werewolf's insurance of a
    // killer side is that side's shot (the geisha's, L54).
    let own_side = ctx
        .state
        .slots
        .get(slot)
        .and_then(|s| teams::killer_side(ctx.roleset, s));
    let insurance = |kind: &str| {
        teams::KillerSide::ALL
            .iter()
            .any(|s| s.id() == kind && own_side != Some(*s))
    };
    run.attacks.iter().any(|a| {
        a.attacker == slot
            && a.victim != slot
            && super::roles::HIRED.ordering_side(&a.kind).is_none()
            && !insurance(&a.kind)
            && !ctx.is_alive(a.victim)
    })
}

/// The night whose kill each werewolf spent ahead by killing through a peaceful role (L11).
#[derive(Clone, Debug, Default, PartialEq)]
struct KillSpent(std::collections::BTreeMap<SlotId, u32>);

/// The werewolves whose kill is spent ahead, for the host sheet.
pub fn sheet_lines(state: &GameState) -> Vec<String> {
    let spent = state.kept.of::<KillSpent>();
    (spent.0.iter())
        .map(|(w, night)| {
            let who = super::kept::name(state, *w);
            format!("{who}'s kill of night {night} was spent ahead (L11)")
        })
        .collect()
}

/// The werewolves of L11 whose kill through a peaceful role costs the next night's kill.
const SPEND_AHEAD: [&str; 3] = ["joker", "poisoner", "executor"];

/// The morning: a werewolf whose kill succeeded tonight checks black from now on; a joker,
/// poisoner or executor who killed through his peaceful role loses the next night's kill,
/// whatever the mafia's and the maniac's nights (L11), unless his victim was the faceless.
pub fn lose_peace(ctx: &mut Ctx, run: &Fold<CityNight>) {
    spend_ahead(ctx, run);
    let killers: Vec<SlotId> = ctx
        .state
        .slots
        .iter()
        .filter(|s| s.has_status(PEACEFUL))
        .map(|s| s.id)
        .filter(|&s| killed_tonight(ctx, run, s))
        .collect();
    for s in killers {
        crate::kernel::status::clear(ctx, s, PEACEFUL);
        ctx.note(
            format!("peace:{}", ctx.name(s)),
            "killers",
            format!(
                "{} killed: from now on his checks show black (L49–L54)",
                ctx.name(s)
            ),
        );
    }
}

fn spend_ahead(ctx: &mut Ctx, run: &Fold<CityNight>) {
    let next = run.ledger.night + 1;
    let spent: Vec<(SlotId, SlotId)> = run
        .attacks
        .iter()
        .filter(|a| a.attacker != a.victim && !ctx.is_alive(a.victim))
        .filter(|a| !teams::grey(ctx, a.victim))
        .filter(|a| {
            ctx.state.slots.get(a.attacker).is_some_and(|s| {
                SPEND_AHEAD.iter().any(|r| teams::holds(s, r))
                    && !SPEND_AHEAD.contains(&a.kind.as_str())
                    && ctx.roleset.role(&a.kind).is_some()
            })
        })
        .map(|a| (a.attacker, a.victim))
        .collect();
    for (werewolf, victim) in spent {
        ctx.state
            .kept
            .get_mut::<KillSpent>()
            .0
            .insert(werewolf, next);
        ctx.note(
            format!("spent_ahead:{}", ctx.name(werewolf)),
            "killers",
            format!(
                "{} killed {} through his peaceful role: his kill of Night {next} is spent (L11)",
                ctx.name(werewolf),
                ctx.name(victim)
            ),
        );
    }
}

/// Is every black but `slot` out of the game? (A werewolf takes the gun then.)
pub fn last_black(roleset: &Roleset, state: &GameState, slot: SlotId) -> bool {
    state
        .living()
        .all(|s| s.id == slot || !teams::is_black(roleset, s))
}

/// The werewolves of L131.3, in the order they take the gun when two of them are the last
/// blacks: the joker, the executor, the poisoner (first instead once the host marks his poisons
/// exhausted, Q41).
const GUN_ORDER: [&str; 3] = ["joker", "executor", "poisoner"];
/// The host's mark on a poisoner who can poison nobody any more (Q41 `poisoner_limit`).
pub const POISONS_EXHAUSTED: &str = "poisons_exhausted";

/// Who takes the gun when only werewolves of L131.3 are left: the first living one in the order
/// (the exhausted poisoner first).
fn gun_holder(roleset: &Roleset, state: &GameState) -> Option<SlotId> {
    let blacks: Vec<&crate::engine::state::Slot> = state
        .living()
        .filter(|s| teams::is_black(roleset, s))
        .collect();
    let all_in_order = blacks
        .iter()
        .all(|s| GUN_ORDER.iter().any(|r| teams::holds(s, r)));
    if blacks.len() < 2 || !all_in_order {
        return None;
    }
    let by_host = state.option(roleset, "poisoner_limit") == "host_status";
    if let Some(p) = blacks
        .iter()
        .find(|s| by_host && teams::holds(s, "poisoner") && s.has_status(POISONS_EXHAUSTED))
    {
        return Some(p.id);
    }
    GUN_ORDER
        .iter()
        .find_map(|r| blacks.iter().find(|s| teams::holds(s, r)).map(|s| s.id))
}

/// A werewolf's kill is refused while another black lives (L51–L53), unless the last blacks are
/// werewolves of L131.3 and the gun is his by their order.
pub fn gun_refusal(
    roleset: &Roleset,
    state: &GameState,
    actor: SlotId,
    ability: &'static str,
) -> Result<(), Refusal> {
    let night = night::night_number(state.phase);
    if state.kept.of::<KillSpent>().0.get(&actor) == Some(&night) && night > 0 {
        return Err(Refusal::new(
            ability,
            "his kill through a peaceful role last night spent tonight's kill (L11)",
        ));
    }
    if last_black(roleset, state, actor) || gun_holder(roleset, state) == Some(actor) {
        return Ok(());
    }
    Err(Refusal::new(
        ability,
        "a werewolf takes the gun only once every other black is out (L51–L53, §2.9)",
    ))
}

/// Why a werewolf's special move fails on its target (a protection that stops it), if it does.
pub type TargetStop<'a> = &'a dyn Fn(&Ctx, &Fold<CityNight>, SlotId) -> Option<String>;

/// A werewolf's special move (the joker's check, the poisoner's poison) through the night's gate
/// and the protections on its target; when it is stopped its maker is told with `failed` and
/// the step is written (L52, L115.3). Returns the target when the move goes on.
pub fn special_move(
    ctx: &mut Ctx,
    run: &mut Fold<CityNight>,
    mv: &Act,
    failed: &str,
    stops: &[TargetStop],
) -> Option<SlotId> {
    let Some(&target) = mv.targets.first() else {
        night::step(ctx, mv, StepResult::Failed, vec!["no target".into()]);
        return None;
    };
    let stopped = match night::gate(ctx, run, mv, true, true) {
        Gate::Stop(result, why) => Some((result, why)),
        Gate::Go { .. } => stops
            .iter()
            .find_map(|stop| stop(ctx, run, target))
            .map(|why| (StepResult::Failed, why)),
    };
    let (result, why) = match stopped {
        Some(s) => s,
        None => return Some(target),
    };
    let name = ctx.name(target);
    ctx.say(
        crate::engine::outcome::Audience::Slot(mv.actor),
        failed,
        &[("player", name)],
    );
    night::step(ctx, mv, result, vec![why]);
    None
}

/// A werewolf's kill in the killers' stage: one attack on his target, through the night's
/// gate, as any killer's.
pub fn kill(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act, cause: &'static str) {
    let Some(&target) = mv.targets.first() else {
        return night::step(ctx, mv, StepResult::Failed, vec!["no target".into()]);
    };
    let mut reasons = vec![format!(
        "{} takes the gun and shoots {} (§2.9)",
        ctx.name(mv.actor),
        ctx.name(target)
    )];
    run.visits.push(Visit {
        actor: mv.actor,
        ability: mv.ability.clone(),
        targets: vec![target],
        negative: true,
    });
    match night::gate(ctx, run, mv, true, true) {
        Gate::Stop(result, why) => {
            reasons.push(why);
            night::step(ctx, mv, result, reasons);
        }
        Gate::Go { .. } => night::attack_move(ctx, run, mv, target, cause, None, reasons),
    }
}
