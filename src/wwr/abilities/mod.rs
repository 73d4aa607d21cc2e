//! One module per ability type: the parser half of the WWR language (the executor half is
//! `crate::mechanics::wwr::abilities`). A type's module holds its syntax node, its canonical
//! text (`Display`), the values and names it refers to, its compiled row (the engine
//! vocabulary it maps to, or why none yet) and its layer (why the WWR executor does not run it
//! yet). [`AbilityKind::node`] is the one match over every type; everything else asks the node.

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

use crate::wwr::ast::Value;
use crate::wwr::compile::Compiled;
use crate::wwr::resolve::Ref;
use serde::Serialize;
use std::fmt;

/// What every ability node answers; each method stands for one question the pipeline asks of
/// an ability (render, lint, resolve, compile, execute).
pub trait AbilityNode: fmt::Display {
    /// The ability type's name as the guides write it (`Killing`, `Applying`, …).
    fn type_name(&self) -> &'static str;
    /// The subtype word as filters write it (`Attack` of `[Attack Killing]`); empty if none.
    fn subtype(&self) -> &'static str {
        ""
    }
    /// The values the ability holds directly (not their parts).
    fn values(&self) -> Vec<&Value> {
        Vec::new()
    }
    /// The elements it names by a constant (roles, attributes, groups, …).
    fn refs(&self) -> Vec<Ref<'_>> {
        Vec::new()
    }
    /// Its row in the engine's shared vocabulary, or why it has none yet.
    fn compile(&self) -> Compiled;
    /// Why the WWR executor does not run it yet (`"redirection (layer B)"`); `None` when it
    /// runs.
    fn layer(&self) -> Option<&'static str>;
}

/// Every ability type of both guides, the five the guides lack (Locking, Formatting,
/// Executing, Activating, Resurrecting), and complex-action results (feedback).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum AbilityKind {
    Killing(killing::Killing),
    Investigating(investigating::Investigating),
    Targeting(targeting::Targeting),
    Untargeting,
    Disguising(disguising::Disguising),
    Protecting(protecting::Protecting),
    ApplyAttribute(attributes::ApplyAttribute),
    RemoveAttribute(attributes::RemoveAttribute),
    ChangeAttribute(attributes::ChangeAttribute),
    Redirecting(redirecting::Redirecting),
    VoteManipulating(vote_manipulating::VoteManipulating),
    Whispering(whispering::Whispering),
    Joining(joining::Joining),
    Granting(granting::Granting),
    Loyalty(loyalty::Loyalty),
    Obstructing(obstructing::Obstructing),
    Poll(polling::Poll),
    Announcement(announcing::Announcement),
    Changing(changing::Changing),
    Copying(copying::Copying),
    ChoiceCreation(choices::ChoiceCreation),
    ChoiceChoosing(choices::ChoiceChoosing),
    Ascend,
    Descend,
    Disband(disbanding::Disband),
    Counting(counting::Counting),
    ConversationReset(conversation_reset::ConversationReset),
    Cancel(cancelling::Cancel),
    Switching(switching::Switching),
    Shuffle(shuffling::Shuffle),
    Emitting(emitting::Emitting),
    Displaying(displaying::Displaying),
    DisplayUpdate(displaying::DisplayUpdate),
    Locking(locking::Locking),
    Formatting(formatting::Formatting),
    Executing(executing::Executing),
    Activating(activating::Activating),
    Resurrecting(resurrecting::Resurrecting),
    Feedback(feedback::Feedback),
    Success,
    Failure,
    /// Keep evaluating the following conditions.
    Continue,
}

impl AbilityKind {
    /// The node of this ability; the one match over every type.
    pub fn node(&self) -> &dyn AbilityNode {
        match self {
            Self::Killing(n) => n,
            Self::Investigating(n) => n,
            Self::Targeting(n) => n,
            Self::Untargeting => &targeting::Untarget,
            Self::Disguising(n) => n,
            Self::Protecting(n) => n,
            Self::ApplyAttribute(n) => n,
            Self::RemoveAttribute(n) => n,
            Self::ChangeAttribute(n) => n,
            Self::Redirecting(n) => n,
            Self::VoteManipulating(n) => n,
            Self::Whispering(n) => n,
            Self::Joining(n) => n,
            Self::Granting(n) => n,
            Self::Loyalty(n) => n,
            Self::Obstructing(n) => n,
            Self::Poll(n) => n,
            Self::Announcement(n) => n,
            Self::Changing(n) => n,
            Self::Copying(n) => n,
            Self::ChoiceCreation(n) => n,
            Self::ChoiceChoosing(n) => n,
            Self::Ascend => &ascending::Ascend,
            Self::Descend => &ascending::Descend,
            Self::Disband(n) => n,
            Self::Counting(n) => n,
            Self::ConversationReset(n) => n,
            Self::Cancel(n) => n,
            Self::Switching(n) => n,
            Self::Shuffle(n) => n,
            Self::Emitting(n) => n,
            Self::Displaying(n) => n,
            Self::DisplayUpdate(n) => n,
            Self::Locking(n) => n,
            Self::Formatting(n) => n,
            Self::Executing(n) => n,
            Self::Activating(n) => n,
            Self::Resurrecting(n) => n,
            Self::Feedback(n) => n,
            Self::Success => &feedback::Success,
            Self::Failure => &feedback::Failure,
            Self::Continue => &feedback::Continue,
        }
    }

    /// The ability type's name as the guides write it.
    pub fn type_name(&self) -> &'static str {
        self.node().type_name()
    }
}
