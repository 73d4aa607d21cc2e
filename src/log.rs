//! The console's log file, `mafia-mod.log` in the data directory: what the host needs when
//! something went wrong (every error the console showed, every save and its failures, a
//! panic), kept after the popups are closed. One line an event, appended; the file is rotated
//! to `mafia-mod.log.1` when it passes a megabyte. The command-line tools print their errors
//! and keep no log.

use std::fs::OpenOptions;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Past this size the log starts again, the old one kept as `.1`.
const ROTATE_AT: u64 = 1 << 20;

/// Where the log is, in this data directory.
pub fn path(data_dir: &Path) -> PathBuf {
    data_dir.join("mafia-mod.log")
}

/// Send the console's events to the log file of this data directory. A log that cannot be
/// opened is no reason not to start: the console runs without one.
pub fn init(data_dir: Option<&Path>) {
    let Ok(dir) = crate::store::data_dir(data_dir) else {
        return;
    };
    let path = path(&dir);
    if std::fs::metadata(&path).is_ok_and(|m| m.len() > ROTATE_AT) {
        let _ = std::fs::rename(&path, path.with_extension("log.1"));
    }
    let Ok(file) = OpenOptions::new().create(true).append(true).open(&path) else {
        return;
    };
    let subscriber = tracing_subscriber::fmt()
        .with_writer(Mutex::new(file))
        .with_ansi(false)
        .with_target(false)
        .with_max_level(tracing::Level::INFO)
        .finish();
    if tracing::subscriber::set_global_default(subscriber).is_ok() {
        tracing::info!(version = env!("CARGO_PKG_VERSION"), "the console starts");
    }
}
