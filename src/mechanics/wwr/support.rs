//! What the executor runs: layer A of the research (§4.1). A role is executable when every
//! trigger, ability, restriction, scaling, selector, query key and property in its text, in
//! the ability sets it inherits and in the elements it pulls in (attributes it applies, groups
//! it joins, polls it creates, its team) is one the executor implements; otherwise the first
//! construct that is not is the reason, and a setup dealing the role is refused with it.

use super::program::Program;
use crate::wwr::ast;
use crate::wwr::ast::{
    AbilityKind, Property, QueryKey, Statement, StatementKind, TriggerBlock, TriggerKind, Value,
    ValueKind,
};
use crate::wwr::resolve::Namespace;

/// The selectors the executor binds.
pub const SELECTORS: &[&str] = &[
    "Self",
    "Selection",
    "SecondarySelection",
    "Target",
    "TargetDead",
    "All",
    "Others",
    "Dead",
    "DeadAlive",
    "Ghostly",
    "Nobody",
    "Winner",
    // the tied winners of a skipped poll (the bot's `winner1`, `winner2`, …)
    "Winner1",
    "Winner2",
    "Winner3",
    "Attacker",
    "Attacked",
    "AttackLocation",
    "AttackSource",
    "DeathType",
    "This",
    "ThisAttr",
    "Executor",
    "Members",
    "Joiner",
    "Result",
    "Result1",
    "Result2",
    "Result3",
    "Result4",
    "Result5",
    "ActionTarget",
    "ActionResult",
    "RoleChanger",
    "Chosen",
    "Chooser",
    "Option",
    "Visitor",
    "VisitParameter",
    "VisitType",
    "Ind",
    "Voters",
    "OtherVoters",
    "ActionFeedback",
    "TriggerSource",
];

pub fn trigger_supported(kind: TriggerKind) -> bool {
    use TriggerKind as T;
    !matches!(
        kind,
        T::OnRemoval | T::OnVoteAdd | T::OnVoteRemove | T::OnVoteChange | T::OnHammer
    )
}

fn value_reason(v: &Value) -> Option<String> {
    match &v.kind {
        ValueKind::Selector { name } => {
            let base = name.trim_start_matches('@');
            (!SELECTORS.iter().any(|s| s.eq_ignore_ascii_case(base)))
                .then(|| format!("the selector `@{base}` (layer B or C)"))
        }
        ValueKind::PlayerQuery { filters } => filters.iter().find_map(|f| match f.key {
            QueryKey::Role
            | QueryKey::Category
            | QueryKey::Class
            | QueryKey::Alignment
            | QueryKey::OriginalAlignment
            | QueryKey::OriginalCategory
            | QueryKey::OriginalRole
            | QueryKey::Group
            | QueryKey::Attribute
            | QueryKey::AttributeSelf
            | QueryKey::AttributeRole
            | QueryKey::AttributeDisguise
            | QueryKey::AliveOnly
            | QueryKey::SelectAll
            | QueryKey::Random
            | QueryKey::Ghostly => None,
            other => Some(format!("the query key `{other:?}` (layer B)")),
        }),
        // the bot's team query knows two keys
        ValueKind::TeamQuery { filters } => filters
            .iter()
            .find(|f| !matches!(f.key, QueryKey::Alignment | QueryKey::Attribute))
            .map(|f| {
                format!(
                    "the team query key `{:?}` (the bot reads only `Align:` and `Attr:`)",
                    f.key
                )
            }),
        // the bot's role query knows these keys; `^All` is the one named set
        ValueKind::RoleQuery { filters } => filters
            .iter()
            .find(|f| {
                !matches!(
                    f.key,
                    QueryKey::Category | QueryKey::Class | QueryKey::Alignment
                )
            })
            .map(|f| {
                format!(
                    "the role query key `{:?}` (the executor reads `Cat:`, `Class:` and `Align:`)",
                    f.key
                )
            }),
        ValueKind::RoleSet { name } => (!name.trim_start_matches('^').eq_ignore_ascii_case("All"))
            .then(|| format!("the role set `{name}` (only `^All` runs)")),
        ValueKind::Property { property, .. } => match property {
            Property::Role
            | Property::Alignment
            | Property::Class
            | Property::Category
            | Property::Count
            | Property::Members
            | Property::Counter
            | Property::OriginalRole
            | Property::Attr(_)
            | Property::Players
            | Property::Value1
            | Property::Value2
            | Property::Value3
            | Property::Target
            | Property::Result
            | Property::Success
            | Property::Message
            | Property::Number
            | Property::RandomPlayer
            | Property::PublicVotingPower
            | Property::PrivateVotingPower
            | Property::Source => None,
            other => Some(format!("the property `->{other}` (layer B)")),
        },
        ValueKind::Variable {
            variable: crate::wwr::ast::Variable::PhaseName,
        } => Some("the variable `$phname` (layer C)".into()),
        _ => None,
    }
}

