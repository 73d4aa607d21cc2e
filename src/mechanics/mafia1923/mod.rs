//! Mafia 1923 (shared/seeds/003_c274ad7fc0965730.txt) on the resolution kernel: what its
//! roleset cannot say as data. The roles with behaviour beyond their effect are one file each
//! under `roles/` (the Butler's immunities, the Bodyguard's automatic self-protection, the
//! Armed Robber's revenge, the lovers, the Witness, the Court Secretary); here are poison
//! deaths, family and individual votes with offences, the court with Sheriffs and Lawyers, and
//! the winners after Day 5.

use crate::engine::entry::PendingKind;
use crate::engine::outcome::{Audience, CountedTotal, Outcome, Step, StepResult, Verdict};
use crate::engine::resolve::{Ctx, live_acts};
use crate::engine::setup::Level;
use crate::engine::state::GameOver;
use crate::engine::system::{RuleSystem, VoteQuery};
use crate::engine::tally::{self, BallotTally, Tally, TargetTally};
use crate::engine::{GameState, PlayerSetup, Refusal, Setup, SetupReport, SlotId};
use crate::kernel::attack::{Attack, kill};
use crate::kernel::status::{self, Lasting};
use crate::kernel::{self, Fold};
use crate::rules::{PhaseKind, Roleset, TargetKind};
use std::collections::{BTreeMap, BTreeSet};

mod requires;
mod roles;
mod upgrade;

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

/// A family at court whose members got no individual vote: they all tie at nothing, so the
/// court kills every one of them (seed L172). Easy to cause by committing before the
/// individual votes are in, so the commit check says it outright.
fn court_without_individual_votes(state: &GameState, preview: &Outcome) -> Vec<String> {
    preview
        .steps
        .iter()
        .filter_map(|s| s.key.strip_prefix("court:"))
        .filter_map(|family| {
            let members = state.living_in(family);
            let voted = preview.counted.iter().any(|c| {
                c.ballot == "individual"
                    && c.total != 0
                    && state
                        .slot_by_name(&c.target)
                        .is_some_and(|s| members.contains(&s.id))
            });
            (members.len() > 1 && !voted).then(|| {
                format!(
                    "{family} goes to court with no individual vote for any of its {} members: they tie and all die (L172)",
                    members.len()
                )
            })
        })
        .collect()
}

/// The live tally as the day's resolution will count it. The votes are read as entered, then
/// the day is resolved on a copy: a jail, an injury or a court absence that only the day's
/// stages decide voids the votes it voids, and each total is the one the court will use.
fn live_tally(roleset: &Roleset, state: &GameState, seed: u64) -> Tally {
    let mut t = tally::count(roleset, state, None);
    if t.ballots.is_empty() {
        return t;
    }
    let mut ctx = Ctx::dry_run(roleset, state, seed);
    resolve(&mut ctx);
    let why_void = |voter: SlotId, ballot: &str, extra: bool| {
        let name = ctx.name(voter);
        let key = if extra {
            format!("extra:{name}")
        } else {
            format!("vote:{name}")
        };
        let ballot_word = format!("{ballot} vote");
        ctx.outcome
            .steps
            .iter()
            .filter(|s| s.key == key)
            .flat_map(|s| s.reasons.iter())
            .find(|r| r.contains("votes do not count") || r.contains(&ballot_word))
            .cloned()
    };
    for b in &mut t.ballots {
        for target in &mut b.targets {
            for v in target.votes.iter_mut().filter(|v| v.void.is_none()) {
                v.void = why_void(v.voter, &b.id, v.source.is_some());
            }
            target.total = tally::counted_total(&ctx.outcome.counted, &b.id, &target.target);
        }
        b.targets.sort_by_key(|x| std::cmp::Reverse(x.total));
        b.thresholds = court_thresholds(roleset, state, b);
    }
    t
}

