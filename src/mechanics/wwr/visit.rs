//! Visits (research §1.10, the bot's `abilities/visit.js`). An ability that reaches a player
//! visits him first, unless it is visitless: an obstruction on the visitor stops it (or answers
//! with a fake result drawn by its weights), `On Visited` fires on the visited player and `On
//! Visit` on the visitor (with their `On <Sel> Visited`/`Visit` forms for everyone), and a
//! `Cancel` in one of those triggers voids this visit: a failure, a success that does nothing,
//! or a failure with a message of its own.

use super::eval::{Feedback, Scope, V};
use super::run::Run;
use super::triggers::{fire_all, fire_player};
use super::world::{AttrKind, Src};
use crate::engine::SlotId;
use crate::wwr::ast::TriggerKind;
use crate::wwr::names::normalize;
use serde::{Deserialize, Serialize};

/// What a visit is: the bot's ability type and subtype (`killing`/`attack`), and its parameter
/// (`@VisitParameter`: the role a change is to, the attribute applied).
#[derive(Clone)]
pub struct Visit<'v> {
    pub kind: &'v str,
    pub subtype: &'v str,
    pub parameter: V,
}

impl<'v> Visit<'v> {
    pub fn new(kind: &'v str, subtype: &'v str) -> Visit<'v> {
        Visit {
            kind,
            subtype,
            parameter: V::Nothing,
        }
    }
    pub fn with(mut self, parameter: V) -> Visit<'v> {
        self.parameter = parameter;
        self
    }
}

/// How a visit ended.
#[derive(Debug)]
pub enum Visited {
    /// The ability goes on with this target.
    Proceed,
    /// The ability's result for this target, without its effect (the bot's visit result; an
    /// empty message is filled by [`visit_return`]).
    Stopped(Feedback),
    /// An obstruction's fake result: the text an investigation shows instead of the truth.
    Fake(String),
}

/// How a `Cancel` in a visit trigger ends the visit.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum Cancelled {
    Failure,
    Success,
    With(String),
}

/// Which abilities an obstruction row stops: the bot's type and subtype (empty: any), and
/// whether it stops all but those.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Obstruction {
    pub kind: String,
    pub subtype: String,
    pub inverted: bool,
    /// Fake results with their chances; `@Result` among them is the true one.
    pub feedback: Vec<(f64, String)>,
}

impl Obstruction {
    fn stops(&self, kind: &str, subtype: &str) -> bool {
        let matches = (self.kind.is_empty() || self.kind == normalize(kind))
            && (self.subtype.is_empty() || self.subtype == normalize(subtype));
        matches != self.inverted
    }
}

/// The player a source visits as: a role's or extra role's holder, a group's executor.
fn visitor(src: &Src) -> Option<SlotId> {
    match src {
        Src::Player(p) | Src::ExtraRole { owner: p, .. } => Some(*p),
        Src::Group { executor, .. } => *executor,
        _ => None,
    }
}

