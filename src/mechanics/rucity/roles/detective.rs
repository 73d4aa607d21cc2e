//! The detective (§3.6, L7): tracking a player's night, checking his peaceful role, or (a day
//! move resolved in the verification slot) asking where a peaceful role went every night. The
//! investigator's role request shares the last one (L8). Results go by PM and are copied to the
//! investigator.

use super::kept;
use super::night::{self, CityNight, Gate};
use super::teams::{self, KILLER, KillerSide, VISIT};
use super::tell_result;
use super::{Entry, Role, refusal};
use crate::engine::Refusal;
use crate::engine::SlotId;
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::Ctx;
use crate::kernel::Act;
use crate::kernel::Fold;
use crate::rules::Roleset;
use std::collections::BTreeSet;

const SOURCE: &str = "Детектив";

pub struct Detective;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    templates: &[
        "pm_detective_blackened",
        "pm_detective_dead_colour",
        "pm_detective_home",
        "pm_detective_negative_confirmed",
        "pm_detective_role",
        "pm_detective_self_blackened",
        "pm_detective_visitor_roles",
        "pm_detective_visitors",
        "pm_detective_went",
        "pm_detective_withheld",
        "pm_investigator_blackening",
        "pm_detective_role_both",
        "pm_role_request_withheld",
    ],
    options: &["detective_sees_visitors", "role_request_history"],
    abilities: &[
        "detective_role_check",
        "detective_role_request",
        "detective_track",
    ],
    ..crate::engine::system::Requirements::NONE
};

impl Role for Detective {
    fn requires(&self) -> crate::engine::system::Requirements {
        REQUIRES
    }
    fn id(&self) -> &'static str {
        "detective"
    }
    fn night_move(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) -> bool {
        match mv.ability.as_str() {
            "detective_track" => track(ctx, run, mv),
            "detective_role_check" => role_check(ctx, run, mv),
            "detective_role_request" => role_request(ctx, run, mv),
            _ => return false,
        }
        true
    }
    fn refuse(&self, entry: &Entry) -> Result<(), Refusal> {
        if matches!(entry.ability, "detective_role_check" | "detective_track")
            && entry.params.contains_key("substitute")
            && !teams::plays_black(entry.roleset, entry.me())
        {
            return refusal(
                "substitute",
                "only a black detective, or the faceless, substitutes the investigator's data (L86, L77)",
            );
        }
        match entry.ability {
            "detective_role_request" => role_request_refusal(entry),
            _ => Ok(()),
        }
    }
    fn morning(&self, ctx: &mut Ctx, run: &Fold<CityNight>) {
        morning(ctx, run);
    }
    fn owes_a_move(&self) -> bool {
        true
    }
    fn history(&self) -> &'static [&'static str] {
        &["pm_detective", "pm_role_request"]
    }
}

/// A role request names a special peaceful role (L7), by id or name.
pub fn role_request_refusal(entry: &Entry) -> Result<(), Refusal> {
    let given = entry.params.get("role").map(String::as_str).unwrap_or("");
    match requested_role(entry.roleset, given) {
        Some(r) if teams::is_special_peaceful(entry.roleset, &r) => Ok(()),
        _ => refusal(
            "role_request",
            format!(
                "a role request names a peaceful role with moves: {{\"role\": \"doctor\"}}, not `{given}` (L7)"
            ),
        ),
    }
}

/// Does this ability's move take its holder to another player's house: a peaceful visit or a
/// killer's move (the roleset's `visit` and `killer` tags)?
fn visiting(roleset: &Roleset, ability: &str) -> bool {
    roleset.ability_has_tag(ability, VISIT) || roleset.ability_has_tag(ability, KILLER)
}

/// A killer move of a negative role (the mafia's, the maniac's, insurance).
fn negative(roleset: &Roleset, ability: &str) -> bool {
    roleset.ability_has_tag(ability, KILLER) && teams::is_negative_ability(roleset, ability)
}

