//! The document level: the header, then body lines. A line that starts with a bullet
//! (`• ‣ ◦ · ⁃ ⹀`, levels 1–6) continues the trigger above it; any other line is a flag, a
//! special line, a key line or a trigger line.
//!
//! Nesting follows the bullet character, not the indentation, because the corpus indents
//! irregularly (bullets at indent 0, 1, 2 and 4 all mean level 1 when written `•`).
//!
//! Each line is split the same way: trailing parameter groups are cut off at the first
//! top-level ` [`, ` {`, ` ⟨` or ` |`, and the rest is split at every top-level `: `. The last
//! segment is an ability (or empty: the line opens a block of bullets below it); earlier
//! segments are `Process`, `Evaluate`, `Action`, `Otherwise`, `Feedback`, `For Each <target>`
//! or conditions, each wrapping what follows. Errors are collected per line, so one bad line
//! does not hide the others.
//!
//! A trigger line that ends with an ability and still has bullets below it (the guide's "no
//! Process" form, e.g. an investigation whose `@Result` the bullets then test) keeps the
//! line's ability as the first statement of the body, followed by the bullets. A bullet line
//! that ends with an ability cannot have bullets of its own: that is an error, since nothing
//! says what they would belong to.

use super::ability::parse_ability;
use super::ast::{
    Element, ElementKind, Flag, FlagKind, Guard, Name, Params, Setting, Special, SpecialKind,
    Statement, StatementKind, TriggerBlock, Value,
};
use super::condition::parse_condition_exact;
use super::cursor::{
    Cursor, Few, MAX_NESTING, PResult, colons_and_params, first_segment_colon, split_commas,
    trim_range,
};
use super::header::parse_header;
use super::names::did_you_mean;
use super::params::parse_params;
use super::span::{Diagnostic, Span, SrcLine};
use super::trigger::parse_trigger;
use super::value::{parse_list_item, parse_value_exact};

/// The result of parsing one text: the element (absent when the header is unusable) and
/// every error and warning found.
#[derive(Debug)]
pub struct Parsed {
    pub element: Option<Element>,
    pub diagnostics: Vec<Diagnostic>,
}

impl Parsed {
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

const BULLETS: [char; 6] = ['•', '‣', '◦', '·', '⁃', '⹀'];

/// One non-blank body line.
#[derive(Clone, Copy)]
struct Line<'a> {
    src: SrcLine<'a>,
    /// Bullet level 1–6, or 0 for a top-level line.
    level: usize,
    /// Byte offset of the bullet character (for bullet lines).
    bullet_at: usize,
    start: usize,
    end: usize,
}

impl<'a> Line<'a> {
    fn read(src: SrcLine<'a>) -> Option<Line<'a>> {
        let (start, end) = trim_range(src.text, 0, src.text.len());
        if start == end {
            return None;
        }
        let first = src.text[start..].chars().next()?;
        let level = BULLETS
            .iter()
            .position(|&b| b == first)
            .map_or(0, |i| i + 1);
        let content_start = if level > 0 {
            trim_range(src.text, start + first.len_utf8(), end).0
        } else {
            start
        };
        Some(Line {
            src,
            level,
            bullet_at: start,
            start: content_start.max(start),
            end,
        })
    }

    fn text(&self) -> &'a str {
        self.src.text.get(self.start..self.end).unwrap_or("")
    }

    fn span(&self) -> Span {
        self.src.span(self.start, self.end)
    }
}

/// A bullet line with the deeper bullet lines under it.
struct Node<'a> {
    line: Line<'a>,
    children: Vec<Node<'a>>,
}

const FLAGS: [(&str, FlagKind); 7] = [
    ("Unique Role", FlagKind::UniqueRole),
    ("Haunted Role", FlagKind::HauntedRole),
    ("Ghostly Role", FlagKind::GhostlyRole),
    ("Unique Group", FlagKind::UniqueGroup),
    ("Ghostly Group", FlagKind::GhostlyGroup),
    ("Haunted Attribute", FlagKind::HauntedAttribute),
    ("No Abilities", FlagKind::NoAbilities),
];

const SPECIALS: [(&str, SpecialKind); 4] = [
    ("Inherit:", SpecialKind::Inherit),
    ("Require:", SpecialKind::Require),
    ("Role Attribute:", SpecialKind::RoleAttribute),
    ("Include:", SpecialKind::Include),
];

