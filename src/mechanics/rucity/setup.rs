//! A ru-city setup (§1.3, §1.4): every player holds a peaceful role, a black player also holds
//! one negative role; titles are won in play. The formats' compositions are checked as warnings
//! (the source gives the standard one only in part, Q2), and roles can be dealt at random.

use super::teams::{self, BLACK, RED, TITLE};
use crate::engine::SetupReport;
use crate::engine::{PlayerSetup, Refusal, Setup};
use crate::rules::Roleset;

/// The base peaceful roles of a format (L131.2).
fn base_roles(extended: bool) -> Vec<&'static str> {
    let mut out = vec![
        "doctor",
        "blocker",
        "commissar",
        "detective",
        "investigator",
        "active_citizen",
    ];
    if extended {
        out.push("politician");
        out.push("active_citizen");
    }
    out
}

pub fn check_setup(roleset: &Roleset, setup: &Setup, report: &mut SetupReport) {
    let extended = setup.options.get("format").map(String::as_str) == Some("extended");
    let mut blacks = Vec::new();
    for (i, p) in setup.players.iter().enumerate() {
        let side = roleset.side_of(&p.role);
        if side == teams::ELITE {
            if !p.extra_roles.is_empty() {
                report.errors.push(Refusal::of_player(
                    i,
                    "extra_roles",
                    format!("{}: an elite player holds his elite role and nothing else (L125.6, L127.5, L129.5)", p.name),
                ));
            }
            continue;
        }
        if side != RED {
            report.errors.push(Refusal::of_player(
                i,
                "role",
                format!("{}: `{}` is not a peaceful role; a black player's negative role goes in extra_roles (L81)", p.name, p.role),
            ));
        }
        let negatives: Vec<&String> = p
            .extra_roles
            .iter()
            .filter(|r| roleset.side_of(r) == BLACK)
            .collect();
        for extra in &p.extra_roles {
            match roleset.side_of(extra) {
                BLACK => {}
                teams::GREY if negatives.is_empty() => {}
                teams::GREY => report.errors.push(Refusal::of_player(
                    i,
                    "extra_roles",
                    format!("{}: the faceless is grey, in neither team: he holds no negative role (L64.9)", p.name),
                )),
                TITLE => report.errors.push(Refusal::of_player(
                    i,
                    "extra_roles",
                    format!(
                        "{}: `{extra}` is a title won in play (mayor election), not a setup role",
                        p.name
                    ),
                )),
                _ => report.errors.push(Refusal::of_player(
                    i,
                    "extra_roles",
                    format!(
                        "{}: a player holds one peaceful role; `{extra}` cannot be a second one",
                        p.name
                    ),
                )),
            }
        }
        if negatives.len() > 1 {
            report.errors.push(Refusal::of_player(
                i,
                "extra_roles",
                format!("{}: a black player holds one negative role", p.name),
            ));
        }
        if let Some(n) = negatives.first() {
            blacks.push(n.as_str());
        }
    }
    // The second faceless is the one too many.
    let second_faceless = setup
        .players
        .iter()
        .enumerate()
        .filter(|(_, p)| {
            p.extra_roles
                .iter()
                .any(|r| roleset.side_of(r) == teams::GREY)
        })
        .nth(1);
    if let Some((i, p)) = second_faceless {
        report.errors.push(Refusal::of_player(
            i,
            "extra_roles",
            format!("{}: a game has one faceless at most (L64.10)", p.name),
        ));
    }
    let (want_players, want_blacks) = if extended { (16, 5) } else { (12, 4) };
    // The faceless is an extra main player, the elites are extra players (L64.10, L123).
    let main = setup.players.iter().filter(|p| is_main(roleset, p)).count();
    if main != want_players {
        report.warnings.push(format!(
            "the {} format has {want_players} main players, the faceless and the elites aside; this game has {main} (L131.1, L64.10, Q2)",
            if extended { "extended" } else { "standard" },
        ));
    }
    if blacks.len() != want_blacks {
        report.warnings.push(format!(
            "the format has {want_blacks} blacks (two mafia, the maniac or a yakuza pair, and werewolves); this game has {} (Q2)",
            blacks.len()
        ));
    }
    let count = |role: &str| blacks.iter().filter(|b| **b == role).count();
    let mafia = count("mafia") + count("boss_son");
    let second = count("maniac") == 1 || count("yakuza") + count("head_daughter") >= 2;
    if mafia < 2 || !second {
        report.warnings.push(format!(
            "the blacks are a mafia pair and the maniac or a yakuza pair; this game has {mafia} mafia (L2, L3, L55)"
        ));
    }
    for role in base_roles(extended) {
        let want = base_roles(extended).iter().filter(|r| **r == role).count();
        let have = setup.players.iter().filter(|p| p.role == role).count();
        if have < want {
            report.warnings.push(format!(
                "the base role `{role}` is missing ({have} of {want}, L131.2)"
            ));
        }
    }
    for role in roleset
        .roles
        .iter()
        .filter(|r| teams::is_special_peaceful(roleset, &r.id))
    {
        if setup.players.iter().filter(|p| p.role == role.id).count() > 1 {
            report
                .warnings
                .push(format!("the role `{}` is dealt more than once", role.id));
        }
    }
}