/// How the court uses the day's counts, with where they stand now.
fn court_thresholds(roleset: &Roleset, state: &GameState, ballot: &BallotTally) -> Vec<String> {
    match ballot.target_kind {
        TargetKind::Family => {
            let seats: usize = state.option(roleset, "court_families").parse().unwrap_or(3);
            let positive: Vec<&TargetTally> =
                ballot.targets.iter().filter(|t| t.total > 0).collect();
            let cutoff = positive.get(seats.saturating_sub(1)).map(|t| t.total);
            let in_court: Vec<String> = positive
                .iter()
                .filter(|t| cutoff.is_none_or(|c| t.total >= c))
                .map(|t| format!("{} {}", t.target, t.total))
                .collect();
            vec![
                format!("court: the {seats} families with the most votes go, ties included"),
                if in_court.is_empty() {
                    "court now: nobody".to_string()
                } else {
                    format!("court now: {}", in_court.join(", "))
                },
            ]
        }
        TargetKind::Player => {
            vec!["in each family at court, its most voted member dies (ties: all)".to_string()]
        }
        _ => tally::ballot_rule_and_leader(roleset, ballot),
    }
}

fn is_mafia(ctx: &Ctx, slot: SlotId) -> bool {
    ctx.state
        .slots
        .get(slot)
        .is_some_and(|s| ctx.roleset.side_of(&s.role) == MAFIA)
}

pub fn check_setup(roleset: &Roleset, setup: &Setup, report: &mut SetupReport) {
    let allowed: BTreeSet<String> = setup
        .options
        .get("mafia_second_roles")
        .or_else(|| roleset.option("mafia_second_roles").map(|o| &o.default))
        .map(|list| list.split(',').map(|r| r.trim().to_string()).collect())
        .unwrap_or_default();
    for (i, p) in setup.players.iter().enumerate() {
        if p.family.is_none() {
            report.errors.push(Refusal::of_player(
                i,
                "family",
                format!("{}: every player of Mafia 1923 belongs to a family", p.name),
            ));
        }
        let mafia = roleset.side_of(&p.role) == MAFIA;
        if !p.extra_roles.is_empty() && !mafia {
            report.errors.push(Refusal::of_player(
                i,
                "extra_roles",
                format!("{}: only Mafia Members may hold a second role", p.name),
            ));
        }
        if p.extra_roles.len() > 1 {
            report.errors.push(Refusal::of_player(
                i,
                "extra_roles",
                format!("{}: a Mafia Member holds at most one second role", p.name),
            ));
        }
        for extra in &p.extra_roles {
            if !allowed.contains(extra) {
                report.errors.push(Refusal::of_player(
                    i,
                    "extra_roles",
                    format!("{}: `{extra}` is not allowed as a Mafia Member's second role (option mafia_second_roles)", p.name),
                ));
            }
        }
        if p.level == Level::Beginner {
            for role in std::iter::once(&p.role).chain(&p.extra_roles) {
                if roleset.role(role).is_some_and(|r| !r.beginner) {
                    report.warnings.push(format!(
                        "{} is a beginner but holds the role `{role}`",
                        p.name
                    ));
                }
            }
        }
    }
    for family in setup.family_list() {
        let members: Vec<_> = setup
            .players
            .iter()
            .filter(|p| p.family.as_deref() == Some(family.as_str()))
            .collect();
        let mafia = members
            .iter()
            .filter(|p| roleset.side_of(&p.role) == MAFIA)
            .count();
        let expected = match members.len() {
            8 => Some(1),
            10 => Some(2),
            _ => None,
        };
        if expected != Some(mafia) {
            report.warnings.push(format!(
                "family {family} has {} players and {mafia} Mafia Member(s); the rules expect 8 with 1 or 10 with 2",
                members.len()
            ));
        }
    }
    if let Some(n) = setup.options.get("court_families")
        && !n.parse::<usize>().is_ok_and(|n| n >= 1)
    {
        report.errors.push(Refusal::of_setup_field(
            "options.court_families",
            format!("option court_families must be a whole number of at least 1, not `{n}`"),
        ));
    }
}

