//! Choices: a named choice is offered to a player with a list of options, and an option of a
//! choice is picked. These lines begin with the choice's name, not with a verb.

use super::{AbilityKind, AbilityNode};
use crate::wwr::ability::{names_in_parens, value_after};
use crate::wwr::ast::{Name, Value};
use crate::wwr::compile::{Compiled, not_yet};
use crate::wwr::cursor::{Cursor, PResult};
use crate::wwr::render::Opt;
use crate::wwr::resolve::{ROLE, Ref};
use crate::wwr::value::parse_value;
use serde::Serialize;
use std::fmt;

/// `` `Name` Choice Creation [for <chooser>] (<option>, …)``.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ChoiceCreation {
    pub choice: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chooser: Option<Value>,
    pub options: Vec<Name>,
}

/// `` `Name` Choice Choose <option>``.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ChoiceChoosing {
    pub choice: Value,
    pub option: Value,
}

/// After `` `Name` Choice Creation``: `[for <chooser>] (<option>, …)`.
pub(crate) fn parse_creation(c: &mut Cursor, choice: Value) -> PResult<AbilityKind> {
    let chooser = value_after(c, "for")?;
    let options = names_in_parens(c, "the choice's options")?;
    if options.is_empty() {
        return Err(c.error_here(format!(
            "expected the options of the choice in parentheses, e.g. `(Attack, Protect)`, found {}",
            c.found()
        )));
    }
    Ok(AbilityKind::ChoiceCreation(ChoiceCreation {
        choice,
        chooser,
        options,
    }))
}

/// After `` `Name` Choice Choose``: the chosen option.
pub(crate) fn parse_choosing(c: &mut Cursor, choice: Value) -> PResult<AbilityKind> {
    Ok(AbilityKind::ChoiceChoosing(ChoiceChoosing {
        choice,
        option: parse_value(c)?,
    }))
}

/// Why these abilities have no engine vocabulary yet.
const NOT_YET: &str = "choices are not in the engine's vocabulary yet";

impl fmt::Display for ChoiceCreation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ChoiceCreation {
            choice,
            chooser,
            options,
        } = self;
        let options: Vec<&str> = options.iter().map(|o| o.text.as_str()).collect();
        write!(
            f,
            "{choice} Choice Creation{} ({})",
            Opt("for", chooser),
            options.join(", ")
        )
    }
}

impl AbilityNode for ChoiceCreation {
    fn type_name(&self) -> &'static str {
        "Choices"
    }

    fn values(&self) -> Vec<&Value> {
        let ChoiceCreation {
            choice, chooser, ..
        } = self;
        let mut out: Vec<&Value> = vec![choice];
        out.extend(chooser.as_ref());
        out
    }

    fn refs(&self) -> Vec<Ref<'_>> {
        self.chooser.iter().map(|c| Ref::Named(ROLE, c)).collect()
    }

    fn compile(&self) -> Compiled {
        not_yet(NOT_YET)
    }

    fn layer(&self) -> Option<&'static str> {
        None
    }
}

impl fmt::Display for ChoiceChoosing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ChoiceChoosing { choice, option } = self;
        write!(f, "{choice} Choice Choose {option}")
    }
}

impl AbilityNode for ChoiceChoosing {
    fn type_name(&self) -> &'static str {
        "Choices"
    }

    fn values(&self) -> Vec<&Value> {
        vec![&self.choice, &self.option]
    }

    fn compile(&self) -> Compiled {
        not_yet(NOT_YET)
    }

    fn layer(&self) -> Option<&'static str> {
        None
    }
}
