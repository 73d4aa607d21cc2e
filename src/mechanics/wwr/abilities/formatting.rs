//! Formatting (the bot's `abilities/types/formatting.js`): each item of a list is written
//! through a template, `$` standing for the item and `\n` for a new line, and the pieces are
//! joined into one text, the result (`@Result`) a `Process` passes on. The bot puts a player's
//! or role's emoji before its name; the console has none, so the name stands alone.

use crate::mechanics::wwr::eval::{Feedback, Scope, V};
use crate::mechanics::wwr::run::Run;
use crate::wwr::ast::Value;

pub fn run(
    run: &mut Run,
    scope: &mut Scope,
    source: &Value,
    template: &Value,
    split_by: Option<&Value>,
) -> Feedback {
    let items = match split_by {
        // `split by <separator>`: the value's text, cut at each separator
        Some(by) => {
            let text = {
                let v = run.eval(scope, source);
                run.show(&v)
            };
            let by = {
                let v = run.eval(scope, by);
                run.show(&v)
            };
            if by.is_empty() {
                vec![text]
            } else {
                text.split(by.as_str()).map(str::to_string).collect()
            }
        }
        None => items(run, scope, source),
    };
    let template = {
        let v = run.eval(scope, template);
        run.show(&v)
    };
    let output: String = items
        .iter()
        .map(|item| template.replace('$', item).replace("\\n", "\n"))
        .collect();
    Feedback {
        detail: format!("Formatted {} item(s)", items.len()),
        ..Feedback::ok(output)
    }
}

/// The texts of a list's items: each player's or role's name, or the value's text.
pub fn items(run: &mut Run, scope: &mut Scope, value: &Value) -> Vec<String> {
    match run.eval(scope, value) {
        V::Players(players) => players.iter().map(|p| run.name(*p)).collect(),
        V::Teams(teams) => teams
            .iter()
            .map(|t| run.program.name(*t).to_string())
            .collect(),
        V::Nothing => Vec::new(),
        other => vec![run.show(&other)],
    }
}