fn statement_reason(program: &Program, s: &Statement, pulled: &mut Vec<usize>) -> Option<String> {
    if let Some(r) = params_reason(&s.params) {
        return Some(r);
    }
    match &s.kind {
        StatementKind::Ability { ability } => {
            if let Some(r) = ability.kind.node().layer() {
                return Some(format!("`{ability}`: {r}"));
            }
            pull(program, &ability.kind, pulled);
            None
        }
        StatementKind::Action => None,
        StatementKind::Process { body }
        | StatementKind::ForEach { body, .. }
        | StatementKind::Evaluate { body }
        | StatementKind::Branch { body, .. } => body
            .iter()
            .find_map(|s| statement_reason(program, s, pulled)),
    }
}

fn params_reason(_: &crate::wwr::ast::Params) -> Option<String> {
    // every restriction (`Status:` in `haunting`) and scaling (`triggers::scaling`) runs
    None
}

/// The elements an ability brings into play by name: the attribute it applies, the group it
/// joins, the poll it creates, the role a player changes to (with its team) and the team an
/// alignment changes to.
fn pull(program: &Program, kind: &AbilityKind, pulled: &mut Vec<usize>) {
    let (namespace, value) = match kind {
        AbilityKind::Changing(ast::Changing {
            kind: ast::ChangeKind::Role,
            to,
            ..
        })
        | AbilityKind::Granting(ast::Granting {
            action: ast::GrantAction::Grant,
            role: to,
            ..
        }) => (Namespace::Role, to),
        AbilityKind::Changing(ast::Changing {
            kind: ast::ChangeKind::Alignment,
            to,
            ..
        }) => (Namespace::Team, to),
        AbilityKind::ApplyAttribute(ast::ApplyAttribute { attribute, .. }) => {
            (Namespace::Attribute, attribute)
        }
        AbilityKind::Joining(ast::Joining { group, .. }) => (Namespace::Group, group),
        AbilityKind::Poll(ast::Poll {
            poll: Some(poll), ..
        }) => (Namespace::Poll, poll),
        _ => return,
    };
    let name = match &value.kind {
        ValueKind::Group { name, .. } => Some(name.as_str()),
        _ => value.plain_text(),
    };
    let Some(file) = name.and_then(|n| program.find(namespace, n)) else {
        return;
    };
    let team = (namespace == Namespace::Role)
        .then(|| program.team_of_role(file))
        .flatten();
    for file in std::iter::once(file).chain(team) {
        if !pulled.contains(&file) {
            pulled.push(file);
        }
    }
}

fn block_reason(
    program: &Program,
    block: &TriggerBlock,
    pulled: &mut Vec<usize>,
) -> Option<String> {
    if !trigger_supported(block.trigger.kind) {
        return Some(format!("the trigger `{}` (layer B or C)", block.trigger));
    }
    if let Some(r) = params_reason(&block.params) {
        return Some(r);
    }
    let mut bad = None;
    super::program::walk_block_values(block, &mut |v| {
        if bad.is_none() {
            bad = value_reason(v);
        }
    });
    if let Some(r) = bad {
        return Some(r);
    }
    block
        .body
        .iter()
        .find_map(|s| statement_reason(program, s, pulled))
}

/// The elements a game with these roots has in play: the roots, their teams, and every
/// attribute, group and poll their texts name in `Apply`, `Join` and `Create … Poll`,
/// transitively.
pub fn in_play(program: &Program, roots: &[usize]) -> Vec<usize> {
    let mut pulled: Vec<usize> = Vec::new();
    for r in roots {
        if !pulled.contains(r) {
            pulled.push(*r);
        }
        if let Some(team) = program.team_of_role(*r)
            && !pulled.contains(&team)
        {
            pulled.push(team);
        }
    }
    let mut i = 0;
    while i < pulled.len() {
        let file = pulled[i];
        i += 1;
        for (_, block) in program.triggers(file) {
            for s in &block.body {
                super::program::visit_abilities(s, &mut |a| pull(program, &a.kind, &mut pulled));
            }
        }
    }
    pulled
}

/// `Ok` when the executor runs every construct the role needs, else the first that it does
/// not, with the element it is in.
pub fn role_support(program: &Program, role: usize) -> Result<(), String> {
    let mut pulled = vec![role];
    if let Some(team) = program.team_of_role(role) {
        pulled.push(team);
    }
    let mut i = 0;
    while i < pulled.len() {
        let file = pulled[i];
        i += 1;
        // `Include:` runs (`including`): what it includes is each holder's host information
        for (_, block) in program.triggers(file) {
            if let Some(r) = block_reason(program, block, &mut pulled) {
                let owner = if file == role {
                    String::new()
                } else {
                    format!("{}: ", program.name(file))
                };
                return Err(format!("{owner}{r}"));
            }
        }
    }
    Ok(())
}
