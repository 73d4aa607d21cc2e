//! The homeless (§5.8, L25). He watches one player's house and sleeps there two nights: the
//! night he chooses and, automatically, the next, when he may not choose again. In the morning
//! he learns the names (not the roles) of those who came to the house, whether the owner left
//! it, and always who came to him personally; a prostitute's house shows her client too. A
//! blocker cannot stop him (L115.5). Once in two nights (Q24) he may get drunk: every role
//! finds him as if dead that night and he learns nothing; surviving an attempt while drunk, he
//! can never get drunk again.

use super::night::{self, CityNight};
use super::{Entry, Role, prostitute, refusal};
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::Ctx;
use crate::engine::{Refusal, SlotId};
use crate::kernel::Act;
use crate::kernel::Fold;
use std::collections::BTreeSet;

pub const ROLE: &str = "homeless";
/// Slot counters: the night of his last chosen watch and its house (slot + 1), the night he
/// last got drunk, and the attempt he survived drunk.
const WATCH_NIGHT: &str = "homeless_watch_night";
const WATCH_HOUSE: &str = "homeless_watch_house";
const DRUNK_NIGHT: &str = "homeless_drunk_night";
const SOBER: &str = "homeless_sober";
/// The status a drunk homeless holds for the night (ends as it is committed).
const DRUNK_STATUS: &str = "drunk";

pub struct Homeless;

/// The homeless's record of the night: who is drunk, and whose watch went through (homeless, house).
#[derive(Clone, Default, Debug, PartialEq)]
struct Tonight {
    drunk: BTreeSet<SlotId>,
    watches: Vec<(SlotId, SlotId)>,
}

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    templates: &["pm_homeless_visitors", "pm_homeless_watch"],
    statuses: &["drunk"],
    options: &["homeless_drunk"],
    abilities: &["homeless_drunk"],
    ..crate::engine::system::Requirements::NONE
};

impl Role for Homeless {
    fn requires(&self) -> crate::engine::system::Requirements {
        REQUIRES
    }
    fn at_night(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, moment: super::Moment) {
        if moment == super::Moment::Dusk {
            second_night_visits(ctx, run);
        }
    }
    fn stops(&self, ctx: &Ctx, run: &Fold<CityNight>, mv: &Act) -> Option<(StepResult, String)> {
        finds_dead(ctx, run, mv).map(|why| (StepResult::Failed, why))
    }
    fn id(&self) -> &'static str {
        ROLE
    }
    fn night_move(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) -> bool {
        match mv.ability.as_str() {
            "homeless_watch" => watch(ctx, run, mv),
            "homeless_drunk" => drink(ctx, run, mv),
            _ => return false,
        }
        true
    }
    fn refuse(&self, entry: &Entry) -> Result<(), Refusal> {
        let me = entry.me();
        let night = entry.night();
        let last = |key: &str| me.counter(key);
        match entry.ability {
            "homeless_watch" if last(WATCH_NIGHT) > 0 && last(WATCH_NIGHT) + 1 == night => refusal(
                "homeless_watch",
                "he sleeps at the house he chose for a second night: no new watch tonight (L25)",
            ),
            "homeless_drunk" if last(SOBER) > 0 => refusal(
                "homeless_drunk",
                "he survived an attempt while drunk: never drunk again (L25)",
            ),
            "homeless_drunk"
                if last(DRUNK_NIGHT) > 0
                    && last(DRUNK_NIGHT) + 1 == night
                    && entry.state.option(entry.roleset, "homeless_drunk") == "not_adjacent" =>
            {
                refusal(
                    "homeless_drunk",
                    "drunk at most once in two nights (L25, Q24)",
                )
            }
            _ => Ok(()),
        }
    }
    fn morning(&self, ctx: &mut Ctx, run: &Fold<CityNight>) {
        tell(ctx, run);
    }
    fn history(&self) -> &'static [&'static str] {
        &["pm_homeless"]
    }
    fn inherited(&self) -> &'static [&'static str] {
        &[WATCH_NIGHT, WATCH_HOUSE, DRUNK_NIGHT, SOBER]
    }
}

