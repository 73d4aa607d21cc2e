//! Haunting games (the bot's `stats.haunting`, option `haunting: on`): the dead become ghosts
//! until banished, and each element's texts run while its holder is alive, a ghost, or both.
//!
//! As the bot does (`abilities/triggers.js` `executeTrigger`, `game/death.js`):
//! - every death makes a ghost, a true kill too; only a banishment (or leaving the game by
//!   `Ascend`/`Descend`) makes a player fully dead;
//! - an element's activation is its flag: `Ghostly Role|Group|Attribute` acts only as a ghost,
//!   `Haunted …` both alive and as a ghost, anything else only alive. A main role's activation
//!   is copied when the game starts and a role change keeps it;
//! - the check is made when a trigger fires (a prompt is offered, a text runs), never again
//!   when an answered prompt runs; a death's own triggers skip it;
//! - exactly one `Status:` restriction replaces the check (`Alive`, `Ghostly`, `Any`); with
//!   haunting off, `Status:` changes nothing;
//! - groups, polls and teams run as the living (a `Ghostly Group`'s own texts never run).

use super::eval::{Scope, V};
use super::program::Program;
use super::run::Run;
use super::world::{Activation, AttrKind, Src};
use crate::wwr::ast::{FlagKind, LivingStatus, RestrictionKind, TriggerBlock};

/// The option that turns haunting on.
pub const OPTION: &str = "haunting";

/// The name of the status a ghost carries in the game state: it keeps him acting, voting and
/// hearing his results after death, as the bot's Ghost role keeps his channels open.
pub const GHOST_STATUS: &str = "ghost";

/// The variable a death's own triggers carry: they run whatever the activation (the bot's
/// `haunted_overwrite`). Not a selector name a text can write.
pub const OVERWRITE: &str = "!haunted_overwrite";

pub fn on(run: &Run) -> bool {
    run.haunting
}

/// An element's activation from its flags.
pub fn activation_of(program: &Program, file: usize) -> Activation {
    let Some(element) = program.element(file) else {
        return Activation::Living;
    };
    let mut activation = Activation::Living;
    for flag in &element.flags {
        match flag.kind {
            FlagKind::GhostlyRole | FlagKind::GhostlyGroup => {
                activation = Activation::Ghostly;
            }
            FlagKind::HauntedRole | FlagKind::HauntedAttribute => {
                activation = Activation::Both;
            }
            _ => {}
        }
    }
    activation
}

/// Whether a source runs as a ghost's (the flag the bot passes to `executeTrigger`): a ghost's
/// own role and attributes, an extra role made while he was one. Groups, polls and teams never.
pub fn ghostly(run: &Run, src: &Src) -> bool {
    match src {
        Src::Player(p) | Src::Attribute { owner: p, .. } => {
            run.world.players.get(*p).is_some_and(|x| x.ghost)
        }
        Src::ExtraRole { id, .. } => run.world.attr(*id).is_some_and(|a| a.ghostly),
        _ => false,
    }
}

/// A source's activation: the player's own for a main role, else the element's flag.
fn activation(run: &Run, src: &Src) -> Activation {
    match src {
        Src::Player(p) => run
            .world
            .players
            .get(*p)
            .map_or(Activation::Living, |x| x.activation),
        Src::ExtraRole { id, .. } | Src::Attribute { id, .. } => {
            match run.world.attr(*id).map(|a| &a.kind) {
                Some(AttrKind::ExtraRole { role: file, .. })
                | Some(AttrKind::Custom {
                    attribute: file, ..
                }) => activation_of(&run.program, *file),
                _ => Activation::Living,
            }
        }
        Src::Group { file, .. } => activation_of(&run.program, *file),
        _ => Activation::Living,
    }
}

/// `Err` naming why a block does not run for this source now (the bot's "Ability is not
/// ghostly" / "Ability is ghostly"); always `Ok` without haunting or for a death's triggers.
pub fn gate(run: &Run, scope: &Scope, block: &TriggerBlock) -> Result<(), String> {
    if !on(run) || scope.var(OVERWRITE) == V::Bool(true) {
        return Ok(());
    }
    let is_ghost = ghostly(run, &scope.src);
    let statuses: Vec<LivingStatus> = super::triggers::all_params(block)
        .into_iter()
        .flat_map(|p| &p.restrictions)
        .filter_map(|r| match r.kind {
            RestrictionKind::Status { status } => Some(status),
            _ => None,
        })
        .collect();
    if let [status] = statuses[..] {
        return match status {
            LivingStatus::Any => Ok(()),
            LivingStatus::Alive if is_ghost => Err("Status: Alive (a ghost's turn)".into()),
            LivingStatus::Ghostly if !is_ghost => Err("Status: Ghostly (not a ghost)".into()),
            _ => Ok(()),
        };
    }
    match (activation(run, &scope.src), is_ghost) {
        (Activation::Living, true) => {
            Err("the text acts only while alive, and this is a ghost's".into())
        }
        (Activation::Ghostly, false) => Err("the text acts only as a ghost's (`Ghostly`)".into()),
        _ => Ok(()),
    }
}

/// Whether a member counts for a group now (the bot's `updateGroups` and `groupGetMembers`):
/// the living for a group without a flag, the ghosts for a `Ghostly Group`, either for one
/// `Haunted`. Without haunting nobody is a ghost, so only the living count.
pub fn counts_for_group(
    program: &Program,
    world: &super::world::World,
    group: usize,
    p: usize,
) -> bool {
    let Some(player) = world.players.get(p) else {
        return false;
    };
    match activation_of(program, group) {
        Activation::Living => player.alive,
        Activation::Ghostly => player.ghost,
        Activation::Both => player.alive || player.ghost,
    }
}

/// A player dies in a haunting game: he becomes a ghost, with the status that keeps him in
/// the game's hearing, and his attributes run as a ghost's.
pub fn make_ghost(run: &mut Run, p: usize) {
    run.world.players[p].ghost = true;
    run.ctx.set_status(p, GHOST_STATUS, None);
}

/// A ghost (or a living player: the bot does not check) is banished: fully dead.
pub fn banish(run: &mut Run, p: usize, cause: &str) {
    run.world.players[p].ghost = false;
    if run.world.players[p].alive {
        run.world.players[p].alive = false;
        run.ctx.kill(p, cause);
    }
    crate::kernel::status::clear(run.ctx, p, GHOST_STATUS);
}

/// The ghost comes back to life (the bot's `resurrectPlayer`).
pub fn resurrect(run: &mut Run, p: usize) {
    let player = &mut run.world.players[p];
    player.ghost = false;
    player.alive = true;
    crate::kernel::status::clear(run.ctx, p, GHOST_STATUS);
    run.ctx.revive(p);
}
