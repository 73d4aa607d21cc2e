//! The imitator (§5.33, L50), a werewolf of the maniac's side. Before the first night on which
//! the maniac shoots he meets him: each learns the other's name (Q40 `imitator_meeting`). When
//! the maniac dies he becomes the maniac, keeping his red check until his first kill. Lynched,
//! he may die disguised (`imitator_disguise`, `{"role": ...}`): as another negative role in the
//! game, or, before his first successful kill, as a red; the posts show the disguise until the
//! end. Once they have met he may send an illusion with his evening move
//! (`imitator_illusion`): that night the moves aimed at the maniac meet a copy of him instead.

use super::night::{self, CityNight};
use super::{Entry, Role, refusal, teams, werewolf};
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::{Ctx, live_acts};
use crate::engine::{GameState, Refusal, SlotId};
use crate::kernel::Act;
use crate::kernel::Fold;
use std::collections::{BTreeMap, BTreeSet};
use teams::KillerSide;

pub const ROLE: &str = "imitator";
pub const DISGUISE: &str = "imitator_disguise";
pub const ILLUSION: &str = "imitator_illusion";
/// Slot counter: this maniac was the imitator. He keeps the imitator's right to die disguised
/// (L50 "он всегда имеет право умереть в образе другого черного").
const BECAME_MANIAC: &str = "imitator_became_maniac";
/// What the game keeps of the imitator.
#[derive(Clone, Debug, Default, PartialEq)]
struct Kept {
    /// The imitator has met the maniac.
    met: bool,
    /// What a lynched imitator is shown as: a negative role's id, or `red`.
    shown: BTreeMap<SlotId, String>,
    /// Checks (checker, target) that met the illusion: their verifications show red (L50).
    met_illusion: BTreeSet<(SlotId, SlotId)>,
}

fn kept(state: &GameState) -> std::borrow::Cow<'_, Kept> {
    state.kept.of::<Kept>()
}

fn kept_mut(state: &mut GameState) -> &mut Kept {
    state.kept.get_mut::<Kept>()
}

pub struct Imitator;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    templates: &[
        "pm_imitator_meets",
        "pm_maniac_meets_imitator",
        "pm_imitator_becomes_maniac",
    ],
    options: &["imitator_meeting"],
    abilities: &["imitator_disguise", "imitator_illusion"],
    ..crate::engine::system::Requirements::NONE
};

