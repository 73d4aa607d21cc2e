//! The night: every move runs in the stage order in force (the digest's §7.3 by default, the
//! host may reorder), each through the same gate (host verdicts, death, the attacked-survivor
//! rule, the blocker's arrest and protection). Deaths stay pending until the doctor's stage
//! (§7.3 step 11) so a heal saves a victim whatever the order of attacks.

use super::roles::{self as role_hooks, Aimed, Moment};
use super::shots::NightShots;
use super::teams::{self, KillerSide};
use super::{kept, killers, morning};
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::Ctx;
use crate::engine::{GameState, SlotId};
use crate::kernel::attack::{Told, UNSTOPPABLE};
use crate::kernel::gate::Passing;
use crate::kernel::{self, Act, Attack, Block, Defence, Fold, Landing};
use std::collections::{BTreeMap, BTreeSet};

pub use crate::kernel::{Gate, Visit};

/// A shot of a black side: it is realised when it kills a non-black (§2.3 R1–R3).
#[derive(Clone, Debug)]
pub struct Shot {
    pub side: KillerSide,
    /// Whom it was fired at (an order naming a role has none until its holder is found).
    pub target: Option<SlotId>,
    pub attack: Option<usize>,
    /// Spent without a reserve (the extended first nights' black-on-black limit, R20).
    pub void: bool,
}

/// What ru-city's roles record during a night, beside the kernel's visits, blocks, defences,
/// attacks and heals.
#[derive(Default, Debug)]
pub struct CityNight {
    pub night: u32,
    /// (blocker, the role whose move his block stopped).
    pub blocker_hits: Vec<(SlotId, String)>,
    pub shots: Vec<Shot>,
    pub shot_plan: NightShots,
    pub blackened: BTreeMap<SlotId, KillerSide>,
    /// Targets a colour checker checked successfully tonight.
    pub checked: BTreeSet<SlotId>,
    /// Targets of doctor and blocker moves that went through (a commissar gets no information).
    pub covered: BTreeSet<SlotId>,
    pub commissar_line: Option<&'static str>,
    pub fired_insurers: BTreeSet<SlotId>,
    /// The group's own moves skipped because its hired killer's attack landed, with that
    /// attack's shot: if his victim is saved after all, the group shoots late (L49, L121).
    pub after_the_order: Vec<(Act, usize)>,
    /// Victims whose attack the blocker's protection stopped: they learn of the attempt in the
    /// morning (L115.4, L17) but are not attacked for the attacked-survivor rule, so a protected
    /// black's own shot stays in force (L5).
    pub shielded: BTreeSet<SlotId>,
    /// Players who count as attacked tonight though no attack reached them (the victims of
    /// shots the witch's swap cancelled, L46), for the attacked-survivor rule too (L16).
    pub counted_attacked: BTreeSet<SlotId>,
    /// Players no heal saves tonight (a black kamikaze's victims and himself).
    pub unhealable: Vec<SlotId>,
    /// The poisoner used tonight's extra poisoning (L52 R9).
    pub extra_poison_used: bool,
    /// Each role's own record of the night, by its type.
    pub roles: crate::engine::KeptMap,
}

/// The black sides' shots and orders, which the killers' rules run together (§2.3).
const BLACK_SHOTS: &[&str] = &[
    "mafia_kill",
    "maniac_kill",
    "yakuza_kill",
    "insure",
    "mercenary_order",
    "ninja_order",
    "mercenary_kill",
    "ninja_kill",
];

/// The players alive when the night began who hold `role`, in seat order.
pub fn holders_at_start<'a>(
    run: &'a Fold<CityNight>,
    state: &'a GameState,
    role: &'a str,
) -> impl Iterator<Item = SlotId> + 'a {
    run.alive_at_start
        .iter()
        .copied()
        .filter(move |id| state.slots.get(*id).is_some_and(|s| teams::holds(s, role)))
}

/// The same, without those who only borrow the role (the actor's copy, L40): the announced
/// roles' lines of the morning post are the owners' alone, a borrower's result is by PM.
pub fn owners_at_start<'a>(
    run: &'a Fold<CityNight>,
    state: &'a GameState,
    role: &'a str,
) -> impl Iterator<Item = SlotId> + 'a {
    holders_at_start(run, state, role)
        .filter(move |id| !super::borrowed::copied(&state.slots[*id], role))
}

