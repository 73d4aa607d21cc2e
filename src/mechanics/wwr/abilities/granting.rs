//! Granting: extra roles (research §1.15, the bot's `abilities/types/granting.js`). A granted
//! role is a row on its holder with the channel it was granted through (`Role:granter`): its
//! texts run as a source of their own (`@Self` is the holder, `@ThisAttr` the row), its prompts
//! are the holder's, and it ends with `Revoke`, with `Transfer` or with the holder's death.
//! The first grant into a channel runs the role's `Starting`, every grant its `On Assigned`.

use crate::engine::SlotId;
use crate::engine::outcome::Audience;
use crate::mechanics::wwr::eval::{Feedback, Scope, V};
use crate::mechanics::wwr::run::Run;
use crate::mechanics::wwr::triggers::fire_on;
use crate::mechanics::wwr::visit::{Gate, Visit, gate};
use crate::mechanics::wwr::world::{AttrKind, Lasting, Src};
use crate::wwr::ast::{GrantAction, TriggerKind, Value, ValueKind};
use crate::wwr::names::title_case;

const ERROR: &str = "This is likely caused by an error. Please contact a Host.";

pub fn run(
    run: &mut Run,
    scope: &mut Scope,
    action: GrantAction,
    role: &Value,
    from: Option<&Value>,
    to: Option<&Value>,
) -> Feedback {
    let from = from.map_or_else(Vec::new, |v| run.eval(scope, v).players());
    let to = to.map_or_else(Vec::new, |v| run.eval(scope, v).players());
    match action {
        GrantAction::Grant => match granted_role(run, scope, role) {
            Ok(role) => {
                let channel = channel_of(run, scope, role);
                grant(run, scope, &to, role, &channel)
            }
            Err(why) => Feedback::failed(why).told(&format!("Granting failed! {ERROR}")),
        },
        GrantAction::Revoke => match held_channel(run, scope, role) {
            Some(channel) => revoke(run, scope, &from, &channel),
            None => {
                Feedback::failed("no such extra role").told(&format!("Ungranting failed! {ERROR}"))
            }
        },
        GrantAction::Transfer => transfer(run, scope, role, &from, &to),
    }
}

/// The role a `Grant` names, if the game lists it (a slot's roles are the roleset's).
fn granted_role(run: &mut Run, scope: &Scope, role: &Value) -> Result<usize, String> {
    let value = run.eval(scope, role);
    let Some(file) = run.role_of(&value) else {
        return Err(format!("no role `{role}` to grant"));
    };
    run.listed(file)?;
    Ok(file)
}

/// The channel of a role granted by this source (the bot's `connectionGet("role:src")`).
fn channel_of(run: &Run, scope: &Scope, role: usize) -> String {
    format!("{}:{}", run.program.role_id_of(role), scope.src.key())
}

/// The channel a `Revoke`/`Transfer` names: `@ThisAttr` is the extra role running the text,
/// a role's name the channel this source granted it through.
fn held_channel(run: &mut Run, scope: &Scope, role: &Value) -> Option<String> {
    let this_attr = matches!(&role.kind, ValueKind::Selector { name } if name.trim_start_matches('@').eq_ignore_ascii_case("ThisAttr"));
    if this_attr {
        let Src::ExtraRole { id, .. } = scope.src else {
            return None;
        };
        return run.world.attr(id).and_then(|a| match &a.kind {
            AttrKind::ExtraRole { channel, .. } => Some(channel.clone()),
            _ => None,
        });
    }
    granted_role(run, scope, role)
        .ok()
        .map(|r| channel_of(run, scope, r))
}

fn grant(run: &mut Run, scope: &Scope, targets: &[SlotId], role: usize, channel: &str) -> Feedback {
    let name = title_case(run.program.name(role));
    for &p in targets {
        let visit = Visit::new("granting", "add").with(V::Role(role));
        let words = ("Granting failed!", "Granting succeeded!");
        match gate(run, scope, p, visit, targets.len() == 1, words) {
            Gate::Go => {}
            Gate::Skip => continue,
            Gate::End(result) => return result,
        }
        let new_channel = !run.world.channels.iter().any(|c| c == channel);
        if new_channel {
            run.world.channels.push(channel.to_string());
        }
        let id = run.world.add_attr(
            p,
            scope.src.clone(),
            AttrKind::ExtraRole {
                role,
                channel: channel.to_string(),
            },
            Lasting::Persistent,
            run.phase,
        );
        let who = run.name(p);
        run.tell(Audience::Slot(p), format!("{who} was granted {name}."));
        let src = Src::ExtraRole { id, owner: p };
        if new_channel {
            fire_on(run, &src, TriggerKind::Starting, &[]);
        }
        fire_on(run, &src, TriggerKind::OnAssigned, &[]);
    }
    let detail = format!("{} granted {name}", run.names(targets));
    let msg = if targets.len() == 1 {
        "Granting succeeded!"
    } else {
        "Grantings succeeded!"
    };
    Feedback {
        detail,
        ..Feedback::ok(msg)
    }
}

