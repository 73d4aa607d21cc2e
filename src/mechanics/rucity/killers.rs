//! The negative killers' stage (§7.3 step 7): the side owning the night's parity shoots first
//! (P1, P2), each shot of a side may be carried out by an insurer when its shooter is stopped by
//! an earlier move (§2.4), and every killer learns his victim's team (§2.7).

use super::night::{self, CityNight, Gate, Shot, Visit};
use super::roles::HIRED;
use super::teams::{self, KillerSide};
use crate::engine::SlotId;
use crate::engine::outcome::{Audience, Step, StepResult};
use crate::engine::resolve::Ctx;
use crate::kernel::Act;
use crate::kernel::Fold;
use std::collections::BTreeSet;

pub fn run(ctx: &mut Ctx, run: &mut Fold<CityNight>, here: &[Act]) {
    let order = if run.ledger.night % 2 == 1 {
        [KillerSide::Mafia, KillerSide::Maniac]
    } else {
        [KillerSide::Maniac, KillerSide::Mafia]
    };
    // An order for the other group's insurance is no shot of the one who sent it (L49).
    let shooters: BTreeSet<SlotId> = here
        .iter()
        .filter(|m| m.ability != "insure" && !HIRED.is_insurance(m))
        .map(|m| m.actor)
        .collect();
    let mut hired_done = BTreeSet::new();
    for side in order {
        let mut budget = run.ledger.shot_plan.usable(side);
        stand_in_kills(ctx, run, side, here, &shooters, &mut hired_done);
        let ordered = carry_out_orders(ctx, run, side, here, &mut budget);
        let primaries: Vec<&Act> = here.iter().filter(|m| side.kills(&m.ability)).collect();
        for mv in primaries {
            if let Some(order_shot) = ordered {
                let why = "the hired killer's attack landed: the group's own move is skipped unless his victim is saved (L49, L55)";
                night::step(ctx, mv, StepResult::Skipped, vec![why.into()]);
                run.ledger.after_the_order.push((mv.clone(), order_shot));
                continue;
            }
            for &target in &mv.targets {
                if budget == 0 {
                    night::step(
                        ctx,
                        mv,
                        StepResult::Skipped,
                        vec![format!("the {} has no shot left tonight", side.id())],
                    );
                    continue;
                }
                budget -= 1;
                run.ledger.shots.push(Shot {
                    side,
                    target: Some(target),
                    attack: None,
                    void: false,
                });
                let shot = run.ledger.shots.len() - 1;
                fire(ctx, run, side, mv, target, shot, here, &shooters);
            }
        }
    }
    // A hired killer's kill that no side claimed (he stands in for neither) is still made.
    for mv in here
        .iter()
        .filter(|m| HIRED.is_own_kill(&m.ability) && !hired_done.contains(&m.seq))
    {
        HIRED.own_kill(ctx, run, mv);
    }
    for mv in here.iter().filter(|m| m.ability == "insure") {
        if !run.ledger.fired_insurers.contains(&mv.actor) {
            let why = if shooters.contains(&mv.actor) {
                "a shooter cannot insure on the same night (L2)"
            } else {
                "no insured shot was stopped: the insurance is not needed"
            };
            night::step(ctx, mv, StepResult::Info, vec![why.into()]);
        }
    }
}

/// The kills of a hired killer who took his group's place (L49, L55): a kill an earlier move
/// stopped passes to an insurer of the other side, as a group's shot does. `done` collects the
/// kills made, so that none is lost or made twice.
fn stand_in_kills(
    ctx: &mut Ctx,
    run: &mut Fold<CityNight>,
    side: KillerSide,
    here: &[Act],
    shooters: &BTreeSet<SlotId>,
    done: &mut BTreeSet<u64>,
) {
    let stand_in = HIRED.stand_in(ctx.roleset, &ctx.state, side);
    let kills: Vec<&Act> = here
        .iter()
        .filter(|m| HIRED.is_own_kill(&m.ability) && Some(m.actor) == stand_in)
        .collect();
    for mv in kills {
        if !done.insert(mv.seq) {
            continue;
        }
        let Some(target) = HIRED.own_kill(ctx, run, mv) else {
            continue;
        };
        run.ledger.shots.push(Shot {
            side,
            target: Some(target),
            attack: None,
            void: false,
        });
        let stopped = Stopped {
            side,
            shooter: mv.actor,
            named: None,
            target,
            shot: run.ledger.shots.len() - 1,
        };
        insure(ctx, run, &stopped, here, shooters);
    }
}

