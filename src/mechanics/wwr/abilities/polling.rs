//! Polls (the bot's `abilities/types/poll.js`): `Create [\`Name\`] Poll in #place` opens a poll
//! for this phase, whose votes go to the ballot of the same name; a poll a group creates, or
//! one created in a group's channel (`in #cult`), takes only that group's members' votes: in
//! the bot only they see it. `Add`/`Delete \`Name\` Poll` make the poll's next creation open
//! one more or one fewer (`pollCountModify`): none says that the poll will not take place, two
//! open `Name #1` and `Name #2`, each with its ballot (`wolfpack`, `wolfpack_2`).
//! `Cancel` and `Manipulate \`Name\` Poll (…)` leave a mark for the poll's next closing (a
//! cancellation, a disqualified winner, extra votes) or opening (an unvotable candidate),
//! used up there unless a duration says otherwise (`pollCancel`, `pollManipulation`,
//! `pollVotes`; read at closing in [`crate::mechanics::wwr::polls`]).

use crate::engine::outcome::Audience;
use crate::mechanics::wwr::eval::{Feedback, Scope, V};
use crate::mechanics::wwr::run::Run;
use crate::mechanics::wwr::visit::{Gate, Visit, gate};
use crate::mechanics::wwr::world::{Lasting, OpenPoll, PollCount, PollMark, PollMarkKind, Src};
use crate::wwr::ast::{self, PollAction, PollManipulation};
use crate::wwr::names::normalize;
use crate::wwr::resolve::Namespace;

/// The most instances of one poll a phase opens: the ballots a roleset declares for it.
pub const MOST_INSTANCES: usize = 4;

pub fn run(run: &mut Run, scope: &mut Scope, ability: &ast::Poll) -> Feedback {
    let action = ability.action;
    let file = match &ability.poll {
        Some(p) => {
            let v = run.eval(scope, p);
            let name = run.show(&v);
            run.program.find(Namespace::Poll, &name)
        }
        None => Some(scope.element),
    };
    let Some(file) = file else {
        return Feedback::failed("No such poll").told(
            "Poll manipulation failed! This is likely caused by an error. Please contact a Host.",
        );
    };
    let name = run.program.name(file).to_string();
    match action {
        PollAction::Create => create(run, scope, file, ability),
        PollAction::Add | PollAction::Delete => {
            let delta = if action == PollAction::Add { 1 } else { -1 };
            run.world.poll_counts.push(PollCount { poll: file, delta });
            let (told, detail) = if delta > 0 {
                (
                    "Poll added!",
                    format!("the next {name} poll opens one more"),
                )
            } else {
                (
                    "Poll removed!",
                    format!("the next {name} poll opens one fewer"),
                )
            };
            Feedback {
                detail,
                ..Feedback::ok(told)
            }
        }
        PollAction::Cancel => {
            mark(run, file, PollMarkKind::Cancelled, ability);
            Feedback {
                detail: format!("the next {name} poll to close is cancelled"),
                ..Feedback::ok("Poll cancelled!")
            }
        }
        PollAction::Manipulate => match &ability.manipulation {
            Some(m) => manipulate(run, scope, file, m, ability),
            None => Feedback::failed("no manipulation written"),
        },
    }
}

/// The failure the bot reports for a poll manipulation it cannot read.
const FAILED: &str =
    "Poll manipulation failed! This is likely caused by an error. Please contact a Host.";

fn mark(run: &mut Run, poll: usize, kind: PollMarkKind, ability: &ast::Poll) {
    run.world.poll_marks.push(PollMark {
        poll,
        kind,
        lasting: super::lasting(ability.duration, Lasting::UntilUse),
        applied: run.phase,
        used: 0,
    });
}

