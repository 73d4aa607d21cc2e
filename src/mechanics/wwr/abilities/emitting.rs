//! Emitting: a signal to other elements' `On … Emitted` triggers. Those triggers are layer B,
//! so no executable element listens; the emission is recorded for the host.

use crate::mechanics::wwr::eval::{Feedback, Scope};
use crate::mechanics::wwr::run::Run;
use crate::wwr::ast::Value;

pub fn run(
    run: &mut Run,
    scope: &mut Scope,
    value: &Value,
    target: Option<&Value>,
    at_end: bool,
) -> Feedback {
    let what = {
        let v = run.eval(scope, value);
        run.show(&v)
    };
    let to = match target {
        Some(t) => run.eval(scope, t).players(),
        None => Vec::new(),
    };
    let when = if at_end {
        " at the end of the phase"
    } else {
        ""
    };
    Feedback::ok(format!("Emitted `{what}` to {}{when}", run.names(&to))).told("")
}
