//! The faceless (§6, L59–L68, L135, L156): a grey extra main player holding a peaceful role
//! beside his `faceless` role, in neither team. Every night, first and past every block, he
//! cuts a player's face (`faceless_cut`, [victim, target]): the victim's peaceful role is
//! blocked until he gets it back by having his target lynched; the target is told he is one; a
//! black victim's negative move fails that night. All victims are named in the morning post. The
//! cut is compulsory: with no move he cuts himself, or a random player if his own face is cut,
//! with a random target; he may skip only after a re-vote with no victim (L64.3).
//!
//! Scoring stays on the players (L61, L64.2, L135): a lynched victim gets `faceless_v`; a target
//! lynched while his victim lives gives the victim his role back, and the target, if not a
//! victim himself, `faceless_half_v`; the faceless lynched gives every victim his role back and
//! every voter against him the `faceless_face`, as a night killer of his gets it with his
//! partners. He checks red, a killer sees him grey, and alone at the lynch he opens another vote
//! the same day (L156).

mod end;

use super::night::{self, CityNight};
use super::{Entry, Role, kept, refusal, teams};
use crate::engine::entry::PendingKind;
use crate::engine::outcome::{Audience, Step, StepResult};
use crate::engine::resolve::{Ctx, live_acts};
use crate::engine::{GameState, Refusal, SlotId};
use crate::kernel::Act;
use crate::kernel::Fold;
use std::collections::{BTreeMap, BTreeSet};

pub const ROLE: &str = "faceless";
pub const CUT: &str = "faceless_cut";
/// A victim whose face is cut (his peaceful role blocked); its link is the faceless.
pub const FACE_CUT: &str = "face_cut";
/// A victim's target; its link is the victim.
pub const FACE_TARGET: &str = "face_target";
pub const V: &str = "faceless_v";
pub const HALF_V: &str = "faceless_half_v";
pub const FACE: &str = "faceless_face";
/// His voluntary suicide (L76).
pub const SUICIDE: &str = "suicide";
/// The peaceful roles whose shot lets the faceless kill himself (L76).
const SHOOTERS: [&str; 4] = ["investigator", "fanatic", "cultist", "inquisitor"];
/// The faceless's own result once he is out: a draw (a night death, or a way out his peaceful
/// role gave him, L72–L75) or a loss (a day death) (L66.2, L66.3).
pub const DRAW: &str = "faceless_draw";
pub const LOSS: &str = "faceless_loss";

/// What the game keeps of the faceless and his cuts.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Faces {
    /// The phase in which a faceless took a way out through his peaceful role, and whether his
    /// victims were zeroed at once.
    way_out: BTreeMap<SlotId, (u32, bool)>,
    /// The cut victims who got their role back: never cut again (L60).
    returned: BTreeSet<SlotId>,
    /// The players named as a victim's target so far (each only once a game, L60).
    targets_used: Vec<SlotId>,
    /// The faceless has won by outliving the count: the game's winners are grey.
    pub(super) won: bool,
    /// The count the faceless must outlive once his own shot made the count (L76).
    pub(super) waits_for: u32,
    /// The last day the reds have to find the faceless once the blacks are out.
    pub(super) hunt_day: Option<u32>,
}

fn faces(state: &GameState) -> std::borrow::Cow<'_, Faces> {
    state.kept.of::<Faces>()
}

fn faces_mut(state: &mut GameState) -> &mut Faces {
    state.kept.get_mut::<Faces>()
}

fn got_back(state: &GameState, slot: SlotId) -> bool {
    faces(state).returned.contains(&slot)
}

pub struct Faceless;

