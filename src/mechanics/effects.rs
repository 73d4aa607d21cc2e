//! The shared ability vocabulary executed stage by stage. A rule system plugs its own rules in
//! through [`Hooks`]: immunities, automatic protections, what a death sets off, system stages.

use crate::engine::SlotId;
use crate::engine::outcome::{Audience, Step, StepResult, Verdict};
use crate::engine::resolve::{Action, Ctx};
use crate::engine::state::Slot;
use crate::engine::validate::holds_ability;
use crate::rules::{Effect, PhaseKind, TargetKind, TargetRule};
use std::collections::{BTreeMap, BTreeSet};

/// A protection placed on a player during this phase.
#[derive(Clone, Debug)]
pub struct Protection {
    pub target: SlotId,
    pub by: SlotId,
    pub from: Vec<String>,
    /// The status the attacker gets (a bodyguard injures), if any.
    pub injure: Option<String>,
}

/// What the phase's actions have set up so far.
#[derive(Default, Debug)]
pub struct PhaseRun {
    /// Players whose later actions this phase are cancelled, with who cancelled them.
    pub cancelled: BTreeMap<SlotId, (SlotId, Vec<String>)>,
    pub protections: Vec<Protection>,
    pub jailed_families: BTreeSet<String>,
    /// (actor, family, player, weight) of extra votes.
    pub extra_votes: Vec<(SlotId, String, String, i32)>,
    /// (lawyer, defended player).
    pub court_saves: Vec<(SlotId, SlotId)>,
    /// Players who became injured (or got another attacker status) this phase.
    pub hurt: Vec<SlotId>,
}

/// A rule system's additions to the shared vocabulary.
pub trait Hooks {
    /// A reason the target cannot be hurt by this kind of attack, checked before protections.
    fn immunity(&mut self, ctx: &mut Ctx, target: SlotId, kind: &str) -> Option<String>;
    /// A last protection after all placed ones failed (e.g. an automatic self-protection);
    /// returns the reason and the status the attacker gets.
    fn last_protection(
        &mut self,
        ctx: &mut Ctx,
        target: SlotId,
        kind: &str,
    ) -> Option<(String, Option<String>)>;
    /// What a death sets off (revenge, lovers).
    fn after_death(&mut self, ctx: &mut Ctx, victim: SlotId, cause: &str, killer: Option<SlotId>);
    /// A stage with no actor.
    fn system_stage(&mut self, ctx: &mut Ctx, run: &mut PhaseRun, stage: &str);
}

/// Run every stage of this phase kind in the order in force.
pub fn run_stages(ctx: &mut Ctx, run: &mut PhaseRun, hooks: &mut impl Hooks, kind: PhaseKind) {
    let actions = ctx.actions();
    for stage_id in ctx.state.stage_order.clone() {
        let Some(stage) = ctx.roleset.stage(&stage_id).cloned() else {
            continue;
        };
        if stage.phase != kind {
            continue;
        }
        if stage.system {
            hooks.system_stage(ctx, run, &stage.id);
            continue;
        }
        for action in actions.iter().filter(|a| a.ability.stage == stage.id) {
            run_action(ctx, run, hooks, action);
        }
    }
}

fn step(
    ctx: &mut Ctx,
    action: &Action,
    after: Vec<String>,
    result: StepResult,
    reasons: Vec<String>,
) {
    ctx.step(Step {
        key: action.key(),
        stage: action.ability.stage.clone(),
        actor: Some(action.actor),
        ability: Some(action.ability.id.clone()),
        targets_before: action.targets.clone(),
        targets_after: after,
        result,
        reasons,
    });
}

