//! Triggers: which elements a trigger reaches and in what order (research §1.4), their
//! restrictions and scaling (§1.6), and running a block.

use super::eval::{Feedback, Scope, V};
use super::exec::run_trigger_body;
use super::program::prompt_timing;
use super::run::{MAX_DEPTH, MAX_FIRINGS, Run};
use super::world::{AttrKind, Loc, Src};
use crate::engine::SlotId;
use crate::wwr::ast::{
    Ability, CompulsionKind, Params, RestrictionKind, Statement, StatementKind, TriggerBlock,
    TriggerKind,
};
use crate::wwr::names::normalize;

/// The file whose text a source runs.
pub fn element_of(run: &Run, src: &Src) -> Option<usize> {
    match src {
        Src::Player(p) => run.world.players.get(*p).map(|x| x.role),
        Src::Group { file, .. } | Src::Poll(file) | Src::Team(file) => Some(*file),
        Src::GroupAttribute { id, .. } => run
            .world
            .group_attrs
            .iter()
            .find(|a| a.id == *id)
            .map(|a| a.attribute),
        Src::Attribute { id, .. } | Src::ExtraRole { id, .. } => {
            run.world.attr(*id).and_then(|a| match a.kind {
                AttrKind::Custom { attribute, .. } => Some(attribute),
                AttrKind::ExtraRole { role, .. } => Some(role),
                _ => None,
            })
        }
    }
}

/// Fire a trigger on one source: every block of its text with that trigger (and, for
/// `On <Sel> Death`-style triggers, whose subject holds `@This`).
pub fn fire_on(run: &mut Run, src: &Src, kind: TriggerKind, vars: &[(&str, V)]) {
    if run.depth >= MAX_DEPTH {
        run.note(
            "cascade",
            "trigger cascade stopped: too deep (a text that triggers itself?)",
        );
        return;
    }
    let Some(file) = element_of(run, src) else {
        return;
    };
    let program = run.program.clone();
    let global = vars
        .iter()
        .any(|(k, v)| *k == "global" && *v == V::Bool(true));
    // a main role's included roles run after its own texts, as the holder
    let included: Vec<usize> = match src {
        Src::Player(p) => run.world.players[*p].included.clone(),
        _ => Vec::new(),
    };
    let blocks = std::iter::once(file)
        .chain(included)
        .flat_map(|f| program.triggers(f));
    for (origin, block) in blocks {
        if block.trigger.kind != kind {
            continue;
        }
        let mut scope = Scope::new(src.clone(), origin, kind);
        for (k, v) in vars {
            scope.bind(k, v.clone());
        }
        // `On Death` is the victim's own; `On <Sel> Death` is heard by everyone else.
        if global != block.trigger.subject.is_some() && has_subject_form(kind) {
            continue;
        }
        // `Choice <Option> Chosen`, `On <Value> Emitted`: the subject is a value to match
        let matched = match kind {
            TriggerKind::ChoiceChosen => Some("chosen"),
            TriggerKind::OnEmitted | TriggerKind::OnEndEmitted => Some("emitvalue"),
            TriggerKind::OnWhisper => Some("whispername"),
            _ => None,
        };
        if let Some(var) = matched {
            let subject = block.trigger.subject.as_ref();
            if !value_matches(run, subject, &scope, var) {
                continue;
            }
        } else if kind == TriggerKind::OnPollWin {
            // `On Poll Win` hears the plain firing; `On Poll <Name> Win` the bot's `On Poll
            // Win Complex`, which names the poll (letters only, any case)
            let named = match (&block.trigger.subject, scope.vars.get("pollname")) {
                (None, None) => true,
                (Some(subject), Some(poll)) => {
                    let want = run.eval(&scope, subject);
                    letters(&run.show(&want)) == letters(&run.show(poll))
                }
                _ => false,
            };
            if !named {
                continue;
            }
        } else if let Some(subject) = &block.trigger.subject {
            let this = scope.var("this").players();
            // The subject is evaluated including the dead (research §1.4).
            run.include_dead = true;
            let within = run.eval(&scope, subject).players();
            run.include_dead = false;
            if this.is_empty() || !this.iter().all(|t| within.contains(t)) {
                continue;
            }
        }
        // `On Visited [Attack Killing]`: a visit's type, or its subtype and type (the bot
        // passes both to visit triggers).
        if let (Some(filter), Some(V::Text(kind)), Some(V::Text(sub))) = (
            &block.trigger.filter,
            scope.vars.get("visittype"),
            scope.vars.get("visitsubtype"),
        ) {
            let wanted = normalize(&filter.name);
            let matches = normalize(kind) == wanted || normalize(&format!("{sub}{kind}")) == wanted;
            if matches == filter.negated {
                continue;
            }
        } else if let (Some(filter), Some(V::Text(action))) =
            (&block.trigger.filter, scope.vars.get("actiontype"))
        {
            let wanted = normalize(&filter.name);
            // The bot passes no subtype (research §1.7): `[Attack Killing]` never matches,
            // unless the option reads the texts as meant.
            let subtype = match scope.vars.get("actionsubtype") {
                Some(V::Text(sub)) if run.ctx.option("action_subtypes") == "matched" => {
                    normalize(&format!("{sub}{action}")) == wanted
                }
                _ => false,
            };
            let matches = normalize(action) == wanted || subtype;
            if matches == filter.negated {
                continue;
            }
        }
        run.fired += 1;
        if run.fired == MAX_FIRINGS {
            run.note(
                "cascade",
                format!("trigger cascade stopped: {MAX_FIRINGS} triggers ran in one resolution (texts that set each other off without end?)"),
            );
        }
        if run.fired >= MAX_FIRINGS {
            return;
        }
        run.depth += 1;
        run_block(run, &mut scope, block);
        run.depth -= 1;
    }
}

