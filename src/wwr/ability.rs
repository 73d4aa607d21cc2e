//! Ability types: every form of both guides plus the five the guides lack (`Lock`/`Unlock`,
//! `Format … as …`, `Execute … to …`, `Activate … while …|always`, `Resurrect …`) and the
//! result lines of complex actions (`` `text` ``, `Success`, `Failure`, `Continue`, `@Result`).
//!
//! An ability is recognised by its leading word(s); the rest follows the form's keywords
//! (`to`, `from`, `as`, `for`, `through`, …), values, optional `(~Duration)` and optional
//! parenthesised lists. Anything left over is an error naming what was found.

use super::ast::{
    Ability, AbilityKind, AnnouncementKind, ChangeKind, CounterOp, Defense, DisguiseLevels,
    DisguiseStrength, Duration, GrantAction, InvestigationKind, JoinAction, KillFilter,
    KillingKind, LoyaltyKind, Name, ObstructFeedback, PhaseKind, PollAction, PollManipulation,
    TargetType, Value, ValueKind, VoteKind, WeightedFeedback,
};
use super::cursor::{Cursor, PResult, split_commas};
use super::names::did_you_mean;
use super::trigger::parse_filter;
use super::value::{parse_list_item, parse_value, parse_value_exact};

/// First words of every ability form, for "did you mean" suggestions.
const VERBS: &[&str] = &[
    "Kill",
    "Attack",
    "Lynch",
    "Banish",
    "True Kill",
    "True Banish",
    "Role Investigate",
    "Alignment Investigate",
    "Category Investigate",
    "Class Investigate",
    "Attribute Investigate",
    "Investigate",
    "Target",
    "Untarget",
    "Weakly Disguise",
    "Strongly Disguise",
    "Protect",
    "Apply",
    "Remove",
    "Change",
    "Redirect",
    "Manipulate",
    "Whisper",
    "Join",
    "Leave",
    "Add",
    "Grant",
    "Revoke",
    "Transfer",
    "Loyalty",
    "Obstruct",
    "Create",
    "Cancel",
    "Delete",
    "Reveal",
    "Announce",
    "Learn",
    "Know",
    "Role Change",
    "Alignment Change",
    "Group Change",
    "Copy",
    "Ascend",
    "Descend",
    "Disband",
    "Increment",
    "Decrement",
    "Set",
    "Conversation Reset",
    "Switch",
    "Shuffle",
    "Emit",
    "End Emit",
    "Display",
    "Update",
    "Lock",
    "Unlock",
    "Format",
    "Execute",
    "Activate",
    "Resurrect",
    "Success",
    "Failure",
    "Continue",
];

/// Parses the ability filling `c`.
pub fn parse_ability(c: &mut Cursor) -> PResult<Ability> {
    c.skip_ws();
    let start = c.pos;
    let kind = match c.peek() {
        Some('`' | '@' | '&' | '#' | '%' | '$' | '^') => value_led(c)?,
        Some(ch) if ch.is_alphabetic() => word_led(c)?,
        _ => {
            return Err(c.error_here(format!(
                "expected an ability such as `Attack @Selection`, found {}",
                c.found()
            )));
        }
    };
    c.expect_end(&format!("the {} ability", kind.type_name()))?;
    Ok(Ability {
        kind,
        span: c.span_from(start),
    })
}

/// `` `Name` Choice Creation …``, `` `Name` Choice Choose …`` or a feedback value.
fn value_led(c: &mut Cursor) -> PResult<AbilityKind> {
    let first = parse_value(c)?;
    if c.eat_phrase("Choice Creation") {
        let chooser = value_after(c, "for")?;
        let options = names_in_parens(c, "the choice's options")?;
        if options.is_empty() {
            return Err(c.error_here(format!(
                "expected the options of the choice in parentheses, e.g. `(Attack, Protect)`, found {}",
                c.found()
            )));
        }
        return Ok(AbilityKind::ChoiceCreation(
            crate::wwr::ast::ChoiceCreation {
                choice: first,
                chooser,
                options,
            },
        ));
    }
    if c.eat_phrase("Choice Choose") {
        return Ok(AbilityKind::ChoiceChoosing(
            crate::wwr::ast::ChoiceChoosing {
                choice: first,
                option: parse_value(c)?,
            },
        ));
    }
    Ok(AbilityKind::Feedback(crate::wwr::ast::Feedback {
        value: first,
    }))
}

