//! Entry points of the console. Until the TUI lands, they print the game headless.

use crate::savefile::load_game;
use anyhow::{Result, anyhow};
use std::io::Write;
use std::path::Path;

/// `mafia-mod` with no arguments.
pub fn run_default(_data_dir: Option<&Path>, out: &mut dyn Write) -> Result<bool> {
    let demo = Path::new(env!("CARGO_MANIFEST_DIR")).join("saves/demo.ron");
    run_file(&demo, out)
}

/// `mafia-mod open FILE`.
pub fn run_file(path: &Path, out: &mut dyn Write) -> Result<bool> {
    let game = load_game(path).map_err(|e| anyhow!("{e}"))?;
    writeln!(
        out,
        "{} — {} — {}",
        game.file().name,
        game.roleset().name,
        game.phase_name()
    )?;
    Ok(true)
}