/// A group's orders to its hired killer go first, each with one of its shots (L49, L55): the
/// shot of the order whose attack landed, if one did (the group's own moves are then skipped).
fn carry_out_orders(
    ctx: &mut Ctx,
    run: &mut Fold<CityNight>,
    side: KillerSide,
    here: &[Act],
    budget: &mut u32,
) -> Option<usize> {
    let mut landed = None;
    let order_id = HIRED.order_of(side);
    // An order insuring the maniac waits for his stopped shot (L49).
    for order in here
        .iter()
        .filter(|m| m.ability == order_id && !HIRED.is_insurance(m))
    {
        if *budget == 0 || landed.is_some() {
            let why = "the mafia has no shot left for an order tonight";
            night::step(ctx, order, StepResult::Skipped, vec![why.into()]);
            continue;
        }
        run.ledger.shots.push(Shot {
            side,
            target: order.targets.first().copied(),
            attack: None,
            void: false,
        });
        let shot = run.ledger.shots.len() - 1;
        if HIRED.carry_out(ctx, run, order, shot) {
            *budget -= 1;
            landed = Some(shot);
        }
    }
    landed
}

/// One shot of `side` by the shooter of `mv`: stopped shooters hand it to an insurer.
#[allow(clippy::too_many_arguments)]
fn fire(
    ctx: &mut Ctx,
    run: &mut Fold<CityNight>,
    side: KillerSide,
    mv: &Act,
    target: SlotId,
    shot: usize,
    here: &[Act],
    shooters: &BTreeSet<SlotId>,
) {
    let shooter = ctx.name(mv.actor);
    let mut reasons = vec![format!(
        "{shooter} shoots {} for the {}",
        ctx.name(target),
        side.id()
    )];
    run.visits.push(Visit {
        actor: mv.actor,
        ability: mv.ability.clone(),
        targets: vec![target],
        negative: true,
    });
    let stopped = match night::gate(ctx, run, mv, true, true) {
        Gate::Stop(StepResult::Cancelled, why) => Some(why),
        Gate::Stop(result, why) => {
            reasons.push(why);
            return night::step(ctx, mv, result, reasons);
        }
        Gate::Go { forced: true } => {
            reasons.push("host override: the shot lands".into());
            let (victim, cause) = (target, side.id());
            night::attack(
                ctx,
                run,
                mv.actor,
                victim,
                cause,
                Some(shot),
                true,
                &mut reasons,
            );
            return night::step(ctx, mv, StepResult::Success, reasons);
        }
        Gate::Go { forced: false } if run.attacked(mv.actor) => Some(format!(
            "{shooter} was attacked by an earlier killer and cannot shoot (L14)"
        )),
        Gate::Go { .. } => None,
    };
    match stopped {
        None if super::roles::shot_meets(ctx, mv.actor, target, &mut reasons) => {
            night::step(ctx, mv, StepResult::Success, reasons);
        }
        None => {
            night::attack_move(ctx, run, mv, target, side.id(), Some(shot), reasons);
        }
        Some(why) => {
            reasons.push(why);
            night::step(ctx, mv, StepResult::Cancelled, reasons);
            let named = mv
                .params
                .get("insurer")
                .and_then(|n| ctx.state.slot_by_name(n))
                .map(|s| s.id);
            let stopped = Stopped {
                side,
                shooter: mv.actor,
                named,
                target,
                shot,
            };
            insure(ctx, run, &stopped, here, shooters);
        }
    }
}

/// A shot a shooter could not fire, for its insurer.
struct Stopped {
    side: KillerSide,
    shooter: SlotId,
    /// The insurer the shot named (while the boss's son is in the mafia, L48).
    named: Option<SlotId>,
    target: SlotId,
    shot: usize,
}

