//! Day step 4: the family and individual votes counted, with their offences (seed 003 line
//! 172).

use super::{PhaseRun, Rules1923, roles};
use crate::engine::SlotId;
use crate::engine::entry::PendingKind;
use crate::engine::outcome::{Audience, CountedTotal};
use crate::engine::resolve::Ctx;
use crate::kernel::status::{self, Lasting};
use std::collections::BTreeMap;

/// Why a player's votes (his ballots and a Councilor's or Pacifist's extra votes) do not count
/// today: he is jailed or injured, or his family is jailed. Such a player owes no vote, so a
/// missing one is no offence.
pub(super) fn absent_from_voting(ctx: &Ctx, run: &PhaseRun, voter: SlotId) -> Option<String> {
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
    pub(super) fn count_votes(&mut self, ctx: &mut Ctx, run: &mut PhaseRun) {
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
}
