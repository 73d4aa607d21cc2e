//! The host's deliverables beside the phase posts: the role PMs sent at setup, the reveal post
//! at the end (every role, the winners, what each phase did), and the host sheet (roles,
//! statuses, uses and the rule system's hidden values), which is for the host alone and is
//! never part of a public file.
//!
//! The words a player reads come from the roleset's templates, so a Russian roleset sends
//! Russian PMs; English is the fallback where a roleset has no such template. The host sheet
//! is the host's own tool and stays in English.

use super::{Markup, template_or};
use crate::engine::outcome::StepResult;
use crate::engine::template::render;
use crate::engine::{Game, Slot};

/// The roles a slot holds, by name: `Townsperson + Mafia Member`.
fn role_names(game: &Game, slot: &Slot) -> String {
    slot.roles()
        .map(|id| game.roleset().role(id).map_or(id, |r| r.name.as_str()))
        .collect::<Vec<_>>()
        .join(" + ")
}

/// The side a slot plays for, by name: a hostile side among its roles decides (ru-city's
/// mafia overlay on a peaceful role), then an overlay role's side that differs from the base
/// role's (ru-city's faceless, grey over his peaceful role), else the base role's.
fn side_name(game: &Game, slot: &Slot) -> String {
    let roleset = game.roleset();
    let hostile = |side: &str| roleset.sides.iter().any(|s| s.id == side && s.hostile);
    let sides: Vec<&str> = slot
        .roles()
        .filter_map(|id| roleset.role(id))
        .map(|r| r.side.as_str())
        .collect();
    let base = sides.first().copied();
    let side = sides
        .iter()
        .find(|s| hostile(s))
        .or_else(|| sides.iter().skip(1).find(|s| Some(**s) != base))
        .or(sides.first())
        .copied()
        .unwrap_or("");
    roleset
        .sides
        .iter()
        .find(|s| s.id == side)
        .map_or(side, |s| s.name.as_str())
        .to_string()
}

/// One player's role PM: the role and side, the family, the abilities by name, and the
/// partners: who holds the same hostile role (the mafia know each other; a lone maniac has
/// none) or shares a side's action with them.
pub fn role_pm(game: &Game, slot: &Slot, markup: Markup) -> String {
    let roleset = game.roleset();
    let state = game.state();
    let title = template_or(roleset, "pm_role_title", "{player}: your role");
    let mut lines = vec![markup.bold(&render(&title, &[("player", slot.name.clone())]))];
    lines.push(render(
        &template_or(roleset, "pm_role", "You are {role} ({side})."),
        &[
            ("role", role_names(game, slot)),
            ("side", side_name(game, slot)),
        ],
    ));
    if let Some(family) = &slot.family {
        lines.push(render(
            &template_or(roleset, "pm_role_family", "Your family: {family}."),
            &[("family", family.clone())],
        ));
    }
    let held: Vec<&crate::rules::AbilityDef> = slot
        .roles()
        .filter_map(|id| roleset.role(id))
        .flat_map(|r| r.abilities.iter())
        .filter_map(|a| roleset.ability(a))
        .filter(|a| !a.passive)
        .collect();
    if !held.is_empty() {
        let names: Vec<&str> = held.iter().map(|a| a.name.as_str()).collect();
        lines.push(render(
            &template_or(roleset, "pm_role_abilities", "Your actions: {abilities}."),
            &[("abilities", names.join(", "))],
        ));
    }
    let groups: Vec<&str> = held.iter().filter_map(|a| a.group.as_deref()).collect();
    let hostile_roles: Vec<&str> = slot
        .roles()
        .filter(|id| {
            roleset
                .role(id)
                .is_some_and(|r| roleset.sides.iter().any(|s| s.id == r.side && s.hostile))
        })
        .collect();
    let partners: Vec<String> = state
        .slots
        .iter()
        .filter(|other| other.id != slot.id)
        .filter(|other| {
            other.roles().any(|r| hostile_roles.contains(&r))
                || other
                    .roles()
                    .filter_map(|id| roleset.role(id))
                    .flat_map(|r| r.abilities.iter())
                    .filter_map(|a| roleset.ability(a))
                    .any(|a| a.group.as_deref().is_some_and(|g| groups.contains(&g)))
        })
        .map(|other| other.name.clone())
        .collect();
    if !partners.is_empty() {
        lines.push(render(
            &template_or(roleset, "pm_role_partners", "Your partners: {players}."),
            &[("players", partners.join(", "))],
        ));
    }
    lines.extend(game.system().role_pm_lines(roleset, state, slot.id));
    lines.join("\n")
}

