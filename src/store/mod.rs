//! Reading and writing the files a host cares about: saves, rolesets and scenarios in RON.
//!
//! Game-agnostic on purpose: everything here is generic over serde types, so the game model can
//! change without touching how files are kept safe.
//!
//! * **Errors** are [`FileError`]s, printed `path:line:col: field.path: message`, whether the
//!   file is missing, not UTF-8, not RON, or RON of the wrong shape ([`parse_ron`], [`read_ron`]).
//! * **Writing** is [`to_ron`]: pretty, struct names, four-space indent, `\n`, stable bytes.
//!   Saved types should derive `#[serde(deny_unknown_fields)]` (a misspelt key must be an error,
//!   not silently dropped) and use `BTreeMap`, never `HashMap` (output order must not change).
//! * **Versions**: every document has a top-level `version: u32`. [`probe_version`] reads it
//!   whatever the struct name; [`load_versioned`] dispatches to the current type or to a
//!   [`Migration`] registered by the caller.
//! * **Saving** is [`write_atomic`]: temporary file, fsync, rotate backups, rename, fsync the
//!   directory. Backups are `NAME.ron.bak01` (newest) to `NAME.ron.bakNN` (oldest), zero-padded
//!   so they sort newest first (see [`backup_path`]).
//! * **Where**: [`data_dir`] (0700) and [`games_dir`] (`<data>/games/`); [`most_recent_save`]
//!   picks what to open at startup.
//!
//! # The last good save is never overwritten by a bad one
//!
//! [`write_atomic`] guarantees that a failed write leaves the old file whole, but it cannot know
//! whether the new bytes are any good. Callers must therefore only pass it bytes produced by
//! [`to_ron`] from a value that was loaded successfully or built in memory, never text edited by
//! hand or read from elsewhere. [`save_ron`] does this for you and also runs
//! [`verify_roundtrip`], which refuses bytes that would not read back to the same file, so a type
//! RON cannot represent faithfully fails the save instead of corrupting the next load.

mod error;
mod files;
mod locate;
mod lock;
mod ron_io;
mod version;

pub use error::FileError;
pub use files::{
    backup_path, clean_stale_temps, data_dir, fresh_path, games_dir, most_recent_save,
    process_gone, saves_newest_first, write_atomic, write_new,
};
pub use locate::locate;
pub use lock::{
    LockError, SaveLock, acquire as lock_save, claim as claim_save, holder as save_holder,
    holder_words, lock_path,
};
pub(crate) use ron_io::options as ron_options;
pub use ron_io::{parse_ron, read_ron, read_text, save_ron, to_ron, verify_roundtrip};
pub use version::{Migration, load_versioned, probe_version};
