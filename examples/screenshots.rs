//! Writes the README pictures: `screenshots/<name>.svg` (our cell-grid exporter) and
//! `screenshots/<name>.png` (rasterised with resvg). Every picture is the console driven by the
//! same keys a host presses, on the bundled demo game, with a fixed clock.
//!
//! Run: `cargo run --example screenshots --features screenshots`

use mafia_mod::tui::app::{App, Clock};
use mafia_mod::tui::theme::Theme;
use mafia_mod::tui::{keymap, update, view};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use std::path::{Path, PathBuf};

/// Builds the console in the state a picture shows.
type Scene = fn() -> anyhow::Result<App>;

const WIDTH: u16 = 120;
const HEIGHT: u16 = 36;

fn demo_app() -> anyhow::Result<App> {
    let game =
        mafia_mod::savefile::parse_game(Path::new("demo.ron"), mafia_mod::console::DEMO_SAVE)
            .map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut app = App::new(game, PathBuf::from("demo.ron"), None);
    app.clock = Clock::Fixed(1_790_010_000);
    app.theme = Theme {
        color: true,
        light: false,
    };
    Ok(app)
}

/// Press keys as the terminal would deliver them. Effects (saves) are not performed: the
/// pictures never touch a save.
fn press(app: &mut App, keys: &[KeyCode]) {
    for &code in keys {
        let event = Event::Key(KeyEvent::new(code, KeyModifiers::NONE));
        if let Some(msg) = keymap::translate(app, event) {
            let _ = update(app, msg);
        }
    }
}

fn typed(text: &str) -> Vec<KeyCode> {
    text.chars()
        .map(|c| {
            if c == '\n' {
                KeyCode::Enter
            } else {
                KeyCode::Char(c)
            }
        })
        .collect()
}

fn command(app: &mut App, line: &str) {
    press(app, &[KeyCode::Char(':')]);
    press(app, &typed(line));
    press(app, &[KeyCode::Enter]);
}

fn night_queue() -> anyhow::Result<App> {
    let mut app = demo_app()?;
    command(&mut app, "act Quinn detective Kira");
    press(
        &mut app,
        &[
            KeyCode::Char('r'),
            KeyCode::Down,
            KeyCode::Down,
            KeyCode::Down,
        ],
    );
    Ok(app)
}

fn day_tally() -> anyhow::Result<App> {
    let mut app = demo_app()?;
    press(&mut app, &[KeyCode::Char('C'), KeyCode::Char('y')]);
    for line in [
        "vote family Ann Rossi",
        "vote Ann Carla",
        "vote Ann Bruno",
        "vote family Bruno Capone",
        "vote family Gina Moretti",
        "vote Gina Carla",
        "act Gina councilor Rossi Carla",
        "act Xena pacifist Rossi Leo",
        "vote family Ida Moretti",
        "vote Ida Leo",
        "vote family Quinn Rossi",
        "vote Quinn Sal",
        "vote family Tess Rossi",
        "vote Tess Sal",
    ] {
        command(&mut app, line);
        if !app.overlays.is_empty() {
            // An improper vote (Bruno's for his own family) is named on the first Enter and
            // entered on the second: the picture shows it void in the tally.
            press(&mut app, &[KeyCode::Enter]);
        }
    }
    press(&mut app, &[KeyCode::Char('3')]);
    Ok(app)
}

fn new_game() -> anyhow::Result<App> {
    let mut app = demo_app()?;
    let names = "Alma\nBoris\nCleo\nDante\nEdda\nFelix\nGreta\nHector\nIris\nJonas\nKarin\nLuca\nMarta\nNils\nOona\nPaolo";
    press(&mut app, &[KeyCode::Char('n'), KeyCode::Tab]);
    press(&mut app, &[KeyCode::End]);
    for _ in 0..8 {
        press(&mut app, &[KeyCode::Backspace]);
    }
    press(&mut app, &typed("spring-1923"));
    press(&mut app, &[KeyCode::Tab]);
    let _ = update(&mut app, mafia_mod::tui::Msg::Paste(names.into()));
    press(&mut app, &[KeyCode::Tab]);
    press(&mut app, &typed("Capone, Rossi"));
    // A seed of the host's, so the pictured deal is the same at every regeneration (left
    // empty, the seed is a secret one from the system).
    press(&mut app, &[KeyCode::Tab, KeyCode::Tab]);
    press(&mut app, &typed("7"));
    press(&mut app, &[KeyCode::BackTab, KeyCode::BackTab]);
    Ok(app)
}

