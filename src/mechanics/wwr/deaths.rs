//! The kill queue (research §1.11): queued victims die in random order, one random record per
//! victim giving `@Attacker` and `@DeathType`; each death fires `On Death` and `On Killed` or
//! `On Lynch` on the victim, `On <Sel> Death` everywhere, then `Passive`. Kills those triggers
//! queue die in the next round, until the queue is empty.
//!
//! Groups follow the bot's lifecycle (`game/death.js` `killPlayer`, `roles/groups.js`
//! `updateGroups`): a group whose last living owner dies is disbanded at once, even while members
//! live; a group left with no living member or owner is disbanded after the queue; a disbanded
//! group reopens only with a living owner, or with a living member when it never had an owner.

use super::eval::V;
use super::run::Run;
use super::triggers::{fire_all, fire_on, fire_player};
use super::world::{Queued, Src, Tier2};
use crate::engine::outcome::{Audience, StepResult};
use crate::wwr::ast::TriggerKind;

/// Drain the queue; returns whether anyone died.
pub fn drain(run: &mut Run) -> bool {
    super::abilities::emitting::process(run, TriggerKind::OnEmitted);
    super::abilities::emitting::open_end_prompts(run);
    let mut died = false;
    let mut rounds = 0;
    while !run.world.killq.is_empty() && rounds < 50 {
        rounds += 1;
        let everyone = std::mem::take(&mut run.world.killq);
        // The bot's `killqKillall`: the kills of a pass first, then its banishments.
        let (banishments, queue): (Vec<Queued>, Vec<Queued>) = everyone
            .into_iter()
            .partition(|q| q.kind.ends_with("banish"));
        let mut victims: Vec<usize> = Vec::new();
        for q in &queue {
            if !victims.contains(&q.victim) {
                victims.push(q.victim);
            }
        }
        run.shuffle_players("the kill queue", &mut victims);
        for v in victims {
            if !run.alive(v) {
                continue;
            }
            let records: Vec<_> = queue.iter().filter(|q| q.victim == v).cloned().collect();
            let labels: Vec<String> = records
                .iter()
                .map(|r| format!("{} by {}", r.kind, run.src_label(&r.src)))
                .collect();
            let Some(record) = run.draw(
                &format!("the record of {}'s death", run.name(v)),
                &records,
                |r| labels[records.iter().position(|x| x == r).unwrap_or(0)].clone(),
            ) else {
                continue;
            };
            let key = run.key(&format!("death:{}", run.name(v)));
            let cause = format!("{} by {}", record.kind, run.src_label(&record.src));
            if stopped_by_host(run, &key, v, format!("{} would die ({cause})", run.name(v))) {
                continue;
            }
            run.world.players[v].alive = false;
            run.ctx.kill(v, &record.kind);
            if super::haunting::on(run) {
                super::haunting::make_ghost(run, v);
            }
            owner_dies(run, v);
            // The rules forget a dead target (option `dead_targets: cleared`); the bot keeps it.
            if run.ctx.option("dead_targets") == "cleared" {
                for p in run.world.players.iter_mut().filter(|p| p.target == Some(v)) {
                    p.target = None;
                }
            }
            died = true;
            run.step(
                key,
                StepResult::Success,
                None,
                None,
                vec![run.name(v)],
                vec![format!("{} dies: {cause}", run.name(v))],
            );
            let name = run.name(v);
            run.tell(Audience::Public, format!("{name} has died."));
            death_triggers(run, v, &record.kind, Some(&record.src), &record.voters);
        }
        died |= banish_all(run, &banishments);
        update_groups(run);
    }
    died
}