/// The host's own grant (a role dealt as an extra one, an election the host ran by hand): a row
/// in the channel `role:host`, with the role's `Starting` the first time and `On Assigned`.
pub fn host_grant(run: &mut Run, p: SlotId, role: usize) {
    let channel = format!("{}:host", run.program.role_id_of(role));
    let new_channel = !run.world.channels.contains(&channel);
    if new_channel {
        run.world.channels.push(channel.clone());
    }
    let id = run.world.add_attr(
        p,
        Src::Player(p),
        AttrKind::ExtraRole { role, channel },
        Lasting::Persistent,
        run.phase,
    );
    run.note(
        "host",
        format!(
            "{} holds {} as an extra role, by the host",
            run.name(p),
            run.program.name(role)
        ),
    );
    let src = Src::ExtraRole { id, owner: p };
    if new_channel {
        fire_on(run, &src, TriggerKind::Starting, &[]);
    }
    fire_on(run, &src, TriggerKind::OnAssigned, &[]);
}

/// The extra roles the host gave or took back since the world last saw the slots: each slot's
/// extra roles are the engine's to set by hand, the world follows. At the game's start only
/// the host's grants are read (`take_back` false): the texts' own grants of the start (the Mad
/// Scientist's) reach the slots only when Day 0 is resolved.
pub fn follow_the_host(run: &mut Run, take_back: bool) {
    for p in 0..run.world.players.len() {
        let wanted: Vec<usize> = run
            .ctx
            .state
            .slots
            .get(p)
            .map(|s| {
                s.extra_roles
                    .iter()
                    .filter_map(|r| run.program.roles.get(r).copied())
                    .collect()
            })
            .unwrap_or_default();
        let held: Vec<(u64, usize)> = run.world.extra_roles(p).collect();
        let gone: Vec<u64> = held
            .iter()
            .filter(|(_, role)| !wanted.contains(role))
            .map(|(id, _)| *id)
            .collect();
        if take_back {
            run.world.remove_attrs(gone);
        }
        for role in wanted {
            if !held.iter().any(|(_, r)| *r == role) {
                host_grant(run, p, role);
            }
        }
    }
}

/// Take the channel's role from each target; a single target without it fails.
fn revoke(run: &mut Run, scope: &Scope, targets: &[SlotId], channel: &str) -> Feedback {
    let mut gone = Vec::new();
    for &p in targets {
        let visit = Visit::new("granting", "remove").with(V::Text(channel.to_string()));
        let words = ("Ungranting failed!", "Ungranting succeeded!");
        match gate(run, scope, p, visit, targets.len() == 1, words) {
            Gate::Go => {}
            Gate::Skip => continue,
            Gate::End(result) => return result,
        }
        let rows: Vec<(u64, usize)> = run
            .world
            .attrs_of(p)
            .filter_map(|a| match &a.kind {
                AttrKind::ExtraRole { role, channel: c } if c == channel => Some((a.id, *role)),
                _ => None,
            })
            .collect();
        let Some(&(_, role)) = rows.first() else {
            if targets.len() == 1 {
                return Feedback::failed(format!("{} holds no such extra role", run.name(p)))
                    .told("Ungranting failed!");
            }
            continue;
        };
        run.world
            .remove_attrs(rows.iter().map(|(id, _)| *id).collect());
        let who = run.name(p);
        let name = title_case(run.program.name(role));
        run.tell(Audience::Slot(p), format!("{who} was removed from {name}."));
        gone.push(p);
    }
    let msg = if targets.len() == 1 {
        "Ungranting succeeded!"
    } else {
        "Ungrantings succeeded!"
    };
    Feedback {
        detail: format!("{} lost the extra role", run.names(&gone)),
        ..Feedback::ok(msg)
    }
}

/// `Transfer <role> from <holder> to <player>`: the first holder's row goes, and the new holder
/// joins the same channel (so only `On Assigned` runs).
fn transfer(
    run: &mut Run,
    scope: &Scope,
    role: &Value,
    from: &[SlotId],
    to: &[SlotId],
) -> Feedback {
    let failed = || Feedback::failed("nothing to transfer").told("Transfer failed!");
    let Some(channel) = held_channel(run, scope, role) else {
        return failed();
    };
    let Some(&holder) = from.first() else {
        return failed();
    };
    let held = run.world.attrs_of(holder).find_map(|a| match &a.kind {
        AttrKind::ExtraRole { role, channel: c } if *c == channel => Some(*role),
        _ => None,
    });
    let Some(role) = held else {
        return failed();
    };
    revoke(run, scope, from, &channel);
    let added = grant(run, scope, to, role, &channel);
    Feedback {
        detail: added.detail,
        ..if added.success && !to.is_empty() {
            Feedback::ok("Transfer succeeded!")
        } else {
            Feedback::failed("Transfer failed!")
        }
    }
}
