//! The immortal (§5.2, L19): one spare life, spent by the first night on which a role attacks
//! him (a lynch is not an attack); every attack of that night is absorbed at once, so a double
//! attack costs one life. A heal or the blocker's protection keeps the life (Q19: "не
//! тратится, если был застрахован"). Once per game, at the end of a day, he may link his life
//! with another player's: an attack on either goes into the spare life, and once it is spent
//! killing one of the pair kills both. He may break the link at the end of any day; the
//! linked player is never told.

use super::night::{self, CityNight, Gate};
use super::{Entry, Role, refusal};
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::Ctx;
use crate::engine::{Refusal, SlotId};
use crate::kernel::Act;
use crate::kernel::Fold;
use std::collections::BTreeSet;

pub const ROLE: &str = "immortal";
/// The status that is the life itself (also the executor's, later).
pub const SPARE_LIFE: &str = "spare_life";
/// On the linked player, pointing at the immortal.
pub const LINK: &str = "immortal_link";

pub struct Immortal;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    templates: &["pm_immortal_attacked"],
    statuses: &["spare_life"],
    options: &["immortal_protected_life"],
    abilities: &["immortal_unlink"],
    ..crate::engine::system::Requirements::NONE
};

impl Role for Immortal {
    fn requires(&self) -> crate::engine::system::Requirements {
        REQUIRES
    }
    fn spares(&self, ctx: &Ctx, victim: SlotId) -> bool {
        life_will_take(ctx, victim)
    }
    fn at_night(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, moment: super::Moment) {
        if moment == super::Moment::SpareLives {
            absorb(ctx, run);
        }
    }
    fn dies_with(&self, ctx: &mut Ctx, victim: SlotId, kind: &str) -> Option<super::LinkedDeath> {
        let (partner, why) = pair_dies(ctx, victim, kind)?;
        Some(super::LinkedDeath {
            partner,
            cause: LINK,
            why,
        })
    }
    fn id(&self) -> &'static str {
        ROLE
    }
    fn history(&self) -> &'static [&'static str] {
        &["pm_immortal"]
    }
    fn night_move(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) -> bool {
        match mv.ability.as_str() {
            "immortal_link" => link(ctx, run, mv),
            "immortal_unlink" => unlink(ctx, run, mv),
            _ => return false,
        }
        true
    }
    /// The heir plays the role as if from the start (L9): a life not spent yet is his, and so
    /// is the link.
    fn inherit(&self, ctx: &mut Ctx, from: SlotId, to: SlotId) {
        if ctx.has_status(from, SPARE_LIFE) {
            ctx.set_status_until(to, SPARE_LIFE, None, None);
        }
        if let Some(partner) = linked(&ctx.state, from) {
            ctx.set_status(partner, LINK, Some(to));
        }
    }
    fn refuse(&self, entry: &Entry) -> Result<(), Refusal> {
        if entry.ability == "immortal_unlink" && linked(entry.state, entry.actor).is_none() {
            return refusal("immortal_unlink", "there is no link to break (L19)");
        }
        Ok(())
    }
}

/// The player linked to the immortal `holder`, if any.
fn linked(state: &crate::engine::GameState, holder: SlotId) -> Option<SlotId> {
    state
        .slots
        .iter()
        .find(|s| s.statuses.get(LINK).is_some_and(|i| i.link == Some(holder)))
        .map(|s| s.id)
}

fn link(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    let Some(target) = night::target_through_gate(ctx, run, mv, true, false) else {
        return;
    };
    ctx.set_status(target, LINK, Some(mv.actor));
    let why = format!(
        "{}'s life is linked with {}'s: an attack on either goes into the spare life (L19)",
        ctx.name(mv.actor),
        ctx.name(target)
    );
    night::step(ctx, mv, StepResult::Success, vec![why]);
}

fn unlink(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    if let Gate::Stop(result, why) = night::gate(ctx, run, mv, true, false) {
        return night::step(ctx, mv, result, vec![why]);
    }
    let Some(partner) = linked(&ctx.state, mv.actor) else {
        return night::step(ctx, mv, StepResult::Failed, vec!["no link to break".into()]);
    };
    if let Some(s) = ctx.state.slots.get_mut(partner) {
        s.statuses.remove(LINK);
    }
    let why = format!(
        "{} breaks the link with {} (L19)",
        ctx.name(mv.actor),
        ctx.name(partner)
    );
    night::step(ctx, mv, StepResult::Success, vec![why]);
}

