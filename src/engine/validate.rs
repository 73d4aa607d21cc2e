//! Checks an entry against the rules before it is accepted. Every refusal names its rule.

use super::error::Refusal;
use super::state::{GameState, Slot, SlotId};
use super::system::{RuleSystem, VoteQuery};
use crate::rules::{
    ABSTAIN, AbilityDef, BallotDef, ParamKind, Roleset, TargetCount, TargetKind, TargetRule,
};
use std::collections::BTreeMap;

/// An action that passed validation, with names made canonical.
pub struct CheckedAct {
    pub actor: SlotId,
    pub targets: Vec<String>,
    pub params: BTreeMap<String, String>,
}

pub fn find_slot<'a>(state: &'a GameState, name: &str) -> Result<&'a Slot, Refusal> {
    state.slot_by_name(name).ok_or_else(|| {
        let hint = super::suggest::did_you_mean(name, state.slots.iter().map(|s| s.name.as_str()));
        Refusal::new("unknown_player", format!("no player named `{name}`{hint}"))
    })
}

/// The player can take part: alive, in the game, and no status forbids acting.
pub fn check_can_act(roleset: &Roleset, state: &GameState, slot: &Slot) -> Result<(), Refusal> {
    check_can_use(roleset, state, slot, None)
}

/// The player can take part with this ability (`None`: with any): alive, in the game, and no
/// status forbids it (a status that blocks actions may allow some, `StatusDef::allows`).
pub fn check_can_use(
    roleset: &Roleset,
    state: &GameState,
    slot: &Slot,
    ability: Option<&str>,
) -> Result<(), Refusal> {
    if !slot.alive && !state.votes_when_dead(roleset, slot) {
        return Err(Refusal::new(
            "dead_actor",
            format!("{} is dead and cannot act", slot.name),
        ));
    }
    if state.game_over.is_some() {
        return Err(Refusal::new("game_over", "the game is over"));
    }
    for (status, info) in &slot.statuses {
        let allowed = |def: &crate::rules::StatusDef| {
            ability.is_some_and(|a| def.allows.iter().any(|x| x == a))
        };
        if roleset
            .status(status)
            .is_some_and(|s| s.blocks_actions && !allowed(s))
        {
            let until = info
                .until
                .map(|u| format!(" until the end of {}", roleset.phase_name(u)))
                .unwrap_or_default();
            return Err(Refusal::new(
                "blocked_actor",
                format!("{} is {status} and cannot act{until}", slot.name),
            ));
        }
    }
    Ok(())
}

/// Does the slot hold this ability through one of its roles?
pub fn holds_ability(roleset: &Roleset, slot: &Slot, ability: &str) -> bool {
    slot.roles()
        .filter_map(|r| roleset.role(r))
        .any(|r| r.abilities.iter().any(|a| a == ability))
}

/// How many targets the ability takes now.
pub fn target_count(ability: &AbilityDef, state: &GameState) -> usize {
    match ability.count {
        TargetCount::AsDeclared => ability.targets.len(),
        TargetCount::CeilLivingOver(n) => state.living_count().div_ceil(n.max(1) as usize).max(1),
        TargetCount::Between(_, max) => max as usize,
    }
}

/// The fewest targets the ability accepts now.
pub fn min_target_count(ability: &AbilityDef, state: &GameState) -> usize {
    match ability.count {
        TargetCount::Between(min, _) => min as usize,
        _ => target_count(ability, state),
    }
}

/// The kind of the i-th target.
pub fn target_kind(ability: &AbilityDef, i: usize) -> TargetKind {
    match ability.count {
        TargetCount::AsDeclared => ability
            .targets
            .get(i)
            .cloned()
            .unwrap_or(TargetKind::Player),
        TargetCount::CeilLivingOver(_) => ability
            .targets
            .first()
            .cloned()
            .unwrap_or(TargetKind::Player),
        TargetCount::Between(..) => ability
            .targets
            .get(i)
            .or(ability.targets.last())
            .cloned()
            .unwrap_or(TargetKind::Player),
    }
}

