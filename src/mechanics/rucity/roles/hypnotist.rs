//! The hypnotist (§5.20, L37). Every night he names a player who is targeted instead of him:
//! the moves of the rest of the night that name him go to that player and resolve there in the
//! usual order, layered on the moves already aimed at him. He may name one player per role
//! (`{"doctor": NAME}`), exempt roles (`{"exempt": "id,id"}`), or make the redirected players
//! skip their moves instead (`{"skip": "yes"}`). A block breaks the hypnosis. Killers who shot
//! at him he may turn on one night per game only; a killer turned onto himself skips. A red
//! bodyguard he turns onto last night's ward fails, and the ward is not told. He stays at home
//! for every tracker and learns the roles, not the names, of those who came to him; a killer
//! he turned who killed the new target is named to him. A colour check or comparison on him
//! gives no information (L6, L24).

use super::night::{self, CityNight};
use super::{Entry, Role, bodyguard, refusal, teams};
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::Ctx;
use crate::engine::{Refusal, SlotId};
use crate::kernel::Act;
use crate::kernel::Fold;
use crate::kernel::Visit;

pub const ROLE: &str = "hypnotist";
/// Slot counter: the night (number) he turned killers, once per game.
const KILLERS_NIGHT: &str = "hypnotist_killers_night";

/// A move the hypnosis took from him tonight.
#[derive(Clone, Debug, PartialEq)]
pub struct Redirect {
    pub hypnotist: SlotId,
    pub actor: SlotId,
    /// The player the move now names instead of him; `None`: the move is skipped.
    pub to: Option<SlotId>,
    /// The move fails where it lands without its maker knowing (a repeat the hypnotist chose).
    pub silent_fail: bool,
    pub seq: u64,
}

pub struct Hypnotist;

/// The hypnotist's record of the night: the moves the hypnosis turned or made skip.
#[derive(Clone, Default, Debug, PartialEq)]
struct Tonight {
    hypnosis: Vec<Redirect>,
}

fn hypnosis(run: &Fold<CityNight>) -> &[Redirect] {
    run.ledger
        .roles
        .get::<Tonight>()
        .map_or(&[], |t| &t.hypnosis)
}

/// The hypnotist who turned `attacker`'s move onto `victim` tonight, if one did.
pub fn turned_onto(run: &Fold<CityNight>, attacker: SlotId, victim: SlotId) -> Option<SlotId> {
    hypnosis(run)
        .iter()
        .find(|r| r.actor == attacker && r.to == Some(victim))
        .map(|r| r.hypnotist)
}

/// Did the hypnosis force this move on its maker tonight (L37)?
pub fn forced(run: &Fold<CityNight>, mv: &Act) -> bool {
    hypnosis(run).iter().any(|r| r.seq == mv.seq)
}

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    templates: &["pm_hypnotist_kill", "pm_hypnotist_visitors"],
    stages: &["hypnotist"],
    options: &["doctor_hypnosis_name"],
    roles: &["hypnotist"],
    abilities: &["hypnotist"],
    ..crate::engine::system::Requirements::NONE
};

