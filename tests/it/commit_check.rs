//! The commit check names only what the rules wait for (hosting-a-game-2.md F10, F12): on each
//! ballot, the players who may vote on it now, asked by the same refusals an entry meets; and
//! the players with a power they may use now and owe: not a passive one, not another phase's
//! move, not an optional will or night note.

use mafia_mod::engine::Game;
use mafia_mod::engine::check::{CommitCheck, commit_check};
use mafia_mod::scenario::{Scenario, run_scenario};
use std::path::Path;

fn check(game: &Game) -> CommitCheck {
    let (preview, after) = game.preview_and_after();
    commit_check(game, &preview, &after, &game.tally())
}

/// The line of the check's "Missing" that starts so, if any.
fn line<'c>(check: &'c CommitCheck, start: &str) -> Option<&'c str> {
    check
        .missing
        .iter()
        .map(String::as_str)
        .find(|m| m.starts_with(start))
}

/// The Conan demo's Day 1 (F10): the leader election waits for the BO alone (Goro is lynched
/// before it, §3), the lynch does not wait for Akira, whom Mei arrests earlier the same day,
/// and nobody is named for a will he did not write or a night move he cannot make by day.
#[test]
fn a_conan_day_waits_for_its_voters_and_its_day_powers() {
    let game = mafia_mod::demo::conan_demo_game().expect("the Conan demo");
    let c = check(&game);
    assert_eq!(
        line(&c, "not voted on the BO leader election"),
        Some("not voted on the BO leader election (3): Akira, Vic, Chie (it may be left out)"),
        "{:?}",
        c.missing
    );
    let lynch = line(&c, "not voted on the Lynch vote").expect("the lynch waits for votes");
    assert!(!lynch.contains("Akira"), "{lynch}");
    let idle = line(&c, "no action from a player with a power").unwrap_or_default();
    for night_only in ["Kei", "Hana", "Rin", "Mako", "Yui", "Jo"] {
        assert!(!idle.contains(&format!("{night_only} (")), "{idle}");
    }
}

const RU_CITY_NIGHT: &str = r#"
Scenario(
    name: "a ru-city night with passive and day roles",
    roleset: "ru-city",
    players: [
        (name: "Ann", role: "doctor"),
        (name: "Bob", role: "blocker"),
        (name: "Cid", role: "commissar"),
        (name: "Dan", role: "detective"),
        (name: "Eve", role: "investigator"),
        (name: "Fay", role: "active_citizen"),
        (name: "Gus", role: "judge"),
        (name: "Hal", role: "priest"),
        (name: "Ivy", role: "citizen", extra_roles: ["mafia"]),
        (name: "Jon", role: "citizen", extra_roles: ["mafia"]),
        (name: "Kim", role: "citizen", extra_roles: ["maniac"]),
        (name: "Lea", role: "citizen"),
    ],
    script: [
        Resolve,
        Expect(Phase("Night 1")),
    ],
)
"#;

/// F12: at night the check named the Active citizen, the Judge (passive) and the Priest (day
/// moves) for their optional night note; it names the doctor, who owes his move.
#[test]
fn a_ru_city_night_names_no_one_for_a_note_or_a_day_move() {
    let path = Path::new("commit_check_ru_city_night.ron");
    let scenario: Scenario =
        mafia_mod::store::parse_ron(path, RU_CITY_NIGHT).expect("the scenario parses");
    let game = run_scenario(&scenario, path).expect("Night 1 opens");
    let c = check(&game);
    let idle = line(&c, "no action from a player with a power").unwrap_or_default();
    assert!(idle.contains("Ann ("), "the doctor owes his move: {idle}");
    for not_owed in ["Fay (", "Gus (", "Hal ("] {
        assert!(!idle.contains(not_owed), "{not_owed} in {idle}");
    }
}