const POLL_KEYS: [&str; 5] = [
    "Available Options:",
    "Allowed Voters:",
    "Show Voters:",
    "Random:",
    "Hammer:",
];
const LOCATION_KEYS: [&str; 4] = ["Sort Index:", "Members:", "Viewers:", "Haunting:"];
const TEAM_KEYS: [&str; 1] = ["Win Condition:"];

/// Parses one WWR text.
pub fn parse_element(text: &str) -> Parsed {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let raw = split_lines(text);
    let marks: Vec<Vec<u32>> = raw.iter().map(|l| super::span::checkpoints(l)).collect();
    let mut lines = raw
        .iter()
        .zip(&marks)
        .enumerate()
        .map(|(i, (l, m))| SrcLine::indexed(l, u32::try_from(i + 1).unwrap_or(u32::MAX), m));
    let mut diagnostics = Vec::new();
    let Some(header_line) = lines.by_ref().find(|l| !l.text.trim().is_empty()) else {
        diagnostics.push(Diagnostic::error(
            Span {
                line: 1,
                col: 1,
                end_line: 1,
                end_col: 1,
            },
            "empty text: expected a header line `**Name** | <kind>`",
        ));
        return Parsed {
            element: None,
            diagnostics,
        };
    };
    let info = match parse_header(header_line) {
        Ok(info) => info,
        Err(e) => {
            diagnostics.push(e);
            return Parsed {
                element: None,
                diagnostics,
            };
        }
    };
    diagnostics.extend(info.warnings);
    let body: Vec<Line> = lines.filter_map(Line::read).collect();
    let kind = match info.kind {
        Some(kind) => kind,
        None => match bare_header_kind(&body) {
            Ok(kind) => kind,
            Err(e) => {
                diagnostics.push(e);
                return Parsed {
                    element: None,
                    diagnostics,
                };
            }
        },
    };
    let mut builder = Builder {
        element: Element {
            header: super::ast::Header {
                kind,
                ..info.header
            },
            flags: Vec::new(),
            specials: Vec::new(),
            settings: Vec::new(),
            triggers: Vec::new(),
        },
        class_group: info.class_group,
        diagnostics,
    };
    builder.body(&body);
    builder.finish();
    builder
        .diagnostics
        .extend(super::lint::lint(&builder.element));
    Parsed {
        element: Some(builder.element),
        diagnostics: builder.diagnostics,
    }
}

/// A `**Name**` header without a descriptor: the first body line tells the kind.
fn bare_header_kind(body: &[Line]) -> PResult<ElementKind> {
    let Some(first) = body.first() else {
        return Err(Diagnostic::error(
            Span {
                line: 1,
                col: 1,
                end_line: 1,
                end_col: 1,
            },
            "a header without `| <kind>` must be followed by `Win Condition:` (a team), location keys or display lines",
        ));
    };
    let text = first.text();
    if TEAM_KEYS.iter().any(|k| text.starts_with(k)) {
        Ok(ElementKind::Team)
    } else if LOCATION_KEYS.iter().any(|k| text.starts_with(k)) {
        Ok(ElementKind::Location)
    } else if text.starts_with("<?") {
        Ok(ElementKind::Display)
    } else {
        Err(Diagnostic::error(
            first.span(),
            format!(
                "expected `Win Condition:` (team), `Sort Index:`/`Members:`/`Viewers:` (location) \
                 or a `<?Icon:> Label` line (display) after a header without `| <kind>`, found `{}`; \
                 roles, groups, polls, attributes and ability sets need `| <kind>` in the header",
                text.chars().take(40).collect::<String>()
            ),
        ))
    }
}

struct Builder {
    element: Element,
    class_group: Option<Name>,
    diagnostics: Vec<Diagnostic>,
}

impl Builder {
    fn error(&mut self, e: Diagnostic) {
        self.diagnostics.push(e);
    }

    fn body(&mut self, body: &[Line]) {
        let mut i = 0;
        while i < body.len() {
            let line = body[i];
            let mut j = i + 1;
            while j < body.len() && body[j].level > 0 {
                j += 1;
            }
            let bullets = &body[i + 1..j];
            if line.level > 0 {
                self.error(Diagnostic::error(
                    line.src.span(line.bullet_at, line.end),
                    "bullet line outside a trigger: expected a trigger line such as `Starting:` above it",
                ));
                // Skip this line and the bullets attached to it.
            } else {
                self.top_level(line, bullets);
            }
            i = j;
        }
    }

