//! The cultist (§5.26, L43; black holder L105). At the end of every day he names three players
//! whose souls are owed to his gods (the previous three stay when he names none). Each of them
//! who dies, except by his own devouring, is a soul (Q37). With three souls taken he may devour
//! any player himself, once (Q37: one success); devouring one of his own team gives him a spare
//! life, as the immortal's. Instead, souls pay for heals at the doctor's slot, the doctor first:
//! another player costs one soul, himself two, himself again the next night three; one less when
//! the healed player did not need it.

use super::night::{self, CityNight};
use super::{Entry, Role, immortal, refusal, teams};
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::Ctx;
use crate::engine::{GameState, Refusal, SlotId};
use crate::kernel::Act;
use crate::kernel::Fold;
use crate::rules::{PhaseKind, Roleset};

pub const ROLE: &str = "cultist";
/// On each of his three named players, pointing at him; kept on the dead (their souls).
pub const TARGET: &str = "cultist_target";
/// Slot counters: souls spent on heals, the devouring done, the night of his last self-heal.
const SPENT: &str = "cultist_souls_spent";
const DEVOURED: &str = "cultist_devoured";
const SELF_HEAL_NIGHT: &str = "cultist_self_heal_night";

pub struct Cultist;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    templates: &["pm_cultist_heal"],
    statuses: &["cultist_target"],
    options: &["cultist_souls"],
    ..crate::engine::system::Requirements::NONE
};

impl Role for Cultist {
    fn requires(&self) -> crate::engine::system::Requirements {
        REQUIRES
    }
    // His self-heal survives the attacked-survivor rule, as the doctor's (L16).
    fn keeps_move_when_attacked(&self, _ctx: &Ctx, _run: &Fold<CityNight>, mv: &Act) -> bool {
        mv.ability == "cultist_heal" && mv.targets == [mv.actor]
    }
    // The peaceful killers' order (L120): the fanatic, the cultist, the investigator, the inquisitor.
    fn stage_ranks(&self) -> &'static [(&'static str, u8)] {
        &[("cultist_devour", 1)]
    }
    fn id(&self) -> &'static str {
        ROLE
    }
    /// The souls of the role's targets are the heir's, as its spent ones are (L43, L9).
    fn inherit(&self, ctx: &mut Ctx, from: SlotId, to: SlotId) {
        super::relink(ctx, TARGET, from, to);
    }
    fn night_move(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) -> bool {
        match mv.ability.as_str() {
            "cultist_targets" => name_targets(ctx, run, mv),
            "cultist_devour" => devour(ctx, run, mv),
            "cultist_heal" => heal(ctx, run, mv),
            _ => return false,
        }
        true
    }
    fn refuse(&self, entry: &Entry) -> Result<(), Refusal> {
        let me = entry.me();
        match entry.ability {
            "cultist_devour" if souls_taken(entry.roleset, entry.state, entry.actor) < 3 => {
                refusal(
                    "cultist_devour",
                    format!(
                        "the cultist devours once three souls are taken; he has {} (L43)",
                        souls_taken(entry.roleset, entry.state, entry.actor)
                    ),
                )
            }
            "cultist_devour" if me.counter(DEVOURED) > 0 => {
                refusal("cultist_devour", "the cultist devours once (L43, Q37)")
            }
            "cultist_heal" => {
                let t = entry.targets.first().copied();
                let price = price(me, t == Some(entry.actor), entry.night());
                let have = souls(entry.roleset, entry.state, entry.actor);
                if have < price {
                    return refusal(
                        "cultist_heal",
                        format!("this heal costs {price} soul(s); the cultist has {have} (L43)"),
                    );
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }
    fn history(&self) -> &'static [&'static str] {
        &["pm_cultist"]
    }
    fn inherited(&self) -> &'static [&'static str] {
        &[SPENT, DEVOURED, SELF_HEAL_NIGHT]
    }
}

/// Souls taken so far: his named players who died, except by his devouring; by option only
/// those who died at night (Q37 `cultist_souls`).
fn souls_taken(roleset: &Roleset, state: &GameState, cultist: SlotId) -> u32 {
    let night_only = state.option(roleset, "cultist_souls") == "night_deaths_only";
    state
        .slots
        .iter()
        .filter(|s| {
            !s.alive
                && s.statuses
                    .get(TARGET)
                    .is_some_and(|i| i.link == Some(cultist))
                && s.death.as_ref().is_some_and(|(phase, cause)| {
                    cause != ROLE && (!night_only || roleset.phase_kind(*phase) == PhaseKind::Night)
                })
        })
        .count() as u32
}

/// Souls he may still spend.
fn souls(roleset: &Roleset, state: &GameState, cultist: SlotId) -> u32 {
    souls_taken(roleset, state, cultist).saturating_sub(state.slots[cultist].counter(SPENT))
}