/// The preamble every action goes through, then its effect.
fn run_action(ctx: &mut Ctx, run: &mut PhaseRun, hooks: &mut impl Hooks, action: &Action) {
    let actor_name = ctx.name(action.actor);
    if let Some((result, why)) = ctx.verdict_stop(&action.key()) {
        return step(ctx, action, vec![], result, vec![why]);
    }
    let verdict = ctx.verdict(&action.key());
    let forced = matches!(verdict, Some((Verdict::Succeed, _)));
    let mut reasons = Vec::new();
    if forced {
        reasons.push(format!(
            "host override: succeeds ({})",
            verdict.map(|v| v.1).unwrap_or_default()
        ));
    }
    let group_alive = action.ability.group.as_ref().is_some_and(|side| {
        ctx.state
            .living()
            .any(|s| s.roles().any(|r| ctx.roleset.side_of(r) == side))
    });
    if !ctx.is_alive(action.actor) && !group_alive && !forced {
        return step(
            ctx,
            action,
            vec![],
            StepResult::Failed,
            vec![format!("{actor_name} died before this stage")],
        );
    }
    let still_holds = action.ability.group.is_some()
        || ctx
            .state
            .slots
            .get(action.actor)
            .is_some_and(|s| holds_ability(ctx.roleset, s, &action.ability.id));
    if !still_holds && !forced {
        return step(
            ctx,
            action,
            vec![],
            StepResult::Failed,
            vec![format!(
                "{actor_name} no longer holds this ability (his role was taken)"
            )],
        );
    }
    if let Some((by, except)) = ctx_cancelled(run, action.actor)
        && !except.contains(&action.ability.id)
        && !forced
    {
        let by = ctx.name(by);
        return step(
            ctx,
            action,
            vec![],
            StepResult::Cancelled,
            vec![format!("{actor_name}'s action was cancelled by {by}")],
        );
    }
    let targets = redirect_if_marked(ctx, action, &mut reasons);
    let dead: Vec<&String> = targets
        .iter()
        .filter(|t| ctx.slot_of(t).is_some_and(|id| !ctx.is_alive(id)))
        .collect();
    // An attack on several players hits each on its own: one victim who died earlier this
    // phase does not spare the others. Any other action needs all its targets alive.
    let each_on_its_own = matches!(action.ability.effect, Effect::Kill { .. });
    if !dead.is_empty() && !forced && (!each_on_its_own || dead.len() == targets.len()) {
        for t in dead {
            reasons.push(format!("{t} is already dead"));
        }
        return step(ctx, action, targets.clone(), StepResult::Failed, reasons);
    }
    let acted = Action {
        targets: targets.clone(),
        ..action.clone()
    };
    // Self and own-family uses follow the targets the action really had.
    ctx.spend_use(&acted);
    let result = apply_effect(ctx, run, hooks, &acted, forced, &mut reasons);
    step(ctx, action, targets, result, reasons);
}

fn ctx_cancelled(run: &PhaseRun, actor: SlotId) -> Option<(SlotId, Vec<String>)> {
    run.cancelled.get(&actor).cloned()
}

const REDIRECT_MARK: &str = "redirect_next:";

/// If a redirect mark waits on the actor and this ability is not exempt, pick new targets.
fn redirect_if_marked(ctx: &mut Ctx, action: &Action, reasons: &mut Vec<String>) -> Vec<String> {
    let marks: Vec<String> = ctx
        .state
        .slots
        .get(action.actor)
        .map(|s| {
            s.counters
                .keys()
                .filter(|k| k.starts_with(REDIRECT_MARK))
                .cloned()
                .collect()
        })
        .unwrap_or_default();
    for mark in marks {
        let source = &mark[REDIRECT_MARK.len()..];
        let exempt = match ctx.roleset.ability(source).map(|a| &a.effect) {
            Some(Effect::RedirectNext { except }) => except.contains(&action.ability.id),
            _ => false,
        };
        if exempt {
            continue;
        }
        if let Some(s) = ctx.state.slots.get_mut(action.actor) {
            s.counters.remove(&mark);
        }
        let mut new_targets: Vec<String> = Vec::new();
        for (i, _) in action.targets.iter().enumerate() {
            let kind = crate::engine::validate::target_kind(&action.ability, i);
            // The draw is random, but only among targets the ability could legally name.
            let pool: Vec<String> = match kind {
                TargetKind::Player => ctx
                    .state
                    .living()
                    .filter(|s| legal_random_target(ctx, action, s, &new_targets))
                    .map(|s| s.name.clone())
                    .collect(),
                other => crate::engine::validate::target_choices(ctx.roleset, &ctx.state, &other),
            };
            let what = format!("redirect of {} target {}", ctx.name(action.actor), i + 1);
            if let Some(t) = ctx.draw(&action.ability.stage, &what, &pool, String::clone) {
                new_targets.push(t);
            }
        }
        reasons.push(format!(
            "redirected at random by the {source} mark: {}",
            new_targets.join(", ")
        ));
        let ability = action.ability.name.clone();
        ctx.say(
            Audience::Slot(action.actor),
            "private_redirected",
            &[("ability", ability), ("targets", new_targets.join(", "))],
        );
        return new_targets;
    }
    action.targets.clone()
}

