//! The mercenary (§5.32, L49), a werewolf working for the mafia. He sends no moves while a
//! mafia lives: a mafia member (or the boss's son) sends the host an order for him
//! (`mercenary_order`), a player or a peaceful role (`{"role": id, "spare": "A,B"}`: its holder
//! unless spared). In the killers' stage he goes first, with the mafia's shot: if his attack
//! lands, the mafia's own shot is skipped; if it does not (he is blocked, the order names a
//! blocker's ward, a bodyguard's ward, the kamikaze, a black or himself, or the role is not to be
//! found), the mafia shoots its own target. A role-targeted holder who survives is named to the
//! mafia and the mercenary in the morning. Once every mafia is out he shoots himself
//! (`mercenary_kill`) on the mafia's nights, every night once the maniac is out too, by the same
//! rules; he checks red until his first own kill, the orders not counting. The ninja is the
//! yakuza's mercenary (§5.39, L55): the same rules, with `ninja_order` and `ninja_kill`, for the
//! group of the maniac's nights. In a game with the yakuza a hired killer whose employers are
//! both dead moves to the other group, which orders him from then on (L55).

use super::night::{self, CityNight, Gate};
use super::{Entry, Role, blocker, kamikaze, refusal, teams};
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::Ctx;
use crate::engine::{GameState, Refusal, SlotId};
use crate::kernel::Act;
use crate::kernel::Fold;
use crate::rules::Roleset;
use teams::KillerSide;

/// A hired killer of a group: the mafia's mercenary, the yakuza's ninja.
/// The hired killers' record of the night: (hired killer, holder of a peaceful role an order
/// named) (L49).
#[derive(Clone, Default, Debug, PartialEq)]
struct Tonight {
    role_orders: Vec<(SlotId, SlotId)>,
}

pub struct Hireling {
    pub role: &'static str,
    pub order: &'static str,
    pub kill: &'static str,
    /// The group that orders him.
    pub employer: KillerSide,
}

pub const MERCENARY: Hireling = Hireling {
    role: "mercenary",
    order: "mercenary_order",
    kill: "mercenary_kill",
    employer: KillerSide::Mafia,
};

pub const NINJA: Hireling = Hireling {
    role: "ninja",
    order: "ninja_order",
    kill: "ninja_kill",
    employer: KillerSide::Maniac,
};

const HIRELINGS: [&Hireling; 2] = [&MERCENARY, &NINJA];

/// Is this ability an order to a hired killer?
pub fn is_order(ability: &str) -> bool {
    HIRELINGS.iter().any(|h| h.order == ability)
}

/// The hired killer a group orders.
pub fn of_side(side: KillerSide) -> &'static Hireling {
    HIRELINGS
        .iter()
        .copied()
        .find(|h| h.employer == side)
        .unwrap_or(&MERCENARY)
}

/// Is this a group's order for its hired killer to insure the other group's shot
/// (`{"insure": "maniac"}` from the mafia, L49; `{"insure": "mafia"}` from the yakuza, L55)?
pub fn insures(mv: &Act, insured: KillerSide) -> bool {
    mv.ability == of_side(insured.other()).order
        && mv.params.get("insure").is_some_and(|v| v == insured.id())
}

/// Is this a hired killer's own kill (once his group is out)?
pub fn is_own_kill(ability: &str) -> bool {
    HIRELINGS.iter().any(|h| h.kill == ability)
}

/// Is this order an insurance of the other group's shot rather than the group's own?
pub fn is_insurance(mv: &Act) -> bool {
    KillerSide::ALL.iter().any(|side| insures(mv, *side))
}

/// The hired killers as the killers' stage deals with them.
pub struct Hiring;

