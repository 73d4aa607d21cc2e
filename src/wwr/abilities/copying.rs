//! Copying: the actor takes on a copy of another player's role, optionally without running
//! the copied role's starting abilities.

use super::AbilityNode;
use crate::wwr::ast::Value;
use crate::wwr::compile::{Compiled, Vocabulary, text};
use serde::Serialize;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Copying {
    pub target: Value,
    pub suppressed: bool,
}

impl fmt::Display for Copying {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Copying { target, suppressed } = self;
        let suffix = if *suppressed { " (Suppressed)" } else { "" };
        write!(f, "Copy {target}{suffix}")
    }
}

impl AbilityNode for Copying {
    fn type_name(&self) -> &'static str {
        "Copying"
    }

    fn values(&self) -> Vec<&Value> {
        vec![&self.target]
    }

    fn compile(&self) -> Compiled {
        let Copying { target, suppressed } = self;
        Compiled::Executable(Vocabulary::CopyRole {
            from: text(target),
            suppress_starting: *suppressed,
        })
    }

    fn layer(&self) -> Option<&'static str> {
        Some("copying (layer C)")
    }
}
