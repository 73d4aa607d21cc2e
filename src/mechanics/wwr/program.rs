//! The role texts a game runs, parsed once per set of sources: the library of elements, the
//! roles by id, and the prompts each role opens (its abilities in the roleset).
//!
//! The texts come from the roleset's `sources` (the save embeds them), so a game replays the
//! same whatever happens to the files later. Parsing a role book takes milliseconds, the
//! engine resolves a phase many times a second while the host types, so parsed programs are
//! kept in a process-wide cache keyed by the texts' hash.

use crate::rules::{PhaseKind, Roleset, SourceText};
use crate::wwr::ast::{
    Ability, AbilityKind, Element, ElementKind, Statement, StatementKind, TriggerBlock,
    TriggerKind, TypeAnnotation, ValueKind,
};
use crate::wwr::names::normalize;
use crate::wwr::resolve::{Entry, Library, Namespace};
use std::collections::{BTreeMap, HashMap};
use std::hash::{Hash, Hasher};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};

use super::world::Loc;

/// The id of a role: its name in snake case (`Fortune Teller` is `fortune_teller`).
pub fn role_id(name: &str) -> String {
    let mut out = String::new();
    for c in name.trim().chars() {
        if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        } else if !out.ends_with('_') && !out.is_empty() {
            out.push('_');
        }
    }
    out.trim_end_matches('_').to_string()
}

/// When a prompt's answer runs (research §1.4, `getPromptType()`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Timing {
    /// At once, in log order, during the phase.
    Immediate,
    /// At the phase change, at the stage of its trigger.
    End,
    /// At the start of the next phase.
    Start,
}

/// What one target of a prompt is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Selection {
    Player,
    PlayerOptional,
    Dead,
    Role,
    Boolean,
}

/// A prompt a role opens: one ability of the roleset.
#[derive(Clone, Debug)]
pub struct Prompt {
    pub id: String,
    /// The role's file index and the trigger's index among its inlined triggers.
    pub role: usize,
    pub trigger: usize,
    pub kind: TriggerKind,
    pub timing: Timing,
    /// The phase kind it is answered in (`None`: any).
    pub phase: Option<PhaseKind>,
    /// The selections of one use (empty: a confirmation).
    pub selections: Vec<Selection>,
    /// Uses per answer (`⟨xN⟩`).
    pub times: u32,
    /// Opened by an event (`On Action [Targeting]: Target @Selection`), answerable only
    /// while the executor holds it open.
    pub event: bool,
}

/// A parsed role book.
pub struct Program {
    pub library: Library,
    /// Role ids to file indices.
    pub roles: BTreeMap<String, usize>,
    pub prompts: BTreeMap<String, Prompt>,
    /// Every ability by its location.
    abilities: HashMap<Loc, (usize, Ability)>,
}

impl Program {
    pub fn new(sources: &[SourceText]) -> Program {
        let entries = sources
            .iter()
            .map(|s| Entry {
                path: PathBuf::from(&s.path),
                parsed: crate::wwr::parse_element(&s.text),
            })
            .collect();
        let library = Library::new(entries);
        let mut roles = BTreeMap::new();
        let mut prompts = BTreeMap::new();
        let mut abilities = HashMap::new();
        for (i, entry) in library.entries.iter().enumerate() {
            let Some(element) = entry.element() else {
                continue;
            };
            crate::wwr::visit::abilities(element, &mut |a| {
                let loc = Loc {
                    file: i,
                    line: a.span.line,
                    col: a.span.col,
                };
                abilities.insert(loc, (i, a.clone()));
            });
            if matches!(element.header.kind, ElementKind::Role { .. }) {
                let id = role_id(&element.header.name.text);
                for p in role_prompts(&library, i, &id) {
                    prompts.insert(p.id.clone(), p);
                }
                roles.insert(id, i);
            }
        }
        Program {
            library,
            roles,
            prompts,
            abilities,
        }
    }

