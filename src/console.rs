//! Entry points of the console: `mafia-mod` (the most recent game, or the bundled demo on
//! first run) and `mafia-mod open FILE`.

use crate::savefile::load_game;
use crate::store::{data_dir, games_dir, most_recent_save, write_atomic};
use crate::tui::{self, App};
use anyhow::{Context, Result, anyhow};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The demo game, compiled in so the binary needs nothing from the repository at run time.
pub const DEMO_SAVE: &str = include_str!("../saves/demo.ron");

/// Where the first run puts the demo: `<data dir>/games/demo.ron`.
pub fn first_game(data_dir_override: Option<&Path>) -> Result<(PathBuf, PathBuf)> {
    let data = data_dir(data_dir_override)?;
    let games = games_dir(&data)?;
    let path = match most_recent_save(&games) {
        Some(path) => path,
        None => {
            let path = games.join("demo.ron");
            write_atomic(&path, DEMO_SAVE.as_bytes(), 0)
                .with_context(|| format!("cannot copy the demo game to {}", path.display()))?;
            path
        }
    };
    Ok((path, games))
}

/// `mafia-mod` with no arguments.
pub fn run_default(data_dir_override: Option<&Path>, _out: &mut dyn Write) -> Result<bool> {
    let (path, games) = first_game(data_dir_override)?;
    open(path, Some(games))
}

/// `mafia-mod open FILE`. New games and the open dialog use the games folder of `--data-dir`
/// when it is given, else the save's own directory (where the host keeps their games).
pub fn run_file(
    path: &Path,
    data_dir_override: Option<&Path>,
    _out: &mut dyn Write,
) -> Result<bool> {
    let dir = match data_dir_override {
        Some(data) => Some(crate::store::games_dir(&crate::store::data_dir(Some(
            data,
        ))?)?),
        None => path.parent().map(Path::to_path_buf),
    };
    open(path.to_path_buf(), dir)
}

fn open(path: PathBuf, games: Option<PathBuf>) -> Result<bool> {
    let game = load_game(&path).map_err(|e| anyhow!("{e}"))?;
    let mut app = App::new(game, path, games);
    app.greet();
    tui::run(app)?;
    Ok(true)
}