fn word_led(c: &mut Cursor) -> PResult<AbilityKind> {
    let start = c.pos;
    let word = c.take_while(|ch| ch.is_alphanumeric() || ch == '_' || ch == '-');
    let kind = match word {
        "Kill" => killing(c, KillingKind::Kill)?,
        "Attack" => killing(c, KillingKind::Attack)?,
        "Lynch" => killing(c, KillingKind::Lynch)?,
        "Banish" => killing(c, KillingKind::Banish)?,
        "True" => {
            if c.eat_phrase("Kill") {
                killing(c, KillingKind::TrueKill)?
            } else if c.eat_phrase("Banish") {
                killing(c, KillingKind::TrueBanish)?
            } else {
                return Err(expected_after(c, "`Kill` or `Banish`", "`True`"));
            }
        }
        "Role" | "Alignment" => {
            if c.eat_phrase("Investigate") {
                let kind = if word == "Role" {
                    InvestigationKind::Role
                } else {
                    InvestigationKind::Alignment
                };
                investigate(c, kind)?
            } else if c.eat_phrase("Change") {
                let kind = if word == "Role" {
                    ChangeKind::Role
                } else {
                    ChangeKind::Alignment
                };
                changing(c, kind)?
            } else {
                return Err(expected_after(
                    c,
                    "`Investigate` or `Change`",
                    &format!("`{word}`"),
                ));
            }
        }
        "Category" | "Class" | "Attribute" => {
            c.expect_phrase("Investigate", &format!("`{word}`"))?;
            let kind = match word {
                "Category" => InvestigationKind::Category,
                "Class" => InvestigationKind::Class,
                _ => InvestigationKind::Attribute,
            };
            investigate(c, kind)?
        }
        "Group" => {
            c.expect_phrase("Change", "`Group`")?;
            changing(c, ChangeKind::Group)?
        }
        "Investigate" => {
            let target = parse_value(c)?;
            let kind = if c.eat_phrase("Player Count") {
                InvestigationKind::PlayerCount
            } else if c.eat_phrase("Count") {
                InvestigationKind::Count
            } else {
                return Err(expected_after(
                    c,
                    "`Count` or `Player Count`",
                    "the investigated value",
                ));
            };
            AbilityKind::Investigating(crate::wwr::ast::Investigating {
                kind,
                target,
                attribute: None,
                disguises: disguise_levels(c)?,
            })
        }
        "Target" => AbilityKind::Targeting(crate::wwr::ast::Targeting {
            target: parse_value(c)?,
            as_type: target_type(c)?,
        }),
        "Untarget" => AbilityKind::Untargeting,
        "Weakly" | "Strongly" => {
            c.expect_phrase("Disguise", &format!("`{word}`"))?;
            let target = parse_value(c)?;
            c.expect_phrase("as", "the disguised player")?;
            AbilityKind::Disguising(crate::wwr::ast::Disguising {
                strength: if word == "Weakly" {
                    DisguiseStrength::Weak
                } else {
                    DisguiseStrength::Strong
                },
                target,
                role: parse_value(c)?,
                duration: duration(c)?,
            })
        }
        "Protect" => protecting(c)?,
        "Apply" => {
            let attribute = parse_value(c)?;
            c.expect_phrase("to", "the attribute")?;
            let target = parse_value(c)?;
            let duration = duration(c)?;
            let values = values_in_parens(c)?;
            AbilityKind::ApplyAttribute(crate::wwr::ast::ApplyAttribute {
                attribute,
                target,
                duration,
                values,
            })
        }
        "Remove" => {
            let first = parse_value(c)?;
            c.expect_phrase("from", "the removed value")?;
            let from = parse_value(c)?;
            let is_group_removal = first.plain_text().is_none()
                && matches!(from.kind, super::ast::ValueKind::Group { .. });
            if is_group_removal {
                AbilityKind::Joining(crate::wwr::ast::Joining {
                    action: JoinAction::Remove,
                    player: Some(first),
                    group: from,
                    membership: None,
                    duration: None,
                })
            } else {
                AbilityKind::RemoveAttribute(crate::wwr::ast::RemoveAttribute {
                    attribute: first,
                    target: from,
                })
            }
        }
        "Change" => {
            let attribute = parse_value(c)?;
            c.expect_phrase("value", "the attribute")?;
            let index = value_index(c, ATTRIBUTE_VALUES)?;
            c.expect_phrase("to", "the value index")?;
            let value = parse_value(c)?;
            let target = value_after(c, "for")?;
            AbilityKind::ChangeAttribute(crate::wwr::ast::ChangeAttribute {
                attribute,
                index,
                value,
                target,
            })
        }
        "Redirect" => {
            let abilities = parse_value(c)?;
            let from = value_after(c, "from")?;
            c.expect_phrase("to", "the redirected abilities")?;
            AbilityKind::Redirecting(crate::wwr::ast::Redirecting {
                abilities,
                from,
                to: parse_value(c)?,
                duration: duration(c)?,
            })
        }
        "Manipulate" => manipulate(c)?,
        "Whisper" => {
            let from = value_after(c, "from")?;
            c.expect_phrase("to", "`Whisper`")?;
            let to = parse_value(c)?;
            let disguise = value_after(c, "as")?;
            AbilityKind::Whispering(crate::wwr::ast::Whispering {
                from,
                to,
                disguise,
                duration: duration(c)?,
            })
        }
        "Join" => {
            let group = parse_value(c)?;
            let membership = value_after(c, "as")?;
            AbilityKind::Joining(crate::wwr::ast::Joining {
                action: JoinAction::Join,
                player: None,
                group,
                membership,
                duration: duration(c)?,
            })
        }
        "Leave" => AbilityKind::Joining(crate::wwr::ast::Joining {
            action: JoinAction::Leave,
            player: None,
            group: parse_value(c)?,
            membership: None,
            duration: None,
        }),
        "Add" => {
            let first = parse_value(c)?;
            if c.eat_phrase("Poll") {
                poll(PollAction::Add, Some(first), None, None, None)
            } else {
                c.expect_phrase("to", "the added player (or `Poll` after a poll name)")?;
                let group = parse_value(c)?;
                let membership = value_after(c, "as")?;
                AbilityKind::Joining(crate::wwr::ast::Joining {
                    action: JoinAction::Add,
                    player: Some(first),
                    group,
                    membership,
                    duration: duration(c)?,
                })
            }
        }
        "Grant" => {
            let role = parse_value(c)?;
            c.expect_phrase("to", "the granted role")?;
            AbilityKind::Granting(crate::wwr::ast::Granting {
                action: GrantAction::Grant,
                role,
                from: None,
                to: Some(parse_value(c)?),
            })
        }
        "Revoke" => {
            let role = parse_value(c)?;
            c.expect_phrase("from", "the revoked role")?;
            AbilityKind::Granting(crate::wwr::ast::Granting {
                action: GrantAction::Revoke,
                role,
                from: Some(parse_value(c)?),
                to: None,
            })
        }
        "Transfer" => {
            let role = parse_value(c)?;
            c.expect_phrase("from", "the transferred role")?;
            let from = parse_value(c)?;
            c.expect_phrase("to", "the previous holder")?;
            AbilityKind::Granting(crate::wwr::ast::Granting {
                action: GrantAction::Transfer,
                role,
                from: Some(from),
                to: Some(parse_value(c)?),
            })
        }
        "Loyalty" => {
            c.expect_phrase("to", "`Loyalty`")?;
            let to = parse_value(c)?;
            let kind = match paren_word(c)?.as_deref() {
                Some("Group") => LoyaltyKind::Group,
                Some("Alignment") => LoyaltyKind::Alignment,
                other => {
                    return Err(c.error_here(format!(
                        "expected `(Group)` or `(Alignment)` after the loyalty target, found {}",
                        other.map_or_else(|| c.found(), |w| format!("`({w})`"))
                    )));
                }
            };
            AbilityKind::Loyalty(crate::wwr::ast::Loyalty { to, kind })
        }
        "Obstruct" => obstructing(c)?,
        "Create" => {
            let poll_name = if c.eat_phrase("Poll") {
                None
            } else {
                let name = parse_value(c)?;
                c.expect_phrase("Poll", "the poll name")?;
                Some(name)
            };
            c.expect_phrase("in", "`Create … Poll`")?;
            let location = parse_value(c)?;
            let name = value_after(c, "as")?;
            poll(PollAction::Create, poll_name, Some(location), name, None)
        }
        "Cancel" => {
            let mut probe = *c;
            probe.skip_ws();
            if probe.at_end() {
                AbilityKind::Cancel(crate::wwr::ast::Cancel { feedback: None })
            } else if c.eat_phrase("with") {
                AbilityKind::Cancel(crate::wwr::ast::Cancel {
                    feedback: Some(parse_value(c)?),
                })
            } else {
                let name = parse_value(c)?;
                c.expect_phrase("Poll", "the poll name (or `with` for a cancelled visit)")?;
                poll(PollAction::Cancel, Some(name), None, None, None)
            }
        }
        "Delete" => {
            let name = parse_value(c)?;
            c.expect_phrase("Poll", "the poll name")?;
            poll(PollAction::Delete, Some(name), None, None, None)
        }
        "Reveal" => {
            let info = parse_value(c)?;
            c.expect_phrase("to", "the revealed information")?;
            AbilityKind::Announcement(crate::wwr::ast::Announcement {
                kind: AnnouncementKind::Reveal,
                info,
                to: Some(parse_value(c)?),
            })
        }
        "Announce" | "Learn" | "Know" => AbilityKind::Announcement(crate::wwr::ast::Announcement {
            kind: match word {
                "Announce" => AnnouncementKind::Announce,
                "Learn" => AnnouncementKind::Learn,
                _ => AnnouncementKind::Know,
            },
            info: parse_value(c)?,
            to: None,
        }),
        "Copy" => {
            let target = parse_value(c)?;
            let suppressed = match paren_word(c)?.as_deref() {
                None => false,
                Some("Suppressed") => true,
                Some(other) => {
                    return Err(c.error_here(format!(
                        "expected `(Suppressed)` or nothing after the copied player, found `({other})`"
                    )));
                }
            };
            AbilityKind::Copying(crate::wwr::ast::Copying { target, suppressed })
        }
        "Ascend" => AbilityKind::Ascend,
        "Descend" => AbilityKind::Descend,
        "Disband" => AbilityKind::Disband(crate::wwr::ast::Disband {
            target: optional_value(c)?,
        }),
        "Increment" | "Decrement" => {
            c.expect_phrase("Counter", &format!("`{word}`"))?;
            let mut amount = None;
            let mut target = None;
            loop {
                if amount.is_none() && c.eat_phrase("by") {
                    amount = Some(parse_value(c)?);
                } else if target.is_none() && c.eat_phrase("for") {
                    target = Some(parse_value(c)?);
                } else {
                    break;
                }
            }
            AbilityKind::Counting(crate::wwr::ast::Counting {
                op: if word == "Increment" {
                    CounterOp::Increment
                } else {
                    CounterOp::Decrement
                },
                amount,
                target,
            })
        }
        "Set" => {
            c.expect_phrase("Counter to", "`Set`")?;
            let amount = Some(parse_value(c)?);
            let target = value_after(c, "for")?;
            AbilityKind::Counting(crate::wwr::ast::Counting {
                op: CounterOp::Set,
                amount,
                target,
            })
        }
        "Conversation" => {
            c.expect_phrase("Reset", "`Conversation`")?;
            AbilityKind::ConversationReset(crate::wwr::ast::ConversationReset {
                target: optional_value(c)?,
            })
        }
        "Switch" => {
            c.expect_phrase("with", "`Switch`")?;
            AbilityKind::Switching(crate::wwr::ast::Switching {
                target: parse_value(c)?,
            })
        }
        "Shuffle" => {
            let mut targets = vec![parse_value(c)?];
            while let Some(next) = optional_value(c)? {
                targets.push(next);
            }
            if targets.len() > 5 {
                return Err(c.error_at(start, c.pos, "`Shuffle` takes at most 5 targets"));
            }
            AbilityKind::Shuffle(crate::wwr::ast::Shuffle { targets })
        }
        "Emit" => emitting(c, false)?,
        "End" => {
            c.expect_phrase("Emit", "`End`")?;
            emitting(c, true)?
        }
        "Display" => AbilityKind::Displaying(crate::wwr::ast::Displaying {
            display: parse_value(c)?,
            values: values_in_parens(c)?,
        }),
        "Update" => {
            let display = parse_value(c)?;
            c.expect_phrase("value", "the display name")?;
            let index = value_index(c, DISPLAY_VALUES)?;
            c.expect_phrase("to", "the value index")?;
            AbilityKind::DisplayUpdate(crate::wwr::ast::DisplayUpdate {
                display,
                index,
                value: parse_value(c)?,
            })
        }
        "Lock" | "Unlock" => AbilityKind::Locking(crate::wwr::ast::Locking {
            lock: word == "Lock",
            location: parse_value(c)?,
        }),
        "Format" => {
            let source = parse_value(c)?;
            c.expect_phrase("as", "the formatted value")?;
            let template = parse_value(c)?;
            let (split_by, split_as) = if c.eat_phrase("split by") {
                let by = parse_value(c)?;
                c.expect_phrase("as", "the separator")?;
                (Some(by), Some(parse_value(c)?))
            } else {
                (None, None)
            };
            AbilityKind::Formatting(crate::wwr::ast::Formatting {
                source,
                template,
                split_by,
                split_as,
            })
        }
        "Execute" => {
            let command = parse_value(c)?;
            c.expect_phrase("to", "the command name")?;
            AbilityKind::Executing(crate::wwr::ast::Executing {
                command,
                location: parse_value(c)?,
            })
        }
        "Activate" => {
            let target = parse_value(c)?;
            let while_ = if c.eat_phrase("always") {
                None
            } else if c.eat_phrase("while") {
                Some(parse_value(c)?)
            } else {
                return Err(expected_after(
                    c,
                    "`while <attribute>` or `always`",
                    "the activated player",
                ));
            };
            AbilityKind::Activating(crate::wwr::ast::Activating { target, while_ })
        }
        "Resurrect" => AbilityKind::Resurrecting(crate::wwr::ast::Resurrecting {
            target: parse_value(c)?,
        }),
        "Success" => AbilityKind::Success,
        "Failure" => AbilityKind::Failure,
        "Continue" => AbilityKind::Continue,
        _ => {
            return Err(c.error_at(
                start,
                c.pos,
                format!(
                    "unknown ability `{word}`{}; expected an ability type such as `Attack`, \
                     `Role Investigate`, `Protect`, `Apply`, `Learn` or `Role Change`",
                    did_you_mean(word, VERBS.iter().copied())
                ),
            ));
        }
    };
    Ok(kind)
}

