//! Closing the polls open in a phase (research §1.13): each counts the votes of the allowed
//! voters (a group's poll only its members'), `Abstain` never wins, a tie or no vote skips
//! it, `Random` draws from the poll's `Random:` selector; the winner fires `On Poll Closed` on
//! the poll's creator, a group's poll acting through a voter of the winning option.

use super::eval::{Scope, V};
use super::run::Run;
use super::triggers::fire_on;
use super::world::{OpenPoll, Src};
use crate::engine::entry::PendingKind;
use crate::engine::outcome::{CountedTotal, StepResult};
use crate::wwr::ast::{Setting, TriggerKind};
use crate::wwr::names::normalize;
use std::collections::BTreeMap;

/// The live votes of a ballot: voter and target, in order.
pub fn votes(run: &Run, ballot: &str) -> Vec<(usize, String)> {
    run.ctx
        .state
        .pending
        .iter()
        .filter(|p| p.is_live())
        .filter_map(|p| match &p.kind {
            PendingKind::Vote {
                ballot: b,
                voter,
                target,
            } if b == ballot => Some((*voter, target.clone())),
            _ => None,
        })
        .collect()
}

pub fn close_all(run: &mut Run) {
    let polls = std::mem::take(&mut run.world.polls);
    for poll in polls {
        close(run, &poll);
    }
}

fn close(run: &mut Run, poll: &OpenPoll) {
    let name = run.program.name(poll.poll).to_string();
    let key = run.key(&format!("poll:{}", poll.ballot));
    let mut totals: BTreeMap<String, (i32, Vec<usize>)> = BTreeMap::new();
    for (voter, target) in votes(run, &poll.ballot) {
        let counts = run.alive(voter) && poll.group.is_none_or(|g| run.world.in_group(voter, g));
        if !counts {
            continue;
        }
        let t = totals.entry(target).or_default();
        t.0 += 1;
        t.1.push(voter);
    }
    for (target, (total, _)) in &totals {
        run.ctx.outcome.counted.push(CountedTotal {
            ballot: poll.ballot.clone(),
            target: target.clone(),
            total: *total,
        });
    }
    let tally: Vec<String> = totals
        .iter()
        .map(|(t, (n, _))| format!("{t} {n}"))
        .collect();
    let best = totals
        .iter()
        .filter(|(t, _)| normalize(t) != "abstain")
        .map(|(_, (n, _))| *n)
        .max()
        .unwrap_or(0);
    let leaders: Vec<(String, Vec<usize>)> = totals
        .iter()
        .filter(|(t, (n, _))| *n == best && best > 0 && normalize(t) != "abstain")
        .map(|(t, (_, v))| (t.clone(), v.clone()))
        .collect();
    if let Some((result, why)) = run.ctx.verdict_stop(&key) {
        run.step(
            key,
            result,
            None,
            None,
            Vec::new(),
            vec![format!("the {name} poll closes: {}", tally.join(", ")), why],
        );
        skipped(run, poll, &[]);
        return;
    }
    let reason = format!(
        "the {name} poll closes: {}",
        if tally.is_empty() {
            "no votes".to_string()
        } else {
            tally.join(", ")
        }
    );
    if leaders.len() != 1 {
        let tied: Vec<usize> = leaders
            .iter()
            .filter_map(|(t, _)| run.ctx.slot_of(t))
            .collect();
        let why = if leaders.is_empty() {
            "nobody won"
        } else {
            "a tie"
        };
        run.step(
            key,
            StepResult::Skipped,
            None,
            None,
            Vec::new(),
            vec![reason, format!("{why}: On Poll Skipped")],
        );
        skipped(run, poll, &tied);
        return;
    }
    let (choice, voters) = leaders.into_iter().next().expect("one leader");
    let winner = if normalize(&choice) == "random" {
        let pool = random_pool(run, poll);
        run.draw_player(&format!("the {name} poll's random winner"), &pool)
    } else {
        run.ctx.slot_of(&choice)
    };
    let Some(winner) = winner.filter(|w| run.alive(*w)) else {
        run.step(
            key,
            StepResult::Skipped,
            None,
            None,
            Vec::new(),
            vec![
                reason,
                "the winner is no living player: On Poll Skipped".into(),
            ],
        );
        skipped(run, poll, &[]);
        return;
    };
    // A group's poll acts through one of the voters for the winning option.
    let creator = match &poll.creator {
        Src::Group { file, .. } => {
            let executor = run.draw_player(&format!("the {name} poll's executor"), &voters);
            Src::Group {
                file: *file,
                executor,
            }
        }
        other => other.clone(),
    };
    run.step(
        key,
        StepResult::Success,
        None,
        None,
        vec![run.name(winner)],
        vec![reason, format!("{} won", run.name(winner))],
    );
    let mut vars = vec![("winner", V::Players(vec![winner]))];
    if let Some(e) = creator.player() {
        vars.push(("executor", V::Players(vec![e])));
    }
    fire_on(run, &creator, TriggerKind::OnPollClosed, &vars);
}

fn skipped(run: &mut Run, poll: &OpenPoll, tied: &[usize]) {
    let mut vars: Vec<(String, V)> = Vec::new();
    for (i, t) in tied.iter().enumerate() {
        vars.push((format!("winner{}", i + 1), V::Players(vec![*t])));
    }
    let vars: Vec<(&str, V)> = vars.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
    fire_on(
        run,
        &poll.creator.clone(),
        TriggerKind::OnPollSkipped,
        &vars,
    );
}

/// The players a `Random` vote draws from: the poll's `Random:` selector, else the living.
fn random_pool(run: &mut Run, poll: &OpenPoll) -> Vec<usize> {
    let program = run.program.clone();
    let setting = program.element(poll.poll).and_then(|e| {
        e.settings.iter().find_map(|s| match s {
            Setting::Random { from, .. } => Some(from.clone()),
            _ => None,
        })
    });
    match setting {
        Some(v) => {
            let scope = Scope::new(poll.creator.clone(), poll.poll, TriggerKind::OnPollClosed);
            run.eval(&scope, &v).players()
        }
        None => run.world.living().collect(),
    }
}
