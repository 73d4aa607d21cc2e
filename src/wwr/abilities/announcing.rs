//! Announcements: a message to the actor (learn, know), to everyone (announce) or to a named
//! place or player (reveal).

use super::{AbilityKind, AbilityNode, Lead, Type};
use crate::wwr::ast::Value;
use crate::wwr::compile::{Audience, Compiled, Vocabulary, text};
use crate::wwr::cursor::{Cursor, PResult};
use crate::wwr::render::Opt;
use crate::wwr::resolve::{ROLE, Ref};
use crate::wwr::value::parse_value;
use serde::Serialize;
use std::fmt;

/// `Reveal <information> to <place>`, `Announce|Learn|Know <information>`.
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

pub(super) const TYPE: Type = Type {
    leads: &[
        ("Reveal", parse_reveal),
        ("Announce", parse),
        ("Learn", parse),
        ("Know", parse),
    ],
    verbs: &["Reveal", "Announce", "Learn", "Know"],
};

/// `Reveal <information> to <place or player>`.
fn parse_reveal(c: &mut Cursor, _lead: Lead) -> PResult<AbilityKind> {
    let info = parse_value(c)?;
    c.expect_phrase("to", "the revealed information")?;
    Ok(AbilityKind::Announcement(Announcement {
        kind: AnnouncementKind::Reveal,
        info,
        to: Some(parse_value(c)?),
    }))
}

/// `Announce|Learn|Know <information>`.
fn parse(c: &mut Cursor, lead: Lead) -> PResult<AbilityKind> {
    Ok(AbilityKind::Announcement(Announcement {
        kind: match lead.word {
            "Announce" => AnnouncementKind::Announce,
            "Learn" => AnnouncementKind::Learn,
            _ => AnnouncementKind::Know,
        },
        info: parse_value(c)?,
        to: None,
    }))
}

impl fmt::Display for Announcement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Announcement { kind, info, to } = self;
        let verb = match kind {
            AnnouncementKind::Reveal => "Reveal",
            AnnouncementKind::Announce => "Announce",
            AnnouncementKind::Learn => "Learn",
            AnnouncementKind::Know => "Know",
        };
        write!(f, "{verb} {info}{}", Opt("to", to))
    }
}

impl AbilityNode for Announcement {
    fn type_name(&self) -> &'static str {
        "Announcements"
    }

    fn values(&self) -> Vec<&Value> {
        let Announcement { info, to, .. } = self;
        let mut out: Vec<&Value> = vec![info];
        out.extend(to.as_ref());
        out
    }

    fn refs(&self) -> Vec<Ref<'_>> {
        self.to.iter().map(|to| Ref::Named(ROLE, to)).collect()
    }

    fn compile(&self) -> Compiled {
        let Announcement { kind, info, to } = self;
        Compiled::Executable(Vocabulary::Message {
            audience: match (kind, to) {
                (AnnouncementKind::Announce, _) => Audience::Public,
                (AnnouncementKind::Reveal, Some(to)) => Audience::At(text(to)),
                _ => Audience::Actor,
            },
            text: text(info),
        })
    }

    fn layer(&self) -> Option<&'static str> {
        (self.kind == AnnouncementKind::Know).then_some("`Know` announcements (unused, layer C)")
    }
}
