//! The pimp (§5.10, L27). At the end of a day he takes a player's passport (`pimp_enslave`,
//! the first at the end of Day 1): the slave is told, never by whom; the pimp learns the
//! slave's peaceful role and every morning what the role was told. He holds one slave at
//! first and one more every two days (Q26), taking one new slave at a time. Every night move
//! of a slave waits on him (`pimp_control`): he confirms it, forbids it, changes its targets,
//! or assigns a move to a slave who sent none; kill and suicide moves he may only forbid, and
//! the immortal's, anonymous's, actor's, necromancer's and wizard's moves he cannot touch. At
//! the end of a day he may punish one slave (`pimp_punish`: every role blocked for a
//! game-day, the block outliving him) or release one (`pimp_release`). Slaves go free when he
//! dies.

use super::kept::Round;
use super::night::{self, CityNight};
use super::{Entry, Role, refusal, teams};
use crate::engine::entry::{Pending, PendingKind};
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::{Ctx, live_acts};
use crate::engine::{GameState, Refusal, SlotId};
use crate::kernel::Act;
use crate::kernel::Fold;
use std::collections::BTreeMap;
use std::rc::Rc;

pub const ROLE: &str = "pimp";
/// On a slave, pointing at his pimp.
pub const SLAVE: &str = "slave";
/// A slave's every role blocked for a game-day.
pub const PUNISHED: &str = "punished";
/// Roles whose moves the pimp cannot touch (he may still punish their holders, L27).
const UNTOUCHABLE: &[&str] = &["immortal", "anonymous", "actor", "necromancer", "wizard"];
/// Slot counter: the day of his first slave (option Q26 `from_first_slave`).
const FIRST_DAY: &str = "pimp_first_day";

pub struct Pimp;

/// The pimp's record of the night: his slaves' moves he forbade, and every verdict (slave, verdict).
#[derive(Clone, Default, Debug, PartialEq)]
struct Tonight {
    forbidden: Vec<u64>,
    verdicts: Vec<(SlotId, String)>,
}

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    templates: &[
        "pm_pimp_feed",
        "pm_pimp_slave",
        "pm_slave",
        "pm_slave_punished",
        "pm_slave_released",
        "pm_slave_verdict",
    ],
    statuses: &["punished"],
    options: &["pimp_cap_growth"],
    abilities: &["pimp_control", "pimp_punish", "pimp_release"],
    ..crate::engine::system::Requirements::NONE
};

