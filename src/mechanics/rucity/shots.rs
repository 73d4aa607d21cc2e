//! Shot counters of the black sides (§2.1–2.3, Appendix A "reserve_shots"): which side is due
//! tonight, how many shots it may fire, where an unusable new shot goes, and what stays in
//! reserve after the night. Entry checks and the night use the same pure [`night_shots`].

use super::kept;
use super::night::CityNight;
use super::teams::{self, KillerSide};
use crate::engine::resolve::Ctx;
use crate::engine::{GameState, SlotId};
use crate::kernel::Fold;
use crate::rules::Roleset;
use std::collections::BTreeMap;

/// One side's shots tonight.
#[derive(Clone, Debug, Default)]
pub struct SideShots {
    /// The side owns tonight (parity, a side taking over, the extended common nights).
    pub due: bool,
    /// Shots the side may fire tonight.
    pub available: u32,
    /// What it keeps if none is realised (differs from `available` when shots are frozen).
    pub carry: u32,
    /// Shots its living shooters can fire at once: one per mafia, two for the maniac.
    pub capacity: u32,
}

#[derive(Clone, Debug, Default)]
pub struct NightShots {
    pub sides: BTreeMap<KillerSide, SideShots>,
    /// Why the numbers are what they are, for the trace.
    pub notes: Vec<String>,
    /// Reserves as they stand once eliminated sides and overflow shots have moved.
    pub reserves: BTreeMap<KillerSide, u32>,
    /// The side whose shot beyond what its shooters can fire went to the poisoner as an extra
    /// poisoning tonight (L52 R9).
    pub extra_poisoning: Option<KillerSide>,
}

impl NightShots {
    pub fn available(&self, side: KillerSide) -> u32 {
        self.sides.get(&side).map(|s| s.available).unwrap_or(0)
    }
    pub fn usable(&self, side: KillerSide) -> u32 {
        self.sides
            .get(&side)
            .map(|s| s.available.min(s.capacity))
            .unwrap_or(0)
    }
}