/// Whether a redirect may draw this player: the ability's target rules (not himself, not twice,
/// not a member of a given side) and its limit on naming himself hold for random targets too.
fn legal_random_target(ctx: &Ctx, action: &Action, candidate: &Slot, drawn: &[String]) -> bool {
    let self_uses_spent = action.ability.limits.self_uses.is_some_and(|max| {
        let used = ctx
            .state
            .slots
            .get(action.actor)
            .and_then(|s| s.self_uses.get(&action.ability.id));
        used.copied().unwrap_or(0) >= max
    });
    if candidate.id == action.actor && self_uses_spent {
        return false;
    }
    action.ability.rules.iter().all(|rule| match rule {
        TargetRule::NotSelf => candidate.id != action.actor,
        TargetRule::Distinct => !drawn.contains(&candidate.name),
        TargetRule::NotSide(side) => !candidate.roles().any(|r| ctx.roleset.side_of(r) == side),
    })
}

fn slot(ctx: &Ctx, name: &str) -> Option<SlotId> {
    ctx.slot_of(name)
}

fn apply_effect(
    ctx: &mut Ctx,
    run: &mut PhaseRun,
    hooks: &mut impl Hooks,
    action: &Action,
    forced: bool,
    reasons: &mut Vec<String>,
) -> StepResult {
    let first = action.targets.first().and_then(|t| slot(ctx, t));
    let actor = action.actor;
    match action.ability.effect.clone() {
        Effect::None => StepResult::Info,
        Effect::RedirectNext { .. } => {
            let Some(t) = first else {
                return StepResult::Failed;
            };
            if let Some(s) = ctx.state.slots.get_mut(t) {
                s.counters
                    .insert(format!("{REDIRECT_MARK}{}", action.ability.id), 1);
            }
            reasons.push(format!(
                "{}'s next action will go to random targets",
                ctx.name(t)
            ));
            StepResult::Success
        }
        Effect::Block { except } => {
            let Some(t) = first else {
                return StepResult::Failed;
            };
            run.cancelled.insert(t, (actor, except));
            ctx.say(Audience::Slot(t), "private_boss", &[]);
            reasons.push(format!(
                "{}'s later actions this phase are cancelled",
                ctx.name(t)
            ));
            StepResult::Success
        }
        Effect::StealRole { fallback } => steal_role(ctx, action, first, &fallback, reasons),
        Effect::Pair { status } => {
            let ids: Vec<SlotId> = action.targets.iter().filter_map(|t| slot(ctx, t)).collect();
            let [a, b] = ids[..] else {
                return StepResult::Failed;
            };
            ctx.set_status(a, &status, Some(b));
            ctx.set_status(b, &status, Some(a));
            ctx.say(
                Audience::Slot(a),
                "private_in_love",
                &[("partner", ctx.name(b))],
            );
            ctx.say(
                Audience::Slot(b),
                "private_in_love",
                &[("partner", ctx.name(a))],
            );
            reasons.push(format!(
                "{} and {} are now {status}",
                ctx.name(a),
                ctx.name(b)
            ));
            StepResult::Success
        }
        Effect::Protect { from, cures } => {
            let Some(t) = first else {
                return StepResult::Failed;
            };
            if let Some(cure) = cures
                && ctx.has_status(t, &cure)
            {
                if let Some(s) = ctx.state.slots.get_mut(t) {
                    s.statuses.remove(&cure);
                }
                ctx.say(Audience::Public, "public_cured", &[("player", ctx.name(t))]);
                reasons.push(format!("{} is cured ({cure} removed)", ctx.name(t)));
            }
            run.protections.push(Protection {
                target: t,
                by: actor,
                from: from.clone(),
                injure: None,
            });
            reasons.push(format!(
                "{} is protected from {}",
                ctx.name(t),
                from.join(", ")
            ));
            StepResult::Success
        }
        Effect::Guard { from, injure } => {
            let Some(t) = first else {
                return StepResult::Failed;
            };
            run.protections.push(Protection {
                target: t,
                by: actor,
                from: from.clone(),
                injure: Some(injure),
            });
            reasons.push(format!(
                "{} is guarded from {}",
                ctx.name(t),
                from.join(", ")
            ));
            StepResult::Success
        }
        Effect::Afflict {
            attack: kind,
            status,
        } => {
            let Some(t) = first else {
                return StepResult::Failed;
            };
            if attack(ctx, run, hooks, actor, t, &kind, forced, reasons) {
                ctx.set_status(t, &status, Some(actor));
                ctx.say(
                    Audience::Public,
                    &format!("public_{status}"),
                    &[("player", ctx.name(t))],
                );
                reasons.push(format!("{} is now {status}", ctx.name(t)));
                StepResult::Success
            } else {
                StepResult::Failed
            }
        }
        Effect::KillRandomMember { attack: kind } => {
            let family = action.targets.first().cloned().unwrap_or_default();
            let members = ctx.state.living_in(&family);
            let names: Vec<SlotId> = members.clone();
            let label = |id: &SlotId| ctx.name(*id);
            let labels: Vec<String> = names.iter().map(label).collect();
            let what = format!("{} victim in {family}", action.ability.id);
            let Some(i) = ctx.draw(
                &action.ability.stage,
                &what,
                &(0..labels.len()).collect::<Vec<_>>(),
                |i| labels[*i].clone(),
            ) else {
                reasons.push(format!("the family {family} has no living player"));
                return StepResult::Failed;
            };
            let victim = members[i];
            reasons.push(format!("the draw picked {}", ctx.name(victim)));
            if attack(ctx, run, hooks, actor, victim, &kind, forced, reasons) {
                kill(ctx, hooks, victim, &kind, Some(actor), reasons);
                StepResult::Success
            } else {
                StepResult::Failed
            }
        }
        Effect::Kill { attack: kind } => {
            let mut any = false;
            for t in action.targets.clone() {
                let Some(t) = slot(ctx, &t) else { continue };
                if !ctx.is_alive(t) {
                    reasons.push(format!("{} is already dead", ctx.name(t)));
                    continue;
                }
                if attack(ctx, run, hooks, actor, t, &kind, forced, reasons) {
                    kill(ctx, hooks, t, &kind, Some(actor), reasons);
                    any = true;
                }
            }
            if any {
                StepResult::Success
            } else {
                StepResult::Failed
            }
        }
        Effect::Investigate { option } => {
            let Some(t) = first else {
                return StepResult::Failed;
            };
            let learns = ctx.option(&option);
            let target = ctx.name(t);
            if learns == "role" {
                let role = role_names(ctx, t);
                reasons.push(format!(
                    "{} learns that {target} is the {role}",
                    ctx.name(actor)
                ));
                ctx.say(
                    Audience::Slot(actor),
                    "private_detective_role",
                    &[("player", target), ("role", role)],
                );
            } else {
                let mafia = ctx
                    .state
                    .slots
                    .get(t)
                    .is_some_and(|s| s.roles().any(|r| ctx.roleset.side_of(r) == "mafia"));
                let template = if mafia {
                    "private_detective_mafia"
                } else {
                    "private_detective_not_mafia"
                };
                reasons.push(format!(
                    "{} learns whether {target} is a Mafia Member: {}",
                    ctx.name(actor),
                    if mafia { "yes" } else { "no" }
                ));
                ctx.say(Audience::Slot(actor), template, &[("player", target)]);
            }
            StepResult::Success
        }
        Effect::RevealRole => {
            let ids: Vec<SlotId> = action.targets.iter().filter_map(|t| slot(ctx, t)).collect();
            let [learner, subject] = ids[..] else {
                return StepResult::Failed;
            };
            let role = role_names(ctx, subject);
            reasons.push(format!(
                "{} learns that {} is the {role}",
                ctx.name(learner),
                ctx.name(subject)
            ));
            ctx.say(
                Audience::Slot(learner),
                "private_paperboy",
                &[("subject", ctx.name(subject)), ("role", role)],
            );
            StepResult::Success
        }
        Effect::Jail => {
            let player = first;
            let family = action.targets.get(1).cloned();
            if let Some(p) = player {
                ctx.set_status(p, "jailed", Some(actor));
            }
            if let Some(f) = family {
                reasons.push(format!("{} and the family {f} are jailed: their votes and the votes against them do not count", action.targets[0]));
                run.jailed_families.insert(f);
            }
            StepResult::Success
        }
        Effect::ExtraVotes { weight } => {
            let family = action.targets.first().cloned().unwrap_or_default();
            let player = action.targets.get(1).cloned().unwrap_or_default();
            reasons.push(format!(
                "{weight:+} on the family {family} and {weight:+} on {player}"
            ));
            run.extra_votes.push((actor, family, player, weight));
            StepResult::Success
        }
        Effect::CourtSave => {
            let Some(t) = first else {
                return StepResult::Failed;
            };
            run.court_saves.push((actor, t));
            reasons.push(format!("{} is defended in court", ctx.name(t)));
            StepResult::Success
        }
    }
}

