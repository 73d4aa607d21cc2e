//! The role texts a game runs, parsed once per set of sources: the library of elements, the
//! roles by id, and the prompts each role opens (its abilities in the roleset).
//!
//! The texts come from the roleset's `sources` (the save embeds them), so a game replays the
//! same whatever happens to the files later. Parsing a role book takes milliseconds, the
//! engine resolves a phase many times a second while the host types, so parsed programs are
//! kept in a process-wide cache keyed by the texts' hash.

use crate::rules::{PhaseKind, Roleset, SourceText};
use crate::shared::Shared;
use crate::wwr::ast;
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

/// The id of a role: its name in snake case (`Fortune Teller` is `fortune_teller`,
/// `Fletcher's Customer` is `fletchers_customer`).
pub fn role_id(name: &str) -> String {
    let mut out = String::new();
    // An apostrophe joins its word (`Fletcher's` is `fletchers`).
    for c in name.trim().chars().filter(|c| !matches!(c, '\'' | '’')) {
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
    /// A ghost (`@Selection[ghost]`, `(Ghost)`): haunting games.
    Ghost,
    Role,
    Boolean,
    /// One option of a choice (`` `Fox` Choice Choose @Chosen ``): [`Prompt::options`].
    Option,
    /// A whole number from `low` to `high` (the Corrupt Wolf's votes: `Manipulate @Selection's
    /// … to @SecondarySelection`), bounded by the block's conditions on it.
    Number {
        low: i32,
        high: i32,
    },
}

impl Selection {
    /// The answers a bounded selection offers (yes or no, the numbers of a range).
    pub fn words(self) -> Option<Vec<String>> {
        match self {
            Selection::Boolean => Some(vec!["yes".into(), "no".into()]),
            Selection::Number { low, high } => Some((low..=high).map(|n| n.to_string()).collect()),
            _ => None,
        }
    }
}

/// The numbers a number selection offers: the block's `[Condition: (@X > a) and (@X < b)]`
/// bounds, else 0 to 9.
fn number_range(block: &TriggerBlock, name: &str) -> Selection {
    fn walk(c: &crate::wwr::ast::Condition, name: &str, low: &mut i32, high: &mut i32) {
        use crate::wwr::ast::{CompareOp, ConditionKind};
        match &c.kind {
            ConditionKind::And { all } => all.iter().for_each(|c| walk(c, name, low, high)),
            ConditionKind::Compare { left, op, right } => {
                let (ValueKind::Selector { name: n }, ValueKind::Number { value }) =
                    (&left.kind, &right.kind)
                else {
                    return;
                };
                if !n.trim_start_matches('@').eq_ignore_ascii_case(name) {
                    return;
                }
                match op {
                    CompareOp::Greater => *low = value.floor() as i32 + 1,
                    CompareOp::Less => *high = value.ceil() as i32 - 1,
                    _ => {}
                }
            }
            _ => {}
        }
    }
    let (mut low, mut high) = (0, 9);
    for r in &block.params.restrictions {
        if let ast::RestrictionKind::Condition { condition } = &r.kind {
            walk(condition, name, &mut low, &mut high);
        }
    }
    if low > high {
        (low, high) = (0, 9);
    }
    Selection::Number { low, high }
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
    /// The choice a `Choice Choose @Chosen` prompt picks in, and its options as the texts'
    /// `Choice Creation` of it offer them.
    pub choice: Option<(String, Vec<String>)>,
}

/// What the executor asks of a role again and again, worked out once.
#[derive(Clone, Debug, Default)]
pub struct RoleInfo {
    /// `Townsfolk`, `Investigative`.
    pub class: String,
    pub category: String,
    /// The team file its class (or named team) points at.
    pub team: Option<usize>,
    /// Its team as a side id: the team file's stem, else its class, in snake case.
    pub team_key: String,
    /// Its role attributes, its sets' included, normalised.
    pub attributes: Vec<String>,
    /// Its name, normalised.
    pub key: String,
}

/// A parsed role book.
pub struct Program {
    pub library: Library,
    /// Role ids to file indices.
    pub roles: BTreeMap<String, usize>,
    pub prompts: BTreeMap<String, Prompt>,
    /// Every ability by its location.
    abilities: HashMap<Loc, (usize, Ability)>,
    role_info: HashMap<usize, RoleInfo>,
    /// The trigger kinds of each file, its sets' included: who a trigger reaches at all.
    kinds: Vec<Vec<TriggerKind>>,
    /// Every name a team answers to (its stem, its name, its name without ` Team`),
    /// normalised, to its side id.
    team_alias: HashMap<String, String>,
    /// The elements whose texts hear other players' actions (`On @Target Action [...]`):
    /// only while one is in play does every action reach everyone.
    hears_others_actions: Vec<usize>,
    /// Each poll's ballot id ([`Program::ballot_id`]), worked out once: every trigger for
    /// everyone asks it of every poll of the book.
    ballot_ids: HashMap<usize, String>,
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
        let mut program = Program {
            library,
            roles,
            prompts,
            abilities,
            role_info: HashMap::new(),
            kinds: Vec::new(),
            team_alias: HashMap::new(),
            hears_others_actions: Vec::new(),
            ballot_ids: HashMap::new(),
        };
        program.ballot_ids = program.poll_ids();
        program.kinds = (0..program.library.entries.len())
            .map(|f| {
                program
                    .triggers(f)
                    .iter()
                    .map(|(_, b)| b.trigger.kind)
                    .collect()
            })
            .collect();
        program.hears_others_actions = (0..program.library.entries.len())
            .filter(|&f| {
                program.triggers(f).iter().any(|(_, b)| {
                    b.trigger.kind == TriggerKind::OnAction && b.trigger.subject.is_some()
                })
            })
            .collect();
        for file in 0..program.library.entries.len() {
            match program.element(file).map(|e| &e.header.kind) {
                Some(ElementKind::Team) => {
                    let key = program.team_key(file);
                    let name = program.name(file).to_string();
                    let stem = program.library.entries[file]
                        .path
                        .file_stem()
                        .and_then(|s| s.to_str())
                        .unwrap_or_default()
                        .to_string();
                    for alias in [
                        name.clone(),
                        name.trim_end_matches(" Team").to_string(),
                        stem,
                    ] {
                        program
                            .team_alias
                            .entry(normalize(&alias))
                            .or_insert(key.clone());
                    }
                }
                Some(ElementKind::Role {
                    class, category, ..
                }) => {
                    let (class, category) = (format!("{class:?}"), format!("{category:?}"));
                    let team = program.team_of_role(file);
                    let info = RoleInfo {
                        team_key: match team {
                            Some(t) => program.team_key(t),
                            None => role_id(&class),
                        },
                        class,
                        category,
                        team,
                        attributes: program.role_attributes(file),
                        key: normalize(program.name(file)),
                    };
                    program.role_info.insert(file, info);
                }
                _ => {}
            }
        }
        program
    }

    /// Does the file's text (its sets' included) have a block of this trigger?
    pub fn has_trigger(&self, file: usize, kind: TriggerKind) -> bool {
        self.kinds.get(file).is_some_and(|k| k.contains(&kind))
    }

    /// What the executor needs of a role (empty for a file that is none).
    pub fn role_info(&self, file: usize) -> &RoleInfo {
        static NONE: OnceLock<RoleInfo> = OnceLock::new();
        self.role_info
            .get(&file)
            .unwrap_or_else(|| NONE.get_or_init(RoleInfo::default))
    }

    /// A poll's ballot id: its name's, or its file stem's where another poll of the book has
    /// the same name (the corpus's Medium Question is both `medium` and `medium-haunted`,
    /// which the texts name by file: ``Create `Medium Haunted` Poll``).
    pub fn ballot_id(&self, poll: usize) -> String {
        self.ballot_ids
            .get(&poll)
            .cloned()
            .unwrap_or_else(|| role_id(self.name(poll)))
    }

    fn poll_ids(&self) -> HashMap<usize, String> {
        let polls: Vec<(usize, String)> = (0..self.library.entries.len())
            .filter(|f| {
                matches!(
                    self.element(*f).map(|e| &e.header.kind),
                    Some(ElementKind::Poll)
                )
            })
            .map(|f| (f, role_id(self.name(f))))
            .collect();
        polls
            .iter()
            .map(|(f, id)| {
                let shared = polls.iter().any(|(g, other)| g != f && other == id);
                (
                    *f,
                    if shared {
                        self.stem_key(*f)
                    } else {
                        id.clone()
                    },
                )
            })
            .collect()
    }

    /// The side id of a team file: its stem in snake case (`Werewolf.wwr` is `werewolf`).
    pub fn team_key(&self, team: usize) -> String {
        self.stem_key(team)
    }

    /// A file's stem in snake case, or its element's name's where it has none.
    pub fn stem_key(&self, file: usize) -> String {
        let path = &self.library.entries[file].path;
        role_id(
            path.file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or(self.name(file)),
        )
    }

    /// Does a word name this team (by side id, stem, name or class)? `want` is normalised.
    pub fn team_named(&self, key: &str, want: &str) -> bool {
        normalize(key) == want || self.team_alias.get(want).is_some_and(|k| k == key)
    }

    /// The team file a word names (its name, its name without ` Team`, its file stem, or its
    /// side id, as `@Target->Alignment` gives it).
    pub fn team_by_word(&self, word: &str) -> Option<usize> {
        let want = normalize(word);
        (0..self.library.entries.len()).find(|&f| {
            matches!(
                self.element(f).map(|e| &e.header.kind),
                Some(ElementKind::Team)
            ) && self.team_named(&self.team_key(f), &want)
        })
    }

    /// Does this element's text hear other players' actions (`On @Target Action`)?
    pub fn hears_others_actions(&self, file: usize) -> bool {
        self.hears_others_actions.contains(&file)
    }

    /// Does any text of the book hear other players' actions?
    pub fn any_hears_others_actions(&self) -> bool {
        !self.hears_others_actions.is_empty()
    }

    /// The program of a roleset, parsed once per distinct set of sources.
    ///
    /// Every entry's checks ask for it, so each thread keeps the last sources it was asked
    /// about with their program, and finds them again by identity: the copies of a game's
    /// roleset share their sources ([`Shared::same`]), so a long replay never reads them again.
    pub fn of(roleset: &Roleset) -> Arc<Program> {
        type Last = Option<(Shared<Vec<SourceText>>, Arc<Program>)>;
        thread_local! {
            static LAST: std::cell::RefCell<Last> = const { std::cell::RefCell::new(None) };
        }
        let last = LAST.with_borrow(|last| {
            last.as_ref()
                .filter(|(sources, _)| Shared::same(sources, &roleset.sources))
                .map(|(_, program)| program.clone())
        });
        if let Some(program) = last {
            return program;
        }
        let program = Program::shared(roleset);
        LAST.set(Some((roleset.sources.clone(), program.clone())));
        program
    }

    /// The program of a roleset from the process-wide cache, by a hash of its sources.
    fn shared(roleset: &Roleset) -> Arc<Program> {
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
                TypeAnnotation::Ghost => Selection::Ghost,
                TypeAnnotation::Role => Selection::Role,
                TypeAnnotation::Boolean => Selection::Boolean,
                TypeAnnotation::Number => number_range(block, name),
                _ => Selection::Player,
            });
        }
    });
    if found.is_none() {
        let named = |v: &crate::wwr::ast::Value| matches!(&v.kind, ValueKind::Selector { name: n } if n.eq_ignore_ascii_case(name));
        for s in &block.body {
            visit_abilities(s, &mut |a| match &a.kind {
                // `Disguise @Selection as @SecondarySelection`: a role.
                AbilityKind::Disguising(ast::Disguising { role, .. }) if named(role) => {
                    found = Some(Selection::Role);
                }
                // `Target @Selection (Role)`: the type is the ability's.
                AbilityKind::Targeting(ast::Targeting {
                    target,
                    as_type: Some(t),
                }) if named(target) => {
                    found = Some(match t {
                        crate::wwr::ast::TargetType::PlayerOptional => Selection::PlayerOptional,
                        crate::wwr::ast::TargetType::Dead => Selection::Dead,
                        crate::wwr::ast::TargetType::Ghost => Selection::Ghost,
                        crate::wwr::ast::TargetType::Role => Selection::Role,
                        crate::wwr::ast::TargetType::Boolean => Selection::Boolean,
                        _ => Selection::Player,
                    });
                }
                // `Manipulate @Selection's … to @SecondarySelection`: a number of votes.
                AbilityKind::VoteManipulating(ast::VoteManipulating { amount, .. })
                    if named(amount) =>
                {
                    found = Some(number_range(block, name));
                }
                // `Investigate @Selection Count`: living players of a role are counted.
                AbilityKind::Investigating(ast::Investigating {
                    kind: crate::wwr::ast::InvestigationKind::Count,
                    target,
                    ..
                }) if named(target) => found = Some(Selection::Role),
                _ => {}
            });
        }
    }
    found.unwrap_or(Selection::Player)
}

