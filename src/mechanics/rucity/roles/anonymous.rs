//! The anonymous (§5.9, L26). At the end of a day (entered in the following night) he puts one
//! or two players under permanent watch, four at most at once; replacing one, `{"drop": NAME}`,
//! he names exactly one new player (Q25). By the morning he learns each new player's peaceful
//! role, and every morning he receives what the players he watches are told. A watched player
//! feels it: a PM every morning. A colour check or a comparison on the anonymous gives no
//! information (L6, L24).

use super::night::{self, CityNight};
use super::{Entry, Role, refusal, teams};
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::Ctx;
use crate::engine::{GameState, Refusal, SlotId};
use crate::kernel::Act;
use crate::kernel::Fold;

pub const ROLE: &str = "anonymous";
/// On a watched player, pointing at the anonymous.
pub const WATCHED: &str = "watched";
const MOST: usize = 4;

pub struct Anonymous;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    templates: &[
        "pm_anonymous_feed",
        "pm_anonymous_vote",
        "pm_anonymous_role",
        "pm_watched",
    ],
    statuses: &["watched"],
    options: &["anonymous_swap"],
    ..crate::engine::system::Requirements::NONE
};

impl Role for Anonymous {
    fn requires(&self) -> crate::engine::system::Requirements {
        REQUIRES
    }
    fn night_falls(&self, ctx: &mut Ctx) {
        vote_news(ctx);
    }
    fn withholds_colour(
        &self,
        ctx: &Ctx,
        _run: &crate::kernel::Fold<super::night::CityNight>,
        target: crate::engine::SlotId,
    ) -> Option<String> {
        super::no_information_on_holders(ctx, target, ROLE, "the anonymous")
    }
    fn id(&self) -> &'static str {
        ROLE
    }
    /// The watches are permanent: they pass to the heir (L26, L9).
    fn inherit(&self, ctx: &mut Ctx, from: SlotId, to: SlotId) {
        super::relink(ctx, WATCHED, from, to);
    }
    fn night_move(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) -> bool {
        mv.ability == ROLE && {
            watch(ctx, run, mv);
            true
        }
    }
    fn refuse(&self, entry: &Entry) -> Result<(), Refusal> {
        if entry.ability != ROLE {
            return Ok(());
        }
        let watched = watched_by(entry.state, entry.actor);
        let drop = entry.params.get("drop");
        if let Some(name) = drop {
            let dropped = entry.state.slots.iter().find(|s| &s.name == name);
            if !dropped.is_some_and(|s| watched.contains(&s.id)) {
                return refusal("anonymous", format!("{name} is not under his watch (L26)"));
            }
            if entry.targets.len() != 1
                && entry.state.option(entry.roleset, "anonymous_swap") != "free"
            {
                return refusal(
                    "anonymous",
                    "replacing a watched player he names exactly one new player (L26, Q25)",
                );
            }
        }
        let new = entry
            .targets
            .iter()
            .filter(|t| !watched.contains(t))
            .count();
        let after = watched.len() + new - usize::from(drop.is_some());
        if after > MOST {
            return refusal(
                "anonymous",
                format!(
                    "at most {MOST} players under watch at once; {} already are: name one to drop with {{\"drop\": NAME}} (L26)",
                    watched.len()
                ),
            );
        }
        Ok(())
    }
    fn morning(&self, ctx: &mut Ctx, run: &Fold<CityNight>) {
        tell(ctx, run);
    }
    fn history(&self) -> &'static [&'static str] {
        &["pm_anonymous"]
    }
}

/// The players `anonymous` watches.
fn watched_by(state: &GameState, anonymous: SlotId) -> Vec<SlotId> {
    state
        .slots
        .iter()
        .filter(|s| {
            s.alive
                && s.statuses
                    .get(WATCHED)
                    .is_some_and(|i| i.link == Some(anonymous))
        })
        .map(|s| s.id)
        .collect()
}

fn watch(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    if let night::Gate::Stop(result, why) = night::gate(ctx, run, mv, true, false) {
        // A failed replacement leaves the old watch in place (L26).
        return night::step(ctx, mv, result, vec![why]);
    }
    let mut reasons = Vec::new();
    if let Some(dropped) = mv.params.get("drop").and_then(|n| ctx.slot_of(n)) {
        if let Some(s) = ctx.state.slots.get_mut(dropped) {
            s.statuses.remove(WATCHED);
        }
        reasons.push(format!("{} is no longer watched", ctx.name(dropped)));
    }
    for &t in &mv.targets {
        ctx.set_status(t, WATCHED, Some(mv.actor));
        let role = teams::peaceful_name(ctx, t);
        ctx.say(
            Audience::Slot(mv.actor),
            "pm_anonymous_role",
            &[("player", ctx.name(t)), ("role", role)],
        );
        reasons.push(format!(
            "{} watches {} from now on (L26)",
            ctx.name(mv.actor),
            ctx.name(t)
        ));
    }
    night::step(ctx, mv, StepResult::Success, reasons);
}

/// The morning: each watched player feels it; the anonymous gets what they were told.
fn tell(ctx: &mut Ctx, run: &Fold<CityNight>) {
    let anonymous: Vec<SlotId> = night::holders_at_start(run, &ctx.state, ROLE)
        .filter(|a| ctx.is_alive(*a))
        .collect();
    for a in anonymous {
        for t in watched_by(&ctx.state, a) {
            let told: Vec<String> = ctx
                .outcome
                .messages
                .iter()
                .filter(|m| {
                    m.audience == Audience::Slot(t)
                        && m.template != "pm_watched"
                        && super::general_information(&m.template)
                })
                .map(|m| m.text.clone())
                .collect();
            ctx.say(Audience::Slot(t), "pm_watched", &[]);
            for text in told {
                ctx.say(
                    Audience::Slot(a),
                    "pm_anonymous_feed",
                    &[("player", ctx.name(t)), ("text", text)],
                );
            }
        }
    }
}

/// The day is over and the anonymous is about to make his next move: he learns what his
/// watched players did at the vote, for watches set before this day (every watch is a night
/// move, so all of them). His players' negative moves stay hidden, as in their night news (L26).
pub fn vote_news(ctx: &mut Ctx) {
    let anonymous: Vec<SlotId> = ctx
        .state
        .living()
        .filter(|s| teams::holds(s, ROLE))
        .map(|s| s.id)
        .collect();
    for a in anonymous {
        for t in watched_by(&ctx.state, a) {
            for mv in super::super::day_moves::of(&ctx.state, t) {
                if teams::is_negative_ability(ctx.roleset, &mv.ability) {
                    continue;
                }
                let name = ctx
                    .roleset
                    .ability(&mv.ability)
                    .map(|d| d.name.clone())
                    .unwrap_or(mv.ability.clone());
                let targets: Vec<String> = mv.targets.iter().map(|x| ctx.name(*x)).collect();
                ctx.say(
                    Audience::Slot(a),
                    "pm_anonymous_vote",
                    &[
                        ("player", ctx.name(t)),
                        ("move", name),
                        ("targets", targets.join(", ")),
                    ],
                );
            }
        }
    }
}
