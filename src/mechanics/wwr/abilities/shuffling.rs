//! Shuffling (the bot's `abilities/types/shuffle.js`): the items of up to five lists are put
//! in a drawn order, the text listing them joined by commas. The bot shuffles the values and
//! their texts separately: the result's role or player (`@Result->Role`) is the first of one
//! draw, the text another, each draw a step here. `@(…)->Role` lists every player's role, as
//! the bot's property access maps each.

use crate::mechanics::wwr::eval::{Feedback, Scope, V};
use crate::mechanics::wwr::run::Run;
use crate::wwr::ast::{Property, Value, ValueKind};

/// One item: a player, a role or a text.
#[derive(Clone)]
enum Item {
    Player(usize),
    Role(usize),
    Text(String),
}

pub fn run(run: &mut Run, scope: &mut Scope, targets: &[Value]) -> Feedback {
    let mut values: Vec<Item> = Vec::new();
    for target in targets {
        values.extend(items(run, scope, target));
    }
    let label = |run: &Run, item: &Item| match item {
        Item::Player(p) => run.name(*p),
        Item::Role(r) => run.program.name(*r).to_string(),
        Item::Text(t) => t.clone(),
    };
    let mut texts: Vec<String> = values.iter().map(|i| label(run, i)).collect();
    let names: Vec<String> = texts.clone();
    let mut order: Vec<usize> = (0..values.len()).collect();
    run.shuffle("a shuffle's values", &mut order, |i| {
        names.get(*i).cloned().unwrap_or_default()
    });
    run.shuffle("a shuffle's texts", &mut texts, Clone::clone);
    let first = order.first().and_then(|i| values.get(*i)).cloned();
    let mut result = Feedback {
        detail: format!("Shuffled {} item(s)", values.len()),
        ..Feedback::ok(texts.join(", "))
    };
    if let Some(Item::Role(r)) = first {
        result.role = Some(r);
    }
    result
}

fn items(run: &mut Run, scope: &mut Scope, value: &Value) -> Vec<Item> {
    // `@(…)->Role`: each player's role
    if let ValueKind::Property {
        base,
        property: Property::Role,
    } = &value.kind
        && let V::Players(players) = run.eval(scope, base)
    {
        return players
            .iter()
            .map(|p| Item::Role(run.world.players[*p].role))
            .collect();
    }
    match run.eval(scope, value) {
        V::Players(players) => players.into_iter().map(Item::Player).collect(),
        V::Role(r) => vec![Item::Role(r)],
        V::Nothing => Vec::new(),
        other => vec![Item::Text(run.show(&other))],
    }
}