/// Fire a trigger on a player as the bot's `triggerPlayer` does: his role, then each extra role
/// he holds, then each custom attribute he carries.
pub fn fire_player(run: &mut Run, p: SlotId, kind: TriggerKind, vars: &[(&str, V)]) {
    fire_on(run, &Src::Player(p), kind, vars);
    let rows: Vec<Src> = run
        .world
        .attrs_of(p)
        .filter_map(|a| match a.kind {
            AttrKind::ExtraRole { .. } => Some(Src::ExtraRole { id: a.id, owner: p }),
            AttrKind::Custom { .. } => Some(Src::Attribute { id: a.id, owner: p }),
            _ => None,
        })
        .collect();
    // extra roles before custom attributes, each in store order
    let (extra, custom): (Vec<Src>, Vec<Src>) = rows
        .into_iter()
        .partition(|s| matches!(s, Src::ExtraRole { .. }));
    for src in extra.iter().chain(&custom) {
        // a row a trigger before it removed hears nothing
        if element_of(run, src).is_some() {
            fire_on(run, src, kind, vars);
        }
    }
}

/// Does a block's value subject (`Choice `Join Pack` Chosen`, ``On `Build List` Emitted``)
/// match the value the event carries in `var`? A block without one answers every value.
fn value_matches(
    run: &mut Run,
    subject: Option<&crate::wwr::ast::Value>,
    scope: &Scope,
    var: &str,
) -> bool {
    let Some(subject) = subject else {
        return true;
    };
    let wanted = {
        let v = run.eval(scope, subject);
        normalize(&run.show(&v))
    };
    normalize(&run.show(&scope.var(var))) == wanted
}

