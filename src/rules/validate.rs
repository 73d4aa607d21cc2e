//! Consistency checks of a roleset: every name it uses must be declared.

use super::{Effect, ROLESET_VERSION, Roleset};
use std::collections::BTreeSet;

/// One problem found in a roleset, with the field path it concerns.
#[derive(Debug, Clone, PartialEq)]
pub struct RolesetProblem {
    pub field: String,
    pub message: String,
}

/// How far into the game the last phase may be named (a game of 10,000 phases is no game).
const LAST_PHASE_WITHIN: u32 = 10_000;

/// The largest vote weight a roleset may give (a game's totals stay far from overflowing).
pub const MOST_VOTES: u32 = 1_000_000;

/// Every problem of a roleset as data: unknown names, duplicates, an empty phase cycle. Whether
/// its rule system exists and finds the ids it needs is the registry's check
/// (`crate::engine::Registry::lint`).
pub fn lint_roleset(r: &Roleset) -> Vec<RolesetProblem> {
    let mut out = Vec::new();
    let mut problem = |field: String, message: String| out.push(RolesetProblem { field, message });
    if r.version != ROLESET_VERSION {
        problem(
            "version".into(),
            format!(
                "roleset version {} is not supported (this build reads {ROLESET_VERSION})",
                r.version
            ),
        );
    }
    if r.phases.cycle.is_empty() {
        problem("phases.cycle".into(), "the phase cycle is empty".into());
    } else if let Some(last) = &r.phases.last
        && !(0..LAST_PHASE_WITHIN).any(|i| r.phase_is_named(i, last))
    {
        problem(
            "phases.last".into(),
            format!(
                "the last phase `{last}` is none of the first {LAST_PHASE_WITHIN} phases of the cycle"
            ),
        );
    }
    duplicates("roles", r.roles.iter().map(|x| x.id.as_str()), &mut problem);
    duplicates(
        "abilities",
        r.abilities.iter().map(|x| x.id.as_str()),
        &mut problem,
    );
    duplicates(
        "stages",
        r.stages.iter().map(|x| x.id.as_str()),
        &mut problem,
    );
    duplicates(
        "statuses",
        r.statuses.iter().map(|x| x.id.as_str()),
        &mut problem,
    );
    duplicates(
        "options",
        r.options.iter().map(|x| x.id.as_str()),
        &mut problem,
    );
    duplicates(
        "rounds",
        r.rounds.iter().map(|x| x.id.as_str()),
        &mut problem,
    );
    duplicates(
        "ballots",
        r.ballots.iter().map(|x| x.id.as_str()),
        &mut problem,
    );
    let sides: BTreeSet<&str> = r.sides.iter().map(|s| s.id.as_str()).collect();
    for (i, role) in r.roles.iter().enumerate() {
        if !sides.contains(role.side.as_str()) {
            problem(
                format!("roles[{i}].side"),
                format!("unknown side `{}`", role.side),
            );
        }
        for a in &role.abilities {
            if r.ability(a).is_none() {
                problem(
                    format!("roles[{i}].abilities"),
                    format!("unknown ability `{a}`"),
                );
            }
        }
        for status in &role.starts_with {
            if r.status(status).is_none() {
                problem(
                    format!("roles[{i}].starts_with"),
                    format!("unknown status `{status}`"),
                );
            }
        }
    }
    for (i, ability) in r.abilities.iter().enumerate().filter(|(_, a)| !a.passive) {
        match r.stage(&ability.stage) {
            None => problem(
                format!("abilities[{i}].stage"),
                format!("unknown stage `{}`", ability.stage),
            ),
            Some(stage) if !stage.runs_in(ability.phase) => problem(
                format!("abilities[{i}].stage"),
                format!("stage `{}` belongs to the other phase kind", ability.stage),
            ),
            Some(_) => {}
        }
        if let Some(group) = &ability.group
            && !sides.contains(group.as_str())
        {
            problem(
                format!("abilities[{i}].group"),
                format!("unknown side `{group}`"),
            );
        }
        for status in effect_statuses(&ability.effect) {
            if r.status(status).is_none() {
                problem(
                    format!("abilities[{i}].effect"),
                    format!("unknown status `{status}`"),
                );
            }
        }
        duplicates(
            &format!("abilities[{i}].params"),
            ability.params.iter().map(|p| p.id.as_str()),
            &mut problem,
        );
        for (j, param) in ability.params.iter().enumerate() {
            if matches!(&param.kind, super::ParamKind::Choice(words) if words.is_empty()) {
                problem(
                    format!("abilities[{i}].params[{j}].kind"),
                    "a choice needs at least one word".into(),
                );
            }
        }
        for (j, word) in ability.words.iter().enumerate() {
            if word.trim().is_empty() || *word != word.to_lowercase() {
                problem(
                    format!("abilities[{i}].words[{j}]"),
                    format!("`{word}`: a word players use is written in lower case and not empty"),
                );
            }
        }
        for (event, template) in &ability.tell {
            if !r.templates.contains_key(template) {
                problem(
                    format!("abilities[{i}].tell.{event}"),
                    format!("unknown template `{template}`"),
                );
            }
        }
        if let Some(status) = &ability.status
            && r.status(status).is_none()
        {
            problem(
                format!("abilities[{i}].status"),
                format!("unknown status `{status}`"),
            );
        }
        // A weight is a count of votes: one that large would only overflow the totals.
        if let Effect::ExtraVotes { weight } = ability.effect
            && weight.unsigned_abs() > MOST_VOTES
        {
            problem(
                format!("abilities[{i}].effect.weight"),
                format!("a weight of {weight} votes: at most {MOST_VOTES} either way"),
            );
        }
        if matches!(ability.effect, Effect::Jail) && ability.status.is_none() {
            problem(
                format!("abilities[{i}].status"),
                "a jail needs the status it gives (`status: Some(\"...\")`)".into(),
            );
        }
        if let Effect::Investigate { side, .. } | Effect::StealRole { side, .. } = &ability.effect
            && !side.is_empty()
            && !r.sides.iter().any(|s| s.id == *side)
        {
            problem(
                format!("abilities[{i}].effect"),
                format!("unknown side `{side}`"),
            );
        }
        if let Effect::Investigate { option, .. } = &ability.effect
            && r.option(option).is_none()
        {
            problem(
                format!("abilities[{i}].effect"),
                format!("unknown option `{option}`"),
            );
        }
        if let Effect::StealRole { fallback, .. } = &ability.effect
            && r.role(fallback).is_none()
        {
            problem(
                format!("abilities[{i}].effect"),
                format!("unknown role `{fallback}`"),
            );
        }
    }
    for (i, option) in r.options.iter().enumerate() {
        if !option.values.is_empty() && !option.values.contains(&option.default) {
            problem(
                format!("options[{i}].default"),
                format!(
                    "`{}` is not one of the allowed values {:?}",
                    option.default, option.values
                ),
            );
        }
    }
    out
}

fn effect_statuses(effect: &Effect) -> Vec<&str> {
    match effect {
        Effect::Pair { status } => vec![status],
        Effect::Protect { cures: Some(s), .. } => vec![s],
        Effect::Guard { injure, .. } => vec![injure],
        Effect::Afflict { status, .. } => vec![status],
        _ => vec![],
    }
}

fn duplicates<'a>(
    list: &str,
    ids: impl Iterator<Item = &'a str>,
    problem: &mut impl FnMut(String, String),
) {
    let mut seen = BTreeSet::new();
    for (i, id) in ids.enumerate() {
        if !seen.insert(id) {
            problem(format!("{list}[{i}].id"), format!("duplicate id `{id}`"));
        }
    }
}
