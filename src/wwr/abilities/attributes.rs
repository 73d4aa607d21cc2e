//! Attributes: applying a custom or standard attribute to a player (for a duration, with
//! stored values), removing it, and changing one of its stored values.

use super::{AbilityKind, AbilityNode, Lead, Type};
use crate::wwr::ability::{ATTRIBUTE_VALUES, duration, value_after, value_index, values_in_parens};
use crate::wwr::ast::{Duration, Value};
use crate::wwr::compile::{Compiled, Vocabulary, lasting, not_yet, text};
use crate::wwr::cursor::{Cursor, PResult};
use crate::wwr::render::{Dur, Opt, value_list};
use crate::wwr::resolve::{ATTRIBUTE, Ref};
use crate::wwr::value::parse_value;
use serde::Serialize;
use std::fmt;

/// `Apply <attribute> to <target> [(~Duration)] [(<values>)]`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ApplyAttribute {
    pub attribute: Value,
    pub target: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub duration: Option<Duration>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<Value>,
}

/// `Remove <attribute> from <target>`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RemoveAttribute {
    pub attribute: Value,
    pub target: Value,
}

/// `Change <attribute> value <1-3> to <value> [for <target>]`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ChangeAttribute {
    pub attribute: Value,
    pub index: Value,
    pub value: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<Value>,
}

pub(super) const TYPE: Type = Type {
    leads: &[("Apply", parse_apply), ("Change", parse_change)],
    verbs: &["Apply", "Remove", "Change"],
};

/// `Apply <attribute> to <target> [(~Duration)] [(<values>)]`.
fn parse_apply(c: &mut Cursor, _lead: Lead) -> PResult<AbilityKind> {
    let attribute = parse_value(c)?;
    c.expect_phrase("to", "the attribute")?;
    let target = parse_value(c)?;
    let duration = duration(c)?;
    let values = values_in_parens(c)?;
    Ok(AbilityKind::ApplyAttribute(ApplyAttribute {
        attribute,
        target,
        duration,
        values,
    }))
}

/// `Remove <attribute> from <target>`, once [`super::remove`] has read both values.
pub(super) fn removal(attribute: Value, target: Value) -> AbilityKind {
    AbilityKind::RemoveAttribute(RemoveAttribute { attribute, target })
}

/// `Change <attribute> value <1-3> to <value> [for <target>]`.
fn parse_change(c: &mut Cursor, _lead: Lead) -> PResult<AbilityKind> {
    let attribute = parse_value(c)?;
    c.expect_phrase("value", "the attribute")?;
    let index = value_index(c, ATTRIBUTE_VALUES)?;
    c.expect_phrase("to", "the value index")?;
    let value = parse_value(c)?;
    let target = value_after(c, "for")?;
    Ok(AbilityKind::ChangeAttribute(ChangeAttribute {
        attribute,
        index,
        value,
        target,
    }))
}

impl fmt::Display for ApplyAttribute {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ApplyAttribute {
            attribute,
            target,
            duration,
            values,
        } = self;
        write!(f, "Apply {attribute} to {target}{}", Dur(*duration))?;
        if !values.is_empty() {
            f.write_str(&value_list(values))?;
        }
        Ok(())
    }
}

impl AbilityNode for ApplyAttribute {
    fn type_name(&self) -> &'static str {
        "Applying"
    }

    fn values(&self) -> Vec<&Value> {
        let ApplyAttribute {
            attribute,
            target,
            values,
            ..
        } = self;
        let mut out: Vec<&Value> = vec![attribute, target];
        out.extend(values);
        out
    }

    fn refs(&self) -> Vec<Ref<'_>> {
        vec![Ref::Named(ATTRIBUTE, &self.attribute)]
    }

    fn compile(&self) -> Compiled {
        let ApplyAttribute {
            attribute,
            target,
            duration,
            values,
        } = self;
        Compiled::Executable(Vocabulary::ApplyStatus {
            status: text(attribute),
            target: text(target),
            duration: lasting(duration),
            values: values.iter().map(text).collect(),
        })
    }

    fn layer(&self) -> Option<&'static str> {
        None
    }
}

impl fmt::Display for RemoveAttribute {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let RemoveAttribute { attribute, target } = self;
        write!(f, "Remove {attribute} from {target}")
    }
}

impl AbilityNode for RemoveAttribute {
    fn type_name(&self) -> &'static str {
        "Applying"
    }

    fn values(&self) -> Vec<&Value> {
        vec![&self.attribute, &self.target]
    }

    fn refs(&self) -> Vec<Ref<'_>> {
        vec![Ref::Attribute(&self.attribute)]
    }

    fn compile(&self) -> Compiled {
        let RemoveAttribute { attribute, target } = self;
        Compiled::Executable(Vocabulary::RemoveStatus {
            status: text(attribute),
            target: text(target),
        })
    }

    fn layer(&self) -> Option<&'static str> {
        None
    }
}

impl fmt::Display for ChangeAttribute {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ChangeAttribute {
            attribute,
            index,
            value,
            target,
        } = self;
        write!(
            f,
            "Change {attribute} value {index} to {value}{}",
            Opt("for", target)
        )
    }
}

impl AbilityNode for ChangeAttribute {
    fn type_name(&self) -> &'static str {
        "Applying"
    }

    fn values(&self) -> Vec<&Value> {
        let ChangeAttribute {
            attribute,
            index,
            value,
            target,
        } = self;
        let mut out: Vec<&Value> = vec![attribute, index, value];
        out.extend(target.as_ref());
        out
    }

    fn refs(&self) -> Vec<Ref<'_>> {
        vec![Ref::Attribute(&self.attribute)]
    }

    fn compile(&self) -> Compiled {
        not_yet("changing a stored attribute value needs attribute values in the engine")
    }

    fn layer(&self) -> Option<&'static str> {
        None
    }
}
