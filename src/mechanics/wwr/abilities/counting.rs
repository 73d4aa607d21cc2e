//! Counting: a source's counter (`->Counter`), set, raised or lowered.

use crate::mechanics::wwr::eval::{Feedback, Scope, V, number};
use crate::mechanics::wwr::run::Run;
use crate::mechanics::wwr::world::Src;
use crate::wwr::ast::{CounterOp, Value};

pub fn run(
    run: &mut Run,
    scope: &mut Scope,
    op: CounterOp,
    amount: Option<&Value>,
    target: Option<&Value>,
) -> Feedback {
    let amount = amount
        .map(|a| {
            let v = run.eval(scope, a);
            number(&v).unwrap_or(0.0) as i64
        })
        .unwrap_or(1);
    // A text's number can be anything (`1e300` reads as i64::MAX): the counter saturates
    // rather than wrapping round to the other end.
    let apply = |old: i64| match op {
        CounterOp::Set => amount,
        CounterOp::Increment => old.saturating_add(amount),
        CounterOp::Decrement => old.saturating_sub(amount),
    };
    let owner = match target {
        Some(t) => run.eval(scope, t),
        None => match &scope.src {
            Src::Group { file, .. } => V::Group(*file),
            Src::Attribute { id, .. } => V::Attr(*id),
            other => other.player().map_or(V::Nothing, |p| V::Players(vec![p])),
        },
    };
    // the bot's words (`abilities/types/counting.js`)
    let told = match op {
        CounterOp::Set => "Counter updated!",
        CounterOp::Increment => "Counter incremented!",
        CounterOp::Decrement => "Counter decremented!",
    };
    match owner {
        V::Attr(id) => match run.world.attr_mut(id) {
            Some(row) => {
                row.counter = apply(row.counter);
                Feedback::ok(format!("Counter is {}", row.counter)).told(told)
            }
            None => Feedback::failed("No counter to change")
                .told("Counting failed! This is likely caused by an error. Please contact a Host."),
        },
        V::Group(g) => {
            let group = run.world.groups.entry(g).or_default();
            group.counter = apply(group.counter);
            let now = group.counter;
            super::displaying::redraw_group(run, g, "counter");
            Feedback::ok(format!("Counter is {now}")).told(told)
        }
        V::Players(p) if !p.is_empty() => {
            for x in &p {
                let c = &mut run.world.players[*x].counter;
                *c = apply(*c);
                super::displaying::redraw(run, *x, "counter");
            }
            let now = run.world.players[p[0]].counter;
            Feedback::ok(format!("Counter is {now}")).told(told)
        }
        _ => Feedback::failed("No counter to change")
            .told("Counting failed! This is likely caused by an error. Please contact a Host."),
    }
}