/// The banishments of a pass (the bot's `killqKillall` after its kills, `banishPlayer`): each
/// ghost, or living player, queued to be banished is fully dead, then `On Banished` and `On
/// Banishment` fire on him and `On <Sel> Banished|Banishment` everywhere, as texts whose
/// activation allows it (no death overwrite), then `Passive`; his extra roles go last.
fn banish_all(run: &mut Run, queue: &[Queued]) -> bool {
    let mut victims: Vec<usize> = Vec::new();
    for q in queue {
        if !victims.contains(&q.victim) {
            victims.push(q.victim);
        }
    }
    run.shuffle_players("the banishment queue", &mut victims);
    let mut any = false;
    for v in victims {
        let player = &run.world.players[v];
        if !player.alive && !player.ghost {
            continue;
        }
        let record = queue.iter().find(|q| q.victim == v).cloned();
        let Some(record) = record else { continue };
        let key = run.key(&format!("banish:{}", run.name(v)));
        let cause = format!("{} by {}", record.kind, run.src_label(&record.src));
        let would = format!("{} would be banished ({cause})", run.name(v));
        if stopped_by_host(run, &key, v, would) {
            continue;
        }
        super::haunting::banish(run, v, &record.kind);
        any = true;
        run.step(
            key,
            StepResult::Success,
            None,
            None,
            vec![run.name(v)],
            vec![format!("{} is banished: {cause}", run.name(v))],
        );
        let name = run.name(v);
        run.tell(Audience::Public, format!("{name} was banished."));
        banish_triggers(run, v, &record.kind);
    }
    any
}

/// What a banishment sets off, as texts whose activation allows it (no death overwrite):
/// `On Banished` and `On Banishment` on the banished, their `<Sel>` forms everywhere, then
/// `Passive`; his extra roles go last.
pub fn banish_triggers(run: &mut Run, v: usize, kind: &str) {
    let vars: Vec<(&str, V)> = vec![
        ("this", V::Players(vec![v])),
        ("deathtype", V::Text(kind.to_string())),
    ];
    fire_player(run, v, TriggerKind::OnBanished, &vars);
    fire_player(run, v, TriggerKind::OnBanishment, &vars);
    let mut global = vars.clone();
    global.push(("global", V::Bool(true)));
    fire_all(run, TriggerKind::OnBanished, &global);
    fire_all(run, TriggerKind::OnBanishment, &global);
    fire_all(run, TriggerKind::Passive, &[]);
    run.world.drop_extra_roles(v);
}

/// The host's `skip` or `fail` of a death or a banishment (`override death:NAME skip …`): the
/// step says what would have happened, and why it did not.
fn stopped_by_host(run: &mut Run, key: &str, v: usize, would: String) -> bool {
    let Some((result, why)) = run.ctx.verdict_stop(key) else {
        return false;
    };
    run.step(
        key.to_string(),
        result,
        None,
        None,
        vec![run.name(v)],
        vec![would, why],
    );
    true
}

/// What a death sets off (research §1.11): `On Death` and `On Killed` or `On Lynch` on the
/// dead player, `On <Sel> Death` (and `Killed`) everywhere, then `Passive`. `src` is the killer,
/// if any (a host's modkill has none). `@Voters` in `On Lynch` is empty, as the bot passes
/// no voters with a death; the option `lynch_voters: poll` names the lynching poll's `voters`.
pub fn death_triggers(run: &mut Run, v: usize, kind: &str, src: Option<&Src>, voters: &[usize]) {
    let mut vars: Vec<(&str, V)> = vec![
        ("this", V::Players(vec![v])),
        ("deathtype", V::Text(kind.to_string())),
        // a death's triggers run whatever the texts' activation (the bot's overwrite)
        (super::haunting::OVERWRITE, V::Bool(true)),
    ];
    if kind == "lynch" && run.ctx.option("lynch_voters") == "poll" {
        let others: Vec<usize> = voters.iter().copied().filter(|p| *p != v).collect();
        vars.push(("voters", V::Players(voters.to_vec())));
        vars.push(("othervoters", V::Players(others)));
    }
    if let Some(src) = src {
        if let Some(a) = src.player() {
            vars.push(("attacker", V::Players(vec![a])));
        }
        vars.push((
            "attacksource",
            super::abilities::killing::attack_location(&super::eval::Scope::new(
                src.clone(),
                0,
                TriggerKind::OnDeath,
            )),
        ));
    }
    let own = match kind {
        "lynch" => TriggerKind::OnLynch,
        _ => TriggerKind::OnKilled,
    };
    fire_player(run, v, TriggerKind::OnDeath, &vars);
    if src.is_some() {
        fire_player(run, v, own, &vars);
    }
    let mut global = vars.clone();
    global.push(("global", V::Bool(true)));
    fire_all(run, TriggerKind::OnDeath, &global);
    if own == TriggerKind::OnKilled && src.is_some() {
        fire_all(run, TriggerKind::OnKilled, &global);
    }
    fire_all(run, TriggerKind::Passive, &[]);
    // The dead hold no extra role (the bot's `clearRoleAttributes`).
    run.world.drop_extra_roles(v);
}

