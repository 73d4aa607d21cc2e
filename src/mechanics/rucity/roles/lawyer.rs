//! The lawyer (§5.11, L28; black holder L95). At night he checks a colour by the commissar's
//! rules, all of it private, or verifies one of his checks (`lawyer_verify`, L114). Before a vote he may put one player he checked red (a black
//! lawyer: any player he checked) under legal protection: nobody may vote against him today,
//! like the mayor's vertical, and the vote-start post names him only when the vertical
//! protects the same player. His vote against a player he checked black counts +1 (a black
//! lawyer: against every player he checked), and that player's boosts and barriers do not work
//! against him.

use super::checks::{self, PrivateTexts};
use super::night::CityNight;
use super::{Entry, Role, before_the_vote, kept, refusal, teams};
use crate::engine::outcome::Audience;
use crate::engine::resolve::{Ctx, live_acts};
use crate::engine::{GameState, Refusal, SlotId};
use crate::kernel::Act;
use crate::kernel::Fold;

pub const ROLE: &str = "lawyer";
/// The status of the player under legal protection today.
pub const PROTECTION: &str = "legal_protection";

const TEXTS: PrivateTexts = PrivateTexts {
    role: ROLE,
    red: "pm_lawyer_red",
    black: "pm_lawyer_black",
    false_black: "pm_lawyer_false_black",
    failed: "pm_lawyer_failed",
    withheld: "pm_lawyer_withheld",
};

pub struct Lawyer;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    templates: &[
        "pm_lawyer_black",
        "pm_lawyer_failed",
        "pm_lawyer_red",
        "pm_lawyer_withheld",
        "pm_lawyer_verify_red",
        "pm_lawyer_verify_black",
        "pm_lawyer_verify_failed",
        "pub_legal_protection_too",
    ],
    statuses: &["legal_protection"],
    abilities: &["lawyer_cancel_bonus", "lawyer_protect", "lawyer_verify"],
    ..crate::engine::system::Requirements::NONE
};

impl Role for Lawyer {
    fn requires(&self) -> crate::engine::system::Requirements {
        REQUIRES
    }
    fn vote_immunity(&self, state: &GameState, target: SlotId) -> Option<String> {
        let protected = state
            .slots
            .get(target)
            .is_some_and(|s| s.has_status(PROTECTION));
        protected.then(|| "the lawyer's legal protection covers this player today (L28)".into())
    }
    fn vote_boosts(&self, ctx: &Ctx, vote: &super::CastVote) -> Vec<(i32, String)> {
        super::in_half_votes(weight_modifiers(ctx, vote.voter, vote.target))
    }
    fn voids_boosts(&self, ctx: &Ctx, vote: &super::CastVote) -> Option<String> {
        boosts_void(ctx, vote.voter, vote.target).then(|| {
            "the lawyer checked this voter black: his boosts do not work against the lawyer (L28)"
                .into()
        })
    }
    fn passes_barrier(&self, ctx: &Ctx, voter: SlotId, target: SlotId) -> Option<String> {
        ignores_barrier(ctx, voter, target).then(|| {
            format!(
                "{}'s barrier does not work against the lawyer who checked them black (L28)",
                ctx.name(target)
            )
        })
    }
    fn id(&self) -> &'static str {
        ROLE
    }
    fn before_vote(&self, ctx: &mut Ctx) {
        fix_pre_vote(ctx);
    }
    fn night_move(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) -> bool {
        match mv.ability.as_str() {
            "lawyer_check" => checks::private_check(ctx, run, mv, &TEXTS),
            "lawyer_verify" => verify(ctx, run, mv),
            _ => return false,
        }
        true
    }
    fn usable(&self, entry: &Entry) -> Result<(), Refusal> {
        match entry.ability {
            "lawyer_protect" => before_the_vote(entry),
            "lawyer_cancel_bonus" if !teams::is_black(entry.roleset, entry.me()) => refusal(
                "lawyer_cancel_bonus",
                "only a black lawyer cancels his bonus (L95)",
            ),
            _ => Ok(()),
        }
    }
    fn refuse(&self, entry: &Entry) -> Result<(), Refusal> {
        if entry.ability == "lawyer_verify" {
            return match entry.targets.first() {
                Some(&t) if check_on(entry.state, t).is_none() => refusal(
                    "lawyer_verify",
                    format!(
                        "the lawyer has no check on {} to verify (L114)",
                        entry.state.slots[t].name
                    ),
                ),
                _ => Ok(()),
            };
        }
        if entry.ability != "lawyer_protect" {
            return Ok(());
        }
        let Some(&t) = entry.targets.first() else {
            return Ok(());
        };
        let black_lawyer = teams::is_black(entry.roleset, entry.me());
        match check_on(entry.state, t) {
            Some(_) if black_lawyer => Ok(()),
            Some("красный") => Ok(()),
            _ => refusal(
                "lawyer_protect",
                format!(
                    "{} has no red check of the lawyer's: legal protection needs one (L28; a black lawyer: any check, L95)",
                    entry.state.slots[t].name
                ),
            ),
        }
    }
    fn owes_a_move(&self) -> bool {
        true
    }
    fn history(&self) -> &'static [&'static str] {
        &["pm_lawyer"]
    }
}

