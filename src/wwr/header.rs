//! The header line: `**Name** | <descriptor> [| Tag]…`.
//!
//! Descriptors: `Ability Set`, `Attribute`, `Poll`, `<Team> [Team] Group` (groups),
//! `<Class> <Category> [- <Team>]` (roles). A bare `**Name**` is a team, location or display,
//! decided by the body. `<Class> Group` is both a role of category Group (`**Baker** |
//! Townsfolk Group`) and a group of that team (`**Couple** | Unaligned Group`); the texts are
//! silent on this, so it is read as a role unless the body carries a `Unique Group` or
//! `Ghostly Group` flag (see [`HeaderInfo::class_group`]).

use super::ast::{ElementKind, Header, Name, RoleCategory, RoleClass};
use super::cursor::{Cursor, PResult, trim_range};
use super::names::{self, CATEGORIES, CLASSES, did_you_mean};
use super::span::{Diagnostic, SrcLine};

pub struct HeaderInfo {
    pub header: Header,
    /// `None` for a bare `**Name**` header, whose kind the body decides.
    pub kind: Option<ElementKind>,
    /// The descriptor was `<Class> Group`: a role unless group flags say otherwise, in which
    /// case this class word names the group's team.
    pub class_group: Option<Name>,
    pub warnings: Vec<Diagnostic>,
}

const TAGS: [&str; 5] = [
    "Limited",
    "Archived",
    "Haunted",
    "Transformation",
    "Technical",
];

pub fn parse_header(line: SrcLine) -> PResult<HeaderInfo> {
    let (start, end) = trim_range(line.text, 0, line.text.len());
    let c = Cursor::new(line, start, end);
    let text = c.rest();
    let Some(after_open) = text.strip_prefix("**") else {
        return Err(c.error_at(
            start,
            end.max(start + 1),
            format!(
                "expected a header line `**Name** | <kind>`, found `{}`",
                text.chars().take(40).collect::<String>()
            ),
        ));
    };
    let Some(name_len) = after_open.find("**") else {
        return Err(c.error_at(start, end, "expected `**` to close the name in the header"));
    };
    let name_start = start + 2;
    let (ns, ne) = trim_range(line.text, name_start, name_start + name_len);
    if ns == ne {
        return Err(c.error_at(
            start,
            name_start + name_len + 2,
            "the header names nothing: expected `**Name**`",
        ));
    }
    let name = Name {
        text: c.slice(ns, ne).to_string(),
        span: c.span_of(ns, ne),
    };
    let rest_start = name_start + name_len + 2;
    let mut info = HeaderInfo {
        header: Header {
            name,
            kind: ElementKind::Team,
            tags: Vec::new(),
            span: c.span_of(start, end),
        },
        kind: None,
        class_group: None,
        warnings: Vec::new(),
    };
    let (rs, re) = trim_range(line.text, rest_start, end);
    if rs == re {
        return Ok(info);
    }
    let rest = c.slice(rs, re);
    if !rest.starts_with('|') {
        return Err(c.error_at(
            rs,
            re,
            format!("expected `|` and the element's kind after the name, found `{rest}`"),
        ));
    }
    // Split the rest at `|` into the descriptor and the tags.
    let mut pieces = Vec::new();
    let mut piece_start = rs + 1;
    for (i, ch) in rest.char_indices().skip(1) {
        if ch == '|' {
            pieces.push(trim_range(line.text, piece_start, rs + i));
            piece_start = rs + i + 1;
        }
    }
    pieces.push(trim_range(line.text, piece_start, re));
    let (ds, de) = pieces[0];
    if ds == de {
        return Err(c.error_at(
            rs,
            rs + 1,
            "expected the element's kind after `|`, e.g. `Townsfolk Investigative`",
        ));
    }
    for &(ts, te) in &pieces[1..] {
        let tag = c.slice(ts, te);
        if !TAGS.contains(&tag) {
            info.warnings.push(Diagnostic::warning(
                c.span_of(ts, te.max(ts + 1)),
                format!(
                    "unknown header tag `{tag}`{}; expected one of {}",
                    did_you_mean(tag, TAGS),
                    TAGS.join(", ")
                ),
            ));
        }
        info.header.tags.push(Name {
            text: tag.to_string(),
            span: c.span_of(ts, te),
        });
    }
    let (kind, class_group) = parse_descriptor(&c, ds, de)?;
    info.header.kind = kind.clone();
    info.kind = Some(kind);
    info.class_group = class_group;
    Ok(info)
}

