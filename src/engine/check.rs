//! What a host should see before committing a phase: what is missing (votes not cast, power
//! roles that sent nothing) and what the rules will do at commit (deaths, exiles, offences,
//! votes the rules cast themselves, the rule system's own warnings). A commit is final for
//! the players; this is the last look before it.

use super::Game;
use super::entry::PendingKind;
use super::outcome::{Audience, Outcome};
use super::published::StalePost;
use super::state::{GameState, SlotId};
use super::tally::{BallotTally, Tally};
use crate::rules::BallotDef;

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
    /// The host's edited post, when the results changed after he wrote it: committing it as
    /// it is would publish stale facts, so the host chooses the new text, his edit, or to
    /// edit again.
    pub stale_post: Option<StalePost>,
    /// How many votes the phase's ballots still lack (a voter missing two ballots counts
    /// twice); a ballot a voter may leave (`BallotDef::optional`) is not counted.
    pub votes_missing: usize,
}

impl CommitCheck {
    /// Nothing is missing, no edit is out of date, and nothing is said about it.
    pub fn is_quiet(&self) -> bool {
        self.missing.is_empty() && self.stale_post.is_none()
    }

    /// Why a commit from a script stops here unless the host forces it (`mafia-mod apply
    /// --force`): the console shows this check and waits for a yes, a script has nobody to
    /// ask. Votes missing decide a day by fewer voters, and in some rules cost the players who
    /// did not vote (1923 counts an offence).
    pub fn blockers(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.votes_missing > 0 {
            out.push(format!(
                "{} vote{} missing",
                self.votes_missing,
                if self.votes_missing == 1 {
                    " is"
                } else {
                    "s are"
                }
            ));
        }
        if self.stale_post.is_some() {
            out.push(
                "the edited post is out of date: the results changed after it was written"
                    .to_string(),
            );
        }
        out
    }
}

/// The check of the game's current phase, against the preview of its resolution and the live
/// tally (`Game::tally`, which the console already holds: on a 1923 day it costs a dry run).
/// `after` is the state the preview leaves, which the stale-post check compares.
pub fn commit_check(
    game: &Game,
    preview: &Outcome,
    after: &GameState,
    tally: &Tally,
) -> CommitCheck {
    CommitCheck {
        phase: game.phase_label(),
        next: after_commit(game),
        missing: missing(game, tally),
        consequences: consequences(game, preview, tally),
        stale_post: game.stale_post(preview, after),
        votes_missing: votes_missing(game, tally),
    }
}

/// The votes not cast, over the ballots a voter may not leave.
fn votes_missing(game: &Game, tally: &Tally) -> usize {
    unvoted(game, tally)
        .iter()
        .filter(|u| !u.optional)
        .map(|u| u.who.len())
        .sum()
}

/// A ballot's voters who have not voted.
struct Unvoted<'t> {
    ballot: &'t BallotTally,
    /// Those of the tally's "not voted" the rules take a vote from (`Game::may_vote`): a
    /// player outside the ballot's voters (a townsman on the BO's election) owes it nothing.
    who: Vec<SlotId>,
    /// A voter may leave the ballot (`BallotDef::optional`).
    optional: bool,
}

fn unvoted<'t>(game: &Game, tally: &'t Tally) -> Vec<Unvoted<'t>> {
    let state = game.state();
    tally
        .ballots
        .iter()
        .map(|ballot| {
            let def = game.roleset().ballot(&ballot.id);
            let who = ballot
                .not_voted
                .iter()
                .copied()
                .filter(|id| match (def, state.slots.get(*id)) {
                    (Some(def), Some(slot)) => game.may_vote(def, slot),
                    _ => true,
                })
                .collect();
            Unvoted {
                ballot,
                who,
                optional: def.is_some_and(BallotDef::optional),
            }
        })
        .collect()
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

/// Was this entry of the open phase sent after the phase's deadline (by the post's time when
/// the page showed one, else by when it was entered)? The host decides whether it counts; the
/// pending pane and the commit check say so.
pub fn after_deadline(state: &GameState, entry: &super::entry::Pending) -> bool {
    let Some(deadline) = state.deadlines.get(&state.phase) else {
        return false;
    };
    // The time the player posted it, where the page showed one this can place; else when the
    // host entered it.
    let posted = entry
        .posted
        .as_deref()
        .and_then(|p| deadline.posted_unix(p));
    let entered = entry.at.and_then(|at| i64::try_from(at).ok());
    posted.or(entered).is_some_and(|at| at > deadline.unix)
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
    let late: Vec<String> = state
        .pending
        .iter()
        .filter(|p| p.replaced_by.is_none() && after_deadline(state, p))
        .map(|p| format!("#{}", p.seq))
        .collect();
    if let Some(deadline) = state.deadlines.get(&state.phase)
        && !late.is_empty()
    {
        out.push(format!(
            "entered after the deadline ({}): {}; they count unless you undo them",
            deadline.shown(),
            late.join(", ")
        ));
    }
    for u in unvoted(game, tally) {
        if !u.who.is_empty() {
            out.push(format!(
                "not voted on the {} ({}): {}{}",
                u.ballot.name,
                u.who.len(),
                names(&u.who),
                if u.optional {
                    " (it may be left out)"
                } else {
                    ""
                }
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