    fn no_bullets_allowed(&mut self, what: impl std::fmt::Display, bullets: &[Line]) {
        if let Some(first) = bullets.first() {
            self.error(Diagnostic::error(
                first.src.span(first.bullet_at, first.end),
                format!("{what} cannot have bullet lines below it; expected a trigger line before this bullet"),
            ));
        }
    }

    fn top_level(&mut self, line: Line, bullets: &[Line]) {
        let text = line.text();
        let kind = self.element.header.kind.clone();
        match kind {
            ElementKind::Display => {
                self.no_bullets_allowed("a display line", bullets);
                self.display_line(line);
                return;
            }
            ElementKind::Location => {
                self.no_bullets_allowed("a location key line", bullets);
                if let Err(e) = self.location_key(line) {
                    self.error(e);
                }
                return;
            }
            _ => {}
        }
        if let Some(&(_, flag)) = FLAGS.iter().find(|(name, _)| *name == text) {
            self.no_bullets_allowed("a flag line", bullets);
            self.flag(flag, line.span());
            return;
        }
        if let Some(&(prefix, special)) = SPECIALS.iter().find(|(p, _)| text.starts_with(p)) {
            self.no_bullets_allowed(format_args!("`{prefix}`"), bullets);
            let mut c = Cursor::new(line.src, line.start + prefix.len(), line.end);
            match parse_value_exact(&mut c, format_args!("`{prefix}`")) {
                Ok(value) => self.element.specials.push(Special {
                    kind: special,
                    value,
                    span: line.span(),
                }),
                Err(e) => self.error(e),
            }
            return;
        }
        let keys_here: &[&str] = match kind {
            ElementKind::Poll => &POLL_KEYS,
            ElementKind::Team => &TEAM_KEYS,
            _ => &[],
        };
        if let Some(key) = keys_here.iter().find(|k| text.starts_with(**k)) {
            self.no_bullets_allowed(format_args!("`{key}`"), bullets);
            if let Err(e) = self.key_line(line, key) {
                self.error(e);
            }
            return;
        }
        if let Some(key) = POLL_KEYS
            .iter()
            .chain(&TEAM_KEYS)
            .chain(&LOCATION_KEYS)
            .find(|k| text.starts_with(**k))
        {
            let owner = if POLL_KEYS.contains(key) {
                "polls"
            } else if TEAM_KEYS.contains(key) {
                "teams"
            } else {
                "locations"
            };
            self.error(Diagnostic::error(
                line.span(),
                format!(
                    "`{key}` only belongs in {owner}, and this is {}",
                    self.element.header.kind.with_article()
                ),
            ));
            return;
        }
        match self.trigger_block(line, bullets) {
            Ok(Some(block)) => self.element.triggers.push(block),
            Ok(None) => {}
            Err(e) => self.error(e),
        }
    }

    fn flag(&mut self, flag: FlagKind, span: Span) {
        let kind = &self.element.header.kind;
        let fits = match flag {
            FlagKind::UniqueRole | FlagKind::HauntedRole | FlagKind::GhostlyRole => {
                matches!(kind, ElementKind::Role { .. })
            }
            FlagKind::UniqueGroup | FlagKind::GhostlyGroup => {
                matches!(kind, ElementKind::Group { .. }) || self.class_group.is_some()
            }
            FlagKind::HauntedAttribute => matches!(kind, ElementKind::Attribute),
            FlagKind::NoAbilities => true,
        };
        if !fits {
            let name = FLAGS
                .iter()
                .find(|(_, f)| *f == flag)
                .map_or("flag", |(n, _)| *n);
            self.error(Diagnostic::error(
                span,
                format!("`{name}` does not apply to {}", kind.with_article()),
            ));
            return;
        }
        self.element.flags.push(Flag { kind: flag, span });
    }

