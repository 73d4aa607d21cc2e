//! How long one frame of the console takes for a 200-player game (the aim: under 2 ms), at
//! 200×60, during a night (queue walked to the middle) and a day (the live tally of 200 votes).
//! The console redraws only on input or resize, so this is the cost of one key press.
//!
//! Run: `cargo bench --bench render`

use mafia_mod::engine::{Entry, Game, Level, PlayerSetup, Setup};
use mafia_mod::tui::app::App;
use mafia_mod::tui::{Msg, update, view};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::path::PathBuf;

/// The allocator the binary uses (`src/main.rs`), so the numbers are the console's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    divan::main();
}

/// 20 families of 10, roles dealt at random, one action from every player who has one.
fn big_game() -> Game {
    let roleset = mafia_mod::systems::builtin("mafia-1923")
        .expect("bundled")
        .expect("parses");
    let mut players: Vec<PlayerSetup> = (0..200)
        .map(|i| PlayerSetup {
            name: format!("Player{i:03}"),
            role: String::new(),
            extra_roles: Vec::new(),
            family: Some(format!("Family{:02}", i / 10)),
            level: Level::Standard,
            aka: Vec::new(),
        })
        .collect();
    mafia_mod::systems::assign_roles(&roleset, &mut players, 7).expect("roles dealt");
    let setup = Setup {
        players,
        ..Setup::default()
    };
    let (mut game, _) =
        Game::create("bench", roleset, setup, 7, &mafia_mod::systems::SYSTEMS).expect("game");
    act_everyone(&mut game);
    game
}

/// Every player with an ability uses it on the next players (refusals are simply skipped).
fn act_everyone(game: &mut Game) {
    let state = game.state().clone();
    for slot in state.living() {
        let Ok(abilities) = game.usable_abilities(slot) else {
            continue;
        };
        let Some(ability) = abilities.first().map(|a| (*a).clone()) else {
            continue;
        };
        let count = mafia_mod::engine::validate::target_count(&ability, &state);
        let targets: Vec<String> = (0..count)
            .map(
                |k| match mafia_mod::engine::validate::target_kind(&ability, k) {
                    mafia_mod::rules::TargetKind::Family => {
                        state.families[(slot.id / 10 + 1 + k) % 20].clone()
                    }
                    mafia_mod::rules::TargetKind::Player => {
                        state.slots[(slot.id + 1 + k) % 200].name.clone()
                    }
                    other => {
                        mafia_mod::engine::validate::target_choices(game.roleset(), &state, &other)
                            .first()
                            .cloned()
                            .unwrap_or_default()
                    }
                },
            )
            .collect();
        let _ = game.submit(
            Entry::Act {
                actor: slot.name.clone(),
                ability: ability.id.clone(),
                targets,
                params: Default::default(),
            },
            Some(1_790_000_000),
        );
    }
}

fn frame(bencher: divan::Bencher, app: App) {
    let mut terminal = Terminal::new(TestBackend::new(200, 60)).expect("terminal");
    bencher.bench_local(|| {
        terminal.draw(|f| view(&app, f)).expect("draw");
    });
}

#[divan::bench]
fn night_frame_200_players(bencher: divan::Bencher) {
    let mut app = App::new(big_game(), PathBuf::from("bench.ron"), None);
    let _ = update(&mut app, Msg::Resolve);
    for _ in 0..app.resolution.step_count() / 2 {
        let _ = update(&mut app, Msg::Down);
    }
    frame(bencher, app);
}

#[divan::bench]
fn day_tally_frame_200_players(bencher: divan::Bencher) {
    let mut game = big_game();
    game.submit(Entry::Resolve, None).expect("commit the night");
    let state = game.state().clone();
    for slot in state.living() {
        let family = slot.family.clone().unwrap_or_default();
        let other = state
            .families
            .iter()
            .find(|f| **f != family)
            .cloned()
            .unwrap_or_default();
        let mate = state
            .living_in(&family)
            .into_iter()
            .find(|id| *id != slot.id);
        let _ = game.submit(
            Entry::Vote {
                ballot: Some("family".into()),
                voter: slot.name.clone(),
                target: other,
            },
            None,
        );
        if let Some(mate) = mate {
            let _ = game.submit(
                Entry::Vote {
                    ballot: Some("individual".into()),
                    voter: slot.name.clone(),
                    target: state.slots[mate].name.clone(),
                },
                None,
            );
        }
    }
    let mut app = App::new(game, PathBuf::from("bench.ron"), None);
    app.focus = mafia_mod::tui::Pane::Queue;
    frame(bencher, app);
}
