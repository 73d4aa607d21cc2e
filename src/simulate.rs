//! Trying a setup before the game: whole games of it played many times through the same engine
//! a real game uses, every player's entries drawn from what the rules allow now (the queries
//! the console's forms ask: usable abilities, their targets, the open ballots), and a report of
//! who won. A game's seed is drawn from the run's seed and its number, so a run gives the same
//! report whatever the number of threads.
//!
//! What a random-play estimate tells a host: how the rules and the numbers of the setup weigh
//! when nobody plays well. It does not tell how real players, who talk and reason, will fare;
//! a setup that random play finds lopsided is worth a second look, one it finds even is not
//! proved fair.

use crate::engine::validate::{target_choices, target_count};
use crate::engine::{Entry, Game};
use crate::rules::{TargetKind, TargetRule};
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use std::collections::BTreeMap;

/// How a simulated player plays: the entries of one phase, from the game as it stands.
pub trait Policy: Sync {
    /// The policy's name, as `--policy` takes it.
    fn name(&self) -> &'static str;
    /// The entries of the phase open now (actions and votes; the commit is the simulator's).
    fn entries(&self, game: &Game, rng: &mut ChaCha8Rng) -> Vec<Entry>;
}

/// Uniform over what the rules allow: each player with a usable ability acts with one of them
/// (or, one time in four, does not), on targets drawn among those the ability may take; each
/// voter votes for a player drawn among those he may vote for.
pub struct RandomPlay;

impl Policy for RandomPlay {
    fn name(&self) -> &'static str {
        "random"
    }

    fn entries(&self, game: &Game, rng: &mut ChaCha8Rng) -> Vec<Entry> {
        let state = game.state();
        let roleset = game.roleset();
        let mut out = Vec::new();
        for slot in state.voters(roleset) {
            let Ok(abilities) = game.usable_abilities(slot) else {
                continue;
            };
            if abilities.is_empty() || rng.random_range(0..4) == 0 {
                continue;
            }
            let ability = abilities[rng.random_range(0..abilities.len())];
            let mut targets: Vec<String> = Vec::new();
            for i in 0..target_count(ability, state) {
                let kind = ability.targets.get(i).unwrap_or(&TargetKind::Player);
                let choices: Vec<String> = target_choices(roleset, state, kind)
                    .into_iter()
                    .filter(|c| {
                        let own = ability.rules.contains(&TargetRule::NotSelf) && *c == slot.name;
                        !own && !targets.contains(c)
                    })
                    .collect();
                if choices.is_empty() {
                    break;
                }
                targets.push(choices[rng.random_range(0..choices.len())].clone());
            }
            out.push(Entry::Act {
                actor: slot.name.clone(),
                ability: ability.id.clone(),
                targets,
                params: Default::default(),
            });
        }
        for ballot in game.open_ballots() {
            if ballot.after_game {
                continue;
            }
            let choices = target_choices(roleset, state, &ballot.target);
            for voter in state.voters(roleset) {
                if !game.may_vote(ballot, voter) || choices.is_empty() {
                    continue;
                }
                let others: Vec<&String> = choices.iter().filter(|c| **c != voter.name).collect();
                let Some(target) = others.get(rng.random_range(0..others.len().max(1))) else {
                    continue;
                };
                out.push(Entry::Vote {
                    ballot: Some(ballot.id.clone()),
                    voter: voter.name.clone(),
                    target: (*target).clone(),
                });
            }
        }
        out
    }
}

/// The policies by name.
pub fn policy(name: &str) -> Option<&'static dyn Policy> {
    match name {
        "random" => Some(&RandomPlay),
        _ => None,
    }
}

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
    /// Each player's dealt role, and whether he lived to the end and was among the winners.
    pub roles: Vec<(String, bool, bool)>,
}

/// Play one game to its end or to `cap` phases: each phase, the policy's entries (a refused one
/// is left out), then the commit.
pub fn play(mut game: Game, policy: &dyn Policy, seed: u64, cap: u32) -> Played {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut phases = 0;
    let mut entries = 0;
    let dealt: Vec<String> = game.state().slots.iter().map(|s| s.role.clone()).collect();
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
        .map(|s| (dealt[s.id].clone(), s.alive, won(s.id)))
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

/// A run's report.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    pub games: u32,
    /// Games won, by winner (a side or a family).
    pub wins: BTreeMap<String, u32>,
    pub draws: u32,
    pub capped: u32,
    /// Each game's number of phases, in game order.
    pub lengths: Vec<u32>,
    /// The players' entries the rules took, over all games.
    pub entries: u64,
    /// By dealt role: (players dealt it, of them alive at the end, of them winners).
    pub roles: BTreeMap<String, (u32, u32, u32)>,
}

impl Report {
    pub fn add(&mut self, played: &Played) {
        self.games += 1;
        self.lengths.push(played.phases);
        if played.capped {
            self.capped += 1;
        } else if played.winners.is_empty() {
            self.draws += 1;
        }
        for w in &played.winners {
            *self.wins.entry(w.clone()).or_default() += 1;
        }
        self.entries += u64::from(played.entries);
        for (role, alive, won) in &played.roles {
            let r = self.roles.entry(role.clone()).or_default();
            r.0 += 1;
            r.1 += u32::from(*alive);
            r.2 += u32::from(*won);
        }
    }