/// The shots of both sides for the night the state is in.
pub fn night_shots(roleset: &Roleset, state: &GameState) -> NightShots {
    let night = super::night::night_number(state.phase);
    let extended = state.option(roleset, "format") == "extended";
    let mut out = NightShots::default();
    let alive: BTreeMap<KillerSide, usize> = KillerSide::ALL
        .iter()
        .map(|s| (*s, teams::members(roleset, state, *s).len()))
        .collect();
    let kept = kept::of(state);
    let mut reserve: BTreeMap<KillerSide, u32> = KillerSide::ALL
        .iter()
        .map(|s| (*s, kept.reserve.get(s).copied().unwrap_or(0)))
        .collect();
    for side in KillerSide::ALL {
        let other = side.other();
        if alive[&side] == 0 && alive[&other] > 0 && reserve[&side] > 0 {
            let moved = move_reserve(&mut reserve, side, other);
            out.notes.push(format!(
                "the {} side is out: its {moved} reserve shot(s) pass to the {} (L11)",
                side.id(),
                other.id()
            ));
        }
    }
    let lone = lone_members(roleset, state, extended);
    for side in KillerSide::ALL {
        if !lone[&side] {
            continue;
        }
        let other = side.other();
        out.notes.push(format!(
            "one black is left of the {} group against an intact {} group: the night passes to the {}, and the lone member may only insure it (L55, Q43)",
            side.id(),
            other.id(),
            other.id()
        ));
        if reserve[&side] > 0 {
            let moved = move_reserve(&mut reserve, side, other);
            out.notes.push(format!(
                "the {} group's {moved} unrealised shot(s) pass with the night to the {} (L55)",
                side.id(),
                other.id()
            ));
        }
    }
    let frozen = kept.no_shot_night == night && night > 0;
    let all_frozen = frozen && state.option(roleset, "hunt_two_blacks") == "all_shots";
    let mut new_shot: BTreeMap<KillerSide, bool> = BTreeMap::new();
    for side in KillerSide::ALL {
        // A hired killer who took his group's place keeps its nights (L49).
        let stand_in = super::roles::HIRED.stand_in(roleset, state, side.other());
        let other_out = (alive[&side.other()] == 0 && stand_in.is_none()) || lone[&side.other()];
        let due = alive[&side] > 0
            && !lone[&side]
            && ((extended && night <= 2) || other_out || side.owns_parity(night));
        new_shot.insert(side, due && !frozen);
        // One shot per member of a pair (the mafia, the yakuza), two for the lone maniac.
        let capacity = if side.is_pair(roleset, state) {
            alive[&side] as u32
        } else {
            2 * alive[&side].min(1) as u32
        };
        out.sides.insert(
            side,
            SideShots {
                due,
                capacity,
                ..SideShots::default()
            },
        );
        if due && frozen {
            out.notes.push(format!(
                "two blacks were lynched at the witch hunt: the {} gets no new shot tonight (L10, Q60)",
                side.id()
            ));
        }
    }
    for side in KillerSide::ALL {
        let other = side.other();
        let cap = out.sides[&side].capacity;
        if new_shot[&side] && reserve[&side] >= cap && alive[&other] > 0 {
            new_shot.insert(side, false);
            *reserve.entry(other).or_default() += 1;
            out.notes.push(format!(
                "the {} cannot use a new shot over {} unrealised one(s): it passes to the {} (L11, R8)",
                side.id(),
                reserve[&side],
                other.id()
            ));
        }
    }
    for side in KillerSide::ALL {
        if new_shot[&side] && kept.spent_ahead.get(&side).is_some_and(|n| *n > 0) {
            new_shot.insert(side, false);
            out.notes.push(format!(
                "the {} spent tonight's shot ahead through a peaceful role's kill (L11)",
                side.id()
            ));
        }
    }
    for side in KillerSide::ALL {
        let total = reserve[&side] + u32::from(new_shot[&side]);
        if let Some(s) = out.sides.get_mut(&side) {
            s.carry = total;
            s.available = if all_frozen { 0 } else { total };
        }
    }
    extra_poisoning(state, &mut out);
    out.reserves = reserve;
    out
}

/// Act every unrealised shot of `from` to `to`; how many moved.
fn move_reserve(reserve: &mut BTreeMap<KillerSide, u32>, from: KillerSide, to: KillerSide) -> u32 {
    let moved = reserve.insert(from, 0).unwrap_or(0);
    *reserve.entry(to).or_default() += moved;
    moved
}

/// Living blacks of a side's group: its killers, its heir and its hired killer, the third
/// member (L55).
fn group_alive(roleset: &Roleset, state: &GameState, side: KillerSide) -> usize {
    let hireling = super::roles::HIRED.role_of(side);
    teams::members(roleset, state, side).len()
        + state.living().filter(|s| teams::holds(s, hireling)).count()
}

/// Is this a game of two pairs, the mafia against the yakuza (L55), or does the host apply
/// the lone-member rule to every game (Q43 `lone_member_night`)?
fn pair_against_pair(roleset: &Roleset, state: &GameState) -> bool {
    state.option(roleset, "lone_member_night") == "all_games"
        || state.slots.iter().any(|s| teams::holds(s, "yakuza"))
}

/// The sides left with one black of their group while the other group still has two or more
/// (L55): they give their night to the other group. A group with a third member gives it up
/// only once two of its blacks are dead; two lone members form a mixed pair and keep their
/// nights; the extended format never lets a side take over the other's night while a black of
/// that side lives.
pub fn lone_members(
    roleset: &Roleset,
    state: &GameState,
    extended: bool,
) -> BTreeMap<KillerSide, bool> {
    let applies = !extended && pair_against_pair(roleset, state);
    KillerSide::ALL
        .iter()
        .map(|side| {
            let lone = applies
                && group_alive(roleset, state, *side) == 1
                && !teams::members(roleset, state, *side).is_empty()
                && group_alive(roleset, state, side.other()) >= 2;
            (*side, lone)
        })
        .collect()
}