/// Visit `target` as `scope`'s source.
pub fn visit(run: &mut Run, scope: &Scope, target: SlotId, visit: Visit) -> Visited {
    if scope.visitless {
        return Visited::Proceed;
    }
    let source = visitor(&scope.src);
    // Visiting oneself is no visit, but an obstruction without custom feedback still fails it.
    if source == Some(target) {
        return match obstruction(run, target, &visit) {
            Some(o) if o.feedback.is_empty() => Visited::Stopped(Feedback::failed("")),
            _ => Visited::Proceed,
        };
    }
    let label = run.src_label(&scope.src);
    let name = run.name(target);
    if let Some(source) = source
        && let Some(o) = obstruction(run, source, &visit)
    {
        if o.feedback.is_empty() {
            run.note(
                "visit",
                format!("{label} is obstructed: the visit to {name} fails"),
            );
            return Visited::Stopped(Feedback::failed(""));
        }
        let choices: Vec<String> = o.feedback.iter().map(|(_, text)| text.clone()).collect();
        let drawn = draw_weighted(run, &label, &o.feedback);
        match drawn {
            Some(text) if normalize(&text) != "result" => {
                run.note(
                    "visit",
                    format!(
                        "{label} is obstructed: a fake result `{text}` of [{}]",
                        choices.join(", ")
                    ),
                );
                return Visited::Fake(text);
            }
            _ => run.note(
                "visit",
                format!("{label} is obstructed, but the draw lets the true result through"),
            ),
        }
    }
    run.note(
        "visit",
        format!("{label} visits {name} ({}: {})", visit.kind, visit.subtype),
    );
    run.next_visit += 1;
    let id = run.next_visit;
    let common = [
        ("visitparameter", visit.parameter.clone()),
        ("visittype", V::Text(visit.kind.to_string())),
        ("visitsubtype", V::Text(visit.subtype.to_string())),
        ("visitid", V::Num(id as f64)),
    ];
    let mut visited: Vec<(&str, V)> = common.to_vec();
    visited.push(("this", V::Players(vec![target])));
    visited.push(("visitor", V::Players(source.into_iter().collect())));
    fire_player(run, target, TriggerKind::OnVisited, &visited);
    visited.push(("global", V::Bool(true)));
    fire_all(run, TriggerKind::OnVisited, &visited);
    if let Some(source) = source {
        let mut visiting: Vec<(&str, V)> = common.to_vec();
        visiting.push(("this", V::Players(vec![source])));
        visiting.push(("actiontarget", V::Players(vec![target])));
        fire_player(run, source, TriggerKind::OnVisit, &visiting);
        visiting.push(("global", V::Bool(true)));
        fire_all(run, TriggerKind::OnVisit, &visiting);
    }
    match run.cancelled.remove(&id) {
        None => Visited::Proceed,
        Some(how) => {
            run.note(
                "visit",
                format!("the visit of {label} to {name} is cancelled"),
            );
            Visited::Stopped(match how {
                Cancelled::Failure => Feedback::failed(""),
                Cancelled::Success => Feedback::ok(""),
                Cancelled::With(msg) => Feedback::failed(msg),
            })
        }
    }
}

/// The first obstruction row of the player that stops this visit (the bot reads them in the
/// order they were made).
fn obstruction(run: &Run, player: SlotId, visit: &Visit) -> Option<Obstruction> {
    run.world.attrs_of(player).find_map(|a| match &a.kind {
        AttrKind::Obstruction(o) if o.stops(visit.kind, visit.subtype) => Some(o.clone()),
        _ => None,
    })
}

/// One of the weighted texts, drawn as the bot does (a number below 1 against the running sum
/// of the chances); `None` when the chances add up to less and the draw falls past them.
fn draw_weighted(run: &mut Run, label: &str, choices: &[(f64, String)]) -> Option<String> {
    let roll: f64 = rand::RngExt::random(&mut run.ctx.rng);
    let mut sum = 0.0;
    let found = choices.iter().find(|(chance, _)| {
        sum += chance;
        roll < sum
    });
    run.note(
        "draw:obstruction",
        format!("random draw for {label}'s obstruction: {roll:.2}"),
    );
    found.map(|(_, text)| text.clone())
}

/// The bot's `visitReturn`: a stopped visit's result, its empty message filled with the
/// ability's own failure or success words.
pub fn visit_return(result: Feedback, failed: &str, succeeded: &str) -> Feedback {
    if !result.msg.is_empty() {
        return result;
    }
    Feedback {
        msg: if result.success { succeeded } else { failed }.to_string(),
        ..result
    }
}

/// What an ability does with a target after visiting it.
pub enum Gate {
    /// Its effect on this target.
    Go,
    /// Nothing to this target; the others go on (an ability of several targets).
    Skip,
    /// The ability's result, without its effect (an ability of one target).
    End(Feedback),
}

/// The bot's per-target step of most abilities: visit, and if the visit was stopped, end the
/// ability with the visit's result when it has one target (its empty message filled with the
/// ability's own `failed`/`succeeded` words), else skip the target. A fake result outside an
/// investigation is the ability's message.
pub fn gate(
    run: &mut Run,
    scope: &Scope,
    target: SlotId,
    visit_of: Visit,
    alone: bool,
    words: (&str, &str),
) -> Gate {
    let result = match visit(run, scope, target, visit_of) {
        Visited::Proceed => return Gate::Go,
        Visited::Stopped(result) => result,
        Visited::Fake(text) => Feedback::ok(text),
    };
    if alone {
        Gate::End(visit_return(result, words.0, words.1))
    } else {
        Gate::Skip
    }
}