/// The role names of a slot, as players are told them.
pub fn role_names(ctx: &Ctx, slot: SlotId) -> String {
    ctx.state
        .slots
        .get(slot)
        .map(|s| s.role_names(ctx.roleset))
        .unwrap_or_default()
}

fn steal_role(
    ctx: &mut Ctx,
    action: &Action,
    target: Option<SlotId>,
    fallback: &str,
    reasons: &mut Vec<String>,
) -> StepResult {
    let Some(t) = target else {
        return StepResult::Failed;
    };
    let thief = action.actor;
    let own_role = ctx
        .roleset
        .roles
        .iter()
        .find(|r| r.abilities.contains(&action.ability.id))
        .map(|r| r.id.clone())
        .unwrap_or_default();
    let Some(victim) = ctx.state.slots.get(t).cloned() else {
        return StepResult::Failed;
    };
    let victim_is_mafia = ctx.roleset.side_of(&victim.role) == "mafia";
    // What can be taken: a civilian's main role, or a Mafia Member's second role.
    let taken = if victim_is_mafia {
        victim.extra_roles.first().cloned()
    } else {
        Some(victim.role.clone())
    };
    let taken = taken.filter(|r| r != fallback);
    let Some(taken) = taken else {
        replace_role(ctx, thief, &own_role, fallback);
        reasons.push(format!(
            "{} holds nothing a Thief can take ({}); the Thief becomes a {}",
            victim.name,
            victim.role_names(ctx.roleset),
            ctx.roleset
                .role(fallback)
                .map(|r| r.name.as_str())
                .unwrap_or(fallback)
        ));
        ctx.say(Audience::Slot(thief), "private_thief_failed", &[]);
        return StepResult::Failed;
    };
    replace_role(ctx, thief, &own_role, &taken);
    if let Some(v) = ctx.state.slots.get_mut(t) {
        if victim_is_mafia {
            v.extra_roles.retain(|r| *r != taken);
        } else {
            v.role = fallback.to_string();
        }
    }
    // Limits of the new role start afresh.
    let fresh: Vec<String> = ctx
        .roleset
        .role(&taken)
        .map(|r| r.abilities.clone())
        .unwrap_or_default();
    if let Some(s) = ctx.state.slots.get_mut(thief) {
        for a in &fresh {
            s.uses.remove(a);
            s.self_uses.remove(a);
            s.own_family_uses.remove(a);
        }
    }
    let role_name = ctx
        .roleset
        .role(&taken)
        .map(|r| r.name.clone())
        .unwrap_or(taken.clone());
    reasons.push(format!(
        "{} takes the role {role_name} from {}",
        ctx.name(thief),
        victim.name
    ));
    ctx.say(
        Audience::Slot(thief),
        "private_thief_new_role",
        &[("role", role_name)],
    );
    let victim_template = if victim_is_mafia {
        "private_thief_victim_mafia"
    } else {
        "private_thief_victim"
    };
    ctx.say(Audience::Slot(t), victim_template, &[]);
    StepResult::Success
}

