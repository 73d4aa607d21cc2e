//! The phantom (§5.1, L18; black holder L88). While he lives, every player killed at night
//! keeps a vote for the next day without his roles (status `phantom`, a dead player who still
//! votes); killed at night himself, only he gets it. Dead, he may possess a living player at
//! the vote of the day he died or of the day after his night death (`phantom_possess`, sent
//! during the vote): he learns the player's peaceful role, the vote result names the player,
//! and he stays for one more vote, where his vote counts only with the possessed player's
//! target; he leaves with him. A living phantom gets +1 for each phantom player who votes, and
//! may cancel that bonus during a vote (`phantom_cancel_bonus`). A black phantom's possession
//! is a curse (the player's peaceful role and colour are blocked), and he may stop making
//! phantom players (`phantom_switch_off`, an evening move). A faceless phantom (L70) possesses
//! only a victim whose face he cut, who then keeps the cut; his vote counts zero, and he leaves
//! as soon as the victim or the victim's target is out.

use super::night::{self, CityNight};
use super::{Entry, Role, refusal, teams};
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::{Ctx, live_acts};
use crate::engine::{GameState, Refusal, SlotId};
use crate::kernel::Act;
use crate::kernel::Fold;

pub const ROLE: &str = "phantom";
/// A dead player who still votes; on a possessing phantom it points at the possessed player.
pub const PHANTOM: &str = "phantom";
pub const POSSESSED: &str = "possessed";
/// The black phantom's possession: the player's peaceful role and colour are blocked.
pub const CURSED: &str = "cursed";
/// Set once a black phantom stopped making phantom players.
#[derive(Clone, Debug, Default, PartialEq)]
struct SwitchedOff(bool);

pub struct Phantom;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    templates: &["pm_phantom_host", "pub_phantom_possessed"],
    statuses: &["cursed", "phantom", "possessed"],
    options: &["phantom_aura"],
    roles: &["phantom"],
    abilities: &["phantom_cancel_bonus"],
    ..crate::engine::system::Requirements::NONE
};

