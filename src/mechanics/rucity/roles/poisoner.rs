//! The poisoner (§5.35, L52), a werewolf. At night he poisons a player; at the end of the next
//! day he decides on the antidote (an evening move, entered in the next night, or handed over by
//! day before the vote starts). Without it the
//! victim dies at the poisoner's move of that night unless the doctor or the cultist healed
//! him, even if the poisoner is gone by then. The poison fails on a blocked poisoner, on the
//! doctor's or cultist's patient, on the blocker's ward and with the prostitute, and he is told.
//! While a victim of his lives poisoned he may only give the antidote. Once every other black
//! is out he may shoot instead; a poison in effect stays (§2.9).

use super::night::{self, City, Move, NightRun};
use super::{Entry, Role, blocker, refusal, vars, werewolf};
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::{Ctx, live_acts};
use crate::engine::{GameState, Refusal, SlotId};
use crate::kernel;

pub const ROLE: &str = "poisoner";
pub const POISON: &str = "poisoner_poison";
pub const ANTIDOTE: &str = "poisoner_antidote";
pub const KILL: &str = "poisoner_kill";
/// The status of a poisoned player; its link is the poisoner.
pub const POISONED: &str = "poisoned";

/// The night a player was poisoned.
fn poisoned_night_key(victim: SlotId) -> String {
    format!("poisoned_night:{victim}")
}

pub struct Poisoner;

impl Role for Poisoner {
    fn id(&self) -> &'static str {
        ROLE
    }
    fn night_move(&self, ctx: &mut Ctx, run: &mut NightRun, mv: &Move) -> bool {
        match mv.ability.as_str() {
            POISON => poison(ctx, run, mv),
            ANTIDOTE => antidote(ctx, mv),
            KILL => werewolf::kill(ctx, run, mv, ROLE),
            _ => return false,
        }
        true
    }
    fn usable(&self, entry: &Entry) -> Result<(), Refusal> {
        match entry.ability {
            KILL => werewolf::gun_refusal(entry.roleset, entry.state, entry.actor, KILL),
            POISON => match victim_of(entry.state, entry.actor) {
                Some(v) if !antidote_entered(entry.state, entry.actor) => refusal(
                    POISON,
                    format!(
                        "{} lives poisoned: while his victim lives, the poisoner may only give the antidote (L52)",
                        entry.state.slots[v].name
                    ),
                ),
                _ => Ok(()),
            },
            ANTIDOTE if victim_of(entry.state, entry.actor).is_none() => refusal(
                ANTIDOTE,
                "no victim of the poisoner's lives poisoned: there is nobody to give the antidote (L52)",
            ),
            // By day the antidote is handed over before the vote starts (L52).
            ANTIDOTE if entry.state.phase_kind(entry.roleset) == crate::rules::PhaseKind::Day => {
                super::before_the_vote(entry)
            }
            _ => Ok(()),
        }
    }
    fn day_round(&self, ctx: &mut Ctx) {
        antidote_before_the_vote(ctx);
    }
    fn refuse(&self, entry: &Entry) -> Result<(), Refusal> {
        match (entry.ability, entry.targets.first()) {
            (ANTIDOTE, Some(&t)) if victim_of(entry.state, entry.actor) != Some(t) => refusal(
                ANTIDOTE,
                format!(
                    "{} is not the poisoner's poisoned victim (L52)",
                    entry.state.slots[t].name
                ),
            ),
            _ => Ok(()),
        }
    }
}

/// The living player `poisoner` has poisoned, if any.
fn victim_of(state: &GameState, poisoner: SlotId) -> Option<SlotId> {
    state
        .living()
        .find(|s| {
            s.statuses
                .get(POISONED)
                .is_some_and(|i| i.link == Some(poisoner))
        })
        .map(|s| s.id)
}

/// Has the poisoner entered his antidote this phase?
fn antidote_entered(state: &GameState, poisoner: SlotId) -> bool {
    live_acts(state).any(|a| a.actor == poisoner && a.ability == ANTIDOTE)
}

