//! Values and conditions: what a selector, query, property, string or comparison means at the
//! moment it is evaluated (research §1.8, §4.1 "Values").

use super::run::Run;
use super::world::{AttrKind, SourceTarget, Src};
use crate::engine::SlotId;
use crate::wwr::ast::{
    CompareOp, Condition, ConditionKind, Property, QueryFilter, QueryKey, TextPart, TriggerKind,
    TypeAnnotation, Value, ValueKind, Variable,
};
use crate::wwr::names::normalize;
use crate::wwr::resolve::Namespace;
use std::collections::BTreeMap;

/// JavaScript's `Math.round`: halves go up (-2.5 is -2), as the bot rounds.
trait RoundTiesUp {
    fn round_ties_up(self) -> f64;
}

impl RoundTiesUp for f64 {
    fn round_ties_up(self) -> f64 {
        (self + 0.5).floor()
    }
}

/// What an ability returns (the bot's feedback object).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Feedback {
    pub msg: String,
    pub success: bool,
    pub role: Option<usize>,
    pub class: Option<String>,
    pub category: Option<String>,
    pub alignment: Option<String>,
    pub number: Option<f64>,
    /// What the ability did, in the host's words, for the step's reasons ("Attacked Bob");
    /// `msg` is what the bot tells the source ("Attack successful!").
    pub detail: String,
}

impl Feedback {
    pub fn ok(msg: impl Into<String>) -> Feedback {
        Feedback {
            msg: msg.into(),
            success: true,
            ..Feedback::default()
        }
    }
    pub fn failed(msg: impl Into<String>) -> Feedback {
        Feedback {
            msg: msg.into(),
            success: false,
            ..Feedback::default()
        }
    }
    /// The same result, telling the source the bot's words instead: the text so far becomes
    /// the step's detail. An empty `msg` tells nothing, as the bot's empty message.
    pub fn told(mut self, msg: &str) -> Feedback {
        self.detail = std::mem::take(&mut self.msg);
        self.msg = msg.to_string();
        self
    }
}

/// An evaluated value.
#[derive(Clone, Debug, PartialEq)]
pub enum V {
    Players(Vec<SlotId>),
    Text(String),
    Num(f64),
    /// A role, by file index.
    Role(usize),
    Result(Feedback),
    Bool(bool),
    Group(usize),
    Team(usize),
    /// Teams a team query found (`&(Attr:!Wronger,Align:!Coven)`).
    Teams(Vec<usize>),
    /// Roles a role query found (`^(Cat:Investigative,Class:!Unaligned)`), by file index.
    Roles(Vec<usize>),
    /// A custom attribute row (`@Ind->Attr(Contaminated)`), whose values `->Value1` reads.
    Attr(u64),
    Nothing,
}

impl V {
    pub fn players(&self) -> Vec<SlotId> {
        match self {
            V::Players(p) => p.clone(),
            _ => Vec::new(),
        }
    }
    pub fn exists(&self) -> bool {
        match self {
            V::Players(p) => !p.is_empty(),
            V::Text(t) => !t.is_empty(),
            V::Nothing => false,
            V::Bool(b) => *b,
            _ => true,
        }
    }
}

/// Who runs an ability and what its names are bound to.
#[derive(Clone, Debug)]
pub struct Scope {
    pub src: Src,
    /// The file of the element whose text runs.
    pub element: usize,
    pub trigger: TriggerKind,
    /// `Selection`, `Winner`, `Attacker`, `Result1`, … (lower case, no `@`).
    pub vars: BTreeMap<String, V>,
    pub visitless: bool,
    pub direct: bool,
    /// `{Forced: <option>}` on the line: a choice's default.
    pub forced: Option<Value>,
}

impl Scope {
    pub fn new(src: Src, element: usize, trigger: TriggerKind) -> Scope {
        Scope {
            src,
            element,
            trigger,
            vars: BTreeMap::new(),
            visitless: false,
            direct: false,
            forced: None,
        }
    }
    pub fn bind(&mut self, name: &str, value: V) {
        self.vars.insert(name.to_lowercase(), value);
    }
    pub fn var(&self, name: &str) -> V {
        self.vars
            .get(&name.to_lowercase())
            .cloned()
            .unwrap_or(V::Nothing)
    }
    /// The player the scope acts as (`@Self`).
    pub fn me(&self) -> Option<SlotId> {
        self.src.player()
    }
}

impl Run<'_, '_> {
    /// The role a player is seen as by an investigation with these disguise levels, and the
    /// disguise row used, if any (the most recent of the allowed strengths).
    pub fn visible_role(&self, p: SlotId, weak: bool, strong: bool) -> (usize, Option<u64>) {
        let own = self.world.players[p].role;
        let disguise = self.world.attrs_of(p).rev().find_map(|a| match a.kind {
            AttrKind::Disguise { strong: s, role } if (s && strong) || (!s && weak) => {
                Some((role, a.id))
            }
            _ => None,
        });
        match disguise {
            Some((role, id)) => (role, Some(id)),
            None => (own, None),
        }
    }