fn parse_descriptor(c: &Cursor, start: usize, end: usize) -> PResult<(ElementKind, Option<Name>)> {
    let text = c.slice(start, end);
    match text {
        "Ability Set" => return Ok((ElementKind::AbilitySet, None)),
        "Attribute" => return Ok((ElementKind::Attribute, None)),
        "Poll" => return Ok((ElementKind::Poll, None)),
        _ => {}
    }
    if let Some(team) = text.strip_suffix(" Team Group") {
        return Ok((group(c, start, team), None));
    }
    let mut words = text.split_whitespace();
    let first = words.next().unwrap_or("");
    // A class named after a Solo team (`Pyro Killing`, the archived Pyro roles) is that team's
    // Solo role: `Solo Killing - Pyro Team`, unless the word is a misspelt class.
    let mut solo_team = None;
    let class = match first {
        "Townsfolk" => RoleClass::Townsfolk,
        "Werewolf" => RoleClass::Werewolf,
        "Solo" => RoleClass::Solo,
        "Unaligned" => RoleClass::Unaligned,
        "Extra" => RoleClass::Extra,
        _ if words
            .clone()
            .next()
            .is_some_and(|w| CATEGORIES.contains(&w))
            && first.chars().next().is_some_and(char::is_uppercase)
            && first.chars().all(char::is_alphanumeric)
            // A misspelt class (`Townsfolx`) stays an error with its suggestion.
            && names::suggest(first, CLASSES.iter().copied()).is_none() =>
        {
            solo_team = Some(Name {
                text: format!("{first} Team"),
                span: c.span_of(start, start + first.len()),
            });
            RoleClass::Solo
        }
        _ => {
            if let Some(team) = text.strip_suffix(" Group") {
                return Ok((group(c, start, team), None));
            }
            return Err(c.error_at(
                start,
                start + first.len().max(1),
                format!(
                    "unknown role class `{first}`{}; expected Townsfolk, Werewolf, Solo, Unaligned \
                     or Extra (or `Ability Set`, `Attribute`, `Poll`, `<Team> Group`)",
                    did_you_mean(first, CLASSES.iter().copied())
                ),
            ));
        }
    };
    let category_text = words.next().unwrap_or("");
    let category_start = c
        .slice(start, end)
        .find(category_text)
        .map_or(end, |i| start + i);
    let category = match category_text {
        "Elected" => RoleCategory::Elected,
        "Align" => RoleCategory::Align,
        "Recruitment" => RoleCategory::Recruitment,
        "Killing" => RoleCategory::Killing,
        "Group" => RoleCategory::Group,
        "Investigative" => RoleCategory::Investigative,
        "Power" => RoleCategory::Power,
        "Miscellaneous" => RoleCategory::Miscellaneous,
        _ => {
            return Err(c.error_at(
                category_start,
                (category_start + category_text.len()).max(category_start + 1),
                format!(
                    "expected a role category after `{first}` ({}), found {}{}",
                    CATEGORIES.join(", "),
                    if category_text.is_empty() {
                        "nothing".to_string()
                    } else {
                        format!("`{category_text}`")
                    },
                    did_you_mean(category_text, CATEGORIES.iter().copied())
                ),
            ));
        }
    };
    let after_category = category_start + category_text.len();
    let (ts, te) = trim_range(c.src.text, after_category, end);
    let team = if ts == te {
        None
    } else {
        let rest = c.slice(ts, te);
        let Some(team) = rest.strip_prefix('-') else {
            return Err(c.error_at(
                ts,
                te,
                format!("expected `- <Team>` or nothing after the category, found `{rest}`"),
            ));
        };
        let (ns, ne) = trim_range(c.src.text, ts + 1, te);
        if team.trim().is_empty() {
            return Err(c.error_at(ts, te, "expected a team name after `-`"));
        }
        Some(Name {
            text: c.slice(ns, ne).to_string(),
            span: c.span_of(ns, ne),
        })
    };
    let team = team.or(solo_team);
    let class_group = (category == RoleCategory::Group && team.is_none()).then(|| Name {
        text: first.to_string(),
        span: c.span_of(start, start + first.len()),
    });
    Ok((
        ElementKind::Role {
            class,
            category,
            team,
        },
        class_group,
    ))
}

fn group(c: &Cursor, start: usize, team: &str) -> ElementKind {
    ElementKind::Group {
        team: Name {
            text: team.trim().to_string(),
            span: c.span_of(start, start + team.len()),
        },
    }
}
