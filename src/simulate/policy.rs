//! How simulated players play. A policy gives the entries of the phase open now; every entry
//! is drawn from what the rules allow at that moment (the console's own queries: usable
//! abilities, the targets each may take, the open ballots and who may vote on them), so a
//! policy only chooses among legal entries. The engine still checks each one.

use crate::engine::validate::{target_choices, target_count};
use crate::engine::{Entry, Game, GameState, Slot, SlotId};
use crate::rules::{AbilityDef, BallotDef, Effect, TargetKind, TargetRule};
use rand::RngExt;
use rand::rngs::ChaCha8Rng;
use std::collections::BTreeMap;

/// How a simulated player plays: the entries of one phase, from the game as it stands.
pub trait Policy: Sync {
    /// The policy's name, as `--policy` takes it.
    fn name(&self) -> &'static str;
    /// The entries of the phase open now (actions and votes; the commit is the simulator's).
    fn entries(&self, game: &Game, rng: &mut ChaCha8Rng) -> Vec<Entry>;
}

/// The policies by name, with what each does in a line (for `--help` and refusals).
pub const POLICIES: &[(&str, &str)] = &[
    (
        "random",
        "uniform over what the rules allow; a player skips his action one time in four",
    ),
    (
        "informed",
        "players act on what they were told: a black check is voted, a team votes together, \
         killers spare their partners",
    ),
];

/// The policy named `name`.
pub fn policy(name: &str) -> Option<&'static dyn Policy> {
    match name {
        "random" => Some(&RandomPlay),
        "informed" => Some(&InformedPlay),
        _ => None,
    }
}

/// Uniform over what the rules allow: each player with a usable ability acts with one of them
/// (or, one time in four, does not), on targets drawn among those the ability may take; each
/// voter votes for a player drawn among those he may vote for, never himself.
pub struct RandomPlay;

impl Policy for RandomPlay {
    fn name(&self) -> &'static str {
        "random"
    }

    fn entries(&self, game: &Game, rng: &mut ChaCha8Rng) -> Vec<Entry> {
        let state = game.state();
        let mut out = Vec::new();
        for slot in state.voters(game.roleset()) {
            out.extend(act(game, slot, rng, &|_, _| true));
        }
        for ballot in ballots(game) {
            let targets = target_choices(game.roleset(), state, &ballot.target);
            for voter in state.voters(game.roleset()) {
                let legal = |t: &str| takes_vote(game, ballot, voter, t);
                let choices = vote_choices(game, ballot, voter, &targets);
                if let Some(target) = pick(&choices, rng, &legal) {
                    out.push(vote(ballot, voter, target));
                }
            }
        }
        out
    }
}

/// Players who act on what they know, and nothing cleverer:
/// - a player on a hostile side never aims an ability at a partner (the players his role PM
///   names, by [`crate::engine::RuleSystem::partners`]), except one that protects;
/// - a team (a hostile player and his partners) votes as one, for a player outside it drawn
///   once a ballot (for one inside it where the ballot elects: [`BallotDef::elects`]);
/// - anyone else votes against a living player the rules told him is hostile (a black check,
///   by [`crate::engine::RuleSystem::told_sides`]), else against one drawn among those he was
///   not told are innocent (in an election, for one told innocent, else one not told
///   hostile); he protects no black check and shoots no one he was told is innocent;
/// - a family (1923's) votes as one, its hostile members aside: as its first voter on the
///   ballot does (a black check he was told becomes the family's vote), save a member who
///   has a black check of his own.
///
/// Everything else is drawn as in [`RandomPlay`].
pub struct InformedPlay;

