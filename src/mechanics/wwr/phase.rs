//! One phase and the change to the next, in the bot's order (research §1.3, §4.0.2): the
//! immediate answers of the phase in log order (the bot runs them as they come), then the
//! pipeline: Pre-End answers, the polls closing, End answers, `Passive End …`, the kill queue,
//! the win check, the new phase number and its expiring durations, the Start answers chosen in
//! the phase that ends, `Passive Start …` (new polls), and the kill queue again.

use super::deaths::drain;
use super::eval::{Scope, V};
use super::exec::run_body;
use super::program::{Selection, Timing};
use super::run::Run;
use super::triggers::{compulsions, fire_all, fire_on, record_use, restrictions};
use super::world::{Lasting, Player, Src, World};
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::{Ctx, live_acts};
use crate::rules::PhaseKind;
use crate::wwr::ast::TriggerKind;

/// The world at the start of the current phase: kept in the state, or the game's start.
pub fn world_at_start(ctx: &mut Ctx) -> World {
    let program = super::program::Program::of(ctx.roleset);
    if let Some(mut world) = World::load(&ctx.state) {
        // The host's own deaths and revivals (modkill, revive) are the engine's.
        for (p, slot) in world.players.iter_mut().zip(&ctx.state.slots) {
            p.alive = slot.alive;
        }
        return world;
    }
    let mut run = Run::new(ctx, World::default(), program);
    start_game(&mut run);
    run.world
}

/// The game's start (research §1.2): `Starting` everywhere, each player joins his team (`On
/// Join`), `Passive`, the start of Day 0, the kill queue, the win check.
fn start_game(run: &mut Run) {
    let program = run.program.clone();
    run.world.players = run
        .ctx
        .state
        .slots
        .iter()
        .map(|s| {
            let role = program.roles.get(&s.role).copied().unwrap_or(0);
            Player {
                role,
                orig_role: role,
                alignment: program.team_of_role(role),
                alive: s.alive,
                target: None,
                counter: 0,
            }
        })
        .collect();
    run.stage = "game start".into();
    run.note(
        "start",
        "the game starts: Starting, On Join, Passive, Start Day",
    );
    fire_all(run, TriggerKind::Starting, &[]);
    for p in 0..run.world.players.len() {
        if let Some(team) = run.world.players[p].alignment {
            fire_on(
                run,
                &Src::Team(team),
                TriggerKind::OnJoin,
                &[("joiner", V::Players(vec![p]))],
            );
        }
    }
    fire_all(run, TriggerKind::Passive, &[]);
    fire_all(run, TriggerKind::PassiveStartDay, &[]);
    fire_all(run, TriggerKind::PassiveStartPhase, &[]);
    drain(run);
    super::win::check(run);
}

/// The world as it stands now, after the immediate answers entered so far this phase: what
/// the refusals of new entries read.
pub fn world_now(roleset: &crate::rules::Roleset, state: &crate::engine::GameState) -> World {
    let mut ctx = Ctx::dry_run(roleset, state, 0);
    let world = world_at_start(&mut ctx);
    let program = super::program::Program::of(roleset);
    let mut run = Run::new(&mut ctx, world, program);
    immediates(&mut run);
    run.world
}

/// Resolve the current phase and the change to the next.
pub fn resolve(ctx: &mut Ctx) {
    let world = world_at_start(ctx);
    let program = super::program::Program::of(ctx.roleset);
    let mut run = Run::new(ctx, world, program);
    if run.ctx.state.game_over.is_some() {
        run.world.store(&mut run.ctx.state);
        return;
    }
    immediates(&mut run);
    if !over(&mut run) {
        change(&mut run);
    }
    let world = std::mem::take(&mut run.world);
    world.store(&mut run.ctx.state);
}

fn over(run: &mut Run) -> bool {
    run.ctx.state.game_over.is_some()
}