#[allow(clippy::too_many_arguments)]
pub fn check_act(
    roleset: &Roleset,
    state: &GameState,
    actor: &str,
    ability_id: &str,
    targets: &[String],
    params: &BTreeMap<String, String>,
    pending_roles: &[String],
) -> Result<CheckedAct, Refusal> {
    let slot = find_slot(state, actor)?;
    let ability = roleset.ability(ability_id).ok_or_else(|| {
        Refusal::new(
            "unknown_ability",
            format!("the roleset has no ability `{ability_id}`"),
        )
    })?;
    check_can_use(roleset, state, slot, Some(ability_id))?;
    if !slot.alive && !ability.after_death {
        return Err(Refusal::new(
            "dead_actor",
            format!("{} is dead and cannot act", slot.name),
        ));
    }
    let pending = pending_roles
        .iter()
        .filter_map(|r| roleset.role(r))
        .any(|r| r.abilities.iter().any(|a| a == ability_id));
    if !holds_ability(roleset, slot, ability_id) && !pending {
        return Err(Refusal::new(
            "not_role_ability",
            format!(
                "{} ({}) does not have the ability `{ability_id}`",
                slot.name,
                slot.role_names(roleset)
            ),
        ));
    }
    if ability.passive {
        return Err(Refusal::new(
            "passive_ability",
            format!("`{ability_id}` is passive: it happens by itself and cannot be entered"),
        ));
    }
    let kind = state.phase_kind(roleset);
    if !ability.entered_in(kind) {
        return Err(Refusal::new(
            "wrong_phase",
            format!(
                "`{ability_id}` is a {:?} ability and it is {}",
                ability.phase,
                state.phase_name(roleset)
            ),
        ));
    }
    if let Some(max) = ability.limits.uses {
        let used = slot.uses.get(ability_id).copied().unwrap_or(0);
        if used >= max {
            return Err(Refusal::new(
                "use_limit",
                format!(
                    "{} has used `{ability_id}` {used} of {max} times",
                    slot.name
                ),
            ));
        }
    }
    let want = target_count(ability, state);
    let fewest = min_target_count(ability, state);
    if targets.len() > want || targets.len() < fewest {
        let range = if fewest == want {
            want.to_string()
        } else {
            format!("{fewest} to {want}")
        };
        return Err(Refusal::new(
            "target_count",
            format!(
                "`{ability_id}` takes {range} target(s), got {}",
                targets.len()
            ),
        ));
    }
    let mut canonical = Vec::with_capacity(targets.len());
    for (i, raw) in targets.iter().enumerate() {
        canonical.push(check_target(
            roleset,
            state,
            slot,
            ability,
            target_kind(ability, i),
            raw,
        )?);
    }
    if ability.rules.contains(&TargetRule::Distinct) {
        for (i, t) in canonical.iter().enumerate() {
            if canonical[..i].contains(t) {
                return Err(Refusal::new(
                    "distinct_targets",
                    format!("`{t}` is named twice"),
                ));
            }
        }
    }
    let names_self = canonical.contains(&slot.name);
    if let (Some(max), true) = (ability.limits.self_uses, names_self) {
        let used = slot.self_uses.get(ability_id).copied().unwrap_or(0);
        if used >= max {
            return Err(Refusal::new(
                "self_limit",
                format!(
                    "{} may name themselves with `{ability_id}` {max} time(s) per game and has done so {used}",
                    slot.name
                ),
            ));
        }
    }
    let names_own_family = slot.family.as_ref().is_some_and(|f| canonical.contains(f));
    if let (Some(max), true) = (ability.limits.own_family_uses, names_own_family) {
        let used = slot.own_family_uses.get(ability_id).copied().unwrap_or(0);
        if used >= max {
            return Err(Refusal::new(
                "own_family_limit",
                format!(
                    "{} may name their own family with `{ability_id}` {max} time(s) per game",
                    slot.name
                ),
            ));
        }
    }
    Ok(CheckedAct {
        actor: slot.id,
        targets: canonical,
        params: check_params(roleset, state, ability, params)?,
    })
}

