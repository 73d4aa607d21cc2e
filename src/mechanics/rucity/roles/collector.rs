//! The collector (§5.24, L41; black holder L102). At the end of each day (entered in the
//! following night) he names players (`collector`): three while he has no role, two with one
//! or two, one with more; they stay named until he names others (L114). A named player who
//! leaves the game leaves him his peaceful role (never a crippled one's): the roles add up, one of them active at a time,
//! chosen with the next naming (`{"activate": id}` or `"none"`); a role collected from a night
//! death while none is active is activated before the day. He uses the active role as an
//! active citizen would, without the actor's limits. He takes a role before the active
//! citizens while he has none, after them once he has one; he may always yield
//! (`{"yield": "yes"}`) or refuse roles (`{"skip_roles": "id,id"}`). Of several roles at once
//! he gets one, drawn for the host; the rest go to the active citizens.

use super::night::{self, CityNight};
use super::{Entry, Role, refusal, teams};
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::{Ctx, live_acts};
use crate::engine::{GameState, Refusal, SlotId};
use crate::kernel::Act;
use crate::kernel::Fold;

pub const ROLE: &str = "collector";

/// What the game keeps of each collector; it passes to his heir.
#[derive(Clone, Debug, Default, PartialEq)]
struct Collectors(std::collections::BTreeMap<SlotId, Collection>);

#[derive(Clone, Debug, Default, PartialEq)]
struct Collection {
    /// His collection, in the order he got it.
    roles: Vec<String>,
    /// The players he named last: they stay named until he names new ones (L114).
    targets: Vec<SlotId>,
    /// He yields the first pick to the active citizens.
    yields: bool,
    /// The roles he does not want.
    skipped: Vec<String>,
    /// Active citizens holding a role of a player he named: it is his when they leave.
    owed: Vec<SlotId>,
    /// The role he activated last.
    last: Option<String>,
}

fn collector(state: &GameState, c: SlotId) -> Collection {
    let all = state.kept.of::<Collectors>();
    all.0.get(&c).cloned().unwrap_or_default()
}

fn collector_mut(state: &mut GameState, c: SlotId) -> &mut Collection {
    state.kept.get_mut::<Collectors>().0.entry(c).or_default()
}

/// His collection, in the order he got it.
fn collection(state: &GameState, c: SlotId) -> Vec<String> {
    collector(state, c).roles
}

/// How many players he names at once (L41).
fn most_targets(collected: usize) -> usize {
    match collected {
        0 => 3,
        1 | 2 => 2,
        _ => 1,
    }
}

pub struct Collector;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    templates: &["pm_collector_role", "pm_role_moves"],
    ..crate::engine::system::Requirements::NONE
};

impl Role for Collector {
    fn sheet_lines(
        &self,
        roleset: &crate::rules::Roleset,
        state: &crate::engine::GameState,
    ) -> Vec<String> {
        let all = state.kept.of::<Collectors>();
        (all.0.iter())
            .map(|(c, k)| {
                let roles: Vec<String> = k
                    .roles
                    .iter()
                    .map(|r| teams::role_name(roleset, r))
                    .collect();
                format!(
                    "{} has collected {} and names {}",
                    super::kept::name(state, *c),
                    if roles.is_empty() {
                        "nothing".to_string()
                    } else {
                        roles.join(", ")
                    },
                    super::kept::names(state, &k.targets)
                )
            })
            .collect()
    }
    fn requires(&self) -> crate::engine::system::Requirements {
        REQUIRES
    }
    fn lends(&self) -> Option<super::Lent> {
        Some(super::Lent::AsOwn)
    }
    fn lends_pending(
        &self,
        _roleset: &crate::rules::Roleset,
        state: &crate::engine::GameState,
        slot: SlotId,
    ) -> Option<(String, super::Lent)> {
        Some((pending_role(state, slot)?, super::Lent::AsOwn))
    }
    fn id(&self) -> &'static str {
        ROLE
    }
    /// The collection and its active role pass to the heir (L41, L9).
    fn inherit(&self, ctx: &mut Ctx, from: SlotId, to: SlotId) {
        super::carry_record(ctx, from, to, |c: &mut Collectors| &mut c.0);
        super::pass_lent_roles(ctx, ROLE, from, to);
    }
    fn night_move(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) -> bool {
        mv.ability == ROLE && {
            name_targets(ctx, run, mv);
            true
        }
    }
    fn refuse(&self, entry: &Entry) -> Result<(), Refusal> {
        if entry.ability != ROLE {
            return Ok(());
        }
        let collected = collection(entry.state, entry.actor);
        let most = most_targets(collected.len());
        if entry.targets.len() > most {
            return refusal(
                ROLE,
                format!(
                    "with {} role(s) collected he names {most} player(s) at most (L41)",
                    collected.len()
                ),
            );
        }
        match entry.params.get("activate").map(String::as_str) {
            Some(role) if role != "none" && !collected.iter().any(|r| r == role) => {
                refusal(ROLE, format!("`{role}` is not in his collection (L41)"))
            }
            _ => Ok(()),
        }
    }
    fn history(&self) -> &'static [&'static str] {
        &["pm_collector"]
    }
}

