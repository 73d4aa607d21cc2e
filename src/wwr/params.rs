//! Parameter groups at the end of a line: restrictions `[…]`, scaling `⟨…⟩`, compulsion `{…}`
//! and the prompt overwrite `|…|`, in any order (the newer guide asks for that order, the
//! corpus does not always follow it, and the original bot accepted any).

use super::ast::{
    Comparison, Compulsion, CompulsionKind, LivingStatus, Params, PhaseKind, Prompt, Restriction,
    RestrictionKind, Scaling, ScalingKind,
};
use super::condition::parse_condition_exact;
use super::cursor::{Cursor, PResult, split_commas};
use super::value::{parse_value, parse_value_exact};

/// Parses the parameter groups filling `c` (from the first opener to the end of the line).
pub fn parse_params(c: &mut Cursor) -> PResult<Params> {
    let mut params = Params::default();
    loop {
        c.skip_ws();
        let Some(open) = c.peek() else {
            return Ok(params);
        };
        let start = c.pos;
        if open == '|' {
            let Some(offset) = c.rest().get(1..).and_then(|r| r.find('|')) else {
                return Err(c.error_here("unclosed prompt overwrite: expected a closing `|`"));
            };
            let close = start + 1 + offset;
            let inner = c.slice(start + 1, close).trim();
            let (silent, name) = match inner.strip_prefix("silent:") {
                Some(name) => (true, name.trim()),
                None => (false, inner),
            };
            if name.is_empty() {
                return Err(c.error_at(
                    start,
                    close + 1,
                    "empty prompt overwrite: expected `|prompt.name|`",
                ));
            }
            c.pos = close + 1;
            params.prompt = Some(Prompt {
                name: name.to_string(),
                silent,
                span: c.span_from(start),
            });
            continue;
        }
        let Some(close) = c.matching_close() else {
            return Err(c.error_here(match open {
                '[' | '{' | '⟨' => format!("unclosed `{open}`: expected its closing bracket"),
                _ => format!(
                    "unexpected {} after the parameters; expected `[…]`, `{{…}}`, `⟨…⟩` or `|…|`",
                    c.found()
                ),
            }));
        };
        let inner_start = start + open.len_utf8();
        let inner_end = c
            .slice(start, close)
            .chars()
            .last()
            .map_or(close, |ch| close - ch.len_utf8());
        for (s, e) in split_commas(c.src.text, inner_start, inner_end) {
            let mut item = c.sub(s, e);
            match open {
                '[' => params.restrictions.push(parse_restriction(&mut item)?),
                '{' => params.compulsion.push(parse_compulsion(&mut item)?),
                _ => params.scaling.push(parse_scaling(&mut item)?),
            }
        }
        c.pos = close;
    }
}

fn empty_item(c: &Cursor, what: &str) -> super::span::Diagnostic {
    c.error_here(format!(
        "empty {what}: expected an entry between the commas"
    ))
}

