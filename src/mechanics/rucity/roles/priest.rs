//! The priest (§5.13, L30, L155). During a vote, once every vote is in, he may forgive the
//! player he voted for: every vote against that player counts zero. If the forgiven player was
//! about to die, the host announces the rescue and a priest's re-vote follows at once, by the
//! rules of a normal vote, nobody voting against the saved player (such a vote is an auto-vote),
//! a tie ending as a re-vote does (both die or nobody, L153). Lynched in that re-vote, the priest
//! may let the saved player die instead of himself. Forgiving at a re-vote between two, the
//! other one dies. Never at the witch hunt, never when he is the victim, once per vote. Passive:
//! a barrier of 3 less one per lynched red, and the roles of his night visitors.

use super::night::{self, CityNight};
use super::{Entry, Role, kept, refusal, teams};
use crate::engine::entry::PendingKind;
use crate::engine::outcome::Audience;
use crate::engine::resolve::{Ctx, live_acts};
use crate::engine::{GameState, Refusal, SlotId};
use crate::kernel::Fold;
use kept::Round;

pub const ROLE: &str = "priest";
/// The player the priest saved today (the priest's re-vote may not name him).
#[derive(Clone, Debug, Default, PartialEq)]
struct Saved(Option<SlotId>);

pub struct Priest;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    templates: &["pm_priest_visitors", "pub_priest_saved"],
    roles: &["priest"],
    ..crate::engine::system::Requirements::NONE
};

impl Role for Priest {
    fn sheet_lines(
        &self,
        _roleset: &crate::rules::Roleset,
        state: &crate::engine::GameState,
    ) -> Vec<String> {
        (state.kept.of::<Saved>().0)
            .map(|s| format!("the priest saved {} today", super::kept::name(state, s)))
            .into_iter()
            .collect()
    }
    fn requires(&self) -> crate::engine::system::Requirements {
        REQUIRES
    }
    fn rescues(&self, ctx: &mut Ctx, tally: &mut super::super::votes::Tally) -> bool {
        rescue(ctx, tally)
    }
    // The priest lynched at his re-vote may let the saved player die instead (L30).
    fn rescue_round_victims(&self, ctx: &mut Ctx, victims: Vec<SlotId>) -> Vec<SlotId> {
        let saved = saved(&ctx.state);
        ctx.state.kept.set(Saved(None));
        let instead = lets_die(ctx).filter(|s| Some(*s) == saved);
        match (priest(&ctx.state), instead) {
            (Some(p), Some(s)) if victims == [p] => {
                let why = format!(
                    "the priest {} is lynched and lets {} die instead of himself (L30)",
                    ctx.name(p),
                    ctx.name(s)
                );
                ctx.note("priest", "votes", why);
                vec![s]
            }
            _ => victims,
        }
    }
    // At a re-vote between two, forgiving one of them sends the other to die (L30).
    fn decides_a_revote(&self, ctx: &mut Ctx, targets: &[SlotId]) -> Option<SlotId> {
        let (p, saved) = forgiveness(ctx)?;
        let [a, b] = targets[..] else {
            return None;
        };
        if (saved != a && saved != b) || p == a || p == b {
            return None;
        }
        let other = if saved == a { b } else { a };
        let why = format!(
            "{} forgives {} at the re-vote between two: {} dies (L30)",
            ctx.name(p),
            ctx.name(saved),
            ctx.name(other)
        );
        ctx.note("priest", "votes", why);
        Some(other)
    }
    fn vote_immunity(&self, state: &GameState, target: SlotId) -> Option<String> {
        (Round::now(state) == Round::PriestRevote && saved(state) == Some(target)).then(|| {
            "the priest saved this player: no vote against him in this re-vote (L30)".into()
        })
    }
    fn barrier(&self, roleset: &crate::rules::Roleset, state: &GameState, target: SlotId) -> u32 {
        barrier(roleset, state, target)
    }
    fn id(&self) -> &'static str {
        ROLE
    }
    fn usable(&self, entry: &Entry) -> Result<(), Refusal> {
        let round = Round::now(entry.state);
        match entry.ability {
            "priest_forgive" if hunt_on(entry.state) => {
                refusal("priest_forgive", "no forgiveness at the witch hunt (L30)")
            }
            "priest_forgive" if round == Round::PriestRevote => refusal(
                "priest_forgive",
                "the priest forgives at a vote or a re-vote, not in his own re-vote (L30)",
            ),
            "priest_let_die" if round != Round::PriestRevote => refusal(
                "priest_let_die",
                "only in the priest's re-vote, when he is lynched there (L30)",
            ),
            _ => Ok(()),
        }
    }
    fn refuse(&self, entry: &Entry) -> Result<(), Refusal> {
        let Some(&t) = entry.targets.first() else {
            return Ok(());
        };
        let name = &entry.state.slots[t].name;
        match entry.ability {
            "priest_forgive" if voted_for(entry.state, entry.actor) != Some(t) => refusal(
                "priest_forgive",
                format!(
                    "the priest forgives only the player he voted for in this round, not {name} (L30)"
                ),
            ),
            "priest_let_die" if saved(entry.state) != Some(t) => refusal(
                "priest_let_die",
                format!("{name} is not the player the priest saved (L30)"),
            ),
            _ => Ok(()),
        }
    }
    fn morning(&self, ctx: &mut Ctx, run: &Fold<CityNight>) {
        for p in night::holders_at_start(run, &ctx.state, ROLE).collect::<Vec<_>>() {
            let roles = night::visit_roles(ctx, run.visitors_of(p, p));
            if ctx.is_alive(p) && !roles.is_empty() {
                let roles = roles.join(", ");
                ctx.say(Audience::Slot(p), "pm_priest_visitors", &[("roles", roles)]);
            }
        }
    }
    fn history(&self) -> &'static [&'static str] {
        &["pm_priest"]
    }
}

