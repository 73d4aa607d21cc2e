//! The necromancer (§5.25, L42; black holder L104). At the end of Day 1 he curses three players
//! (`necromancer_curse`; one who sends nothing gets three at random, never victims of Night 1).
//! A cursed player who dies is undead for the rest of the game (the header says «Нежить»): the
//! necromancer uses his peaceful role from then on, naming him (`{"undead": NAME}`), never on
//! himself and never its killing moves; a role undead cannot use (the other half of the list)
//! gives him +1 to his vote instead. A block on him blocks all his undead. At the end of a day
//! he may swap one undead or cursed player for another corpse (`necromancer_swap`), whose role
//! is his only after a game-day.

use super::night::{self, CityNight};
use super::{Entry, Role, refusal, teams};
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::Ctx;
use crate::engine::{GameState, Refusal, SlotId};
use crate::kernel::Act;
use crate::kernel::Fold;

pub const ROLE: &str = "necromancer";
/// On a cursed player, pointing at the necromancer.
pub const CURSED: &str = "necro_cursed";
/// On a cursed player who died, pointing at the necromancer.
pub const UNDEAD: &str = "undead";
/// The roles undead can use (L42); any other gives the necromancer +1 to his vote.
const USABLE: &[&str] = &[
    "commissar",
    "detective",
    "investigator",
    "doctor",
    "blocker",
    "prostitute",
    "hacker",
    "journalist",
    "homeless",
    "anonymous",
    "pimp",
    "lawyer",
    "inquisitor",
    "drug_dealer",
    "fanatic",
    "cultist",
    "criminalist",
    "maid",
];

/// The night each undead was raised by a swap: his role waits a game-day.
#[derive(Clone, Debug, Default, PartialEq)]
struct Waiting(std::collections::BTreeMap<SlotId, u32>);

pub struct Necromancer;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    templates: &[
        "pm_necromancer_undead",
        "pm_necromancer_undead_lost",
        "pm_killer_undead",
    ],
    statuses: &["necro_cursed"],
    ..crate::engine::system::Requirements::NONE
};

impl Role for Necromancer {
    fn sheet_lines(
        &self,
        _roleset: &crate::rules::Roleset,
        state: &crate::engine::GameState,
    ) -> Vec<String> {
        let waiting = state.kept.of::<Waiting>();
        (waiting.0.iter())
            .map(|(u, night)| {
                format!(
                    "{} was raised on night {night}: his role waits a game-day (L42)",
                    super::kept::name(state, *u)
                )
            })
            .collect()
    }
    fn requires(&self) -> crate::engine::system::Requirements {
        REQUIRES
    }
    fn lends(&self) -> Option<super::Lent> {
        Some(super::Lent::ThroughTheDead)
    }
    // A shot at an undead destroys him (L42).
    fn shot_meets(
        &self,
        ctx: &mut Ctx,
        shooter: SlotId,
        target: SlotId,
        reasons: &mut Vec<String>,
    ) -> bool {
        if !is_undead(&ctx.state, target) {
            return false;
        }
        destroy(ctx, shooter, target, reasons);
        true
    }
    fn dead_mark(&self, state: &GameState, slot: SlotId) -> Option<&'static str> {
        let undead = state.slots.get(slot).is_some_and(|s| s.has_status(UNDEAD));
        undead.then_some(", нежить")
    }
    fn vote_boosts(&self, ctx: &Ctx, vote: &super::CastVote) -> Vec<(i32, String)> {
        super::in_half_votes(weight_modifiers(ctx, vote.voter))
    }
    fn id(&self) -> &'static str {
        ROLE
    }
    /// The curses, the undead and their roles pass to the heir (L42, L9).
    fn inherit(&self, ctx: &mut Ctx, from: SlotId, to: SlotId) {
        super::relink(ctx, CURSED, from, to);
        super::relink(ctx, UNDEAD, from, to);
        super::pass_lent_roles(ctx, ROLE, from, to);
    }
    fn night_move(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) -> bool {
        match mv.ability.as_str() {
            "necromancer_curse" => curse(ctx, run, mv),
            "necromancer_swap" => swap(ctx, run, mv),
            _ => return false,
        }
        true
    }
    fn refuse(&self, entry: &Entry) -> Result<(), Refusal> {
        match entry.ability {
            "necromancer_curse"
                if entry.night() != 1 || !cursed_by(entry.state, entry.actor).is_empty() =>
            {
                refusal(
                    "necromancer_curse",
                    "the necromancer curses three players once, at the end of Day 1 (L42)",
                )
            }
            "necromancer_swap" => swap_refusal(entry),
            _ => Ok(()),
        }
    }
    fn morning(&self, ctx: &mut Ctx, run: &Fold<CityNight>) {
        for n in night::holders_at_start(run, &ctx.state, ROLE).collect::<Vec<_>>() {
            if run.ledger.night == 1 && cursed_by(&ctx.state, n).is_empty() && ctx.is_alive(n) {
                curse_at_random(ctx, n);
            }
        }
        raise(ctx);
    }
    fn lynched(&self, ctx: &mut Ctx, _lynched: &[SlotId]) -> Vec<SlotId> {
        raise(ctx);
        Vec::new()
    }
    /// A move through an undead who was shot earlier tonight is gone with him (L42).
    fn stops(&self, ctx: &Ctx, _run: &Fold<CityNight>, mv: &Act) -> Option<(StepResult, String)> {
        let undead = ctx.slot_of(mv.params.get("undead")?)?;
        let linked = ctx.state.slots[undead]
            .statuses
            .get(UNDEAD)
            .is_some_and(|i| i.link == Some(mv.actor));
        (!linked).then(|| {
            (
                StepResult::Failed,
                format!(
                    "the undead {} was destroyed: his role is the necromancer's no more (L42)",
                    ctx.name(undead)
                ),
            )
        })
    }
    fn history(&self) -> &'static [&'static str] {
        &["pm_necromancer"]
    }
}