/// The collected role his naming of this phase activates, for his moves of the same night.
pub fn pending_role(state: &GameState, collector: SlotId) -> Option<String> {
    let act = live_acts(state).find(|a| a.actor == collector && a.ability == ROLE)?;
    let role = act.params.get("activate")?;
    collection(state, collector)
        .contains(role)
        .then(|| role.clone())
}

fn name_targets(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    if let night::Gate::Stop(result, why) = night::gate(ctx, run, mv, true, false) {
        return night::step(ctx, mv, result, vec![why]);
    }
    let c = mv.actor;
    let flag = |p: &str| mv.params.get(p).cloned().unwrap_or_default();
    let (yields, skipped) = (flag("yield") == "yes", flag("skip_roles"));
    let me = collector_mut(&mut ctx.state, c);
    me.targets = mv.targets.clone();
    me.yields = yields;
    me.skipped = (skipped.split(',').map(|r| r.trim().to_string()))
        .filter(|r| !r.is_empty())
        .collect();
    let names: Vec<String> = mv.targets.iter().map(|t| ctx.name(*t)).collect();
    let mut reasons = vec![format!(
        "{} names {} for the game-day (L41)",
        ctx.name(c),
        names.join(", ")
    )];
    match mv.params.get("activate").map(String::as_str) {
        Some("none") => {
            if let Some(s) = ctx.state.slots.get_mut(c) {
                s.borrowed.retain(|b| b.by != ROLE);
            }
            reasons.push("no collected role is active (L41)".into());
        }
        Some(role) => {
            activate(ctx, c, role);
            reasons.push(format!(
                "{} is his active role (L41)",
                teams::role_name(ctx.roleset, role)
            ));
        }
        None => {}
    }
    night::step(ctx, mv, StepResult::Success, reasons);
}

/// One collected role is active: the one before it is put away.
fn activate(ctx: &mut Ctx, collector: SlotId, role: &str) {
    if let Some(s) = ctx.state.slots.get_mut(collector) {
        s.borrowed.retain(|b| b.by != ROLE);
    }
    ctx.lend(collector, role, None, ROLE);
    collector_mut(&mut ctx.state, collector).last = Some(role.to_string());
}

/// The role the collector activated last, if he ever did: what an actor copying him gets
/// (L40).
pub fn last_activated(state: &GameState, collector: SlotId) -> Option<String> {
    self::collector(state, collector).last
}

/// Is `dead` one of the players the collector named last? His targets stay until he names
/// new ones (L114).
/// The living collectors.
fn collectors(ctx: &Ctx) -> Vec<SlotId> {
    ctx.state
        .living()
        // A copy of the collector collects nothing (L40).
        .filter(|s| teams::holds(s, ROLE) && !super::super::borrowed::copied(s, ROLE))
        .map(|s| s.id)
        .collect()
}

fn named(ctx: &Ctx, collector: SlotId, dead: SlotId) -> bool {
    self::collector(&ctx.state, collector)
        .targets
        .contains(&dead)
}

