//! Applying: custom attributes added to, removed from or changed on players (or a whole team).
//! An applied attribute is an element of its own: its `Starting` runs as it is applied.

use super::lasting;
use crate::mechanics::wwr::eval::{Feedback, Scope, V};
use crate::mechanics::wwr::run::Run;
use crate::mechanics::wwr::triggers::element_of;
use crate::mechanics::wwr::visit::{Gate, Visit, gate};
use crate::mechanics::wwr::world::{AttrKind, Lasting, Src, Tier};
use crate::wwr::ast::{Duration, TriggerKind, Value};
use crate::wwr::names::normalize;
use crate::wwr::resolve::Namespace;

fn attribute_name(run: &mut Run, scope: &Scope, attribute: &Value) -> String {
    let v = run.eval(scope, attribute);
    run.show(&v)
}

pub fn apply(
    run: &mut Run,
    scope: &mut Scope,
    attribute: &Value,
    target: &Value,
    duration: Option<Duration>,
    values: &[Value],
) -> Feedback {
    let name = attribute_name(run, scope, attribute);
    let Some(file) = run.program.find(Namespace::Attribute, &name) else {
        return Feedback::failed(format!("No attribute named {name}"));
    };
    let values: Vec<String> = values
        .iter()
        .map(|v| {
            let v = run.eval(scope, v);
            run.show(&v)
        })
        .collect();
    let target = match run.eval(scope, target) {
        // an alignment's name (`@Attacker->Alignment`) stands for its team
        V::Text(t) => run.program.team_by_word(&t).map_or(V::Text(t), V::Team),
        other => other,
    };
    let lasting = lasting(duration, Lasting::Persistent);
    if let V::Attr(row) = target {
        return apply_to_row(run, scope, row, (file, &name), values, lasting);
    }
    if let V::Team(team) = target {
        let key = normalize(&name);
        if !run.world.team_attrs.contains(&(team, key.clone())) {
            run.world.team_attrs.push((team, key));
        }
        return Feedback::ok(format!("Applied {name} to {}", run.program.name(team)))
            .told("Applying succeeded!");
    }
    if let V::Group(group) = target {
        run.world.next_attr += 1;
        let id = run.world.next_attr;
        run.world
            .group_attrs
            .push(crate::mechanics::wwr::world::GroupAttr {
                id,
                group,
                attribute: file,
                lasting,
                applied: run.phase,
            });
        let src = Src::GroupAttribute { id, group };
        crate::mechanics::wwr::triggers::fire_on(run, &src, TriggerKind::Starting, &[]);
        return Feedback::ok(format!("Applied {name} to {}", run.program.name(group)))
            .told("Applying succeeded!");
    }
    let targets = super::redirecting::redirect(run, scope, target.players(), "applying", "add");
    let parent = super::tied_parent(scope, duration);
    for p in &targets {
        let visit = Visit::new("applying", "add").with(V::Text(name.clone()));
        let words = ("Applying failed!", "Applying succeeded!");
        match gate(run, scope, *p, visit, targets.len() == 1, words) {
            Gate::Go => {}
            Gate::Skip => continue,
            Gate::End(result) => return result,
        }
        let id = run.world.add_attr_under(
            *p,
            scope.src.clone(),
            AttrKind::Custom {
                attribute: file,
                values: values.clone(),
            },
            (lasting, run.phase),
            parent,
        );
        let src = Src::Attribute { id, owner: *p };
        crate::mechanics::wwr::triggers::fire_on(run, &src, TriggerKind::Starting, &[]);
    }
    // the bot's words (`abilities/types/applying.js`): one target is singular
    let told = if targets.len() == 1 {
        "Applying succeeded!"
    } else {
        "Applyings succeeded!"
    };
    if targets.is_empty() {
        Feedback::ok(format!("Nobody to apply {name} to")).told(told)
    } else {
        Feedback::ok(format!("Applied {name} to {}", run.names(&targets))).told(told)
    }
}

pub fn remove(run: &mut Run, scope: &mut Scope, attribute: &Value, target: &Value) -> Feedback {
    let written = attribute_name(run, scope, attribute);
    // `HeraldSelected:Self`: only the rows this source applied.
    let (name, own) = match written.rsplit_once(':') {
        Some((n, who)) if normalize(who) == "self" => (n.to_string(), true),
        _ => (written, false),
    };
    let target = run.eval(scope, target);
    if let V::Team(team) = target {
        let key = normalize(&name);
        run.world.team_attrs.retain(|x| *x != (team, key.clone()));
        return Feedback::ok(format!("Removed {name} from {}", run.program.name(team)))
            .told("Unapplying succeeded!");
    }
    let Some(file) = run.program.find(Namespace::Attribute, &name) else {
        return remove_generic(run, scope, &name, own, &target);
    };
    // `Remove \`Marker\` from @ThisAttr`: the rows applied to that row
    if let V::Attr(row) = target {
        let doomed: Vec<u64> = run
            .world
            .attrs
            .iter()
            .filter(|a| a.on_attr == Some(row))
            .filter(|a| matches!(a.kind, AttrKind::Custom { attribute, .. } if attribute == file))
            .map(|a| a.id)
            .collect();
        if doomed.is_empty() {
            return Feedback::failed(format!("the row has no {name}")).told("Unapplying failed!");
        }
        run.world.remove_attrs(doomed);
        return Feedback::ok(format!("Removed {name} from an attribute row"))
            .told("Unapplying succeeded!");
    }
    if let V::Group(group) = target {
        run.world
            .group_attrs
            .retain(|a| !(a.group == group && a.attribute == file));
        return Feedback::ok(format!("Removed {name} from {}", run.program.name(group)))
            .told("Unapplying succeeded!");
    }
    let targets = target.players();
    let doomed: Vec<u64> = run
        .world
        .attrs
        .iter()
        .filter(|a| targets.contains(&a.owner))
        .filter(|a| matches!(a.kind, AttrKind::Custom { attribute, .. } if attribute == file))
        .filter(|a| !own || a.src == scope.src)
        .map(|a| a.id)
        .collect();
    if doomed.is_empty() {
        return Feedback::failed(format!("{} has no {name}", run.names(&targets)))
            .told("Unapplying failed!");
    }
    run.world.remove_attrs(doomed);
    let told = if targets.len() == 1 {
        "Unapplying succeeded!"
    } else {
        "Unapplyings succeeded!"
    };
    Feedback::ok(format!("Removed {name} from {}", run.names(&targets))).told(told)
}

