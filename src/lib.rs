//! mafia-mod: an offline console for the host of a forum mafia or werewolf game.
//!
//! The crate is split so that the rules never see the UI:
//! [`rules`] describes a rule system as data, [`engine`] replays a game's entries into state and
//! resolves phases, [`mechanics`] holds what a rule system needs beyond the shared vocabulary,
//! [`store`] reads and writes RON files safely, [`scenario`] runs games written as data,
//! [`export`] renders messages for forums, [`wwr`] reads the Werewolves Revamped role language,
//! and [`tui`] is the console on top.

pub mod store;
pub mod wwr;
