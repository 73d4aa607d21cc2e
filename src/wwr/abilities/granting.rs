//! Granting: extra roles. A role is granted to a player, revoked from one, or transferred from
//! one player to another.

use super::{AbilityKind, AbilityNode, Lead, Type};
use crate::wwr::ast::Value;
use crate::wwr::compile::{Compiled, Vocabulary, opt, text};
use crate::wwr::cursor::{Cursor, PResult};
use crate::wwr::render::Opt;
use crate::wwr::resolve::{ROLE, Ref};
use crate::wwr::value::parse_value;
use serde::Serialize;
use std::fmt;

/// `Grant <role> to <player>`, `Revoke <role> from <player>`, `Transfer <role> from <player> to
/// <player>`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Granting {
    pub action: GrantAction,
    pub role: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<Value>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum GrantAction {
    Grant,
    Revoke,
    Transfer,
}

pub(super) const TYPE: Type = Type {
    leads: &[("Grant", parse), ("Revoke", parse), ("Transfer", parse)],
    verbs: &["Grant", "Revoke", "Transfer"],
};

/// `Grant <role> to <player>`, `Revoke <role> from <player>` or
/// `Transfer <role> from <player> to <player>`.
fn parse(c: &mut Cursor, lead: Lead) -> PResult<AbilityKind> {
    let role = parse_value(c)?;
    let (action, from, to) = match lead.word {
        "Grant" => {
            c.expect_phrase("to", "the granted role")?;
            (GrantAction::Grant, None, Some(parse_value(c)?))
        }
        "Revoke" => {
            c.expect_phrase("from", "the revoked role")?;
            (GrantAction::Revoke, Some(parse_value(c)?), None)
        }
        _ => {
            c.expect_phrase("from", "the transferred role")?;
            let from = parse_value(c)?;
            c.expect_phrase("to", "the previous holder")?;
            (GrantAction::Transfer, Some(from), Some(parse_value(c)?))
        }
    };
    Ok(AbilityKind::Granting(Granting {
        action,
        role,
        from,
        to,
    }))
}

impl fmt::Display for Granting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Granting {
            action,
            role,
            from,
            to,
        } = self;
        match action {
            GrantAction::Grant => write!(f, "Grant {role}{}", Opt("to", to)),
            GrantAction::Revoke => write!(f, "Revoke {role}{}", Opt("from", from)),
            GrantAction::Transfer => {
                write!(f, "Transfer {role}{}{}", Opt("from", from), Opt("to", to))
            }
        }
    }
}

impl AbilityNode for Granting {
    fn type_name(&self) -> &'static str {
        "Granting"
    }

    fn values(&self) -> Vec<&Value> {
        let Granting { role, from, to, .. } = self;
        let mut out: Vec<&Value> = vec![role];
        out.extend(from.as_ref().into_iter().chain(to.as_ref()));
        out
    }

    fn refs(&self) -> Vec<Ref<'_>> {
        vec![Ref::Named(ROLE, &self.role)]
    }

    fn compile(&self) -> Compiled {
        let Granting {
            action,
            role,
            from,
            to,
        } = self;
        let role = text(role);
        let from = opt(from).unwrap_or_default();
        let to = opt(to).unwrap_or_default();
        Compiled::Executable(match action {
            GrantAction::Grant => Vocabulary::GrantRole { role, to },
            GrantAction::Revoke => Vocabulary::RevokeRole { role, from },
            GrantAction::Transfer => Vocabulary::TransferRole { role, from, to },
        })
    }

    fn layer(&self) -> Option<&'static str> {
        None
    }
}
