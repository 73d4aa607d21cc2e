//! Vote manipulating (the bot's `abilities/types/manipulating.js`): each target is visited,
//! then carries a `manipulation` row that sets his voting power on one kind of poll to an
//! amount (absolute) or changes it by one (relative), for the row's duration (permanent when
//! none is written). [`power`] reads the rows as the bot's `pollValue` does, oldest first.

use super::{lasting, tied_parent};
use crate::engine::SlotId;
use crate::mechanics::wwr::eval::{Feedback, Scope, V, number};
use crate::mechanics::wwr::run::Run;
use crate::mechanics::wwr::visit::{Gate, Visit, gate};
use crate::mechanics::wwr::world::{AttrKind, Lasting, World};
use crate::wwr::ast::{Duration, Value, VoteKind};

pub fn run(
    run: &mut Run,
    scope: &mut Scope,
    target: &Value,
    vote: VoteKind,
    relative: bool,
    amount: &Value,
    duration: Option<Duration>,
) -> Feedback {
    let targets = run.eval(scope, target).players();
    let targets = super::redirecting::redirect(run, scope, targets, "manipulating", word(vote));
    let amount = {
        let v = run.eval(scope, amount);
        // the bot's `parseNumber`: what is no number counts as 0
        number(&v).unwrap_or(0.0).round() as i64
    };
    let lasting = lasting(duration, Lasting::Permanent);
    let parent = tied_parent(scope, duration);
    let subtype = word(vote);
    for p in &targets {
        let visit = Visit::new("manipulating", subtype).with(V::Num(amount as f64));
        let words = ("Manipulating failed!", "Manipulating succeeded!");
        match gate(run, scope, *p, visit, targets.len() == 1, words) {
            Gate::Go => {}
            Gate::Skip => continue,
            Gate::End(result) => return result,
        }
        run.world.add_attr_under(
            *p,
            scope.src.clone(),
            AttrKind::VotingPower {
                vote,
                relative,
                amount,
            },
            (lasting, run.phase),
            parent,
        );
    }
    let how = if relative { "changed by" } else { "set to" };
    Feedback::ok(format!(
        "{}'s {subtype} voting power {how} {amount}",
        run.names(&targets)
    ))
    .told("Manipulating succeeded!")
}

/// The bot's word for a kind of voting power (a manipulation row's subtype).
pub fn word(vote: VoteKind) -> &'static str {
    match vote {
        VoteKind::Public => "public",
        VoteKind::SpecialPublic => "special",
        VoteKind::HiddenPublic => "hidden",
        VoteKind::Private => "private",
    }
}

/// A player's votes on a poll: those the result shows and those that count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Power {
    pub visible: i64,
    pub total: i64,
}

/// A player's voting power (the bot's `pollValue`). On a private poll (a group's) a member
/// has 1, changed by his private manipulations. On a public poll he has 1 changed by his
/// public manipulations (what the result shows), then by his hidden ones, and his special
/// power, changed by its own manipulations from 0, is added away from zero.
pub fn power(world: &World, player: SlotId, private: bool) -> Power {
    let apply = |start: i64, kind: VoteKind| {
        world.attrs_of(player).fold(start, |value, a| match a.kind {
            AttrKind::VotingPower {
                vote,
                relative,
                amount,
            } if vote == kind => {
                if relative {
                    value + amount
                } else {
                    amount
                }
            }
            _ => value,
        })
    };
    if private {
        let value = apply(1, VoteKind::Private);
        return Power {
            visible: value,
            total: value,
        };
    }
    let visible = apply(1, VoteKind::Public);
    let special = apply(0, VoteKind::SpecialPublic);
    let value = apply(visible, VoteKind::HiddenPublic);
    let sign = if value >= 0 { 1 } else { -1 };
    Power {
        visible,
        total: value + sign * special,
    }
}
