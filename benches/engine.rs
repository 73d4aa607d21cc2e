//! Engine speed: resolving one night at several sizes, a whole game, and loading a long save.
//! Run with `cargo bench --bench engine`.

use mafia_mod::demo::large_game;
use mafia_mod::engine::Entry;
use mafia_mod::savefile::{game_text, parse_game};
use std::path::Path;

/// The allocator the binary uses (`src/main.rs`), so the numbers are the console's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    divan::main();
}

/// Resolve Night 1 (without committing) with every role holder acting.
#[divan::bench(args = [20, 100, 1000])]
fn resolve_one_night(bencher: divan::Bencher, players: usize) {
    let game = large_game(players, 0, 1).expect("game");
    bencher.bench(|| divan::black_box(game.preview()));
}

/// Play a whole 100-player game, Night 1 to Day 5, from the setup.
#[divan::bench(sample_count = 20)]
fn whole_game_100_players() {
    let game = large_game(100, 10, 1).expect("game");
    assert!(game.state().game_over.is_some());
    divan::black_box(game);
}

/// Load (parse and replay) a save with about 2,000 entries.
/// A 220-player game of nine phases with every power used and every vote cast: some 2,500
/// entries, the size of a long forum game's log.
fn game_of_2000_entries() -> mafia_mod::engine::Game {
    let mut game = large_game(220, 9, 1).expect("game");
    let _ = game.submit(Entry::Resolve, None);
    at_least_2000_entries(game)
}

/// The game, once it is sure to be as long as the benchmarks say.
fn at_least_2000_entries(game: mafia_mod::engine::Game) -> mafia_mod::engine::Game {
    assert!(
        game.entries().len() >= 2000,
        "only {} entries",
        game.entries().len()
    );
    game
}

#[divan::bench(sample_count = 30)]
fn load_save_2000_entries(bencher: divan::Bencher) {
    bench_load(bencher, &game_of_2000_entries());
}

/// Time loading the save of `game`: reading its text and replaying it.
fn bench_load(bencher: divan::Bencher, game: &mafia_mod::engine::Game) {
    let text = game_text(game).expect("text");
    bencher.bench(|| divan::black_box(parse_game(Path::new("bench.ron"), &text).expect("load")));
}

/// `game` played on to about 2,000 entries by its players changing their votes (a round is
/// committed every 400 votes): what a long forum game's log is mostly made of. Each vote a save
/// replays meets the rule system's checks, which is what loading such a save measures.
fn played_by_votes(mut game: mafia_mod::engine::Game) -> mafia_mod::engine::Game {
    let _ = game.submit(Entry::Resolve, None);
    let mut k = 0usize;
    while game.entries().len() < 2000 && k < 20_000 {
        let living: Vec<String> = game.state().living().map(|s| s.name.clone()).collect();
        let ballot = game.open_ballots().first().map(|b| b.id.clone());
        k += 1;
        let (Some(ballot), false) = (ballot, living.is_empty()) else {
            let _ = game.submit(Entry::Resolve, None);
            continue;
        };
        let vote = Entry::Vote {
            ballot: Some(ballot),
            voter: living[k % living.len()].clone(),
            target: living[(k * 7 + 3) % living.len()].clone(),
        };
        let _ = game.submit(vote, None);
        if k.is_multiple_of(400) {
            let _ = game.submit(Entry::Resolve, None);
        }
    }
    at_least_2000_entries(game)
}

/// A WWR game of the demo role book, 40 players.
#[divan::bench(sample_count = 20)]
fn load_wwr_save_2000_entries(bencher: divan::Bencher) {
    let game = played_by_votes(mafia_mod::demo::wwr_demo_game(40, 3).expect("game"));
    bench_load(bencher, &game);
}

/// One host entry plus its autosave on a game of about 2,000 entries: what the console does
/// after every key that enters something. The save is real (temp file, fsync, rename, backups).
#[divan::bench(sample_count = 30)]
fn entry_and_autosave_2000_entries(bencher: divan::Bencher) {
    let game = game_of_2000_entries();
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("bench.ron");
    bencher
        .with_inputs(|| game.clone())
        .bench_local_values(|mut g| {
            let note = mafia_mod::engine::HostCommand::Note("bench".into());
            g.submit(Entry::Host(note), None)
                .expect("a note is accepted");
            mafia_mod::savefile::save_game(&g, &path).expect("saved");
        });
}

