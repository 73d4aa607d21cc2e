//! Resurrecting: a dead player comes back to life.

use super::AbilityNode;
use crate::wwr::ast::Value;
use crate::wwr::compile::{Compiled, not_yet};
use serde::Serialize;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Resurrecting {
    pub target: Value,
}

impl fmt::Display for Resurrecting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Resurrecting { target } = self;
        write!(f, "Resurrect {target}")
    }
}

impl AbilityNode for Resurrecting {
    fn type_name(&self) -> &'static str {
        "Resurrecting"
    }

    fn values(&self) -> Vec<&Value> {
        vec![&self.target]
    }

    fn compile(&self) -> Compiled {
        not_yet("resurrection is not in the engine's vocabulary yet")
    }

    fn layer(&self) -> Option<&'static str> {
        Some("resurrection (layer C)")
    }
}