impl Role for Hypnotist {
    fn requires(&self) -> crate::engine::system::Requirements {
        REQUIRES
    }
    fn withholds_colour(
        &self,
        ctx: &Ctx,
        _run: &crate::kernel::Fold<super::night::CityNight>,
        target: crate::engine::SlotId,
    ) -> Option<String> {
        super::no_information_on_holders(ctx, target, ROLE, "the hypnotist")
    }
    fn id(&self) -> &'static str {
        ROLE
    }
    fn stops(
        &self,
        ctx: &Ctx,
        run: &Fold<CityNight>,
        mv: &Act,
    ) -> Option<(crate::engine::outcome::StepResult, String)> {
        stops(ctx, run, mv)
    }
    fn night_move(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) -> bool {
        mv.ability == ROLE && {
            hypnotise(ctx, run, mv);
            true
        }
    }
    fn refuse(&self, entry: &Entry) -> Result<(), Refusal> {
        let unknown = exempt_roles(entry.params)
            .chain(listed(entry.params, "skip_roles"))
            .find(|r| entry.roleset.role(r).is_none())
            .map(str::to_string);
        match unknown {
            Some(r) => refusal(ROLE, format!("`{r}` is no role of the roleset (L37)")),
            None => Ok(()),
        }
    }
    fn morning(&self, ctx: &mut Ctx, run: &Fold<CityNight>) {
        tell(ctx, run);
    }
    fn history(&self) -> &'static [&'static str] {
        &["pm_hypnotist"]
    }
    fn inherited(&self) -> &'static [&'static str] {
        &[KILLERS_NIGHT]
    }
}

fn exempt_roles(params: &std::collections::BTreeMap<String, String>) -> impl Iterator<Item = &str> {
    listed(params, "exempt")
}

/// The role ids a comma-separated parameter names.
fn listed<'p>(
    params: &'p std::collections::BTreeMap<String, String>,
    key: &str,
) -> impl Iterator<Item = &'p str> {
    params
        .get(key)
        .into_iter()
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .filter(|r| !r.is_empty())
}

/// The hypnosis: every later move of the night that names him is turned (or skipped).
fn hypnotise(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    let Some(general) = night::target_through_gate(ctx, run, mv, true, false) else {
        return;
    };
    let me = mv.actor;
    let skip = mv.params.get("skip").is_some_and(|v| v == "yes");
    let exempt: Vec<&str> = exempt_roles(&mv.params).collect();
    let night_no = run.ledger.night;
    let turned_killers_before = {
        let n = ctx.state.slots[me].counter(KILLERS_NIGHT);
        n > 0 && n != night_no
    };
    let mut acts = run.acts.to_vec();
    let mut reasons = vec![if skip {
        format!("{} makes every move on him skip (L37)", ctx.name(me))
    } else {
        format!(
            "{} sends the moves on him to {} (L37)",
            ctx.name(me),
            ctx.name(general)
        )
    }];
    let mut turned_killers = false;
    for act in acts.iter_mut().filter(|a| {
        a.actor != me && a.targets.contains(&me) && night::after_stage(ctx, &a.stage, ROLE)
    }) {
        let role = super::acting(ctx.roleset, &ctx.state, act.actor, &act.ability)
            .map(|r| r.id())
            .unwrap_or_default();
        let who = format!("{} ({})", ctx.name(act.actor), act.ability);
        if exempt.contains(&role) {
            reasons.push(format!("{who} is exempt from the hypnosis"));
            continue;
        }
        let killer = act.def().tags.iter().any(|t| t == "killer");
        if killer && !skip && super::super::borrowed::copied(&ctx.state.slots[me], ROLE) {
            reasons.push(format!(
                "{who}: a borrowed hypnotist cannot turn killers, only make them skip (L40)"
            ));
            continue;
        }
        if killer && turned_killers_before {
            reasons.push(format!(
                "{who}: killers are turned on one night per game only (L37)"
            ));
            continue;
        }
        turned_killers |= killer;
        let chosen = mv.params.get(role).and_then(|n| ctx.slot_of(n));
        // Skipped: all of them, or this role's by name (L37's "instead of turning").
        let skips = skip || listed(&mv.params, "skip_roles").any(|r| r == role);
        let mut to = (!skips).then(|| chosen.unwrap_or(general));
        if killer && to == Some(act.actor) {
            reasons.push(format!("{who} is turned onto himself and skips (L37)"));
            to = None;
        }
        let silent_fail = to.is_some_and(|t| repeats_a_guard(ctx, act, t, night_no));
        match to {
            Some(t) => {
                reasons.push(format!("{who} now goes to {}", ctx.name(t)));
                *act = act.redirected(ctx, me, t);
            }
            None if skips => reasons.push(format!("{who} skips")),
            None => {}
        }
        // He stays the player they came to: his visitors are theirs, and a tracker of the
        // visitor sees both targets (L7).
        run.visits.push(Visit {
            actor: act.actor,
            ability: act.ability.clone(),
            targets: vec![me],
            negative: killer,
        });
        run.ledger
            .roles
            .get_mut::<Tonight>()
            .hypnosis
            .push(Redirect {
                hypnotist: me,
                actor: act.actor,
                to,
                silent_fail,
                seq: act.seq,
            });
    }
    if turned_killers && let Some(s) = ctx.state.slots.get_mut(me) {
        s.counters.insert(KILLERS_NIGHT.into(), night_no);
    }
    run.acts = acts.into();
    night::step(ctx, mv, StepResult::Success, reasons);
}