/// The faceless's record of the night: tonight's face-cut victims, for the morning post (L60).
#[derive(Clone, Default, Debug, PartialEq)]
struct Tonight {
    cuts: Vec<SlotId>,
}

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    templates: &[
        "pub_faceless_survived",
        "pub_faceless_hunt",
        "pm_faceless_cut",
        "pm_face_cut",
        "pm_face_target",
        "pm_face_returned",
        "pub_face_cut",
    ],
    stages: &["face_cut"],
    statuses: &[
        "face_cut",
        "face_target",
        "faceless_v",
        "faceless_half_v",
        "faceless_face",
        "faceless_draw",
        "faceless_loss",
    ],
    options: &["cut_noticed_by", "faceless_win_count"],
    abilities: &["faceless_cut"],
    ..crate::engine::system::Requirements::NONE
};

impl Role for Faceless {
    fn sheet_lines(
        &self,
        _roleset: &crate::rules::Roleset,
        state: &crate::engine::GameState,
    ) -> Vec<String> {
        let faces = faces(state);
        let mut lines = Vec::new();
        if !faces.targets_used.is_empty() {
            let named = super::kept::names(state, &faces.targets_used);
            lines.push(format!("named as targets so far: {named}"));
        }
        if !faces.returned.is_empty() {
            let back: Vec<SlotId> = faces.returned.iter().copied().collect();
            lines.push(format!(
                "got their role back: {}",
                super::kept::names(state, &back)
            ));
        }
        if faces.won {
            lines.push("the faceless has won by outliving the count (L66.1)".into());
        }
        if faces.waits_for > 0 {
            lines.push(format!(
                "the faceless must outlive {} players (L76)",
                faces.waits_for
            ));
        }
        if let Some(day) = faces.hunt_day {
            lines.push(format!(
                "the reds have until day {day} to find the faceless"
            ));
        }
        lines
    }
    fn requires(&self) -> crate::engine::system::Requirements {
        REQUIRES
    }
    fn blocks_move(
        &self,
        ctx: &Ctx,
        actor: SlotId,
        _ability: &str,
        peaceful: bool,
    ) -> Option<String> {
        (peaceful && ctx.has_status(actor, FACE_CUT)).then(|| {
            format!(
                "{}'s face is cut: the peaceful role is blocked until he gets it back (L60)",
                ctx.name(actor)
            )
        })
    }
    fn blocks_role_itself(
        &self,
        _state: &crate::engine::GameState,
        slot: &crate::engine::Slot,
    ) -> bool {
        // The cut blocks the peaceful role whole, its passive powers too (L60).
        slot.has_status(FACE_CUT)
    }
    // The morning post names every victim of tonight's cuts, after the night's dead (L60,
    // L115.1).
    fn after_the_victims(&self, ctx: &mut Ctx, run: &Fold<CityNight>) {
        announce(ctx, run);
    }
    fn end_check(&self, ctx: &mut Ctx) {
        end::survival(ctx);
    }
    fn win_verdict(
        &self,
        ctx: &mut Ctx,
        side: &str,
        start_of_day: bool,
    ) -> Option<super::super::endgame::Verdict> {
        Some(end::verdict(ctx, side, start_of_day))
    }
    fn at_night(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, moment: super::Moment) {
        if moment == super::Moment::StageOpens("face_cut") {
            compulsory(ctx, run);
        }
    }
    fn id(&self) -> &'static str {
        ROLE
    }
    fn night_move(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) -> bool {
        if mv.ability == SUICIDE {
            super::killer::suicide(ctx, run, mv);
            return true;
        }
        if mv.ability != CUT {
            return false;
        }
        // Nothing knocks the cut down or blocks it (L64.6): only the host's verdict and his
        // death stop it.
        let stopped = ctx.verdict_stop(&mv.key()).or_else(|| {
            (!ctx.is_alive(mv.actor)).then(|| {
                (
                    StepResult::Failed,
                    format!("{} died before this stage", ctx.name(mv.actor)),
                )
            })
        });
        if let Some((result, why)) = stopped {
            night::step(ctx, mv, result, vec![why]);
            return true;
        }
        let (Some(&victim), target) = (mv.targets.first(), mv.targets.get(1).copied()) else {
            night::step(ctx, mv, StepResult::Failed, vec!["no victim".into()]);
            return true;
        };
        let reasons = cut(ctx, run, mv.actor, victim, target);
        noticed_at_the_victims_house(ctx, run, mv, victim);
        night::step(ctx, mv, StepResult::Success, reasons);
        true
    }
    /// His suicide needs a peaceful role with a shot (L76).
    fn usable(&self, entry: &Entry) -> Result<(), Refusal> {
        if entry.ability == SUICIDE && !SHOOTERS.contains(&entry.me().role.as_str()) {
            return refusal(
                SUICIDE,
                "the faceless may kill himself only with the investigator's, fanatic's, cultist's or inquisitor's shot (L76)",
            );
        }
        // The investigator's shot must be his to fire (L76 "при наличии выстрела", L8).
        if entry.ability == SUICIDE && entry.me().role == "investigator" {
            let shot = Entry {
                ability: "investigator_shot",
                ..*entry
            };
            if let Err(why) = super::investigator::Investigator.usable(&shot) {
                return refusal(
                    SUICIDE,
                    format!(
                        "the faceless has no shot to kill himself with: {}",
                        why.message
                    ),
                );
            }
        }
        Ok(())
    }
    fn refuse(&self, entry: &Entry) -> Result<(), Refusal> {
        if entry.ability != CUT {
            return Ok(());
        }
        let (Some(&victim), target) = (entry.targets.first(), entry.targets.get(1).copied()) else {
            return Ok(());
        };
        let state = entry.state;
        let name = |s: SlotId| state.slots[s].name.clone();
        if super::mayor::secretary(state) == Some(victim)
            || super::mayor::mayor(state) == Some(victim)
        {
            return refusal(
                "face_cut",
                format!(
                    "{} holds the mayor's or the secretary's post: no face cut (L64.1)",
                    name(victim)
                ),
            );
        }
        if state.slots[victim].has_status(FACE_CUT) {
            return refusal(
                "face_cut",
                format!("{}'s face is already cut (L60)", name(victim)),
            );
        }
        if got_back(state, victim) {
            return refusal(
                "face_cut",
                format!(
                    "{} got his role back: he cannot be cut again (L60)",
                    name(victim)
                ),
            );
        }
        match target {
            Some(t) if t == entry.actor => refusal(
                "face_target",
                "the faceless cannot be a victim's target (L60)",
            ),
            Some(t) if t == victim => refusal(
                "face_target",
                "the victim's target is another player (decision 4 of the contract)",
            ),
            Some(t) if used_targets(state).contains(&t) => refusal(
                "face_target",
                format!(
                    "{} has already been a victim's target: once a game (L60)",
                    name(t)
                ),
            ),
            None if free_targets(entry.roleset, state, entry.actor, victim).len() > 1 => refusal(
                "face_target",
                "the cut names the victim's target; it may be left out only when one free player remains (L64.3)",
            ),
            _ => Ok(()),
        }
    }
    fn stops(&self, ctx: &Ctx, _run: &Fold<CityNight>, mv: &Act) -> Option<(StepResult, String)> {
        let info = ctx.state.slots.get(mv.actor)?.statuses.get(FACE_CUT)?;
        let tonight = info.since == ctx.state.phase;
        // Knocked down by a move before the killers': a stopped shot passes to the insurer
        // (L62, L14).
        (tonight && teams::is_negative_ability(ctx.roleset, &mv.ability)).then(|| {
            (
                StepResult::Cancelled,
                format!(
                    "{}'s face was cut tonight: his negative move fails (L62)",
                    ctx.name(mv.actor)
                ),
            )
        })
    }
    fn morning(&self, ctx: &mut Ctx, run: &Fold<CityNight>) {
        face_to_night_killers(ctx, run);
        zero_after_suicide(ctx, run);
    }
    fn lynched(&self, ctx: &mut Ctx, lynched: &[SlotId]) -> Vec<SlotId> {
        score_lynch(ctx, lynched);
        Vec::new()
    }
    fn departed(&self, ctx: &mut Ctx, dead: &[SlotId]) {
        for &f in dead {
            record_result(ctx, f);
        }
    }
}

