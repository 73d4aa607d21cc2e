//! Closing the polls open in a phase (research §1.13, the bot's `closePoll` in
//! `game/polls.js`): each counts the votes of the allowed voters (a group's poll only its
//! members'), each weighing the voter's voting power, with the poll's extra votes; `Abstain`
//! never wins, a tie, no vote or a cancellation skips it, `Random` draws from the poll's
//! `Random:` selector, a disqualified winner does not take the win; the winner fires `On Poll
//! Closed` on the poll's creator (a group's poll acting through a voter of the winning
//! option), then `On Poll Win` on himself, with `@Voters` and `@OtherVoters`.

use super::abilities::manipulating;
use super::eval::{Scope, V};
use super::run::Run;
use super::triggers::{fire_on, fire_player};
use super::world::{OpenPoll, PollMarkKind, Src};
use crate::engine::entry::PendingKind;
use crate::engine::outcome::{CountedTotal, StepResult};
use crate::wwr::ast::{Setting, TriggerKind};
use crate::wwr::names::normalize;

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

/// One option's count at closing (the bot's `votesData` row and result line).
struct Count {
    option: String,
    /// The votes that decide.
    total: i64,
    /// The votes the result shows (no hidden power, no hidden extra votes).
    visible: i64,
    voters: Vec<usize>,
}

/// The options' counts (`closePoll`): each allowed voter's vote weighs his voting power on
/// this kind of poll (a group's poll is private, every other public), and the poll's extra
/// votes are added, used up. An option with no voter and no votes, or below zero, is left out.
fn count(run: &mut Run, poll: &OpenPoll) -> Vec<Count> {
    let private = poll.group.is_some();
    let mut counts: Vec<Count> = Vec::new();
    let listed = allowed_voters(run, poll.poll);
    for (voter, target) in votes(run, &poll.ballot) {
        let listed_or_living = match &listed {
            Some(list) => list.contains(&voter),
            None => run.alive(voter),
        };
        // the dead watch every channel: a group's poll keeps out only the living outside it
        let allowed = listed_or_living
            && poll
                .group
                .is_none_or(|g| !run.alive(voter) || run.world.in_group(voter, g));
        let unvotable = run
            .ctx
            .slot_of(&target)
            .is_some_and(|t| poll.unvotable.contains(&t));
        if !allowed || unvotable {
            continue;
        }
        let power = manipulating::power(&run.world, voter, private);
        let i = match counts.iter().position(|c| c.option == target) {
            Some(i) => i,
            None => {
                counts.push(Count {
                    option: target,
                    total: 0,
                    visible: 0,
                    voters: Vec::new(),
                });
                counts.len() - 1
            }
        };
        counts[i].total = counts[i].total.saturating_add(power.total);
        counts[i].visible = counts[i].visible.saturating_add(power.visible);
        counts[i].voters.push(voter);
    }
    let extra = run
        .world
        .use_poll_marks(poll.poll, |k| matches!(k, PollMarkKind::Votes { .. }));
    for mark in extra {
        let PollMarkKind::Votes {
            candidate,
            amount,
            hidden,
        } = mark
        else {
            continue;
        };
        let option = run.name(candidate);
        let shown = if hidden { 0 } else { amount };
        match counts.iter_mut().find(|c| c.option == option) {
            Some(c) => {
                c.total = c.total.saturating_add(amount);
                c.visible = c.visible.saturating_add(shown);
            }
            None => counts.push(Count {
                option,
                total: amount,
                visible: shown,
                voters: Vec::new(),
            }),
        }
    }
    counts.retain(|c| c.total >= 0 && !(c.voters.is_empty() && c.total == 0));
    // in the options' order by name, as the step lists them
    counts.sort_by(|a, b| a.option.cmp(&b.option));
    counts
}

/// The players the poll's `Allowed Voters` name at its closing (the bot evaluates them then:
/// `@Dead` for the Medium's question, `@Ghostly` for the ghosts' polls); `None` when the poll
/// names none, and the living vote.
fn allowed_voters(run: &mut Run, poll: usize) -> Option<Vec<usize>> {
    let element = run.program.element(poll)?;
    let lists: Vec<crate::wwr::ast::Value> = element
        .settings
        .iter()
        .filter_map(|s| match s {
            crate::wwr::ast::Setting::AllowedVoters { voters, .. } => Some(voters.clone()),
            _ => None,
        })
        .flatten()
        .collect();
    if lists.is_empty() {
        return None;
    }
    let scope = Scope::new(Src::Poll(poll), poll, TriggerKind::Passive);
    let mut players = Vec::new();
    for v in &lists {
        players.extend(run.eval(&scope, v).players());
    }
    Some(players)
}

/// Use up the first mark of this poll that `which` picks, if there is one.
fn take_mark(run: &mut Run, poll: usize, which: impl Fn(&PollMarkKind) -> bool) -> bool {
    let mut taken = false;
    run.world.use_poll_marks(poll, |k| {
        let first = !taken && which(k);
        taken |= first;
        first
    });
    taken
}

