//! The terrorist (§5.6, L23; black holder L92). Lynched, he blows up the courtroom: everyone who
//! voted against him, a zeroed vote included, has his roles blocked for a game-day (a black
//! terrorist's blast leaves negative roles their moves). Once per game, before the vote starts,
//! he may arm his detonator (naming a provisional target or not); once armed he cannot back out:
//! at the vote he names the target (or the provisional one stands), the standard vote is void,
//! and only he and his target die, both counted as lynched, the voters against either blocked.
//! A red terrorist's detonation on a red cripples instead of killing, and the mayor loses his
//! post for it; a black terrorist's always cripples. Colour checks give no information on him.

use super::kept::Round;
use super::{Entry, Role, before_the_vote, refusal, teams};
use crate::engine::resolve::{Ctx, live_acts};
use crate::engine::{GameState, Refusal, SlotId};

pub const ROLE: &str = "terrorist";
/// Every role (a black terrorist's blast: the peaceful one) blocked for a game-day.
pub const BLAST: &str = "explosion_blocked";
/// The detonator of the day: the armed terrorist and his provisional target, then the target
/// of the explosion, kept for the blast of the same result.
#[derive(Clone, Debug, Default, PartialEq)]
struct Detonator {
    armed: Option<(SlotId, Option<SlotId>)>,
    blown_up: Option<SlotId>,
}

pub struct Terrorist;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    templates: &["pub_terrorist_blast", "pub_terrorist_crippled"],
    statuses: &["explosion_blocked"],
    options: &["red_detonator_on_black"],
    ..crate::engine::system::Requirements::NONE
};

impl Role for Terrorist {
    fn sheet_lines(
        &self,
        _roleset: &crate::rules::Roleset,
        state: &crate::engine::GameState,
    ) -> Vec<String> {
        let detonator = state.kept.of::<Detonator>();
        (detonator.armed)
            .map(|(t, _)| {
                format!(
                    "{} has armed the detonator (L23)",
                    super::kept::name(state, t)
                )
            })
            .into_iter()
            .collect()
    }
    fn requires(&self) -> crate::engine::system::Requirements {
        REQUIRES
    }
    fn replaces_the_result(&self, ctx: &mut Ctx, doomed: &[SlotId]) -> Option<Vec<SlotId>> {
        detonate(ctx, doomed)
    }
    fn rope_falls(&self, ctx: &mut Ctx, lynched: &[SlotId], voters: &[(SlotId, SlotId)]) {
        blast(ctx, lynched, voters);
    }
    fn blocks_move(
        &self,
        ctx: &Ctx,
        actor: SlotId,
        _ability: &str,
        peaceful: bool,
    ) -> Option<String> {
        blast_blocks(ctx, actor, peaceful).then(|| {
            format!(
                "{} voted against the terrorist: the blast blocks the role for a game-day (L23)",
                ctx.name(actor)
            )
        })
    }
    fn blocks_role_itself(
        &self,
        _state: &crate::engine::GameState,
        slot: &crate::engine::Slot,
    ) -> bool {
        slot.has_status(BLAST)
    }
    fn withholds_colour(
        &self,
        ctx: &Ctx,
        _run: &crate::kernel::Fold<super::night::CityNight>,
        target: crate::engine::SlotId,
    ) -> Option<String> {
        super::no_information_on_holders(ctx, target, ROLE, "the terrorist")
    }
    fn id(&self) -> &'static str {
        ROLE
    }
    fn stops(
        &self,
        ctx: &Ctx,
        run: &crate::kernel::Fold<super::night::CityNight>,
        mv: &crate::kernel::Act,
    ) -> Option<(crate::engine::outcome::StepResult, String)> {
        stops(ctx, run, mv)
    }
    fn before_vote(&self, ctx: &mut Ctx) {
        fix_pre_vote(ctx);
    }
    fn usable(&self, entry: &Entry) -> Result<(), Refusal> {
        match entry.ability {
            "terrorist_activate" => before_the_vote(entry),
            "terrorist_detonate" if armed(entry.state).map(|(t, _)| t) != Some(entry.actor) => {
                refusal(
                    "terrorist_detonate",
                    "the detonator is armed before the vote starts (`terrorist_activate`) (L23)",
                )
            }
            "terrorist_detonate" if Round::now(entry.state) != Round::Vote => refusal(
                "terrorist_detonate",
                "the target of the explosion is named during the vote (L23, L113)",
            ),
            _ => Ok(()),
        }
    }
}

