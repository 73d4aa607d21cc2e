//! Values and selectors: `@Self`, `@(Role:Baker,Align:!Werewolf)`, `&Werewolf`, `#Wolfpack`,
//! `^(Cat:Killing)`, `` `text with @Selection` ``, `$total`, `%Role2%`, numbers, bare words,
//! property chains (`@Target->Role->Category`), type annotations (`@Selection[ghost]`), lists
//! (`` `A`+`B` ``) and number expressions (`ceil $total/3`).
//!
//! A value never contains top-level whitespace (spaces inside selectors are written `-`), so a
//! value ends at the first whitespace or at a character that cannot continue it.

use super::ast::{
    HostInfo, HostInfoKind, Property, QueryFilter, QueryKey, Rounding, Str, TextPart,
    TypeAnnotation, Value, ValueKind, Variable,
};
use super::cursor::{Cursor, PResult, split_commas};
use std::fmt;

/// Inside backtick strings selectors are interpolated leniently: anything that does not parse
/// as a selector stays text.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Code,
    InString,
}

/// Parses one value at the cursor (after optional whitespace).
pub fn parse_value(c: &mut Cursor) -> PResult<Value> {
    c.skip_ws();
    let start = c.pos;
    let first = parse_quotient(c)?;
    if c.peek() != Some('+') {
        return Ok(first);
    }
    let mut items = vec![first];
    while c.peek() == Some('+') {
        c.bump();
        items.push(parse_quotient(c)?);
    }
    Ok(Value {
        kind: ValueKind::List { items },
        span: c.span_from(start),
    })
}

/// Parses a whole range as exactly one value.
pub fn parse_value_exact(c: &mut Cursor, what: impl std::fmt::Display) -> PResult<Value> {
    let value = parse_value(c)?;
    c.expect_end(what)?;
    Ok(value)
}

/// One item of a comma-separated list where bare text may contain spaces (poll options,
/// attribute values, choice options): `Join Pack`, `EarlyStage`, `$phase`, `@All`.
pub fn parse_list_item(c: &mut Cursor, what: &str) -> PResult<Value> {
    c.skip_ws();
    if c.at_end() {
        return Err(c.error_here(format!(
            "empty entry in {what}: expected a value between the commas"
        )));
    }
    let is_bare_phrase =
        c.peek().is_some_and(char::is_alphabetic) && c.rest().trim_end().contains(' ');
    if is_bare_phrase {
        let start = c.pos;
        let word = Str::from(c.rest().trim_end());
        c.pos = c.end;
        return Ok(Value {
            kind: ValueKind::Word { word },
            span: c.span_from(start),
        });
    }
    parse_value_exact(c, what)
}

fn parse_quotient(c: &mut Cursor) -> PResult<Value> {
    let start = c.pos;
    let numerator = parse_term(c, Mode::Code)?;
    if c.peek() == Some('/') && c.peek_second().is_some_and(|ch| !ch.is_whitespace()) {
        c.bump();
        let denominator = parse_term(c, Mode::Code)?;
        return Ok(Value {
            kind: ValueKind::Division {
                numerator: Box::new(numerator),
                denominator: Box::new(denominator),
            },
            span: c.span_from(start),
        });
    }
    Ok(numerator)
}

const ROUNDINGS: [(&str, Rounding); 3] = [
    ("ceil", Rounding::Ceil),
    ("floor", Rounding::Floor),
    ("round", Rounding::Round),
];

fn parse_term(c: &mut Cursor, mode: Mode) -> PResult<Value> {
    let start = c.pos;
    // (most terms begin with `@` or a backtick: only a lower-case letter may start a rounding)
    if mode == Mode::Code
        && c.rest()
            .as_bytes()
            .first()
            .is_some_and(u8::is_ascii_lowercase)
    {
        for (word, rounding) in ROUNDINGS {
            let saved = *c;
            if c.eat_keyword(word) && c.peek().is_some_and(char::is_whitespace) {
                c.skip_ws();
                let inner = c.nested(start, parse_quotient)?;
                return Ok(Value {
                    kind: ValueKind::Rounded {
                        mode: rounding,
                        value: Box::new(inner),
                    },
                    span: c.span_from(start),
                });
            }
            *c = saved;
        }
    }
    let mut value = parse_primary(c, mode)?;
    // Each suffix wraps the value once more: a level of nesting, though parsed in a loop.
    let mut suffixes = 0;
    loop {
        let is_property = c.rest().starts_with("->");
        if !is_property && c.peek() != Some('[') {
            break;
        }
        c.room_for(suffixes + 1)?;
        let saved = *c;
        let kind = if is_property {
            c.pos += 2;
            let Some(property) = suffix(c, saved, mode, |c| parse_property(c, mode))? else {
                break;
            };
            ValueKind::Property {
                base: Box::new(value),
                property,
            }
        } else {
            let Some(annotation) = suffix(c, saved, mode, parse_annotation)? else {
                break;
            };
            ValueKind::Typed {
                base: Box::new(value),
                annotation,
            }
        };
        value = Value {
            kind,
            span: c.span_from(start),
        };
        suffixes += 1;
    }
    Ok(value)
}