/// The night number of a night phase (phase 1 is Night 1, phase 3 Night 2, ...).
pub fn night_number(phase: u32) -> u32 {
    phase.div_ceil(2)
}

/// ru-city's rules as the kernel runs them: its roles' moves, the killers' stage, deaths
/// settled at the doctor's stage, the attacked-survivor rule, the blocker's records and the
/// extended format's first-nights limit.
pub struct CityNightRules;

/// Resolve a night: stages, deaths, shots, the morning.
pub fn resolve(ctx: &mut Ctx) {
    let mut run = Fold::<CityNight>::start(ctx);
    run.ledger.night = night_number(ctx.state.phase);
    run.ledger.shot_plan = super::shots::night_shots(ctx.roleset, &ctx.state);
    run.acts = super::borrowed::in_priority(ctx, &run.acts).into();
    role_hooks::at_night(ctx, &mut run, Moment::Dusk);
    kernel::run_phase(
        ctx,
        &mut run,
        &mut CityNightRules,
        crate::rules::PhaseKind::Night,
    );
    settle_attacks(ctx, &mut run);
    killers::tell_killers(ctx, &run);
    super::werewolf::lose_peace(ctx, &run);
    super::shots::end_of_night(ctx, &run);
    role_hooks::at_night(ctx, &mut run, Moment::Dawn);
    morning::finish(ctx, &mut run);
}

impl kernel::Rules for CityNightRules {
    type Ledger = CityNight;

    /// A night note is the notes' own; any other move goes to the role that makes it; an
    /// ability the roleset gives an effect and no role claims is the kernel's to run; anything
    /// else is reported as not implemented, never silently dropped.
    fn act(&mut self, ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) -> bool {
        super::borrowed::visit_through_the_dead(ctx, run, mv);
        if super::notes::is_note(&mv.ability) {
            let why = "a night note: posted in the morning if its condition holds";
            step(ctx, mv, StepResult::Info, vec![why.into()]);
            return true;
        }
        if role_hooks::night_move(ctx, run, mv) {
            return true;
        }
        let holds =
            ctx.state.slots.get(mv.actor).is_some_and(|s| {
                crate::engine::validate::holds_ability(ctx.roleset, s, &mv.ability)
            });
        if !holds {
            let why = format!(
                "{} no longer holds this ability (the role was taken or put away)",
                ctx.name(mv.actor)
            );
            step(ctx, mv, StepResult::Failed, vec![why]);
            return true;
        }
        let has_effect = mv.def().effect != crate::rules::Effect::None;
        if has_effect {
            return false;
        }
        let missing = format!("`{}` is not implemented in ru-city", mv.ability);
        ctx.warn(format!("{missing}: the move was not resolved"));
        step(ctx, mv, StepResult::Failed, vec![missing]);
        true
    }

    /// A stage's moves run in the order the sources give them, as the roles' doings tonight
    /// turn them; the killers' shots go to the killers' rules together.
    fn whole_stage(
        &mut self,
        ctx: &mut Ctx,
        run: &mut Fold<CityNight>,
        stage: &str,
        acts: &[Act],
    ) -> bool {
        // The night's shot plan opens the killers' stage: traced before the stages ran, it
        // showed the stage's group first, out of the order (F10).
        if stage == "killers" {
            super::shots::start_of_night(ctx, &run.ledger.shot_plan);
        }
        role_hooks::at_night(ctx, run, Moment::StageOpens(stage));
        let mut moves = if stage == "checks" {
            super::checks::in_order(ctx, acts)
        } else {
            acts.to_vec()
        };
        if !moves.is_empty() {
            role_hooks::turn_moves(ctx, run, stage, &mut moves);
        }
        role_hooks::in_stage_order(&mut moves);
        if stage != "killers" {
            for act in &moves {
                kernel::run_act(ctx, run, self, act);
            }
            return true;
        }
        // The stage's other moves go first, to their roles (a black kamikaze's suicide, L100).
        let (shots, others): (Vec<Act>, Vec<Act>) = moves
            .into_iter()
            .partition(|m| BLACK_SHOTS.contains(&m.ability.as_str()));
        for act in &others {
            kernel::run_act(ctx, run, self, act);
        }
        killers::run(ctx, run, &shots);
        true
    }

    fn system_stage(&mut self, ctx: &mut Ctx, run: &mut Fold<CityNight>, stage: &str) {
        match stage {
            "late_insurance" => killers::late_insurance(ctx, run),
            other => ctx.warn(format!("stage `{other}` has no rule in ru-city")),
        }
    }

