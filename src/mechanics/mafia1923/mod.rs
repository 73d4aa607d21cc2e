//! Mafia 1923 (shared/seeds/003_c274ad7fc0965730.txt) on the resolution kernel: what its
//! roleset cannot say as data. The roles with behaviour beyond their effect are one file each
//! under `roles/` (the Butler's immunities, the Bodyguard's automatic self-protection, the
//! Armed Robber's revenge, the lovers, the Witness, the Court Secretary). The day has a file a
//! step: `votes.rs` (family and individual votes with offences), `court.rs` (the court with
//! Sheriffs and Lawyers), `endgame.rs` (the winners after Day 5); `day_tally.rs` is the live
//! tally and `setup.rs` the setup checks and the deal. Here are the phase's order on the
//! kernel, the poison deaths and the announcements.

use crate::engine::outcome::{Audience, Outcome, Step, StepResult, Verdict};
use crate::engine::resolve::{Ctx, live_acts};
use crate::engine::system::{RuleSystem, VoteQuery};
use crate::engine::tally::Tally;
use crate::engine::{GameState, PlayerSetup, Refusal, Setup, SetupReport, SlotId};
use crate::kernel::attack::{Attack, kill};
use crate::kernel::status::{self};
use crate::kernel::{self, Fold};
use crate::rules::{PhaseKind, Roleset};
use std::collections::{BTreeMap, BTreeSet};

mod court;
mod day_tally;
mod endgame;
mod requires;
mod roles;
mod setup;
mod upgrade;
mod votes;

pub use day_tally::vote_warnings;
use day_tally::{court_without_individual_votes, live_tally};
use endgame::game_over;
pub use setup::{assign_roles, check_setup};

const MAFIA: &str = "mafia";

/// A 1923 phase on the kernel: its roles record nothing beside the kernel's records.
type PhaseRun = Fold<DayLedger>;

/// Mafia 1923 as the engine sees it.
#[derive(Debug)]
pub struct Mafia1923;

/// The registry's handle on Mafia 1923.
pub static SYSTEM: Mafia1923 = Mafia1923;

impl RuleSystem for Mafia1923 {
    fn id(&self) -> &'static str {
        "mafia-1923"
    }
    fn bundled_roleset(&self) -> Option<(&'static str, &'static str)> {
        Some((
            "rolesets/mafia-1923.ron",
            include_str!("../../../rolesets/mafia-1923.ron"),
        ))
    }
    fn requires(&self) -> crate::engine::system::Requirements {
        requires::REQUIRES
    }
    fn upgrade_roleset(&self, roleset: &mut Roleset) {
        super::upgrade_exile_flag(roleset, "exiled");
        upgrade::upgrade(roleset);
        super::upgrade_from_bundled(roleset, self);
    }
    fn check_setup(&self, roleset: &Roleset, setup: &Setup, report: &mut SetupReport) {
        check_setup(roleset, setup, report)
    }
    fn assign_roles(
        &self,
        roleset: &Roleset,
        players: &mut [PlayerSetup],
        seed: u64,
    ) -> Result<(), Refusal> {
        assign_roles(roleset, players, seed)
    }
    /// Votes are sent to the moderators, and only how many votes each player and family got
    /// is announced; individuals' votes are never revealed (seed 003 L185).
    fn votes_are_public(&self, _roleset: &Roleset, _ballot: &crate::rules::BallotDef) -> bool {
        false
    }
    fn vote_warnings(&self, q: &VoteQuery<'_>) -> Vec<String> {
        vote_warnings(q.state, q.ballot, q.voter, q.target)
    }
    fn commit_notes(
        &self,
        _roleset: &Roleset,
        state: &GameState,
        preview: &Outcome,
    ) -> Vec<String> {
        court_without_individual_votes(state, preview)
    }
    fn tally(&self, roleset: &Roleset, state: &GameState, seed: u64) -> Tally {
        live_tally(roleset, state, seed)
    }
    fn resolve(&self, ctx: &mut Ctx) {
        resolve(ctx)
    }
}

fn is_mafia(ctx: &Ctx, slot: SlotId) -> bool {
    ctx.state
        .slots
        .get(slot)
        .is_some_and(|s| ctx.roleset.side_of(&s.role) == MAFIA)
}

pub fn resolve(ctx: &mut Ctx) {
    let mut run = PhaseRun::start(ctx);
    let mut rules = Rules1923;
    let kind = ctx.state.phase_kind(ctx.roleset);
    kernel::run_phase(ctx, &mut run, &mut rules, kind);
    if kind == PhaseKind::Night {
        end_of_night(ctx, &run);
    }
    announce_deaths(ctx, kind);
    roles::witness::tell(ctx);
    if ctx.roleset.phases.last.as_deref() == Some(ctx.state.phase_name(ctx.roleset).as_str()) {
        game_over(ctx);
    }
}

/// The Mafia 1923 rules' part in the kernel's resolution.
struct Rules1923;