fn expected_after(c: &Cursor, expected: &str, after: &str) -> super::span::Diagnostic {
    let mut at = *c;
    at.skip_ws();
    at.error_here(format!(
        "expected {expected} after {after}, found {}",
        at.found()
    ))
}

/// The values an attribute carries: `Change … value N` takes 1 to 3 (the guide's `[1|2|3]`,
/// read back as `->Value1` to `->Value3`).
pub const ATTRIBUTE_VALUES: u32 = 3;

/// The values a display shows: `Update … value N` takes 1 to 16. The guide sets no limit and
/// the role book's displays show at most two; the executor keeps a slot for every index up to
/// the one updated, so a huge index (a few bytes of text) made a replay allocate gigabytes or
/// abort. Bounded where it is read, it is an error at its place.
pub const DISPLAY_VALUES: u32 = 16;

/// The index of `Change … value N` or `Update … value N`: any value (the executor bounds one
/// computed in play), and where the text writes a number, a whole one from 1 to `most`.
fn value_index(c: &mut Cursor, most: u32) -> PResult<Value> {
    let index = parse_value(c)?;
    let written = match &index.kind {
        ValueKind::Number { value } => Some(*value),
        _ => index
            .plain_text()
            .and_then(|t| t.trim().parse::<f64>().ok()),
    };
    let fits = |n: f64| n.fract() == 0.0 && (1.0..=f64::from(most)).contains(&n);
    if let Some(n) = written
        && !fits(n)
    {
        return Err(super::span::Diagnostic::error(
            index.span,
            format!("expected a value index from 1 to {most}, found {index}"),
        ));
    }
    Ok(index)
}

