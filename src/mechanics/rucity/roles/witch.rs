//! The witch (§5.29, L46; black holder L106). At the end of a night she swaps the peaceful
//! roles of two players for a game-day (`witch_swap`): the moves they made that day and night
//! stand, but their results go to the role's new owner, with the role's limits and counters;
//! both learn of the swap in the morning, she learns no role. The roles go back at the end of
//! the next night, even if one of them died that night, unless one died during the day (the
//! survivor keeps the other's role and learns its history) or she fixed the swap that evening
//! (`witch_fix`). Her swap reaches back into the night: a killer of one team who shot at her
//! while swapped with a player of the other team shoots that player instead (Q38, literal); a
//! killer swapped with his own victim loses the shot, the victim still hears of the attempt (a
//! black witch's swap leaves the shot alone, L106). Lynched, she may swap a living player's role
//! with a dead one's for good (`witch_dying_swap`). She stays at home for every tracker.

use super::night::{self, CityNight};
use super::{Entry, Role, active_citizen, refusal, teams};
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::Ctx;
use crate::engine::{GameState, Refusal, SlotId};
use crate::kernel::Act;
use crate::kernel::Fold;

pub const ROLE: &str = "witch";
/// On both swapped players, pointing at the other.
pub const SWAPPED: &str = "swapped";

/// The players of the swaps the witch fixed (both of each pair).
#[derive(Clone, Debug, Default, PartialEq)]
struct Fixed(std::collections::BTreeSet<SlotId>);

pub struct Witch;

/// The witch's record of the night: her swaps (witch, a, b), made in the morning, and the
/// killers' shots a swap with their victim cancelled.
#[derive(Clone, Default, Debug, PartialEq)]
struct Tonight {
    swaps: Vec<(SlotId, SlotId, SlotId)>,
    cancelled: Vec<u64>,
}

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    templates: &["pm_witch_returned", "pm_witch_swapped"],
    stages: &["witch"],
    statuses: &["swapped"],
    options: &["witch_redirect"],
    roles: &["witch"],
    abilities: &["witch_dying_swap", "witch_fix"],
    ..crate::engine::system::Requirements::NONE
};

impl Role for Witch {
    fn sheet_lines(
        &self,
        _roleset: &crate::rules::Roleset,
        state: &crate::engine::GameState,
    ) -> Vec<String> {
        let fixed: Vec<SlotId> = state.kept.of::<Fixed>().0.iter().copied().collect();
        if fixed.is_empty() {
            return Vec::new();
        }
        vec![format!(
            "the witch fixed the swap of {} (L46)",
            super::kept::names(state, &fixed)
        )]
    }
    fn requires(&self) -> crate::engine::system::Requirements {
        REQUIRES
    }
    // Her swap reaches back into both killing stages (L46).
    fn turn_moves(
        &self,
        ctx: &mut Ctx,
        run: &mut Fold<CityNight>,
        stage: &str,
        moves: &mut Vec<Act>,
    ) {
        if matches!(stage, "killers" | "peaceful_killers") {
            *moves = before_killers(ctx, run, moves);
        }
    }
    fn id(&self) -> &'static str {
        ROLE
    }
    fn stops(
        &self,
        ctx: &Ctx,
        run: &Fold<CityNight>,
        mv: &Act,
    ) -> Option<(crate::engine::outcome::StepResult, String)> {
        stops(ctx, run, mv)
    }
    fn night_move(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) -> bool {
        match mv.ability.as_str() {
            "witch_swap" => swap_move(ctx, run, mv),
            "witch_fix" => fix(ctx, run, mv),
            _ => return false,
        }
        true
    }
    fn morning(&self, ctx: &mut Ctx, run: &Fold<CityNight>) {
        return_swaps(ctx);
        let swaps = run
            .ledger
            .roles
            .get::<Tonight>()
            .map(|t| t.swaps.as_slice());
        for &(witch, a, b) in swaps.unwrap_or_default() {
            trade(ctx, a, b);
            ctx.set_status_until(a, SWAPPED, Some(b), None);
            ctx.set_status_until(b, SWAPPED, Some(a), None);
            let living: Vec<SlotId> = [a, b].into_iter().filter(|p| ctx.is_alive(*p)).collect();
            for p in living {
                let role = teams::peaceful_name(ctx, p);
                ctx.say(Audience::Slot(p), "pm_witch_swapped", &[("role", role)]);
            }
            ctx.note(
                format!("witch:{}", ctx.name(witch)),
                ROLE,
                format!(
                    "{} and {} trade their peaceful roles for a game-day (L46)",
                    ctx.name(a),
                    ctx.name(b)
                ),
            );
        }
    }
    fn refuse(&self, entry: &Entry) -> Result<(), Refusal> {
        let alive = |t: &SlotId| entry.state.slots.get(*t).is_some_and(|s| s.alive);
        match (entry.ability, entry.targets) {
            ("witch_dying_swap", [living, dead]) if !alive(living) || alive(dead) => refusal(
                "witch_dying_swap",
                "the dying swap names a living player, then a dead one (L46)",
            ),
            _ => Ok(()),
        }
    }
    fn lynched(&self, ctx: &mut Ctx, lynched: &[SlotId]) -> Vec<SlotId> {
        dying_swap(ctx, lynched);
        Vec::new()
    }
}