/// One host entry made durable as the console makes it now: its journal line appended and
/// synced; the full save waits for the host's pause (issue "A game is never lost, part 2",
/// item 6). Compare `entry_and_autosave_2000_entries`, the full save it spares each entry.
#[divan::bench(sample_count = 30)]
fn entry_and_journal_2000_entries(bencher: divan::Bencher) {
    let game = game_of_2000_entries();
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("bench.ron");
    mafia_mod::savefile::save_game(&game, &path).expect("saved");
    let saved = game.entries().last().map_or(0, |e| e.seq);
    bencher
        .with_inputs(|| game.clone())
        .bench_local_values(|mut g| {
            let note = mafia_mod::engine::HostCommand::Note("bench".into());
            g.submit(Entry::Host(note), None)
                .expect("a note is accepted");
            let fresh = &g.entries()[g.entries().len() - 1..];
            mafia_mod::savefile::append_journal(&path, g.file(), saved, fresh).expect("journaled");
        });
}

/// A night's batch of pasted PMs (the English corpus' 131 messages as one paste of forum PMs)
/// read against the demo: what the batch review does on every paste.
#[divan::bench(sample_count = 30)]
fn read_a_batch_of_131_pms(bencher: divan::Bencher) {
    let game = mafia_mod::demo::demo_game().expect("demo");
    let corpus = include_str!("../tests/understand/corpus-en.txt");
    let batch: String = corpus
        .split("\n--- ")
        .skip(1)
        .map(|case| {
            let body: Vec<&str> = case
                .lines()
                .skip(1)
                .filter(|l| !l.starts_with("=> ") && !l.starts_with('#'))
                .collect();
            format!("{}\n\n", body.join("\n"))
        })
        .collect();
    bencher.bench(|| mafia_mod::understand::read_batch(&game, divan::black_box(&batch)));
}

/// The peaceful roles of a 40-player extended ru-city game with every role in play: the
/// format's base roles, all thirty numbered roles, and citizens.
const RU_CITY_ROLES: &[&str] = &[
    "doctor",
    "blocker",
    "commissar",
    "detective",
    "investigator",
    "active_citizen",
    "politician",
    "active_citizen",
    "phantom",
    "immortal",
    "bodyguard",
    "prostitute",
    "hacker",
    "terrorist",
    "journalist",
    "homeless",
    "anonymous",
    "pimp",
    "lawyer",
    "inquisitor",
    "priest",
    "witness",
    "liar",
    "judge",
    "drug_dealer",
    "hero",
    "fanatic",
    "hypnotist",
    "kamikaze",
    "madman",
    "actor",
    "collector",
    "necromancer",
    "cultist",
    "criminalist",
    "maid",
    "witch",
    "wizard",
    "citizen",
    "citizen",
];

/// A 40-player extended ru-city game at Night 1 (no mayor elected), every holder having
/// entered each night move he may make, on the next players in seat order.
fn ru_city_night() -> mafia_mod::engine::Game {
    use mafia_mod::engine::{Game, PlayerSetup, Setup};
    let roleset = mafia_mod::systems::builtin("ru-city")
        .expect("bundled")
        .expect("valid");
    let players: Vec<PlayerSetup> = RU_CITY_ROLES
        .iter()
        .enumerate()
        .map(|(i, role)| PlayerSetup {
            name: format!("P{i:02}"),
            role: role.to_string(),
            // Three mafia and two maniacs over citizens and special roles (L81).
            extra_roles: match i {
                38 | 39 | 30 => vec!["mafia".to_string()],
                20 | 25 => vec!["maniac".to_string()],
                _ => Vec::new(),
            },
            family: None,
            level: Default::default(),
            aka: Vec::new(),
        })
        .collect();
    let setup = Setup {
        players,
        options: [("format".to_string(), "extended".to_string())].into(),
        ..Setup::default()
    };
    let systems = &mafia_mod::systems::SYSTEMS;
    let (mut game, _) = Game::create("bench", roleset, setup, 7, systems).expect("created");
    game.submit(Entry::Resolve, None).expect("Day 1 ends");
    fill_every_usable(&mut game, |_| Default::default());
    // The setup is only a benchmark if the night is full: most holders have entered moves.
    let entered = game.state().pending.len();
    assert!(entered >= 30, "only {entered} moves entered");
    game
}

/// Resolve Night 1 of a 40-player extended ru-city game with every role in play (issue: the
/// same order of time as a 1,000-player 1923 night).
#[divan::bench(sample_count = 30)]
fn resolve_ru_city_night_40_players(bencher: divan::Bencher) {
    let game = ru_city_night();
    bencher.bench(|| divan::black_box(game.preview()));
}