/// A verification of one of his checks (L114, L28: his checks follow the commissar's
/// rules): the true colour, which his check on the player becomes.
fn verify(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    const VERIFY: checks::VerifyTexts = checks::VerifyTexts {
        red: "pm_lawyer_verify_red",
        black: "pm_lawyer_verify_black",
        failed: "pm_lawyer_verify_failed",
    };
    if let (Some(black), Some(&target)) = (
        checks::private_verify(ctx, run, mv, &VERIFY),
        mv.targets.first(),
    ) {
        let night = run.ledger.night;
        kept::remember_check(&mut ctx.state, ROLE, target, black, night);
    }
}

/// The colour the lawyer's check on `target` showed.
fn check_on(state: &GameState, target: SlotId) -> Option<&str> {
    kept::shown(state, ROLE, target).map(|s| teams::colour_word(s.black))
}

fn lawyer(state: &GameState) -> Option<SlotId> {
    state
        .living()
        .find(|s| teams::holds(s, ROLE) && !s.has_status(super::blocks::CRIPPLED))
        .map(|s| s.id)
}

/// Does the lawyer's vote bonus hold against `target`: a black check of his (any successful
/// check for a black lawyer, L95)?
fn bonus_against(ctx: &Ctx, lawyer: SlotId, target: SlotId) -> bool {
    let black_lawyer = teams::black(ctx, lawyer);
    match check_on(&ctx.state, target) {
        Some("черный") => true,
        Some(_) => black_lawyer,
        None => false,
    }
}

/// The lawyer's +1 against a player he checked black (§4.6 step 2).
pub fn weight_modifiers(ctx: &Ctx, voter: SlotId, target: SlotId) -> Vec<(i32, String)> {
    if lawyer(&ctx.state) != Some(voter)
        || !bonus_against(ctx, voter, target)
        || super::super::blocks::role_blocked(&ctx.state, &ctx.state.slots[voter])
    {
        return Vec::new();
    }
    // The cancellation is asked at the liar's move, so it holds only in a round the liar moved
    // in (L95).
    let acts = || crate::engine::resolve::live_acts(&ctx.state);
    let cancelled = acts().any(|a| a.actor == voter && a.ability == "lawyer_cancel_bonus")
        && acts().any(|a| a.ability == super::liar::ROLE);
    if cancelled {
        return vec![(
            0,
            "the black lawyer cancelled his bonus at this vote (L95)".into(),
        )];
    }
    vec![(
        1,
        format!(
            "+1: the lawyer votes against {}, whom he checked (L28, L95)",
            ctx.name(target)
        ),
    )]
}

/// A player the lawyer checked black gets no boost when voting against the lawyer (L28); for
/// a black lawyer too only a black check does it, a false one included (L95).
pub fn boosts_void(ctx: &Ctx, voter: SlotId, target: SlotId) -> bool {
    lawyer(&ctx.state) == Some(target) && check_on(&ctx.state, voter) == Some("черный")
}

/// A player the lawyer checked black has no barrier against the lawyer's vote (L28, L95).
pub fn ignores_barrier(ctx: &Ctx, voter: SlotId, target: SlotId) -> bool {
    lawyer(&ctx.state) == Some(voter) && check_on(&ctx.state, target) == Some("черный")
}

/// When the vote starts, the lawyer's last `lawyer_protect` of the round puts its target under
/// legal protection for the day; the post says so only when the vertical protects him too.
fn fix_pre_vote(ctx: &mut Ctx) {
    let Some(l) = lawyer(&ctx.state) else {
        return;
    };
    let Some(target) = live_acts(&ctx.state)
        .rev()
        .find(|a| a.ability == "lawyer_protect" && a.actor == l)
        .and_then(|a| a.targets.first().and_then(|t| ctx.slot_of(t)))
    else {
        return;
    };
    if let Some(why) = super::blocks::blocked(ctx, l, "lawyer_protect") {
        let line = format!("{}'s legal protection fails: {why}", ctx.name(l));
        return ctx.note("legal_protection", "pre_vote", line);
    }
    if super::politician::politician(&ctx.state) == Some(target)
        && super::politician::shadow(&ctx.state) == Some(l)
    {
        let line = format!(
            "{}'s legal protection of {} fails: the politician's shadow vertical protects the lawyer, and one of two who protect each other stays open, the politician's move first (L13)",
            ctx.name(l),
            ctx.name(target)
        );
        return ctx.note("legal_protection", "pre_vote", line);
    }
    ctx.set_status(target, PROTECTION, Some(l));
    ctx.note(
        "legal_protection",
        "pre_vote",
        format!(
            "the lawyer {} puts {} under legal protection: nobody may vote against them today (L28)",
            ctx.name(l),
            ctx.name(target)
        ),
    );
    if super::mayor::vertical(&ctx.state) == Some(target) {
        ctx.say(
            Audience::Public,
            "pub_legal_protection_too",
            &[("player", ctx.name(target))],
        );
    }
}