impl super::HiredKillers for Hiring {
    fn is_insurance(&self, mv: &Act) -> bool {
        is_insurance(mv)
    }
    fn insures(&self, mv: &Act, insured: KillerSide) -> bool {
        insures(mv, insured)
    }
    fn is_own_kill(&self, ability: &str) -> bool {
        is_own_kill(ability)
    }
    fn own_kill(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) -> Option<SlotId> {
        own_kill(ctx, run, mv)
    }
    fn stand_in(&self, roleset: &Roleset, state: &GameState, side: KillerSide) -> Option<SlotId> {
        stand_in(roleset, state, side)
    }
    fn order_of(&self, side: KillerSide) -> &'static str {
        of_side(side).order
    }
    fn role_of(&self, side: KillerSide) -> &'static str {
        of_side(side).role
    }
    fn carry_out(
        &self,
        ctx: &mut Ctx,
        run: &mut Fold<CityNight>,
        order: &Act,
        shot: usize,
    ) -> bool {
        carry_out(ctx, run, order, shot)
    }
    fn skip_reason(
        &self,
        ctx: &Ctx,
        run: &Fold<CityNight>,
        hired: SlotId,
        target: SlotId,
        partner_ok: bool,
    ) -> Option<String> {
        skip_reason(ctx, run, hired, target, partner_ok)
    }
    fn own_kind(&self, slot: &crate::engine::Slot) -> Option<&'static str> {
        own_kind(slot)
    }
    // An order carried out is the group's kill, not his (L49).
    fn ordering_side(&self, kind: &str) -> Option<KillerSide> {
        HIRELINGS
            .iter()
            .find(|h| h.order == kind)
            .map(|h| h.employer)
    }
}

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    templates: &["pm_mercenary_holder", "pm_mercenary_dead"],
    ..crate::engine::system::Requirements::NONE
};

impl Role for Hireling {
    fn requires(&self) -> crate::engine::system::Requirements {
        REQUIRES
    }
    fn id(&self) -> &'static str {
        self.role
    }
    /// His own kill outside the killers' stage (a stage order the host changed): no insurer
    /// carries it out when it is stopped.
    fn night_move(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) -> bool {
        if mv.ability != self.kill {
            return false;
        }
        own_kill(ctx, run, mv);
        true
    }
    fn usable(&self, entry: &Entry) -> Result<(), Refusal> {
        let side = employer(entry.roleset, entry.state, self);
        if entry.ability == "insure" && !teams::members(entry.roleset, entry.state, side).is_empty()
        {
            return refusal(
                "insure",
                "a hired killer insures the other side only once he has taken his group's place (L49)",
            );
        }
        if entry.ability != self.kill {
            return Ok(());
        }
        if !teams::members(entry.roleset, entry.state, side).is_empty() {
            return refusal(
                self.kill,
                "a hired killer sends no moves while his group lives: the group orders him (L49, L55)",
            );
        }
        let other_out = teams::members(entry.roleset, entry.state, side.other()).is_empty();
        if !other_out && !side.owns_parity(entry.night()) {
            return refusal(
                self.kill,
                "a hired killer shoots on his group's nights while the other group lives (L49, L55)",
            );
        }
        Ok(())
    }
    fn morning(&self, ctx: &mut Ctx, run: &Fold<CityNight>) {
        name_surviving_holders(self, ctx, run);
        tell_death(self, ctx, run);
    }
}

/// A hired killer's own kill once his group is out (L49, L55), by the orders' rules: the target
/// an earlier move stopped him from shooting, for an insurer of the other side ("как и маньяк
/// может страховать его"); `None` once the kill is done or skipped.
pub fn own_kill(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) -> Option<SlotId> {
    let role = HIRELINGS
        .iter()
        .find(|h| h.kill == mv.ability)
        .map_or(MERCENARY.role, |h| h.role);
    let mut reasons = Vec::new();
    let Some(target) = aim(ctx, run, mv, mv.actor, &mut reasons) else {
        night::step(ctx, mv, StepResult::Skipped, reasons);
        return None;
    };
    let stopped = match night::gate(ctx, run, mv, true, true) {
        Gate::Stop(StepResult::Cancelled, why) => why,
        Gate::Stop(result, why) => {
            reasons.push(why);
            night::step(ctx, mv, result, reasons);
            return None;
        }
        Gate::Go { forced: false } if run.attacked(mv.actor) => format!(
            "{} was attacked by an earlier killer and cannot shoot (L14)",
            ctx.name(mv.actor)
        ),
        Gate::Go { .. } => {
            night::attack_move(ctx, run, mv, target, role, None, reasons);
            return None;
        }
    };
    reasons.push(stopped);
    night::step(ctx, mv, StepResult::Cancelled, reasons);
    Some(target)
}