fn check_target(
    roleset: &Roleset,
    state: &GameState,
    actor: &Slot,
    ability: &AbilityDef,
    kind: TargetKind,
    raw: &str,
) -> Result<String, Refusal> {
    match kind {
        TargetKind::Role | TargetKind::Group | TargetKind::Choice(_) => {
            named_choice(roleset, state, &kind, raw)
        }
        TargetKind::Family => state
            .family_by_name(raw)
            .map(str::to_string)
            .ok_or_else(|| {
                Refusal::new(
                    "illegal_target",
                    format!(
                        "no family named `{raw}` (families: {})",
                        state.families.join(", ")
                    ),
                )
            }),
        TargetKind::Player => {
            let target = find_slot(state, raw)?;
            if !target.alive && !ability.rules.contains(&TargetRule::DeadAllowed) {
                return Err(Refusal::new(
                    "dead_target",
                    format!("{} is dead and cannot be targeted", target.name),
                ));
            }
            if let Some(status) = state.out_of_game(target) {
                return Err(Refusal::new(
                    "illegal_target",
                    format!("{} is {status}", target.name),
                ));
            }
            for rule in &ability.rules {
                match rule {
                    TargetRule::NotSelf if target.id == actor.id => {
                        return Err(Refusal::new(
                            "not_self",
                            format!(
                                "{} may not name themselves with `{}`",
                                actor.name, ability.id
                            ),
                        ));
                    }
                    TargetRule::NotSide(side)
                        if target.roles().any(|r| roleset.side_of(r) == side) =>
                    {
                        return Err(Refusal::new(
                            "illegal_target",
                            format!(
                                "`{}` may not target a member of the {side} side ({})",
                                ability.id, target.name
                            ),
                        ));
                    }
                    _ => {}
                }
            }
            Ok(target.name.clone())
        }
    }
}

/// The abilities a slot may use now, before any target is chosen: it may act, holds the
/// ability, the ability is active in this phase kind and not spent, and the rule system does
/// not refuse it. The error says why there are none.
pub fn usable_abilities<'a>(
    system: &dyn RuleSystem,
    roleset: &'a Roleset,
    state: &GameState,
    slot: &Slot,
) -> Result<Vec<&'a AbilityDef>, String> {
    // A status that blocks acting may allow some abilities: those alone are offered then.
    let blocked = match check_can_act(roleset, state, slot) {
        Ok(()) => None,
        Err(r) if r.rule == "blocked_actor" => Some(r),
        Err(r) => return Err(r.message),
    };
    let kind = state.phase_kind(roleset);
    let mut out: Vec<&AbilityDef> = Vec::new();
    let mut refusals = Vec::new();
    let pending = system.pending_roles(roleset, state, slot.id);
    let roles = slot.roles().chain(pending.iter().map(String::as_str));
    for role in roles.filter_map(|r| roleset.role(r)) {
        for id in &role.abilities {
            let Some(def) = roleset.ability(id) else {
                continue;
            };
            let used = slot.uses.get(id).copied().unwrap_or(0);
            let spent = def.limits.uses.is_some_and(|max| used >= max);
            let dead_only = !slot.alive && !def.after_death;
            let status_allows =
                blocked.is_none() || check_can_use(roleset, state, slot, Some(id)).is_ok();
            if def.passive
                || !status_allows
                || !def.entered_in(kind)
                || spent
                || dead_only
                || out.iter().any(|a| a.id == def.id)
            {
                continue;
            }
            match system.usable_refusal(roleset, state, slot.id, id) {
                Ok(()) => out.push(def),
                Err(r) => refusals.push(r.message),
            }
        }
    }
    if out.is_empty() {
        if let Some(blocked) = blocked {
            return Err(blocked.message);
        }
        let why = if refusals.is_empty() {
            String::new()
        } else {
            format!(": {}", refusals.join("; "))
        };
        return Err(format!(
            "{} ({}) has no ability to use during {}{why}",
            slot.name,
            slot.role_names(roleset),
            state.phase_name(roleset)
        ));
    }
    Ok(out)
}