fn hunt_on(state: &GameState) -> bool {
    state.pending.iter().any(|p| {
        p.is_live() && matches!(&p.kind, PendingKind::Vote { ballot, .. } if ballot == "witch_hunt")
    })
}

/// The player `voter` voted for in this round, as entered.
fn voted_for(state: &GameState, voter: SlotId) -> Option<SlotId> {
    state.pending.iter().rev().find_map(|p| match &p.kind {
        PendingKind::Vote {
            voter: v, target, ..
        } if p.is_live() && *v == voter => state.slot_by_name(target).map(|s| s.id),
        _ => None,
    })
}

/// The player the priest saved today, while his re-vote runs.
pub fn saved(state: &GameState) -> Option<SlotId> {
    state.kept.of::<Saved>().0
}

/// The living priest.
pub fn priest(state: &GameState) -> Option<SlotId> {
    teams::holder(state, ROLE)
}

/// The priest's forgiveness entered in this round, if his role is not blocked: (priest, the
/// forgiven player).
pub fn forgiveness(ctx: &Ctx) -> Option<(SlotId, SlotId)> {
    let (p, t) = entered_forgiveness(ctx)?;
    (super::blocks::blocked(ctx, p, "priest_forgive").is_none()
        && mutual_immunity(&ctx.state, p, t).is_none())
    .then_some((p, t))
}

/// The priest's last forgiveness entered in this round: (priest, the forgiven player).
fn entered_forgiveness(ctx: &Ctx) -> Option<(SlotId, SlotId)> {
    let p = priest(&ctx.state)?;
    let act = live_acts(&ctx.state)
        .rev()
        .find(|a| a.actor == p && a.ability == "priest_forgive")?;
    Some((p, act.targets.first().and_then(|t| ctx.slot_of(t))?))
}

/// Why an entered forgiveness gives way to a protection of the priest (L13), for the trace.
pub fn void_forgiveness(ctx: &Ctx) -> Option<String> {
    let (p, t) = entered_forgiveness(ctx)?;
    mutual_immunity(&ctx.state, p, t)
}

/// Why the priest's forgiveness of `forgiven` is void: the politician or the lawyer he would
/// forgive protects the priest today, and of players who protect each other one stays open, the
/// priest's move giving way (L13: politician > lawyer > priest).
pub fn mutual_immunity(state: &GameState, priest: SlotId, forgiven: SlotId) -> Option<String> {
    let by_lawyer = state.slots.get(priest).is_some_and(|s| {
        s.statuses
            .get(super::lawyer::PROTECTION)
            .is_some_and(|st| st.link == Some(forgiven))
    });
    let by_politician = super::politician::politician(state) == Some(forgiven)
        && super::politician::shadow(state) == Some(priest);
    let who = if by_lawyer {
        "legal protection"
    } else if by_politician {
        "shadow vertical"
    } else {
        return None;
    };
    Some(format!(
        "{p} forgives {f}, but {f}'s {who} covers the priest: of two who protect each other one stays open, and the priest's move gives way (L13)",
        p = state.slots[priest].name,
        f = state.slots[forgiven].name
    ))
}

