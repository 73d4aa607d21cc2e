//! Running a trigger's body: statements in order, Process/Evaluate (research §1.8), and the
//! dispatch of each ability to its type's module under `abilities/`.

use super::abilities;
use super::eval::{Feedback, Scope, V};
use super::run::Run;
use super::world::Src;
use crate::engine::outcome::{Audience, StepResult};
use crate::wwr::ast;
use crate::wwr::ast::{Ability, AbilityKind, Guard, Statement, StatementKind};

/// Which feedback of a body reaches its source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tell {
    /// An answered prompt or a fired trigger: every ability's message (an empty one tells
    /// nothing, as the bot's).
    Answer,
    Nothing,
}

impl Tell {
    fn lets(self, _: &Feedback) -> bool {
        self == Tell::Answer
    }
}

/// Run a body. Consecutive guarded branches form one implied Evaluate (the first that holds
/// runs), as the bot reads a bare condition block under a trigger. `tell` says which feedback
/// goes to the source (the bot's message to the player's channel).
pub fn run_body(
    run: &mut Run,
    scope: &mut Scope,
    body: &[Statement],
    tell: Tell,
) -> Option<Feedback> {
    // A body's result is its last statement's (a `Continue` last lets an Evaluate go on);
    // plain abilities' results are `@Result1`, `@Result2`, … for the bare conditions after
    // them, as the bot reads an ability followed by a condition block (research §1.8).
    let mut last = None;
    let mut plain = 0;
    let mut i = 0;
    while i < body.len() {
        if matches!(body[i].kind, StatementKind::Branch { .. }) {
            let start = i;
            while i < body.len() && matches!(body[i].kind, StatementKind::Branch { .. }) {
                i += 1;
            }
            let result = evaluate(run, scope, &body[start..i]);
            if let Some(f) = &result
                && tell.lets(f)
            {
                feedback_to_source(run, scope, f);
            }
            last = result;
            continue;
        }
        let result = statement(run, scope, &body[i]);
        let kind = match &body[i].kind {
            StatementKind::Ability { ability } => Some(&ability.kind),
            _ => None,
        };
        let reported = matches!(
            body[i].kind,
            StatementKind::Ability { .. }
                | StatementKind::Evaluate { .. }
                | StatementKind::ForEach { .. }
        );
        if reported
            && let Some(f) = &result
            && tell.lets(f)
        {
            feedback_to_source(run, scope, f);
        }
        if kind.is_some() {
            plain += 1;
            if !scope.vars.contains_key(&format!("result{plain}")) {
                scope.bind(
                    &format!("result{plain}"),
                    result.clone().map_or(V::Nothing, V::Result),
                );
            }
        }
        last = result;
        i += 1;
    }
    last
}

/// A trigger's body. A folded block (an ability on the trigger's line with condition bullets
/// under it) is one Process/Evaluate, as the bot's parser reads it: the ability runs as the
/// Process, unreported, and only the Evaluate's result is sent (the Tanner hears whether a
/// disguised player is in the pack, never the count).
pub fn run_trigger_body(
    run: &mut Run,
    scope: &mut Scope,
    block: &crate::wwr::ast::TriggerBlock,
    tell: Tell,
) -> Option<Feedback> {
    let (first, branches) = match block.body.split_first() {
        Some(split) if block.folded => split,
        _ => return run_body(run, scope, &block.body, tell),
    };
    let processed = statement(run, scope, first);
    scope.bind("result1", processed.map_or(V::Nothing, V::Result));
    let result = evaluate(run, scope, branches);
    if let Some(f) = &result
        && tell.lets(f)
    {
        feedback_to_source(run, scope, f);
    }
    result
}

