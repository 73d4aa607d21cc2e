//! Poll creation: `Create [\`Name\`] Poll in #place` opens a poll for this phase; its votes go
//! to the ballot of the same name. A poll a group creates, or one created in a group's channel
//! (`in #cult`), takes only that group's members' votes: in the bot only they see it.

use crate::mechanics::wwr::eval::{Feedback, Scope};
use crate::mechanics::wwr::run::Run;
use crate::mechanics::wwr::world::{OpenPoll, Src};
use crate::wwr::ast::{PollAction, Value};
use crate::wwr::resolve::Namespace;

pub fn run(
    run: &mut Run,
    scope: &mut Scope,
    action: PollAction,
    poll: Option<&Value>,
    location: Option<&Value>,
) -> Feedback {
    if action != PollAction::Create {
        return Feedback::failed("poll manipulation is not in layer A");
    }
    let file = match poll {
        Some(p) => {
            let v = run.eval(scope, p);
            let name = run.show(&v);
            run.program.find(Namespace::Poll, &name)
        }
        None => Some(scope.element),
    };
    let Some(file) = file else {
        return Feedback::failed("No such poll");
    };
    let ballot = crate::mechanics::wwr::setup::ballot_id(&run.program, file);
    if run.world.polls.iter().any(|p| p.ballot == ballot) {
        return Feedback::failed(format!(
            "The {} poll is already open",
            run.program.name(file)
        ));
    }
    let place = location.map(|l| run.eval(scope, l));
    let group = match (&scope.src, place) {
        (Src::Group { file, .. }, _) => Some(*file),
        (_, Some(crate::mechanics::wwr::eval::V::Group(g))) => Some(g),
        _ => None,
    };
    run.world.polls.push(OpenPoll {
        poll: file,
        ballot: ballot.clone(),
        creator: scope.src.clone(),
        group,
    });
    Feedback::ok(format!(
        "Created the {} poll (ballot `{ballot}`)",
        run.program.name(file)
    ))
    .told("")
}
