//! The rules post, generated from the game's roleset and the options in force (`export
//! --rules`): the phases and rounds, each ballot with its majority, tie and no-lynch rule as the
//! roleset words it, what is announced and what stays private, the order of resolution, the
//! options, and how results are worded. Mafia Universe's hosts write a "Game Information" post
//! by hand before every game; this one cannot disagree with the rules the console runs.
//!
//! Its headings are the roleset's `rules_*` templates, in its language, English where it has
//! none; a ballot's rule is `rules_ballot_ID`, an option's the sentence for its value
//! (`rules_option_ID_VALUE`, or `rules_option_ID` with `{value}`), where the roleset words them
//! for the players, else their descriptions. It names no player
//! and no role in play: it is the rules, not the setup.

use super::{Markup, template_or};
use crate::engine::Game;
use crate::rules::{PhaseKind, Roleset};

pub fn rules_post(game: &Game, markup: Markup) -> String {
    let roleset = game.roleset();
    let state = game.state();
    let heading = |id: &str, english: &str| markup.bold(&template_or(roleset, id, english));
    let mut out = vec![markup.bold(
        &template_or(roleset, "rules_title", "Rules: {game}").replace("{game}", &roleset.name),
    )];

    out.push(String::new());
    out.push(heading("rules_phases", "Phases"));
    let mut phases: Vec<String> = (0..4).map(|i| roleset.phase_name(i)).collect();
    phases.push("…".into());
    let mut lines = vec![phases.join(", ")];
    if !roleset.rounds.is_empty() {
        let rounds: Vec<&str> = roleset.rounds.iter().map(|r| r.name.as_str()).collect();
        lines.push(format!(
            "{}: {}",
            template_or(roleset, "rules_rounds", "Rounds of a day"),
            rounds.join(" → ")
        ));
    }
    out.push(markup.list(&lines));

    out.push(String::new());
    out.push(heading("rules_votes", "Votes"));
    let secret = template_or(roleset, "rules_votes_secret", "votes are secret");
    let may_name = template_or(roleset, "rules_votes_words", "a vote may also name");
    let ballots: Vec<String> = roleset
        .ballots
        .iter()
        .map(|b| {
            let mut line = b.name.clone();
            // The rule in the players' language where the roleset has it (`rules_ballot_ID`;
            // ru-city's descriptions are the host's notes, in English).
            let rule = template_or(roleset, &format!("rules_ballot_{}", b.id), &b.description);
            if !rule.is_empty() {
                line.push_str(&format!(": {rule}"));
            }
            if !game.system().votes_are_public(roleset, b) {
                line.push_str(&format!(" ({secret})"));
            }
            if !b.words.is_empty() {
                line.push_str(&format!(" ({may_name}: {})", b.words.join(", ")));
            }
            line
        })
        .collect();
    out.push(markup.list(&ballots));

    out.push(String::new());
    out.push(heading("rules_announced", "What is announced"));
    let mut announced = vec![if roleset.reveals_dead_roles {
        template_or(
            roleset,
            "rules_dead_roles_shown",
            "A dead player's role is announced.",
        )
    } else {
        template_or(
            roleset,
            "rules_dead_roles_hidden",
            "A dead player's role is not announced.",
        )
    }];
    let public: Vec<&str> = (roleset.statuses.iter())
        .filter(|s| s.public)
        .map(|s| s.name.as_str())
        .collect();
    if !public.is_empty() {
        announced.push(format!(
            "{}: {}",
            template_or(
                roleset,
                "rules_public_statuses",
                "Shown beside a player's name"
            ),
            public.join(", ")
        ));
    }
    announced.push(template_or(
        roleset,
        "rules_private_results",
        "The results of actions are sent to their players privately.",
    ));
    out.push(markup.list(&announced));

    out.push(String::new());
    out.push(heading("rules_order", "Order of resolution"));
    for kind in [PhaseKind::Prep, PhaseKind::Night, PhaseKind::Day] {
        let stages: Vec<String> = (state.stage_order.iter())
            .filter_map(|id| roleset.stage(id))
            .filter(|s| s.runs_in(kind) && !(s.any_phase && kind == PhaseKind::Prep))
            .map(|s| s.name.clone())
            .collect();
        if !stages.is_empty() {
            out.push(kind_name(roleset, kind));
            out.push(markup.list(&stages));
        }
    }

    if !roleset.options.is_empty() {
        out.push(String::new());
        out.push(heading("rules_options", "Options of this game"));
        let options: Vec<String> = roleset
            .options
            .iter()
            .map(|o| option_line(roleset, o, state.option(roleset, &o.id)))
            .collect();
        out.push(markup.list(&options));
    }

    let wording: Vec<String> = roleset
        .abilities
        .iter()
        .filter(|a| !a.tell.is_empty())
        .map(|a| {
            let texts: Vec<String> = (a.tell.values())
                .map(|t| format!("“{}”", super::from_bbcode(roleset.template(t), markup)))
                .collect();
            format!("{}: {}", a.name, texts.join(" / "))
        })
        .collect();
    if !wording.is_empty() {
        out.push(String::new());
        out.push(heading("rules_wording", "How results are worded"));
        out.push(markup.list(&wording));
    }
    out.join("\n")
}

/// An option as the players read it: the roleset's sentence for the value in force
/// (`rules_option_ID_VALUE`), or its sentence with `{value}` (`rules_option_ID`), else the
/// option's description and the value.
fn option_line(roleset: &Roleset, option: &crate::rules::OptionDef, value: &str) -> String {
    let whole = roleset.template(&format!("rules_option_{}_{value}", option.id));
    if !whole.is_empty() {
        return whole.to_string();
    }
    let with_value = roleset.template(&format!("rules_option_{}", option.id));
    if !with_value.is_empty() {
        return with_value.replace("{value}", value);
    }
    format!("{}: {value}", option.description)
}

fn kind_name(roleset: &Roleset, kind: PhaseKind) -> String {
    match kind {
        PhaseKind::Night => template_or(roleset, "rules_night", "Night"),
        PhaseKind::Day => template_or(roleset, "rules_day", "Day"),
        PhaseKind::Prep => template_or(roleset, "rules_prep", "Prep"),
    }
}