/// A stopped shot passes to an insurer: the one the shot named, else the shooter's partner by
/// default (unless he shoots too or switched insurance off), else a killer of the other side
/// who sent an insurance move and has no shot of his own tonight (L2, L3, L14, L48).
fn insure(
    ctx: &mut Ctx,
    run: &mut Fold<CityNight>,
    stopped: &Stopped,
    here: &[Act],
    shooters: &BTreeSet<SlotId>,
) {
    let &Stopped {
        side,
        shooter,
        named,
        target,
        shot,
    } = stopped;
    let explicit = |who: SlotId| {
        here.iter()
            .find(|m| m.ability == "insure" && m.actor == who)
    };
    let free = |p: &SlotId| {
        *p != shooter && !shooters.contains(p) && !run.ledger.fired_insurers.contains(p)
    };
    let members = teams::members(ctx.roleset, &ctx.state, side);
    let partner = match named {
        Some(n) => members.into_iter().filter(free).find(|p| *p == n),
        None => members
            .into_iter()
            .filter(free)
            .find(|p| !ctx.has_status(*p, "insurance_off") || explicit(*p).is_some()),
    };
    let other = side.other();
    // The mafia insures the maniac when it has no shot tonight, or, as a full trio with the
    // boss's son, when it has only one (L2, L48).
    let trio_with_one = teams::members(ctx.roleset, &ctx.state, other).len() >= 3
        && run.ledger.shot_plan.available(other) == 1;
    // The other side's killers, or the hired killer who took his group's place (L49).
    let cross: Option<SlotId> = {
        (run.ledger.shot_plan.available(other) == 0 || trio_with_one)
            .then(|| {
                teams::members(ctx.roleset, &ctx.state, other)
                    .into_iter()
                    .chain(HIRED.stand_in(ctx.roleset, &ctx.state, other))
                    .filter(|p| !shooters.contains(p) && !run.ledger.fired_insurers.contains(p))
                    .find(|p| explicit(*p).is_some())
            })
            .flatten()
    };
    // The maniac's shot: the geisha's insurance comes before the mafia's, and the mafia may
    // insure him through its mercenary (L54, L49).
    let geisha = || {
        (side == KillerSide::Maniac && maniac_plays(ctx))
            .then(|| {
                super::roles::insurers_of(&ctx.state, side)
                    .into_iter()
                    .filter(|p| !shooters.contains(p) && !run.ledger.fired_insurers.contains(p))
                    .find(|p| explicit(*p).is_some())
            })
            .flatten()
    };
    let partner = partner.or_else(geisha);
    // The other group's hired killer, on its order (L49, L55).
    if partner.is_none()
        && let Some(order) = here.iter().find(|m| HIRED.insures(m, side))
    {
        let order = Act {
            targets: if order.targets.is_empty() && !order.params.contains_key("role") {
                vec![target]
            } else {
                order.targets.clone()
            },
            ..order.clone()
        };
        if HIRED.carry_out(ctx, run, &order, shot) {
            // He kills for the maniac (his victim is not saved): the hiring mafia's insurance
            // is spent with it; had he killed nobody, she could still insure her partner (L49).
            if saved_victim(ctx, run, shot).is_none() {
                run.ledger.fired_insurers.insert(order.actor);
            }
            return;
        }
        // Between the two pairs his employer does not follow up on his failure (L55).
        if ctx.state.slots.iter().any(|s| teams::holds(s, "yakuza")) {
            ctx.note(
                format!("insurance:{}", ctx.name(shooter)),
                "killers",
                "the other group's hired killer failed to insure: his employer does not follow up (L55)",
            );
            return;
        }
    }
    let Some(insurer) = partner.or(cross) else {
        ctx.note(
            format!("insurance:{}", ctx.name(shooter)),
            "killers",
            format!("nobody insures {}'s stopped shot", ctx.name(shooter)),
        );
        return;
    };
    run.ledger.fired_insurers.insert(insurer);
    // An insurer who sent no insurance move insures by default (L2): his move is implied.
    let implied = ctx.roleset.ability("insure").map(|def| Act {
        seq: 0,
        actor: insurer,
        ability: def.id.clone(),
        stage: def.stage.clone(),
        targets: Vec::new(),
        entered: Vec::new(),
        params: Default::default(),
        def: std::rc::Rc::new(def.clone()),
    });
    // (`insure` is an id ru-city requires of its roleset, so one is always there.)
    let Some(mv) = explicit(insurer).cloned().or(implied) else {
        return;
    };
    let aim = mv.targets.first().copied().unwrap_or(target);
    let mut reasons = vec![format!(
        "{} insures {}'s stopped shot and shoots {}",
        ctx.name(insurer),
        ctx.name(shooter),
        ctx.name(aim)
    )];
    run.visits.push(Visit {
        actor: insurer,
        ability: "insure".into(),
        targets: vec![aim],
        negative: true,
    });
    let key = if mv.seq == 0 {
        format!("insure:{}", ctx.name(insurer))
    } else {
        mv.key()
    };
    let gated = Act {
        targets: vec![aim],
        ..mv.clone()
    };
    let result = match night::gate(ctx, run, &gated, true, true) {
        Gate::Stop(result, why) => {
            reasons.push(why);
            result
        }
        Gate::Go { .. } if run.attacked(insurer) => {
            reasons.push(format!(
                "{} was attacked by an earlier killer",
                ctx.name(insurer)
            ));
            StepResult::Cancelled
        }
        // A hired killer standing in for his group insures by his own target rules (L49).
        Gate::Go { .. } if let Some(why) = HIRED.skip_reason(ctx, run, insurer, aim, false) => {
            reasons.push(why);
            StepResult::Skipped
        }
        Gate::Go { .. } if lone_insurer_at_a_black(ctx, insurer, aim) => {
            reasons.push(format!(
                "{} is a lone member of his group: he cannot shoot another black ({}) through insurance, so he skips (L55)",
                ctx.name(insurer),
                ctx.name(aim)
            ));
            StepResult::Skipped
        }
        Gate::Go { .. } => {
            // A hired killer's insurance is his own kill (it costs his red check, L49).
            let kind = HIRED
                .own_kind(&ctx.state.slots[insurer])
                .unwrap_or_else(|| {
                    teams::killer_side(ctx.roleset, &ctx.state.slots[insurer])
                        .unwrap_or(side)
                        .id()
                });
            if night::attack(
                ctx,
                run,
                insurer,
                aim,
                kind,
                Some(shot),
                false,
                &mut reasons,
            ) {
                ctx.say(
                    Audience::Slot(insurer),
                    "pm_insurance_fired",
                    &[("player", ctx.name(aim)), ("shooter", ctx.name(shooter))],
                );
                StepResult::Success
            } else {
                StepResult::Failed
            }
        }
    };
    ctx.step(Step {
        key,
        stage: "killers".into(),
        actor: Some(insurer),
        ability: Some("insure".into()),
        targets_before: vec![ctx.name(aim)],
        targets_after: vec![ctx.name(aim)],
        result,
        reasons,
    });
}

