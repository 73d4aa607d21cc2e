//! The journalist (§5.7, L24; black holder L93). At night he compares the colours of two other
//! players: "same", "different", or no information (blocked, a target dead or crippled, the
//! politician, the target of a colour check or of the doctor, blocker or bodyguard tonight).
//! Colours are what a commissar's check would show. After a result he may not compare two new
//! players the next night: one player he compared before with a new one, or a verification of
//! an earlier pair, a pure comparison of their true colours, even with one of them dead. A
//! black journalist learns each target's colour at once.

use super::checks::{self, shown_black, true_black};
use super::night::{self, CityNight, Gate};
use super::{Entry, Role, refusal, teams};
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::Ctx;
use crate::engine::{GameState, Refusal, SlotId};
use crate::kernel::Act;
use crate::kernel::Fold;
use std::collections::BTreeMap;

pub const ROLE: &str = "journalist";

/// Each journalist's comparisons, which pass to his heir.
#[derive(Clone, Debug, Default, PartialEq)]
struct Comparisons(BTreeMap<SlotId, Compared>);

#[derive(Clone, Debug, Default, PartialEq)]
struct Compared {
    /// Every player he compared.
    seen: Vec<SlotId>,
    /// The pairs compared.
    pairs: Vec<(SlotId, SlotId)>,
    /// The night of his last result.
    result_night: u32,
}

fn compared_by(state: &GameState, j: SlotId) -> Compared {
    let all = state.kept.of::<Comparisons>();
    all.0.get(&j).cloned().unwrap_or_default()
}

/// The reds a black journalist saw blackened, and the night he saw them: he is told the next
/// morning (L93).
#[derive(Clone, Debug, Default, PartialEq)]
struct SeenBlackened(BTreeMap<SlotId, (Vec<SlotId>, u32)>);

pub struct Journalist;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    templates: &[
        "pm_journalist_blackened",
        "pm_journalist_colours",
        "pm_journalist_different",
        "pm_journalist_same",
        "pm_journalist_withheld",
    ],
    abilities: &["journalist_compare", "journalist_verify"],
    ..crate::engine::system::Requirements::NONE
};

impl Role for Journalist {
    fn sheet_lines(
        &self,
        _roleset: &crate::rules::Roleset,
        state: &crate::engine::GameState,
    ) -> Vec<String> {
        let all = state.kept.of::<Comparisons>();
        (all.0.iter())
            .map(|(j, c)| {
                let pairs: Vec<String> = (c.pairs.iter())
                    .map(|(a, b)| {
                        format!(
                            "{} & {}",
                            super::kept::name(state, *a),
                            super::kept::name(state, *b)
                        )
                    })
                    .collect();
                format!(
                    "{} has compared {}",
                    super::kept::name(state, *j),
                    pairs.join(", ")
                )
            })
            .collect()
    }
    fn requires(&self) -> crate::engine::system::Requirements {
        REQUIRES
    }
    fn id(&self) -> &'static str {
        ROLE
    }
    /// The heir compares with the results the role got before (L24, L9).
    fn inherit(&self, ctx: &mut Ctx, from: SlotId, to: SlotId) {
        super::carry_record(ctx, from, to, |c: &mut Comparisons| &mut c.0);
    }
    fn morning(&self, ctx: &mut Ctx, run: &Fold<CityNight>) {
        // What a black journalist saw blackened is told him a night later (L93).
        for j in night::holders_at_start(run, &ctx.state, ROLE).collect::<Vec<_>>() {
            let late = ctx.state.kept.of::<SeenBlackened>().0.get(&j).cloned();
            let Some((players, seen_on)) = late else {
                continue;
            };
            if seen_on == 0 || seen_on >= run.ledger.night {
                continue;
            }
            for t in players {
                ctx.say(
                    Audience::Slot(j),
                    "pm_journalist_blackened",
                    &[("player", ctx.name(t))],
                );
            }
            ctx.state.kept.get_mut::<SeenBlackened>().0.remove(&j);
        }
    }
    fn night_move(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) -> bool {
        match mv.ability.as_str() {
            "journalist_compare" => compare(ctx, run, mv, false),
            "journalist_verify" => compare(ctx, run, mv, true),
            _ => return false,
        }
        true
    }
    fn refuse(&self, entry: &Entry) -> Result<(), Refusal> {
        let [a, b] = entry.targets else {
            return Ok(());
        };
        let me = entry.actor;
        match entry.ability {
            "journalist_compare" => {
                let mine = compared_by(entry.state, me);
                let new = [a, b].iter().filter(|t| !mine.seen.contains(t)).count();
                let last = mine.result_night;
                let after_result = last > 0 && last + 1 == entry.night();
                if after_result && new > 1 {
                    return refusal(
                        "journalist_compare",
                        "after a result the journalist may not compare two new players the next night: one he compared before with a new one, or a verification (L24)",
                    );
                }
                Ok(())
            }
            "journalist_verify" if !compared(entry.state, me, *a, *b) => refusal(
                "journalist_verify",
                format!(
                    "the journalist never compared {} and {} (L24)",
                    entry.state.slots[*a].name, entry.state.slots[*b].name
                ),
            ),
            _ => Ok(()),
        }
    }
    fn owes_a_move(&self) -> bool {
        true
    }
    fn history(&self) -> &'static [&'static str] {
        &["pm_journalist"]
    }
}

