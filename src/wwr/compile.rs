//! The compiled view: each WWR ability mapped to the engine's shared ability vocabulary, or
//! marked "not yet executable" with the reason.
//!
//! [`Vocabulary`] mirrors the vocabulary the engine is to share between RON rolesets and WWR
//! (kill/attack with strengths, protect/defend, block/obstruct, redirect, investigate with
//! disguises, apply a status for a duration, change votes, change/steal/copy roles, counters,
//! messages), with the parameters a WWR ability carries. Selectors and values stay in WWR
//! notation (`@Selection`, `@(Attr:Wolfish)`): evaluating them against a game is the engine's
//! WWR layer's job. Abilities outside that vocabulary (targets, groups, polls, choices,
//! emits, displays, …) compile to [`Compiled::NotYetExecutable`].
//!
//! # Example
//!
//! ```
//! use mafia_mod::wwr::{compile::{compile, Compiled, Vocabulary, KillStrength}, parse_element};
//! use mafia_mod::wwr::ast::StatementKind;
//!
//! let parsed = parse_element("**Hunter** | Townsfolk Killing\nEnd Night: Attack @Selection\n");
//! let element = parsed.element.unwrap();
//! let StatementKind::Ability { ability } = &element.triggers[0].body[0].kind else { panic!() };
//! match compile(ability) {
//!     Compiled::Executable(Vocabulary::Kill { target, strength }) => {
//!         assert_eq!(target, "@Selection");
//!         assert_eq!(strength, KillStrength::Attack);
//!     }
//!     other => panic!("{other:?}"),
//! }
//! assert_eq!(compile(ability).to_string(), "kill @Selection (attack: stopped by any defense)");
//! ```

use super::ast::{Ability, CounterOp, Duration, KillFilter, PhaseKind, Value, VoteKind};
use serde::Serialize;
use std::fmt;

/// An ability the engine can run.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum Vocabulary {
    /// Kill or attack with a strength.
    Kill {
        target: String,
        strength: KillStrength,
    },
    /// Protect/defend a player from some killings.
    Protect {
        target: String,
        against: KillFilter,
        defense: DefenseKind,
        /// Only killers matching this selector are stopped (`by …`); everyone when absent.
        only_from: Option<String>,
        /// Where the protected player is while absent (absence defenses).
        absent_at: Option<String>,
        during: Option<PhaseKind>,
        duration: Duration,
    },
    /// Block/obstruct a player's abilities, optionally with fake feedback.
    Block {
        target: String,
        /// Ability types blocked (`!` for all but); every ability when absent.
        abilities: Option<String>,
        fake_feedback: Option<String>,
        duration: Duration,
    },
    /// Redirect abilities aimed at the holder to someone else.
    Redirect {
        abilities: String,
        /// Only abilities from these players; everyone when absent.
        from: Option<String>,
        to: String,
        duration: Duration,
    },
    /// Investigate, seeing through disguises or not.
    Investigate {
        target: String,
        learns: Learns,
        weak_disguises_apply: bool,
        strong_disguises_apply: bool,
    },
    /// Make a player look like another role to investigations.
    Disguise {
        target: String,
        as_role: String,
        strong: bool,
        duration: Duration,
    },
    /// Apply a status (a custom attribute) for a duration.
    ApplyStatus {
        status: String,
        target: String,
        duration: Duration,
        values: Vec<String>,
    },
    RemoveStatus {
        status: String,
        target: String,
    },
    /// Change votes: set or adjust a player's voting power.
    ChangeVotes {
        target: String,
        ballot: VoteKind,
        adjust: bool,
        amount: String,
        duration: Duration,
    },
    ChangeRole {
        target: String,
        to: String,
    },
    ChangeAlignment {
        target: String,
        to: String,
    },
    /// Give, take or move an extra role.
    GrantRole {
        role: String,
        to: String,
    },
    RevokeRole {
        role: String,
        from: String,
    },
    TransferRole {
        role: String,
        from: String,
        to: String,
    },
    /// Copy a player's role (and state) onto the actor.
    CopyRole {
        from: String,
        suppress_starting: bool,
    },
    /// Steal roles: the actor and the target swap.
    SwapRoles {
        with: String,
    },
    Counter {
        /// Whose counter; the acting element's own when absent.
        target: Option<String>,
        op: CounterOp,
        amount: Option<String>,
    },
    Message {
        audience: Audience,
        text: String,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum KillStrength {
    /// Stopped by any matching defense.
    Attack,
    /// Stopped only by defenses against kills.
    Kill,
    /// A lynch: stopped only by defenses against lynches.
    Lynch,
    /// Cannot be defended against.
    TrueKill,
    /// Makes a ghost (haunting mode), stopped by defenses against banishments.
    Banish,
    TrueBanish,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DefenseKind {
    Active,
    Passive,
    Partial,
    Recruitment,
    Absence,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "what", content = "of", rename_all = "snake_case")]
pub enum Learns {
    Role,
    Alignment,
    Category,
    Class,
    /// Whether the attribute is present.
    Attribute(String),
    /// How many times a role exists.
    RoleCount,
    /// How many players a selector holds.
    PlayerCount,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "to", content = "where", rename_all = "snake_case")]