/// A main player: neither the faceless (an extra main player, L64.10) nor an elite (L123).
fn is_main(roleset: &Roleset, p: &PlayerSetup) -> bool {
    roleset.side_of(&p.role) != teams::ELITE
        && !p
            .extra_roles
            .iter()
            .any(|r| roleset.side_of(r) == teams::GREY)
}

/// The werewolves a random deal lays over main players beside the mafia pair and the maniac
/// (§2.9, Q2).
const WEREWOLVES: [&str; 6] = [
    "joker",
    "poisoner",
    "executor",
    "geisha",
    "mercenary",
    "imitator",
];

/// The additional peaceful roles a game draws from (L18–L47, §1.4): every peaceful role of the
/// roleset that is neither a base role of the format nor the plain citizen (the politician is
/// one of them in the standard format, L132).
fn additional_roles(roleset: &Roleset, extended: bool) -> Vec<String> {
    let base = base_roles(extended);
    roleset
        .roles
        .iter()
        .filter(|r| r.side == RED && r.id != "citizen" && !base.contains(&r.id.as_str()))
        .map(|r| r.id.clone())
        .collect()
}

/// Deal the missing roles: the format's base peaceful roles, then additional peaceful roles at
/// random, each once, then citizens; the mafia pair, the maniac and werewolves up to the format's
/// blacks are laid over random main players when nobody holds a negative role yet (elites keep
/// their roles; a faceless line, `+faceless`, gets a peaceful role). Any peaceful role may be under a black's (L81: every
/// player has his own peaceful role, the negative one is laid over it).
pub fn assign_roles(
    roleset: &Roleset,
    players: &mut [PlayerSetup],
    seed: u64,
) -> Result<(), Refusal> {
    use rand::SeedableRng;
    use rand::seq::SliceRandom;
    let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(seed);
    let extended = players.iter().filter(|p| is_main(roleset, p)).count() >= 16;
    let mut pool: Vec<String> = base_roles(extended)
        .into_iter()
        .map(str::to_string)
        .collect();
    pool.retain(|r| !players.iter().any(|p| &p.role == r));
    let mut additional = additional_roles(roleset, extended);
    additional.retain(|r| !players.iter().any(|p| &p.role == r));
    additional.shuffle(&mut rng);
    pool.extend(additional);
    let mut empty: Vec<usize> = (0..players.len())
        .filter(|i| players[*i].role.is_empty())
        .collect();
    empty.shuffle(&mut rng);
    // An elite holds his role from the setup; a faceless line gets a peaceful role after the
    // main players have theirs, so the base roles go to main players.
    empty.sort_by_key(|i| !is_main(roleset, &players[*i]));
    for i in empty {
        players[i].role = if pool.is_empty() {
            "citizen".into()
        } else {
            pool.remove(0)
        };
    }
    let any_black = players
        .iter()
        .any(|p| p.extra_roles.iter().any(|r| roleset.side_of(r) == BLACK));
    if !any_black {
        // The mafia pair, the maniac and werewolves up to the format's blacks (Q2: 4 of 12,
        // 5 of 16), over main players.
        let want_blacks = if extended { 5 } else { 4 };
        let mut werewolves: Vec<&str> = WEREWOLVES
            .iter()
            .copied()
            .filter(|w| roleset.role(w).is_some())
            .collect();
        werewolves.shuffle(&mut rng);
        let negatives = ["mafia", "mafia", "maniac"]
            .into_iter()
            .chain(werewolves)
            .take(want_blacks);
        let mut order: Vec<usize> = (0..players.len())
            .filter(|i| is_main(roleset, &players[*i]))
            .collect();
        order.shuffle(&mut rng);
        for (i, negative) in order.into_iter().zip(negatives) {
            players[i].extra_roles.push(negative.into());
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn players(n: usize) -> Vec<PlayerSetup> {
        (0..n)
            .map(|i| PlayerSetup {
                name: format!("P{i}"),
                role: String::new(),
                extra_roles: Vec::new(),
                family: None,
                level: Default::default(),
                aka: Vec::new(),
            })
            .collect()
    }

    /// A standard game of 12 gets the six base roles and six different additional roles, no
    /// citizen while additional roles remain; every seed deals a valid setup.
    #[test]
    fn random_deal_uses_the_base_and_the_additional_roles() {
        let roleset = crate::systems::builtin("ru-city")
            .expect("bundled")
            .expect("valid");
        for seed in 0..50 {
            let mut ps = players(12);
            assign_roles(&roleset, &mut ps, seed).expect("dealt");
            for base in base_roles(false) {
                assert!(ps.iter().any(|p| p.role == base), "{base} missing");
            }
            let extra: Vec<&str> = ps
                .iter()
                .map(|p| p.role.as_str())
                .filter(|r| !base_roles(false).contains(r))
                .collect();
            assert_eq!(extra.len(), 6);
            assert!(!extra.contains(&"citizen"));
            let mut unique = extra.clone();
            unique.sort_unstable();
            unique.dedup();
            assert_eq!(unique.len(), 6, "a role dealt twice: {extra:?}");
            // The mafia pair, the maniac and a werewolf (Q2).
            let blacks = ps.iter().filter(|p| !p.extra_roles.is_empty()).count();
            assert_eq!(blacks, 4);
        }
    }

    /// A random deal lays the mafia pair, the maniac and werewolves up to the format's blacks
    /// over main players only; the faceless gets a peaceful role that is not a base one, and an
    /// elite keeps his role (Q2, L64.10, L123).
    #[test]
    fn random_deal_with_a_faceless_and_an_elite() {
        let roleset = crate::systems::builtin("ru-city")
            .expect("bundled")
            .expect("valid");
        for seed in 0..30 {
            let mut ps = players(14);
            ps[12].extra_roles.push("faceless".into());
            ps[13].role = "agent".into();
            assign_roles(&roleset, &mut ps, seed).expect("dealt");
            let blacks: Vec<&PlayerSetup> = ps
                .iter()
                .filter(|p| p.extra_roles.iter().any(|r| roleset.side_of(r) == BLACK))
                .collect();
            assert_eq!(blacks.len(), 4, "seed {seed}");
            assert!(blacks.iter().all(|p| is_main(&roleset, p)));
            assert!(!base_roles(false).contains(&ps[12].role.as_str()));
            assert_eq!(ps[12].extra_roles, ["faceless"]);
            assert_eq!(ps[13].role, "agent");
            assert!(ps[13].extra_roles.is_empty());
            let mut report = SetupReport::default();
            let setup = Setup {
                players: ps.clone(),
                ..Setup::default()
            };
            check_setup(&roleset, &setup, &mut report);
            assert!(report.errors.is_empty(), "{:?}", report.errors);
            assert!(report.warnings.is_empty(), "{:?}", report.warnings);
        }
    }
}
