//! `Include: %Role%` (the bot's `triggerHandlerParsedHandler`): a role runs another role's
//! texts as its own. The included role is the holder's host information (`%Role%`, one per
//! player: the White Werewolf's and the Cursebearer's imitated role), looked up for the
//! holder's main role only, as the bot looks it up by player (an extra role's channel finds
//! none). Its triggers run after the holder's own, as the holder (`@Self` is he, its prompts
//! are his), its `Starting` too; its `Role Attribute:` lines, flags and identity are not
//! taken. An include that names no role of the book is skipped, as the bot skips it, and the
//! trace says so.

use super::eval::{Scope, V};
use super::run::Run;
use super::world::Src;
use crate::wwr::ast::{SpecialKind, TriggerKind};

/// Work out again which roles each player's main role includes, after the game's start, a
/// role change or the host's edit of a slot or of the host information.
pub fn refresh(run: &mut Run) {
    for p in 0..run.world.players.len() {
        let included = included_by(run, p);
        if run.world.players[p].included != included {
            run.world.players[p].included = included;
        }
    }
}

/// The role files the player's main role includes now.
fn included_by(run: &mut Run, p: usize) -> Vec<usize> {
    let role = run.world.players[p].role;
    let Some(element) = run.program.element(role) else {
        return Vec::new();
    };
    let values: Vec<crate::wwr::ast::Value> = element
        .specials
        .iter()
        .filter(|s| s.kind == SpecialKind::Include)
        .map(|s| s.value.clone())
        .collect();
    let scope = Scope::new(Src::Player(p), role, TriggerKind::Starting);
    let mut found = Vec::new();
    for value in values {
        match run.eval(&scope, &value) {
            V::Role(file) if file != role && !found.contains(&file) => found.push(file),
            V::Role(_) => {}
            other => {
                let shown = run.show(&other);
                run.note(
                    "include",
                    format!(
                        "{}'s `Include: {value}` names no role of the book (`{shown}`): skipped, as the bot skips it",
                        run.name(p)
                    ),
                );
            }
        }
    }
    found
}
