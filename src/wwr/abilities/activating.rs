//! Activating: a dead player's abilities work again, while they hold an attribute or always
//! (haunting games).

use super::{AbilityKind, AbilityNode, Lead, Type};
use crate::wwr::ability::expected_after;
use crate::wwr::ast::Value;
use crate::wwr::compile::{Compiled, not_yet};
use crate::wwr::cursor::{Cursor, PResult};
use crate::wwr::resolve::{ATTRIBUTE, Ref};
use crate::wwr::value::parse_value;
use serde::Serialize;
use std::fmt;

/// `Activate <player> while <attribute>|always`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Activating {
    pub target: Value,
    /// `while <value>`; absent for `always`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub while_: Option<Value>,
}

pub(super) const TYPE: Type = Type {
    leads: &[("Activate", parse)],
    verbs: &["Activate"],
};

/// `Activate <player> while <attribute>` or `Activate <player> always`.
fn parse(c: &mut Cursor, _lead: Lead) -> PResult<AbilityKind> {
    let target = parse_value(c)?;
    let while_ = if c.eat_phrase("always") {
        None
    } else if c.eat_phrase("while") {
        Some(parse_value(c)?)
    } else {
        return Err(expected_after(
            c,
            "`while <attribute>` or `always`",
            "the activated player",
        ));
    };
    Ok(AbilityKind::Activating(Activating { target, while_ }))
}

impl fmt::Display for Activating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Activating { target, while_ } = self;
        match while_ {
            Some(value) => write!(f, "Activate {target} while {value}"),
            None => write!(f, "Activate {target} always"),
        }
    }
}

impl AbilityNode for Activating {
    fn type_name(&self) -> &'static str {
        "Activating"
    }

    fn values(&self) -> Vec<&Value> {
        let Activating { target, while_ } = self;
        let mut out: Vec<&Value> = vec![target];
        out.extend(while_.as_ref());
        out
    }

    fn refs(&self) -> Vec<Ref<'_>> {
        self.while_
            .iter()
            .map(|a| Ref::Named(ATTRIBUTE, a))
            .collect()
    }

    fn compile(&self) -> Compiled {
        not_yet("ghostly activation needs haunting mode in the engine")
    }

    fn layer(&self) -> Option<&'static str> {
        Some("activation (layer C)")
    }
}
