//! Joining: players join or leave groups as visitor, member or owner (research §1.14). Joining
//! only ever raises a tier. As the bot's `groupsJoin`/`groupsLeave`, the group's channel hears
//! who joined, created or left it; a join never reopens a disbanded group by itself: the
//! bot's `updateGroups` decides that after every join and leave
//! ([`crate::mechanics::wwr::deaths::update_groups`]).

use super::lasting;
use crate::engine::outcome::Audience;
use crate::mechanics::wwr::eval::{Feedback, Scope, V};
use crate::mechanics::wwr::run::Run;
use crate::mechanics::wwr::visit::{Gate, Visit, gate};
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
    let players = super::redirecting::redirect(run, scope, players, "joining", "");
    let tier = match membership.map(|m| {
        let v = run.eval(scope, m);
        normalize(&run.show(&v))
    }) {
        Some(t) if t == "owner" => Tier2::Owner,
        Some(t) if t == "visitor" => Tier2::Visitor,
        _ => Tier2::Member,
    };
    let name = run.program.name(g).to_string();
    // each player is visited first (`joiningAdd`/`joiningRemove`: the Bear mauls a Grandma who
    // adds him to her house); a visit to oneself is none
    let subtype = match action {
        JoinAction::Join | JoinAction::Add => "add",
        JoinAction::Leave | JoinAction::Remove => "remove",
    };
    let mut players_visited = Vec::new();
    for p in &players {
        let visit = Visit::new("joining", subtype).with(V::Text(name.clone()));
        match gate(
            run,
            scope,
            *p,
            visit,
            players.len() == 1,
            ("Joining failed!", "Joining succeeded!"),
        ) {
            Gate::Go => players_visited.push(*p),
            Gate::Skip => {}
            Gate::End(result) => return result,
        }
    }
    let players = players_visited;
    let phase = run.phase;
    let created = run
        .world
        .groups
        .get(&g)
        .is_none_or(|group| group.members.is_empty() && !group.started);
    let group = run.world.groups.entry(g).or_default();
    // who comes in new (told to the channel) and whether anyone's tier rose
    let mut joined: Vec<usize> = Vec::new();
    let mut raised = false;
    let result = match action {
        JoinAction::Join | JoinAction::Add => {
            for p in &players {
                let new = !group.members.contains_key(p);
                let m = group.members.entry(*p).or_insert(Membership {
                    tier,
                    lasting: lasting(duration, Lasting::Persistent),
                    applied: phase,
                });
                if new {
                    joined.push(*p);
                } else if tier > m.tier {
                    m.tier = tier;
                    raised = true;
                }
            }
            // the bot's texts (`abilities/types/joining.js`)
            if players.len() != 1 {
                Feedback::ok("Joinings executed!")
            } else if !joined.is_empty() || raised {
                Feedback::ok("Joining succeeded!")
            } else {
                Feedback::failed("Joining failed!")
            }
        }
        JoinAction::Leave | JoinAction::Remove => {
            let left: Vec<usize> = players
                .iter()
                .copied()
                .filter(|p| group.members.remove(p).is_some())
                .collect();
            for p in &left {
                let who = run.name(*p);
                run.tell(
                    Audience::Group(name.clone()),
                    format!("{who} has left {name}."),
                );
            }
            if left.is_empty() {
                Feedback::failed(
                    "Joining failed! If you believe this to be a mistake, please contact a Host.",
                )
            } else {
                Feedback::ok("Joining succeeded!")
            }
        }
    };
    for (i, p) in joined.iter().enumerate() {
        let who = run.name(*p);
        let verb = if created && i == 0 {
            "created"
        } else {
            "joined"
        };
        run.tell(
            Audience::Group(name.clone()),
            format!("{who} has {verb} {name}."),
        );
    }
    // what happened, for the ability step's reasons
    let result = Feedback {
        detail: match action {
            JoinAction::Join | JoinAction::Add => format!("{} joined {name}", run.names(&players)),
            JoinAction::Leave | JoinAction::Remove => {
                format!("{} left {name}", run.names(&players))
            }
        },
        ..result
    };
    // A group comes into play with its first member: its `Starting` runs (research §1.5).
    if created {
        if let Some(group) = run.world.groups.get_mut(&g) {
            group.started = true;
        }
        let src = crate::mechanics::wwr::world::Src::Group {
            file: g,
            executor: None,
        };
        crate::mechanics::wwr::triggers::fire_on(run, &src, TriggerKind::Starting, &[]);
    }
    crate::mechanics::wwr::deaths::update_groups(run);
    result
}
