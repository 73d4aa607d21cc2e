//! Vote manipulating: a player's voting power on one ballot (public, special public, hidden
//! public or private) is set to an amount or changed by one.

use super::{AbilityKind, AbilityNode, Type};
use crate::wwr::ability::{duration, expected_after};
use crate::wwr::ast::{Duration, Value};
use crate::wwr::compile::{Compiled, Vocabulary, lasting, text};
use crate::wwr::cursor::{Cursor, PResult};
use crate::wwr::render::Dur;
use crate::wwr::span::Diagnostic;
use crate::wwr::value::parse_value;
use serde::Serialize;
use std::fmt;

/// `Manipulate <target>'s <voting power> to|by <amount> [(~Duration)]`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct VoteManipulating {
    pub target: Value,
    pub vote: VoteKind,
    pub relative: bool,
    pub amount: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub duration: Option<Duration>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub enum VoteKind {
    Public,
    SpecialPublic,
    HiddenPublic,
    Private,
}

pub(super) const TYPE: Type = Type {
    leads: &[],
    verbs: &["Manipulate"],
};

/// After `Manipulate <target>` (when no `Poll` follows, see [`super::manipulate`]):
/// `'s <voting power> to|by <amount> [(~Duration)]`.
pub(super) fn parse_rest(c: &mut Cursor, target: Value) -> PResult<AbilityKind> {
    if !c.eat("'s") {
        return Err(expected_after(
            c,
            "`'s` (vote manipulation) or `Poll` (poll manipulation)",
            "the manipulated value",
        ));
    }
    let vote_value = parse_value(c)?;
    let vote = match vote_value.plain_text() {
        Some("public voting power") => VoteKind::Public,
        Some("special public voting power") => VoteKind::SpecialPublic,
        Some("hidden public voting power") => VoteKind::HiddenPublic,
        Some("private voting power") => VoteKind::Private,
        _ => {
            return Err(Diagnostic::error(
                vote_value.span,
                format!(
                    "unknown voting power {vote_value}; expected `public voting power`, `special \
                     public voting power`, `hidden public voting power` or `private voting power`"
                ),
            ));
        }
    };
    let relative = if c.eat_phrase("to") {
        false
    } else if c.eat_phrase("by") {
        true
    } else {
        return Err(expected_after(c, "`to` or `by`", "the voting power"));
    };
    Ok(AbilityKind::VoteManipulating(VoteManipulating {
        target,
        vote,
        relative,
        amount: parse_value(c)?,
        duration: duration(c)?,
    }))
}

impl fmt::Display for VoteManipulating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let VoteManipulating {
            target,
            vote,
            relative,
            amount,
            duration,
        } = self;
        let vote = match vote {
            VoteKind::Public => "public voting power",
            VoteKind::SpecialPublic => "special public voting power",
            VoteKind::HiddenPublic => "hidden public voting power",
            VoteKind::Private => "private voting power",
        };
        let how = if *relative { "by" } else { "to" };
        write!(
            f,
            "Manipulate {target}'s `{vote}` {how} {amount}{}",
            Dur(*duration)
        )
    }
}

impl AbilityNode for VoteManipulating {
    fn type_name(&self) -> &'static str {
        "Vote Manipulating"
    }

    fn values(&self) -> Vec<&Value> {
        vec![&self.target, &self.amount]
    }

    fn compile(&self) -> Compiled {
        let VoteManipulating {
            target,
            vote,
            relative,
            amount,
            duration,
        } = self;
        Compiled::Executable(Vocabulary::ChangeVotes {
            target: text(target),
            ballot: *vote,
            adjust: *relative,
            amount: text(amount),
            duration: lasting(duration),
        })
    }

    fn layer(&self) -> Option<&'static str> {
        None
    }
}
