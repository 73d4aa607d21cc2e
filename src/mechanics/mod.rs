//! Rule-system code that does not fit the shared vocabulary, one module per rule system. A
//! roleset names its module in `mechanics`; this module dispatches on that name.

mod effects;
mod mafia1923;
mod rucity;

use crate::engine::resolve::Ctx;
use crate::engine::{GameState, Refusal, Setup, SlotId};
use crate::rules::Roleset;
use std::collections::BTreeSet;

/// The mechanics this build implements.
pub const KNOWN: &[&str] = &["mafia-1923", "ru-city"];

pub fn is_known(name: &str) -> bool {
    KNOWN.contains(&name)
}

/// Problems of a setup: errors refuse the game, warnings are shown to the host.
#[derive(Debug, Default)]
pub struct SetupReport {
    pub errors: Vec<Refusal>,
    pub warnings: Vec<String>,
}

/// Check a setup against the roleset: the generic checks, then the rule system's own.
pub fn check_setup(roleset: &Roleset, setup: &Setup) -> SetupReport {
    let mut report = SetupReport::default();
    if setup.players.is_empty() {
        report
            .errors
            .push(Refusal::new("setup", "a game needs at least one player"));
    }
    let mut names = BTreeSet::new();
    for p in &setup.players {
        let name = p.name.trim();
        if name.is_empty() {
            report
                .errors
                .push(Refusal::new("setup", "a player has an empty name"));
        }
        if !names.insert(name.to_lowercase()) {
            report.errors.push(Refusal::new(
                "setup",
                format!("two players are named `{name}`"),
            ));
        }
        for role in std::iter::once(&p.role).chain(&p.extra_roles) {
            if roleset.role(role).is_none() {
                report.errors.push(Refusal::new(
                    "setup",
                    format!("{name}: the roleset `{}` has no role `{role}`", roleset.id),
                ));
            }
        }
    }
    for (key, value) in &setup.options {
        match roleset.option(key) {
            None => report.errors.push(Refusal::new(
                "setup",
                format!("the roleset has no option `{key}`"),
            )),
            Some(def) if !def.values.is_empty() && !def.values.contains(value) => {
                report.errors.push(Refusal::new(
                    "setup",
                    format!(
                        "option `{key}` must be one of {}, not `{value}`",
                        def.values.join(", ")
                    ),
                ))
            }
            Some(_) => {}
        }
    }
    if report.errors.is_empty() {
        match roleset.mechanics.as_str() {
            "mafia-1923" => mafia1923::check_setup(roleset, setup, &mut report),
            "ru-city" => rucity::check_setup(roleset, setup, &mut report),
            other => report.errors.push(Refusal::new(
                "setup",
                format!("mechanics `{other}` is not implemented"),
            )),
        }
    }
    report
}

/// Warnings for a vote that the rule system records without refusing.
pub fn vote_warnings(
    roleset: &Roleset,
    state: &GameState,
    ballot: &str,
    voter: SlotId,
    target: &str,
) -> Vec<String> {
    match roleset.mechanics.as_str() {
        "mafia-1923" => mafia1923::vote_warnings(state, ballot, voter, target),
        "ru-city" => rucity::vote_warnings(roleset, state, ballot, voter, target),
        _ => Vec::new(),
    }
}

/// A rule system's own reasons to refuse a vote the generic checks let through.
pub fn vote_refusal(
    roleset: &Roleset,
    state: &GameState,
    ballot: &str,
    voter: SlotId,
    target: &str,
    advance: bool,
) -> Result<(), Refusal> {
    match roleset.mechanics.as_str() {
        "ru-city" => rucity::vote_refusal(roleset, state, ballot, voter, target, advance),
        _ => Ok(()),
    }
}

/// A rule system's own reasons to refuse an action the generic checks let through.
pub fn act_refusal(
    roleset: &Roleset,
    state: &GameState,
    actor: SlotId,
    ability: &str,
    targets: &[String],
    params: &std::collections::BTreeMap<String, String>,
) -> Result<(), Refusal> {
    match roleset.mechanics.as_str() {
        "ru-city" => rucity::act_refusal(roleset, state, actor, ability, targets, params),
        _ => Ok(()),
    }
}

/// The ballot the rule system has open now, if it decides that itself (multi-round days).
pub fn open_ballot(roleset: &Roleset, state: &GameState) -> Option<String> {
    match roleset.mechanics.as_str() {
        "ru-city" => rucity::open_ballot(state),
        _ => None,
    }
}

/// Deal roles at random (seeded) by the rule system's setup rules; players who already have a
/// role keep it.
pub fn assign_roles(
    roleset: &Roleset,
    players: &mut [crate::engine::PlayerSetup],
    seed: u64,
) -> Result<(), Refusal> {
    match roleset.mechanics.as_str() {
        "mafia-1923" => mafia1923::assign_roles(roleset, players, seed),
        "ru-city" => rucity::assign_roles(roleset, players, seed),
        other => Err(Refusal::new(
            "setup",
            format!("random role assignment is not implemented for `{other}`"),
        )),
    }
}

/// Resolve the current phase of the context's state.
pub fn resolve(ctx: &mut Ctx) {
    match ctx.roleset.mechanics.as_str() {
        "mafia-1923" => mafia1923::resolve(ctx),
        "ru-city" => rucity::resolve(ctx),
        other => ctx.warn(format!(
            "mechanics `{other}` is not implemented: nothing was resolved"
        )),
    }
}
