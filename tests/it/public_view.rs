//! The public view shows only what is public at that moment, in every rule system: real games
//! (every scenario of the four systems), cut at a random entry, with the host's cursors left
//! anywhere, drawn on a `TestBackend` in the public view. The screen may not show a living
//! player's role in the players' column, an actor or target marker, a result of the phase not
//! yet committed (public or private), a host note, an entry's time, a count of the living
//! other than the last post's, or a key that does not work there. The same check run on the
//! host's own view, which shows all of it, proves it finds a leak.

use crate::tui;

use mafia_mod::engine::outcome::Audience;
use mafia_mod::engine::{Game, GameFile};
use mafia_mod::systems::SYSTEMS;
use mafia_mod::tui::app::App;
use proptest::prelude::*;
use std::path::PathBuf;
use std::sync::OnceLock;

const WIDTH: u16 = 160;
const HEIGHT: u16 = 48;

/// Every scenario game that plays, once per test process.
fn games() -> &'static Vec<(String, Game)> {
    static GAMES: OnceLock<Vec<(String, Game)>> = OnceLock::new();
    GAMES.get_or_init(|| {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
        mafia_mod::scenario::collect_files(std::slice::from_ref(&root))
            .into_iter()
            .filter_map(|f| {
                let game = mafia_mod::scenario::play_file(&f).ok()?;
                Some((f.display().to_string(), game))
            })
            .collect()
    })
}

/// The game as it stood after its first `n` entries, with the posts published by then.
fn cut(game: &Game, n: usize) -> Option<Game> {
    let mut file: GameFile = game.file().clone();
    file.entries.truncate(n);
    let last = file.entries.last().map_or(0, |e| e.seq);
    file.published.retain(|p| p.seq <= last);
    Game::from_file(file, &SYSTEMS).ok()
}

fn screen(app: &App) -> Vec<String> {
    let backend = tui::draw(app, WIDTH, HEIGHT);
    let buffer = backend.buffer();
    (0..HEIGHT)
        .map(|y| {
            (0..WIDTH)
                .map(|x| buffer[(x, y)].symbol().to_string())
                .collect::<String>()
        })
        .collect()
}

/// What the screen shows that the players may not see.
fn leaks(app: &App) -> Vec<String> {
    let game = &app.game;
    let roleset = game.roleset();
    let state = game.state();
    let rows = screen(app);
    let text = rows.join("\n");
    let mut found = Vec::new();
    // What was published is public: a line of a post may name anything the post did.
    let published: String = game
        .file()
        .published
        .iter()
        .flat_map(|p| p.lines.iter().chain(p.edited.iter()))
        .cloned()
        .collect::<Vec<_>>()
        .join("\n");
    for mark in ['●', '◎'] {
        if text.contains(mark) {
            found.push(format!("the queue's marker {mark}"));
        }
    }
    // The players' column: no living player's role beside his name.
    let column = usize::from(WIDTH) * 2 / 5;
    for row in &rows {
        let left: String = row.chars().take(column).collect();
        for slot in state.living() {
            let named = left
                .split(|c: char| !c.is_alphanumeric() && c != '_')
                .any(|w| w == slot.name);
            if !named {
                continue;
            }
            // His name taken out (a Conan player may be called after his role, Gin).
            let rest = left.replacen(&slot.name, "", 1);
            for role in slot.roles().filter_map(|r| roleset.role(r)) {
                let word = |w: &str| rest.split(|c: char| !c.is_alphanumeric()).any(|x| x == w);
                if role.name.split_whitespace().all(word) && !role.name.is_empty() {
                    // a role a post named, or the game's own name (the host titled it)
                    let public_title =
                        published.contains(&role.name) || game.file().name.contains(&role.name);
                    if !public_title {
                        found.push(format!("`{}` beside {}: {left}", role.name, slot.name));
                    }
                }
            }
        }
    }
    // Nothing of the preview: its messages, public or not, that no post published.
    let preview = game.preview();
    for m in &preview.messages {
        let line = m.text.trim();
        if line.chars().count() < 16 || published.contains(line) {
            continue;
        }
        let shown = text.contains(line);
        if shown {
            let whose = match &m.audience {
                Audience::Public => "an uncommitted public result",
                Audience::Host => "a host note",
                _ => "a private result",
            };
            found.push(format!("{whose}: {line}"));
        }
    }
    // No marker of the host's (`mark`), by its text.
    for m in &state.markers {
        if m.text.chars().count() >= 8 && text.contains(&m.text) && !published.contains(&m.text) {
            found.push(format!("the host's marker: {}", m.text));
        }
    }
    // Nothing of the hidden entries: their times.
    for p in &state.pending {
        let time = mafia_mod::tui::view::clock_time(p.at);
        if p.at.is_some() && text.contains(&format!(" {time} ")) {
            found.push(format!("the time of entry #{}: {time}", p.seq));
        }
    }
    // No vote of a ballot whose votes the players do not see (1923's, the BO's election, a
    // pack's poll) among the votes shown as cast.
    let cast: Vec<&str> = text
        .split("cast (")
        .skip(1)
        .filter_map(|rest| rest.split(')').next())
        .collect();
    for p in &state.pending {
        let mafia_mod::engine::entry::PendingKind::Vote { ballot, voter, .. } = &p.kind else {
            continue;
        };
        let public = roleset
            .ballot(ballot)
            .is_some_and(|b| game.system().votes_are_public(roleset, b));
        let name = &state.slots[*voter].name;
        let listed = cast.iter().any(|c| c.split(", ").any(|v| v.trim() == name));
        if !public && listed && p.replaced_by.is_none() {
            found.push(format!("{name}'s vote on the secret ballot {ballot}"));
        }
    }
    // The count of the living is the last post's.
    let last = state
        .history
        .len()
        .checked_sub(1)
        .and_then(|p| game.published(p));
    let alive = last.map_or(state.slots.len(), |r| r.alive.len());
    let count = format!("{alive}/{} alive", state.slots.len());
    if !text.contains(&count) {
        found.push(format!(
            "a count of the living other than the post's {count}"
        ));
    }
    // Only the public view's keys are offered.
    let hints = rows.last().cloned().unwrap_or_default();
    for word in [
        "act", "vote", "commit", "undo", "log", "paste", "cmd", "edit",
    ] {
        if hints.split_whitespace().any(|w| w == word) {
            found.push(format!("the key bar offers `{word}`"));
        }
    }
    found
}

