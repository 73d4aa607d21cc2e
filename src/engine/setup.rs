//! The setup of a game: who plays, which roles, which families, which options.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// How experienced a player is; spectators are not players but receive public messages.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Level {
    Beginner,
    #[default]
    Standard,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PlayerSetup {
    pub name: String,
    pub role: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub extra_roles: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub family: Option<String>,
    #[serde(default)]
    pub level: Level,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    pub players: Vec<PlayerSetup>,
    /// Families (or teams) in display order; families named by players are added after these.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub families: Vec<String>,
    /// People who receive public messages only.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spectators: Vec<String>,
    /// Roleset options chosen for this game; missing ones take the roleset's default.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub options: BTreeMap<String, String>,
}

impl Setup {
    /// Families in order: the declared ones, then those first named by a player.
    pub fn family_list(&self) -> Vec<String> {
        let mut out = self.families.clone();
        for p in &self.players {
            if let Some(f) = &p.family
                && !out.contains(f)
            {
                out.push(f.clone());
            }
        }
        out
    }
}
