//! mafia-mod: an offline console for the host of a forum mafia or werewolf game.
//!
//! The crate is split so that the rules never see the UI:
//! [`rules`] describes a rule system as data, [`engine`] replays a game's entries into state and
//! resolves phases, [`mechanics`] holds what a rule system needs beyond the shared vocabulary,
//! [`store`] reads and writes RON files safely, [`wwr`] reads the Werewolves Revamped role
//! language.

pub mod apply;
pub mod cli;
pub mod commands;
pub mod config;
pub mod console;
pub mod demo;
pub mod engine;
pub mod export;
#[doc(hidden)]
pub mod fuzz;
pub mod kernel;
pub mod log;
pub mod mechanics;
pub mod rules;
pub mod savefile;
pub mod scenario;
pub mod script;
pub mod secret;
pub mod shared;
pub mod simulate;
pub mod store;
pub mod systems;
pub mod tui;
pub mod understand;
pub mod wwr;
