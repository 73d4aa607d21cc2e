//! The active citizen (§3.8, L9): when a special peaceful role leaves the game he takes it at
//! once (never a crippled player's role, L6), red players' roles first, with its history and limits; two active citizens (extended
//! format) are served in a random order.

use super::{Role, teams};
use crate::engine::SlotId;
use crate::engine::outcome::Audience;
use crate::engine::resolve::Ctx;

/// The active citizen: no move of his own; he takes a special peaceful role that leaves the
/// game, with what each role says its history and its limits are ([`Role::history`],
/// [`Role::inherited`]).
pub const ROLE: &str = "active_citizen";

pub struct ActiveCitizen;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    templates: &["pm_active_citizen_role"],
    ..crate::engine::system::Requirements::NONE
};

impl Role for ActiveCitizen {
    fn requires(&self) -> crate::engine::system::Requirements {
        REQUIRES
    }
    fn inherits(&self, ctx: &mut Ctx, dead: &[SlotId]) {
        transfer(ctx, dead);
    }
    fn id(&self) -> &'static str {
        ROLE
    }
}

/// PM templates whose content belongs to a role's history.
fn history_templates(role: &str) -> &'static [&'static str] {
    super::find(role).map(|r| r.history()).unwrap_or(&[])
}

/// Slot counters that carry a role's limits over to its new holder.
fn inherited_counters(role: &str) -> &'static [&'static str] {
    super::find(role).map(|r| r.inherited()).unwrap_or(&[])
}

/// Pass the special peaceful roles of the players who died in this phase to living active
/// citizens.
pub fn transfer(ctx: &mut Ctx, dead: &[SlotId]) {
    let mut free: Vec<(bool, SlotId, String)> = dead
        .iter()
        .filter_map(|d| {
            let s = ctx.state.slots.get(*d)?;
            let role = s.role.clone();
            // The black phantom's curse counts as crippling (L6, L88).
            let crippled =
                s.has_status(super::blocks::CRIPPLED) || s.has_status(super::phantom::CURSED);
            (!s.alive && !crippled && teams::is_special_peaceful(ctx.roleset, &role))
                .then(|| (teams::is_black(ctx.roleset, s), *d, role))
        })
        .collect();
    free.retain(|(_, _, role)| teams::owner(&ctx.state, role).is_none());
    free.sort_by_key(|(black, _, _)| *black);
    if free.is_empty() {
        return;
    }
    // A collector with no role yet comes before the active citizens (L41).
    let mut unclaimed: Vec<(SlotId, String)> =
        free.iter().map(|(_, d, r)| (*d, r.clone())).collect();
    super::collector::claim(ctx, &mut unclaimed, true);
    free.retain(|(_, d, _)| unclaimed.iter().any(|(u, _)| u == d));
    let mut citizens: Vec<SlotId> = ctx
        .state
        .living()
        .filter(|s| s.role == ROLE)
        .map(|s| s.id)
        .collect();
    let mut order = Vec::new();
    while !citizens.is_empty() {
        let pick = if citizens.len() == 1 {
            0
        } else {
            let labels: Vec<String> = citizens.iter().map(|c| ctx.name(*c)).collect();
            ctx.draw(
                "morning",
                "the active citizens' order (L9)",
                &(0..citizens.len()).collect::<Vec<_>>(),
                |i| labels[*i].clone(),
            )
            .unwrap_or(0)
        };
        order.push(citizens.remove(pick));
    }
    let served = order.len();
    for (citizen, (_, from, role)) in order.into_iter().zip(free.iter().cloned()) {
        take(ctx, citizen, from, &role);
        super::collector::owe(ctx, from, citizen, &role);
    }
    // What no active citizen took is left to a collector who has a role (L41).
    let mut left: Vec<(SlotId, String)> = free
        .into_iter()
        .skip(served)
        .map(|(_, d, r)| (d, r))
        .collect();
    super::collector::claim(ctx, &mut left, false);
    // An actor who copied a roleless active citizen comes after every competitor (L40).
    super::actor::intercept(ctx, &mut left);
}

