//! The black killers, the mafia and the maniac (§2, L2, L3, L11, L14, L15): one file for both,
//! told apart by their side. Their shots resolve together in the killers' stage
//! (`killers.rs`, with the reserve shots of `shots.rs`); here are their refusals and their own
//! moves besides shooting: blackening (false rumours, §2.6, L15), an evening move that makes
//! its target check black tonight, and suicide (§2.5, L11), which no arrest stops but a heal or
//! the blocker's protection survives.

use super::night::{self, CityNight, Gate};
use super::teams::{self, KillerSide};
use super::{Entry, Role, refusal, shots};
use crate::engine::Refusal;
use crate::engine::outcome::StepResult;
use crate::engine::resolve::{Ctx, live_acts};
use crate::kernel::Act;
use crate::kernel::Fold;

/// A black killer of this side.
pub struct Killer(pub KillerSide);

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    options: &["protected_suicide"],
    abilities: &["blacken"],
    ..crate::engine::system::Requirements::NONE
};

impl Role for Killer {
    fn requires(&self) -> crate::engine::system::Requirements {
        REQUIRES
    }
    // A suicide is independent of the attacked-survivor rule (L11, L16).
    fn keeps_move_when_attacked(&self, _ctx: &Ctx, _run: &Fold<CityNight>, mv: &Act) -> bool {
        mv.ability == "suicide"
    }
    fn id(&self) -> &'static str {
        self.0.id()
    }
    fn night_move(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) -> bool {
        match mv.ability.as_str() {
            "blacken" => blacken(ctx, run, mv),
            "suicide" => suicide(ctx, run, mv),
            super::yakuza::REDDEN => super::yakuza::redden(ctx, run, mv),
            ability if self.0.kills(ability) || ability == "insure" => {
                let why = format!(
                    "`{ability}` resolves only in the killers' stage; the stage order in force moved it"
                );
                night::step(ctx, mv, StepResult::Failed, vec![why]);
            }
            _ => return false,
        }
        true
    }
    /// A side without a shot tonight (no own night, no reserve) may not shoot (L2, L3).
    fn usable(&self, entry: &Entry) -> Result<(), Refusal> {
        let side = self.0;
        // An order's shot is checked with its values (an order insuring the maniac needs none).
        let shoots = side.kills(entry.ability);
        if entry.ability == super::yakuza::REDDEN {
            return super::yakuza::redden_refusal(entry);
        }
        let extended = entry.state.option(entry.roleset, "format") == "extended";
        if shoots && shots::lone_members(entry.roleset, entry.state, extended)[&side] {
            return refusal(
                "no_shot",
                format!(
                    "one black is left of the {} group against an intact group: he has no shot of his own and may only insure the pair that shoots (L55)",
                    side.id()
                ),
            );
        }
        if shoots && shots::night_shots(entry.roleset, entry.state).usable(side) == 0 {
            return refusal(
                "no_shot",
                format!(
                    "the {} has no shot tonight (no own night, no reserve); a killer may insure instead (L2, L3)",
                    side.id()
                ),
            );
        }
        Ok(())
    }
    fn refuse(&self, entry: &Entry) -> Result<(), Refusal> {
        let side = self.0;
        match entry.ability {
            super::yakuza::REDDEN => super::yakuza::redden_refusal(entry),
            a if side.kills(a) => shot_refusal(entry, side),
            "insure" => {
                let plan = shots::night_shots(entry.roleset, entry.state);
                let lone_maniac = !side.is_pair(entry.roleset, entry.state);
                if side == KillerSide::Maniac && lone_maniac && plan.available(side) > 0 {
                    return refusal(
                        "insure",
                        format!(
                            "{} has a shot of their own tonight: a maniac may not combine a kill and insurance (L3)",
                            entry.me().name
                        ),
                    );
                }
                Ok(())
            }
            "blacken" => {
                let plan = shots::night_shots(entry.roleset, entry.state);
                if !plan.sides.get(&side).is_some_and(|s| s.due) {
                    return refusal(
                        "blacken",
                        format!(
                            "tonight is not the {}'s night: only the side due may spread rumours (L15)",
                            side.id()
                        ),
                    );
                }
                Ok(())
            }
            a if super::mercenary::is_order(a) => {
                let insures = entry.params.contains_key("insure");
                let plan = shots::night_shots(entry.roleset, entry.state);
                if !insures && plan.usable(side) == 0 {
                    return refusal(
                        "no_shot",
                        format!(
                            "the {} has no shot tonight for an order (no own night, no reserve); it may order the mercenary to insure the maniac (L49)",
                            side.id()
                        ),
                    );
                }
                super::mercenary::order_refusal(entry)
            }
            "suicide" => {
                let partner = teams::members(entry.roleset, entry.state, side)
                    .into_iter()
                    .any(|m| m != entry.actor);
                if partner
                    && entry.params.get("partner_approved").map(String::as_str) != Some("yes")
                {
                    return refusal(
                        "suicide",
                        "a suicide while the partner lives needs the partner's approval: add {\"partner_approved\": \"yes\"} (L14)",
                    );
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }
}

/// A black side fires at most its usable shots; a partner is shot only with both partners'
/// confirmation (L2, L3, L14).
fn shot_refusal(entry: &Entry, side: KillerSide) -> Result<(), Refusal> {
    super::boss_son::insurer_refusal(entry, side)?;
    let usable = shots::night_shots(entry.roleset, entry.state).usable(side) as usize;
    let others = shots_entered(entry, side);
    if others + entry.targets.len() > usable {
        return refusal(
            "no_shot",
            format!(
                "the {} has {usable} shot(s) tonight and {others} already sent, kills through peaceful roles included (L2, L3, L11)",
                side.id()
            ),
        );
    }
    for &t in entry.targets {
        if !entry.state.slots[t].alive && !super::necromancer::is_undead(entry.state, t) {
            return refusal(
                "dead_target",
                format!(
                    "{} is dead: a corpse is a killer's target only as an undead (L42)",
                    entry.state.slots[t].name
                ),
            );
        }
        let partner: bool = t != entry.actor
            && teams::killer_side(entry.roleset, &entry.state.slots[t]) == Some(side);
        if partner && entry.params.get("partner_confirmed").map(String::as_str) != Some("yes") {
            return refusal(
                "partner_kill",
                "a partner is killed only when both partners confirm it: add {\"partner_confirmed\": \"yes\"} (L14)",
            );
        }
    }
    Ok(())
}

/// Shots of `side` entered tonight by others than the entry's actor: its kills and its blacks'
/// kills through peaceful roles.
fn shots_entered(entry: &Entry, side: KillerSide) -> usize {
    let kills: usize = live_acts(entry.state)
        .filter(|a| a.actor != entry.actor && side.kills(a.ability))
        .map(|a| a.targets.len())
        .sum();
    kills + shots::peaceful_kills_entered(entry.roleset, entry.state, side, entry.actor)
}

/// A black killer killing through a peaceful role gets no kill beyond his side's limit at once:
/// while his side has shots tonight the kill is one of them; with none it spends the next
/// (L11).
pub fn peaceful_kill_refusal(entry: &Entry) -> Result<(), Refusal> {
    if !shots::is_peaceful_kill(entry.roleset, entry.ability) {
        return Ok(());
    }
    let Some(side) = teams::killer_side(entry.roleset, entry.me()) else {
        return Ok(());
    };
    let usable = shots::night_shots(entry.roleset, entry.state).usable(side) as usize;
    let others = shots_entered(entry, side);
    let mine: usize = live_acts(entry.state)
        .filter(|a| a.actor == entry.actor && side.kills(a.ability))
        .map(|a| a.targets.len())
        .sum();
    if usable > 0 && others + mine + 1 > usable {
        return refusal(
            "no_shot",
            format!(
                "a black's kill through a peaceful role is one of the {}'s {usable} shot(s) tonight, and {} are already sent: the limit at once does not grow (L11)",
                side.id(),
                others + mine
            ),
        );
    }
    Ok(())
}

fn blacken(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    let Some(side) = ctx
        .state
        .slots
        .get(mv.actor)
        .and_then(|s| teams::killer_side(ctx.roleset, s))
    else {
        return night::step(
            ctx,
            mv,
            StepResult::Failed,
            vec!["not a black killer".into()],
        );
    };
    let Some(&target) = mv.targets.first() else {
        return night::step(ctx, mv, StepResult::Failed, vec!["no target".into()]);
    };
    let later = run.acts.iter().any(|m| {
        m.ability == "blacken"
            && m.seq > mv.seq
            && ctx
                .state
                .slots
                .get(m.actor)
                .and_then(|s| teams::killer_side(ctx.roleset, s))
                == Some(side)
    });
    if later {
        return night::step(
            ctx,
            mv,
            StepResult::Skipped,
            vec![format!(
                "a later blackening of the {} replaces this one: one per side a night (L15)",
                side.id()
            )],
        );
    }
    if let Gate::Stop(result, why) = night::gate(ctx, run, mv, false, true) {
        return night::step(ctx, mv, result, vec![why]);
    }
    run.ledger.blackened.insert(target, side);
    night::step(
        ctx,
        mv,
        StepResult::Success,
        vec![format!(
            "rumours by the {}: {} checks black tonight (L15)",
            side.id(),
            ctx.name(target)
        )],
    );
}

/// A suicide (§2.5, L11): a heal saves him, and by option the blocker's protection stops it.
pub(super) fn suicide(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    let name = ctx.name(mv.actor);
    if let Gate::Stop(result, why) = night::gate(ctx, run, mv, false, true) {
        return night::step(ctx, mv, result, vec![why]);
    }
    if let Some(by) = run.shield_on(mv.actor).map(|d| d.by)
        && ctx.option("protected_suicide") == "prevented"
    {
        run.ledger.blocker_hits.push((by, "самоубийство".into()));
        return night::step(
            ctx,
            mv,
            StepResult::Failed,
            vec![format!(
                "{name} is under the protection of the blocker {}: the suicide is stopped (L5, L11, Q6)",
                ctx.name(by)
            )],
        );
    }
    // No defence but a heal: the protection was checked above, so the attack lands as sent.
    run.attacks
        .push(crate::kernel::Attack::new(mv.actor, mv.actor, "suicide"));
    night::step(
        ctx,
        mv,
        StepResult::Success,
        vec![format!(
            "{name} commits suicide; a heal or a spare life can still save them (L11)"
        )],
    );
}