/// The armed terrorist and his provisional target.
fn armed(state: &GameState) -> Option<(SlotId, Option<SlotId>)> {
    state.kept.of::<Detonator>().armed
}

/// When the vote starts: an activation arms the detonator for today (once per game).
fn fix_pre_vote(ctx: &mut Ctx) {
    ctx.state.kept.get_mut::<Detonator>().armed = None;
    let Some(t) = teams::holder(&ctx.state, ROLE) else {
        return;
    };
    let Some(act) = live_acts(&ctx.state)
        .rev()
        .find(|a| a.actor == t && a.ability == "terrorist_activate")
    else {
        return;
    };
    let provisional = act.targets.first().and_then(|n| ctx.slot_of(n));
    let entered = act.targets.to_vec();
    if let Some(why) = super::blocks::blocked(ctx, t, "terrorist_activate") {
        let line = format!("{}'s detonator fails: {why}", ctx.name(t));
        return ctx.note("terrorist", "pre_vote", line);
    }
    ctx.spend_use(t, "terrorist_activate", &entered);
    ctx.state.kept.get_mut::<Detonator>().armed = Some((t, provisional));
    ctx.note(
        "terrorist",
        "pre_vote",
        format!(
            "{} arms the detonator: he cannot back out once the vote starts (L23)",
            ctx.name(t)
        ),
    );
}

/// The armed terrorist explodes with his target instead of the vote's result (L23): who dies
/// (his target is crippled instead where the rules say so), if the detonator was armed.
fn detonate(ctx: &mut Ctx, doomed: &[SlotId]) -> Option<Vec<SlotId>> {
    let (t, target, cripples) = detonation(ctx, doomed)?;
    ctx.state.kept.get_mut::<Detonator>().blown_up = Some(target);
    if !cripples {
        return Some(vec![t, target]);
    }
    super::kamikaze::cripple(ctx, target, t);
    ctx.say(
        crate::engine::outcome::Audience::Public,
        "pub_terrorist_crippled",
        &[("player", ctx.name(target))],
    );
    Some(vec![t])
}

/// At the vote result: an armed terrorist explodes with his target, voiding the vote (L23).
/// Returns the pair to lynch, and whether the target is crippled instead of killed.
pub fn detonation(ctx: &mut Ctx, doomed: &[SlotId]) -> Option<(SlotId, SlotId, bool)> {
    let (t, provisional) = armed(&ctx.state)?;
    ctx.state.kept.get_mut::<Detonator>().armed = None;
    let sent = live_acts(&ctx.state)
        .rev()
        .find(|a| a.actor == t && a.ability == "terrorist_detonate")
        .and_then(|a| a.targets.first().and_then(|n| ctx.slot_of(n)));
    let Some(target) = sent.or(provisional).filter(|x| ctx.is_alive(*x)) else {
        ctx.warn(format!(
            "{} armed the detonator but named no target: ask him and enter `terrorist_detonate` (L113)",
            ctx.name(t)
        ));
        return None;
    };
    let black_terrorist = teams::black(ctx, t);
    let faceless = super::faceless::is_faceless(&ctx.state, t);
    let cripples = if faceless {
        faceless_blast(ctx, t, target, doomed)
    } else {
        black_terrorist
            || (!teams::black(ctx, target) || ctx.option("red_detonator_on_black") == "cripples")
    };
    // A negative a black terrorist blows up makes no move the next night (L92).
    if black_terrorist && teams::black(ctx, target) {
        let next_night = super::night::night_number(ctx.state.phase + 1);
        if let Some(s) = ctx.state.slots.get_mut(target) {
            s.counters.insert(NO_MOVE_NIGHT.into(), next_night);
        }
    }
    ctx.note(
        "terrorist",
        "votes",
        format!(
            "{} explodes with {}: the vote is void, only the two count as lynched (L23){}",
            ctx.name(t),
            ctx.name(target),
            if cripples {
                format!("; {} is crippled instead of killed", ctx.name(target))
            } else {
                String::new()
            }
        ),
    );
    Some((t, target, cripples))
}

