//! Running the real binary from a test, for every rule system's command-line tests.

// Each test binary includes this module and uses the part it needs.
#![allow(dead_code)]

use std::process::{Command, Output};

/// `mafia-mod ARGS…`, waited for.
pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mafia-mod"))
        .args(args)
        .output()
        .expect("run mafia-mod")
}

/// Everything it printed, standard output then errors.
pub fn out(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}
