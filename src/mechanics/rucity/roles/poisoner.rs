//! The poisoner (§5.35, L52), a werewolf. At night he poisons a player; at the end of the next
//! day he decides on the antidote (an evening move, entered in the next night, or handed over by
//! day before the vote starts). Without it the
//! victim dies at the poisoner's move of that night unless the doctor or the cultist healed
//! him, even if the poisoner is gone by then. The poison fails on a blocked poisoner, on the
//! doctor's or cultist's patient, on the blocker's ward and with the prostitute, and he is told.
//! While a victim of his lives poisoned he may only give the antidote. Once every other black
//! is out he may shoot instead; a poison in effect stays (§2.9).

use super::night::{self, CityNight, CityNightRules};
use super::{Entry, Role, blocker, refusal, teams, werewolf};
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::{Ctx, live_acts};
use crate::engine::{GameState, Refusal, SlotId};
use crate::kernel;
use crate::kernel::Act;
use crate::kernel::Fold;
use std::collections::{BTreeMap, BTreeSet};

pub const ROLE: &str = "poisoner";
pub const POISON: &str = "poisoner_poison";
pub const ANTIDOTE: &str = "poisoner_antidote";
pub const KILL: &str = "poisoner_kill";
/// The status of a poisoned player; its link is the poisoner.
pub const POISONED: &str = "poisoned";

/// What the game keeps of the poisonings.
#[derive(Clone, Debug, Default, PartialEq)]
struct Kept {
    /// The night each player was poisoned.
    poisoned_night: BTreeMap<SlotId, u32>,
    /// The players poisoned with an extra poisoning (L52 R9, R24).
    extra: BTreeSet<SlotId>,
    /// Each poisoner's nights that open or spend his extra moves.
    nights: BTreeMap<SlotId, Nights>,
}

/// Nights of one poisoner (0: never).
#[derive(Clone, Debug, Default, PartialEq)]
struct Nights {
    /// His move was knocked down; either this or `black_died`, the night before, opens two
    /// targets in the extended format (L52).
    knocked: u32,
    /// A black or the faceless died of his poison.
    black_died: u32,
    /// He poisoned two players of whom only one dies (the extended format's two targets).
    one_of_two: Option<u32>,
    /// He used the extra poisoning of an unrealised poisoning (R24).
    unrealised_used: u32,
}

fn kept(state: &GameState) -> std::borrow::Cow<'_, Kept> {
    state.kept.of::<Kept>()
}

fn kept_mut(state: &mut GameState) -> &mut Kept {
    state.kept.get_mut::<Kept>()
}

fn nights(state: &GameState, poisoner: SlotId) -> Nights {
    kept(state)
        .nights
        .get(&poisoner)
        .cloned()
        .unwrap_or_default()
}

fn nights_mut(state: &mut GameState, poisoner: SlotId) -> &mut Nights {
    kept_mut(state).nights.entry(poisoner).or_default()
}

fn forget_poisoning(state: &mut GameState, victim: SlotId) {
    kept_mut(state).poisoned_night.remove(&victim);
}

pub struct Poisoner;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    templates: &[
        "pm_poisoner_cured",
        "pm_poisoner_done",
        "pm_poisoner_failed",
    ],
    statuses: &["poisoned"],
    abilities: &["poisoner_poison", "poisoner_antidote", "poisoner_kill"],
    ..crate::engine::system::Requirements::NONE
};

