//! The live tally is the rule system's prediction of the result: for every scenario of every
//! bundled rule system, just before each day round is resolved, the tally's totals must be
//! exactly the totals the resolution then counts (`Outcome::counted`), target by target.
//!
//! Conan's tally is its resolution's own count, vote by vote: beyond the totals, every Conan day
//! is checked for a tally that agrees with itself and with the post (hosting-a-game-2.md F10:
//! `leading now: a tie at 2 between Goro, Kei` above `Kei 1 Goro, Vic`; `leading now: Goro (1)`
//! above `Goro 0 Goro`; `Kei 3` in the tally and `Kei: 4` in the post; an arrested player and
//! the whole town listed as not voted).

use mafia_mod::engine::outcome::Audience;
use mafia_mod::engine::tally::{BallotTally, Tally};
use mafia_mod::engine::{Entry, Game};
use mafia_mod::rules::PhaseKind;
use mafia_mod::scenario::{ScriptStep, collect_files, load_scenario, run_scenario};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

type Totals = BTreeMap<(String, String), i32>;

fn predicted(game: &Game) -> Totals {
    game.tally()
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

fn counted(game: &Game) -> Totals {
    let last = game.state().history.last().expect("a committed round");
    last.outcome
        .counted
        .iter()
        .filter(|c| c.total != 0)
        .map(|c| ((c.ballot.clone(), c.target.clone()), c.total))
        .collect()
}

/// Every day round of the scenarios under `dir`, just before it is resolved: the file, the
/// script step of the `Resolve`, and the game then.
fn days_before_resolve(dir: &str, mut each: impl FnMut(&Path, usize, Game)) {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(dir);
    for file in collect_files(std::slice::from_ref(&root)) {
        let mut scenario = load_scenario(&file).expect("loads");
        let script = std::mem::take(&mut scenario.script);
        // Play the scenario one step at a time; stop before each Resolve of a day.
        for (i, step) in script.iter().enumerate() {
            if !matches!(step, ScriptStep::Resolve) {
                continue;
            }
            scenario.script = script[..i].to_vec();
            let Ok(game) = run_scenario(&scenario, &file) else {
                break;
            };
            if game.state().phase_kind(game.roleset()) != PhaseKind::Day
                || game.state().game_over.is_some()
            {
                continue;
            }
            each(&file, i + 1, game);
        }
    }
}

#[test]
fn the_tally_predicts_every_committed_day() {
    let mut compared = 0;
    let mut mismatches = Vec::new();
    days_before_resolve("tests/scenarios", |file, step, mut game| {
        let before = predicted(&game);
        if game.submit(Entry::Resolve, None).is_err() {
            return;
        }
        let after = counted(&game);
        compared += 1;
        if before != after {
            mismatches.push(format!(
                "{} (Resolve at step {step}):\n  tally    {before:?}\n  resolved {after:?}",
                file.display(),
            ));
        }
    });
    assert!(compared > 100, "only {compared} day rounds compared");
    assert!(
        mismatches.is_empty(),
        "{} of {compared} day rounds:\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
}

/// What is wrong with one ballot of a Conan tally, read against itself: the votes listed under a
/// target that count add up to its total (a modifier is a vote of +1 or -1; a total never drops
/// below 0, §9), and "leading now" names the targets with the highest total.
fn conan_ballot_faults(ballot: &BallotTally) -> Vec<String> {
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
fn conan_waiting_faults(game_after: &Game, tally: &Tally) -> Vec<String> {
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

#[test]
fn every_conan_day_tally_reads_its_own_count() {
    let mut compared = 0;
    let mut faults = Vec::new();
    days_before_resolve("tests/scenarios/conan", |file, step, mut game| {
        let tally = game.tally();
        let mut found: Vec<String> = tally.ballots.iter().flat_map(conan_ballot_faults).collect();
        if game.submit(Entry::Resolve, None).is_err() {
            return;
        }
        found.extend(conan_waiting_faults(&game, &tally));
        compared += 1;
        if !found.is_empty() {
            faults.push(format!(
                "{} (Resolve at step {step}):\n  {}",
                file.display(),
                found.join("\n  ")
            ));
        }
    });
    assert!(compared > 30, "only {compared} Conan day rounds compared");
    assert!(
        faults.is_empty(),
        "{} of {compared} Conan day rounds:\n{}",
        faults.len(),
        faults.join("\n")
    );
}

fn vote(game: &mut Game, ballot: Option<&str>, voter: &str, target: &str) {
    game.submit(
        Entry::Vote {
            ballot: ballot.map(str::to_string),
            voter: voter.into(),
            target: target.into(),
        },
        None,
    )
    .unwrap_or_else(|r| panic!("{voter} votes {target}: {}", r.message));
}

fn ballot<'t>(tally: &'t Tally, id: &str) -> &'t BallotTally {
    tally
        .ballots
        .iter()
        .find(|b| b.id == id)
        .unwrap_or_else(|| panic!("no {id} ballot in {tally:?}"))
}

fn names(game: &Game, ids: &[usize]) -> Vec<String> {
    ids.iter()
        .map(|id| game.state().slots[*id].name.clone())
        .collect()
}

/// The demo's Day 1 (F10): Kei and Hana vote Goro, Goro and Vic vote Kei, and Kazu accompanies
/// Kei. The count is Goro 2, Kei 1: the tally leads with Goro, lists Kazu's Accompany under Kei,
/// and waits neither for Akira (arrested by Mei earlier the same day) nor, on the leader
/// election, for anyone outside the BO or for Goro, who is lynched before it.
#[test]
fn the_conan_demo_tally_is_the_count() {
    let game = mafia_mod::demo::conan_demo_game().expect("the Conan demo");
    let tally = game.tally();
    let lynch = ballot(&tally, "lynch");
    assert!(
        lynch
            .thresholds
            .iter()
            .any(|t| t == "leading now: Goro (2)"),
        "{:?}",
        lynch.thresholds
    );
    let kei = lynch
        .targets
        .iter()
        .find(|t| t.target == "Kei")
        .expect("Kei");
    assert_eq!(kei.total, 1);
    let kazu = game.state().slot_by_name("Kazu").expect("Kazu").id;
    assert!(
        kei.votes
            .iter()
            .any(|v| v.voter == kazu && v.weight == -1 && v.counts()),
        "Kazu's Accompany is listed under Kei: {kei:?}"
    );
    assert!(
        !names(&game, &lynch.not_voted).contains(&"Akira".to_string()),
        "Akira is arrested before the lynch: {:?}",
        names(&game, &lynch.not_voted)
    );
    let election = ballot(&tally, "bo_leader");
    assert_eq!(names(&game, &election.not_voted), ["Akira", "Vic", "Chie"]);
}

/// F10: Goro's ballot for himself as leader is cancelled when the lynch kills him first (§3):
/// the tally shows it void with the reason and nobody leading, never `Goro (1)` above `Goro 0`.
#[test]
fn a_leader_ballot_of_a_player_lynched_first_is_shown_void() {
    let mut game = mafia_mod::demo::conan_demo_game().expect("the Conan demo");
    vote(&mut game, Some("bo_leader"), "Goro", "Goro");
    let tally = game.tally();
    let election = ballot(&tally, "bo_leader");
    assert!(
        election
            .thresholds
            .iter()
            .any(|t| t == "leading now: nobody"),
        "{:?}",
        election.thresholds
    );
    let goro = &election.targets[0];
    assert_eq!((goro.target.as_str(), goro.total), ("Goro", 0));
    let why = goro.votes[0].void.as_deref().unwrap_or("");
    assert!(why.contains("lynched"), "{why}");
}

/// F10: with Emi and Chie voting Kei too, Kei has 4 votes and Kazu's Accompany takes one away:
/// the lynch counts 3, and since the Accompany changes nobody's lead the post shows the 4 votes
/// alone (§9). The tally shows the 3 the lynch uses and says what the post will show.
#[test]
fn the_tally_says_when_the_post_shows_the_votes_alone() {
    let mut game = mafia_mod::demo::conan_demo_game().expect("the Conan demo");
    vote(&mut game, None, "Emi", "Kei");
    vote(&mut game, None, "Chie", "Kei");
    let tally = game.tally();
    let lynch = ballot(&tally, "lynch");
    assert_eq!(
        (lynch.targets[0].target.as_str(), lynch.targets[0].total),
        ("Kei", 3)
    );
    assert!(
        lynch
            .thresholds
            .iter()
            .any(|t| t.starts_with("the post shows the votes alone")),
        "{:?}",
        lynch.thresholds
    );
    game.submit(Entry::Resolve, None).expect("Day 1 resolves");
    let post: Vec<String> = game
        .state()
        .history
        .last()
        .expect("Day 1 committed")
        .outcome
        .messages
        .iter()
        .filter(|m| m.audience == Audience::Public)
        .map(|m| m.text.clone())
        .collect();
    assert!(
        post.iter()
            .any(|t| t.contains("Kei: 4 (Goro, Vic, Emi, Chie)")),
        "{post:?}"
    );
}