impl Role for Imitator {
    fn sheet_lines(
        &self,
        _roleset: &crate::rules::Roleset,
        state: &crate::engine::GameState,
    ) -> Vec<String> {
        let kept = kept(state);
        let met = (kept.met).then(|| "the imitator has met the maniac (L50)".to_string());
        let shown = (kept.shown.iter())
            .map(|(s, r)| format!("{} is shown lynched as {r}", super::kept::name(state, *s)));
        met.into_iter().chain(shown).collect()
    }
    fn requires(&self) -> crate::engine::system::Requirements {
        REQUIRES
    }
    fn lends_pending(
        &self,
        _roleset: &crate::rules::Roleset,
        state: &crate::engine::GameState,
        slot: SlotId,
    ) -> Option<(String, super::Lent)> {
        Some((pending_role(state, slot)?, super::Lent::Copy))
    }
    // A lynched imitator shows the disguise he chose (L50).
    fn lynched_as(&self, ctx: &Ctx, slot: SlotId) -> Option<Option<String>> {
        shown(ctx, slot)
    }
    // The illusion always checks red, and a verification of that check finds red (L50).
    fn check_meets_red(&self, run: &Fold<CityNight>, target: SlotId) -> bool {
        covers(run, target)
    }
    fn verifies_red(&self, state: &GameState, checker: SlotId, target: SlotId) -> bool {
        checked_the_illusion(state, checker, target)
    }
    fn at_night(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, moment: super::Moment) {
        if let super::Moment::StageCloses(stage) = moment {
            after_stage(ctx, run, stage);
        }
    }
    fn takes_attack(
        &self,
        ctx: &Ctx,
        run: &mut Fold<CityNight>,
        attack: &crate::kernel::Attack,
    ) -> Option<String> {
        takes_attack(ctx, run, attack)
    }
    fn id(&self) -> &'static str {
        ROLE
    }
    fn night_move(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) -> bool {
        if mv.ability != ILLUSION {
            return false;
        }
        send_illusion(ctx, run, mv);
        true
    }
    fn usable(&self, entry: &Entry) -> Result<(), Refusal> {
        if entry.ability == ILLUSION && !teams::holds(entry.me(), ROLE) {
            return refusal(
                ILLUSION,
                "the imitator has become the maniac: there is no maniac left to imitate (L50)",
            );
        }
        if entry.ability == ILLUSION && !kept(entry.state).met {
            return refusal(
                ILLUSION,
                "the imitator sends the maniac's illusion only after meeting him (L50)",
            );
        }
        Ok(())
    }
    fn refuse(&self, entry: &Entry) -> Result<(), Refusal> {
        if entry.ability != DISGUISE {
            return Ok(());
        }
        let role = entry.params.get("role").map(String::as_str).unwrap_or("");
        if role == "red" {
            if !entry.me().has_status(werewolf::PEACEFUL) {
                return refusal(
                    DISGUISE,
                    "after his first successful kill the imitator cannot die red (L50)",
                );
            }
            return Ok(());
        }
        let in_game = entry.roleset.side_of(role) == teams::BLACK
            && entry
                .state
                .slots
                .iter()
                .any(|s| s.id != entry.actor && teams::holds(s, role));
        if !in_game {
            return refusal(
                DISGUISE,
                format!("`{role}` is not a negative role another player holds in this game (L50)"),
            );
        }
        Ok(())
    }
    fn morning(&self, ctx: &mut Ctx, run: &Fold<CityNight>) {
        perfect_red_before_the_meeting(ctx, run);
        meet(ctx, run.ledger.night + 1);
    }
    /// The extended format's first nights are common: the maniac shoots on Night 1, so they
    /// meet on Day 1, before it (L50, L131.4).
    fn day_round(&self, ctx: &mut Ctx) {
        let day = ctx.state.phase / 2 + 1;
        if ctx.option("format") == "extended" && day == 1 {
            meet(ctx, 1);
        }
    }
    fn lynched(&self, ctx: &mut Ctx, lynched: &[SlotId]) -> Vec<SlotId> {
        for (maker, role) in disguises(&ctx.state) {
            if lynched.contains(&maker) {
                kept_mut(&mut ctx.state).shown.insert(maker, role);
            }
        }
        Vec::new()
    }
    fn departed(&self, ctx: &mut Ctx, _dead: &[SlotId]) {
        take_over(ctx);
    }
}

/// The disguises sent this round: (imitator, the role he is shown as).
fn disguises(state: &GameState) -> Vec<(SlotId, String)> {
    live_acts(state)
        .filter(|a| a.ability == DISGUISE)
        .filter_map(|a| Some((a.actor, a.params.get("role")?.clone())))
        .collect()
}

/// What a lynched imitator's negative role shows in the posts: `Some(None)` for a red death,
/// `Some(Some(role))` for another negative role; `None` when he is not disguised.
pub fn shown(ctx: &Ctx, slot: SlotId) -> Option<Option<String>> {
    let role = (kept(&ctx.state).shown.get(&slot).cloned()).or_else(|| {
        disguises(&ctx.state)
            .into_iter()
            .find(|(m, _)| *m == slot)
            .map(|(_, r)| r)
    })?;
    Some((role != "red").then(|| teams::role_name(ctx.roleset, &role)))
}

/// The imitator's role for his disguise, once he has become the maniac: lynched, he may still
/// die as another black, or red before his first kill (L50).
pub fn pending_role(state: &GameState, slot: SlotId) -> Option<String> {
    let s = state.slots.get(slot)?;
    (s.counter(BECAME_MANIAC) > 0 && !teams::holds(s, ROLE)).then(|| ROLE.to_string())
}

/// The living imitator.
fn living_imitator(state: &GameState) -> Option<SlotId> {
    state.living().find(|s| teams::holds(s, ROLE)).map(|s| s.id)
}

/// The meeting (L50, Q40): before the maniac's first night of shooting, the imitator and the
/// maniac learn each other's names.
fn meet(ctx: &mut Ctx, next: u32) {
    if kept(&ctx.state).met {
        return;
    }
    let extended_first = ctx.option("format") == "extended" && next == 1;
    let maniac_due = KillerSide::Maniac.owns_parity(next)
        || extended_first
        || ctx.option("imitator_meeting") == "before_night_2";
    let Some(imitator) = living_imitator(&ctx.state) else {
        return;
    };
    let maniacs = teams::members(ctx.roleset, &ctx.state, KillerSide::Maniac);
    let Some(&maniac) = maniacs.first() else {
        return;
    };
    if !maniac_due {
        return;
    }
    kept_mut(&mut ctx.state).met = true;
    ctx.say(
        Audience::Slot(imitator),
        "pm_imitator_meets",
        &[("player", ctx.name(maniac))],
    );
    ctx.say(
        Audience::Slot(maniac),
        "pm_maniac_meets_imitator",
        &[("player", ctx.name(imitator))],
    );
    ctx.note(
        "imitator",
        "notes",
        format!(
            "the imitator {} meets the maniac {} before the maniac's first night of shooting (L50)",
            ctx.name(imitator),
            ctx.name(maniac)
        ),
    );
}

