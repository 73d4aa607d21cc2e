//! A folder of WWR texts as one library: elements found by name, ability sets inlined, and
//! every reference to a role, attribute, group, location, poll, team, ability set or display
//! that names nothing reported with its span.
//!
//! Names compare as WWR compares them: case, spaces, `-`, `_` and punctuation do not matter
//! (see [`normalize`]). An element answers to its header name and to its file name (the
//! original bot took attribute, group, poll, team and ability-set names from file names: the
//! team `**Werewolves**` in `Werewolf.wwr` is `&Werewolf`), and a team also to its header name
//! without a trailing ` Team` (`**Pyro Team**` is `&Pyro`).
//!
//! Unresolved references are warnings: a folder may be a partial role book on purpose.

use super::ast::{
    AbilityKind, ConditionKind, Element, ElementKind, QueryKey, RestrictionKind, Setting,
    SpecialKind, TriggerBlock, TriggerKind, TypeAnnotation, Value, ValueKind,
};
use super::element::Parsed;
use super::names::{STANDARD_ATTRIBUTES, normalize, suggest};
use super::report::{parse_file, wwr_files};
use super::span::{Diagnostic, Span};
use super::visit;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Namespace {
    Role,
    Group,
    Poll,
    Attribute,
    AbilitySet,
    Team,
    Location,
    Display,
}

impl Namespace {
    pub fn of(kind: &ElementKind) -> Namespace {
        match kind {
            ElementKind::Role { .. } => Namespace::Role,
            ElementKind::Group { .. } => Namespace::Group,
            ElementKind::Poll => Namespace::Poll,
            ElementKind::Attribute => Namespace::Attribute,
            ElementKind::AbilitySet => Namespace::AbilitySet,
            ElementKind::Team => Namespace::Team,
            ElementKind::Location => Namespace::Location,
            ElementKind::Display => Namespace::Display,
        }
    }

    fn label(self) -> &'static str {
        match self {
            Namespace::Role => "role",
            Namespace::Group => "group",
            Namespace::Poll => "poll",
            Namespace::Attribute => "attribute",
            Namespace::AbilitySet => "ability set",
            Namespace::Team => "team",
            Namespace::Location => "location",
            Namespace::Display => "display",
        }
    }
}

/// One file of the folder.
pub struct Entry {
    pub path: PathBuf,
    pub parsed: Parsed,
}

impl Entry {
    pub fn element(&self) -> Option<&Element> {
        self.parsed.element.as_ref()
    }
}

/// A name an element uses for another element.
#[derive(Clone, Debug)]
pub struct Reference {
    pub namespaces: &'static [Namespace],
    pub name: String,
    pub span: Span,
}

/// The triggers an element has once ability sets are inlined.
pub struct InlinedTrigger<'a> {
    pub block: &'a TriggerBlock,
    /// The ability set it came from (`None` for the element's own triggers).
    pub from_set: Option<&'a str>,
}

pub struct Library {
    pub entries: Vec<Entry>,
    index: HashMap<(Namespace, String), usize>,
}

impl Library {
    /// Parses every `*.wwr` file under `dir`.
    pub fn load(dir: &Path) -> std::io::Result<Library> {
        let entries = wwr_files(dir)?
            .into_iter()
            .map(|path| {
                let parsed = parse_file(&path);
                Entry { path, parsed }
            })
            .collect();
        Ok(Library::new(entries))
    }

    pub fn new(entries: Vec<Entry>) -> Library {
        let mut index = HashMap::new();
        for (i, entry) in entries.iter().enumerate() {
            let Some(element) = entry.element() else {
                continue;
            };
            let namespace = Namespace::of(&element.header.kind);
            let name = &element.header.name.text;
            let stem = entry
                .path
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or_default();
            let mut keys = vec![normalize(name), normalize(stem)];
            if namespace == Namespace::Team
                && let Some(short) = name.strip_suffix(" Team")
            {
                keys.push(normalize(short));
            }
            for key in keys {
                index.entry((namespace, key)).or_insert(i);
            }
        }
        Library { entries, index }
    }