/// The faceless takes a way out through his peaceful role tonight or today (the madman's lone
/// suicide, the kamikaze's, the terrorist's blast, the hero's suicide, L72–L75): if he dies of
/// it in this phase he leaves with a draw and his victims are zeroed.
pub fn take_way_out(ctx: &mut Ctx, faceless: SlotId) {
    let phase = ctx.state.phase;
    faces_mut(&mut ctx.state)
        .way_out
        .insert(faceless, (phase, false));
}

/// A way out whose zeroing comes at once, before what it sets off can score (the terrorist's
/// blast, whose cut victim counts, L72).
pub fn take_way_out_zeroing_now(ctx: &mut Ctx, faceless: SlotId, why: &str) {
    zero_victims(ctx, why);
    let phase = ctx.state.phase;
    faces_mut(&mut ctx.state)
        .way_out
        .insert(faceless, (phase, true));
}

/// The result of a faceless who is out (L66.2, L66.3, L72–L75); one who left with his win
/// (`left`) has none to record.
fn record_result(ctx: &mut Ctx, f: SlotId) {
    let Some(slot) = ctx.state.slots.get(f) else {
        return;
    };
    if !teams::holds(slot, ROLE)
        || slot.has_status(super::super::elite::LEFT)
        || slot.has_status(DRAW)
        || slot.has_status(LOSS)
    {
        return;
    }
    let phase = ctx.state.phase;
    let (way_phase, zeroed) = match faces(&ctx.state).way_out.get(&f) {
        Some(&(p, zeroed)) => (Some(p), zeroed),
        None => (None, false),
    };
    let way_out = way_phase == Some(phase);
    let night = ctx.state.phase_kind(ctx.roleset) == crate::rules::PhaseKind::Night;
    let (status, why) = if way_out {
        if !zeroed {
            zero_victims(ctx, "his peaceful role's way out (L72–L75)");
        }
        (
            DRAW,
            "he took his peaceful role's way out: a draw, his victims zeroed (L72–L75)",
        )
    } else if night {
        (DRAW, "he died at night: a draw (L66.2)")
    } else {
        (LOSS, "he died by day: a loss (L66.3)")
    };
    ctx.set_status_until(f, status, None, None);
    ctx.note(
        format!("faceless_result:{}", ctx.name(f)),
        "notes",
        format!("the faceless {} is out: {why}", ctx.name(f)),
    );
}