fn killing(c: &mut Cursor, kind: KillingKind) -> PResult<AbilityKind> {
    Ok(AbilityKind::Killing(crate::wwr::ast::Killing {
        kind,
        target: parse_value(c)?,
    }))
}

fn changing(c: &mut Cursor, kind: ChangeKind) -> PResult<AbilityKind> {
    let target = parse_value(c)?;
    c.expect_phrase("to", "the changed target")?;
    Ok(AbilityKind::Changing(crate::wwr::ast::Changing {
        kind,
        target,
        to: parse_value(c)?,
    }))
}

fn investigate(c: &mut Cursor, kind: InvestigationKind) -> PResult<AbilityKind> {
    let target = parse_value(c)?;
    let attribute = if kind == InvestigationKind::Attribute {
        c.expect_phrase("for", "the investigated player")?;
        Some(parse_value(c)?)
    } else {
        None
    };
    Ok(AbilityKind::Investigating(crate::wwr::ast::Investigating {
        kind,
        target,
        attribute,
        disguises: disguise_levels(c)?,
    }))
}

/// `(SD, WD)`, `(WD)`, `(SD)` or nothing.
fn disguise_levels(c: &mut Cursor) -> PResult<DisguiseLevels> {
    let mut levels = DisguiseLevels::default();
    let Some(items) = paren_items(c)? else {
        return Ok(levels);
    };
    for (start, end) in items {
        match c.slice(start, end) {
            "SD" => levels.strong = true,
            "WD" => levels.weak = true,
            other => {
                return Err(c.error_at(
                    start,
                    end.max(start + 1),
                    format!("expected `SD` or `WD` in the disguise levels, found `{other}`"),
                ));
            }
        }
    }
    Ok(levels)
}