/// A `->property` or `[annotation]` suffix. In code a malformed one is an error; inside a
/// string it is left as text: the cursor goes back to `saved` and the answer is `None`.
fn suffix<'a, T>(
    c: &mut Cursor<'a>,
    saved: Cursor<'a>,
    mode: Mode,
    parse: impl FnOnce(&mut Cursor) -> PResult<T>,
) -> PResult<Option<T>> {
    match parse(c) {
        Ok(found) => Ok(Some(found)),
        Err(e) if mode == Mode::Code => Err(e),
        Err(_) => {
            *c = saved;
            Ok(None)
        }
    }
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The name after a sigil (`@Self`, `&Werewolf`, `^All`), or an error saying what was
/// `expected` there.
fn sigil_name(c: &mut Cursor, expected: &str) -> PResult<Str> {
    let name = Str::from(c.take_while(is_ident));
    if name.is_empty() {
        return Err(c.error_here(format!("expected {expected}, found {}", c.found())));
    }
    Ok(name)
}

fn parse_primary(c: &mut Cursor, mode: Mode) -> PResult<Value> {
    let start = c.pos;
    let kind = match c.peek() {
        Some('@') => {
            c.bump();
            if c.peek() == Some('(') {
                ValueKind::PlayerQuery {
                    filters: parse_query(c, '@')?,
                }
            } else {
                let mut name = sigil_name(c, "a selector name such as `@Self` after `@`")?;
                if name == "ID" && c.peek() == Some(':') {
                    c.bump();
                    name.push(':');
                    name.push_str(c.take_while(is_ident));
                }
                ValueKind::Selector { name }
            }
        }
        Some('&') => {
            c.bump();
            if c.peek() == Some('(') {
                ValueKind::TeamQuery {
                    filters: parse_query(c, '&')?,
                }
            } else {
                let name = sigil_name(c, "a team name such as `&Werewolf` after `&`")?;
                ValueKind::Team { name }
            }
        }
        Some('^') => {
            c.bump();
            if c.peek() == Some('(') {
                ValueKind::RoleQuery {
                    filters: parse_query(c, '^')?,
                }
            } else {
                let name = sigil_name(c, "`^All` or a role query `^(…)` after `^`")?;
                ValueKind::RoleSet { name }
            }
        }
        Some('#') => parse_group(c)?,
        Some('`') => parse_text(c)?,
        Some('$') => parse_variable(c)?,
        Some('%') => parse_host_info(c)?,
        Some(ch) if mode == Mode::Code && is_number_start(ch, c.peek_second()) => {
            let text = c.take_while(|ch| ch.is_ascii_digit() || ch == '.' || ch == '-');
            let value = text
                .parse::<f64>()
                .map_err(|_| c.error_at(start, c.pos, format!("`{text}` is not a number")))?;
            ValueKind::Number { value }
        }
        Some(ch) if mode == Mode::Code && ch.is_alphabetic() => ValueKind::Word {
            word: Str::from(c.take_while(is_ident)),
        },
        _ => {
            return Err(c.error_here(format!(
                "expected a value (a selector like `@Selection`, a `` `text` `` string, a \
                 number, a `$variable` or `%host information%`), found {}",
                c.found()
            )));
        }
    };
    Ok(Value {
        kind,
        span: c.span_from(start),
    })
}

fn is_number_start(first: char, second: Option<char>) -> bool {
    first.is_ascii_digit() || (first == '-' && second.is_some_and(|c| c.is_ascii_digit()))
}

/// `#Name`, `#Grandma's-House`, `#Couple:Identifier`. A `-` followed by `>` starts a property.
fn parse_group(c: &mut Cursor) -> PResult<ValueKind> {
    c.bump();
    let start = c.pos;
    loop {
        match c.peek() {
            Some(ch) if is_ident(ch) || ch == '\'' => {
                c.bump();
            }
            Some('-') if c.peek_second().is_some_and(is_ident) => {
                c.bump();
            }
            _ => break,
        }
    }
    let name = c.slice(start, c.pos).to_string();
    if name.is_empty() {
        return Err(c.error_here(format!(
            "expected a group or location name such as `#Wolfpack` after `#`, found {}",
            c.found()
        )));
    }
    let instance = if c.peek() == Some(':') && c.peek_second().is_some_and(is_ident) {
        c.bump();
        Some(c.take_while(|ch| is_ident(ch) || ch == '-').to_string())
    } else {
        None
    };
    Ok(ValueKind::Group { name, instance })
}

fn parse_text(c: &mut Cursor) -> PResult<ValueKind> {
    let open = c.pos;
    c.bump();
    let content_start = c.pos;
    let Some(offset) = c.rest().find('`') else {
        return Err(c.error_at(
            open,
            open + 1,
            "unterminated string: expected a closing backtick before the end of the line",
        ));
    };
    let content_end = content_start + offset;
    c.pos = content_end + 1;
    Ok(ValueKind::Text {
        parts: interpolate(c.sub(content_start, content_end)),
    })
}

/// The longest selector interpolated inside a string, in bytes: longer ones stay text. The
/// role book's longest is under 80.
const LONGEST_INTERPOLATION: usize = 256;

/// Splits string content into text and the selectors it mentions.
fn interpolate(content: Cursor) -> Vec<TextPart> {
    let mut parts = Vec::new();
    let mut text_start = content.pos;
    let mut c = content;
    while let Some(ch) = c.peek() {
        let next = c.peek_second();
        let starts_value = match ch {
            '@' | '&' => next.is_some_and(|n| n.is_alphabetic() || n == '('),
            '$' => next.is_some_and(char::is_alphabetic),
            '%' => next.is_some_and(char::is_alphabetic),
            _ => false,
        };
        if starts_value {
            // A selector is tried within a bounded window: each try costs at most the window,
            // so a string of many `@(` parses in time linear in its length.
            let mut window_end = (c.pos + LONGEST_INTERPOLATION).min(c.end);
            while !c.src.text.is_char_boundary(window_end) {
                window_end -= 1;
            }
            let mut attempt = c.sub(c.pos, window_end);
            if let Ok(value) = parse_term(&mut attempt, Mode::InString) {
                if c.pos > text_start {
                    parts.push(TextPart::Text {
                        text: Str::from(c.slice(text_start, c.pos)),
                    });
                }
                parts.push(TextPart::Value { value });
                c.pos = attempt.pos;
                text_start = c.pos;
                continue;
            }
        }
        c.bump();
    }
    if c.pos > text_start || parts.is_empty() {
        parts.push(TextPart::Text {
            text: Str::from(c.slice(text_start, c.pos)),
        });
    }
    parts
}

fn parse_variable(c: &mut Cursor) -> PResult<ValueKind> {
    let start = c.pos;
    c.bump();
    let name = c.take_while(is_ident);
    let variable = match name {
        "total" => Variable::Total,
        "living" => Variable::Living,
        "dead" => Variable::Dead,
        "ghostly" => Variable::Ghostly,
        "haunting" => Variable::Haunting,
        "phase" => Variable::Phase,
        "phname" => Variable::PhaseName,
        _ => {
            return Err(c.error_at(
                start,
                c.pos,
                format!(
                    "unknown variable `${name}`; expected one of $total, $living, $dead, \
                     $ghostly, $haunting, $phase, $phname"
                ),
            ));
        }
    };
    Ok(ValueKind::Variable { variable })
}

fn parse_host_info(c: &mut Cursor) -> PResult<ValueKind> {
    let open = c.pos;
    c.bump();
    let content_start = c.pos;
    let Some(offset) = c.rest().find('%') else {
        return Err(c.error_at(
            open,
            open + 1,
            "unterminated host information: expected a closing `%`",
        ));
    };
    let content_end = content_start + offset;
    let content = c.slice(content_start, content_end);
    if content.is_empty() || content.chars().any(char::is_whitespace) {
        return Err(c.error_at(
            open,
            content_end + 1,
            format!(
                "expected host information such as `%Role%` or `%Player2%`, found `%{content}%`"
            ),
        ));
    }
    c.pos = content_end + 1;
    if content.contains('|') {
        return Ok(ValueKind::HostInfo {
            info: Box::new(HostInfo {
                kind: HostInfoKind::Options,
                label: content.to_string(),
                from: None,
                options: content.split('|').map(str::to_string).collect(),
            }),
        });
    }
    let (label, from) = match content.find(':') {
        Some(colon) => {
            let mut inner = c.sub(content_start + colon + 1, content_end);
            let value = parse_value_exact(&mut inner, "the host information's selector")?;
            (&content[..colon], Some(Box::new(value)))
        }
        None => (content, None),
    };
    let kind = if label.starts_with("PartialRoleList") {
        HostInfoKind::PartialRoleList
    } else if label.starts_with("Role") {
        HostInfoKind::Role
    } else if label.starts_with("Player") {
        HostInfoKind::Player
    } else if label.starts_with("Number") {
        HostInfoKind::Number
    } else if label.starts_with("String") {
        HostInfoKind::String
    } else {
        return Err(c.error_at(
            open,
            c.pos,
            format!(
                "unknown host information `%{content}%`; expected %Role…%, %Player…%, \
                 %Number…%, %String…%, %PartialRoleList% or %A|B%"
            ),
        ));
    };
    Ok(ValueKind::HostInfo {
        info: Box::new(HostInfo {
            kind,
            label: label.to_string(),
            from,
            options: Vec::new(),
        }),
    })
}

const PLAYER_KEYS: &[(&str, QueryKey)] = &[
    ("Role", QueryKey::Role),
    ("Cat", QueryKey::Category),
    ("Category", QueryKey::Category),
    ("Class", QueryKey::Class),
    ("Align", QueryKey::Alignment),
    ("Alignment", QueryKey::Alignment),
    ("FullCat", QueryKey::FullCategory),
    ("OrigRole", QueryKey::OriginalRole),
    ("OrigCat", QueryKey::OriginalCategory),
    ("OrigClass", QueryKey::OriginalClass),
    ("OrigAlign", QueryKey::OriginalAlignment),
    ("OrigFullCat", QueryKey::OriginalFullCategory),
    ("Group", QueryKey::Group),
    ("Attr", QueryKey::Attribute),
    ("Attribute", QueryKey::Attribute),
    ("AttrSelf", QueryKey::AttributeSelf),
    ("AttrRole", QueryKey::AttributeRole),
    ("AttrDisguise", QueryKey::AttributeDisguise),
    ("AliveOnly", QueryKey::AliveOnly),
    ("SelectAll", QueryKey::SelectAll),
    ("Ghostly", QueryKey::Ghostly),
    ("Random", QueryKey::Random),
];

const TEAM_KEYS: &[(&str, QueryKey)] = &[
    ("Attr", QueryKey::Attribute),
    ("Attribute", QueryKey::Attribute),
    ("Align", QueryKey::Alignment),
    ("Alignment", QueryKey::Alignment),
];

const ROLE_KEYS: &[(&str, QueryKey)] = &[
    ("Cat", QueryKey::Category),
    ("Category", QueryKey::Category),
    ("Class", QueryKey::Class),
    ("Team", QueryKey::Team),
    ("Type", QueryKey::Type),
    ("Count", QueryKey::Count),
];

/// `(Key:Value,Key:!Value)` after `@`, `&` or `^`.
fn parse_query(c: &mut Cursor, sigil: char) -> PResult<Vec<QueryFilter>> {
    let open = c.pos;
    let Some(close) = c.matching_close() else {
        return Err(c.error_at(
            open,
            open + 1,
            format!("unclosed `{sigil}(`: expected `)` to end the query"),
        ));
    };
    let keys = match sigil {
        '&' => TEAM_KEYS,
        '^' => ROLE_KEYS,
        _ => PLAYER_KEYS,
    };
    let mut filters = Vec::new();
    for (start, end) in split_commas(c.src.text, open + 1, close - 1) {
        let item = c.slice(start, end);
        let Some(colon) = item.find(':') else {
            return Err(c.error_at(
                start,
                end.max(start + 1),
                format!("expected `Key:Value` in `{sigil}(…)`, found `{item}`"),
            ));
        };
        let key_text = item[..colon].trim();
        let Some(&(_, key)) = keys.iter().find(|(name, _)| *name == key_text) else {
            let names: Vec<&str> = keys.iter().map(|(n, _)| *n).collect();
            return Err(c.error_at(
                start,
                start + colon,
                format!(
                    "unknown key `{key_text}` in `{sigil}(…)`{}; expected one of {}",
                    super::names::did_you_mean(key_text, names.iter().copied()),
                    names.join(", ")
                ),
            ));
        };
        let raw = item[colon + 1..].trim();
        let (negated, value) = match raw.strip_prefix('!') {
            Some(v) => (true, v.trim()),
            None => (false, raw),
        };
        if value.is_empty() {
            return Err(c.error_at(
                start,
                end,
                format!("expected a value after `{key_text}:` in `{sigil}(…)`"),
            ));
        }
        filters.push(QueryFilter {
            key,
            negated,
            value: value.to_string(),
            span: c.span_of(start, end),
        });
    }
    c.pos = close;
    Ok(filters)
}

fn parse_property(c: &mut Cursor, mode: Mode) -> PResult<Property> {
    let start = c.pos;
    let name = c.take_while(is_ident);
    let property = match name {
        "Role" => Property::Role,
        "Alignment" => Property::Alignment,
        "Category" => Property::Category,
        "Class" => Property::Class,
        "Team" => Property::Team,
        "Type" => Property::Type,
        "PublicVotingPower" => Property::PublicVotingPower,
        "PrivateVotingPower" => Property::PrivateVotingPower,
        "Counter" => Property::Counter,
        "Target" => Property::Target,
        "OriginalRole" => Property::OriginalRole,
        "Source" => Property::Source,
        "Value1" => Property::Value1,
        "Value2" => Property::Value2,
        "Value3" => Property::Value3,
        "Members" => Property::Members,
        "Players" => Property::Players,
        "RandomPlayer" => Property::RandomPlayer,
        "MostFreqRole" => Property::MostFreqRole,
        "Count" => Property::Count,
        "Number" => Property::Number,
        "Result" => Property::Result,
        "Success" => Property::Success,
        "Message" => Property::Message,
        "Attr" if c.peek() == Some('(') => {
            let open = c.pos;
            let Some(close) = c.matching_close() else {
                return Err(c.error_here("expected `)` to close `->Attr(`"));
            };
            let attribute = c.slice(open + 1, close - 1).trim().to_string();
            if attribute.is_empty() && mode == Mode::Code {
                return Err(c.error_at(open, close, "expected an attribute name in `->Attr(…)`"));
            }
            c.pos = close;
            Property::Attr(attribute)
        }
        _ => {
            return Err(c.error_at(
                start,
                c.pos.max(start + 1),
                format!(
                    "unknown property `->{name}`{}; expected one of {}",
                    super::names::did_you_mean(name, PROPERTY_NAMES.iter().copied()),
                    PROPERTY_NAMES.join(", ")
                ),
            ));
        }
    };
    Ok(property)
}

const PROPERTY_NAMES: &[&str] = &[
    "Role",
    "Alignment",
    "Category",
    "Class",
    "Team",
    "Type",
    "PublicVotingPower",
    "PrivateVotingPower",
    "Counter",
    "Target",
    "OriginalRole",
    "Source",
    "Value1",
    "Value2",
    "Value3",
    "Members",
    "Players",
    "Attr(…)",
    "RandomPlayer",
    "MostFreqRole",
    "Count",
    "Number",
    "Result",
    "Success",
    "Message",
];

const ANNOTATIONS: &[(&str, TypeAnnotation)] = &[
    ("player", TypeAnnotation::Player),
    ("dead", TypeAnnotation::Dead),
    ("ghost", TypeAnnotation::Ghost),
    ("player_any", TypeAnnotation::PlayerAny),
    ("player_optional", TypeAnnotation::PlayerOptional),
    ("role", TypeAnnotation::Role),
    ("attribute", TypeAnnotation::Attribute),
    ("category", TypeAnnotation::Category),
    ("class", TypeAnnotation::Class),
    ("alignment", TypeAnnotation::Alignment),
    ("boolean", TypeAnnotation::Boolean),
    ("source", TypeAnnotation::Source),
    ("string", TypeAnnotation::String),
    ("info", TypeAnnotation::Info),
    ("success", TypeAnnotation::Success),
    ("result", TypeAnnotation::Result),
    ("number", TypeAnnotation::Number),
    ("option", TypeAnnotation::Option),
    ("group", TypeAnnotation::Group),
    ("location", TypeAnnotation::Location),
    ("poll", TypeAnnotation::Poll),
    ("display", TypeAnnotation::Display),
];

/// The annotation a name like `role`, `Dead` or `player any` stands for.
pub fn annotation_named(name: &str) -> Option<TypeAnnotation> {
    let wanted = name.trim().to_lowercase().replace(' ', "_");
    ANNOTATIONS
        .iter()
        .find(|(n, _)| *n == wanted)
        .map(|&(_, a)| a)
}

/// `[role]`, `[Dead]`, `[player_any]` directly after a value.
fn parse_annotation(c: &mut Cursor) -> PResult<TypeAnnotation> {
    let open = c.pos;
    let Some(close) = c.matching_close() else {
        return Err(c.error_here("expected `]` to close the type annotation"));
    };
    let name = c.slice(open + 1, close - 1).trim();
    let Some(annotation) = annotation_named(name) else {
        let names: Vec<&str> = ANNOTATIONS.iter().map(|(n, _)| *n).collect();
        return Err(c.error_at(
            open,
            close,
            format!(
                "unknown type annotation `[{name}]`{}; expected one of {}",
                super::names::did_you_mean(name, names.iter().copied()),
                names.join(", ")
            ),
        ));
    };
    c.pos = close;
    Ok(annotation)
}

impl TypeAnnotation {
    pub fn name(self) -> &'static str {
        ANNOTATIONS
            .iter()
            .find(|(_, a)| *a == self)
            .map_or("?", |(n, _)| *n)
    }
}

