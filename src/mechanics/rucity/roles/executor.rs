//! The executor (§5.36, L53), a werewolf with a spare life from the start. At the end of the
//! night he takes a player to his torture chamber (`executor_torture`, himself allowed): the
//! captive's peaceful role is blocked from then on, and he feels pain. With the day's last vote
//! result the executor learns the captive's peaceful role and team (the faceless counts red).
//! At the end of the day he releases the captive (`executor_release`, or by sending nothing,
//! decision 5), who may not move until the end of that night, or goes on
//! (`executor_continue`): the captive loses his peaceful role and colour for good (`crippled`)
//! and his negative role is blocked until the end of that night. Torturing himself costs his
//! own peaceful role and colour. Lynched while he tortures nobody else (Q42), he may destroy any
//! player's role and colour (`executor_destroy`); while he tortures someone, only the captive's.
//! Once every other black is out he may shoot instead (§2.9).

use super::night::{self, CityNight};
use super::{Entry, Role, refusal, teams, werewolf};
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::Ctx;
use crate::engine::{GameState, Refusal, SlotId};
use crate::kernel::Act;
use crate::kernel::Fold;

pub const ROLE: &str = "executor";
pub const TORTURE: &str = "executor_torture";
pub const RELEASE: &str = "executor_release";
pub const CONTINUE: &str = "executor_continue";
pub const DESTROY: &str = "executor_destroy";
pub const KILL: &str = "executor_kill";
/// The captive's status, linked to the executor. Without an end it blocks the peaceful role;
/// with one (released, or thrown out) every move until the end of that night.
pub const TORTURED: &str = "tortured";

pub struct Executor;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    templates: &[
        "pm_executor_torture",
        "pm_executor_failed",
        "pm_executor_interrogation",
        "pm_tortured",
        "pm_tortured_released",
        "pm_tortured_crippled",
        "pub_executor_destroy",
    ],
    statuses: &["tortured"],
    options: &["executor_rage"],
    abilities: &[
        "executor_torture",
        "executor_release",
        "executor_continue",
        "executor_destroy",
        "executor_kill",
    ],
    ..crate::engine::system::Requirements::NONE
};

impl Role for Executor {
    fn requires(&self) -> crate::engine::system::Requirements {
        REQUIRES
    }
    fn blocks_move(
        &self,
        ctx: &Ctx,
        actor: SlotId,
        _ability: &str,
        peaceful: bool,
    ) -> Option<String> {
        blocks(&ctx.state, actor, peaceful)
    }
    // His move cannot be knocked down by a kill attempt; his peaceful role's move after the
    // killers fails only if another player's peaceful role saved him, so saved by his own
    // life he keeps it (L53).
    fn keeps_move_when_attacked(&self, ctx: &Ctx, run: &Fold<CityNight>, mv: &Act) -> bool {
        let holder = ctx
            .state
            .slots
            .get(mv.actor)
            .is_some_and(|s| super::teams::holds(s, ROLE));
        mv.ability.starts_with("executor_")
            || (holder && super::immortal::own_life_will_take(ctx, run, mv.actor))
    }
    fn at_night(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, moment: super::Moment) {
        if moment == super::Moment::Dusk {
            release_the_silent(ctx, run);
        }
    }
    fn id(&self) -> &'static str {
        ROLE
    }
    fn night_move(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) -> bool {
        match mv.ability.as_str() {
            TORTURE => torture(ctx, run, mv),
            RELEASE | CONTINUE => decide(ctx, mv),
            KILL => werewolf::kill(ctx, run, mv, ROLE),
            _ => return false,
        }
        true
    }
    fn usable(&self, entry: &Entry) -> Result<(), Refusal> {
        match entry.ability {
            KILL => werewolf::gun_refusal(entry.roleset, entry.state, entry.actor, KILL),
            RELEASE | CONTINUE if captives_of(entry.state, entry.actor).is_empty() => refusal(
                "no_captive",
                "the executor has nobody in his torture chamber (L53)",
            ),
            _ => Ok(()),
        }
    }
    fn refuse(&self, entry: &Entry) -> Result<(), Refusal> {
        let Some(&t) = entry.targets.first() else {
            return Ok(());
        };
        let captives = captives_of(entry.state, entry.actor);
        let name = &entry.state.slots[t].name;
        match entry.ability {
            TORTURE if entry.targets.len() > 1 && !two_targets_allowed(entry) => refusal(
                TORTURE,
                "two captives at once only in the extended format's nights 1 and 2 (L53)",
            ),
            RELEASE | CONTINUE if !captives.contains(&t) => refusal(
                "no_captive",
                format!("{name} is not the executor's captive (L53)"),
            ),
            DESTROY
                if !rages(entry.state, entry.roleset, entry.actor) && !captives.contains(&t) =>
            {
                let held: Vec<&str> = captives
                    .iter()
                    .map(|c| entry.state.slots[*c].name.as_str())
                    .collect();
                refusal(
                    DESTROY,
                    format!(
                        "the executor tortures {}: lynched, he may destroy only his captive's role and colour, not {name}'s (L53)",
                        held.join(", ")
                    ),
                )
            }
            _ => Ok(()),
        }
    }
    fn day_ends(&self, ctx: &mut Ctx) {
        interrogate(ctx);
    }
    fn lynched(&self, ctx: &mut Ctx, lynched: &[SlotId]) -> Vec<SlotId> {
        for (maker, targets) in super::dying_move_targets(ctx, DESTROY, lynched) {
            if let Some(&target) = targets.first() {
                destroy(ctx, maker, target);
            }
        }
        Vec::new()
    }
}