/// The swap of tonight: it takes effect in the morning, after every result is known.
fn swap_move(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    if let night::Gate::Stop(result, why) = night::gate(ctx, run, mv, true, false) {
        return night::step(ctx, mv, result, vec![why]);
    }
    let &[a, b] = mv.targets.as_slice() else {
        return night::step(ctx, mv, StepResult::Failed, vec!["two targets".into()]);
    };
    run.ledger
        .roles
        .get_mut::<Tonight>()
        .swaps
        .push((mv.actor, a, b));
    let why = format!(
        "{} swaps the peaceful roles of {} and {} at the end of the night (L46)",
        ctx.name(mv.actor),
        ctx.name(a),
        ctx.name(b)
    );
    night::step(ctx, mv, StepResult::Success, vec![why]);
}

/// The evening's fix: last night's swaps stay as they are (L46, L114).
fn fix(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    if let night::Gate::Stop(result, why) = night::gate(ctx, run, mv, true, false) {
        return night::step(ctx, mv, result, vec![why]);
    }
    let pairs = swapped_pairs(&ctx.state);
    if pairs.is_empty() {
        let why = "no swap to fix".to_string();
        return night::step(ctx, mv, StepResult::Failed, vec![why]);
    }
    for (a, b) in pairs {
        ctx.state.kept.get_mut::<Fixed>().0.extend([a, b]);
    }
    let why = "the witch fixes her swap: no return swap tonight (L46)".to_string();
    night::step(ctx, mv, StepResult::Success, vec![why]);
}

/// The pairs swapped now, each once.
fn swapped_pairs(state: &GameState) -> Vec<(SlotId, SlotId)> {
    state
        .slots
        .iter()
        .filter_map(|s| Some((s.id, s.statuses.get(SWAPPED)?.link?)))
        .filter(|(a, b)| a < b)
        .collect()
}

/// Last night's swaps end: the roles go back, unless the witch fixed the swap or one of the
/// pair died during the day (L46).
/// Does `slot` hold a role the witch swapped to him, until the swap returns?
pub fn swapped(state: &GameState, slot: SlotId) -> bool {
    state.slots.get(slot).is_some_and(|s| s.has_status(SWAPPED))
}

fn return_swaps(ctx: &mut Ctx) {
    for (a, b) in swapped_pairs(&ctx.state) {
        for p in [a, b] {
            crate::kernel::status::clear(ctx, p, SWAPPED);
        }
        let died_by_day = [a, b].into_iter().find(|p| {
            ctx.state.slots[*p]
                .death
                .as_ref()
                .is_some_and(|(phase, _)| phase % 2 == 0)
        });
        let fixed_pairs = &mut ctx.state.kept.get_mut::<Fixed>().0;
        let fixed = fixed_pairs.remove(&a);
        fixed_pairs.remove(&b);
        let why = if fixed {
            "the witch fixed the swap: no return (L46)".to_string()
        } else if let Some(dead) = died_by_day {
            let survivor = if dead == a { b } else { a };
            tell_history(ctx, survivor, dead);
            format!(
                "{} died during the day: no return swap, {} keeps the role (L46)",
                ctx.name(dead),
                ctx.name(survivor)
            )
        } else {
            trade(ctx, a, b);
            let living: Vec<SlotId> = [a, b].into_iter().filter(|p| ctx.is_alive(*p)).collect();
            for p in living {
                let role = teams::peaceful_name(ctx, p);
                ctx.say(Audience::Slot(p), "pm_witch_returned", &[("role", role)]);
            }
            format!(
                "the roles of {} and {} go back to their owners (L46)",
                ctx.name(a),
                ctx.name(b)
            )
        };
        ctx.note(format!("witch_return:{}", ctx.name(a)), ROLE, why);
    }
}

