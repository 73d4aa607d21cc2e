//! End-to-end tests of the real binary in tmux: start on the demo, enter an action, resolve,
//! commit, save, quit, reopen and find the same state; bracketed paste and resize; a bad save.
//! Skipped, with a notice, when tmux is not installed. Every session has a unique name and is
//! killed when the test ends, pass or fail. Esc is never sent together with another key (it
//! would arrive as Alt+key).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_mafia-mod");

fn tmux_available() -> bool {
    let found = Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        eprintln!("NOTICE: tmux is not installed; skipping the end-to-end console test");
    }
    found
}

struct Session {
    name: String,
}

impl Session {
    /// Start `args` of the binary in a detached tmux session of the given size. When the
    /// program ends, the pane stays with its exit code printed.
    fn start(args: &[&str], width: u16, height: u16) -> Session {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let name = format!(
            "mafia-e2e-{}-{}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::SeqCst)
        );
        let quoted: Vec<String> = std::iter::once(BIN)
            .chain(args.iter().copied())
            .map(|a| format!("'{}'", a.replace('\'', r"'\''")))
            .collect();
        let script = format!("{}; echo EXITED $?; sleep 60", quoted.join(" "));
        let status = Command::new("tmux")
            .args(["new-session", "-d", "-s", &name, "-x"])
            .arg(width.to_string())
            .arg("-y")
            .arg(height.to_string())
            .args([
                "env",
                "TERM=xterm-256color",
                "MAFIA_MOD_CONFIG=/nonexistent/mafia-mod-config.toml",
                "sh",
                "-c",
                &script,
            ])
            .status()
            .expect("tmux runs");
        assert!(status.success(), "tmux new-session failed");
        Session { name }
    }

    fn capture(&self) -> String {
        let out = Command::new("tmux")
            // `-J` joins a line the terminal wrapped: what the shell prints after the console
            // exits starts wherever the console left its cursor.
            .args(["capture-pane", "-p", "-J", "-t", &self.name])
            .output()
            .expect("capture-pane");
        String::from_utf8_lossy(&out.stdout).to_string()
    }

