//! Load a 2,000-entry save many times, for profilers (`perf record`, callgrind), the reading of
//! the text and the replay apart: `profile_load [read|replay|both] [times]`.
use mafia_mod::engine::{Entry, Game};
use mafia_mod::savefile::{game_text, parse_game, read_game_file};
use std::path::Path;
use std::time::Instant;

/// The allocator the binary uses (`src/main.rs`).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let mut args = std::env::args().skip(1);
    let what = args.next().unwrap_or_else(|| "both".into());
    let times: u32 = args.next().and_then(|n| n.parse().ok()).unwrap_or(300);
    let mut game = mafia_mod::demo::large_game(220, 9, 1).expect("game");
    let _ = game.submit(Entry::Resolve, None);
    let text = game_text(&game).expect("text");
    let path = Path::new("profile.ron");
    println!("{} entries, {} bytes", game.entries().len(), text.len());
    let start = Instant::now();
    for _ in 0..times {
        match what.as_str() {
            "read" => drop(std::hint::black_box(read_game_file(path, &text))),
            "replay" => {
                let file = game.file().clone();
                let replayed = Game::from_file(file, &mafia_mod::systems::SYSTEMS);
                drop(std::hint::black_box(replayed));
            }
            _ => drop(std::hint::black_box(parse_game(path, &text))),
        }
    }
    let each = start.elapsed().as_secs_f64() * 1e3 / f64::from(times);
    println!("{what}: {each:.2} ms each");
}
