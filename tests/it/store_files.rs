//! Atomic saves, backups, the data directory and finding the latest save.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use mafia_mod::store::{backup_path, data_dir, games_dir, most_recent_save, write_atomic};

#[cfg(unix)]
fn mode(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    fs::metadata(path).expect("metadata").permissions().mode() & 0o777
}

fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .expect("read_dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).expect("read")
}

#[test]
fn creates_the_file_private_and_leaves_no_temporary_behind() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("game.ron");
    write_atomic(&path, b"Game(version: 1)\n", 3).expect("save");
    assert_eq!(read(&path), "Game(version: 1)\n");
    assert_eq!(names_in(dir.path()), ["game.ron"]);
    #[cfg(unix)]
    assert_eq!(mode(&path), 0o600);
}

#[test]
fn rotates_exactly_keep_backups_newest_first() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("game.ron");
    for n in 1..=6 {
        write_atomic(&path, format!("v{n}").as_bytes(), 3).expect("save");
    }
    assert_eq!(read(&path), "v6");
    assert_eq!(read(&backup_path(&path, 1)), "v5");
    assert_eq!(read(&backup_path(&path, 2)), "v4");
    assert_eq!(read(&backup_path(&path, 3)), "v3");
    // `ls` order is newest backup first.
    assert_eq!(
        names_in(dir.path()),
        [
            "game.ron",
            "game.ron.bak01",
            "game.ron.bak02",
            "game.ron.bak03"
        ]
    );
    #[cfg(unix)]
    for n in 1..=3 {
        assert_eq!(mode(&backup_path(&path, n)), 0o600);
    }
}

#[test]
fn keep_zero_makes_no_backups_and_first_save_has_none() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("a.ron");
    write_atomic(&path, b"one", 5).expect("save");
    assert_eq!(names_in(dir.path()), ["a.ron"]);
    let other = dir.path().join("b.ron");
    write_atomic(&other, b"one", 0).expect("save");
    write_atomic(&other, b"two", 0).expect("save");
    assert_eq!(read(&other), "two");
    assert_eq!(names_in(dir.path()), ["a.ron", "b.ron"]);
}

#[test]
fn keep_one_replaces_the_single_backup() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("game.ron");
    for v in ["v1", "v2", "v3"] {
        write_atomic(&path, v.as_bytes(), 1).expect("save");
    }
    assert_eq!(read(&path), "v3");
    assert_eq!(read(&backup_path(&path, 1)), "v2");
    assert_eq!(names_in(dir.path()), ["game.ron", "game.ron.bak01"]);
}

#[test]
fn backups_left_by_a_larger_keep_are_not_deleted() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("game.ron");
    for v in ["v1", "v2", "v3", "v4"] {
        write_atomic(&path, v.as_bytes(), 3).expect("save");
    }
    write_atomic(&path, b"v5", 1).expect("save");
    assert_eq!(read(&backup_path(&path, 1)), "v4");
    assert_eq!(read(&backup_path(&path, 2)), "v2");
    assert_eq!(read(&backup_path(&path, 3)), "v1");
}

#[test]
fn a_backup_is_a_separate_copy_of_the_old_bytes() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("game.ron");
    write_atomic(&path, b"old", 2).expect("save");
    write_atomic(&path, b"new", 2).expect("save");
    // Writing the save again must not change the backup (it is not the same inode any more).
    write_atomic(&path, b"newer", 2).expect("save");
    assert_eq!(read(&path), "newer");
    assert_eq!(read(&backup_path(&path, 1)), "new");
    assert_eq!(read(&backup_path(&path, 2)), "old");
}

#[test]
fn failure_when_the_parent_is_a_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let blocker = dir.path().join("not-a-dir");
    fs::write(&blocker, "keep me").expect("write");
    let err = write_atomic(&blocker.join("game.ron"), b"x", 3);
    assert!(err.is_err());
    assert_eq!(read(&blocker), "keep me");
    assert_eq!(names_in(dir.path()), ["not-a-dir"]);
}

