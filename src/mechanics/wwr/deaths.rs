//! The kill queue (research §1.11): queued victims die in random order, one random record per
//! victim giving `@Attacker` and `@DeathType`; each death fires `On Death` and `On Killed` or
//! `On Lynch` on the victim, `On <Sel> Death` everywhere, then `Passive`. Kills those triggers
//! queue die in the next round, until the queue is empty. Groups left without a living member
//! are disbanded.

use super::eval::V;
use super::run::Run;
use super::triggers::{fire_all, fire_on};
use super::world::Src;
use crate::engine::outcome::{Audience, StepResult};
use crate::wwr::ast::TriggerKind;

/// Drain the queue; returns whether anyone died.
pub fn drain(run: &mut Run) -> bool {
    let mut died = false;
    let mut rounds = 0;
    while !run.world.killq.is_empty() && rounds < 50 {
        rounds += 1;
        let queue = std::mem::take(&mut run.world.killq);
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
            if let Some((result, why)) = run.ctx.verdict_stop(&key) {
                run.step(
                    key,
                    result,
                    None,
                    None,
                    vec![run.name(v)],
                    vec![format!("{} would die ({cause})", run.name(v)), why],
                );
                continue;
            }
            run.world.players[v].alive = false;
            run.ctx.kill(v, &record.kind);
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
            death_triggers(run, v, &record.kind, Some(&record.src));
        }
        disband(run);
    }
    died
}

/// What a death sets off (research §1.11): `On Death` and `On Killed` or `On Lynch` on the
/// dead player, `On <Sel> Death` (and `Killed`) everywhere, then `Passive`. `src` is the killer,
/// if any (a host's modkill has none).
pub fn death_triggers(run: &mut Run, v: usize, kind: &str, src: Option<&Src>) {
    let mut vars: Vec<(&str, V)> = vec![
        ("this", V::Players(vec![v])),
        ("deathtype", V::Text(kind.to_string())),
    ];
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
    fire_on(run, &Src::Player(v), TriggerKind::OnDeath, &vars);
    if src.is_some() {
        fire_on(run, &Src::Player(v), own, &vars);
    }
    let mut global = vars.clone();
    global.push(("global", V::Bool(true)));
    fire_all(run, TriggerKind::OnDeath, &global);
    if own == TriggerKind::OnKilled && src.is_some() {
        fire_all(run, TriggerKind::OnKilled, &global);
    }
    fire_all(run, TriggerKind::Passive, &[]);
}

/// Groups with no living member or owner are disbanded (`On Disbandment`); a disbanded group
/// with a living member again reopens (research §1.14).
pub fn disband(run: &mut Run) {
    let files: Vec<usize> = run.world.groups.keys().copied().collect();
    for g in files {
        let living = !run.members(g).is_empty();
        let Some(group) = run.world.groups.get_mut(&g) else {
            continue;
        };
        if !living && !group.disbanded {
            group.disbanded = true;
            let name = run.program.name(g).to_string();
            run.note(
                "group",
                format!("{name} has no living member and is disbanded"),
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
        } else if living && group.disbanded {
            group.disbanded = false;
        }
    }
}