/// Where `who` went tonight as a tracker sees it: the negative move first (L7, P20), blocked
/// moves included (L16); insurance only if it fired.
fn went_to(roleset: &Roleset, run: &Fold<CityNight>, who: SlotId) -> (Vec<SlotId>, bool) {
    let mut negative_to = Vec::new();
    let mut peaceful_to = Vec::new();
    // A cut is seen only at the victim's own house (L64.6, Q23).
    let seen = |v: &&crate::kernel::Visit| v.actor == who && v.ability != super::faceless::CUT;
    for v in run.visits.iter().filter(seen) {
        let list = if v.negative {
            &mut negative_to
        } else {
            &mut peaceful_to
        };
        list.extend(v.targets.iter().copied().filter(|t| *t != who));
    }
    for m in run.acts.iter().filter(|m| m.actor == who) {
        let recorded = run
            .visits
            .iter()
            .any(|v| v.actor == who && v.ability == m.ability);
        // A later move already blocked that its maker fakes into himself (L115.11).
        let faked = m.params.get("fake_self").is_some_and(|v| v == "yes")
            && crate::kernel::gate::blocker_of(run, who, negative(roleset, &m.ability)).is_some();
        if recorded || faked || m.ability == "insure" || !visiting(roleset, &m.ability) {
            continue;
        }
        let list = if negative(roleset, &m.ability) {
            &mut negative_to
        } else {
            &mut peaceful_to
        };
        list.extend(m.targets.iter().copied().filter(|t| *t != who));
    }
    if negative_to.is_empty() {
        (peaceful_to, false)
    } else {
        (negative_to, true)
    }
}

/// The target of a detective's check on a player and his name, or `None` when the move ends
/// here: no target, or the gate stopped it (the detective hears his answer is withheld).
fn checked_target(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) -> Option<(SlotId, String)> {
    let Some(&target) = mv.targets.first() else {
        night::step(ctx, mv, StepResult::Failed, vec!["no target".into()]);
        return None;
    };
    let name = ctx.name(target);
    if let Gate::Stop(result, why) = night::gate(ctx, run, mv, true, false) {
        tell_result(
            ctx,
            mv.actor,
            SOURCE,
            "pm_detective_withheld",
            &[("player", name)],
        );
        night::step(ctx, mv, result, vec![why]);
        return None;
    }
    Some((target, name))
}

/// The `substitute` value that stands for staying at home.
const HOME: &str = "home";

fn track(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    let Some((target, name)) = checked_target(ctx, run, mv) else {
        return;
    };
    let (to, negative_move) = went_to(ctx.roleset, run, target);
    let mut reasons = Vec::new();
    let real = if to.is_empty() {
        reasons.push(format!("{name} stayed at home"));
        HOME.to_string()
    } else {
        let names: Vec<String> = to.iter().map(|t| ctx.name(*t)).collect();
        let targets = names.join(", ");
        reasons.push(format!("{name} went to {targets}"));
        targets
    };
    let location_args = |place: &str| -> (&'static str, Vec<(&'static str, String)>) {
        if place == HOME {
            ("pm_detective_home", vec![("player", name.clone())])
        } else {
            (
                "pm_detective_went",
                vec![("player", name.clone()), ("targets", place.to_string())],
            )
        }
    };
    let (template, args) = location_args(&real);
    ctx.say(Audience::Slot(mv.actor), template, &args);
    // A black detective (or the faceless) may substitute the location the investigator is
    // told, on a condition on the real one (L86, L77).
    let condition = mv.params.get("substitute_if").is_none_or(|c| *c == real);
    let fed = mv.params.get("substitute").filter(|_| condition).cloned();
    if let Some(sub) = &fed {
        reasons.push(format!(
            "the detective substitutes the investigator's data: he is told {sub} (L86, L77)"
        ));
    }
    let (template, args) = location_args(fed.as_deref().unwrap_or(&real));
    super::investigator::feed(ctx, mv.actor, SOURCE, template, &args);
    if negative_move {
        owe_later(
            ctx,
            run.ledger.night + 1,
            "pm_detective_negative_confirmed",
            mv.actor,
            &name,
        );
        reasons
            .push("a kill attempt: the detective gets the confirmation a night later (L7)".into());
    }
    if !ctx.is_alive(target) {
        let black = teams::black(ctx, target);
        tell_result(
            ctx,
            mv.actor,
            SOURCE,
            "pm_detective_dead_colour",
            &[
                ("player", name.clone()),
                ("colour", teams::colour_word(black).into()),
            ],
        );
    }
    // A player the joker checked tonight shows the detective no rumour (L51).
    if let Some(side) = run.ledger.blackened.get(&target).copied()
        && !run.ledger.checked.contains(&target)
        && !super::joker::flipped(run, target)
        && target != mv.actor
    {
        let args = [
            ("player", name.clone()),
            ("side", side.name_ru().to_string()),
        ];
        ctx.say(Audience::Slot(mv.actor), "pm_detective_blackened", &args);
        for inv in investigators(ctx) {
            owe_later_args(
                ctx,
                run.ledger.night + 1,
                "pm_investigator_blackening",
                inv,
                &args,
            );
        }
        reasons.push(format!(
            "{name} was blackened by the {} and nobody checked them (L7)",
            side.id()
        ));
    }
    if ctx.option("detective_sees_visitors") == "yes" {
        let visitors: BTreeSet<SlotId> = run
            .visitors_of(mv.actor, mv.actor)
            .map(|v| v.actor)
            .collect();
        if !visitors.is_empty() {
            let names: Vec<String> = visitors.iter().map(|v| ctx.name(*v)).collect();
            ctx.say(
                Audience::Slot(mv.actor),
                "pm_detective_visitors",
                &[("names", names.join(", "))],
            );
        }
    }
    night::step(ctx, mv, StepResult::Success, reasons);
}

