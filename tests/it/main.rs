//! The integration tests, one crate: a change relinks one test binary instead of forty.
//! The scenario runner (`tests/scenarios.rs`) and the tmux end-to-end runs
//! (`tests/e2e_console.rs`) stay apart: the first is its own harness, the second drives
//! the real binary in a terminal and should not share the machine with the rest.

/// The invariants every scenario keeps, shared with the scenario runner.
#[path = "../invariants/mod.rs"]
mod invariants;

mod cli_common;
mod common;
mod props_common;
mod tui;

mod bad_input;
mod cli;
mod commit_check;
mod conan_cli;
mod conan_props;
mod conan_secrecy;
mod crash_saves;
mod demo_save;
mod engine_demo;
mod engine_props;
mod fuzz_parsers;
mod host_documents;
mod kernel;
mod layering;
mod ledger;
mod public_view;
mod published_posts;
mod queue_stage_order;
mod reliability;
mod requirements;
mod ru_city_console;
mod ru_city_posts;
mod save_layout;
mod secrecy;
mod simulate;
mod store_errors;
mod store_files;
mod store_roundtrip;
mod store_version;
mod tally_matches_resolution;
mod target_kinds;
mod tui_update;
mod tui_view;
mod understand_corpus;
mod wwr_cli;
mod wwr_compile;
mod wwr_corpus;
mod wwr_fuzz;
mod wwr_malformed;
mod wwr_props;
mod wwr_resolve;
mod wwr_roundtrip;
mod wwr_show;
mod wwr_valid;
