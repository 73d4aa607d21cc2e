//! Changing: a player's role or alignment becomes another (research §1.15, the bot's
//! `changingRole`/`changingAlignment`). A loyal player refuses both. A role change runs the
//! bot's eleven steps in its order: `On Changed` on the player and `On <Sel> Changed` for
//! everyone, the new role and its team's alignment, the old role's `permanent` rows gone, every
//! membership left a visitor's (each group hearing `On Betrayal`), the old role's open prompts
//! and queued answers dropped, the new role's `Starting`, `On Role Change`, the new team's `On
//! Join`, then `Passive`.

use crate::engine::SlotId;
use crate::engine::outcome::Audience;
use crate::mechanics::wwr::eval::{Feedback, Scope, V};
use crate::mechanics::wwr::run::Run;
use crate::mechanics::wwr::triggers::{fire_all, fire_on, fire_player};
use crate::mechanics::wwr::visit::{Gate, Visit, gate};
use crate::mechanics::wwr::world::{AttrKind, Lasting, Src, Tier2};
use crate::wwr::ast::{ChangeKind, TriggerKind, Value};
use crate::wwr::names::title_case;
use crate::wwr::resolve::Namespace;

pub fn run(
    run: &mut Run,
    scope: &mut Scope,
    kind: ChangeKind,
    target: &Value,
    to: &Value,
) -> Feedback {
    let target = run.eval(scope, target);
    let subtype = match kind {
        ChangeKind::Role => "role",
        ChangeKind::Alignment => "alignment",
        ChangeKind::Group => "group",
    };
    let targets = super::redirecting::redirect(run, scope, target.players(), "changing", subtype);
    let to = run.eval(scope, to);
    let outcome = match kind {
        ChangeKind::Role => match run.role_of(&to) {
            Some(role) => {
                let visit = Visit::new("changing", "role").with(V::Role(role));
                each(run, scope, &targets, visit, |run, scope, p| {
                    change_role(run, scope, p, role)
                })
            }
            None => Err(format!("no role `{}` to change to", run.show(&to))),
        },
        ChangeKind::Alignment => match team_of(run, &to) {
            Some(team) => {
                // the bot names the alignment as the text gives it (`@Option` is `Werewolf`)
                let label = match &to {
                    V::Text(word) => word.clone(),
                    _ => run.program.name(team).trim_end_matches(" Team").to_string(),
                };
                let visit = Visit::new("changing", "alignment").with(V::Team(team));
                each(run, scope, &targets, visit, |run, _, p| {
                    change_alignment(run, p, team, &label)
                })
            }
            None => Err(format!("no alignment `{}` to change to", run.show(&to))),
        },
        ChangeKind::Group => {
            let new = run.program.find(Namespace::Group, &run.show(&to));
            return match (target, new) {
                (V::Group(old), Some(new)) => change_group(run, old, new),
                (_, None) => Feedback::failed(format!("no group `{}` to change to", run.show(&to)))
                    .told("Changing failed! This is likely caused by an error. Please contact a Host."),
                _ => Feedback::failed("only a group changes its group").told(
                    "Changing failed! This is likely caused by an error. Please contact a Host.",
                ),
            };
        }
    };
    match outcome {
        Ok(Changed::Stopped(result)) => result,
        Ok(Changed::Done(changed, detail)) => {
            let msg = match (targets.len(), changed) {
                (1, true) => "Changing succeeded!",
                (1, false) => "Changing failed!",
                // the bot's plural, whatever each target's fate
                _ => "Changings succeeded!",
            };
            Feedback {
                success: changed || targets.len() > 1,
                detail,
                ..Feedback::ok(msg)
            }
        }
        Err(why) => Feedback::failed(why)
            .told("Changing failed! This is likely caused by an error. Please contact a Host."),
    }
}

/// What changing the targets came to.
enum Changed {
    /// Whether any changed, and what happened to each, for the step.
    Done(bool, String),
    /// The one target's visit ended the ability.
    Stopped(Feedback),
}

/// Visit and change each target in turn.
fn each(
    run: &mut Run,
    scope: &mut Scope,
    targets: &[SlotId],
    visit: Visit,
    mut change: impl FnMut(&mut Run, &mut Scope, SlotId) -> Result<String, String>,
) -> Result<Changed, String> {
    let mut changed = false;
    let mut said = Vec::new();
    for &p in targets {
        let words = ("Changing failed!", "Changing succeeded!");
        match gate(run, scope, p, visit.clone(), targets.len() == 1, words) {
            Gate::Go => {}
            Gate::Skip => continue,
            Gate::End(result) => return Ok(Changed::Stopped(result)),
        }
        match change(run, scope, p) {
            Ok(done) => {
                changed = true;
                said.push(done);
            }
            Err(why) => said.push(why),
        }
    }
    Ok(Changed::Done(changed, said.join("; ")))
}

/// The team a value names: a team, or a word naming one (`Werewolf`, `@Target->Alignment`).
fn team_of(run: &Run, v: &V) -> Option<usize> {
    match v {
        V::Team(t) => Some(*t),
        V::Text(t) => run.program.team_by_word(t),
        V::Players(p) => p.first().and_then(|p| run.world.players[*p].alignment),
        _ => None,
    }
}

/// The bot refuses any change to a player with a loyalty row (`isLoyal`).
fn loyal(run: &Run, p: SlotId) -> bool {
    run.world
        .attrs_of(p)
        .any(|a| matches!(a.kind, AttrKind::Loyalty { .. }))
}