    /// The doctor's stage settles the night's deaths (§7.3 step 11); then the roles learn or
    /// lose what the stage decided.
    fn after_stage(&mut self, ctx: &mut Ctx, run: &mut Fold<CityNight>, stage: &str) {
        if stage == "doctor" {
            settle_attacks(ctx, run);
        }
        role_hooks::at_night(ctx, run, Moment::StageCloses(stage));
    }

    /// The attacked-survivor rule (L16): a player an attack reached loses his moves after the
    /// killers, except a self-heal; a suicide does not depend on it.
    fn stop_before(
        &mut self,
        ctx: &mut Ctx,
        run: &mut Fold<CityNight>,
        mv: &Act,
    ) -> Option<(StepResult, String)> {
        if let Some(why) = super::blocks::blocked(ctx, mv.actor, &mv.ability) {
            return Some((StepResult::Failed, why));
        }
        if let Some(stop) = role_hooks::stops(ctx, run, mv) {
            return Some(stop);
        }
        let skipped =
            super::borrowed::skipped(ctx, mv).or_else(|| role_hooks::repeat_skipped(ctx, mv));
        if let Some(why) = skipped {
            return Some((StepResult::Skipped, why));
        }
        let attacked = run.attacked(mv.actor) || run.ledger.counted_attacked.contains(&mv.actor);
        let lost = after_killers(ctx, &mv.stage)
            && attacked
            && !role_hooks::keeps_move_when_attacked(ctx, run, mv);
        lost.then(|| {
            (
                StepResult::Skipped,
                format!(
                    "{} was attacked tonight: their moves after the killers are skipped (L16)",
                    ctx.name(mv.actor)
                ),
            )
        })
    }

    fn blocked(&mut self, ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act, block: &Block) {
        let role = move_role_name(ctx, mv);
        run.ledger.blocker_hits.push((block.by, role));
        tell_blocked(ctx, run, mv.actor);
    }

    /// The blocker's protection stopped an attack: he learns which role he stopped, and the
    /// victim hears of the attempt (L115.4, L17).
    fn defended(
        &mut self,
        ctx: &mut Ctx,
        run: &mut Fold<CityNight>,
        defence: &Defence,
        attack: &Attack,
        _reasons: &mut Vec<String>,
    ) {
        let role = attack_role_name(ctx, &attack.kind);
        run.ledger.blocker_hits.push((defence.by, role));
        run.ledger.shielded.insert(attack.victim);
    }

    /// The imitator's illusion takes an attack aimed at the maniac (L50).
    fn immunity(
        &mut self,
        ctx: &mut Ctx,
        run: &mut Fold<CityNight>,
        attack: &Attack,
    ) -> Option<String> {
        role_hooks::takes_attack(ctx, run, attack)
    }

    /// On the extended format's nights 1–2 at most one black dies by another black's shot
    /// (L131.5): a second such shot is void, and no reserve is kept.
    fn veto(
        &mut self,
        ctx: &mut Ctx,
        run: &mut Fold<CityNight>,
        attack: &Attack,
    ) -> Option<String> {
        let shot = attack.tag?;
        if !black_on_black_limit(ctx, run, attack.attacker, attack.victim) {
            return None;
        }
        if let Some(s) = run.ledger.shots.get_mut(shot) {
            s.void = true;
        }
        Some("extended format, nights 1–2: a black already died by a black's shot; this shot is skipped and no reserve is kept (L131.5)".into())
    }

    fn killed(&mut self, ctx: &mut Ctx, run: &mut Fold<CityNight>, a: &Attack) {
        if a.tag.is_some()
            && teams::black(ctx, a.attacker)
            && teams::black(ctx, a.victim)
            && run.ledger.night <= 2
        {
            kept::of_mut(&mut ctx.state).black_on_black += 1;
        }
        kept::of_mut(&mut ctx.state)
            .killer_of
            .insert(a.victim, a.attacker);
        if let Some(linked) = role_hooks::dies_with(ctx, a.victim, &a.kind) {
            let partner = linked.partner;
            let mut reasons = vec![linked.why];
            kernel::attack::kill(
                ctx,
                run,
                self,
                partner,
                linked.cause,
                Some(a.attacker),
                &mut reasons,
            );
            ctx.note(
                format!("death:{}", ctx.name(partner)),
                "doctor",
                reasons.join("; "),
            );
        }
    }
}