/// The maniac is gone: the imitator becomes the maniac (L50).
fn take_over(ctx: &mut Ctx) {
    if !teams::members(ctx.roleset, &ctx.state, KillerSide::Maniac).is_empty() {
        return;
    }
    let Some(imitator) = living_imitator(&ctx.state) else {
        return;
    };
    if let Some(s) = ctx.state.slots.get_mut(imitator) {
        for r in s.extra_roles.iter_mut().filter(|r| *r == ROLE) {
            *r = KillerSide::Maniac.id().to_string();
        }
        s.counters.insert(BECAME_MANIAC.into(), 1);
    }
    ctx.say(Audience::Slot(imitator), "pm_imitator_becomes_maniac", &[]);
    ctx.note(
        "imitator",
        "killers",
        format!(
            "the maniac is gone: the imitator {} becomes the maniac, red until his first kill (L50)",
            ctx.name(imitator)
        ),
    );
}

/// Tonight's illusion of the maniac (L50): moves aimed at the maniac meet it instead. Killed
/// (an attack on it, or the imitator's death), it stands until the doctor's stage is over; the moves
/// after it reach the real maniac.
#[derive(Clone, Default, Debug, PartialEq)]
pub struct Illusion {
    pub maniac: SlotId,
    pub imitator: SlotId,
    pub killed: bool,
    pub gone: bool,
    /// The night's visits already looked at.
    pub visits_seen: usize,
    /// The maniac's statuses when the illusion rose: others put on him later struck it.
    pub statuses_before: Vec<String>,
}

/// Did `checker`'s check on `target` meet the illusion? Its verification shows red (L50).
pub fn checked_the_illusion(state: &GameState, checker: SlotId, target: SlotId) -> bool {
    kept(state).met_illusion.contains(&(checker, target))
}

/// The imitator's evening move: the illusion stands for the night if the maniac lives. A
/// blocked negative role or a cut face does not stop it (L50), so it passes no gate but the
/// host's verdicts and death.
fn send_illusion(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    if let Some((result, why)) = ctx.verdict_stop(&mv.key()) {
        return night::step(ctx, mv, result, vec![why]);
    }
    let maniac = teams::members(ctx.roleset, &ctx.state, KillerSide::Maniac)
        .into_iter()
        .find(|m| ctx.is_alive(*m));
    let (Some(maniac), true) = (maniac, ctx.is_alive(mv.actor)) else {
        let why = "no living maniac, or the imitator is dead: no illusion (L50)".to_string();
        return night::step(ctx, mv, StepResult::Failed, vec![why]);
    };
    run.ledger.roles.set(Illusion {
        maniac,
        imitator: mv.actor,
        killed: false,
        gone: false,
        visits_seen: run.visits.len(),
        statuses_before: ctx
            .state
            .slots
            .get(maniac)
            .map(|s| s.statuses.keys().cloned().collect())
            .unwrap_or_default(),
    });
    let why = format!(
        "{} sends an illusion of the maniac {}: tonight the moves aimed at {} meet it, with the results his peaceful role would give, and he stays untouched (L50)",
        ctx.name(mv.actor),
        ctx.name(maniac),
        ctx.name(maniac)
    );
    night::step(ctx, mv, StepResult::Success, vec![why]);
}

/// Before the meeting the imitator is a perfect red: a check made on him then verifies red as
/// well (L50).
fn perfect_red_before_the_meeting(ctx: &mut Ctx, run: &Fold<CityNight>) {
    if kept(&ctx.state).met {
        return;
    }
    let Some(imitator) = living_imitator(&ctx.state) else {
        return;
    };
    let checkers: Vec<SlotId> = run
        .visitors_of(imitator, imitator)
        .map(|v| v.actor)
        .collect();
    for c in checkers {
        kept_mut(&mut ctx.state).met_illusion.insert((c, imitator));
    }
}