/// Every value a target of a kind other than a player may take, canonical: the families, the
/// roles' ids, the sides' ids, or the choice's words.
pub fn target_choices(roleset: &Roleset, state: &GameState, kind: &TargetKind) -> Vec<String> {
    match kind {
        TargetKind::Player => state.living().map(|s| s.name.clone()).collect(),
        TargetKind::Family => state.families.clone(),
        TargetKind::Role => roleset.roles.iter().map(|r| r.id.clone()).collect(),
        TargetKind::Group => roleset.sides.iter().map(|s| s.id.clone()).collect(),
        TargetKind::Choice(words) => words.clone(),
    }
}

/// A role, group or choice named by id, name or word (case-insensitively), made canonical.
fn named_choice(
    roleset: &Roleset,
    state: &GameState,
    kind: &TargetKind,
    raw: &str,
) -> Result<String, Refusal> {
    let raw = raw.trim();
    let found = match kind {
        TargetKind::Role => roleset.role_named(raw).map(|r| r.id.clone()),
        TargetKind::Group => roleset
            .sides
            .iter()
            .find(|s| s.id.eq_ignore_ascii_case(raw) || s.name.to_lowercase() == raw.to_lowercase())
            .map(|s| s.id.clone()),
        _ => target_choices(roleset, state, kind)
            .into_iter()
            .find(|w| w.eq_ignore_ascii_case(raw)),
    };
    found.ok_or_else(|| {
        Refusal::new(
            "illegal_target",
            format!(
                "no {} named `{raw}` (one of: {})",
                kind.word(),
                target_choices(roleset, state, kind).join(", ")
            ),
        )
    })
}

/// Check an action's parameters against the ability's declared ones and return them made
/// canonical (a role by its id, a player by his name as the setup spells it).
pub fn check_params(
    roleset: &Roleset,
    state: &GameState,
    ability: &AbilityDef,
    params: &BTreeMap<String, String>,
) -> Result<BTreeMap<String, String>, Refusal> {
    let declared = || {
        let ids: Vec<&str> = ability.params.iter().map(|p| p.id.as_str()).collect();
        if ids.is_empty() {
            "it takes none".to_string()
        } else {
            format!("it takes {}", ids.join(", "))
        }
    };
    if let Some(unknown) = params
        .keys()
        .find(|k| !ability.params.iter().any(|p| &p.id == *k))
    {
        return Err(Refusal::new(
            "unknown_param",
            format!(
                "`{}` has no parameter `{unknown}`: {}",
                ability.id,
                declared()
            ),
        ));
    }
    let mut out = BTreeMap::new();
    for def in &ability.params {
        let Some(raw) = params
            .get(&def.id)
            .map(|v| v.trim())
            .filter(|v| !v.is_empty())
        else {
            if def.required {
                return Err(Refusal::new(
                    "missing_param",
                    format!(
                        "`{}` needs its parameter `{}` ({})",
                        ability.id,
                        def.id,
                        param_kind_words(&def.kind)
                    ),
                ));
            }
            continue;
        };
        let bad = |why: String| {
            Refusal::new(
                "bad_param",
                format!("`{}` parameter `{}`: {why}", ability.id, def.id),
            )
        };
        let value = match &def.kind {
            ParamKind::Text => raw.to_string(),
            ParamKind::YesNo => match raw.to_lowercase().as_str() {
                "yes" | "no" => raw.to_lowercase(),
                _ => return Err(bad(format!("`{raw}` is not yes or no"))),
            },
            ParamKind::Role => roleset
                .role_named(raw)
                .map(|r| r.id.clone())
                .ok_or_else(|| bad(format!("the roleset has no role `{raw}`")))?,
            ParamKind::Player => find_slot(state, raw)
                .map(|s| s.name.clone())
                .map_err(|e| bad(e.message))?,
            ParamKind::Choice(words) => words
                .iter()
                .find(|w| w.eq_ignore_ascii_case(raw))
                .cloned()
                .ok_or_else(|| bad(format!("`{raw}` is not one of {}", words.join(", "))))?,
        };
        out.insert(def.id.clone(), value);
    }
    Ok(out)
}