impl Role for Phantom {
    fn sheet_lines(
        &self,
        _roleset: &crate::rules::Roleset,
        state: &crate::engine::GameState,
    ) -> Vec<String> {
        (state.kept.of::<SwitchedOff>().0)
            .then(|| "the black phantom makes no more phantom players".to_string())
            .into_iter()
            .collect()
    }
    fn requires(&self) -> crate::engine::system::Requirements {
        REQUIRES
    }
    fn lends_pending(
        &self,
        roleset: &crate::rules::Roleset,
        state: &crate::engine::GameState,
        slot: SlotId,
    ) -> Option<(String, super::Lent)> {
        // An aura victim's possession is the phantom's effect on him, no copy (Q18).
        Some((aura_possession(roleset, state, slot)?, super::Lent::AsOwn))
    }
    fn blocks_move(
        &self,
        ctx: &Ctx,
        actor: SlotId,
        _ability: &str,
        peaceful: bool,
    ) -> Option<String> {
        (peaceful && ctx.has_status(actor, CURSED)).then(|| {
            format!(
                "{} is cursed by the black phantom: the peaceful role is blocked (L88)",
                ctx.name(actor)
            )
        })
    }
    fn blocks_role_itself(
        &self,
        _state: &crate::engine::GameState,
        slot: &crate::engine::Slot,
    ) -> bool {
        slot.has_status(CURSED)
    }
    // A red phantom player, dead but voting, is an active red (L18, L11).
    fn active_though_dead(&self, state: &GameState, slot: SlotId) -> bool {
        state
            .slots
            .get(slot)
            .is_some_and(|s| !s.alive && s.has_status(PHANTOM))
    }
    fn dead_reds_counted(&self, ctx: &Ctx) -> usize {
        red_phantoms_counted(ctx)
    }
    fn dead_mark(&self, state: &GameState, slot: SlotId) -> Option<&'static str> {
        let phantom = state.slots.get(slot).is_some_and(|s| s.has_status(PHANTOM));
        phantom.then_some(", фантом")
    }
    fn hides_negative_role(&self, ctx: &Ctx, slot: SlotId) -> bool {
        hides_his_negative_role(ctx, slot)
    }
    fn vote_boosts(&self, ctx: &Ctx, vote: &super::CastVote) -> Vec<(i32, String)> {
        super::in_half_votes(weight_modifiers(ctx, vote.voter, vote.all))
    }
    fn zeroes_vote(&self, ctx: &Ctx, vote: &super::CastVote) -> Option<String> {
        zeroed(ctx, vote.voter, vote.target, vote.all)
    }
    fn withholds_colour(
        &self,
        ctx: &Ctx,
        _run: &crate::kernel::Fold<super::night::CityNight>,
        target: crate::engine::SlotId,
    ) -> Option<String> {
        ctx.has_status(target, CURSED).then(|| {
            format!(
                "{} is cursed by the black phantom: no colour information (L88)",
                ctx.name(target)
            )
        })
    }
    fn id(&self) -> &'static str {
        ROLE
    }
    fn history(&self) -> &'static [&'static str] {
        &["pm_phantom"]
    }
    fn night_move(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) -> bool {
        if mv.ability != "phantom_switch_off" {
            return false;
        }
        if let night::Gate::Stop(result, why) = night::gate(ctx, run, mv, true, false) {
            night::step(ctx, mv, result, vec![why]);
            return true;
        }
        ctx.state.kept.set(SwitchedOff(true));
        let why = "the black phantom makes no more phantom players (L88)".to_string();
        night::step(ctx, mv, StepResult::Success, vec![why]);
        true
    }
    fn usable(&self, entry: &Entry) -> Result<(), Refusal> {
        let me = entry.me();
        match entry.ability {
            "phantom_possess" if !me.alive && possessing(entry.state, entry.actor).is_some() => {
                refusal(
                    "phantom_possess",
                    "the phantom possesses one player only (L18)",
                )
            }
            "phantom_possess" if !me.alive && !me.has_status(PHANTOM) => refusal(
                "phantom_possess",
                "a dead phantom possesses at the vote of the day after his night death (L18, L113)",
            ),
            "phantom_cancel_bonus" if !me.alive => refusal(
                "phantom_cancel_bonus",
                "only a living phantom cancels his bonus (L18)",
            ),
            "phantom_switch_off" if !teams::is_black(entry.roleset, me) => refusal(
                "phantom_switch_off",
                "only a black phantom switches the phantom players off (L88)",
            ),
            _ => Ok(()),
        }
    }
    /// A faceless phantom possesses only one of his cut victims (L70).
    fn refuse(&self, entry: &Entry) -> Result<(), Refusal> {
        let Some(&t) = entry.targets.first() else {
            return Ok(());
        };
        let faceless = super::faceless::is_faceless(entry.state, entry.actor);
        if entry.ability == "phantom_possess"
            && faceless
            && !super::faceless::cut_by(entry.state, t, entry.actor)
        {
            return refusal(
                "phantom_possess",
                format!(
                    "{} is not a victim whose face the faceless cut: he possesses only those (L70)",
                    entry.state.slots[t].name
                ),
            );
        }
        Ok(())
    }
    fn morning(&self, ctx: &mut Ctx, run: &Fold<CityNight>) {
        aura(ctx, run);
        leave_with_hosts(ctx);
    }
    fn lynched(&self, ctx: &mut Ctx, lynched: &[SlotId]) -> Vec<SlotId> {
        possess(ctx, lynched);
        leave_with_hosts(ctx);
        Vec::new()
    }
    fn departed(&self, ctx: &mut Ctx, _dead: &[SlotId]) {
        leave_with_hosts(ctx);
    }
}

/// The player a dead phantom possesses, if he does.
fn possessing(state: &GameState, phantom: SlotId) -> Option<SlotId> {
    state.slots.get(phantom)?.statuses.get(PHANTOM)?.link
}