/// `(@Selection is \`Disqualified\`)`, `(… is \`Unvotable\`)`, `(… has N [hidden] votes)`:
/// each target is visited, then marked.
fn manipulate(
    run: &mut Run,
    scope: &mut Scope,
    file: usize,
    manipulation: &PollManipulation,
    ability: &ast::Poll,
) -> Feedback {
    let name = run.program.name(file).to_string();
    let (target, subtype, parameter) = match manipulation {
        PollManipulation::Status { target, status } => {
            let v = run.eval(scope, status);
            (target, "manipulation", v)
        }
        PollManipulation::Votes { target, votes, .. } => {
            let v = run.eval(scope, votes);
            (target, "votes", v)
        }
    };
    let targets = run.eval(scope, target).players();
    let targets = crate::mechanics::wwr::abilities::redirecting::redirect(
        run, scope, targets, "poll", subtype,
    );
    let words = match manipulation {
        PollManipulation::Status { .. } => "Poll manipulated!",
        PollManipulation::Votes { .. } => "Poll votes manipulated!",
    };
    let kind_for = |run: &Run, p| match manipulation {
        PollManipulation::Status { .. } => match normalize(&run.show(&parameter)).as_str() {
            "disqualified" => Some(PollMarkKind::Disqualified(p)),
            "unvotable" => Some(PollMarkKind::Unvotable(p)),
            _ => None,
        },
        PollManipulation::Votes { hidden, .. } => Some(PollMarkKind::Votes {
            candidate: p,
            amount: crate::mechanics::wwr::eval::number(&parameter)
                .unwrap_or(0.0)
                .round() as i64,
            hidden: *hidden,
        }),
    };
    let mut marked = Vec::new();
    for p in &targets {
        let Some(kind) = kind_for(run, *p) else {
            return Feedback::failed(format!(
                "{} is no poll status (`Disqualified` or `Unvotable`)",
                run.show(&parameter)
            ))
            .told(FAILED);
        };
        let visit = Visit::new("poll", subtype).with(parameter.clone());
        match gate(
            run,
            scope,
            *p,
            visit,
            targets.len() == 1,
            ("Poll manipulation failed!", words),
        ) {
            Gate::Go => {}
            Gate::Skip => continue,
            Gate::End(result) => return result,
        }
        mark(run, file, kind, ability);
        marked.push(*p);
    }
    Feedback {
        detail: format!(
            "the {name} poll marks {}: {}",
            run.names(&marked),
            run.show(&parameter)
        ),
        ..Feedback::ok(words)
    }
}

/// Open the poll as many times as its counts say (`pollCreate`), using them up.
fn create(run: &mut Run, scope: &mut Scope, file: usize, ability: &ast::Poll) -> Feedback {
    let location = ability.location.as_ref();
    let title = ability.name.as_ref().map(|n| {
        let v = run.eval(scope, n);
        run.show(&v)
    });
    let name = run.program.name(file).to_string();
    let base = run.program.ballot_id(file);
    if run.world.polls.iter().any(|p| p.poll == file) {
        return Feedback::failed(format!("The {name} poll is already open"));
    }
    let delta: i32 = run
        .world
        .poll_counts
        .iter()
        .filter(|c| c.poll == file)
        .map(|c| c.delta)
        .sum();
    run.world.poll_counts.retain(|c| c.poll != file);
    let count = (1 + delta).clamp(0, MOST_INSTANCES as i32) as usize;
    let place = location.map(|l| run.eval(scope, l));
    let group = match (&scope.src, &place) {
        (Src::Group { file, .. }, _) => Some(*file),
        (_, Some(V::Group(g))) => Some(*g),
        _ => None,
    };
    if count == 0 {
        let text = format!("No Poll: **{name}**\n\nThe poll will not take place this time.");
        let audience = match group {
            Some(g) => Audience::Group(run.program.name(g).to_string()),
            None => Audience::Public,
        };
        run.tell_as(
            crate::mechanics::wwr::setup::ANNOUNCE_TEMPLATE,
            audience,
            text,
        );
        return Feedback::ok(format!("The {name} poll does not take place this time")).told("");
    }
    let unvotable = take_unvotable(run, file);
    let ballots: Vec<String> = (0..count).map(|i| instance_ballot(&base, i)).collect();
    for ballot in &ballots {
        run.world.polls.push(OpenPoll {
            poll: file,
            ballot: ballot.clone(),
            creator: scope.src.clone(),
            group,
            unvotable: unvotable.clone(),
            title: title.clone(),
        });
    }
    Feedback::ok(format!(
        "Created the {name} poll (ballot{} `{}`)",
        if count > 1 { "s" } else { "" },
        ballots.join("`, `")
    ))
    .told("")
}

/// The players the poll leaves out of its options as it opens, each mark used once
/// (`pollCreate` filters the options and uses the `unvotable` rows).
fn take_unvotable(run: &mut Run, file: usize) -> Vec<crate::engine::SlotId> {
    let mut out = Vec::new();
    run.world.use_poll_marks(file, |k| match k {
        PollMarkKind::Unvotable(p) if !out.contains(p) => {
            out.push(*p);
            true
        }
        _ => false,
    });
    out
}

/// The ballot of a poll's `i`-th instance in a phase (0: the poll's own).
pub fn instance_ballot(base: &str, i: usize) -> String {
    if i == 0 {
        base.to_string()
    } else {
        format!("{base}_{}", i + 1)
    }
}
