//! The fanatic (§5.19, L36; black holder L99). At the end of Day 1 he names his favourite for
//! the game (one who sends nothing gets one at random, never a victim of Night 1) and learns
//! the favourite's peaceful role, then every morning where the favourite's night moves went.
//! Once the favourite is gone he may kill one player a night until he is avenged: killing a
//! player of the other team ends it; killing one of his own lets him go on, and if he is then
//! lynched with kills left he takes a player with him. A black fanatic is owed revenge only for
//! a lynch or a kill by someone other than himself and his partners.

use super::night::{self, CityNight};
use super::{Entry, Role, kept, refusal, teams};
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::Ctx;
use crate::engine::{GameState, Refusal, SlotId};
use crate::kernel::Act;
use crate::kernel::Fold;

pub const ROLE: &str = "fanatic";
/// On the favourite, pointing at the fanatic.
pub const FAVOURITE: &str = "favourite";
/// Slot counters: revenge done; own-team players he killed.
const AVENGED: &str = "fanatic_avenged";
const OWN_KILLS: &str = "fanatic_own_kills";

pub struct Fanatic;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    templates: &[
        "pm_fanatic_favourite",
        "pm_fanatic_news",
        "pm_fanatic_day_news",
    ],
    statuses: &["favourite"],
    abilities: &["fanatic_favourite"],
    ..crate::engine::system::Requirements::NONE
};

impl Role for Fanatic {
    fn requires(&self) -> crate::engine::system::Requirements {
        REQUIRES
    }
    // The peaceful killers' order (L120): the fanatic, the cultist, the investigator, the inquisitor.
    fn stage_ranks(&self) -> &'static [(&'static str, u8)] {
        &[("fanatic_revenge", 0)]
    }
    fn id(&self) -> &'static str {
        ROLE
    }
    fn night_move(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) -> bool {
        match mv.ability.as_str() {
            "fanatic_favourite" => {
                let Some(t) = night::target_through_gate(ctx, run, mv, false, false) else {
                    return true;
                };
                choose(ctx, mv.actor, t);
                let why = format!(
                    "{} makes {} his favourite (L36)",
                    ctx.name(mv.actor),
                    ctx.name(t)
                );
                night::step(ctx, mv, StepResult::Success, vec![why]);
            }
            "fanatic_revenge" => revenge(ctx, run, mv),
            _ => return false,
        }
        true
    }
    fn usable(&self, entry: &Entry) -> Result<(), Refusal> {
        let me = entry.me();
        match entry.ability {
            "fanatic_favourite"
                if entry.night() != 1 || favourite(entry.state, entry.actor).is_some() =>
            {
                refusal(
                    "fanatic_favourite",
                    "the favourite is named once, at the end of Day 1 (L36)",
                )
            }
            "fanatic_revenge" if !owed(entry.roleset, entry.state, entry.actor) => refusal(
                "fanatic_revenge",
                "revenge opens once the favourite is gone and lasts until he is avenged (L36)",
            ),
            "fanatic_dying_kill" if me.counter(OWN_KILLS) == 0 || me.counter(AVENGED) > 0 => {
                refusal(
                    "fanatic_dying_kill",
                    "only a fanatic who killed his own team and still has kills left takes a player with him (L36)",
                )
            }
            _ => Ok(()),
        }
    }
    fn lynched(&self, ctx: &mut Ctx, lynched: &[SlotId]) -> Vec<SlotId> {
        dying_kill(ctx, lynched);
        Vec::new()
    }
    fn morning(&self, ctx: &mut Ctx, run: &Fold<CityNight>) {
        morning(ctx, run);
    }
    fn history(&self) -> &'static [&'static str] {
        &["pm_fanatic"]
    }
    fn inherited(&self) -> &'static [&'static str] {
        &[AVENGED, OWN_KILLS]
    }
    /// The favourite passes with the role: it pointed at the dead fanatic (L9).
    fn taken(&self, ctx: &mut Ctx, holder: SlotId) {
        let former: Vec<SlotId> = ctx
            .state
            .slots
            .iter()
            .filter(|s| !s.alive && s.role == ROLE)
            .map(|s| s.id)
            .collect();
        for s in ctx.state.slots.iter_mut() {
            if let Some(info) = s.statuses.get_mut(FAVOURITE)
                && info.link.is_some_and(|l| former.contains(&l))
            {
                info.link = Some(holder);
            }
        }
    }
}

