//! The servant (§9.5, L129): an elite player bound to a master on Day 1, before any vote of the
//! election (`servant_bind`, `{"mode": "soft"|"hard"|"ruthless"}`, one servant per master). Nobody
//! may target him or vote against him; he is never mayor or secretary and does not vote himself.
//! When the master gives notice before a vote (`servant_replace`), the servant votes in his
//! stead and the master may not vote; when the master did not vote, the servant's vote during
//! the vote (`servant_vote`) counts as the master's. He leaves the game with his master and is
//! scored with his master's side.

use super::super::elite;
use super::super::kept::Round;
use super::{Entry, Role, refusal};
use crate::engine::outcome::Audience;
use crate::engine::resolve::{Ctx, live_acts};
use crate::engine::{GameState, Refusal, SlotId};

pub const ROLE: &str = "servant";
pub const BIND: &str = "servant_bind";
pub const REPLACE: &str = "servant_replace";
pub const VOTE: &str = "servant_vote";

/// What the game keeps of each servant: the mode of his binding, and the phase in which he
/// votes in his master's stead.
#[derive(Clone, Debug, Default, PartialEq)]
struct Bindings(std::collections::BTreeMap<SlotId, Binding>);

#[derive(Clone, Debug, Default, PartialEq)]
struct Binding {
    mode: Option<String>,
    replaces_in: Option<u32>,
}

fn binding(state: &GameState, servant: SlotId) -> Binding {
    let all = state.kept.of::<Bindings>();
    all.0.get(&servant).cloned().unwrap_or_default()
}

fn binding_mut(state: &mut GameState, servant: SlotId) -> &mut Binding {
    state
        .kept
        .get_mut::<Bindings>()
        .0
        .entry(servant)
        .or_default()
}

pub struct Servant;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    templates: &["pm_servant_copy", "pub_servant_replaces"],
    abilities: &["servant_bind", "servant_replace", "servant_vote"],
    ..crate::engine::system::Requirements::NONE
};

