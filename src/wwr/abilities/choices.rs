//! Choices: a named choice is offered to a player with a list of options, and an option of a
//! choice is picked. These lines begin with the choice's name, not with a verb.

use crate::wwr::ast::{Name, Value};
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ChoiceCreation {
    pub choice: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chooser: Option<Value>,
    pub options: Vec<Name>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ChoiceChoosing {
    pub choice: Value,
    pub option: Value,
}
