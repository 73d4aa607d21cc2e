//! Polls: creating a poll in a location, adding, cancelling or deleting one, and manipulating
//! a running poll (a candidate's status or its vote count).

use super::{AbilityKind, AbilityNode, Lead, Type};
use crate::wwr::ability::{duration, expected_after, value_after};
use crate::wwr::ast::{Duration, Value};
use crate::wwr::compile::{Compiled, not_yet};
use crate::wwr::cursor::{Cursor, PResult};
use crate::wwr::render::{Dur, Opt};
use crate::wwr::resolve::{POLL, Ref};
use crate::wwr::value::{parse_value, parse_value_exact};
use serde::Serialize;
use std::fmt;

/// `Create [<name>] Poll in <location> [as <title>]`, `Add|Cancel|Delete <name> Poll`, `Manipulate
/// <name> Poll (…) [(~Duration)]`.
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

pub(super) const TYPE: Type = Type {
    leads: &[("Create", parse_create), ("Delete", parse_delete)],
    verbs: &["Create", "Cancel", "Delete"],
};

/// A poll ability with the parts it names; no duration.
fn poll(
    action: PollAction,
    poll: Option<Value>,
    location: Option<Value>,
    name: Option<Value>,
    manipulation: Option<PollManipulation>,
) -> Poll {
    Poll {
        action,
        poll,
        location,
        name,
        manipulation,
        duration: None,
    }
}

/// `Create [<name>] Poll in <location> [as <title>]`.
fn parse_create(c: &mut Cursor, _lead: Lead) -> PResult<AbilityKind> {
    let poll_name = if c.eat_phrase("Poll") {
        None
    } else {
        let name = parse_value(c)?;
        c.expect_phrase("Poll", "the poll name")?;
        Some(name)
    };
    c.expect_phrase("in", "`Create … Poll`")?;
    let location = parse_value(c)?;
    let name = value_after(c, "as")?;
    Ok(AbilityKind::Poll(poll(
        PollAction::Create,
        poll_name,
        Some(location),
        name,
        None,
    )))
}

/// `Delete <name> Poll`.
fn parse_delete(c: &mut Cursor, _lead: Lead) -> PResult<AbilityKind> {
    let name = parse_value(c)?;
    c.expect_phrase("Poll", "the poll name")?;
    Ok(AbilityKind::Poll(poll(
        PollAction::Delete,
        Some(name),
        None,
        None,
        None,
    )))
}

/// `Add <name> Poll`, once [`super::add`] has read the name and `Poll`.
pub(super) fn add(name: Value) -> AbilityKind {
    AbilityKind::Poll(poll(PollAction::Add, Some(name), None, None, None))
}

/// After `Cancel` when neither the end nor `with` follows (see [`super::cancel`]):
/// `<name> Poll`.
pub(super) fn parse_cancel(c: &mut Cursor) -> PResult<AbilityKind> {
    let name = parse_value(c)?;
    c.expect_phrase("Poll", "the poll name (or `with` for a cancelled visit)")?;
    Ok(AbilityKind::Poll(poll(
        PollAction::Cancel,
        Some(name),
        None,
        None,
        None,
    )))
}

/// After `Manipulate <name> Poll` (see [`super::manipulate`]):
/// `(<target> is <status>)` or `(<target> has <n> [hidden] votes)`, then `(~Duration)`.
pub(super) fn parse_manipulation(c: &mut Cursor, subject: Value) -> PResult<AbilityKind> {
    c.skip_ws();
    let open = c.pos;
    let Some(close) = (c.peek() == Some('('))
        .then(|| c.matching_close())
        .flatten()
    else {
        return Err(c.error_here(format!(
            "expected `(<target> is `Unvotable`)` or `(<target> has <n> votes)` after \
             `Poll`, found {}",
            c.found()
        )));
    };
    let mut inner = c.sub(open + 1, close - 1);
    let target = parse_value(&mut inner)?;
    let manipulation = if inner.eat_phrase("is") {
        PollManipulation::Status {
            target,
            status: parse_value_exact(&mut inner, "the poll manipulation")?,
        }
    } else if inner.eat_phrase("has") {
        let votes = parse_value(&mut inner)?;
        let hidden = inner.eat_phrase("hidden");
        inner.expect_phrase("votes", "the vote count")?;
        inner.expect_end("the poll manipulation")?;
        PollManipulation::Votes {
            target,
            votes,
            hidden,
        }
    } else {
        return Err(expected_after(
            &inner,
            "`is` or `has`",
            "the manipulated player",
        ));
    };
    c.pos = close;
    let mut node = poll(
        PollAction::Manipulate,
        Some(subject),
        None,
        None,
        Some(manipulation),
    );
    node.duration = duration(c)?;
    Ok(AbilityKind::Poll(node))
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
        None
    }
}
