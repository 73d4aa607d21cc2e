//! Attacks and defences. An attack has a kind (the cause of death it carries) and a strength;
//! a defence stops the kinds it names (or every kind) up to its own strength. Interceptors of
//! the rule system come in at fixed points: immunities before any defence, a last defence
//! after the placed ones, a veto after that. A landed attack is a death due: [`settle`] kills
//! its victim unless he was healed, at once or at the stage the system settles deaths.

use super::Rules;
use super::fold::Fold;
use crate::engine::SlotId;
use crate::engine::resolve::Ctx;

/// An attack that no defence can stop (the host forced it through).
pub const UNSTOPPABLE: u8 = u8::MAX;

/// An attack on its way, or landed.
#[derive(Clone, Debug)]
pub struct Attack {
    pub attacker: SlotId,
    pub victim: SlotId,
    /// The attack's kind; the cause of death if it kills.
    pub kind: String,
    pub strength: u8,
    /// The rule system's own index for this attack (ru-city: the black side's shot it carries
    /// out).
    pub tag: Option<usize>,
    /// Settled: the victim died or was saved.
    pub settled: bool,
}

impl Attack {
    pub fn new(attacker: SlotId, victim: SlotId, kind: &str) -> Attack {
        Attack {
            attacker,
            victim,
            kind: kind.to_string(),
            strength: 1,
            tag: None,
            settled: false,
        }
    }

    pub fn strength(self, strength: u8) -> Attack {
        Attack { strength, ..self }
    }

    pub fn tagged(self, tag: Option<usize>) -> Attack {
        Attack { tag, ..self }
    }
}

/// A defence placed on a player for the rest of the phase.
#[derive(Clone, Debug)]
pub struct Defence {
    pub target: SlotId,
    pub by: SlotId,
    /// The ability that placed it: what the rule system's consequence of its holding reads.
    pub ability: String,
    /// The kinds of attack it stops; `None`: every kind.
    pub from: Option<Vec<String>>,
    pub strength: u8,
    /// The status the attacker gets when it holds (a bodyguard injures).
    pub injure: Option<String>,
}

impl Defence {
    /// Does this defence stop that attack?
    pub fn stops(&self, attack: &Attack) -> bool {
        self.target == attack.victim
            && attack.strength < UNSTOPPABLE
            && self.strength >= attack.strength
            && self
                .from
                .as_ref()
                .is_none_or(|kinds| kinds.contains(&attack.kind))
    }
}

/// What became of an attack.
#[derive(Clone, Debug, PartialEq)]
pub enum Landing {
    /// It reached its victim: a death due, at this index of the fold's attacks.
    Landed(usize),
    /// A placed defence stopped it (the defender).
    Defended(SlotId),
    /// An immunity, a last defence or a veto stopped it.
    Stopped,
    /// The victim was already dead.
    Dead,
}

impl Landing {
    pub fn landed(&self) -> bool {
        matches!(self, Landing::Landed(_))
    }
}

/// Send an attack: immunities, placed defences, a last defence, a veto; if none holds, it
/// lands and its victim is due to die. The reasons say which held.
pub fn attack<R: Rules>(
    ctx: &mut Ctx,
    run: &mut Fold<R::Ledger>,
    rules: &mut R,
    attack: Attack,
    reasons: &mut Vec<String>,
) -> Landing {
    let target = ctx.name(attack.victim);
    let kind = attack.kind.clone();
    if !ctx.is_alive(attack.victim) {
        reasons.push(format!("{target} is already dead"));
        return Landing::Dead;
    }
    if attack.strength == UNSTOPPABLE {
        reasons.push(format!(
            "the {kind} attack on {target} lands (host override)"
        ));
        return land(run, attack);
    }
    if let Some(why) = rules.immunity(ctx, run, &attack) {
        reasons.push(format!("the {kind} attack on {target} fails: {why}"));
        return Landing::Stopped;
    }
    let stopping = run.defences.iter().filter(|d| d.stops(&attack));
    let holding = if rules.strongest_defence_first() {
        // The first placed of the strongest: `max_by_key` would keep the last.
        stopping.fold(None, |best: Option<&Defence>, d| match best {
            Some(b) if b.strength >= d.strength => Some(b),
            _ => Some(d),
        })
    } else {
        stopping.into_iter().next()
    };
    if let Some(defence) = holding.cloned() {
        let role = ctx
            .state
            .slots
            .get(defence.by)
            .map(|s| s.role_names(ctx.roleset))
            .unwrap_or_default();
        reasons.push(format!(
            "the {kind} attack on {target} fails: protected by {} ({role})",
            ctx.name(defence.by)
        ));
        injure(
            ctx,
            run,
            attack.attacker,
            defence.injure.as_deref(),
            reasons,
        );
        rules.defended(ctx, run, &defence, &attack, reasons);
        return Landing::Defended(defence.by);
    }
    if let Some((why, status)) = rules.last_defence(ctx, run, &attack) {
        reasons.push(format!("the {kind} attack on {target} fails: {why}"));
        injure(ctx, run, attack.attacker, status.as_deref(), reasons);
        return Landing::Stopped;
    }
    if let Some(why) = rules.veto(ctx, run, &attack) {
        reasons.push(format!("the {kind} attack on {target} fails: {why}"));
        return Landing::Stopped;
    }
    reasons.push(format!("the {kind} attack on {target} lands"));
    land(run, attack)
}