/// A heal's full price: another player 1, himself 2, himself on two nights running 3.
fn price(me: &crate::engine::Slot, on_himself: bool, night: u32) -> u32 {
    match on_himself {
        false => 1,
        true if me.counter(SELF_HEAL_NIGHT) > 0 && me.counter(SELF_HEAL_NIGHT) + 1 == night => 3,
        true => 2,
    }
}

fn name_targets(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    if let night::Gate::Stop(result, why) = night::gate(ctx, run, mv, false, false) {
        return night::step(ctx, mv, result, vec![why]);
    }
    // Nothing can keep him from naming new targets (L22); the living old ones are released.
    let old: Vec<SlotId> = ctx
        .state
        .living()
        .filter(|s| {
            s.statuses
                .get(TARGET)
                .is_some_and(|i| i.link == Some(mv.actor))
        })
        .map(|s| s.id)
        .collect();
    for o in old {
        if let Some(s) = ctx.state.slots.get_mut(o) {
            s.statuses.remove(TARGET);
        }
    }
    for &t in &mv.targets {
        ctx.set_status(t, TARGET, Some(mv.actor));
    }
    let names: Vec<String> = mv.targets.iter().map(|t| ctx.name(*t)).collect();
    let why = format!(
        "{} names {}: their souls are owed (L43)",
        ctx.name(mv.actor),
        names.join(", ")
    );
    night::step(ctx, mv, StepResult::Success, vec![why]);
}

fn devour(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    let Some(target) = night::target_through_gate(ctx, run, mv, true, true) else {
        return;
    };
    let mut reasons = vec![format!(
        "{} devours {}'s soul (L43)",
        ctx.name(mv.actor),
        ctx.name(target)
    )];
    let landed = night::attack(ctx, run, mv.actor, target, ROLE, None, false, &mut reasons);
    // No doctor saves the cultist's victim (L4).
    if landed {
        run.ledger.unhealable.push(target);
    }
    // A devour that did not land may be tried again (L115.8); one success per game unless the
    // option allows one every night (Q37).
    let once = ctx.option("cultist_devour") != "every_night";
    if landed
        && once
        && let Some(s) = ctx.state.slots.get_mut(mv.actor)
    {
        s.counters.insert(DEVOURED.into(), 1);
    }
    if landed && teams::black(ctx, target) == teams::black(ctx, mv.actor) {
        // Whatever the option, one of his own team ends his kills (L43).
        if let Some(s) = ctx.state.slots.get_mut(mv.actor) {
            s.counters.insert(DEVOURED.into(), 1);
        }
        ctx.set_status(mv.actor, immortal::SPARE_LIFE, None);
        reasons.push("one of his own team: he gains a spare life, and no second kill (L43)".into());
    }
    let result = if landed {
        StepResult::Success
    } else {
        StepResult::Failed
    };
    night::step(ctx, mv, result, reasons);
}

fn heal(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    let Some(target) = night::target_through_gate(ctx, run, mv, true, false) else {
        return;
    };
    let on_himself = target == mv.actor;
    let night = run.ledger.night;
    let full = ctx
        .state
        .slots
        .get(mv.actor)
        .map(|me| price(me, on_himself, night))
        .unwrap_or(1);
    // A black bodyguard's ward is not saved by the cultist either (L89).
    if super::bodyguard::heal_stopped(run, target) {
        let why = format!(
            "a black bodyguard guards {}: the cultist's heal does not work tonight (L89, L43)",
            ctx.name(target)
        );
        return night::step(ctx, mv, StepResult::Failed, vec![why]);
    }
    // The doctor goes first in the stage (L115.5): a heal of his that went through makes the
    // cultist's unneeded.
    let doctor_heals = run.healed.get(&target).is_some_and(|h| *h != mv.actor);
    let due = run.attacks.iter().any(|a| a.victim == target && !a.settled);
    let needed = due && !doctor_heals;
    let cost = if needed { full } else { full - 1 };
    run.healed.entry(target).or_insert(mv.actor);
    run.ledger.covered.insert(target);
    // The doctor's rules hold for his heal: a prostitute's client is healed with her (L43, L21).
    for client in super::prostitute::clients_of(run, target) {
        run.healed.entry(client).or_insert(mv.actor);
    }
    if let Some(s) = ctx.state.slots.get_mut(mv.actor) {
        *s.counters.entry(SPENT.into()).or_insert(0) += cost;
        if on_himself {
            s.counters.insert(SELF_HEAL_NIGHT.into(), night);
        }
    }
    ctx.say(
        Audience::Slot(mv.actor),
        "pm_cultist_heal",
        &[("player", ctx.name(target)), ("souls", cost.to_string())],
    );
    let why = format!(
        "{} heals {} for {cost} soul(s){} (L43)",
        ctx.name(mv.actor),
        ctx.name(target),
        if needed {
            ""
        } else {
            ": not needed, one soul less"
        }
    );
    night::step(ctx, mv, StepResult::Success, vec![why]);
}