    /// The role a value names: a role, a player's role, or a role's name.
    pub fn role_of(&self, v: &V) -> Option<usize> {
        match v {
            V::Role(r) => Some(*r),
            V::Players(p) => p.first().map(|p| self.world.players[*p].role),
            V::Text(t) => self.program.find(Namespace::Role, t),
            _ => None,
        }
    }

    /// `Err` unless the game lists the role: a slot's roles are the roleset's, so a role the
    /// setup neither deals nor reaches by name (a change or grant to the host's `%Role%`) has to
    /// be listed before a player can hold it.
    pub fn listed(&self, role: usize) -> Result<(), String> {
        match self.ctx.roleset.role(&self.program.role_id_of(role)) {
            Some(_) => Ok(()),
            None => Err(format!(
                "{} is not among the game's roles (list it in the setup file's `roles` with a count of 0)",
                self.program.name(role)
            )),
        }
    }

    /// Class, category of a role file, as words.
    pub fn role_words(&self, role: usize) -> (String, String) {
        let info = self.program.role_info(role);
        (info.class.clone(), info.category.clone())
    }

    /// The team word of a role: its team file's key, else its class.
    pub fn role_team(&self, role: usize) -> String {
        self.program.role_info(role).team_key.clone()
    }

    /// The player's alignment field.
    pub fn alignment(&self, p: SlotId) -> String {
        match self.world.players[p].alignment {
            Some(t) => self.program.team_key(t),
            None => self.role_team(self.world.players[p].role),
        }
    }

    /// Does a player carry this attribute: a custom row, or the role's attribute
    /// (`GroupMembership:X` asks for a group membership).
    pub fn has_attribute(&self, p: SlotId, name: &str, role: Option<usize>) -> bool {
        if let Some(group) = name
            .split_once(':')
            .filter(|(k, _)| normalize(k) == "groupmembership")
            .map(|(_, g)| g)
        {
            // any tier, a visitor's too, as the bot's generic attribute lookup finds the row
            return self
                .program
                .find(Namespace::Group, group)
                .is_some_and(|g| self.world.has_membership(p, g));
        }
        let key = normalize(name);
        if let Some(attr) = self.program.find(Namespace::Attribute, name)
            && self.world.has_custom(p, attr)
        {
            return true;
        }
        let role = role.unwrap_or(self.world.players[p].role);
        self.program.role_info(role).attributes.contains(&key)
    }

    fn all_players(&self) -> Vec<SlotId> {
        (0..self.world.players.len()).collect()
    }

    fn living(&self) -> Vec<SlotId> {
        if self.include_dead {
            return self.all_players();
        }
        self.world.living().collect()
    }