/// A faceless who killed himself tonight loses every victim he gathered (L76).
fn zero_after_suicide(ctx: &mut Ctx, run: &Fold<CityNight>) {
    let died = run.acts.iter().any(|a| {
        a.ability == SUICIDE && is_faceless(&ctx.state, a.actor) && !ctx.is_alive(a.actor)
    });
    if died {
        zero_victims(ctx, "the faceless killed himself (L76)");
    }
}

/// A killer who dies attacking the faceless kamikaze scores a V for him if his face is cut
/// (L74): a night death that counts, by exception.
pub fn score_kamikaze_victim(ctx: &mut Ctx, kamikaze: SlotId, killer: SlotId) {
    if !is_faceless(&ctx.state, kamikaze) || !ctx.has_status(killer, FACE_CUT) {
        return;
    }
    ctx.set_status_until(killer, V, None, None);
    ctx.note(
        format!("faceless_v:{}", ctx.name(killer)),
        "doctor",
        format!(
            "{} is a cut victim who dies attacking the faceless kamikaze: a V (L74)",
            ctx.name(killer)
        ),
    );
}

/// Every victim the faceless gathered (V and half V) is zeroed.
fn zero_victims(ctx: &mut Ctx, why: &str) {
    let scored: Vec<SlotId> = ctx
        .state
        .slots
        .iter()
        .filter(|s| s.has_status(V) || s.has_status(HALF_V))
        .map(|s| s.id)
        .collect();
    for s in &scored {
        crate::kernel::status::clear(ctx, *s, V);
        crate::kernel::status::clear(ctx, *s, HALF_V);
    }
    ctx.note(
        "faceless_zeroed",
        "notes",
        format!("{why}: his {} victim(s) are zeroed", scored.len()),
    );
}

