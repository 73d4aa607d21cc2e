//! Targeting: the actor stores a target (optionally of a stated kind, such as a role or an
//! option) that later abilities read as `@Target`; untargeting clears it.

use super::AbilityNode;
use crate::wwr::ast::Value;
use crate::wwr::compile::{Compiled, not_yet};
use crate::wwr::resolve::{ROLE, Ref};
use serde::Serialize;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Targeting {
    pub target: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub as_type: Option<TargetType>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum TargetType {
    Player,
    PlayerOptional,
    Dead,
    Ghost,
    Role,
    Attribute,
    Category,
    FullCategory,
    Boolean,
    Option,
}

impl fmt::Display for Targeting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Targeting { target, as_type } = self;
        write!(f, "Target {target}")?;
        if let Some(t) = as_type {
            let name = match t {
                TargetType::PlayerOptional => "Player Optional".to_string(),
                TargetType::FullCategory => "Full Category".to_string(),
                other => format!("{other:?}"),
            };
            write!(f, " ({name})")?;
        }
        Ok(())
    }
}

impl AbilityNode for Targeting {
    fn type_name(&self) -> &'static str {
        "Targeting"
    }

    fn values(&self) -> Vec<&Value> {
        vec![&self.target]
    }

    fn refs(&self) -> Vec<Ref<'_>> {
        match self.as_type {
            Some(TargetType::Role) => vec![Ref::Named(ROLE, &self.target)],
            _ => Vec::new(),
        }
    }

    fn compile(&self) -> Compiled {
        not_yet("the engine has no per-player stored target yet")
    }

    fn layer(&self) -> Option<&'static str> {
        None
    }
}

/// The `Untarget` line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Untarget;

impl fmt::Display for Untarget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Untarget")
    }
}

impl AbilityNode for Untarget {
    fn type_name(&self) -> &'static str {
        "Targeting"
    }

    fn compile(&self) -> Compiled {
        not_yet("the engine has no per-player stored target yet")
    }

    fn layer(&self) -> Option<&'static str> {
        None
    }
}