fn close(run: &mut Run, poll: &OpenPoll) {
    let name = run.program.name(poll.poll).to_string();
    let key = run.key(&format!("poll:{}", poll.ballot));
    let counts = count(run, poll);
    for c in &counts {
        run.ctx.outcome.counted.push(CountedTotal {
            ballot: poll.ballot.clone(),
            target: c.option.clone(),
            total: manipulating::as_votes(c.visible),
        });
    }
    let tally: Vec<String> = counts
        .iter()
        .map(|c| {
            if c.total == c.visible {
                format!("{} {}", c.option, c.total)
            } else {
                format!("{} {} ({} shown)", c.option, c.total, c.visible)
            }
        })
        .collect();
    let reason = format!(
        "the {name} poll closes: {}",
        if tally.is_empty() {
            "no votes".to_string()
        } else {
            tally.join(", ")
        }
    );
    // The leaders: the most votes above zero, Abstain and Hammer never among them; on a tie
    // the bot keeps no voters (`maxVotesValidVoters` is emptied).
    let best = counts
        .iter()
        .filter(|c| c.total > 0 && !never_wins(&c.option))
        .map(|c| c.total)
        .max();
    let leaders: Vec<&Count> = counts
        .iter()
        .filter(|c| Some(c.total) == best && !never_wins(&c.option))
        .collect();
    let voters: Vec<usize> = match leaders.as_slice() {
        [one] => one.voters.clone(),
        _ => Vec::new(),
    };
    let options: Vec<String> = leaders.iter().map(|c| c.option.clone()).collect();
    if let Some((result, why)) = run.ctx.verdict_stop(&key) {
        run.step(key, result, None, None, Vec::new(), vec![reason, why]);
        skipped(run, poll, &options, &voters);
        return;
    }
    if take_mark(run, poll.poll, |k| *k == PollMarkKind::Cancelled) {
        run.step(
            key,
            StepResult::Skipped,
            None,
            None,
            Vec::new(),
            vec![reason, "The poll was cancelled: On Poll Skipped".into()],
        );
        skipped(run, poll, &options, &voters);
        return;
    }
    if options.len() != 1 {
        let why = if options.is_empty() {
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
        skipped(run, poll, &options, &voters);
        return;
    }
    let choice = options[0].clone();
    let winner = if normalize(&choice) == "random" {
        let pool = random_pool(run, poll);
        run.draw_player(&format!("the {name} poll's random winner"), &pool)
    } else {
        run.ctx.slot_of(&choice)
    };
    // a ghost may win the ghosts' polls (`Available Options: @Ghostly`)
    let in_game = |w: &usize| run.alive(*w) || run.world.players.get(*w).is_some_and(|p| p.ghost);
    let Some(winner) = winner.filter(in_game) else {
        run.step(
            key,
            StepResult::Skipped,
            None,
            None,
            Vec::new(),
            vec![
                reason,
                format!("{choice} won, which is no living player: On Poll Skipped"),
            ],
        );
        skipped(run, poll, &options, &voters);
        return;
    };
    let winner_name = run.name(winner);
    if take_mark(
        run,
        poll.poll,
        |k| matches!(k, PollMarkKind::Disqualified(p) if *p == winner),
    ) {
        run.step(
            key,
            StepResult::Skipped,
            None,
            None,
            vec![winner_name.clone()],
            vec![
                reason,
                format!("{winner_name} is disqualified: On Poll Skipped"),
            ],
        );
        skipped(run, poll, &[winner_name], &voters);
        return;
    }
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
        vec![winner_name.clone()],
        vec![reason, format!("{winner_name} won")],
    );
    let other_voters: Vec<usize> = voters.iter().copied().filter(|v| *v != winner).collect();
    let mut vars = vec![
        ("winner", V::Players(vec![winner])),
        ("winner1", V::Players(vec![winner])),
        ("voters", V::Players(voters.clone())),
        ("othervoters", V::Players(other_voters.clone())),
    ];
    if let Some(e) = creator.player() {
        vars.push(("executor", V::Players(vec![e])));
    }
    fire_on(run, &creator, TriggerKind::OnPollClosed, &vars);
    // `On Poll Win`, then `On Poll <Name> Win` by the poll's title and again by its type: the
    // bot fires the named form twice when the two are the same (`Lynch`).
    let win_vars = [
        ("voters", V::Players(voters)),
        ("othervoters", V::Players(other_voters)),
    ];
    fire_player(run, winner, TriggerKind::OnPollWin, &win_vars);
    let title = poll.title.clone().unwrap_or_else(|| name.clone());
    for poll_name in [title, name] {
        let mut vars = win_vars.to_vec();
        vars.push(("pollname", V::Text(poll_name)));
        fire_player(run, winner, TriggerKind::OnPollWin, &vars);
    }
}

/// `Abstain` and `Hammer` are counted and shown, and never win.
fn never_wins(option: &str) -> bool {
    matches!(normalize(option).as_str(), "abstain" | "hammer")
}

fn skipped(run: &mut Run, poll: &OpenPoll, options: &[String], voters: &[usize]) {
    let mut vars: Vec<(String, V)> = Vec::new();
    for (i, t) in options.iter().enumerate() {
        let v = run
            .ctx
            .slot_of(t)
            .map_or_else(|| V::Text(t.clone()), |p| V::Players(vec![p]));
        if i == 0 {
            vars.push(("winner".into(), v.clone()));
        }
        vars.push((format!("winner{}", i + 1), v));
    }
    let first = options.first().and_then(|t| run.ctx.slot_of(t));
    vars.push(("voters".into(), V::Players(voters.to_vec())));
    vars.push((
        "othervoters".into(),
        V::Players(
            voters
                .iter()
                .copied()
                .filter(|v| Some(*v) != first)
                .collect(),
        ),
    ));
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
