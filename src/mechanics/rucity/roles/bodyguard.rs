//! The bodyguard (§5.3, L20; black holder L89). A red bodyguard guards one player a night,
//! never the same one two nights in a row, and draws every attack on his ward onto himself; he
//! kills nobody. A blocked move, or a ward who is an active kamikaze, fails. With the blocker's
//! protection on the same ward both moves work and the bodyguard still dies. In the morning the
//! saved ward learns the killer's name (only his negative role if the bodyguard was attacked
//! directly too); a bodyguard who survived learns which of the pair was the target and the
//! killer's negative role.
//!
//! A black bodyguard draws no attack: he stops the doctor and the blocker from saving his ward
//! (unless he declares `{"interfere": "no"}`), may guard the same player again, turns a black
//! killer who shoots him onto a non-black ward, and learns the name, side and first target of
//! whoever kills his ward. A faceless bodyguard (L71) draws no attack either, may guard the same
//! player again, has the alibi, turns a black killer onto a red ward (Q45 `faceless_bodyguard`),
//! and learns the role, first target and side of whoever kills his ward.

use super::night::{self, CityNight};
use super::{Entry, Role, kamikaze, refusal, teams};
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::Ctx;
use crate::engine::{Refusal, SlotId};
use crate::kernel::Act;
use crate::kernel::Fold;

pub const ROLE: &str = "bodyguard";
/// Slot counters: the night of his last guard and his ward then (slot id + 1).
const LAST_NIGHT: &str = "bodyguard_night";
const LAST_WARD: &str = "bodyguard_ward";

/// A guard that went through tonight.
#[derive(Clone, Debug, PartialEq)]
pub struct Guard {
    pub bodyguard: SlotId,
    pub ward: SlotId,
    pub black: bool,
    /// A black bodyguard stops the doctor's and the blocker's saves on his ward.
    pub interferes: bool,
    /// A faceless bodyguard: he draws no attack either, and turns a black killer onto a red
    /// ward only by option (L71, Q45).
    pub faceless: bool,
}

/// An attack the bodyguard turned: (bodyguard, ward, attacker, the attack's kind).
#[derive(Clone, Debug, PartialEq)]
pub struct Turned {
    pub bodyguard: SlotId,
    pub ward: SlotId,
    pub attacker: SlotId,
    pub kind: String,
}

pub struct Bodyguard;

/// The bodyguard's record of the night: the guards that went through, the attacks they turned,
/// and the first targets of black killers a black bodyguard turned onto his ward.
#[derive(Clone, Default, Debug, PartialEq)]
struct Tonight {
    guards: Vec<Guard>,
    turned: Vec<Turned>,
    first_targets: Vec<(SlotId, SlotId)>,
}

fn guards(run: &Fold<CityNight>) -> &[Guard] {
    run.ledger.roles.get::<Tonight>().map_or(&[], |t| &t.guards)
}

fn turned_attacks(run: &Fold<CityNight>) -> &[Turned] {
    run.ledger.roles.get::<Tonight>().map_or(&[], |t| &t.turned)
}

/// The black bodyguard guarding `ward` whom `attacker` shot at, his attack turned onto the
/// ward (the frame of L99), if there is one.
pub fn turned_onto_ward(run: &Fold<CityNight>, attacker: SlotId, ward: SlotId) -> Option<SlotId> {
    let first_targets = run.ledger.roles.get::<Tonight>()?.first_targets.as_slice();
    guards(run)
        .iter()
        .find(|g| g.black && g.ward == ward && first_targets.contains(&(attacker, g.bodyguard)))
        .map(|g| g.bodyguard)
}

/// Does a bodyguard's guard on `ward` go through tonight?
pub fn guarded(run: &Fold<CityNight>, ward: SlotId) -> bool {
    guards(run).iter().any(|g| g.ward == ward)
}

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    templates: &[
        "pm_bodyguard_saved",
        "pm_bodyguard_saved_role",
        "pm_bodyguard_survived",
        "pm_bodyguard_ward_killed",
        "pm_faceless_bodyguard_ward_killed",
    ],
    options: &["faceless_bodyguard"],
    ..crate::engine::system::Requirements::NONE
};