/// Issue 30, item 1: an entry made after the open phase's deadline is flagged in the commit
/// check (the host decides whether it counts); one made before is not.
#[test]
fn an_entry_after_the_deadline_is_flagged() {
    use mafia_mod::engine::{Entry, HostCommand};
    let mut game = mafia_mod::demo::demo_game().expect("the demo");
    let deadline = Entry::Host(HostCommand::Deadline(Some((
        "2026-12-01 20:00".into(),
        "Europe/Moscow".into(),
    ))));
    game.submit(deadline, None).expect("a deadline is set");
    let at = |s: &str| {
        let d = mafia_mod::engine::deadline::Deadline::parse(s, "UTC").expect("a time");
        Some(u64::try_from(d.unix).expect("after 1970"))
    };
    let note = Entry::Host(HostCommand::Note("before".into()));
    game.submit(note, at("2026-12-01 16:59")).expect("entered");
    let before = check(&game);
    assert!(line(&before, "entered after the deadline").is_none());
    let late = Entry::Act {
        actor: "Ann".into(),
        ability: "doctor".into(),
        targets: vec!["Carla".into()],
        params: Default::default(),
    };
    let seq = game.submit(late, at("2026-12-01 17:01")).expect("entered");
    let after = check(&game);
    let flagged = line(&after, "entered after the deadline").expect("flagged");
    assert!(flagged.contains("Tue 1 Dec 2026, 20:00 MSK"), "{flagged}");
    assert!(flagged.contains(&format!("#{seq}")), "{flagged}");
}

/// Issue 30, item 1: a roleset's phase lengths give each phase opened after one with a
/// deadline its own, that many hours later; the host's own deadline wins.
#[test]
fn a_deadline_follows_the_rolesets_phase_length() {
    use mafia_mod::engine::{Entry, Game, HostCommand};
    use mafia_mod::rules::PhaseKind;
    let demo = mafia_mod::demo::demo_game().expect("the demo");
    let mut file = demo.file().clone();
    file.roleset.phases.hours.insert(PhaseKind::Day, 48);
    file.roleset.phases.hours.insert(PhaseKind::Night, 24);
    let mut game = Game::from_file(file, &mafia_mod::systems::SYSTEMS).expect("it loads");
    let deadline = |when: &str| {
        Entry::Host(HostCommand::Deadline(Some((
            when.into(),
            "Europe/Moscow".into(),
        ))))
    };
    game.submit(deadline("2026-12-01 20:00"), None)
        .expect("set");
    game.submit(Entry::Resolve, None)
        .expect("Night 2 committed");
    let state = game.state();
    let day = state.deadlines.get(&state.phase).expect("Day 3 has one");
    assert_eq!(day.shown(), "Thu 3 Dec 2026, 20:00 MSK");
    game.submit(deadline("2026-12-03 22:00"), None)
        .expect("the host's own");
    let state = game.state();
    assert_eq!(
        state.deadlines[&state.phase].shown(),
        "Thu 3 Dec 2026, 22:00 MSK"
    );
}

/// Issue 30, item 1: a message keeps the time its page showed; posted before the deadline it
/// is on time even when the host enters it later, posted after it is flagged.
#[test]
fn the_posted_time_decides_when_the_page_showed_one() {
    use mafia_mod::engine::{Entry, HostCommand};
    let mut game = mafia_mod::demo::demo_game().expect("the demo");
    let deadline = Entry::Host(HostCommand::Deadline(Some((
        "2026-12-01 20:00".into(),
        "Europe/Moscow".into(),
    ))));
    game.submit(deadline, None).expect("a deadline is set");
    let late_typing = Some(1_796_150_000); // 21:33 in Moscow, after the deadline
    let heal = |target: &str| Entry::Act {
        actor: "Ann".into(),
        ability: "doctor".into(),
        targets: vec![target.into()],
        params: Default::default(),
    };
    game.submit_posted(
        heal("Carla"),
        late_typing,
        Some("12/01/2026 7:58 PM".into()),
    )
    .expect("entered");
    let on_time = check(&game);
    assert!(line(&on_time, "entered after the deadline").is_none());
    let seq = game
        .submit_posted(heal("Dino"), None, Some("1 дек 2026, 20:05".into()))
        .expect("entered");
    let after = check(&game);
    let flagged = line(&after, "entered after the deadline").expect("flagged");
    assert!(flagged.contains(&format!("#{seq}")), "{flagged}");
}