    /// Wait until the screen contains `text`; fail with the screen if it never does.
    fn wait_for(&self, text: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(15);
        loop {
            let screen = self.capture();
            if screen.contains(text) {
                return screen;
            }
            if Instant::now() > deadline {
                panic!("`{text}` never appeared; the screen was:\n{screen}");
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Keys by tmux name (`Enter`, `C-d`, `Tab`), one call each.
    fn keys(&self, keys: &[&str]) {
        for k in keys {
            Command::new("tmux")
                .args(["send-keys", "-t", &self.name, k])
                .status()
                .expect("send-keys");
        }
    }

    /// Type literal text.
    fn type_text(&self, text: &str) {
        Command::new("tmux")
            .args(["send-keys", "-l", "-t", &self.name, text])
            .status()
            .expect("send-keys -l");
    }

    /// Paste through bracketed paste (tmux turns the newlines into CR, as terminals do).
    fn paste(&self, text: &str) {
        let buffer = format!("{}-buf", self.name);
        Command::new("tmux")
            .args(["set-buffer", "-b", &buffer, text])
            .status()
            .expect("set-buffer");
        Command::new("tmux")
            .args(["paste-buffer", "-p", "-d", "-b", &buffer, "-t", &self.name])
            .status()
            .expect("paste-buffer");
    }

    fn resize(&self, width: u16, height: u16) {
        Command::new("tmux")
            .args(["resize-window", "-t", &self.name, "-x"])
            .arg(width.to_string())
            .arg("-y")
            .arg(height.to_string())
            .status()
            .expect("resize-window");
    }

    /// Run a `:` command line and wait for the result to be shown.
    fn command(&self, line: &str, then: &str) -> String {
        self.keys(&[":"]);
        self.wait_for("Enter run");
        self.type_text(line);
        self.keys(&["Enter"]);
        self.wait_for(then)
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["kill-session", "-t", &self.name])
            .status();
    }
}

fn data_dir() -> tempfile::TempDir {
    tempfile::tempdir().expect("tempdir")
}

fn demo_save(dir: &Path) -> PathBuf {
    dir.join("games").join("demo.ron")
}

#[test]
fn first_run_opens_the_demo_and_quits_cleanly() {
    if !tmux_available() {
        return;
    }
    let dir = data_dir();
    let d = dir.path().to_string_lossy().to_string();
    let s = Session::start(&["--data-dir", &d], 100, 30);
    let screen = s.wait_for("Roster");
    assert!(screen.contains("Night 2"), "{screen}");
    assert!(screen.contains("Mafia 1923"));
    assert!(
        demo_save(dir.path()).exists(),
        "the demo was copied into the data dir"
    );
    s.keys(&["?"]);
    s.wait_for("show every key binding");
    s.keys(&["Escape"]);
    s.wait_for("1 Roster");
    s.keys(&["q"]);
    let screen = s.wait_for("EXITED");
    assert!(screen.contains("EXITED 0"), "{screen}");
}

#[test]
fn enter_resolve_commit_save_quit_and_reopen() {
    if !tmux_available() {
        return;
    }
    let dir = data_dir();
    let d = dir.path().to_string_lossy().to_string();
    let s = Session::start(&["--data-dir", &d], 120, 36);
    s.wait_for("Roster");
    s.command("act Quinn detective Kira", "Quinn → detective → Kira");
    s.keys(&["r"]);
    s.wait_for("resolved");
    s.keys(&["Down", "Down"]);
    s.wait_for("step 2/");
    s.keys(&["C"]);
    s.wait_for("Commit Night 2?");
    s.keys(&["y"]);
    s.wait_for("Day 2");
    s.keys(&["s"]);
    s.wait_for("● saved");
    s.keys(&["q"]);
    s.wait_for("EXITED 0");
    drop(s);

    let saved = mafia_mod::savefile::load_game(&demo_save(dir.path())).expect("the save loads");
    assert_eq!(saved.phase_name(), "Day 2");
    // The console's log in the data directory (issue 30, item 6) has the save.
    let log = std::fs::read_to_string(mafia_mod::log::path(dir.path())).expect("the log");
    assert!(log.contains("the console starts"), "{log}");
    assert!(log.contains("saved game="), "{log}");
    // Reopen with no arguments: the most recent game, in the same state.
    let again = Session::start(&["--data-dir", &d], 120, 36);
    let screen = again.wait_for("Roster");
    assert!(screen.contains("Day 2"), "{screen}");
    assert!(
        screen.contains("Vote tally"),
        "day phases show the tally: {screen}"
    );
    again.keys(&["4"]);
    again.keys(&["["]);
    let screen = again.wait_for("(committed)");
    assert!(screen.contains("Night 2"), "{screen}");
    again.keys(&["q"]);
    again.wait_for("EXITED 0");
    // And `open FILE` opens the same save.
    let path = demo_save(dir.path()).to_string_lossy().to_string();
    let opened = Session::start(&["open", &path], 100, 30);
    let screen = opened.wait_for("Roster");
    assert!(screen.contains("Day 2"), "{screen}");
    opened.keys(&["q"]);
    opened.wait_for("EXITED 0");
}

/// Issue 9 item 9: a batch of ten PMs pasted at once, two undecided lines dropped, the rest
/// entered together, the night committed; then the console survives resizes.
#[test]
fn a_pasted_batch_of_ten_pms_is_entered_and_the_night_committed() {
    if !tmux_available() {
        return;
    }
    let dir = data_dir();
    let d = dir.path().to_string_lossy().to_string();
    let s = Session::start(&["--data-dir", &d], 110, 34);
    s.wait_for("Roster");
    s.keys(&["p"]);
    s.wait_for("Paste a batch");
    s.paste(
        "From: Ann\nHi host, I heal Dino tonight.\n\nFrom: Ida\nguard Leo please\n\n\
         From: Quinn\ninvestigate Bruno\n\nFrom: Mia\npoison Sal\n\n\
         From: Olga\nI want Nico to learn Kira's role\n\nFrom: Vera\ncancel Olga tonight\n\n\
         From: Bruno\nwe kill Franco and Xena\n\nFrom: Carla\nwhen does the night end?\n\n\
         From: Franco\nno action from me, I'm a townie\n\nFrom: Tess\nkill Gina and Pio",
    );
    let screen = s.wait_for("Batch review");
    assert!(screen.contains("act Olga paperboy Nico Kira"), "{screen}");
    // Carla's and Franco's questions are the 8th and 9th lines: drop both.
    s.keys(&["End", "k", "d", "k", "d", "Enter"]);
    s.wait_for("8 entries entered");
    s.keys(&["C"]);
    s.wait_for("Commit check");
    s.keys(&["y"]);
    s.wait_for("Day 2 begins");
    s.resize(60, 16);
    s.wait_for("1 Roster");
    s.resize(30, 8);
    s.wait_for("Terminal too small");
    s.resize(80, 24);
    s.wait_for("1 Roster");
    s.keys(&["q"]);
    s.wait_for("EXITED 0");
    let saved = mafia_mod::savefile::load_game(&demo_save(dir.path())).expect("loads");
    assert_eq!(saved.phase_name(), "Day 2");
    assert!(saved.state().history.iter().any(|p| p.name == "Night 2"));
    let acts: Vec<String> = saved
        .entries()
        .iter()
        .filter_map(|e| match &e.entry {
            mafia_mod::engine::Entry::Act {
                actor,
                ability,
                targets,
                ..
            } => Some(format!("{actor} {ability} {}", targets.join(" "))),
            _ => None,
        })
        .collect();
    for act in [
        "Ann doctor Dino",
        "Olga paperboy Nico Kira",
        "Vera boss Olga",
        "Tess mafia_kill Gina Pio",
    ] {
        assert!(acts.iter().any(|a| a == act), "{act} is not in {acts:?}");
    }
}

#[test]
fn a_broken_save_is_an_error_with_its_position_not_a_crash() {
    if !tmux_available() {
        return;
    }
    let dir = data_dir();
    let bad = dir.path().join("bad.ron");
    std::fs::write(&bad, "Game(\n    version: 1,\n    name: 7,\n)").expect("write");
    let b = bad.to_string_lossy().to_string();
    let s = Session::start(&["open", &b], 100, 30);
    let screen = s.wait_for("EXITED");
    assert!(screen.contains("EXITED 2"), "{screen}");
    assert!(screen.contains("bad.ron:3:"), "{screen}");
}

/// Issue 14: the console killed (SIGKILL) after an entry its save could not write (here a
/// backup's place is taken by a folder) loses nothing: the next start offers the entry back from
/// the journal, and once the save can be written it is there. A second console opened on the
/// save meanwhile is read-only and says who holds it.
#[test]
fn a_killed_console_loses_nothing_the_screen_showed() {
    if !tmux_available() {
        return;
    }
    let dir = data_dir();
    let games = dir.path().join("games");
    std::fs::create_dir_all(&games).expect("games");
    let save = games.join("g.ron");
    std::fs::write(&save, mafia_mod::console::DEMO_SAVE).expect("save");
    // Rotating `bak09` onto a non-empty folder `bak10` fails: every save fails, the journal
    // beside the save does not.
    std::fs::write(games.join("g.ron.bak09"), "old").expect("bak09");
    std::fs::create_dir_all(games.join("g.ron.bak10/x")).expect("bak10");
    let path = save.to_string_lossy().to_string();
    let s = Session::start(&["open", &path], 120, 36);
    s.wait_for("Roster");
    let reader = Session::start(&["open", &path], 120, 36);
    reader.wait_for("READ-ONLY");
    drop(reader);
    s.keys(&[":"]);
    s.wait_for("Enter run");
    s.type_text("modkill Bruno");
    s.keys(&["Enter"]);
    s.wait_for("SAVE FAILED");
    // Kill the console where it stands: the process running this binary on this save.
    let ours = |pid: &str| {
        std::fs::read(format!("/proc/{pid}/cmdline")).is_ok_and(|c| {
            let args: Vec<&[u8]> = c.split(|b| *b == 0).collect();
            args.first() == Some(&BIN.as_bytes()) && args.contains(&path.as_bytes())
        })
    };
    let pids: Vec<String> = std::fs::read_dir("/proc")
        .expect("/proc")
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().to_string())
        .filter(|p| p.bytes().all(|b| b.is_ascii_digit()) && ours(p))
        .collect();
    assert!(!pids.is_empty(), "the console runs");
    for p in pids {
        let _ = Command::new("kill").args(["-9", &p]).status();
    }
    s.wait_for("EXITED 137");
    drop(s);
    assert!(
        mafia_mod::savefile::load_game(&save)
            .expect("loads")
            .state()
            .slot_by_name("Bruno")
            .expect("Bruno")
            .alive
    );
    std::fs::remove_dir_all(games.join("g.ron.bak10")).expect("the folder goes");
    let again = Session::start(&["open", &path], 120, 36);
    let screen = again.wait_for("Recover the entries the journal kept?");
    assert!(screen.contains("modkill Bruno"), "{screen}");
    again.keys(&["y"]);
    again.wait_for("recovered 1 entry");
    again.keys(&["q"]);
    again.wait_for("EXITED 0");
    let saved = mafia_mod::savefile::load_game(&save).expect("loads");
    assert!(!saved.state().slot_by_name("Bruno").expect("Bruno").alive);
}

/// The Conan demo in the real console (issue 12): open a copy, vote by the command line, commit
/// Day 1 and find the lynch and the arrest in the post; the crime log stays on the host sheet.
#[test]
fn a_conan_day_is_voted_and_committed() {
    if !tmux_available() {
        return;
    }
    let dir = data_dir();
    let copy = dir.path().join("demo-conan.ron");
    let demo = Path::new(env!("CARGO_MANIFEST_DIR")).join("saves/demo-conan.ron");
    std::fs::copy(&demo, &copy).expect("copy the Conan demo");
    let path = copy.to_string_lossy().to_string();
    let s = Session::start(&["open", &path], 160, 45);
    let screen = s.wait_for("Roster");
    assert!(screen.contains("Detective Conan"), "{screen}");
    assert!(screen.contains("Day 1"), "{screen}");
    s.command("vote Mei Goro", "Mei votes Goro");
    s.command("vote Sara Goro", "Sara votes Goro");
    s.keys(&["C"]);
    s.wait_for("Commit Day 1?");
    s.keys(&["y"]);
    s.wait_for("Night 2");
    // After the commit the draft pane shows the committed post.
    let post = s.wait_for("Day 1 (committed)");
    assert!(post.contains("Goro was lynched"), "{post}");
    assert!(post.contains("Akira has been arrested"), "{post}");
    assert!(
        post.contains("Akira (Arrested)"),
        "the list of the living marks him: {post}"
    );
    assert!(!post.contains("Crime log"), "{post}");
    s.keys(&["s"]);
    s.wait_for("● saved");
    s.keys(&["q"]);
    s.wait_for("EXITED 0");
    let saved = mafia_mod::savefile::load_game(&copy).expect("the save loads");
    assert_eq!(saved.phase_name(), "Night 2");
}

/// A WWR game from the demo role book, as a new host would start it (issue 13): `new` on the
/// setup file deals the roles, the console answers prompts and votes in the Den's Hunt by the
/// command line, and committing Day 0 and Night 1 runs the bot's pipeline: the Hunt's victim
/// dies, and the post says so.
#[test]
fn a_wwr_demo_night_is_answered_and_committed() {
    if !tmux_available() {
        return;
    }
    let dir = data_dir();
    let save = dir.path().join("wwr.ron");
    let players = dir.path().join("players.txt");
    let lines: Vec<String> = mafia_mod::demo::WWR_DEMO_DEAL
        .iter()
        .map(|(n, r)| format!("{n} | | {r}"))
        .collect();
    std::fs::write(&players, lines.join("\n")).expect("players");
    let setup = Path::new(env!("CARGO_MANIFEST_DIR")).join(mafia_mod::demo::WWR_DEMO_SETUP);
    let created = Command::new(BIN)
        .arg("new")
        .arg("--roleset")
        .arg(&setup)
        .arg("--players")
        .arg(&players)
        .arg("-o")
        .arg(&save)
        .output()
        .expect("new runs");
    assert!(created.status.success(), "{created:?}");
    let path = save.to_string_lossy().to_string();
    let s = Session::start(&["open", &path], 160, 45);
    let screen = s.wait_for("Roster");
    assert!(screen.contains("Day 0"), "{screen}");
    s.keys(&["C"]);
    s.wait_for("Commit Day 0?");
    s.keys(&["y"]);
    s.wait_for("Night 1");
    s.command("act Fay herbalist Kim", "Fay herbalist");
    s.command("vote hunt Lou Gus", "Lou votes Gus");
    s.command("vote hunt Max Gus", "Max votes Gus");
    s.keys(&["C"]);
    s.wait_for("Commit Night 1?");
    s.keys(&["y"]);
    let post = s.wait_for("Night 1 (committed)");
    assert!(post.contains("Gus has died."), "{post}");
    assert!(post.contains("Alive (15)"), "{post}");
    s.keys(&["s"]);
    s.wait_for("● saved");
    s.keys(&["q"]);
    s.wait_for("EXITED 0");
    let saved = mafia_mod::savefile::load_game(&save).expect("the save loads");
    assert_eq!(saved.phase_name(), "Day 1");
    assert!(!saved.state().slot_by_name("Gus").expect("Gus").alive);
}
