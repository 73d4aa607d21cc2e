//! The kamikaze (§5.21, L38; black holder L100): attacked at night, he takes his killer with
//! him, and no doctor saves either of them. A killer of his own team makes him die alone, and
//! that killer loses his peaceful role and colour for the rest of the game (crippled). While he
//! can strike he refuses the blocker's protection and a bodyguard. The role passed on after it
//! killed a black (a black kamikaze's, after any strike, L100) can strike no more, and its new
//! holder is told so. A black kamikaze names
//! peaceful roles at the end of a day (`kamikaze_roles`): the first red holder of one of them
//! whose night move comes to him dies with him. He may also kill himself with a target
//! (`kamikaze_suicide`, in the killers' stage, past every disruption): a red target dies with
//! him; a black one dies alone, and the kamikaze keeps an extra shot for his side while his own
//! killer move that night is skipped. A faceless kamikaze (L74) may always kill himself on a
//! target, who is crippled; a cut victim who dies attacking him scores for him.

use super::night::{self, CityNight};
use super::{Entry, Role, refusal, teams};
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::Ctx;
use crate::engine::{Refusal, SlotId};
use crate::kernel::Act;
use crate::kernel::Attack;
use crate::kernel::Fold;

pub const ROLE: &str = "kamikaze";
/// Slot counter: the role killed a black and strikes no more (it passes with the role).
pub const SPENT: &str = "kamikaze_spent";

pub struct Kamikaze;

/// The kamikaze's record of the night: the black kamikazes whose suicide hooked a black.
#[derive(Clone, Default, Debug, PartialEq)]
struct Tonight {
    hooked: Vec<SlotId>,
}

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    templates: &["pm_crippled", "pm_kamikaze_spent"],
    options: &["black_kamikaze_hooks_black"],
    abilities: &["kamikaze_roles"],
    ..crate::engine::system::Requirements::NONE
};

impl Role for Kamikaze {
    fn sheet_lines(
        &self,
        _roleset: &crate::rules::Roleset,
        state: &crate::engine::GameState,
    ) -> Vec<String> {
        let named = state.kept.of::<NamedRoles>();
        (named.0.iter())
            .map(|(k, roles)| {
                format!(
                    "{} waits for the roles {roles} (L100)",
                    super::kept::name(state, *k)
                )
            })
            .collect()
    }
    fn requires(&self) -> crate::engine::system::Requirements {
        REQUIRES
    }
    fn at_night(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, moment: super::Moment) {
        if moment == super::Moment::Strikes {
            strike(ctx, run);
        }
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
        match mv.ability.as_str() {
            "kamikaze_roles" => {
                let roles = mv.params.get("roles").cloned().unwrap_or_default();
                let named = &mut ctx.state.kept.get_mut::<NamedRoles>().0;
                named.insert(mv.actor, roles.clone());
                let why = format!("the black kamikaze waits for the roles {roles} (L100)");
                night::step(ctx, mv, StepResult::Success, vec![why]);
            }
            "kamikaze_suicide" => suicide(ctx, run, mv),
            _ => return false,
        }
        true
    }
    fn refuse(&self, entry: &Entry) -> Result<(), Refusal> {
        let black = teams::is_black(entry.roleset, entry.me());
        let faceless = super::faceless::is_faceless(entry.state, entry.actor);
        match entry.ability {
            "kamikaze_suicide" if faceless => Ok(()),
            "kamikaze_roles" | "kamikaze_suicide" if !black => refusal(
                "kamikaze",
                "the named roles and the suicide are a black kamikaze's (L100)",
            ),
            "kamikaze_roles" if entry.me().counter(SPENT) > 0 => refusal(
                "kamikaze_roles",
                "the role was taken after its strike: only the suicide is left (L100)",
            ),
            "kamikaze_roles" => {
                let roles = entry.params.get("roles").map(String::as_str).unwrap_or("");
                match roles
                    .split(',')
                    .map(str::trim)
                    .find(|r| !r.is_empty() && !visits_at_night(entry.roleset, r))
                {
                    Some(r) => refusal(
                        "kamikaze_roles",
                        format!("`{r}` is no peaceful role that goes to players at night (L100)"),
                    ),
                    None => Ok(()),
                }
            }
            _ => Ok(()),
        }
    }
    fn inherited(&self) -> &'static [&'static str] {
        &[SPENT]
    }
    fn taken(&self, ctx: &mut Ctx, holder: SlotId) {
        if ctx
            .state
            .slots
            .get(holder)
            .is_some_and(|s| s.counter(SPENT) > 0)
        {
            ctx.say(Audience::Slot(holder), "pm_kamikaze_spent", &[]);
        }
    }
}