/// The collectors take the roles of their named players who left the game, before the active
/// citizens (`first`, while a collector has no role and does not yield) or after them: the
/// (dead, role) pairs taken leave `free`.
pub fn claim(ctx: &mut Ctx, free: &mut Vec<(SlotId, String)>, first: bool) {
    let collectors = collectors(ctx);
    for &c in &collectors {
        // A role an active citizen took from him comes back at that citizen's death (L41).
        let owed = collector(&ctx.state, c).owed;
        while let Some(i) = free.iter().position(|(dead, _)| owed.contains(dead)) {
            let (dead, role) = free.remove(i);
            collector_mut(&mut ctx.state, c).owed.retain(|o| *o != dead);
            let collected = collection(&ctx.state, c);
            take(ctx, c, dead, &role, collected);
        }
    }
    for c in collectors {
        let me = collector(&ctx.state, c);
        let collected = me.roles;
        if first != (collected.is_empty() && !me.yields) {
            continue;
        }
        let skipped = me.skipped;
        let mine: Vec<usize> = (0..free.len())
            .filter(|i| {
                let (dead, role) = &free[*i];
                named(ctx, c, *dead) && !collected.contains(role) && !skipped.contains(role)
            })
            .collect();
        let pick = match mine.len() {
            0 => continue,
            1 => mine[0],
            _ => {
                let labels: Vec<String> = mine.iter().map(|i| ctx.name(free[*i].0)).collect();
                let at = ctx
                    .draw(
                        "morning",
                        "the role the collector gets of several (L41)",
                        &(0..mine.len()).collect::<Vec<_>>(),
                        |i| labels[*i].clone(),
                    )
                    .unwrap_or(0);
                mine[at]
            }
        };
        let (dead, role) = free.remove(pick);
        take(ctx, c, dead, &role, collected);
    }
}

fn take(ctx: &mut Ctx, collector: SlotId, dead: SlotId, role: &str, mut collected: Vec<String>) {
    collected.push(role.to_string());
    collector_mut(&mut ctx.state, collector).roles = collected;
    let name = teams::role_name(ctx.roleset, role);
    ctx.say(
        Audience::Slot(collector),
        "pm_collector_role",
        &[("player", ctx.name(dead)), ("role", name.clone())],
    );
    // With the role come its limits and the targets of its earlier moves (L41).
    super::active_citizen::inherit_counters(ctx, dead, collector, role);
    tell_moves(ctx, collector, dead, role);
    // What the role's new holder is told beyond its moves (a spent kamikaze, L38).
    if let Some(r) = super::find(role) {
        r.taken(ctx, collector);
    }
    let night_death = ctx.state.phase % 2 == 1;
    let none_active = !ctx.state.slots[collector]
        .borrowed
        .iter()
        .any(|b| b.by == ROLE);
    let mut why = format!(
        "{} collects {}'s role, {name} (L41)",
        ctx.name(collector),
        ctx.name(dead)
    );
    if night_death && none_active {
        activate(ctx, collector, role);
        why.push_str("; no role was active: it is activated before the day");
    }
    ctx.note(format!("collector:{}", ctx.name(dead)), "morning", why);
}

/// The targets of the role's earlier moves, the only information of it he gets (L41, L42).
pub fn tell_moves(ctx: &mut Ctx, to: SlotId, from: SlotId, role: &str) {
    let moves = super::active_citizen::role_moves(ctx, from, role);
    if !moves.is_empty() {
        ctx.say(Audience::Slot(to), "pm_role_moves", &[("moves", moves)]);
    }
}

/// An active citizen took the role of a player a collector had named: it is the collector's
/// when that citizen leaves the game (L41).
pub fn owe(ctx: &mut Ctx, from: SlotId, citizen: SlotId, role: &str) {
    for c in collectors(ctx) {
        if !named(ctx, c, from) || collector(&ctx.state, c).skipped.iter().any(|r| r == role) {
            continue;
        }
        collector_mut(&mut ctx.state, c).owed.push(citizen);
    }
}
