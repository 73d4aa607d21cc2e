//! Conditions: `A is B`, `A is not B`, `A > B`, `A < B`, `A exists`, `A has B`, `A is in #G`,
//! `A is part of B`, `not (…)`, and `and` / `or` chains of any length.
//!
//! Operands of `and`/`or` are parenthesised in the texts. When both appear without grouping,
//! `or` binds tighter than `and`: the newer guide defines `(A) and (B) or (C)` as "A and at
//! least one of B, C" and `(A) or (B) and (C)` as "C and at least one of A, B", which is
//! exactly that precedence, so chains of any length follow the same rule.

use super::ast::{CompareOp, Condition, ConditionKind};
use super::cursor::{Cursor, PResult};
use super::value::parse_value;

/// Parses a whole range as one condition.
pub fn parse_condition_exact(c: &mut Cursor) -> PResult<Condition> {
    let condition = parse_and(c)?;
    c.skip_ws();
    if !c.at_end() {
        return Err(c.error_here(format!(
            "unexpected {} after the condition; expected `and`, `or` or the end of the condition",
            c.found()
        )));
    }
    Ok(condition)
}

fn parse_and(c: &mut Cursor) -> PResult<Condition> {
    let start = c.pos;
    let first = parse_or(c)?;
    chain(c, start, first, "and", parse_or, |all| ConditionKind::And {
        all,
    })
}

fn parse_or(c: &mut Cursor) -> PResult<Condition> {
    let start = c.pos;
    let first = parse_unary(c)?;
    chain(c, start, first, "or", parse_unary, |any| {
        ConditionKind::Or { any }
    })
}

/// `first`, or the chain `first <joiner> … <joiner> last` made into one condition by `make`.
/// A lone operand is returned as it is, with no list built for it (most conditions are one
/// comparison, and this is on the parser's hot path).
fn chain(
    c: &mut Cursor,
    start: usize,
    first: Condition,
    joiner: &str,
    operand: fn(&mut Cursor) -> PResult<Condition>,
    make: impl FnOnce(Vec<Condition>) -> ConditionKind,
) -> PResult<Condition> {
    if !c.eat_phrase(joiner) {
        return Ok(first);
    }
    let mut items = vec![first, operand(c)?];
    while c.eat_phrase(joiner) {
        items.push(operand(c)?);
    }
    let mut from = *c;
    from.pos = start;
    from.skip_ws();
    Ok(Condition {
        kind: make(items),
        span: c.span_of(from.pos, c.pos),
    })
}

fn parse_unary(c: &mut Cursor) -> PResult<Condition> {
    c.skip_ws();
    let start = c.pos;
    if c.eat_keyword("not") {
        let inner = c.nested(start, parse_unary)?;
        return Ok(Condition {
            kind: ConditionKind::Not {
                condition: Box::new(inner),
            },
            span: c.span_from(start),
        });
    }
    if c.peek() == Some('(') {
        let Some(close) = c.matching_close() else {
            return Err(c.error_here("unclosed `(`: expected `)` to end the condition"));
        };
        let condition = c.nested(start, |c| {
            parse_condition_exact(&mut c.sub(start + 1, close - 1))
        })?;
        c.pos = close;
        return Ok(condition);
    }
    parse_pure(c)
}

/// A condition without logic operators.
fn parse_pure(c: &mut Cursor) -> PResult<Condition> {
    let start = c.pos;
    let left = parse_value(c).map_err(|mut e| {
        e.message = format!(
            "expected a condition such as `@Target exists`: {}",
            e.message
        );
        e
    })?;
    let kind = if c.eat_phrase("exists") {
        ConditionKind::Exists { value: left }
    } else if c.eat_phrase("has") {
        ConditionKind::Has {
            actor: left,
            attribute: parse_value(c)?,
        }
    } else if c.eat_phrase("is part of") {
        ConditionKind::PartOf {
            item: left,
            set: parse_value(c)?,
        }
    } else if c.eat_phrase("is in") {
        ConditionKind::InGroup {
            player: left,
            group: parse_value(c)?,
        }
    } else if c.eat_phrase("is not") {
        compare(c, left, CompareOp::IsNot)?
    } else if c.eat_phrase("is") {
        compare(c, left, CompareOp::Is)?
    } else {
        c.skip_ws();
        if c.eat(">") {
            compare(c, left, CompareOp::Greater)?
        } else if c.eat("<") {
            compare(c, left, CompareOp::Less)?
        } else {
            return Err(c.error_here(format!(
                "expected `is`, `is not`, `exists`, `has`, `is in`, `is part of`, `>` or `<` \
                 after `{left}`, found {}",
                c.found()
            )));
        }
    };
    Ok(Condition {
        kind,
        span: c.span_from(start),
    })
}

