//! Formatting: a value is written through a template, optionally split into a list first.

use super::{AbilityKind, AbilityNode, Lead, Type};
use crate::wwr::ast::Value;
use crate::wwr::compile::{Compiled, not_yet};
use crate::wwr::cursor::{Cursor, PResult};
use crate::wwr::render::Opt;
use crate::wwr::value::parse_value;
use serde::Serialize;
use std::fmt;

/// `Format <value> as <template> [split by <separator> as <name>]`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Formatting {
    pub source: Value,
    pub template: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub split_by: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub split_as: Option<Value>,
}

pub(super) const TYPE: Type = Type {
    leads: &[("Format", parse)],
    verbs: &["Format"],
};

/// `Format <value> as <template> [split by <separator> as <name>]`.
fn parse(c: &mut Cursor, _lead: Lead) -> PResult<AbilityKind> {
    let source = parse_value(c)?;
    c.expect_phrase("as", "the formatted value")?;
    let template = parse_value(c)?;
    let (split_by, split_as) = if c.eat_phrase("split by") {
        let by = parse_value(c)?;
        c.expect_phrase("as", "the separator")?;
        (Some(by), Some(parse_value(c)?))
    } else {
        (None, None)
    };
    Ok(AbilityKind::Formatting(Formatting {
        source,
        template,
        split_by,
        split_as,
    }))
}

impl fmt::Display for Formatting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Formatting {
            source,
            template,
            split_by,
            split_as,
        } = self;
        write!(
            f,
            "Format {source} as {template}{}{}",
            Opt("split by", split_by),
            Opt("as", split_as)
        )
    }
}

impl AbilityNode for Formatting {
    fn type_name(&self) -> &'static str {
        "Formatting"
    }

    fn values(&self) -> Vec<&Value> {
        let Formatting {
            source,
            template,
            split_by,
            split_as,
        } = self;
        let mut out: Vec<&Value> = vec![source, template];
        out.extend(split_by.as_ref().into_iter().chain(split_as.as_ref()));
        out
    }

    fn compile(&self) -> Compiled {
        not_yet("formatting lists is WWR interpreter work")
    }

    fn layer(&self) -> Option<&'static str> {
        None
    }
}