/// The new-game form's trial (Ctrl-T) of a 12-player ru-city deal, played to its end: the
/// win rates with their intervals and the lengths' histogram.
fn setup_trial() -> anyhow::Result<App> {
    let mut app = demo_app()?;
    let names = "Alma\nBoris\nCleo\nDante\nEdda\nFelix\nGreta\nHector\nIris\nJonas\nKarin\nLuca";
    press(
        &mut app,
        &[
            KeyCode::Char('n'),
            KeyCode::Down,
            KeyCode::Tab,
            KeyCode::Tab,
        ],
    );
    let _ = update(&mut app, mafia_mod::tui::Msg::Paste(names.into()));
    let try_it = KeyEvent::new(KeyCode::Char('t'), KeyModifiers::CONTROL);
    if let Some(msg) = keymap::translate(&app, Event::Key(try_it)) {
        let _ = update(&mut app, msg);
    }
    while app.trial_running() {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    Ok(app)
}

fn help() -> anyhow::Result<App> {
    let mut app = demo_app()?;
    press(&mut app, &[KeyCode::Char('?')]);
    Ok(app)
}

fn action_form() -> anyhow::Result<App> {
    let mut app = demo_app()?;
    press(&mut app, &[KeyCode::Char('a')]);
    press(&mut app, &typed("ol\n"));
    press(&mut app, &[KeyCode::Enter]);
    press(&mut app, &typed("k"));
    Ok(app)
}

/// A night's PMs pasted at once, under review.
fn batch_review() -> anyhow::Result<App> {
    let mut app = demo_app()?;
    press(&mut app, &[KeyCode::Char('p')]);
    let pasted = "From: Ann\nHi host, I heal Dino tonight.\n\nIda — Today at 21:04\n\
                  guard Leo... wait no, guard Xena\n\nFrom: Quinn\ninvestigate bruni pls\n\n\
                  Olga: I want Nico to learn Kira's role\n\nFrom: Carla\n\
                  when does the night end?\n\nVera: don't cancel Quinn, cancel Olga\n\n\
                  we kill Franco and Xena\n- Bruno";
    let event = Event::Paste(pasted.to_string());
    if let Some(msg) = keymap::translate(&app, event) {
        let _ = update(&mut app, msg);
    }
    press(&mut app, &[KeyCode::Down, KeyCode::Down]);
    Ok(app)
}

/// A 1923 day's votes at speed: one line a voter, both ballots, prefixes.
fn vote_mode() -> anyhow::Result<App> {
    let mut app = demo_app()?;
    press(
        &mut app,
        &[KeyCode::Char('C'), KeyCode::Char('y'), KeyCode::Char('V')],
    );
    for line in ["R C\n", "R Fra\n", "M D\n", "R A\n", "Ida M K"] {
        press(&mut app, &typed(line));
    }
    Ok(app)
}

/// The last look before a 1923 day is committed: family votes in, individual votes missing.
fn commit_check() -> anyhow::Result<App> {
    let mut app = demo_app()?;
    press(&mut app, &[KeyCode::Char('C'), KeyCode::Char('y')]);
    for voter in ["Ann", "Bruno", "Carla", "Quinn"] {
        press(&mut app, &[KeyCode::Char(':')]);
        press(&mut app, &typed(&format!("vote family {voter} Rossi\n")));
    }
    press(&mut app, &[KeyCode::Char('C')]);
    Ok(app)
}

/// An edited post whose results changed afterwards, compared.
fn draft_diff() -> anyhow::Result<App> {
    let mut app = demo_app()?;
    press(&mut app, &[KeyCode::Char('4'), KeyCode::Char('e')]);
    press(&mut app, &typed("Good morning, town! "));
    let finish = KeyEvent::new(KeyCode::Char('d'), KeyModifiers::CONTROL);
    if let Some(msg) = keymap::translate(&app, Event::Key(finish)) {
        let _ = update(&mut app, msg);
    }
    press(&mut app, &[KeyCode::Char(':')]);
    press(&mut app, &typed("act Ann doctor Ugo\n"));
    press(&mut app, &[KeyCode::Char('D')]);
    Ok(app)
}

fn render(app: &App) -> anyhow::Result<ratatui::buffer::Buffer> {
    let mut terminal = Terminal::new(TestBackend::new(WIDTH, HEIGHT))?;
    terminal.draw(|f| view(app, f))?;
    Ok(terminal.backend().buffer().clone())
}

fn png(svg: &str, path: &Path) -> anyhow::Result<()> {
    let mut options = resvg::usvg::Options::default();
    options.fontdb_mut().load_system_fonts();
    let tree = resvg::usvg::Tree::from_str(svg, &options)?;
    let size = tree.size().to_int_size();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| anyhow::anyhow!("empty picture"))?;
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::default(),
        &mut pixmap.as_mut(),
    );
    pixmap.save_png(path)?;
    Ok(())
}

/// The WWR demo at Night 1 (`saves/demo-wwr.ron`): the queue walked to the Hunt poll's close,
/// every step of the bot's pipeline with its reason.
fn wwr_night() -> anyhow::Result<App> {
    let game = mafia_mod::demo::wwr_demo_night().map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut app = App::new(game, PathBuf::from("demo-wwr.ron"), None);
    app.clock = Clock::Fixed(1_790_010_000);
    app.theme = Theme {
        color: true,
        light: false,
    };
    press(&mut app, &[KeyCode::Char('r')]);
    press(&mut app, &[KeyCode::Down; 12]);
    Ok(app)
}

fn main() -> anyhow::Result<()> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("screenshots");
    std::fs::create_dir_all(&dir)?;
    let shots: [(&str, Scene); 11] = [
        ("night-queue", night_queue),
        ("day-tally", day_tally),
        ("new-game", new_game),
        ("help", help),
        ("action-form", action_form),
        ("batch-review", batch_review),
        ("vote-mode", vote_mode),
        ("commit-check", commit_check),
        ("draft-diff", draft_diff),
        ("wwr-night", wwr_night),
        ("setup-trial", setup_trial),
    ];
    for (name, build) in shots {
        let mut app = build()?;
        // The console saves once the host pauses; the pictures skip the disk, so they show what
        // the status bar says once the save is done.
        app.save_state = mafia_mod::tui::app::SaveState::Saved;
        let svg = mafia_mod::tui::svg::to_svg(&render(&app)?);
        let svg_path = dir.join(format!("{name}.svg"));
        std::fs::write(&svg_path, &svg)?;
        png(&svg, &dir.join(format!("{name}.png")))?;
        println!("wrote {} and .png", svg_path.display());
    }
    Ok(())
}
