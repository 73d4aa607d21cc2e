//! Joining: group membership. The actor joins or leaves a group; a player is added to or
//! removed from one, optionally with a membership type and for a duration.

use super::{AbilityKind, AbilityNode, Lead, Type};
use crate::wwr::ability::{duration, value_after};
use crate::wwr::ast::{Duration, Value};
use crate::wwr::compile::{Compiled, not_yet};
use crate::wwr::cursor::{Cursor, PResult};
use crate::wwr::render::{Dur, Opt};
use crate::wwr::resolve::{GROUP, Ref};
use crate::wwr::value::parse_value;
use serde::Serialize;
use std::fmt;

/// `Join <group> [as <membership>]`, `Leave <group>`, `Add <player> to <group> [as <membership>]`,
/// `Remove <player> from #Group`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Joining {
    pub action: JoinAction,
    /// The player added or removed (`Add`/`Remove`); absent for `Join`/`Leave` (the actor).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<Value>,
    pub group: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub membership: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub duration: Option<Duration>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum JoinAction {
    Join,
    Leave,
    Add,
    Remove,
}

pub(super) const TYPE: Type = Type {
    leads: &[("Join", parse_join), ("Leave", parse_leave)],
    verbs: &["Join", "Leave", "Add"],
};

/// `Join <group> [as <membership>] [(~Duration)]`.
fn parse_join(c: &mut Cursor, _lead: Lead) -> PResult<AbilityKind> {
    let group = parse_value(c)?;
    let membership = value_after(c, "as")?;
    Ok(AbilityKind::Joining(Joining {
        action: JoinAction::Join,
        player: None,
        group,
        membership,
        duration: duration(c)?,
    }))
}

/// `Leave <group>`.
fn parse_leave(c: &mut Cursor, _lead: Lead) -> PResult<AbilityKind> {
    Ok(AbilityKind::Joining(Joining {
        action: JoinAction::Leave,
        player: None,
        group: parse_value(c)?,
        membership: None,
        duration: None,
    }))
}

/// After `Add <player>` (when no `Poll` follows, see [`super::add`]):
/// `to <group> [as <membership>] [(~Duration)]`.
pub(super) fn parse_add(c: &mut Cursor, player: Value) -> PResult<AbilityKind> {
    c.expect_phrase("to", "the added player (or `Poll` after a poll name)")?;
    let group = parse_value(c)?;
    let membership = value_after(c, "as")?;
    Ok(AbilityKind::Joining(Joining {
        action: JoinAction::Add,
        player: Some(player),
        group,
        membership,
        duration: duration(c)?,
    }))
}

/// `Remove <player> from #Group`, once [`super::remove`] has read both values.
pub(super) fn removal(player: Value, group: Value) -> AbilityKind {
    AbilityKind::Joining(Joining {
        action: JoinAction::Remove,
        player: Some(player),
        group,
        membership: None,
        duration: None,
    })
}

/// Why group abilities (joining, disbanding) have no engine vocabulary yet.
pub(super) const NO_GROUPS_YET: &str = "group membership is not in the engine's vocabulary yet";

impl fmt::Display for Joining {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Joining {
            action,
            player,
            group,
            membership,
            duration,
        } = self;
        match action {
            JoinAction::Join => {
                write!(f, "Join {group}{}{}", Opt("as", membership), Dur(*duration))
            }
            JoinAction::Leave => write!(f, "Leave {group}"),
            JoinAction::Add => write!(
                f,
                "Add{} to {group}{}{}",
                Opt("", player),
                Opt("as", membership),
                Dur(*duration)
            ),
            JoinAction::Remove => write!(f, "Remove{} from {group}", Opt("", player)),
        }
    }
}

impl AbilityNode for Joining {
    fn type_name(&self) -> &'static str {
        "Joining"
    }

    fn values(&self) -> Vec<&Value> {
        let Joining {
            player,
            group,
            membership,
            ..
        } = self;
        let mut out: Vec<&Value> = vec![group];
        out.extend(player.as_ref().into_iter().chain(membership.as_ref()));
        out
    }

    fn refs(&self) -> Vec<Ref<'_>> {
        vec![Ref::Named(GROUP, &self.group)]
    }

    fn compile(&self) -> Compiled {
        not_yet(NO_GROUPS_YET)
    }

    fn layer(&self) -> Option<&'static str> {
        None
    }
}
