//! The kill stage (conan.md §6.1 N6, §7, §8.2–§8.4): the one BO kill of the night, chosen among
//! the orders (the leader's first, then by rank, among members whose turn it is), Korn's Heavy
//! Handed, and the protection chain every attack meets.

use super::phase::{self, Run};
use super::{book, crimes, deaths};
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::{Ctx, live_acts};
use crate::engine::system::ActQuery;
use crate::engine::{Refusal, SlotId};
use crate::kernel::{self, Act};

/// A snipe's strength against the protections: it passes Heal and First Aid, a protector who
/// stops it dies in the target's place (§7 step 3).
pub const SNIPE: u8 = 3;

/// An attack on its way to its target.
#[derive(Clone, Debug)]
pub struct Blow {
    pub attacker: SlotId,
    pub target: SlotId,
    /// The cause of death it records (`bo_kill`, `vengeance`).
    pub cause: &'static str,
    pub snipe: bool,
    pub bribe: bool,
    pub insult: bool,
}

pub fn stage(ctx: &mut Ctx, run: &mut Run, acts: &[Act]) {
    let orders: Vec<&Act> = acts.iter().filter(|a| a.ability == "bo_kill").collect();
    bo_kill(ctx, run, &orders);
    for act in acts.iter().filter(|a| a.ability == "heavy_handed") {
        super::roles::korn::heavy_handed(ctx, run, act);
    }
    for act in acts.iter().filter(|a| a.ability == "vengeance") {
        super::roles::akai::stand(ctx, act);
    }
}

fn yes(act: &Act, key: &str) -> bool {
    act.params.get(key).is_some_and(|v| v == "yes")
}

/// The member an order names as the killer: the `killer` parameter, else its sender.
pub fn killer_of(ctx: &Ctx, act: &Act) -> SlotId {
    act.params
        .get("killer")
        .and_then(|n| ctx.slot_of(n))
        .unwrap_or(act.actor)
}

/// Members who may be tonight's killer (§8.4): BO, alive, in Japan, not arrested, and not yet
/// killers this cycle; when none is left, the cycle starts again.
pub fn eligible(state: &crate::engine::GameState) -> Vec<SlotId> {
    let free: Vec<SlotId> = book::bo_members(state)
        .into_iter()
        .filter(|m| state.slots.get(*m).is_some_and(book::free))
        .collect();
    let fresh: Vec<SlotId> = free
        .iter()
        .copied()
        .filter(|m| state.slots[*m].counter(book::TURN_USED) == 0)
        .collect();
    if fresh.is_empty() { free } else { fresh }
}

/// Start a new cycle of turns when nobody free is left without one.
fn reset_turns_if_spent(ctx: &mut Ctx) {
    let free: Vec<SlotId> = book::bo_members(&ctx.state)
        .into_iter()
        .filter(|m| ctx.state.slots.get(*m).is_some_and(book::free))
        .collect();
    let all_used = free
        .iter()
        .all(|m| ctx.state.slots[*m].counter(book::TURN_USED) > 0);
    if all_used && !free.is_empty() {
        for s in ctx.state.slots.iter_mut() {
            s.counters.remove(book::TURN_USED);
        }
        ctx.note(
            "turns",
            "kill",
            "every free member has killed once this cycle: a new cycle of turns starts (§8.4)",
        );
    }
}

/// The order the night's kill follows (§8.3): a valid order of the leader's, else the members'
/// own orders by rank. An order whose killer's turn is spent falls through (Q8).
fn chosen<'a>(ctx: &Ctx, run: &Run, orders: &[&'a Act]) -> (Option<&'a Act>, Vec<String>) {
    let mut notes = Vec::new();
    let leader = book::leader(&ctx.state);
    let turns_rule = ctx.option("q8_leader_vs_turns") != "leader";
    let eligible = eligible(&ctx.state);
    let leader_void = leader.is_some_and(|l| {
        run.ledger.discombobulated.contains(&l)
            && ctx.option("q14_discombobulated_leader") == "void"
    });
    let valid = |act: &Act, by_leader: bool| {
        let killer = killer_of(ctx, act);
        let can = ctx.state.slots.get(killer).is_some_and(book::free)
            && book::is_bo(&ctx.state.slots[killer]);
        can && (eligible.contains(&killer) || (by_leader && !turns_rule))
    };
    let mut ranked: Vec<&Act> = orders.to_vec();
    ranked.sort_by_key(|a| {
        let by_leader = Some(a.actor) == leader && !leader_void;
        (
            !by_leader,
            book::rank(&ctx.state.slots[a.actor]).unwrap_or(usize::MAX),
            a.seq,
        )
    });
    for act in ranked {
        let by_leader = Some(act.actor) == leader && !leader_void;
        if Some(act.actor) == leader && leader_void {
            notes.push(format!(
                "{} leads but is discombobulated: his order is void tonight (§8.2, Q14)",
                ctx.name(act.actor)
            ));
            if killer_of(ctx, act) != act.actor {
                continue;
            }
        }
        // The seed's lover clause: the order does not happen when the ordered lover is the
        // one who discombobulated the leader tonight (seed line 51), whatever Q14 says.
        let killer = killer_of(ctx, act);
        let lover_voided = by_leader
            && killer != act.actor
            && ctx.has_status(killer, super::LOVER)
            && live_acts(&ctx.state).any(|a| {
                a.actor == killer
                    && a.ability == "discombobulate"
                    && a.targets.first().and_then(|t| ctx.slot_of(t)) == leader
            });
        if lover_voided {
            notes.push(format!(
                "{} is a lover who discombobulated the leader: the order to kill does not happen (seed line 51)",
                ctx.name(killer)
            ));
            continue;
        }
        if valid(act, by_leader) {
            return (Some(act), notes);
        }
        notes.push(format!(
            "{}'s order names {}, who cannot kill tonight (arrested, abroad, or his turn is spent: everyone kills once before anyone kills twice, §8.4)",
            ctx.name(act.actor),
            ctx.name(killer_of(ctx, act))
        ));
    }
    (None, notes)
}