    /// The program of a roleset, parsed once per distinct set of sources.
    pub fn of(roleset: &Roleset) -> Arc<Program> {
        static CACHE: OnceLock<Mutex<HashMap<u64, Arc<Program>>>> = OnceLock::new();
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        roleset.sources.hash(&mut hasher);
        let key = hasher.finish();
        let cache = CACHE.get_or_init(Default::default);
        if let Some(found) = cache.lock().map(|c| c.get(&key).cloned()).ok().flatten() {
            return found;
        }
        let program = Arc::new(Program::new(&roleset.sources));
        if let Ok(mut c) = cache.lock() {
            c.insert(key, program.clone());
        }
        program
    }

    pub fn element(&self, file: usize) -> Option<&Element> {
        self.library.entries.get(file).and_then(Entry::element)
    }

    pub fn name(&self, file: usize) -> &str {
        self.library.name_of(file).unwrap_or("?")
    }

    /// The element of a namespace a name names.
    pub fn find(&self, namespace: Namespace, name: &str) -> Option<usize> {
        let entry = self.library.lookup(&[namespace], name)?;
        self.library
            .entries
            .iter()
            .position(|e| std::ptr::eq(e, entry))
    }

    pub fn ability(&self, loc: Loc) -> Option<&Ability> {
        self.abilities.get(&loc).map(|(_, a)| a)
    }

    /// The triggers of an element with its ability sets inlined (the sets' first), each with
    /// the file its text is in.
    pub fn triggers(&self, file: usize) -> Vec<(usize, &TriggerBlock)> {
        let mut files = self.library.ability_sets(file);
        files.push(file);
        files
            .into_iter()
            .filter_map(|f| Some((f, self.element(f)?)))
            .flat_map(|(f, e)| e.triggers.iter().map(move |b| (f, b)))
            .collect()
    }

    /// The role id of a role file.
    pub fn role_id_of(&self, file: usize) -> String {
        role_id(self.name(file))
    }

    /// The team file a role's class names (`Townsfolk` → `Townsfolk.wwr`), or its named team.
    pub fn team_of_role(&self, file: usize) -> Option<usize> {
        let ElementKind::Role { class, team, .. } = &self.element(file)?.header.kind else {
            return None;
        };
        match team {
            Some(team) => self.find(Namespace::Team, team.text.trim_end_matches(" Team")),
            None => self.find(Namespace::Team, &format!("{class:?}")),
        }
    }

    /// The role attributes a role carries (`Role Attribute: \`Lycan\``), its sets' included.
    pub fn role_attributes(&self, file: usize) -> Vec<String> {
        let mut files = self.library.ability_sets(file);
        files.push(file);
        files
            .into_iter()
            .filter_map(|f| self.element(f))
            .flat_map(|e| e.specials.iter())
            .filter(|s| s.kind == crate::wwr::ast::SpecialKind::RoleAttribute)
            .filter_map(|s| s.value.plain_text().map(normalize))
            .collect()
    }
}

/// Does the text of a block use a selection?
fn mentions(block: &TriggerBlock, name: &str) -> bool {
    let mut found = false;
    let mut look = |v: &crate::wwr::ast::Value| {
        if let ValueKind::Selector { name: n } = &v.kind
            && n.eq_ignore_ascii_case(name)
        {
            found = true;
        }
    };
    walk_block_values(block, &mut look);
    found
}

/// Every value under a block, nested ones included (text interpolations, properties).
pub fn walk_block_values(block: &TriggerBlock, f: &mut dyn FnMut(&crate::wwr::ast::Value)) {
    let element = Element {
        header: crate::wwr::ast::Header {
            name: crate::wwr::ast::Name {
                text: String::new(),
                span: block.span,
            },
            kind: ElementKind::Poll,
            tags: Vec::new(),
            span: block.span,
        },
        flags: Vec::new(),
        specials: Vec::new(),
        settings: Vec::new(),
        triggers: vec![block.clone()],
    };
    crate::wwr::visit::values(&element, &mut |v, _| f(v));
}

