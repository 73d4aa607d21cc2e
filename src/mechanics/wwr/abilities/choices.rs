//! Choices (the bot's `abilities/types/choices.js` and its button handler in `werewolves.js`):
//! a named choice is offered to a player, who picks one of its options through a `Choice
//! Choose @Chosen` prompt; the pick runs the creator's `Choice <Option> Chosen` and `Choice
//! Chosen` blocks at once, with `@Chosen`/`@Option` the option and `@Chooser` the player. A
//! choice left unpicked with a `{Forced: …}` default is picked for him as the phase ends; every
//! choice closes with the phase change.

use crate::engine::SlotId;
use crate::mechanics::wwr::eval::{Feedback, Scope, V};
use crate::mechanics::wwr::run::Run;
use crate::mechanics::wwr::triggers::fire_on;
use crate::mechanics::wwr::visit::{Gate, Visit, gate};
use crate::mechanics::wwr::world::OpenChoice;
use crate::wwr::ast::{Name, TriggerKind, Value};
use crate::wwr::names::normalize;

const ERROR: &str = "Choices failed! This is likely caused by an error. Please contact a Host.";

/// `` `Name` Choice Creation [for <chooser>] (<option>, …) ``.
pub fn create(
    run: &mut Run,
    scope: &mut Scope,
    choice: &Value,
    chooser: Option<&Value>,
    options: &[Name],
) -> Feedback {
    let name = {
        let v = run.eval(scope, choice);
        normalize(&run.show(&v))
    };
    let owner: Vec<SlotId> = match chooser {
        Some(c) => {
            let v = run.eval(scope, c);
            match v {
                V::Players(p) => p,
                // `for @ThisAttr`: the extra role's holder picks (the bot's `player_attr` owner)
                V::Attr(id) => run
                    .world
                    .attr(id)
                    .map(|a| vec![a.owner])
                    .unwrap_or_default(),
                // `for \`Wager Recipient\``: the holder of that extra role this source granted
                // (the bot's `parseActiveExtraRoleSelector`), else any holder
                other => match run.role_of(&other) {
                    Some(role) => extra_role_holders(run, scope, role),
                    None => Vec::new(),
                },
            }
        }
        None => scope.me().into_iter().collect(),
    };
    let [owner] = owner[..] else {
        return Feedback::failed("a choice is for exactly one player").told(ERROR);
    };
    let visit = Visit::new("choices", "creation").with(V::Text(name.clone()));
    let words = ("Choice creation failed!", "Choice creation succeeded!");
    match gate(run, scope, owner, visit, true, words) {
        Gate::Go => {}
        Gate::Skip => return Feedback::failed("Choice creation failed!"),
        Gate::End(result) => return result,
    }
    // `{Forced: Townsfolk}` on the line: picked for him if he does not pick
    let forced = scope.forced.clone().map(|v| {
        let v = run.eval(scope, &v);
        run.show(&v)
    });
    let options: Vec<String> = options.iter().map(|o| o.text.clone()).collect();
    run.world
        .choices
        .retain(|c| !(c.name == name && c.owner == owner));
    run.world.choices.push(OpenChoice {
        name: name.clone(),
        options: options.clone(),
        owner,
        creator: scope.src.clone(),
        forced,
        chosen: false,
    });
    Feedback {
        detail: format!(
            "{} may choose {name}: {}",
            run.name(owner),
            options.join(", ")
        ),
        ..Feedback::ok("Choice creation succeeded!")
    }
}

/// The living holders of an extra role granted by this source, or by anyone if it granted none.
fn extra_role_holders(run: &Run, scope: &Scope, role: usize) -> Vec<SlotId> {
    let channel = format!("{}:{}", run.program.role_id_of(role), scope.src.key());
    let holders = |own: bool| -> Vec<SlotId> {
        run.world
            .attrs
            .iter()
            .filter(|a| run.alive(a.owner))
            .filter(|a| {
                matches!(&a.kind, crate::mechanics::wwr::world::AttrKind::ExtraRole { role: r, channel: c }
                    if *r == role && (!own || *c == channel))
            })
            .map(|a| a.owner)
            .collect()
    };
    let own = holders(true);
    if own.is_empty() { holders(false) } else { own }
}

/// `` `Name` Choice Choose @Chosen ``: the answer's option picked in the chooser's open choice.
pub fn choose(run: &mut Run, scope: &mut Scope, choice: &Value, option: &Value) -> Feedback {
    let name = {
        let v = run.eval(scope, choice);
        normalize(&run.show(&v))
    };
    let picked = {
        let v = run.eval(scope, option);
        run.show(&v)
    };
    let Some(me) = scope.me() else {
        return Feedback::failed("only a player chooses").told(ERROR);
    };
    let Some(i) = run
        .world
        .choices
        .iter()
        .position(|c| c.name == name && c.owner == me)
    else {
        return Feedback::failed(format!("no choice {name} is open for {}", run.name(me)))
            .told(ERROR);
    };
    let open = run.world.choices[i].clone();
    let Some(option) = open
        .options
        .iter()
        .find(|o| normalize(o) == normalize(&picked))
        .cloned()
    else {
        return Feedback::failed(format!("{picked} is not an option of {name}")).told(ERROR);
    };
    run.world.choices[i].chosen = true;
    chosen(run, &open, &option);
    Feedback {
        detail: format!("{} chose {option} for {name}", run.name(me)),
        ..Feedback::ok("")
    }
}

/// Run the creator's `Choice … Chosen` blocks for a pick.
fn chosen(run: &mut Run, open: &OpenChoice, option: &str) {
    let vars = [
        ("chosen", V::Text(option.to_string())),
        ("option", V::Text(option.to_string())),
        ("chooser", V::Players(vec![open.owner])),
    ];
    fire_on(run, &open.creator.clone(), TriggerKind::ChoiceChosen, &vars);
}

/// The bot's `executeForcedChoices` (the first step of a phase change): every open choice left
/// unpicked with a forced default is picked so.
pub fn force_unpicked(run: &mut Run) {
    let due: Vec<(OpenChoice, String)> = run
        .world
        .choices
        .iter()
        .filter(|c| !c.chosen)
        .filter_map(|c| c.forced.clone().map(|f| (c.clone(), f)))
        .collect();
    for (open, option) in due {
        run.note(
            "choice",
            format!(
                "{} did not choose {}: the forced {option} is chosen for them",
                run.name(open.owner),
                open.name
            ),
        );
        if let Some(c) = run
            .world
            .choices
            .iter_mut()
            .find(|c| c.name == open.name && c.owner == open.owner)
        {
            c.chosen = true;
        }
        chosen(run, &open, &option);
    }
}
