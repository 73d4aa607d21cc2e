//! Atomic saves with rotating backups, and where saves live.

use std::ffi::OsString;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use anyhow::Context;

/// The name of the `n`-th backup of `path` (1 = newest): `game.ron` → `game.ron.bak01`.
///
/// Two digits, zero-padded, so `ls` lists backups newest first and `bak10` does not sort between
/// `bak1` and `bak2`; numbers above 99 simply get more digits. The name keeps the `.ron` inside
/// it but does not end in `.ron`, so backups are never mistaken for saves.
pub fn backup_path(path: &Path, n: usize) -> PathBuf {
    let mut name = path.file_name().map_or_else(OsString::new, OsString::from);
    name.push(format!(".bak{n:02}"));
    path.with_file_name(name)
}

/// Atomically replace `path` with `bytes`, keeping the previous `keep` versions as backups.
///
/// Steps, each chosen so that a crash or error at any point leaves the old save readable:
/// 1. write a hidden temporary file (`.NAME.tmp-PID-N`, mode 0600 on Unix, since saves hold
///    secret roles) in the same directory, so the final rename cannot cross file systems, and
///    `fsync` it so its bytes are on disk before any name points at it;
/// 2. rotate backups `bak{keep-1}` → `bak{keep}`, …, `bak01` → `bak02` (the oldest falls off);
/// 3. hard-link the current file as `bak01` (copy it if the file system cannot link) under a
///    temporary name and rename that into place, so the target never stops existing;
/// 4. `rename` the temporary file over the target, which is atomic on POSIX;
/// 5. `fsync` the directory so the rename itself survives a power cut.
///
/// If steps 1–4 fail, the target is untouched, the temporary file is removed and the error is
/// returned. If only step 5 fails, the new contents are in place but not known to be durable;
/// the error is still returned so the caller can say so. Backups beyond `keep` left by an earlier, larger `keep` are not deleted: this
/// function never destroys a file it did not just rotate. If `path` is a symbolic link, the file
/// it points to is replaced (hosts link saves into synced folders) rather than the link.
pub fn write_atomic(path: &Path, bytes: &[u8], keep: usize) -> io::Result<()> {
    let target = resolve_symlink(path)?;
    let (dir, name) = dir_and_name(&target)?;

    let (tmp_path, file) = create_temp(&dir, name)?;
    let result = write_and_swap(file, &tmp_path, &target, bytes, keep);
    if result.is_err() {
        // Best effort: the error that matters is the one we return.
        let _ = fs::remove_file(&tmp_path);
    }
    result?;
    sync_dir(&dir)
}

fn write_and_swap(
    mut file: File,
    tmp_path: &Path,
    target: &Path,
    bytes: &[u8],
    keep: usize,
) -> io::Result<()> {
    file.write_all(bytes)?;
    file.sync_all()?;
    drop(file);
    if keep > 0 && target.exists() {
        for n in (1..keep).rev() {
            let from = backup_path(target, n);
            if from.exists() {
                make_private(&from)?;
                fs::rename(&from, backup_path(target, n + 1))?;
            }
        }
        // The old save becomes `bak01` (a hard link shares its mode): a save copied in with
        // looser permissions leaves no readable backup behind.
        make_private(target)?;
        link_or_copy_over(target, &backup_path(target, 1))?;
    }
    fs::rename(tmp_path, target)
}

/// The folder a file is in (`.` for a bare name) and its name.
fn dir_and_name(path: &Path) -> io::Result<(PathBuf, &std::ffi::OsStr)> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path.file_name().ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{} does not name a file", path.display()),
        )
    })?;
    Ok((dir, name))
}

/// Write a new file at `path` only if nothing is there, in one step: the text goes to a hidden
/// temporary file that is then linked under the name, which fails if the name exists, so
/// nothing written in between is ever replaced (no check-then-write race).
pub fn write_new(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let (dir, name) = dir_and_name(path)?;
    let (tmp, mut file) = create_temp(&dir, name)?;
    let result = file
        .write_all(bytes)
        .and_then(|()| file.sync_all())
        .and_then(|()| fs::hard_link(&tmp, path));
    let _ = fs::remove_file(&tmp);
    result?;
    sync_dir(&dir)
}

/// Make a file readable by its owner only (saves hold secret roles); nothing elsewhere than
/// on Unix.
fn make_private(path: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = fs::metadata(path)?.permissions().mode();
        if mode & 0o077 != 0 {
            fs::set_permissions(path, fs::Permissions::from_mode(mode & 0o700))?;
        }
    }
    #[cfg(not(unix))]
    let _ = path;
    Ok(())
}