/// The players in `executor`'s torture chamber now (not yet released or thrown out): one, or
/// two in the extended format's first nights.
fn captives_of(state: &GameState, executor: SlotId) -> Vec<SlotId> {
    captives(state)
        .filter(|(e, _, _)| *e == executor)
        .map(|(_, c, _)| c)
        .collect()
}

/// Two captives at once: the extended format's nights 1 and 2 (L53).
fn two_targets_allowed(entry: &Entry) -> bool {
    entry.state.option(entry.roleset, "format") == "extended" && entry.night() <= 2
}

/// Is the executor's rage his (Q42): he tortures no other player (by default his own torture
/// does not count), or nobody at all (by option)?
fn rages(state: &GameState, roleset: &crate::rules::Roleset, executor: SlotId) -> bool {
    let held = captives_of(state, executor);
    held.iter().all(|c| *c == executor)
        && (held.is_empty() || state.option(roleset, "executor_rage") != "not_torturing_anyone")
}

/// Does a status of the executor's keep `slot` from moving now? The captive's peaceful role
/// (`peaceful`) is blocked; a released or thrown-out captive makes no move until the night
/// ends (L53).
pub fn blocks(state: &GameState, slot: SlotId, peaceful: bool) -> Option<String> {
    let info = state.slots.get(slot)?.statuses.get(TORTURED)?;
    let name = &state.slots[slot].name;
    match info.until {
        None if peaceful => Some(format!(
            "{name} is in the executor's torture chamber: the peaceful role is blocked (L53)"
        )),
        None => None,
        Some(_) => Some(format!(
            "{name} has just left the executor's torture chamber: no move until the night ends (L53)"
        )),
    }
}

fn torture(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    let Some(first) = night::target_through_gate(ctx, run, mv, true, true) else {
        night::fake_self(ctx, run, mv);
        ctx.say(
            Audience::Slot(mv.actor),
            "pm_executor_failed",
            &[(
                "player",
                mv.targets.first().map(|t| ctx.name(*t)).unwrap_or_default(),
            )],
        );
        return;
    };
    let mut reasons = Vec::new();
    let mut taken = 0;
    for &target in std::iter::once(&first).chain(mv.targets.iter().skip(1)) {
        taken += u32::from(take(ctx, mv, target, &mut reasons));
    }
    let result = if taken > 0 {
        StepResult::Success
    } else {
        StepResult::Failed
    };
    night::step(ctx, mv, result, reasons);
}

/// One player taken to the torture chamber; whether he was.
fn take(ctx: &mut Ctx, mv: &Act, target: SlotId, reasons: &mut Vec<String>) -> bool {
    let name = ctx.name(target);
    if !ctx.is_alive(target) {
        reasons.push(format!(
            "{name} died tonight: nobody to take to the torture chamber"
        ));
        return false;
    }
    ctx.set_status_until(target, TORTURED, Some(mv.actor), None);
    reasons.push(format!(
        "{name} is taken to the torture chamber: the peaceful role is blocked from now on (L53)"
    ));
    if target == mv.actor {
        ctx.set_status_until(target, super::blocks::CRIPPLED, None, None);
        reasons.push(
            "he tortures himself: his own peaceful role and colour are destroyed; his negative move stays (L53)"
                .into(),
        );
    }
    ctx.say(
        Audience::Slot(mv.actor),
        "pm_executor_torture",
        &[("player", name)],
    );
    if target != mv.actor {
        ctx.say(Audience::Slot(target), "pm_tortured", &[]);
    }
    true
}