impl Policy for InformedPlay {
    fn name(&self) -> &'static str {
        "informed"
    }

    fn entries(&self, game: &Game, rng: &mut ChaCha8Rng) -> Vec<Entry> {
        let state = game.state();
        let roleset = game.roleset();
        let mut out = Vec::new();
        // What each knows, asked of the rules once a phase (actions and votes both read it).
        let knowledge: BTreeMap<SlotId, Knowledge> = (state.voters(roleset))
            .map(|slot| (slot.id, Knowledge::of(game, slot)))
            .collect();
        for slot in state.voters(roleset) {
            let known = &knowledge[&slot.id];
            let aim = |ability: &AbilityDef, target: &str| known.may_aim(state, ability, target);
            out.extend(act(game, slot, rng, &aim));
        }
        for ballot in ballots(game) {
            let targets = target_choices(roleset, state, &ballot.target);
            // One draw a team a ballot, keyed by the team's first member.
            let mut team_choice: BTreeMap<SlotId, Option<String>> = BTreeMap::new();
            let mut family_choice: BTreeMap<String, Option<String>> = BTreeMap::new();
            for voter in state.voters(roleset) {
                let known = &knowledge[&voter.id];
                let legal = |t: &str| takes_vote(game, ballot, voter, t);
                let choices = vote_choices(game, ballot, voter, &targets);
                let target = match known.team_key() {
                    Some(key) => {
                        // Against someone outside the team; for an office, one inside it.
                        let wanted: Vec<String> = (choices.iter())
                            .filter(|c| known.in_team(state, c) == ballot.elects)
                            .cloned()
                            .collect();
                        let draw = |rng: &mut ChaCha8Rng| {
                            pick(&wanted, rng, &legal).or_else(|| pick(&choices, rng, &legal))
                        };
                        let team = team_choice.entry(key).or_insert_with(|| draw(rng)).clone();
                        // A member the rules do not let follow (1923's individual vote names
                        // his own family) draws his own.
                        match team.filter(|t| legal(t)) {
                            Some(t) => Some(t),
                            None => draw(rng),
                        }
                    }
                    None => {
                        let own = known.town_vote(state, ballot, &choices, rng, &legal);
                        // A black check of his own is his vote whatever his family does.
                        let sure = own.as_deref().is_some_and(|t| {
                            !ballot.elects && known.told_hostile(state, t) == Some(true)
                        });
                        // A family (1923's) votes as its first voter does, where it may.
                        match &voter.family {
                            Some(family) if !known.hostile => {
                                let family_vote = (family_choice.entry(family.clone()))
                                    .or_insert(own.clone())
                                    .clone()
                                    .filter(|t| legal(t));
                                if sure { own } else { family_vote.or(own) }
                            }
                            _ => own,
                        }
                    }
                };
                if let Some(target) = target {
                    out.push(vote(ballot, voter, target));
                }
            }
        }
        out
    }
}

/// What one simulated player knows: his side, his partners, what he was told of others.
struct Knowledge {
    me: SlotId,
    hostile: bool,
    partners: Vec<SlotId>,
    /// The latest word on each player he was told about: hostile or not.
    told: BTreeMap<SlotId, bool>,
}

impl Knowledge {
    fn of(game: &Game, slot: &Slot) -> Knowledge {
        let (roleset, state) = (game.roleset(), game.state());
        Knowledge {
            me: slot.id,
            hostile: slot.roles().any(|r| roleset.is_hostile_role(r)),
            partners: game.system().partners(roleset, state, slot.id),
            told: (game.system().told_sides(roleset, state, slot.id))
                .into_iter()
                .collect(),
        }
    }

    /// A hostile player with partners votes with them: the team's key is its first member.
    fn team_key(&self) -> Option<SlotId> {
        (self.hostile && !self.partners.is_empty())
            .then(|| self.partners.iter().copied().chain([self.me]).min())
            .flatten()
    }

    fn in_team(&self, state: &GameState, name: &str) -> bool {
        state
            .slot_by_name(name)
            .is_some_and(|s| s.id == self.me || self.partners.contains(&s.id))
    }

    fn told_hostile(&self, state: &GameState, name: &str) -> Option<bool> {
        let slot = state.slot_by_name(name)?;
        self.told.get(&slot.id).copied()
    }

    /// May he aim `ability` at `target`? A hostile player spares his partners (unless the
    /// ability protects); anyone else protects no one he was told is hostile and shoots no one
    /// he was told is innocent.
    fn may_aim(&self, state: &GameState, ability: &AbilityDef, target: &str) -> bool {
        let protects = matches!(
            ability.effect,
            Effect::Protect { .. } | Effect::Guard { .. } | Effect::CourtSave
        );
        let kills = matches!(
            ability.effect,
            Effect::Kill { .. } | Effect::KillRandomMember { .. } | Effect::Afflict { .. }
        );
        if self.hostile {
            return protects || !self.in_team(state, target);
        }
        match self.told_hostile(state, target) {
            Some(true) => !protects,
            Some(false) => !kills,
            None => true,
        }
    }