/// The cut is a visit to the victim alone (his target is only named), which the roles passively
/// tracking visitors at the victim's own house notice (L64.6); by option nobody does (Q23
/// `cut_noticed_by`). Watchers of another house and trackers of the faceless never see it.
fn noticed_at_the_victims_house(ctx: &Ctx, run: &mut Fold<CityNight>, mv: &Act, victim: SlotId) {
    let nobody = ctx.option("cut_noticed_by") == "nobody";
    run.visits.retain_mut(|v| {
        if v.actor != mv.actor || v.ability != CUT {
            return true;
        }
        v.targets = vec![victim];
        !nobody
    });
}

/// The player `slot`'s `status` points at (the faceless who cut him, the phantom who possesses
/// him).
fn link_of(state: &GameState, slot: SlotId, status: &str) -> Option<SlotId> {
    state.slots.get(slot)?.statuses.get(status)?.link
}

/// Did `faceless` cut `victim`'s face (and is it still cut)?
pub fn cut_by(state: &GameState, victim: SlotId, faceless: SlotId) -> bool {
    link_of(state, victim, FACE_CUT) == Some(faceless)
}

/// The target a cut victim must have lynched to get his role back.
pub fn target_of(state: &GameState, victim: SlotId) -> Option<SlotId> {
    state
        .slots
        .iter()
        .find(|s| {
            s.statuses
                .get(FACE_TARGET)
                .is_some_and(|i| i.link == Some(victim))
        })
        .map(|s| s.id)
}

/// Is the faceless still in the game: alive, a phantom player, or lynched now?
fn in_the_game(ctx: &Ctx, faceless: SlotId, lynched: &[SlotId]) -> bool {
    ctx.is_alive(faceless)
        || ctx.has_status(faceless, super::phantom::PHANTOM)
        || lynched.contains(&faceless)
}

/// Does the faceless phantom possess this victim?
fn possessed_by(ctx: &Ctx, victim: SlotId, faceless: SlotId) -> bool {
    link_of(&ctx.state, victim, super::phantom::POSSESSED) == Some(faceless)
}

/// A victim the faceless phantom possesses keeps his cut (L70).
fn possessed_by_the_faceless(state: &GameState, victim: SlotId) -> bool {
    link_of(state, victim, super::phantom::POSSESSED).is_some_and(|p| is_faceless(state, p))
}

/// The players named as targets so far.
fn used_targets(state: &GameState) -> Vec<SlotId> {
    faces(state).targets_used.clone()
}

/// Who may still be named as this victim's target: living, neither the faceless nor the
/// victim, never named before.
fn free_targets(
    roleset: &crate::rules::Roleset,
    state: &GameState,
    faceless: SlotId,
    victim: SlotId,
) -> Vec<SlotId> {
    let used = used_targets(state);
    // Nobody votes against an elite, so none can be a victim's target (L125.1, L127.1, L129.1).
    state
        .living()
        .filter(|s| !super::super::elite::is_elite(roleset, s))
        .map(|s| s.id)
        .filter(|&s| s != faceless && s != victim && !used.contains(&s))
        .collect()
}

/// Is this player the faceless?
pub fn is_faceless(state: &GameState, slot: SlotId) -> bool {
    state.slots.get(slot).is_some_and(|s| teams::holds(s, ROLE))
}