/// The live answers of the phase with this timing, in log order.
fn answers(
    run: &Run,
    timing: Timing,
    pre_end: Option<bool>,
) -> Vec<(u64, usize, String, Vec<String>)> {
    live_acts(&run.ctx.state)
        .filter_map(|a| {
            let p = run.program.prompts.get(a.ability)?;
            let stage_pre = run
                .ctx
                .roleset
                .ability(a.ability)
                .is_some_and(|d| d.stage == "pre_end");
            (p.timing == timing && pre_end.is_none_or(|want| want == stage_pre))
                .then(|| (a.seq, a.actor, a.ability.to_string(), a.targets.to_vec()))
        })
        .collect()
}

fn immediates(run: &mut Run) {
    run.stage = "immediate".into();
    for (seq, actor, ability, targets) in answers(run, Timing::Immediate, None) {
        answer(run, seq, actor, &ability, &targets);
        drain(run);
        if super::win::check(run) {
            return;
        }
    }
}

/// Run the host's answer to a prompt (research §1.7): the selections bound, restrictions
/// checked with them, the use counted, the body run, the feedback sent.
pub fn answer(run: &mut Run, seq: u64, actor: usize, ability: &str, targets: &[String]) {
    let program = run.program.clone();
    let Some(prompt) = program.prompts.get(ability) else {
        return;
    };
    let (file, block) = program.triggers(prompt.role)[prompt.trigger];
    let key = format!("act#{seq}");
    let label = format!("{} ({})", run.name(actor), program.name(prompt.role));
    let shown = targets.to_vec();
    if let Some((result, why)) = run.ctx.verdict_stop(&key) {
        run.step(
            key,
            result,
            Some(actor),
            Some(ability.into()),
            shown,
            vec![format!("{label}: `{}`", block.trigger), why],
        );
        return;
    }
    if !run.alive(actor) && run.ctx.option("dead_actions") == "drop" {
        run.step(
            key,
            StepResult::Skipped,
            Some(actor),
            Some(ability.into()),
            shown,
            vec![format!(
                "{label} died before the action ran (option dead_actions: drop)"
            )],
        );
        return;
    }
    if prompt.event
        && let Some(i) = run
            .world
            .opened
            .iter()
            .position(|(p, a)| *p == actor && a == ability)
    {
        run.world.opened.remove(i);
    }
    let per_use = prompt.selections.len().max(1);
    let chunks: Vec<&[String]> = if prompt.selections.is_empty() || targets.is_empty() {
        vec![&[]]
    } else {
        targets.chunks(per_use).collect()
    };
    let mut reasons = vec![format!("{label}: `{}` answered", block.trigger)];
    let mut result = StepResult::Success;
    let mut scopes = Vec::new();
    for chunk in chunks {
        let mut scope = Scope::new(Src::Player(actor), file, block.trigger.kind);
        let names = ["selection", "secondaryselection"];
        for (i, (kind, value)) in prompt.selections.iter().zip(chunk).enumerate() {
            scope.bind(names[i], selection_value(run, *kind, value));
        }
        if prompt.selections.first() == Some(&Selection::PlayerOptional) && chunk.is_empty() {
            scope.bind("selection", V::Players(Vec::new()));
        }
        if let Err(why) = restrictions(run, &scope, file, block, true) {
            result = StepResult::Failed;
            reasons.push(format!("failed restriction `{why}`"));
            run.tell(
                Audience::Slot(actor),
                format!("You cannot execute this ability due to a restriction: {why}"),
            );
            continue;
        }
        compulsions(&mut scope, &block.params);
        scopes.push(scope);
    }
    run.step(
        key,
        result,
        Some(actor),
        Some(ability.into()),
        shown,
        reasons,
    );
    for mut scope in scopes {
        record_use(run, &scope, file, block);
        run_body(run, &mut scope, &block.body, super::exec::Tell::Answer);
    }
}