    /// Applies the rules that need the whole body: `<Class> Group` headers with group flags
    /// are groups, and `No Abilities` excludes abilities.
    fn finish(&mut self) {
        let has_group_flag = self
            .element
            .flags
            .iter()
            .any(|f| matches!(f.kind, FlagKind::UniqueGroup | FlagKind::GhostlyGroup));
        if has_group_flag && let Some(team) = self.class_group.clone() {
            self.element.header.kind = ElementKind::Group { team };
        }
        let no_abilities = self
            .element
            .flags
            .iter()
            .find(|f| f.kind == FlagKind::NoAbilities);
        if let (Some(flag), Some(first)) = (no_abilities, self.element.triggers.first()) {
            let line = first.span.line;
            self.diagnostics.push(Diagnostic::error(
                flag.span,
                format!("`No Abilities`, but line {line} gives an ability; remove one of them"),
            ));
        }
    }

    fn key_line(&mut self, line: Line, key: &str) -> PResult<()> {
        let span = line.span();
        let c = Cursor::new(line.src, line.start + key.len(), line.end);
        let (start, end) = trim_range(line.src.text, c.pos, c.end);
        let list = |what: &str| -> PResult<Vec<Value>> {
            if start == end {
                return Ok(Vec::new());
            }
            split_commas(line.src.text, start, end)
                .into_iter()
                .map(|(s, e)| parse_list_item(&mut c.sub(s, e), what))
                .collect()
        };
        let setting = match key {
            "Available Options:" => Setting::AvailableOptions {
                options: list("the options")?,
                span,
            },
            "Allowed Voters:" => Setting::AllowedVoters {
                voters: list("the voters")?,
                span,
            },
            "Win Condition:" => Setting::WinCondition {
                any_of: list("the win condition")?,
                span,
            },
            "Show Voters:" => Setting::ShowVoters {
                show: yes_no(&c.sub(start, end))?,
                span,
            },
            "Random:" => Setting::Random {
                from: parse_value_exact(&mut c.sub(start, end), "`Random:`")?,
                span,
            },
            _ => Setting::Hammer {
                value: parse_list_item(&mut c.sub(start, end), "`Hammer:`")?,
                span,
            },
        };
        self.element.settings.push(setting);
        Ok(())
    }

    fn location_key(&mut self, line: Line) -> PResult<()> {
        let text = line.text();
        let span = line.span();
        let Some(key) = LOCATION_KEYS.iter().find(|k| text.starts_with(**k)) else {
            let word = text.split(':').next().unwrap_or(text);
            return Err(Diagnostic::error(
                span,
                format!(
                    "unknown location key `{word}`{}; expected Sort Index:, Members:, Viewers: or Haunting:",
                    did_you_mean(word, LOCATION_KEYS.iter().map(|k| k.trim_end_matches(':')))
                ),
            ));
        };
        let c = Cursor::new(line.src, line.start + key.len(), line.end);
        let (start, end) = trim_range(line.src.text, c.pos, c.end);
        let value = c.slice(start, end);
        let names = || -> Vec<Name> {
            split_commas(line.src.text, start, end)
                .into_iter()
                .filter(|(s, e)| s != e)
                .map(|(s, e)| Name {
                    text: c.slice(s, e).to_string(),
                    span: c.span_of(s, e),
                })
                .collect()
        };
        let setting = match *key {
            "Sort Index:" => Setting::SortIndex {
                index: value.parse().map_err(|_| {
                    c.error_at(
                        start,
                        end.max(start + 1),
                        format!("expected a whole number after `Sort Index:`, found `{value}`"),
                    )
                })?,
                span,
            },
            "Members:" => Setting::Members {
                player_types: names(),
                span,
            },
            "Viewers:" => Setting::Viewers {
                player_types: names(),
                span,
            },
            _ => Setting::Haunting {
                enabled: yes_no(&c.sub(start, end))?,
                span,
            },
        };
        self.element.settings.push(setting);
        Ok(())
    }

    fn display_line(&mut self, line: Line) {
        let text = line.text();
        let span = line.span();
        let (icon, body_start) = match text
            .strip_prefix("<?")
            .and_then(|t| t.find(":>").map(|i| (t, i)))
        {
            Some((rest, close)) => {
                let icon_start = line.start + 2;
                let icon = Name {
                    text: rest[..close].to_string(),
                    span: line.src.span(icon_start, icon_start + close),
                };
                (Some(icon), icon_start + close + 2)
            }
            None => (None, line.start),
        };
        let (s, e) = trim_range(line.src.text, body_start, line.end);
        self.element.settings.push(Setting::DisplayLine {
            icon,
            text: line.src.text.get(s..e).unwrap_or("").to_string(),
            span,
        });
    }