impl Role for Poisoner {
    fn sheet_lines(
        &self,
        _roleset: &crate::rules::Roleset,
        state: &crate::engine::GameState,
    ) -> Vec<String> {
        let kept = kept(state);
        (kept.poisoned_night.iter())
            .map(|(v, night)| {
                let extra = if kept.extra.contains(v) {
                    ", with the extra poisoning"
                } else {
                    ""
                };
                format!(
                    "{} was poisoned on night {night}{extra}",
                    super::kept::name(state, *v)
                )
            })
            .collect()
    }
    fn requires(&self) -> crate::engine::system::Requirements {
        REQUIRES
    }
    fn takes_a_surplus_shot(&self) -> bool {
        true
    }
    fn at_night(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, moment: super::Moment) {
        // The poison of an earlier night acts at his stage, before his new move (L52).
        match moment {
            super::Moment::StageOpens("poison") => poison_acts(ctx, run),
            super::Moment::Dawn => return_unused_unrealised(ctx, run.ledger.night),
            _ => {}
        }
    }
    fn id(&self) -> &'static str {
        ROLE
    }
    fn night_move(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) -> bool {
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
                Some(_) if extra_poisoning(entry) || unrealised_poisoning(entry) => Ok(()),
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
            (POISON, Some(_))
                if entry.targets.len() > 1
                    && !two_targets_allowed(entry)
                    && !extra_poisoning(entry)
                    && !unrealised_poisoning(entry) =>
            {
                refusal(
                    POISON,
                    "two targets only with an extra poisoning, or after a night a black or the faceless died of his poison, or in the extended format after a night his move was knocked down (L52)",
                )
            }
            (ANTIDOTE, Some(&t)) if !victims_of(entry.state, entry.actor).contains(&t) => refusal(
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
    victims_of(state, poisoner).first().copied()
}

/// The living players `poisoner` has poisoned (two in the extended format, L52).
fn victims_of(state: &GameState, poisoner: SlotId) -> Vec<SlotId> {
    state
        .living()
        .filter(|s| {
            s.statuses
                .get(POISONED)
                .is_some_and(|i| i.link == Some(poisoner))
        })
        .map(|s| s.id)
        .collect()
}

/// Has a side's unusable shot given him an extra poisoning tonight (L52 R9)?
fn extra_poisoning(entry: &Entry) -> bool {
    super::super::shots::night_shots(entry.roleset, entry.state)
        .extra_poisoning
        .is_some()
}

fn two_targets_allowed(entry: &Entry) -> bool {
    let last = entry.night().saturating_sub(1);
    let his = nights(entry.state, entry.actor);
    let was = |night: u32| last > 0 && night == last;
    entry.state.option(entry.roleset, "format") == "extended"
        && (was(his.knocked) || was(his.black_died))
}

/// In the standard format a black or the faceless dying of his poison last night leaves the
/// poisoning unrealised: the night after he has an extra one, and both his victims may die
/// (L52 R24, read conversely: "не была черной или безликим ... дополнительного не будет").
fn unrealised_poisoning(entry: &Entry) -> bool {
    entry.state.option(entry.roleset, "format") != "extended"
        && black_died_last_night(entry.state, entry.actor, entry.night())
}

/// R10 for the extra poisoning of R24 (L52): at the end of the night it was his, unused (he
/// poisoned fewer than two, or was gone), it comes back to the surviving blacks as a shot.
pub fn return_unused_unrealised(ctx: &mut Ctx, night: u32) {
    if ctx.option("format") == "extended" {
        return;
    }
    let unused: Vec<SlotId> = ctx
        .state
        .slots
        .iter()
        .filter(|s| teams::holds(s, ROLE))
        .map(|s| s.id)
        .filter(|&p| black_died_last_night(&ctx.state, p, night))
        .filter(|&p| nights(&ctx.state, p).unrealised_used != night)
        .collect();
    for _ in unused {
        super::super::shots::extra_shot_for_the_blacks(
            ctx,
            teams::KillerSide::Mafia,
            "the poisoner did not use the extra poisoning an unrealised poisoning gave him",
        );
    }
}

fn black_died_last_night(state: &GameState, poisoner: SlotId, night: u32) -> bool {
    let last = night.saturating_sub(1);
    last > 0 && nights(state, poisoner).black_died == last
}

/// Has the poisoner entered his antidote this phase?
fn antidote_entered(state: &GameState, poisoner: SlotId) -> bool {
    live_acts(state).any(|a| a.actor == poisoner && a.ability == ANTIDOTE)
}

fn poison(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    let healed = |ctx: &Ctx, run: &Fold<CityNight>, t: SlotId| {
        run.healed.contains_key(&t).then(|| {
            format!(
                "{} was healed tonight by the doctor or the cultist: the poison fails (L52)",
                ctx.name(t)
            )
        })
    };
    let protected = |ctx: &Ctx, run: &Fold<CityNight>, t: SlotId| {
        blocker::protects(ctx, run, t).then(|| {
            format!(
                "{} is under the blocker's protection: the poison fails (L52)",
                ctx.name(t)
            )
        })
    };
    let stops: [werewolf::TargetStop; 2] = [&healed, &protected];
    let night = run.ledger.night;
    let had_victim = victim_of(&ctx.state, mv.actor).is_some();
    let Some(target) = werewolf::special_move(ctx, run, mv, "pm_poisoner_failed", &stops) else {
        nights_mut(&mut ctx.state, mv.actor).knocked = night;
        return;
    };
    let mut reasons = vec![poison_one(ctx, mv.actor, target, night)];
    let mut poisoned = 1;
    // The extended format's second target passes the same protections (L52).
    for &second in mv.targets.iter().skip(1) {
        match stops.iter().find_map(|stop| stop(ctx, run, second)) {
            Some(why) => reasons.push(why),
            None => {
                reasons.push(poison_one(ctx, mv.actor, second, night));
                poisoned += 1;
            }
        }
    }
    // A poisoning beyond his one is the extra poisoning's (L52 R9); without one, two targets
    // are the extended format's, of whom only one dies.
    if run.ledger.shot_plan.extra_poisoning.is_some() && (had_victim || poisoned > 1) {
        run.ledger.extra_poison_used = true;
        if let Some(&extra) = mv.targets.last() {
            kept_mut(&mut ctx.state).extra.insert(extra);
        }
        reasons.push("the extra poisoning is used (L52 R9)".into());
    } else if poisoned > 1
        && ctx.option("format") != "extended"
        && black_died_last_night(&ctx.state, mv.actor, night)
    {
        // Like R9's, this extra poisoning gives the blacks a shot if it fails after his death
        // (R10).
        if let Some(&extra) = mv.targets.last() {
            kept_mut(&mut ctx.state).extra.insert(extra);
        }
        nights_mut(&mut ctx.state, mv.actor).unrealised_used = night;
        reasons.push(
            "a black or the faceless died of his poison last night: the poisoning was not realised, this extra one is his and both victims may die (L52 R24)"
                .into(),
        );
    } else if poisoned > 1 {
        nights_mut(&mut ctx.state, mv.actor).one_of_two = Some(night);
    }
    night::step(ctx, mv, StepResult::Success, reasons);
}

/// One player poisoned tonight, and the poisoner told.
fn poison_one(ctx: &mut Ctx, poisoner: SlotId, target: SlotId, night: u32) -> String {
    let name = ctx.name(target);
    ctx.set_status_until(target, POISONED, Some(poisoner), None);
    kept_mut(&mut ctx.state)
        .poisoned_night
        .insert(target, night);
    ctx.say(
        Audience::Slot(poisoner),
        "pm_poisoner_done",
        &[("player", name.clone())],
    );
    format!(
        "{name} is poisoned: without the antidote he dies at the poisoner's move of the next night, unless the doctor or the cultist heals him (L52)"
    )
}

fn antidote(ctx: &mut Ctx, mv: &Act) {
    let Some(&target) = mv.targets.first() else {
        return night::step(ctx, mv, StepResult::Failed, vec!["no target".into()]);
    };
    kernel::status::clear(ctx, target, POISONED);
    forget_poisoning(&mut ctx.state, target);
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
        forget_poisoning(&mut ctx.state, victim);
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

/// Of two victims one poisoner poisoned together only one dies (L52): a red before a black or
/// the faceless, else one drawn; the other's poison ends.
fn only_one_of_two(
    ctx: &mut Ctx,
    due: Vec<(SlotId, Option<SlotId>)>,
) -> Vec<(SlotId, Option<SlotId>)> {
    let mut out: Vec<(SlotId, Option<SlotId>)> = Vec::new();
    for (victim, poisoner) in due {
        let pair = out.iter().position(|(_, p)| p.is_some() && *p == poisoner);
        let one_of_two = poisoner.is_some_and(|p| {
            nights(&ctx.state, p).one_of_two
                == kept(&ctx.state).poisoned_night.get(&victim).copied()
        });
        let Some(i) = pair.filter(|_| one_of_two) else {
            out.push((victim, poisoner));
            continue;
        };
        let other = out[i].0;
        let red = |c: &Ctx, p: SlotId| {
            c.state
                .slots
                .get(p)
                .is_some_and(|s| !teams::is_black(c.roleset, s) && !teams::is_grey(c.roleset, s))
        };
        let keep = match (red(ctx, other), red(ctx, victim)) {
            (true, false) => other,
            (false, true) => victim,
            _ => {
                let names = [ctx.name(other), ctx.name(victim)];
                let label = |p: &SlotId| names[usize::from(*p == victim)].clone();
                ctx.draw(
                    "poison",
                    "which of the poisoner's two victims dies (L52)",
                    &[other, victim],
                    label,
                )
                .unwrap_or(other)
            }
        };
        let spared = if keep == other { victim } else { other };
        kernel::status::clear(ctx, spared, POISONED);
        forget_poisoning(&mut ctx.state, spared);
        ctx.note(
            format!("poison:{}", ctx.name(spared)),
            "poison",
            format!(
                "of the poisoner's two victims only one dies, a red first: {} is spared (L52)",
                ctx.name(spared)
            ),
        );
        out[i].0 = keep;
    }
    out
}

/// The poisoner's slot of the night (before his own move): each victim poisoned on an earlier
/// night who got no antidote dies now, unless the doctor or the cultist healed him tonight,
/// which ends the poison (L52: "ночью к жертве не зашел доктор (или культист)").
pub fn poison_acts(ctx: &mut Ctx, run: &mut Fold<CityNight>) {
    let night = run.ledger.night;
    let due: Vec<(SlotId, Option<SlotId>)> = ctx
        .state
        .living()
        .filter_map(|s| s.statuses.get(POISONED).map(|i| (s.id, i.link)))
        .filter(|(v, _)| kept(&ctx.state).poisoned_night.get(v).copied().unwrap_or(0) < night)
        .collect();
    let due = only_one_of_two(ctx, due);
    for (victim, poisoner) in due {
        let name = ctx.name(victim);
        let mut reasons = Vec::new();
        let result = if run.healed.contains_key(&victim) {
            kernel::status::clear(ctx, victim, POISONED);
            forget_poisoning(&mut ctx.state, victim);
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
            // An extra poisoning failing after the poisoner is gone gives the blacks a shot
            // (L52 R10).
            let gone = poisoner.is_none_or(|p| !ctx.is_alive(p));
            if gone && kept(&ctx.state).extra.contains(&victim) {
                super::super::shots::extra_shot_for_the_blacks(
                    ctx,
                    teams::KillerSide::Mafia,
                    "the extra poisoning failed after the poisoner was gone",
                );
            }
            StepResult::Failed
        } else {
            reasons.push(format!(
                "{name} got no antidote and no heal: the poison kills him at the poisoner's move (L52, L114)"
            ));
            kernel::status::clear(ctx, victim, POISONED);
            forget_poisoning(&mut ctx.state, victim);
            kernel::attack::kill(
                ctx,
                run,
                &mut CityNightRules,
                victim,
                "poison",
                poisoner,
                &mut reasons,
            );
            let black_or_grey =
                ctx.state.slots.get(victim).is_some_and(|s| {
                    teams::is_black(ctx.roleset, s) || teams::is_grey(ctx.roleset, s)
                });
            if let Some(p) = poisoner.filter(|p| black_or_grey && ctx.is_alive(*p)) {
                nights_mut(&mut ctx.state, p).black_died = night;
            }
            // A black dying of the poison after the poisoner is gone: the blacks get a shot
            // (L52 R10).
            let poisoner_gone = poisoner.is_none_or(|p| !ctx.is_alive(p));
            let victim_side = ctx.state.slots.get(victim).and_then(|s| {
                teams::is_black(ctx.roleset, s)
                    .then(|| teams::killer_side(ctx.roleset, s).unwrap_or(teams::KillerSide::Mafia))
            });
            if poisoner_gone && let Some(side) = victim_side {
                super::super::shots::extra_shot_for_the_blacks(
                    ctx,
                    side,
                    "a black died of the poison after the poisoner",
                );
            }
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