/// The night's victims keep a vote for the day while a phantom lives; a phantom killed tonight
/// keeps it alone (L18).
fn aura(ctx: &mut Ctx, run: &Fold<CityNight>) {
    let victims: Vec<SlotId> = ctx.outcome.deaths.iter().map(|d| d.slot).collect();
    // A copy of the phantom gives the effect to nobody, nor keeps it from the others when he
    // is killed (L40).
    let phantoms: Vec<SlotId> = night::owners_at_start(run, &ctx.state, ROLE).collect();
    let dead_phantoms: Vec<SlotId> = victims
        .iter()
        .copied()
        .filter(|v| phantoms.contains(v))
        .collect();
    let keepers = if !dead_phantoms.is_empty() {
        dead_phantoms
    } else if phantoms.iter().any(|p| aura_spreads(ctx, *p))
        && !ctx.state.kept.of::<SwitchedOff>().0
    {
        victims
    } else {
        Vec::new()
    };
    let day = ctx.state.phase + 1;
    for v in keepers {
        ctx.set_status_until(v, PHANTOM, None, Some(day));
        ctx.note(
            format!("phantom:{}", ctx.name(v)),
            "notes",
            format!(
                "{} keeps a vote for the day without roles: the phantom's effect (L18)",
                ctx.name(v)
            ),
        );
    }
}

/// A living phantom whose role works spreads the aura; a copy of the role does not (L18, L40).
fn aura_spreads(ctx: &Ctx, phantom: SlotId) -> bool {
    let s = &ctx.state.slots[phantom];
    s.alive
        && !super::super::blocks::role_blocked(&ctx.state, s)
        && !super::super::borrowed::copied(s, ROLE)
}

/// The possessions sent at this vote: by a phantom lynched now, or by one killed the night
/// before (L18, L113).
fn possess(ctx: &mut Ctx, lynched: &[SlotId]) {
    let acts: Vec<(SlotId, Option<SlotId>)> = live_acts(&ctx.state)
        .filter(|a| a.ability == "phantom_possess")
        .map(|a| (a.actor, a.targets.first().and_then(|t| ctx.slot_of(t))))
        .collect();
    for (phantom, target) in acts {
        let lynched_now = lynched.contains(&phantom);
        let night_dead = !ctx.is_alive(phantom) && !lynched_now;
        if !lynched_now && !night_dead {
            continue;
        }
        let Some(target) = target.filter(|t| ctx.is_alive(*t)) else {
            ctx.note(
                format!("phantom_possess:{}", ctx.name(phantom)),
                "votes",
                "the player the phantom chose leaves at this vote: no possession (L18)",
            );
            continue;
        };
        // One more vote: the status lasts until the next day is over.
        let until = Some(ctx.state.phase + 2);
        ctx.set_status_until(phantom, PHANTOM, Some(target), until);
        // The curse is a black phantom's; a black aura victim possesses as any other (Q18).
        let black = teams::holds(&ctx.state.slots[phantom], ROLE) && teams::black(ctx, phantom);
        let mark = if black { CURSED } else { POSSESSED };
        ctx.set_status_until(target, mark, Some(phantom), until);
        let role = teams::peaceful_name(ctx, target);
        ctx.say(
            Audience::Slot(phantom),
            "pm_phantom_host",
            &[("player", ctx.name(target)), ("role", role)],
        );
        ctx.say(
            Audience::Public,
            "pub_phantom_possessed",
            &[("player", ctx.name(target))],
        );
        let why = format!(
            "the phantom {} possesses {} and stays for one more vote (L18{})",
            ctx.name(phantom),
            ctx.name(target),
            if black {
                "; a black phantom's possession is a curse, L88"
            } else {
                ""
            }
        );
        ctx.note(
            format!("phantom_possess:{}", ctx.name(phantom)),
            "votes",
            why,
        );
    }
}

/// By option a night victim of the phantom's aura has the phantom's whole effect: he may
/// possess a player at the vote as a phantom killed at night does (Q18 `possess`; by default
/// the aura gives a vote only). It lends him the role's possession, nothing else: his other
/// abilities are the living phantom's.
pub fn aura_possession(
    roleset: &crate::rules::Roleset,
    state: &GameState,
    slot: SlotId,
) -> Option<String> {
    let s = state.slots.get(slot)?;
    let aura_victim = !s.alive
        && s.statuses.get(PHANTOM).is_some_and(|i| i.link.is_none())
        && !teams::holds(s, ROLE);
    (aura_victim && state.option(roleset, "phantom_aura") == "possess").then(|| ROLE.to_string())
}