/// The faceless terrorist's detonation (L72): a target the vote would kill or send to the
/// re-vote dies with him (and scores if his face is cut), any other is crippled; either way his
/// earlier victims are zeroed and his death is a draw, not a loss. Whether the target is
/// crippled.
fn faceless_blast(ctx: &mut Ctx, faceless: SlotId, target: SlotId, doomed: &[SlotId]) -> bool {
    let kills = doomed.contains(&target);
    let why = format!(
        "the faceless terrorist {} explodes with {}{}: his earlier victims are zeroed, and his death is a draw (L72)",
        ctx.name(faceless),
        ctx.name(target),
        if kills {
            ", whom the vote would have killed or sent to the re-vote: he dies"
        } else {
            ", whom the vote spared: he is crippled"
        }
    );
    super::faceless::take_way_out_zeroing_now(
        ctx,
        faceless,
        "the faceless terrorist's blast (L72)",
    );
    ctx.note("terrorist", "votes", why);
    !kills
}

/// The blast of a lynched terrorist: each player who voted against him (or his detonation's
/// target) has his roles blocked for the next game-day (L23); a black terrorist's blast leaves
/// the negative roles their moves (L92).
pub fn blast(ctx: &mut Ctx, lynched: &[SlotId], voters: &[(SlotId, SlotId)]) {
    let Some(t) = lynched
        .iter()
        .copied()
        .find(|v| teams::holds(&ctx.state.slots[*v], ROLE))
    else {
        return;
    };
    let targets: Vec<SlotId> = std::iter::once(t)
        .chain(ctx.state.kept.get_mut::<Detonator>().blown_up.take())
        .collect();
    let phase = ctx.state.phase;
    let mut hit = Vec::new();
    for &(voter, target) in voters {
        if targets.contains(&target) && ctx.is_alive(voter) && !hit.contains(&voter) {
            ctx.set_status_until(voter, BLAST, Some(t), Some(phase + 2));
            hit.push(voter);
        }
    }
    if !hit.is_empty() {
        let names: Vec<String> = hit.iter().map(|v| ctx.name(*v)).collect();
        ctx.say(
            crate::engine::outcome::Audience::Public,
            "pub_terrorist_blast",
            &[("players", names.join(", "))],
        );
    }
}

/// The target of today's detonation, until the blast of the same result.
pub fn blown_up(state: &GameState) -> Option<SlotId> {
    state.kept.of::<Detonator>().blown_up
}
/// Slot counter: the night a negative blown up by a black terrorist makes no move (L92).
const NO_MOVE_NIGHT: &str = "terrorist_no_move_night";

/// Why a move stops: its maker, a negative, was blown up by a black terrorist yesterday (L92).
fn stops(
    ctx: &Ctx,
    run: &crate::kernel::Fold<super::night::CityNight>,
    mv: &crate::kernel::Act,
) -> Option<(crate::engine::outcome::StepResult, String)> {
    let night = ctx.state.slots.get(mv.actor)?.counter(NO_MOVE_NIGHT);
    (night > 0 && night == run.ledger.night && !super::super::notes::is_note(&mv.ability)).then(
        || {
            (
                crate::engine::outcome::StepResult::Skipped,
                format!(
                    "{} was blown up by the black terrorist yesterday: no night move tonight (L92)",
                    ctx.name(mv.actor)
                ),
            )
        },
    )
}

/// Does the blast block this role of the player (a black terrorist's: the peaceful one only)?
pub fn blast_blocks(ctx: &Ctx, slot: SlotId, peaceful: bool) -> bool {
    let Some(info) = ctx
        .state
        .slots
        .get(slot)
        .and_then(|s| s.statuses.get(BLAST))
    else {
        return false;
    };
    let black_terrorist = info.link.is_some_and(|t| teams::black(ctx, t));
    peaceful || !black_terrorist
}
