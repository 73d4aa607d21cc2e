//! Protecting: a player is shielded from some kinds of killing (optionally only those caused
//! by certain players, or only by day or night) through a kind of defense: active, passive,
//! partial, recruitment, or being absent at a location.

use super::{AbilityKind, AbilityNode, Lead, Type};
use crate::wwr::ability::{duration, expected_after, value_after};
use crate::wwr::ast::{Duration, PhaseKind, Value};
use crate::wwr::compile::{Compiled, DefenseKind, Vocabulary, lasting, opt, text};
use crate::wwr::cursor::{Cursor, PResult};
use crate::wwr::render::{Dur, Opt, phase_name};
use crate::wwr::span::Diagnostic;
use crate::wwr::value::parse_value;
use serde::Serialize;
use std::fmt;

/// `Protect <target> from <filter> [by <killer>] through <defense> [during Day|Night]
/// [(~Duration)]`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Protecting {
    pub target: Value,
    pub against: KillFilter,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by: Option<Value>,
    pub defense: Defense,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub during: Option<PhaseKind>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub duration: Option<Duration>,
}

/// Which killings a protection stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum KillFilter {
    Attacks,
    Kills,
    Lynches,
    AttacksAndLynches,
    All,
    Banishments,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Defense {
    Active,
    Passive,
    Partial,
    Recruitment,
    Absence { at: Value },
}

pub(super) const TYPE: Type = Type {
    leads: &[("Protect", parse)],
    verbs: &["Protect"],
};

/// `Protect <target> from <filter> [by <killer>] through <defense> [during Day|Night]
/// [(~Duration)]`.
fn parse(c: &mut Cursor, _lead: Lead) -> PResult<AbilityKind> {
    let target = parse_value(c)?;
    c.expect_phrase("from", "the protected player")?;
    let against = kill_filter(parse_value(c)?)?;
    let by = value_after(c, "by")?;
    c.expect_phrase("through", "the killing filter")?;
    let defense = defense(c)?;
    let during = if c.eat_phrase("during") {
        if c.eat_phrase("Day") {
            Some(PhaseKind::Day)
        } else if c.eat_phrase("Night") {
            Some(PhaseKind::Night)
        } else {
            return Err(expected_after(c, "`Day` or `Night`", "`during`"));
        }
    } else {
        None
    };
    Ok(AbilityKind::Protecting(Protecting {
        target,
        against,
        by,
        defense,
        during,
        duration: duration(c)?,
    }))
}

fn kill_filter(against_value: Value) -> PResult<KillFilter> {
    Ok(match against_value.plain_text() {
        Some("Attacks") => KillFilter::Attacks,
        Some("Kills") => KillFilter::Kills,
        Some("Lynches") => KillFilter::Lynches,
        Some("Attacks & Lynches") => KillFilter::AttacksAndLynches,
        Some("All") => KillFilter::All,
        Some("Banishments") => KillFilter::Banishments,
        _ => {
            return Err(Diagnostic::error(
                against_value.span,
                format!(
                    "unknown killing filter {against_value}; expected `Attacks`, `Kills`, \
                     `Lynches`, `Attacks & Lynches`, `All` or `Banishments`"
                ),
            ));
        }
    })
}

/// The defense after `through`.
fn defense(c: &mut Cursor) -> PResult<Defense> {
    Ok(if c.eat_phrase("Active Defense") {
        Defense::Active
    } else if c.eat_phrase("Passive Defense") {
        Defense::Passive
    } else if c.eat_phrase("Partial Defense") {
        Defense::Partial
    } else if c.eat_phrase("Recruitment Defense") {
        Defense::Recruitment
    } else if c.eat_phrase("Absence at") {
        Defense::Absence {
            at: parse_value(c)?,
        }
    } else {
        return Err(expected_after(
            c,
            "`Active Defense`, `Passive Defense`, `Partial Defense`, `Recruitment Defense` or \
             `Absence at <location>`",
            "`through`",
        ));
    })
}

impl fmt::Display for Protecting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Protecting {
            target,
            against,
            by,
            defense,
            during,
            duration,
        } = self;
        let against = match against {
            KillFilter::Attacks => "Attacks",
            KillFilter::Kills => "Kills",
            KillFilter::Lynches => "Lynches",
            KillFilter::AttacksAndLynches => "Attacks & Lynches",
            KillFilter::All => "All",
            KillFilter::Banishments => "Banishments",
        };
        write!(
            f,
            "Protect {target} from `{against}`{} through ",
            Opt("by", by)
        )?;
        match defense {
            Defense::Active => f.write_str("Active Defense")?,
            Defense::Passive => f.write_str("Passive Defense")?,
            Defense::Partial => f.write_str("Partial Defense")?,
            Defense::Recruitment => f.write_str("Recruitment Defense")?,
            Defense::Absence { at } => write!(f, "Absence at {at}")?,
        }
        if let Some(phase) = during {
            write!(f, " during {}", phase_name(*phase))?;
        }
        write!(f, "{}", Dur(*duration))
    }
}

impl AbilityNode for Protecting {
    fn type_name(&self) -> &'static str {
        "Protecting"
    }

    fn values(&self) -> Vec<&Value> {
        let Protecting {
            target,
            by,
            defense,
            ..
        } = self;
        let mut out: Vec<&Value> = vec![target];
        out.extend(by.as_ref());
        if let Defense::Absence { at } = defense {
            out.push(at);
        }
        out
    }

    fn compile(&self) -> Compiled {
        let Protecting {
            target,
            against,
            by,
            defense,
            during,
            duration,
        } = self;
        let (kind, absent_at) = match defense {
            Defense::Active => (DefenseKind::Active, None),
            Defense::Passive => (DefenseKind::Passive, None),
            Defense::Partial => (DefenseKind::Partial, None),
            Defense::Recruitment => (DefenseKind::Recruitment, None),
            Defense::Absence { at } => (DefenseKind::Absence, Some(text(at))),
        };
        Compiled::Executable(Vocabulary::Protect {
            target: text(target),
            against: *against,
            defense: kind,
            only_from: opt(by),
            absent_at,
            during: *during,
            duration: lasting(duration),
        })
    }

    fn layer(&self) -> Option<&'static str> {
        None
    }
}
