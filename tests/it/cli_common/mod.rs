//! Running the real binary from a test, for every rule system's command-line tests.

// Each test binary includes this module and uses the part it needs.
#![allow(dead_code)]

use std::process::{Command, Output};

/// `mafia-mod ARGS…`, waited for, with no config file (the host's own never reaches a test).
pub fn run(args: &[&str]) -> Output {
    run_with_config(
        args,
        std::path::Path::new("/nonexistent/mafia-mod-config.toml"),
    )
}

/// `mafia-mod ARGS…` with this config file (`MAFIA_MOD_CONFIG`).
pub fn run_with_config(args: &[&str], config: &std::path::Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mafia-mod"))
        .args(args)
        .env("MAFIA_MOD_CONFIG", config)
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
