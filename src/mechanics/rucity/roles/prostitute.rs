//! The prostitute (§5.4, L21; black holder L90). She takes any other player home for the
//! night, any night. Her client's own moves later in the night fail, and so do later moves on
//! him, except the executor's, witch's, maid's, drug dealer's and journalist's; a move that
//! visits her fails too, except a killer's, the doctor's and the bodyguard's, which reach her
//! and her client alike (Q20). Declared with the move, her protection means a client of a
//! prostitute killed tonight survives crippled (a black prostitute's negative clients are
//! always protected, L90, Q47). A blocked move fails, and so does one on an active kamikaze
//! (L38). The client learns he was taken; she learns his peaceful role.

use super::night::{self, CityNight};
use super::{Role, kamikaze, teams};
use crate::engine::SlotId;
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::Ctx;
use crate::kernel::Act;
use crate::kernel::Fold;

pub const ROLE: &str = "prostitute";
const STAGE: &str = "company";
/// Moves on a client that still reach him (L21).
const EXEMPT: [&str; 5] = [
    "executor_",
    "witch_",
    "maid_",
    "drug_dealer_",
    "journalist_",
];

/// A client taken tonight.
#[derive(Clone, Debug, PartialEq)]
pub struct Company {
    pub prostitute: SlotId,
    pub client: SlotId,
    /// Her protection holds for him: he survives her death crippled.
    pub protected: bool,
    /// The geisha's company (L54): negative moves of and on her client go through, and a move
    /// that visits her is not stopped.
    pub geisha: bool,
    /// She took the imitator's illusion of the maniac home, not the maniac (L50): his own moves
    /// go on, and moves on him fail only while the illusion stands.
    pub illusion: bool,
}

pub struct Prostitute;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    templates: &["pm_company", "pm_prostitute_client"],
    stages: &["company"],
    options: &["black_prostitute_clients", "prostitute_client_dies"],
    ..crate::engine::system::Requirements::NONE
};

impl Role for Prostitute {
    fn requires(&self) -> crate::engine::system::Requirements {
        REQUIRES
    }
    fn stops(&self, ctx: &Ctx, run: &Fold<CityNight>, mv: &Act) -> Option<(StepResult, String)> {
        stops(ctx, run, mv).map(|why| (StepResult::Failed, why))
    }
    fn attacked_with(
        &self,
        ctx: &mut Ctx,
        run: &Fold<CityNight>,
        victim: SlotId,
    ) -> Vec<(SlotId, String)> {
        clients_attacked(ctx, run, victim)
            .into_iter()
            .map(|client| {
                let why = format!(
                    "{} is with {}: the attack reaches him too (L21, Q20)",
                    ctx.name(client),
                    ctx.name(victim)
                );
                (client, why)
            })
            .collect()
    }
    fn id(&self) -> &'static str {
        ROLE
    }
    fn night_move(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) -> bool {
        mv.ability == ROLE && {
            take(ctx, run, mv);
            true
        }
    }
    fn morning(&self, ctx: &mut Ctx, run: &Fold<CityNight>) {
        morning(ctx, run);
    }
    fn history(&self) -> &'static [&'static str] {
        &["pm_prostitute"]
    }
}

fn take(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    let Some(client) = night::target_through_gate(ctx, run, mv, true, false) else {
        return;
    };
    let homeless_out = super::homeless::on_watch(ctx, run, client);
    if homeless_out {
        let why = format!(
            "{} is a homeless out on his watch tonight: her move fails (L21)",
            ctx.name(client)
        );
        return night::step(ctx, mv, StepResult::Failed, vec![why]);
    }
    if kamikaze::can_strike(ctx, client) {
        let why = format!(
            "{} is a kamikaze who can strike tonight and refuses her: the move fails (L21, L38)",
            ctx.name(client)
        );
        return night::step(ctx, mv, StepResult::Failed, vec![why]);
    }
    // A copied prostitute cannot go without protection (L40).
    let declared = mv.params.get("protection").is_some_and(|v| v == "yes")
        || super::super::borrowed::copied(&ctx.state.slots[mv.actor], ROLE);
    let protected = declared
        || (teams::black(ctx, mv.actor)
            && teams::black(ctx, client)
            && ctx.option("black_prostitute_clients") != "unharmed");
    take_home(
        run,
        Company {
            prostitute: mv.actor,
            client,
            protected,
            geisha: false,
            illusion: super::imitator::covers(run, client),
        },
    );
    let mut reasons = vec![format!(
        "{} spends the night with {}: his later moves and later moves on him fail (L21)",
        ctx.name(client),
        ctx.name(mv.actor)
    )];
    if protected {
        reasons.push("with protection: if she is killed he survives crippled (L21, L90)".into());
    }
    night::step(ctx, mv, StepResult::Success, reasons);
}

/// The clients of `prostitute` tonight.
pub fn clients_of(run: &Fold<CityNight>, prostitute: SlotId) -> Vec<SlotId> {
    company(run)
        .iter()
        .filter(|c| c.prostitute == prostitute)
        .map(|c| c.client)
        .collect()
}

/// The prostitutes' and geishas' record of the night: the clients they took.
#[derive(Clone, Default, Debug, PartialEq)]
struct Tonight {
    company: Vec<Company>,
}

/// Tonight's clients, in the order they were taken.
pub fn company(run: &Fold<CityNight>) -> &[Company] {
    run.ledger
        .roles
        .get::<Tonight>()
        .map_or(&[], |t| &t.company)
}

/// A client goes home with her tonight (the geisha's company too, L54).
pub fn take_home(run: &mut Fold<CityNight>, client: Company) {
    run.ledger.roles.get_mut::<Tonight>().company.push(client);
}

