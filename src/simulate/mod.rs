//! Trying a setup before the game: whole games of it played many times through the same engine
//! a real game uses, every player's entries drawn from what the rules allow now (the queries
//! the console's forms ask: usable abilities, their targets, the open ballots), and a report of
//! who won. A game's seed is drawn from the run's seed and its number, so a run gives the same
//! report whatever the number of threads.
//!
//! What a simulated estimate tells a host: how the rules and the numbers of the setup weigh
//! when nobody plays well (`random`), or when players use only what the rules told them
//! (`informed`). It does not tell how real players, who talk and reason, will fare; a setup
//! that simulated play finds lopsided is worth a second look, one it finds even is not proved
//! fair.

mod compare;
mod policy;
mod report;

pub use compare::Comparison;
pub use policy::{InformedPlay, POLICIES, Policy, RandomPlay, policy};
pub use report::Report;

use crate::engine::{Entry, Game};
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};

/// How one game ended.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    /// The winning sides or families, as the game names them (empty: a draw).
    pub winners: Vec<String>,
    /// How many phases it took.
    pub phases: u32,
    /// It reached the cap before the rules ended it.
    pub capped: bool,
    /// The players' entries the rules took (a refused one is left out).
    pub entries: u32,
    /// Each role a player was dealt (a player of two roles counts for each), whether he lived to
    /// the end, whether he won.
    pub roles: Vec<(String, bool, bool)>,
}

/// Play one game to its end or to `cap` phases: each phase, the policy's entries (a refused one
/// is left out), then the commit.
pub fn play(mut game: Game, policy: &dyn Policy, seed: u64, cap: u32) -> Played {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut phases = 0;
    let mut entries = 0;
    // Every role a slot was dealt: ru-city's `citizen` + `mafia` counts for both.
    let dealt: Vec<Vec<String>> = (game.state().slots.iter())
        .map(|s| s.own_role_list())
        .collect();
    while game.state().game_over.is_none() && phases < cap {
        for entry in policy.entries(&game, &mut rng) {
            entries += u32::from(game.submit(entry, None).is_ok());
        }
        if game.submit(Entry::Resolve, None).is_err() {
            break;
        }
        phases += 1;
    }
    let over = game.state().game_over.as_ref();
    let winners = over.map(|o| o.winners.clone()).unwrap_or_default();
    let won = |slot: usize| over.is_some_and(|o| o.winning_slots.contains(&slot));
    let roles = (game.state().slots.iter())
        .flat_map(|s| (dealt[s.id].iter()).map(|role| (role.clone(), s.alive, won(s.id))))
        .collect();
    Played {
        winners,
        phases,
        capped: over.is_none(),
        entries,
        roles,
    }
}

/// The seed of game `i` of a run.
pub fn game_seed(run_seed: u64, i: u64) -> u64 {
    let mut rng = ChaCha8Rng::seed_from_u64(run_seed ^ i.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    rng.random()
}

/// Play `games` games, game `i` made by `make(seed_i)` (a random deal draws with the same
/// seed), on every core; the report is the same whatever the thread count. `on_game` hears of
/// each game as it ends, in no set order (a progress bar's running estimate).
pub fn run(
    games: u32,
    run_seed: u64,
    cap: u32,
    policy: &dyn Policy,
    make: &(dyn Fn(u64) -> Result<Game, String> + Sync),
    on_game: &(dyn Fn(&Played) + Sync),
) -> Result<Report, String> {
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(8);
    run_on(threads, games, run_seed, cap, policy, make, on_game)
}

/// [`run`] on this many threads (the report does not depend on it; a test holds it to that).
pub fn run_on(
    threads: usize,
    games: u32,
    run_seed: u64,
    cap: u32,
    policy: &dyn Policy,
    make: &(dyn Fn(u64) -> Result<Game, String> + Sync),
    on_game: &(dyn Fn(&Played) + Sync),
) -> Result<Report, String> {
    let threads = threads.max(1);
    let results: Vec<Result<Played, String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    (0..games)
                        .filter(|i| *i as usize % threads == t)
                        .map(|i| {
                            let seed = game_seed(run_seed, u64::from(i));
                            make(seed).map(|g| {
                                let played = play(g, policy, seed, cap);
                                on_game(&played);
                                (i, played)
                            })
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        let mut all: Vec<(u32, Result<Played, String>)> = Vec::new();
        for h in handles {
            // A game that panicked is an error of the run, never a game left out in silence.
            let Ok(played) = h.join() else {
                all.push((
                    u32::MAX,
                    Err("a simulated game stopped on an internal error".into()),
                ));
                continue;
            };
            for r in played {
                match r {
                    Ok((i, p)) => all.push((i, Ok(p))),
                    Err(e) => all.push((u32::MAX, Err(e))),
                }
            }
        }
        all.sort_by_key(|(i, _)| *i);
        all.into_iter().map(|(_, r)| r).collect()
    });
    let mut report = Report::default();
    for r in results {
        report.add(&r?);
    }
    Ok(report)
}