/// Remove the temporary files interrupted saves and exports left in the folder of `save`
/// (`.NAME.tmp-PID-N`, and those of backups): only those of a process that no longer runs, or
/// older than ten minutes, so a save under way elsewhere is never disturbed. Returns how many
/// were removed.
pub fn clean_stale_temps(save: &Path) -> usize {
    let dir = match save.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let Ok(entries) = fs::read_dir(&dir) else {
        return 0;
    };
    let mut removed = 0;
    // Every save's and export's in the folder: `.NAME.tmp-PID-N` (and `.NAME.bak01.tmp-…`).
    for entry in entries.filter_map(Result::ok) {
        let file = entry.file_name().to_string_lossy().to_string();
        if !file.starts_with('.') {
            continue;
        }
        let Some(tail) = file.rsplit_once(".tmp-").map(|(_, t)| t) else {
            continue;
        };
        let pid = tail.split('-').next().and_then(|p| p.parse::<u32>().ok());
        if pid.is_some_and(|p| p != std::process::id())
            && stale(&entry.path(), pid)
            && fs::remove_file(entry.path()).is_ok()
        {
            removed += 1;
        }
    }
    removed
}

/// Is a temporary file's writer gone: its process no longer running (where that can be told),
/// or the file ten minutes old (no save takes that long, and a process id may be reused)?
fn stale(path: &Path, pid: Option<u32>) -> bool {
    let old = fs::metadata(path)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.elapsed().ok())
        .is_some_and(|age| age > std::time::Duration::from_secs(600));
    old || pid.is_some_and(process_gone)
}

/// Is process `pid` known not to run (Linux's `/proc`); `false` where it cannot be told.
pub fn process_gone(pid: u32) -> bool {
    cfg!(target_os = "linux")
        && Path::new("/proc/self").exists()
        && !Path::new("/proc").join(pid.to_string()).exists()
}

/// Make `to` a copy of `from` without `from` ever disappearing, replacing any old `to`
/// atomically (with `keep == 1` the previous `bak01` is still there).
///
/// The link or copy is made under a temporary name and renamed into place, so a failure leaves
/// the old `to` as it was.
fn link_or_copy_over(from: &Path, to: &Path) -> io::Result<()> {
    let dir = match to.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = to.file_name().unwrap_or_default();
    let mut made = None;
    for _ in 0..16 {
        let tmp = temp_path(&dir, name);
        match fs::hard_link(from, &tmp) {
            Ok(()) => {
                made = Some(tmp);
                break;
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            // No hard links here (some network or FAT file systems): copy instead.
            Err(_) => {
                let result = fs::copy(from, &tmp).and_then(|_| File::open(&tmp)?.sync_all());
                if let Err(e) = result {
                    let _ = fs::remove_file(&tmp);
                    return Err(e);
                }
                made = Some(tmp);
                break;
            }
        }
    }
    let tmp = made.ok_or_else(|| io::Error::other("could not create a temporary backup name"))?;
    fs::rename(&tmp, to).inspect_err(|_| {
        let _ = fs::remove_file(&tmp);
    })
}

/// A fresh hidden name next to a file: `.NAME.tmp-PID-N`. Leading dot and no `.ron` ending,
/// so neither `ls` nor [`most_recent_save`] shows it if a crash leaves it behind.
fn temp_path(dir: &Path, name: &std::ffi::OsStr) -> PathBuf {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let mut tmp_name = OsString::from(".");
    tmp_name.push(name);
    tmp_name.push(format!(".tmp-{}-{n}", std::process::id()));
    dir.join(tmp_name)
}

/// Follow `path` if it is a symbolic link, so that saving replaces the real file.
fn resolve_symlink(path: &Path) -> io::Result<PathBuf> {
    match fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => fs::canonicalize(path),
        _ => Ok(path.to_path_buf()),
    }
}

/// Create a fresh hidden temporary file next to the target.
fn create_temp(dir: &Path, name: &std::ffi::OsStr) -> io::Result<(PathBuf, File)> {
    let mut last_err = None;
    for _ in 0..16 {
        let tmp_path = temp_path(dir, name);
        let mut options = OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(0o600);
        }
        match options.open(&tmp_path) {
            Ok(file) => {
                // The umask can only remove bits, but be explicit about what a save allows.
                #[cfg(unix)]
                {
                    use std::os::unix::fs::PermissionsExt;
                    if let Err(e) = file.set_permissions(fs::Permissions::from_mode(0o600)) {
                        let _ = fs::remove_file(&tmp_path);
                        return Err(e);
                    }
                }
                return Ok((tmp_path, file));
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last_err = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last_err.unwrap_or_else(|| io::Error::other("could not create a temporary file")))
}

/// Make a rename in `dir` durable. Only Unix can open a directory to sync it.
fn sync_dir(dir: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        File::open(dir)?.sync_all()
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        Ok(())
    }
}