    /// A winner's win rate and its 95% Wilson interval.
    pub fn rate(&self, winner: &str) -> (f64, f64, f64) {
        let n = f64::from(self.games.max(1));
        let k = f64::from(self.wins.get(winner).copied().unwrap_or(0));
        let p = k / n;
        let z = 1.96_f64;
        let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
        let half = z * ((p * (1.0 - p) + z * z / (4.0 * n)) / n).sqrt() / (1.0 + z * z / n);
        (p, (centre - half).max(0.0), (centre + half).min(1.0))
    }

    /// The report as a table for the terminal.
    pub fn table(&self) -> String {
        let mut out = vec![format!("{} games", self.games)];
        out.push(format!(
            "{:<24} {:>6} {:>8}  {}",
            "winner", "wins", "rate", "95% interval"
        ));
        for (w, k) in &self.wins {
            let (p, lo, hi) = self.rate(w);
            out.push(format!(
                "{w:<24} {k:>6} {:>7.1}%  {:.1}%–{:.1}%",
                p * 100.0,
                lo * 100.0,
                hi * 100.0
            ));
        }
        out.push(format!(
            "draws {}, stopped at the cap {}",
            self.draws, self.capped
        ));
        let mut sorted = self.lengths.clone();
        sorted.sort_unstable();
        if let (Some(min), Some(max)) = (sorted.first(), sorted.last()) {
            let median = sorted[sorted.len() / 2];
            out.push(format!("phases: {min} to {max}, median {median}"));
        }
        let per_game = self.entries as f64 / f64::from(self.games.max(1));
        out.push(format!("entries the rules took: {per_game:.1} a game"));
        out.push(format!(
            "{:<24} {:>6} {:>9} {:>8}",
            "role", "dealt", "survived", "won"
        ));
        for (role, (n, alive, won)) in &self.roles {
            let pct = |k: &u32| 100.0 * f64::from(*k) / f64::from((*n).max(1));
            out.push(format!(
                "{role:<24} {n:>6} {:>8.1}% {:>7.1}%",
                pct(alive),
                pct(won)
            ));
        }
        out.join("\n")
    }

    /// The report as CSV, one row a winner, a role or a count: `kind,name,count,rate,low,high`.
    pub fn csv(&self) -> String {
        let mut out = vec!["kind,name,count,rate,low,high".to_string()];
        let quote = |s: &str| format!("\"{}\"", s.replace('"', "\"\""));
        for (w, k) in &self.wins {
            let (p, lo, hi) = self.rate(w);
            out.push(format!("winner,{},{k},{p:.4},{lo:.4},{hi:.4}", quote(w)));
        }
        let games = f64::from(self.games.max(1));
        for (name, n) in [
            ("draws", self.draws),
            ("capped", self.capped),
            ("games", self.games),
        ] {
            out.push(format!("count,{name},{n},{:.4},,", f64::from(n) / games));
        }
        for (role, (n, alive, won)) in &self.roles {
            let rate = |k: &u32| f64::from(*k) / f64::from((*n).max(1));
            out.push(format!(
                "role_survived,{},{n},{:.4},,",
                quote(role),
                rate(alive)
            ));
            out.push(format!("role_won,{},{n},{:.4},,", quote(role), rate(won)));
        }
        out.join("\n")
    }

    /// The report as JSON: each winner's `wins` and `win_rate`, draws, capped games, lengths.
    pub fn json(&self) -> String {
        let winners: serde_json::Map<String, serde_json::Value> = self
            .wins
            .keys()
            .map(|w| {
                let (p, lo, hi) = self.rate(w);
                let entry = serde_json::json!({
                    "wins": self.wins[w],
                    "win_rate": p,
                    "interval_95": [lo, hi],
                });
                (w.clone(), entry)
            })
            .collect();
        serde_json::json!({
            "games": self.games,
            "sides": winners,
            "draws": self.draws,
            "capped": self.capped,
            "lengths": self.lengths,
            "entries": self.entries,
            "roles": self.roles.iter().map(|(r, (n, alive, won))| {
                (r.clone(), serde_json::json!({"dealt": n, "survived": alive, "won": won}))
            }).collect::<serde_json::Map<String, serde_json::Value>>(),
        })
        .to_string()
    }
}

/// Play `games` games, game `i` made by `make(seed_i)` (a random deal draws with the same
/// seed), on both cores; the report is the same whatever the thread count.
pub fn run(
    games: u32,
    run_seed: u64,
    cap: u32,
    policy: &dyn Policy,
    make: &(dyn Fn(u64) -> Result<Game, String> + Sync),
) -> Result<Report, String> {
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(8);
    let results: Vec<Result<Played, String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    (0..games)
                        .filter(|i| *i as usize % threads == t)
                        .map(|i| {
                            let seed = game_seed(run_seed, u64::from(i));
                            make(seed).map(|g| (i, play(g, policy, seed, cap)))
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        let mut all: Vec<(u32, Result<Played, String>)> = Vec::new();
        for h in handles {
            for r in h.join().unwrap_or_default() {
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