/// R9 (L52): while a poisoner lives and has no gun, a shot a side has beyond what its shooters
/// can fire tonight goes to him as an extra poisoning.
fn extra_poisoning(state: &GameState, out: &mut NightShots) {
    if !super::roles::surplus_shot_taker_lives(state) {
        return;
    }
    let over = KillerSide::ALL.into_iter().find(|side| {
        out.sides
            .get(side)
            .is_some_and(|s| s.capacity > 0 && s.available > s.capacity)
    });
    let Some(side) = over else {
        return;
    };
    if let Some(s) = out.sides.get_mut(&side) {
        s.available -= 1;
        s.carry -= 1;
    }
    out.extra_poisoning = Some(side);
    out.notes.push(format!(
        "the {} has a shot more than its shooters can fire: it goes to the poisoner as an extra poisoning (L52 R9)",
        side.id()
    ));
}

/// Trace the night's shot plan.
pub fn start_of_night(ctx: &mut Ctx, plan: &NightShots) {
    for note in &plan.notes {
        ctx.note("shots", "killers", note.clone());
    }
    for (side, s) in &plan.sides {
        if s.available > 0 || s.due {
            ctx.note(
                format!("shots:{}", side.id()),
                "killers",
                format!(
                    "{}: {} shot(s) tonight{} (at most {} at once)",
                    side.id(),
                    s.available,
                    if s.due {
                        ", its own night"
                    } else {
                        " from reserve"
                    },
                    s.capacity
                ),
            );
        }
    }
}

/// R10 (L52): an extra poisoning the poisoner did not use comes back to the surviving blacks as
/// a shot.
fn return_the_extra_poisoning(ctx: &mut Ctx, run: &Fold<CityNight>) {
    let Some(from) = run.ledger.shot_plan.extra_poisoning else {
        return;
    };
    if !run.ledger.extra_poison_used {
        extra_shot_for_the_blacks(ctx, from, "the poisoner did not use his extra poisoning");
    }
}

/// R10 (L52): the surviving blacks get an extra shot, the maniac's first when one of the mafia
/// is dead, else `from`'s (the other side's if `from` is out).
pub fn extra_shot_for_the_blacks(ctx: &mut Ctx, from: KillerSide, why: &str) {
    let mafia_dead = ctx
        .state
        .slots
        .iter()
        .any(|s| !s.alive && teams::killer_side(ctx.roleset, s) == Some(KillerSide::Mafia));
    let maniac_lives = !teams::members(ctx.roleset, &ctx.state, KillerSide::Maniac).is_empty();
    let to = if mafia_dead && maniac_lives {
        KillerSide::Maniac
    } else if teams::members(ctx.roleset, &ctx.state, from).is_empty() {
        from.other()
    } else {
        from
    };
    *kept::of_mut(&mut ctx.state).reserve.entry(to).or_default() += 1;
    ctx.note(
        format!("reserve:{}", to.id()),
        "killers",
        format!("{why}: the {} gets a shot (L52 R10)", to.id()),
    );
}

/// After the night: a side keeps every shot it did not realise (R1–R3); a realised shot is one
/// that killed a non-black, a void one is spent without reserve (R20).
pub fn end_of_night(ctx: &mut Ctx, run: &Fold<CityNight>) {
    for side in KillerSide::ALL {
        let carry = run
            .ledger
            .shot_plan
            .sides
            .get(&side)
            .map(|s| s.carry)
            .unwrap_or(0);
        let spent = run
            .ledger
            .shots
            .iter()
            .filter(|s| s.side == side)
            .filter(|s| s.void || s.attack.is_some_and(|a| realised(ctx, run, a)))
            .count() as u32;
        let through_roles = peaceful_role_kills(ctx, run, side);
        let spent_now = through_roles.min(carry.saturating_sub(spent));
        let spent = spent + spent_now;
        settle_spent_ahead(ctx, run, side, through_roles - spent_now);
        let left = carry.saturating_sub(spent);
        if left > 0 {
            kept::of_mut(&mut ctx.state).reserve.insert(side, left);
            ctx.note(
                format!("reserve:{}", side.id()),
                "killers",
                format!(
                    "{}: {left} unrealised shot(s) stay in reserve (L2, L3)",
                    side.id()
                ),
            );
        } else {
            kept::of_mut(&mut ctx.state).reserve.remove(&side);
        }
    }
    return_the_extra_poisoning(ctx, run);
}