/// Tonight's killer as the orders stand before the night's actions (Chameleon needs it).
pub fn planned(ctx: &Ctx, run: &Run, orders: &[&Act]) -> Option<SlotId> {
    chosen(ctx, run, orders).0.map(|a| killer_of(ctx, a))
}

fn bo_kill(ctx: &mut Ctx, run: &mut Run, orders: &[&Act]) {
    if orders.is_empty() {
        return;
    }
    reset_turns_if_spent(ctx);
    let (pick, notes) = chosen(ctx, run, orders);
    for act in orders.iter().filter(|a| Some(a.seq) != pick.map(|p| p.seq)) {
        let mut reasons = notes.clone();
        reasons.push(
            "another order is tonight's kill, or none is valid: one BO kill a night (§8.3)".into(),
        );
        kernel::step::done(ctx, act, StepResult::Skipped, reasons);
    }
    let Some(act) = pick else { return };
    let mut reasons = notes;
    let killer = killer_of(ctx, act);
    let Some(&target) = act.targets.clone().first() else {
        return kernel::step::done(ctx, act, StepResult::Failed, vec!["no target".into()]);
    };
    reasons.push(format!(
        "{} kills {} for the BO (order by {})",
        ctx.name(killer),
        ctx.name(target),
        ctx.name(act.actor)
    ));
    if ctx.option("q7_attempt") == "designated" {
        ctx.count_up(killer, book::TURN_USED);
    }
    if let Some(stop) = ctx.verdict_stop(&act.key()) {
        reasons.push(stop.1);
        return kernel::step::done(ctx, act, stop.0, reasons);
    }
    let killer_slot = ctx.state.slots[killer].clone();
    let injured = killer_slot.has_status(super::INJURED);
    let extras = !injured;
    let bribe = extras && yes(act, "bribe");
    // 1. Is the attacker able (§7)? A bribe overrides blocks, never his own arrest or death.
    let blocked = run.ledger.discombobulated.contains(&killer)
        || run.ledger.searched.contains_key(&killer)
        || run.ledger.first_aided.contains(&killer);
    let tell_failed = |ctx: &mut Ctx| {
        ctx.say(
            Audience::Slot(killer),
            "pm_kill_failed",
            &[("player", ctx.name(target))],
        );
    };
    if !killer_slot.alive || run.ledger.out(killer) || killer_slot.has_status(super::ARRESTED) {
        reasons.push(format!(
            "{} is dead or arrested: the kill fails (§7)",
            ctx.name(killer)
        ));
        tell_failed(ctx);
        return kernel::step::done(ctx, act, StepResult::Failed, reasons);
    }
    if blocked && !bribe {
        if run.ledger.searched.contains_key(&killer) {
            run.ledger
                .stopped_crimes
                .entry(killer)
                .or_default()
                .push("killing".into());
        }
        let how = if run.ledger.discombobulated.contains(&killer) {
            "discombobulated"
        } else if run.ledger.searched.contains_key(&killer) {
            "house-searched"
        } else {
            "saved by First Aid, his own actions fail"
        };
        reasons.push(format!(
            "{} is {how}: the kill fails and his turn is kept (§7, §8.4)",
            ctx.name(killer)
        ));
        tell_failed(ctx);
        return kernel::step::done(ctx, act, StepResult::Failed, reasons);
    }
    if injured {
        reasons.push(format!(
            "{} is injured: he kills without snipe, bribe, insult or erase (§3)",
            ctx.name(killer)
        ));
    }
    let blow = Blow {
        attacker: killer,
        target,
        cause: "bo_kill",
        snipe: extras && yes(act, "snipe"),
        bribe,
        insult: extras && yes(act, "insult_to_injury"),
    };
    let reached = !ctx
        .state
        .slots
        .get(target)
        .is_some_and(|t| t.has_status(super::ABROAD) || t.has_status(super::ARRESTED));
    if bribe && reached {
        ctx.count_up(killer, book::BRIBE_USED);
        crimes::commit(ctx, "bribe", killer, Some(target), false);
    }
    if reached && ctx.option("q7_attempt") == "reached" {
        ctx.count_up(killer, book::TURN_USED);
    }
    if reached {
        // The kill happened, whatever became of it: investigations see it, a stake-out sees
        // the killer unless he sniped (§5).
        run.ledger.done.push(phase::Done {
            seen_as: super::roles::vermouth::seen_as(&ctx.state, killer),
            ability: "bo_kill".into(),
            targets: vec![target],
            hidden: blow.snipe,
        });
    }
    let killed = strike(ctx, run, &blow, &mut reasons);
    if killed && extras && yes(act, "erase_body") {
        run.ledger.erased.insert(target, killer);
        crimes::commit(ctx, "erase_body", killer, Some(target), false);
        reasons.push(format!(
            "{} erases the body: no role, no will; the will goes to him (§10)",
            ctx.name(killer)
        ));
        let pisco = ctx
            .state
            .living()
            .find(|s| s.own_roles().any(|r| r == "pisco"))
            .map(|s| s.id);
        if killer_slot.own_roles().all(|r| r != "pisco")
            && let Some(pisco) = pisco
        {
            ctx.count_up(pisco, book::OTHER_ERASE_USED);
            run.ledger.erased.insert(target, pisco);
        }
    }
    super::roles::anokata::chameleon(ctx, run, killer);
    let template = if killed {
        "pm_kill_done"
    } else {
        "pm_kill_failed"
    };
    ctx.say(
        Audience::Slot(killer),
        template,
        &[("player", ctx.name(target))],
    );
    let result = if killed {
        StepResult::Success
    } else {
        StepResult::Failed
    };
    kernel::step::done(ctx, act, result, reasons);
}