impl Role for Pimp {
    fn requires(&self) -> crate::engine::system::Requirements {
        REQUIRES
    }
    fn blocks_move(
        &self,
        ctx: &Ctx,
        actor: SlotId,
        ability: &str,
        _peaceful: bool,
    ) -> Option<String> {
        let slot = ctx.state.slots.get(actor)?;
        let punished = super::blocks::day_block_holds(ctx, actor, PUNISHED, ability);
        punished.then(|| {
            format!(
                "{} is punished by the pimp: every role is blocked for the game-day (L27)",
                slot.name
            )
        })
    }
    fn blocks_role_itself(
        &self,
        state: &crate::engine::GameState,
        slot: &crate::engine::Slot,
    ) -> bool {
        super::blocks::day_block_holds_the_role(state, slot, PUNISHED)
    }
    fn round_opens(&self, ctx: &mut Ctx) {
        day_control(ctx);
    }
    fn at_night(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, moment: super::Moment) {
        if moment == super::Moment::Dusk {
            control(ctx, run);
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
            "pimp_enslave" => enslave(ctx, run, mv),
            "pimp_punish" => punish(ctx, run, mv),
            "pimp_release" => release(ctx, run, mv),
            // Applied when the night began, before any slave's move (see `control`).
            "pimp_control" => {
                let why = "the pimp's verdict on his slave's move (L27)".to_string();
                night::step(ctx, mv, StepResult::Info, vec![why]);
            }
            _ => return false,
        }
        true
    }
    /// A verdict on a day move is given in the round the slave moves in: before the vote or
    /// during a ballot (L27).
    fn usable(&self, entry: &Entry) -> Result<(), Refusal> {
        let day = entry.state.phase_kind(entry.roleset) == crate::rules::PhaseKind::Day;
        if entry.ability == "pimp_control" && day && !Round::now(entry.state).takes_day_moves() {
            return refusal(
                "pimp_control",
                "a verdict on a day move is given before the vote or during a ballot (L27)",
            );
        }
        Ok(())
    }
    fn refuse(&self, entry: &Entry) -> Result<(), Refusal> {
        // A player he takes this evening is his slave for his other moves of the evening: the
        // hacker who hacks him as he is taken may be retargeted or punished at once (L22).
        let mine = |t: &SlotId| {
            slave_of(entry.state, *t) == Some(entry.actor)
                || (entry.ability != "pimp_enslave" && enslaving_now(entry.state, entry.actor, *t))
        };
        match entry.ability {
            "pimp_enslave" => {
                let held = slaves(entry.state, entry.actor).len() as u32;
                let cap = cap(entry);
                if held >= cap {
                    return refusal(
                        "pimp_enslave",
                        format!(
                            "the pimp holds {held} slave(s), his limit today is {cap} (L27, Q26)"
                        ),
                    );
                }
                if entry.targets.iter().any(mine) {
                    return refusal("pimp_enslave", "already his slave (L27)");
                }
                if entry.me().counter(FIRST_DAY) == 0 && entry.night() != 1 {
                    return refusal(
                        "pimp_enslave",
                        "the pimp takes his first slave at the end of Day 1 (L27)",
                    );
                }
                Ok(())
            }
            "pimp_punish" | "pimp_release" | "pimp_control" if !entry.targets.iter().all(mine) => {
                let rule = match entry.ability {
                    "pimp_punish" => "pimp_punish",
                    "pimp_release" => "pimp_release",
                    _ => "pimp_control",
                };
                refusal(rule, "the pimp names one of his slaves (L27)")
            }
            "pimp_control" => control_refusal(entry),
            "night_note" => match entry.params.get("slave") {
                Some(n)
                    if entry
                        .state
                        .slot_by_name(n)
                        .is_none_or(|s| slave_of(entry.state, s.id) != Some(entry.actor)) =>
                {
                    refusal(
                        "night_note",
                        format!("`{n}` is not the pimp's slave: his notes go to his slaves (L27)"),
                    )
                }
                _ => Ok(()),
            },
            _ => Ok(()),
        }
    }
    fn morning(&self, ctx: &mut Ctx, run: &Fold<CityNight>) {
        free_the_slaves_of_the_dead(ctx);
        feed(ctx, run);
        // The slave always learns what his master did with his move (L115.14).
        for (slave, verdict) in run.ledger.roles.read(|t: &Tonight| t.verdicts.clone()) {
            tell_verdict(ctx, slave, &verdict);
        }
    }
    fn lynched(&self, ctx: &mut Ctx, _lynched: &[SlotId]) -> Vec<SlotId> {
        free_the_slaves_of_the_dead(ctx);
        Vec::new()
    }
    fn history(&self) -> &'static [&'static str] {
        &["pm_pimp"]
    }
    fn inherited(&self) -> &'static [&'static str] {
        &[FIRST_DAY]
    }
}

/// Does `pimp` take `player`'s passport with an entry of this phase?
pub fn enslaving_now(state: &GameState, pimp: SlotId, player: SlotId) -> bool {
    let name = &state.slots[player].name;
    live_acts(state)
        .any(|a| a.actor == pimp && a.ability == "pimp_enslave" && a.targets.contains(name))
}

/// The pimp of `slave`, if he has one.
fn slave_of(state: &GameState, slave: SlotId) -> Option<SlotId> {
    state.slots.get(slave)?.statuses.get(SLAVE)?.link
}

fn slaves(state: &GameState, pimp: SlotId) -> Vec<SlotId> {
    state
        .slots
        .iter()
        .filter(|s| s.alive && s.statuses.get(SLAVE).is_some_and(|i| i.link == Some(pimp)))
        .map(|s| s.id)
        .collect()
}

/// How many slaves he may hold at the end of this day: one, and one more every two days
/// (Q26: counted from Day 1, or from his first slave).
fn cap(entry: &Entry) -> u32 {
    let day = entry.night();
    let from = match entry.state.option(entry.roleset, "pimp_cap_growth") {
        "from_first_slave" => match entry.me().counter(FIRST_DAY) {
            0 => day,
            first => first,
        },
        _ => 1,
    };
    1 + day.saturating_sub(from) / 2
}