/// A red bodyguard turned onto the player he guarded last night: the repeat is the
/// hypnotist's choice, so the guard fails where it lands (L37, L20).
fn repeats_a_guard(ctx: &Ctx, act: &Act, to: SlotId, night_no: u32) -> bool {
    act.ability == bodyguard::ROLE
        && !teams::black(ctx, act.actor)
        && bodyguard::guarded_last_night(&ctx.state.slots[act.actor], to, night_no)
}

/// Why a move the hypnosis touched stops before its effect, if it does.
fn stops(ctx: &Ctx, run: &Fold<CityNight>, mv: &Act) -> Option<(StepResult, String)> {
    let r = hypnosis(run).iter().find(|r| r.seq == mv.seq)?;
    match r.to {
        None => Some((
            StepResult::Skipped,
            format!(
                "{} is hypnotised by {}: the move is skipped (L37)",
                ctx.name(mv.actor),
                ctx.name(r.hypnotist)
            ),
        )),
        Some(_) if r.silent_fail => Some((
            StepResult::Failed,
            format!(
                "the hypnotist {} chose a target {} may not repeat: the move fails, and {} is not told (L37)",
                ctx.name(r.hypnotist),
                ctx.name(mv.actor),
                ctx.name(mv.actor)
            ),
        )),
        Some(_) => None,
    }
}

/// The player a healer is told he saved: with the hypnosis, the hypnotist (L4, Q4).
pub fn named_for_healer(ctx: &Ctx, run: &Fold<CityNight>, healer: SlotId, saved: SlotId) -> SlotId {
    if ctx.option("doctor_hypnosis_name") != "hypnotist" {
        return saved;
    }
    hypnosis(run)
        .iter()
        .find(|r| r.actor == healer && r.to == Some(saved))
        .map_or(saved, |r| r.hypnotist)
}

/// Morning: the roles of his visitors, and the killers he turned who killed their new target.
fn tell(ctx: &mut Ctx, run: &Fold<CityNight>) {
    for h in night::holders_at_start(run, &ctx.state, ROLE).collect::<Vec<_>>() {
        if !ctx.is_alive(h) {
            continue;
        }
        let roles = night::visit_roles(ctx, run.visitors_of(h, h));
        if !roles.is_empty() {
            ctx.say(
                Audience::Slot(h),
                "pm_hypnotist_visitors",
                &[("roles", roles.join(", "))],
            );
        }
        let kills: Vec<(SlotId, SlotId)> = hypnosis(run)
            .iter()
            .filter(|r| r.hypnotist == h)
            .filter_map(|r| Some((r.actor, r.to?)))
            .filter(|(killer, to)| {
                !ctx.is_alive(*to)
                    && run
                        .killed_by(*to)
                        .is_some_and(|i| run.attacks[i].attacker == *killer)
            })
            .collect();
        for (_, victim) in kills {
            ctx.say(
                Audience::Slot(h),
                "pm_hypnotist_kill",
                &[("player", ctx.name(victim))],
            );
        }
    }
}
