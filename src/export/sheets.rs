//! The host's deliverables beside the phase posts: the role PMs (as dealt, then the one each
//! later change of role sends), the reveal post at the end (every dealt role and every change,
//! the winners, what each phase did), and the host sheet (roles, statuses, uses and the rule
//! system's hidden values), which is for the host alone and is never part of a public file.
//!
//! The roles come from the engine's record: the dealt ones are the setup's, and every change
//! (a steal, an inheritance, a conversion, the host's command) is in
//! [`GameState::role_changes`] with its phase, so nothing here depends on a rule system.
//!
//! The words a player reads come from the roleset's templates, so a Russian roleset sends
//! Russian PMs; English is the fallback where a roleset has no such template. The host sheet
//! and the refusal of an early reveal are the host's own and stay in English.

use super::{Markup, template_or};
use crate::engine::outcome::{Step, StepResult};
use crate::engine::state::{GameState, RoleChange};
use crate::engine::template::render;
use crate::engine::{Game, Slot, SlotId};
use crate::rules::{AbilityDef, Roleset};

/// Roles by name: `Townsperson + Mafia Member`.
fn names_of<'a>(roleset: &Roleset, roles: impl IntoIterator<Item = &'a str>) -> String {
    roles
        .into_iter()
        .map(|id| roleset.role(id).map_or(id, |r| r.name.as_str()))
        .collect::<Vec<_>>()
        .join(" + ")
}

/// Roles kept as a list (a change's before and after), by name.
fn listed(roleset: &Roleset, roles: &[String]) -> String {
    names_of(roleset, roles.iter().map(String::as_str))
}

/// The roles a slot holds, by name.
fn role_names(roleset: &Roleset, slot: &Slot) -> String {
    names_of(roleset, slot.roles())
}

/// The roles a slot was dealt (the setup's), by name.
fn dealt_names(game: &Game, slot: &Slot) -> String {
    match game.file().setup.players.get(slot.id) {
        Some(p) => names_of(
            game.roleset(),
            std::iter::once(p.role.as_str()).chain(p.extra_roles.iter().map(String::as_str)),
        ),
        None => role_names(game.roleset(), slot),
    }
}

fn slot_name(state: &GameState, id: SlotId) -> &str {
    state.slots.get(id).map_or("?", |s| s.name.as_str())
}