fn change_role(run: &mut Run, scope: &Scope, p: SlotId, role: usize) -> Result<String, String> {
    let who = run.name(p);
    let new_name = run.program.name(role).to_string();
    if loyal(run, p) {
        return Err(format!("{who} is loyal: the role change fails"));
    }
    run.listed(role)
        .map_err(|why| format!("{who} cannot become {new_name}: {why}"))?;
    let this = [("this", V::Players(vec![p]))];
    fire_player(run, p, TriggerKind::OnChanged, &this);
    fire_all(
        run,
        TriggerKind::OnChanged,
        &[("this", V::Players(vec![p])), ("global", V::Bool(true))],
    );
    let old = run.world.players[p].role;
    let team = run.program.team_of_role(role);
    let player = &mut run.world.players[p];
    player.role = role;
    player.alignment = team;
    crate::mechanics::wwr::including::refresh(run);
    let permanent: Vec<u64> = run
        .world
        .attrs_of(p)
        .filter(|a| a.lasting == Lasting::Permanent)
        .map(|a| a.id)
        .collect();
    run.world.remove_attrs(permanent);
    betray_groups(run, p);
    run.world.opened.retain(|(who, _)| *who != p);
    run.world.picks.retain(|pick| pick.player != p);
    run.note(
        "role change",
        format!(
            "{who}: {} becomes {new_name}; the old role's permanent marks, open prompts and unrun answers are gone",
            run.program.name(old)
        ),
    );
    fire_on(run, &Src::Player(p), TriggerKind::Starting, &[]);
    run.tell(
        Audience::Slot(p),
        format!("Your role has changed to `{}`!", title_case(&new_name)),
    );
    let changer = scope_player(scope);
    fire_player(
        run,
        p,
        TriggerKind::OnRoleChange,
        &[("rolechanger", changer)],
    );
    join_team(run, p, team);
    Ok(format!("{who} is now {new_name}"))
}

/// Who made the change, for `@RoleChanger`: the source's player, or nobody.
fn scope_player(scope: &Scope) -> V {
    V::Players(scope.me().into_iter().collect())
}

/// Every membership the player keeps becomes a visitor's, each group hearing `On Betrayal`; a
/// `permanent` membership ends with the role, as the bot deletes its row with the others.
fn betray_groups(run: &mut Run, p: SlotId) {
    let mut betrayed = Vec::new();
    for (g, group) in run.world.groups.iter_mut() {
        let Some(m) = group.members.get(&p).copied() else {
            continue;
        };
        if m.lasting == Lasting::Permanent {
            group.members.remove(&p);
        } else if m.tier > Tier2::Visitor {
            if let Some(m) = group.members.get_mut(&p) {
                m.tier = Tier2::Visitor;
            }
            betrayed.push(*g);
        }
    }
    for g in betrayed {
        let name = run.program.name(g).to_string();
        run.note(
            "role change",
            format!("{} is only a visitor of {name} now", run.name(p)),
        );
        let group = Src::Group {
            file: g,
            executor: None,
        };
        fire_on(run, &group, TriggerKind::OnBetrayal, &[]);
    }
    crate::mechanics::wwr::deaths::update_groups(run);
}

fn change_alignment(run: &mut Run, p: SlotId, team: usize, name: &str) -> Result<String, String> {
    let who = run.name(p);
    if loyal(run, p) {
        return Err(format!("{who} is loyal: the alignment change fails"));
    }
    // The bot sets the same alignment again and fires `On Join` and `Passive` anew, so a
    // passive change whose condition still holds (the Gray Werewolf's, which counts role
    // teams) would go round for ever: a change to the alignment held is no change here.
    if run.world.players[p].alignment == Some(team) {
        return Err(format!("{who} is already of {name}: nothing changes"));
    }
    run.world.players[p].alignment = Some(team);
    run.tell(
        Audience::Slot(p),
        format!("Your alignment has changed to `{}`!", title_case(name)),
    );
    join_team(run, p, Some(team));
    Ok(format!("{who}'s alignment is now {name}"))
}

/// The new team's `On Join` for the player, then `Passive` for everyone.
fn join_team(run: &mut Run, p: SlotId, team: Option<usize>) {
    if let Some(team) = team {
        fire_on(
            run,
            &Src::Team(team),
            TriggerKind::OnJoin,
            &[("joiner", V::Players(vec![p]))],
        );
    }
    fire_all(run, TriggerKind::Passive, &[]);
}

/// A group becomes another (the bot's `changingGroup`): its channel, members and counter go
/// on under the new name, its `permanent` rows are gone, the new group's `Starting` runs, the
/// channel hears the change, then `Passive` for everyone.
fn change_group(run: &mut Run, old: usize, new: usize) -> Feedback {
    let (old_name, new_name) = (
        run.program.name(old).to_string(),
        run.program.name(new).to_string(),
    );
    if let Some(group) = run.world.groups.remove(&old) {
        let into = run.world.groups.entry(new).or_default();
        into.members.extend(group.members);
        into.counter = group.counter;
        into.disbanded = group.disbanded;
        into.started = true;
    }
    run.world
        .group_attrs
        .retain(|a| !(a.group == old && a.lasting == Lasting::Permanent));
    for a in run.world.group_attrs.iter_mut().filter(|a| a.group == old) {
        a.group = new;
    }
    for poll in run.world.polls.iter_mut() {
        if poll.group == Some(old) {
            poll.group = Some(new);
        }
        if let Src::Group { file, .. } = &mut poll.creator
            && *file == old
        {
            *file = new;
        }
    }
    let src = Src::Group {
        file: new,
        executor: None,
    };
    fire_on(run, &src, TriggerKind::Starting, &[]);
    run.tell(
        Audience::Group(new_name.clone()),
        format!("This group has changed to `{}`!", title_case(&new_name)),
    );
    fire_all(run, TriggerKind::Passive, &[]);
    Feedback {
        detail: format!("{old_name} is now {new_name}"),
        ..Feedback::ok("Changings succeeded!")
    }
}