impl Role for Bodyguard {
    fn requires(&self) -> crate::engine::system::Requirements {
        REQUIRES
    }
    fn at_night(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, moment: super::Moment) {
        if moment == super::Moment::StageCloses("killers") {
            alibi(ctx, run);
        }
    }
    fn redirect_attack(
        &self,
        ctx: &Ctx,
        run: &mut Fold<CityNight>,
        attack: &super::Aimed,
        reasons: &mut Vec<String>,
    ) -> Option<SlotId> {
        let to = redirect(
            ctx,
            run,
            attack.attacker,
            attack.victim,
            attack.cause,
            reasons,
        );
        (to != attack.victim).then_some(to)
    }
    fn stops_heal(&self, run: &Fold<CityNight>, target: SlotId) -> bool {
        heal_stopped(run, target)
    }
    fn id(&self) -> &'static str {
        ROLE
    }
    fn history(&self) -> &'static [&'static str] {
        &["pm_bodyguard"]
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
            guard(ctx, run, mv);
            true
        }
    }
    fn refuse(&self, entry: &Entry) -> Result<(), Refusal> {
        if entry.ability != ROLE || teams::is_black(entry.roleset, entry.me()) {
            return Ok(());
        }
        if super::faceless::is_faceless(entry.state, entry.actor) {
            // The faceless may guard the same player again and has an alibi (L71).
            return match entry.params.contains_key("interfere") {
                true => refusal(ROLE, "the interference is a black bodyguard's (L89, L71)"),
                false => Ok(()),
            };
        }
        if entry.params.contains_key("alibi") || entry.params.contains_key("interfere") {
            return refusal(
                ROLE,
                "an alibi and the interference are a black bodyguard's (L89)",
            );
        }
        Ok(())
    }
    fn refuse_repeat(&self, entry: &Entry) -> Result<(), Refusal> {
        let red = entry.ability == ROLE && !teams::is_black(entry.roleset, entry.me());
        // The faceless may guard the same player again (L71).
        let faceless = super::faceless::is_faceless(entry.state, entry.actor);
        let again = entry
            .targets
            .first()
            .is_some_and(|t| guarded_last_night(entry.me(), *t, entry.night()));
        if red && !faceless && again {
            return refusal(
                ROLE,
                "no guarding the same player two nights in a row (L20)",
            );
        }
        Ok(())
    }
    fn morning(&self, ctx: &mut Ctx, run: &Fold<CityNight>) {
        tell(ctx, run);
    }
    fn inherited(&self) -> &'static [&'static str] {
        &[LAST_NIGHT, LAST_WARD]
    }
}

/// A black bodyguard's alibi (L89): once an attack reached his ward, every role finds his
/// move made on the alibi player instead (trackers included).
pub fn alibi(ctx: &mut Ctx, run: &mut Fold<CityNight>) {
    for mv in run.acts_of(ROLE) {
        let Some(alibi) = mv.params.get("alibi").and_then(|n| ctx.slot_of(n)) else {
            continue;
        };
        let Some(g) = guards(run).iter().find(|g| g.bodyguard == mv.actor) else {
            continue;
        };
        if !run.attacked(g.ward) {
            continue;
        }
        for v in run
            .visits
            .iter_mut()
            .filter(|v| v.actor == mv.actor && v.ability == ROLE)
        {
            v.targets = vec![alibi];
        }
        let why = format!(
            "{}'s ward was attacked: for every role he went to his alibi {} (L89)",
            ctx.name(mv.actor),
            ctx.name(alibi)
        );
        ctx.note(format!("alibi:{}", ctx.name(mv.actor)), "killers", why);
    }
}

/// Did this bodyguard guard `ward` the night before night `night` (L20)?
pub fn guarded_last_night(me: &crate::engine::Slot, ward: SlotId, night: u32) -> bool {
    me.counter(LAST_WARD) == ward as u32 + 1 && me.counter(LAST_NIGHT) + 1 == night
}

