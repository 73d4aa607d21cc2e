//! One module per ability type: the parser half of the WWR language (the executor half is
//! `crate::mechanics::wwr::abilities`). A type's module holds its syntax node, its canonical
//! text (`Display`), the values and names it refers to, its compiled row (the engine
//! vocabulary it maps to, or why none yet) and its layer (why the WWR executor does not run it
//! yet). [`AbilityKind::node`] is the one match over every type; everything else asks the node.

pub mod activating;
pub mod announcing;
pub mod ascending;
pub mod attributes;
pub mod cancelling;
pub mod changing;
pub mod choices;
pub mod conversation_reset;
pub mod copying;
pub mod counting;
pub mod disbanding;
pub mod disguising;
pub mod displaying;
pub mod emitting;
pub mod executing;
pub mod feedback;
pub mod formatting;
pub mod granting;
pub mod investigating;
pub mod joining;
pub mod killing;
pub mod locking;
pub mod loyalty;
pub mod obstructing;
pub mod polling;
pub mod protecting;
pub mod redirecting;
pub mod resurrecting;
pub mod shuffling;
pub mod switching;
pub mod targeting;
pub mod vote_manipulating;
pub mod whispering;

use crate::wwr::ability::expected_after;
use crate::wwr::ast::{ChangeKind, InvestigationKind, Value, ValueKind};
use crate::wwr::compile::Compiled;
use crate::wwr::cursor::{Cursor, PResult};
use crate::wwr::names::did_you_mean;
use crate::wwr::resolve::Ref;
use crate::wwr::value::parse_value;
use serde::Serialize;
use std::fmt;

/// What every ability node answers; each method stands for one question the pipeline asks of
/// an ability (render, lint, resolve, compile, execute).
pub trait AbilityNode: fmt::Display {
    /// The ability type's name as the guides write it (`Killing`, `Applying`, …).
    fn type_name(&self) -> &'static str;
    /// The subtype word as filters write it (`Attack` of `[Attack Killing]`); empty if none.
    fn subtype(&self) -> &'static str {
        ""
    }
    /// The values the ability holds directly (not their parts).
    fn values(&self) -> Vec<&Value> {
        Vec::new()
    }
    /// The elements it names by a constant (roles, attributes, groups, …).
    fn refs(&self) -> Vec<Ref<'_>> {
        Vec::new()
    }
    /// Its row in the engine's shared vocabulary, or why it has none yet.
    fn compile(&self) -> Compiled;
    /// Why the WWR executor does not run it yet (`"redirection (layer B)"`); `None` when it
    /// runs.
    fn layer(&self) -> Option<&'static str>;
}

/// The word that led an ability, and where the ability began.
#[derive(Clone, Copy, Debug)]
pub struct Lead<'w> {
    pub word: &'w str,
    pub start: usize,
}

/// Reads the rest of an ability after its lead word.
pub type ParseFn = fn(&mut Cursor<'_>, Lead<'_>) -> PResult<AbilityKind>;

/// A type's lead words, each with the function that reads the rest of the ability, and the
/// forms "did you mean" offers for the type.
pub struct Type {
    pub leads: &'static [(&'static str, ParseFn)],
    pub verbs: &'static [&'static str],
}

/// Every type led by a word, in the guides' order. "Did you mean" offers the first of the
/// closest forms, so the order of the forms matters. Choices and feedback values are led by a
/// value (`crate::wwr::ability`); cancelling's only lead word is shared (see [`SHARED`]).
pub static TYPES: &[Type] = &[
    killing::TYPE,
    investigating::TYPE,
    targeting::TYPE,
    disguising::TYPE,
    protecting::TYPE,
    attributes::TYPE,
    redirecting::TYPE,
    vote_manipulating::TYPE,
    whispering::TYPE,
    joining::TYPE,
    granting::TYPE,
    loyalty::TYPE,
    obstructing::TYPE,
    polling::TYPE,
    announcing::TYPE,
    changing::TYPE,
    copying::TYPE,
    ascending::TYPE,
    disbanding::TYPE,
    counting::TYPE,
    conversation_reset::TYPE,
    switching::TYPE,
    shuffling::TYPE,
    emitting::TYPE,
    displaying::TYPE,
    locking::TYPE,
    formatting::TYPE,
    executing::TYPE,
    activating::TYPE,
    resurrecting::TYPE,
    feedback::TYPE,
];