impl Variable {
    pub fn name(self) -> &'static str {
        match self {
            Variable::Total => "total",
            Variable::Living => "living",
            Variable::Dead => "dead",
            Variable::Ghostly => "ghostly",
            Variable::Haunting => "haunting",
            Variable::Phase => "phase",
            Variable::PhaseName => "phname",
        }
    }
}

impl QueryKey {
    /// The short key WWR texts use most.
    pub fn name(self) -> &'static str {
        PLAYER_KEYS
            .iter()
            .chain(ROLE_KEYS)
            .find(|(_, k)| *k == self)
            .map_or("?", |(n, _)| *n)
    }
}

impl fmt::Display for Property {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Property::Attr(name) => write!(f, "Attr({name})"),
            other => write!(f, "{other:?}"),
        }
    }
}

fn write_filters(f: &mut fmt::Formatter<'_>, sigil: char, filters: &[QueryFilter]) -> fmt::Result {
    write!(f, "{sigil}(")?;
    for (i, filter) in filters.iter().enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        let bang = if filter.negated { "!" } else { "" };
        write!(f, "{}:{bang}{}", filter.key.name(), filter.value)?;
    }
    f.write_str(")")
}

/// Renders a value back in WWR notation (canonical spelling), for listings and messages.
impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ValueKind::Selector { name } => write!(f, "@{name}"),
            ValueKind::PlayerQuery { filters } => write_filters(f, '@', filters),
            ValueKind::Team { name } => write!(f, "&{name}"),
            ValueKind::TeamQuery { filters } => write_filters(f, '&', filters),
            ValueKind::RoleSet { name } => write!(f, "^{name}"),
            ValueKind::RoleQuery { filters } => write_filters(f, '^', filters),
            ValueKind::Group { name, instance } => match instance {
                Some(i) => write!(f, "#{name}:{i}"),
                None => write!(f, "#{name}"),
            },
            ValueKind::Text { parts } => {
                f.write_str("`")?;
                for part in parts {
                    match part {
                        TextPart::Text { text } => f.write_str(text)?,
                        TextPart::Value { value } => write!(f, "{value}")?,
                    }
                }
                f.write_str("`")
            }
            ValueKind::Number { value } => write!(f, "{value}"),
            ValueKind::Variable { variable } => write!(f, "${}", variable.name()),
            ValueKind::HostInfo { info } => match &info.from {
                Some(from) => write!(f, "%{}:{from}%", info.label),
                None => write!(f, "%{}%", info.label),
            },
            ValueKind::Word { word } => f.write_str(word),
            ValueKind::Property { base, property } => write!(f, "{base}->{property}"),
            ValueKind::Typed { base, annotation } => write!(f, "{base}[{}]", annotation.name()),
            ValueKind::List { items } => {
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str("+")?;
                    }
                    write!(f, "{item}")?;
                }
                Ok(())
            }
            ValueKind::Division {
                numerator,
                denominator,
            } => write!(f, "{numerator}/{denominator}"),
            ValueKind::Rounded { mode, value } => {
                let word = ROUNDINGS
                    .iter()
                    .find(|(_, r)| r == mode)
                    .map_or("round", |(w, _)| *w);
                write!(f, "{word} {value}")
            }
        }
    }
}