pub enum Audience {
    /// The acting player (learn, know, feedback).
    Actor,
    /// Everyone (announce).
    Public,
    /// A location, group or player (reveal).
    At(String),
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Compiled {
    Executable(Vocabulary),
    NotYetExecutable { reason: String },
}

pub(crate) fn text(v: &Value) -> String {
    v.to_string()
}

pub(crate) fn opt(v: &Option<Value>) -> Option<String> {
    v.as_ref().map(text)
}

pub(crate) fn not_yet(reason: &str) -> Compiled {
    Compiled::NotYetExecutable {
        reason: reason.to_string(),
    }
}

/// How long an effect lasts: as written, or `~Permanent` when the text leaves it out (the
/// guides' default).
pub(crate) fn lasting(d: &Option<Duration>) -> Duration {
    d.unwrap_or(Duration::Permanent)
}

/// Maps one ability to the vocabulary. Durations left out default to `~Permanent`, as the
/// guides specify.
pub fn compile(ability: &Ability) -> Compiled {
    ability.kind.node().compile()
}

impl fmt::Display for Compiled {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Compiled::Executable(v) => write!(f, "{v}"),
            Compiled::NotYetExecutable { reason } => write!(f, "not yet executable: {reason}"),
        }
    }
}

/// ` for <duration>` unless permanent (the default).
struct For(Duration);

impl fmt::Display for For {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Duration::Permanent => Ok(()),
            d => write!(f, " for {d}"),
        }
    }
}

/// `<prefix><value>` when the value is there, nothing otherwise.
struct Pre<'a>(&'static str, &'a Option<String>);

impl fmt::Display for Pre<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.1 {
            Some(v) => write!(f, "{}{v}", self.0),
            None => Ok(()),
        }
    }
}

impl KillStrength {
    /// How a kill of this strength reads, and what stops it.
    fn describe(self) -> &'static str {
        match self {
            KillStrength::Attack => "attack: stopped by any defense",
            KillStrength::Kill => "kill: stopped only by defenses against kills",
            KillStrength::Lynch => "lynch",
            KillStrength::TrueKill => "true kill: cannot be stopped",
            KillStrength::Banish => "banish",
            KillStrength::TrueBanish => "true banish: cannot be stopped",
        }
    }
}

/// `investigate … of <target>` as the investigation reads: what it learns of the target.
fn fmt_learns(f: &mut fmt::Formatter<'_>, target: &str, learns: &Learns) -> fmt::Result {
    match learns {
        Learns::Attribute(name) => write!(f, "investigate whether {target} has {name}"),
        Learns::RoleCount => write!(f, "investigate how many {target} exist"),
        Learns::PlayerCount => write!(f, "investigate how many players {target} holds"),
        other => write!(
            f,
            "investigate the {} of {target}",
            format!("{other:?}").to_lowercase()
        ),
    }
}

/// Which disguises an investigation sees through, as ` (… apply)`.
fn disguises_apply(weak: bool, strong: bool) -> &'static str {
    match (weak, strong) {
        (true, true) => " (weak and strong disguises apply)",
        (true, false) => " (weak disguises apply)",
        (false, true) => " (strong disguises apply)",
        (false, false) => " (disguises do not apply)",
    }
}

fn ballot_name(ballot: VoteKind) -> &'static str {
    match ballot {
        VoteKind::Public => "public",
        VoteKind::SpecialPublic => "special public",
        VoteKind::HiddenPublic => "hidden public",
        VoteKind::Private => "private",
    }
}

fn fmt_counter(
    f: &mut fmt::Formatter<'_>,
    target: &Option<String>,
    op: CounterOp,
    amount: &Option<String>,
) -> fmt::Result {
    let whose = target.as_ref().map_or_else(
        || "its own counter".to_string(),
        |t| format!("the counter of {t}"),
    );
    let amount = amount.as_deref().unwrap_or("1");
    match op {
        CounterOp::Set => write!(f, "set {whose} to {amount}"),
        CounterOp::Increment => write!(f, "add {amount} to {whose}"),
        CounterOp::Decrement => write!(f, "subtract {amount} from {whose}"),
    }
}