/// A survivor who keeps another's role learns everything its former holder learnt (L46).
fn tell_history(ctx: &mut Ctx, survivor: SlotId, from: SlotId) {
    let role = ctx.state.slots[survivor].role.clone();
    let history = active_citizen::role_history(ctx, from, &role);
    if ctx.is_alive(survivor) && !history.is_empty() {
        ctx.say(
            Audience::Slot(survivor),
            "pm_active_citizen_history",
            &[("history", history)],
        );
    }
}

/// Two players trade their peaceful roles, with the roles' counters and uses, and this
/// phase's results of each role go to its new owner (L46).
pub fn trade(ctx: &mut Ctx, a: SlotId, b: SlotId) {
    let (role_a, role_b) = (
        ctx.state.slots[a].role.clone(),
        ctx.state.slots[b].role.clone(),
    );
    for m in ctx.outcome.messages.iter_mut() {
        let goes_to = |owner: SlotId, role: &str| {
            m.audience == Audience::Slot(owner) && result_of(role, &m.template)
        };
        if goes_to(a, &role_a) {
            m.audience = Audience::Slot(b);
        } else if goes_to(b, &role_b) {
            m.audience = Audience::Slot(a);
        }
    }
    let carried_a = carried(ctx, a, &role_a);
    let carried_b = carried(ctx, b, &role_b);
    ctx.state.slots[a].role = role_b;
    ctx.state.slots[b].role = role_a;
    put(ctx, b, carried_a);
    put(ctx, a, carried_b);
}

/// Is a message of this template a result of `role`'s moves?
fn result_of(role: &str, template: &str) -> bool {
    super::find(role).is_some_and(|r| r.history().iter().any(|p| template.starts_with(p)))
}

/// What travels with a role: its counters ([`Role::inherited`]) and the uses of its abilities.
struct Carried {
    counters: Vec<(String, u32)>,
    uses: Vec<(String, u32)>,
}

fn carried(ctx: &mut Ctx, slot: SlotId, role: &str) -> Carried {
    let counters: Vec<&str> = super::find(role)
        .map(|r| r.inherited())
        .unwrap_or(&[])
        .to_vec();
    let abilities = ctx
        .roleset
        .role(role)
        .map(|d| d.abilities.clone())
        .unwrap_or_default();
    let s = &mut ctx.state.slots[slot];
    Carried {
        counters: counters
            .iter()
            .filter_map(|c| Some((c.to_string(), s.counters.remove(*c)?)))
            .collect(),
        uses: abilities
            .iter()
            .filter(|a| *a != "night_note")
            .filter_map(|a| Some((a.clone(), s.uses.remove(a)?)))
            .collect(),
    }
}

fn put(ctx: &mut Ctx, slot: SlotId, carried: Carried) {
    let s = &mut ctx.state.slots[slot];
    s.counters.extend(carried.counters);
    s.uses.extend(carried.uses);
}

/// The swap's reach back into the night, before the killers shoot (L46, L106, Q38): the shots
/// at her of a killer swapped with a player of the other team go to that player; a killer
/// swapped with his victim loses the shot (not with a black witch), the victim hears of the
/// attempt.
pub fn before_killers(ctx: &mut Ctx, run: &mut Fold<CityNight>, here: &[Act]) -> Vec<Act> {
    let swaps: Vec<(SlotId, SlotId, SlotId)> = run
        .acts
        .iter()
        .filter(|m| m.ability == "witch_swap" && m.targets.len() == 2)
        .filter(|m| will_swap(ctx, run, m.actor))
        .map(|m| (m.actor, m.targets[0], m.targets[1]))
        .collect();
    let mut out = here.to_vec();
    let at_the_witch = ctx.option("witch_redirect") != "shot_at_swapped";
    for (witch, a, b) in swaps {
        let opposite = teams::black(ctx, a) != teams::black(ctx, b);
        // The faceless witch plays by the black witch's rules (L79).
        let black_witch = ctx
            .state
            .slots
            .get(witch)
            .is_some_and(|s| teams::plays_black(ctx.roleset, s));
        if opposite && !at_the_witch {
            turn_shots_at_the_pair(ctx, &mut out, a, b);
        }
        for mv in out.iter_mut().filter(|m| m.actor == a || m.actor == b) {
            let other = if mv.actor == a { b } else { a };
            if opposite && at_the_witch && mv.targets.contains(&witch) {
                let why = format!(
                    "{} shot at the witch {} while swapped with {} of the other team: the shot goes to {} (L46, Q38)",
                    ctx.name(mv.actor),
                    ctx.name(witch),
                    ctx.name(other),
                    ctx.name(other)
                );
                turn(ctx, mv, witch, other, why);
            } else if mv.targets.contains(&other) && !black_witch {
                run.ledger.roles.get_mut::<Tonight>().cancelled.push(mv.seq);
                run.ledger.shielded.insert(other);
                run.ledger.counted_attacked.insert(other);
            }
        }
    }
    out
}

