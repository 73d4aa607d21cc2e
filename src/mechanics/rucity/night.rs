//! The night: every move runs in the stage order in force (the digest's §7.3 by default, the
//! host may reorder), each through the same gate (host verdicts, death, the attacked-survivor
//! rule, the blocker's arrest and protection). Deaths stay pending until the doctor's stage
//! (§7.3 step 11) so a heal saves a victim whatever the order of attacks.

use super::shots::NightShots;
use super::teams::{self, KillerSide};
use super::{blocker, doctor, killers, morning, vars};
use crate::engine::outcome::{Audience, Step, StepResult, Verdict};
use crate::engine::resolve::Ctx;
use crate::engine::{GameState, SlotId};
use std::collections::{BTreeMap, BTreeSet};

/// A move of the night as the host entered it.
#[derive(Clone, Debug)]
pub struct Move {
    pub seq: u64,
    pub actor: SlotId,
    pub ability: String,
    pub stage: String,
    pub targets: Vec<SlotId>,
    pub params: BTreeMap<String, String>,
}

impl Move {
    pub fn key(&self) -> String {
        format!("act#{}", self.seq)
    }
}

/// An attack that reached its victim (not stopped on the way).
#[derive(Clone, Debug)]
pub struct Attack {
    pub attacker: SlotId,
    pub victim: SlotId,
    /// `mafia`, `maniac`, `investigator`, `suicide`: the cause of death if it kills.
    pub cause: &'static str,
    /// The shot of a black side this attack carries out, if any.
    pub shot: Option<usize>,
    /// Resolved: the victim died or was saved.
    pub settled: bool,
}

/// A shot of a black side: it is realised when it kills a non-black (§2.3 R1–R3).
#[derive(Clone, Debug)]
pub struct Shot {
    pub side: KillerSide,
    pub attack: Option<usize>,
    /// Spent without a reserve (the extended first nights' black-on-black limit, R20).
    pub void: bool,
}

/// Where a player went tonight, for trackers; blocked moves are seen too (L16).
#[derive(Clone, Debug)]
pub struct Visit {
    pub actor: SlotId,
    pub ability: String,
    pub targets: Vec<SlotId>,
    pub negative: bool,
}

/// What the night's moves have set up so far.
#[derive(Default)]
pub struct NightRun {
    pub night: u32,
    pub moves: Vec<Move>,
    /// Players alive when the night began: whose announced roles get a line in the morning.
    pub alive_at_start: BTreeSet<SlotId>,
    pub arrested: BTreeMap<SlotId, SlotId>,
    pub protected: BTreeMap<SlotId, SlotId>,
    /// (blocker, the role whose move his block stopped).
    pub blocker_hits: Vec<(SlotId, String)>,
    pub attacks: Vec<Attack>,
    pub shots: Vec<Shot>,
    pub shot_plan: NightShots,
    /// Healed player → the doctor.
    pub healed: BTreeMap<SlotId, SlotId>,
    /// (doctor, saved player).
    pub saves: Vec<(SlotId, SlotId)>,
    pub doctor_cancelled: BTreeSet<SlotId>,
    pub blackened: BTreeMap<SlotId, KillerSide>,
    /// Targets a colour checker checked successfully tonight.
    pub checked: BTreeSet<SlotId>,
    /// Targets of doctor and blocker moves that went through (a commissar gets no information).
    pub covered: BTreeSet<SlotId>,
    pub commissar_line: Option<&'static str>,
    pub visits: Vec<Visit>,
    pub fired_insurers: BTreeSet<SlotId>,
    /// Players told their move was blocked (once each).
    pub told_blocked: BTreeSet<SlotId>,
    /// Victims whose attack the blocker's protection stopped: they learn of the attempt in the
    /// morning (L115.4, L17) but are not attacked for the attacked-survivor rule, so a protected
    /// black's own shot stays in force (L5).
    pub shielded: BTreeSet<SlotId>,
    /// (investigator, target) of the vigilante shots that were fired.
    pub investigator_shots: Vec<(SlotId, SlotId)>,
}