/// A possessed player who leaves takes his phantom with him (L18); a faceless phantom leaves
/// as soon as his victim or the victim's target is out (L70).
fn leave_with_hosts(ctx: &mut Ctx) {
    let gone: Vec<SlotId> = ctx
        .state
        .slots
        .iter()
        .filter(|s| !s.alive)
        .filter_map(|s| Some((s.id, s.statuses.get(PHANTOM)?.link?)))
        .filter(|(p, host)| {
            !ctx.is_alive(*host)
                || (super::faceless::is_faceless(&ctx.state, *p)
                    && super::faceless::target_of(&ctx.state, *host)
                        .is_some_and(|t| !ctx.is_alive(t)))
        })
        .map(|(p, _)| p)
        .collect();
    for p in gone {
        crate::kernel::status::clear(ctx, p, PHANTOM);
    }
}

/// A living phantom's +1 for each phantom player voting in this ballot, unless he cancelled
/// it during the vote (L18).
pub fn weight_modifiers(ctx: &Ctx, voter: SlotId, all: &[(SlotId, SlotId)]) -> Vec<(i32, String)> {
    let me = &ctx.state.slots[voter];
    if !me.alive
        || !teams::holds(me, ROLE)
        || cancelled(&ctx.state, voter)
        || super::super::blocks::role_blocked(&ctx.state, me)
    {
        return Vec::new();
    }
    let mut players: Vec<SlotId> = all
        .iter()
        .map(|(v, _)| *v)
        .filter(|v| *v != voter && !ctx.is_alive(*v) && ctx.has_status(*v, PHANTOM))
        .collect();
    players.dedup();
    if players.is_empty() {
        return Vec::new();
    }
    let n = players.len() as i32;
    vec![(
        n,
        format!("+{n}: the phantom, for each phantom player voting (L18)"),
    )]
}

/// The phantom cancelled his bonus at this vote; a copy's bonus is also cancelled by the
/// original phantom's cancellation (L18, L40).
fn cancelled(state: &GameState, phantom: SlotId) -> bool {
    let original = state
        .slots
        .get(phantom)
        .filter(|s| super::super::borrowed::copied(s, ROLE))
        .and_then(|_| teams::owner(state, ROLE));
    live_acts(state).any(|a| {
        a.ability == "phantom_cancel_bonus" && (a.actor == phantom || Some(a.actor) == original)
    })
}

/// A possessing phantom's vote counts only with the possessed player's target (L18).
pub fn zeroed(
    ctx: &Ctx,
    voter: SlotId,
    target: SlotId,
    all: &[(SlotId, SlotId)],
) -> Option<String> {
    if ctx.is_alive(voter) {
        return None;
    }
    let host = possessing(&ctx.state, voter)?;
    if super::faceless::is_faceless(&ctx.state, voter) {
        return Some("the faceless phantom's vote counts zero (L70)".into());
    }
    let with_host = all.iter().any(|(v, t)| *v == host && *t == target);
    (!with_host).then(|| {
        format!(
            "the phantom's vote counts only with the possessed {}'s target (L18)",
            ctx.name(host)
        )
    })
}

/// A black phantom who has not left keeps his negative role hidden (L88): while he stays as a
/// phantom, or when he is lynched with a possession sent at this vote.
pub fn hides_his_negative_role(ctx: &Ctx, slot: SlotId) -> bool {
    let Some(s) = ctx.state.slots.get(slot) else {
        return false;
    };
    if !teams::holds(s, ROLE) || !teams::is_black(ctx.roleset, s) {
        return false;
    }
    s.has_status(PHANTOM)
        || live_acts(&ctx.state).any(|a| a.actor == slot && a.ability == "phantom_possess")
}

/// Dead red phantoms who count as a red for the end of the game (L172): the phantom himself
/// (not an aura victim) who possesses a living red, or who may still possess at the end of the
/// day (dead, keeping his vote, no possession yet).
pub fn red_phantoms_counted(ctx: &Ctx) -> usize {
    ctx.state
        .slots
        .iter()
        .filter(|s| !s.alive && teams::holds(s, ROLE) && !teams::is_black(ctx.roleset, s))
        .filter(|s| match s.statuses.get(PHANTOM) {
            Some(info) => match info.link {
                Some(host) => ctx.is_alive(host) && !teams::black(ctx, host),
                None => true,
            },
            None => false,
        })
        .count()
}
