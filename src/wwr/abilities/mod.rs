//! One module per ability type: the parser half of the WWR language (the executor half is
//! `crate::mechanics::wwr::abilities`). A type's module holds its syntax tree node.

pub mod activating;
pub mod announcing;
pub mod ascending;
pub mod attributes;
pub mod cancelling;
pub mod changing;
pub mod choices;
pub mod conversation_reset;
pub mod copying;
pub mod counting;
pub mod disbanding;
pub mod disguising;
pub mod displaying;
pub mod emitting;
pub mod executing;
pub mod feedback;
pub mod formatting;
pub mod granting;
pub mod investigating;
pub mod joining;
pub mod killing;
pub mod locking;
pub mod loyalty;
pub mod obstructing;
pub mod polling;
pub mod protecting;
pub mod redirecting;
pub mod resurrecting;
pub mod shuffling;
pub mod switching;
pub mod targeting;
pub mod vote_manipulating;
pub mod whispering;