fn target_type(c: &mut Cursor) -> PResult<Option<TargetType>> {
    const TYPES: [(&str, TargetType); 10] = [
        ("Player", TargetType::Player),
        ("Player Optional", TargetType::PlayerOptional),
        ("Dead", TargetType::Dead),
        ("Ghost", TargetType::Ghost),
        ("Role", TargetType::Role),
        ("Attribute", TargetType::Attribute),
        ("Category", TargetType::Category),
        ("Full Category", TargetType::FullCategory),
        ("Boolean", TargetType::Boolean),
        ("Option", TargetType::Option),
    ];
    let before = c.pos;
    let Some(word) = paren_word(c)? else {
        return Ok(None);
    };
    match TYPES.iter().find(|(n, _)| n.eq_ignore_ascii_case(&word)) {
        Some(&(_, t)) => Ok(Some(t)),
        None => {
            let mut at = c.sub(before, c.pos);
            at.skip_ws();
            Err(at.error_at(
                at.pos,
                c.pos,
                format!(
                    "unknown target type `({word})`{}; expected Player, Player Optional, Dead, \
                     Ghost, Role, Attribute, Category, Full Category, Boolean or Option",
                    did_you_mean(&word, TYPES.iter().map(|(n, _)| *n))
                ),
            ))
        }
    }
}