fn watch(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    // No blocker stops a homeless who makes a move (L115.5).
    let Some(house) = night::target_through_gate(ctx, run, mv, false, false) else {
        return;
    };
    let night = run.ledger.night;
    if let Some(s) = ctx.state.slots.get_mut(mv.actor) {
        s.counters.insert(WATCH_NIGHT.into(), night);
        s.counters.insert(WATCH_HOUSE.into(), house as u32 + 1);
    }
    run.ledger
        .roles
        .get_mut::<Tonight>()
        .watches
        .push((mv.actor, house));
    let why = format!(
        "{} watches {}'s house tonight and tomorrow night (L25)",
        ctx.name(mv.actor),
        ctx.name(house)
    );
    night::step(ctx, mv, StepResult::Success, vec![why]);
}

fn drink(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    let night = run.ledger.night;
    if let Some(s) = ctx.state.slots.get_mut(mv.actor) {
        s.counters.insert(DRUNK_NIGHT.into(), night);
    }
    run.ledger.roles.get_mut::<Tonight>().drunk.insert(mv.actor);
    // The contract's status for it (ru-city-part2-ids.md): tonight only.
    ctx.set_status(mv.actor, DRUNK_STATUS, None);
    let why = format!(
        "{} is drunk tonight: every role finds him as if dead, and he learns nothing (L25)",
        ctx.name(mv.actor)
    );
    night::step(ctx, mv, StepResult::Success, vec![why]);
}

/// A move on a drunk homeless finds him as if dead (L25); a killer's attempt means he can
/// never get drunk again (counted at the morning).
pub fn finds_dead(ctx: &Ctx, run: &Fold<CityNight>, mv: &Act) -> Option<String> {
    let drunk = &run.ledger.roles.get::<Tonight>()?.drunk;
    let &t = mv.targets.iter().find(|t| drunk.contains(t))?;
    (mv.actor != t).then(|| {
        format!(
            "{} is drunk tonight: the move finds him as if dead (L25)",
            ctx.name(t)
        )
    })
}

/// The house he sits at tonight: the one he chose, or yesterday's (the automatic second night).
fn house_tonight(ctx: &Ctx, run: &Fold<CityNight>, h: SlotId) -> Option<SlotId> {
    let watches = run
        .ledger
        .roles
        .get::<Tonight>()
        .map(|t| t.watches.as_slice());
    if let Some((_, house)) = watches.unwrap_or_default().iter().find(|(w, _)| *w == h) {
        return Some(*house);
    }
    second_night_house(ctx, run, h)
}