#[test]
fn failure_during_rotation_leaves_the_save_untouched() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("game.ron");
    for v in ["v1", "v2", "v3"] {
        write_atomic(&path, v.as_bytes(), 3).expect("save");
    }
    // A non-empty directory where bak02 must move to: renaming a file onto it fails, even as
    // root, which a read-only directory would not guarantee.
    let obstacle = backup_path(&path, 3);
    fs::create_dir(&obstacle).expect("mkdir");
    fs::write(obstacle.join("x"), "x").expect("write");

    assert!(write_atomic(&path, b"bad", 3).is_err());
    assert_eq!(read(&path), "v3");
    assert_eq!(read(&backup_path(&path, 1)), "v2");
    assert_eq!(read(&backup_path(&path, 2)), "v1");
    assert_eq!(
        names_in(dir.path()),
        [
            "game.ron",
            "game.ron.bak01",
            "game.ron.bak02",
            "game.ron.bak03"
        ],
        "no temporary file may be left behind"
    );
}

#[test]
fn failure_when_the_target_is_a_directory_leaves_no_temporary() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("game.ron");
    fs::create_dir(&path).expect("mkdir");
    fs::write(path.join("inside"), "x").expect("write");
    assert!(write_atomic(&path, b"x", 0).is_err());
    assert_eq!(names_in(dir.path()), ["game.ron"]);
    assert_eq!(read(&path.join("inside")), "x");
}

#[cfg(unix)]
#[test]
fn saving_through_a_symlink_replaces_the_real_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let real_dir = dir.path().join("synced");
    fs::create_dir(&real_dir).expect("mkdir");
    let real = real_dir.join("game.ron");
    fs::write(&real, "old").expect("write");
    let link = dir.path().join("game.ron");
    std::os::unix::fs::symlink(&real, &link).expect("symlink");

    write_atomic(&link, b"new", 1).expect("save");
    assert!(
        fs::symlink_metadata(&link)
            .expect("meta")
            .file_type()
            .is_symlink()
    );
    assert_eq!(read(&real), "new");
    assert_eq!(read(&backup_path(&real, 1)), "old");
}

#[test]
fn data_dir_is_created_private_and_holds_games() {
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dir.path().join("deep").join("mafia");
    let got = data_dir(Some(&data)).expect("data dir");
    assert_eq!(got, data);
    assert!(data.is_dir());
    let games = games_dir(&data).expect("games dir");
    assert_eq!(games, data.join("games"));
    assert!(games.is_dir());
    #[cfg(unix)]
    {
        assert_eq!(mode(&data), 0o700);
        assert_eq!(mode(&games), 0o700);
    }
    // Calling again on an existing directory is fine.
    assert_eq!(data_dir(Some(&data)).expect("again"), data);
}

#[cfg(unix)]
#[test]
fn an_existing_data_dir_keeps_its_mode() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dir.path().join("shared");
    fs::create_dir(&data).expect("mkdir");
    fs::set_permissions(&data, fs::Permissions::from_mode(0o750)).expect("chmod");
    data_dir(Some(&data)).expect("data dir");
    assert_eq!(mode(&data), 0o750);
}

#[test]
fn data_dir_fails_cleanly_when_a_file_is_in_the_way() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("file");
    fs::write(&file, "x").expect("write");
    let err = data_dir(Some(&file.join("data"))).expect_err("cannot create");
    assert!(err.to_string().contains("data directory"), "{err}");
}

fn touch(path: &Path, age_secs: u64) -> PathBuf {
    fs::write(path, "x").expect("write");
    let time = SystemTime::now() - Duration::from_secs(age_secs);
    fs::File::options()
        .write(true)
        .open(path)
        .expect("open")
        .set_modified(time)
        .expect("set mtime");
    path.to_path_buf()
}

#[test]
fn most_recent_save_ignores_backups_temporaries_and_other_files() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    assert_eq!(most_recent_save(d), None);
    touch(&d.join("old.ron"), 300);
    let newest = touch(&d.join("newer.ron"), 100);
    touch(&d.join("old.ron.bak01"), 0);
    touch(&d.join(".old.ron.tmp-1-0"), 0);
    touch(&d.join(".hidden.ron"), 0);
    touch(&d.join("notes.txt"), 0);
    fs::create_dir(d.join("folder.ron")).expect("mkdir");
    assert_eq!(most_recent_save(d), Some(newest));
    assert_eq!(most_recent_save(&d.join("missing")), None);
}
