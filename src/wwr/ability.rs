//! Reading one ability: the entry point [`parse_ability`], and the parse helpers the ability
//! types share (durations, parenthesised lists, value indices, `<phrase> <value>`).
//!
//! An ability is recognised by its leading word(s) or, for choices and feedback lines, by a
//! leading value. Each type's own form is read by its module in [`super::abilities`] (the
//! lead words are registered in its table); the rest follows the form's keywords (`to`,
//! `from`, `as`, `for`, `through`, …), values, optional `(~Duration)` and optional
//! parenthesised lists. Anything left over is an error naming what was found.

use super::abilities::{self, choices};
use super::ast::{Ability, AbilityKind, Duration, Feedback, Name, Value, ValueKind};
use super::cursor::{Cursor, Few, PResult, split_commas};
use super::names::did_you_mean;
use super::value::{parse_list_item, parse_value};

/// Parses the ability filling `c`, boxed as the tree keeps it (built in place, so the large
/// node is not moved again on its way up).
pub fn parse_ability(c: &mut Cursor) -> PResult<Box<Ability>> {
    c.skip_ws();
    let start = c.pos;
    let kind = match c.peek() {
        Some('`' | '@' | '&' | '#' | '%' | '$' | '^') => value_led(c)?,
        Some(ch) if ch.is_alphabetic() => abilities::parse_word_led(c)?,
        _ => {
            return Err(c.error_here(format!(
                "expected an ability such as `Attack @Selection`, found {}",
                c.found()
            )));
        }
    };
    c.expect_end(format_args!("the {} ability", kind.type_name()))?;
    Ok(Box::new(Ability {
        kind,
        span: c.span_from(start),
    }))
}

/// `` `Name` Choice Creation …``, `` `Name` Choice Choose …`` or a feedback value.
fn value_led(c: &mut Cursor) -> PResult<AbilityKind> {
    let first = parse_value(c)?;
    if c.eat_phrase("Choice Creation") {
        return choices::parse_creation(c, first);
    }
    if c.eat_phrase("Choice Choose") {
        return choices::parse_choosing(c, first);
    }
    Ok(AbilityKind::Feedback(Feedback { value: first }))
}

pub(crate) fn expected_after(c: &Cursor, expected: &str, after: &str) -> super::span::Diagnostic {
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
pub(crate) fn value_index(c: &mut Cursor, most: u32) -> PResult<Value> {
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

/// The value after `phrase`, if the phrase comes next.
pub(crate) fn value_after(c: &mut Cursor, phrase: &str) -> PResult<Option<Value>> {
    if c.eat_phrase(phrase) {
        parse_value(c).map(Some)
    } else {
        Ok(None)
    }
}

/// A value if anything but whitespace remains.
pub(crate) fn optional_value(c: &mut Cursor) -> PResult<Option<Value>> {
    let mut probe = *c;
    probe.skip_ws();
    if probe.at_end() {
        Ok(None)
    } else {
        parse_value(c).map(Some)
    }
}

/// `(~Duration)` if present.
pub(crate) fn duration(c: &mut Cursor) -> PResult<Option<Duration>> {
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
pub(crate) fn paren_items(c: &mut Cursor) -> PResult<Option<Few<(usize, usize)>>> {
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
pub(crate) fn paren_word(c: &mut Cursor) -> PResult<Option<String>> {
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
pub(crate) fn values_in_parens(c: &mut Cursor) -> PResult<Vec<Value>> {
    let Some(items) = paren_items(c)? else {
        return Ok(Vec::new());
    };
    items
        .into_iter()
        .map(|(start, end)| parse_list_item(&mut c.sub(start, end), "the list"))
        .collect()
}

/// `(Soul Attack, Soul Protect)`: option names as written.
pub(crate) fn names_in_parens(c: &mut Cursor, what: &str) -> PResult<Vec<Name>> {
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