/// A name as the bot compares poll names: lower case, letters only (`Lynch #2` is `lynch`).
fn letters(name: &str) -> String {
    name.chars()
        .filter(char::is_ascii_alphabetic)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// Triggers with an `On <Sel> …` form heard by everyone.
fn has_subject_form(kind: TriggerKind) -> bool {
    matches!(
        kind,
        TriggerKind::OnDeath
            | TriggerKind::OnKilled
            | TriggerKind::OnLynch
            | TriggerKind::OnBanished
            | TriggerKind::OnBanishment
            | TriggerKind::OnChanged
            | TriggerKind::OnVisited
            | TriggerKind::OnVisit
            | TriggerKind::OnAction
    )
}

/// Fire a trigger for everyone, in the bot's order: players' roles (shuffled), groups, polls,
/// custom attributes, teams (research §1.4).
pub fn fire_all(run: &mut Run, kind: TriggerKind, vars: &[(&str, V)]) {
    // The bot's order: players, groups, polls, attributes, teams, each kind but the polls
    // shuffled (research §1.4), each kind listed when its turn comes (a group joined by a
    // player's trigger hears this one too); each shuffle is a step.
    for reach in [
        Reach::Players,
        Reach::ExtraRoles,
        Reach::Groups,
        Reach::Polls,
        Reach::Attributes,
        Reach::Teams,
    ] {
        let srcs = reached(run, reach, kind);
        let order = if reach == Reach::Polls {
            srcs
        } else {
            shuffled(run, &format!("{reach:?} for {kind:?}").to_lowercase(), srcs)
        };
        for src in order {
            // A player who died in the meantime hears nothing more, nor does a row gone.
            if let Src::Player(p) | Src::ExtraRole { owner: p, .. } = src
                && !run.world.players[p].alive
                && !run.world.players[p].ghost
            {
                continue;
            }
            if element_of(run, &src).is_none() {
                continue;
            }
            fire_on(run, &src, kind, vars);
        }
    }
}

/// The kinds of source a trigger for everyone reaches, in the bot's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reach {
    Players,
    ExtraRoles,
    Groups,
    Polls,
    Attributes,
    Teams,
}

/// The sources of one kind whose text has a block of this trigger, in store order.
fn reached(run: &Run, reach: Reach, kind: TriggerKind) -> Vec<Src> {
    let program = &run.program;
    let has = |file: usize| program.has_trigger(file, kind);
    let world = &run.world;
    match reach {
        Reach::Players => world
            .present()
            .filter(|p| {
                let player = &world.players[*p];
                has(player.role) || player.included.iter().any(|f| has(*f))
            })
            .map(Src::Player)
            .collect(),
        Reach::ExtraRoles => world
            .attrs
            .iter()
            .filter(|a| {
                world
                    .players
                    .get(a.owner)
                    .is_some_and(|p| p.alive || p.ghost)
            })
            .filter_map(|a| match a.kind {
                AttrKind::ExtraRole { role, .. } if has(role) => Some(Src::ExtraRole {
                    id: a.id,
                    owner: a.owner,
                }),
                _ => None,
            })
            .collect(),
        Reach::Groups => world
            .groups
            .iter()
            .filter(|(f, g)| !g.disbanded && has(**f))
            .map(|(f, _)| Src::Group {
                file: *f,
                executor: None,
            })
            .collect(),
        // Polls in the order of the role book (the bot's database order).
        Reach::Polls => (0..program.library.entries.len())
            .filter(|f| {
                matches!(
                    program.element(*f).map(|e| &e.header.kind),
                    Some(crate::wwr::ast::ElementKind::Poll)
                )
            })
            .filter(|f| has(*f))
            .filter(|f| {
                let ballot = program.ballot_id(*f);
                run.ctx.roleset.ballot(&ballot).is_some()
            })
            .map(Src::Poll)
            .collect(),
        Reach::Attributes => {
            let mut out: Vec<Src> = world
                .attrs
                .iter()
                .filter(|a| {
                    world
                        .players
                        .get(a.owner)
                        .is_some_and(|p| p.alive || p.ghost)
                })
                .filter_map(|a| match a.kind {
                    AttrKind::Custom { attribute, .. } if has(attribute) => Some(Src::Attribute {
                        id: a.id,
                        owner: a.owner,
                    }),
                    _ => None,
                })
                .collect();
            out.extend(
                world
                    .group_attrs
                    .iter()
                    .filter(|a| has(a.attribute))
                    .filter(|a| world.groups.get(&a.group).is_some_and(|g| !g.disbanded))
                    .map(|a| Src::GroupAttribute {
                        id: a.id,
                        group: a.group,
                    }),
            );
            out
        }
        Reach::Teams => active_teams(run)
            .into_iter()
            .filter(|t| has(*t))
            .map(Src::Team)
            .collect(),
    }
}

