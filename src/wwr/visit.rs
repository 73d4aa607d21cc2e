//! Walks an element's tree, so checks (lints, name resolution, compilation) do not each
//! re-implement the traversal.

use super::ast::{
    Ability, AbilityKind, Condition, ConditionKind, Defense, Element, Guard, ObstructFeedback,
    Params, PollManipulation, RestrictionKind, ScalingKind, Setting, Statement, StatementKind,
    TextPart, Value, ValueKind,
};

/// Every statement of the element, outermost first.
pub fn statements<'a>(element: &'a Element, f: &mut dyn FnMut(&'a Statement)) {
    fn walk<'a>(statements: &'a [Statement], f: &mut dyn FnMut(&'a Statement)) {
        for statement in statements {
            f(statement);
            match &statement.kind {
                StatementKind::Process { body }
                | StatementKind::Evaluate { body }
                | StatementKind::Branch { body, .. }
                | StatementKind::ForEach { body, .. } => walk(body, f),
                StatementKind::Ability { .. } | StatementKind::Action => {}
            }
        }
    }
    for block in &element.triggers {
        walk(&block.body, f);
    }
}

/// Every ability of the element.
pub fn abilities<'a>(element: &'a Element, f: &mut dyn FnMut(&'a Ability)) {
    statements(element, &mut |s| {
        if let StatementKind::Ability { ability } = &s.kind {
            f(ability);
        }
    });
}

/// Every parameter group set of the element (trigger lines and statement lines).
pub fn params<'a>(element: &'a Element, f: &mut dyn FnMut(&'a Params)) {
    for block in &element.triggers {
        f(&block.params);
    }
    statements(element, &mut |s| f(&s.params));
}

/// Every condition (guards and `Condition:` restrictions), outermost first.
pub fn conditions<'a>(element: &'a Element, f: &mut dyn FnMut(&'a Condition)) {
    fn walk<'a>(c: &'a Condition, f: &mut dyn FnMut(&'a Condition)) {
        f(c);
        match &c.kind {
            ConditionKind::Not { condition } => walk(condition, f),
            ConditionKind::And { all: items } | ConditionKind::Or { any: items } => {
                items.iter().for_each(|i| walk(i, f));
            }
            _ => {}
        }
    }
    statements(element, &mut |s| {
        if let StatementKind::Branch {
            guard: Guard::When { condition },
            ..
        } = &s.kind
        {
            walk(condition, f);
        }
    });
    params(element, &mut |p| {
        for r in &p.restrictions {
            if let RestrictionKind::Condition { condition } = &r.kind {
                walk(condition, f);
            }
        }
    });
}

