//! A game is never lost to a crash: the real binary, killed (SIGKILL) at random moments while it
//! applies entries and saves, until 200 runs were killed, leaves a save that loads every time, holding every
//! entry an earlier run acknowledged and the interrupted run's either whole or not at all, with
//! backups that load; and the next run removes what the killed one left half-written.

#![cfg(unix)]

use rand::{RngExt, SeedableRng};
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

#[test]
fn a_killed_save_never_loses_an_acknowledged_entry() {
    let dir = tempfile::tempdir().expect("tempdir");
    let save = dir.path().join("g.ron");
    std::fs::write(&save, mafia_mod::console::DEMO_SAVE).expect("save");
    let entries = |p: &std::path::Path| {
        mafia_mod::savefile::load_game(p)
            .unwrap_or_else(|e| panic!("{} does not load: {e}", p.display()))
            .file()
            .entries
            .len()
    };
    let mut acknowledged = entries(&save);
    let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(0xc4a5);
    let (mut killed, mut finished) = (0, 0);
    // Until 200 runs were killed (a run that ends before its kill counts as acknowledged).
    let mut run = 0;
    while killed < 200 && run < 1_000 {
        run += 1;
        let mut child = Command::new(env!("CARGO_BIN_EXE_mafia-mod"))
            .env("MAFIA_MOD_CONFIG", "/nonexistent/mafia-mod-config.toml")
            .args(["apply", save.to_str().expect("path"), "-"])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("apply runs");
        let lines = format!("note run {run} first\nnote run {run} second\n");
        let _ = child
            .stdin
            .take()
            .expect("stdin")
            .write_all(lines.as_bytes());
        std::thread::sleep(Duration::from_micros(rng.random_range(0..30_000)));
        let _ = child.kill();
        let status = child.wait().expect("ends");
        let now = entries(&save);
        if status.success() {
            finished += 1;
            assert_eq!(
                now,
                acknowledged + 2,
                "run {run}: the acknowledged entries are saved"
            );
        } else {
            killed += 1;
            assert!(
                now == acknowledged || now == acknowledged + 2,
                "run {run}: {now} entries after {acknowledged}: a save is whole or not at all"
            );
        }
        acknowledged = now;
        for n in 1..=3 {
            let backup = mafia_mod::store::backup_path(&save, n);
            if backup.exists() {
                entries(&backup);
            }
        }
    }
    assert!(
        killed >= 200 && finished > 0,
        "killed {killed}, finished {finished}"
    );
    // The next start removes what the killed runs left half-written.
    mafia_mod::store::clean_stale_temps(&save);
    let stray: Vec<String> = std::fs::read_dir(dir.path())
        .expect("dir")
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().to_string())
        .filter(|n| n.contains(".tmp-"))
        .collect();
    assert!(stray.is_empty(), "{stray:?}");
}