/// The evening's choice on the captive (L53, L114).
fn decide(ctx: &mut Ctx, mv: &Act) {
    let Some(&captive) = mv.targets.first() else {
        return night::step(ctx, mv, StepResult::Failed, vec!["no target".into()]);
    };
    let goes_on = mv.ability == CONTINUE;
    let why = end_torture(ctx, mv.actor, captive, goes_on);
    night::step(ctx, mv, StepResult::Success, vec![why]);
}

/// The captive leaves the chamber, released or crippled: he makes no move until this night
/// ends.
fn end_torture(ctx: &mut Ctx, executor: SlotId, captive: SlotId, crippled: bool) -> String {
    let phase = ctx.state.phase;
    if captive == executor {
        // His own torture costs him no negative move (L53).
        crate::kernel::status::clear(ctx, captive, TORTURED);
        return format!(
            "{} leaves his own torture chamber: his negative moves go on (L53)",
            ctx.name(captive)
        );
    }
    ctx.set_status_until(captive, TORTURED, Some(executor), Some(phase));
    let name = ctx.name(captive);
    if crippled {
        ctx.set_status_until(captive, super::blocks::CRIPPLED, None, None);
        ctx.say(Audience::Slot(captive), "pm_tortured_crippled", &[]);
        format!(
            "{name} is tortured on: his peaceful role and colour are lost for good, and his negative role is blocked until the night ends (L53)"
        )
    } else {
        ctx.say(Audience::Slot(captive), "pm_tortured_released", &[]);
        format!(
            "{name} is released: his role works again, but he makes no move until the night ends (L53)"
        )
    }
}

/// The players in a torture chamber now: (executor, captive, the phase he was taken in).
fn captives(state: &GameState) -> impl Iterator<Item = (SlotId, SlotId, u32)> + '_ {
    state.slots.iter().filter_map(|s| {
        let info = s.statuses.get(TORTURED)?;
        (info.until.is_none()).then_some((info.link?, s.id, info.since))
    })
}

/// As the night opens, a captive on whom the executor sent no decision this evening is
/// released (decision 5).
pub fn release_the_silent(ctx: &mut Ctx, run: &Fold<CityNight>) {
    let phase = ctx.state.phase;
    let held: Vec<(SlotId, SlotId)> = captives(&ctx.state)
        .filter(|&(_, _, since)| since < phase)
        .map(|(e, c, _)| (e, c))
        .collect();
    for (executor, captive) in held {
        let decided = run.acts.iter().any(|a| {
            a.actor == executor
                && matches!(a.ability.as_str(), RELEASE | CONTINUE)
                && a.targets.contains(&captive)
        });
        if decided {
            continue;
        }
        let why = end_torture(ctx, executor, captive, false);
        ctx.note(
            format!("released:{}", ctx.name(captive)),
            "evening",
            format!("the executor sent no decision: {why}"),
        );
    }
}

/// With the day's last vote result the executor learns his captive's peaceful role and team;
/// the faceless counts red (L53).
fn interrogate(ctx: &mut Ctx) {
    let pairs: Vec<(SlotId, SlotId)> = captives(&ctx.state)
        .filter(|(e, c, _)| e != c)
        .map(|(e, c, _)| (e, c))
        .collect();
    for (executor, captive) in pairs {
        if !ctx.is_alive(executor) || !ctx.is_alive(captive) {
            continue;
        }
        let role = teams::peaceful_name(ctx, captive);
        let colour = teams::colour_word(teams::black(ctx, captive)).to_string();
        ctx.say(
            Audience::Slot(executor),
            "pm_executor_interrogation",
            &[
                ("player", ctx.name(captive)),
                ("role", role),
                ("colour", colour),
            ],
        );
    }
}

/// The executor's rage at his lynch: the target's role and colour are destroyed, and his
/// negative role is blocked until the night ends (L53, L113).
fn destroy(ctx: &mut Ctx, executor: SlotId, target: SlotId) {
    let next_night = ctx.state.phase + 1;
    ctx.set_status_until(target, super::blocks::CRIPPLED, None, None);
    ctx.set_status_until(target, TORTURED, Some(executor), Some(next_night));
    let name = ctx.name(target);
    ctx.note(
        format!("executor_destroy:{}", ctx.name(executor)),
        "votes",
        format!(
            "the lynched executor destroys {name}'s role and colour; his negative role is blocked until the night ends (L53, L113)"
        ),
    );
    ctx.say(
        Audience::Public,
        "pub_executor_destroy",
        &[("player", name)],
    );
}
