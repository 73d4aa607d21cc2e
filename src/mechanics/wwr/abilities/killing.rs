//! Killing: attack, kill, lynch, true kill (research §1.11). Each target meets the absence
//! splash, then the defences tier by tier (absence, active, passive, partial, recruitment; the
//! most recent row of a tier first); an undefended target goes to the kill queue, and dies
//! when the queue is drained.

use crate::engine::SlotId;
use crate::engine::outcome::StepResult;
use crate::mechanics::wwr::eval::{Feedback, Scope, V};
use crate::mechanics::wwr::run::Run;
use crate::mechanics::wwr::visit::{Gate, Visit, gate};
use crate::mechanics::wwr::world::{AttrKind, Queued, Src, Tier};
use crate::wwr::ast;
use crate::wwr::ast::{AbilityKind, KillFilter, KillingKind, TriggerKind, Value};

pub fn kind_word(kind: KillingKind) -> &'static str {
    match kind {
        KillingKind::Attack => "attack",
        KillingKind::Kill => "kill",
        KillingKind::Lynch => "lynch",
        KillingKind::TrueKill => "true kill",
        KillingKind::Banish => "banish",
        KillingKind::TrueBanish => "true banish",
    }
}

/// Does a defence against this kind of killing stop this one (research §1.11)?
fn stops(against: KillFilter, kind: KillingKind) -> bool {
    match kind {
        KillingKind::Attack => matches!(
            against,
            KillFilter::Attacks
                | KillFilter::Kills
                | KillFilter::AttacksAndLynches
                | KillFilter::All
        ),
        KillingKind::Kill => matches!(against, KillFilter::Kills | KillFilter::All),
        KillingKind::Lynch => matches!(
            against,
            KillFilter::Lynches | KillFilter::AttacksAndLynches | KillFilter::All
        ),
        KillingKind::Banish | KillingKind::TrueBanish => against == KillFilter::Banishments,
        KillingKind::TrueKill => false,
    }
}

pub fn run(run: &mut Run, scope: &mut Scope, kind: KillingKind, target: &Value) -> Feedback {
    let targets = run.eval(scope, target).players();
    let targets = super::redirecting::redirect(run, scope, targets, "killing", visit_subtype(kind));
    let mut queued = Vec::new();
    let mut saved = Vec::new();
    // How each hit player is named in the feedback: a splashed one as away at the target's.
    let mut shown: Vec<(SlotId, String)> = Vec::new();
    // one target (splashed players counted) ends the ability at a stopped visit, as the bot's
    let alone = targets.len() == 1 && !any_splash(run, &targets);
    for victim in targets {
        // Players away at the victim's house share the attack (the splash); their own absence
        // does not save them there.
        let splash: Vec<SlotId> = run
            .world
            .attrs
            .iter()
            .filter(|a| {
                matches!(a.kind, AttrKind::Defense { tier: Tier::Absence, at: Some(at), .. } if at == victim)
                    && a.owner != victim
            })
            .map(|a| a.owner)
            .collect();
        let mut hits = vec![(victim, false)];
        hits.extend(splash.into_iter().map(|p| (p, true)));
        for (p, splashed) in hits {
            // a banishment reaches a ghost too (or a living player: the bot does not check)
            let reachable = run.alive(p)
                || (banishing(kind) && run.world.players.get(p).is_some_and(|x| x.ghost));
            if !reachable || queued.contains(&p) {
                continue;
            }
            if !splashed {
                let visit = Visit::new("killing", visit_subtype(kind));
                let verb = bot_verb(kind);
                let (failed, succeeded) = (format!("{verb} failed!"), format!("{verb} succeeded!"));
                match gate(run, scope, p, visit, alone, (&failed, &succeeded)) {
                    Gate::Go => {}
                    Gate::Skip => continue,
                    Gate::End(result) => return result,
                }
            }
            shown.push((
                p,
                if splashed {
                    format!("{} (away at {}'s)", run.name(p), run.name(victim))
                } else {
                    run.name(p)
                },
            ));
            if splashed {
                run.note(
                    "splash",
                    format!(
                        "{} is away at {}'s and shares the {}",
                        run.name(p),
                        run.name(victim),
                        kind_word(kind)
                    ),
                );
            }
            match attack_one(run, scope, kind, p, splashed) {
                true => queued.push(p),
                false => saved.push(p),
            }
        }
    }
    let word = kind_word(kind);
    let named = |list: &[SlotId]| {
        let names: Vec<String> = list
            .iter()
            .filter_map(|p| shown.iter().find(|(x, _)| x == p).map(|(_, n)| n.clone()))
            .collect();
        if names.is_empty() {
            "nobody".to_string()
        } else {
            names.join(", ")
        }
    };
    // the bot's words (`abilities/types/killing.js`): `Attack successful!`, `Kill failed!`
    let verb = bot_verb(kind);
    if queued.is_empty() {
        Feedback::failed(format!("The {word} on {} failed", named(&saved)))
            .told(&format!("{verb} failed!"))
    } else {
        Feedback::ok(format!("{} {}", done_word(kind), named(&queued)))
            .told(&format!("{verb} successful!"))
    }
}

