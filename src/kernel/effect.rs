//! The executor of the roleset's effects ([`Effect`]) on the kernel's verbs. Each act passes the
//! [`gate`](super::gate), then a redirect mark its actor carries, then needs its targets alive
//! (an attack on several players hits each on its own), then its effect runs.

use super::act::Act;
use super::attack::{self, Attack, Defence, Landing, Told, UNSTOPPABLE};
use super::fold::{Block, Fold};
use super::gate::{self, Gate, Passing};
use super::status::{self, Lasting};
use super::{Rules, step};
use crate::engine::SlotId;
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::Ctx;
use crate::engine::state::Slot;
use crate::rules::{Effect, TargetKind, TargetRule};

/// The counter a redirect leaves on its target: `redirect_next:<the redirecting ability>`.
const REDIRECT_MARK: &str = "redirect_next:";

/// Resolve an act by its ability's roleset effect, and record its step.
pub fn execute<R: Rules>(ctx: &mut Ctx, run: &mut Fold<R::Ledger>, rules: &mut R, act: &Act) {
    let forced = match gate::gate(ctx, run, rules, act, Passing::ANY) {
        Gate::Stop(result, why) => {
            // The host's fail or skip is a failure to the actor, told as a natural one is.
            if gate::stopped_by_host(ctx, act) {
                status::tell(ctx, &act.ability, "failed", Audience::Slot(act.actor), &[]);
            }
            return step::record(ctx, act, act.entered.clone(), vec![], result, vec![why]);
        }
        Gate::Go { forced } => forced,
    };
    let mut reasons = Vec::new();
    if forced {
        let why = ctx.verdict(&act.key()).map(|v| v.1).unwrap_or_default();
        reasons.push(format!("host override: succeeds ({why})"));
    }
    let acted = redirect_if_marked(ctx, act, &mut reasons);
    let effect = act.def().effect.clone();
    let dead: Vec<String> = acted
        .targets
        .iter()
        .filter(|t| !ctx.is_alive(**t))
        .map(|t| ctx.name(*t))
        .collect();
    let each_on_its_own = matches!(effect, Effect::Kill { .. });
    if !dead.is_empty() && !forced && (!each_on_its_own || dead.len() == acted.targets.len()) {
        for t in dead {
            reasons.push(format!("{t} is already dead"));
        }
        let after = acted.entered.clone();
        return step::record(
            ctx,
            act,
            act.entered.clone(),
            after,
            StepResult::Failed,
            reasons,
        );
    }
    // Self and own-family uses follow the targets the act really had.
    ctx.spend_use(acted.actor, &acted.ability, &acted.entered);
    let result = apply(ctx, run, rules, &acted, effect, forced, &mut reasons);
    step::record(
        ctx,
        act,
        act.entered.clone(),
        acted.entered.clone(),
        result,
        reasons,
    );
}

/// If a redirect mark waits on the actor and this ability is not exempt, the act goes to new
/// targets drawn at random among those it could legally name.
fn redirect_if_marked(ctx: &mut Ctx, act: &Act, reasons: &mut Vec<String>) -> Act {
    let marks: Vec<String> = ctx
        .state
        .slots
        .get(act.actor)
        .map(|s| {
            s.counters
                .keys()
                .filter(|k| k.starts_with(REDIRECT_MARK))
                .cloned()
                .collect()
        })
        .unwrap_or_default();
    let def = act.def.clone();
    for mark in marks {
        let source = mark[REDIRECT_MARK.len()..].to_string();
        let exempt = match ctx.roleset.ability(&source).map(|a| &a.effect) {
            Some(Effect::RedirectNext { except }) => except.contains(&act.ability),
            _ => false,
        };
        if exempt {
            continue;
        }
        if let Some(s) = ctx.state.slots.get_mut(act.actor) {
            s.counters.remove(&mark);
        }
        let mut drawn: Vec<String> = Vec::new();
        for i in 0..act.entered.len() {
            let kind = crate::engine::validate::target_kind(&def, i);
            let pool: Vec<String> = match kind {
                TargetKind::Player => ctx
                    .state
                    .living()
                    .filter(|s| legal_random_target(ctx, act, s, &drawn))
                    .map(|s| s.name.clone())
                    .collect(),
                other => crate::engine::validate::target_choices(ctx.roleset, &ctx.state, &other),
            };
            let what = format!("redirect of {} target {}", ctx.name(act.actor), i + 1);
            if let Some(t) = ctx.draw(&act.stage, &what, &pool, String::clone) {
                drawn.push(t);
            }
        }
        reasons.push(format!(
            "redirected at random by the {source} mark: {}",
            drawn.join(", ")
        ));
        status::tell(
            ctx,
            &source,
            "redirected",
            Audience::Slot(act.actor),
            &[("ability", def.name.clone()), ("targets", drawn.join(", "))],
        );
        return act.retargeted(ctx, drawn);
    }
    act.clone()
}

