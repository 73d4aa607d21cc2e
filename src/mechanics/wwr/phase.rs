//! One phase and the change to the next, in the bot's order (research §1.3, §4.0.2): the
//! immediate answers of the phase in log order (the bot runs them as they come), then the
//! pipeline: Pre-End answers, the polls closing, End answers, `Passive End …`, the kill queue,
//! the win check, the new phase number and its expiring durations, the Start answers chosen in
//! the phase that ends, `Passive Start …` (new polls), and the kill queue again.

use super::deaths::drain;
use super::eval::{Scope, V};
use super::exec::run_trigger_body;
use super::program::{Selection, Timing};
use super::run::Run;
use super::triggers::{compulsions, fire_all, fire_on, record_use, restrictions};
use super::world::{Lasting, Player, Src, World};
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::{Ctx, live_acts};
use crate::rules::PhaseKind;
use crate::wwr::ast::TriggerKind;

/// The executor over the world at the start of the current phase: the one kept in the state,
/// or, in the game's first phase, the game's start run here (so its steps are this phase's).
pub fn begin<'r, 'a>(ctx: &'r mut Ctx<'a>) -> Run<'r, 'a> {
    let program = super::program::Program::of(ctx.roleset);
    if let Some(mut world) = World::of(&ctx.state).cloned() {
        // The host's own deaths, revivals and role changes (modkill, revive, change role) are
        // the engine's: a changed role brings its team, as the bot's role change does.
        let removed: Vec<usize> = world
            .players
            .iter()
            .zip(&ctx.state.slots)
            .enumerate()
            .filter(|(_, (p, slot))| p.alive && !slot.alive)
            .map(|(i, _)| i)
            .collect();
        // a ghost the host removed (`modkill`, the bot's `$killq add` of a ghost): banished
        let banished: Vec<usize> = world
            .players
            .iter()
            .zip(&ctx.state.slots)
            .enumerate()
            .filter(|(_, (p, slot))| {
                p.ghost && !slot.alive && !slot.has_status(super::haunting::GHOST_STATUS)
            })
            .map(|(i, _)| i)
            .collect();
        for (p, slot) in world.players.iter_mut().zip(&ctx.state.slots) {
            p.alive = slot.alive;
            // a ghost the host revives lives again; one whose ghost status the host took
            // away is fully dead
            if slot.alive || !slot.has_status(super::haunting::GHOST_STATUS) {
                p.ghost = false;
            }
            if let Some(&role) = program.roles.get(&slot.role)
                && role != p.role
            {
                p.role = role;
                p.alignment = program.team_of_role(role);
            }
        }
        for slot in ctx.state.slots.iter_mut().filter(|s| s.alive) {
            slot.statuses.remove(super::haunting::GHOST_STATUS);
        }
        let mut run = Run::new(ctx, world, program);
        super::including::refresh(&mut run);
        super::abilities::granting::follow_the_host(&mut run, true);
        // A player the host removed dies as the bot's host kill does: his death's triggers
        // run first thing (the Gravedigger hears of him; the Den Mother's death still makes
        // the Ridge Wolf hungry).
        if !removed.is_empty() || !banished.is_empty() {
            run.stage = "host".into();
        }
        for v in banished {
            let name = run.name(v);
            run.note(
                "host",
                format!("{name}, a ghost, was removed by the host: banished, and the banishment's triggers run now"),
            );
            super::deaths::banish_triggers(&mut run, v, "true banish");
        }
        for v in removed {
            let name = run.name(v);
            run.note(
                "host",
                format!("{name} was removed by the host: the death's triggers run now"),
            );
            // in a haunting game the bot's host kill is a true kill: a ghost
            if super::haunting::on(&run) {
                super::haunting::make_ghost(&mut run, v);
            }
            super::deaths::owner_dies(&mut run, v);
            super::deaths::death_triggers(&mut run, v, "modkill", None, &[]);
            drain(&mut run);
        }
        return run;
    }
    let mut run = Run::new(ctx, World::default(), program);
    start_game(&mut run);
    run
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
                target_role: None,
                counter: 0,
                final_result: None,
                ghost: false,
                activation: super::haunting::activation_of(&program, role),
                included: Vec::new(),
            }
        })
        .collect();
    run.stage = "game start".into();
    super::including::refresh(run);
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
    // extra roles the setup deals (the host's, as no text granted them)
    super::abilities::granting::follow_the_host(run, false);
    fire_all(run, TriggerKind::Passive, &[]);
    fire_all(run, TriggerKind::PassiveStartDay, &[]);
    fire_all(run, TriggerKind::PassiveStartPhase, &[]);
    drain(run);
    fire_all(run, TriggerKind::Passive, &[]);
    drain(run);
    super::win::check(run);
}