/// Lead words that two types share: each function reads on until the type is known, then
/// hands over to that type's module.
const SHARED: &[(&str, ParseFn)] = &[
    ("Role", role_or_alignment),
    ("Alignment", role_or_alignment),
    ("Remove", remove),
    ("Add", add),
    ("Cancel", cancel),
    ("Manipulate", manipulate),
];

/// `Role|Alignment Investigate …` (investigating) or `Role|Alignment Change …` (changing).
fn role_or_alignment(c: &mut Cursor, lead: Lead) -> PResult<AbilityKind> {
    let role = lead.word == "Role";
    if c.eat_phrase("Investigate") {
        let kind = if role {
            InvestigationKind::Role
        } else {
            InvestigationKind::Alignment
        };
        investigating::parse_rest(c, kind)
    } else if c.eat_phrase("Change") {
        let kind = if role {
            ChangeKind::Role
        } else {
            ChangeKind::Alignment
        };
        changing::parse_rest(c, kind)
    } else {
        Err(expected_after(
            c,
            "`Investigate` or `Change`",
            &format!("`{}`", lead.word),
        ))
    }
}

/// `Remove <attribute> from <player>` (attributes) or `Remove <player> from #Group`
/// (joining): a group on the right of a value that is not plain text removes a member.
fn remove(c: &mut Cursor, _lead: Lead) -> PResult<AbilityKind> {
    let first = parse_value(c)?;
    c.expect_phrase("from", "the removed value")?;
    let from = parse_value(c)?;
    let is_group_removal =
        first.plain_text().is_none() && matches!(from.kind, ValueKind::Group { .. });
    Ok(if is_group_removal {
        joining::removal(first, from)
    } else {
        attributes::removal(first, from)
    })
}

/// `Add <name> Poll` (polls) or `Add <player> to <group> …` (joining).
fn add(c: &mut Cursor, _lead: Lead) -> PResult<AbilityKind> {
    let first = parse_value(c)?;
    if c.eat_phrase("Poll") {
        Ok(polling::add(first))
    } else {
        joining::parse_add(c, first)
    }
}

/// `Cancel [with <feedback>]` (cancelling a visit) or `Cancel <name> Poll` (polls).
fn cancel(c: &mut Cursor, _lead: Lead) -> PResult<AbilityKind> {
    match cancelling::parse_visit(c)? {
        Some(kind) => Ok(kind),
        None => polling::parse_cancel(c),
    }
}

/// `Manipulate <name> Poll (…)` (polls) or `Manipulate <player>'s <voting power> …` (vote
/// manipulating).
fn manipulate(c: &mut Cursor, _lead: Lead) -> PResult<AbilityKind> {
    let subject = parse_value(c)?;
    if c.eat_phrase("Poll") {
        polling::parse_manipulation(c, subject)
    } else {
        vote_manipulating::parse_rest(c, subject)
    }
}

/// The parser of a lead word, if any type has it.
fn find(word: &str) -> Option<ParseFn> {
    SHARED
        .iter()
        .chain(TYPES.iter().flat_map(|t| t.leads.iter()))
        .find(|(lead, _)| *lead == word)
        .map(|&(_, parse)| parse)
}

/// Every form of every type led by a word, in order, for "did you mean".
pub fn verbs() -> impl Iterator<Item = &'static str> {
    TYPES.iter().flat_map(|t| t.verbs.iter().copied())
}

/// Reads an ability that begins with a word: the word picks the type's parser.
pub fn parse_word_led(c: &mut Cursor) -> PResult<AbilityKind> {
    let start = c.pos;
    let word = c.take_while(|ch| ch.is_alphanumeric() || ch == '_' || ch == '-');
    match find(word) {
        Some(parse) => parse(c, Lead { word, start }),
        None => Err(c.error_at(
            start,
            c.pos,
            format!(
                "unknown ability `{word}`{}; expected an ability type such as `Attack`, \
                 `Role Investigate`, `Protect`, `Apply`, `Learn` or `Role Change`",
                did_you_mean(word, verbs())
            ),
        )),
    }
}

