//! Walks an element's tree, so checks (lints, name resolution, compilation) do not each
//! re-implement the traversal.

use super::ast::{
    Ability, AbilityKind, Condition, ConditionKind, Element, Guard, Params, RestrictionKind,
    ScalingKind, Setting, Statement, StatementKind, TextPart, Value, ValueKind,
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
    kind.node().values()
}

/// Every value written in the element, and every value inside those (property bases, list
/// items, interpolated selectors…); `in_string` is true inside backtick strings. One walk of
/// the tree: the lint runs on every parse, so this is on the parser's hot path.
pub fn values<'a, F: FnMut(&'a Value, bool)>(element: &'a Element, f: &mut F) {
    for special in &element.specials {
        deep_value(&special.value, false, f);
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
        listed.iter().for_each(|v| deep_value(v, false, f));
    }
    for block in &element.triggers {
        if let Some(subject) = &block.trigger.subject {
            deep_value(subject, false, f);
        }
        params_values(&block.params, f);
        statement_values(&block.body, f);
    }
}

/// A value and every value inside it.
fn deep_value<'a, F: FnMut(&'a Value, bool)>(v: &'a Value, in_string: bool, f: &mut F) {
    f(v, in_string);
    match &v.kind {
        ValueKind::Property { base, .. } | ValueKind::Typed { base, .. } => {
            deep_value(base, in_string, f);
        }
        ValueKind::List { items } => items.iter().for_each(|i| deep_value(i, in_string, f)),
        ValueKind::Division {
            numerator,
            denominator,
        } => {
            deep_value(numerator, in_string, f);
            deep_value(denominator, in_string, f);
        }
        ValueKind::Rounded { value, .. } => deep_value(value, in_string, f),
        ValueKind::HostInfo { info } => {
            if let Some(from) = &info.from {
                deep_value(from, in_string, f);
            }
        }
        ValueKind::Text { parts } => {
            for part in parts {
                if let TextPart::Value { value } = part {
                    deep_value(value, true, f);
                }
            }
        }
        _ => {}
    }
}

/// The values of statements (abilities, `For Each` targets, guards) and their parameters.
fn statement_values<'a, F: FnMut(&'a Value, bool)>(statements: &'a [Statement], f: &mut F) {
    for s in statements {
        match &s.kind {
            StatementKind::Ability { ability } => {
                for v in ability_values(&ability.kind) {
                    deep_value(v, false, f);
                }
            }
            StatementKind::ForEach { over, body } => {
                deep_value(over, false, f);
                statement_values(body, f);
            }
            StatementKind::Branch { guard, body } => {
                if let Guard::When { condition } = guard {
                    condition_values(condition, f);
                }
                statement_values(body, f);
            }
            StatementKind::Process { body } | StatementKind::Evaluate { body } => {
                statement_values(body, f);
            }
            StatementKind::Action => {}
        }
        params_values(&s.params, f);
    }
}

/// The values of one line's parameter groups.
fn params_values<'a, F: FnMut(&'a Value, bool)>(p: &'a Params, f: &mut F) {
    for r in &p.restrictions {
        match &r.kind {
            RestrictionKind::Attribute {
                target, attribute, ..
            } => {
                if let Some(target) = target {
                    deep_value(target, false, f);
                }
                deep_value(attribute, false, f);
            }
            RestrictionKind::Condition { condition } => condition_values(condition, f),
            _ => {}
        }
    }
    for s in &p.scaling {
        scaling_values(&s.kind, &mut |v| deep_value(v, false, f));
    }
    for c in &p.compulsion {
        if let super::ast::CompulsionKind::Forced {
            default: Some(value),
        } = &c.kind
        {
            deep_value(value, false, f);
        }
    }
}

/// The values a condition compares or tests, through `not`, `and` and `or`.
fn condition_values<'a, F: FnMut(&'a Value, bool)>(c: &'a Condition, f: &mut F) {
    match &c.kind {
        ConditionKind::Compare { left, right, .. } => {
            deep_value(left, false, f);
            deep_value(right, false, f);
        }
        ConditionKind::Exists { value } => deep_value(value, false, f),
        ConditionKind::Has {
            actor: a,
            attribute: b,
        }
        | ConditionKind::InGroup {
            player: a,
            group: b,
        }
        | ConditionKind::PartOf { item: a, set: b } => {
            deep_value(a, false, f);
            deep_value(b, false, f);
        }
        ConditionKind::Not { condition } => condition_values(condition, f),
        ConditionKind::And { all: items } | ConditionKind::Or { any: items } => {
            items.iter().for_each(|i| condition_values(i, f));
        }
    }
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