/// A peaceful role with a night move that takes its holder to his target (not one who stays
/// at home), the roles a black kamikaze may name (L100).
fn visits_at_night(roleset: &crate::rules::Roleset, role: &str) -> bool {
    teams::is_special_peaceful(roleset, role)
        && roleset.role(role).is_some_and(|r| {
            r.abilities
                .iter()
                .filter_map(|a| roleset.ability(a))
                .any(|a| {
                    a.phase == crate::rules::PhaseKind::Night && a.tags.iter().any(|t| t == "visit")
                })
        })
}

/// The roles each black kamikaze waits for (L100), as entered.
#[derive(Clone, Debug, Default, PartialEq)]
struct NamedRoles(std::collections::BTreeMap<SlotId, String>);

/// The black kamikaze's suicide with a target, past every disruption (L100).
fn suicide(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    let Some(&target) = mv.targets.first() else {
        return night::step(ctx, mv, StepResult::Failed, vec!["no target".into()]);
    };
    if let Some((result, why)) = ctx.verdict_stop(&mv.key()) {
        return night::step(ctx, mv, result, vec![why]);
    }
    let me = mv.actor;
    let mut reasons = Vec::new();
    if super::faceless::is_faceless(&ctx.state, me) {
        return faceless_suicide(ctx, run, mv, target);
    }
    night::attack(ctx, run, me, target, ROLE, None, true, &mut reasons);
    if teams::black(ctx, target) && ctx.option("black_kamikaze_hooks_black") == "both_die" {
        night::attack(ctx, run, me, me, "suicide", None, true, &mut reasons);
        reasons.push(format!(
            "{} is black, and by option Q48 both die (L100)",
            ctx.name(target)
        ));
    } else if teams::black(ctx, target) {
        // A black hooked dies alone: the kamikaze keeps a shot for his side instead of
        // tonight's own killer move (L100).
        if let Some(side) = teams::killer_side(ctx.roleset, &ctx.state.slots[me])
            && let Some(s) = run.ledger.shot_plan.sides.get_mut(&side)
        {
            s.carry += 1;
        }
        run.ledger.roles.get_mut::<Tonight>().hooked.push(me);
        reasons.push(format!(
            "{} is black: he dies alone, and the kamikaze keeps an extra shot; his killer move tonight is skipped (L100)",
            ctx.name(target)
        ));
    } else {
        night::attack(ctx, run, me, me, "suicide", None, true, &mut reasons);
        reasons.push(format!(
            "the black kamikaze {} kills himself and takes {} with him (L100)",
            ctx.name(me),
            ctx.name(target)
        ));
    }
    run.ledger.unhealable.extend([me, target]);
    night::step(ctx, mv, StepResult::Success, reasons);
}

/// The faceless kamikaze's suicide (L74): he dies, leaving with a draw and his victims zeroed,
/// and his target loses his peaceful role and colour for good.
fn faceless_suicide(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act, target: SlotId) {
    let me = mv.actor;
    let mut reasons = vec![format!(
        "the faceless kamikaze {} kills himself on {}: a draw for him, his victims zeroed, and {} loses his role and colour (L74)",
        ctx.name(me),
        ctx.name(target),
        ctx.name(target)
    )];
    super::faceless::take_way_out(ctx, me);
    night::attack(ctx, run, me, me, "suicide", None, true, &mut reasons);
    cripple(ctx, target, me);
    run.ledger.unhealable.push(me);
    night::step(ctx, mv, StepResult::Success, reasons);
}

/// Why a black kamikaze's killer move stops: his suicide hooked a black tonight (L100).
fn stops(ctx: &Ctx, run: &Fold<CityNight>, mv: &Act) -> Option<(StepResult, String)> {
    let killer = mv.def().tags.iter().any(|t| t == "killer");
    (killer
        && run
            .ledger
            .roles
            .read(|t: &Tonight| t.hooked.contains(&mv.actor)))
    .then(|| {
        (
            StepResult::Skipped,
            format!(
                "{}'s suicide hooked a black: his killer move tonight is skipped (L100)",
                ctx.name(mv.actor)
            ),
        )
    })
}

/// A black kamikaze's named roles: the first red holder of one of them whose night move came to
/// him dies with him (L100).
fn named_roles_strike(ctx: &mut Ctx, run: &mut Fold<CityNight>) {
    let kamikazes: Vec<(SlotId, String)> = night::holders_at_start(run, &ctx.state, ROLE)
        .filter(|k| can_strike(ctx, *k) && teams::black(ctx, *k))
        .filter_map(|k| Some((k, ctx.state.kept.of::<NamedRoles>().0.get(&k)?.clone())))
        .collect();
    for (k, roles) in kamikazes {
        if run.ledger.unhealable.contains(&k) {
            continue;
        }
        let named = |r: &str| roles.split(',').any(|n| n.trim() == r);
        let hooked = run.acts.iter().find(|a| {
            let role = super::acting(ctx.roleset, &ctx.state, a.actor, &a.ability);
            a.actor != k
                && a.targets.contains(&k)
                && !teams::black(ctx, a.actor)
                && ctx.is_alive(a.actor)
                && role.is_some_and(|r| named(r.id()))
        });
        let Some(hooked) = hooked.map(|a| a.actor) else {
            continue;
        };
        let mut reasons = Vec::new();
        night::attack(ctx, run, k, hooked, ROLE, None, true, &mut reasons);
        night::attack(ctx, run, k, k, "suicide", None, true, &mut reasons);
        run.ledger.unhealable.extend([k, hooked]);
        if let Some(s) = ctx.state.slots.get_mut(k) {
            s.counters.insert(SPENT.into(), 1);
        }
        let why = format!(
            "{} came to the black kamikaze {} with a role he named: both die (L100)",
            ctx.name(hooked),
            ctx.name(k)
        );
        ctx.note(format!("kamikaze:{}", ctx.name(k)), "doctor", why);
    }
}