/// The fanatic's favourite, alive or dead.
fn favourite(state: &GameState, fanatic: SlotId) -> Option<SlotId> {
    state
        .slots
        .iter()
        .find(|s| {
            s.statuses
                .get(FAVOURITE)
                .is_some_and(|i| i.link == Some(fanatic))
        })
        .map(|s| s.id)
}

/// Is the fanatic owed revenge: his favourite is gone and not avenged yet? A black fanatic only
/// for a lynch or another killer's hand (L99).
fn owed(roleset: &crate::rules::Roleset, state: &GameState, fanatic: SlotId) -> bool {
    let Some(f) = favourite(state, fanatic) else {
        return false;
    };
    let fav = &state.slots[f];
    if fav.alive || state.slots[fanatic].counter(AVENGED) > 0 {
        return false;
    }
    let black = teams::is_black(roleset, &state.slots[fanatic]);
    if !black {
        return true;
    }
    let lynched = fav
        .death
        .as_ref()
        .is_some_and(|(_, c)| c == "lynch" || c == "hunt");
    let killer = kept::of(state).killer_of.get(&f).copied();
    let how = state.kept.of::<FavouriteDeaths>().0.get(&f).cloned();
    // His side: himself, his partners, and his side's hired killer, whose orders (a peaceful
    // role's included) are his side's kills (L99).
    let his_hireling = teams::killer_side(roleset, &state.slots[fanatic])
        .map(|side| super::mercenary::of_side(side).role);
    let by_his_side = killer.is_some_and(|k| {
        k == fanatic
            || teams::negative_role(roleset, &state.slots[k])
                == teams::negative_role(roleset, &state.slots[fanatic])
            || his_hireling.is_some_and(|h| teams::holds(&state.slots[k], h))
    });
    let framed = (how.as_ref().and_then(|d| d.framed_by)).is_some_and(|h| {
        h == fanatic
            || teams::negative_role(roleset, &state.slots[h])
                == teams::negative_role(roleset, &state.slots[fanatic])
    });
    let excused = how.is_some_and(|d| d.excused);
    lynched || (killer.is_some() && (!by_his_side || excused) && !framed)
}

/// A killing of the favourite that does not bar the black fanatic's revenge even by his own
/// side (L99): an accident (the killer aimed at someone else: the prostitute whose client he
/// was) or a suicide-bound move (the kamikaze's, the madman's).
fn excused(run: &Fold<CityNight>, fav: SlotId) -> bool {
    let Some(attack) = run.killed_by(fav).and_then(|i| run.attacks.get(i)) else {
        return false;
    };
    let suicide_bound = matches!(attack.kind.as_str(), "kamikaze" | "madman" | "terrorist");
    // An order is aimed by its maker, carried out by the hired killer (L49).
    let aimed = run.acts.iter().any(|m| {
        (m.actor == attack.attacker || m.ability == attack.kind) && m.targets.contains(&fav)
    });
    suicide_bound || !aimed
}

/// How each favourite's killing happened, where it matters to the revenge (L99).
#[derive(Clone, Debug, Default, PartialEq)]
struct FavouriteDeaths(std::collections::BTreeMap<SlotId, FavouriteDeath>);

#[derive(Clone, Debug, Default, PartialEq)]
struct FavouriteDeath {
    /// Who framed it: a hypnotist who turned the killer's move, a black bodyguard.
    framed_by: Option<SlotId>,
    /// It was an accident or a suicide-bound move.
    excused: bool,
}

/// Who framed the favourite's death tonight: a hypnotist who turned his killer's move onto him,
/// or a black bodyguard guarding him whom the killer shot at (L99).
fn framer(run: &Fold<CityNight>, fav: SlotId) -> Option<SlotId> {
    let attack = run.attacks.get(run.killed_by(fav)?)?;
    super::hypnotist::turned_onto(run, attack.attacker, fav)
        .or_else(|| super::bodyguard::turned_onto_ward(run, attack.attacker, fav))
}

/// The favourite's day moves of yesterday: the fanatic learns their targets each morning, his
/// negative moves aside (L36).
fn day_news(ctx: &mut Ctx, fanatic: SlotId, fav: SlotId) {
    let went: Vec<String> = super::super::day_moves::of(&ctx.state, fav)
        .into_iter()
        .filter(|m| !teams::is_negative_ability(ctx.roleset, &m.ability))
        .flat_map(|m| m.targets)
        .map(|t| ctx.name(t))
        .collect();
    if ctx.is_alive(fanatic) && !went.is_empty() {
        ctx.say(
            Audience::Slot(fanatic),
            "pm_fanatic_day_news",
            &[("player", ctx.name(fav)), ("targets", went.join(", "))],
        );
    }
}