/// The players `necromancer` cursed or raised, living or dead.
fn cursed_by(state: &GameState, necromancer: SlotId) -> Vec<SlotId> {
    state
        .slots
        .iter()
        .filter(|s| {
            [CURSED, UNDEAD].iter().any(|st| {
                s.statuses
                    .get(*st)
                    .is_some_and(|i| i.link == Some(necromancer))
            })
        })
        .map(|s| s.id)
        .collect()
}

fn curse(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    if let night::Gate::Stop(result, why) = night::gate(ctx, run, mv, false, false) {
        return night::step(ctx, mv, result, vec![why]);
    }
    for &t in &mv.targets {
        ctx.set_status_until(t, CURSED, Some(mv.actor), None);
    }
    let names: Vec<String> = mv.targets.iter().map(|t| ctx.name(*t)).collect();
    let why = format!("{} curses {} (L42)", ctx.name(mv.actor), names.join(", "));
    night::step(ctx, mv, StepResult::Success, vec![why]);
}

/// A necromancer who cursed nobody on Night 1 gets three living players at random, never the
/// night's victims (L42).
fn curse_at_random(ctx: &mut Ctx, necromancer: SlotId) {
    let mut pool: Vec<SlotId> = ctx
        .state
        .living()
        .map(|s| s.id)
        .filter(|s| *s != necromancer)
        .collect();
    for _ in 0..3 {
        let names: Vec<String> = pool.iter().map(|p| ctx.name(*p)).collect();
        let ids: Vec<SlotId> = pool.clone();
        let label = |p: &SlotId| names[ids.iter().position(|x| x == p).unwrap_or(0)].clone();
        let Some(t) = ctx.draw(
            "morning",
            "the necromancer's curse, sent by nobody (L42)",
            &ids,
            label,
        ) else {
            break;
        };
        ctx.set_status_until(t, CURSED, Some(necromancer), None);
        pool.retain(|p| *p != t);
    }
}

/// Cursed players who died are undead: their roles are the necromancer's (L42).
fn raise(ctx: &mut Ctx) {
    let risen: Vec<(SlotId, SlotId)> = ctx
        .state
        .slots
        .iter()
        .filter(|s| !s.alive)
        .filter_map(|s| Some((s.id, s.statuses.get(CURSED)?.link?)))
        .collect();
    for (dead, necromancer) in risen {
        crate::kernel::status::clear(ctx, dead, CURSED);
        ctx.set_status_until(dead, UNDEAD, Some(necromancer), None);
        give_role(ctx, necromancer, dead);
    }
    // Undead raised by a swap get to work after a game-day.
    let night_now = night::night_number(ctx.state.phase);
    let waiting: Vec<(SlotId, SlotId)> = ctx
        .state
        .slots
        .iter()
        .filter_map(|s| Some((s.id, s.statuses.get(UNDEAD)?.link?)))
        // A game-day from the swap made in a night's evening: the role is his when the next
        // day ends, for the moves of the evening after (L42).
        .filter(|(u, _)| {
            let w = ctx
                .state
                .kept
                .of::<Waiting>()
                .0
                .get(u)
                .copied()
                .unwrap_or(0);
            w > 0 && ctx.state.phase.is_multiple_of(2) && w <= night_now
        })
        .collect();
    for (undead, necromancer) in waiting {
        ctx.state.kept.get_mut::<Waiting>().0.remove(&undead);
        give_role(ctx, necromancer, undead);
    }
}