fn parse_restriction(c: &mut Cursor) -> PResult<Restriction> {
    let start = c.pos;
    if c.at_end() {
        return Err(empty_item(c, "restriction"));
    }
    let Some(colon) = c.rest().find(':') else {
        return Err(c.error_at(
            start,
            c.end,
            format!(
                "expected `Kind: value` in a restriction, found `{}`; kinds are Temporal, \
                 Attribute, Succession, Quantity, Condition, Status",
                c.rest()
            ),
        ));
    };
    let kind_name = c.slice(start, start + colon).trim();
    c.pos = start + colon + 1;
    c.skip_ws();
    let kind = match kind_name {
        "Temporal" => parse_temporal(c)?,
        "Attribute" => {
            let mut probe = *c;
            let implicit_self = probe.eat_phrase("has") || probe.eat_phrase("lacks");
            let target = if implicit_self {
                None
            } else {
                Some(parse_value(c)?)
            };
            let has = if c.eat_phrase("has") {
                true
            } else if c.eat_phrase("lacks") {
                false
            } else {
                c.skip_ws();
                return Err(c.error_here(format!(
                    "expected `has` or `lacks` in the attribute restriction, found {}",
                    c.found()
                )));
            };
            let attribute = parse_value_exact(c, "the attribute restriction")?;
            RestrictionKind::Attribute {
                target,
                has,
                attribute,
            }
        }
        "Succession" => {
            let same_target = if c.eat_phrase("No Succession") {
                false
            } else if c.eat_phrase("No Target Succession") {
                true
            } else {
                return Err(c.error_here(format!(
                    "expected `No Succession` or `No Target Succession`, found {}",
                    c.found()
                )));
            };
            c.expect_end("the succession restriction")?;
            RestrictionKind::Succession { same_target }
        }
        "Quantity" => RestrictionKind::Quantity {
            max: parse_count(c, "a quantity")?,
        },
        "Condition" => RestrictionKind::Condition {
            condition: parse_condition_exact(c)?,
        },
        "Status" => {
            let status = if c.eat_phrase("Alive") {
                LivingStatus::Alive
            } else if c.eat_phrase("Ghostly") {
                LivingStatus::Ghostly
            } else if c.eat_phrase("Any") {
                LivingStatus::Any
            } else {
                return Err(c.error_here(format!(
                    "expected `Alive`, `Ghostly` or `Any`, found {}",
                    c.found()
                )));
            };
            c.expect_end("the status restriction")?;
            RestrictionKind::Status { status }
        }
        other => {
            const KINDS: [&str; 6] = [
                "Temporal",
                "Attribute",
                "Succession",
                "Quantity",
                "Condition",
                "Status",
            ];
            return Err(c.error_at(
                start,
                start + colon,
                format!(
                    "unknown restriction `{other}`{}; expected Temporal, Attribute, Succession, \
                     Quantity, Condition or Status",
                    super::names::did_you_mean(other, KINDS)
                ),
            ));
        }
    };
    Ok(Restriction {
        kind,
        span: c.span_from(start),
    })
}

/// `Day 1`, `Night 2+`, `Day`, `Night`.
fn parse_temporal(c: &mut Cursor) -> PResult<RestrictionKind> {
    let phase = if c.eat_keyword("Day") {
        PhaseKind::Day
    } else if c.eat_keyword("Night") {
        PhaseKind::Night
    } else {
        return Err(c.error_here(format!(
            "expected `Day` or `Night` in the temporal restriction, found {}",
            c.found()
        )));
    };
    c.skip_ws();
    let number = if c.peek().is_some_and(|ch| ch.is_ascii_digit()) {
        Some(parse_count(c, "a phase number")?)
    } else {
        None
    };
    let or_later = number.is_some() && c.eat("+");
    c.expect_end("the temporal restriction")?;
    Ok(RestrictionKind::Temporal {
        phase,
        number,
        or_later,
    })
}

/// A whole number at the cursor (backticks allowed: `` `0` ``).
fn parse_count(c: &mut Cursor, what: &str) -> PResult<u32> {
    c.skip_ws();
    let ticked = c.eat("`");
    let digits = c.take_while(|ch| ch.is_ascii_digit());
    let parsed = digits.parse::<u32>();
    if ticked && !c.eat("`") {
        return Err(c.error_here("expected a closing backtick after the number"));
    }
    match parsed {
        Ok(n) => Ok(n),
        Err(_) => Err(c.error_here(format!(
            "expected {what} (a whole number), found {}",
            c.found()
        ))),
    }
}

fn parse_compulsion(c: &mut Cursor) -> PResult<Compulsion> {
    let start = c.pos;
    if c.at_end() {
        return Err(empty_item(c, "compulsion"));
    }
    let kind = if c.eat_keyword("Forced") {
        c.skip_ws();
        if c.eat(":") {
            CompulsionKind::Forced {
                default: Some(parse_value_exact(c, "the forced default")?),
            }
        } else {
            CompulsionKind::Forced { default: None }
        }
    } else if c.eat_keyword("Direct") {
        CompulsionKind::Direct
    } else if c.eat_keyword("Repeating") {
        CompulsionKind::Repeating
    } else if c.eat_keyword("Visitless") {
        CompulsionKind::Visitless
    } else if c.eat_keyword("Vanishing") {
        CompulsionKind::Vanishing
    } else {
        let word = c.rest().to_string();
        return Err(c.error_here(format!(
            "unknown compulsion `{word}`{}; expected Forced, Forced: <target>, Direct, Repeating, \
             Visitless or Vanishing",
            super::names::did_you_mean(
                &word,
                ["Forced", "Direct", "Repeating", "Visitless", "Vanishing"]
            )
        )));
    };
    c.expect_end("the compulsion")?;
    Ok(Compulsion {
        kind,
        span: c.span_from(start),
    })
}