fn guard(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    let Some(ward) = night::target_through_gate(ctx, run, mv, true, false) else {
        return;
    };
    if kamikaze::can_strike(ctx, ward) {
        let why = format!(
            "{} is a kamikaze who can strike tonight and refuses a bodyguard: the move fails (L20, L38)",
            ctx.name(ward)
        );
        return night::step(ctx, mv, StepResult::Failed, vec![why]);
    }
    let faceless = super::faceless::is_faceless(&ctx.state, mv.actor);
    let black = teams::black(ctx, mv.actor) || faceless;
    let interferes = black && !faceless && mv.params.get("interfere").is_none_or(|v| v != "no");
    let night = run.ledger.night;
    // A ward the hypnotist forced on him does not bind the next night (L37).
    let forced = super::hypnotist::forced(run, mv);
    if let Some(s) = ctx.state.slots.get_mut(mv.actor).filter(|_| !forced) {
        s.counters.insert(LAST_NIGHT.into(), night);
        s.counters.insert(LAST_WARD.into(), ward as u32 + 1);
    }
    run.ledger.covered.insert(ward);
    let mut reasons = vec![if faceless {
        format!(
            "{} guards {} without drawing the attacks (faceless bodyguard, L71)",
            ctx.name(mv.actor),
            ctx.name(ward)
        )
    } else if black {
        format!(
            "{} guards {} without drawing the attacks (black bodyguard, L89)",
            ctx.name(mv.actor),
            ctx.name(ward)
        )
    } else {
        format!(
            "{} guards {}: attacks on {} go to the bodyguard (L20)",
            ctx.name(mv.actor),
            ctx.name(ward),
            ctx.name(ward)
        )
    }];
    if interferes {
        let before = run.defences.len();
        let blocker_shield = |d: &crate::kernel::Defence| {
            d.target == ward
                && ctx
                    .state
                    .slots
                    .get(d.by)
                    .is_some_and(|s| teams::holds(s, "blocker"))
        };
        run.defences.retain(|d| !blocker_shield(d));
        if run.defences.len() < before {
            reasons.push("the blocker's protection on the ward is neutralised (L89)".into());
        }
        reasons.push("the doctor cannot save the ward tonight (L89, L4)".into());
    }
    // A guard on the prostitute covers her clients too (L21).
    for w in std::iter::once(ward).chain(super::prostitute::clients_of(run, ward)) {
        run.ledger.roles.get_mut::<Tonight>().guards.push(Guard {
            bodyguard: mv.actor,
            ward: w,
            black,
            interferes,
            faceless,
        });
    }
    night::step(ctx, mv, StepResult::Success, reasons);
}

/// Where an attack on `victim` by `attacker` really goes: a red bodyguard takes his ward's
/// attack; a black killer who shoots a black bodyguard guarding a non-black hits the ward
/// (L20, L89). Records the turn and says why.
pub fn redirect(
    ctx: &Ctx,
    run: &mut Fold<CityNight>,
    attacker: SlotId,
    victim: SlotId,
    kind: &str,
    reasons: &mut Vec<String>,
) -> SlotId {
    let red_guard = guards(run).iter().find(|g| {
        !g.black && g.ward == victim && g.bodyguard != attacker && ctx.is_alive(g.bodyguard)
    });
    if let Some(g) = red_guard.cloned() {
        reasons.push(format!(
            "{} guards {}: the attack goes to the bodyguard (L20)",
            ctx.name(g.bodyguard),
            ctx.name(victim)
        ));
        if let Some(shield) = run.shield_on(victim).map(|d| d.by) {
            let role = teams::role_name(ctx.roleset, kind);
            run.ledger.blocker_hits.push((shield, role));
            reasons.push(
                "the blocker protects the ward too: both moves work, the bodyguard still takes the attack (L20)"
                    .into(),
            );
        }
        run.ledger.roles.get_mut::<Tonight>().turned.push(Turned {
            bodyguard: g.bodyguard,
            ward: victim,
            attacker,
            kind: kind.to_string(),
        });
        return g.bodyguard;
    }
    let never = ctx.option("faceless_bodyguard") == "never_redirect";
    let black_guard = guards(run).iter().find(|g| {
        g.black
            && !(g.faceless && never)
            && g.bodyguard == victim
            && teams::black(ctx, attacker)
            && !teams::black(ctx, g.ward)
    });
    if let Some(g) = black_guard.cloned() {
        reasons.push(format!(
            "{} is a {} bodyguard guarding {}: the black killer attacks the ward ({})",
            ctx.name(victim),
            if g.faceless { "faceless" } else { "black" },
            ctx.name(g.ward),
            if g.faceless { "L71, Q45" } else { "L89" }
        ));
        run.ledger
            .roles
            .get_mut::<Tonight>()
            .first_targets
            .push((attacker, victim));
        return g.ward;
    }
    victim
}

/// A black bodyguard's ward cannot be saved by the doctor tonight (L89, L4).
pub fn heal_stopped(run: &Fold<CityNight>, target: SlotId) -> bool {
    guards(run).iter().any(|g| g.interferes && g.ward == target)
}

