//! One console per save: a lock file beside the save (`.NAME.lock`), locked with the operating
//! system's advisory file lock while a console has the save open for writing. The system frees
//! the lock when the process ends, however it ends (a crash, a SIGKILL), so a stale lock never
//! keeps a host out. The file says who holds it, for the second console to tell the host.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{self, Read, Seek, Write};
use std::path::{Path, PathBuf};

/// A held lock on a save; dropping it frees the save.
#[derive(Debug)]
pub struct SaveLock {
    _file: File,
    path: PathBuf,
    /// The line this process wrote in the lock file: a console that took the save over
    /// writes its own, and this one then knows it no longer writes the save.
    holder: String,
}

impl SaveLock {
    /// Does the lock file still name this process (no other console took the save over)?
    pub fn still_ours(&self) -> bool {
        holder_line(&self.path).as_deref() == Some(self.holder.as_str())
    }
}

/// Who the lock file of `save` names now.
pub fn holder(save: &Path) -> Option<String> {
    holder_line(&lock_path(save))
}

fn holder_line(lock: &Path) -> Option<String> {
    let text = std::fs::read_to_string(lock).ok()?;
    let line = text.trim();
    (!line.is_empty()).then(|| line.to_string())
}

/// A holder's line as a host reads it: `process 11297 of ann, who opened it 3 min ago`. The
/// line itself stays as written, since it also tells two holds apart.
pub fn holder_words(line: &str) -> String {
    let Some((who, rest)) = line.split_once(", since ") else {
        return line.to_string();
    };
    let since: Option<u64> = rest.split_whitespace().next().and_then(|n| n.parse().ok());
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    match since {
        Some(at) => format!("{who}, who opened it {}", ago(now.saturating_sub(at))),
        None => who.to_string(),
    }
}

/// A span of seconds in the words a host uses: `just now`, `12 min ago`, `3 h ago`, `2 days ago`.
fn ago(seconds: u64) -> String {
    match seconds {
        0..60 => "just now".into(),
        60..3600 => format!("{} min ago", seconds / 60),
        3600..86_400 => format!("{} h ago", seconds / 3600),
        _ => match seconds / 86_400 {
            1 => "a day ago".into(),
            days => format!("{days} days ago"),
        },
    }
}

/// This process's line for a lock file, with a number of its own so that two holds by one
/// process (a console that reopens its save) never read as the same.
fn our_line() -> String {
    static HOLDS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    let n = HOLDS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let since = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let user = std::env::var("USER")
        .or_else(|_| std::env::var("USERNAME"))
        .unwrap_or_default();
    format!(
        "process {} of {}, since {since} (unix time), hold {n}",
        std::process::id(),
        if user.is_empty() {
            "an unnamed user"
        } else {
            &user
        }
    )
}

/// Take the save over from the console holding it: the lock file names this process from now
/// on, so the holder's next save is refused. Returns the line written, to compare later.
pub fn claim(save: &Path) -> io::Result<String> {
    let line = our_line();
    let path = lock_path(save);
    let mut options = OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(&path)?;
    file.write_all(line.as_bytes())?;
    file.sync_data()?;
    Ok(line)
}

/// Why the save could not be locked.
#[derive(Debug)]
pub enum LockError {
    /// Another process holds it: who, as its lock file says.
    Held(String),
    Io(io::Error),
}

impl std::fmt::Display for LockError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LockError::Held(holder) => write!(
                f,
                "the save is open in another console ({})",
                holder_words(holder)
            ),
            LockError::Io(e) => write!(f, "the save's lock file: {e}"),
        }
    }
}

/// `.NAME.lock` beside the save (hidden, so no listing of saves shows it).
pub fn lock_path(save: &Path) -> PathBuf {
    // The file the save really is, so a link to it shares its lock.
    let save = std::fs::canonicalize(save).unwrap_or_else(|_| save.to_path_buf());
    let name = save
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    save.with_file_name(format!(".{name}.lock"))
}

/// Lock the save for this process, or say who holds it.
pub fn acquire(save: &Path) -> Result<SaveLock, LockError> {
    let path = lock_path(save);
    let mut options = OpenOptions::new();
    options.read(true).write(true).create(true).truncate(false);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(&path).map_err(LockError::Io)?;
    match file.try_lock() {
        Ok(()) => {}
        Err(TryLockError::WouldBlock) => {
            // The holder writes its line just after locking: give it a moment.
            let mut holder = String::new();
            for _ in 0..20 {
                holder.clear();
                let _ = file.rewind();
                let _ = file.read_to_string(&mut holder);
                if !holder.trim().is_empty() {
                    break;
                }
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            let holder = holder.trim();
            return Err(LockError::Held(if holder.is_empty() {
                "holder unknown".into()
            } else {
                holder.to_string()
            }));
        }
        Err(TryLockError::Error(e)) => return Err(LockError::Io(e)),
    }
    let holder = our_line();
    file.set_len(0).map_err(LockError::Io)?;
    file.rewind().map_err(LockError::Io)?;
    file.write_all(holder.as_bytes()).map_err(LockError::Io)?;
    let _ = file.sync_data();
    Ok(SaveLock {
        _file: file,
        path,
        holder,
    })
}

#[cfg(test)]
mod holder_tests {
    use super::{ago, holder_words};

    #[test]
    fn a_holder_reads_as_words_not_unix_time() {
        let line = "process 11297 of ann, since 0 (unix time), hold 1";
        let words = holder_words(line);
        assert!(
            words.starts_with("process 11297 of ann, who opened it"),
            "{words}"
        );
        assert!(
            !words.contains("unix") && !words.contains("hold"),
            "{words}"
        );
        assert_eq!(ago(30), "just now");
        assert_eq!(ago(125), "2 min ago");
        assert_eq!(ago(7300), "2 h ago");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_names_the_holder_and_a_dropped_lock_frees_the_save() {
        let dir = tempfile::tempdir().expect("tempdir");
        let save = dir.path().join("g.ron");
        let first = acquire(&save).expect("free");
        match acquire(&save) {
            Err(LockError::Held(holder)) => {
                assert!(holder.contains(&std::process::id().to_string()), "{holder}")
            }
            other => panic!("{other:?}"),
        }
        drop(first);
        acquire(&save).expect("free again");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(lock_path(&save)).expect("lock file");
            assert_eq!(mode.permissions().mode() & 0o777, 0o600);
        }
    }
}