/// Every player's role PM, one after another, each ready to paste into its own message.
pub fn role_pms(game: &Game, markup: Markup) -> String {
    game.state()
        .slots
        .iter()
        .map(|s| role_pm(game, s, markup))
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// The reveal post: the winners, every player's role and fate, and what each committed phase
/// did (the actions as resolved, and the deaths).
pub fn recap(game: &Game, markup: Markup) -> String {
    let roleset = game.roleset();
    let state = game.state();
    let mut out = vec![markup.bold(&template_or(
        roleset,
        "recap_title",
        "The game: roles and log",
    ))];
    out.push(match &state.game_over {
        Some(over) => render(
            &template_or(roleset, "recap_winners", "Winners: {winners}."),
            &[("winners", over.winners.join(", "))],
        ),
        None => template_or(roleset, "recap_not_over", "The game is not over yet."),
    });
    out.push(String::new());
    out.push(markup.bold(&template_or(roleset, "recap_roles", "Roles")));
    let players: Vec<String> = state
        .slots
        .iter()
        .map(|s| {
            let fate = match &s.death {
                Some((phase, cause)) => format!("✝ {} ({cause})", roleset.phase_name(*phase)),
                None => match state.out_of_game(s) {
                    Some(status) => status.to_string(),
                    None => template_or(roleset, "recap_alive", "alive"),
                },
            };
            let family = s
                .family
                .as_ref()
                .map(|f| format!(", {f}"))
                .unwrap_or_default();
            format!("{} — {}{family} — {fate}", s.name, role_names(game, s))
        })
        .collect();
    out.push(markup.list(&players));
    let name = |id: usize| state.slots.get(id).map_or("?", |s| s.name.as_str());
    for phase in &state.history {
        out.push(String::new());
        out.push(markup.bold(&roleset.phase_label(phase.index, phase.round.as_deref())));
        let mut lines: Vec<String> = phase
            .outcome
            .steps
            .iter()
            .filter(|s| s.result != StepResult::Info)
            .filter_map(|s| {
                let actor = s.actor?;
                let ability = s.ability.as_deref()?;
                let ability = roleset
                    .ability(ability)
                    .map_or(ability, |a| a.name.as_str());
                let targets = if s.targets_after.is_empty() {
                    String::new()
                } else {
                    format!(" → {}", s.targets_after.join(", "))
                };
                Some(format!(
                    "{}: {ability}{targets} ({})",
                    name(actor),
                    s.result.label()
                ))
            })
            .collect();
        lines.extend(
            phase
                .outcome
                .deaths
                .iter()
                .map(|d| format!("✝ {} ({})", name(d.slot), d.cause)),
        );
        if lines.is_empty() {
            lines.push("—".to_string());
        }
        out.push(markup.list(&lines));
    }
    out.join("\n")
}

/// The host sheet: everything the host keeps track of and the players must not see.
pub fn host_sheet(game: &Game, markup: Markup) -> String {
    let roleset = game.roleset();
    let state = game.state();
    let mut out = vec![markup.bold(&format!(
        "Host sheet — {} — {} (for the host only)",
        game.file().name,
        game.phase_label()
    ))];
    // The seed recomputes the deal and every draw: it is the host's alone.
    out.push(format!("Seed: {}", game.file().seed));
    let players: Vec<String> = state
        .slots
        .iter()
        .map(|s| {
            let mut parts = vec![format!(
                "{} — {} ({})",
                s.name,
                role_names(game, s),
                side_name(game, s)
            )];
            if let Some(f) = &s.family {
                parts.push(format!("family {f}"));
            }
            parts.push(match &s.death {
                Some((phase, cause)) => {
                    format!("dead since {} ({cause})", roleset.phase_name(*phase))
                }
                None => "alive".to_string(),
            });
            for (status, info) in &s.statuses {
                let until = info
                    .until
                    .map(|u| format!(" until the end of {}", roleset.phase_name(u)))
                    .unwrap_or_default();
                parts.push(format!("{status}{until}"));
            }
            for (ability, used) in &s.uses {
                parts.push(format!("{ability} used {used}×"));
            }
            for (counter, n) in &s.counters {
                parts.push(format!("{counter} {n}"));
            }
            parts.join("; ")
        })
        .collect();
    // The system's own sections first (Conan's crime log): short, and what the host looks for.
    for (title, lines) in game.system().host_sections(roleset, state) {
        out.push(markup.bold(&title));
        let lines = if lines.is_empty() {
            vec!["—".to_string()]
        } else {
            lines
        };
        out.push(markup.list(&lines));
        out.push(String::new());
    }
    out.push(markup.list(&players));
    if !state.vars.is_empty() || !state.options.is_empty() {
        out.push(String::new());
        out.push(markup.bold("Game values"));
        let values: Vec<String> = state
            .options
            .iter()
            .map(|(k, v)| format!("option {k} = {v}"))
            .chain(
                state
                    .vars
                    .iter()
                    .filter(|(k, _)| !game.system().hides_value(k))
                    .map(|(k, v)| format!("{k} = {v}")),
            )
            .collect();
        out.push(markup.list(&values));
    }
    out.join("\n")
}
