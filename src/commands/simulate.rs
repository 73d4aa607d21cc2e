//! `mafia-mod simulate`: a setup played many times ([`crate::simulate`]), with a progress bar
//! and its running estimate on a terminal, the report in the chosen format, and with
//! `--compare` a second setup on the same seeds.

use super::{NewGameArgs, build_game_from};
use crate::cli::{CompareArgs, SetupArgs, SimFormat};
use crate::simulate::{Comparison, POLICIES, Played, Policy, Report};
use anyhow::{Result, anyhow};
use clap::Parser;
use indicatif::{ProgressBar, ProgressStyle};
use std::collections::BTreeMap;
use std::io::Write;
use std::sync::Mutex;

/// A run's settings beside the setup.
pub struct Run<'a> {
    pub games: u32,
    pub seed: u64,
    pub policy: &'a str,
    pub cap: u32,
    pub format: SimFormat,
    /// The second setup's flags (`--compare`).
    pub compare: Option<&'a str>,
}

pub fn simulate(setup: &SetupArgs, run: &Run, out: &mut impl Write) -> Result<()> {
    let policy = crate::simulate::policy(run.policy).ok_or_else(|| {
        let known: Vec<String> = POLICIES.iter().map(|(n, d)| format!("{n} ({d})")).collect();
        anyhow!("no policy `{}`: {}", run.policy, known.join("; "))
    })?;
    let second = match run.compare {
        Some(flags) => {
            let parsed = CompareArgs::try_parse_from(flags.split_whitespace())
                .map_err(|e| {
                    let why = e.to_string();
                    let why = why.lines().next().unwrap_or_default();
                    let why = why.trim_start_matches("error: ");
                    anyhow!(
                        "--compare \"{flags}\": {why} (it takes --roleset, --players, --assign, --option and --families)"
                    )
                })?;
            Some(parsed.over(setup))
        }
        None => None,
    };
    let started = std::time::Instant::now();
    let label = if second.is_some() { "first" } else { "" };
    let first = play_setup(setup, run, policy, label)?;
    let second = match &second {
        Some(setup) => Some(play_setup(setup, run, policy, "second")?),
        None => None,
    };
    let seconds = started.elapsed().as_secs_f64();
    match (&second, run.format) {
        (None, SimFormat::Table) => {
            writeln!(out, "{}", first.table())?;
            writeln!(out, "({} policy, {seconds:.1} s)", policy.name())?;
        }
        (None, SimFormat::Json) => writeln!(out, "{}", first.json())?,
        (None, SimFormat::Csv) => writeln!(out, "{}", first.csv())?,
        (Some(second), format) => {
            let both = Comparison {
                first: &first,
                second,
            };
            match format {
                SimFormat::Table => {
                    writeln!(out, "{}", both.table(run.compare.unwrap_or_default()))?;
                    writeln!(out, "({} policy, {seconds:.1} s)", policy.name())?;
                }
                SimFormat::Json => writeln!(out, "{}", both.json())?,
                SimFormat::Csv => writeln!(out, "{}", both.csv())?,
            }
        }
    }
    Ok(())
}

/// One setup's run: its roleset and players file read once, every game dealt from them with
/// the game's seed.
fn play_setup(
    setup: &SetupArgs,
    run: &Run,
    policy: &'static dyn Policy,
    label: &str,
) -> Result<Report> {
    let loaded = crate::systems::load_roleset(&setup.roleset).map_err(|e| anyhow!("{e}"))?;
    let players = crate::store::read_text(&setup.players).map_err(|e| anyhow!("{e}"))?;
    let args = NewGameArgs::of(setup);
    let make = |game_seed: u64| {
        let args = NewGameArgs {
            seed: Some(game_seed),
            ..args
        };
        build_game_from(loaded.clone(), &players, &args)
            .map(|(game, _)| game)
            .map_err(|e| format!("{e:#}"))
    };
    // The setup's own errors show before any game is played.
    make(run.seed).map_err(|e| anyhow!(e))?;
    let progress = Progress::new(run.games, label);
    let report = crate::simulate::run(run.games, run.seed, run.cap, policy, &make, &|p| {
        progress.played(p)
    })
    .map_err(|e| anyhow!(e));
    progress.bar.finish_and_clear();
    report
}

/// A progress bar on standard error (drawn only on a terminal) whose message is the running
/// estimate: each winner's share of the games played so far.
struct Progress {
    bar: ProgressBar,
    wins: Mutex<(u32, BTreeMap<String, u32>)>,
}

impl Progress {
    fn new(games: u32, label: &str) -> Progress {
        let bar = ProgressBar::new(u64::from(games)).with_prefix(label.to_string());
        if let Ok(style) = ProgressStyle::with_template("{prefix} {bar:30} {pos}/{len} {eta} {msg}")
        {
            bar.set_style(style);
        }
        Progress {
            bar,
            wins: Mutex::new((0, BTreeMap::new())),
        }
    }

    fn played(&self, played: &Played) {
        let Ok(mut wins) = self.wins.lock() else {
            return;
        };
        wins.0 += 1;
        for w in &played.winners {
            *wins.1.entry(w.clone()).or_default() += 1;
        }
        // The message is rebuilt a hundred times a run, not every game.
        if wins.0 % (self.bar.length().unwrap_or(100) / 100).max(1) as u32 == 0 {
            let n = f64::from(wins.0);
            let estimate: Vec<String> = (wins.1.iter())
                .map(|(w, k)| format!("{w} {:.1}%", 100.0 * f64::from(*k) / n))
                .collect();
            self.bar.set_message(estimate.join(" · "));
        }
        self.bar.inc(1);
    }
}