/// A move's gate: if `blockable`, an arrest stops it, and so does the blocker's protection
/// unless the move is `negative` (a protected player's negative moves stay in force, L5).
pub fn gate(
    ctx: &mut Ctx,
    run: &mut Fold<CityNight>,
    mv: &Act,
    blockable: bool,
    negative: bool,
) -> Gate {
    kernel::gate::gate(
        ctx,
        run,
        &mut CityNightRules,
        mv,
        Passing {
            blockable,
            negative,
        },
    )
}

/// The first target of a move that passed its [`gate`]; `None` once the step is recorded for
/// a move without a target or stopped at the gate.
pub fn target_through_gate(
    ctx: &mut Ctx,
    run: &mut Fold<CityNight>,
    mv: &Act,
    blockable: bool,
    negative: bool,
) -> Option<SlotId> {
    let Some(&target) = mv.targets.first() else {
        step(ctx, mv, StepResult::Failed, vec!["no target".into()]);
        return None;
    };
    if let Gate::Stop(result, why) = gate(ctx, run, mv, blockable, negative) {
        step(ctx, mv, result, vec![why]);
        return None;
    }
    Some(target)
}

pub fn tell_blocked(ctx: &mut Ctx, run: &mut Fold<CityNight>, slot: SlotId) {
    if run.told_blocked.insert(slot) {
        ctx.say(Audience::Slot(slot), "pm_blocked", &[]);
    }
}

/// Will a heal on `p` sent tonight hold at the doctor's stage? The healer lives, is not
/// blocked, was not attacked by a killer (a self-heal survives that, L16), and no black
/// bodyguard stops heals on `p` (L89).
pub fn heal_will_hold(ctx: &Ctx, run: &Fold<CityNight>, p: SlotId) -> bool {
    if role_hooks::stops_heal(run, p) {
        return false;
    }
    run.acts.iter().any(|a| {
        matches!(a.ability.as_str(), "doctor" | "cultist_heal")
            && a.targets.contains(&p)
            && ctx.is_alive(a.actor)
            && crate::kernel::gate::blocking(run, a, false).is_none()
            && (!run.attacked(a.actor) || a.targets == [a.actor])
    })
}

/// Does this stage come after the killers in the order in force?
pub fn after_killers(ctx: &Ctx, stage: &str) -> bool {
    after_stage(ctx, stage, "killers")
}

/// Does `stage` come after `of` in the order in force?
pub fn after_stage(ctx: &Ctx, stage: &str, of: &str) -> bool {
    let pos = |s: &str| ctx.state.stage_order.iter().position(|x| x == s);
    matches!((pos(stage), pos(of)), (Some(a), Some(k)) if a > k)
}

/// The name of the role whose ability a move uses (`Доктор`, `Мафия`).
pub fn move_role_name(ctx: &Ctx, mv: &Act) -> String {
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
    run: &mut Fold<CityNight>,
    mv: &Act,
    victim: SlotId,
    cause: &'static str,
    shot: Option<usize>,
    mut reasons: Vec<String>,
) {
    let landed = attack(ctx, run, mv.actor, victim, cause, shot, false, &mut reasons);
    let result = if landed {
        StepResult::Success
    } else {
        StepResult::Failed
    };
    step(ctx, mv, result, reasons);
}

/// An attack on `victim` by the kernel: the blocker's protection (a defence against every
/// kind) stops it, the first-nights limit may void it (R20); otherwise it lands and the victim
/// is due to die unless healed. `shot` is the black side's shot it carries out; `forced` a
/// host override no defence stops.
#[allow(clippy::too_many_arguments)]
pub fn attack(
    ctx: &mut Ctx,
    run: &mut Fold<CityNight>,
    attacker: SlotId,
    victim: SlotId,
    cause: &'static str,
    shot: Option<usize>,
    forced: bool,
    reasons: &mut Vec<String>,
) -> bool {
    let strength = if forced { UNSTOPPABLE } else { 1 };
    let victim = if forced {
        victim
    } else {
        let aimed = Aimed {
            attacker,
            victim,
            cause,
        };
        role_hooks::redirect_attack(ctx, run, &aimed, reasons)
    };
    let sent = Attack::new(attacker, victim, cause)
        .strength(strength)
        .tagged(shot);
    let landing = kernel::attack::attack(ctx, run, &mut CityNightRules, sent, reasons);
    match landing {
        Landing::Landed(i) => {
            if let Some(s) = shot.and_then(|s| run.ledger.shots.get_mut(s)) {
                s.attack = Some(i);
            }
            for (with, why) in role_hooks::attacked_with(ctx, run, victim) {
                reasons.push(why);
                attack(ctx, run, attacker, with, cause, None, false, reasons);
            }
            true
        }
        _ => false,
    }
}

