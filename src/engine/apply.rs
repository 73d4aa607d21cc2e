//! How one entry changes the state: an action or a vote checked and queued, a commit of the
//! phase's outcome, a host command; and the changes of role each entry makes, noted in one
//! place.

use super::entry::{Entry, HostCommand, LoggedEntry, Pending, PendingKind};
use super::error::Refusal;
use super::outcome::{Audience, Death, Message, Outcome};
use super::resolve::resolve_phase_of;
use super::state::{GameState, RoleChange, Slot, StatusInfo};
use super::system::{
    ActQuery, MODKILL_CAUSE, MODKILL_TEMPLATE, REPLACED_TEMPLATE, REVIVE_TEMPLATE, RuleSystem,
};
use super::template::render;
use super::validate::{
    CheckedAct, check_act, checked_vote, find_slot, no_ballot_refusal, open_ballot,
};
use crate::rules::{Roleset, TargetKind};
use std::collections::BTreeMap;

/// Apply one entry to the state, and note each change it makes to a slot's own roles. Comparing
/// every slot's roles before and after the entry catches every way a role changes (a rule
/// system's steal, inheritance or conversion at a commit, the host's command) in one place,
/// with the phase it happened in, and asks nothing of the rule systems.
pub(super) fn apply(
    system: &dyn RuleSystem,
    roleset: &Roleset,
    seed: u64,
    state: &mut GameState,
    e: &LoggedEntry,
) -> Result<(), Refusal> {
    // Only a commit (the rules at work) or a host command changes roles; an action or a vote
    // waits in the pending list. Sparing the others their snapshots keeps a long replay fast.
    if !matches!(e.entry, Entry::Resolve | Entry::Host(_)) {
        return apply_entry(system, roleset, seed, state, e);
    }
    let before: Vec<Vec<String>> = state.slots.iter().map(Slot::own_role_list).collect();
    let (phase, position) = (state.phase, state.history.len());
    apply_entry(system, roleset, seed, state, e)?;
    let by_host = matches!(e.entry, Entry::Host(_));
    let changes: Vec<RoleChange> = state
        .slots
        .iter()
        .zip(before)
        .filter_map(|(slot, before)| {
            let after = slot.own_role_list();
            if after == before {
                return None;
            }
            Some(RoleChange {
                slot: slot.id,
                seq: e.seq,
                by_host,
                phase,
                position,
                before,
                after,
            })
        })
        .collect();
    state.role_changes.extend(changes);
    Ok(())
}

/// An action met by every rule that can refuse it, the rule system's own included.
pub(super) fn checked_act(
    system: &dyn RuleSystem,
    roleset: &Roleset,
    state: &GameState,
    actor: &str,
    ability: &str,
    targets: &[String],
    params: &BTreeMap<String, String>,
) -> Result<CheckedAct, Refusal> {
    let pending = state
        .slot_by_name(actor)
        .map(|s| system.pending_roles(roleset, state, s.id))
        .unwrap_or_default();
    let checked = check_act(roleset, state, actor, ability, targets, params, &pending)?;
    system.usable_refusal(roleset, state, checked.actor, ability)?;
    check_exclusive(roleset, state, checked.actor, ability)?;
    system.act_refusal(&ActQuery {
        roleset,
        state,
        actor: checked.actor,
        ability,
        targets: &checked.targets,
        params: &checked.params,
    })?;
    Ok(checked)
}

