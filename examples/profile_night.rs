//! Resolve a 1,000-player night many times, for profilers (`perf record`, callgrind).
fn main() {
    let game = mafia_mod::demo::large_game(1000, 0, 1).expect("game");
    let mut steps = 0;
    for _ in 0..200 {
        steps += game.preview().steps.len();
    }
    println!("{steps} steps");
}