/// Sources in a drawn order, the draw a step naming them.
fn shuffled(run: &mut Run, what: &str, srcs: Vec<Src>) -> Vec<Src> {
    let labels: Vec<String> = srcs.iter().map(|s| run.src_label(s)).collect();
    let mut order: Vec<usize> = (0..srcs.len()).collect();
    run.shuffle(what, &mut order, |i| labels[*i].clone());
    order.into_iter().map(|i| srcs[i].clone()).collect()
}

/// Teams with a living player of their alignment.
pub fn active_teams(run: &Run) -> Vec<usize> {
    let mut teams: Vec<usize> = run
        .world
        .living()
        .filter_map(|p| run.world.players[p].alignment)
        .collect();
    teams.sort_unstable();
    teams.dedup();
    teams
}

/// The location of the first ability of a block: the key its uses are counted under.
pub fn block_loc(file: usize, block: &TriggerBlock) -> Loc {
    fn first(s: &[Statement]) -> Option<&Ability> {
        s.iter().find_map(|s| match &s.kind {
            StatementKind::Ability { ability } => Some(ability.as_ref()),
            StatementKind::Action => None,
            StatementKind::Process { body }
            | StatementKind::Evaluate { body }
            | StatementKind::Branch { body, .. }
            | StatementKind::ForEach { body, .. } => first(body),
        })
    }
    let span = first(&block.body).map_or(block.span, |a| a.span);
    Loc {
        file,
        line: span.line,
        col: span.col,
    }
}

pub fn uses_key(src: &Src, loc: Loc) -> String {
    format!("{}|{}:{}:{}", src.key(), loc.file, loc.line, loc.col)
}

/// A [`uses_key`] read back: the source's key and the ability's place.
pub fn uses_key_parts(key: &str) -> Option<(&str, Loc)> {
    let (src, loc) = key.split_once('|')?;
    let mut numbers = loc.split(':').map(str::parse::<u32>);
    let (Some(Ok(file)), Some(Ok(line)), Some(Ok(col)), None) = (
        numbers.next(),
        numbers.next(),
        numbers.next(),
        numbers.next(),
    ) else {
        return None;
    };
    let file = usize::try_from(file).ok()?;
    Some((src, Loc { file, line, col }))
}

/// Every parameter group of a block: its trigger line and its statements' lines.
pub fn all_params(block: &TriggerBlock) -> Vec<&Params> {
    let mut out = vec![&block.params];
    fn walk<'a>(s: &'a [Statement], out: &mut Vec<&'a Params>) {
        for s in s {
            out.push(&s.params);
            match &s.kind {
                StatementKind::Process { body }
                | StatementKind::Evaluate { body }
                | StatementKind::Branch { body, .. }
                | StatementKind::ForEach { body, .. } => walk(body, out),
                _ => {}
            }
        }
    }
    walk(&block.body, &mut out);
    out
}

/// The bot's phase number of a restriction's `Day N` / `Night N`.
fn phase_number(kind: crate::wwr::ast::PhaseKind, n: u32) -> u32 {
    match kind {
        crate::wwr::ast::PhaseKind::Day => n.saturating_mul(2),
        crate::wwr::ast::PhaseKind::Night => n.saturating_mul(2).saturating_sub(1),
    }
}