    /// The element of one of `namespaces` that `name` names.
    pub fn lookup(&self, namespaces: &[Namespace], name: &str) -> Option<&Entry> {
        let mut keys = vec![normalize(name)];
        if let Some(short) = name.strip_suffix(" Team") {
            keys.push(normalize(short));
        }
        namespaces.iter().find_map(|&ns| {
            keys.iter()
                .find_map(|k| self.index.get(&(ns, k.clone())))
                .and_then(|&i| self.entries.get(i))
        })
    }

    /// Warnings for every reference that names nothing, per entry (index into `entries`).
    pub fn unresolved(&self) -> Vec<(usize, Diagnostic)> {
        let mut found = Vec::new();
        for (i, entry) in self.entries.iter().enumerate() {
            let Some(element) = entry.element() else {
                continue;
            };
            for reference in references(element) {
                if self.lookup(reference.namespaces, &reference.name).is_none() {
                    found.push((i, self.unresolved_warning(&reference)));
                }
            }
            if let Some(cycle) = self.inheritance_cycle(i) {
                found.push((i, cycle));
            }
        }
        found
    }

    fn unresolved_warning(&self, reference: &Reference) -> Diagnostic {
        let kinds: Vec<&str> = reference.namespaces.iter().map(|n| n.label()).collect();
        let candidates: Vec<&str> = self
            .entries
            .iter()
            .filter_map(Entry::element)
            .filter(|e| {
                reference
                    .namespaces
                    .contains(&Namespace::of(&e.header.kind))
            })
            .map(|e| {
                let name = e.header.name.text.as_str();
                name.strip_suffix(" Team").unwrap_or(name)
            })
            .collect();
        let hint = suggest(&reference.name, candidates.iter().copied())
            .map(|s| format!(" (did you mean `{s}`?)"))
            .unwrap_or_default();
        Diagnostic::warning(
            reference.span,
            format!(
                "no {} named `{}` in this folder{hint}",
                kinds.join(" or "),
                reference.name
            ),
        )
    }

    /// The ability sets an element inherits, directly or through other sets, each once, in
    /// inheritance order (a set's own sets before it).
    pub fn ability_sets(&self, index: usize) -> Vec<usize> {
        let mut order = Vec::new();
        let mut seen = vec![index];
        self.collect_sets(index, &mut seen, &mut order);
        order
    }

    fn collect_sets(&self, index: usize, seen: &mut Vec<usize>, order: &mut Vec<usize>) {
        let Some(element) = self.entries.get(index).and_then(Entry::element) else {
            return;
        };
        for set in self.inherited_sets(element) {
            if !seen.contains(&set) {
                seen.push(set);
                self.collect_sets(set, seen, order);
                order.push(set);
            }
        }
    }

    /// The triggers of the element's ability sets (see [`Library::ability_sets`]) followed by
    /// its own.
    pub fn inlined_triggers(&self, index: usize) -> Vec<InlinedTrigger<'_>> {
        let mut sources: Vec<(usize, Option<&str>)> = self
            .ability_sets(index)
            .into_iter()
            .map(|set| (set, self.name_of(set)))
            .collect();
        sources.push((index, None));
        sources
            .into_iter()
            .filter_map(|(i, from_set)| Some((self.entries.get(i)?.element()?, from_set)))
            .flat_map(|(element, from_set)| {
                element
                    .triggers
                    .iter()
                    .map(move |block| InlinedTrigger { block, from_set })
            })
            .collect()
    }

    /// The header name of an entry.
    pub fn name_of(&self, index: usize) -> Option<&str> {
        self.entries
            .get(index)
            .and_then(Entry::element)
            .map(|e| e.header.name.text.as_str())
    }

    /// Entry indices of the ability sets an element inherits that exist in the folder.
    fn inherited_sets(&self, element: &Element) -> Vec<usize> {
        element
            .specials
            .iter()
            .filter(|s| s.kind == SpecialKind::Inherit)
            .filter_map(|s| s.value.plain_text())
            .filter_map(|name| {
                let key = (Namespace::AbilitySet, normalize(name));
                self.index.get(&key).copied()
            })
            .collect()
    }

    /// A warning when following `Inherit:` from this element comes back to it.
    fn inheritance_cycle(&self, start: usize) -> Option<Diagnostic> {
        let element = self.entries.get(start)?.element()?;
        let mut pending = self.inherited_sets(element);
        let mut seen = Vec::new();
        while let Some(next) = pending.pop() {
            if next == start {
                let span = element
                    .specials
                    .iter()
                    .find(|s| s.kind == SpecialKind::Inherit)
                    .map_or(element.header.span, |s| s.span);
                return Some(Diagnostic::warning(
                    span,
                    "this ability set inherits itself (through `Inherit:`); its abilities are inlined once",
                ));
            }
            if !seen.contains(&next) {
                seen.push(next);
                if let Some(e) = self.entries.get(next).and_then(Entry::element) {
                    pending.extend(self.inherited_sets(e));
                }
            }
        }
        None
    }
}

