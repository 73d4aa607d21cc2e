//! Announcements: a message to the actor (learn, know), to everyone (announce) or to a named
//! place or player (reveal).

use crate::wwr::ast::Value;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Announcement {
    pub kind: AnnouncementKind,
    pub info: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<Value>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum AnnouncementKind {
    Reveal,
    Announce,
    Learn,
    Know,
}
