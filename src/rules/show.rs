//! `mafia-mod roleset show`: every role, ability, target kinds, stage and limit in plain text.

use super::{AbilityDef, ParamKind, PhaseKind, Roleset, TargetCount};
use std::fmt::Write;

/// The roleset as a host reads it.
pub fn render_roleset(r: &Roleset) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} ({}), mechanics {}, language {}",
        r.name, r.id, r.mechanics, r.language
    );
    // The prelude and two turns of the cycle, named as the game names them.
    let shown = r.phases.prelude.len() + 2 * r.phases.cycle.len();
    let cycle: Vec<String> = (0..shown as u32).map(|i| r.phase_name(i)).collect();
    let _ = writeln!(
        out,
        "phases: {} ... last: {}",
        cycle.join(", "),
        r.phases.last.as_deref().unwrap_or("(decided by the rules)")
    );
    // The stages each kind of phase runs, in the default order (a stage of every phase in
    // each list).
    let kinds = [PhaseKind::Prep, PhaseKind::Night, PhaseKind::Day];
    let played = |kind: PhaseKind| {
        r.phases
            .prelude
            .iter()
            .chain(&r.phases.cycle)
            .any(|p| p.kind == kind)
    };
    for kind in kinds.into_iter().filter(|k| played(*k)) {
        let stages: Vec<&super::StageDef> = r.stages.iter().filter(|s| s.runs_in(kind)).collect();
        if stages.is_empty() {
            continue;
        }
        let _ = writeln!(out, "\n{kind:?} stages (default order):");
        for (i, s) in stages.iter().enumerate() {
            let sys = match (s.system, s.any_phase) {
                (true, _) => " [system]",
                (false, true) => " [every phase]",
                (false, false) => "",
            };
            let _ = writeln!(out, "  {:>2}. {:<12} {}{sys}", i + 1, s.id, s.name);
        }
    }
    let _ = writeln!(out, "\nroles:");
    for role in &r.roles {
        let _ = writeln!(
            out,
            "  {} ({}), side {}{}{}",
            role.id,
            role.name,
            role.side,
            if role.beginner { ", beginner" } else { "" },
            if role.starts_with.is_empty() {
                String::new()
            } else {
                format!(", starts with {}", role.starts_with.join(", "))
            }
        );
        let _ = writeln!(out, "      {}", role.description);
        for a in role.abilities.iter().filter_map(|a| r.ability(a)) {
            let _ = writeln!(out, "      ability {}", describe_ability(a));
            if !a.description.is_empty() {
                let _ = writeln!(out, "          {}", a.description);
            }
        }
    }
    let _ = writeln!(out, "\nballots:");
    for b in &r.ballots {
        let _ = writeln!(
            out,
            "  {} ({:?}, target {:?}){}",
            b.id,
            b.phase,
            b.target,
            if b.default { ", default" } else { "" }
        );
        if !b.description.is_empty() {
            let _ = writeln!(out, "      {}", b.description);
        }
    }
    let _ = writeln!(out, "\nstatuses:");
    for s in &r.statuses {
        let _ = writeln!(out, "  {}: {}", s.id, s.description);
    }
    let _ = writeln!(out, "\noptions:");
    for o in &r.options {
        let values = if o.values.is_empty() {
            String::new()
        } else {
            format!(" [{}]", o.values.join("|"))
        };
        let _ = writeln!(out, "  {} = {}{values}: {}", o.id, o.default, o.description);
    }
    out
}

fn describe_ability(a: &AbilityDef) -> String {
    let targets: Vec<String> = a
        .targets
        .iter()
        .map(|t| format!("{t:?}").to_lowercase())
        .collect();
    let count = match a.count {
        TargetCount::AsDeclared => String::new(),
        TargetCount::CeilLivingOver(n) => format!(" x ceil(living/{n})"),
        TargetCount::Between(min, max) => format!(", {min} to {max} of them"),
    };
    let mut limits = Vec::new();
    if let Some(n) = a.limits.uses {
        limits.push(format!("{n} per game"));
    }
    if let Some(n) = a.limits.self_uses {
        limits.push(format!("self {n} per game"));
    }
    if let Some(n) = a.limits.own_family_uses {
        limits.push(format!("own family {n} per game"));
    }
    if limits.is_empty() {
        limits.push("no limit".into());
    }
    let when = if a.passive {
        "passive".to_string()
    } else {
        format!("{:?}, stage {}", a.phase, a.stage)
    };
    let params: Vec<String> = a
        .params
        .iter()
        .map(|p| {
            let kind = match &p.kind {
                ParamKind::Choice(words) => words.join("|"),
                other => format!("{other:?}").to_lowercase(),
            };
            let optional = if p.required { "" } else { "?" };
            format!("{}{optional}: {kind}", p.id)
        })
        .collect();
    let params = if params.is_empty() {
        String::new()
    } else {
        format!("; params {{{}}}", params.join(", "))
    };
    format!(
        "{}: targets [{}]{count}{params}; {when}; {}{}",
        a.id,
        targets.join(", "),
        limits.join(", "),
        a.group
            .as_ref()
            .map(|g| format!("; for the whole {g} side"))
            .unwrap_or_default()
    )
}