/// Create `dir` and any missing parents, private to the user (0700 on Unix).
///
/// An existing directory keeps its mode: the host may have chosen it (a synced folder).
fn create_private_dir(dir: &Path) -> io::Result<()> {
    let mut builder = fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        builder.mode(0o700);
    }
    builder.create(dir)
}

/// The data directory: `override_dir` if given (from `--data-dir` or `MAFIA_DATA`, resolved by
/// the caller), else the platform's data directory for `mafia-mod` (on Linux
/// `$XDG_DATA_HOME/mafia-mod`, usually `~/.local/share/mafia-mod`). Created with mode 0700 if
/// missing, because saves reveal every player's secret role.
pub fn data_dir(override_dir: Option<&Path>) -> anyhow::Result<PathBuf> {
    let dir = match override_dir {
        Some(dir) => dir.to_path_buf(),
        None => directories::ProjectDirs::from("", "", "mafia-mod")
            .context("cannot find a home directory for the data directory; pass --data-dir")?
            .data_dir()
            .to_path_buf(),
    };
    create_private_dir(&dir)
        .with_context(|| format!("cannot create the data directory {}", dir.display()))?;
    Ok(dir)
}

/// Where saves live: `<data>/games/`, created (0700) if missing.
pub fn games_dir(data: &Path) -> anyhow::Result<PathBuf> {
    let dir = data.join("games");
    create_private_dir(&dir)
        .with_context(|| format!("cannot create the games directory {}", dir.display()))?;
    Ok(dir)
}

/// The most recently modified save (`*.ron`, not hidden, not a backup) in `dir`, if any.
///
/// Ties on modification time are broken by name so the answer does not depend on directory
/// order. Unreadable entries are skipped: this only picks what to open at startup.
pub fn most_recent_save(dir: &Path) -> Option<PathBuf> {
    saves_newest_first(dir).into_iter().next()
}

/// `<dir>/<name>.ron`, or `<name>-2.ron`, `-3`… if taken. The name is made safe for a file.
pub fn fresh_path(dir: &Path, name: &str) -> PathBuf {
    let stem: String = name
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect();
    let stem = if stem.is_empty() { "game".into() } else { stem };
    let mut path = dir.join(format!("{stem}.ron"));
    let mut n = 2;
    while path.exists() {
        path = dir.join(format!("{stem}-{n}.ron"));
        n += 1;
    }
    path
}

/// The saves of `dir`, newest first (by modification time), as [`most_recent_save`] picks.
pub fn saves_newest_first(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut saves: Vec<(std::time::SystemTime, PathBuf)> = entries
        .filter_map(Result::ok)
        .filter(|entry| {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            name.ends_with(".ron") && !name.starts_with('.')
        })
        .filter_map(|entry| {
            let meta = fs::metadata(entry.path()).ok()?;
            meta.is_file().then_some(())?;
            Some((meta.modified().ok()?, entry.path()))
        })
        .collect();
    saves.sort_by(|a, b| b.cmp(a));
    saves.into_iter().map(|(_, p)| p).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fresh_paths_never_overwrite() {
        let dir = tempfile::tempdir().expect("tempdir");
        let first = fresh_path(dir.path(), "my game/1");
        assert_eq!(first, dir.path().join("my-game-1.ron"));
        std::fs::write(&first, "x").expect("write");
        assert_eq!(
            fresh_path(dir.path(), "my game/1"),
            dir.path().join("my-game-1-2.ron")
        );
    }

    #[test]
    fn backup_names_sort_newest_first() {
        let p = Path::new("/g/game.ron");
        assert_eq!(backup_path(p, 1), Path::new("/g/game.ron.bak01"));
        assert_eq!(backup_path(p, 10), Path::new("/g/game.ron.bak10"));
        assert_eq!(backup_path(p, 100), Path::new("/g/game.ron.bak100"));
        let mut names: Vec<String> = (1..=12)
            .map(|n| backup_path(p, n).display().to_string())
            .collect();
        let unsorted = names.clone();
        names.sort();
        assert_eq!(names, unsorted);
    }
}