/// The side a slot plays for, by name: a hostile side among its roles decides (ru-city's
/// mafia overlay on a peaceful role), then an overlay role's side that differs from the base
/// role's (ru-city's faceless, grey over his peaceful role), else the base role's.
fn side_name(roleset: &Roleset, slot: &Slot) -> String {
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

/// An action by name with its limits from the roleset: `Heal (2 per game on yourself)`. The
/// limits are the role's as written; a new holder (a Thief's loot) starts them afresh.
fn ability_with_limits(roleset: &Roleset, ability: &AbilityDef) -> String {
    let limit = |id: &str, english: &str, n: Option<u32>| {
        n.map(|n| render(&template_or(roleset, id, english), &[("n", n.to_string())]))
    };
    let limits: Vec<String> = [
        limit("pm_role_limit_uses", "{n} per game", ability.limits.uses),
        limit(
            "pm_role_limit_self",
            "{n} per game on yourself",
            ability.limits.self_uses,
        ),
        limit(
            "pm_role_limit_family",
            "{n} per game on your own family",
            ability.limits.own_family_uses,
        ),
    ]
    .into_iter()
    .flatten()
    .collect();
    if limits.is_empty() {
        return ability.name.clone();
    }
    render(
        &template_or(roleset, "pm_role_ability_limits", "{ability} ({limits})"),
        &[
            ("ability", ability.name.clone()),
            ("limits", limits.join(", ")),
        ],
    )
}

/// One role PM headed `title`, written from `state`, the game at the moment the PM describes
/// (as dealt, or right after a change of role): the roles the slot holds then and the side,
/// each role's text (the rule system's own, else the roleset's description), the family, the
/// actions with their limits, the partners then alive, and the rule system's own lines.
fn pm(game: &Game, state: &GameState, slot: SlotId, title: &str, markup: Markup) -> String {
    let roleset = game.roleset();
    let Some(me) = state.slots.get(slot) else {
        return String::new();
    };
    let mut lines = vec![markup.bold(title)];
    lines.push(render(
        &template_or(roleset, "pm_role", "You are {role} ({side})."),
        &[
            ("role", role_names(roleset, me)),
            ("side", side_name(roleset, me)),
        ],
    ));
    // A roleset whose descriptions are notes for the host (ru-city's cite the rules' sections,
    // in English) sets this template empty: its PMs carry no description.
    let description = match roleset.templates.get("pm_role_description") {
        Some(t) if t.is_empty() => None,
        _ => Some(template_or(roleset, "pm_role_description", "{description}")),
    };
    if let Some(template) = &description {
        for role in me.roles() {
            let text = game
                .system()
                .role_text(roleset, role)
                .or_else(|| roleset.role(role).map(|r| r.description.clone()))
                .unwrap_or_default();
            if !text.trim().is_empty() {
                lines.push(render(template, &[("description", text)]));
            }
        }
    }
    if let Some(family) = &me.family {
        lines.push(render(
            &template_or(roleset, "pm_role_family", "Your family: {family}."),
            &[("family", family.clone())],
        ));
    }
    let held: Vec<&AbilityDef> = me
        .roles()
        .filter_map(|id| roleset.role(id))
        .flat_map(|r| r.abilities.iter())
        .filter_map(|a| roleset.ability(a))
        .filter(|a| !a.passive)
        .collect();
    if !held.is_empty() {
        let names: Vec<String> = held
            .iter()
            .map(|a| ability_with_limits(roleset, a))
            .collect();
        lines.push(render(
            &template_or(roleset, "pm_role_abilities", "Your actions: {abilities}."),
            &[("abilities", names.join(", "))],
        ));
    }
    let mates: Vec<String> = (state.partners(roleset, me).into_iter())
        .map(|p| p.name.clone())
        .collect();
    if !mates.is_empty() {
        lines.push(render(
            &template_or(roleset, "pm_role_partners", "Your partners: {players}."),
            &[("players", mates.join(", "))],
        ));
    }
    lines.extend(game.system().role_pm_lines(roleset, state, slot));
    lines.join("\n")
}

/// `moment` with every slot named as it is played now: a PM written for an earlier moment is
/// sent to, and names, the people in the game today (a replacement gets his slot's PMs).
pub(crate) fn named_now(game: &Game, mut moment: GameState) -> GameState {
    for (slot, now) in moment.slots.iter_mut().zip(&game.state().slots) {
        slot.name.clone_from(&now.name);
        slot.former_names.clone_from(&now.former_names);
    }
    moment
}

/// A player's role PM as dealt: the setup's roles, the partners at the start.
pub(crate) fn dealt_pm(game: &Game, dealt: &GameState, slot: SlotId, markup: Markup) -> String {
    let title = render(
        &template_or(game.roleset(), "pm_role_title", "{player}: your role"),
        &[("player", slot_name(dealt, slot).to_string())],
    );
    pm(game, dealt, slot, &title, markup)
}

/// The role PM a change of role sends, written from the game right after the change: the new
/// roles, and the partners then.
pub(crate) fn change_pm(game: &Game, change: &RoleChange, markup: Markup) -> Option<String> {
    let roleset = game.roleset();
    let (_, after) = game
        .states_after_role_changes()
        .iter()
        .find(|(seq, _)| *seq == change.seq)?;
    let after = named_now(game, after.clone());
    let title = render(
        &template_or(
            roleset,
            "pm_role_changed_title",
            "{player}: your new role ({phase})",
        ),
        &[
            ("player", slot_name(&after, change.slot).to_string()),
            ("phase", roleset.phase_name(change.phase)),
        ],
    );
    Some(pm(game, &after, change.slot, &title, markup))
}

/// One player's role PMs: as dealt, then one for each later change of his roles, oldest first.
pub fn role_pm(game: &Game, slot: &Slot, markup: Markup) -> String {
    let dealt = named_now(game, game.dealt_state());
    let changes = game
        .state()
        .role_changes
        .iter()
        .filter(|c| c.slot == slot.id)
        .filter_map(|c| change_pm(game, c, markup));
    std::iter::once(dealt_pm(game, &dealt, slot.id, markup))
        .chain(changes)
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// Every player's role PM as dealt, one after another, each ready to paste into its own
/// message; then, apart, the PM each later change of role sends, in the order the changes
/// were made.
pub fn role_pms(game: &Game, markup: Markup) -> String {
    let dealt = named_now(game, game.dealt_state());
    let dealt_pms = (0..dealt.slots.len()).map(|id| dealt_pm(game, &dealt, id, markup));
    let change_pms = game
        .state()
        .role_changes
        .iter()
        .filter_map(|c| change_pm(game, c, markup));
    dealt_pms.chain(change_pms).collect::<Vec<_>>().join("\n\n")
}

/// One action of the reveal post: actor, ability, targets and result. The targets are those
/// the action really had, or, for one stopped before it acted (cancelled, failed at its gate),
/// those it was sent with: a failed steal still says whom it aimed at.
fn action_line(roleset: &Roleset, state: &GameState, step: &Step) -> Option<String> {
    if step.result == StepResult::Info {
        return None;
    }
    let actor = step.actor?;
    let ability = step.ability.as_deref()?;
    let ability = roleset
        .ability(ability)
        .map_or(ability, |a| a.name.as_str());
    let targets = if step.targets_after.is_empty() {
        &step.targets_before
    } else {
        &step.targets_after
    };
    let targets = if targets.is_empty() {
        String::new()
    } else {
        format!(" → {}", targets.join(", "))
    };
    Some(format!(
        "{}: {ability}{targets} ({})",
        slot_name(state, actor),
        step.result.label()
    ))
}

/// The reveal post: the winners, every player's dealt role with each later change and his
/// fate, and what each committed phase did (the actions as resolved with their targets, the
/// changes of role, the deaths).
///
/// Before the game's end it is refused, with the reason for the host: it would name every
/// living player's role, and the actions tell roles too. A part of it is no safer: where the
/// dead's roles stay secret (Mafia 1923's Witness learns them, WWR does not reveal them) even
/// the graveyard would leak, and a document titled as the reveal that is not the whole of it
/// is easily posted by mistake. The host sheet shows the roles meanwhile, for the host alone.
pub fn recap(game: &Game, markup: Markup) -> Result<String, String> {
    let roleset = game.roleset();
    let state = game.state();
    let Some(over) = &state.game_over else {
        return Err(format!(
            "the game is not over ({}): the reveal post names every player's role and every \
             action, so it is written only once the game is over. The host sheet shows the \
             roles now, for the host alone.",
            game.phase_label()
        ));
    };
    let mut out = vec![markup.bold(&template_or(
        roleset,
        "recap_title",
        "The game: roles and log",
    ))];
    out.push(render(
        &template_or(roleset, "recap_winners", "Winners: {winners}."),
        &[("winners", over.winners.join(", "))],
    ));
    out.push(String::new());
    out.push(markup.bold(&template_or(roleset, "recap_roles", "Roles")));
    let became = template_or(roleset, "recap_became", "→ {role} ({phase})");
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
                .map(|f| format!(" ({f})"))
                .unwrap_or_default();
            let changes: String = state
                .role_changes
                .iter()
                .filter(|c| c.slot == s.id)
                .map(|c| {
                    let role = listed(roleset, &c.after);
                    let phase = roleset.phase_name(c.phase);
                    format!(" {}", render(&became, &[("role", role), ("phase", phase)]))
                })
                .collect();
            format!(
                "{}{family} — {}{changes} — {fate}",
                s.name,
                dealt_names(game, s)
            )
        })
        .collect();
    out.push(markup.list(&players));
    let change = template_or(roleset, "recap_change", "{player}: {before} → {after}");
    let host_change = template_or(
        roleset,
        "recap_change_host",
        "{player}: {before} → {after} (by the host)",
    );
    for (position, phase) in state.history.iter().enumerate() {
        out.push(String::new());
        out.push(markup.bold(&roleset.phase_label(phase.index, phase.round.as_deref())));
        let mut lines: Vec<String> = phase
            .outcome
            .steps
            .iter()
            .filter_map(|s| action_line(roleset, state, s))
            .collect();
        lines.extend(
            state
                .role_changes
                .iter()
                .filter(|c| c.position == position)
                .map(|c| {
                    let template = if c.by_host { &host_change } else { &change };
                    render(
                        template,
                        &[
                            ("player", slot_name(state, c.slot).to_string()),
                            ("before", listed(roleset, &c.before)),
                            ("after", listed(roleset, &c.after)),
                        ],
                    )
                }),
        );
        lines.extend(
            phase
                .outcome
                .deaths
                .iter()
                .map(|d| format!("✝ {} ({})", slot_name(state, d.slot), d.cause)),
        );
        if lines.is_empty() {
            lines.push("—".to_string());
        }
        out.push(markup.list(&lines));
    }
    Ok(out.join("\n"))
}

