//! Entry points of the console: `mafia-mod` (the most recent game, or the bundled demo on
//! first run) and `mafia-mod open FILE`.

use crate::savefile::load_game;
use crate::store::{data_dir, fresh_path, games_dir, saves_newest_first, write_atomic};
use crate::tui::{self, App};
use anyhow::{Context, Result, anyhow};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The demo game, compiled in so the binary needs nothing from the repository at run time.
pub const DEMO_SAVE: &str = include_str!("../saves/demo.ron");

/// The game `mafia-mod` opens with no arguments: the newest save of the games folder that
/// loads. A newer one that does not load is named in the notice, never opened, never touched;
/// with none that loads (the first run) the demo is copied to a fresh name and opened.
pub struct FirstGame {
    pub game: crate::engine::Game,
    pub path: PathBuf,
    pub games: PathBuf,
    /// What the host should know: the saves skipped and why.
    pub notice: Option<String>,
}

pub fn first_game(data_dir_override: Option<&Path>) -> Result<FirstGame> {
    let data = data_dir(data_dir_override)?;
    let games = games_dir(&data)?;
    let mut skipped = Vec::new();
    for path in saves_newest_first(&games) {
        match load_game(&path) {
            Ok(game) => {
                let notice = (!skipped.is_empty())
                    .then(|| format!("{}; opened {}", skipped.join("; "), path.display()));
                return Ok(FirstGame {
                    game,
                    path,
                    games,
                    notice,
                });
            }
            Err(e) => skipped.push(format!("{} does not load ({e})", path.display())),
        }
    }
    let path = fresh_path(&games, "demo");
    write_atomic(&path, DEMO_SAVE.as_bytes(), 0)
        .with_context(|| format!("cannot copy the demo game to {}", path.display()))?;
    let game = load_game(&path).map_err(|e| anyhow!("{e}"))?;
    let notice =
        (!skipped.is_empty()).then(|| format!("{}; opened the demo game", skipped.join("; ")));
    Ok(FirstGame {
        game,
        path,
        games,
        notice,
    })
}

/// `mafia-mod` with no arguments.
pub fn run_default(
    data_dir_override: Option<&Path>,
    config: &crate::config::Config,
    _out: &mut dyn Write,
) -> Result<bool> {
    let first = first_game(data_dir_override)?;
    crate::store::clean_stale_temps(&first.path);
    let mut app = App::new(first.game, first.path, Some(first.games));
    app.configure(config);
    app.greet();
    if let Some(notice) = first.notice {
        app.notice = Some(notice);
    }
    app.hold_save();
    if app.read_only.is_none() {
        app.check_journal();
    }
    tui::run(app)?;
    Ok(true)
}

/// `mafia-mod open FILE`. New games and the open dialog use the games folder of `--data-dir`
/// when it is given, else the save's own directory (where the host keeps their games).
pub fn run_file(
    path: &Path,
    data_dir_override: Option<&Path>,
    config: &crate::config::Config,
    _out: &mut dyn Write,
) -> Result<bool> {
    let dir = match data_dir_override {
        Some(data) => Some(crate::store::games_dir(&crate::store::data_dir(Some(
            data,
        ))?)?),
        None => path.parent().map(Path::to_path_buf),
    };
    open(path.to_path_buf(), dir, config)
}

fn open(path: PathBuf, games: Option<PathBuf>, config: &crate::config::Config) -> Result<bool> {
    let game = load_game(&path).map_err(|e| anyhow!("{e}"))?;
    crate::store::clean_stale_temps(&path);
    let mut app = App::new(game, path, games);
    app.configure(config);
    app.greet();
    app.hold_save();
    if app.read_only.is_none() {
        app.check_journal();
    }
    tui::run(app)?;
    Ok(true)
}