fn compare(c: &mut Cursor, left: super::ast::Value, op: CompareOp) -> PResult<ConditionKind> {
    let right = parse_value(c)?;
    Ok(ConditionKind::Compare { left, op, right })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wwr::span::SrcLine;

    fn shape(text: &str) -> String {
        let src = SrcLine::new(text, 1);
        let mut c = Cursor::new(src, 0, text.len());
        match parse_condition_exact(&mut c) {
            Ok(cond) => describe(&cond),
            Err(e) => format!("error {}: {}", e.span.col, e.message),
        }
    }

    fn describe(c: &Condition) -> String {
        match &c.kind {
            ConditionKind::And { all } => {
                format!(
                    "and({})",
                    all.iter().map(describe).collect::<Vec<_>>().join(",")
                )
            }
            ConditionKind::Or { any } => {
                format!(
                    "or({})",
                    any.iter().map(describe).collect::<Vec<_>>().join(",")
                )
            }
            ConditionKind::Not { condition } => format!("not({})", describe(condition)),
            ConditionKind::Compare { op, .. } => format!("{op:?}"),
            ConditionKind::Exists { .. } => "exists".into(),
            ConditionKind::Has { .. } => "has".into(),
            ConditionKind::InGroup { .. } => "in".into(),
            ConditionKind::PartOf { .. } => "part".into(),
        }
    }

    #[test]
    fn logic_of_any_arity_and_mixed_precedence() {
        assert_eq!(
            shape("(@A exists) and (@B exists) and (@C exists) and (@D exists)"),
            "and(exists,exists,exists,exists)"
        );
        assert_eq!(
            shape("(@A exists) and (@B exists) or (@C exists)"),
            "and(exists,or(exists,exists))"
        );
        assert_eq!(
            shape("(@A exists) or (@B exists) and (@C exists)"),
            "and(or(exists,exists),exists)"
        );
        assert_eq!(shape("not (@Self has `Marker`)"), "not(has)");
        assert_eq!(
            shape("(@Result1 is `Townsfolk`) and (not (@X is in #Wolfpack))"),
            "and(Is,not(in))"
        );
        assert_eq!(shape("@Attacker is part of @All"), "part");
        assert_eq!(shape("@SecondarySelection > -2"), "Greater");
        assert_eq!(shape("@Target->Role is not `Dog`"), "IsNot");
    }

    /// Brackets and `not` thousands deep overflowed the stack; past [`MAX_NESTING`] they are
    /// an error at the first one too deep.
    #[test]
    fn nesting_is_bounded_where_it_is_read() {
        use crate::wwr::cursor::MAX_NESTING;
        let bound = MAX_NESTING as usize;
        let brackets = |k: usize| format!("{}@A exists{}", "(".repeat(k), ")".repeat(k));
        let nots = |k: usize| format!("{}@A exists", "not ".repeat(k));
        assert_eq!(shape(&brackets(bound)), "exists");
        assert!(shape(&nots(bound)).starts_with("not(not("));
        for k in [bound + 1, 4_000] {
            let too_deep = format!("error {}: nested more than {bound}", bound + 1);
            assert!(shape(&brackets(k)).starts_with(&too_deep), "{k}");
            let too_deep = format!("error {}: nested more than {bound}", 4 * bound + 1);
            assert!(shape(&nots(k)).starts_with(&too_deep), "{k}");
        }
    }

    #[test]
    fn bad_operators_are_rejected_where_they_stand() {
        assert!(shape("@Self->Counter = 3").starts_with("error 16: expected `is`"));
        assert!(shape("(@A exists) and @B").starts_with("error 19:"));
        assert!(shape("(@A exists").starts_with("error 1: unclosed"));
    }
}