/// A status another player's move put on the maniac under the illusion struck the illusion: it
/// is lifted (L50).
fn strip_new_statuses(ctx: &mut Ctx, illusion: &Illusion, stage: &str) {
    let phase = ctx.state.phase;
    let maniac = illusion.maniac;
    let struck: Vec<String> = ctx
        .state
        .slots
        .get(maniac)
        .map(|s| {
            s.statuses
                .iter()
                .filter(|(id, info)| {
                    !illusion.statuses_before.contains(id)
                        && info.since == phase
                        && info.link != Some(maniac)
                })
                .map(|(id, _)| id.clone())
                .collect()
        })
        .unwrap_or_default();
    for status in struck {
        crate::kernel::status::clear(ctx, maniac, &status);
        ctx.note(
            format!("illusion:{}", ctx.name(maniac)),
            stage,
            format!(
                "`{status}` aimed at {} struck the imitator's illusion: it does not stay on him (L50)",
                ctx.name(maniac)
            ),
        );
    }
}

/// Does the illusion stand over `target` now?
pub fn covers(run: &Fold<CityNight>, target: SlotId) -> bool {
    run.ledger
        .roles
        .get::<Illusion>()
        .is_some_and(|i| i.maniac == target && !i.gone)
}

/// An attack on the maniac meets the illusion, which dies in his place; the madman's fire is
/// not stopped by it (L50), nor the kamikaze's strike (which is no attack through this door).
/// The imitator's own death ends it too, but only a death: a healed attack on him does not
/// (`after_stage`).
pub fn takes_attack(
    ctx: &Ctx,
    run: &mut Fold<CityNight>,
    attack: &crate::kernel::Attack,
) -> Option<String> {
    let illusion = run.ledger.roles.find_mut::<Illusion>()?;
    if illusion.maniac != attack.victim || illusion.gone || attack.kind == "madman" {
        return None;
    }
    // The illusion gives what the maniac's peaceful role would: it dies only if he would, not
    // under the blocker's protection, a heal that will hold, or a spare life (L50).
    let maniac = attack.victim;
    let saved = super::blocker::protects(ctx, run, maniac)
        || night::heal_will_hold(ctx, run, maniac)
        || super::immortal::life_will_take(ctx, maniac);
    let illusion = run.ledger.roles.find_mut::<Illusion>()?;
    if saved {
        return Some(format!(
            "the attack meets the imitator's illusion of {}, which is saved as he would be: it stands, the maniac stays untouched (L50)",
            ctx.name(maniac)
        ));
    }
    illusion.killed = true;
    Some(format!(
        "the attack meets the imitator's illusion of {}: the illusion dies, the maniac stays untouched (L50)",
        ctx.name(maniac)
    ))
}

/// After each stage: a block placed on the maniac struck the illusion and is lifted (his own
/// moves go on); after the doctor's stage a killed illusion is gone (L50).
pub fn after_stage(ctx: &mut Ctx, run: &mut Fold<CityNight>, stage: &str) {
    let Some(illusion) = run.ledger.roles.get::<Illusion>().cloned() else {
        return;
    };
    if illusion.gone {
        return;
    }
    let met: Vec<SlotId> = run.visits[illusion.visits_seen..]
        .iter()
        .filter(|v| v.targets.contains(&illusion.maniac) && v.actor != illusion.maniac)
        .map(|v| v.actor)
        .collect();
    for visitor in met {
        let met = &mut kept_mut(&mut ctx.state).met_illusion;
        met.insert((visitor, illusion.maniac));
    }
    if let Some(i) = run.ledger.roles.find_mut::<Illusion>() {
        i.visits_seen = run.visits.len();
    }
    strip_new_statuses(ctx, &illusion, stage);
    if run.blocks.remove(&illusion.maniac).is_some() {
        ctx.note(
            format!("illusion:{}", ctx.name(illusion.maniac)),
            stage,
            format!(
                "the block aimed at {} struck the imitator's illusion: his moves go on (L50)",
                ctx.name(illusion.maniac)
            ),
        );
    }
    // "Если подражатель или созданная им иллюзия маньяка будет убита ночью": killed, not
    // merely attacked.
    let killed = illusion.killed || !ctx.is_alive(illusion.imitator);
    if stage == "doctor"
        && killed
        && let Some(i) = run.ledger.roles.find_mut::<Illusion>()
    {
        i.gone = true;
        ctx.note(
            format!("illusion:{}", ctx.name(illusion.maniac)),
            stage,
            "the illusion was killed: the moves after the doctor reach the real maniac (L50)",
        );
    }
}