/// §7 steps 2–5: an attack meets its target's condition, the bypasses and the protection chain.
/// Whether the target died; every reason is pushed.
pub fn strike(ctx: &mut Ctx, run: &mut Run, blow: &Blow, reasons: &mut Vec<String>) -> bool {
    let target = blow.target;
    let tname = ctx.name(target);
    let Some(t) = ctx.state.slots.get(target).cloned() else {
        return false;
    };
    if !t.alive {
        reasons.push(format!("{tname} is already dead"));
        return false;
    }
    if t.has_status(super::ABROAD) || t.has_status(super::ARRESTED) {
        reasons.push(format!(
            "{tname} is abroad or arrested: the kill cannot reach him, and the killer keeps his turn (§7)"
        ));
        return false;
    }
    let unprotected = blow.bribe || (blow.insult && t.has_status(super::INJURED));
    if blow.bribe {
        reasons.push("the bribe ignores every protection (§7)".into());
    } else if unprotected {
        reasons.push(format!(
            "{tname} is injured: the insult to injury ignores every protection (§7)"
        ));
        crimes::commit(ctx, "insult_to_injury", blow.attacker, Some(target), false);
    }
    if !unprotected {
        // §7 steps 3 and 4 on the kernel: the watch (`ConanRules::immunity`) and the placed
        // protections, the strongest that works holding (`ConanRules::defended` says what it
        // does); a snipe passes Heal and First Aid.
        let strength = if blow.snipe { SNIPE } else { 1 };
        let attack =
            crate::kernel::Attack::new(blow.attacker, target, blow.cause).strength(strength);
        let landing =
            crate::kernel::attack::attack(ctx, run, &mut super::rules::ConanRules, attack, reasons);
        match landing {
            crate::kernel::Landing::Landed(_) => {}
            crate::kernel::Landing::Dead => return false,
            crate::kernel::Landing::Defended(_) | crate::kernel::Landing::Stopped => {
                crimes::commit(ctx, "attacking", blow.attacker, Some(target), false);
                return false;
            }
        }
    }
    reasons.push(format!("{tname} dies (§7)"));
    crimes::commit(ctx, "killing", blow.attacker, Some(target), false);
    deaths::die(ctx, run, target, blow.cause);
    true
}

/// The BO's shared abilities in the registry of Conan's files: the kill order (resolved by the
/// kill stage) and the hand-off (a record).
pub struct BoKill;