fn protecting(c: &mut Cursor) -> PResult<AbilityKind> {
    let target = parse_value(c)?;
    c.expect_phrase("from", "the protected player")?;
    let against_value = parse_value(c)?;
    let against = match against_value.plain_text() {
        Some("Attacks") => KillFilter::Attacks,
        Some("Kills") => KillFilter::Kills,
        Some("Lynches") => KillFilter::Lynches,
        Some("Attacks & Lynches") => KillFilter::AttacksAndLynches,
        Some("All") => KillFilter::All,
        Some("Banishments") => KillFilter::Banishments,
        _ => {
            return Err(super::span::Diagnostic::error(
                against_value.span,
                format!(
                    "unknown killing filter {against_value}; expected `Attacks`, `Kills`, \
                     `Lynches`, `Attacks & Lynches`, `All` or `Banishments`"
                ),
            ));
        }
    };
    let by = value_after(c, "by")?;
    c.expect_phrase("through", "the killing filter")?;
    let defense = if c.eat_phrase("Active Defense") {
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
    };
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
    Ok(AbilityKind::Protecting(crate::wwr::ast::Protecting {
        target,
        against,
        by,
        defense,
        during,
        duration: duration(c)?,
    }))
}

/// Vote manipulation (`Manipulate @Self's `public voting power` to `1``) or poll
/// manipulation (``Manipulate `Election` Poll (@Self is `Disqualified`)``).
fn manipulate(c: &mut Cursor) -> PResult<AbilityKind> {
    let subject = parse_value(c)?;
    if c.eat_phrase("Poll") {
        c.skip_ws();
        let open = c.pos;
        let Some(close) = (c.peek() == Some('('))
            .then(|| c.matching_close())
            .flatten()
        else {
            return Err(c.error_here(format!(
                "expected `(<target> is `Unvotable`)` or `(<target> has <n> votes)` after \
                 `Poll`, found {}",
                c.found()
            )));
        };
        let mut inner = c.sub(open + 1, close - 1);
        let target = parse_value(&mut inner)?;
        let manipulation = if inner.eat_phrase("is") {
            PollManipulation::Status {
                target,
                status: parse_value_exact(&mut inner, "the poll manipulation")?,
            }
        } else if inner.eat_phrase("has") {
            let votes = parse_value(&mut inner)?;
            let hidden = inner.eat_phrase("hidden");
            inner.expect_phrase("votes", "the vote count")?;
            inner.expect_end("the poll manipulation")?;
            PollManipulation::Votes {
                target,
                votes,
                hidden,
            }
        } else {
            return Err(expected_after(
                &inner,
                "`is` or `has`",
                "the manipulated player",
            ));
        };
        c.pos = close;
        let mut kind = poll(
            PollAction::Manipulate,
            Some(subject),
            None,
            None,
            Some(manipulation),
        );
        if let AbilityKind::Poll(crate::wwr::ast::Poll { duration: d, .. }) = &mut kind {
            *d = duration(c)?;
        }
        return Ok(kind);
    }
    if !c.eat("'s") {
        return Err(expected_after(
            c,
            "`'s` (vote manipulation) or `Poll` (poll manipulation)",
            "the manipulated value",
        ));
    }
    let vote_value = parse_value(c)?;
    let vote = match vote_value.plain_text() {
        Some("public voting power") => VoteKind::Public,
        Some("special public voting power") => VoteKind::SpecialPublic,
        Some("hidden public voting power") => VoteKind::HiddenPublic,
        Some("private voting power") => VoteKind::Private,
        _ => {
            return Err(super::span::Diagnostic::error(
                vote_value.span,
                format!(
                    "unknown voting power {vote_value}; expected `public voting power`, `special \
                     public voting power`, `hidden public voting power` or `private voting power`"
                ),
            ));
        }
    };
    let relative = if c.eat_phrase("to") {
        false
    } else if c.eat_phrase("by") {
        true
    } else {
        return Err(expected_after(c, "`to` or `by`", "the voting power"));
    };
    Ok(AbilityKind::VoteManipulating(
        crate::wwr::ast::VoteManipulating {
            target: subject,
            vote,
            relative,
            amount: parse_value(c)?,
            duration: duration(c)?,
        },
    ))
}