/// A host's marker on a player (any of them), in a colour: what the public view must hide.
fn mark_someone(game: &mut Game, pick: usize) {
    use mafia_mod::engine::{Entry, HostCommand};
    let slots = &game.state().slots;
    let Some(slot) = slots.get(pick % slots.len().max(1)) else {
        return;
    };
    let mark = Entry::Host(HostCommand::Mark {
        player: slot.name.clone(),
        text: "suspect: claimed doctor twice".into(),
        colour: Some("red".into()),
    });
    // A game that is over takes no entry; there is then nothing to mark.
    let _ = game.submit(mark, None);
}

/// The console on a game in the public view, with the host's cursors where he left them.
fn public_app(game: Game, cursor: usize, pane: usize) -> App {
    let mut app = App::new(game, PathBuf::from("public.ron"), None);
    app.theme = mafia_mod::tui::theme::Theme::mono();
    app.queue.cursor = cursor;
    app.roster_sel = cursor;
    app.focus = mafia_mod::tui::Pane::ALL[pane % 4];
    app.public = true;
    app
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn the_public_view_shows_nothing_secret(
        pick in any::<prop::sample::Index>(),
        at in any::<prop::sample::Index>(),
        cursor in 0usize..12,
        pane in 0usize..4,
    ) {
        let games = games();
        prop_assume!(!games.is_empty());
        let (file, game) = &games[pick.index(games.len())];
        let n = at.index(game.entries().len() + 1);
        let Some(mut game) = cut(game, n) else {
            return Ok(());
        };
        mark_someone(&mut game, cursor);
        let app = public_app(game, cursor, pane);
        let found = leaks(&app);
        prop_assert!(found.is_empty(), "{file} after {n} entries:\n{}", found.join("\n"));
    }
}

/// Every system's games are among those drawn.
#[test]
fn the_games_cover_every_rule_system() {
    let systems: std::collections::BTreeSet<&str> =
        games().iter().map(|(_, g)| g.system().id()).collect();
    for id in ["mafia-1923", "ru-city", "conan", "wwr"] {
        assert!(systems.contains(id), "no {id} game: {systems:?}");
    }
}

/// The check finds a leak where there is one: the host's own view of the demo night shows
/// roles, the queue's markers and the uncommitted results.
#[test]
fn a_leak_on_purpose_is_found() {
    let h = tui::demo();
    let mut app = public_app(h.app.game.clone(), 3, 2);
    assert!(leaks(&app).is_empty(), "{:?}", leaks(&app));
    app.public = false;
    app.queue.cursor = 3;
    app.refresh();
    let found = leaks(&app);
    assert!(found.iter().any(|l| l.contains("beside")), "{found:#?}");
    // A marker shows in the host's roster, so the check would find one in the public view.
    let mut marked = app.game.clone();
    mark_someone(&mut marked, 0);
    let mut app = public_app(marked, 0, 0);
    app.public = false;
    app.refresh();
    let found = leaks(&app);
    assert!(found.iter().any(|l| l.contains("marker")), "{found:#?}");
    assert!(found.iter().any(|l| l.contains("key bar")), "{found:#?}");
}
