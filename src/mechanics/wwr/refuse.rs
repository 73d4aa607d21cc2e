//! The entries the executor refuses before they are logged: a prompt that is not open now, a
//! restriction the answer fails, a selection of the wrong kind, a vote on a poll that is not
//! open or by a player it does not count.

use super::eval::Scope;
use super::phase::world_now;
use super::program::{Program, Timing};
use super::run::Run;
use super::triggers::restrictions;
use super::world::Src;
use crate::engine::resolve::Ctx;
use crate::engine::system::{ActQuery, VoteQuery};
use crate::engine::{GameState, Refusal, SlotId};
use crate::rules::Roleset;

fn refusal(message: String) -> Refusal {
    Refusal::new("restriction", message)
}

/// May the slot answer this prompt now, whatever it names?
pub fn usable(
    roleset: &Roleset,
    state: &GameState,
    actor: SlotId,
    ability: &str,
) -> Result<(), Refusal> {
    let program = Program::of(roleset);
    if ability == super::abilities::whispering::MESSAGE_PROMPT {
        return whisper_open(roleset, state, actor);
    }
    let Some(prompt) = program.prompts.get(ability) else {
        return Err(Refusal::new(
            "unknown_ability",
            format!("no prompt `{ability}`"),
        ));
    };
    if state.game_over.is_some() {
        return Err(Refusal::new("game_over", "the game is over"));
    }
    if prompt.event {
        let world = world_now(roleset, state);
        if !world
            .opened
            .iter()
            .any(|(p, a)| *p == actor && a == ability)
        {
            return Err(Refusal::new(
                "not_open",
                format!(
                    "`{ability}` opens only when its trigger fires, and it is not open for this player now"
                ),
            ));
        }
        return Ok(());
    }
    if prompt.timing == Timing::Start && state.phase == 0 && prompt.phase.is_none() {
        return Ok(());
    }
    // The prompt is issued (or not) as the phase starts.
    let world = super::phase::world_start(roleset, state);
    check(roleset, state, world, actor, ability, None)
}

/// The restrictions of the prompt for this actor, with the selection when given.
fn check(
    roleset: &Roleset,
    state: &GameState,
    world: super::world::World,
    actor: SlotId,
    ability: &str,
    targets: Option<&[String]>,
) -> Result<(), Refusal> {
    let program = Program::of(roleset);
    // An entry names the prompt, and a save's entries are text: looked up, never indexed.
    let Some(prompt) = program.prompts.get(ability) else {
        return Err(Refusal::new(
            "unknown_ability",
            format!("no prompt `{ability}`"),
        ));
    };
    let Some(&(file, block)) = program.triggers(prompt.role).get(prompt.trigger) else {
        return Err(Refusal::new(
            "unknown_ability",
            format!("no trigger for the prompt `{ability}`"),
        ));
    };
    let src = super::phase::prompt_source(&world, actor, prompt.role).unwrap_or(Src::Player(actor));
    let mut ctx = Ctx::dry_run(roleset, state, 0);
    let mut run = Run::new(&mut ctx, world, program.clone());
    // A scaling that gives no use now sends no prompt (the bot's `executeTrigger`: "Action
    // count is `0`"): the Mayor's decree once no more are living than his counter.
    let scope = Scope::new(src.clone(), file, block.trigger.kind);
    if !super::program::block_scalings(block).is_empty()
        && super::triggers::scaling(&mut run, &scope, block) == 0
    {
        return Err(Refusal::new(
            "not_open",
            format!("`{ability}` is not offered now: its scaling gives no use"),
        ));
    }
    let per_use = prompt.selections.len().max(1);
    let chunks: Vec<&[String]> = match targets {
        Some(t) if !prompt.selections.is_empty() && !t.is_empty() => t.chunks(per_use).collect(),
        _ => vec![&[]],
    };
    for chunk in chunks {
        let mut scope = Scope::new(src.clone(), file, block.trigger.kind);
        super::phase::bind_selections(&run, &mut scope, &prompt.selections, chunk);
        restrictions(&mut run, &scope, file, block, targets.is_some()).map_err(|why| {
            refusal(format!(
                "{} cannot use `{ability}` now: the restriction `{why}` fails",
                run.name(actor)
            ))
        })?;
    }
    Ok(())
}