    /// A trigger line and its bullets. `Ok(None)` when errors were already recorded.
    fn trigger_block(&mut self, line: Line, bullets: &[Line]) -> PResult<Option<TriggerBlock>> {
        let text = line.src.text;
        let Some(colon) = first_segment_colon(text, line.start, line.end) else {
            let found = line.text();
            let flag_names = FLAGS.iter().map(|(n, _)| *n);
            return Err(Diagnostic::error(
                line.span(),
                format!(
                    "expected a trigger line `<Trigger>: <ability>`, a flag such as `Unique Role` or \
                     a special line such as ``Inherit: `Set` ``, found `{}`{}",
                    found.chars().take(40).collect::<String>(),
                    did_you_mean(found, flag_names)
                ),
            ));
        };
        let (ts, te) = trim_range(text, line.start, colon);
        if ts == te {
            return Err(Diagnostic::error(
                line.src.span(colon, colon + 1),
                "expected a trigger before `:`",
            ));
        }
        let trigger = parse_trigger(&mut Cursor::new(line.src, ts, te))?;
        let parts = split_line(line.src, colon + 1, line.end);
        let params = match parts.params {
            Some((ps, pe)) => parse_params(&mut Cursor::new(line.src, ps, pe))?,
            None => Params::default(),
        };
        let ends_in_ability = parts.segments.last().is_some_and(|(s, e)| s != e);
        // Bullets under a line that ends with `:` sit inside its conditions and keywords.
        let children_depth = if ends_in_ability {
            0
        } else {
            parts.segments.len().saturating_sub(1)
        };
        let children = self.children(bullets, children_depth);
        let body = if parts.segments.is_empty() {
            if children.is_empty() && bullets.is_empty() {
                return Err(Diagnostic::error(
                    line.src.span(colon, line.end),
                    format!(
                        "expected an ability after `{}:` or bullet lines below it, found nothing",
                        line.src.text.get(ts..te).unwrap_or("")
                    ),
                ));
            }
            children
        } else if ends_in_ability {
            let mut body = vec![self.chain(line, &parts.segments, Vec::new(), &[], 0)?];
            body.extend(children);
            body
        } else {
            vec![self.chain(line, &parts.segments, children, bullets, 0)?]
        };
        let folded = ends_in_ability
            && body.len() > 1
            && body[1..]
                .iter()
                .all(|s| matches!(s.kind, StatementKind::Branch { .. }));
        Ok(Some(TriggerBlock {
            trigger,
            params,
            body,
            folded,
            span: line.span(),
        }))
    }

    /// Statements for the bullet lines under a line (errors recorded, bad lines dropped),
    /// `depth` statements deep in the trigger's body.
    fn children(&mut self, bullets: &[Line], depth: usize) -> Vec<Statement> {
        let nodes = self.tree(bullets);
        nodes
            .into_iter()
            .filter_map(|node| self.bullet(node, depth))
            .collect()
    }