/// What a parameter of this kind takes, in words.
pub fn param_kind_words(kind: &ParamKind) -> String {
    match kind {
        ParamKind::Text => "a text".into(),
        ParamKind::YesNo => "yes or no".into(),
        ParamKind::Role => "a role".into(),
        ParamKind::Player => "a player".into(),
        ParamKind::Choice(words) => format!("one of {}", words.join(", ")),
    }
}

/// Check a vote and return (ballot id, voter slot, canonical target). Improper votes that the
/// rule system records without counting are not refused here; the mechanics flag them.
pub fn check_vote(
    system: &dyn RuleSystem,
    roleset: &Roleset,
    state: &GameState,
    ballot: Option<&str>,
    voter: &str,
    target: &str,
) -> Result<(String, SlotId, String), Refusal> {
    let kind = state.phase_kind(roleset);
    let ballot = match ballot {
        Some(id) => roleset.ballot(id).ok_or_else(|| {
            Refusal::new(
                "unknown_ballot",
                format!("the roleset has no ballot `{id}`"),
            )
        })?,
        None => open_ballot(system, roleset, state)
            .ok_or_else(|| no_ballot_refusal(system, roleset, state))?,
    };
    if ballot.after_game || state.game_over.is_some() {
        return after_game_vote(roleset, state, ballot, voter, target);
    }
    if !ballot.open_in(kind) {
        return Err(Refusal::new(
            "wrong_phase",
            format!(
                "the {} is not open during {}",
                ballot.name,
                state.phase_name(roleset)
            ),
        ));
    }
    let slot = find_slot(state, voter)?;
    if !slot.alive
        && !state.votes_when_dead(roleset, slot)
        && !system.dead_may_vote(roleset, state, &ballot.id, slot.id)
    {
        return Err(Refusal::new(
            "dead_actor",
            format!("{} is dead and cannot vote", slot.name),
        ));
    }
    if let Some(status) = state.out_of_game(slot) {
        return Err(Refusal::new(
            "blocked_actor",
            format!("{} is {status} and cannot vote", slot.name),
        ));
    }
    if state.game_over.is_some() {
        return Err(Refusal::new("game_over", "the game is over"));
    }
    // A word the ballot allows besides its targets (`no_lynch`).
    let word = ballot
        .words
        .iter()
        .find(|w| w.eq_ignore_ascii_case(target.trim()));
    let target = match &ballot.target {
        _ if let Some(w) = word => w.clone(),
        TargetKind::Role | TargetKind::Group | TargetKind::Choice(_) => {
            named_choice(roleset, state, &ballot.target, target)?
        }
        TargetKind::Family => state
            .family_by_name(target)
            .map(str::to_string)
            .ok_or_else(|| Refusal::new("illegal_target", format!("no family named `{target}`")))?,
        TargetKind::Player if ballot.abstain && target.trim() == ABSTAIN => ABSTAIN.to_string(),
        TargetKind::Player => find_slot(state, target)?.name.clone(),
    };
    Ok((ballot.id.clone(), slot.id, target))
}

/// A vote the rules accept: its ballot, voter and target made canonical, and the warnings it
/// is recorded with (an improper vote is kept and does not count).
#[derive(Clone, Debug, PartialEq)]
pub struct CheckedVote {
    pub ballot: String,
    pub voter: SlotId,
    pub target: String,
    pub warnings: Vec<String>,
}

/// Every check a vote meets before it is entered: the generic ones ([`check_vote`]), the rule
/// system's refusals, then its warnings. Entering a vote and asking about one beforehand
/// (`Game::check_vote`, the console's preview) both come here, so what the host is told before
/// Enter is what the entry meets.
pub fn checked_vote(
    system: &dyn RuleSystem,
    roleset: &Roleset,
    state: &GameState,
    ballot: Option<&str>,
    voter: &str,
    target: &str,
    advance: bool,
) -> Result<CheckedVote, Refusal> {
    let (ballot, voter, target) = check_vote(system, roleset, state, ballot, voter, target)?;
    let query = VoteQuery {
        roleset,
        state,
        ballot: &ballot,
        voter,
        target: &target,
        advance,
    };
    system.vote_refusal(&query)?;
    let warnings = system.vote_warnings(&query);
    Ok(CheckedVote {
        ballot,
        voter,
        target,
        warnings,
    })
}