/// The parameters a Conan bench entry needs, by ability.
fn conan_params(ability: &str) -> std::collections::BTreeMap<String, String> {
    let pairs: &[(&str, &str)] = match ability {
        "investigate" => &[("action", "bo_kill")],
        "arrest" => &[("crime", "killing"), ("phase", "Night 1")],
        "identify" => &[("role", "gin")],
        "frame" | "erase_evidence" => &[("crime", "killing")],
        "suitcase" => &[("fake", "heal")],
        "gadget" => &[("item", "watch")],
        "will" => &[("text", "it was the man in black")],
        _ => &[],
    };
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// A 36-player Conan game at Night 2, every role in play and every holder having entered each
/// night action he may make, on the next players in seat order.
fn conan_night() -> mafia_mod::engine::Game {
    use mafia_mod::engine::{Game, PlayerSetup, Setup};
    let roleset = mafia_mod::systems::builtin("conan")
        .expect("bundled")
        .expect("valid");
    let players: Vec<PlayerSetup> = mafia_mod::mechanics::conan::DEALT_ROLES
        .iter()
        .enumerate()
        .map(|(i, role)| PlayerSetup::new(format!("P{i:02}"), *role))
        .collect();
    let setup = Setup {
        players,
        ..Setup::default()
    };
    let systems = &mafia_mod::systems::SYSTEMS;
    let (mut game, _) = Game::create("bench", roleset, setup, 7, systems).expect("created");
    for _ in 0..3 {
        game.submit(Entry::Resolve, None)
            .expect("Prep, Night 1, Day 1");
    }
    fill_every_usable(&mut game, conan_params);
    let entered = game.state().pending.len();
    assert!(entered >= 25, "only {entered} actions entered");
    game
}

/// Resolve Night 2 of a 36-player Conan game with every role in play.
#[divan::bench(sample_count = 30)]
fn resolve_conan_night_36_players(bencher: divan::Bencher) {
    let game = conan_night();
    bencher.bench(|| divan::black_box(game.preview()));
}

/// Every player enters each action he may use now, on the next players around the table (an
/// entry the rules refuse is left out), with the parameters `params` gives the ability.
fn fill_every_usable(
    game: &mut mafia_mod::engine::Game,
    params: impl Fn(&str) -> std::collections::BTreeMap<String, String>,
) {
    let names: Vec<String> = game.state().slots.iter().map(|s| s.name.clone()).collect();
    for (i, actor) in names.iter().enumerate() {
        let slot = game.state().slots[i].clone();
        let abilities: Vec<(String, usize)> = game
            .usable_abilities(&slot)
            .map(|list| {
                list.iter()
                    .map(|a| (a.id.clone(), a.targets.len()))
                    .collect()
            })
            .unwrap_or_default();
        for (ability, count) in abilities {
            let targets: Vec<String> = (1..=count)
                .map(|k| names[(i + k * 3) % names.len()].clone())
                .collect();
            let params = params(&ability);
            let _ = game.submit(
                Entry::Act {
                    actor: actor.clone(),
                    ability,
                    targets,
                    params,
                },
                None,
            );
        }
    }
}

/// A WWR game of the demo role book, its layer-B roles in play, at Night 1: every player
/// having answered each prompt open to him on Day 0 (the Wardens' lanterns) and Night 1 (the
/// Oathkeepers' obstructions, the Rumourmongers' draws), and the wolves having voted in the
/// Hunt.
fn wwr_night(players: usize) -> mafia_mod::engine::Game {
    let mut game = mafia_mod::demo::wwr_demo_game_layer_b(players, 7).expect("created");
    fill_every_usable(&mut game, |_| Default::default());
    game.submit(Entry::Resolve, None).expect("Day 0 ends");
    fill_every_usable(&mut game, |_| Default::default());
    let names: Vec<String> = game.state().slots.iter().map(|s| s.name.clone()).collect();
    for voter in &names {
        let _ = game.submit(
            Entry::Vote {
                ballot: Some("hunt".into()),
                voter: voter.clone(),
                target: names[1].clone(),
            },
            None,
        );
    }
    let entered = game.state().pending.len();
    assert!(
        entered >= players_acting(names.len()),
        "only {entered} entries"
    );
    game
}

/// At least half the table enters something on a demo night.
fn players_acting(players: usize) -> usize {
    players / 2
}

/// Night 2 of a haunting WWR game of the demo book with every layer-C role in play: the first
/// night's and day's victims are ghosts, who answer their prompts beside the living.
fn wwr_haunted_night(players: usize) -> mafia_mod::engine::Game {
    let mut game = mafia_mod::demo::wwr_demo_game_haunted(players, 7).expect("created");
    let names: Vec<String> = game.state().slots.iter().map(|s| s.name.clone()).collect();
    for phase in 0..3 {
        fill_every_usable(&mut game, |_| Default::default());
        let ballot = if phase == 2 { "gallows" } else { "hunt" };
        for voter in &names {
            let _ = game.submit(
                Entry::Vote {
                    ballot: Some(ballot.into()),
                    voter: voter.clone(),
                    target: names[(phase + 1) * 2].clone(),
                },
                None,
            );
        }
        game.submit(Entry::Resolve, None).expect("resolved");
    }
    fill_every_usable(&mut game, |_| Default::default());
    let ghosts = game
        .state()
        .slots
        .iter()
        .filter(|s| s.has_status("ghost"))
        .count();
    assert!(ghosts > 0, "no ghost on Night 2");
    game
}

/// Resolve Night 2 of a haunting WWR game (ghosts acting, banishment, a seance, an echo).
#[divan::bench(args = [24, 100], sample_count = 30)]
fn resolve_wwr_haunted_night(bencher: divan::Bencher, players: usize) {
    let game = wwr_haunted_night(players);
    bencher.bench(|| divan::black_box(game.preview()));
}

/// Resolve Night 1 of a WWR game of the demo role book: the immediate answers in log order,
/// then the bot's whole phase-change pipeline.
#[divan::bench(args = [24, 100], sample_count = 30)]
fn resolve_wwr_night(bencher: divan::Bencher, players: usize) {
    let game = wwr_night(players);
    bencher.bench(|| divan::black_box(game.preview()));
}

/// Try a setup (issue 31): 1,000 games of a 12-player ru-city setup, on every core, under each
/// policy. Ten times this is the 10,000-game run.
#[divan::bench(args = ["random", "informed"], sample_count = 3)]
fn simulate_1000_games_ru_city_12_players(policy: &str) {
    use mafia_mod::engine::{Game, Setup};
    use mafia_mod::systems::{SYSTEMS, builtin};
    let roleset = builtin("ru-city").expect("bundled").expect("reads");
    let deal = [
        ("P0", "doctor"),
        ("P1", "blocker"),
        ("P2", "commissar"),
        ("P3", "detective"),
        ("P4", "investigator"),
        ("P5", "active_citizen"),
        ("P6", "citizen"),
        ("P7", "citizen"),
        ("P8", "citizen+mafia"),
        ("P9", "citizen+mafia"),
        ("P10", "citizen+maniac"),
        ("P11", "citizen"),
    ];
    let make = |seed: u64| -> Result<Game, String> {
        Game::create(
            "sim",
            roleset.clone(),
            Setup::by_hand(&deal),
            seed,
            &SYSTEMS,
        )
        .map(|(game, _)| game)
        .map_err(|r| r.message)
    };
    let policy = mafia_mod::simulate::policy(policy).expect("a policy");
    let report = mafia_mod::simulate::run(1000, 1, 60, policy, &make, &|_| {}).expect("it runs");
    divan::black_box(report);
}

/// Try a setup (issue 31): 1,000 random-play games of a 13-player 1923 setup dealt at random
/// over three families, on every core.
#[divan::bench(sample_count = 3)]
fn simulate_1000_games_1923_13_players() {
    use mafia_mod::engine::{Game, PlayerSetup, Setup};
    use mafia_mod::systems::{SYSTEMS, builtin};
    let roleset = builtin("mafia-1923").expect("bundled").expect("reads");
    let families: Vec<String> = ["Capone", "Rossi", "Moretti"].map(String::from).to_vec();
    let make = |seed: u64| -> Result<Game, String> {
        let mut players: Vec<PlayerSetup> = (0..13)
            .map(|i| PlayerSetup::new(format!("P{i}"), String::new()))
            .collect();
        mafia_mod::engine::setup::spread_families(&mut players, &families);
        mafia_mod::systems::assign_roles(&roleset, &mut players, seed).map_err(|r| r.message)?;
        let setup = Setup {
            players,
            families: families.clone(),
            ..Setup::default()
        };
        Game::create("sim", roleset.clone(), setup, seed, &SYSTEMS)
            .map(|(game, _)| game)
            .map_err(|r| r.message)
    };
    let policy = mafia_mod::simulate::RandomPlay;
    let report = mafia_mod::simulate::run(1000, 1, 60, &policy, &make, &|_| {}).expect("it runs");
    divan::black_box(report);
}