/// Check a block's restrictions for a source; `with_selection` decides those that read the
/// selection (research §1.6). `Err` names the restriction that failed.
pub fn restrictions(
    run: &mut Run,
    scope: &Scope,
    file: usize,
    block: &TriggerBlock,
    with_selection: bool,
) -> Result<(), String> {
    super::haunting::gate(run, scope, block)?;
    let loc = block_loc(file, block);
    let key = uses_key(&scope.src, loc);
    let uses = run.world.uses.get(&key).cloned().unwrap_or_default();
    for params in all_params(block) {
        for r in &params.restrictions {
            let ok = match &r.kind {
                RestrictionKind::Temporal {
                    phase,
                    number,
                    or_later,
                } => {
                    let kind_ok = match phase {
                        crate::wwr::ast::PhaseKind::Day => run.kind == crate::rules::PhaseKind::Day,
                        crate::wwr::ast::PhaseKind::Night => {
                            run.kind == crate::rules::PhaseKind::Night
                        }
                    };
                    match number {
                        None => kind_ok,
                        Some(n) => {
                            let at = phase_number(*phase, *n);
                            if *or_later {
                                run.phase >= at
                            } else {
                                run.phase == at
                            }
                        }
                    }
                }
                RestrictionKind::Quantity { max } => *max == 0 || uses.quantity < *max,
                RestrictionKind::Succession { same_target: false } => {
                    uses.last_phase.is_none_or(|last| run.phase >= last + 4)
                }
                RestrictionKind::Succession { same_target: true } => {
                    if !with_selection {
                        true
                    } else {
                        let now = selection_key(run, scope);
                        uses.last_target.as_ref().is_none_or(|last| *last != now)
                    }
                }
                RestrictionKind::Condition { condition } => {
                    let reads_selection = condition.to_string().contains("@Selection")
                        || condition.to_string().contains("@SecondarySelection");
                    if reads_selection && !with_selection {
                        true
                    } else {
                        run.holds(scope, condition)
                    }
                }
                RestrictionKind::Attribute {
                    target,
                    has,
                    attribute,
                } => {
                    let reads_selection = target
                        .as_ref()
                        .is_some_and(|t| t.to_string().contains("Selection"));
                    if reads_selection && !with_selection {
                        true
                    } else {
                        let who = match target {
                            Some(t) => run.eval(scope, t),
                            None => V::Players(scope.me().into_iter().collect()),
                        };
                        let name = {
                            let v = run.eval(scope, attribute);
                            run.show(&v)
                        };
                        run.carries(&who, &name) == *has
                    }
                }
                // read by the activation check above (`haunting::gate`)
                RestrictionKind::Status { .. } => true,
            };
            if !ok {
                return Err(r.to_string());
            }
        }
    }
    Ok(())
}

fn selection_key(run: &Run, scope: &Scope) -> String {
    let a = run.show(&scope.var("selection"));
    let b = scope.var("secondaryselection");
    if b == V::Nothing {
        a
    } else {
        format!("{a}; {}", run.show(&b))
    }
}

/// How many times the block runs now, as the bot's `handleScaling` and `executeTrigger` count
/// it: each scaling in turn sets the count when it gives one, and the first that gives none
/// (an `Even:` on an odd night, a `⇒` whose comparison fails) makes it 0 unless a later one
/// gives one; `⟨$total/10⟩` is the rounded quotient, at least 1. `Odd`/`Even` read the day or
/// night's number (Night 1 is odd).
pub fn scaling(run: &mut Run, scope: &Scope, block: &TriggerBlock) -> u32 {
    use crate::wwr::ast::ScalingKind as S;
    let phase_number = run.phase.div_ceil(2);
    let mut count = 1;
    let mut changed = false;
    for s in super::program::block_scalings(block) {
        let value = scaled(run, scope, &s.kind, phase_number);
        match value {
            Some(n) => count = n,
            None if !changed => count = 0,
            None => {}
        }
        changed = true;
    }
    fn scaled(run: &mut Run, scope: &Scope, kind: &S, phase_number: u32) -> Option<u32> {
        match kind {
            S::Times { count } => Some(*count),
            S::Odd { scaling } => (phase_number % 2 == 1)
                .then(|| scaled(run, scope, &scaling.kind, phase_number))
                .flatten(),
            S::Even { scaling } => phase_number
                .is_multiple_of(2)
                .then(|| scaled(run, scope, &scaling.kind, phase_number))
                .flatten(),
            S::Count { value } => {
                let v = run.eval(scope, value);
                let n = super::eval::number(&v).unwrap_or(0.0);
                Some((n.max(0.0) as u32).clamp(1, super::program::MOST_DYNAMIC_USES))
            }
            S::When {
                left,
                comparison,
                right,
                count,
            } => {
                let l = run.eval(scope, left);
                let r = run.eval(scope, right);
                let (l, r) = (
                    super::eval::number(&l).unwrap_or(0.0),
                    super::eval::number(&r).unwrap_or(0.0),
                );
                use crate::wwr::ast::Comparison as C;
                let holds = match comparison {
                    C::Less => l < r,
                    C::Greater => l > r,
                    C::LessOrEqual => l <= r,
                    C::GreaterOrEqual => l >= r,
                    C::Equal => l == r,
                };
                holds.then_some(*count)
            }
        }
    }
    count.min(super::program::block_times(block))
}

