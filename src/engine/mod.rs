//! Pure game logic: no IO, no UI. A [`Game`] is a setup plus the host's entries; its state is
//! derived by replaying them, and each phase is resolved by a pure function into an
//! [`outcome::Outcome`] the host reviews before committing.

mod apply;
pub mod check;
pub mod correction;
pub mod deadline;
pub mod entry;
pub mod error;
pub mod game;
pub mod kept;
mod name_index;
pub mod outcome;
pub mod published;
mod replay;
pub mod resolve;
pub mod setup;
pub mod state;
pub mod stepwise;
pub mod suggest;
pub mod system;
pub mod tally;
pub mod template;
pub mod validate;

pub use entry::{Entry, HostCommand, LoggedEntry, Verdict};
pub use error::Refusal;
pub use game::{Game, GameFile, LoadError, SAVE_VERSION, VoteCheck};
pub use kept::{Kept, KeptMap};
pub use setup::{Level, PlayerSetup, Setup, SetupReport};
pub use state::{GameState, Slot, SlotId};
pub use system::{ActQuery, Facts, Registry, RuleSystem, VoteQuery};
