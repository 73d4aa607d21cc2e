//! Roles held for a game-day by another player (the actor's copies, L40; the wizard's absent
//! roles, L47): what such a holder may not do with them. The role's own file knows nothing of
//! it; the entry is refused here with the source's reason.

use super::roles::{self, Entry, Lent};
use crate::engine::Refusal;
use crate::engine::resolve::Ctx;
use crate::kernel::Act;

/// What a borrowed role's move may not do.
enum Limit {
    /// The move is not the borrower's at all.
    Never,
    /// At most this many targets.
    MostTargets(usize),
    /// Not on himself.
    NotSelf,
    /// Without this parameter.
    NoParam(&'static str),
    /// Not on a player who holds the role as his own: the entry stands, and the move is
    /// skipped when it comes ("будет пропуск хода", L40).
    NotTheOwner,
}

/// The limits of L40, which the wizard's roles share (L47).
const LIMITS: &[(&str, Limit, &str)] = &[
    (
        "doctor",
        Limit::MostTargets(1),
        "a borrowed doctor heals one player (L40)",
    ),
    (
        "immortal_link",
        Limit::Never,
        "a borrowed immortal links nobody (L40)",
    ),
    (
        "terrorist_activate",
        Limit::Never,
        "a borrowed terrorist has no detonator (L40)",
    ),
    (
        "terrorist_detonate",
        Limit::Never,
        "a borrowed terrorist has no detonator (L40)",
    ),
    (
        "madman",
        Limit::MostTargets(1),
        "a borrowed madman names one target (L40)",
    ),
    (
        "liar",
        Limit::NotSelf,
        "a borrowed liar gives himself no barrier (L40)",
    ),
    (
        "hero_save",
        Limit::Never,
        "a borrowed hero saves nobody (L40)",
    ),
    (
        "hero_death",
        Limit::Never,
        "a borrowed hero saves nobody (L40)",
    ),
    (
        "priest_forgive",
        Limit::Never,
        "a borrowed priest saves nobody (L40)",
    ),
    (
        "priest_let_die",
        Limit::Never,
        "a borrowed priest saves nobody (L40)",
    ),
    (
        "phantom_possess",
        Limit::Never,
        "a borrowed phantom possesses nobody (L40)",
    ),
    (
        "phantom_switch_off",
        Limit::Never,
        "a borrowed phantom gives the phantom's effect to nobody, so has none to switch off (L40, L88)",
    ),
    (
        "collector",
        Limit::Never,
        "a copied collector comes with the role he activated last, or collects nothing (L40)",
    ),
    (
        "maid_visit",
        Limit::NoParam("text"),
        "a borrowed maid changes no information (L40)",
    ),
    (
        "maid_visit",
        Limit::NotTheOwner,
        "a borrowed maid's move never goes to the maid (L40)",
    ),
    (
        "homeless_watch",
        Limit::NotTheOwner,
        "a borrowed homeless's move never goes to the homeless (L40)",
    ),
    (
        "anonymous",
        Limit::NotTheOwner,
        "a borrowed anonymous's move never goes to the anonymous (L40)",
    ),
    (
        "witch_swap",
        Limit::NotTheOwner,
        "a borrowed witch's move never goes to the witch (L40)",
    ),
    (
        "pimp_enslave",
        Limit::NotTheOwner,
        "a borrowed pimp's move never goes to the pimp (L40)",
    ),
    (
        "necromancer_curse",
        Limit::NotTheOwner,
        "a borrowed necromancer's move never goes to the necromancer (L40)",
    ),
    (
        "necromancer_swap",
        Limit::NotTheOwner,
        "a borrowed necromancer's move never goes to the necromancer (L40)",
    ),
    (
        "investigator_shot",
        Limit::Never,
        "a borrowed investigator has no vigilante shot (L40)",
    ),
];

/// Why this entry of a borrowed role is refused, if it is (the role is `role`).
pub fn refuse(entry: &Entry, role: &str) -> Result<(), Refusal> {
    if !limited(entry.roleset, entry.state, entry.actor, role) {
        return Ok(());
    }
    for (ability, limit, why) in LIMITS.iter().filter(|(a, ..)| *a == entry.ability) {
        let broken = match limit {
            Limit::Never => true,
            Limit::MostTargets(n) => entry.targets.len() > *n,
            Limit::NotSelf => entry.targets.contains(&entry.actor),
            Limit::NoParam(p) => entry.params.get(*p).is_some_and(|v| !v.trim().is_empty()),
            Limit::NotTheOwner => false,
        };
        if broken {
            return Err(Refusal::new(ability, *why));
        }
    }
    Ok(())
}

/// Why a borrowed role's move is skipped when it comes: it goes to the role's owner (L40).
pub fn skipped(ctx: &Ctx, mv: &Act) -> Option<String> {
    let (.., why) = LIMITS
        .iter()
        .find(|(a, limit, _)| *a == mv.ability && matches!(limit, Limit::NotTheOwner))?;
    let role = super::roles::acting(ctx.roleset, &ctx.state, mv.actor, &mv.ability)?.id();
    if !limited(ctx.roleset, &ctx.state, mv.actor, role) {
        return None;
    }
    let on_the_owner = mv.targets.iter().any(|t| {
        ctx.state
            .slots
            .get(*t)
            .is_some_and(|s| s.own_roles().any(|r| r == role))
    });
    on_the_owner.then(|| format!("{why}: the move is skipped"))
}

/// Does the actor hold `role` under the limits of a copy? A role he owns is his without
/// limits, and so is a collected one (L41); one he borrows, or will borrow with an entry of
/// this phase, is not.
fn limited(
    roleset: &crate::rules::Roleset,
    state: &crate::engine::GameState,
    actor: usize,
    role: &str,
) -> bool {
    let Some(me) = state.slots.get(actor) else {
        return false;
    };
    // A role lent as his own or through the dead is his as an active citizen's would be (L41,
    // L42).
    let free = |lent: Option<Lent>| matches!(lent, Some(Lent::AsOwn | Lent::ThroughTheDead));
    let collected = me
        .borrowed
        .iter()
        .any(|b| b.role == role && free(roles::lent_by(&b.by)))
        || roles::pending_lent(roleset, state, actor)
            .any(|(r, lent)| r == role && free(Some(lent)));
    !(me.own_roles().any(|r| r == role) || collected)
}

/// Does `slot` hold `role` as a copy, the actor's or the wizard's (L40, L47)?
pub fn copied(slot: &crate::engine::Slot, role: &str) -> bool {
    slot.borrowed
        .iter()
        .any(|b| b.role == role && roles::lent_by(&b.by) == Some(Lent::Copy))
        && !slot.own_roles().any(|r| r == role)
}

/// A copied judge's vote or priest's barrier is a third weaker (L40, Q35): two thirds of the
/// role's base `base`, or (option `of_current`) of the owner's `current`, rounded down.
pub fn a_third_weaker(option: &str, base: u32, current: Option<u32>) -> u32 {
    let of = match (option, current) {
        ("of_current", Some(now)) => now,
        _ => base,
    };
    of * 2 / 3
}

/// The night's moves in their order of priority: by stage, and within a stage the original
/// holders' moves first, then the actor's and the wizard's copies (L40: "по приоритету первым
/// учитывается оригинал"), then the moves made through an undead, always last (L42); moves of
/// the same rank keep the order they were sent in.
pub fn in_priority(ctx: &Ctx, acts: &[Act]) -> Vec<Act> {
    let order = |stage: &str| ctx.state.stage_order.iter().position(|s| s == stage);
    let mut out = acts.to_vec();
    out.sort_by_cached_key(|m| (order(&m.stage), rank(ctx, m)));
    out
}

/// A move sent through an undead (its `undead` parameter, L42) is made from the dead player's
/// side: the visit the kernel recorded for its maker is the undead's.
pub fn visit_through_the_dead(
    ctx: &Ctx,
    run: &mut crate::kernel::Fold<super::night::CityNight>,
    mv: &Act,
) {
    let Some(undead) = mv.params.get("undead").and_then(|n| ctx.slot_of(n)) else {
        return;
    };
    if let Some(v) = run
        .visits
        .iter_mut()
        .rev()
        .find(|v| v.actor == mv.actor && v.ability == mv.ability)
    {
        v.actor = undead;
    }
}

/// 0: a role the player owns (or collected, L41); 1: a copy; 2: through an undead.
fn rank(ctx: &Ctx, mv: &Act) -> u8 {
    if mv.params.contains_key("undead") {
        return 2;
    }
    let Some(slot) = ctx.state.slots.get(mv.actor) else {
        return 0;
    };
    let Some(role) = super::roles::acting(ctx.roleset, &ctx.state, mv.actor, &mv.ability) else {
        return 0;
    };
    let role = role.id();
    if slot.own_roles().any(|r| r == role) {
        return 0;
    }
    let lent = slot
        .borrowed
        .iter()
        .find(|b| b.role == role)
        .and_then(|b| roles::lent_by(&b.by));
    match lent {
        Some(Lent::ThroughTheDead) => 2,
        Some(Lent::AsOwn) => 0,
        // A copy lent tonight (the actor's evening move) or before.
        _ => 1,
    }
}
