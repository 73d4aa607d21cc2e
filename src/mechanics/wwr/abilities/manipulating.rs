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
                // a text's number can be anything (`1e300` reads as i64::MAX): saturate
                if relative {
                    value.saturating_add(amount)
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
    let sign: i64 = if value >= 0 { 1 } else { -1 };
    Power {
        visible,
        total: value.saturating_add(sign.saturating_mul(special)),
    }
}

/// Votes as the engine's counts hold them (`i32`), a text's huge number held at the bound.
pub fn as_votes(n: i64) -> i32 {
    n.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
}

#[cfg(test)]
mod tests {
    use super::{Power, as_votes, power};
    use crate::mechanics::wwr::world::{AttrKind, Lasting, Player, Src, World};
    use crate::wwr::ast::VoteKind;

    fn world_with(rows: &[(VoteKind, bool, i64)]) -> World {
        let mut world = World {
            players: vec![Player::default()],
            ..World::default()
        };
        for &(vote, relative, amount) in rows {
            world.add_attr(
                0,
                Src::Player(0),
                AttrKind::VotingPower {
                    vote,
                    relative,
                    amount,
                },
                Lasting::Permanent,
                1,
            );
        }
        world
    }

    /// The bot's `pollValue`: public rows oldest first (absolute sets, relative adds) give what
    /// the result shows; hidden rows go on from there; special power, from 0, is added away
    /// from zero; a private poll reads only private rows, from 1.
    #[test]
    fn voting_power_reads_the_rows_as_the_bot_does() {
        use VoteKind::*;
        let p = |rows: &[(VoteKind, bool, i64)], private| power(&world_with(rows), 0, private);
        assert_eq!(
            p(&[], false),
            Power {
                visible: 1,
                total: 1
            }
        );
        // the Grandma: hidden 0 for good, then hidden 2 for a day
        assert_eq!(
            p(&[(HiddenPublic, false, 0), (HiddenPublic, false, 2)], false),
            Power {
                visible: 1,
                total: 2
            }
        );
        // an absolute row then a relative one: relative to the absolute value
        assert_eq!(
            p(&[(Public, false, 3), (Public, true, -1)], false),
            Power {
                visible: 2,
                total: 2
            }
        );
        // the Mayor's special vote on a Doomed player at 0: 0 counts as positive
        assert_eq!(
            p(&[(Public, false, 0), (SpecialPublic, false, 1)], false),
            Power {
                visible: 0,
                total: 1
            }
        );
        // below zero the special vote is taken away
        assert_eq!(
            p(
                &[(HiddenPublic, false, -1), (SpecialPublic, false, 1)],
                false
            ),
            Power {
                visible: 1,
                total: -2
            }
        );
        assert_eq!(
            p(&[(Private, true, 1), (Public, false, 5)], true),
            Power {
                visible: 2,
                total: 2
            }
        );
        // a text's huge number saturates instead of overflowing
        let huge = p(
            &[(Public, false, i64::MAX), (HiddenPublic, true, i64::MAX)],
            false,
        );
        assert_eq!(huge.total, i64::MAX);
        assert_eq!(as_votes(huge.total), i32::MAX);
        assert_eq!(as_votes(i64::MIN), i32::MIN);
    }
}