fn parse_scaling(c: &mut Cursor) -> PResult<Scaling> {
    let start = c.pos;
    if c.at_end() {
        return Err(empty_item(c, "scaling"));
    }
    for (word, odd) in [("Odd", true), ("Even", false)] {
        let saved = *c;
        if c.eat_keyword(word) && {
            c.skip_ws();
            c.eat(":")
        } {
            c.skip_ws();
            let inner = Box::new(c.nested(start, parse_scaling)?);
            let kind = if odd {
                ScalingKind::Odd { scaling: inner }
            } else {
                ScalingKind::Even { scaling: inner }
            };
            return Ok(Scaling {
                kind,
                span: c.span_from(start),
            });
        }
        *c = saved;
    }
    if let Some(count) = times(c)? {
        c.expect_end("the scaling")?;
        return Ok(Scaling {
            kind: ScalingKind::Times { count },
            span: c.span_from(start),
        });
    }
    let left = parse_value(c)?;
    c.skip_ws();
    let comparison = [
        ("≤", Comparison::LessOrEqual),
        ("≥", Comparison::GreaterOrEqual),
        ("<=", Comparison::LessOrEqual),
        (">=", Comparison::GreaterOrEqual),
        ("<", Comparison::Less),
        (">", Comparison::Greater),
        ("=", Comparison::Equal),
    ]
    .into_iter()
    .find(|(symbol, _)| c.eat(symbol))
    .map(|(_, cmp)| cmp);
    let kind = match comparison {
        None => {
            c.expect_end("the scaling value")?;
            if matches!(
                left.kind,
                super::ast::ValueKind::Word { .. } | super::ast::ValueKind::Text { .. }
            ) {
                return Err(super::span::Diagnostic::error(
                    left.span,
                    format!(
                        "expected a scaling (`x<n>`, `$total/<n>`, `<value><comparison><value> ⇒ \
                         x<n>`, `Odd: …`/`Even: …` or a number expression), found `{left}`"
                    ),
                ));
            }
            ScalingKind::Count { value: left }
        }
        Some(comparison) => {
            let right = parse_value(c)?;
            c.skip_ws();
            if !c.eat("⇒") && !c.eat("=>") {
                return Err(c.error_here(format!(
                    "expected `⇒ x<count>` after the scaling comparison, found {}",
                    c.found()
                )));
            }
            c.skip_ws();
            let count_at = c.pos;
            let count = match times(c)? {
                Some(n) => n,
                None => {
                    let n = parse_count(c, "a use count")?;
                    at_most_runs(c, count_at, n)?
                }
            };
            c.expect_end("the scaling")?;
            ScalingKind::When {
                left,
                comparison,
                right,
                count,
            }
        }
    };
    Ok(Scaling {
        kind,
        span: c.span_from(start),
    })
}

/// The most times one trigger runs (`⟨x3⟩`, `⟨$living<8 ⇒ x3⟩`). The role book's most is x3.
/// Each run is a target the player may name in the game's setup and a pass through the
/// trigger's body in every replay, so a count of billions (a dozen bytes of text) would make
/// `new` allocate until it aborts and a replay loop for hours. Bounded where it is read, it is
/// an error at its place.
pub const MOST_RUNS: u32 = 100;

/// `x<n>` at the cursor, if it stands there; `n` at most [`MOST_RUNS`].
fn times(c: &mut Cursor) -> PResult<Option<u32>> {
    let saved = *c;
    if c.eat("x") {
        let digits = c.take_while(|ch| ch.is_ascii_digit());
        if !digits.is_empty() && !c.peek().is_some_and(|ch| ch.is_alphanumeric()) {
            let n = digits.parse::<u32>().unwrap_or(u32::MAX);
            return at_most_runs(c, saved.pos, n).map(Some);
        }
    }
    *c = saved;
    Ok(None)
}

/// `n`, read from `start` to the cursor, unless it is more than [`MOST_RUNS`].
fn at_most_runs(c: &Cursor, start: usize, n: u32) -> PResult<u32> {
    if n <= MOST_RUNS {
        Ok(n)
    } else {
        Err(c.error_at(
            start,
            c.pos.max(start + 1),
            format!(
                "a trigger runs at most {MOST_RUNS} times, not {}",
                c.slice(start, c.pos).trim()
            ),
        ))
    }
}