    /// Nests bullet lines by their bullet level.
    fn tree<'a>(&mut self, bullets: &[Line<'a>]) -> Vec<Node<'a>> {
        let mut roots: Vec<Node<'a>> = Vec::new();
        let mut stack: Vec<Node<'a>> = Vec::new();
        // After a bullet that skips a level, that line and the lines under it are dropped, so
        // one misplaced bullet gives one error.
        let mut skipping_from: Option<usize> = None;
        for &line in bullets {
            let level = line.level;
            if let Some(skip) = skipping_from {
                if level >= skip {
                    continue;
                }
                skipping_from = None;
            }
            if level > stack.len() + 1 {
                let expected = BULLETS.get(stack.len()).copied().unwrap_or('•');
                self.error(Diagnostic::error(
                    line.src.span(line.bullet_at, line.bullet_at + 1),
                    format!(
                        "bullet level {level} follows a line of level {}; expected `{expected}` (level {}) or a shallower bullet",
                        stack.len(),
                        stack.len() + 1
                    ),
                ));
                skipping_from = Some(level);
                continue;
            }
            while stack.len() >= level {
                if let Some(done) = stack.pop() {
                    attach(&mut stack, &mut roots, done);
                }
            }
            stack.push(Node {
                line,
                children: Vec::new(),
            });
        }
        while let Some(done) = stack.pop() {
            attach(&mut stack, &mut roots, done);
        }
        roots
    }

    /// The statement of a bullet line `depth` statements deep, with the bullets under it.
    fn bullet(&mut self, node: Node, depth: usize) -> Option<Statement> {
        let line = node.line;
        let parts = split_line(line.src, line.start, line.end);
        let result = (|| {
            if parts.segments.is_empty() {
                return Err(Diagnostic::error(
                    line.src.span(line.bullet_at, line.end),
                    "empty bullet line: expected an ability, a condition or a keyword such as `Process:`",
                ));
            }
            let params = match parts.params {
                Some((ps, pe)) => parse_params(&mut Cursor::new(line.src, ps, pe))?,
                None => Params::default(),
            };
            let child_lines: Vec<Line> = flatten(&node.children);
            // Bullets below sit inside this line's conditions and keywords.
            let child_depth = depth + parts.segments.len().saturating_sub(1);
            let children: Vec<Statement> = node
                .children
                .into_iter()
                .filter_map(|n| self.bullet(n, child_depth))
                .collect();
            let mut statement = self.chain(line, &parts.segments, children, &child_lines, depth)?;
            statement.params = params;
            Ok(statement)
        })();
        match result {
            Ok(s) => Some(s),
            Err(e) => {
                self.error(e);
                None
            }
        }
    }

    /// Builds the statement for the segments of one line, `depth` statements deep in the
    /// trigger's body; `block` is the body for a line that ends with `:` (`block_lines` are the
    /// raw bullet lines, for error positions).
    fn chain(
        &mut self,
        line: Line,
        segments: &[(usize, usize)],
        block: Vec<Statement>,
        block_lines: &[Line],
        depth: usize,
    ) -> PResult<Statement> {
        let Some((&(last_start, last_end), prefixes)) = segments.split_last() else {
            return Err(Diagnostic::error(line.span(), "expected an ability"));
        };
        // Each condition or keyword wraps what follows it in one more statement.
        let room = (MAX_NESTING as usize).saturating_sub(depth);
        if let Some(&(start, end)) = prefixes.get(room) {
            return Err(Diagnostic::error(
                line.src.span(start, end),
                format!(
                    "statements nested more than {MAX_NESTING} deep (each condition or keyword \
                     before a `:`, on this line and on the lines above it, opens one); write it \
                     in simpler steps"
                ),
            ));
        }
        let span_to_end = |start: usize| line.src.span(start, line.end);
        // the statement built so far, and the body it sits in when it is a block's
        let (mut body, mut built) = if last_start == last_end {
            let (opener_start, opener_end) =
                prefixes.last().copied().unwrap_or((last_start, last_end));
            let opener = line.src.text.get(opener_start..opener_end).unwrap_or("");
            if block_lines.is_empty() && opener != "Action" {
                return Err(Diagnostic::error(
                    line.src.span(opener_start, line.end),
                    format!(
                        "`{opener}:` opens a block, but no bullet lines follow it; expected an ability after `:` or bullet lines below"
                    ),
                ));
            }
            (block, None)
        } else {
            if let Some(first) = block_lines.first() {
                return Err(Diagnostic::error(
                    first.src.span(first.bullet_at, first.end),
                    "this bullet line belongs to a line that already ends with an ability; end the line above with `:` to open a block",
                ));
            }
            let ability = parse_ability(&mut Cursor::new(line.src, last_start, last_end))?;
            let statement = Statement {
                span: span_to_end(last_start),
                kind: StatementKind::Ability { ability },
                params: Params::default(),
            };
            (Vec::new(), Some(statement))
        };
        for &(start, end) in prefixes.iter().rev() {
            if let Some(inner) = built.take() {
                body = vec![inner];
            }
            let kind = self.wrap(line, start, end, std::mem::take(&mut body))?;
            built = Some(Statement {
                kind,
                params: Params::default(),
                span: span_to_end(start),
            });
        }
        built
            .or_else(|| body.pop())
            .ok_or_else(|| Diagnostic::error(line.span(), "expected an ability"))
    }

    fn wrap(
        &mut self,
        line: Line,
        start: usize,
        end: usize,
        body: Vec<Statement>,
    ) -> PResult<StatementKind> {
        let word = line.src.text.get(start..end).unwrap_or("");
        Ok(match word {
            "Process" => StatementKind::Process { body },
            "Evaluate" => StatementKind::Evaluate { body },
            "Otherwise" => StatementKind::Branch {
                guard: Guard::Otherwise,
                body,
            },
            "Feedback" => StatementKind::Branch {
                guard: Guard::Feedback,
                body,
            },
            "Action" => {
                if !body.is_empty() {
                    return Err(Diagnostic::error(
                        line.src.span(start, line.end),
                        "`Action:` carries only parameters; put abilities under `Process:` or directly under the trigger",
                    ));
                }
                StatementKind::Action
            }
            _ if word.starts_with("For Each ") => {
                let mut c = Cursor::new(line.src, start + "For Each ".len(), end);
                StatementKind::ForEach {
                    over: parse_value_exact(&mut c, "`For Each`")?,
                    body,
                }
            }
            _ => {
                let mut c = Cursor::new(line.src, start, end);
                match parse_condition_exact(&mut c) {
                    Ok(condition) => StatementKind::Branch {
                        guard: Guard::When {
                            condition: Box::new(condition),
                        },
                        body,
                    },
                    Err(_) if word.chars().all(char::is_alphabetic) => {
                        const KEYWORDS: [&str; 6] = [
                            "Process",
                            "Evaluate",
                            "Action",
                            "Otherwise",
                            "Feedback",
                            "For Each",
                        ];
                        return Err(Diagnostic::error(
                            line.src.span(start, end),
                            format!(
                                "unknown keyword `{word}`{}; expected a condition, `Process`, `Evaluate`, `Action`, `Otherwise`, `Feedback` or `For Each <target>` before `:`",
                                did_you_mean(word, KEYWORDS),
                            ),
                        ));
                    }
                    Err(e) => return Err(e),
                }
            }
        })
    }
}