/// The immortal whose life covers `victim`: himself, or the immortal he is linked to. A spare
/// life of another holder (the executor's from the start, L53; the cultist's, L43) covers its
/// holder alone.
pub fn cover(ctx: &Ctx, victim: SlotId) -> Option<SlotId> {
    let slot = ctx.state.slots.get(victim)?;
    if slot.roles().any(|r| r == ROLE) || slot.has_status(SPARE_LIFE) {
        return Some(victim);
    }
    slot.statuses
        .get(LINK)
        .and_then(|i| i.link)
        .filter(|i| ctx.is_alive(*i))
        // The executor's own life, left once the immortal's is spent, covers him alone (L110).
        .filter(|i| !immortal_life_spent(&ctx.state, *i))
}

/// The executor's own life saves him from one killing attempt at night only (L53): with the
/// immortal's life spent or never held, a kill by day takes him.
fn only_the_executors_night_life(state: &crate::engine::GameState, slot: SlotId) -> bool {
    let Some(s) = state.slots.get(slot) else {
        return false;
    };
    s.roles().any(|r| r == super::executor::ROLE)
        && (!s.roles().any(|r| r == ROLE) || immortal_life_spent(state, slot))
}

/// Slot counter: an executor holding the immortal has spent the immortal's life and lives on
/// his own (L110).
const IMMORTAL_LIFE_SPENT: &str = "immortal_life_spent";

fn immortal_life_spent(state: &crate::engine::GameState, slot: SlotId) -> bool {
    state
        .slots
        .get(slot)
        .is_some_and(|s| s.counter(IMMORTAL_LIFE_SPENT) > 0)
}

/// An executor holding the immortal has two lives, the immortal's first (L110): spending it
/// leaves his own. Whether it did (the spare life then stays, his alone).
fn executor_keeps_his_own(ctx: &mut Ctx, immortal: SlotId) -> bool {
    let Some(s) = ctx.state.slots.get_mut(immortal) else {
        return false;
    };
    let both = s.roles().any(|r| r == ROLE) && s.roles().any(|r| r == super::executor::ROLE);
    if !both || s.counter(IMMORTAL_LIFE_SPENT) > 0 {
        return false;
    }
    s.counters.insert(IMMORTAL_LIFE_SPENT.into(), 1);
    true
}

/// Before deaths are settled: an immortal with his life absorbs every unsettled attack on
/// himself and on his linked player, unless a heal already saves the victim (the life is kept,
/// Q19). He learns which of the pair was attacked (L115.5).
pub fn absorb(ctx: &mut Ctx, run: &mut Fold<CityNight>) {
    let keep_if_healed = ctx.option("immortal_protected_life") != "spent";
    let mut spent: Vec<(SlotId, BTreeSet<SlotId>)> = Vec::new();
    // Whom of the pair an attack reached, told to the immortal whatever became of his life.
    let mut attacked: Vec<(SlotId, BTreeSet<SlotId>)> = Vec::new();
    for i in 0..run.attacks.len() {
        let a = &run.attacks[i];
        // A kamikaze's or madman's own death is no attack the life takes (L19); a black's
        // suicide is (L11).
        let own_death = a.attacker == a.victim && !black_suicide(ctx, a.victim, &a.kind);
        if a.settled || !ctx.is_alive(a.victim) || own_death {
            continue;
        }
        let victim = a.victim;
        let Some(immortal) = cover(ctx, victim) else {
            continue;
        };
        match attacked.iter_mut().find(|(i, _)| *i == immortal) {
            Some((_, who)) => {
                who.insert(victim);
            }
            None => attacked.push((immortal, BTreeSet::from([victim]))),
        }
        let already = spent.iter_mut().find(|(i, _)| *i == immortal);
        let has_life = already.is_some() || ctx.has_status(immortal, SPARE_LIFE);
        if !has_life {
            continue;
        }
        if run.healed.contains_key(&victim) && keep_if_healed && already.is_none() {
            continue;
        }
        run.attacks[i].settled = true;
        run.ledger
            .roles
            .get_mut::<Tonight>()
            .lives_taken
            .push((victim, immortal));
        let line = format!(
            "{} survives the {} attack: {}'s spare life takes it (L19)",
            ctx.name(victim),
            run.attacks[i].kind,
            ctx.name(immortal)
        );
        ctx.note(format!("life:{}", ctx.name(victim)), "doctor", line);
        match spent.iter_mut().find(|(i, _)| *i == immortal) {
            Some((_, attacked)) => {
                attacked.insert(victim);
            }
            None => spent.push((immortal, BTreeSet::from([victim]))),
        }
    }
    for (immortal, who) in attacked {
        let names: Vec<String> = who.iter().map(|p| ctx.name(*p)).collect();
        let template = if spent.iter().any(|(i, _)| *i == immortal) {
            if executor_keeps_his_own(ctx, immortal) {
                let why = format!(
                    "{} spent the immortal's life; the executor's own is left, for him alone (L110)",
                    ctx.name(immortal)
                );
                ctx.note(format!("life:{}", ctx.name(immortal)), "doctor", why);
            } else if let Some(s) = ctx.state.slots.get_mut(immortal) {
                s.statuses.remove(SPARE_LIFE);
            }
            "pm_immortal_life_spent"
        } else {
            "pm_immortal_attacked"
        };
        if ctx.is_alive(immortal) {
            ctx.say(
                Audience::Slot(immortal),
                template,
                &[("players", names.join(", "))],
            );
        }
    }
}