impl super::roles::Role for BoKill {
    fn abilities(&self) -> &'static [&'static str] {
        &["bo_kill", "handoff"]
    }
    fn usable(
        &self,
        roleset: &crate::rules::Roleset,
        state: &crate::engine::GameState,
        actor: SlotId,
        ability: &str,
    ) -> Result<(), Refusal> {
        match ability {
            "bo_kill"
                if state.option(roleset, "q29_night_one_kill") == "no"
                    && roleset.canonical_phase_name(state.phase) == "Night 1" =>
            {
                no("bo_kill", "no BO kill on Night 1 in this game (Q29)")
            }
            "handoff" if !state.slots.get(actor).is_some_and(book::is_bo) => {
                no("handoff", "hand-offs are between BO members (§8.3)")
            }
            _ => Ok(()),
        }
    }
    fn refuse(&self, q: &ActQuery<'_>) -> Result<(), Refusal> {
        match q.ability {
            "bo_kill" => kill_order(q),
            "handoff" if q.state.option(q.roleset, "q30_handoffs") == "one" => one_handoff(q),
            _ => Ok(()),
        }
    }
}

fn no(rule: &'static str, why: impl Into<String>) -> Result<(), Refusal> {
    Err(Refusal::new(rule, why))
}

/// Q30 `one`: a member plays at most one other member's actions.
fn one_handoff(q: &ActQuery<'_>) -> Result<(), Refusal> {
    let state = q.state;
    let target = q.targets.first().and_then(|n| state.slot_by_name(n));
    let to = target.map(|t| t.id);
    let holds_another = state
        .slots
        .iter()
        .any(|s| s.id != q.actor && book::handed_to(state, s.id) == to);
    match target {
        Some(t) if holds_another => no(
            "handoff",
            format!(
                "{} already plays another member's actions: at most one other (Q30)",
                t.name
            ),
        ),
        _ => Ok(()),
    }
}

/// §8.2–§8.4: a member orders himself if he is an eligible killer; an order for another member
/// is the leader's, or comes from a member that member handed his actions to. Modifiers belong
/// to their holders, and an injured killer has none.
fn kill_order(q: &ActQuery<'_>) -> Result<(), Refusal> {
    let state = q.state;
    let sender = &state.slots[q.actor];
    if !book::is_bo(sender) {
        return no("bo_kill", "only BO members send kill orders (§8.3)");
    }
    let killer = match q.params.get("killer").and_then(|n| state.slot_by_name(n)) {
        Some(k) => k,
        None => sender,
    };
    let leader = book::leader(state) == Some(q.actor);
    let handed = book::handed_to(state, killer.id) == Some(q.actor);
    if killer.id != q.actor && !leader && !handed {
        return no(
            "bo_kill",
            format!(
                "{} may order only himself: {} did not hand him his actions and he is not the leader (§8.3)",
                sender.name, killer.name
            ),
        );
    }
    if !book::is_bo(killer) {
        return no(
            "bo_kill",
            format!("{} is not in the BO (§8.3)", killer.name),
        );
    }
    let turns_rule = state.option(q.roleset, "q8_leader_vs_turns") != "leader";
    let eligible = eligible(state).contains(&killer.id);
    if !eligible && (turns_rule || !leader) {
        return no(
            "bo_kill",
            format!(
                "{} cannot kill tonight: arrested, abroad, or everyone else kills before he kills twice (§8.4)",
                killer.name
            ),
        );
    }
    let injured = killer.has_status(super::INJURED);
    let holds = |role: &str| killer.own_roles().any(|r| r == role);
    for (modifier, owners) in [
        ("snipe", &["chianti", "korn"][..]),
        ("bribe", &["rum"][..]),
        ("insult_to_injury", &["chianti"][..]),
    ] {
        if q.params.get(modifier).is_some_and(|v| v == "yes") {
            if injured {
                return no(
                    "bo_kill",
                    format!(
                        "{} is injured: his kill has no {modifier} (§3)",
                        killer.name
                    ),
                );
            }
            if !owners.iter().any(|o| holds(o)) {
                return no(
                    "bo_kill",
                    format!("{} has no {modifier} (§12.1)", killer.name),
                );
            }
        }
    }
    if q.params.get("bribe").is_some_and(|v| v == "yes") && killer.counter(book::BRIBE_USED) > 0 {
        return no("bo_kill", "Rum's bribe is once a game (§12.1)");
    }
    if q.params.get("erase_body").is_some_and(|v| v == "yes") {
        let pisco = state.living().find(|s| s.own_roles().any(|r| r == "pisco"));
        let ok = match pisco {
            Some(p) if p.id == killer.id => !injured,
            Some(p) => {
                p.counter(book::OTHER_ERASE_USED) == 0 && !p.has_status(super::INJURED) && !injured
            }
            None => false,
        };
        if !ok {
            return no(
                "bo_kill",
                "Pisco erases his own kills, another member's once a game, never while injured (§12.1)",
            );
        }
    }
    Ok(())
}