fn role_check(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    let Some((target, name)) = checked_target(ctx, run, mv) else {
        return;
    };
    let role = teams::peaceful_name(ctx, target);
    let mut reasons = vec![format!("{name}'s peaceful role is {role}")];
    let substitutes = teams::plays_black(ctx.roleset, &ctx.state.slots[mv.actor]);
    if !substitutes {
        tell_result(
            ctx,
            mv.actor,
            SOURCE,
            "pm_detective_role",
            &[("player", name.clone()), ("role", role.clone())],
        );
        return night::step(ctx, mv, StepResult::Success, reasons);
    }
    // A black detective sees the negative role too (L86); the faceless only substitutes, "как
    // черные" (L77). The investigator gets the standard result or the role substituted, if its
    // condition on the real role holds.
    let negative = ctx
        .state
        .slots
        .get(target)
        .filter(|_| teams::black(ctx, mv.actor))
        .and_then(|s| teams::negative_role(ctx.roleset, s))
        .map(|r| teams::role_name(ctx.roleset, r));
    match &negative {
        Some(n) => ctx.say(
            Audience::Slot(mv.actor),
            "pm_detective_role_both",
            &[
                ("player", name.clone()),
                ("role", role.clone()),
                ("negative", n.clone()),
            ],
        ),
        None => ctx.say(
            Audience::Slot(mv.actor),
            "pm_detective_role",
            &[("player", name.clone()), ("role", role.clone())],
        ),
    }
    if let Some(n) = &negative {
        reasons.push(format!(
            "a black detective also sees the negative role {n} (L86)"
        ));
    }
    let real = ctx
        .state
        .slots
        .get(target)
        .map(|s| s.role.clone())
        .unwrap_or_default();
    let condition = mv.params.get("substitute_if").is_none_or(|c| *c == real);
    let fed = match mv.params.get("substitute").filter(|_| condition) {
        Some(sub) => {
            reasons.push(format!(
                "the detective substitutes the investigator's data: he is told {sub} (L86, L77)"
            ));
            teams::role_name(ctx.roleset, sub)
        }
        None => role,
    };
    super::investigator::feed(
        ctx,
        mv.actor,
        SOURCE,
        "pm_detective_role",
        &[("player", name), ("role", fed)],
    );
    night::step(ctx, mv, StepResult::Success, reasons);
}

/// The role a request names, by id or by its Russian name.
pub fn requested_role(ctx_roleset: &crate::rules::Roleset, given: &str) -> Option<String> {
    let given = given.trim();
    ctx_roleset
        .roles
        .iter()
        .find(|r| r.id.eq_ignore_ascii_case(given) || r.name.to_lowercase() == given.to_lowercase())
        .map(|r| r.id.clone())
}

pub fn role_request(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    let detective = mv.ability == "detective_role_request";
    let source = if detective {
        SOURCE
    } else {
        "Следователь"
    };
    let role = mv
        .params
        .get("role")
        .and_then(|r| requested_role(ctx.roleset, r))
        .unwrap_or_default();
    let role_name = teams::role_name(ctx.roleset, &role);
    if let Gate::Stop(result, why) = night::gate(ctx, run, mv, true, false) {
        tell_result(
            ctx,
            mv.actor,
            source,
            "pm_role_request_withheld",
            &[("role", role_name)],
        );
        return night::step(ctx, mv, result, vec![why]);
    }
    let in_game = ctx.state.slots.iter().any(|s| s.role == role);
    if !in_game {
        tell_result(
            ctx,
            mv.actor,
            source,
            "pm_role_request_withheld",
            &[("role", role_name.clone())],
        );
        return night::step(
            ctx,
            mv,
            StepResult::Failed,
            vec![format!(
                "the role {role_name} is not in this game: no information (L7)"
            )],
        );
    }
    let nights = role_history(ctx, run, &role);
    tell_result(
        ctx,
        mv.actor,
        source,
        "pm_role_request",
        &[("role", role_name.clone()), ("nights", nights.clone())],
    );
    if detective && ctx.option("detective_sees_visitors") == "yes" {
        let roles = night::visit_roles(ctx, run.visitors_of(mv.actor, mv.actor));
        if !roles.is_empty() {
            ctx.say(
                Audience::Slot(mv.actor),
                "pm_detective_visitor_roles",
                &[("roles", roles.join(", "))],
            );
        }
    }
    night::step(
        ctx,
        mv,
        StepResult::Success,
        vec![format!("{role_name}: {nights}")],
    );
}