/// The values an ability holds directly (not their parts).
pub fn ability_values(kind: &AbilityKind) -> Vec<&Value> {
    let mut out: Vec<&Value> = Vec::new();
    match kind {
        AbilityKind::Killing(crate::wwr::ast::Killing { target, .. })
        | AbilityKind::Targeting(crate::wwr::ast::Targeting { target, .. })
        | AbilityKind::Copying(crate::wwr::ast::Copying { target, .. })
        | AbilityKind::Switching(crate::wwr::ast::Switching { target })
        | AbilityKind::Resurrecting(crate::wwr::ast::Resurrecting { target }) => out.push(target),
        AbilityKind::Investigating(crate::wwr::ast::Investigating {
            target, attribute, ..
        }) => out.extend(std::iter::once(target).chain(attribute.as_ref())),
        AbilityKind::Disguising(crate::wwr::ast::Disguising { target, role, .. }) => {
            out.extend([target, role])
        }
        AbilityKind::Protecting(crate::wwr::ast::Protecting {
            target,
            by,
            defense,
            ..
        }) => {
            out.push(target);
            out.extend(by.as_ref());
            if let Defense::Absence { at } = defense {
                out.push(at);
            }
        }
        AbilityKind::ApplyAttribute(crate::wwr::ast::ApplyAttribute {
            attribute,
            target,
            values,
            ..
        }) => {
            out.extend([attribute, target]);
            out.extend(values);
        }
        AbilityKind::RemoveAttribute(crate::wwr::ast::RemoveAttribute { attribute, target }) => {
            out.extend([attribute, target])
        }
        AbilityKind::ChangeAttribute(crate::wwr::ast::ChangeAttribute {
            attribute,
            index,
            value,
            target,
        }) => {
            out.extend([attribute, index, value]);
            out.extend(target.as_ref());
        }
        AbilityKind::Redirecting(crate::wwr::ast::Redirecting {
            abilities,
            from,
            to,
            ..
        }) => {
            out.extend([abilities, to]);
            out.extend(from.as_ref());
        }
        AbilityKind::VoteManipulating(crate::wwr::ast::VoteManipulating {
            target, amount, ..
        }) => out.extend([target, amount]),
        AbilityKind::Whispering(crate::wwr::ast::Whispering {
            from, to, disguise, ..
        }) => {
            out.push(to);
            out.extend(from.as_ref().into_iter().chain(disguise.as_ref()));
        }
        AbilityKind::Joining(crate::wwr::ast::Joining {
            player,
            group,
            membership,
            ..
        }) => {
            out.push(group);
            out.extend(player.as_ref().into_iter().chain(membership.as_ref()));
        }
        AbilityKind::Granting(crate::wwr::ast::Granting { role, from, to, .. }) => {
            out.push(role);
            out.extend(from.as_ref().into_iter().chain(to.as_ref()));
        }
        AbilityKind::Loyalty(crate::wwr::ast::Loyalty { to, .. }) => out.push(to),
        AbilityKind::Obstructing(crate::wwr::ast::Obstructing {
            target, feedback, ..
        }) => {
            out.push(target);
            match feedback {
                Some(ObstructFeedback::Fixed { value }) => out.push(value),
                Some(ObstructFeedback::Weighted { choices }) => {
                    out.extend(choices.iter().map(|c| &c.value));
                }
                None => {}
            }
        }
        AbilityKind::Poll(crate::wwr::ast::Poll {
            poll,
            location,
            name,
            manipulation,
            ..
        }) => {
            out.extend(
                poll.as_ref()
                    .into_iter()
                    .chain(location.as_ref())
                    .chain(name.as_ref()),
            );
            match manipulation {
                Some(PollManipulation::Status { target, status }) => out.extend([target, status]),
                Some(PollManipulation::Votes { target, votes, .. }) => out.extend([target, votes]),
                None => {}
            }
        }
        AbilityKind::Announcement(crate::wwr::ast::Announcement { info, to, .. }) => {
            out.push(info);
            out.extend(to.as_ref());
        }
        AbilityKind::Changing(crate::wwr::ast::Changing { target, to, .. }) => {
            out.extend([target, to])
        }
        AbilityKind::ChoiceCreation(crate::wwr::ast::ChoiceCreation {
            choice, chooser, ..
        }) => {
            out.push(choice);
            out.extend(chooser.as_ref());
        }
        AbilityKind::ChoiceChoosing(crate::wwr::ast::ChoiceChoosing { choice, option }) => {
            out.extend([choice, option])
        }
        AbilityKind::Disband(crate::wwr::ast::Disband { target })
        | AbilityKind::ConversationReset(crate::wwr::ast::ConversationReset { target }) => {
            out.extend(target.as_ref());
        }
        AbilityKind::Counting(crate::wwr::ast::Counting { amount, target, .. }) => {
            out.extend(amount.as_ref().into_iter().chain(target.as_ref()));
        }
        AbilityKind::Cancel(crate::wwr::ast::Cancel { feedback }) => out.extend(feedback.as_ref()),
        AbilityKind::Shuffle(crate::wwr::ast::Shuffle { targets }) => out.extend(targets),
        AbilityKind::Emitting(crate::wwr::ast::Emitting { value, target, .. }) => {
            out.push(value);
            out.extend(target.as_ref());
        }
        AbilityKind::Displaying(crate::wwr::ast::Displaying { display, values }) => {
            out.push(display);
            out.extend(values);
        }
        AbilityKind::DisplayUpdate(crate::wwr::ast::DisplayUpdate {
            display,
            index,
            value,
        }) => out.extend([display, index, value]),
        AbilityKind::Locking(crate::wwr::ast::Locking { location, .. }) => out.push(location),
        AbilityKind::Formatting(crate::wwr::ast::Formatting {
            source,
            template,
            split_by,
            split_as,
        }) => {
            out.extend([source, template]);
            out.extend(split_by.as_ref().into_iter().chain(split_as.as_ref()));
        }
        AbilityKind::Executing(crate::wwr::ast::Executing { command, location }) => {
            out.extend([command, location])
        }
        AbilityKind::Activating(crate::wwr::ast::Activating { target, while_ }) => {
            out.push(target);
            out.extend(while_.as_ref());
        }
        AbilityKind::Feedback(crate::wwr::ast::Feedback { value }) => out.push(value),
        AbilityKind::Untargeting
        | AbilityKind::Ascend
        | AbilityKind::Descend
        | AbilityKind::Success
        | AbilityKind::Failure
        | AbilityKind::Continue => {}
    }
    out
}