pub fn is_client(run: &Fold<CityNight>, slot: SlotId) -> bool {
    company(run).iter().any(|c| c.client == slot)
}

/// Why a move after her stage fails because of her (L21).
pub fn stops(ctx: &Ctx, run: &Fold<CityNight>, mv: &Act) -> Option<String> {
    if company(run).is_empty() || !night::after_stage(ctx, &mv.stage, STAGE) {
        return None;
    }
    let negative = teams::is_negative_ability(ctx.roleset, &mv.ability);
    // The geisha's company stops neither her client's negative moves nor those on him (L54).
    let only_geisha = |slot: SlotId| {
        company(run)
            .iter()
            .filter(|c| c.client == slot)
            .all(|c| c.geisha)
    };
    let really_with_her = company(run)
        .iter()
        .any(|c| c.client == mv.actor && !c.illusion);
    if really_with_her && !(negative && only_geisha(mv.actor)) {
        return Some(format!(
            "{} spends the night with the prostitute: his own later move fails (L21)",
            ctx.name(mv.actor)
        ));
    }
    let exempt = EXEMPT.iter().any(|p| mv.ability.starts_with(p));
    // The homeless's watch of a house whose owner went out still sees who came (L25).
    let watch = mv.ability == "homeless_watch";
    let with_her = |t: SlotId| {
        company(run)
            .iter()
            .any(|c| c.client == t && (!c.illusion || super::imitator::covers(run, t)))
    };
    if let Some(&t) = mv.targets.iter().find(|t| with_her(**t))
        && !watch
        && !(negative && only_geisha(t))
    {
        return (!exempt).then(|| {
            format!(
                "{} spends the night with the prostitute: moves on him fail (L21)",
                ctx.name(t)
            )
        });
    }
    // The homeless watches her house all the same: he sees her client and who came (L25).
    let reaches_her = exempt
        || ctx.roleset.ability_has_tag(&mv.ability, teams::KILLER)
        || matches!(
            mv.ability.as_str(),
            "doctor" | "cultist_heal" | "bodyguard" | "homeless_watch"
        );
    let her = mv.targets.iter().find(|t| {
        company(run)
            .iter()
            .any(|c| c.prostitute == **t && !c.geisha)
    });
    match her {
        Some(&p) if !reaches_her => Some(format!(
            "{} has a client tonight: a visit to her fails (L21)",
            ctx.name(p)
        )),
        _ => None,
    }
}

/// A killer's attack on her reaches her unprotected clients too (Q20); the geisha's always,
/// but a black one (L54).
pub fn clients_attacked(ctx: &mut Ctx, run: &Fold<CityNight>, victim: SlotId) -> Vec<SlotId> {
    let prostitute_clients_die = ctx.option("prostitute_client_dies") != "no";
    let clients: Vec<&Company> = company(run)
        .iter()
        .filter(|c| c.prostitute == victim && !c.protected)
        .collect();
    let geisha: Vec<SlotId> = clients
        .iter()
        .filter(|c| c.geisha)
        // The geisha's kill reaches her client, unless he is black: she dies alone (L54).
        .filter(|c| !teams::black(ctx, c.client))
        .map(|c| c.client)
        .collect();
    let mut hit: Vec<SlotId> = clients
        .iter()
        .filter(|c| !c.geisha && prostitute_clients_die)
        .map(|c| c.client)
        .collect();
    hit.extend(one_of_the_geishas_clients(ctx, &geisha));
    hit
}

/// A geisha with two clients takes only one with her (L111): a red before the faceless (two
/// reds: one drawn at random), the faceless before a black (already left out).
fn one_of_the_geishas_clients(ctx: &mut Ctx, clients: &[SlotId]) -> Option<SlotId> {
    if clients.len() < 2 {
        return clients.first().copied();
    }
    let reds: Vec<SlotId> = clients
        .iter()
        .copied()
        .filter(|c| !super::faceless::is_faceless(&ctx.state, *c))
        .collect();
    match reds.len() {
        0 => clients.first().copied(),
        1 => reds.first().copied(),
        _ => {
            let names: Vec<String> = reds.iter().map(|r| ctx.name(*r)).collect();
            let label = |p: &SlotId| names[reds.iter().position(|r| r == p).unwrap_or(0)].clone();
            ctx.draw(
                "killers",
                "which of the geisha's two red clients she takes with her (L111)",
                &reds,
                label,
            )
        }
    }
}

/// The morning: protected clients of a killed prostitute survive crippled; each client learns
/// he was taken, she learns his peaceful role.
fn morning(ctx: &mut Ctx, run: &Fold<CityNight>) {
    for c in company(run).to_vec() {
        // Her protection holds when a killer killed her (L21).
        let killed = run
            .killed_by(c.prostitute)
            .and_then(|i| run.attacks.get(i))
            .is_some_and(|a| a.attacker != c.prostitute);
        // The illusion gives her the maniac's peaceful role; he himself was never taken (L50).
        let taken = !c.illusion;
        if taken && c.protected && killed && !ctx.is_alive(c.prostitute) && ctx.is_alive(c.client) {
            kamikaze::cripple(ctx, c.client, c.prostitute);
            let why = format!(
                "her protection holds: {} survives her death crippled (L21)",
                ctx.name(c.client)
            );
            ctx.note(format!("crippled:{}", ctx.name(c.client)), "morning", why);
        }
        if taken {
            ctx.say(Audience::Slot(c.client), "pm_company", &[]);
        }
        let role = teams::peaceful_name(ctx, c.client);
        ctx.say(
            Audience::Slot(c.prostitute),
            "pm_prostitute_client",
            &[("player", ctx.name(c.client)), ("role", role)],
        );
    }
}