/// Send an ability's feedback where the bot sends it: a player source's channel, a group's
/// channel, and for a poll or a team the host's channel (the bot's `getSrcRefChannel` sends
/// those to its backup channel); custom attributes stay silent.
pub fn feedback_to_source(run: &mut Run, scope: &Scope, f: &Feedback) {
    if f.msg.trim().is_empty() {
        return;
    }
    match &scope.src {
        // an extra role's channel is its holder's
        Src::Player(p) | Src::ExtraRole { owner: p, .. } => {
            run.tell(Audience::Slot(*p), f.msg.clone())
        }
        Src::Group { file, .. } => {
            let name = run.program.name(*file).to_string();
            run.tell(Audience::Group(name), f.msg.clone())
        }
        Src::Poll(_) | Src::Team(_) => run.tell(Audience::Host, f.msg.clone()),
        Src::Attribute { .. } | Src::GroupAttribute { .. } => {}
    }
}

fn statement(run: &mut Run, scope: &mut Scope, s: &Statement) -> Option<Feedback> {
    match &s.kind {
        StatementKind::Ability { ability } => ability_step(run, scope, ability),
        StatementKind::Action => None,
        StatementKind::Process { body } => {
            let mut n = 0;
            let mut first = None;
            for s in body {
                let result = statement(run, scope, s);
                n += 1;
                let v = result.clone().map_or(V::Nothing, V::Result);
                scope.bind(&format!("result{n}"), v);
                if first.is_none() {
                    first = result;
                }
            }
            first
        }
        StatementKind::Evaluate { body } => evaluate(run, scope, body),
        StatementKind::Branch { .. } => evaluate(run, scope, std::slice::from_ref(s)),
        StatementKind::ForEach { over, body } => for_each(run, scope, over, body),
    }
}

/// `For Each <selector>:` as the bot's `abilityForEach` runs it: each part of the body (an
/// ability, or a run of condition bullets as one Evaluate) for every player (or team) in turn,
/// with `@Ind` (`&Ind`) bound to it, the first part for all before the second; the last result is the
/// loop's.
fn for_each(
    run: &mut Run,
    scope: &mut Scope,
    over: &crate::wwr::ast::Value,
    body: &[Statement],
) -> Option<Feedback> {
    // players, or teams (`For Each &All:`, each bound as `&Ind`)
    let each: Vec<V> = match run.eval(scope, over) {
        V::Teams(teams) => teams.into_iter().map(V::Team).collect(),
        other => other
            .players()
            .into_iter()
            .map(|p| V::Players(vec![p]))
            .collect(),
    };
    let mut last = None;
    let mut i = 0;
    while i < body.len() {
        let start = i;
        i += 1;
        if matches!(body[start].kind, StatementKind::Branch { .. }) {
            while i < body.len() && matches!(body[i].kind, StatementKind::Branch { .. }) {
                i += 1;
            }
        }
        let part = &body[start..i];
        for ind in &each {
            let mut inner = scope.clone();
            inner.bind("ind", ind.clone());
            last = match part {
                [single] if !matches!(single.kind, StatementKind::Branch { .. }) => {
                    statement(run, &mut inner, single)
                }
                branches => evaluate(run, &mut inner, branches),
            };
        }
    }
    last
}

/// Walk branches: the first whose condition holds and whose result is not `Continue` decides;
/// unguarded abilities run in addition; no match is an implicit failure.
fn evaluate(run: &mut Run, scope: &mut Scope, body: &[Statement]) -> Option<Feedback> {
    for s in body {
        match &s.kind {
            StatementKind::Branch { guard, body } => {
                let (holds, label) = match guard {
                    Guard::When { condition } => {
                        (run.holds(scope, condition), condition.to_string())
                    }
                    Guard::Otherwise => (true, "Otherwise".to_string()),
                    Guard::Feedback => (true, "Feedback".to_string()),
                };
                if !holds {
                    continue;
                }
                // The host may refuse a branch (`override branch:… skip`): the walk goes on.
                let base = format!("branch:{}", run.src_word(&scope.src));
                let entering = format!("{}: entering branch `{label}`", run.src_label(&scope.src));
                if !run.step_unless_stopped(&base, scope.me(), entering) {
                    continue;
                }
                let result = run_body(run, scope, body, Tell::Nothing);
                if result.is_some() {
                    return result;
                }
            }
            _ => {
                statement(run, scope, s);
            }
        }
    }
    let guarded = body
        .iter()
        .any(|s| matches!(s.kind, StatementKind::Branch { .. }));
    if !guarded {
        return Some(Feedback::failed(""));
    }
    let label = run.src_label(&scope.src);
    run.note(
        "branch",
        format!("{label}: no branch holds, so the Evaluate fails (research §1.8)"),
    );
    Some(Feedback::failed(""))
}