/// The hired killer standing in for `side`'s group: its own or moved-over hired killer, once
/// every member of the group is out (L49: "если сам занял место мафии").
pub fn stand_in(roleset: &Roleset, state: &GameState, side: KillerSide) -> Option<SlotId> {
    if !teams::members(roleset, state, side).is_empty() {
        return None;
    }
    HIRELINGS
        .iter()
        .filter_map(|h| hired(roleset, state, h))
        .find(|&m| {
            HIRELINGS.iter().any(|h| {
                teams::holds(&state.slots[m], h.role) && employer(roleset, state, h) == side
            })
        })
}

/// An order needs a living hired killer (L49).
pub fn order_refusal(entry: &Entry) -> Result<(), Refusal> {
    let Some(h) = HIRELINGS.iter().find(|h| h.order == entry.ability) else {
        return Ok(());
    };
    if hired(entry.roleset, entry.state, h).is_none() {
        return refusal(
            "no_hireling",
            format!("there is no living {} to order (L49, L55)", h.role),
        );
    }
    // An insurance order may leave the target to the maniac's (L49).
    let insurance = entry.params.contains_key("insure");
    if entry.targets.is_empty() && !entry.params.contains_key("role") && !insurance {
        return refusal(
            "empty_order",
            "an order names a player, or a peaceful role with {\"role\": id} (L49)",
        );
    }
    // "В заказе может быть указана мафия или сын босса, но только в соответствии с поправкой по
    // напарникам": a partner is ordered killed only when both partners confirm it (L14).
    let partner = entry
        .targets
        .iter()
        .any(|&t| teams::killer_side(entry.roleset, &entry.state.slots[t]) == Some(h.employer));
    if partner && !partner_confirmed(entry.params) {
        return refusal(
            "partner_kill",
            "an order names a partner only when both partners confirm it: add {\"partner_confirmed\": \"yes\"} (L49, L14)",
        );
    }
    Ok(())
}

fn partner_confirmed(params: &std::collections::BTreeMap<String, String>) -> bool {
    params.get("partner_confirmed").is_some_and(|v| v == "yes")
}

/// Is `target` a member of the group that sent this order, named with both partners'
/// confirmation (L49, L14)? The mercenary then does not skip him as a black.
fn confirmed_partner(ctx: &Ctx, mv: &Act, target: SlotId) -> bool {
    let Some(h) = HIRELINGS.iter().find(|h| h.order == mv.ability) else {
        return false;
    };
    let side = employer(ctx.roleset, &ctx.state, h);
    partner_confirmed(&mv.params)
        && ctx
            .state
            .slots
            .get(target)
            .is_some_and(|s| teams::killer_side(ctx.roleset, s) == Some(side))
}

/// The living hired killer working for `h`'s group: its own, or the other group's one who
/// moved over once both his employers were dead (L55).
pub fn hired(roleset: &Roleset, state: &GameState, h: &Hireling) -> Option<SlotId> {
    let own = |role: &str| state.living().find(|s| teams::holds(s, role)).map(|s| s.id);
    let other = of_side(h.employer.other());
    own(h.role).or_else(|| {
        (employer(roleset, state, other) == h.employer)
            .then(|| own(other.role))
            .flatten()
    })
}

/// The group a hired killer works for now: his own, or in a game with the yakuza the other
/// group once both his employers are dead and it lives (L55).
pub fn employer(roleset: &Roleset, state: &GameState, h: &Hireling) -> KillerSide {
    let own = h.employer;
    let yakuza_game = state.slots.iter().any(|s| teams::holds(s, "yakuza"));
    let own_out = teams::members(roleset, state, own).is_empty();
    let other_lives = !teams::members(roleset, state, own.other()).is_empty();
    if yakuza_game && own_out && other_lives {
        own.other()
    } else {
        own
    }
}