/// Apply one entry to the state. Every check happens before anything changes.
pub(super) fn apply_entry(
    system: &dyn RuleSystem,
    roleset: &Roleset,
    seed: u64,
    state: &mut GameState,
    e: &LoggedEntry,
) -> Result<(), Refusal> {
    match &e.entry {
        Entry::Act {
            actor,
            ability,
            targets,
            params,
        } => {
            let checked = checked_act(system, roleset, state, actor, ability, targets, params)?;
            let group = roleset.ability(ability).and_then(|a| a.group.clone());
            let repeatable = roleset.ability(ability).is_some_and(|a| a.repeatable);
            for p in state
                .pending
                .iter_mut()
                .filter(|p| p.replaced_by.is_none() && !repeatable)
            {
                if let PendingKind::Act {
                    actor: a,
                    ability: b,
                    ..
                } = &p.kind
                    && b == ability
                    && (*a == checked.actor || group.is_some())
                {
                    p.replaced_by = Some(e.seq);
                }
            }
            state.pending.push(Pending {
                seq: e.seq,
                at: e.at,
                posted: e.posted.clone(),
                kind: PendingKind::Act {
                    actor: checked.actor,
                    ability: ability.clone(),
                    targets: checked.targets,
                    params: checked.params,
                },
                replaced_by: None,
                warnings: Vec::new(),
                advance: false,
            });
        }
        Entry::Vote {
            ballot,
            voter,
            target,
        }
        | Entry::AdvanceVote {
            ballot,
            voter,
            target,
        } => {
            let advance = matches!(e.entry, Entry::AdvanceVote { .. });
            let vote = checked_vote(
                system,
                roleset,
                state,
                ballot.as_deref(),
                voter,
                target,
                advance,
            )?;
            let keep = votes_kept(roleset, &vote.ballot);
            replace_votes(state, &vote.ballot, vote.voter, e.seq, keep);
            state.pending.push(Pending {
                seq: e.seq,
                at: e.at,
                posted: e.posted.clone(),
                kind: PendingKind::Vote {
                    ballot: vote.ballot,
                    voter: vote.voter,
                    target: vote.target,
                },
                replaced_by: None,
                warnings: vote.warnings,
                advance,
            });
        }
        Entry::Unvote { ballot, voter } => {
            let ballot = match ballot {
                Some(b) => b.clone(),
                None => open_ballot(system, roleset, state)
                    .map(|b| b.id.clone())
                    .ok_or_else(|| no_ballot_refusal(system, roleset, state))?,
            };
            let voter = find_slot(state, voter)?.id;
            let has_vote = state.pending.iter().any(|p| {
                p.replaced_by.is_none()
                    && matches!(&p.kind, PendingKind::Vote { ballot: b, voter: v, .. } if *b == ballot && *v == voter)
            });
            if !has_vote {
                return Err(Refusal::new(
                    "no_vote",
                    format!("there is no vote to take back on the {ballot} ballot"),
                ));
            }
            replace_votes(state, &ballot, voter, e.seq, 0);
            state.pending.push(Pending {
                seq: e.seq,
                at: e.at,
                posted: e.posted.clone(),
                kind: PendingKind::Unvote { ballot, voter },
                replaced_by: None,
                warnings: Vec::new(),
                advance: false,
            });
        }
        Entry::Host(cmd) => apply_host(roleset, state, cmd)?,
        Entry::Override {
            step,
            verdict,
            reason,
        } => {
            if step.trim().is_empty() {
                return Err(Refusal::new(
                    "override",
                    "an override names the key of a step",
                ));
            }
            if state.game_over.is_some() {
                return Err(Refusal::new("game_over", "the game is over"));
            }
            state
                .overrides
                .insert(step.clone(), (*verdict, reason.clone()));
        }
        Entry::ReorderStages(order) => {
            let mut given: Vec<&String> = order.iter().collect();
            let mut known: Vec<&String> = roleset.stages.iter().map(|s| &s.id).collect();
            given.sort();
            known.sort();
            if given != known {
                return Err(Refusal::new(
                    "stage_order",
                    format!(
                        "a new order must name every stage once: {}",
                        roleset
                            .stages
                            .iter()
                            .map(|s| s.id.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                ));
            }
            state.stage_order = order.clone();
        }
        Entry::EditPost(text) => {
            state.draft_edit = if text.trim().is_empty() {
                None
            } else {
                Some(text.clone())
            };
        }
        Entry::Resolve => {
            let mut round = system.round(state).map(str::to_string);
            if let Some(over) = &state.game_over {
                // Once over, a game resolves only its vote after the game, once.
                let after = roleset.ballots.iter().find(|b| b.after_game);
                match after {
                    Some(b) if !over.after_game_counted => round = Some(b.id.clone()),
                    _ => return Err(Refusal::new("game_over", "the game is over")),
                }
            }
            let last_deadline = state.deadlines.get(&state.phase).cloned();
            let (outcome, next) = resolve_phase_of(system, roleset, std::mem::take(state), seed);
            *state = next;
            let after_game = state.game_over.is_some() && round.is_some() && {
                let r = round.as_deref();
                roleset
                    .ballots
                    .iter()
                    .any(|b| b.after_game && Some(b.id.as_str()) == r)
            };
            commit(roleset, state, outcome, round);
            default_deadline(roleset, state, last_deadline);
            if after_game && let Some(over) = &mut state.game_over {
                over.after_game_counted = true;
            }
        }
        Entry::Undo(_) | Entry::Redo(_) => {}
    }
    Ok(())
}

/// A phase opened by a commit, after a phase with a deadline, gets the deadline its kind's
/// length later (the roleset's `phases.hours`), unless the host set one: a deadline follows
/// from the last, never from the clock, so a replay gives the same one.
pub(super) fn default_deadline(
    roleset: &Roleset,
    state: &mut GameState,
    last: Option<super::deadline::Deadline>,
) {
    let kind = roleset.phase_kind(state.phase);
    let (Some(last), Some(hours)) = (last, roleset.phases.hours.get(&kind)) else {
        return;
    };
    if state.game_over.is_some() || state.deadlines.contains_key(&state.phase) {
        return;
    }
    let next = super::deadline::Deadline {
        unix: last.unix + i64::from(*hours) * 3_600,
        zone: last.zone,
    };
    state.deadlines.insert(state.phase, next);
}

/// An ability of an exclusive group is refused while the actor has another of the group
/// standing this phase: the host undoes that one first.
pub(super) fn check_exclusive(
    roleset: &Roleset,
    state: &GameState,
    actor: usize,
    ability: &str,
) -> Result<(), Refusal> {
    let Some(group) = roleset
        .ability(ability)
        .and_then(|a| a.exclusive.as_deref())
    else {
        return Ok(());
    };
    let standing = super::resolve::live_acts(state).find(|a| {
        a.actor == actor
            && a.ability != ability
            && roleset
                .ability(a.ability)
                .is_some_and(|d| d.exclusive.as_deref() == Some(group))
    });
    match standing {
        Some(other) => Err(Refusal::new(
            "one_move",
            format!(
                "{} already sent `{}` this phase: one move of `{group}` a phase; undo it first",
                state.slots[actor].name, other.ability
            ),
        )),
        None => Ok(()),
    }
}

/// Mark the voter's live votes on the ballot as replaced by `seq`, all but the newest `keep`.
pub(super) fn replace_votes(
    state: &mut GameState,
    ballot: &str,
    voter: usize,
    seq: u64,
    keep: usize,
) {
    for i in replaced_votes(state, ballot, voter, keep) {
        state.pending[i].replaced_by = Some(seq);
    }
}

/// Where in `pending` the voter's live votes on the ballot are that a new entry replaces when
/// he keeps `keep` of them: the oldest first.
pub(super) fn replaced_votes(
    state: &GameState,
    ballot: &str,
    voter: usize,
    keep: usize,
) -> Vec<usize> {
    let live: Vec<usize> = state
        .pending
        .iter()
        .enumerate()
        .filter(|(_, p)| {
            p.replaced_by.is_none()
                && matches!(&p.kind, PendingKind::Vote { ballot: b, voter: v, .. } if *v == voter && b == ballot)
        })
        .map(|(i, _)| i)
        .collect();
    let replaced = live.len().saturating_sub(keep);
    live.into_iter().take(replaced).collect()
}

/// How many of his earlier votes on a ballot a voter keeps when he votes again: one fewer than
/// the ballot lets him hold at once (`per_voter`, one by default).
pub(super) fn votes_kept(roleset: &Roleset, ballot: &str) -> usize {
    roleset
        .ballot(ballot)
        .and_then(|b| b.per_voter)
        .unwrap_or(1)
        .saturating_sub(1) as usize
}

/// Accept an outcome: deliver messages (dead players get public ones only, but for those a
/// status keeps voting), end statuses whose time is up, and start the next phase.
pub(super) fn commit(
    roleset: &Roleset,
    state: &mut GameState,
    mut outcome: Outcome,
    round: Option<String>,
) {
    for m in &mut outcome.messages {
        if let Audience::Slot(id) = m.audience
            && !m.sent_alive
            && state
                .slots
                .get(id)
                .is_some_and(|s| !s.alive && !state.votes_when_dead(roleset, s))
        {
            let name = state
                .slots
                .get(id)
                .map(|s| s.name.clone())
                .unwrap_or_default();
            m.audience = Audience::Host;
            m.text = format!("(not sent: {name} is dead) {}", m.text);
        }
    }
    let phase = state.phase;
    let another_round = outcome.another_round && state.game_over.is_none();
    // A status lasts through every round of the phase it ends in.
    for slot in state.slots.iter_mut().filter(|_| !another_round) {
        slot.statuses
            .retain(|_, info| info.until.is_none_or(|u| u > phase));
        slot.borrowed.retain(|b| b.until.is_none_or(|u| u > phase));
    }
    state.history.push(super::state::CommittedPhase {
        index: phase,
        name: roleset.phase_name(phase),
        outcome,
        edited_post: state.draft_edit.take(),
        round,
    });
    state.pending.clear();
    state.overrides.clear();
    state.host_messages.clear();
    state.host_deaths.clear();
    if another_round {
        state.round += 1;
    } else if state.game_over.is_none() {
        state.phase += 1;
        state.round = 0;
    }
}

/// Actions and votes of the current phase name their player targets as entered; after a
/// replacement they name the new person, so a vote for the slot still counts for the slot.
pub(super) fn rename_pending_targets(
    roleset: &Roleset,
    state: &mut GameState,
    old: &str,
    new: &str,
) {
    for p in &mut state.pending {
        match &mut p.kind {
            PendingKind::Act {
                ability, targets, ..
            } => {
                let Some(def) = roleset.ability(ability) else {
                    continue;
                };
                for (i, t) in targets.iter_mut().enumerate() {
                    if super::validate::target_kind(def, i) == TargetKind::Player && t == old {
                        *t = new.to_string();
                    }
                }
            }
            PendingKind::Vote { ballot, target, .. } => {
                let player_ballot = roleset
                    .ballot(ballot)
                    .is_some_and(|b| b.target == TargetKind::Player);
                if player_ballot && target == old {
                    *target = new.to_string();
                }
            }
            PendingKind::Unvote { .. } => {}
        }
    }
}

pub(super) fn apply_host(
    roleset: &Roleset,
    state: &mut GameState,
    cmd: &HostCommand,
) -> Result<(), Refusal> {
    let public = |template: &str, args: &[(&str, String)]| Message {
        audience: Audience::Public,
        template: template.to_string(),
        text: render(roleset.template(template), args),
        sent_alive: false,
    };
    match cmd {
        HostCommand::Modkill(name) => {
            let slot = find_slot(state, name)?;
            // a dead player a status keeps in the game (a WWR ghost) leaves it: the status goes
            if !slot.alive && state.votes_when_dead(roleset, slot) {
                let (id, name) = (slot.id, slot.name.clone());
                state.slots[id]
                    .statuses
                    .retain(|s, _| !roleset.status(s).is_some_and(|d| d.votes_when_dead));
                state
                    .host_messages
                    .push(public(MODKILL_TEMPLATE, &[("player", name)]));
                return Ok(());
            }
            if !slot.alive {
                return Err(Refusal::new(
                    "dead_target",
                    format!("{} is already dead", slot.name),
                ));
            }
            let (id, name) = (slot.id, slot.name.clone());
            let phase = state.phase;
            let s = &mut state.slots[id];
            s.alive = false;
            s.death = Some((phase, MODKILL_CAUSE.into()));
            state.host_deaths.push(Death {
                slot: id,
                cause: MODKILL_CAUSE.into(),
            });
            state
                .host_messages
                .push(public(MODKILL_TEMPLATE, &[("player", name)]));
        }
        HostCommand::Revive(name) => {
            let slot = find_slot(state, name)?;
            if slot.alive {
                return Err(Refusal::new(
                    "alive_target",
                    format!("{} is alive", slot.name),
                ));
            }
            let (id, name) = (slot.id, slot.name.clone());
            state.slots[id].alive = true;
            state.slots[id].death = None;
            state.host_deaths.retain(|d| d.slot != id);
            state
                .host_messages
                .push(public(REVIVE_TEMPLATE, &[("player", name)]));
        }
        HostCommand::SetStatus(name, status) => {
            let id = find_slot(state, name)?.id;
            let def = roleset.status(status).ok_or_else(|| {
                Refusal::new(
                    "unknown_status",
                    format!("the roleset has no status `{status}`"),
                )
            })?;
            let phase = state.phase;
            state.slots[id].statuses.insert(
                def.id.clone(),
                StatusInfo {
                    since: phase,
                    until: def.lasts.map(|n| phase.saturating_add(n)),
                    link: None,
                },
            );
        }
        HostCommand::ClearStatus(name, status) => {
            let slot = find_slot(state, name)?;
            if !slot.has_status(status) {
                return Err(Refusal::new(
                    "no_status",
                    format!("{} is not {status}", slot.name),
                ));
            }
            let id = slot.id;
            state.slots[id].statuses.remove(status);
        }
        HostCommand::Replace(name, new_name) => {
            let new_name = new_name.trim();
            if new_name.is_empty() {
                return Err(Refusal::new("replace", "the new player needs a name"));
            }
            let id = find_slot(state, name)?.id;
            if state.slot_by_name(new_name).is_some_and(|s| s.id != id) {
                return Err(Refusal::new(
                    "replace",
                    format!("another slot is already played by {new_name}"),
                ));
            }
            let old = std::mem::replace(&mut state.slots[id].name, new_name.to_string());
            state.names.forget();
            state.slots[id].former_names.push(old.clone());
            rename_pending_targets(roleset, state, &old, new_name);
            state.host_messages.push(public(
                REPLACED_TEMPLATE,
                &[("new", new_name.to_string()), ("old", old)],
            ));
        }
        HostCommand::ChangeRole(name, role) => {
            let id = find_slot(state, name)?.id;
            if roleset.role(role).is_none() {
                return Err(Refusal::new(
                    "unknown_role",
                    format!("the roleset has no role `{role}`"),
                ));
            }
            state.slots[id].role = role.clone();
        }
        HostCommand::GrantExtra(name, role) => {
            let slot = find_slot(state, name)?;
            if roleset.role(role).is_none() {
                let hint =
                    super::suggest::did_you_mean(role, roleset.roles.iter().map(|r| r.id.as_str()));
                return Err(Refusal::new(
                    "unknown_role",
                    format!("the roleset has no role `{role}`{hint}"),
                ));
            }
            if slot.role == *role || slot.extra_roles.contains(role) {
                return Err(Refusal::new(
                    "has_role",
                    format!("{} already holds {role}", slot.name),
                ));
            }
            let id = slot.id;
            state.slots[id].extra_roles.push(role.clone());
        }
        HostCommand::RevokeExtra(name, role) => {
            let slot = find_slot(state, name)?;
            if !slot.extra_roles.contains(role) {
                return Err(Refusal::new(
                    "no_role",
                    format!("{} holds no extra role {role}", slot.name),
                ));
            }
            let id = slot.id;
            state.slots[id].extra_roles.retain(|r| r != role);
        }
        HostCommand::Message(to, text) => {
            let audience = match to {
                None => Audience::Public,
                Some(name) => Audience::Slot(find_slot(state, name)?.id),
            };
            state.host_messages.push(Message {
                audience,
                template: "host".into(),
                text: text.clone(),
                sent_alive: false,
            });
        }
        HostCommand::Note(text) => {
            state.host_messages.push(Message {
                audience: Audience::Host,
                template: "note".into(),
                text: text.clone(),
                sent_alive: false,
            });
        }
        HostCommand::Mark {
            player,
            text,
            colour,
        } => {
            let slot = find_slot(state, player)?.id;
            let phase = state.phase;
            state.markers.push(super::state::Marker {
                slot,
                phase,
                text: text.clone(),
                colour: colour.clone(),
            });
        }
        HostCommand::Deadline(Some((when, zone))) => {
            let deadline = super::deadline::Deadline::parse(when, zone)
                .map_err(|why| Refusal::new("deadline", why))?;
            state.deadlines.insert(state.phase, deadline);
        }
        HostCommand::Deadline(None) => {
            state.deadlines.remove(&state.phase);
        }
        HostCommand::Unmark(player) => {
            let slot = find_slot(state, player)?.id;
            if !state.markers.iter().any(|m| m.slot == slot) {
                return Err(Refusal::new(
                    "no_marker",
                    format!("{player} has no marker to take off"),
                ));
            }
            state.markers.retain(|m| m.slot != slot);
        }
    }
    Ok(())
}