/// Every ability type of both guides, the five the guides lack (Locking, Formatting,
/// Executing, Activating, Resurrecting), and complex-action results (feedback).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum AbilityKind {
    Killing(killing::Killing),
    Investigating(investigating::Investigating),
    Targeting(targeting::Targeting),
    Untargeting,
    Disguising(disguising::Disguising),
    Protecting(protecting::Protecting),
    ApplyAttribute(attributes::ApplyAttribute),
    RemoveAttribute(attributes::RemoveAttribute),
    ChangeAttribute(attributes::ChangeAttribute),
    Redirecting(redirecting::Redirecting),
    VoteManipulating(vote_manipulating::VoteManipulating),
    Whispering(whispering::Whispering),
    Joining(joining::Joining),
    Granting(granting::Granting),
    Loyalty(loyalty::Loyalty),
    Obstructing(obstructing::Obstructing),
    Poll(polling::Poll),
    Announcement(announcing::Announcement),
    Changing(changing::Changing),
    Copying(copying::Copying),
    ChoiceCreation(choices::ChoiceCreation),
    ChoiceChoosing(choices::ChoiceChoosing),
    Ascend,
    Descend,
    Disband(disbanding::Disband),
    Counting(counting::Counting),
    ConversationReset(conversation_reset::ConversationReset),
    Cancel(cancelling::Cancel),
    Switching(switching::Switching),
    Shuffle(shuffling::Shuffle),
    Emitting(emitting::Emitting),
    Displaying(displaying::Displaying),
    DisplayUpdate(displaying::DisplayUpdate),
    Locking(locking::Locking),
    Formatting(formatting::Formatting),
    Executing(executing::Executing),
    Activating(activating::Activating),
    Resurrecting(resurrecting::Resurrecting),
    Feedback(feedback::Feedback),
    Success,
    Failure,
    /// Keep evaluating the following conditions.
    Continue,
}

impl AbilityKind {
    /// The node of this ability; the one match over every type.
    pub fn node(&self) -> &dyn AbilityNode {
        match self {
            Self::Killing(n) => n,
            Self::Investigating(n) => n,
            Self::Targeting(n) => n,
            Self::Untargeting => &targeting::Untarget,
            Self::Disguising(n) => n,
            Self::Protecting(n) => n,
            Self::ApplyAttribute(n) => n,
            Self::RemoveAttribute(n) => n,
            Self::ChangeAttribute(n) => n,
            Self::Redirecting(n) => n,
            Self::VoteManipulating(n) => n,
            Self::Whispering(n) => n,
            Self::Joining(n) => n,
            Self::Granting(n) => n,
            Self::Loyalty(n) => n,
            Self::Obstructing(n) => n,
            Self::Poll(n) => n,
            Self::Announcement(n) => n,
            Self::Changing(n) => n,
            Self::Copying(n) => n,
            Self::ChoiceCreation(n) => n,
            Self::ChoiceChoosing(n) => n,
            Self::Ascend => &ascending::Alone("Ascend"),
            Self::Descend => &ascending::Alone("Descend"),
            Self::Disband(n) => n,
            Self::Counting(n) => n,
            Self::ConversationReset(n) => n,
            Self::Cancel(n) => n,
            Self::Switching(n) => n,
            Self::Shuffle(n) => n,
            Self::Emitting(n) => n,
            Self::Displaying(n) => n,
            Self::DisplayUpdate(n) => n,
            Self::Locking(n) => n,
            Self::Formatting(n) => n,
            Self::Executing(n) => n,
            Self::Activating(n) => n,
            Self::Resurrecting(n) => n,
            Self::Feedback(n) => n,
            Self::Success => &feedback::Control("Success"),
            Self::Failure => &feedback::Control("Failure"),
            Self::Continue => &feedback::Control("Continue"),
        }
    }

    /// The ability type's name as the guides write it.
    pub fn type_name(&self) -> &'static str {
        self.node().type_name()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The forms "did you mean" offered before the types had modules, in that order.
    const FORMS: &[&str] = &[
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

    #[test]
    fn the_forms_keep_their_order() {
        assert_eq!(verbs().collect::<Vec<_>>(), FORMS);
    }

    #[test]
    fn no_lead_word_has_two_parsers() {
        let mut leads: Vec<&str> = SHARED
            .iter()
            .chain(TYPES.iter().flat_map(|t| t.leads.iter()))
            .map(|(w, _)| *w)
            .collect();
        let all = leads.len();
        leads.sort_unstable();
        leads.dedup();
        assert_eq!(leads.len(), all, "a lead word is registered twice");
    }

    #[test]
    fn every_form_begins_with_a_lead_word() {
        for form in verbs() {
            let first = form.split(' ').next().unwrap_or(form);
            assert!(
                find(first).is_some(),
                "`{form}` has no parser for `{first}`"
            );
        }
    }
}