/// The player the order or the kill aims at, or why the mercenary skips (L49): the order's
/// player, or the living holder of its peaceful role unless spared; never a blocker's or a
/// bodyguard's ward, the kamikaze, a black or himself.
fn aim(
    ctx: &Ctx,
    run: &mut Fold<CityNight>,
    mv: &Act,
    merc: SlotId,
    reasons: &mut Vec<String>,
) -> Option<SlotId> {
    let target = match (mv.targets.first(), mv.params.get("role")) {
        (Some(&t), _) => t,
        (None, Some(role)) => {
            let spared: Vec<&str> = mv
                .params
                .get("spare")
                .map(|s| s.split(',').map(str::trim).collect())
                .unwrap_or_default();
            let holder = ctx
                .state
                .living()
                .find(|s| s.role == *role && !spared.contains(&s.name.as_str()))
                .map(|s| s.id);
            let Some(h) = holder else {
                reasons.push(format!(
                    "no player left to hit holds the role `{role}`: the mercenary skips (L49)"
                ));
                return None;
            };
            reasons.push(format!(
                "the order names the role `{role}`: its holder is {} (L49)",
                ctx.name(h)
            ));
            run.ledger
                .roles
                .get_mut::<Tonight>()
                .role_orders
                .push((merc, h));
            h
        }
        (None, None) => {
            reasons.push("the order names nobody".into());
            return None;
        }
    };
    let partner_ok = confirmed_partner(ctx, mv, target);
    match skip_reason(ctx, run, merc, target, partner_ok) {
        Some(why) => {
            reasons.push(why);
            None
        }
        None => Some(target),
    }
}

/// Why a hired killer skips a target (L49): a blocker's or a bodyguard's ward, the kamikaze, a
/// black (but a partner named on a confirmed order, `partner_ok`), or himself. `None` for a
/// player who is not a hired killer.
pub fn skip_reason(
    ctx: &Ctx,
    run: &Fold<CityNight>,
    merc: SlotId,
    target: SlotId,
    partner_ok: bool,
) -> Option<String> {
    own_kind(ctx.state.slots.get(merc)?)?;
    let name = ctx.name(target);
    let why = if target == merc {
        Some(format!("{name} is the mercenary himself"))
    } else if blocker::protects(ctx, run, target) {
        Some(format!("{name} is under the blocker's protection"))
    } else if super::bodyguard::guarded(run, target) {
        Some(format!("{name} is a bodyguard's ward"))
    } else if ctx
        .state
        .slots
        .get(target)
        .is_some_and(|s| teams::holds(s, kamikaze::ROLE))
    {
        Some(format!("{name} is the kamikaze"))
    } else if teams::black(ctx, target) && !partner_ok {
        Some(format!("{name} is black"))
    } else {
        None
    };
    why.map(|why| format!("{why}: the mercenary skips (L49)"))
}

/// The kind of a hired killer's own kills (`mercenary`, `ninja`), if he is one.
pub fn own_kind(slot: &crate::engine::Slot) -> Option<&'static str> {
    HIRELINGS
        .iter()
        .find(|h| teams::holds(slot, h.role))
        .map(|h| h.role)
}

/// The killer moves of the investigator, the fanatic and the cultist: a mercenary holding one of
/// these roles who makes it has his order skipped (L107).
const PEACEFUL_KILLS: [&str; 3] = ["investigator_shot", "fanatic_revenge", "cultist_devour"];