/// What a verdict may do to the slave's move (L27).
fn control_refusal(entry: &Entry) -> Result<(), Refusal> {
    let verdict = entry
        .params
        .get("verdict")
        .map(String::as_str)
        .unwrap_or("");
    let Some(&slave) = entry.targets.first() else {
        return Ok(());
    };
    let ability = entry.params.get("ability").cloned().unwrap_or_default();
    if let Some(role) = entry.state.slots[slave]
        .roles()
        .find(|r| UNTOUCHABLE.contains(r))
    {
        return refusal(
            "pimp_control",
            format!(
                "the {} role's moves are beyond the pimp: he may only punish (L27)",
                teams::role_name(entry.roleset, role)
            ),
        );
    }
    if matches!(verdict, "change" | "assign") {
        let Some(def) = entry.roleset.ability(&ability) else {
            return refusal(
                "pimp_control",
                "a change or an assignment names the slave's ability (`ability`)",
            );
        };
        let holds = crate::engine::validate::holds_ability(
            entry.roleset,
            &entry.state.slots[slave],
            &ability,
        );
        let now = entry.state.phase_kind(entry.roleset);
        if !holds || def.phase != now {
            let when = match now {
                crate::rules::PhaseKind::Night => "night",
                crate::rules::PhaseKind::Day | crate::rules::PhaseKind::Prep => "day",
            };
            return refusal(
                "pimp_control",
                format!("`{ability}` is no {when} move of the slave's roles (L27)"),
            );
        }
        if killing(def) {
            return refusal(
                "pimp_control",
                "a kill or a suicide may only be forbidden (L27)",
            );
        }
    }
    Ok(())
}

/// Moves bound up with a kill or a suicide, the madman's fire among them (L27).
fn killing(def: &crate::rules::AbilityDef) -> bool {
    const DEADLY: &[&str] = &[
        "suicide",
        "madman",
        "kamikaze_suicide",
        "hero_death",
        "terrorist_activate",
        "terrorist_detonate",
        "fanatic_dying_kill",
        "inquisitor_dying_kill",
    ];
    DEADLY.contains(&def.id.as_str()) || def.tags.iter().any(|t| t == "killer")
}

fn enslave(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    let Some(slave) = night::target_through_gate(ctx, run, mv, true, false) else {
        return;
    };
    ctx.set_status_until(slave, SLAVE, Some(mv.actor), None);
    let day = run.ledger.night;
    if let Some(s) = ctx.state.slots.get_mut(mv.actor)
        && s.counter(FIRST_DAY) == 0
    {
        s.counters.insert(FIRST_DAY.into(), day);
    }
    ctx.say(Audience::Slot(slave), "pm_slave", &[]);
    let role = teams::peaceful_name(ctx, slave);
    ctx.say(
        Audience::Slot(mv.actor),
        "pm_pimp_slave",
        &[("player", ctx.name(slave)), ("role", role)],
    );
    let why = format!(
        "{} takes {}'s passport: a slave until the pimp dies (L27)",
        ctx.name(mv.actor),
        ctx.name(slave)
    );
    night::step(ctx, mv, StepResult::Success, vec![why]);
}

fn punish(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    let Some(slave) = night::target_through_gate(ctx, run, mv, true, false) else {
        return;
    };
    // A game-day, as the hacker's: from this evening to the next (L27, L22).
    let until = ctx.state.phase + 2;
    ctx.set_status_until(slave, PUNISHED, Some(mv.actor), Some(until));
    ctx.say(Audience::Slot(slave), "pm_slave_punished", &[]);
    let why = format!(
        "{} punishes {}: every role blocked tonight and tomorrow (L27)",
        ctx.name(mv.actor),
        ctx.name(slave)
    );
    night::step(ctx, mv, StepResult::Success, vec![why]);
}

fn release(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    let Some(slave) = night::target_through_gate(ctx, run, mv, true, false) else {
        return;
    };
    crate::kernel::status::clear(ctx, slave, SLAVE);
    ctx.say(Audience::Slot(slave), "pm_slave_released", &[]);
    let why = format!("{} releases {} (L27)", ctx.name(mv.actor), ctx.name(slave));
    night::step(ctx, mv, StepResult::Success, vec![why]);
}