/// Insurance through a saved victim (L49, L55, L121), after every peaceful killer. A group
/// whose hired killer's attack landed, so that its own move was skipped, shoots its own target
/// now if his victim was saved after all (L49). And while both pairs (the mafia and the yakuza)
/// are intact, or between the two members of a mixed pair, a killer of the other group who
/// sent an insurance move with a target of his own shoots it for a shot whose victim was saved
/// (L55).
pub fn late_insurance(ctx: &mut Ctx, run: &mut Fold<CityNight>) {
    // Shots the group itself has made up for: the other group does not insure them too.
    let mut made_up = BTreeSet::new();
    for (mv, k) in std::mem::take(&mut run.ledger.after_the_order) {
        let (Some(victim), Some(&aim)) = (saved_victim(ctx, run, k), mv.targets.first()) else {
            continue;
        };
        made_up.insert(k);
        let why = format!(
            "the hired killer's victim {} was saved: {} shoots the group's own target {} after the peaceful killers (L49, L121)",
            ctx.name(victim),
            ctx.name(mv.actor),
            ctx.name(aim)
        );
        let side = run.ledger.shots[k].side;
        late_shot(ctx, run, &mv, aim, side, k, why);
    }
    let yakuza = ctx.state.slots.iter().any(|s| teams::holds(s, "yakuza"));
    let count = |side| teams::members(ctx.roleset, &ctx.state, side).len();
    let (mafia, maniac) = (count(KillerSide::Mafia), count(KillerSide::Maniac));
    let both_intact = mafia >= 2 && maniac >= 2;
    let mixed = mafia == 1 && maniac == 1;
    if !yakuza || !(both_intact || mixed) {
        return;
    }
    let shooters: BTreeSet<SlotId> = run
        .visits
        .iter()
        .filter(|v| v.negative)
        .map(|v| v.actor)
        .collect();
    for k in (0..run.ledger.shots.len()).filter(|k| !made_up.contains(k)) {
        let Some(target) = saved_victim(ctx, run, k) else {
            continue;
        };
        let shot_side = run.ledger.shots[k].side;
        let other = shot_side.other();
        let insurer = run
            .acts
            .iter()
            .filter(|m| m.ability == "insure" && !m.targets.is_empty())
            .find(|m| {
                teams::members(ctx.roleset, &ctx.state, other).contains(&m.actor)
                    && !shooters.contains(&m.actor)
                    && !run.ledger.fired_insurers.contains(&m.actor)
            })
            .cloned();
        let Some(mv) = insurer else {
            continue;
        };
        run.ledger.fired_insurers.insert(mv.actor);
        let aim = mv.targets[0];
        let why = format!(
            "{}'s victim {} was saved: {} of the other group shoots {} for the {} after the peaceful killers (L55, L121)",
            shot_side.id(),
            ctx.name(target),
            ctx.name(mv.actor),
            ctx.name(aim),
            shot_side.id()
        );
        late_shot(ctx, run, &mv, aim, other, k, why);
    }
}