/// Cut `victim`'s face and give him `target` (L60, L115.20).
fn cut(
    ctx: &mut Ctx,
    run: &mut Fold<CityNight>,
    faceless: SlotId,
    victim: SlotId,
    target: Option<SlotId>,
) -> Vec<String> {
    ctx.set_status_until(victim, FACE_CUT, Some(faceless), None);
    let role = teams::peaceful_name(ctx, victim);
    let vname = ctx.name(victim);
    let mut reasons = vec![format!(
        "{vname}'s face is cut: his peaceful role ({role}) is blocked until he gets it back (L60)"
    )];
    let tname = target.map(|t| ctx.name(t)).unwrap_or_else(|| "—".into());
    if let Some(t) = target {
        ctx.set_status_until(t, FACE_TARGET, Some(victim), None);
        faces_mut(&mut ctx.state).targets_used.push(t);
        reasons.push(format!(
            "{vname} gets his role back if {tname} is lynched; {tname} is told he is a target (L60)"
        ));
        ctx.say(Audience::Slot(t), "pm_face_target", &[]);
    }
    if teams::black(ctx, victim) {
        reasons.push(format!(
            "{vname} is black: his negative move fails tonight (L62)"
        ));
    }
    ctx.say(
        Audience::Slot(faceless),
        "pm_faceless_cut",
        &[
            ("player", vname.clone()),
            ("role", role),
            ("target", tname.clone()),
        ],
    );
    ctx.say(Audience::Slot(victim), "pm_face_cut", &[("target", tname)]);
    run.ledger.roles.get_mut::<Tonight>().cuts.push(victim);
    reasons
}

/// The cut is compulsory (L64.3): a living faceless who sent none cuts himself, or a random
/// player if his own face is cut, with a random target; after a re-vote with no victim he may
/// skip.
pub fn compulsory(ctx: &mut Ctx, run: &mut Fold<CityNight>) {
    let Some(faceless) = teams::holder(&ctx.state, ROLE) else {
        return;
    };
    if run
        .acts
        .iter()
        .any(|a| a.actor == faceless && a.ability == CUT)
    {
        return;
    }
    let name = ctx.name(faceless);
    if skip_allowed(&ctx.state) {
        return ctx.note(
            "face_cut",
            "face_cut",
            format!("{name} sent no cut: the last vote ended in a re-vote with no victim, a skip is allowed (L64.3)"),
        );
    }
    // He cannot cut himself when his face is cut already, or he holds the mayor's or the
    // secretary's post (L64.1, L64.3): the host draws a victim.
    let in_office = super::mayor::mayor(&ctx.state) == Some(faceless)
        || super::mayor::secretary(&ctx.state) == Some(faceless);
    let own_cut = in_office || ctx.has_status(faceless, FACE_CUT) || got_back(&ctx.state, faceless);
    let victim = if own_cut {
        let mayor = super::mayor::mayor(&ctx.state);
        let secretary = super::mayor::secretary(&ctx.state);
        let options: Vec<SlotId> = ctx
            .state
            .living()
            .map(|s| s.id)
            .filter(|&s| {
                Some(s) != mayor
                    && Some(s) != secretary
                    && !ctx.has_status(s, FACE_CUT)
                    && !got_back(&ctx.state, s)
                    && !super::super::elite::is_elite(ctx.roleset, &ctx.state.slots[s])
            })
            .collect();
        let names: Vec<String> = options.iter().map(|s| ctx.name(*s)).collect();
        let drawn = ctx.draw("face_cut", "the faceless's victim", &options, |s| {
            names[options.iter().position(|o| o == s).unwrap_or(0)].clone()
        });
        let Some(v) = drawn else { return };
        v
    } else {
        faceless
    };
    let free = free_targets(ctx.roleset, &ctx.state, faceless, victim);
    let labels: Vec<String> = free.iter().map(|s| ctx.name(*s)).collect();
    let target = ctx.draw("face_cut", "the victim's target", &free, |s| {
        labels[free.iter().position(|o| o == s).unwrap_or(0)].clone()
    });
    let mut reasons = vec![format!(
        "{name} sent no cut, and a cut is compulsory: {} (L64.3)",
        if own_cut {
            "his own face is already cut, so the host draws a victim"
        } else {
            "his own face is cut"
        }
    )];
    reasons.extend(cut(ctx, run, faceless, victim, target));
    ctx.step(Step {
        key: format!("face_cut:{name}"),
        stage: "face_cut".into(),
        actor: Some(faceless),
        ability: Some(CUT.into()),
        targets_before: vec![],
        targets_after: vec![ctx.name(victim)],
        result: StepResult::Success,
        reasons,
    });
}