    /// Evaluate a value. Recursive over the value's tree, no deeper than the parser lets a
    /// text nest (`crate::wwr::cursor::MAX_NESTING`).
    pub fn eval(&mut self, scope: &Scope, v: &Value) -> V {
        match &v.kind {
            ValueKind::Selector { name } => self.selector(scope, name),
            ValueKind::PlayerQuery { filters } => V::Players(self.query(scope, filters)),
            ValueKind::TeamQuery { filters } => V::Teams(self.team_query(filters)),
            ValueKind::RoleQuery { filters } => V::Roles(self.role_query(filters)),
            // `^All`; other named sets are refused before a game starts (`support`)
            ValueKind::RoleSet { .. } => V::Roles(self.role_query(&[])),
            ValueKind::Team { name } => match normalize(name).as_str() {
                // every team in play (the bot's `&All`: the active teams, not the unaligned)
                "all" => V::Teams(self.team_query(&[])),
                "ind" => scope.var("ind"),
                "self" => match scope.src {
                    Src::Team(t) => V::Team(t),
                    _ => V::Nothing,
                },
                _ => self
                    .program
                    .find(Namespace::Team, name)
                    .map_or(V::Nothing, V::Team),
            },
            ValueKind::Group { name, .. } => match self.program.find(Namespace::Group, name) {
                Some(g) => V::Group(g),
                None => V::Text(name.clone()),
            },
            ValueKind::Text { parts } => V::Text(self.interpolate(scope, parts)),
            ValueKind::Number { value } => V::Num(*value),
            // the bot's `stats.haunting`: the option
            ValueKind::Variable {
                variable: Variable::Haunting,
            } => V::Bool(self.haunting),
            ValueKind::Variable { variable } => V::Num(match variable {
                Variable::Total => self.world.players.len() as f64,
                Variable::Living => self.world.living().count() as f64,
                Variable::Ghostly => self.world.ghosts().count() as f64,
                Variable::Dead => self
                    .world
                    .players
                    .iter()
                    .filter(|p| !p.alive && !p.ghost)
                    .count() as f64,
                Variable::Phase => f64::from(self.phase),
                _ => 0.0,
            }),
            ValueKind::HostInfo { info } => {
                let option = self.ctx.option(&format!("%{}%", info.label));
                let holder = scope.me().map(|p| self.name(p)).unwrap_or_default();
                let value = super::setup::host_value(&option, &holder).unwrap_or_default();
                match info.kind {
                    crate::wwr::ast::HostInfoKind::Player => self
                        .ctx
                        .slot_of(&value)
                        .map_or(V::Players(Vec::new()), |p| V::Players(vec![p])),
                    crate::wwr::ast::HostInfoKind::Role => self
                        .program
                        .find(Namespace::Role, &value)
                        .map_or(V::Text(value), V::Role),
                    crate::wwr::ast::HostInfoKind::Number => {
                        value.trim().parse().map_or(V::Text(value), V::Num)
                    }
                    _ => V::Text(value),
                }
            }
            ValueKind::Word { word } => V::Text(word.to_string()),
            ValueKind::Property { base, property } => {
                let base = self.eval(scope, base);
                self.property(scope, base, property)
            }
            ValueKind::Typed { base, annotation } => {
                let inner = self.eval(scope, base);
                match (annotation, &inner) {
                    (TypeAnnotation::Role, V::Text(t)) => self
                        .program
                        .find(Namespace::Role, t)
                        .map_or(inner.clone(), V::Role),
                    // `@Result[role]`: the investigated role (the bot's `parseRoleSelector`
                    // reads `result.role`)
                    (TypeAnnotation::Role, V::Result(f)) => f.role.map_or(V::Nothing, V::Role),
                    // `` `Group:Wolfpack`[source] ``: a source reference, as `@AttackSource` holds
                    (TypeAnnotation::Source, V::Text(t)) => self.source_named(t).unwrap_or(inner),
                    _ => inner,
                }
            }
            // the bot's `parseNumber`: a bare division is rounded half up
            ValueKind::Division { .. } => V::Num(self.quotient(scope, v).round_ties_up()),
            // `ceil`/`floor`/`round` of a division's quotient (the `*_math` countings)
            ValueKind::Rounded { mode, value } => {
                let q = self.quotient(scope, value);
                V::Num(match mode {
                    crate::wwr::ast::Rounding::Ceil => q.ceil(),
                    crate::wwr::ast::Rounding::Floor => q.floor(),
                    crate::wwr::ast::Rounding::Round => q.round_ties_up(),
                })
            }
            ValueKind::List { items } => items
                .first()
                .map_or(V::Nothing, |first| self.eval(scope, first)),
        }
    }

    /// The element a written source reference names (`Group:Wolfpack`, `Team:Werewolf`,
    /// `Role:Assassin`).
    fn source_named(&self, written: &str) -> Option<V> {
        let (kind, name) = written.split_once(':')?;
        let name = name.trim();
        match normalize(kind).as_str() {
            "group" => self.program.find(Namespace::Group, name).map(V::Group),
            "team" => self.program.team_by_word(name).map(V::Team),
            "role" => self.program.find(Namespace::Role, name).map(V::Role),
            _ => None,
        }
    }

    /// A division's quotient unrounded, or any other value as a number (0 where it is none,
    /// and for a division by zero, which the bot logs as an error and counts as 0).
    fn quotient(&mut self, scope: &Scope, v: &Value) -> f64 {
        match &v.kind {
            ValueKind::Division {
                numerator,
                denominator,
            } => {
                let n = self.eval(scope, numerator);
                let d = self.eval(scope, denominator);
                match (number(&n), number(&d)) {
                    (Some(n), Some(d)) if d != 0.0 => n / d,
                    _ => 0.0,
                }
            }
            _ => {
                let x = self.eval(scope, v);
                number(&x).unwrap_or(0.0)
            }
        }
    }