/// A name an ability refers to by a constant, as its node reports it.
#[derive(Clone, Copy, Debug)]
pub enum Ref<'a> {
    /// A plain backtick string naming an element of one of the namespaces.
    Named(&'static [Namespace], &'a Value),
    /// An attribute reference `Name[:Source][:Value]` (custom or standard).
    Attribute(&'a Value),
}

pub(crate) const ROLE: &[Namespace] = &[Namespace::Role];
pub(crate) const ATTRIBUTE: &[Namespace] = &[Namespace::Attribute];
pub(crate) const GROUP: &[Namespace] = &[Namespace::Group];
pub(crate) const GROUP_OR_LOCATION: &[Namespace] = &[Namespace::Group, Namespace::Location];
pub(crate) const ROLE_OR_GROUP: &[Namespace] = &[Namespace::Role, Namespace::Group];
pub(crate) const TEAM: &[Namespace] = &[Namespace::Team];
pub(crate) const POLL: &[Namespace] = &[Namespace::Poll];
pub(crate) const ABILITY_SET: &[Namespace] = &[Namespace::AbilitySet];
pub(crate) const DISPLAY: &[Namespace] = &[Namespace::Display];

/// Player types a location may list; any other member name is a role (`Members: Mayor`).
const PLAYER_TYPES: [&str; 9] = [
    "Alive",
    "Dead",
    "Ghost",
    "Substitute",
    "Spectator",
    "Mentor",
    "Ghost Mentor",
    "*None*",
    "*All*",
];

/// Every name an element uses for another element.
pub fn references(element: &Element) -> Vec<Reference> {
    let mut refs = Vec::new();
    let mut push = |namespaces: &'static [Namespace], name: &str, span: Span| {
        if !name.trim().is_empty() {
            refs.push(Reference {
                namespaces,
                name: name.trim().to_string(),
                span,
            });
        }
    };
    match &element.header.kind {
        ElementKind::Role {
            team: Some(team), ..
        } => push(TEAM, &team.text, team.span),
        ElementKind::Group { team } => push(TEAM, &team.text, team.span),
        _ => {}
    }
    for special in &element.specials {
        let namespaces = match special.kind {
            SpecialKind::Inherit => ABILITY_SET,
            SpecialKind::Require => ROLE,
            SpecialKind::RoleAttribute => ATTRIBUTE,
            SpecialKind::Include => ROLE,
        };
        if let Some(name) = special.value.plain_text() {
            push(namespaces, name, special.value.span);
        }
    }
    for setting in &element.settings {
        if let Setting::Members { player_types, .. } | Setting::Viewers { player_types, .. } =
            setting
        {
            for name in player_types {
                if !PLAYER_TYPES.contains(&name.text.as_str()) {
                    push(ROLE, &name.text, name.span);
                }
            }
        }
    }
    for block in &element.triggers {
        if block.trigger.kind == TriggerKind::OnPollWin
            && let Some(subject) = &block.trigger.subject
        {
            text_ref(&mut push, POLL, subject);
        }
    }
    visit::abilities(element, &mut |ability| {
        ability_refs(&ability.kind, &mut push);
    });
    visit::conditions(element, &mut |condition| {
        if let ConditionKind::Has { attribute, .. } = &condition.kind {
            attribute_ref(&mut push, attribute);
        }
    });
    visit::params(element, &mut |params| {
        for r in &params.restrictions {
            if let RestrictionKind::Attribute { attribute, .. } = &r.kind {
                attribute_ref(&mut push, attribute);
            }
        }
    });
    visit::values(element, &mut |value, _| value_refs(value, &mut push));
    refs
}