/// A role's kill by day (a dying kill) is an attack too (L19): the spare life of the immortal
/// covering the target takes it, and a spent life's linked pair dies together. Returns whether
/// the target still dies, and who dies with him.
pub fn day_kill(ctx: &mut Ctx, target: SlotId) -> (bool, Option<(SlotId, String)>) {
    let Some(immortal) = cover(ctx, target) else {
        return (true, None);
    };
    if ctx.has_status(immortal, SPARE_LIFE) && !only_the_executors_night_life(&ctx.state, immortal)
    {
        if !executor_keeps_his_own(ctx, immortal) {
            crate::kernel::status::clear(ctx, immortal, SPARE_LIFE);
        }
        let line = format!(
            "{} survives the kill: {}'s spare life takes it (L19)",
            ctx.name(target),
            ctx.name(immortal)
        );
        ctx.note(format!("life:{}", ctx.name(target)), "votes", line);
        ctx.say(
            Audience::Slot(immortal),
            "pm_immortal_life_spent",
            &[("players", ctx.name(target))],
        );
        return (false, None);
    }
    (true, pair_dies(ctx, target, "day_kill"))
}

/// Whether a spare life will take tonight's attack on `victim` when the doctor's stage settles it.
pub fn life_will_take(ctx: &Ctx, victim: SlotId) -> bool {
    cover(ctx, victim).is_some_and(|i| ctx.has_status(i, SPARE_LIFE))
}

/// Is this death of `victim` by `cause` a black's own suicide (his `suicide` move tonight)? A
/// spare life survives it, and through a spent link it takes the partner too: the one way a
/// suicide harms another player (L11). The kamikaze's and the madman's are not (L19).
fn black_suicide(ctx: &Ctx, victim: SlotId, cause: &str) -> bool {
    cause == "suicide"
        && crate::engine::resolve::live_acts(&ctx.state)
            .any(|a| a.actor == victim && a.ability == "suicide")
}

/// Did `victim`'s own spare life take tonight's attack on him, or will it at the doctor's
/// stage, no other player's role saving him first (the executor's own life, L53)?
pub fn own_life_will_take(ctx: &Ctx, run: &Fold<CityNight>, victim: SlotId) -> bool {
    let taken = run
        .ledger
        .roles
        .read(|t: &Tonight| t.lives_taken.contains(&(victim, victim)));
    taken
        || (cover(ctx, victim) == Some(victim)
            && ctx.has_status(victim, SPARE_LIFE)
            && !night::heal_will_hold(ctx, run, victim))
}

/// The immortal's record of the night: (survivor, whose life took the attack).
#[derive(Clone, Default, Debug, PartialEq)]
struct Tonight {
    lives_taken: Vec<(SlotId, SlotId)>,
}

/// A night kill of one of a linked pair whose life is spent kills the other too (L19), a
/// black's suicide included (L11).
pub fn pair_dies(ctx: &mut Ctx, victim: SlotId, cause: &str) -> Option<(SlotId, String)> {
    let suicide = cause == "suicide" && !black_suicide(ctx, victim, cause);
    if cause == LINK || suicide || cause == super::madman::ROLE {
        return None;
    }
    let partner = match cover(ctx, victim) {
        Some(i) if i != victim => i,
        Some(_) => linked(&ctx.state, victim)?,
        None => return None,
    };
    if !ctx.is_alive(partner) || ctx.has_status(partner, SPARE_LIFE) {
        return None;
    }
    let why = format!(
        "{} dies with {}: their lives were linked and the spare life is spent (L19)",
        ctx.name(partner),
        ctx.name(victim)
    );
    Some((partner, why))
}