/// The morning post names every victim of tonight's cuts, after the night's dead (L60, L115.1).
pub fn announce(ctx: &mut Ctx, run: &Fold<CityNight>) {
    let cuts = run.ledger.roles.get::<Tonight>().map(|t| t.cuts.as_slice());
    for &v in cuts.unwrap_or_default() {
        ctx.say(Audience::Public, "pub_face_cut", &[("player", ctx.name(v))]);
    }
}

/// A skip is allowed when the last vote ended in a re-vote with no victim (L64.3).
fn skip_allowed(state: &GameState) -> bool {
    kept::of(state)
        .no_victim_day
        .as_ref()
        .is_some_and(|(day, _)| *day == state.phase / 2 + 1)
}

/// The lynch and the faceless's scores (L61, L62, L64.2, L64.4, L135).
fn score_lynch(ctx: &mut Ctx, lynched: &[SlotId]) {
    let faceless_lynched: Vec<SlotId> = lynched
        .iter()
        .copied()
        .filter(|s| is_faceless(&ctx.state, *s))
        .collect();
    for &v in lynched {
        let cutter = link_of(&ctx.state, v, FACE_CUT);
        // A dead faceless scores only while a phantom keeps him in the game (L64.5), or the
        // victim he possesses as a phantom (L70).
        let in_game =
            cutter.is_some_and(|f| in_the_game(ctx, f, lynched) || possessed_by(ctx, v, f));
        if ctx.has_status(v, FACE_CUT) && !is_faceless(&ctx.state, v) && in_game {
            ctx.set_status_until(v, V, None, None);
            ctx.note(
                format!("faceless_v:{}", ctx.name(v)),
                "votes",
                format!(
                    "{} is a lynched victim of the faceless: a V (L61, L64.2)",
                    ctx.name(v)
                ),
            );
        }
    }
    // A target lynched gives his victim the role back (L60), and scores half a V if he is no
    // victim himself (L61).
    for &t in lynched {
        let Some(victim) = link_of(&ctx.state, t, FACE_TARGET) else {
            continue;
        };
        // A victim dead before gets nothing back, and a faceless out of the game scores
        // nothing; a victim lynched with his target, both count (L64.4).
        let cutter = link_of(&ctx.state, victim, FACE_CUT);
        let together = lynched.contains(&victim);
        if !ctx.has_status(victim, FACE_CUT)
            || !(ctx.is_alive(victim) || together)
            || !cutter.is_some_and(|f| in_the_game(ctx, f, lynched))
        {
            continue;
        }
        if possessed_by_the_faceless(&ctx.state, victim) {
            ctx.note(
                format!("face_returned:{}", ctx.name(victim)),
                "votes",
                format!(
                    "{}'s target is lynched, but the faceless phantom possesses him: he keeps the cut (L70)",
                    ctx.name(victim)
                ),
            );
            continue;
        }
        if !ctx.has_status(t, FACE_CUT) {
            ctx.set_status_until(t, HALF_V, None, None);
            ctx.note(
                format!("faceless_half_v:{}", ctx.name(t)),
                "votes",
                format!(
                    "{} was a victim's target and no victim himself: half a V (L61)",
                    ctx.name(t)
                ),
            );
        }
        if !together {
            give_back(
                ctx,
                victim,
                &format!("his target {} is lynched (L60)", ctx.name(t)),
            );
        }
    }
    for f in faceless_lynched {
        let voters: Vec<SlotId> = ctx
            .state
            .pending
            .iter()
            .filter(|p| p.replaced_by.is_none())
            .filter_map(|p| match &p.kind {
                PendingKind::Vote { voter, target, .. }
                    if ctx.state.slot_by_name(target).map(|s| s.id) == Some(f) =>
                {
                    Some(*voter)
                }
                _ => None,
            })
            .collect();
        for v in voters.iter().copied().filter(|v| *v != f) {
            ctx.set_status_until(v, FACE, None, None);
        }
        let names: Vec<String> = voters
            .iter()
            .filter(|v| **v != f)
            .map(|v| ctx.name(*v))
            .collect();
        ctx.note(
            format!("faceless_face:{}", ctx.name(f)),
            "votes",
            format!(
                "the faceless is lynched: every player who voted for him gets his face ({}) (L135)",
                names.join(", ")
            ),
        );
        // The victim he possesses as a phantom keeps the cut (L70).
        let possessed: Vec<SlotId> = live_acts(&ctx.state)
            .filter(|a| a.actor == f && a.ability == "phantom_possess")
            .filter_map(|a| a.targets.first().and_then(|t| ctx.slot_of(t)))
            .collect();
        let victims: Vec<SlotId> = ctx
            .state
            .living()
            .filter(|s| s.statuses.get(FACE_CUT).is_some_and(|i| i.link == Some(f)))
            .filter(|s| !possessed.contains(&s.id))
            .map(|s| s.id)
            .collect();
        for v in victims {
            give_back(ctx, v, "the faceless is lynched (L62)");
        }
    }
}