    /// A town vote against someone: a living black check first, else anyone not told
    /// innocent, else anyone. For an office the other way round: someone told innocent
    /// first, else anyone not told hostile.
    fn town_vote(
        &self,
        state: &GameState,
        ballot: &BallotDef,
        choices: &[String],
        rng: &mut ChaCha8Rng,
        legal: &dyn Fn(&str) -> bool,
    ) -> Option<String> {
        let told = |hostile: bool| -> Vec<String> {
            (choices.iter())
                .filter(|c| self.told_hostile(state, c) == Some(hostile))
                .cloned()
                .collect()
        };
        let not_told = |hostile: bool| -> Vec<String> {
            (choices.iter())
                .filter(|c| self.told_hostile(state, c) != Some(hostile))
                .cloned()
                .collect()
        };
        let against = !ballot.elects;
        pick(&told(against), rng, legal)
            .or_else(|| pick(&not_told(!against), rng, legal))
            .or_else(|| pick(choices, rng, legal))
    }
}

/// The open ballots the living vote on (not a vote after the game's end).
fn ballots(game: &Game) -> Vec<&BallotDef> {
    (game.open_ballots().into_iter())
        .filter(|b| !b.after_game)
        .collect()
}

/// Whom `voter` may vote for among the ballot's `targets`, never himself (none if he may not
/// vote); which of them the rules take is asked of each only when drawn ([`takes_vote`]).
fn vote_choices(game: &Game, ballot: &BallotDef, voter: &Slot, targets: &[String]) -> Vec<String> {
    if !game.may_vote(ballot, voter) {
        return Vec::new();
    }
    (targets.iter())
        .filter(|c| **c != voter.name)
        .cloned()
        .collect()
}

/// The rules take this vote without a doubt (1923's individual vote names his own family).
fn takes_vote(game: &Game, ballot: &BallotDef, voter: &Slot, target: &str) -> bool {
    (game.check_vote(Some(&ballot.id), &voter.name, target, false))
        .is_ok_and(|check| check.doubts.is_empty())
}

fn vote(ballot: &BallotDef, voter: &Slot, target: String) -> Entry {
    Entry::Vote {
        ballot: Some(ballot.id.clone()),
        voter: voter.name.clone(),
        target,
    }
}

/// One of `choices` drawn uniformly among those `legal` allows: a draw the rules refuse is
/// put aside and another drawn, so each is asked only when drawn (asking every choice of
/// every voter first cost a third of a simulation's time).
fn pick(choices: &[String], rng: &mut ChaCha8Rng, legal: &dyn Fn(&str) -> bool) -> Option<String> {
    let mut left: Vec<&String> = choices.iter().collect();
    while !left.is_empty() {
        let drawn = left.swap_remove(rng.random_range(0..left.len()));
        if legal(drawn) {
            return Some(drawn.clone());
        }
    }
    None
}

/// One action of `slot`, or none: one time in four he does not act; otherwise one of his
/// usable abilities, each target drawn among those it may take and `aim` allows, the last one
/// among those the rules take the whole action with (he does not act when none is left).
fn act(
    game: &Game,
    slot: &Slot,
    rng: &mut ChaCha8Rng,
    aim: &dyn Fn(&AbilityDef, &str) -> bool,
) -> Option<Entry> {
    let (roleset, state) = (game.roleset(), game.state());
    let abilities = game.usable_abilities(slot).ok()?;
    if abilities.is_empty() || rng.random_range(0..4) == 0 {
        return None;
    }
    let ability = abilities[rng.random_range(0..abilities.len())];
    let count = target_count(ability, state);
    let mut targets: Vec<String> = Vec::new();
    for i in 0..count {
        let kind = ability.targets.get(i).unwrap_or(&TargetKind::Player);
        // The last target is drawn among those that make the whole action one the rules take
        // (1923's mafia may not shoot the mafia; ru-city's moves have their own limits).
        let completes = |c: &str| {
            let mut whole = targets.clone();
            whole.push(c.to_string());
            (game.check_act(&slot.name, &ability.id, &whole, &Default::default())).is_ok()
        };
        let choices: Vec<String> = (target_choices(roleset, state, kind).into_iter())
            .filter(|c| {
                let own = ability.rules.contains(&TargetRule::NotSelf) && *c == slot.name;
                !own && !targets.contains(c) && aim(ability, c)
            })
            .collect();
        let legal = |c: &str| i + 1 < count || completes(c);
        match pick(&choices, rng, &legal) {
            Some(target) => targets.push(target),
            None if i == 0 => return None,
            None => break,
        }
    }
    Some(Entry::Act {
        actor: slot.name.clone(),
        ability: ability.id.clone(),
        targets,
        params: Default::default(),
    })
}
