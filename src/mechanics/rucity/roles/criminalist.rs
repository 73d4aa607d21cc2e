//! The criminalist (§5.27, L44, L112). Before the vote he examines the body of a night victim;
//! with the day's vote result he learns through which role's move the victim was killed and the
//! victim's colour, as the killer would. That evening (entered in the following night) he takes
//! samples from one to three players and compares them with the bodies he examined: in the
//! morning he learns whether the direct killer is among them. Three comparisons at most: one
//! body for every sample (`corpse`), one sample on up to three bodies (`corpses`), or the
//! samples split (`pairs`: "Ivy:Gus,Kim:Lea", one sample on two bodies "Ivy:Gus+Lea"); a
//! sample compared with one body names that victim, one compared with several does not. A
//! blocked sample test fails. His heir keeps the bodies he examined and gets the day's
//! autopsy result. Passive: the names of his night visitors, as the homeless sees them.

use super::night::{self, CityNight};
use super::{Entry, Role, before_the_vote, kept, refusal, teams};
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::{Ctx, live_acts};
use crate::engine::{GameState, Refusal, SlotId};
use crate::kernel::Act;
use crate::kernel::Fold;
use std::collections::BTreeMap;

pub const ROLE: &str = "criminalist";

/// Each criminalist's examinations: the bodies examined, and today's waiting for the vote
/// result.
#[derive(Clone, Debug, Default, PartialEq)]
struct Examined(BTreeMap<SlotId, Bodies>);

#[derive(Clone, Debug, Default, PartialEq)]
struct Bodies {
    examined: Vec<SlotId>,
    today: Option<SlotId>,
}

fn examined_by(state: &GameState, c: SlotId) -> Vec<SlotId> {
    let all = state.kept.of::<Examined>();
    all.0
        .get(&c)
        .map(|b| b.examined.clone())
        .unwrap_or_default()
}

fn bodies_mut(state: &mut GameState, c: SlotId) -> &mut Bodies {
    state.kept.get_mut::<Examined>().0.entry(c).or_default()
}

pub struct Criminalist;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    templates: &[
        "pm_criminalist_autopsy",
        "pm_criminalist_match",
        "pm_criminalist_no_match",
        "pm_criminalist_match_victim",
        "pm_criminalist_visitors",
    ],
    abilities: &["criminalist_autopsy", "criminalist_samples"],
    ..crate::engine::system::Requirements::NONE
};