fn choose(ctx: &mut Ctx, fanatic: SlotId, target: SlotId) {
    ctx.set_status(target, FAVOURITE, Some(fanatic));
    let role = teams::peaceful_name(ctx, target);
    ctx.say(
        Audience::Slot(fanatic),
        "pm_fanatic_favourite",
        &[("player", ctx.name(target)), ("role", role)],
    );
}

fn revenge(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    let Some(target) = night::target_through_gate(ctx, run, mv, true, true) else {
        return;
    };
    let why = format!(
        "{} takes revenge on {} (L36)",
        ctx.name(mv.actor),
        ctx.name(target)
    );
    night::attack_move(ctx, run, mv, target, ROLE, None, vec![why]);
}

/// The morning: a random favourite for a fanatic who named none on Night 1 (never a victim of
/// that night); revenge settled; the favourite's moves of the night.
fn morning(ctx: &mut Ctx, run: &Fold<CityNight>) {
    let fanatics: Vec<SlotId> = night::holders_at_start(run, &ctx.state, ROLE).collect();
    for f in fanatics {
        if run.ledger.night == 1 && favourite(&ctx.state, f).is_none() {
            let pool: Vec<SlotId> = ctx
                .state
                .living()
                .map(|s| s.id)
                .filter(|s| *s != f)
                .collect();
            let names: Vec<String> = pool.iter().map(|p| ctx.name(*p)).collect();
            let label = |p: &SlotId| names[pool.iter().position(|x| x == p).unwrap_or(0)].clone();
            if let Some(t) = ctx.draw(
                "morning",
                "the fanatic's favourite, sent by nobody (L36)",
                &pool,
                label,
            ) {
                choose(ctx, f, t);
            }
        }
        // Everyone his revenge killed tonight counts, a prostitute's client with her: a player
        // of the other team among them avenges him, however many of his own died too (L36).
        let killed: Vec<SlotId> = run
            .attacks
            .iter()
            .filter(|a| a.attacker == f && a.kind == ROLE && !ctx.is_alive(a.victim))
            .map(|a| a.victim)
            .collect();
        let own = killed
            .iter()
            .filter(|t| teams::black(ctx, **t) == teams::black(ctx, f))
            .count() as u32;
        let other_team = (killed.len() as u32) > own;
        if let Some(s) = ctx.state.slots.get_mut(f) {
            if other_team {
                s.counters.insert(AVENGED.into(), 1);
            } else if own > 0 {
                *s.counters.entry(OWN_KILLS.into()).or_insert(0) += own;
            }
        }
        if let Some(fav) = favourite(&ctx.state, f) {
            let went: Vec<String> = run
                .acts
                .iter()
                // His peaceful role's moves only: a negative one would give his team away (L36).
                .filter(|m| {
                    m.actor == fav
                        && !m.targets.is_empty()
                        && !teams::is_negative_ability(ctx.roleset, &m.ability)
                })
                .flat_map(|m| m.targets.iter().map(|t| ctx.name(*t)))
                .collect();
            if ctx.is_alive(f) && !went.is_empty() {
                ctx.say(
                    Audience::Slot(f),
                    "pm_fanatic_news",
                    &[("player", ctx.name(fav)), ("targets", went.join(", "))],
                );
            }
            day_news(ctx, f, fav);
            let framed_by = framer(run, fav);
            let death = FavouriteDeath {
                framed_by,
                excused: framed_by.is_none() && excused(run, fav),
            };
            if death.framed_by.is_some() || death.excused {
                let deaths = &mut ctx.state.kept.get_mut::<FavouriteDeaths>().0;
                deaths.insert(fav, death);
            }
        }
    }
}

/// A lynched fanatic who killed his own team with kills left takes a player with him (L36).
fn dying_kill(ctx: &mut Ctx, lynched: &[SlotId]) {
    for (fanatic, target) in super::dying_moves(ctx, "fanatic_dying_kill", lynched) {
        let why = format!(
            "the lynched fanatic {} takes {} with him (L36)",
            ctx.name(fanatic),
            ctx.name(target)
        );
        super::dying_kill(ctx, fanatic, target, ROLE, why);
    }
}