/// The pimps' verdicts on their slaves' night moves, applied as the night begins (L27): a
/// forbidden move is skipped, a changed one goes to the new targets, an assigned one is made
/// for a slave who sent none.
pub fn control(ctx: &mut Ctx, run: &mut Fold<CityNight>) {
    let verdicts: Vec<Act> = run.acts_of("pimp_control");
    if verdicts.is_empty() {
        return;
    }
    let mut acts = run.acts.to_vec();
    for v in verdicts {
        let Some(&slave) = v.targets.first() else {
            continue;
        };
        // A pimp whose role is blocked has no say tonight (L16, L22).
        if super::super::blocks::blocked(ctx, v.actor, "pimp_control").is_some() {
            continue;
        }
        let word = v.params.get("verdict").cloned().unwrap_or_default();
        run.ledger
            .roles
            .get_mut::<Tonight>()
            .verdicts
            .push((slave, word));
        let ability = v.params.get("ability").cloned().unwrap_or_default();
        let slaves_move = |a: &Act| {
            a.actor == slave
                && !super::super::notes::is_note(&a.ability)
                && (ability.is_empty() || a.ability == ability)
        };
        match v.params.get("verdict").map(String::as_str) {
            Some("forbid") => {
                for a in acts.iter().filter(|a| slaves_move(a)) {
                    run.ledger.roles.get_mut::<Tonight>().forbidden.push(a.seq);
                }
            }
            Some("change") => {
                let entered = targets_of(&v);
                for a in acts.iter_mut().filter(|a| slaves_move(a)) {
                    *a = a.retargeted(ctx, entered.clone());
                    // The pimp's own (evening) stage: this runs before the stages, and the
                    // queue shows its note first, so it names the first stage, not the move's.
                    ctx.note(
                        format!("pimp_control:{}", a.seq),
                        &v.stage,
                        format!(
                            "the pimp changes {}'s move to {} (L27)",
                            ctx.name(slave),
                            entered.join(", ")
                        ),
                    );
                }
            }
            Some("assign") if !acts.iter().any(slaves_move) => {
                if let Some(def) = ctx.roleset.ability(&ability) {
                    // He cannot take the prostitute's protection away (L27).
                    let params = if ability == super::prostitute::ROLE {
                        BTreeMap::from([("protection".to_string(), "yes".to_string())])
                    } else {
                        BTreeMap::new()
                    };
                    let assigned = Act {
                        seq: v.seq,
                        actor: slave,
                        ability: ability.clone(),
                        stage: def.stage.clone(),
                        targets: Vec::new(),
                        entered: Vec::new(),
                        params,
                        def: Rc::new(def.clone()),
                    }
                    .retargeted(ctx, targets_of(&v));
                    let order = |stage: &str| ctx.state.stage_order.iter().position(|s| s == stage);
                    let at = acts
                        .iter()
                        .position(|a| order(&a.stage) > order(&assigned.stage))
                        .unwrap_or(acts.len());
                    acts.insert(at, assigned);
                }
            }
            _ => {}
        }
    }
    run.acts = acts.into();
}

/// The slave learns what his master did with his move (L115.14).
fn tell_verdict(ctx: &mut Ctx, slave: SlotId, verdict: &str) {
    let said = match verdict {
        "forbid" => "запретил",
        "change" => "изменил",
        "assign" => "назначил",
        _ => "одобрил",
    };
    ctx.say(
        Audience::Slot(slave),
        "pm_slave_verdict",
        &[("verdict", said.to_string())],
    );
}

