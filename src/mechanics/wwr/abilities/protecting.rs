//! Protecting: a defence row on each target, of a tier, pointing at the protecting ability,
//! whose terms (the kind of kill it stops, from whom, by day or by night) an attack reads when
//! it meets the row (`abilities::killing`). An absence also moves its owner to another
//! player's house (research §1.11).

use super::lasting;
use crate::mechanics::wwr::eval::{Feedback, Scope};
use crate::mechanics::wwr::run::Run;
use crate::mechanics::wwr::visit::{Gate, Visit, gate};
use crate::mechanics::wwr::world::{AttrKind, Lasting, Loc, Tier};
use crate::wwr::ast::{Ability, Defense, Duration, Value};

pub fn run(
    run: &mut Run,
    scope: &mut Scope,
    ability: &Ability,
    target: &Value,
    defense: &Defense,
    duration: Option<Duration>,
) -> Feedback {
    let targets = run.eval(scope, target).players();
    let targets = super::redirecting::redirect(run, scope, targets, "protecting", "");
    // an absence at a place that is no player (the Poltergeist's `at #tavern`, the bot's
    // `parseLocation`) defends its owner all the same, and nobody shares an attack there
    let mut somewhere = true;
    let (tier, at) = match defense {
        Defense::Active => (Tier::Active, None),
        Defense::Passive => (Tier::Passive, None),
        Defense::Partial => (Tier::Partial, None),
        Defense::Recruitment => (Tier::Recruitment, None),
        Defense::Absence { at } => {
            let place = run.eval(scope, at);
            somewhere = match &place {
                crate::mechanics::wwr::eval::V::Nothing => false,
                crate::mechanics::wwr::eval::V::Players(p) => !p.is_empty(),
                _ => true,
            };
            (Tier::Absence, place.players().first().copied())
        }
    };
    if tier == Tier::Absence && !somewhere {
        return Feedback::failed("Nowhere to go");
    }
    let loc = Loc {
        file: scope.element,
        line: ability.span.line,
        col: ability.span.col,
    };
    let lasting = lasting(duration, Lasting::Permanent);
    let subtype = match tier {
        Tier::Absence => "absence",
        Tier::Active => "active",
        Tier::Passive => "passive",
        Tier::Partial => "partial",
        Tier::Recruitment => "recruitment",
    };
    for p in &targets {
        let words = if tier == Tier::Absence {
            ("Absence failed!", "Absence registered!")
        } else {
            ("Protecting failed!", "Protecting executed!")
        };
        let visit = Visit::new("protecting", subtype);
        match gate(run, scope, *p, visit, targets.len() == 1, words) {
            Gate::Go => {}
            Gate::Skip => continue,
            Gate::End(result) => return result,
        }
        run.world.add_attr(
            *p,
            scope.src.clone(),
            AttrKind::Defense {
                tier,
                ability: loc,
                at,
            },
            lasting,
            run.phase,
        );
    }
    if targets.is_empty() {
        return Feedback::failed("Nobody to protect");
    }
    // The actor's own feedback speaks to him (the Wanderer: "You are away at Bob's").
    let who = if targets == scope.me().into_iter().collect::<Vec<_>>() {
        "You".to_string()
    } else {
        run.names(&targets)
    };
    // the bot's words (`abilities/types/protecting.js`)
    match at {
        Some(place) if who == "You" => {
            Feedback::ok(format!("You are away at {}'s", run.name(place)))
                .told("Absence registered!")
        }
        Some(place) => Feedback::ok(format!("{who} is away at {}'s", run.name(place)))
            .told("Absence registered!"),
        None if who == "You" => Feedback::ok("You are protected").told("Protecting executed!"),
        None => Feedback::ok(format!("Protected {who}")).told("Protecting executed!"),
    }
}