fn attach<'a>(stack: &mut [Node<'a>], roots: &mut Vec<Node<'a>>, node: Node<'a>) {
    match stack.last_mut() {
        Some(parent) => parent.children.push(node),
        None => roots.push(node),
    }
}

fn flatten<'a>(nodes: &[Node<'a>]) -> Vec<Line<'a>> {
    nodes.iter().map(|n| n.line).collect()
}

fn yes_no(c: &Cursor) -> PResult<bool> {
    match c.rest().trim() {
        "Yes" | "yes" => Ok(true),
        "No" | "no" => Ok(false),
        other => Err(c.error_at(
            c.pos,
            c.end.max(c.pos + 1),
            format!("expected `Yes` or `No`, found `{other}`"),
        )),
    }
}

/// The text's lines, without their `\r\n` or `\n`. A plain byte loop: role texts' lines are
/// short, and a `memchr` call per line cost more than it saved.
fn split_lines(text: &str) -> Vec<&str> {
    let mut lines = Vec::with_capacity(text.len() / 32 + 1);
    let mut start = 0;
    for (i, &b) in text.as_bytes().iter().enumerate() {
        if b == b'\n' {
            lines.push(&text[start..i]);
            start = i + 1;
        }
    }
    lines.push(&text[start..]);
    for line in &mut lines {
        *line = line.strip_suffix('\r').unwrap_or(line);
    }
    lines
}

/// A line's statement text cut into segments, and where its parameter groups are.
struct LineParts {
    /// Trimmed segment ranges; empty when the text before the parameters is blank. The last
    /// segment is empty when the text ends with `:`.
    segments: Few<(usize, usize)>,
    params: Option<(usize, usize)>,
}

fn split_line(src: SrcLine, start: usize, end: usize) -> LineParts {
    let text = src.text;
    let (colons, params_at) = colons_and_params(text, start, end);
    let body_end = params_at.unwrap_or(end);
    let (bs, be) = trim_range(text, start, body_end);
    let mut segments = Few::new();
    if bs != be {
        let mut segment_start = bs;
        for colon in colons {
            segments.push(trim_range(text, segment_start, colon));
            segment_start = colon + 1;
        }
        segments.push(trim_range(text, segment_start, be));
    }
    LineParts {
        segments,
        params: params_at.map(|p| (p, end)),
    }
}

impl TriggerBlock {
    /// The trigger line's parameters plus those of `• Action:` lines directly under it.
    pub fn effective_params(&self) -> Params {
        let mut params = self.params.clone();
        for statement in &self.body {
            if matches!(statement.kind, StatementKind::Action) {
                params.merge(statement.params.clone());
            }
        }
        params
    }
}
