//! Conversation reset: the history of a channel (of a role or group) is cleared.

use super::{AbilityKind, AbilityNode, Lead, Type};
use crate::wwr::ability::optional_value;
use crate::wwr::ast::Value;
use crate::wwr::compile::{Compiled, not_yet};
use crate::wwr::cursor::{Cursor, PResult};
use crate::wwr::render::Opt;
use crate::wwr::resolve::{ROLE_OR_GROUP, Ref};
use serde::Serialize;
use std::fmt;

/// `Conversation Reset [<role or group>]`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ConversationReset {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<Value>,
}

pub(super) const TYPE: Type = Type {
    leads: &[("Conversation", parse)],
    verbs: &["Conversation Reset"],
};

/// `Conversation Reset [<role or group>]`.
fn parse(c: &mut Cursor, _lead: Lead) -> PResult<AbilityKind> {
    c.expect_phrase("Reset", "`Conversation`")?;
    Ok(AbilityKind::ConversationReset(ConversationReset {
        target: optional_value(c)?,
    }))
}

impl fmt::Display for ConversationReset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ConversationReset { target } = self;
        write!(f, "Conversation Reset{}", Opt("", target))
    }
}

impl AbilityNode for ConversationReset {
    fn type_name(&self) -> &'static str {
        "Conversation Reset"
    }

    fn values(&self) -> Vec<&Value> {
        self.target.iter().collect()
    }

    fn refs(&self) -> Vec<Ref<'_>> {
        self.target
            .iter()
            .map(|t| Ref::Named(ROLE_OR_GROUP, t))
            .collect()
    }

    fn compile(&self) -> Compiled {
        not_yet("channel history is outside the console")
    }

    fn layer(&self) -> Option<&'static str> {
        None
    }
}
