//! Secrets stay secret: every scenario's run is checked for leaks in its public posts
//! (`tests/invariants`); here the check is shown to find the leaks made on purpose.

use crate::invariants::leaks;
use std::path::PathBuf;

/// The check finds a leak where there is one: a public host message revealing a living
/// player's role, and a private result repeated in the post.
#[test]
fn a_leak_on_purpose_is_found() {
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/secrecy/host_reveals_a_living_role.ron");
    let game = mafia_mod::scenario::play_file(&file).expect("plays");
    let found = leaks(&game);
    assert!(
        found.iter().any(|l| l.contains("`Doctor` beside Ann")),
        "{found:#?}"
    );
    assert!(
        found
            .iter()
            .any(|l| l.contains("`Mafia Member` beside Bob")),
        "{found:#?}"
    );
}