/// Execute one ability and record it as a step.
pub fn ability_step(run: &mut Run, scope: &mut Scope, ability: &Ability) -> Option<Feedback> {
    // what the bot tells the source is each ability's own message: an empty one tells nothing
    let result = ability_kind(run, scope, ability);
    let quiet = matches!(
        ability.kind,
        AbilityKind::Feedback(_)
            | AbilityKind::Success
            | AbilityKind::Failure
            | AbilityKind::Continue
    );
    if !quiet {
        let key = run.key("ability");
        let (res, msg) = match &result {
            Some(f) if f.success => (StepResult::Success, f.msg.clone()),
            Some(f) => (StepResult::Failed, f.msg.clone()),
            None => (StepResult::Info, "continue".into()),
        };
        let mut reasons = vec![format!("{}: `{ability}`", run.src_label(&scope.src))];
        if let Some(detail) = result.as_ref().map(|f| &f.detail).filter(|d| !d.is_empty()) {
            reasons.push(detail.clone());
        }
        if !msg.is_empty() {
            reasons.push(msg);
        }
        let actor = scope.me();
        run.step(
            key,
            res,
            actor,
            Some(ability.kind.type_name().to_string()),
            Vec::new(),
            reasons,
        );
    }
    if !quiet && let Some(f) = &result {
        super::triggers::after_action(run, scope, ability, f);
    }
    result
}