/// `Obstruct <target>` or `Obstruct [!]<Ability Type> for <target> [⇒ feedback]`.
fn obstructing(c: &mut Cursor) -> PResult<AbilityKind> {
    c.skip_ws();
    let starts_with_value = c
        .peek()
        .is_some_and(|ch| matches!(ch, '@' | '&' | '#' | '%' | '`' | '^'));
    let abilities = if starts_with_value {
        None
    } else {
        let start = c.pos;
        let Some(offset) = c.rest().find(" for ") else {
            return Err(c.error_here(format!(
                "expected `Obstruct <target>` or `Obstruct <Ability Type> for <target>`, found {}",
                c.found()
            )));
        };
        let filter = parse_filter(c, start, start + offset)?;
        c.pos = start + offset + " for".len();
        Some(filter)
    };
    let target = parse_value(c)?;
    let feedback = if c.eat_phrase("⇒") || c.eat_phrase("=>") {
        c.skip_ws();
        if c.peek() == Some('(') && !c.rest().starts_with("(~") {
            let items = paren_items(c)?.unwrap_or_default();
            let mut choices = Vec::new();
            for (start, end) in items {
                let item = c.slice(start, end);
                let Some(colon) = item.find(':') else {
                    return Err(c.error_at(
                        start,
                        end.max(start + 1),
                        format!("expected `<chance>:<feedback>`, found `{item}`"),
                    ));
                };
                let chance = item[..colon].trim().parse::<f64>().map_err(|_| {
                    c.error_at(
                        start,
                        start + colon,
                        format!("`{}` is not a chance", &item[..colon]),
                    )
                })?;
                let mut inner = c.sub(start + colon + 1, end);
                choices.push(WeightedFeedback {
                    chance,
                    value: parse_value_exact(&mut inner, "the feedback")?,
                });
            }
            Some(ObstructFeedback::Weighted { choices })
        } else {
            Some(ObstructFeedback::Fixed {
                value: parse_value(c)?,
            })
        }
    } else {
        None
    };
    Ok(AbilityKind::Obstructing(crate::wwr::ast::Obstructing {
        target,
        abilities,
        feedback,
        duration: duration(c)?,
    }))
}

fn emitting(c: &mut Cursor, at_end_of_phase: bool) -> PResult<AbilityKind> {
    let value = parse_value(c)?;
    let target = value_after(c, "for")?;
    Ok(AbilityKind::Emitting(crate::wwr::ast::Emitting {
        value,
        target,
        at_end_of_phase,
    }))
}

fn poll(
    action: PollAction,
    poll: Option<Value>,
    location: Option<Value>,
    name: Option<Value>,
    manipulation: Option<PollManipulation>,
) -> AbilityKind {
    AbilityKind::Poll(crate::wwr::ast::Poll {
        action,
        poll,
        location,
        name,
        manipulation,
        duration: None,
    })
}

