//! The win check (research §1.14): an active team (one with a living player of its alignment)
//! wins when every living player is in the union of its `Win Condition` selectors. Several
//! teams may win at once. There is no parity rule.

use super::eval::Scope;
use super::run::Run;
use super::triggers::active_teams;
use super::world::Src;
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::state::GameOver;
use crate::wwr::ast::{Setting, TriggerKind};

/// Check; returns whether the game is over.
pub fn check(run: &mut Run) -> bool {
    if run.ctx.state.game_over.is_some() {
        return true;
    }
    let living: Vec<usize> = run.world.living().collect();
    if living.is_empty() {
        run.note(
            "win",
            "nobody is alive: the host declares the result (a draw)",
        );
        the_end(run);
        // only those who ascended win (the Chef's `On End` ascension)
        let slots: Vec<usize> = (0..run.world.players.len())
            .filter(|p| run.world.players[*p].final_result == Some(true))
            .collect();
        run.ctx.state.game_over = Some(GameOver {
            winners: Vec::new(),
            winning_slots: slots,
            after_game_counted: false,
        });
        return true;
    }
    let program = run.program.clone();
    let mut winners = Vec::new();
    for team in active_teams(run) {
        let Some(element) = program.element(team) else {
            continue;
        };
        let conditions: Vec<_> = element
            .settings
            .iter()
            .filter_map(|s| match s {
                Setting::WinCondition { any_of, .. } => Some(any_of.clone()),
                _ => None,
            })
            .flatten()
            .collect();
        if conditions.is_empty() {
            continue;
        }
        let scope = Scope::new(Src::Team(team), team, TriggerKind::OnEnd);
        let mut covered = Vec::new();
        for c in &conditions {
            covered.extend(run.eval(&scope, c).players());
        }
        if living.iter().all(|p| covered.contains(p)) {
            winners.push(team);
        }
    }
    if winners.is_empty() {
        return false;
    }
    the_end(run);
    let names: Vec<String> = winners
        .iter()
        .map(|t| program.name(*t).to_string())
        .collect();
    // a team's players win with it, save one who descended; one who ascended wins whatever
    let slots: Vec<usize> = (0..run.world.players.len())
        .filter(|p| {
            let player = &run.world.players[*p];
            match player.final_result {
                Some(result) => result,
                None => player.alignment.is_some_and(|a| winners.contains(&a)),
            }
        })
        .collect();
    let key = run.key("win");
    run.step(
        key,
        StepResult::Success,
        None,
        None,
        names.clone(),
        vec![format!(
            "every living player ({}) is in the win condition of {}",
            run.names(&living),
            names.join(" and ")
        )],
    );
    run.tell(
        Audience::Public,
        format!("The game is over: {} won.", names.join(" and ")),
    );
    run.ctx.state.game_over = Some(GameOver {
        // By side id, as the roleset's sides name the teams.
        winners: winners
            .iter()
            .map(|t| super::setup::team_key(&program, *t))
            .collect(),
        winning_slots: slots,
        after_game_counted: false,
    });
    true
}

/// The game ends: `On End` fires for everyone before the results are read (the bot's
/// `triggerHandler("On End")` in `game/teams.js`), so an ascension there (the Chef's, while a
/// waiter lives) counts.
fn the_end(run: &mut Run) {
    super::triggers::fire_all(run, TriggerKind::OnEnd, &[]);
}