fn banishing(kind: KillingKind) -> bool {
    matches!(kind, KillingKind::Banish | KillingKind::TrueBanish)
}

/// Is any player away at one of these targets' houses (so the attack has more than one)?
fn any_splash(run: &Run, targets: &[SlotId]) -> bool {
    run.world.attrs.iter().any(|a| {
        matches!(a.kind, AttrKind::Defense { tier: Tier::Absence, at: Some(at), .. } if targets.contains(&at) && a.owner != at)
    })
}

/// The bot's visit subtype of a killing.
fn visit_subtype(kind: KillingKind) -> &'static str {
    match kind {
        KillingKind::Attack => "attack",
        KillingKind::Kill => "kill",
        KillingKind::Lynch => "lynch",
        KillingKind::TrueKill => "true-kill",
        KillingKind::Banish => "banish",
        KillingKind::TrueBanish => "true-banish",
    }
}

fn bot_verb(kind: KillingKind) -> &'static str {
    match kind {
        KillingKind::Attack => "Attack",
        KillingKind::Kill => "Kill",
        KillingKind::Lynch => "Lynch",
        KillingKind::TrueKill => "True Kill",
        KillingKind::Banish => "Banishment",
        KillingKind::TrueBanish => "True Banishment",
    }
}

fn done_word(kind: KillingKind) -> &'static str {
    match kind {
        KillingKind::Attack => "Attacked",
        KillingKind::Kill => "Killed",
        KillingKind::Lynch => "Lynched",
        KillingKind::TrueKill => "Truly killed",
        KillingKind::Banish => "Banished",
        KillingKind::TrueBanish => "Truly banished",
    }
}

/// One target: a defence stops it, or it is queued. Returns whether it was queued.
fn attack_one(
    run: &mut Run,
    scope: &Scope,
    kind: KillingKind,
    victim: SlotId,
    splashed: bool,
) -> bool {
    let key = run.key(&format!("kill:{}", run.name(victim)));
    if let Some((result, why)) = run.ctx.verdict_stop(&key) {
        let label = run.src_label(&scope.src);
        run.step(
            key,
            result,
            scope.me(),
            Some("Killing".into()),
            vec![run.name(victim)],
            vec![
                format!("{label}'s {} on {}", kind_word(kind), run.name(victim)),
                why,
            ],
        );
        return false;
    }
    // The host's `succeed` puts the attack through whatever defence there is.
    let forced = matches!(
        run.ctx.verdict(&key),
        Some((crate::engine::outcome::Verdict::Succeed, _))
    );
    let defence = if matches!(kind, KillingKind::TrueKill | KillingKind::TrueBanish) || forced {
        None
    } else {
        find_defence(run, scope, kind, victim, splashed)
    };
    let label = run.src_label(&scope.src);
    match defence {
        Some((id, tier, creator)) => {
            run.step(
                key,
                StepResult::Failed,
                scope.me(),
                Some("Killing".into()),
                vec![run.name(victim)],
                vec![format!(
                    "{label}'s {} on {} is stopped by {} ({})",
                    kind_word(kind),
                    run.name(victim),
                    tier.word(),
                    run.src_label(&creator)
                )],
            );
            run.world.use_attr(id);
            defence_triggers(run, scope, kind, victim, tier, creator);
            false
        }
        None => {
            let voters = match kind {
                KillingKind::Lynch => scope.var("voters").players(),
                _ => Vec::new(),
            };
            run.world.killq.push(Queued {
                victim,
                src: scope.src.clone(),
                kind: kind_word(kind).to_string(),
                voters,
            });
            let reason = if forced {
                "host override: it goes through any defence".to_string()
            } else if matches!(kind, KillingKind::TrueKill | KillingKind::TrueBanish) {
                format!("a {} ignores defences", kind_word(kind))
            } else {
                "no defence stops it".to_string()
            };
            run.step(
                key,
                StepResult::Success,
                scope.me(),
                Some("Killing".into()),
                vec![run.name(victim)],
                vec![
                    format!(
                        "{label}'s {} on {}: {reason}",
                        kind_word(kind),
                        run.name(victim)
                    ),
                    if banishing(kind) {
                        "queued to be banished at the next drain of the kill queue".into()
                    } else {
                        "queued to die at the next drain of the kill queue".into()
                    },
                ],
            );
            true
        }
    }
}