fn selection_value(run: &Run, kind: Selection, value: &str) -> V {
    match kind {
        Selection::Role => {
            let id = run
                .ctx
                .roleset
                .role_named(value)
                .map(|r| r.id.clone())
                .unwrap_or_default();
            match run.program.roles.get(&id) {
                Some(f) => V::Role(*f),
                None => match run
                    .program
                    .find(crate::wwr::resolve::Namespace::Role, value)
                {
                    Some(f) => V::Role(f),
                    None => V::Text(value.to_string()),
                },
            }
        }
        Selection::Boolean => V::Bool(value.eq_ignore_ascii_case("yes")),
        _ => run
            .ctx
            .slot_of(value)
            .map_or(V::Nothing, |p| V::Players(vec![p])),
    }
}

/// The phase change (research §1.3, steps 5–19).
fn change(run: &mut Run) {
    let kind = run.kind;
    let (pre_end, end, passive_end, start, passive_start) = match kind {
        PhaseKind::Night => (
            TriggerKind::PreEndNight,
            TriggerKind::EndNight,
            TriggerKind::PassiveEndNight,
            TriggerKind::StartDay,
            TriggerKind::PassiveStartDay,
        ),
        _ => (
            TriggerKind::PreEndDay,
            TriggerKind::EndDay,
            TriggerKind::PassiveEndDay,
            TriggerKind::StartNight,
            TriggerKind::PassiveStartNight,
        ),
    };
    let _ = (pre_end, end, start);
    run.stage = "pre_end".into();
    for (seq, actor, ability, targets) in answers(run, Timing::End, Some(true)) {
        answer(run, seq, actor, &ability, &targets);
    }
    run.stage = "polls".into();
    super::polls::close_all(run);
    run.stage = "end".into();
    for (seq, actor, ability, targets) in answers(run, Timing::End, Some(false)) {
        answer(run, seq, actor, &ability, &targets);
    }
    run.stage = "passive end".into();
    fire_all(run, passive_end, &[]);
    fire_all(run, TriggerKind::PassiveEndPhase, &[]);
    fire_all(run, TriggerKind::Passive, &[]);
    run.stage = "deaths".into();
    drain(run);
    if super::win::check(run) {
        return;
    }
    // The next phase begins: its number, and the durations that end with the change.
    run.phase += 1;
    run.kind = run.ctx.roleset.phase_kind(run.phase);
    run.world.opened.clear();
    expire(run);
    run.stage = "start".into();
    for (seq, actor, ability, targets) in answers(run, Timing::Start, None) {
        answer(run, seq, actor, &ability, &targets);
    }
    fire_all(run, passive_start, &[]);
    fire_all(run, TriggerKind::PassiveStartPhase, &[]);
    drain(run);
    fire_all(run, TriggerKind::Passive, &[]);
    drain(run);
    super::win::check(run);
}

/// Durations at the start of the new phase (research §1.9, `attributeCleanup()`).
fn expire(run: &mut Run) {
    let now = run.phase;
    let day = run.kind == PhaseKind::Day;
    let mut doomed = Vec::new();
    for a in run.world.attrs.iter_mut() {
        let gone = match a.lasting {
            Lasting::Phase => a.applied < now,
            Lasting::NextPhase => a.applied + 1 < now,
            // "Until the end of the next night": gone as a day starts, unless applied in the
            // phase just ended.
            Lasting::NextNight => day && a.applied + 1 < now,
            Lasting::NextDay => !day && a.applied + 1 < now,
            _ => false,
        };
        if gone {
            doomed.push(a.id);
        }
    }
    if !doomed.is_empty() {
        let n = doomed.len();
        run.world.remove_attrs(doomed);
        run.note(
            "expire",
            format!("{n} attribute row(s) expired with the change of phase"),
        );
    }
    for g in run.world.groups.values_mut() {
        g.members.retain(|_, m| match m.lasting {
            Lasting::Phase => m.applied >= now,
            _ => true,
        });
    }
}
