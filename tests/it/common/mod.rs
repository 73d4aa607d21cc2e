//! A small roleset-like document shape shared by the store tests: nested structs, vectors,
//! maps, options and every kind of enum variant, all with `deny_unknown_fields`.

#![allow(dead_code)]

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Doc {
    pub version: u32,
    pub name: String,
    pub roles: Vec<Role>,
    pub teams: BTreeMap<String, Team>,
    pub notes: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Role {
    pub name: String,
    pub faction: Faction,
    pub abilities: Vec<Ability>,
    pub limit: Option<u32>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Faction {
    Town,
    Mafia,
    Neutral,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ability {
    pub id: String,
    pub effect: Effect,
    pub targets: Vec<Vec<u16>>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Effect {
    Block,
    Kill { strength: u8 },
    Message(String),
    Redirect(u16, u16),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Team {
    pub members: Vec<String>,
    pub chat: bool,
}

/// A valid document, written the way a host would write it by hand.
pub const GOOD: &str = r#"// A tiny roleset.
Doc(
    version: 3,
    name: "Test \"city\"",
    roles: [
        Role(
            name: "Cop",
            faction: Town,
            abilities: [
                Ability(id: "check", effect: Message("Result: {target}"), targets: [[1, 2], []]),
            ],
            limit: None,
        ),
        Role(
            name: "Goon",
            faction: Mafia,
            abilities: [
                Ability(id: "kill", effect: Kill(strength: 1), targets: [[3]]),
                Ability(id: "drive", effect: Redirect(1, 2), targets: []),
                Ability(id: "block", effect: Block, targets: []),
            ],
            limit: Some(2),
        ),
    ],
    teams: {
        "mafia": Team(members: ["Goon"], chat: true),
    },
    notes: Some("Мафия\nline two"),
)
"#;