/// The day's vote record that the court, the Armed Robber and the Court Secretary read.
#[derive(Default, Debug)]
pub struct DayLedger {
    /// Individual votes of the players able to vote, counted or not, by voter (for the Armed
    /// Robber's court revenge).
    individual_vote: BTreeMap<SlotId, SlotId>,
    family_totals: BTreeMap<String, i32>,
    player_totals: BTreeMap<SlotId, i32>,
    /// (voter, family vote, individual vote) as cast, for the Court Secretary.
    cast: Vec<(SlotId, Option<String>, Option<String>)>,
}

impl kernel::Rules for Rules1923 {
    type Ledger = DayLedger;

    fn immunity(&mut self, ctx: &mut Ctx, _run: &mut PhaseRun, attack: &Attack) -> Option<String> {
        roles::of(ctx, attack.victim)
            .into_iter()
            .find_map(|role| role.immunity(ctx, attack))
    }

    fn last_defence(
        &mut self,
        ctx: &mut Ctx,
        _run: &mut PhaseRun,
        attack: &Attack,
    ) -> Option<(String, Option<String>)> {
        roles::of(ctx, attack.victim)
            .into_iter()
            .find_map(|role| role.last_defence(ctx, attack))
    }

    fn after_death(
        &mut self,
        ctx: &mut Ctx,
        run: &mut PhaseRun,
        victim: SlotId,
        cause: &str,
        killer: Option<SlotId>,
    ) {
        for role in roles::of(ctx, victim) {
            role.after_death(ctx, run, self, victim, cause, killer);
        }
        roles::shadchan::lovers_grieve(ctx, run, self, victim);
    }

    fn system_stage(&mut self, ctx: &mut Ctx, run: &mut PhaseRun, stage: &str) {
        match stage {
            "poison" => poison_deaths(ctx, run, self),
            "votes" => self.count_votes(ctx, run),
            "court" => self.court(ctx, run),
            _ => ctx.warn(format!("stage `{stage}` has no rule in Mafia 1923")),
        }
    }
}

/// Step 11: players poisoned before tonight and not cured die.
fn poison_deaths(ctx: &mut Ctx, run: &mut PhaseRun, rules: &mut Rules1923) {
    let phase = ctx.state.phase;
    let due: Vec<(SlotId, Option<SlotId>)> = ctx
        .state
        .living()
        .filter_map(|s| {
            s.statuses
                .get("poisoned")
                .filter(|i| i.since < phase)
                .map(|i| (s.id, i.link))
        })
        .collect();
    for (victim, butler) in due {
        let key = format!("poison:{}", ctx.name(victim));
        let mut reasons = vec![format!(
            "{} was poisoned the night before and was not cured",
            ctx.name(victim)
        )];
        if let Some((verdict, why)) = ctx.verdict(&key)
            && verdict != Verdict::Succeed
        {
            reasons.push(format!("host override: {why}"));
            push_step(
                ctx,
                key,
                "poison",
                Some(victim),
                StepResult::Skipped,
                reasons,
            );
            continue;
        }
        status::clear(ctx, victim, "poisoned");
        kill(ctx, run, rules, victim, "poison", butler, &mut reasons);
        push_step(
            ctx,
            key,
            "poison",
            Some(victim),
            StepResult::Success,
            reasons,
        );
    }
}

fn push_step(
    ctx: &mut Ctx,
    key: String,
    stage: &str,
    actor: Option<SlotId>,
    result: StepResult,
    reasons: Vec<String>,
) {
    ctx.step(Step {
        key,
        stage: stage.into(),
        actor,
        ability: None,
        targets_before: vec![],
        targets_after: vec![],
        result,
        reasons,
    });
}

/// Tell the injured, and warn the host about actions nobody sent.
fn end_of_night(ctx: &mut Ctx, run: &PhaseRun) {
    let hurt: BTreeSet<SlotId> = run.hurt.iter().copied().collect();
    for id in hurt {
        ctx.say(Audience::Slot(id), "private_injured", &[]);
    }
    let acted: BTreeSet<(SlotId, String)> = live_acts(&ctx.state)
        .map(|a| (a.actor, a.ability.to_string()))
        .collect();
    let mafia_acted = acted.iter().any(|(_, a)| a == "mafia_kill");
    if !mafia_acted
        && ctx
            .state
            .living()
            .any(|s| ctx.roleset.side_of(&s.role) == MAFIA)
    {
        ctx.warn("the Mafia sent no kill: nobody was attacked by the Mafia");
    }
}

fn announce_deaths(ctx: &mut Ctx, kind: PhaseKind) {
    let deaths: Vec<_> = ctx
        .outcome
        .deaths
        .iter()
        .filter(|d| d.cause != crate::engine::system::MODKILL_CAUSE)
        .cloned()
        .collect();
    for d in &deaths {
        let template = if d.cause == "court" {
            "public_court_death"
        } else {
            "public_death"
        };
        ctx.say(Audience::Public, template, &[("player", ctx.name(d.slot))]);
    }
    if kind == PhaseKind::Night && ctx.outcome.deaths.is_empty() {
        ctx.say(Audience::Public, "public_quiet_night", &[]);
    }
}