/// Cripple a player (L6): his peaceful role and colour are lost for good, and he is told. An
/// immortal's spare life, his own or his linked partner's, is taken instead (L19). Whether he
/// was crippled.
pub fn cripple(ctx: &mut Ctx, slot: SlotId, by: SlotId) -> bool {
    if let Some(i) = super::immortal::cover(ctx, slot)
        && ctx.has_status(i, super::immortal::SPARE_LIFE)
    {
        crate::kernel::status::clear(ctx, i, super::immortal::SPARE_LIFE);
        let why = format!(
            "{} is not crippled: {}'s spare life is taken instead (L19)",
            ctx.name(slot),
            ctx.name(i)
        );
        ctx.note(format!("life:{}", ctx.name(slot)), "doctor", why);
        ctx.say(
            Audience::Slot(i),
            "pm_immortal_life_spent",
            &[("players", ctx.name(slot))],
        );
        return false;
    }
    ctx.set_status(slot, super::blocks::CRIPPLED, Some(by));
    ctx.say(Audience::Slot(slot), "pm_crippled", &[]);
    true
}

/// Can this living player strike tonight as a kamikaze?
pub fn can_strike(ctx: &Ctx, slot: SlotId) -> bool {
    ctx.state.slots.get(slot).is_some_and(|s| {
        s.alive
            && teams::holds(s, ROLE)
            && s.counter(SPENT) == 0
            && !super::super::blocks::role_blocked(&ctx.state, s)
    })
}

/// Before deaths are settled: each kamikaze an attack reached loses any heal and takes his
/// first attacker with him (no heal for him either), or, attacked by his own team, dies alone
/// and cripples that killer.
pub fn strike(ctx: &mut Ctx, run: &mut Fold<CityNight>) {
    named_roles_strike(ctx, run);
    for p in run.ledger.unhealable.clone() {
        run.healed.remove(&p);
    }
    let landed = run.attacks.len();
    for i in 0..landed {
        let a = run.attacks[i].clone();
        if a.settled || a.attacker == a.victim || !can_strike(ctx, a.victim) {
            continue;
        }
        let first = run.attacks[..i].iter().any(|b| b.victim == a.victim);
        if first {
            continue;
        }
        let kamikaze = a.victim;
        if super::super::borrowed::copied(&ctx.state.slots[kamikaze], ROLE) {
            // A copied kamikaze cripples his killer instead of killing him (L40).
            cripple(ctx, a.attacker, kamikaze);
            let why = format!(
                "{} holds a copy of the kamikaze: {} is crippled, not killed (L40)",
                ctx.name(kamikaze),
                ctx.name(a.attacker)
            );
            ctx.note(format!("kamikaze:{}", ctx.name(kamikaze)), "doctor", why);
            continue;
        }
        run.healed.remove(&kamikaze);
        let (me, killer) = (ctx.name(kamikaze), ctx.name(a.attacker));
        let stage = "doctor";
        // The faceless is in neither team: every killer of his is struck (L74).
        let same_team = !super::faceless::is_faceless(&ctx.state, kamikaze)
            && teams::black(ctx, kamikaze) == teams::black(ctx, a.attacker);
        if same_team {
            cripple(ctx, a.attacker, kamikaze);
            let why = format!(
                "{me} is a kamikaze attacked by his own team: he dies alone and {killer} loses his peaceful role and colour for good (L38)"
            );
            ctx.note(format!("kamikaze:{me}"), stage, why);
            continue;
        }
        // Killing a black spends the role (L38); a black kamikaze's every strike does, leaving
        // his heir only the suicide (L100).
        if (teams::black(ctx, a.attacker) || teams::black(ctx, kamikaze))
            && let Some(s) = ctx.state.slots.get_mut(kamikaze)
        {
            s.counters.insert(SPENT.into(), 1);
        }
        run.healed.remove(&a.attacker);
        run.attacks.push(Attack::new(kamikaze, a.attacker, ROLE));
        super::faceless::score_kamikaze_victim(ctx, kamikaze, a.attacker);
        let why = format!(
            "{me} is a kamikaze: he takes {killer} with him, and no doctor saves either (L38)"
        );
        ctx.note(format!("kamikaze:{me}"), stage, why);
    }
}
