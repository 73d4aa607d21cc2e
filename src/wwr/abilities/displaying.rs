//! Displays: a display is posted with its values, and one value of a posted display is
//! updated.

use super::{AbilityKind, AbilityNode, Lead, Type};
use crate::wwr::ability::{DISPLAY_VALUES, value_index, values_in_parens};
use crate::wwr::ast::Value;
use crate::wwr::compile::{Compiled, not_yet};
use crate::wwr::cursor::{Cursor, PResult};
use crate::wwr::render::value_list;
use crate::wwr::resolve::{DISPLAY, Ref};
use crate::wwr::value::parse_value;
use serde::Serialize;
use std::fmt;

/// `Display <display> [(<values>)]`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Displaying {
    pub display: Value,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<Value>,
}

/// `Update <display> value <1-16> to <value>`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DisplayUpdate {
    pub display: Value,
    pub index: Value,
    pub value: Value,
}

pub(super) const TYPE: Type = Type {
    leads: &[("Display", parse_display), ("Update", parse_update)],
    verbs: &["Display", "Update"],
};

/// `Display <display> [(<values>)]`.
fn parse_display(c: &mut Cursor, _lead: Lead) -> PResult<AbilityKind> {
    Ok(AbilityKind::Displaying(Displaying {
        display: parse_value(c)?,
        values: values_in_parens(c)?,
    }))
}

/// `Update <display> value <index> to <value>`.
fn parse_update(c: &mut Cursor, _lead: Lead) -> PResult<AbilityKind> {
    let display = parse_value(c)?;
    c.expect_phrase("value", "the display name")?;
    let index = value_index(c, DISPLAY_VALUES)?;
    c.expect_phrase("to", "the value index")?;
    Ok(AbilityKind::DisplayUpdate(DisplayUpdate {
        display,
        index,
        value: parse_value(c)?,
    }))
}

/// Why these abilities have no engine vocabulary yet.
const NOT_YET: &str = "displays are Discord messages the console does not keep";

impl fmt::Display for Displaying {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Displaying { display, values } = self;
        write!(f, "Display {display}")?;
        if !values.is_empty() {
            f.write_str(&value_list(values))?;
        }
        Ok(())
    }
}

impl AbilityNode for Displaying {
    fn type_name(&self) -> &'static str {
        "Displaying"
    }

    fn values(&self) -> Vec<&Value> {
        let Displaying { display, values } = self;
        let mut out: Vec<&Value> = vec![display];
        out.extend(values);
        out
    }

    fn refs(&self) -> Vec<Ref<'_>> {
        vec![Ref::Named(DISPLAY, &self.display)]
    }

    fn compile(&self) -> Compiled {
        not_yet(NOT_YET)
    }

    fn layer(&self) -> Option<&'static str> {
        None
    }
}

impl fmt::Display for DisplayUpdate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let DisplayUpdate {
            display,
            index,
            value,
        } = self;
        write!(f, "Update {display} value {index} to {value}")
    }
}

impl AbilityNode for DisplayUpdate {
    fn type_name(&self) -> &'static str {
        "Displaying"
    }

    fn values(&self) -> Vec<&Value> {
        vec![&self.display, &self.index, &self.value]
    }

    fn refs(&self) -> Vec<Ref<'_>> {
        vec![Ref::Named(DISPLAY, &self.display)]
    }

    fn compile(&self) -> Compiled {
        not_yet(NOT_YET)
    }

    fn layer(&self) -> Option<&'static str> {
        None
    }
}