/// Every value written in the element, and every value inside those (property bases, list
/// items, interpolated selectors…); `in_string` is true inside backtick strings.
pub fn values<'a>(element: &'a Element, f: &mut dyn FnMut(&'a Value, bool)) {
    fn deep<'a>(v: &'a Value, in_string: bool, f: &mut dyn FnMut(&'a Value, bool)) {
        f(v, in_string);
        match &v.kind {
            ValueKind::Property { base, .. } | ValueKind::Typed { base, .. } => {
                deep(base, in_string, f);
            }
            ValueKind::List { items } => items.iter().for_each(|i| deep(i, in_string, f)),
            ValueKind::Division {
                numerator,
                denominator,
            } => {
                deep(numerator, in_string, f);
                deep(denominator, in_string, f);
            }
            ValueKind::Rounded { value, .. } => deep(value, in_string, f),
            ValueKind::HostInfo { info } => {
                if let Some(from) = &info.from {
                    deep(from, in_string, f);
                }
            }
            ValueKind::Text { parts } => {
                for part in parts {
                    if let TextPart::Value { value } = part {
                        deep(value, true, f);
                    }
                }
            }
            _ => {}
        }
    }
    for special in &element.specials {
        deep(&special.value, false, f);
    }
    for setting in &element.settings {
        let listed: &[Value] = match setting {
            Setting::AvailableOptions { options, .. } => options,
            Setting::AllowedVoters { voters, .. } => voters,
            Setting::WinCondition { any_of, .. } => any_of,
            Setting::Random { from, .. } => std::slice::from_ref(from),
            Setting::Hammer { value, .. } => std::slice::from_ref(value),
            _ => &[],
        };
        listed.iter().for_each(|v| deep(v, false, f));
    }
    for block in &element.triggers {
        if let Some(subject) = &block.trigger.subject {
            deep(subject, false, f);
        }
    }
    statements(element, &mut |s| match &s.kind {
        StatementKind::Ability { ability } => {
            for v in ability_values(&ability.kind) {
                deep(v, false, f);
            }
        }
        StatementKind::ForEach { over, .. } => deep(over, false, f),
        _ => {}
    });
    params(element, &mut |p| {
        for r in &p.restrictions {
            if let RestrictionKind::Attribute {
                target, attribute, ..
            } = &r.kind
            {
                if let Some(target) = target {
                    deep(target, false, f);
                }
                deep(attribute, false, f);
            }
        }
        for s in &p.scaling {
            scaling_values(&s.kind, &mut |v| deep(v, false, f));
        }
        for c in &p.compulsion {
            if let super::ast::CompulsionKind::Forced {
                default: Some(value),
            } = &c.kind
            {
                deep(value, false, f);
            }
        }
    });
    conditions(element, &mut |c| match &c.kind {
        ConditionKind::Compare { left, right, .. } => {
            deep(left, false, f);
            deep(right, false, f);
        }
        ConditionKind::Exists { value } => deep(value, false, f),
        ConditionKind::Has {
            actor: a,
            attribute: b,
        }
        | ConditionKind::InGroup {
            player: a,
            group: b,
        }
        | ConditionKind::PartOf { item: a, set: b } => {
            deep(a, false, f);
            deep(b, false, f);
        }
        _ => {}
    });
}

fn scaling_values<'a>(kind: &'a ScalingKind, f: &mut dyn FnMut(&'a Value)) {
    match kind {
        ScalingKind::Times { .. } => {}
        ScalingKind::Count { value } => f(value),
        ScalingKind::When { left, right, .. } => {
            f(left);
            f(right);
        }
        ScalingKind::Odd { scaling } | ScalingKind::Even { scaling } => {
            scaling_values(&scaling.kind, f);
        }
    }
}