/// The world at the start of the current phase: the prompts of the phase are issued against it
/// (research §1.3 steps 17–18), so an answer made true later in the phase opens none.
pub fn world_start(roleset: &crate::rules::Roleset, state: &crate::engine::GameState) -> World {
    let mut ctx = Ctx::dry_run(roleset, state, 0);
    begin(&mut ctx).world
}

/// The world as it stands now, after the immediate answers entered so far this phase: what
/// the refusals of new entries read.
pub fn world_now(roleset: &crate::rules::Roleset, state: &crate::engine::GameState) -> World {
    let mut ctx = Ctx::dry_run(roleset, state, 0);
    let mut run = begin(&mut ctx);
    immediates(&mut run);
    run.world
}

/// Resolve the current phase and the change to the next.
pub fn resolve(ctx: &mut Ctx) {
    let mut run = begin(ctx);
    if run.ctx.state.game_over.is_some() {
        std::mem::take(&mut run.world).store(&mut run.ctx.state);
        return;
    }
    immediates(&mut run);
    if !over(&mut run) {
        change(&mut run);
    }
    let world = std::mem::take(&mut run.world);
    roles_to_slots(&run.program, &world, &mut run.ctx.state);
    world.store(&mut run.ctx.state);
}

/// The roles the texts changed and the extra roles they granted become the slots' own, so the
/// engine's role PMs, prompts and reveal know them (and notes each change as every rule
/// system's).
fn roles_to_slots(
    program: &super::program::Program,
    world: &World,
    state: &mut crate::engine::GameState,
) {
    let changed: Vec<(usize, Option<String>, Vec<String>)> = world
        .players
        .iter()
        .enumerate()
        .filter_map(|(p, player)| {
            let slot = state.slots.get(p)?;
            let main = (program.roles.get(&slot.role) != Some(&player.role))
                .then(|| program.role_id_of(player.role));
            let extra: Vec<String> = world
                .extra_roles(p)
                .map(|(_, role)| program.role_id_of(role))
                .collect();
            (main.is_some() || slot.extra_roles != extra).then_some((p, main, extra))
        })
        .collect();
    // (the slots are shared copy-on-write: written only when a role did change)
    for (p, main, extra) in changed {
        let slot = &mut state.slots[p];
        if let Some(main) = main {
            slot.role = main;
        }
        slot.extra_roles = extra;
    }
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
    let mut out = answers_logged(run, timing, pre_end);
    // The sub-stages in the bot's order (research §1.3 steps 5, 7, 13): Fourth, Third, Second
    // Pre-End before Pre-End, End X before End Phase, Start Y before Start Phase; log order
    // within each.
    out.sort_by_key(|(_, _, ability, _)| {
        run.program
            .prompts
            .get(ability)
            .map_or(sub_stage(TriggerKind::Immediate), |p| sub_stage(p.kind))
    });
    // The rule book's conflict order (option `answer_order: rules`): non-attacks first, then
    // alphabetical by player; immediate answers stay in log order (they happen as they come).
    if timing != Timing::Immediate && run.ctx.option("answer_order") == "rules" {
        let program = run.program.clone();
        out.sort_by_key(|(_, actor, ability, _)| {
            let attacks = program
                .prompts
                .get(ability)
                .is_some_and(|p| prompt_kills(&program, p));
            (attacks, run.name(*actor).to_lowercase())
        });
    }
    out
}

/// The rank of a trigger within its pipeline stage.
fn sub_stage(kind: TriggerKind) -> u8 {
    use TriggerKind as T;
    match kind {
        T::FourthPreEndNight | T::FourthPreEndDay => 0,
        T::ThirdPreEndNight | T::ThirdPreEndDay => 1,
        T::SecondPreEndNight | T::SecondPreEndDay => 2,
        T::EndPhase | T::StartPhase => 4,
        _ => 3,
    }
}