/// The priest lynched in his re-vote lets the saved player die instead (L30).
pub fn lets_die(ctx: &Ctx) -> Option<SlotId> {
    let p = priest(&ctx.state)?;
    live_acts(&ctx.state)
        .rev()
        .find(|a| a.actor == p && a.ability == "priest_let_die")
        .and_then(|a| a.targets.first().and_then(|t| ctx.slot_of(t)))
}

/// The priest's barrier: 3, less one per lynched red, never below 0 (L30).
pub fn barrier(roleset: &crate::rules::Roleset, state: &GameState, target: SlotId) -> u32 {
    let holds = state
        .slots
        .get(target)
        .is_some_and(|s| teams::holds(s, ROLE) && !super::super::blocks::role_blocked(state, s));
    if !holds {
        return 0;
    }
    let lynched_reds = state
        .slots
        .iter()
        .filter(|s| {
            !s.alive
                && s.death
                    .as_ref()
                    .is_some_and(|(_, cause)| cause == "lynch" || cause == "hunt")
                && !teams::is_black(roleset, s)
        })
        .count() as u32;
    let own = 3u32.saturating_sub(lynched_reds);
    if super::super::borrowed::copied(&state.slots[target], ROLE) {
        let option = state.option(roleset, "actor_third_weaker");
        return super::super::borrowed::a_third_weaker(option, 3, Some(own));
    }
    own
}

/// The priest forgave the player he voted for (L30): if that player was about to die (among
/// the most voted), the rescue is announced and the priest's re-vote opens; otherwise the
/// zeroed votes change nothing. Void when the priest himself is about to die.
fn rescue(ctx: &mut Ctx, tally: &mut super::super::votes::Tally) -> bool {
    if let Some(why) = void_forgiveness(ctx) {
        ctx.note("priest", "votes", why);
    }
    let Some((p, saved)) = forgiveness(ctx) else {
        return false;
    };
    let top = tally.top();
    let (pn, sn) = (ctx.name(p), ctx.name(saved));
    if top.contains(&p) {
        let why = format!("{pn} is about to die: the priest cannot forgive as the victim (L30)");
        ctx.note("priest", "votes", why);
        return false;
    }
    if !top.contains(&saved) {
        let why = format!(
            "{pn} forgives {sn}: the votes against {sn} count zero; {sn} was not about to die (L30)"
        );
        ctx.note("priest", "votes", why);
        return false;
    }
    if top.len() > 1 {
        // A tie sends nobody to die: the forgiven player's votes count zero and the vote is
        // decided without him (L30).
        tally.totals.insert(saved, 0);
        let why = format!(
            "{pn} forgives {sn}, who was tied, not about to die: the votes against {sn} count zero and the vote is decided without him (L30)"
        );
        ctx.note("priest", "votes", why);
        return false;
    }
    let why = format!(
        "{pn} forgives {sn}, who was about to die: every vote against {sn} counts zero, and the priest's re-vote opens (L30, L155)"
    );
    ctx.note("priest", "votes", why);
    ctx.say(Audience::Public, "pub_priest_saved", &[("player", sn)]);
    super::vote_goes_on(ctx, tally);
    ctx.state.kept.set(Saved(Some(saved)));
    if super::super::day::priest_revote_by_revote_rules(ctx.roleset, &ctx.state) {
        let candidates: Vec<SlotId> = tally
            .totals
            .iter()
            .filter(|(t, total)| **t != saved && **total > 0)
            .map(|(t, _)| *t)
            .collect();
        let names: Vec<String> = candidates.iter().map(|c| ctx.name(*c)).collect();
        let why = format!(
            "the priest's re-vote is held by re-vote rules between {} (Q56 `revote_rules`)",
            names.join(", ")
        );
        ctx.note("priest", "votes", why);
        kept::of_mut(&mut ctx.state).candidates = candidates;
    }
    ctx.outcome.another_round = true;
    Round::PriestRevote.open(&mut ctx.state);
    true
}