/// The victim of shot `k`, if he was saved "one way or another" (L55), so that the shot failed:
/// the player the attack landed on (the victim, or a bodyguard who drew it) lives through it,
/// by a heal that will hold or a spare life at the doctor's stage; or the blocker's protection
/// stopped it. An attack a bodyguard drew and died of, or one turned onto a ward who dies, was
/// a kill: no save (L3 "успешно совершит убийство любого по цвету игрока").
fn saved_victim(ctx: &Ctx, run: &Fold<CityNight>, k: usize) -> Option<SlotId> {
    let shot = run.ledger.shots.get(k)?;
    let target = shot.target.filter(|_| !shot.void)?;
    let landed_on = shot
        .attack
        .and_then(|i| run.attacks.get(i))
        .map(|a| a.victim);
    let saved = ctx.is_alive(target)
        && match landed_on {
            Some(v) => {
                ctx.is_alive(v)
                    && (night::heal_will_hold(ctx, run, v) || super::roles::spares(ctx, v))
            }
            None => run.ledger.shielded.contains(&target),
        };
    saved.then_some(target)
}

/// A shot fired after the peaceful killers, for shot `k`'s side, by the maker of `mv`.
fn late_shot(
    ctx: &mut Ctx,
    run: &mut Fold<CityNight>,
    mv: &Act,
    aim: SlotId,
    side: KillerSide,
    k: usize,
    why: String,
) {
    let mut reasons = vec![why];
    run.visits.push(Visit {
        actor: mv.actor,
        ability: mv.ability.clone(),
        targets: vec![aim],
        negative: true,
    });
    let gated = Act {
        targets: vec![aim],
        ..mv.clone()
    };
    let result = match night::gate(ctx, run, &gated, true, true) {
        Gate::Stop(result, why) => {
            reasons.push(why);
            result
        }
        // An attacked shooter cannot shoot, late as on time (L14, L16).
        Gate::Go { forced: false } if run.attacked(mv.actor) => {
            reasons.push(format!(
                "{} was attacked by an earlier killer and cannot shoot (L14)",
                ctx.name(mv.actor)
            ));
            StepResult::Cancelled
        }
        Gate::Go { .. } => {
            if night::attack(
                ctx,
                run,
                mv.actor,
                aim,
                side.id(),
                Some(k),
                false,
                &mut reasons,
            ) {
                StepResult::Success
            } else {
                StepResult::Failed
            }
        }
    };
    ctx.step(Step {
        key: format!("late_insurance:{}", ctx.name(mv.actor)),
        stage: "late_insurance".into(),
        actor: Some(mv.actor),
        ability: Some(mv.ability.clone()),
        targets_before: vec![ctx.name(aim)],
        targets_after: vec![ctx.name(aim)],
        result,
        reasons,
    });
}

/// Does the true maniac play (the geisha does not insure the yakuza, L54)?
fn maniac_plays(ctx: &Ctx) -> bool {
    ctx.state.living().any(|s| teams::holds(s, "maniac"))
}

/// Is `insurer` the lone member of a group that gave up its night, aiming at a black (L55)?
fn lone_insurer_at_a_black(ctx: &Ctx, insurer: SlotId, aim: SlotId) -> bool {
    let extended = ctx.option("format") == "extended";
    let lone = super::shots::lone_members(ctx.roleset, &ctx.state, extended);
    teams::killer_side(ctx.roleset, &ctx.state.slots[insurer]).is_some_and(|s| lone[&s])
        && teams::black(ctx, aim)
}

/// Every killer whose attack reached a victim who died learns the victim's team, if he lives
/// (L115.2, L122, L134).
pub fn tell_killers(ctx: &mut Ctx, run: &Fold<CityNight>) {
    let mut told = BTreeSet::new();
    for a in &run.attacks {
        if a.kind == "suicide" || a.attacker == a.victim || !told.insert((a.attacker, a.victim)) {
            continue;
        }
        // The mafia sees the team of the mercenary's victims of its orders (L49).
        let mut to = vec![a.attacker];
        if let Some(side) = HIRED.ordering_side(&a.kind) {
            to.extend(teams::members(ctx.roleset, &ctx.state, side));
        }
        let Some(victim) = ctx.state.slots.get(a.victim) else {
            continue;
        };
        if victim.alive || !ctx.is_alive(a.attacker) {
            continue;
        }
        let black = teams::is_black(ctx.roleset, victim);
        let template = if teams::is_grey(ctx.roleset, victim) {
            // A killer sees the faceless grey (L64.8).
            "pm_killer_victim_grey"
        } else if black {
            "pm_killer_victim_black"
        } else {
            "pm_killer_victim_red"
        };
        let name = victim.name.clone();
        for who in to {
            ctx.say(Audience::Slot(who), template, &[("player", name.clone())]);
        }
    }
}