impl Vocabulary {
    /// The effects that last: the phrase, then ` for <duration>` unless permanent. The others
    /// are written by `fmt` itself and write nothing here.
    fn fmt_lasting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let duration = match self {
            Vocabulary::Protect {
                target,
                against,
                defense,
                only_from,
                absent_at,
                during,
                duration,
            } => {
                write!(
                    f,
                    "protect {target} from {against:?} ({defense:?} defense{}){}",
                    Pre(" at ", absent_at),
                    Pre(" when caused by ", only_from)
                )?;
                if let Some(phase) = during {
                    write!(f, " during {phase:?}")?;
                }
                duration
            }
            Vocabulary::Block {
                target,
                abilities,
                fake_feedback,
                duration,
            } => {
                match abilities {
                    Some(a) => write!(f, "block {a} abilities of {target}")?,
                    None => write!(f, "block every ability of {target}")?,
                }
                write!(f, "{}", Pre(", answering ", fake_feedback))?;
                duration
            }
            Vocabulary::Redirect {
                abilities,
                from,
                to,
                duration,
            } => {
                write!(f, "redirect {abilities}{} to {to}", Pre(" from ", from))?;
                duration
            }
            Vocabulary::Disguise {
                target,
                as_role,
                strong,
                duration,
            } => {
                let strength = if *strong { "strongly" } else { "weakly" };
                write!(f, "disguise {target} as {as_role} ({strength})")?;
                duration
            }
            Vocabulary::ChangeVotes {
                target,
                ballot,
                adjust,
                amount,
                duration,
            } => {
                let (how, preposition) = if *adjust {
                    ("adjust", "by")
                } else {
                    ("set", "to")
                };
                write!(
                    f,
                    "{how} the {} voting power of {target} {preposition} {amount}",
                    ballot_name(*ballot)
                )?;
                duration
            }
            _ => return Ok(()),
        };
        write!(f, "{}", For(*duration))
    }
}

impl fmt::Display for Vocabulary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Vocabulary::Kill { target, strength } => {
                write!(f, "kill {target} ({})", strength.describe())
            }
            Vocabulary::Protect { .. }
            | Vocabulary::Block { .. }
            | Vocabulary::Redirect { .. }
            | Vocabulary::Disguise { .. }
            | Vocabulary::ChangeVotes { .. } => self.fmt_lasting(f),
            Vocabulary::Investigate {
                target,
                learns,
                weak_disguises_apply,
                strong_disguises_apply,
            } => {
                fmt_learns(f, target, learns)?;
                f.write_str(disguises_apply(
                    *weak_disguises_apply,
                    *strong_disguises_apply,
                ))
            }
            Vocabulary::ApplyStatus {
                status,
                target,
                duration,
                values,
            } => {
                write!(f, "apply status {status} to {target}{}", For(*duration))?;
                if !values.is_empty() {
                    write!(f, " with values {}", values.join(", "))?;
                }
                Ok(())
            }
            Vocabulary::RemoveStatus { status, target } => {
                write!(f, "remove status {status} from {target}")
            }
            Vocabulary::ChangeRole { target, to } => {
                write!(f, "change the role of {target} to {to}")
            }
            Vocabulary::ChangeAlignment { target, to } => {
                write!(f, "change the alignment of {target} to {to}")
            }
            Vocabulary::GrantRole { role, to } => write!(f, "grant extra role {role} to {to}"),
            Vocabulary::RevokeRole { role, from } => {
                write!(f, "revoke extra role {role} from {from}")
            }
            Vocabulary::TransferRole { role, from, to } => {
                write!(f, "transfer extra role {role} from {from} to {to}")
            }
            Vocabulary::CopyRole {
                from,
                suppress_starting,
            } => {
                let note = if *suppress_starting {
                    " (starting abilities suppressed)"
                } else {
                    ""
                };
                write!(f, "copy the role of {from}{note}")
            }
            Vocabulary::SwapRoles { with } => write!(f, "swap roles with {with}"),
            Vocabulary::Counter { target, op, amount } => fmt_counter(f, target, *op, amount),
            Vocabulary::Message { audience, text } => match audience {
                Audience::Actor => write!(f, "tell the actor {text}"),
                Audience::Public => write!(f, "announce {text}"),
                Audience::At(place) => write!(f, "tell {place} {text}"),
            },
        }
    }
}