/// May this player cast a vote that counts on this ballot now: some target (a word of the
/// ballot, an abstention, or any of its choices) passes the checks an entry meets
/// ([`check_vote`] and the rule system's `vote_refusal`) with no warning that it will not count.
/// The commit check asks it of the players the tally says have not voted, so it names only
/// those the rules let vote (a group's ballot is its members'; an arrested player has no vote),
/// by the same refusals the console gives, not by a second list of rules.
pub fn may_vote(
    system: &dyn RuleSystem,
    roleset: &Roleset,
    state: &GameState,
    ballot: &BallotDef,
    voter: &Slot,
) -> bool {
    let mut targets: Vec<String> = ballot.words.clone();
    if ballot.abstain && matches!(ballot.target, TargetKind::Player) {
        targets.push(ABSTAIN.to_string());
    }
    targets.extend(target_choices(roleset, state, &ballot.target));
    targets.iter().any(|target| {
        let vote = checked_vote(
            system,
            roleset,
            state,
            Some(ballot.id.as_str()),
            &voter.name,
            target,
            false,
        );
        vote.is_ok_and(|v| v.warnings.is_empty())
    })
}

/// A vote on the ballot held after the game (ru-city's best players, L174): open only once the
/// game is over and until it is counted, to every player who took part, dead or alive.
fn after_game_vote(
    roleset: &Roleset,
    state: &GameState,
    ballot: &BallotDef,
    voter: &str,
    target: &str,
) -> Result<(String, SlotId, String), Refusal> {
    let counted = match &state.game_over {
        None if ballot.after_game => {
            return Err(Refusal::new(
                "after_game",
                format!("the {} opens once the game is over", ballot.name),
            ));
        }
        None => false,
        Some(over) => over.after_game_counted,
    };
    if !ballot.after_game || counted {
        return Err(Refusal::new("game_over", "the game is over"));
    }
    let slot = find_slot(state, voter)?;
    let target = match &ballot.target {
        TargetKind::Player if ballot.abstain && target.trim() == ABSTAIN => ABSTAIN.to_string(),
        TargetKind::Player => find_slot(state, target)?.name.clone(),
        other => named_choice(roleset, state, other, target)?,
    };
    Ok((ballot.id.clone(), slot.id, target))
}

/// The ballot a vote without a ballot name goes to: the one the rule system has open now, else
/// the default ballot of the phase kind.
/// In a phase of named rounds, a round without a vote (ru-city's pre-vote) has no ballot open.
pub fn open_ballot<'a>(
    system: &dyn RuleSystem,
    roleset: &'a Roleset,
    state: &GameState,
) -> Option<&'a BallotDef> {
    if let Some(over) = &state.game_over {
        return roleset
            .ballots
            .iter()
            .find(|b| b.after_game && !over.after_game_counted);
    }
    if let Some(id) = system.open_ballot(roleset, state) {
        return roleset.ballot(&id);
    }
    if system.round(state).is_some() {
        return None;
    }
    roleset.default_ballot(state.phase_kind(roleset))
}

/// The refusal of a vote when no ballot is open: it says which round or phase comes next and
/// how to get there, so the host is not left guessing.
pub fn no_ballot_refusal(system: &dyn RuleSystem, roleset: &Roleset, state: &GameState) -> Refusal {
    if state.game_over.is_some() {
        return Refusal::new("game_over", "the game is over");
    }
    let now = roleset.phase_label(state.phase, system.round(state));
    let next = match system.next_round(state) {
        Some(round) => roleset.phase_label(state.phase, Some(round)),
        None => roleset.phase_name(state.phase + 1),
    };
    Refusal::new(
        "wrong_phase",
        format!(
            "no ballot is open in {now}; {next} comes next: commit {now} first (C in the console, `commit` in a script)"
        ),
    )
}