/// The witch's swap turns a shot from `from` to `to`, with the trace's reason.
fn turn(ctx: &mut Ctx, mv: &mut Act, from: SlotId, to: SlotId, why: String) {
    ctx.note(format!("witch_turn:{}", mv.seq), "killers", why);
    *mv = mv.redirected(ctx, from, to);
}

/// Q38 `shot_at_swapped`: the source's "a killer move at the witch" read as a slip for one at
/// a swapped player: a killer from outside a pair of opposite teams who shoots one of the pair
/// hits the other, who holds the role now. The pair's shots at each other stay cancelled.
fn turn_shots_at_the_pair(ctx: &mut Ctx, out: &mut [Act], a: SlotId, b: SlotId) {
    let outside_killer =
        |m: &Act| m.actor != a && m.actor != b && m.def.tags.iter().any(|t| t == "killer");
    for mv in out.iter_mut().filter(|m| outside_killer(m)) {
        for (from, to) in [(a, b), (b, a)] {
            if mv.targets.contains(&from) {
                let why = format!(
                    "{} shot at {}, swapped with {} of the other team: the shot goes to {} (L46, Q38 `shot_at_swapped`)",
                    ctx.name(mv.actor),
                    ctx.name(from),
                    ctx.name(to),
                    ctx.name(to)
                );
                turn(ctx, mv, from, to, why);
                break;
            }
        }
    }
}

/// Will the witch's swap go through tonight, as far as it can be told before the killers: she
/// lives, and no block or prostitute holds her.
fn will_swap(ctx: &Ctx, run: &Fold<CityNight>, witch: SlotId) -> bool {
    ctx.is_alive(witch)
        && super::super::blocks::blocked(ctx, witch, "witch_swap").is_none()
        && !run.blocks.contains_key(&witch)
        && !super::prostitute::is_client(run, witch)
}

/// Why a killer's shot stops: the witch swaps him with his victim (L46).
fn stops(ctx: &Ctx, run: &Fold<CityNight>, mv: &Act) -> Option<(StepResult, String)> {
    let cancelled = run
        .ledger
        .roles
        .read(|t: &Tonight| t.cancelled.contains(&mv.seq));
    cancelled.then(|| {
        (
            StepResult::Failed,
            format!(
                "the witch swaps {} with his victim: the shot is cancelled, the victim still counts as attacked (L46)",
                ctx.name(mv.actor)
            ),
        )
    })
}

/// A lynched witch's dying swap: a living player's role and a dead one's trade for good (L46).
fn dying_swap(ctx: &mut Ctx, lynched: &[SlotId]) {
    for (witch, targets) in super::dying_move_targets(ctx, "witch_dying_swap", lynched) {
        let &[living, dead] = targets.as_slice() else {
            continue;
        };
        if !ctx.is_alive(living) || ctx.is_alive(dead) {
            continue;
        }
        trade(ctx, living, dead);
        tell_history(ctx, living, dead);
        let role = teams::peaceful_name(ctx, living);
        ctx.say(
            Audience::Slot(living),
            "pm_witch_swapped",
            &[("role", role)],
        );
        ctx.note(
            format!("dying_swap:{}", ctx.name(witch)),
            "votes",
            format!(
                "the lynched witch {} gives {} the role of the dead {} for good (L46)",
                ctx.name(witch),
                ctx.name(living),
                ctx.name(dead)
            ),
        );
    }
}