/// The most uses one answer to a prompt takes whose count is computed in play (`⟨$total/10⟩`,
/// `⟨$living>… ⇒ x1⟩`): the prompt offers this many, and the executor runs only as many as the
/// scaling gives when the answer runs.
pub const MOST_DYNAMIC_USES: u32 = 10;

/// A block's scalings (`⟨…⟩` on its trigger line or on an `• Action:` line, whose parameters
/// are the trigger's).
pub fn block_scalings(block: &TriggerBlock) -> Vec<&crate::wwr::ast::Scaling> {
    let action_lines = block
        .body
        .iter()
        .filter(|s| matches!(s.kind, StatementKind::Action))
        .map(|s| &s.params);
    std::iter::once(&block.params)
        .chain(action_lines)
        .flat_map(|p| p.scaling.iter())
        .collect()
}

/// The most times a block can run: its `⟨xN⟩` (research §1.6: the last that gives a count
/// wins), the larger of an `Odd:`/`Even:` pair, or [`MOST_DYNAMIC_USES`] for a count computed
/// in play.
pub fn block_times(block: &TriggerBlock) -> u32 {
    use crate::wwr::ast::ScalingKind as S;
    fn most(kind: &S) -> u32 {
        match kind {
            S::Times { count } => *count,
            S::Odd { scaling } | S::Even { scaling } => most(&scaling.kind),
            S::Count { .. } | S::When { .. } => MOST_DYNAMIC_USES,
        }
    }
    let scalings = block_scalings(block);
    if scalings
        .iter()
        .any(|s| matches!(s.kind, S::Odd { .. } | S::Even { .. }))
    {
        return scalings.iter().map(|s| most(&s.kind)).max().unwrap_or(1);
    }
    scalings.last().map_or(1, |s| most(&s.kind))
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

/// The choice a block's `` `Name` Choice Choose @Chosen `` picks in, with the options its
/// `` `Name` Choice Creation (…) `` offers: the role's own (two roles may each name a choice
/// `Fox`), else every one of the book (a choice another role offers, as the Chef's), in text
/// order, each once.
fn choice_picked(
    library: &Library,
    role: usize,
    block: &TriggerBlock,
) -> Option<(String, Vec<String>)> {
    let mut name = None;
    for s in &block.body {
        visit_abilities(s, &mut |a| {
            if let AbilityKind::ChoiceChoosing(c) = &a.kind
                && name.is_none()
            {
                name = c.choice.plain_text().map(normalize);
            }
        });
    }
    let name = name?;
    let offered = |entries: &mut dyn Iterator<Item = &Entry>| {
        let mut options: Vec<String> = Vec::new();
        for entry in entries {
            let Some(element) = entry.element() else {
                continue;
            };
            crate::wwr::visit::abilities(element, &mut |a| {
                if let AbilityKind::ChoiceCreation(c) = &a.kind
                    && c.choice.plain_text().map(normalize).as_deref() == Some(name.as_str())
                {
                    for o in &c.options {
                        if !options.contains(&o.text) {
                            options.push(o.text.clone());
                        }
                    }
                }
            });
        }
        options
    };
    let mut files = library.ability_sets(role);
    files.push(role);
    let own = offered(&mut files.iter().filter_map(|f| library.entries.get(*f)));
    let options = if own.is_empty() {
        offered(&mut library.entries.iter())
    } else {
        own
    };
    Some((name, options))
}

/// The prompts of a role, numbered `ROLE.N` in text order when it has more than one.
fn role_prompts(library: &Library, file: usize, id: &str) -> Vec<Prompt> {
    let mut out = Vec::new();
    for (i, t) in library.inlined_triggers(file).iter().enumerate() {
        let event = prompt_timing(t.block.trigger.kind).is_none();
        // an event's block is a prompt when it asks for a selection or a choice's pick
        // (the Souls' `On \`Soul Action\` Emitted: … Choice Choose @Chosen`)
        if event && !mentions(t.block, "Selection") && !mentions(t.block, "Chosen") {
            continue;
        }
        // an event's prompt runs its answer at once, but an `On … End Emitted` one with the
        // End actions (the bot's `getPromptType`: "end")
        let event_timing = if t.block.trigger.kind == TriggerKind::OnEndEmitted {
            Timing::End
        } else {
            Timing::Immediate
        };
        let (timing, phase) = prompt_timing(t.block.trigger.kind).unwrap_or((event_timing, None));
        let mut selections = Vec::new();
        if mentions(t.block, "Selection") {
            selections.push(selection_type(t.block, "Selection"));
        }
        if mentions(t.block, "SecondarySelection") {
            selections.push(selection_type(t.block, "SecondarySelection"));
        }
        let times = block_times(t.block).max(1);
        // A choice is picked with the bot's buttons, which run the choice at once, whatever
        // the prompt's own timing (`werewolves.js`, the `choice` interaction).
        let choice = choice_picked(library, file, t.block);
        let timing = if choice.is_some() {
            Timing::Immediate
        } else {
            timing
        };
        if choice.is_some() {
            selections.insert(0, Selection::Option);
        }
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
            choice,
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
