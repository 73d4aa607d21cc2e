//! The live tally is the rule system's prediction of the result. Every scenario's run checks
//! it at each day's resolution (`tests/invariants`); here, the Conan demo's tally is read
//! against hosting-a-game-2.md F10, and the check is shown to catch a tally that predicts
//! wrong.

use crate::invariants::Invariants;
use mafia_mod::engine::outcome::Audience;
use mafia_mod::engine::tally::{BallotTally, Tally};
use mafia_mod::engine::{Entry, Game};
use mafia_mod::scenario::Moment;

/// The invariant fails when the count differs from the tally taken before: here the votes
/// change between the two, as a tally that mispredicts would look.
#[test]
fn a_tally_that_does_not_predict_the_count_is_caught() {
    let before = mafia_mod::demo::conan_demo_game().expect("the Conan demo");
    let mut watch = Invariants::default();
    watch
        .watch(Moment::BeforeResolve, 1, &before)
        .expect("the demo's tally reads its own count");
    let mut after = before.clone();
    vote(&mut after, None, "Emi", "Kei");
    after.submit(Entry::Resolve, None).expect("Day 1 resolves");
    let caught = watch.watch(Moment::AfterResolve, 1, &after);
    assert!(
        caught
            .as_ref()
            .is_err_and(|e| e.contains("did not predict")),
        "{caught:?}"
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