impl Value {
    /// The text of a plain backtick string without interpolation, e.g. `Wolfish` for
    /// `` `Wolfish` `` (also through a type annotation); `None` for anything else.
    pub fn plain_text(&self) -> Option<&str> {
        match &self.kind {
            ValueKind::Text { parts } => match parts.as_slice() {
                [TextPart::Text { text }] => Some(text),
                _ => None,
            },
            ValueKind::Typed { base, .. } => base.plain_text(),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wwr::span::SrcLine;

    fn value(text: &str) -> PResult<Value> {
        let src = SrcLine::new(text, 1);
        let mut c = Cursor::new(src, 0, text.len());
        parse_value_exact(&mut c, "the value")
    }

    fn round_trip(text: &str) -> String {
        match value(text) {
            Ok(v) => v.to_string(),
            Err(e) => format!("error: {e}"),
        }
    }

    #[test]
    fn selectors_and_chains_round_trip() {
        for text in [
            "@Self",
            "@Target->Role->Category",
            "@(Role:Baker,Align:!Werewolf)",
            "&(Attr:!Wronger,Align:!Coven)->Members",
            "^(Cat:Investigative,Class:!Unaligned)",
            "#Grandma's-House",
            "#Wolfpack->Members->Count",
            "@Selection[ghost]",
            "`Townsfolk`[alignment]",
            "`Role:Warlock`+`Role:Oracle`",
            "ceil $total/1.5",
            "%Player2%",
            "@(AttrSelf:Eaten)->Attr(FoodType)->Value1",
            "-2",
            "@ID:123",
        ] {
            assert_eq!(round_trip(text), text);
        }
    }

    #[test]
    fn strings_interpolate_selectors() {
        let v = value("`@Result->Number players have @Self's plague: @Winner[string]`").unwrap();
        let ValueKind::Text { parts } = v.kind else {
            panic!("not text")
        };
        let values: Vec<String> = parts
            .iter()
            .filter_map(|p| match p {
                TextPart::Value { value } => Some(value.to_string()),
                TextPart::Text { .. } => None,
            })
            .collect();
        assert_eq!(values, ["@Result->Number", "@Self", "@Winner[string]"]);
    }

    /// `ceil` and `->` chains thousands deep overflowed the stack (evaluating, printing and
    /// dropping the value recurse once per level); past [`MAX_NESTING`] they are an error at
    /// the first level too deep.
    #[test]
    fn nesting_is_bounded_where_it_is_read() {
        use crate::wwr::cursor::MAX_NESTING;
        let bound = MAX_NESTING as usize;
        let ceils = |k: usize| format!("{}$total", "ceil ".repeat(k));
        let chain = |k: usize| format!("@Self{}", "->Role".repeat(k));
        assert!(value(&ceils(bound)).is_ok());
        assert!(value(&chain(bound)).is_ok());
        for k in [bound + 1, 4_000] {
            let e = value(&ceils(k)).unwrap_err();
            assert_eq!(e.span.col as usize, 5 * bound + 1, "{}", e.message);
            assert!(e.message.contains("nested more than"), "{}", e.message);
            let e = value(&chain(k)).unwrap_err();
            assert_eq!(e.span.col as usize, 6 * bound + 6, "{}", e.message);
            assert!(e.message.contains("nested more than"), "{}", e.message);
        }
    }

    #[test]
    fn errors_name_the_column_in_characters() {
        let e = value("@(Role:Baker,Rol:Wolf)").unwrap_err();
        assert_eq!((e.span.line, e.span.col), (1, 14));
        assert!(e.message.contains("did you mean `Role`"), "{}", e.message);
        let e = value("`unterminated").unwrap_err();
        assert_eq!(e.span.col, 1);
        let e = value("@Self->Rolle").unwrap_err();
        assert!(e.message.contains("unknown property"), "{}", e.message);
        let e = value("@Selection[gost]").unwrap_err();
        assert!(e.message.contains("did you mean `ghost`"), "{}", e.message);
    }
}
