//! The invariants every scenario of every rule system must keep, checked inside each
//! scenario's own run (`tests/scenarios.rs` watches it through `run_file_watched`):
//!
//! - **The tally is the count.** Just before each day round is resolved, the live tally's
//!   totals are exactly the totals the resolution then counts (`Outcome::counted`), target by
//!   target. A Conan tally also reads its own count vote by vote, and waits only for players
//!   whose vote counts (hosting-a-game-2.md F10: `leading now: a tie at 2 between Goro, Kei`
//!   above `Kei 1 Goro, Vic`; `Kei 3` in the tally and `Kei: 4` in the post; an arrested player
//!   listed as not voted).
//! - **Secrets stay secret.** No public post of a committed phase (as text, BBCode and
//!   Markdown) puts a living player's role beside his name, repeats a private, group or host
//!   message, or shows a host-only mark.
//!
//! The integration tests (`tests/it`) include this module too, to show each check finds a
//! fault made on purpose.

#![allow(dead_code)]

use mafia_mod::engine::Game;
use mafia_mod::engine::outcome::Audience;
use mafia_mod::engine::tally::{BallotTally, Tally};
use mafia_mod::export::{Markup, public_post};
use mafia_mod::rules::PhaseKind;
use mafia_mod::scenario::Moment;
use std::collections::BTreeMap;

/// What one scenario's run has shown so far, between the moments it is watched at.
#[derive(Default)]
pub struct Invariants {
    /// The open day's tally, taken just before its `Resolve`.
    day: Option<(Totals, Tally)>,
}

impl Invariants {
    /// Checks the game at one moment of the run; the error says what broke.
    pub fn watch(&mut self, moment: Moment, _step: usize, game: &Game) -> Result<(), String> {
        match moment {
            Moment::BeforeResolve => {
                let is_day = game.state().phase_kind(game.roleset()) == PhaseKind::Day;
                self.day = (is_day && game.state().game_over.is_none()).then(|| {
                    let tally = game.tally();
                    (predicted(&tally), tally)
                });
                match &self.day {
                    Some((_, tally)) if is_conan(game) => none_of(
                        "the Conan tally disagrees with itself",
                        tally.ballots.iter().flat_map(conan_ballot_faults).collect(),
                    ),
                    _ => Ok(()),
                }
            }
            Moment::AfterResolve => {
                let Some((before, tally)) = self.day.take() else {
                    return Ok(());
                };
                let after = counted(game);
                if before != after {
                    return Err(format!(
                        "the tally did not predict the count:\n  tally    {before:?}\n  resolved {after:?}"
                    ));
                }
                if !is_conan(game) {
                    return Ok(());
                }
                none_of(
                    "the Conan tally waits for the wrong players",
                    conan_waiting_faults(game, &tally),
                )
            }
            Moment::End => none_of("a public post gives a secret away", leaks(game)),
        }
    }
}

/// `Ok` when nothing was found, else an error titled `what` listing the findings.
fn none_of(what: &str, found: Vec<String>) -> Result<(), String> {
    if found.is_empty() {
        Ok(())
    } else {
        Err(format!("{what}:\n  {}", found.join("\n  ")))
    }
}

fn is_conan(game: &Game) -> bool {
    game.system().id() == "conan"
}

pub type Totals = BTreeMap<(String, String), i32>;

/// The tally's non-zero totals, by ballot and target.
pub fn predicted(tally: &Tally) -> Totals {
    tally
        .ballots
        .iter()
        .flat_map(|b| {
            b.targets
                .iter()
                .filter(|t| t.total != 0)
                .map(|t| ((b.id.clone(), t.target.clone()), t.total))
        })
        .collect()
}

/// The non-zero totals the last committed round counted, by ballot and target.
pub fn counted(game: &Game) -> Totals {
    let last = game.state().history.last().expect("a committed round");
    last.outcome
        .counted
        .iter()
        .filter(|c| c.total != 0)
        .map(|c| ((c.ballot.clone(), c.target.clone()), c.total))
        .collect()
}

/// What is wrong with one ballot of a Conan tally, read against itself: the votes listed under a
/// target that count add up to its total (a modifier is a vote of +1 or -1; a total never drops
/// below 0, §9), and "leading now" names the targets with the highest total.
pub fn conan_ballot_faults(ballot: &BallotTally) -> Vec<String> {
    let mut faults = Vec::new();
    for t in &ballot.targets {
        let sum: i32 = t
            .votes
            .iter()
            .filter(|v| v.counts())
            .map(|v| v.weight)
            .sum();
        if t.total != sum.max(0) {
            faults.push(format!(
                "{}: {} has {} but its counted votes add up to {sum}",
                ballot.id, t.target, t.total
            ));
        }
    }
    let top = ballot.targets.iter().map(|t| t.total).max().unwrap_or(0);
    let leaders: Vec<&str> = ballot
        .targets
        .iter()
        .filter(|t| top > 0 && t.total == top)
        .map(|t| t.target.as_str())
        .collect();
    let expected = match leaders.as_slice() {
        [] => "leading now: nobody".to_string(),
        [one] => format!("leading now: {one} ({top})"),
        tied => format!("leading now: a tie at {top} between {}", tied.join(", ")),
    };
    if !ballot.thresholds.contains(&expected) {
        faults.push(format!(
            "{}: expected `{expected}` among {:?}",
            ballot.id, ballot.thresholds
        ));
    }
    faults
}

