//! The imitator (§5.33, L50), a werewolf of the maniac's side. Before the first night on which
//! the maniac shoots he meets him: each learns the other's name (Q40 `imitator_meeting`). When
//! the maniac dies he becomes the maniac, keeping his red check until his first kill. Lynched,
//! he may die disguised (`imitator_disguise`, `{"role": ...}`): as another negative role in the
//! game, or, before his first successful kill, as a red; the posts show the disguise until the
//! end.

use super::night::NightRun;
use super::{Entry, Role, refusal, teams, vars, werewolf};
use crate::engine::outcome::Audience;
use crate::engine::resolve::{Ctx, live_acts};
use crate::engine::{GameState, Refusal, SlotId};
use teams::KillerSide;

pub const ROLE: &str = "imitator";
pub const DISGUISE: &str = "imitator_disguise";
/// The imitator has met the maniac.
const MET: &str = "imitator_met";
/// What a lynched imitator is shown as: a negative role's id, or `red`.
fn shown_key(slot: SlotId) -> String {
    format!("imitator_shown:{slot}")
}

pub struct Imitator;

impl Role for Imitator {
    fn id(&self) -> &'static str {
        ROLE
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
    fn morning(&self, ctx: &mut Ctx, run: &NightRun) {
        meet(ctx, run);
    }
    fn lynched(&self, ctx: &mut Ctx, lynched: &[SlotId]) -> Vec<SlotId> {
        for (maker, role) in disguises(&ctx.state) {
            if lynched.contains(&maker) {
                vars::set(&mut ctx.state, shown_key(maker), role);
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
    let role = vars::get(&ctx.state, &shown_key(slot))
        .map(str::to_string)
        .or_else(|| {
            disguises(&ctx.state)
                .into_iter()
                .find(|(m, _)| *m == slot)
                .map(|(_, r)| r)
        })?;
    Some((role != "red").then(|| teams::role_name(ctx.roleset, &role)))
}

/// The living imitator.
fn living_imitator(state: &GameState) -> Option<SlotId> {
    state.living().find(|s| teams::holds(s, ROLE)).map(|s| s.id)
}

/// The meeting (L50, Q40): before the maniac's first night of shooting, the imitator and the
/// maniac learn each other's names.
fn meet(ctx: &mut Ctx, run: &NightRun) {
    if vars::flag(&ctx.state, MET) {
        return;
    }
    let next = run.ledger.night + 1;
    let maniac_due =
        KillerSide::Maniac.owns_parity(next) || ctx.option("imitator_meeting") == "before_night_2";
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
    vars::set(&mut ctx.state, MET, "yes");
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