    fn selector(&mut self, scope: &Scope, name: &str) -> V {
        let key = name.trim_start_matches('@').to_lowercase();
        match key.as_str() {
            "self" => match scope.me() {
                Some(p) => V::Players(vec![p]),
                None => match scope.src {
                    Src::Group { file, .. } | Src::GroupAttribute { group: file, .. } => {
                        V::Group(file)
                    }
                    Src::Team(t) => V::Team(t),
                    _ => V::Nothing,
                },
            },
            "target" | "targetdead" => {
                // an attribute's text means the attribute's own target (the Raven's keeper)
                let t = match scope.src {
                    Src::Attribute { id, .. } => self.world.attr(id).and_then(|a| a.target),
                    _ if scope.me().is_none() => {
                        match self.world.source_targets.get(&scope.src.key()) {
                            Some(SourceTarget::Role(r)) => return V::Role(*r),
                            Some(SourceTarget::Player(p)) => Some(*p),
                            None => None,
                        }
                    }
                    _ => {
                        let me = scope.me().and_then(|p| self.world.players.get(p));
                        if let Some(role) = me.and_then(|p| p.target_role) {
                            return V::Role(role);
                        }
                        me.and_then(|p| p.target)
                    }
                };
                match t {
                    Some(t) if key == "targetdead" || self.include_dead || self.alive(t) => {
                        V::Players(vec![t])
                    }
                    _ => V::Players(Vec::new()),
                }
            }
            "all" => V::Players(self.living()),
            "others" => V::Players(
                self.living()
                    .into_iter()
                    .filter(|p| Some(*p) != scope.me())
                    .collect(),
            ),
            // the fully dead: a ghost is neither living nor dead (the bot's `alive = 2`)
            "dead" => V::Players(
                self.all_players()
                    .into_iter()
                    .filter(|p| !self.alive(*p) && !self.world.players[*p].ghost)
                    .collect(),
            ),
            "ghostly" => V::Players(self.world.ghosts().collect()),
            "deadalive" => V::Players(self.all_players()),
            "nobody" => V::Players(Vec::new()),
            "members" => match scope.src {
                Src::Group { file, .. } => V::Players(self.members(file)),
                _ => V::Players(Vec::new()),
            },
            "result" => scope.var("result1"),
            // the attribute row whose text runs (`Change @ThisAttr value 1 to …`)
            "thisattr" => match scope.src {
                Src::Attribute { id, .. } | Src::ExtraRole { id, .. } => V::Attr(id),
                _ => scope.var(&key),
            },
            _ => scope.var(&key),
        }
    }

