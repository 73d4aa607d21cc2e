//! What a host should see before committing a phase: what is missing (votes not cast, power
//! roles that sent nothing) and what the rules will do at commit (deaths, exiles, offences,
//! votes the rules cast themselves, the rule system's own warnings). A commit is final for
//! the players; this is the last look before it.

use super::Game;
use super::entry::PendingKind;
use super::outcome::{Audience, Outcome};
use super::tally::Tally;

/// The check shown before a commit.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CommitCheck {
    /// The phase and round being committed: `Day 2 · vote`.
    pub phase: String,
    /// What the commit opens: the next round or phase, or the end of the game.
    pub next: String,
    /// Input the phase does not have: one line per kind, naming the players.
    pub missing: Vec<String>,
    /// What the rules do at commit, as the resolution preview has it.
    pub consequences: Vec<String>,
}

impl CommitCheck {
    /// Nothing is missing and nothing is said about it.
    pub fn is_quiet(&self) -> bool {
        self.missing.is_empty()
    }
}

/// The check of the game's current phase, against the preview of its resolution and the live
/// tally (`Game::tally`, which the console already holds: on a 1923 day it costs a dry run).
pub fn commit_check(game: &Game, preview: &Outcome, tally: &Tally) -> CommitCheck {
    CommitCheck {
        phase: game.phase_label(),
        next: after_commit(game),
        missing: missing(game, tally),
        consequences: consequences(game, preview, tally),
    }
}

/// The label of what the commit opens, found by committing a copy.
fn after_commit(game: &Game) -> String {
    let mut copy = game.clone();
    match copy.submit(super::Entry::Resolve, None) {
        Ok(_) if copy.state().game_over.is_some() => "the game ends".to_string(),
        Ok(_) => format!("{} begins", copy.phase_label()),
        Err(refusal) => format!("the commit is refused: {}", refusal.message),
    }
}

fn missing(game: &Game, tally: &Tally) -> Vec<String> {
    let state = game.state();
    let names = |ids: &[usize]| -> String {
        ids.iter()
            .filter_map(|id| state.slots.get(*id).map(|s| s.name.as_str()))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut out = Vec::new();
    for ballot in &tally.ballots {
        // Only those the rules let vote on it now, asked as an entry would be: a group's ballot
        // waits for its members alone, and nobody waits for a player who has no vote.
        let def = game.roleset().ballot(&ballot.id);
        let waited: Vec<usize> = ballot
            .not_voted
            .iter()
            .copied()
            .filter(|id| {
                let slot = state.slots.get(*id);
                match (def, slot) {
                    (Some(def), Some(slot)) => {
                        super::validate::may_vote(game.system(), game.roleset(), state, def, slot)
                    }
                    _ => true,
                }
            })
            .collect();
        if !waited.is_empty() {
            out.push(format!(
                "not voted on the {} ({}): {}",
                ballot.name,
                waited.len(),
                names(&waited)
            ));
        }
    }
    let acts: Vec<(usize, &str)> = state
        .pending
        .iter()
        .filter(|p| p.replaced_by.is_none())
        .filter_map(|p| match &p.kind {
            PendingKind::Act { actor, ability, .. } => Some((*actor, ability.as_str())),
            _ => None,
        })
        .collect();
    // A side's shared action (the mafia's kill) is one entry for the whole side: it is missing
    // only while no member has sent it, and then it is named once, with who may send it.
    let mut idle = Vec::new();
    let mut shared: Vec<(String, Vec<String>)> = Vec::new();
    for slot in state.living() {
        // What the rules let him use now (passive abilities and other phases' moves are not),
        // less what nobody owes (a will, a night note: `optional` in the roleset).
        let Ok(usable) = game.usable_abilities(slot) else {
            continue;
        };
        let abilities: Vec<_> = usable.into_iter().filter(|a| !a.optional).collect();
        // A will or a note sent is no use of his power.
        let acted = acts.iter().any(|(actor, ability)| {
            *actor == slot.id && game.roleset().ability(ability).is_none_or(|d| !d.optional)
        });
        if !acted && abilities.iter().any(|a| a.group.is_none()) {
            let role = game
                .roleset()
                .role(&slot.role)
                .map_or(slot.role.as_str(), |r| r.name.as_str());
            idle.push(format!("{} ({role})", slot.name));
        }
        for a in abilities.iter().filter(|a| a.group.is_some()) {
            if acts.iter().any(|(_, ability)| *ability == a.id) {
                continue;
            }
            match shared.iter_mut().find(|(name, _)| *name == a.name) {
                Some((_, who)) => who.push(slot.name.clone()),
                None => shared.push((a.name.clone(), vec![slot.name.clone()])),
            }
        }
    }
    if !idle.is_empty() {
        out.push(format!(
            "no action from a player with a power ({}): {}",
            idle.len(),
            idle.join(", ")
        ));
    }
    for (ability, who) in shared {
        out.push(format!(
            "no {ability} yet: any of {} may send it",
            who.join(", ")
        ));
    }
    out
}

fn consequences(game: &Game, preview: &Outcome, tally: &Tally) -> Vec<String> {
    let state = game.state();
    let name = |id: usize| state.slots.get(id).map_or("?", |s| s.name.as_str());
    // The rule system's own notes first: they explain the deaths that follow.
    let mut out = game.system().commit_notes(game.roleset(), state, preview);
    out.extend(
        preview
            .deaths
            .iter()
            .map(|d| format!("{} dies ({})", name(d.slot), d.cause)),
    );
    // Votes the rules cast without an entry (ru-city's auto-votes) change the count.
    for ballot in &tally.ballots {
        for target in &ballot.targets {
            for vote in target.votes.iter().filter(|v| v.seq == 0) {
                let why = vote.source.as_deref().unwrap_or("the rules");
                out.push(format!(
                    "{} votes {} on the {} ({why})",
                    name(vote.voter),
                    target.target,
                    ballot.name
                ));
            }
        }
    }
    out.extend(preview.warnings.iter().cloned());
    out.extend(
        preview
            .messages
            .iter()
            .filter(|m| m.audience == Audience::Host)
            .map(|m| m.text.clone()),
    );
    out
}
