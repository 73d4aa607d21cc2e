//! What every rule system's property test checks of a random entry sequence: no entry panics,
//! a refused entry changes nothing and is not logged, the live tally and the preview never
//! panic, and the log replays to the same state.

use mafia_mod::engine::{Entry, Game, PlayerSetup, Setup};
use mafia_mod::systems::SYSTEMS;
use proptest::prelude::*;

/// Submit each entry `next` makes from the game as it stands, checking the properties above.
pub fn play_checked(
    game: &mut Game,
    steps: usize,
    mut next: impl FnMut(&Game, usize) -> Entry,
) -> Result<(), TestCaseError> {
    for i in 0..steps {
        let entry = next(game, i);
        let before = game.state().clone();
        let logged = game.entries().len();
        if game.submit(entry, None).is_err() {
            prop_assert_eq!(game.state(), &before, "a refused entry changed the state");
            prop_assert_eq!(game.entries().len(), logged, "a refused entry was logged");
        }
        let _ = game.tally();
        let _ = game.preview();
    }
    let replayed = Game::from_file(game.file().clone(), &SYSTEMS).expect("the log replays");
    prop_assert_eq!(replayed.state(), game.state());
    Ok(())
}

/// Random setups of `players` seats (`P0`, `P1`, …), each dealt one of `roles`.
pub fn deals(roles: Vec<String>, players: std::ops::Range<usize>) -> impl Strategy<Value = Setup> {
    prop::collection::vec(0..roles.len(), players).prop_map(move |picks| Setup {
        players: picks
            .into_iter()
            .enumerate()
            .map(|(i, role)| PlayerSetup::new(format!("P{i}"), roles[role].clone()))
            .collect(),
        ..Setup::default()
    })
}