/// Does an undead with this role give the necromancer +1 (a role, but none the undead use)?
fn unusable(ctx: &Ctx, role: &str) -> bool {
    teams::is_special_peaceful(ctx.roleset, role) && !USABLE.contains(&role)
}

fn give_role(ctx: &mut Ctx, necromancer: SlotId, undead: SlotId) {
    let role = ctx.state.slots[undead].role.clone();
    let name = teams::role_name(ctx.roleset, &role);
    let usable = USABLE.contains(&role.as_str());
    if usable {
        ctx.lend(necromancer, &role, None, ROLE);
        super::active_citizen::inherit_counters(ctx, undead, necromancer, &role);
        // He buys votes through the dealer's corpse from zero (L42).
        if role == super::drug_dealer::ROLE
            && let Some(s) = ctx.state.slots.get_mut(necromancer)
        {
            s.counters.remove(super::drug_dealer::BANK);
        }
        super::collector::tell_moves(ctx, necromancer, undead, &role);
    }
    ctx.say(
        Audience::Slot(necromancer),
        "pm_necromancer_undead",
        &[("player", ctx.name(undead)), ("role", name.clone())],
    );
    let why = if usable {
        format!(
            "{} is undead: the necromancer {} uses the role {name} (L42)",
            ctx.name(undead),
            ctx.name(necromancer)
        )
    } else if !unusable(ctx, &role) {
        format!(
            "{} is undead, with no role for the necromancer to use (L42)",
            ctx.name(undead)
        )
    } else {
        format!(
            "{} is undead: {name} is no role for the undead, the necromancer {} gets +1 to his vote (L42)",
            ctx.name(undead),
            ctx.name(necromancer)
        )
    };
    ctx.note(format!("undead:{}", ctx.name(undead)), "morning", why);
}

fn swap_refusal(entry: &Entry) -> Result<(), Refusal> {
    let [old, new] = entry.targets else {
        return Ok(());
    };
    let mine = cursed_by(entry.state, entry.actor);
    if !mine.contains(old) {
        return refusal(
            "necromancer_swap",
            "the swap gives up one of his undead or cursed players first (L42)",
        );
    }
    let corpse = &entry.state.slots[*new];
    if corpse.has_status(UNDEAD) && !mine.contains(new) {
        return refusal(
            "necromancer_swap",
            "an undead killed again can no longer be raised (L42)",
        );
    }
    if corpse.alive || mine.contains(new) {
        return refusal(
            "necromancer_swap",
            "the swap raises another corpse, second (L42)",
        );
    }
    Ok(())
}

fn swap(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    if let night::Gate::Stop(result, why) = night::gate(ctx, run, mv, true, false) {
        return night::step(ctx, mv, result, vec![why]);
    }
    let &[old, new] = mv.targets.as_slice() else {
        return night::step(ctx, mv, StepResult::Failed, vec!["two targets".into()]);
    };
    let old_role = ctx.state.slots[old].role.clone();
    for st in [CURSED, UNDEAD] {
        crate::kernel::status::clear(ctx, old, st);
    }
    if let Some(s) = ctx.state.slots.get_mut(mv.actor) {
        s.borrowed.retain(|b| !(b.by == ROLE && b.role == old_role));
    }
    ctx.set_status_until(new, UNDEAD, Some(mv.actor), None);
    let night = run.ledger.night;
    ctx.state.kept.get_mut::<Waiting>().0.insert(new, night);
    let why = format!(
        "{} gives up {} and raises {}, whose role is his after a game-day (L42)",
        ctx.name(mv.actor),
        ctx.name(old),
        ctx.name(new)
    );
    night::step(ctx, mv, StepResult::Success, vec![why]);
}