/// The order in the killers' stage, before the mafia's own shots: whether the mercenary's
/// attack landed (then the mafia's shot is spent and its own move skipped).
pub fn carry_out(ctx: &mut Ctx, run: &mut Fold<CityNight>, order: &Act, shot: usize) -> bool {
    let Some(h) = HIRELINGS.iter().find(|h| h.order == order.ability) else {
        return false;
    };
    let Some(merc) = hired(ctx.roleset, &ctx.state, h) else {
        let why = "the mercenary is gone: the order is void (L49)".to_string();
        night::step(ctx, order, StepResult::Skipped, vec![why]);
        return false;
    };
    // A peaceful role's killer move of his own skips the order (L107).
    if let Some(own) = run
        .acts
        .iter()
        .find(|a| a.actor == merc && PEACEFUL_KILLS.contains(&a.ability.as_str()))
    {
        let why = format!(
            "{} makes his peaceful role's killer move (`{}`): the order is skipped automatically, and his group shoots its own target (L107)",
            ctx.name(merc),
            own.ability
        );
        night::step(ctx, order, StepResult::Skipped, vec![why]);
        return false;
    }
    let mut reasons = vec![format!(
        "{} carries out {}'s order first (L49)",
        ctx.name(merc),
        ctx.name(order.actor)
    )];
    let Some(target) = aim(ctx, run, order, merc, &mut reasons) else {
        reasons.push("his group shoots its own target (L49, L55)".into());
        night::step(ctx, order, StepResult::Skipped, reasons);
        return false;
    };
    // A role's holder is the shot's target once found.
    if let Some(s) = run.ledger.shots.get_mut(shot)
        && s.target.is_none()
    {
        s.target = Some(target);
    }
    // His own block and his own disruptions count; the mafia's do not (L49).
    // Gated as his own kill: the gate asks whether the actor holds the move.
    // A hired killer who moved over from the other group makes his own kill (L55).
    let own = HIRELINGS
        .iter()
        .find(|x| teams::holds(&ctx.state.slots[merc], x.role))
        .unwrap_or(h);
    let def = ctx
        .roleset
        .ability(own.kill)
        .map(|d| std::rc::Rc::new(d.clone()))
        .unwrap_or_else(|| order.def.clone());
    let as_merc = Act {
        actor: merc,
        ability: own.kill.into(),
        targets: vec![target],
        def,
        ..order.clone()
    };
    if let Gate::Stop(result, why) = night::gate(ctx, run, &as_merc, true, true) {
        reasons.push(why);
        reasons.push("his group shoots its own target (L49, L55)".into());
        night::step(ctx, order, result, reasons);
        return false;
    }
    run.visits.push(night::Visit {
        actor: merc,
        ability: h.order.into(),
        targets: vec![target],
        negative: true,
    });
    let landed = night::attack(
        ctx,
        run,
        merc,
        target,
        h.order,
        Some(shot),
        false,
        &mut reasons,
    );
    if landed {
        reasons.push("his attack landed: his group's own move is skipped (L49, L55)".into());
    } else {
        reasons.push("his attack did not land: his group shoots its own target (L49, L55)".into());
    }
    let result = if landed {
        StepResult::Success
    } else {
        StepResult::Failed
    };
    night::step(ctx, order, result, reasons);
    landed
}

/// A hired killer who died tonight: his group learns it in the morning (L49).
fn tell_death(h: &Hireling, ctx: &mut Ctx, run: &Fold<CityNight>) {
    let dead: Vec<SlotId> = night::holders_at_start(run, &ctx.state, h.role)
        .filter(|s| !ctx.is_alive(*s))
        .collect();
    let side = employer(ctx.roleset, &ctx.state, h);
    for merc in dead {
        for m in teams::members(ctx.roleset, &ctx.state, side) {
            ctx.say(
                Audience::Slot(m),
                "pm_mercenary_dead",
                &[("player", ctx.name(merc))],
            );
        }
    }
}

/// A role's holder the order aimed at who survived the attack is named to the mafia and the
/// mercenary (L49).
fn name_surviving_holders(h: &Hireling, ctx: &mut Ctx, run: &Fold<CityNight>) {
    let Some(merc) = hired(ctx.roleset, &ctx.state, h) else {
        return;
    };
    let side = employer(ctx.roleset, &ctx.state, h);
    let mut told: Vec<SlotId> = teams::members(ctx.roleset, &ctx.state, side);
    told.push(merc);
    // Only a holder he really attacked and who survived (not one he skipped or never reached).
    let attacked = |holder: SlotId| {
        run.attacks
            .iter()
            .any(|a| a.attacker == merc && a.victim == holder)
            || run
                .visits
                .iter()
                .any(|v| v.actor == merc && v.negative && v.targets.contains(&holder))
    };
    let orders = run
        .ledger
        .roles
        .get::<Tonight>()
        .map(|t| t.role_orders.as_slice());
    for &(by, holder) in orders.unwrap_or_default() {
        if by != merc || !ctx.is_alive(holder) || !attacked(holder) {
            continue;
        }
        let role = teams::peaceful_name(ctx, holder);
        for &to in &told {
            ctx.say(
                Audience::Slot(to),
                "pm_mercenary_holder",
                &[("player", ctx.name(holder)), ("role", role.clone())],
            );
        }
    }
}
