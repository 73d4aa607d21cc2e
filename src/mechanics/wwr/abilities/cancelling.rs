//! Cancelling: inside a visit trigger, the visit that set it off is voided (the bot's
//! `abilities/types/cancel.js`): plainly or `with Failure` it fails, `with Success` it succeeds
//! without its effect, `with <text>` it fails with that message.

use crate::mechanics::wwr::eval::{Feedback, Scope, V};
use crate::mechanics::wwr::run::Run;
use crate::mechanics::wwr::visit::Cancelled;
use crate::wwr::ast::Value;
use crate::wwr::names::normalize;

pub fn run(run: &mut Run, scope: &mut Scope, feedback: Option<&Value>) -> Feedback {
    let V::Num(id) = scope.var("visitid") else {
        return Feedback::failed("no visit to cancel here")
            .told("Cancelling failed! This is likely caused by an error. Please contact a Host.");
    };
    let how = match feedback {
        None => Cancelled::Failure,
        Some(value) => match normalize(&value.to_string()).as_str() {
            "failure" => Cancelled::Failure,
            "success" => Cancelled::Success,
            _ => {
                let v = run.eval(scope, value);
                Cancelled::With(run.show(&v))
            }
        },
    };
    run.cancelled.insert(id as u64, how);
    Feedback::ok("Ability cancelled!")
}