/// The victim gets his peaceful role back, as it was when cut, and can never be cut again.
fn give_back(ctx: &mut Ctx, victim: SlotId, why: &str) {
    crate::kernel::status::clear(ctx, victim, FACE_CUT);
    faces_mut(&mut ctx.state).returned.insert(victim);
    ctx.say(Audience::Slot(victim), "pm_face_returned", &[]);
    ctx.note(
        format!("face_returned:{}", ctx.name(victim)),
        "votes",
        format!("{} gets his peaceful role back: {why}", ctx.name(victim)),
    );
}

/// A killer who killed the faceless at night gets his face, and so do his partners and his
/// servant (L135; the madman's move counts as a killer's).
fn face_to_night_killers(ctx: &mut Ctx, run: &Fold<CityNight>) {
    let killers: Vec<SlotId> = run
        .attacks
        .iter()
        .filter(|a| a.attacker != a.victim && is_faceless(&ctx.state, a.victim))
        .filter(|a| !ctx.is_alive(a.victim))
        .map(|a| a.attacker)
        .collect();
    for k in killers {
        let mut winners = vec![k];
        if let Some(side) = ctx
            .state
            .slots
            .get(k)
            .and_then(|s| teams::killer_side(ctx.roleset, s))
        {
            winners.extend(teams::members(ctx.roleset, &ctx.state, side));
        }
        winners.extend(
            ctx.state
                .slots
                .iter()
                .filter(|s| super::servant::master_of(&ctx.state, s.id) == Some(k))
                .map(|s| s.id),
        );
        winners.sort_unstable();
        winners.dedup();
        for w in &winners {
            ctx.set_status_until(*w, FACE, None, None);
        }
        let names: Vec<String> = winners.iter().map(|w| ctx.name(*w)).collect();
        ctx.note(
            "faceless_face",
            "killers",
            format!(
                "the faceless was killed at night: his face goes to {} (L135)",
                names.join(", ")
            ),
        );
    }
}