/// Put `new` where the slot held `old` (main or second role).
fn replace_role(ctx: &mut Ctx, slot: SlotId, old: &str, new: &str) {
    let Some(s) = ctx.state.slots.get_mut(slot) else {
        return;
    };
    if s.role == old {
        s.role = new.to_string();
    } else if let Some(r) = s.extra_roles.iter_mut().find(|r| *r == old) {
        *r = new.to_string();
    }
}

/// An attack of `kind` on `target`: immunities, placed protections, then a last protection.
/// Returns whether it lands.
#[allow(clippy::too_many_arguments)]
pub fn attack(
    ctx: &mut Ctx,
    run: &mut PhaseRun,
    hooks: &mut impl Hooks,
    attacker: SlotId,
    target: SlotId,
    kind: &str,
    forced: bool,
    reasons: &mut Vec<String>,
) -> bool {
    let target_name = ctx.name(target);
    if forced {
        reasons.push(format!(
            "the {kind} attack on {target_name} lands (host override)"
        ));
        return true;
    }
    if let Some(why) = hooks.immunity(ctx, target, kind) {
        reasons.push(format!("the {kind} attack on {target_name} fails: {why}"));
        return false;
    }
    let placed = run
        .protections
        .iter()
        .find(|p| p.target == target && p.from.iter().any(|f| f == kind))
        .cloned();
    let (why, injure) = match placed {
        Some(p) => {
            let role = ctx
                .state
                .slots
                .get(p.by)
                .map(|s| s.role_names(ctx.roleset))
                .unwrap_or_default();
            (
                format!("protected by {} ({role})", ctx.name(p.by)),
                p.injure,
            )
        }
        None => match hooks.last_protection(ctx, target, kind) {
            Some(found) => found,
            None => {
                reasons.push(format!("the {kind} attack on {target_name} lands"));
                return true;
            }
        },
    };
    reasons.push(format!("the {kind} attack on {target_name} fails: {why}"));
    if let Some(status) = injure
        && ctx.is_alive(attacker)
    {
        ctx.set_status(attacker, &status, None);
        run.hurt.push(attacker);
        reasons.push(format!("the attacker {} is {status}", ctx.name(attacker)));
    }
    false
}

/// Kill and let the rule system react.
pub fn kill(
    ctx: &mut Ctx,
    hooks: &mut impl Hooks,
    victim: SlotId,
    cause: &str,
    killer: Option<SlotId>,
    reasons: &mut Vec<String>,
) {
    if ctx.kill(victim, cause) {
        reasons.push(format!("{} dies ({cause})", ctx.name(victim)));
        hooks.after_death(ctx, victim, cause, killer);
    }
}