/// A message through a whisper is entered only by a player holding a named whisper now.
fn whisper_open(roleset: &Roleset, state: &GameState, actor: SlotId) -> Result<(), Refusal> {
    let world = world_now(roleset, state);
    if super::abilities::whispering::names_of(&world, actor).is_empty() {
        return Err(Refusal::new(
            "not_open",
            "this player holds no named whisper now, so no message goes through one",
        ));
    }
    Ok(())
}

pub fn act(q: &ActQuery<'_>) -> Result<(), Refusal> {
    let program = Program::of(q.roleset);
    if q.ability == super::abilities::whispering::MESSAGE_PROMPT {
        let world = world_now(q.roleset, q.state);
        let held = super::abilities::whispering::names_of(&world, q.actor);
        let name = q.targets.first().map_or("", String::as_str);
        if !held.iter().any(|n| n.eq_ignore_ascii_case(name)) {
            return Err(Refusal::new(
                "illegal_target",
                format!(
                    "this player whispers as {} now, not as {name}",
                    if held.is_empty() {
                        "nobody".to_string()
                    } else {
                        held.join(", ")
                    }
                ),
            ));
        }
        return Ok(());
    }
    let Some(prompt) = program.prompts.get(q.ability) else {
        return Ok(());
    };
    let per_use = prompt.selections.len();
    if per_use > 1 && !q.targets.len().is_multiple_of(per_use) {
        return Err(Refusal::new(
            "target_count",
            format!("`{}` takes its selections {per_use} at a time", q.ability),
        ));
    }
    // An event's prompt is open in this phase (`usable` said so): its restrictions are read
    // against the world now, with the answer's selection, as the bot refuses a reply.
    let world = world_now(q.roleset, q.state);
    // A ghost selection names a ghost (the bot: "Player is not a ghostly participant.").
    if per_use > 0 {
        for (i, target) in q.targets.iter().enumerate() {
            if prompt.selections[i % per_use] != super::program::Selection::Ghost {
                continue;
            }
            let ghost = q
                .state
                .slot_by_name(target)
                .is_some_and(|t| world.players.get(t.id).is_some_and(|p| p.ghost));
            if !ghost {
                return Err(Refusal::new(
                    "illegal_target",
                    format!("`{}` selects a ghost, and {target} is not one", q.ability),
                ));
            }
        }
    }
    check(
        q.roleset,
        q.state,
        world,
        q.actor,
        q.ability,
        Some(q.targets),
    )
}

pub fn vote(q: &VoteQuery<'_>) -> Result<(), Refusal> {
    let world = world_now(q.roleset, q.state);
    let program = Program::of(q.roleset);
    let Some(poll) = world.polls.iter().find(|p| p.ballot == q.ballot) else {
        let open: Vec<String> = world.polls.iter().map(|p| p.ballot.clone()).collect();
        return Err(Refusal::new(
            "wrong_phase",
            format!(
                "the {} poll is not open now (open: {})",
                q.ballot,
                if open.is_empty() {
                    "none".to_string()
                } else {
                    open.join(", ")
                }
            ),
        ));
    };
    let name = q
        .state
        .slots
        .get(q.voter)
        .map(|s| s.name.clone())
        .unwrap_or_default();
    // A poll's options are the living (`@All`) and its words: a dead player is none of them,
    // nor one made unvotable before the poll opened (the bot leaves him off the poll).
    if let Some(target) = q.state.slot_by_name(q.target) {
        let poll_name = program.name(poll.poll);
        let ghost_offered = world.players.get(target.id).is_some_and(|p| p.ghost)
            && offered(q.roleset, q.state, world.clone(), poll.poll, target.id);
        if !world.players.get(target.id).is_some_and(|p| p.alive) && !ghost_offered {
            return Err(Refusal::new(
                "dead_target",
                format!(
                    "{} is dead: the {poll_name} poll offers only the living",
                    target.name
                ),
            ));
        }
        if poll.unvotable.contains(&target.id) {
            return Err(Refusal::new(
                "illegal_target",
                format!(
                    "{} is not among the {poll_name} poll's options: he was made unvotable",
                    target.name
                ),
            ));
        }
    }
    // The group is read before the Allowed Voters' evaluation takes the world.
    // (the dead watch every channel: a group's poll keeps out only the living outside it)
    let living = world.players.get(q.voter).is_some_and(|p| p.alive);
    let outside_group = poll
        .group
        .filter(|&g| living && !world.in_group(q.voter, g));
    let poll = poll.poll;
    if !allowed_voter(q.roleset, q.state, world, poll, q.voter) {
        return Err(Refusal::new(
            "not_a_voter",
            format!(
                "{name} is not among the Allowed Voters of the {} poll",
                program.name(poll)
            ),
        ));
    }
    if let Some(g) = outside_group {
        return Err(Refusal::new(
            "not_a_voter",
            format!(
                "only members of {} vote in its poll, and {name} is not one",
                program.name(g)
            ),
        ));
    }
    Ok(())
}

