//! The boss's son (§5.31, L48): the mafia's third member from the start, with the mafia's
//! shots, insurance, rumours and suicide (the mafia killer's own rules, which this role hands
//! its moves to). While he is in the group every mafia shot names the partner who insures it
//! (`{"insurer": NAME}`); his colour checks are always red ("чистые руки"). At the end of a day
//! he names a mafia successor (`boss_son_successor`), who becomes the son when he leaves; by
//! option (Q39) only once, the default, or until the last mafia.

use super::killer::Killer;
use super::{Entry, Role, refusal, teams, vars};
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::Ctx;
use crate::engine::{GameState, Refusal, SlotId};
use crate::rules::Roleset;
use teams::KillerSide;

pub const ROLE: &str = "boss_son";
pub const SUCCESSOR: &str = "boss_son_successor";
/// The successor the son named last (a slot id).
const SUCCESSOR_KEY: &str = "boss_son_successor";
/// A successor has taken the status once (Q39 `once`: never again).
const SUCCEEDED_KEY: &str = "boss_son_succeeded";

const MAFIA: Killer = Killer(KillerSide::Mafia);

pub struct BossSon;

impl Role for BossSon {
    fn id(&self) -> &'static str {
        ROLE
    }
    fn night_move(
        &self,
        ctx: &mut Ctx,
        run: &mut super::night::NightRun,
        mv: &super::night::Move,
    ) -> bool {
        if mv.ability != SUCCESSOR {
            return MAFIA.night_move(ctx, run, mv);
        }
        let Some(&heir) = mv.targets.first() else {
            return false;
        };
        vars::set(&mut ctx.state, SUCCESSOR_KEY, heir);
        let why = format!(
            "{} names {} his successor: he becomes the boss's son if the son leaves (L48)",
            ctx.name(mv.actor),
            ctx.name(heir)
        );
        super::night::step(ctx, mv, StepResult::Success, vec![why]);
        true
    }
    fn usable(&self, entry: &Entry) -> Result<(), Refusal> {
        MAFIA.usable(entry)
    }
    fn refuse(&self, entry: &Entry) -> Result<(), Refusal> {
        if entry.ability != SUCCESSOR {
            return MAFIA.refuse(entry);
        }
        match entry.targets.first() {
            Some(&t) if !is_mafia(entry.roleset, entry.state, t) => refusal(
                SUCCESSOR,
                format!(
                    "{} is not a living mafia: the successor is one of the mafias (L48)",
                    entry.state.slots[t].name
                ),
            ),
            _ => Ok(()),
        }
    }
    fn departed(&self, ctx: &mut Ctx, dead: &[SlotId]) {
        succeed(ctx, dead);
    }
}

/// Is `slot` a living holder of the plain mafia role?
fn is_mafia(roleset: &Roleset, state: &GameState, slot: SlotId) -> bool {
    state.slots.get(slot).is_some_and(|s| {
        s.alive && teams::negative_role(roleset, s) == Some(KillerSide::Mafia.id())
    })
}

/// Is a boss's son alive in the mafia?
pub fn in_group(state: &GameState) -> bool {
    state.living().any(|s| teams::holds(s, ROLE))
}

/// The son's colour checks are always red (L48 "чистые руки").
pub fn checks_red(ctx: &Ctx, target: SlotId) -> bool {
    ctx.state
        .slots
        .get(target)
        .is_some_and(|s| teams::holds(s, ROLE))
}

/// A mafia shot while the son is in the group names its insurer: a living mafia member other
/// than the shooter (L48).
pub fn insurer_refusal(entry: &Entry) -> Result<(), Refusal> {
    if !in_group(entry.state) {
        return Ok(());
    }
    let named = entry
        .params
        .get("insurer")
        .and_then(|n| entry.state.slot_by_name(n));
    match named {
        None => refusal(
            "insurer",
            "while the boss's son is in the mafia, each shot names the partner who insures it: add {\"insurer\": NAME} (L48)",
        ),
        Some(s)
            if s.id == entry.actor
                || !s.alive
                || teams::killer_side(entry.roleset, s) != Some(KillerSide::Mafia) =>
        {
            refusal(
                "insurer",
                format!(
                    "{} cannot insure this shot: the insurer is a living partner of the shooter's (L48)",
                    s.name
                ),
            )
        }
        Some(_) => Ok(()),
    }
}

/// The son has left: the successor he named, a living mafia, becomes the son (L48), unless the
/// option allows one succession only and it has happened (Q39).
fn succeed(ctx: &mut Ctx, dead: &[SlotId]) {
    let son_left = dead.iter().any(|d| {
        ctx.state
            .slots
            .get(*d)
            .is_some_and(|s| !s.alive && teams::holds(s, ROLE))
    });
    if !son_left || in_group(&ctx.state) {
        return;
    }
    let once = ctx.option("boss_son_succession") == "once";
    if once && vars::flag(&ctx.state, SUCCEEDED_KEY) {
        return;
    }
    let Some(heir) = vars::get(&ctx.state, SUCCESSOR_KEY).and_then(|v| v.parse::<SlotId>().ok())
    else {
        return;
    };
    vars::clear(&mut ctx.state, SUCCESSOR_KEY);
    if !is_mafia(ctx.roleset, &ctx.state, heir) {
        return;
    }
    // "Преемник не может передать статус последней мафии": the son's status is a third
    // member's, so the last mafia left never takes it.
    if teams::members(ctx.roleset, &ctx.state, KillerSide::Mafia).len() < 2 {
        ctx.note(
            "boss_son",
            "killers",
            format!(
                "{} is the last mafia: the son's status does not pass (L48)",
                ctx.name(heir)
            ),
        );
        return;
    }
    if let Some(slot) = ctx.state.slots.get_mut(heir) {
        for r in slot.extra_roles.iter_mut() {
            if r == KillerSide::Mafia.id() {
                *r = ROLE.to_string();
                break;
            }
        }
    }
    vars::set(&mut ctx.state, SUCCEEDED_KEY, "yes");
    ctx.say(Audience::Slot(heir), "pm_boss_son_succeeded", &[]);
    ctx.note(
        "boss_son",
        "killers",
        format!(
            "{} succeeds the boss's son and takes his status (L48)",
            ctx.name(heir)
        ),
    );
}
