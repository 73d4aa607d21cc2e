//! The night-order sheet: for the roles in play, each stage of a phase in the order the engine
//! resolves it, with who acts in it, what each action sends and the steps no player takes (the
//! rules' own stages: poison, the court, the deaths and wills at a night's end, WWR's pipeline),
//! so a host who resolves by hand forgets none (`export --night-order`, and a document of the
//! console's draft pane). It is read from what the engine will run: the stage order in force,
//! the roleset's stages and abilities, the living holders now.

use super::Markup;
use crate::engine::{Game, GameState};
use crate::rules::{AbilityDef, PhaseKind, Roleset};

/// The sheet for every phase kind the game has (Prep, Night, Day), the current one first.
pub fn night_order(game: &Game, markup: Markup) -> String {
    let roleset = game.roleset();
    let state = game.state();
    let now = state.phase_kind(roleset);
    let mut kinds = vec![now];
    for kind in [PhaseKind::Prep, PhaseKind::Night, PhaseKind::Day] {
        let runs = roleset.stages.iter().any(|s| s.runs_in(kind));
        let to_come = kind != PhaseKind::Prep || now == PhaseKind::Prep;
        if runs && to_come && !kinds.contains(&kind) {
            kinds.push(kind);
        }
    }
    let mut out = vec![markup.bold(&format!(
        "Order of resolution — {} — {} (for the host only)",
        game.file().name,
        game.phase_label()
    ))];
    for kind in kinds {
        out.push(String::new());
        out.extend(kind_section(roleset, state, kind, markup));
    }
    out.join("\n")
}

fn kind_name(kind: PhaseKind) -> &'static str {
    match kind {
        PhaseKind::Night => "Night",
        PhaseKind::Day => "Day",
        PhaseKind::Prep => "Prep",
    }
}

/// One phase kind: its stages in the order in force, each with its actors, then its rounds.
fn kind_section(
    roleset: &Roleset,
    state: &GameState,
    kind: PhaseKind,
    markup: Markup,
) -> Vec<String> {
    let mut out = vec![markup.bold(kind_name(kind))];
    let stages = state
        .stage_order
        .iter()
        .filter_map(|id| roleset.stage(id))
        .filter(|s| s.runs_in(kind));
    for (n, stage) in stages.enumerate() {
        let lines: Vec<String> = roleset
            .abilities
            .iter()
            .filter(|a| a.stage == stage.id && (a.phase == kind || a.any_phase))
            .filter_map(|a| ability_line(roleset, state, a))
            .collect();
        // A stage nobody in play acts in is left out; the rules' own stages never are.
        if lines.is_empty() && !stage.system {
            continue;
        }
        // The roleset's stage names carry the sources' numbering ("5. Doctors", "N6."): the
        // sheet numbers only names without one.
        let numbered = stage
            .name
            .trim_start_matches(['N', 'D'])
            .starts_with(|c: char| c.is_ascii_digit());
        let name = if numbered {
            stage.name.clone()
        } else {
            format!("{}. {}", n + 1, stage.name)
        };
        let system = if stage.system {
            " — the rules run it"
        } else {
            ""
        };
        out.push(format!("{name}{system}"));
        if !lines.is_empty() {
            out.push(markup.list(&lines));
        }
    }
    if kind == PhaseKind::Day && !roleset.rounds.is_empty() {
        let rounds: Vec<String> = roleset.rounds.iter().map(|r| r.name.clone()).collect();
        out.push(format!("Rounds of a day: {}", rounds.join(" → ")));
    }
    for ballot in roleset
        .ballots
        .iter()
        .filter(|b| b.phase == kind || b.any_phase)
    {
        out.push(format!("Ballot: {}", ballot.name));
    }
    out
}

/// An ability and who holds it now (a group's ability once, with its members), what it sends
/// and whether it is a crime; `None` when nobody living holds it.
fn ability_line(roleset: &Roleset, state: &GameState, ability: &AbilityDef) -> Option<String> {
    let holders: Vec<String> = state
        .living()
        .filter(|s| crate::engine::validate::holds_ability(roleset, s, &ability.id))
        .map(|s| s.name.clone())
        .collect();
    if holders.is_empty() {
        return None;
    }
    let who = match &ability.group {
        Some(group) => format!("{group} ({})", holders.join(", ")),
        None => holders.join(", "),
    };
    let mut line = format!("{who}: {}", ability.name);
    if ability.passive {
        line.push_str(" (passive)");
    }
    let crimes: Vec<&str> = ability
        .tags
        .iter()
        .filter_map(|t| t.strip_prefix("crime:"))
        .collect();
    if !crimes.is_empty() {
        line.push_str(&format!(" — a crime for the log: {}", crimes.join(", ")));
    }
    // What it sends, by the roleset's own words (a long message cut short).
    let sends: Vec<String> = ability
        .tell
        .values()
        .map(|template| {
            let text = roleset.template(template).replace('\n', " ");
            let short: String = text.chars().take(48).collect();
            if short.len() < text.len() {
                format!("“{}…”", short.trim_end())
            } else {
                format!("“{short}”")
            }
        })
        .collect();
    if !sends.is_empty() {
        line.push_str(&format!(" — sends {}", sends.join(" / ")));
    }
    Some(line)
}