/// `Remove \`Obstruction:Self\` from @Self`, `Remove \`Absence:Alcoholic\` from …`: no custom
/// attribute has the name, so the bot's `parseActiveAttributeSelector` reads it as a kind of
/// row (an obstruction, an absence, a disguise…) made by the given source: `Self` for the
/// acting player, else the name of the role or element that made it.
fn remove_generic(run: &mut Run, scope: &Scope, written: &str, own: bool, target: &V) -> Feedback {
    let (kind, by) = match written.split_once(':') {
        Some((k, by)) => (normalize(k), Some(normalize(by))),
        None => (normalize(written), None),
    };
    let is_kind = |a: &AttrKind| match a {
        AttrKind::Obstruction(_) => kind == "obstruction",
        AttrKind::Defense { tier, .. } => {
            kind == normalize(tier.word()) || (kind == "defense" && *tier != Tier::Absence)
        }
        AttrKind::Disguise { .. } => kind == "disguise",
        AttrKind::Redirection { .. } => kind == "redirection",
        AttrKind::Whisper { .. } => kind == "whisper",
        AttrKind::Loyalty { .. } => kind == "loyalty",
        _ => false,
    };
    if ![
        "obstruction",
        "absence",
        "activedefense",
        "passivedefense",
        "partialdefense",
        "recruitmentdefense",
        "defense",
        "disguise",
        "redirection",
        "whisper",
        "loyalty",
    ]
    .contains(&kind.as_str())
    {
        return Feedback::failed(format!("No attribute named {written}"))
            .told("Unapplying failed!");
    }
    let me = scope.me();
    let made_by = |src: &Src| match (&by, own) {
        (_, true) => src.player().is_some() && src.player() == me,
        (None, false) => true,
        (Some(by), false) => {
            element_of(run, src).is_some_and(|f| normalize(run.program.name(f)) == *by)
        }
    };
    let targets = target.players();
    let doomed: Vec<u64> = run
        .world
        .attrs
        .iter()
        .filter(|a| targets.contains(&a.owner) && is_kind(&a.kind) && made_by(&a.src))
        .map(|a| a.id)
        .collect();
    if doomed.is_empty() {
        return Feedback::failed(format!("{} has no {written}", run.names(&targets)))
            .told("Unapplying failed!");
    }
    run.world.remove_attrs(doomed);
    Feedback::ok(format!("Removed {written} from {}", run.names(&targets)))
        .told("Unapplying succeeded!")
}

pub fn change(
    run: &mut Run,
    scope: &mut Scope,
    attribute: &Value,
    index: &Value,
    value: &Value,
    target: Option<&Value>,
) -> Feedback {
    let name = attribute_name(run, scope, attribute);
    let Some(file) = run.program.find(Namespace::Attribute, &name) else {
        return Feedback::failed(format!("No attribute named {name}"));
    };
    let index = run.eval(scope, index);
    let slot = match super::value_slot(&index, crate::wwr::ability::ATTRIBUTE_VALUES) {
        Ok(slot) => slot,
        Err(why) => return Feedback::failed(format!("{name}: {why}")),
    };
    let new = {
        let v = run.eval(scope, value);
        run.show(&v)
    };
    let owners = match target {
        Some(t) => run.eval(scope, t).players(),
        None => scope.me().into_iter().collect(),
    };
    let mut changed = 0;
    for row in run.world.attrs.iter_mut() {
        if let AttrKind::Custom { attribute, values } = &mut row.kind
            && *attribute == file
            && owners.contains(&row.owner)
        {
            if values.len() <= slot {
                values.resize(slot + 1, String::new());
            }
            values[slot] = new.clone();
            changed += 1;
        }
    }
    if changed == 0 {
        Feedback::failed(format!("No {name} to change")).told(
            "Attribute changings failed! This is likely caused by an error. Please contact a Host.",
        )
    } else {
        Feedback::ok(format!("Changed {name} value {} to {new}", slot + 1))
            .told("Attribute changing succeeded!")
    }
}

/// An attribute applied to an attribute row (`Apply \`Marker\` to @ThisAttr`): the bot lets
/// attributes own attributes; the row goes with the one it is on.
fn apply_to_row(
    run: &mut Run,
    scope: &Scope,
    row: u64,
    (file, name): (usize, &str),
    values: Vec<String>,
    lasting: Lasting,
) -> Feedback {
    let Some(owner) = run.world.attr(row).map(|a| a.owner) else {
        return Feedback::failed(format!("No attribute row to apply {name} to"))
            .told("Applying failed!");
    };
    let id = run.world.add_attr_under(
        owner,
        scope.src.clone(),
        AttrKind::Custom {
            attribute: file,
            values,
        },
        (lasting, run.phase),
        Some(row),
    );
    if let Some(new) = run.world.attr_mut(id) {
        new.on_attr = Some(row);
    }
    Feedback::ok(format!(
        "Applied {name} to an attribute row of {}",
        run.name(owner)
    ))
    .told("Applying succeeded!")
}