    /// The living players of a group at any tier, visitors too, as the bot's `@Members` and
    /// `->Members` list them (`groupGetMembers`); only a poll's voters need a member's tier.
    pub fn members(&self, group: usize) -> Vec<SlotId> {
        self.world
            .groups
            .get(&group)
            .map(|g| {
                g.members
                    .keys()
                    .filter(|p| {
                        super::haunting::counts_for_group(&self.program, &self.world, group, **p)
                    })
                    .copied()
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The teams a team query finds (the bot's `parseAdvancedTeamSelector`): the teams in
    /// play (a living player holds the alignment), never the unaligned, kept by `Align:` (the
    /// team's name) and `Attr:` (a custom attribute the team carries), `!` inverting each.
    fn team_query(&self, filters: &[QueryFilter]) -> Vec<usize> {
        let mut teams: Vec<usize> = Vec::new();
        for p in self.world.living() {
            if let Some(t) = self.world.players[p].alignment
                && !teams.contains(&t)
                && self.program.team_key(t) != "unaligned"
            {
                teams.push(t);
            }
        }
        teams.sort_unstable();
        teams.retain(|t| {
            filters.iter().all(|f| {
                let want = normalize(&f.value);
                let holds = match f.key {
                    QueryKey::Alignment => {
                        self.program.team_named(&self.program.team_key(*t), &want)
                    }
                    QueryKey::Attribute => self.world.team_attrs.contains(&(*t, want)),
                    // refused before a game starts (`support`)
                    _ => true,
                };
                holds != f.negated
            })
        });
        teams
    }

    /// The roles a role query finds (the bot's `parseAdvancedRoleSelector`): every role of
    /// the book, kept by `Cat:`, `Class:` and `Align:` (a `-` for a space, `!` inverting).
    fn role_query(&self, filters: &[QueryFilter]) -> Vec<usize> {
        let mut roles: Vec<usize> = self.program.roles.values().copied().collect();
        roles.sort_unstable();
        roles.retain(|r| {
            let info = self.program.role_info(*r);
            filters.iter().all(|f| {
                let want = normalize(&f.value);
                let holds = match f.key {
                    QueryKey::Category => normalize(&info.category) == want,
                    QueryKey::Class => normalize(&info.class) == want,
                    QueryKey::Alignment => self.program.team_named(&info.team_key, &want),
                    // refused before a game starts (`support`)
                    _ => true,
                };
                holds != f.negated
            })
        });
        roles
    }

    fn query(&mut self, scope: &Scope, filters: &[QueryFilter]) -> Vec<SlotId> {
        let alive_only = !filters
            .iter()
            .any(|f| f.key == QueryKey::AliveOnly && normalize(&f.value) == "false");
        // `Ghostly:True` keeps only the ghosts (the bot's ghost filter, which turns the
        // living-only one off)
        let ghostly = filters
            .iter()
            .any(|f| f.key == QueryKey::Ghostly && normalize(&f.value) == "true");
        let pool = if ghostly {
            self.world.ghosts().collect()
        } else if alive_only {
            self.living()
        } else {
            self.all_players()
        };
        // `SelectAll:False` keeps one of the matches, drawn; `Random:True` shuffles them
        // (the bot's `parsePlayerSelector`); neither filters
        let switch = |key: QueryKey, value: &str| {
            filters
                .iter()
                .any(|f| f.key == key && normalize(&f.value) == value)
        };
        let (one, shuffled) = (
            switch(QueryKey::SelectAll, "false"),
            switch(QueryKey::Random, "true"),
        );
        let mut found: Vec<SlotId> = pool
            .into_iter()
            .filter(|p| {
                filters.iter().all(|f| {
                    matches!(
                        f.key,
                        QueryKey::AliveOnly
                            | QueryKey::SelectAll
                            | QueryKey::Random
                            | QueryKey::Ghostly
                    ) || self.filter(scope, *p, f) != f.negated
                })
            })
            .collect();
        let what = format!("{}'s selector", self.src_label(&scope.src));
        if one {
            found = self.draw_player(&what, &found).into_iter().collect();
        } else if shuffled {
            self.shuffle_players(&what, &mut found);
        }
        found
    }

    fn filter(&self, scope: &Scope, p: SlotId, f: &QueryFilter) -> bool {
        let want = normalize(&f.value.replace('-', " "));
        let player = &self.world.players[p];
        let info = self.program.role_info(player.role);
        let original = self.program.role_info(player.orig_role);
        match f.key {
            QueryKey::Role => info.key == want,
            QueryKey::OriginalRole => original.key == want,
            QueryKey::Class => normalize(&info.class) == want,
            QueryKey::OriginalClass => normalize(&original.class) == want,
            QueryKey::Category => normalize(&info.category) == want,
            QueryKey::OriginalCategory => normalize(&original.category) == want,
            // The bot reads the role's team here, not the alignment field (appendix 7).
            QueryKey::Alignment => self.program.team_named(&info.team_key, &want),
            QueryKey::OriginalAlignment => self.program.team_named(&original.team_key, &want),
            QueryKey::Group => self
                .program
                .find(Namespace::Group, &f.value)
                .is_some_and(|g| self.world.has_membership(p, g)),
            QueryKey::Attribute => self.has_attribute(p, &f.value, None),
            QueryKey::AttributeSelf => self
                .program
                .find(Namespace::Attribute, &f.value)
                .is_some_and(|a| {
                    self.world.attrs_of(p).any(|row| {
                        matches!(row.kind, AttrKind::Custom { attribute, .. } if attribute == a)
                            && Some(&row.src) == scope_src(scope).as_ref()
                    })
                }),
            // holds this extra role
            QueryKey::AttributeRole => self
                .program
                .find(Namespace::Role, &f.value.replace('-', " "))
                .is_some_and(|r| self.world.extra_roles(p).any(|(_, role)| role == r)),
            QueryKey::AttributeDisguise => self.world.attrs_of(p).any(|row| {
                matches!(row.kind, AttrKind::Disguise { .. })
                    && (want != "self" || Some(&row.src) == scope_src(scope).as_ref())
            }),
            _ => false,
        }
    }

    /// Does a team key match a word naming a team (its file stem, its name, its class)?
    pub fn team_matches(&self, team_key: &str, want: &str) -> bool {
        self.program.team_named(team_key, &normalize(want))
    }

    fn property(&mut self, scope: &Scope, base: V, property: &Property) -> V {
        let first = base.players().first().copied();
        match property {
            Property::Role => match (&base, first) {
                (V::Result(f), _) => f.role.map_or(V::Nothing, V::Role),
                (V::Role(r), _) => V::Role(*r),
                (_, Some(p)) => V::Role(self.world.players[p].role),
                _ => V::Nothing,
            },
            Property::OriginalRole => {
                first.map_or(V::Nothing, |p| V::Role(self.world.players[p].orig_role))
            }
            Property::Alignment => match (&base, first) {
                (V::Result(f), _) => f.alignment.clone().map_or(V::Nothing, V::Text),
                (_, Some(p)) => V::Text(self.alignment(p)),
                _ => V::Nothing,
            },
            Property::Class => match (&base, first) {
                (V::Result(f), _) => f.class.clone().map_or(V::Nothing, V::Text),
                (V::Role(r), _) => V::Text(self.role_words(*r).0),
                (_, Some(p)) => V::Text(self.role_words(self.world.players[p].role).0),
                _ => V::Nothing,
            },
            Property::Category => match (&base, first) {
                (V::Result(f), _) => f.category.clone().map_or(V::Nothing, V::Text),
                (V::Role(r), _) => V::Text(self.role_words(*r).1),
                (_, Some(p)) => V::Text(self.role_words(self.world.players[p].role).1),
                _ => V::Nothing,
            },
            Property::Count => match base {
                V::Players(p) => V::Num(p.len() as f64),
                V::Nothing => V::Num(0.0),
                _ => V::Num(1.0),
            },
            Property::Members | Property::Players => match base {
                V::Group(g) => V::Players(self.members(g)),
                V::Role(r) => V::Players(
                    self.living()
                        .into_iter()
                        .filter(|p| self.world.players[*p].role == r)
                        .collect(),
                ),
                V::Team(t) => V::Players(
                    self.world
                        .living()
                        .filter(|p| self.world.players[*p].alignment == Some(t))
                        .collect(),
                ),
                V::Roles(roles) => V::Players(
                    self.living()
                        .into_iter()
                        .filter(|p| roles.contains(&self.world.players[*p].role))
                        .collect(),
                ),
                V::Teams(teams) => V::Players(
                    self.world
                        .living()
                        .filter(|p| {
                            self.world.players[*p]
                                .alignment
                                .is_some_and(|t| teams.contains(&t))
                        })
                        .collect(),
                ),
                other => other,
            },
            Property::Counter => match (&base, first) {
                (V::Attr(id), _) => V::Num(self.world.attr(*id).map_or(0, |a| a.counter) as f64),
                (V::Group(g), _) => {
                    V::Num(self.world.groups.get(g).map_or(0, |g| g.counter) as f64)
                }
                (_, Some(p)) => V::Num(self.world.players[p].counter as f64),
                _ => V::Num(0.0),
            },
            Property::Target => first
                .and_then(|p| self.world.players[p].target)
                .map_or(V::Players(Vec::new()), |t| V::Players(vec![t])),
            // the player's row of that attribute (the bot's `ai_id`), else the role's own
            // attribute by name
            Property::Attr(name) => match first {
                Some(p) => {
                    let row = self
                        .program
                        .find(Namespace::Attribute, name)
                        .and_then(|file| {
                            self.world.attrs_of(p).find_map(|a| match a.kind {
                                AttrKind::Custom { attribute, .. } if attribute == file => {
                                    Some(a.id)
                                }
                                _ => None,
                            })
                        });
                    match row {
                        Some(id) => V::Attr(id),
                        None if self.has_attribute(p, name, None) => V::Text(name.clone()),
                        None => V::Nothing,
                    }
                }
                _ => V::Nothing,
            },
            Property::Value1 | Property::Value2 | Property::Value3 => {
                let index = match property {
                    Property::Value1 => 0,
                    Property::Value2 => 1,
                    _ => 2,
                };
                let id = match (&base, &scope.src) {
                    (V::Attr(id), _) | (_, Src::Attribute { id, .. }) => Some(*id),
                    _ => None,
                };
                id.and_then(|id| self.world.attr(id))
                    .and_then(|a| match &a.kind {
                        AttrKind::Custom { values, .. } => values.get(index).cloned(),
                        _ => None,
                    })
                    .map_or(V::Nothing, V::Text)
            }
            Property::Result | Property::Message => match base {
                V::Result(f) => V::Text(f.msg),
                other => other,
            },
            Property::Success => match base {
                V::Result(f) => V::Bool(f.success),
                _ => V::Nothing,
            },
            // The bot's property is the pair (shown, counted), which no comparison reads as a
            // number: every comparison with it is false. The option `voting_power: total`
            // reads the counted votes, as the texts mean (the Grandma's `> 0`).
            Property::PublicVotingPower | Property::PrivateVotingPower => match first {
                Some(p) if self.ctx.option("voting_power") == "total" => {
                    let private = *property == Property::PrivateVotingPower;
                    let power = super::abilities::manipulating::power(&self.world, p, private);
                    V::Num(power.total as f64)
                }
                Some(_) => V::Num(f64::NAN),
                None => V::Nothing,
            },
            // who applied an attribute row (`@ThisAttr->Source`)
            Property::Source => match base {
                V::Attr(id) => V::Players(
                    self.world
                        .attr(id)
                        .and_then(|a| a.src.player())
                        .into_iter()
                        .collect(),
                ),
                _ => V::Nothing,
            },
            // One of the players, drawn (the bot shuffles and takes the first).
            Property::RandomPlayer => {
                let players = base.players();
                let what = format!("{}->RandomPlayer", self.src_label(&scope.src));
                V::Players(self.draw_player(&what, &players).into_iter().collect())
            }
            Property::Number => match base {
                V::Result(f) => f.number.map_or(V::Nothing, V::Num),
                V::Num(n) => V::Num(n),
                _ => V::Nothing,
            },
            _ => V::Nothing,
        }
    }

    /// A value as text, for strings and the trace.
    pub fn show(&self, v: &V) -> String {
        match v {
            V::Players(p) => self.names(p),
            V::Text(t) => t.clone(),
            V::Num(n) if n.fract() == 0.0 => format!("{n:.0}"),
            V::Num(n) => n.to_string(),
            V::Role(r) => self.program.name(*r).to_string(),
            V::Result(f) => f.msg.clone(),
            V::Bool(b) => if *b { "Yes" } else { "No" }.to_string(),
            V::Group(g) => self.program.name(*g).to_string(),
            V::Team(t) => self.program.name(*t).to_string(),
            V::Teams(t) | V::Roles(t) => t
                .iter()
                .map(|t| self.program.name(*t))
                .collect::<Vec<_>>()
                .join(", "),
            V::Attr(id) => self
                .world
                .attr(*id)
                .and_then(|a| match a.kind {
                    AttrKind::Custom { attribute, .. } => Some(self.program.name(attribute)),
                    _ => None,
                })
                .unwrap_or("attribute")
                .to_string(),
            V::Nothing => "nothing".into(),
        }
    }

    pub fn interpolate(&mut self, scope: &Scope, parts: &[TextPart]) -> String {
        self.interpolate_quoting(scope, parts, false)
    }

    /// A message's text as the bot's `parseInfo` writes it for a player: each role it names in
    /// backticks (`srcRefToText`: `` a `Wolf` had come for you ``). Public texts keep the plain
    /// names of [`Run::interpolate`], which comparisons read too: a post published by an
    /// earlier version replays word for word.
    pub fn message_text(&mut self, scope: &Scope, value: &crate::wwr::ast::Value) -> String {
        match &value.kind {
            ValueKind::Text { parts } => self.interpolate_quoting(scope, parts, true),
            _ => {
                let v = self.eval(scope, value);
                self.show(&v)
            }
        }
    }

    fn interpolate_quoting(&mut self, scope: &Scope, parts: &[TextPart], roles: bool) -> String {
        let mut out = String::new();
        for part in parts {
            match part {
                TextPart::Text { text } => out.push_str(text),
                TextPart::Value { value } => {
                    let v = self.eval(scope, value);
                    let quoted = match &v {
                        V::Role(r) if roles => vec![*r],
                        V::Roles(rs) if roles => rs.clone(),
                        _ => {
                            out.push_str(&self.show(&v));
                            continue;
                        }
                    };
                    let names: Vec<String> = quoted
                        .iter()
                        .map(|r| format!("`{}`", self.program.name(*r)))
                        .collect();
                    out.push_str(&names.join(", "));
                }
            }
        }
        out
    }

    /// Does a holder carry an attribute: a team or a group its own row (an alignment's name
    /// stands for its team, as `@Attacker->Alignment has \`Wronger\``), an attribute row one
    /// applied to it (the Mayor's `@ThisAttr lacks \`Marker\``), players each their own.
    pub fn carries(&self, who: &V, name: &str) -> bool {
        let team = match who {
            V::Team(t) => Some(*t),
            V::Text(t) => self.program.team_by_word(t),
            _ => None,
        };
        if let Some(t) = team {
            return self.world.team_attrs.contains(&(t, normalize(name)));
        }
        let file = self.program.find(Namespace::Attribute, name);
        match who {
            V::Group(g) => file.is_some_and(|a| {
                self.world
                    .group_attrs
                    .iter()
                    .any(|x| x.group == *g && x.attribute == a)
            }),
            V::Attr(id) => file.is_some_and(|file| {
                self.world.attrs.iter().any(|a| {
                    a.on_attr == Some(*id)
                        && matches!(a.kind, AttrKind::Custom { attribute, .. } if attribute == file)
                })
            }),
            other => {
                let players = other.players();
                !players.is_empty() && players.iter().all(|p| self.has_attribute(*p, name, None))
            }
        }
    }

    /// Evaluate a condition; recursive as [`Run::eval`] is, and bounded the same way.
    pub fn holds(&mut self, scope: &Scope, c: &Condition) -> bool {
        match &c.kind {
            ConditionKind::Not { condition } => !self.holds(scope, condition),
            ConditionKind::And { all } => all.iter().all(|c| self.holds(scope, c)),
            ConditionKind::Or { any } => any.iter().any(|c| self.holds(scope, c)),
            ConditionKind::Exists { value } => self.eval(scope, value).exists(),
            ConditionKind::Has { actor, attribute } => {
                let who = self.eval(scope, actor);
                let name = self.eval(scope, attribute);
                let name = self.show(&name);
                self.carries(&who, &name)
            }
            ConditionKind::InGroup { player, group } => {
                let who = self.eval(scope, player).players();
                match self.eval(scope, group) {
                    V::Group(g) => {
                        !who.is_empty() && who.iter().all(|p| self.world.in_group(*p, g))
                    }
                    _ => false,
                }
            }
            // a source among written sources (`@TriggerSource is part of \`Role:Oracle\`+…`):
            // compared as the bot's source names, in any case
            ConditionKind::PartOf {
                item,
                set:
                    Value {
                        kind: ValueKind::List { items },
                        ..
                    },
            } if matches!(self.eval(scope, item), V::Text(_)) => {
                let item = self.eval(scope, item);
                let want = normalize(&self.show(&item));
                items.iter().any(|i| {
                    let v = self.eval(scope, i);
                    normalize(&self.show(&v)) == want
                })
            }
            ConditionKind::PartOf { item, set } => {
                let item = self.eval(scope, item);
                match (item, self.eval(scope, set)) {
                    // a role among a role query's roles (the Baroness's pick)
                    (V::Role(r), V::Roles(roles)) => roles.contains(&r),
                    (item, set) => {
                        let (item, set) = (item.players(), set.players());
                        !item.is_empty() && item.iter().all(|p| set.contains(p))
                    }
                }
            }
            ConditionKind::Compare { left, op, right } => {
                let mut annotation = match &right.kind {
                    ValueKind::Typed { annotation, .. } => Some(*annotation),
                    _ => None,
                };
                let l = self.eval(scope, left);
                let mut r = self.eval(scope, right);
                // `Townsfolk[class]` written inside the backticks types the text the same way.
                if let V::Text(t) = &r
                    && let Some((word, ty)) =
                        t.trim().strip_suffix(']').and_then(|t| t.split_once('['))
                    && let Some(a) = crate::wwr::value::annotation_named(ty)
                {
                    annotation = Some(a);
                    r = V::Text(word.to_string());
                }
                match op {
                    CompareOp::Is => self.equal(&l, &r, annotation),
                    CompareOp::IsNot => !self.equal(&l, &r, annotation),
                    CompareOp::Greater => number(&l).zip(number(&r)).is_some_and(|(a, b)| a > b),
                    CompareOp::Less => number(&l).zip(number(&r)).is_some_and(|(a, b)| a < b),
                }
            }
        }
    }

    /// Typed equality (research §1.8): a result compares by the field its other side names.
    fn equal(&self, l: &V, r: &V, annotation: Option<TypeAnnotation>) -> bool {
        let word = |v: &V| normalize(&self.show(v));
        match (l, r) {
            (V::Result(f), other) | (other, V::Result(f)) => {
                let w = word(other);
                match annotation {
                    Some(TypeAnnotation::Category) => {
                        f.category.as_deref().is_some_and(|c| normalize(c) == w)
                    }
                    Some(TypeAnnotation::Class) => {
                        f.class.as_deref().is_some_and(|c| normalize(c) == w)
                    }
                    Some(TypeAnnotation::Alignment) => f
                        .alignment
                        .as_deref()
                        .is_some_and(|a| self.team_matches(a, &w)),
                    Some(TypeAnnotation::Role) => {
                        f.role.is_some_and(|r| normalize(self.program.name(r)) == w)
                    }
                    _ => match w.as_str() {
                        "success" | "true" | "yes" => f.success,
                        "failure" | "false" | "no" => !f.success,
                        _ => match number(other) {
                            Some(n) => f.number == Some(n),
                            None => {
                                f.role.is_some_and(|r| normalize(self.program.name(r)) == w)
                                    || f.category.as_deref().is_some_and(|c| normalize(c) == w)
                                    || f.class.as_deref().is_some_and(|c| normalize(c) == w)
                                    || f.alignment
                                        .as_deref()
                                        .is_some_and(|a| self.team_matches(a, &w))
                                    || normalize(&f.msg) == w
                            }
                        },
                    },
                }
            }
            (V::Num(a), other) | (other, V::Num(a)) => number(other) == Some(*a),
            (V::Players(a), V::Players(b)) => a.first() == b.first(),
            (V::Bool(b), other) | (other, V::Bool(b)) => {
                let w = word(other);
                (w == "true" || w == "yes" || w == "success") == *b
            }
            (V::Role(a), V::Role(b)) => a == b,
            (V::Text(a), V::Text(b)) if annotation == Some(TypeAnnotation::Alignment) => {
                self.team_matches(a, b)
            }
            _ => word(l) == word(r),
        }
    }
}

fn scope_src(scope: &Scope) -> Option<Src> {
    Some(scope.src.clone())
}

pub fn number(v: &V) -> Option<f64> {
    match v {
        V::Num(n) => Some(*n),
        V::Text(t) => t.trim().parse().ok(),
        V::Result(f) => f.number,
        _ => None,
    }
}