/// Record a use of the block by a source (quantity, phase, selection).
pub fn record_use(run: &mut Run, scope: &Scope, file: usize, block: &TriggerBlock) {
    let key = uses_key(&scope.src, block_loc(file, block));
    let target = selection_key(run, scope);
    let phase = run.phase;
    let u = run.world.uses.entry(key).or_default();
    u.quantity += 1;
    u.last_phase = Some(phase);
    u.last_target = Some(target);
}

/// Run a block that fired by itself (not a prompt): restrictions, scaling, then the body.
/// A block of a phase's prompt runs only when the host answers it; a block an event fires
/// that asks for a selection opens its prompt for the host to answer.
pub fn run_block(run: &mut Run, scope: &mut Scope, block: &TriggerBlock) {
    if prompt_timing(block.trigger.kind).is_some() {
        return;
    }
    let file = scope.element;
    let label = run.src_label(&scope.src);
    let trigger = block.trigger.to_string();
    if let Err(why) = restrictions(run, scope, file, block, false) {
        // The host may let it through (`override restriction:… succeed`).
        let key = run.key(&format!(
            "restriction:{}:{:?}",
            run.src_word(&scope.src),
            block.trigger.kind
        ));
        let failed = format!("{label}: `{trigger}` skipped: failed restriction `{why}`");
        match run.ctx.verdict(&key) {
            Some((crate::engine::outcome::Verdict::Succeed, host)) => {
                let reasons = vec![failed, format!("host override: it runs ({host})")];
                run.step(
                    key,
                    crate::engine::outcome::StepResult::Success,
                    scope.me(),
                    None,
                    Vec::new(),
                    reasons,
                );
            }
            _ => {
                run.step(
                    key,
                    crate::engine::outcome::StepResult::Skipped,
                    scope.me(),
                    None,
                    Vec::new(),
                    vec![failed],
                );
                return;
            }
        }
    }
    let prompt = event_prompt(run, scope, block);
    if prompt.is_none() && scope.var(super::abilities::emitting::PROMPTS_ONLY) == V::Bool(true) {
        return;
    }
    if let Some((who, prompt)) = prompt {
        // opened once (an end prompt opens when its value is emitted, and is heard again at
        // the End stage)
        if run.world.opened.contains(&(who, prompt.clone())) {
            return;
        }
        run.world.opened.push((who, prompt.clone()));
        // a pick for another player's choice: its chooser names the selection (the bot sends
        // him the prompt), entered as the creator's answer
        let chooser = scope.var("chooser").players().first().copied();
        let by = match chooser {
            Some(c) if c != who => {
                run.world.picks.push(super::world::Pick {
                    player: who,
                    prompt: prompt.clone(),
                    chooser: c,
                    option: run.show(&scope.var("chosen")),
                });
                format!(" (the selection is {}'s, who picked it)", run.name(c))
            }
            _ => String::new(),
        };
        run.note(
            "prompt",
            format!("{label}: `{trigger}` opens the prompt `{prompt}` for the host to answer{by}"),
        );
        return;
    }
    compulsions(scope, &block.params);
    // The host may skip a trigger firing (`override trigger:Jon:OnPartialDefense skip …`).
    let base = format!(
        "trigger:{}:{:?}",
        run.src_word(&scope.src),
        block.trigger.kind
    );
    if !run.step_unless_stopped(&base, scope.me(), format!("{label}: `{trigger}`")) {
        return;
    }
    let times = scaling(run, scope, block);
    if times == 0 {
        run.note(
            "scaling",
            format!("{label}: `{trigger}` runs 0 times now (its scaling gives none)"),
        );
    }
    for _ in 0..times {
        record_use(run, scope, file, block);
        run_trigger_body(run, scope, block, super::exec::Tell::Answer);
    }
}

