//! The politician (§9.4, L132), a base role of the extended format: the mayor's backing makes
//! votes against him count zero; his supporters and he himself gain weight when they vote his
//! target, and the mayor gains the total support bonus when he does too; his influence (how many
//! supporters) grows with each lynched black and shrinks with each lynched red he voted
//! against; a shadow vertical while the mayor holds office; as mayor or secretary, patronage.

use super::night::{self, CityNight};
use super::teams::{self, MAYOR};
use super::{Entry, Role, before_the_vote, refusal};
use crate::engine::Refusal;
use crate::engine::outcome::Audience;
use crate::engine::outcome::StepResult;
use crate::engine::resolve::Ctx;
use crate::engine::{GameState, SlotId};
use crate::kernel::{Act, Fold};

pub const ROLE: &str = "politician";

pub struct Politician;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    templates: &[
        "pm_politician_patronage",
        "pm_politician_visitors",
        "pub_shadow_vertical",
    ],
    options: &["politician_mayor_bonus"],
    abilities: &["patronage", "politician_support", "shadow_vertical"],
    ..crate::engine::system::Requirements::NONE
};

impl Role for Politician {
    fn sheet_lines(
        &self,
        _roleset: &crate::rules::Roleset,
        state: &crate::engine::GameState,
    ) -> Vec<String> {
        let kept = state.kept.of::<Kept>();
        let mut lines = vec![format!("the politician's influence: {}", influence(state))];
        if !kept.supporters.is_empty() {
            lines.push(format!(
                "supporters today: {}",
                super::kept::names(state, &kept.supporters)
            ));
        }
        if let Some(t) = kept.shadow {
            lines.push(format!(
                "under the shadow vertical: {}",
                super::kept::name(state, t)
            ));
        }
        if kept.influence.is_none() && kept.supporters.is_empty() && kept.shadow.is_none() {
            return Vec::new();
        }
        lines
    }
    fn requires(&self) -> crate::engine::system::Requirements {
        REQUIRES
    }
    fn after_the_vote(&self, ctx: &mut Ctx, vote: &super::VoteDone, step: super::AfterTheVote) {
        if step == super::AfterTheVote::Offices {
            let his_votes = vote.tally.own_votes(politician(&ctx.state));
            after_lynch(ctx, vote.lynched, &his_votes);
        }
    }
    fn before_vote(&self, ctx: &mut Ctx) {
        let supporters = super::last_act(ctx, "politician_support").map(|(_, t)| t);
        let shadow = super::last_act(ctx, "shadow_vertical").and_then(|(_, t)| t.first().copied());
        fix_pre_vote(ctx, supporters, shadow);
    }
    fn vote_announced(&self, ctx: &mut Ctx) {
        if let Some(s) = shadow(&ctx.state) {
            ctx.say(
                Audience::Public,
                "pub_shadow_vertical",
                &[("player", ctx.name(s))],
            );
        }
    }
    fn vote_immunity(&self, state: &GameState, target: SlotId) -> Option<String> {
        (shadow(state) == Some(target))
            .then(|| "the politician's shadow vertical protects this player today (L132)".into())
    }
    fn vote_boosts(&self, ctx: &Ctx, vote: &super::CastVote) -> Vec<(i32, String)> {
        super::in_half_votes(weight_modifiers(ctx, vote.voter, vote.target, vote.all))
    }
    fn zeroes_vote(&self, ctx: &Ctx, vote: &super::CastVote) -> Option<String> {
        zeroed(&ctx.state, vote.voter, vote.target, vote.all)
    }
    fn withholds_colour(
        &self,
        ctx: &Ctx,
        run: &crate::kernel::Fold<super::night::CityNight>,
        target: crate::engine::SlotId,
    ) -> Option<String> {
        let name = ctx.name(target);
        if ctx
            .state
            .slots
            .get(target)
            .is_some_and(|s| teams::holds(s, ROLE))
        {
            return Some(format!(
                "{name} is the politician: no colour information (L6, L132)"
            ));
        }
        (patronage(run) == Some(target)).then(|| {
            format!("{name} is under the politician's patronage: no colour information (L132)")
        })
    }
    fn id(&self) -> &'static str {
        ROLE
    }
    fn night_move(&self, ctx: &mut Ctx, _run: &mut Fold<CityNight>, mv: &Act) -> bool {
        mv.ability == "patronage"
            && {
                let why = "under the politician's patronage: colour checks give nothing on them tonight (L132)";
                night::step(ctx, mv, StepResult::Success, vec![why.into()]);
                true
            }
    }
    fn usable(&self, entry: &Entry) -> Result<(), Refusal> {
        match entry.ability {
            "politician_support" | "shadow_vertical" => before_the_vote(entry),
            "patronage"
                if !teams::holds(entry.me(), MAYOR)
                    && !teams::holds(entry.me(), teams::SECRETARY) =>
            {
                refusal(
                    "patronage",
                    "only a politician who is the mayor or the secretary takes a player under patronage (L132)",
                )
            }
            _ => Ok(()),
        }
    }
    fn refuse(&self, entry: &Entry) -> Result<(), Refusal> {
        let me = entry.me();
        match entry.ability {
            "politician_support" => {
                if teams::holds(me, MAYOR) {
                    return refusal(
                        "politician",
                        "a politician in the mayor's office has the full bonus and names no supporters (L132)",
                    );
                }
                let cap = influence(entry.state) as usize;
                if entry.targets.len() > cap {
                    return refusal(
                        "politician",
                        format!("the politician's influence allows {cap} supporter(s) (L132)"),
                    );
                }
                Ok(())
            }
            "shadow_vertical" => {
                if super::mayor::mayor(entry.state).is_none() {
                    return refusal(
                        "politician",
                        "the shadow vertical exists only while the mayor holds office (L132)",
                    );
                }
                if entry.targets.contains(&me.id) {
                    return refusal(
                        "politician",
                        "the shadow vertical protects anyone but the politician (L132)",
                    );
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }
    fn morning(&self, ctx: &mut Ctx, run: &Fold<CityNight>) {
        morning(ctx, run);
    }
}
/// What the game keeps of the politician.
#[derive(Clone, Debug, Default, PartialEq)]
struct Kept {
    /// Supporters fixed when the vote starts.
    supporters: Vec<SlotId>,
    /// The shadow vertical's player today.
    shadow: Option<SlotId>,
    /// The politician's influence: how many supporters he may name (`None`: the starting 2).
    influence: Option<u32>,
}

pub fn politician(state: &GameState) -> Option<SlotId> {
    teams::holder(state, ROLE)
}

pub fn influence(state: &GameState) -> u32 {
    state.kept.of::<Kept>().influence.unwrap_or(2)
}

fn is_mayor(state: &GameState, slot: SlotId) -> bool {
    state
        .slots
        .get(slot)
        .is_some_and(|s| teams::holds(s, MAYOR))
}

/// The shadow vertical protects its player while the mayor holds office (L132).
pub fn shadow(state: &GameState) -> Option<SlotId> {
    super::mayor::mayor(state)?;
    state.kept.of::<Kept>().shadow
}

/// Supporters who voted the politician's target.
fn matched(state: &GameState, p: SlotId, all: &[(SlotId, SlotId)]) -> Vec<SlotId> {
    let Some(target) = all.iter().find(|(v, _)| *v == p).map(|(_, t)| *t) else {
        return Vec::new();
    };
    let kept = state.kept.of::<Kept>();
    kept.supporters
        .iter()
        .copied()
        .filter(|s| all.contains(&(*s, target)))
        .collect()
}

/// The total bonus of the politician's support: +1 per matching supporter, +1 per pair of them
/// for himself (Q53; by option only the supporters' +1s).
fn support_bonus(ctx: &Ctx, n: u32) -> u32 {
    if ctx.option("politician_mayor_bonus") == "supporters_only" {
        n
    } else {
        n + n / 2
    }
}

pub fn weight_modifiers(
    ctx: &Ctx,
    voter: SlotId,
    target: SlotId,
    all: &[(SlotId, SlotId)],
) -> Vec<(i32, String)> {
    let Some(p) = politician(&ctx.state) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    if is_mayor(&ctx.state, p) {
        if voter == p {
            let bonus = support_bonus(ctx, influence(&ctx.state));
            out.push((bonus as i32, format!("+{bonus}: the politician in the mayor's office has the full bonus of the influence (L132)")));
        }
        return out;
    }
    let matched = matched(&ctx.state, p, all);
    let p_target = all.iter().find(|(v, _)| *v == p).map(|(_, t)| *t);
    if matched.contains(&voter) {
        out.push((
            1,
            "+1: a supporter voting the politician's target (L132)".into(),
        ));
    }
    let n = matched.len() as u32;
    if voter == p && n / 2 > 0 {
        out.push((
            (n / 2) as i32,
            format!(
                "+{}: the politician, one per pair of matching supporters (L132)",
                n / 2
            ),
        ));
    }
    if is_mayor(&ctx.state, voter) && p_target == Some(target) && n > 0 {
        let bonus = support_bonus(ctx, n);
        out.push((bonus as i32, format!("+{bonus}: the mayor voting with the politician gets the total support bonus (L132, Q53)")));
    }
    out
}

/// Votes that count zero because of the politician (L132): against the politician while the
/// mayor backs him; against the secretary of a politician mayor who put the vertical elsewhere.
/// A politician who is the forced victim has his role switched off for the vote (L141), so the
/// votes against him count.
pub fn zeroed(
    state: &GameState,
    voter: SlotId,
    target: SlotId,
    all: &[(SlotId, SlotId)],
) -> Option<String> {
    let p = politician(state)?;
    // A borrowed politician has no immunity at the vote (L40).
    if super::super::borrowed::copied(&state.slots[p], ROLE) {
        return None;
    }
    let mayor = super::mayor::mayor(state)?;
    let forced = state
        .slots
        .get(p)
        .is_some_and(|s| s.has_status("forced_victim"));
    if target == p && voter != mayor && !forced && !all.contains(&(mayor, p)) {
        return Some(
            "the mayor backs the politician: a vote against the politician counts zero (L132)"
                .into(),
        );
    }
    let sec = super::mayor::secretary(state)?;
    if mayor == p
        && target == sec
        && voter != mayor
        && super::mayor::vertical(state) != Some(sec)
        && !all.contains(&(mayor, sec))
    {
        return Some("the politician mayor's secretary is protected second: a vote against her counts zero unless the mayor votes her (L132)".into());
    }
    None
}

/// Fix the day's support and shadow vertical when the vote starts.
pub fn fix_pre_vote(ctx: &mut Ctx, supporters: Option<Vec<SlotId>>, shadow_target: Option<SlotId>) {
    let kept = ctx.state.kept.get_mut::<Kept>();
    kept.supporters.clear();
    kept.shadow = None;
    let Some(p) = politician(&ctx.state) else {
        return;
    };
    if let Some(list) = supporters {
        let names: Vec<String> = list.iter().map(|s| ctx.name(*s)).collect();
        ctx.note(
            "politician",
            "pre_vote",
            format!("{}'s supporters today: {}", ctx.name(p), names.join(", ")),
        );
        ctx.state.kept.get_mut::<Kept>().supporters = list;
    }
    if let Some(t) = shadow_target
        && super::mayor::mayor(&ctx.state).is_some()
    {
        ctx.note(
            "politician",
            "pre_vote",
            format!("{} is under the shadow vertical (L132)", ctx.name(t)),
        );
        ctx.state.kept.get_mut::<Kept>().shadow = Some(t);
    }
}

/// After a lynch: the politician's influence grows by one for each lynched black and falls by
/// one for each lynched red, if he voted against that player (L132, Q52).
pub fn after_lynch(ctx: &mut Ctx, lynched: &[SlotId], his_votes: &[SlotId]) {
    let Some(p) = politician(&ctx.state) else {
        return;
    };
    let mut cap = influence(&ctx.state) as i64;
    for l in lynched.iter().filter(|l| his_votes.contains(l)) {
        let black = teams::black(ctx, *l);
        cap += if black { 1 } else { -1 };
    }
    let cap = cap.max(0) as u32;
    if cap != influence(&ctx.state) {
        ctx.note(
            "politician",
            "votes",
            format!("{}'s influence is now {cap} (L132)", ctx.name(p)),
        );
        ctx.state.kept.get_mut::<Kept>().influence = Some(cap);
    }
}

/// Morning: the politician learns the roles of his visitors and of players who moved on
/// themselves; under patronage, the roles of his protégé's visitors (L115.17, L132).
fn morning(ctx: &mut Ctx, run: &Fold<CityNight>) {
    let Some(p) = night::holders_at_start(run, &ctx.state, ROLE).next() else {
        return;
    };
    let roles = night::visit_roles(
        ctx,
        run.visits
            .iter()
            .filter(|v| v.actor != p && (v.targets.contains(&p) || v.targets == [v.actor])),
    );
    if !roles.is_empty() && ctx.is_alive(p) {
        ctx.say(
            Audience::Slot(p),
            "pm_politician_visitors",
            &[("roles", roles.join(", "))],
        );
    }
    if let Some(protege) = patronage(run) {
        let roles = night::visit_roles(ctx, run.visitors_of(protege, p));
        if !roles.is_empty() && ctx.is_alive(p) {
            ctx.say(
                Audience::Slot(p),
                "pm_politician_patronage",
                &[("player", ctx.name(protege)), ("roles", roles.join(", "))],
            );
        }
    }
}

/// The protégé under the politician's patronage tonight.
pub fn patronage(run: &Fold<CityNight>) -> Option<SlotId> {
    run.acts
        .iter()
        .find(|m| m.ability == "patronage")
        .and_then(|m| m.targets.first().copied())
}