/// Does a prompt's text kill (an attack, kill, lynch or true kill)?
fn prompt_kills(program: &super::program::Program, prompt: &super::program::Prompt) -> bool {
    let (_, block) = program.triggers(prompt.role)[prompt.trigger];
    let mut kills = false;
    for s in &block.body {
        super::program::visit_abilities(s, &mut |a| {
            kills |= matches!(a.kind, crate::wwr::ast::AbilityKind::Killing(_));
        });
    }
    kills
}

/// The live answers of the phase with this timing, in log order.
fn answers_logged(
    run: &Run,
    timing: Timing,
    pre_end: Option<bool>,
) -> Vec<(u64, usize, String, Vec<String>)> {
    live_acts(&run.ctx.state)
        .filter_map(|a| {
            // a message through a whisper happens as it comes
            if a.ability == super::abilities::whispering::MESSAGE_PROMPT {
                return (timing == Timing::Immediate)
                    .then(|| (a.seq, a.actor, a.ability.to_string(), a.targets.to_vec()));
            }
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
        // The bot re-checks the win conditions when an immediate action killed.
        if drain(run) && super::win::check(run) {
            return;
        }
    }
}

/// Run the host's answer to a prompt (research §1.7): the selections bound, restrictions
/// checked with them, the use counted, the body run, the feedback sent.
pub fn answer(run: &mut Run, seq: u64, actor: usize, ability: &str, targets: &[String]) {
    answer_as(run, format!("act#{seq}"), actor, ability, targets)
}

/// [`answer`] under a step key of its own (a forced answer has no entry).
fn answer_as(run: &mut Run, key: String, actor: usize, ability: &str, targets: &[String]) {
    if ability == super::abilities::whispering::MESSAGE_PROMPT {
        let name = targets.first().map_or("", String::as_str);
        super::abilities::whispering::message(run, key, actor, name);
        return;
    }
    let program = run.program.clone();
    let Some(prompt) = program.prompts.get(ability) else {
        return;
    };
    let (file, block) = program.triggers(prompt.role)[prompt.trigger];
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
    // The role answering: the main one, or an extra role the player holds; a role he no longer
    // holds answers nothing (the bot deletes a changed role's queued actions, research §1.15).
    let src = prompt_source(&run.world, actor, prompt.role);
    let skip = |run: &mut Run, why: String| {
        run.step(
            key.clone(),
            StepResult::Skipped,
            Some(actor),
            Some(ability.into()),
            shown.clone(),
            vec![why],
        )
    };
    let Some(src) = src else {
        let now = run
            .world
            .players
            .get(actor)
            .map_or("?", |p| program.name(p.role));
        skip(
            run,
            format!(
                "{label}: the role is now {now}, and a changed role's answers are dropped with it"
            ),
        );
        return;
    };
    // a ghost is still in the game (haunting): his answers are his texts' to allow
    let gone = !run.alive(actor) && !run.world.players.get(actor).is_some_and(|p| p.ghost);
    if gone && run.ctx.option("dead_actions") == "drop" {
        skip(
            run,
            format!("{label} died before the action ran (option dead_actions: drop)"),
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
    // the pick that opened it, if another player's: `@Chooser` and `@Chosen` as when picked
    let pick = run
        .world
        .picks
        .iter()
        .position(|p| p.player == actor && p.prompt == ability)
        .map(|i| run.world.picks.remove(i));
    let per_use = prompt.selections.len().max(1);
    let chunks: Vec<&[String]> = if prompt.selections.is_empty() || targets.is_empty() {
        vec![&[]]
    } else {
        targets.chunks(per_use).collect()
    };
    // Each use (`⟨xN⟩` gives N) is an action of its own: its restrictions are checked as it
    // runs, after the uses before it counted (research §1.6, §1.7). The first use's check
    // decides the answer's step.
    let host_lets = matches!(
        run.ctx.verdict(&key),
        Some((crate::engine::outcome::Verdict::Succeed, _))
    );
    let answered = format!("{label}: `{}` answered", block.trigger);
    // uses past what the scaling gives now (`⟨Odd: x1, Even: x2⟩`, `⟨$total/10⟩`) do not run
    let allowed = {
        let scope = Scope::new(src.clone(), file, block.trigger.kind);
        super::triggers::scaling(run, &scope, block) as usize
    };
    for (n, chunk) in chunks.into_iter().enumerate() {
        if n >= allowed {
            let use_key = if n == 0 {
                key.clone()
            } else {
                format!("{key}:{}", n + 1)
            };
            run.step(
                use_key,
                StepResult::Skipped,
                Some(actor),
                Some(ability.into()),
                chunk.to_vec(),
                vec![
                    answered.clone(),
                    format!("its scaling allows {allowed} use(s) now"),
                ],
            );
            continue;
        }
        let mut scope = Scope::new(src.clone(), file, block.trigger.kind);
        if let Some(pick) = &pick {
            scope.bind("chooser", V::Players(vec![pick.chooser]));
            scope.bind("chosen", V::Text(pick.option.clone()));
            scope.bind("option", V::Text(pick.option.clone()));
        }
        bind_selections(run, &mut scope, &prompt.selections, chunk);
        if prompt.selections.first() == Some(&Selection::PlayerOptional) && chunk.is_empty() {
            scope.bind("selection", V::Players(Vec::new()));
        }
        let refused = match restrictions(run, &scope, file, block, true) {
            Err(why) if !host_lets => Some(why),
            _ => None,
        };
        let use_key = if n == 0 {
            key.clone()
        } else {
            format!("{key}:{}", n + 1)
        };
        match refused {
            Some(why) => {
                let reasons = vec![answered.clone(), format!("failed restriction `{why}`")];
                run.step(
                    use_key,
                    StepResult::Failed,
                    Some(actor),
                    Some(ability.into()),
                    chunk.to_vec(),
                    reasons,
                );
                run.tell(
                    Audience::Slot(actor),
                    format!("You cannot execute this ability due to a restriction: {why}"),
                );
            }
            None => {
                let mut reasons = vec![answered.clone()];
                // the bot runs a queued action with no check of life (research §1.3); the
                // host sees it said, and that the option turns it off
                if gone {
                    reasons.push(format!(
                        "{} is dead; the bot runs a queued action without checking life (option dead_actions: drop skips it)",
                        run.name(actor)
                    ));
                }
                run.step(
                    use_key,
                    StepResult::Success,
                    Some(actor),
                    Some(ability.into()),
                    chunk.to_vec(),
                    reasons,
                );
                compulsions(&mut scope, &block.params);
                record_use(run, &scope, file, block);
                run_trigger_body(run, &mut scope, block, super::exec::Tell::Answer);
            }
        }
    }
}

/// Bind a use's entered targets: a choice's option is `@Chosen`, the others `@Selection` and
/// `@SecondarySelection` in turn.
pub fn bind_selections(run: &Run, scope: &mut Scope, kinds: &[Selection], chunk: &[String]) {
    let mut names = ["selection", "secondaryselection"].into_iter();
    for (kind, value) in kinds.iter().zip(chunk) {
        let v = selection_value(run, *kind, value);
        if *kind == Selection::Option {
            scope.bind("chosen", v);
        } else if let Some(name) = names.next() {
            scope.bind(name, v);
        }
    }
}

/// What an entered target stands for in a selection of this kind: a player, a role, yes or no.
pub fn selection_value(run: &Run, kind: Selection, value: &str) -> V {
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
        Selection::Number { .. } => value.trim().parse::<f64>().map_or(V::Nothing, V::Num),
        Selection::Option => V::Text(value.to_string()),
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
    run.stage = "unanswered".into();
    super::abilities::choices::force_unpicked(run);
    unanswered(run);
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
    super::abilities::emitting::process(run, TriggerKind::OnEndEmitted);
    run.stage = "passive end".into();
    fire_all(run, passive_end, &[]);
    fire_all(run, TriggerKind::PassiveEndPhase, &[]);
    fire_all(run, TriggerKind::Passive, &[]);
    run.stage = "deaths".into();
    // the bot's `choicesReset`: no choice outlives its phase
    run.world.choices.clear();
    drain(run);
    if super::win::check(run) {
        return;
    }
    // The next phase begins: its number, and the durations that end with the change.
    run.phase += 1;
    run.kind = run.ctx.roleset.phase_kind(run.phase);
    run.world.opened.clear();
    run.world.picks.clear();
    run.stage = "durations".into();
    expire(run);
    run.stage = "start".into();
    for (seq, actor, ability, targets) in answers(run, Timing::Start, None) {
        answer(run, seq, actor, &ability, &targets);
    }
    fire_all(run, passive_start, &[]);
    fire_all(run, TriggerKind::PassiveStartPhase, &[]);
    drain(run);
    fire_all(run, TriggerKind::Passive, &[]);
    // Step 19: `Passive` once more, the kill queue, the win check.
    fire_all(run, TriggerKind::Passive, &[]);
    drain(run);
    super::win::check(run);
}

/// The prompts of the phase nobody answered (research §1.3 steps 2–3): a `{Forced}` one runs
/// now with a drawn selection of its kind (restrictions are not consulted in drawing), any
/// other is dropped and its last target forgotten (so `No Target Succession` forgets a
/// skipped phase).
fn unanswered(run: &mut Run) {
    use crate::wwr::ast::CompulsionKind;
    let program = run.program.clone();
    let answered: Vec<(usize, String)> = live_acts(&run.ctx.state)
        .map(|a| (a.actor, a.ability.to_string()))
        .collect();
    let living: Vec<usize> = run.world.living().collect();
    for p in living {
        let role = run.world.players[p].role;
        let open: Vec<&super::program::Prompt> = program
            .prompts
            .values()
            .filter(|x| x.role == role && !x.event && x.phase.is_none_or(|k| k == run.kind))
            .filter(|x| !answered.iter().any(|(a, id)| *a == p && *id == x.id))
            .collect();
        for prompt in open {
            let (file, block) = program.triggers(role)[prompt.trigger];
            let scope = Scope::new(Src::Player(p), file, block.trigger.kind);
            if restrictions(run, &scope, file, block, false).is_err() {
                continue;
            }
            let forced = block.params.compulsion.iter().find_map(|c| match &c.kind {
                CompulsionKind::Forced { default } => Some(default.clone()),
                _ => None,
            });
            if let Some(default) = forced {
                // `{Forced: Citizen}` names the answer; a bare `{Forced}` draws one
                // (`prompts.js`: the default whenever one is set)
                let targets = match default {
                    Some(v) => {
                        let v = run.eval(&scope, &v);
                        vec![run.show(&v)]
                    }
                    None => draw_selection(run, p, prompt),
                };
                run.note(
                    "forced",
                    format!(
                        "{} left `{}` unanswered and it is forced: it runs with {}",
                        run.name(p),
                        prompt.id,
                        if targets.is_empty() {
                            "no selection".to_string()
                        } else {
                            targets.join(", ")
                        }
                    ),
                );
                let key = run.key(&format!("forced:{}:{}", run.name(p), prompt.id));
                answer_as(run, key, p, &prompt.id, &targets);
            } else {
                let key = super::triggers::uses_key(
                    &Src::Player(p),
                    super::triggers::block_loc(file, block),
                );
                if let Some(u) = run.world.uses.get_mut(&key) {
                    u.last_target = None;
                }
            }
        }
    }
}

/// A random answer of the right kinds for a forced prompt (research §1.3 step 2: any living
/// player, any role).
fn draw_selection(run: &mut Run, actor: usize, prompt: &super::program::Prompt) -> Vec<String> {
    let mut out = Vec::new();
    for kind in &prompt.selections {
        let what = format!("{}'s forced {}", run.name(actor), prompt.id);
        let picked = match kind {
            Selection::Role => {
                let roles: Vec<String> = run
                    .ctx
                    .roleset
                    .roles
                    .iter()
                    .map(|r| r.name.clone())
                    .collect();
                run.draw(&what, &roles, |r| r.clone())
            }
            Selection::Boolean | Selection::Number { .. } => {
                run.draw(&what, &kind.words().unwrap_or_default(), |r| r.clone())
            }
            Selection::Option => {
                let options = prompt
                    .choice
                    .as_ref()
                    .map(|(_, o)| o.clone())
                    .unwrap_or_default();
                run.draw(&what, &options, |r| r.clone())
            }
            _ => {
                let living: Vec<String> = run.world.living().map(|p| run.name(p)).collect();
                run.draw(&what, &living, |r| r.clone())
            }
        };
        out.extend(picked);
    }
    out
}

/// Who answers a prompt of this role for the actor: his main role, or the extra role row he
/// holds it by; `None` when he holds it no longer.
pub fn prompt_source(world: &World, actor: crate::engine::SlotId, role: usize) -> Option<Src> {
    let player = world.players.get(actor);
    if player.is_some_and(|p| p.role == role || p.included.contains(&role)) {
        Some(Src::Player(actor))
    } else {
        world
            .extra_roles(actor)
            .find(|(_, r)| *r == role)
            .map(|(id, _)| Src::ExtraRole { id, owner: actor })
    }
}

/// Durations at the start of the new phase (research §1.9, `attributeCleanup()`).
fn expire(run: &mut Run) {
    let now = run.phase;
    let day = run.kind == PhaseKind::Day;
    let ending: Vec<(u64, usize, String)> = run
        .world
        .attrs
        .iter()
        .filter(|a| expired(a.lasting, a.applied, now, day))
        .map(|a| (a.id, a.owner, row_words(&run.program, &a.kind)))
        .collect();
    // Each expiry is a step the host may skip (`override expire:Fay skip …`: the row stays).
    let mut doomed = Vec::new();
    for (id, owner, what) in ending {
        let reason = format!(
            "{}'s {what} expires with the change of phase",
            run.name(owner)
        );
        if run.step_unless_stopped(&format!("expire:{}", run.name(owner)), Some(owner), reason) {
            doomed.push(id);
        }
    }
    run.world.remove_attrs(doomed);
    run.world
        .group_attrs
        .retain(|a| !expired(a.lasting, a.applied, now, day));
    run.world
        .poll_marks
        .retain(|m| !expired(m.lasting, m.applied, now, day));
    for g in run.world.groups.values_mut() {
        g.members
            .retain(|_, m| !expired(m.lasting, m.applied, now, day));
    }
}

/// An attribute row in words: `Marker`, `active defense`, `strong disguise as Citizen`.
pub fn row_words(program: &super::program::Program, kind: &super::world::AttrKind) -> String {
    use super::world::AttrKind;
    match kind {
        AttrKind::Custom { attribute, .. } => program.name(*attribute).to_string(),
        AttrKind::Defense { tier, .. } => tier.word().to_string(),
        AttrKind::Disguise { strong, role } => format!(
            "{} disguise as {}",
            if *strong { "strong" } else { "weak" },
            program.name(*role)
        ),
        AttrKind::Loyalty { to } => format!("loyal to {}", program.name(*to)),
        AttrKind::ExtraRole { role, .. } => format!("extra role {}", program.name(*role)),
        AttrKind::Whisper { to, name, .. } => match name {
            Some(name) => format!("whispers to {to} as {name}"),
            None => format!("whispers to {to}"),
        },
        AttrKind::VotingPower {
            vote,
            relative,
            amount,
        } => {
            let kind = super::abilities::manipulating::word(*vote);
            if *relative {
                format!("{kind} voting power {amount:+}")
            } else {
                format!("{kind} voting power set to {amount}")
            }
        }
        AttrKind::Redirection { .. } => "redirects what reaches him".to_string(),
        AttrKind::Obstruction(o) => {
            let what = format!("{} {}", o.subtype, o.kind);
            match (o.inverted, what.trim()) {
                (_, "") => "obstructed".to_string(),
                (false, what) => format!("obstructed: {what}"),
                (true, what) => format!("obstructed: all but {what}"),
            }
        }
    }
}

/// Has a row of this lasting, applied in phase `applied`, ended as phase `now` (a day if
/// `day`) begins?
fn expired(lasting: Lasting, applied: u32, now: u32, day: bool) -> bool {
    match lasting {
        Lasting::Phase => applied < now,
        Lasting::NextPhase => applied + 1 < now,
        // "Until the end of the next night": gone as a day starts, unless applied in the phase
        // just ended.
        Lasting::NextNight => day && applied + 1 < now,
        Lasting::NextDay => !day && applied + 1 < now,
        _ => false,
    }
}