fn land<L>(run: &mut Fold<L>, attack: Attack) -> Landing {
    run.attacks.push(attack);
    Landing::Landed(run.attacks.len() - 1)
}

/// A defence's status for the attacker it stopped, if he is alive.
fn injure<L>(
    ctx: &mut Ctx,
    run: &mut Fold<L>,
    attacker: SlotId,
    status: Option<&str>,
    reasons: &mut Vec<String>,
) {
    if let Some(status) = status
        && ctx.is_alive(attacker)
    {
        ctx.set_status(attacker, status, None);
        run.hurt.push(attacker);
        reasons.push(format!("the attacker {} is {status}", ctx.name(attacker)));
    }
}

/// Where a settled death is told: in the reasons of the act that caused it, or as a note of
/// its own in the stage that settles deaths.
pub enum Told<'r> {
    InStep(&'r mut Vec<String>),
    Note(&'r str),
}

/// Settle every landed attack not settled yet, in the order they landed: a healed victim
/// survives, the others die, and the system hears of each death.
pub fn settle<R: Rules>(ctx: &mut Ctx, run: &mut Fold<R::Ledger>, rules: &mut R, mut told: Told) {
    for i in 0..run.attacks.len() {
        if run.attacks[i].settled {
            continue;
        }
        run.attacks[i].settled = true;
        let a = run.attacks[i].clone();
        let victim = ctx.name(a.victim);
        if let Some(healer) = run.healed.get(&a.victim).copied() {
            if !run.saves.contains(&(healer, a.victim)) {
                run.saves.push((healer, a.victim));
            }
            let line = format!(
                "{victim} survives the {} attack: healed by {}",
                a.kind,
                ctx.name(healer)
            );
            tell(ctx, &mut told, &victim, line);
            continue;
        }
        if ctx.kill(a.victim, &a.kind) {
            tell(
                ctx,
                &mut told,
                &victim,
                format!("{victim} dies ({})", a.kind),
            );
            rules.killed(ctx, run, &a);
            rules.after_death(ctx, run, a.victim, &a.kind, Some(a.attacker));
        }
    }
}

fn tell(ctx: &mut Ctx, told: &mut Told, victim: &str, line: String) {
    match told {
        Told::InStep(reasons) => reasons.push(line),
        Told::Note(stage) => ctx.note(format!("death:{victim}"), stage, line),
    }
}

/// A death with no attack (poison due, revenge, grief): the victim dies and the system hears
/// of it.
pub fn kill<R: Rules>(
    ctx: &mut Ctx,
    run: &mut Fold<R::Ledger>,
    rules: &mut R,
    victim: SlotId,
    cause: &str,
    killer: Option<SlotId>,
    reasons: &mut Vec<String>,
) {
    if ctx.kill(victim, cause) {
        reasons.push(format!("{} dies ({cause})", ctx.name(victim)));
        rules.after_death(ctx, run, victim, cause, killer);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn defence(from: Option<&[&str]>, strength: u8) -> Defence {
        Defence {
            target: 1,
            by: 2,
            ability: "guard".into(),
            from: from.map(|k| k.iter().map(|s| s.to_string()).collect()),
            strength,
            injure: None,
        }
    }

    #[test]
    fn a_defence_stops_its_kinds_up_to_its_strength_and_never_an_unstoppable_attack() {
        let mafia = |s| Attack::new(0, 1, "mafia").strength(s);
        assert!(defence(Some(&["mafia"]), 1).stops(&mafia(1)));
        assert!(!defence(Some(&["mafia"]), 1).stops(&mafia(2)));
        assert!(defence(Some(&["mafia"]), 2).stops(&mafia(2)));
        assert!(!defence(Some(&["poison"]), 3).stops(&mafia(1)));
        assert!(defence(None, 1).stops(&mafia(1)));
        assert!(!defence(None, UNSTOPPABLE - 1).stops(&mafia(UNSTOPPABLE)));
        assert!(!defence(None, 1).stops(&Attack::new(0, 3, "mafia")));
    }
}