impl NightRun {
    /// The players alive when the night began who hold `role`, in seat order.
    pub fn holders_at_start<'a>(
        &'a self,
        state: &'a GameState,
        role: &'a str,
    ) -> impl Iterator<Item = SlotId> + 'a {
        self.alive_at_start
            .iter()
            .copied()
            .filter(move |id| state.slots.get(*id).is_some_and(|s| teams::holds(s, role)))
    }

    /// Visits to `target` tonight by anyone but `except`.
    pub fn visitors_of(&self, target: SlotId, except: SlotId) -> impl Iterator<Item = &Visit> {
        self.visits
            .iter()
            .filter(move |v| v.actor != except && v.targets.contains(&target))
    }

    /// Did an attack reach this player tonight (the attacked-survivor rule, L16)?
    pub fn attacked(&self, slot: SlotId) -> bool {
        self.attacks.iter().any(|a| a.victim == slot)
    }

    /// Which attack killed `victim`, if he died of one tonight: the first attack on him (its
    /// index in `attacks`). Attacks settle in the order they landed and one heal saves from all
    /// of them, so only the first can have killed; the kill is that killer's alone (L122).
    pub fn killed_by(&self, victim: SlotId) -> Option<usize> {
        self.attacks.iter().position(|a| a.victim == victim)
    }

    pub fn moves_of(&self, ability: &str) -> Vec<Move> {
        self.moves
            .iter()
            .filter(|m| m.ability == ability)
            .cloned()
            .collect()
    }
}

/// The night number of a night phase (phase 1 is Night 1, phase 3 Night 2, ...).
pub fn night_number(phase: u32) -> u32 {
    phase.div_ceil(2)
}

/// The live night moves, by stage in the order in force, then by submission.
pub fn moves(ctx: &Ctx) -> Vec<Move> {
    ctx.actions()
        .into_iter()
        .map(|a| Move {
            seq: a.seq,
            actor: a.actor,
            targets: a.targets.iter().filter_map(|t| ctx.slot_of(t)).collect(),
            stage: a.ability.stage,
            ability: a.ability.id,
            params: a.params,
        })
        .collect()
}

/// Resolve a night: stages, deaths, shots, the morning.
pub fn resolve(ctx: &mut Ctx) {
    let night = night_number(ctx.state.phase);
    let mut run = NightRun {
        night,
        moves: moves(ctx),
        alive_at_start: ctx.state.living().map(|s| s.id).collect(),
        shot_plan: super::shots::night_shots(ctx.roleset, &ctx.state),
        ..NightRun::default()
    };
    super::shots::start_of_night(ctx, &run.shot_plan);
    for stage in ctx.state.stage_order.clone() {
        let Some(def) = ctx.roleset.stage(&stage) else {
            continue;
        };
        if def.phase != crate::rules::PhaseKind::Night {
            continue;
        }
        let here: Vec<Move> = run
            .moves
            .iter()
            .filter(|m| m.stage == stage)
            .cloned()
            .collect();
        if stage == "killers" {
            killers::run(ctx, &mut run, &here);
            continue;
        }
        for mv in &here {
            super::moves::run(ctx, &mut run, mv);
        }
        if stage == "doctor" {
            settle_attacks(ctx, &mut run);
        }
    }
    settle_attacks(ctx, &mut run);
    doctor::tell(ctx, &run);
    blocker::tell(ctx, &run);
    killers::tell_killers(ctx, &run);
    super::shots::end_of_night(ctx, &run);
    morning::finish(ctx, &mut run);
}

/// The host's verdict on a move, if any.
pub enum Gate {
    Go { forced: bool },
    Stop(StepResult, String),
}

