//! Issue 31: a setup played many times with the real rules. A forced outcome comes out of
//! every game, and the same seed gives the same report.

use mafia_mod::engine::{Game, PlayerSetup, Setup};
use mafia_mod::simulate::{RandomPlay, run};
use mafia_mod::systems::{SYSTEMS, builtin};

/// Two blacks and one red in ru-city: at the start of a day the reds are fewer than the blacks,
/// and the blacks win (ru-city L171, digest "Black win"), whatever anybody does.
fn two_blacks_one_red(seed: u64) -> Result<Game, String> {
    let roleset = builtin("ru-city")
        .expect("bundled")
        .map_err(|e| e.to_string())?;
    let player = |name: &str, extra: Option<&str>| {
        let mut p = PlayerSetup::new(name.to_string(), "citizen".to_string());
        p.extra_roles = extra.into_iter().map(str::to_string).collect();
        p
    };
    let setup = Setup {
        players: vec![
            player("Ann", Some("mafia")),
            player("Bob", Some("mafia")),
            player("Cid", None),
        ],
        ..Setup::default()
    };
    Game::create("sim", roleset, setup, seed, &SYSTEMS)
        .map(|(game, _)| game)
        .map_err(|r| r.message)
}

#[test]
fn a_forced_outcome_comes_out_of_every_game() {
    let report = run(200, 7, 60, &RandomPlay, &two_blacks_one_red).expect("it runs");
    assert_eq!(report.games, 200);
    assert_eq!(report.wins.get("black"), Some(&200), "{}", report.table());
    assert_eq!(report.wins.get("red"), None);
    assert_eq!(report.capped, 0);
    let (rate, low, _) = report.rate("black");
    assert_eq!(rate, 1.0);
    assert!(low > 0.97, "{low}");
    let csv = report.csv();
    assert!(
        csv.starts_with("kind,name,count,rate,low,high\nwinner,\"black\",200,1.0000,"),
        "{csv}"
    );
    assert!(csv.contains("count,capped,0,0.0000,,"), "{csv}");
}

#[test]
fn the_same_seed_gives_the_same_report() {
    let demo = |seed: u64| -> Result<Game, String> {
        let game = mafia_mod::demo::demo_game()?;
        let mut file = game.file().clone();
        file.entries.clear();
        file.published.clear();
        file.seed = seed;
        Game::from_file(file, &SYSTEMS).map_err(|e| e.to_string())
    };
    let first = run(40, 11, 30, &RandomPlay, &demo).expect("it runs");
    let again = run(40, 11, 30, &RandomPlay, &demo).expect("it runs");
    assert_eq!(first, again);
    assert_eq!(first.json(), again.json());
    let other = run(40, 12, 30, &RandomPlay, &demo).expect("it runs");
    assert_eq!(other.games, 40);
}