/// The player and id of the event prompt a block opens, if it is one.
fn event_prompt(run: &Run, scope: &Scope, block: &TriggerBlock) -> Option<(SlotId, String)> {
    let me = scope.me()?;
    if !matches!(scope.src, Src::Player(_) | Src::ExtraRole { .. }) {
        return None;
    }
    let role = element_of(run, &scope.src)?;
    let program = &run.program;
    let index = program
        .triggers(role)
        .iter()
        .position(|(_, b)| std::ptr::eq(*b, block))?;
    program
        .prompts
        .values()
        .find(|p| p.event && p.role == role && p.trigger == index)
        .map(|p| (me, p.id.clone()))
}

/// The compulsions of a block that change how it runs.
pub fn compulsions(scope: &mut Scope, params: &Params) {
    for c in &params.compulsion {
        match &c.kind {
            CompulsionKind::Visitless => {
                scope.visitless = true;
                scope.direct = true;
            }
            CompulsionKind::Direct => scope.direct = true,
            CompulsionKind::Forced {
                default: Some(option),
            } => scope.forced = Some(option.clone()),
            _ => {}
        }
    }
}

/// After an ability ran: `On Action [Type]` on the source's own element (research §1.7; the bot
/// passes no subtype, so only type filters match).
pub fn after_action(run: &mut Run, scope: &Scope, ability: &Ability, f: &Feedback) {
    if scope.trigger == TriggerKind::OnAction {
        return;
    }
    let vars = [
        ("actiontype", V::Text(ability.kind.type_name().to_string())),
        (
            "actionsubtype",
            V::Text(ability.kind.node().subtype().to_string()),
        ),
        ("actionresult", V::Result(f.clone())),
    ];
    fire_on(run, &scope.src.clone(), TriggerKind::OnAction, &vars);
    // `On Any Action` hears every action of the player, whichever of his roles or rows acts
    // (the bot triggers the acting player with the ability's feedback and source name)
    let actor = match &scope.src {
        Src::Player(p) | Src::ExtraRole { owner: p, .. } => Some(*p),
        _ => None,
    };
    if let Some(p) = actor
        && scope.trigger != TriggerKind::OnAnyAction
    {
        let mut any = vars.to_vec();
        any.push(("actionfeedback", V::Text(f.msg.clone())));
        any.push(("triggersource", V::Text(source_name(run, &scope.src))));
        fire_player(run, p, TriggerKind::OnAnyAction, &any);
        // `On <Sel> Action [Type]` hears another player's action where the selector, read by
        // the listener, holds the actor (the bot's `On Action Target Complex`, for everyone)
        if someone_hears_others_actions(run) {
            let mut heard = vars.to_vec();
            heard.push(("this", V::Players(vec![p])));
            heard.push(("global", V::Bool(true)));
            fire_all(run, TriggerKind::OnAction, &heard);
        }
    }
}

/// Is an element that hears other players' actions in play now: a living player's role, an
/// extra role or an attribute row? Checked before every action reaches everyone.
fn someone_hears_others_actions(run: &Run) -> bool {
    let program = &run.program;
    if !program.any_hears_others_actions() {
        return false;
    }
    let players = run.world.players.iter().filter(|p| p.alive).any(|p| {
        program.hears_others_actions(p.role)
            || p.alignment.is_some_and(|t| program.hears_others_actions(t))
    });
    players
        || run
            .world
            .groups
            .iter()
            .any(|(g, group)| !group.disbanded && program.hears_others_actions(*g))
        || run.world.attrs.iter().any(|a| match a.kind {
            AttrKind::ExtraRole { role, .. } => program.hears_others_actions(role),
            AttrKind::Custom { attribute, .. } => program.hears_others_actions(attribute),
            _ => false,
        })
}

/// The bot's name of an acting source (`role:fortune teller`), which `@TriggerSource` gives.
fn source_name(run: &Run, src: &Src) -> String {
    let role = match src {
        Src::Player(p) => run.world.players.get(*p).map(|x| x.role),
        Src::ExtraRole { id, .. } => run.world.attr(*id).and_then(|a| match a.kind {
            AttrKind::ExtraRole { role, .. } => Some(role),
            _ => None,
        }),
        _ => None,
    };
    role.map_or_else(String::new, |r| {
        format!("role:{}", run.program.name(r).to_lowercase())
    })
}