/// A shot's attack killed its victim, and the victim was neither black nor the faceless (a
/// black's death gives the side its shot again, R2, and a grey victim counts as a black one:
/// the killer gets an extra move the next night, R6, L11). The death must be this attack's
/// kill: when another killer's attack on the same victim landed first, the kill is his (L122)
/// and this shot was not realised, so it stays in reserve (L2, L3).
fn realised(ctx: &Ctx, run: &Fold<CityNight>, attack: usize) -> bool {
    run.attacks.get(attack).is_some_and(|a| {
        let slot = ctx.state.slots.get(a.victim);
        run.killed_by(a.victim) == Some(attack)
            && !teams::grey(ctx, a.victim)
            && slot.is_some_and(|s| !s.alive && !teams::is_black(ctx.roleset, s))
    })
}

/// Kills tonight by blacks of `side` through a peaceful role's killing move (L11): every attack
/// that killed whose attacker is of the side and whose kind is not the side's own shot. The
/// faceless killed so spends nothing: the next night's shot stays in force (R5, L11).
fn peaceful_role_kills(ctx: &Ctx, run: &Fold<CityNight>, side: KillerSide) -> u32 {
    run.attacks
        .iter()
        .enumerate()
        .filter(|(i, a)| {
            a.kind != side.id()
                && a.kind != "suicide"
                && a.attacker != a.victim
                && !teams::grey(ctx, a.victim)
                && run.killed_by(a.victim) == Some(*i)
                && ctx
                    .state
                    .slots
                    .get(a.attacker)
                    .and_then(|s| teams::killer_side(ctx.roleset, s))
                    == Some(side)
        })
        .count() as u32
}

/// A kill through a peaceful role spends the killer's nearest shot (L11): tonight's when the
/// side had one left, else the next new one. A side's own night uses up what was spent ahead.
fn settle_spent_ahead(ctx: &mut Ctx, run: &Fold<CityNight>, side: KillerSide, ahead: u32) {
    let due = run.ledger.shot_plan.sides.get(&side).is_some_and(|s| s.due);
    let owed_before = kept::of(&ctx.state)
        .spent_ahead
        .get(&side)
        .copied()
        .unwrap_or(0);
    let owed = owed_before - u32::from(due && owed_before > 0) + ahead;
    if ahead > 0 {
        ctx.note(
            format!("spent_ahead:{}", side.id()),
            "killers",
            format!(
                "{}: a kill through a peaceful role with no shot left tonight spends the next night's shot (L11)",
                side.id()
            ),
        );
    }
    let spent_ahead = &mut kept::of_mut(&mut ctx.state).spent_ahead;
    if owed > 0 {
        spent_ahead.insert(side, owed);
    } else {
        spent_ahead.remove(&side);
    }
}

/// Kills entered tonight by blacks of `side` through a peaceful role's killing move, the
/// entry of `except` aside (L11: they count against the side's shots at once).
pub fn peaceful_kills_entered(
    roleset: &Roleset,
    state: &GameState,
    side: KillerSide,
    except: SlotId,
) -> usize {
    crate::engine::resolve::live_acts(state)
        .filter(|a| a.actor != except && is_peaceful_kill(roleset, a.ability))
        .filter(|a| {
            state
                .slots
                .get(a.actor)
                .and_then(|s| teams::killer_side(roleset, s))
                == Some(side)
        })
        .map(|a| a.targets.len().max(1))
        .sum()
}

/// A peaceful role's killing move: an ability of the peaceful killers' stage (L11).
pub fn is_peaceful_kill(roleset: &Roleset, ability: &str) -> bool {
    roleset
        .ability(ability)
        .is_some_and(|a| a.stage == "peaceful_killers")
}