type Push<'a> = dyn FnMut(&'static [Namespace], &str, Span) + 'a;

/// A constant name (a plain backtick string) refers to an element of `namespaces`.
fn text_ref(push: &mut Push, namespaces: &'static [Namespace], value: &Value) {
    if let Some(name) = value.plain_text() {
        push(namespaces, name, value.span);
    }
}

/// An attribute reference `Name[:Source][:Value]`: a custom attribute, or a standard
/// attribute type (`Obstruction:Self`, `GroupMembership:Wolfpack`).
fn attribute_ref(push: &mut Push, value: &Value) {
    let Some(text) = value.plain_text() else {
        return;
    };
    let mut segments = text.split(':');
    let name = segments.next().unwrap_or_default();
    let standard = normalize(name);
    if STANDARD_ATTRIBUTES.contains(&standard.as_str()) {
        if standard == "groupmembership"
            && let Some(group) = segments.next().filter(|g| *g != "Self")
        {
            push(GROUP, group, value.span);
        }
        return;
    }
    push(ATTRIBUTE, name, value.span);
}

fn ability_refs(kind: &AbilityKind, push: &mut Push) {
    for r in kind.node().refs() {
        match r {
            Ref::Named(namespaces, value) => text_ref(push, namespaces, value),
            Ref::Attribute(value) => attribute_ref(push, value),
        }
    }
}

/// References a value makes by its form wherever it stands: `#Group`, `&Team`, query keys,
/// `->Attr(Name)` and annotated constants (`` `Werewolf`[alignment] ``).
fn value_refs(value: &Value, push: &mut Push) {
    match &value.kind {
        ValueKind::Group { name, .. } => push(GROUP_OR_LOCATION, name, value.span),
        ValueKind::Team { name } if !matches!(name.as_str(), "All" | "Self" | "Ind") => {
            push(TEAM, name, value.span);
        }
        ValueKind::PlayerQuery { filters }
        | ValueKind::TeamQuery { filters }
        | ValueKind::RoleQuery { filters } => {
            for filter in filters {
                let namespaces = match filter.key {
                    QueryKey::Role | QueryKey::OriginalRole | QueryKey::AttributeRole => ROLE,
                    QueryKey::Attribute | QueryKey::AttributeSelf => ATTRIBUTE,
                    QueryKey::Group => GROUP,
                    QueryKey::Alignment | QueryKey::OriginalAlignment | QueryKey::Team => TEAM,
                    _ => continue,
                };
                push(namespaces, &filter.value.replace('-', " "), filter.span);
            }
        }
        ValueKind::Property {
            property: super::ast::Property::Attr(name),
            ..
        } => push(ATTRIBUTE, name, value.span),
        ValueKind::Typed { base, annotation } => match annotation {
            TypeAnnotation::Role => text_ref(push, ROLE, base),
            TypeAnnotation::Alignment => text_ref(push, TEAM, base),
            TypeAnnotation::Attribute => text_ref(push, ATTRIBUTE, base),
            TypeAnnotation::Source => {
                if let Some((kind, name)) = base.plain_text().and_then(|t| t.split_once(':')) {
                    let namespaces = match kind {
                        "Role" => ROLE,
                        "Group" => GROUP,
                        "Team" => TEAM,
                        "Poll" => POLL,
                        _ => return,
                    };
                    push(namespaces, name, base.span);
                }
            }
            _ => {}
        },
        _ => {}
    }
}