/// A player who dies as the last living owner of a group disbands it before his death is
/// told or its triggers run, whoever else lives in it (the bot's `killPlayer`): the Coyotes
/// break up when the Greater Coyote dies, and their `On Disbandment` sends the Lesser Coyotes to
/// the pack.
pub fn owner_dies(run: &mut Run, v: usize) {
    let owned: Vec<usize> = run
        .world
        .groups
        .iter()
        .filter(|(_, group)| !group.disbanded)
        .filter(|(_, group)| {
            group
                .members
                .get(&v)
                .is_some_and(|m| m.tier == Tier2::Owner)
        })
        .filter(|(_, group)| {
            !group
                .members
                .iter()
                .any(|(p, m)| *p != v && m.tier == Tier2::Owner && run.alive(*p))
        })
        .map(|(g, _)| *g)
        .collect();
    for g in owned {
        let name = run.program.name(g).to_string();
        run.note(
            "group",
            format!(
                "{name}'s last living owner, {}, dies: the group is disbanded",
                run.name(v)
            ),
        );
        disband_group(run, g);
    }
}

/// Disband a group as the bot does: its channel is told, `On Disbandment` fires while the group
/// still stands, then it is closed.
pub fn disband_group(run: &mut Run, g: usize) {
    let name = run.program.name(g).to_string();
    run.tell(
        Audience::Group(name.clone()),
        format!("{name} has been disbanded."),
    );
    fire_on(
        run,
        &Src::Group {
            file: g,
            executor: None,
        },
        TriggerKind::OnDisbandment,
        &[],
    );
    if let Some(group) = run.world.groups.get_mut(&g) {
        group.disbanded = true;
    }
}

/// The bot's `updateGroups`: an open group with no living member or owner (visitors do not
/// count) is disbanded; a disbanded group reopens when an owner lives, or when a member lives
/// and the group has no owner row at all, living or dead. So a group whose owner died stays
/// closed while only members live. Reopening fires nothing.
pub fn update_groups(run: &mut Run) {
    let files: Vec<usize> = run.world.groups.keys().copied().collect();
    for g in files {
        let Some(group) = run.world.groups.get(&g) else {
            continue;
        };
        let living = |tier: Tier2| {
            group.members.iter().any(|(p, m)| {
                m.tier == tier && super::haunting::counts_for_group(&run.program, &run.world, g, *p)
            })
        };
        let any_owner = group.members.values().any(|m| m.tier == Tier2::Owner);
        let (owner_lives, member_lives) = (living(Tier2::Owner), living(Tier2::Member));
        let name = run.program.name(g).to_string();
        if !group.disbanded && !owner_lives && !member_lives {
            run.note(
                "group",
                format!("{name} has no living member and is disbanded"),
            );
            disband_group(run, g);
        } else if group.disbanded
            && !group.for_good
            && (owner_lives || (member_lives && !any_owner))
        {
            if let Some(group) = run.world.groups.get_mut(&g) {
                group.disbanded = false;
            }
            run.note(
                "group",
                format!(
                    "{name} has a living {} again and reopens",
                    if owner_lives { "owner" } else { "member" }
                ),
            );
            run.tell(
                Audience::Group(name.clone()),
                format!("{name} has been reopened."),
            );
        }
    }
}
