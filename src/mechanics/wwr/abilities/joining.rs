//! Joining: players join or leave groups as visitor, member or owner (research §1.14). Joining
//! only ever raises a tier.

use super::lasting;
use crate::mechanics::wwr::eval::{Feedback, Scope, V};
use crate::mechanics::wwr::run::Run;
use crate::mechanics::wwr::world::{Lasting, Membership, Tier2};
use crate::wwr::ast::{Duration, JoinAction, TriggerKind, Value};
use crate::wwr::names::normalize;

pub fn run(
    run: &mut Run,
    scope: &mut Scope,
    action: JoinAction,
    player: Option<&Value>,
    group: &Value,
    membership: Option<&Value>,
    duration: Option<Duration>,
) -> Feedback {
    let V::Group(g) = run.eval(scope, group) else {
        return Feedback::failed("No such group");
    };
    let players = match player {
        Some(p) => run.eval(scope, p).players(),
        None => scope.me().into_iter().collect(),
    };
    let tier = match membership.map(|m| {
        let v = run.eval(scope, m);
        normalize(&run.show(&v))
    }) {
        Some(t) if t == "owner" => Tier2::Owner,
        Some(t) if t == "visitor" => Tier2::Visitor,
        _ => Tier2::Member,
    };
    let name = run.program.name(g).to_string();
    let phase = run.phase;
    let created = !run.world.groups.contains_key(&g);
    let group = run.world.groups.entry(g).or_default();
    let result = match action {
        JoinAction::Join | JoinAction::Add => {
            for p in &players {
                let m = group.members.entry(*p).or_insert(Membership {
                    tier,
                    lasting: lasting(duration, Lasting::Persistent),
                    applied: phase,
                });
                if tier > m.tier {
                    m.tier = tier;
                }
            }
            group.disbanded = false;
            Feedback::ok(format!("{} joined {name}", run.names(&players)))
        }
        JoinAction::Leave | JoinAction::Remove => {
            for p in &players {
                group.members.remove(p);
            }
            Feedback::ok(format!("{} left {name}", run.names(&players)))
        }
    };
    // A group comes into play with its first member: its `Starting` runs (research §1.5).
    if created {
        let src = crate::mechanics::wwr::world::Src::Group {
            file: g,
            executor: None,
        };
        crate::mechanics::wwr::triggers::fire_on(run, &src, TriggerKind::Starting, &[]);
    }
    result
}