/// The counters of `role` that carry its limits pass from `from` to `to` (L9, L41, L42).
pub fn inherit_counters(ctx: &mut Ctx, from: SlotId, to: SlotId, role: &str) {
    let inherited: Vec<(String, u32)> = ctx
        .state
        .slots
        .get(from)
        .map(|s| {
            inherited_counters(role)
                .iter()
                .filter_map(|k| s.counters.get(*k).map(|v| (k.to_string(), *v)))
                .collect()
        })
        .unwrap_or_default();
    // Once-per-game moves spent by the first holder stay spent (L9 "как если бы играл за эту
    // роль со старта": the immortal's link, the terrorist's detonator, L19, L23).
    let abilities: Vec<String> = ctx
        .roleset
        .role(role)
        .map(|r| r.abilities.clone())
        .unwrap_or_default();
    let used: Vec<(String, u32)> = ctx
        .state
        .slots
        .get(from)
        .map(|s| {
            s.uses
                .iter()
                .filter(|(a, _)| abilities.contains(a))
                .map(|(a, n)| (a.clone(), *n))
                .collect()
        })
        .unwrap_or_default();
    if let Some(s) = ctx.state.slots.get_mut(to) {
        s.counters.extend(inherited);
        for (a, n) in used {
            let mine = s.uses.entry(a).or_insert(0);
            *mine = (*mine).max(n);
        }
    }
    if let Some(r) = super::find(role) {
        r.inherit(ctx, from, to);
    }
}

/// The targets of the moves `from` made with `role`'s abilities, phase by phase: what a
/// collector or a necromancer learns of the role he gets (L41, L42).
pub fn role_moves(ctx: &Ctx, from: SlotId, role: &str) -> String {
    let abilities: Vec<String> = ctx
        .roleset
        .role(role)
        .map(|r| r.abilities.clone())
        .unwrap_or_default();
    let phases = ctx
        .state
        .history
        .iter()
        .map(|p| (p.name.as_str(), &p.outcome.steps))
        .chain(std::iter::once((
            ctx.outcome.phase.as_str(),
            &ctx.outcome.steps,
        )));
    phases
        .flat_map(|(phase, steps)| {
            steps
                .iter()
                .filter(|s| {
                    s.actor == Some(from)
                        && s.ability.as_ref().is_some_and(|a| abilities.contains(a))
                        && !s.targets_before.is_empty()
                })
                .map(move |s| format!("{phase}: {}", s.targets_before.join(", ")))
        })
        .collect::<Vec<_>>()
        .join(" / ")
}

fn take(ctx: &mut Ctx, citizen: SlotId, from: SlotId, role: &str) {
    let role_name = teams::role_name(ctx.roleset, role);
    inherit_counters(ctx, from, citizen, role);
    if let Some(s) = ctx.state.slots.get_mut(citizen) {
        s.role = role.to_string();
    }
    let history = role_history(ctx, from, role);
    ctx.note(
        format!("active_citizen:{}", ctx.name(citizen)),
        "morning",
        format!(
            "{} takes the role {role_name} of {} (L9)",
            ctx.name(citizen),
            ctx.name(from)
        ),
    );
    ctx.say(
        Audience::Slot(citizen),
        "pm_active_citizen_role",
        &[("role", role_name)],
    );
    if !history.is_empty() {
        ctx.say(
            Audience::Slot(citizen),
            "pm_active_citizen_history",
            &[("history", history)],
        );
    }
    if let Some(r) = super::find(role) {
        r.taken(ctx, citizen);
    }
}

/// Everything the former holder learnt through the role, for the new holder (L9).
pub fn role_history(ctx: &Ctx, from: SlotId, role: &str) -> String {
    let prefixes = history_templates(role);
    let own = |m: &crate::engine::outcome::Message| {
        m.audience == Audience::Slot(from) && prefixes.iter().any(|p| m.template.starts_with(p))
    };
    let earlier = ctx.state.history.iter().flat_map(|p| {
        p.outcome
            .messages
            .iter()
            .filter(move |m| own(m))
            .map(move |m| format!("{}: {}", p.name, m.text))
    });
    let now = ctx
        .outcome
        .messages
        .iter()
        .filter(|m| own(m))
        .map(|m| format!("{}: {}", ctx.outcome.phase, m.text));
    earlier.chain(now).collect::<Vec<_>>().join(" / ")
}