/// Deal roles family by family: one Mafia Member per family (two from ten players up), then
/// distinct special roles for half of the standard civilians, Townspeople for everyone else.
/// Beginners only get Townsperson or Mafia Member, as the setup rules say.
pub fn assign_roles(
    roleset: &Roleset,
    players: &mut [crate::engine::PlayerSetup],
    seed: u64,
) -> Result<(), Refusal> {
    use rand::SeedableRng;
    use rand::seq::SliceRandom;
    let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(seed);
    if let Some((i, p)) = players.iter().enumerate().find(|(_, p)| p.family.is_none()) {
        return Err(Refusal::of_player(
            i,
            "family",
            format!(
                "{}: random assignment needs every player's family (give it in the players file, or spread the players with `--families N`)",
                p.name
            ),
        ));
    }
    let specials: Vec<String> = roleset
        .roles
        .iter()
        .filter(|r| r.side != MAFIA && !r.beginner)
        .map(|r| r.id.clone())
        .collect();
    let mut families: Vec<String> = Vec::new();
    for p in players.iter() {
        if let Some(f) = &p.family
            && !families.contains(f)
        {
            families.push(f.clone());
        }
    }
    for family in families {
        let mut members: Vec<usize> = (0..players.len())
            .filter(|i| {
                players[*i].family.as_deref() == Some(family.as_str())
                    && players[*i].role.is_empty()
            })
            .collect();
        members.shuffle(&mut rng);
        let mafia = match members.len() {
            n if n >= 10 => 2,
            n if n >= 4 => 1,
            _ => 0,
        };
        for &i in members.iter().take(mafia) {
            players[i].role = "mafia_member".into();
        }
        let civilians: Vec<usize> = members.iter().skip(mafia).copied().collect();
        let standard: Vec<usize> = civilians
            .iter()
            .copied()
            .filter(|i| players[*i].level == Level::Standard)
            .collect();
        let mut pool = specials.clone();
        pool.shuffle(&mut rng);
        for (&i, role) in standard.iter().take(standard.len().div_ceil(2)).zip(pool) {
            players[i].role = role;
        }
        for &i in &civilians {
            if players[i].role.is_empty() {
                players[i].role = "townsperson".into();
            }
        }
    }
    Ok(())
}

