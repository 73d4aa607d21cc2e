//! What each player was told (issue 30, item 4): the ledger lists a player's role PMs, private
//! results and his channels' messages with their phases, and a claim is checked against it.
//! The cases are the sources' own: the commissar's check of the boss's son shows red (ru-city
//! L48), and the Den speaks only to its members (the WWR demo's den.wwr).

use crate::cli_common::{out, run};
use mafia_mod::engine::Game;
use mafia_mod::export::Markup;
use mafia_mod::export::ledger::{Channel, Verdict, check_claim, ledger};
use std::path::PathBuf;

fn scenario(path: &str) -> Game {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(path);
    mafia_mod::scenario::play_file(&path).expect("the scenario passes")
}

fn slot(game: &Game, name: &str) -> usize {
    game.state().slot_by_name(name).expect("a player").id
}

/// Night 1: the commissar Cid checks Lea, the boss's son, who shows red.
fn boss_son() -> Game {
    scenario("tests/scenarios/ru-city/boss_son_always_checks_red.ron")
}

#[test]
fn the_ledger_has_the_role_pm_then_each_result_with_its_phase() {
    let game = boss_son();
    let told = ledger(&game, slot(&game, "Cid"), Markup::Text);
    assert_eq!(told[0].channel, Channel::RolePm);
    assert_eq!(told[0].index, None);
    assert!(told[0].text.contains("Комиссар"), "{}", told[0].text);
    let check = told
        .iter()
        .find(|t| t.text.contains("Lea — красный"))
        .expect("the check's result is in the ledger");
    assert_eq!(check.channel, Channel::Private);
    assert_eq!(check.phase, game.roleset().phase_name(1));
    // Nobody else's results: Gus's death is public, Lea's own PM is hers.
    assert!(told.iter().all(|t| !t.text.contains("Мафия")), "{told:?}");
}

#[test]
fn a_claim_is_told_differs_or_was_never_told() {
    let game = boss_son();
    let cid = slot(&game, "Cid");
    let yes = check_claim(&game, cid, "checked Lea: красный N1");
    assert_eq!(yes.verdict, Verdict::Told, "{}", yes.text);
    let colour = check_claim(&game, cid, "checked Lea: черный N1");
    assert_eq!(colour.verdict, Verdict::Differs, "{}", colour.text);
    assert!(colour.text.contains("Lea — красный"), "{}", colour.text);
    let night = check_claim(&game, cid, "Lea красный N2");
    assert_eq!(night.verdict, Verdict::Differs, "{}", night.text);
    let in_russian = check_claim(&game, cid, "проверил Lea ночью 1, пришло: красный");
    assert_eq!(in_russian.verdict, Verdict::Told, "{}", in_russian.text);
    let denied = check_claim(&game, cid, "Lea не красный N1");
    assert_eq!(denied.verdict, Verdict::Differs, "{}", denied.text);
    let never = check_claim(&game, cid, "checked Max: черный");
    assert_eq!(never.verdict, Verdict::NotTold, "{}", never.text);
}

#[test]
fn a_channel_is_in_the_ledger_of_its_members_only() {
    let game = scenario("tests/scenarios/wwr/demo/den_disbands_when_no_member_lives.ron");
    let in_den = |name: &str| {
        ledger(&game, slot(&game, name), Markup::Text)
            .into_iter()
            .filter(|t| matches!(&t.channel, Channel::Group(g) if g == "Den"))
            .count()
    };
    assert!(in_den("Bob") > 0, "the Ridge Wolf hears the Den");
    assert_eq!(in_den("Cid"), 0, "a lamplighter never does");
}

#[test]
fn export_ledger_and_claims_through_apply() {
    let dir = tempfile::tempdir().expect("tempdir");
    let save = dir.path().join("city.ron");
    mafia_mod::savefile::save_game(&boss_son(), &save).expect("saved");
    let save = save.to_string_lossy().to_string();
    let ledger = out(&run(&["export", &save, "--ledger", "Cid"]));
    assert!(
        ledger.contains("What Cid was told (for the host only)"),
        "{ledger}"
    );
    assert!(ledger.contains("Lea — красный"), "{ledger}");
    let unknown = run(&["export", &save, "--ledger", "Nobody"]);
    assert!(!unknown.status.success());
    let before = std::fs::read_to_string(&save).expect("the save");
    let claims = dir.path().join("claims.txt");
    std::fs::write(
        &claims,
        ":claim Cid checked Lea: красный N1\nclaim Cid checked Max: черный\n",
    )
    .expect("written");
    let answered = out(&run(&["apply", &save, &claims.to_string_lossy()]));
    assert!(
        answered.contains("claims.txt:1: claim check: Yes"),
        "{answered}"
    );
    assert!(
        answered.contains("claims.txt:2: claim check: No"),
        "{answered}"
    );
    let after = std::fs::read_to_string(&save).expect("the save");
    assert_eq!(before, after, "a claim check changes nothing");
}
