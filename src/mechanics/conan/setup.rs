//! Setting up a Conan game (conan.md §12.4): the setup checks and random dealing. The BO are
//! about a quarter to a third of the players, at least one arrester plays, both travelers only
//! from 12 players on; items are never dealt.

use super::book;
use crate::engine::{PlayerSetup, Refusal, Setup, SetupReport};
use crate::rules::Roleset;

pub fn check_setup(roleset: &Roleset, setup: &Setup, report: &mut SetupReport) {
    let n = setup.players.len();
    let mut bo = 0;
    for (i, p) in setup.players.iter().enumerate() {
        let roles = std::iter::once(("role", &p.role))
            .chain(p.extra_roles.iter().map(|r| ("extra_roles", r)));
        for (field, role) in roles {
            if book::ITEMS.contains(&role.as_str()) {
                report.errors.push(Refusal::of_player(
                    i,
                    field,
                    format!("{}: `{role}` is an item, never dealt (§12.3)", p.name),
                ));
            }
        }
        if book::RANKS.contains(&p.role.as_str()) {
            bo += 1;
        }
        if roleset.side_of(&p.role) == book::LOVERS {
            report.errors.push(Refusal::of_player(
                i,
                "role",
                format!(
                    "{}: the lovers' side is made by Amor in Prep, not dealt (§8.7)",
                    p.name
                ),
            ));
        }
    }
    let warn = |report: &mut SetupReport, why: String| report.warnings.push(why);
    if bo == 0 {
        warn(report, "no BO member in the setup (§12.4)".into());
    } else if bo * 4 < n || bo * 3 > n + 2 {
        warn(
            report,
            format!("{bo} BO among {n} players: a quarter to a third is usual (§12.4)"),
        );
    }
    if !setup
        .players
        .iter()
        .any(|p| book::ARRESTERS.contains(&p.role.as_str()))
    {
        warn(
            report,
            "no player can arrest: include at least one (§12.4)".into(),
        );
    }
    let travelers = setup
        .players
        .iter()
        .filter(|p| matches!(p.role.as_str(), "makoto" | "hakuba"))
        .count();
    if travelers == 2 && n < 12 {
        warn(report, "both travelers below 12 players (§12.4)".into());
    }
}

/// The town roles dealt after the BO, in the order a round takes them (§12.4's example first).
const TOWN_ORDER: [&str; 25] = [
    "megure",
    "satou",
    "conan",
    "heiji",
    "kazuha",
    "ran",
    "eri",
    "makoto",
    "hakuba",
    "yumi",
    "jodie",
    "takagi",
    "shiratori",
    "araide",
    "haibara",
    "kogoro",
    "agasa",
    "okiya",
    "akai",
    "nakamori",
    "sonoko",
    "mitsuhiko",
    "ayumi",
    "genta",
    "townsperson",
];

/// The BO roles dealt, by how many there are (§12.4's example: Anokata, Gin, Vodka, Chianti).
const BO_ORDER: [&str; 11] = [
    "anokata", "gin", "vodka", "chianti", "vermouth", "rum", "bourbon", "korn", "pisco", "irish",
    "tequila",
];

pub fn assign_roles(
    _roleset: &Roleset,
    players: &mut [PlayerSetup],
    seed: u64,
) -> Result<(), Refusal> {
    use rand::SeedableRng;
    use rand::seq::SliceRandom;
    let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(seed);
    let n = players.len();
    let taken = |r: &str, players: &[PlayerSetup]| players.iter().any(|p| p.role == r);
    let bo_wanted = n.div_ceil(4).max(1);
    let bo_have = players
        .iter()
        .filter(|p| book::RANKS.contains(&p.role.as_str()))
        .count();
    let mut pool: Vec<String> = BO_ORDER
        .iter()
        .filter(|r| !taken(r, players))
        .take(bo_wanted.saturating_sub(bo_have))
        .map(|r| r.to_string())
        .collect();
    let empty = players.iter().filter(|p| p.role.is_empty()).count();
    let town_slots = empty.saturating_sub(pool.len());
    let mut town: Vec<String> = TOWN_ORDER
        .iter()
        .filter(|r| !taken(r, players))
        .filter(|r| n >= 12 || !matches!(**r, "makoto" | "hakuba"))
        .map(|r| r.to_string())
        .take(town_slots)
        .collect();
    while town.len() < town_slots {
        town.push("townsperson".into());
    }
    pool.extend(town);
    pool.shuffle(&mut rng);
    for p in players.iter_mut().filter(|p| p.role.is_empty()) {
        p.role = pool.pop().unwrap_or_else(|| "townsperson".into());
    }
    Ok(())
}