/// What every move goes through before its effect. `cancellable`: an arrest stops it; the
/// blocker's protection stops it unless `negative`. `after_killers`: it comes after the killers
/// in the order in force, so an attacked actor loses it (unless `self_heal`).
pub fn gate(
    ctx: &mut Ctx,
    run: &mut NightRun,
    mv: &Move,
    cancellable: bool,
    negative: bool,
) -> Gate {
    if let Some((result, why)) = ctx.verdict_stop(&mv.key()) {
        return Gate::Stop(result, why);
    }
    if matches!(ctx.verdict(&mv.key()), Some((Verdict::Succeed, _))) {
        return Gate::Go { forced: true };
    }
    let name = ctx.name(mv.actor);
    if !ctx.is_alive(mv.actor) {
        return Gate::Stop(StepResult::Failed, format!("{name} is dead"));
    }
    if after_killers(ctx, &mv.stage) && run.attacked(mv.actor) && !exempt_from_attack(mv) {
        return Gate::Stop(
            StepResult::Skipped,
            format!("{name} was attacked tonight: his moves after the killers are skipped (L16)"),
        );
    }
    if cancellable && let Some(by) = stopped_by_blocker(run, mv.actor, negative) {
        let role = move_role_name(ctx, mv);
        run.blocker_hits.push((by, role));
        tell_blocked(ctx, run, mv.actor);
        let how = if run.arrested.contains_key(&mv.actor) {
            "arrested by"
        } else {
            "kept at home by the protection of"
        };
        return Gate::Stop(
            StepResult::Cancelled,
            format!("{name} is {how} the blocker {}", ctx.name(by)),
        );
    }
    Gate::Go { forced: false }
}

/// The blocker who stops this player's move: an arrest stops every move, a protection only the
/// protected player's peaceful moves (his negative moves stay in force, L5).
pub fn stopped_by_blocker(run: &NightRun, actor: SlotId, negative: bool) -> Option<SlotId> {
    run.arrested.get(&actor).copied().or_else(|| {
        (!negative)
            .then(|| run.protected.get(&actor).copied())
            .flatten()
    })
}

pub fn tell_blocked(ctx: &mut Ctx, run: &mut NightRun, slot: SlotId) {
    if run.told_blocked.insert(slot) {
        ctx.say(Audience::Slot(slot), "pm_blocked", &[]);
    }
}

/// A self-heal survives the attacked-survivor rule (L16); a suicide is independent of it.
fn exempt_from_attack(mv: &Move) -> bool {
    (mv.ability == "doctor" && mv.targets == [mv.actor]) || mv.ability == "suicide"
}

/// Does this stage come after the killers in the order in force?
pub fn after_killers(ctx: &Ctx, stage: &str) -> bool {
    let pos = |s: &str| ctx.state.stage_order.iter().position(|x| x == s);
    matches!((pos(stage), pos("killers")), (Some(a), Some(k)) if a > k)
}

/// The name of the role whose ability a move uses (`Доктор`, `Мафия`).
pub fn move_role_name(ctx: &Ctx, mv: &Move) -> String {
    acting_role_name(ctx, mv.actor, &mv.ability)
}

/// The name of the role of `actor` that has `ability` (one of his roles, if several).
fn acting_role_name(ctx: &Ctx, actor: SlotId, ability: &str) -> String {
    let slot = ctx.state.slots.get(actor);
    let role = slot
        .into_iter()
        .flat_map(|s| s.roles())
        .find(|r| {
            ctx.roleset
                .role(r)
                .is_some_and(|d| d.abilities.iter().any(|a| a == ability))
        })
        .unwrap_or("");
    teams::role_name(ctx.roleset, role)
}

/// The role names of these visits, sorted, each once: what a player who learns his visitors'
/// roles is told.
pub fn visit_roles<'v>(ctx: &Ctx, visits: impl Iterator<Item = &'v Visit>) -> Vec<String> {
    let roles: BTreeSet<String> = visits
        .map(|v| acting_role_name(ctx, v.actor, &v.ability))
        .collect();
    roles.into_iter().collect()
}

/// A killing move's [`attack`] on `victim`, and its step: a success if the attack landed.
#[allow(clippy::too_many_arguments)]
pub fn attack_move(
    ctx: &mut Ctx,
    run: &mut NightRun,
    mv: &Move,
    victim: SlotId,
    cause: &'static str,
    what: &str,
    shot: Option<usize>,
    mut reasons: Vec<String>,
) {
    let landed = attack(ctx, run, mv.actor, victim, cause, what, shot, &mut reasons);
    let result = if landed {
        StepResult::Success
    } else {
        StepResult::Failed
    };
    step(ctx, mv, result, reasons);
}