/// Why a move made through an undead is refused: never a killing move, never on the
/// necromancer himself (L42).
pub fn refuse_undead_move(entry: &Entry, role: &str) -> Result<(), Refusal> {
    if let Some(name) = entry.params.get("undead") {
        if !teams::holds(entry.me(), ROLE) {
            return refusal(
                "undead",
                "only the necromancer acts through an undead (L42)",
            );
        }
        let through = entry.state.slot_by_name(name).filter(|s| {
            s.statuses
                .get(UNDEAD)
                .is_some_and(|i| i.link == Some(entry.actor))
                && s.role == role
        });
        if through.is_none() {
            return refusal(
                "undead",
                format!("{name} is none of his undead with this role (L42)"),
            );
        }
    }
    let borrowed = entry
        .me()
        .borrowed
        .iter()
        .any(|b| b.by == ROLE && b.role == role);
    if !borrowed {
        return Ok(());
    }
    // Every move of the undead's role is sent from his side (L42).
    if !entry.params.contains_key("undead") {
        return refusal(
            "undead",
            "a move of an undead's role names the undead it is made through: {\"undead\": NAME} (L42)",
        );
    }
    let killing = entry
        .roleset
        .ability(entry.ability)
        .is_some_and(|a| a.tags.iter().any(|t| t == "killer"))
        || KILLING_MOVES.contains(&entry.ability);
    if killing {
        return refusal("undead", "the undead make no killing moves (L42)");
    }
    if entry.targets.contains(&entry.actor) {
        return refusal(
            "undead",
            "the necromancer sends no move of any role to himself (L42)",
        );
    }
    Ok(())
}

/// The peaceful roles' killing moves.
const KILLING_MOVES: &[&str] = &[
    "investigator_shot",
    "fanatic_revenge",
    "inquisitor_burn",
    "cultist_devour",
];

/// +1 to the necromancer's vote for each undead whose role the undead cannot use (L42).
pub fn weight_modifiers(ctx: &Ctx, voter: SlotId) -> Vec<(i32, String)> {
    let s = &ctx.state.slots[voter];
    if !teams::holds(s, ROLE) {
        return Vec::new();
    }
    let n = cursed_by(&ctx.state, voter)
        .into_iter()
        .filter(|u| ctx.has_status(*u, UNDEAD) && unusable(ctx, &ctx.state.slots[*u].role))
        .count() as i32;
    if n == 0 {
        return Vec::new();
    }
    vec![(
        n,
        format!("+{n}: the necromancer, for each undead whose role the undead cannot use (L42)"),
    )]
}

/// Is `slot` an undead a necromancer still holds: a killer's possible target (L42)?
pub fn is_undead(state: &GameState, slot: SlotId) -> bool {
    state
        .slots
        .get(slot)
        .is_some_and(|s| !s.alive && s.statuses.get(UNDEAD).is_some_and(|i| i.link.is_some()))
}

/// A killer's shot at an undead destroys him: the necromancer loses his role, the corpse can
/// never be raised again (the header keeps «Нежить»), and the shot is spent on nobody, so the
/// killer's side keeps it for the nearest night: his extra move (L42).
pub fn destroy(ctx: &mut Ctx, killer: SlotId, undead: SlotId, reasons: &mut Vec<String>) {
    let Some(necromancer) = ctx.state.slots[undead]
        .statuses
        .get(UNDEAD)
        .and_then(|i| i.link)
    else {
        return;
    };
    let role = ctx.state.slots[undead].role.clone();
    if let Some(s) = ctx.state.slots.get_mut(necromancer) {
        s.borrowed.retain(|b| !(b.by == ROLE && b.role == role));
    }
    ctx.set_status_until(undead, UNDEAD, None, None);
    ctx.state.kept.get_mut::<Waiting>().0.remove(&undead);
    let name = teams::role_name(ctx.roleset, &role);
    ctx.say(
        Audience::Slot(necromancer),
        "pm_necromancer_undead_lost",
        &[("player", ctx.name(undead)), ("role", name)],
    );
    ctx.say(
        Audience::Slot(killer),
        "pm_killer_undead",
        &[("player", ctx.name(undead))],
    );
    reasons.push(format!(
        "{} is undead: the shot destroys him for good, the necromancer {} loses his role, and the shot stays for the nearest night (L42)",
        ctx.name(undead),
        ctx.name(necromancer)
    ));
}