impl Role for Servant {
    fn sheet_lines(
        &self,
        _roleset: &crate::rules::Roleset,
        state: &crate::engine::GameState,
    ) -> Vec<String> {
        let all = state.kept.of::<Bindings>();
        (all.0.iter())
            .filter_map(|(s, b)| {
                Some(format!(
                    "{} is bound in {} mode",
                    super::super::kept::name(state, *s),
                    b.mode.as_ref()?
                ))
            })
            .collect()
    }
    fn requires(&self) -> crate::engine::system::Requirements {
        REQUIRES
    }
    fn refuses_vote(&self, state: &GameState, voter: SlotId) -> Result<(), Refusal> {
        vote_refusal(state, voter)
    }
    fn phase_resolved(&self, ctx: &mut Ctx) {
        brief(ctx);
    }
    fn serves(&self, state: &GameState, slot: SlotId) -> Option<SlotId> {
        master_of(state, slot)
    }
    fn stand_in_ballots(
        &self,
        ctx: &Ctx,
        ballots: Vec<super::super::votes::Ballot>,
    ) -> Vec<super::super::votes::Ballot> {
        substitute(&ctx.state, ctx, ballots)
    }
    // He never votes in his own name (L129.3): no auto-vote of his either.
    fn votes_in_own_name(&self) -> bool {
        false
    }
    fn id(&self) -> &'static str {
        ROLE
    }
    fn refuse_as_target(&self, entry: &Entry, target: SlotId) -> Result<(), Refusal> {
        elite::target_refusal(entry, target)
    }
    fn usable(&self, entry: &Entry) -> Result<(), Refusal> {
        match entry.ability {
            BIND => {
                let election = Round::now(entry.state) == Round::Election && entry.state.phase == 0;
                let voted = entry.state.pending.iter().any(|p| {
                    p.replaced_by.is_none()
                        && matches!(p.kind, crate::engine::entry::PendingKind::Vote { .. })
                });
                if !election || voted {
                    return refusal(
                        BIND,
                        "a servant is bound on Day 1, before any vote of the election (L129.9)",
                    );
                }
                Ok(())
            }
            REPLACE | VOTE if master_of(entry.state, entry.actor).is_none() => {
                refusal("no_master", "the servant has no master (L129.4)")
            }
            REPLACE => super::before_the_vote(entry),
            _ => Ok(()),
        }
    }
    fn refuse(&self, entry: &Entry) -> Result<(), Refusal> {
        if entry.ability != BIND {
            return Ok(());
        }
        let Some(&master) = entry.targets.first() else {
            return Ok(());
        };
        let name = &entry.state.slots[master].name;
        if elite::is_elite(entry.roleset, &entry.state.slots[master]) {
            return refusal(
                BIND,
                format!("{name} holds an elite role: no servant serves him (L129.4)"),
            );
        }
        let taken = entry
            .state
            .slots
            .iter()
            .any(|s| s.id != entry.actor && master_of(entry.state, s.id) == Some(master));
        if taken {
            return refusal(
                BIND,
                format!("{name} already has a servant: one at a time (L129.4)"),
            );
        }
        Ok(())
    }
    fn day_round(&self, ctx: &mut Ctx) {
        bind(ctx);
        leave_with_the_master(ctx);
    }
    fn before_vote(&self, ctx: &mut Ctx) {
        let notices: Vec<SlotId> = live_acts(&ctx.state)
            .filter(|a| a.ability == REPLACE)
            .map(|a| a.actor)
            .collect();
        for s in notices {
            let phase = ctx.state.phase;
            binding_mut(&mut ctx.state, s).replaces_in = Some(phase);
            let master = master_of(&ctx.state, s)
                .map(|m| ctx.name(m))
                .unwrap_or_default();
            ctx.note(
                format!("servant_replace:{}", ctx.name(s)),
                "pre_vote",
                format!(
                    "{} votes today in place of his master {master}, who may not vote (L129.3)",
                    ctx.name(s)
                ),
            );
            // "Оно будет прямо указано в момент старта": the vote-start post names it.
            ctx.say(
                Audience::Public,
                "pub_servant_replaces",
                &[("servant", ctx.name(s)), ("master", master)],
            );
        }
    }
    fn departed(&self, ctx: &mut Ctx, _dead: &[SlotId]) {
        leave_with_the_master(ctx);
    }
}

/// A servant leaves with his master, once the master is out for good: a master dead but kept
/// in the game as a phantom player keeps him (L129.7).
fn leave_with_the_master(ctx: &mut Ctx) {
    let gone = |m: SlotId| {
        ctx.state
            .slots
            .get(m)
            .is_some_and(|s| !s.alive && !s.has_status(super::phantom::PHANTOM))
    };
    let leaving: Vec<SlotId> = ctx
        .state
        .living()
        .filter(|s| s.role == ROLE)
        .map(|s| s.id)
        .filter(|s| master_of(&ctx.state, *s).is_some_and(gone))
        .collect();
    for s in leaving {
        if elite::leave(ctx, s) {
            ctx.note(
                format!("servant:{}", ctx.name(s)),
                "votes",
                format!("{} leaves the game with his master (L129.7)", ctx.name(s)),
            );
        }
    }
}

/// The master a servant is bound to.
pub fn master_of(state: &GameState, servant: SlotId) -> Option<SlotId> {
    (state.slots.get(servant)?.role == ROLE)
        .then(|| elite::linked(state, servant))
        .flatten()
}

/// The servant who votes in `master`'s stead today, if the master gave notice.
fn replacing(state: &GameState, master: SlotId) -> Option<SlotId> {
    state
        .slots
        .iter()
        .filter(|s| master_of(state, s.id) == Some(master))
        .find(|s| binding(state, s.id).replaces_in == Some(state.phase) && state.phase > 0)
        .map(|s| s.id)
}