/// The annotation of the first `@Selection` use in a block, if any (`Target @Selection
/// (Player Optional)`).
fn selection_type(block: &TriggerBlock, name: &str) -> Selection {
    let mut found = None;
    walk_block_values(block, &mut |v| {
        if found.is_some() {
            return;
        }
        if let ValueKind::Typed { base, annotation } = &v.kind
            && matches!(&base.kind, ValueKind::Selector { name: n } if n.eq_ignore_ascii_case(name))
        {
            found = Some(match annotation {
                TypeAnnotation::PlayerOptional => Selection::PlayerOptional,
                TypeAnnotation::Dead => Selection::Dead,
                TypeAnnotation::Role => Selection::Role,
                TypeAnnotation::Boolean => Selection::Boolean,
                _ => Selection::Player,
            });
        }
    });
    if found.is_none() {
        // `Disguise @Selection as @SecondarySelection`: a role.
        for s in &block.body {
            visit_abilities(s, &mut |a| {
                if let AbilityKind::Disguising { role, .. } = &a.kind
                    && matches!(&role.kind, ValueKind::Selector { name: n } if n.eq_ignore_ascii_case(name))
                {
                    found = Some(Selection::Role);
                }
            });
        }
    }
    found.unwrap_or(Selection::Player)
}

pub fn visit_abilities<'a>(s: &'a Statement, f: &mut dyn FnMut(&'a Ability)) {
    match &s.kind {
        StatementKind::Ability { ability } => f(ability),
        StatementKind::Action => {}
        StatementKind::Process { body }
        | StatementKind::Evaluate { body }
        | StatementKind::Branch { body, .. }
        | StatementKind::ForEach { body, .. } => body.iter().for_each(|s| visit_abilities(s, f)),
    }
}

/// When a trigger's prompt is answered and runs; `None` for triggers that open no prompt of a
/// phase (passives, `On …`).
pub fn prompt_timing(kind: TriggerKind) -> Option<(Timing, Option<PhaseKind>)> {
    use TriggerKind as T;
    Some(match kind {
        T::ImmediateNight => (Timing::Immediate, Some(PhaseKind::Night)),
        T::ImmediateDay => (Timing::Immediate, Some(PhaseKind::Day)),
        T::Immediate => (Timing::Immediate, None),
        T::EndNight
        | T::PreEndNight
        | T::SecondPreEndNight
        | T::ThirdPreEndNight
        | T::FourthPreEndNight => (Timing::End, Some(PhaseKind::Night)),
        T::EndDay | T::PreEndDay | T::SecondPreEndDay | T::ThirdPreEndDay | T::FourthPreEndDay => {
            (Timing::End, Some(PhaseKind::Day))
        }
        T::EndPhase => (Timing::End, None),
        // Chosen in the phase before the one it runs at the start of.
        T::StartNight => (Timing::Start, Some(PhaseKind::Day)),
        T::StartDay => (Timing::Start, Some(PhaseKind::Night)),
        T::StartPhase => (Timing::Start, None),
        _ => return None,
    })
}

/// The prompts of a role, numbered `ROLE.N` in text order when it has more than one.
fn role_prompts(library: &Library, file: usize, id: &str) -> Vec<Prompt> {
    let mut out = Vec::new();
    for (i, t) in library.inlined_triggers(file).iter().enumerate() {
        let event = prompt_timing(t.block.trigger.kind).is_none();
        if event && !mentions(t.block, "Selection") {
            continue;
        }
        let (timing, phase) =
            prompt_timing(t.block.trigger.kind).unwrap_or((Timing::Immediate, None));
        let mut selections = Vec::new();
        if mentions(t.block, "Selection") {
            selections.push(selection_type(t.block, "Selection"));
        }
        if mentions(t.block, "SecondarySelection") {
            selections.push(selection_type(t.block, "SecondarySelection"));
        }
        let times = t
            .block
            .params
            .scaling
            .iter()
            .find_map(|s| match s.kind {
                crate::wwr::ast::ScalingKind::Times { count } => Some(count.max(1)),
                _ => None,
            })
            .unwrap_or(1);
        out.push(Prompt {
            id: String::new(),
            role: file,
            trigger: i,
            kind: t.block.trigger.kind,
            timing,
            phase,
            selections,
            times,
            event,
        });
    }
    let single = out.len() == 1;
    for (n, p) in out.iter_mut().enumerate() {
        p.id = if single {
            id.to_string()
        } else {
            format!("{id}.{}", n + 1)
        };
    }
    out
}