/// Where a role went each night so far (Q9: every night, or by option only the last one): the
/// players its holder visited, or "at home" (a move on himself stays at home, as for tracking).
fn role_history(ctx: &Ctx, run: &Fold<CityNight>, role: &str) -> String {
    let abilities: Vec<String> = ctx
        .roleset
        .role(role)
        .map(|r| r.abilities.clone())
        .unwrap_or_default()
        .into_iter()
        .filter(|a| visiting(ctx.roleset, a))
        .collect();
    let mut lines = Vec::new();
    for phase in &ctx.state.history {
        if phase.index % 2 == 0 {
            continue;
        }
        let went: Vec<String> = phase
            .outcome
            .steps
            .iter()
            .filter(|s| s.ability.as_ref().is_some_and(|a| abilities.contains(a)))
            .filter(|s| s.result != StepResult::Skipped)
            .flat_map(|s| {
                let holder = s.actor.map(|a| ctx.name(a)).unwrap_or_default();
                s.targets_after
                    .iter()
                    .filter(move |t| **t != holder)
                    .cloned()
                    .collect::<Vec<_>>()
            })
            .collect();
        lines.push(night_line(night::night_number(phase.index), &went));
    }
    let tonight: Vec<String> = run
        .acts
        .iter()
        .filter(|m| abilities.contains(&m.ability))
        .filter(|m| ctx.state.slots.get(m.actor).is_some_and(|s| s.role == role))
        .flat_map(|m| {
            m.targets
                .iter()
                .filter(|t| **t != m.actor)
                .map(|t| ctx.name(*t))
        })
        .collect();
    lines.push(night_line(run.ledger.night, &tonight));
    if ctx.option("role_request_history") == "last_night" {
        lines.drain(..lines.len().saturating_sub(1));
    }
    lines.join("; ")
}

fn night_line(night: u32, went: &[String]) -> String {
    if went.is_empty() {
        format!("ночь {night} — дома")
    } else {
        format!("ночь {night} — у игрока {}", went.join(", "))
    }
}

fn investigators(ctx: &Ctx) -> Vec<SlotId> {
    ctx.state
        .living()
        .filter(|s| teams::holds(s, "investigator"))
        .map(|s| s.id)
        .collect()
}

/// The detective's morning extras: a blackening on himself is always revealed (L7), and the
/// messages owed from the night before are delivered.
fn morning(ctx: &mut Ctx, run: &Fold<CityNight>) {
    for (target, side) in run.ledger.blackened.clone() {
        let is_detective = ctx
            .state
            .slots
            .get(target)
            .is_some_and(|s| s.alive && teams::holds(s, "detective"));
        if is_detective {
            ctx.say(
                Audience::Slot(target),
                "pm_detective_self_blackened",
                &[("side", side_word(side))],
            );
        }
    }
    deliver_later(ctx, run.ledger.night);
}

fn side_word(side: KillerSide) -> String {
    side.name_ru().to_string()
}

fn owe_later(ctx: &mut Ctx, night: u32, template: &str, to: SlotId, player: &str) {
    owe_later_args(ctx, night, template, to, &[("player", player.to_string())]);
}

/// Keep a message for the morning after `night`.
pub fn owe_later_args(
    ctx: &mut Ctx,
    night: u32,
    template: &str,
    to: SlotId,
    args: &[(&str, String)],
) {
    let owed = kept::Owed {
        night,
        template: template.to_string(),
        to,
        args: args
            .iter()
            .map(|(k, v)| (k.to_string(), v.clone()))
            .collect(),
    };
    kept::of_mut(&mut ctx.state).owed.push(owed);
}

/// Deliver the messages owed for this morning.
fn deliver_later(ctx: &mut Ctx, night: u32) {
    let owed = &mut kept::of_mut(&mut ctx.state).owed;
    let (due, rest): (Vec<_>, Vec<_>) = std::mem::take(owed)
        .into_iter()
        .partition(|o| o.night == night);
    *owed = rest;
    for o in due {
        let args: Vec<(&str, String)> = o
            .args
            .iter()
            .map(|(k, v)| (k.as_str(), v.clone()))
            .collect();
        ctx.say(Audience::Slot(o.to), &o.template, &args);
    }
}