/// The first defence that stops this kill, tier by tier, the most recent row of a tier first.
fn find_defence(
    run: &mut Run,
    scope: &Scope,
    kind: KillingKind,
    victim: SlotId,
    splashed: bool,
) -> Option<(u64, Tier, Src)> {
    let attacker = scope.me();
    let rows: Vec<(u64, Tier, crate::mechanics::wwr::world::Loc, Src)> = run
        .world
        .attrs_of(victim)
        .filter_map(|a| match &a.kind {
            AttrKind::Defense { tier, ability, .. } => Some((a.id, *tier, *ability, a.src.clone())),
            _ => None,
        })
        .collect();
    for want in [
        Tier::Absence,
        Tier::Active,
        Tier::Passive,
        Tier::Partial,
        Tier::Recruitment,
    ] {
        if want == Tier::Absence && splashed {
            continue;
        }
        for (id, tier, ability, src) in rows.iter().rev() {
            if *tier != want {
                continue;
            }
            // What the defence stops, when and from whom: the protecting ability's terms.
            let Some(AbilityKind::Protecting(ast::Protecting {
                against,
                by,
                during,
                ..
            })) = run.program.ability(*ability).map(|a| a.kind.clone())
            else {
                continue;
            };
            if !stops(against, kind) {
                continue;
            }
            let night = run.kind == crate::rules::PhaseKind::Night;
            if during.is_some_and(|d| (d == crate::wwr::ast::PhaseKind::Night) != night) {
                continue;
            }
            // The `by` selector, evaluated now with the defence's maker as `@Self`.
            if let Some(by) = by {
                let maker = Scope::new(src.clone(), ability.file, TriggerKind::Passive);
                let from = run.eval(&maker, &by);
                let matched = match (&from, attacker) {
                    (V::Players(p), Some(a)) => p.contains(&a),
                    _ => false,
                };
                if !matched {
                    continue;
                }
            }
            return Some((*id, *tier, src.clone()));
        }
    }
    None
}

/// `On Defense` and `On <Tier> Defense` on the defence's maker.
fn defence_triggers(
    run: &mut Run,
    scope: &Scope,
    kind: KillingKind,
    victim: SlotId,
    tier: Tier,
    creator: Src,
) {
    let mut vars = vec![
        ("attacked", V::Players(vec![victim])),
        ("deathtype", V::Text(kind_word(kind).to_string())),
        ("attacklocation", attack_location(scope)),
    ];
    if let Some(a) = scope.me() {
        vars.push(("attacker", V::Players(vec![a])));
    }
    vars.push(("attacksource", attack_location(scope)));
    let specific = match tier {
        Tier::Absence => TriggerKind::OnAbsenceDefense,
        Tier::Active => TriggerKind::OnActiveDefense,
        Tier::Passive => TriggerKind::OnPassiveDefense,
        Tier::Partial => TriggerKind::OnPartialDefense,
        Tier::Recruitment => TriggerKind::OnRecruitmentDefense,
    };
    for trigger in [TriggerKind::OnDefense, specific] {
        crate::mechanics::wwr::triggers::fire_on(run, &creator, trigger, &vars);
    }
}

/// Where an attack came from, for `Reveal … to @AttackLocation`: the attacking group's
/// channel, or the attacker.
pub fn attack_location(scope: &Scope) -> V {
    match &scope.src {
        Src::Group { file, .. } => V::Group(*file),
        other => match other.player() {
            Some(p) => V::Players(vec![p]),
            None => V::Nothing,
        },
    }
}