/// The pimps' verdicts on their slaves' day moves of this round, applied before the round is
/// counted (L27): a forbidden move is void, a changed one names the new targets, an assigned
/// one is made for a slave who sent none. An assigned move carries its pimp (`pimp`), whose
/// colour sets a liar's mechanics (L94).
pub fn day_control(ctx: &mut Ctx) {
    let verdicts: Vec<(u64, SlotId, SlotId, BTreeMap<String, String>)> = live_acts(&ctx.state)
        .filter(|a| a.ability == "pimp_control")
        .filter_map(|a| {
            let slave = ctx.slot_of(a.targets.first()?)?;
            Some((a.seq, a.actor, slave, a.params.clone()))
        })
        .collect();
    for (seq, pimp, slave, params) in verdicts {
        if let Some(why) = super::super::blocks::blocked(ctx, pimp, "pimp_control") {
            let line = format!(
                "{}'s verdict on {}'s move fails: {why}",
                ctx.name(pimp),
                ctx.name(slave)
            );
            ctx.note(format!("pimp_control:{seq}"), "votes", line);
            continue;
        }
        let verdict = params.get("verdict").cloned().unwrap_or_default();
        let ability = params.get("ability").cloned().unwrap_or_default();
        let targets = params
            .get("targets")
            .map(|t| {
                t.split(',')
                    .map(|n| n.trim().to_string())
                    .filter(|n| !n.is_empty())
                    .collect::<Vec<_>>()
            })
            .unwrap_or_default();
        let (pimp_name, slave_name) = (ctx.name(pimp), ctx.name(slave));
        let slaves_move = |p: &Pending| {
            p.replaced_by.is_none()
                && matches!(&p.kind, PendingKind::Act { actor, ability: a, .. }
                    if *actor == slave && a != "pimp_control"
                        && !super::super::notes::is_note(a)
                        && (ability.is_empty() || *a == ability))
        };
        let line = match verdict.as_str() {
            "forbid" => {
                for p in ctx.state.pending.iter_mut().filter(|p| slaves_move(p)) {
                    p.replaced_by = Some(seq);
                }
                format!("the pimp {pimp_name} forbids {slave_name}'s day move (L27)")
            }
            "change" => {
                for p in ctx.state.pending.iter_mut().filter(|p| slaves_move(p)) {
                    if let PendingKind::Act { targets: t, .. } = &mut p.kind {
                        *t = targets.clone();
                    }
                }
                format!(
                    "the pimp {pimp_name} changes {slave_name}'s day move to {} (L27)",
                    targets.join(", ")
                )
            }
            "assign" if !ctx.state.pending.iter().any(slaves_move) => {
                let params = BTreeMap::from([("pimp".to_string(), pimp_name.clone())]);
                ctx.state.pending.push(Pending {
                    seq,
                    at: None,
                    posted: None,
                    kind: PendingKind::Act {
                        actor: slave,
                        ability: ability.clone(),
                        targets: targets.clone(),
                        params,
                    },
                    replaced_by: None,
                    warnings: Vec::new(),
                    advance: false,
                });
                format!(
                    "the pimp {pimp_name} makes {slave_name}'s `{ability}` move at {} (L27)",
                    targets.join(", ")
                )
            }
            "assign" => format!(
                "{slave_name} made his move: the pimp {pimp_name}'s assignment is not needed (L27)"
            ),
            _ => format!("the pimp {pimp_name} confirms {slave_name}'s day move (L27)"),
        };
        ctx.note(format!("pimp_control:{seq}"), "votes", line);
        tell_verdict(ctx, slave, &verdict);
    }
}

/// The pimp who made this liar's move for him, if one did (L94).
pub fn assigned_by(state: &GameState, params: &BTreeMap<String, String>) -> Option<SlotId> {
    params
        .get("pimp")
        .and_then(|n| state.slot_by_name(n))
        .map(|s| s.id)
}

fn targets_of(verdict: &Act) -> Vec<String> {
    verdict
        .params
        .get("targets")
        .map(|t| {
            t.split(',')
                .map(|n| n.trim().to_string())
                .filter(|n| !n.is_empty())
                .collect()
        })
        .unwrap_or_default()
}

/// Why a slave's move stops: his pimp forbade it (L27).
fn stops(ctx: &Ctx, run: &Fold<CityNight>, mv: &Act) -> Option<(StepResult, String)> {
    let forbidden = run
        .ledger
        .roles
        .read(|t: &Tonight| t.forbidden.contains(&mv.seq));
    forbidden.then(|| {
        (
            StepResult::Skipped,
            format!("the pimp forbids {}'s move (L27)", ctx.name(mv.actor)),
        )
    })
}

/// A dead pimp's slaves go free (L27).
fn free_the_slaves_of_the_dead(ctx: &mut Ctx) {
    let freed: Vec<SlotId> = ctx
        .state
        .slots
        .iter()
        .filter_map(|s| Some((s.id, s.statuses.get(SLAVE)?.link?)))
        .filter(|(_, pimp)| !ctx.is_alive(*pimp))
        .map(|(s, _)| s)
        .collect();
    for s in freed {
        crate::kernel::status::clear(ctx, s, SLAVE);
    }
}

/// Every morning the pimp sees the general information his slaves were told (L27).
fn feed(ctx: &mut Ctx, run: &Fold<CityNight>) {
    for pimp in night::holders_at_start(run, &ctx.state, ROLE).collect::<Vec<_>>() {
        if !ctx.is_alive(pimp) {
            continue;
        }
        for slave in slaves(&ctx.state, pimp) {
            // The general information his slave gets, as the anonymous sees it, the pimp's own
            // dealings with him aside (L27, L17).
            let told: Vec<String> = ctx
                .outcome
                .messages
                .iter()
                .filter(|m| {
                    m.audience == Audience::Slot(slave)
                        && super::general_information(&m.template)
                        && !m.template.starts_with("pm_slave")
                })
                .map(|m| m.text.clone())
                .collect();
            for text in told {
                ctx.say(
                    Audience::Slot(pimp),
                    "pm_pimp_feed",
                    &[("player", ctx.name(slave)), ("text", text)],
                );
            }
        }
    }
}
