//! The mayor and his office (§9.1–9.3, L159–L161): immunity, the power vertical (by default on
//! the secretary), the secretary's protections and firing, and the loss of the title after a
//! red lynch. Also the plug points of the vote count that titles and later roles feed: vote
//! weight modifiers, zeroing and barrier sources (Appendix A).

pub(super) mod election;

use super::kept::{self, Round};
use super::teams::{self, MAYOR, SECRETARY};
use super::{Entry, Role, before_the_vote, refusal};
use crate::engine::Refusal;
use crate::engine::outcome::Audience;
use crate::engine::resolve::Ctx;
use crate::engine::{GameState, SlotId};

pub struct Mayor;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    templates: &[
        "pm_mayor_choose",
        "pm_secretary_vertical",
        "pub_election_round2",
        "pub_election_round2_title",
        "pub_election_title",
        "pub_mayor_elected",
        "pub_mayor_lost",
        "pub_no_mayor",
        "pub_secretary",
        "pub_secretary_fired",
        "pub_secretary_removed",
        "pub_vertical",
    ],
    options: &["secretary_told_vertical"],
    abilities: &["power_vertical"],
    ..crate::engine::system::Requirements::NONE
};

impl Role for Mayor {
    fn sheet_lines(
        &self,
        _roleset: &crate::rules::Roleset,
        state: &crate::engine::GameState,
    ) -> Vec<String> {
        (state.kept.of::<Kept>().vertical)
            .map(|v| {
                format!(
                    "under the power vertical today: {}",
                    super::kept::name(state, v)
                )
            })
            .into_iter()
            .collect()
    }
    fn requires(&self) -> crate::engine::system::Requirements {
        REQUIRES
    }
    // Day 1's rounds: the mayor's election, its second round, the secretary's appointment
    // (L159, L161).
    fn holds_the_election(&self, ctx: &mut Ctx) {
        election::resolve(ctx);
    }
    fn vote_goes_on(&self, ctx: &mut Ctx, tally: &super::super::votes::Tally) {
        let his_votes = tally.own_votes(mayor(&ctx.state));
        ctx.state.kept.get_mut::<Kept>().vote_targets = his_votes;
    }
    // A red lynched costs the mayor his title (L159); otherwise a vote of his against his
    // secretary, in this round or the one that sent the vote on, fires her (L161).
    fn after_the_vote(&self, ctx: &mut Ctx, vote: &super::VoteDone, step: super::AfterTheVote) {
        match step {
            super::AfterTheVote::Offices => {
                let mut his_votes = vote.tally.own_votes(mayor(&ctx.state));
                his_votes.extend(std::mem::take(
                    &mut ctx.state.kept.get_mut::<Kept>().vote_targets,
                ));
                if !vote.reds_lynched {
                    fire_secretary(ctx, &his_votes);
                } else if mayor(&ctx.state).is_some() {
                    lose_title(ctx);
                }
            }
            // The vertical holds for the day's vote only.
            super::AfterTheVote::Weights => ctx.state.kept.get_mut::<Kept>().vertical = None,
        }
    }
    // The vertical is fixed when the vote starts (L160): `None`, the mayor sent nothing (the
    // secretary by default); `Some(None)`, he chose nobody.
    fn before_vote(&self, ctx: &mut Ctx) {
        ctx.state.kept.get_mut::<Kept>().vote_targets.clear();
        let chosen = super::last_act(ctx, "power_vertical").map(|(_, t)| t.first().copied());
        if let Some(v) = fix_vertical(ctx, chosen) {
            ctx.say(Audience::Public, "pub_vertical", &[("player", ctx.name(v))]);
        }
    }
    fn vote_immunity(&self, state: &GameState, target: SlotId) -> Option<String> {
        if mayor(state) == Some(target) {
            return Some("the mayor cannot be voted against (L159)".into());
        }
        (vertical(state) == Some(target))
            .then(|| "the power vertical protects this player today (L160)".into())
    }
    fn id(&self) -> &'static str {
        MAYOR
    }
    fn usable(&self, entry: &Entry) -> Result<(), Refusal> {
        match entry.ability {
            "power_vertical" => before_the_vote(entry),
            "secretary_pick" if Round::now(entry.state) != Round::Secretary => refusal(
                "secretary_pick",
                "the secretary is chosen right after the election, before its result (L161)",
            ),
            _ => Ok(()),
        }
    }
    fn refuse(&self, entry: &Entry) -> Result<(), Refusal> {
        if entry.ability != "secretary_pick" {
            return Ok(());
        }
        let Some(&t) = entry.targets.first() else {
            return Ok(());
        };
        let choice = election::eligible(entry.state, entry.actor);
        if choice.contains(&t) {
            return Ok(());
        }
        let names: Vec<&str> = choice
            .iter()
            .map(|c| entry.state.slots[*c].name.as_str())
            .collect();
        refusal(
            "secretary_pick",
            format!(
                "the secretary must be one of the mayor's voters: {} (L161)",
                names.join(", ")
            ),
        )
    }
    /// No role may choose the mayor as a target but himself (L159).
    fn refuse_as_target(&self, entry: &Entry, target: SlotId) -> Result<(), Refusal> {
        if target == entry.actor {
            return Ok(());
        }
        // The mayor may be named a face victim's target, never cut (L64.1).
        if entry.ability == super::faceless::CUT && entry.targets.first() != Some(&target) {
            return Ok(());
        }
        refusal(
            "mayor_immune",
            format!(
                "{} is the mayor: no role may choose the mayor as a target (L159)",
                entry.state.slots[target].name
            ),
        )
    }
}