/// The morning: who came to the house he watches and to him, and whether the owner went out;
/// nothing on a drunk night, when an attempt on him means he never drinks again.
fn tell(ctx: &mut Ctx, run: &Fold<CityNight>) {
    let homeless: Vec<SlotId> = night::holders_at_start(run, &ctx.state, ROLE).collect();
    for h in homeless {
        if run.ledger.roles.read(|t: &Tonight| t.drunk.contains(&h)) {
            let tried = run.acts.iter().any(|m| {
                m.targets.contains(&h)
                    && ctx
                        .roleset
                        .ability_has_tag(&m.ability, super::teams::KILLER)
            });
            if tried
                && ctx.is_alive(h)
                && let Some(s) = ctx.state.slots.get_mut(h)
            {
                s.counters.insert(SOBER.into(), 1);
            }
            continue;
        }
        if !ctx.is_alive(h) {
            continue;
        }
        let house = house_tonight(ctx, run, h);
        // Killers are seen only by the kill below; at a prostitute's house only those who came
        // to her successfully (L25).
        let went_through = |actor: SlotId, ability: &str| {
            ctx.outcome.steps.iter().any(|s| {
                s.actor == Some(actor)
                    && s.ability.as_deref() == Some(ability)
                    && s.result == crate::engine::outcome::StepResult::Success
            })
        };
        let visitors = |target: SlotId| -> Vec<SlotId> {
            let at_hers = super::teams::holds(&ctx.state.slots[target], prostitute::ROLE);
            run.visitors_of(target, h)
                // He does not track the faceless's cuts (L25, Q23).
                .filter(|v| v.ability != super::faceless::CUT)
                .filter(|v| {
                    !ctx.roleset
                        .ability_has_tag(&v.ability, super::teams::KILLER)
                        && (!at_hers || went_through(v.actor, &v.ability))
                })
                .map(|v| v.actor)
                .collect()
        };
        let mut seen: BTreeSet<SlotId> = visitors(h).into_iter().collect();
        let mut left = false;
        if let Some(house) = house {
            seen.extend(visitors(house));
            seen.extend(prostitute::clients_of(run, house));
            seen.remove(&house);
            // A move on oneself is staying home (L7).
            // A client spends the night at the prostitute's (L21).
            left = prostitute::is_client(run, house)
                || run
                    .visits
                    .iter()
                    .any(|v| v.actor == house && v.targets.iter().any(|t| *t != house));
        }
        // A killer who killed at the house is seen, the first one only; a saved victim's is
        // not (L25); a copy of the role never names the killer (L40).
        let copy = super::super::borrowed::copied(&ctx.state.slots[h], ROLE);
        for target in std::iter::once(h).chain(house).filter(|_| !copy) {
            if let Some(a) = run.killed_by(target).and_then(|i| run.attacks.get(i))
                && !ctx.is_alive(target)
            {
                seen.insert(a.attacker);
            }
        }
        let names: Vec<String> = seen.iter().map(|p| ctx.name(*p)).collect();
        let Some(house) = house else {
            if !names.is_empty() {
                let names = names.join(", ");
                ctx.say(
                    Audience::Slot(h),
                    "pm_homeless_visitors",
                    &[("names", names)],
                );
            }
            continue;
        };
        let names = if names.is_empty() {
            "никто".to_string()
        } else {
            names.join(", ")
        };
        let owner = if left {
            format!("{} выходил(а) из дома", ctx.name(house))
        } else {
            format!("{} не выходил(а) из дома", ctx.name(house))
        };
        ctx.say(
            Audience::Slot(h),
            "pm_homeless_watch",
            &[("names", names), ("owner", owner)],
        );
    }
}

/// Is the homeless out on a watch tonight: one he chose, or his automatic second night at the
/// house, which counts as a move (L25 "технически считается, что бомж автоматически совершает
/// повторный ход")?
pub fn on_watch(ctx: &Ctx, run: &Fold<CityNight>, h: SlotId) -> bool {
    run.acts
        .iter()
        .any(|a| a.actor == h && a.ability == "homeless_watch")
        || second_night_house(ctx, run, h).is_some()
}

/// The house of his automatic second night, if tonight is one.
fn second_night_house(ctx: &Ctx, run: &Fold<CityNight>, h: SlotId) -> Option<SlotId> {
    let s = ctx.state.slots.get(h)?;
    (s.alive && s.counter(WATCH_NIGHT) + 1 == run.ledger.night && s.counter(WATCH_HOUSE) > 0)
        .then(|| s.counter(WATCH_HOUSE) as usize - 1)
}

/// As the night begins: a homeless's automatic second night is his visit to the house, seen
/// by whoever tracks him (L25).
pub fn second_night_visits(ctx: &Ctx, run: &mut Fold<CityNight>) {
    let homeless: Vec<SlotId> = night::holders_at_start(run, &ctx.state, ROLE).collect();
    for h in homeless {
        if let Some(house) = second_night_house(ctx, run, h) {
            run.visits.push(crate::kernel::Visit {
                actor: h,
                ability: "homeless_watch".into(),
                targets: vec![house],
                negative: false,
            });
        }
    }
}