/// The host sheet: everything the host keeps track of and the players must not see.
/// A counter as the host reads it: the rule system's words where it has them, else the key's
/// words (its system's prefix dropped, `:` and `_` as spaces) and the value.
fn counter_words(game: &Game, slot: usize, key: &str, value: u32) -> String {
    let system = game.system();
    system
        .counter_words(game.roleset(), game.state(), slot, key, value)
        .unwrap_or_else(|| {
            let own = key
                .strip_prefix(system.id())
                .and_then(|k| k.strip_prefix(':'))
                .unwrap_or(key);
            format!("{}: {value}", own.replace([':', '_'], " "))
        })
}

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
                role_names(roleset, s),
                side_name(roleset, s)
            )];
            if state.role_changes.iter().any(|c| c.slot == s.id) {
                parts.push(format!("dealt {}", dealt_names(game, s)));
            }
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
                let name = roleset.status(status).map_or(status.as_str(), |d| &d.name);
                parts.push(format!("{name}{until}"));
            }
            for (ability, used) in &s.uses {
                let name = roleset
                    .ability(ability)
                    .map_or(ability.as_str(), |d| &d.name);
                parts.push(format!("{name} used {used}×"));
            }
            for (counter, n) in &s.counters {
                parts.push(counter_words(game, s.id, counter, *n));
            }
            for m in state.markers.iter().filter(|m| m.slot == s.id) {
                let colour = m
                    .colour
                    .as_deref()
                    .map(|c| format!(" [{c}]"))
                    .unwrap_or_default();
                let phase = roleset.phase_name(m.phase);
                parts.push(format!("marker{colour}: {} ({phase})", m.text));
            }
            parts.retain(|p| !p.is_empty());
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
    let values: Vec<String> = state
        .options
        .iter()
        .map(|(k, v)| format!("option {k} = {v}"))
        .chain(game.system().kept_lines(roleset, state))
        .filter(|line| !line.is_empty())
        .collect();
    if !values.is_empty() {
        out.push(String::new());
        out.push(markup.bold("Game values"));
        out.push(markup.list(&values));
    }
    out.join("\n")
}