/// The value after `phrase`, if the phrase comes next.
fn value_after(c: &mut Cursor, phrase: &str) -> PResult<Option<Value>> {
    if c.eat_phrase(phrase) {
        parse_value(c).map(Some)
    } else {
        Ok(None)
    }
}

/// A value if anything but whitespace remains.
fn optional_value(c: &mut Cursor) -> PResult<Option<Value>> {
    let mut probe = *c;
    probe.skip_ws();
    if probe.at_end() {
        Ok(None)
    } else {
        parse_value(c).map(Some)
    }
}

/// `(~Duration)` if present.
fn duration(c: &mut Cursor) -> PResult<Option<Duration>> {
    const DURATIONS: [(&str, Duration); 15] = [
        ("Permanent", Duration::Permanent),
        ("Persistent", Duration::Persistent),
        ("Phase", Duration::Phase),
        ("PhaseAttribute", Duration::PhaseAttribute),
        ("NextPhase", Duration::NextPhase),
        ("NextDay", Duration::NextDay),
        ("NextNight", Duration::NextNight),
        ("NextPhaseAttribute", Duration::NextPhaseAttribute),
        ("NextDayAttribute", Duration::NextDayAttribute),
        ("NextNightAttribute", Duration::NextNightAttribute),
        ("UntilUse", Duration::UntilUse),
        ("UntilSecondUse", Duration::UntilSecondUse),
        ("Attribute", Duration::Attribute),
        ("UntilUseAttribute", Duration::UntilUseAttribute),
        ("DelayedPhase", Duration::DelayedPhase),
    ];
    let mut probe = *c;
    probe.skip_ws();
    if !probe.rest().starts_with("(~") {
        return Ok(None);
    }
    let start = probe.pos;
    let Some(close) = probe.matching_close() else {
        return Err(probe.error_here("unclosed duration: expected `)` after `(~…`"));
    };
    let name = probe.slice(start + 2, close - 1).trim();
    match DURATIONS.iter().find(|(n, _)| *n == name) {
        Some(&(_, d)) => {
            c.pos = close;
            Ok(Some(d))
        }
        None => Err(probe.error_at(
            start,
            close,
            format!(
                "unknown duration `~{name}`{}; expected ~Permanent, ~Persistent, ~Phase, \
                 ~NextPhase, ~NextDay, ~NextNight, ~UntilUse, ~UntilSecondUse, ~Attribute, \
                 ~UntilUseAttribute, ~DelayedPhase or an …Attribute variant",
                did_you_mean(name, DURATIONS.iter().map(|(n, _)| *n))
            ),
        )),
    }
}

/// The trimmed item ranges of a parenthesised, comma-separated list, if one follows.
fn paren_items(c: &mut Cursor) -> PResult<Option<Vec<(usize, usize)>>> {
    let mut probe = *c;
    probe.skip_ws();
    if probe.peek() != Some('(') {
        return Ok(None);
    }
    let open = probe.pos;
    let Some(close) = probe.matching_close() else {
        return Err(probe.error_here("unclosed `(`: expected `)`"));
    };
    c.pos = close;
    Ok(Some(split_commas(c.src.text, open + 1, close - 1)))
}

/// `(Word Words)` as one trimmed string, if a parenthesised list follows.
fn paren_word(c: &mut Cursor) -> PResult<Option<String>> {
    let Some(items) = paren_items(c)? else {
        return Ok(None);
    };
    Ok(Some(
        items
            .iter()
            .map(|&(s, e)| c.slice(s, e))
            .collect::<Vec<_>>()
            .join(", "),
    ))
}

/// `(yes, yes)`, `(EarlyStage, $phase)`: each item a value, bare text allowed.
fn values_in_parens(c: &mut Cursor) -> PResult<Vec<Value>> {
    let Some(items) = paren_items(c)? else {
        return Ok(Vec::new());
    };
    items
        .into_iter()
        .map(|(start, end)| parse_list_item(&mut c.sub(start, end), "the list"))
        .collect()
}

/// `(Soul Attack, Soul Protect)`: option names as written.
fn names_in_parens(c: &mut Cursor, what: &str) -> PResult<Vec<Name>> {
    let Some(items) = paren_items(c)? else {
        return Ok(Vec::new());
    };
    items
        .into_iter()
        .map(|(start, end)| {
            if start == end {
                Err(c.error_at(start, start + 1, format!("empty entry in {what}")))
            } else {
                Ok(Name {
                    text: c.slice(start, end).to_string(),
                    span: c.span_of(start, end),
                })
            }
        })
        .collect()
}
