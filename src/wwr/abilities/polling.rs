//! Polls: creating a poll in a location, adding, cancelling or deleting one, and manipulating
//! a running poll (a candidate's status or its vote count).

use crate::wwr::ast::{Duration, Value};
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Poll {
    pub action: PollAction,
    /// The poll type; absent in `Create Poll in …` written inside a poll (the poll itself).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub poll: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub location: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub manipulation: Option<PollManipulation>,
    /// How long a poll manipulation lasts (``Manipulate `Lynch` Poll (…) (~NextDay)``).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub duration: Option<Duration>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum PollAction {
    Add,
    Create,
    Cancel,
    Delete,
    Manipulate,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum PollManipulation {
    /// `(<Target> is `Unvotable`)` / `Disqualified`.
    Status { target: Value, status: Value },
    /// `(<Target> has <n> votes)` or `hidden votes`.
    Votes {
        target: Value,
        votes: Value,
        hidden: bool,
    },
}