/// The morning: the ward a red bodyguard died for learns the killer (his name, or only his
/// negative role when the bodyguard was attacked directly too); a surviving bodyguard learns
/// the target and the role; a black bodyguard whose ward was killed learns the killer's name,
/// side and first target.
fn tell(ctx: &mut Ctx, run: &Fold<CityNight>) {
    for t in turned_attacks(run) {
        let role = teams::role_name(ctx.roleset, &t.kind);
        if ctx.is_alive(t.bodyguard) {
            ctx.say(
                Audience::Slot(t.bodyguard),
                "pm_bodyguard_survived",
                &[("player", ctx.name(t.ward)), ("role", role)],
            );
            continue;
        }
        let on_him = run
            .attacks
            .iter()
            .filter(|a| a.victim == t.bodyguard)
            .count();
        let turned = turned_attacks(run)
            .iter()
            .filter(|x| x.bodyguard == t.bodyguard)
            .count();
        // A copy of the role never names the killer (L40).
        let direct =
            on_him > turned || super::super::borrowed::copied(&ctx.state.slots[t.bodyguard], ROLE);
        if direct {
            ctx.say(
                Audience::Slot(t.ward),
                "pm_bodyguard_saved_role",
                &[("role", role)],
            );
        } else {
            ctx.say(
                Audience::Slot(t.ward),
                "pm_bodyguard_saved",
                &[("player", ctx.name(t.attacker))],
            );
        }
    }
    // A red bodyguard attacked himself who lives learns he was the target, and the role (L20).
    for g in guards(run).iter().filter(|g| !g.black) {
        let turned = |a: &crate::kernel::Attack| {
            turned_attacks(run)
                .iter()
                .any(|t| t.bodyguard == g.bodyguard && t.attacker == a.attacker)
        };
        let direct = run
            .attacks
            .iter()
            .find(|a| a.victim == g.bodyguard && a.attacker != g.bodyguard && !turned(a));
        if let Some(a) = direct.filter(|_| ctx.is_alive(g.bodyguard)) {
            let role = teams::role_name(ctx.roleset, &a.kind);
            ctx.say(
                Audience::Slot(g.bodyguard),
                "pm_bodyguard_survived",
                &[("player", ctx.name(g.bodyguard)), ("role", role)],
            );
        }
    }
    for g in guards(run).iter().filter(|g| g.black) {
        // A copy never learns the killer's name (L40 over L102): a black actor's or wizard's
        // bodyguard hears nothing of the killing.
        if ctx.is_alive(g.ward)
            || super::super::borrowed::copied(&ctx.state.slots[g.bodyguard], ROLE)
        {
            continue;
        }
        let Some(a) = run.killed_by(g.ward).and_then(|i| run.attacks.get(i)) else {
            continue;
        };
        let side = ctx
            .state
            .slots
            .get(a.attacker)
            .map(|s| teams::colour_word(teams::is_black(ctx.roleset, s)))
            .unwrap_or_default();
        let first = run
            .ledger
            .roles
            .read(|t: &Tonight| t.first_targets.clone())
            .into_iter()
            .find(|(attacker, _)| *attacker == a.attacker)
            .map(|(_, t)| ctx.name(t))
            .unwrap_or_else(|| ctx.name(g.ward));
        // The faceless learns the killer's role, not his name (L71).
        let (template, killer) = if g.faceless {
            (
                "pm_faceless_bodyguard_ward_killed",
                teams::role_name(ctx.roleset, &a.kind),
            )
        } else {
            ("pm_bodyguard_ward_killed", ctx.name(a.attacker))
        };
        ctx.say(
            Audience::Slot(g.bodyguard),
            template,
            &[
                ("player", killer),
                ("side", side.to_string()),
                ("target", first),
                // The killed ward's side is known too (L89).
                (
                    "ward_side",
                    teams::colour_word(teams::black(ctx, g.ward)).to_string(),
                ),
            ],
        );
    }
}

/// Why a black killer's shot stops: he and the black bodyguard chose each other (L89).
fn stops(ctx: &Ctx, run: &Fold<CityNight>, mv: &Act) -> Option<(StepResult, String)> {
    let killer = mv.def().tags.iter().any(|t| t == "killer");
    if !killer || !teams::black(ctx, mv.actor) {
        return None;
    }
    let guard = guards(run).iter().find(|g| {
        g.black && !g.faceless && g.ward == mv.actor && mv.targets.contains(&g.bodyguard)
    })?;
    Some((
        StepResult::Skipped,
        format!(
            "{} and the black bodyguard {} chose each other: the kill is cancelled (L89)",
            ctx.name(mv.actor),
            ctx.name(guard.bodyguard)
        ),
    ))
}