/// A dead player votes in an open poll whose `Allowed Voters` name him now (`@Dead`, the
/// Medium's question).
pub fn dead_may_vote(roleset: &Roleset, state: &GameState, ballot: &str, voter: SlotId) -> bool {
    let world = world_now(roleset, state);
    let Some(poll) = world
        .polls
        .iter()
        .find(|p| p.ballot == ballot)
        .map(|p| p.poll)
    else {
        return false;
    };
    setting_players(roleset, state, world, poll, voter, |s| match s {
        crate::wwr::ast::Setting::AllowedVoters { voters, .. } => Some(voters),
        _ => None,
    })
    .unwrap_or(false)
}

/// Is the player among the poll's `Available Options` as they evaluate now (the ghosts'
/// polls offer `@Ghostly`)?
fn offered(
    roleset: &Roleset,
    state: &GameState,
    world: super::world::World,
    poll: usize,
    player: SlotId,
) -> bool {
    setting_players(roleset, state, world, poll, player, |s| match s {
        crate::wwr::ast::Setting::AvailableOptions { options, .. } => Some(options),
        _ => None,
    })
    .unwrap_or(false)
}

/// Whether `player` is among the players the poll's setting lists (`None` when the poll has
/// no such setting), evaluated now in `world`, which the evaluation takes.
fn setting_players(
    roleset: &Roleset,
    state: &GameState,
    world: super::world::World,
    poll: usize,
    player: SlotId,
    pick: impl Fn(&crate::wwr::ast::Setting) -> Option<&Vec<crate::wwr::ast::Value>>,
) -> Option<bool> {
    let program = Program::of(roleset);
    let element = program.element(poll)?;
    let lists: Vec<&crate::wwr::ast::Value> = element
        .settings
        .iter()
        .filter_map(&pick)
        .flatten()
        .collect();
    if lists.is_empty() {
        return None;
    }
    let mut ctx = Ctx::dry_run(roleset, state, 0);
    let mut run = Run::new(&mut ctx, world, program.clone());
    let scope = Scope::new(Src::Poll(poll), poll, crate::wwr::ast::TriggerKind::Passive);
    Some(
        lists
            .iter()
            .any(|v| run.eval(&scope, v).players().contains(&player)),
    )
}

/// Is the voter among the poll's `Allowed Voters` (evaluated now, in `world`, which the
/// evaluation takes)?
fn allowed_voter(
    roleset: &Roleset,
    state: &GameState,
    world: super::world::World,
    poll: usize,
    voter: SlotId,
) -> bool {
    setting_players(roleset, state, world, poll, voter, |s| match s {
        crate::wwr::ast::Setting::AllowedVoters { voters, .. } => Some(voters),
        _ => None,
    })
    .unwrap_or(true)
}