fn ability_kind(run: &mut Run, scope: &mut Scope, ability: &Ability) -> Option<Feedback> {
    use AbilityKind as A;
    match &ability.kind {
        A::Killing(ast::Killing { kind, target }) => {
            Some(abilities::killing::run(run, scope, *kind, target))
        }
        A::Protecting(ast::Protecting {
            target,
            defense,
            duration,
            ..
        }) => Some(abilities::protecting::run(
            run, scope, ability, target, defense, *duration,
        )),
        A::Investigating(ast::Investigating {
            kind,
            target,
            attribute,
            disguises,
        }) => Some(abilities::investigating::run(
            run,
            scope,
            *kind,
            target,
            attribute.as_ref(),
            *disguises,
        )),
        A::Disguising(ast::Disguising {
            strength,
            target,
            role,
            duration,
        }) => Some(abilities::disguising::run(
            run, scope, *strength, target, role, *duration,
        )),
        A::ApplyAttribute(ast::ApplyAttribute {
            attribute,
            target,
            duration,
            values,
        }) => Some(abilities::attributes::apply(
            run, scope, attribute, target, *duration, values,
        )),
        A::RemoveAttribute(ast::RemoveAttribute { attribute, target }) => {
            Some(abilities::attributes::remove(run, scope, attribute, target))
        }
        A::ChangeAttribute(ast::ChangeAttribute {
            attribute,
            index,
            value,
            target,
        }) => Some(abilities::attributes::change(
            run,
            scope,
            attribute,
            index,
            value,
            target.as_ref(),
        )),
        A::Joining(ast::Joining {
            action,
            player,
            group,
            membership,
            duration,
        }) => Some(abilities::joining::run(
            run,
            scope,
            *action,
            player.as_ref(),
            group,
            membership.as_ref(),
            *duration,
        )),
        A::Changing(ast::Changing { kind, target, to }) => {
            Some(abilities::changing::run(run, scope, *kind, target, to))
        }
        A::Granting(ast::Granting {
            action,
            role,
            from,
            to,
        }) => Some(abilities::granting::run(
            run,
            scope,
            *action,
            role,
            from.as_ref(),
            to.as_ref(),
        )),
        A::ChoiceCreation(ast::ChoiceCreation {
            choice,
            chooser,
            options,
        }) => Some(abilities::choices::create(
            run,
            scope,
            choice,
            chooser.as_ref(),
            options,
        )),
        A::ChoiceChoosing(ast::ChoiceChoosing { choice, option }) => {
            Some(abilities::choices::choose(run, scope, choice, option))
        }
        A::Whispering(ast::Whispering {
            from,
            to,
            disguise,
            duration,
        }) => Some(abilities::whispering::whisper(
            run,
            scope,
            from.as_ref(),
            to,
            disguise.as_ref(),
            *duration,
        )),
        A::ConversationReset(ast::ConversationReset { target }) => {
            Some(abilities::whispering::reset(run, scope, target.as_ref()))
        }
        A::Locking(ast::Locking { lock, location }) => {
            Some(abilities::locking::run(run, scope, *lock, location))
        }
        A::Resurrecting(ast::Resurrecting { target }) => {
            Some(abilities::resurrecting::run(run, scope, target))
        }
        A::Ascend => Some(abilities::ascending::run(run, scope, true)),
        A::Descend => Some(abilities::ascending::run(run, scope, false)),
        A::Cancel(ast::Cancel { feedback }) => {
            Some(abilities::cancelling::run(run, scope, feedback.as_ref()))
        }
        A::Obstructing(ast::Obstructing {
            target,
            abilities: filter,
            feedback,
            duration,
        }) => Some(abilities::obstructing::run(
            run,
            scope,
            target,
            filter.as_ref(),
            feedback.as_ref(),
            *duration,
        )),
        A::Loyalty(ast::Loyalty { to, kind }) => {
            Some(abilities::loyalty::run(run, scope, *kind, to))
        }
        A::Targeting(ast::Targeting { target, as_type }) => {
            let as_role = *as_type == Some(ast::TargetType::Role);
            Some(abilities::targeting::target(run, scope, target, as_role))
        }
        A::Untargeting => Some(abilities::targeting::untarget(run, scope)),
        A::Announcement(ast::Announcement { kind, info, to }) => Some(abilities::announcing::run(
            run,
            scope,
            *kind,
            info,
            to.as_ref(),
        )),
        A::Counting(ast::Counting { op, amount, target }) => Some(abilities::counting::run(
            run,
            scope,
            *op,
            amount.as_ref(),
            target.as_ref(),
        )),
        A::Poll(poll) => Some(abilities::polling::run(run, scope, poll)),
        A::VoteManipulating(ast::VoteManipulating {
            target,
            vote,
            relative,
            amount,
            duration,
        }) => Some(abilities::manipulating::run(
            run, scope, target, *vote, *relative, amount, *duration,
        )),
        A::Emitting(ast::Emitting {
            value,
            target,
            at_end_of_phase,
        }) => Some(abilities::emitting::run(
            run,
            scope,
            value,
            target.as_ref(),
            *at_end_of_phase,
        )),
        A::Displaying(ast::Displaying { display, values }) => {
            Some(abilities::displaying::show(run, scope, display, values))
        }
        A::DisplayUpdate(ast::DisplayUpdate {
            display,
            index,
            value,
        }) => Some(abilities::displaying::update(
            run, scope, display, index, value,
        )),
        A::Formatting(ast::Formatting {
            source,
            template,
            split_by,
            ..
        }) => Some(abilities::formatting::run(
            run,
            scope,
            source,
            template,
            split_by.as_ref(),
        )),
        A::Redirecting(ast::Redirecting { duration, .. }) => {
            let loc = crate::mechanics::wwr::world::Loc {
                file: scope.element,
                line: ability.span.line,
                col: ability.span.col,
            };
            Some(abilities::redirecting::run(run, scope, loc, *duration))
        }
        A::Disband(ast::Disband { target }) => {
            Some(abilities::disbanding::run(run, scope, target.as_ref()))
        }
        A::Shuffle(ast::Shuffle { targets }) => {
            Some(abilities::shuffling::run(run, scope, targets))
        }
        A::Feedback(ast::Feedback { value }) => {
            let v = run.eval(scope, value);
            Some(Feedback::ok(run.show(&v)))
        }
        A::Success => Some(Feedback::ok("")),
        A::Failure => Some(Feedback::failed("")),
        A::Continue => None,
        other => Some(Feedback::failed(format!(
            "not executed: {} is not in layer A of the executor",
            other.type_name()
        ))),
    }
}