/// An improper vote is recorded and does not count; say why as soon as it is entered.
pub fn vote_warnings(state: &GameState, ballot: &str, voter: SlotId, target: &str) -> Vec<String> {
    let Some(v) = state.slots.get(voter) else {
        return Vec::new();
    };
    match ballot {
        "family" if v.family.as_deref() == Some(target) => {
            vec![format!(
                "improper: {} may not vote for their own family",
                v.name
            )]
        }
        "individual" => {
            let t = state.slot_by_name(target);
            match t {
                Some(t) if t.id == voter => {
                    vec![format!("improper: {} may not vote for themselves", v.name)]
                }
                Some(t) if t.family != v.family => {
                    vec![format!(
                        "improper: {} is not in {}'s family",
                        t.name, v.name
                    )]
                }
                Some(t) if !t.alive => vec![format!("improper: {} is dead", t.name)],
                Some(t) if t.has_status("exiled") => {
                    vec![format!("improper: {} is exiled", t.name)]
                }
                _ => Vec::new(),
            }
        }
        _ => Vec::new(),
    }
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

/// Why a player's votes (his ballots and a Councilor's or Pacifist's extra votes) do not count
/// today: he is jailed or injured, or his family is jailed. Such a player owes no vote, so a
/// missing one is no offence.
fn absent_from_voting(ctx: &Ctx, run: &PhaseRun, voter: SlotId) -> Option<String> {
    let name = ctx.name(voter);
    if let Some(status) = ["jailed", "injured"]
        .into_iter()
        .find(|s| ctx.has_status(voter, s))
    {
        return Some(format!("{name} is {status}"));
    }
    let family = ctx.state.slots.get(voter)?.family.clone()?;
    run.jailed_groups
        .contains(&family)
        .then(|| format!("{name}'s family {family} is jailed"))
}

impl Rules1923 {
    /// Day step 4: every living player's family and individual vote, plus the extra votes.
    fn count_votes(&mut self, ctx: &mut Ctx, run: &mut PhaseRun) {
        let mut family_vote: BTreeMap<SlotId, String> = BTreeMap::new();
        let mut individual_vote: BTreeMap<SlotId, String> = BTreeMap::new();
        for p in ctx.state.pending.iter().filter(|p| p.replaced_by.is_none()) {
            if let PendingKind::Vote {
                ballot,
                voter,
                target,
            } = &p.kind
            {
                match ballot.as_str() {
                    "family" => family_vote.insert(*voter, target.clone()),
                    _ => individual_vote.insert(*voter, target.clone()),
                };
            }
        }
        let jailed_player = |ctx: &Ctx, id: SlotId| ctx.has_status(id, "jailed");
        let voters: Vec<SlotId> = ctx.state.living().map(|s| s.id).collect();
        // The living of each family, counted once: a voter's fellow members decide whether
        // he owes an individual vote, and nobody dies while the votes are counted.
        let mut family_sizes: BTreeMap<String, usize> = BTreeMap::new();
        for &id in &voters {
            if let Some(f) = &ctx.state.slots[id].family {
                *family_sizes.entry(f.clone()).or_default() += 1;
            }
        }
        let mut exiles = Vec::new();
        for &voter in &voters {
            let name = ctx.name(voter);
            let family = ctx.state.slots[voter].family.clone().unwrap_or_default();
            let fam = family_vote.get(&voter).cloned();
            let ind = individual_vote.get(&voter).cloned();
            run.ledger.cast.push((voter, fam.clone(), ind.clone()));
            if let Some(why) = absent_from_voting(ctx, run, voter) {
                if fam.is_some() || ind.is_some() {
                    ctx.note(
                        format!("vote:{name}"),
                        "votes",
                        format!("{why}: their votes do not count"),
                    );
                }
                continue;
            }
            // The Armed Robber's court revenge follows the individual vote he was able to cast
            // (proper or not); a player who could not vote voted for nobody.
            if let Some(t) = ind.as_deref().and_then(|t| ctx.slot_of(t)) {
                run.ledger.individual_vote.insert(voter, t);
            }
            let mut offence = Vec::new();
            match fam {
                None => offence.push("no family vote".to_string()),
                Some(f) if f == family => {
                    offence.push(format!("family vote for their own family {f}"))
                }
                Some(f) if run.jailed_groups.contains(&f) => {
                    ctx.note(
                        format!("vote:{name}"),
                        "votes",
                        format!("{name}'s family vote for {f} does not count: {f} is jailed"),
                    );
                }
                Some(f) => {
                    let total = run.ledger.family_totals.entry(f).or_insert(0);
                    *total = total.saturating_add(1);
                }
            }
            let in_family = ctx.state.slots[voter].family.is_some();
            let others = family_sizes
                .get(&family)
                .map_or(0, |n| n.saturating_sub(usize::from(in_family)));
            match ind.as_deref().map(|t| (t, ctx.slot_of(t))) {
                None if others == 0 => {}
                None => offence.push("no individual vote".to_string()),
                Some((t, Some(id)))
                    if id != voter
                        && ctx.is_alive(id)
                        && !ctx.has_status(id, "exiled")
                        && ctx.state.slots[id].family.as_deref() == Some(family.as_str()) =>
                {
                    if jailed_player(ctx, id) {
                        ctx.note(
                            format!("vote:{name}"),
                            "votes",
                            format!(
                                "{name}'s individual vote for {t} does not count: {t} is jailed"
                            ),
                        );
                    } else {
                        let total = run.ledger.player_totals.entry(id).or_insert(0);
                        *total = total.saturating_add(1);
                    }
                }
                Some((t, _)) => offence.push(format!("improper individual vote for {t}")),
            }
            if !offence.is_empty() {
                let n = ctx.count_up(voter, "offences");
                ctx.note(
                    format!("offence:{name}"),
                    "votes",
                    format!("{name}: {} (offence {n} of 2)", offence.join(", ")),
                );
                ctx.say(
                    Audience::Host,
                    "host_offence",
                    &[("player", name.clone()), ("count", n.to_string())],
                );
                if n >= 2 {
                    exiles.push(voter);
                }
            }
        }
        // Everyone voted at the same time: an exile that follows from today's votes does not
        // change who else had a family member to vote for today, so it is applied after all.
        for voter in exiles {
            status::give(ctx, voter, "exiled", None, Lasting::Declared);
            // Exile is not among the seed's public announcements (deaths, poisonings, cures,
            // vote totals): only the player and the host learn it.
            ctx.say(Audience::Slot(voter), "private_exiled", &[]);
            ctx.say(
                Audience::Host,
                "host_exiled",
                &[("player", ctx.name(voter))],
            );
        }
        for (actor, family, player, weight) in &run.extra_votes {
            let who = ctx.name(*actor);
            if let Some(why) = absent_from_voting(ctx, run, *actor) {
                ctx.note(
                    format!("extra:{who}"),
                    "votes",
                    format!("{why}: their extra votes do not count"),
                );
                continue;
            }
            if !run.jailed_groups.contains(family) {
                let total = run.ledger.family_totals.entry(family.clone()).or_insert(0);
                *total = total.saturating_add(*weight);
            }
            if let Some(id) = ctx.slot_of(player)
                && !jailed_player(ctx, id)
            {
                let total = run.ledger.player_totals.entry(id).or_insert(0);
                *total = total.saturating_add(*weight);
            }
        }
        for (family, total) in &run.ledger.family_totals {
            ctx.outcome.counted.push(CountedTotal {
                ballot: "family".into(),
                target: family.clone(),
                total: *total,
            });
        }
        for (id, total) in &run.ledger.player_totals {
            let target = ctx.name(*id);
            ctx.outcome.counted.push(CountedTotal {
                ballot: "individual".into(),
                target,
                total: *total,
            });
        }
        let fams = run
            .ledger
            .family_totals
            .iter()
            .map(|(f, n)| format!("{f} {n}"))
            .collect::<Vec<_>>()
            .join(", ");
        let players = run
            .ledger
            .player_totals
            .iter()
            .map(|(id, n)| format!("{} {n}", ctx.name(*id)))
            .collect::<Vec<_>>()
            .join(", ");
        ctx.note(
            "votes:totals",
            "votes",
            format!("family votes: {fams}; individual votes: {players}"),
        );
        ctx.say(
            Audience::Public,
            "public_family_votes",
            &[("totals", if fams.is_empty() { "none".into() } else { fams })],
        );
        ctx.say(
            Audience::Public,
            "public_player_votes",
            &[(
                "totals",
                if players.is_empty() {
                    "none".into()
                } else {
                    players
                },
            )],
        );
        roles::court_secretary::tell(ctx, &run.ledger.cast);
    }

    /// Day step 6: the families with the most votes go to court; in each, the most voted die.
    fn court(&mut self, ctx: &mut Ctx, run: &mut PhaseRun) {
        let seats: usize = ctx.option("court_families").parse().unwrap_or(3);
        let mut ranked: Vec<(String, i32)> = run
            .ledger
            .family_totals
            .iter()
            .filter(|(_, n)| **n > 0)
            .map(|(f, n)| (f.clone(), *n))
            .collect();
        ranked.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        let cutoff = ranked
            .get(seats.saturating_sub(1))
            .map(|x| x.1)
            .unwrap_or(i32::MIN);
        let in_court: Vec<(String, i32)> =
            ranked.into_iter().filter(|(_, n)| *n >= cutoff).collect();
        if in_court.is_empty() {
            ctx.note(
                "court",
                "court",
                "no family received a counted vote: nobody goes to court",
            );
        }
        let mut anyone_died = false;
        for (family, votes) in in_court {
            let key = format!("court:{family}");
            let mut reasons = vec![format!(
                "the family {family} goes to court with {votes} vote(s)"
            )];
            let living = ctx.state.living_in(&family);
            let members: Vec<SlotId> = living
                .iter()
                .copied()
                .filter(|id| !ctx.has_status(*id, "jailed"))
                .collect();
            let mut doomed = Self::most_voted(run, &members);
            if living.is_empty() {
                reasons.push("it has no living player: it takes a court place, nobody dies".into());
            } else if members.is_empty() {
                reasons.push("its only living player is jailed: nobody dies from it".into());
            }
            let saved: BTreeSet<SlotId> = run
                .court_saves
                .iter()
                .map(|(_, t)| *t)
                .filter(|t| doomed.contains(t))
                .collect();
            if !saved.is_empty() {
                let names = saved
                    .iter()
                    .map(|s| ctx.name(*s))
                    .collect::<Vec<_>>()
                    .join(", ");
                if living.len() == 1 {
                    reasons.push(format!("a Lawyer defends {names}, the only living player of {family}: nobody dies from it"));
                    doomed.clear();
                } else {
                    let rest: Vec<SlotId> = members
                        .iter()
                        .copied()
                        .filter(|m| !saved.contains(m))
                        .collect();
                    let others_tied: Vec<SlotId> = doomed
                        .iter()
                        .copied()
                        .filter(|d| !saved.contains(d))
                        .collect();
                    doomed = if others_tied.is_empty() {
                        Self::most_voted(run, &rest)
                    } else {
                        others_tied
                    };
                    reasons.push(format!(
                        "a Lawyer saves {names}; the next most voted of {family} die instead"
                    ));
                }
            }
            let result = match ctx.verdict(&key) {
                Some((Verdict::Succeed, why)) => {
                    reasons.push(format!("host override: the court goes ahead ({why})"));
                    StepResult::Success
                }
                Some((_, why)) => {
                    reasons.push(format!("host override: nobody from {family} dies ({why})"));
                    doomed.clear();
                    StepResult::Skipped
                }
                None if doomed.is_empty() => StepResult::Failed,
                None => StepResult::Success,
            };
            for d in doomed {
                let n = run.ledger.player_totals.get(&d).copied().unwrap_or(0);
                reasons.push(format!(
                    "{} has the most individual votes in {family} ({n})",
                    ctx.name(d)
                ));
                kill(ctx, run, self, d, "court", None, &mut reasons);
                anyone_died = true;
            }
            push_step(ctx, key, "court", None, result, reasons);
        }
        if !anyone_died {
            ctx.say(Audience::Public, "public_no_court_death", &[]);
        }
    }

    /// Of these members, those with the most individual votes (all tied ones). Zero counts
    /// too: the seed's sole-survivor rules (a jailed or defended sole survivor is spared)
    /// presume that a family's last living player, whom nobody can vote for, dies in court.
    fn most_voted(run: &PhaseRun, members: &[SlotId]) -> Vec<SlotId> {
        let count = |id: &SlotId| run.ledger.player_totals.get(id).copied().unwrap_or(0);
        let Some(top) = members.iter().map(count).max() else {
            return Vec::new();
        };
        members
            .iter()
            .copied()
            .filter(|m| count(m) == top)
            .collect()
    }
}

/// After Day 5: the Mafia wins if at least half its members live; else the families that got
/// rid of their Mafia and keep the most living civilians. Exiled players count as not living
/// and never win.
fn game_over(ctx: &mut Ctx) {
    let exiled = |ctx: &Ctx, id: SlotId| ctx.has_status(id, "exiled");
    let mafia: Vec<SlotId> = ctx
        .state
        .slots
        .iter()
        .map(|s| s.id)
        .filter(|id| is_mafia(ctx, *id))
        .collect();
    let living_mafia = mafia
        .iter()
        .filter(|id| ctx.is_alive(**id) && !exiled(ctx, **id))
        .count();
    let over = if !mafia.is_empty() && living_mafia * 2 >= mafia.len() {
        ctx.note(
            "winners",
            "court",
            format!(
                "{living_mafia} of {} Mafia Members are alive: at least half, the Mafia wins",
                mafia.len()
            ),
        );
        ctx.say(Audience::Public, "public_mafia_wins", &[]);
        GameOver {
            winners: vec!["mafia".into()],
            winning_slots: mafia.into_iter().filter(|id| !exiled(ctx, *id)).collect(),
            after_game_counted: false,
        }
    } else {
        let mut best = 0usize;
        let mut winners = Vec::new();
        for family in ctx.state.families.clone() {
            let living = ctx.state.living_in(&family);
            if living.iter().any(|id| is_mafia(ctx, *id)) {
                ctx.note(
                    format!("winners:{family}"),
                    "court",
                    format!("{family} still has a living Mafia Member"),
                );
                continue;
            }
            let civilians = living.len();
            match civilians.cmp(&best) {
                std::cmp::Ordering::Greater => {
                    best = civilians;
                    winners = vec![family];
                }
                std::cmp::Ordering::Equal => winners.push(family),
                std::cmp::Ordering::Less => {}
            }
        }
        ctx.note(
            "winners",
            "court",
            format!(
                "the Mafia lost; winning families with {best} living civilians: {}",
                winners.join(", ")
            ),
        );
        ctx.say(
            Audience::Public,
            "public_families_win",
            &[("families", winners.join(", "))],
        );
        let slots = ctx
            .state
            .slots
            .iter()
            .filter(|s| {
                s.family.as_ref().is_some_and(|f| winners.contains(f))
                    && !is_mafia(ctx, s.id)
                    && !s.has_status("exiled")
            })
            .map(|s| s.id)
            .collect();
        GameOver {
            winners,
            winning_slots: slots,
            after_game_counted: false,
        }
    };
    ctx.state.game_over = Some(over);
}

#[cfg(test)]
mod tests {
    //! Setup errors refuse the game, so scenario files (which start a game) cannot pin them.

    use super::*;
    use crate::engine::PlayerSetup;

    fn player(name: &str, role: &str, extra: &[&str], family: Option<&str>) -> PlayerSetup {
        PlayerSetup {
            name: name.into(),
            role: role.into(),
            extra_roles: extra.iter().map(|r| r.to_string()).collect(),
            family: family.map(str::to_string),
            level: Level::Standard,
            aka: Vec::new(),
        }
    }

    fn errors(players: Vec<PlayerSetup>, options: &[(&str, &str)]) -> Vec<String> {
        let roleset = match crate::systems::load_roleset("mafia-1923") {
            Ok(r) => r,
            Err(e) => panic!("the bundled roleset loads: {e}"),
        };
        let setup = Setup {
            players,
            options: options
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            ..Setup::default()
        };
        crate::engine::setup::check_setup(&SYSTEM, &roleset, &setup)
            .errors
            .into_iter()
            .map(|e| e.message)
            .collect()
    }

    #[test]
    fn a_mafia_member_may_hold_one_allowed_second_role() {
        let ok = errors(
            vec![player("Max", "mafia_member", &["doctor"], Some("Capone"))],
            &[],
        );
        assert!(ok.is_empty(), "{ok:?}");
        let two = errors(
            vec![player(
                "Max",
                "mafia_member",
                &["doctor", "boss"],
                Some("Capone"),
            )],
            &[],
        );
        assert!(two.iter().any(|e| e.contains("at most one second role")));
    }

    #[test]
    fn only_mafia_members_hold_second_roles() {
        let e = errors(
            vec![player("Ann", "doctor", &["boss"], Some("Capone"))],
            &[],
        );
        assert!(e.iter().any(|e| e.contains("only Mafia Members")), "{e:?}");
    }

    #[test]
    fn the_option_lists_the_allowed_second_roles() {
        let e = errors(
            vec![player("Max", "mafia_member", &["boss"], Some("Capone"))],
            &[("mafia_second_roles", "doctor, detective")],
        );
        assert!(
            e.iter().any(|e| e.contains("`boss` is not allowed")),
            "{e:?}"
        );
        let armed = errors(
            vec![player(
                "Max",
                "mafia_member",
                &["armed_robber"],
                Some("Capone"),
            )],
            &[],
        );
        assert!(!armed.is_empty(), "armed_robber is not in the default list");
    }

    #[test]
    fn every_player_has_a_family_and_court_families_is_a_number() {
        let e = errors(vec![player("Ann", "townsperson", &[], None)], &[]);
        assert!(e.iter().any(|e| e.contains("belongs to a family")), "{e:?}");
        let n = errors(
            vec![player("Ann", "townsperson", &[], Some("Capone"))],
            &[("court_families", "three")],
        );
        assert!(
            n.iter().any(|e| e.contains("must be a whole number")),
            "{n:?}"
        );
        let zero = errors(
            vec![player("Ann", "townsperson", &[], Some("Capone"))],
            &[("court_families", "0")],
        );
        assert!(zero.iter().any(|e| e.contains("at least 1")), "{zero:?}");
    }
}