/// The binding of Day 1 takes effect (L129.9).
fn bind(ctx: &mut Ctx) {
    let binds: Vec<(SlotId, SlotId, String)> = live_acts(&ctx.state)
        .filter(|a| a.ability == BIND)
        .filter_map(|a| {
            let master = a.targets.first().and_then(|t| ctx.slot_of(t))?;
            let mode = a
                .params
                .get("mode")
                .cloned()
                .unwrap_or_else(|| "soft".into());
            Some((a.actor, master, mode))
        })
        .collect();
    for (servant, master, mode) in binds {
        elite::link(&mut ctx.state, servant, master);
        binding_mut(&mut ctx.state, servant).mode = Some(mode.clone());
        ctx.note(
            format!("servant_bind:{}", ctx.name(servant)),
            "election",
            format!(
                "{} serves {} ({mode} mode): he leaves with him and is scored with his side (L129.4, L129.7, L129.9)",
                ctx.name(servant),
                ctx.name(master)
            ),
        );
    }
}

/// Why this vote is refused: a servant votes only in his master's stead, and a master whose
/// servant replaces him does not vote (L129.3).
pub fn vote_refusal(state: &GameState, voter: SlotId) -> Result<(), Refusal> {
    let me = &state.slots[voter];
    if me.role == ROLE {
        let stands_in = master_of(state, voter).is_some_and(|m| replacing(state, m) == Some(voter));
        if !stands_in {
            return refusal(
                "servant_no_vote",
                format!(
                    "{} is a servant: he does not vote, unless his master gave notice that he replaces him (L129.3)",
                    me.name
                ),
            );
        }
    } else if replacing(state, voter).is_some() {
        return refusal(
            "replaced",
            format!("{}'s servant votes in his place today (L129.3)", me.name),
        );
    }
    Ok(())
}

/// The ballots as they count: a replacing servant's vote is his master's, and a servant's vote
/// during the vote stands for a master who did not vote (L129.3).
pub fn substitute(
    state: &GameState,
    ctx: &Ctx,
    mut given: Vec<super::super::votes::Ballot>,
) -> Vec<super::super::votes::Ballot> {
    for b in given.iter_mut() {
        if let Some(m) = master_of(state, b.voter)
            && replacing(state, m) == Some(b.voter)
        {
            b.voter = m;
        }
    }
    for a in live_acts(state).filter(|a| a.ability == VOTE) {
        let Some(master) = master_of(state, a.actor) else {
            continue;
        };
        if given.iter().any(|b| b.voter == master) {
            continue;
        }
        given.push(super::super::votes::Ballot {
            seq: a.seq,
            voter: master,
            target: a.targets.first().and_then(|t| ctx.slot_of(t)),
            advance: false,
        });
    }
    given.retain(|b| state.slots[b.voter].role != ROLE);
    given
}

/// Templates of what a master learns through his negative role (his kills, partners, the
/// black side's knowledge): a `ruthless` master's servant gets none of it (L129.9).
const NEGATIVE_NEWS: &[&str] = &[
    "killer_victim",
    "killer_undead",
    "insurance",
    "false_black",
    "imitator",
    "maniac",
    "mercenary",
    "executor",
    "boss_son",
    "joker",
    "poisoner",
    "role_partners",
];

/// The host's news to a master reaches his servant by the master's mode (L129.9): `soft`,
/// everything the master is told; `ruthless`, what concerns his peaceful role only, as if he
/// were red; `hard`, nothing (the master passes it on himself).
pub fn brief(ctx: &mut Ctx) {
    let servants: Vec<(SlotId, SlotId, String)> = ctx
        .state
        .living()
        .filter(|s| s.role == ROLE)
        .filter_map(|s| {
            let master = master_of(&ctx.state, s.id)?;
            let mode = binding(&ctx.state, s.id).mode;
            Some((s.id, master, mode.unwrap_or_else(|| "soft".into())))
        })
        .collect();
    for (servant, master, mode) in servants {
        let news: Vec<String> = ctx
            .outcome
            .messages
            .iter()
            .filter(|m| m.audience == Audience::Slot(master))
            .filter(|m| mode == "soft" || !NEGATIVE_NEWS.iter().any(|n| m.template.contains(n)))
            .map(|m| m.text.clone())
            .collect();
        if mode == "hard" || news.is_empty() {
            continue;
        }
        for text in news {
            ctx.say(
                Audience::Slot(servant),
                "pm_servant_copy",
                &[("master", ctx.name(master)), ("text", text)],
            );
        }
    }
}