impl Role for Criminalist {
    fn sheet_lines(
        &self,
        _roleset: &crate::rules::Roleset,
        state: &crate::engine::GameState,
    ) -> Vec<String> {
        let all = state.kept.of::<Examined>();
        (all.0.iter())
            .map(|(c, b)| {
                format!(
                    "{} has examined {}",
                    super::kept::name(state, *c),
                    super::kept::names(state, &b.examined)
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
    fn day_ends(&self, ctx: &mut Ctx) {
        autopsy_result(ctx);
    }
    fn before_vote(&self, ctx: &mut Ctx) {
        fix_pre_vote(ctx);
    }
    fn night_move(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) -> bool {
        mv.ability == "criminalist_samples" && {
            samples(ctx, run, mv);
            true
        }
    }
    fn usable(&self, entry: &Entry) -> Result<(), Refusal> {
        match entry.ability {
            "criminalist_autopsy" => before_the_vote(entry),
            _ => Ok(()),
        }
    }
    fn refuse(&self, entry: &Entry) -> Result<(), Refusal> {
        match entry.ability {
            "criminalist_autopsy" => {
                let Some(&t) = entry.targets.first() else {
                    return Ok(());
                };
                if !kept::of(entry.state).killer_of.contains_key(&t) {
                    return refusal(
                        "criminalist_autopsy",
                        format!(
                            "{} is not a night victim: only their bodies are examined (L44)",
                            entry.state.slots[t].name
                        ),
                    );
                }
                Ok(())
            }
            "criminalist_samples" => samples_refusal(entry),
            _ => Ok(()),
        }
    }
    fn morning(&self, ctx: &mut Ctx, run: &Fold<CityNight>) {
        super::tell_visitor_names(ctx, run, ROLE, "pm_criminalist_visitors");
    }
    fn history(&self) -> &'static [&'static str] {
        &["pm_criminalist"]
    }
    /// "Если криминалист умирает на голосовании и кто-то получает его роль, текущая проверка
    /// не сорвется" (L44): the heir keeps the examined bodies and gets today's result.
    fn inherit(&self, ctx: &mut Ctx, from: SlotId, to: SlotId) {
        let inherited = examined_by(&ctx.state, from);
        let examined = &mut bodies_mut(&mut ctx.state, to).examined;
        for b in inherited {
            if !examined.contains(&b) {
                examined.push(b);
            }
        }
        let results: Vec<_> = ctx
            .outcome
            .messages
            .iter()
            .filter(|m| {
                m.audience == Audience::Slot(from) && m.template == "pm_criminalist_autopsy"
            })
            .cloned()
            .collect();
        for mut m in results {
            m.audience = Audience::Slot(to);
            ctx.outcome.messages.push(m);
        }
    }
}

/// The comparisons of a samples move, (sample, bodies): `pairs` if given, else every sample
/// with the body or bodies named.
fn comparisons(
    state: &GameState,
    samples: &[SlotId],
    params: &std::collections::BTreeMap<String, String>,
) -> Result<Vec<(SlotId, Vec<SlotId>)>, String> {
    let Some(pairs) = params.get("pairs").filter(|p| !p.trim().is_empty()) else {
        let bodies = corpses(state, params);
        return Ok(samples.iter().map(|s| (*s, bodies.clone())).collect());
    };
    let slot = |n: &str| {
        state
            .slot_by_name(n.trim())
            .map(|s| s.id)
            .ok_or_else(|| format!("`{}` is no player", n.trim()))
    };
    let mut out: Vec<(SlotId, Vec<SlotId>)> = Vec::new();
    for pair in pairs.split(',').filter(|p| !p.trim().is_empty()) {
        let (sample, bodies) = pair
            .split_once(':')
            .ok_or_else(|| format!("`{pair}` is no sample:body pair"))?;
        let sample = slot(sample)?;
        let bodies = bodies.split('+').map(slot).collect::<Result<Vec<_>, _>>()?;
        match out.iter_mut().find(|(s, _)| *s == sample) {
            Some((_, known)) => known.extend(bodies),
            None => out.push((sample, bodies)),
        }
    }
    Ok(out)
}

/// Samples are compared with bodies he examined, three comparisons at most, every sample with
/// at least one body (L44).
fn samples_refusal(entry: &Entry) -> Result<(), Refusal> {
    let how = "samples are compared with bodies he examined: {\"corpse\": NAME}, {\"corpses\": \"A,B\"} or {\"pairs\": \"Ivy:Gus,Kim:Lea\"} (L44)";
    let compared = match comparisons(entry.state, entry.targets, entry.params) {
        Ok(c) => c,
        Err(why) => return refusal("criminalist_samples", format!("{why}: {how}")),
    };
    let examined = examined_by(entry.state, entry.actor);
    let unexamined = compared
        .iter()
        .flat_map(|(_, b)| b)
        .any(|b| !examined.contains(b));
    let bare = entry.targets.iter().any(|t| {
        !compared
            .iter()
            .any(|(s, bodies)| s == t && !bodies.is_empty())
    });
    if unexamined || bare {
        return refusal("criminalist_samples", how);
    }
    if compared.iter().any(|(s, _)| !entry.targets.contains(s)) {
        return refusal(
            "criminalist_samples",
            "`pairs` names only the players he takes samples from (L44)",
        );
    }
    let total: usize = compared.iter().map(|(_, b)| b.len()).sum();
    if total > 3 {
        return refusal(
            "criminalist_samples",
            format!(
                "{total} comparisons: three at most (one body for each of three samples, one sample on two bodies of two, one sample on three) (L44)"
            ),
        );
    }
    Ok(())
}

/// The bodies named by a samples move.
fn corpses(state: &GameState, params: &std::collections::BTreeMap<String, String>) -> Vec<SlotId> {
    let list = params
        .get("corpse")
        .or_else(|| params.get("corpses"))
        .map(String::as_str)
        .unwrap_or("");
    list.split(',')
        .filter_map(|n| state.slot_by_name(n.trim()).map(|s| s.id))
        .collect()
}

/// When the vote starts: the examination of today is kept for the vote result.
fn fix_pre_vote(ctx: &mut Ctx) {
    let Some(c) = teams::holder(&ctx.state, ROLE) else {
        return;
    };
    let body = live_acts(&ctx.state)
        .rev()
        .find(|a| a.actor == c && a.ability == "criminalist_autopsy")
        .and_then(|a| a.targets.first().and_then(|t| ctx.slot_of(t)));
    let Some(body) = body else {
        return;
    };
    if let Some(why) = super::blocks::blocked(ctx, c, "criminalist_autopsy") {
        let line = format!("{}'s examination fails: {why}", ctx.name(c));
        return ctx.note("criminalist", "pre_vote", line);
    }
    let bodies = bodies_mut(&mut ctx.state, c);
    bodies.today = Some(body);
    if !bodies.examined.contains(&body) {
        bodies.examined.push(body);
    }
}

fn state_today(state: &GameState, c: SlotId) -> Option<SlotId> {
    state.kept.of::<Examined>().0.get(&c).and_then(|b| b.today)
}

/// With the day's last vote result: the examined body's killing role and colour (L44).
fn autopsy_result(ctx: &mut Ctx) {
    for c in ctx.state.slots.iter().map(|s| s.id).collect::<Vec<_>>() {
        let waiting = state_today(&ctx.state, c);
        let Some(body) = waiting else {
            continue;
        };
        bodies_mut(&mut ctx.state, c).today = None;
        let cause = ctx.state.slots[body]
            .death
            .as_ref()
            .map(|(_, cause)| cause.clone())
            .unwrap_or_default();
        let role = teams::role_name(ctx.roleset, &cause);
        let colour = teams::colour_word(teams::black(ctx, body));
        ctx.say(
            Audience::Slot(c),
            "pm_criminalist_autopsy",
            &[
                ("player", ctx.name(body)),
                ("role", role),
                ("colour", colour.into()),
            ],
        );
    }
}

fn samples(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    if let night::Gate::Stop(result, why) = night::gate(ctx, run, mv, true, false) {
        return night::step(ctx, mv, result, vec![why]);
    }
    let compared = comparisons(&ctx.state, &mv.targets, &mv.params).unwrap_or_default();
    let killers = kept::of(&ctx.state).killer_of.clone();
    let killer_of = |b: SlotId| killers.get(&b).copied();
    let mut found: Vec<String> = Vec::new();
    let mut victims: Vec<(String, String)> = Vec::new();
    for (sample, bodies) in &compared {
        let killed: Vec<SlotId> = bodies
            .iter()
            .copied()
            .filter(|b| killer_of(*b) == Some(*sample))
            .collect();
        if killed.is_empty() {
            continue;
        }
        found.push(ctx.name(*sample));
        // One body compared: the result names the victim; several: only that he killed one
        // of them (L44).
        if let [body] = bodies[..] {
            victims.push((ctx.name(*sample), ctx.name(body)));
        }
    }
    let names: Vec<String> = mv.targets.iter().map(|t| ctx.name(*t)).collect();
    let (template, why) = if found.is_empty() {
        (
            "pm_criminalist_no_match",
            format!("no killer among {} (L44)", names.join(", ")),
        )
    } else {
        (
            "pm_criminalist_match",
            format!("{} matches the killer (L44)", found.join(", ")),
        )
    };
    let args = [("players", names.join(", ")), ("killers", found.join(", "))];
    ctx.say(Audience::Slot(mv.actor), template, &args);
    for (sample, victim) in victims {
        ctx.say(
            Audience::Slot(mv.actor),
            "pm_criminalist_match_victim",
            &[("player", sample), ("victim", victim)],
        );
    }
    night::step(ctx, mv, StepResult::Success, vec![why]);
}
