//! Polls: creating a poll in a location, adding, cancelling or deleting one, and manipulating
//! a running poll (a candidate's status or its vote count).

use super::AbilityNode;
use crate::wwr::ast::{Duration, Value};
use crate::wwr::compile::{Compiled, not_yet};
use crate::wwr::render::{Dur, Opt};
use crate::wwr::resolve::{POLL, Ref};
use serde::Serialize;
use std::fmt;

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

impl fmt::Display for Poll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Poll {
            action,
            poll,
            location,
            name,
            manipulation,
            duration,
        } = self;
        let verb = match action {
            PollAction::Add => "Add",
            PollAction::Create => "Create",
            PollAction::Cancel => "Cancel",
            PollAction::Delete => "Delete",
            PollAction::Manipulate => "Manipulate",
        };
        write!(f, "{verb}{} Poll", Opt("", poll))?;
        write!(f, "{}{}", Opt("in", location), Opt("as", name))?;
        match manipulation {
            Some(PollManipulation::Status { target, status }) => {
                write!(f, " ({target} is {status})")?;
            }
            Some(PollManipulation::Votes {
                target,
                votes,
                hidden,
            }) => {
                let hidden = if *hidden { "hidden " } else { "" };
                write!(f, " ({target} has {votes} {hidden}votes)")?;
            }
            None => {}
        }
        write!(f, "{}", Dur(*duration))
    }
}

impl AbilityNode for Poll {
    fn type_name(&self) -> &'static str {
        "Poll Manipulating"
    }

    fn values(&self) -> Vec<&Value> {
        let Poll {
            poll,
            location,
            name,
            manipulation,
            ..
        } = self;
        let mut out: Vec<&Value> = Vec::new();
        out.extend(
            poll.as_ref()
                .into_iter()
                .chain(location.as_ref())
                .chain(name.as_ref()),
        );
        match manipulation {
            Some(PollManipulation::Status { target, status }) => out.extend([target, status]),
            Some(PollManipulation::Votes { target, votes, .. }) => out.extend([target, votes]),
            None => {}
        }
        out
    }

    fn refs(&self) -> Vec<Ref<'_>> {
        self.poll.iter().map(|p| Ref::Named(POLL, p)).collect()
    }

    fn compile(&self) -> Compiled {
        not_yet("creating or manipulating polls needs WWR polls in the engine")
    }

    fn layer(&self) -> Option<&'static str> {
        (self.action != PollAction::Create).then_some("poll manipulation (layer B)")
    }
}