/// Whether a redirect may draw this player: the ability's target rules (not himself, not twice,
/// not a member of a given side) and its limit on naming himself hold for random targets too.
fn legal_random_target(ctx: &Ctx, act: &Act, candidate: &Slot, drawn: &[String]) -> bool {
    let def = act.def();
    let self_uses_spent = def.limits.self_uses.is_some_and(|max| {
        let used = ctx
            .state
            .slots
            .get(act.actor)
            .and_then(|s| s.self_uses.get(&act.ability));
        used.copied().unwrap_or(0) >= max
    });
    if candidate.id == act.actor && self_uses_spent {
        return false;
    }
    def.rules.iter().all(|rule| match rule {
        TargetRule::NotSelf => candidate.id != act.actor,
        TargetRule::Distinct => !drawn.contains(&candidate.name),
        TargetRule::NotSide(side) => !candidate.roles().any(|r| ctx.roleset.side_of(r) == side),
        TargetRule::DeadAllowed => true,
    })
}

fn apply<R: Rules>(
    ctx: &mut Ctx,
    run: &mut Fold<R::Ledger>,
    rules: &mut R,
    act: &Act,
    effect: Effect,
    forced: bool,
    reasons: &mut Vec<String>,
) -> StepResult {
    let first = act.targets.first().copied();
    let actor = act.actor;
    let strength_if = |s: u8| if forced { UNSTOPPABLE } else { s };
    match effect {
        Effect::None => StepResult::Info,
        Effect::RedirectNext { .. } => {
            let Some(t) = first else {
                return StepResult::Failed;
            };
            if let Some(s) = ctx.state.slots.get_mut(t) {
                s.counters
                    .insert(format!("{REDIRECT_MARK}{}", act.ability), 1);
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
            run.blocks.insert(
                t,
                Block {
                    by: actor,
                    except,
                    spares_negative: false,
                    how: None,
                },
            );
            status::tell(ctx, &act.ability, "target", Audience::Slot(t), &[]);
            reasons.push(format!(
                "{}'s later actions this phase are cancelled",
                ctx.name(t)
            ));
            StepResult::Success
        }
        Effect::StealRole { fallback, side } => {
            steal_role(ctx, act, first, &fallback, &side, reasons)
        }
        Effect::Pair { status } => {
            let [a, b] = act.targets[..] else {
                return StepResult::Failed;
            };
            status::give(ctx, a, &status, Some(b), Lasting::Declared);
            status::give(ctx, b, &status, Some(a), Lasting::Declared);
            for (who, partner) in [(a, b), (b, a)] {
                let partner = ctx.name(partner);
                status::tell(
                    ctx,
                    &act.ability,
                    "paired",
                    Audience::Slot(who),
                    &[("partner", partner)],
                );
            }
            reasons.push(format!(
                "{} and {} are now {status}",
                ctx.name(a),
                ctx.name(b)
            ));
            StepResult::Success
        }
        Effect::Protect {
            from,
            cures,
            strength,
        } => {
            let Some(t) = first else {
                return StepResult::Failed;
            };
            if let Some(cure) = cures
                && status::clear(ctx, t, &cure)
            {
                let player = ctx.name(t);
                status::tell(
                    ctx,
                    &act.ability,
                    "cured",
                    Audience::Public,
                    &[("player", player)],
                );
                reasons.push(format!("{} is cured ({cure} removed)", ctx.name(t)));
            }
            let defence = Defence {
                target: t,
                by: actor,
                ability: act.ability.clone(),
                from: Some(from),
                strength,
                injure: None,
            };
            defend(ctx, run, defence, "protected", reasons)
        }
        Effect::Guard { from, injure } => {
            let Some(t) = first else {
                return StepResult::Failed;
            };
            let defence = Defence {
                target: t,
                by: actor,
                ability: act.ability.clone(),
                from: Some(from),
                strength: 1,
                injure: Some(injure),
            };
            defend(ctx, run, defence, "guarded", reasons)
        }
        Effect::Afflict {
            attack: kind,
            status,
        } => {
            let Some(t) = first else {
                return StepResult::Failed;
            };
            let sent = Attack::new(actor, t, &kind).strength(strength_if(1));
            if let Landing::Landed(i) = attack::attack(ctx, run, rules, sent, reasons) {
                // An affliction does not kill: its attack is spent on giving the status.
                run.attacks[i].settled = true;
                status::give(ctx, t, &status, Some(actor), Lasting::Declared);
                let player = ctx.name(t);
                status::tell(
                    ctx,
                    &act.ability,
                    "afflicted",
                    Audience::Public,
                    &[("player", player)],
                );
                reasons.push(format!("{} is now {status}", ctx.name(t)));
                StepResult::Success
            } else {
                StepResult::Failed
            }
        }
        Effect::KillRandomMember { attack: kind } => {
            let group = act.entered.first().cloned().unwrap_or_default();
            let members = ctx.state.living_in(&group);
            let labels: Vec<String> = members.iter().map(|id| ctx.name(*id)).collect();
            let what = format!("{} victim in {group}", act.ability);
            let Some(i) = ctx.draw(
                &act.stage,
                &what,
                &(0..labels.len()).collect::<Vec<_>>(),
                |i| labels[*i].clone(),
            ) else {
                reasons.push(format!("the family {group} has no living player"));
                return StepResult::Failed;
            };
            let victim = members[i];
            reasons.push(format!("the draw picked {}", ctx.name(victim)));
            let sent = Attack::new(actor, victim, &kind).strength(strength_if(1));
            kill_now(ctx, run, rules, sent, reasons)
        }
        Effect::Kill {
            attack: kind,
            strength,
        } => {
            let mut any = false;
            for t in act.targets.clone() {
                if !ctx.is_alive(t) {
                    reasons.push(format!("{} is already dead", ctx.name(t)));
                    continue;
                }
                let sent = Attack::new(actor, t, &kind).strength(strength_if(strength));
                any |= kill_now(ctx, run, rules, sent, reasons) == StepResult::Success;
            }
            if any {
                StepResult::Success
            } else {
                StepResult::Failed
            }
        }
        Effect::Investigate { option, side } => {
            let Some(t) = first else {
                return StepResult::Failed;
            };
            let target = ctx.name(t);
            let learner = ctx.name(actor);
            if ctx.option(&option) == "role" {
                let role = role_names(ctx, t);
                reasons.push(format!("{learner} learns that {target} is the {role}"));
                let args = [("player", target), ("role", role)];
                status::tell(ctx, &act.ability, "role", Audience::Slot(actor), &args);
            } else {
                let of_side = ctx
                    .state
                    .slots
                    .get(t)
                    .is_some_and(|s| s.roles().any(|r| ctx.roleset.side_of(r) == side));
                let side_name = ctx
                    .roleset
                    .sides
                    .iter()
                    .find(|s| s.id == side)
                    .map(|s| s.name.clone())
                    .unwrap_or(side.clone());
                reasons.push(format!(
                    "{learner} learns whether {target} is of {side_name}: {}",
                    if of_side { "yes" } else { "no" }
                ));
                let event = if of_side { "side_yes" } else { "side_no" };
                status::tell(
                    ctx,
                    &act.ability,
                    event,
                    Audience::Slot(actor),
                    &[("player", target)],
                );
            }
            StepResult::Success
        }
        Effect::RevealRole => {
            let [learner, subject] = act.targets[..] else {
                return StepResult::Failed;
            };
            let role = role_names(ctx, subject);
            reasons.push(format!(
                "{} learns that {} is the {role}",
                ctx.name(learner),
                ctx.name(subject)
            ));
            let args = [("subject", ctx.name(subject)), ("role", role)];
            status::tell(ctx, &act.ability, "learner", Audience::Slot(learner), &args);
            StepResult::Success
        }
        Effect::Jail => {
            let status = act.def().status.clone();
            if let (Some(p), Some(status)) = (first, status) {
                status::give(ctx, p, &status, Some(actor), Lasting::Declared);
            }
            if let Some(group) = act.entered.get(1).cloned() {
                reasons.push(format!(
                    "{} and the family {group} are jailed: their votes and the votes against them do not count",
                    act.entered[0]
                ));
                run.jailed_groups.insert(group);
            }
            StepResult::Success
        }
        Effect::ExtraVotes { weight } => {
            let group = act.entered.first().cloned().unwrap_or_default();
            let player = act.entered.get(1).cloned().unwrap_or_default();
            reasons.push(format!(
                "{weight:+} on the family {group} and {weight:+} on {player}"
            ));
            run.extra_votes.push((actor, group, player, weight));
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

/// Place a defence for the rest of the phase: "{target} is {how} from {kinds}".
fn defend<L>(
    ctx: &Ctx,
    run: &mut Fold<L>,
    defence: Defence,
    how: &str,
    reasons: &mut Vec<String>,
) -> StepResult {
    let kinds = defence.from.as_deref().unwrap_or_default().join(", ");
    reasons.push(format!(
        "{} is {how} from {kinds}",
        ctx.name(defence.target)
    ));
    run.defences.push(defence);
    StepResult::Success
}

/// An attack whose death, if it lands, is settled at once.
fn kill_now<R: Rules>(
    ctx: &mut Ctx,
    run: &mut Fold<R::Ledger>,
    rules: &mut R,
    sent: Attack,
    reasons: &mut Vec<String>,
) -> StepResult {
    if attack::attack(ctx, run, rules, sent, reasons).landed() {
        attack::settle(ctx, run, rules, Told::InStep(reasons));
        StepResult::Success
    } else {
        StepResult::Failed
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

/// The thief takes the target's role: a member of `side` gives his second role instead; a
/// target with nothing to take leaves the thief with `fallback`.
fn steal_role(
    ctx: &mut Ctx,
    act: &Act,
    target: Option<SlotId>,
    fallback: &str,
    side: &str,
    reasons: &mut Vec<String>,
) -> StepResult {
    let Some(t) = target else {
        return StepResult::Failed;
    };
    let thief = act.actor;
    let own_role = ctx
        .roleset
        .roles
        .iter()
        .find(|r| r.abilities.contains(&act.ability))
        .map(|r| r.id.clone())
        .unwrap_or_default();
    let Some(victim) = ctx.state.slots.get(t).cloned() else {
        return StepResult::Failed;
    };
    let of_side = !side.is_empty() && ctx.roleset.side_of(&victim.role) == side;
    let taken = if of_side {
        victim.extra_roles.first().cloned()
    } else {
        Some(victim.role.clone())
    };
    let Some(taken) = taken.filter(|r| r != fallback) else {
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
        status::tell(ctx, &act.ability, "failed", Audience::Slot(thief), &[]);
        return StepResult::Failed;
    };
    replace_role(ctx, thief, &own_role, &taken);
    if let Some(v) = ctx.state.slots.get_mut(t) {
        if of_side {
            v.extra_roles.retain(|r| *r != taken);
        } else {
            v.role = fallback.to_string();
        }
    }
    // The limits of the new role start afresh.
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
    status::tell(
        ctx,
        &act.ability,
        "new_role",
        Audience::Slot(thief),
        &[("role", role_name)],
    );
    let event = if of_side { "target_side" } else { "target" };
    status::tell(ctx, &act.ability, event, Audience::Slot(t), &[]);
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