/// What the blocker learns he stopped when his protection holds against an attack of this
/// kind: the killer's role (`Мафия`, `Маньяк`), or the investigator's killing move.
fn attack_role_name(ctx: &Ctx, kind: &str) -> String {
    match kind {
        "investigator" => "Следователь (ход с убийством)".into(),
        role => teams::role_name(ctx.roleset, role),
    }
}

/// On the extended format's nights 1–2 at most one black dies by another black's shot (L131.5).
fn black_on_black_limit(
    ctx: &Ctx,
    run: &Fold<CityNight>,
    attacker: SlotId,
    victim: SlotId,
) -> bool {
    if ctx.option("format") != "extended"
        || run.ledger.night > 2
        || !teams::black(ctx, attacker)
        || !teams::black(ctx, victim)
    {
        return false;
    }
    let tonight = run
        .attacks
        .iter()
        .filter(|a| a.tag.is_some() && teams::black(ctx, a.attacker) && teams::black(ctx, a.victim))
        .count() as u32;
    kept::of(&ctx.state).black_on_black + tonight >= 1
}

/// Settle every attack not settled yet: a healed victim survives, the others die.
pub fn settle_attacks(ctx: &mut Ctx, run: &mut Fold<CityNight>) {
    role_hooks::at_night(ctx, run, Moment::Strikes);
    role_hooks::at_night(ctx, run, Moment::SpareLives);
    kernel::attack::settle(ctx, run, &mut CityNightRules, Told::Note("doctor"));
}

/// A knocked-down move whose maker asked for it (`{"fake_self": "yes"}`: the geisha's, the
/// executor's) shows outside observers a move into himself (L115.11, L115.12): his visit is
/// recorded on himself.
pub fn fake_self(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    if mv.params.get("fake_self").is_none_or(|v| v != "yes") {
        return;
    }
    for v in run
        .visits
        .iter_mut()
        .filter(|v| v.actor == mv.actor && v.ability == mv.ability)
    {
        v.targets = vec![mv.actor];
    }
    ctx.note(
        format!("fake_self:{}", ctx.name(mv.actor)),
        &mv.stage,
        format!(
            "{}'s move was knocked down: observers see a move into himself (L115.11, L115.12)",
            ctx.name(mv.actor)
        ),
    );
}

/// Record a move's step in the outcome; a move that went through counts as a use of its
/// ability (the once-per-game limits).
pub fn step(ctx: &mut Ctx, mv: &Act, result: StepResult, reasons: Vec<String>) {
    if result == StepResult::Success {
        ctx.spend_use(mv.actor, &mv.ability, &mv.entered);
    }
    if result == StepResult::Failed {
        tell_failed(ctx, mv);
    }
    kernel::step::plain(ctx, mv, result, reasons);
}

/// Moves whose maker is told when they are knocked down, however (L115.3; the doctor is told
/// by his own role), and moves whose maker learns he may try again (L115.8).
const TOLD_WHEN_KNOCKED_DOWN: &[&str] = &[
    "bodyguard",
    "prostitute",
    "homeless_watch",
    "drug_dealer_drug",
    "maid_visit",
    "maid_role_visit",
    "witch_swap",
];
const MAY_TRY_AGAIN: &[&str] = &["madman", "cultist_devour", "fanatic_revenge"];

fn tell_failed(ctx: &mut Ctx, mv: &Act) {
    let template = if TOLD_WHEN_KNOCKED_DOWN.contains(&mv.ability.as_str()) {
        "pm_move_failed"
    } else if MAY_TRY_AGAIN.contains(&mv.ability.as_str()) {
        "pm_try_again"
    } else {
        return;
    };
    let told = ctx.outcome.messages.iter().any(|m| {
        m.audience == Audience::Slot(mv.actor)
            && (m.template == template || m.template == "pm_blocked")
    });
    if !told {
        ctx.say(Audience::Slot(mv.actor), template, &[]);
    }
}