/// An attack on `victim`: the blocker's protection stops negative and killing moves; the
/// extended format's first-nights limit skips a second black-on-black kill (R20); otherwise
/// the attack lands and the victim is due to die unless healed.
#[allow(clippy::too_many_arguments)]
pub fn attack(
    ctx: &mut Ctx,
    run: &mut NightRun,
    attacker: SlotId,
    victim: SlotId,
    cause: &'static str,
    what: &str,
    shot: Option<usize>,
    reasons: &mut Vec<String>,
) -> bool {
    let target = ctx.name(victim);
    if !ctx.is_alive(victim) {
        reasons.push(format!("{target} is already dead"));
        return false;
    }
    if let Some(by) = run.protected.get(&victim).copied() {
        run.blocker_hits.push((by, what.to_string()));
        run.shielded.insert(victim);
        reasons.push(format!(
            "{target} is under the protection of the blocker {}: the {what} move is stopped",
            ctx.name(by)
        ));
        return false;
    }
    if shot.is_some() && black_on_black_limit(ctx, run, attacker, victim) {
        if let Some(s) = shot.and_then(|i| run.shots.get_mut(i)) {
            s.void = true;
        }
        reasons.push(
            "extended format, nights 1–2: a black already died by a black's shot; this shot is skipped and no reserve is kept (L131.5)"
                .into(),
        );
        return false;
    }
    run.attacks.push(Attack {
        attacker,
        victim,
        cause,
        shot,
        settled: false,
    });
    if let Some(s) = shot.and_then(|i| run.shots.get_mut(i)) {
        s.attack = Some(run.attacks.len() - 1);
    }
    reasons.push(format!("the attack on {target} lands"));
    true
}

/// On the extended format's nights 1–2 at most one black dies by another black's shot (L131.5).
fn black_on_black_limit(ctx: &Ctx, run: &NightRun, attacker: SlotId, victim: SlotId) -> bool {
    let black = |id: SlotId| {
        ctx.state
            .slots
            .get(id)
            .is_some_and(|s| teams::is_black(ctx.roleset, s))
    };
    if ctx.option("format") != "extended" || run.night > 2 || !black(attacker) || !black(victim) {
        return false;
    }
    let tonight = run
        .attacks
        .iter()
        .filter(|a| a.shot.is_some() && black(a.attacker) && black(a.victim))
        .count() as u32;
    vars::num(&ctx.state, vars::BLACK_ON_BLACK) + tonight >= 1
}

/// Settle every attack not settled yet: a healed victim survives, the others die.
pub fn settle_attacks(ctx: &mut Ctx, run: &mut NightRun) {
    for i in 0..run.attacks.len() {
        if run.attacks[i].settled {
            continue;
        }
        run.attacks[i].settled = true;
        let a = run.attacks[i].clone();
        let key = format!("death:{}", ctx.name(a.victim));
        if let Some(doc) = run.healed.get(&a.victim).copied() {
            if !run.saves.contains(&(doc, a.victim)) {
                run.saves.push((doc, a.victim));
            }
            ctx.note(
                key,
                "doctor",
                format!(
                    "{} survives the {} attack: healed by {}",
                    ctx.name(a.victim),
                    a.cause,
                    ctx.name(doc)
                ),
            );
            continue;
        }
        if ctx.kill(a.victim, a.cause) {
            ctx.note(
                key,
                "doctor",
                format!("{} dies ({})", ctx.name(a.victim), a.cause),
            );
            let black = |id: SlotId| {
                ctx.state
                    .slots
                    .get(id)
                    .is_some_and(|s| teams::is_black(ctx.roleset, s))
            };
            if a.shot.is_some() && black(a.attacker) && black(a.victim) && run.night <= 2 {
                let n = vars::num(&ctx.state, vars::BLACK_ON_BLACK) + 1;
                vars::set(&mut ctx.state, vars::BLACK_ON_BLACK, n);
            }
        }
    }
}

/// Record a move's step in the outcome.
pub fn step(ctx: &mut Ctx, mv: &Move, result: StepResult, reasons: Vec<String>) {
    let names = mv.targets.iter().map(|t| ctx.name(*t)).collect::<Vec<_>>();
    ctx.step(Step {
        key: mv.key(),
        stage: mv.stage.clone(),
        actor: Some(mv.actor),
        ability: Some(mv.ability.clone()),
        targets_before: names.clone(),
        targets_after: names,
        result,
        reasons,
    });
}