fn compared(state: &GameState, j: SlotId, a: SlotId, b: SlotId) -> bool {
    compared_by(state, j)
        .pairs
        .iter()
        .any(|&pair| pair == (a, b) || pair == (b, a))
}

fn compare(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act, verify: bool) {
    let [a, b] = mv.targets[..] else {
        return night::step(
            ctx,
            mv,
            StepResult::Failed,
            vec!["two targets needed".into()],
        );
    };
    let names = [("a", ctx.name(a)), ("b", ctx.name(b))];
    let withheld = |ctx: &mut Ctx, why: String, result: StepResult| {
        ctx.say(Audience::Slot(mv.actor), "pm_journalist_withheld", &names);
        night::step(ctx, mv, result, vec![why]);
    };
    if let Gate::Stop(result, why) = night::gate(ctx, run, mv, true, false) {
        return withheld(ctx, why, result);
    }
    if !verify {
        for t in [a, b] {
            if !ctx.is_alive(t) {
                let why = format!("{} died tonight: no information (L24)", ctx.name(t));
                return withheld(ctx, why, StepResult::Failed);
            }
            if let Some(why) = checks::withheld(ctx, run, mv.actor, t, false) {
                return withheld(ctx, why, StepResult::Failed);
            }
        }
    }
    let colour = |ctx: &Ctx, t: SlotId| {
        if verify {
            true_black(ctx, mv.actor, t)
        } else {
            shown_black(ctx, run, mv.actor, t)
        }
    };
    let (ca, cb) = (colour(ctx, a), colour(ctx, b));
    let template = if ca == cb {
        "pm_journalist_same"
    } else {
        "pm_journalist_different"
    };
    ctx.say(Audience::Slot(mv.actor), template, &names);
    let black_holder = teams::black(ctx, mv.actor);
    if black_holder {
        let colours = [
            ("a", ctx.name(a)),
            ("colour_a", teams::colour_word(ca).to_string()),
            ("b", ctx.name(b)),
            ("colour_b", teams::colour_word(cb).to_string()),
        ];
        ctx.say(Audience::Slot(mv.actor), "pm_journalist_colours", &colours);
        // A red shown black by tonight's blackening: he learns it a night later (L93).
        let late: Vec<SlotId> = [(a, ca), (b, cb)]
            .into_iter()
            .filter(|(t, shown)| *shown && !true_black(ctx, mv.actor, *t))
            .map(|(t, _)| t)
            .collect();
        if !late.is_empty() {
            let night = run.ledger.night;
            let seen = &mut ctx.state.kept.get_mut::<SeenBlackened>().0;
            seen.insert(mv.actor, (late, night));
        }
    }
    remember(ctx, mv.actor, a, b, run.ledger.night);
    let why = format!(
        "{}{} and {} are {} (L24)",
        if verify { "verification: " } else { "" },
        ctx.name(a),
        ctx.name(b),
        if ca == cb {
            "the same colour"
        } else {
            "different colours"
        }
    );
    night::step(ctx, mv, StepResult::Success, vec![why]);
}

/// Keep the pair and its players for the repeat rule and later verifications.
fn remember(ctx: &mut Ctx, j: SlotId, a: SlotId, b: SlotId, night: u32) {
    let new_pair = !compared(&ctx.state, j, a, b);
    let mine = ctx
        .state
        .kept
        .get_mut::<Comparisons>()
        .0
        .entry(j)
        .or_default();
    for t in [a, b] {
        if !mine.seen.contains(&t) {
            mine.seen.push(t);
        }
    }
    if new_pair {
        mine.pairs.push((a, b));
    }
    mine.result_night = night;
}