/// Who the tally of a Conan day still waits for must be players whose vote counts: after the
/// day, none of the lynch's is arrested or abroad (an arrest earlier the same day, §9), and the
/// leader election's are BO members (§8.2).
pub fn conan_waiting_faults(game_after: &Game, tally: &Tally) -> Vec<String> {
    let state = game_after.state();
    let roleset = game_after.roleset();
    let mut faults = Vec::new();
    for ballot in &tally.ballots {
        for &id in &ballot.not_voted {
            let slot = &state.slots[id];
            let fault = match ballot.id.as_str() {
                "lynch" => slot
                    .statuses
                    .keys()
                    .find(|s| *s == "arrested" || *s == "abroad")
                    .map(|s| format!("{} is {s}", slot.name)),
                "bo_leader" => (roleset.side_of(&slot.role) != "bo")
                    .then(|| format!("{} is not in the BO", slot.name)),
                _ => None,
            };
            if let Some(f) = fault {
                faults.push(format!("{}: not voted lists {f}", ballot.id));
            }
        }
    }
    faults
}

/// Roles that are public by the rules while their holder lives: ru-city's titles, won at the
/// election and announced (L158–L161), and its elite roles, open from the start (L125.4,
/// L127.4, L129.4).
const PUBLIC_TITLES: &[&str] = &["mayor", "secretary", "agent", "mason", "servant"];

/// What a post may never show about a phase: (what leaked, the line it leaked in).
pub fn leaks(game: &Game) -> Vec<String> {
    let roleset = game.roleset();
    let state = game.state();
    let mut found = Vec::new();
    for phase in &state.history {
        let living: Vec<_> = state
            .slots
            .iter()
            .filter(|s| s.death.as_ref().is_none_or(|(at, _)| *at > phase.index))
            .collect();
        let posts: Vec<String> = [Markup::Text, Markup::Bbcode, Markup::Markdown]
            .into_iter()
            .map(|m| public_post(game, phase, m))
            .collect();
        // What a WWR role text itself makes public (`wwr_announce`) is public by the role
        // book's design, even where it names a living player's role.
        let announced: Vec<&str> = phase
            .outcome
            .messages
            .iter()
            .filter(|m| m.template == "wwr_announce" && m.audience == Audience::Public)
            .map(|m| m.text.trim())
            .collect();
        for post in &posts {
            for line in post.lines() {
                if announced.iter().any(|a| line.contains(a)) {
                    continue;
                }
                for s in &living {
                    // The player's name as a word of the line, and one of his secret roles'
                    // names in the same line.
                    let named = line
                        .split(|c: char| !c.is_alphanumeric() && c != '_')
                        .any(|w| w == s.name);
                    if !named {
                        continue;
                    }
                    // The roles he holds at the end and those he was dealt: a role he held
                    // in between is one of them or was another's.
                    let dealt = game
                        .file()
                        .setup
                        .players
                        .iter()
                        .find(|p| p.name == s.name)
                        .map(|p| {
                            std::iter::once(p.role.clone())
                                .chain(p.extra_roles.iter().cloned())
                                .collect::<Vec<_>>()
                        })
                        .unwrap_or_default();
                    let mut held: Vec<String> = s.roles().map(str::to_string).collect();
                    held.extend(dealt);
                    held.sort();
                    held.dedup();
                    for role in held.iter().filter(|r| !PUBLIC_TITLES.contains(&r.as_str())) {
                        let Some(def) = roleset.role(role) else {
                            continue;
                        };
                        if line.contains(&def.name) && !common_word(&def.name, line, &s.name) {
                            found.push(format!(
                                "{}: a living player's role `{}` beside {}: {line}",
                                phase.name, def.name, s.name
                            ));
                        }
                    }
                }
            }
            if post.contains("(host)") {
                found.push(format!("{}: a host-only mark in the post", phase.name));
            }
        }
        let text = &posts[0];
        for m in &phase.outcome.messages {
            let secret = matches!(
                m.audience,
                Audience::Slot(_) | Audience::Group(_) | Audience::Host
            );
            // Short generic lines ("Ваш ход не прошел.") could match by chance; a private
            // result worth leaking is longer.
            if secret && m.text.chars().count() >= 24 && text.contains(m.text.trim()) {
                found.push(format!(
                    "{}: a {:?} message in the post: {}",
                    phase.name, m.audience, m.text
                ));
            }
        }
    }
    found
}

/// A role name that is also an everyday word of the line rather than a player's role: it shows
/// beside the name only as part of a longer phrase the rules post publicly ("Мирный житель"
/// inside the name list is not a role reveal unless the name stands right next to it).
fn common_word(role_name: &str, line: &str, player: &str) -> bool {
    // A player named as his role (Conan's "Gin" playing Gin): his name says nothing more.
    if role_name == player {
        return true;
    }
    let Some(at) = line.find(role_name) else {
        return true;
    };
    let Some(named) = line.find(player) else {
        return true;
    };
    // A reveal puts the role within a few characters of the name ("Ann — Доктор",
    // "Ann (Doctor)", "Ann is the Doctor").
    // Overlapping (a role name that contains the player's name) counts as right beside it.
    let gap = if at > named {
        at.saturating_sub(named + player.len())
    } else {
        named.saturating_sub(at + role_name.len())
    };
    gap > 12
}
