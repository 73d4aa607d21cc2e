//! Polls (the bot's `abilities/types/poll.js`): `Create [\`Name\`] Poll in #place` opens a poll
//! for this phase, whose votes go to the ballot of the same name; a poll a group creates, or
//! one created in a group's channel (`in #cult`), takes only that group's members' votes: in
//! the bot only they see it. `Add`/`Delete \`Name\` Poll` make the poll's next creation open
//! one more or one fewer (`pollCountModify`): none says that the poll will not take place, two
//! open `Name #1` and `Name #2`, each with its ballot (`wolfpack`, `wolfpack_2`).

use crate::engine::outcome::Audience;
use crate::mechanics::wwr::eval::{Feedback, Scope, V};
use crate::mechanics::wwr::run::Run;
use crate::mechanics::wwr::world::{OpenPoll, PollCount, Src};
use crate::wwr::ast::{PollAction, Value};
use crate::wwr::resolve::Namespace;

/// The most instances of one poll a phase opens: the ballots a roleset declares for it.
pub const MOST_INSTANCES: usize = 4;

pub fn run(
    run: &mut Run,
    scope: &mut Scope,
    action: PollAction,
    poll: Option<&Value>,
    location: Option<&Value>,
) -> Feedback {
    let file = match poll {
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
        PollAction::Create => create(run, scope, file, location),
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
        // Refused by the support check before a game starts.
        PollAction::Cancel | PollAction::Manipulate => {
            Feedback::failed("poll manipulation is not executed yet")
        }
    }
}

/// Open the poll as many times as its counts say (`pollCreate`), using them up.
fn create(run: &mut Run, scope: &mut Scope, file: usize, location: Option<&Value>) -> Feedback {
    let name = run.program.name(file).to_string();
    let base = crate::mechanics::wwr::setup::ballot_id(&run.program, file);
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
    let ballots: Vec<String> = (0..count).map(|i| instance_ballot(&base, i)).collect();
    for ballot in &ballots {
        run.world.polls.push(OpenPoll {
            poll: file,
            ballot: ballot.clone(),
            creator: scope.src.clone(),
            group,
        });
    }
    Feedback::ok(format!(
        "Created the {name} poll (ballot{} `{}`)",
        if count > 1 { "s" } else { "" },
        ballots.join("`, `")
    ))
    .told("")
}

/// The ballot of a poll's `i`-th instance in a phase (0: the poll's own).
pub fn instance_ballot(base: &str, i: usize) -> String {
    if i == 0 {
        base.to_string()
    } else {
        format!("{base}_{}", i + 1)
    }
}