/// What the game keeps of the mayor's day.
#[derive(Clone, Debug, Default, PartialEq)]
struct Kept {
    /// The player under the power vertical today, fixed when the vote started (L160).
    vertical: Option<SlotId>,
    /// The mayor's own lynch-round votes, kept while a re-vote runs: a vote for his secretary fires
    /// her at the result of the whole vote, also when it sent the vote to a re-vote (L161). Cleared
    /// when the day's vote ends and when a new day's vote opens.
    vote_targets: Vec<SlotId>,
}

/// The living mayor, while the title is held.
pub fn mayor(state: &GameState) -> Option<SlotId> {
    teams::holder(state, MAYOR)
}

pub fn secretary(state: &GameState) -> Option<SlotId> {
    teams::holder(state, SECRETARY)
}

/// The player under the power vertical today, fixed when the vote started (L160).
pub fn vertical(state: &GameState) -> Option<SlotId> {
    mayor(state)?;
    state.kept.of::<Kept>().vertical
}

/// Fix the vertical when the vote starts (L160, L161). `chosen` is the mayor's move: `None`
/// when he sent nothing, which counts as an automatic move on the secretary; `Some(None)` when
/// he chose nobody, which he has the right to do («Имеет право никого не выбирать», L160).
pub fn fix_vertical(ctx: &mut Ctx, chosen: Option<Option<SlotId>>) -> Option<SlotId> {
    ctx.state.kept.get_mut::<Kept>().vertical = None;
    let mayor = mayor(&ctx.state)?;
    let target = match chosen {
        Some(None) => {
            ctx.note(
                "vertical",
                "pre_vote",
                format!(
                    "the mayor {} leaves the vertical empty (L160)",
                    ctx.name(mayor)
                ),
            );
            return None;
        }
        Some(Some(t)) => {
            ctx.note(
                "vertical",
                "pre_vote",
                format!(
                    "the mayor {} puts {} under the vertical (L160)",
                    ctx.name(mayor),
                    ctx.name(t)
                ),
            );
            t
        }
        None => {
            let sec = secretary(&ctx.state)?;
            ctx.note(
                "vertical",
                "pre_vote",
                format!(
                    "the mayor sent nothing: the vertical goes to the secretary {} (L160)",
                    ctx.name(sec)
                ),
            );
            sec
        }
    };
    ctx.state.kept.get_mut::<Kept>().vertical = Some(target);
    if let Some(sec) = secretary(&ctx.state)
        && ctx.option("secretary_told_vertical") == "yes"
        && sec != target
    {
        ctx.say(
            Audience::Slot(sec),
            "pm_secretary_vertical",
            &[("player", ctx.name(target))],
        );
    }
    Some(target)
}

fn drop_title(ctx: &mut Ctx, slot: SlotId, title: &str) {
    if let Some(s) = ctx.state.slots.get_mut(slot) {
        s.extra_roles.retain(|r| r != title);
    }
}

/// A red was lynched: the mayor loses his title for good, and the secretary goes with him
/// (L159, L161).
pub fn lose_title(ctx: &mut Ctx) {
    kept::of_mut(&mut ctx.state).mayor_lost = true;
    let Some(m) = mayor(&ctx.state) else {
        return;
    };
    drop_title(ctx, m, MAYOR);
    ctx.say(
        Audience::Public,
        "pub_mayor_lost",
        &[("player", ctx.name(m))],
    );
    if let Some(s) = secretary(&ctx.state) {
        drop_title(ctx, s, SECRETARY);
        ctx.say(
            Audience::Public,
            "pub_secretary_removed",
            &[("player", ctx.name(s))],
        );
    }
    ctx.state.kept.get_mut::<Kept>().vertical = None;
}

/// The mayor voted for his secretary and she was not lynched: she is fired at the result,
/// unless the vertical protected her today (L161).
pub fn fire_secretary(ctx: &mut Ctx, mayor_votes: &[SlotId]) {
    let (Some(_), Some(sec)) = (mayor(&ctx.state), secretary(&ctx.state)) else {
        return;
    };
    if !mayor_votes.contains(&sec) || !ctx.is_alive(sec) || vertical(&ctx.state) == Some(sec) {
        return;
    }
    drop_title(ctx, sec, SECRETARY);
    ctx.say(
        Audience::Public,
        "pub_secretary_fired",
        &[("player", ctx.name(sec))],
    );
}

/// Make a player mayor or secretary.
pub fn give_title(ctx: &mut Ctx, slot: SlotId, title: &str) {
    if let Some(s) = ctx.state.slots.get_mut(slot)
        && !s.extra_roles.iter().any(|r| r == title)
    {
        s.extra_roles.push(title.to_string());
    }
}