fn poison(ctx: &mut Ctx, run: &mut NightRun, mv: &Move) {
    let healed = |ctx: &Ctx, run: &NightRun, t: SlotId| {
        run.healed.contains_key(&t).then(|| {
            format!(
                "{} was healed tonight by the doctor or the cultist: the poison fails (L52)",
                ctx.name(t)
            )
        })
    };
    let protected = |ctx: &Ctx, run: &NightRun, t: SlotId| {
        blocker::protects(ctx, run, t).then(|| {
            format!(
                "{} is under the blocker's protection: the poison fails (L52)",
                ctx.name(t)
            )
        })
    };
    let stops: [werewolf::TargetStop; 2] = [&healed, &protected];
    let Some(target) = werewolf::special_move(ctx, run, mv, "pm_poisoner_failed", &stops) else {
        return;
    };
    let name = ctx.name(target);
    ctx.set_status_until(target, POISONED, Some(mv.actor), None);
    let night = run.ledger.night;
    vars::set(&mut ctx.state, poisoned_night_key(target), night);
    ctx.say(
        Audience::Slot(mv.actor),
        "pm_poisoner_done",
        &[("player", name.clone())],
    );
    let why = format!(
        "{name} is poisoned: without the antidote he dies at the poisoner's move of the next night, unless the doctor or the cultist heals him (L52)"
    );
    night::step(ctx, mv, StepResult::Success, vec![why]);
}

fn antidote(ctx: &mut Ctx, mv: &Move) {
    let Some(&target) = mv.targets.first() else {
        return night::step(ctx, mv, StepResult::Failed, vec!["no target".into()]);
    };
    kernel::status::clear(ctx, target, POISONED);
    vars::clear(&mut ctx.state, &poisoned_night_key(target));
    let why = format!(
        "the poisoner gives {} the antidote: the poison no longer acts (L52, L114)",
        ctx.name(target)
    );
    night::step(ctx, mv, StepResult::Success, vec![why]);
}

/// The antidote handed over by day, before the vote (L52): the poison stops at once.
fn antidote_before_the_vote(ctx: &mut Ctx) {
    let given: Vec<(SlotId, SlotId)> = live_acts(&ctx.state)
        .filter(|a| a.ability == ANTIDOTE)
        .filter_map(|a| Some((a.actor, a.targets.first().and_then(|t| ctx.slot_of(t))?)))
        .collect();
    for (poisoner, victim) in given {
        let poisoned_by_him = ctx
            .state
            .slots
            .get(victim)
            .and_then(|s| s.statuses.get(POISONED))
            .is_some_and(|i| i.link == Some(poisoner));
        if !poisoned_by_him {
            continue;
        }
        kernel::status::clear(ctx, victim, POISONED);
        vars::clear(&mut ctx.state, &poisoned_night_key(victim));
        ctx.note(
            format!("antidote:{}", ctx.name(victim)),
            "pre_vote",
            format!(
                "the poisoner hands {} the antidote before the vote: the poison no longer acts (L52)",
                ctx.name(victim)
            ),
        );
    }
}

/// The poisoner's slot of the night (before his own move): each victim poisoned on an earlier
/// night who got no antidote dies now, unless the doctor or the cultist healed him tonight,
/// which ends the poison (L52: "ночью к жертве не зашел доктор (или культист)").
pub fn poison_acts(ctx: &mut Ctx, run: &mut NightRun) {
    let night = run.ledger.night;
    let due: Vec<(SlotId, Option<SlotId>)> = ctx
        .state
        .living()
        .filter_map(|s| s.statuses.get(POISONED).map(|i| (s.id, i.link)))
        .filter(|(v, _)| vars::num(&ctx.state, &poisoned_night_key(*v)) < night)
        .collect();
    for (victim, poisoner) in due {
        let name = ctx.name(victim);
        let mut reasons = Vec::new();
        let result = if run.healed.contains_key(&victim) {
            kernel::status::clear(ctx, victim, POISONED);
            vars::clear(&mut ctx.state, &poisoned_night_key(victim));
            if let Some(p) = poisoner {
                ctx.say(
                    Audience::Slot(p),
                    "pm_poisoner_cured",
                    &[("player", name.clone())],
                );
            }
            reasons.push(format!(
                "{name} was healed tonight by the doctor or the cultist: the poison ends (L52)"
            ));
            StepResult::Failed
        } else {
            reasons.push(format!(
                "{name} got no antidote and no heal: the poison kills him at the poisoner's move (L52, L114)"
            ));
            kernel::status::clear(ctx, victim, POISONED);
            vars::clear(&mut ctx.state, &poisoned_night_key(victim));
            kernel::attack::kill(
                ctx,
                run,
                &mut City,
                victim,
                "poison",
                poisoner,
                &mut reasons,
            );
            StepResult::Success
        };
        ctx.step(crate::engine::outcome::Step {
            key: format!("poison:{name}"),
            stage: "poison".into(),
            actor: poisoner,
            ability: Some(POISON.into()),
            targets_before: vec![name.clone()],
            targets_after: vec![name],
            result,
            reasons,
        });
    }
}
