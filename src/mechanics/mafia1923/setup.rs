//! A 1923 setup: its checks (families, Mafia Members, roles per family) and the random deal.

use super::MAFIA;
use crate::engine::setup::Level;
use crate::engine::{Refusal, Setup, SetupReport};
use crate::rules::Roleset;
use std::collections::BTreeSet;

pub fn check_setup(roleset: &Roleset, setup: &Setup, report: &mut SetupReport) {
    let allowed: BTreeSet<String> = setup
        .options
        .get("mafia_second_roles")
        .or_else(|| roleset.option("mafia_second_roles").map(|o| &o.default))
        .map(|list| list.split(',').map(|r| r.trim().to_string()).collect())
        .unwrap_or_default();
    for (i, p) in setup.players.iter().enumerate() {
        if p.family.is_none() {
            report.errors.push(Refusal::of_player(
                i,
                "family",
                format!("{}: every player of Mafia 1923 belongs to a family", p.name),
            ));
        }
        let mafia = roleset.side_of(&p.role) == MAFIA;
        if !p.extra_roles.is_empty() && !mafia {
            report.errors.push(Refusal::of_player(
                i,
                "extra_roles",
                format!("{}: only Mafia Members may hold a second role", p.name),
            ));
        }
        if p.extra_roles.len() > 1 {
            report.errors.push(Refusal::of_player(
                i,
                "extra_roles",
                format!("{}: a Mafia Member holds at most one second role", p.name),
            ));
        }
        for extra in &p.extra_roles {
            if !allowed.contains(extra) {
                report.errors.push(Refusal::of_player(
                    i,
                    "extra_roles",
                    format!("{}: `{extra}` is not allowed as a Mafia Member's second role (option mafia_second_roles)", p.name),
                ));
            }
        }
        if p.level == Level::Beginner {
            for role in std::iter::once(&p.role).chain(&p.extra_roles) {
                if roleset.role(role).is_some_and(|r| !r.beginner) {
                    report.warnings.push(format!(
                        "{} is a beginner but holds the role `{role}`",
                        p.name
                    ));
                }
            }
        }
    }
    for family in setup.family_list() {
        let members: Vec<_> = setup
            .players
            .iter()
            .filter(|p| p.family.as_deref() == Some(family.as_str()))
            .collect();
        let mafia = members
            .iter()
            .filter(|p| roleset.side_of(&p.role) == MAFIA)
            .count();
        let expected = match members.len() {
            8 => Some(1),
            10 => Some(2),
            _ => None,
        };
        if expected != Some(mafia) {
            report.warnings.push(format!(
                "family {family} has {} players and {mafia} Mafia Member(s); the rules expect 8 with 1 or 10 with 2",
                members.len()
            ));
        }
    }
    if let Some(n) = setup.options.get("court_families")
        && !n.parse::<usize>().is_ok_and(|n| n >= 1)
    {
        report.errors.push(Refusal::of_setup_field(
            "options.court_families",
            format!("option court_families must be a whole number of at least 1, not `{n}`"),
        ));
    }
}

/// Deal roles family by family: one Mafia Member per family (two from ten players up), then
/// distinct special roles for half of the standard civilians, Townspeople for everyone else.
/// Beginners only get Townsperson or Mafia Member, as the setup rules say.
pub fn assign_roles(
    roleset: &Roleset,
    players: &mut [crate::engine::PlayerSetup],
    seed: u64,
) -> Result<(), Refusal> {
    use rand::SeedableRng;
    use rand::seq::SliceRandom;
    let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(seed);
    if let Some((i, p)) = players.iter().enumerate().find(|(_, p)| p.family.is_none()) {
        return Err(Refusal::of_player(
            i,
            "family",
            format!(
                "{}: random assignment needs every player's family (give it in the players file, or spread the players with `--families N`)",
                p.name
            ),
        ));
    }
    let specials: Vec<String> = roleset
        .roles
        .iter()
        .filter(|r| r.side != MAFIA && !r.beginner)
        .map(|r| r.id.clone())
        .collect();
    let mut families: Vec<String> = Vec::new();
    for p in players.iter() {
        if let Some(f) = &p.family
            && !families.contains(f)
        {
            families.push(f.clone());
        }
    }
    for family in families {
        let mut members: Vec<usize> = (0..players.len())
            .filter(|i| {
                players[*i].family.as_deref() == Some(family.as_str())
                    && players[*i].role.is_empty()
            })
            .collect();
        members.shuffle(&mut rng);
        let mafia = match members.len() {
            n if n >= 10 => 2,
            n if n >= 4 => 1,
            _ => 0,
        };
        for &i in members.iter().take(mafia) {
            players[i].role = "mafia_member".into();
        }
        let civilians: Vec<usize> = members.iter().skip(mafia).copied().collect();
        let standard: Vec<usize> = civilians
            .iter()
            .copied()
            .filter(|i| players[*i].level == Level::Standard)
            .collect();
        let mut pool = specials.clone();
        pool.shuffle(&mut rng);
        for (&i, role) in standard.iter().take(standard.len().div_ceil(2)).zip(pool) {
            players[i].role = role;
        }
        for &i in &civilians {
            if players[i].role.is_empty() {
                players[i].role = "townsperson".into();
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    //! Setup errors refuse the game, so scenario files (which start a game) cannot pin them.

    use super::*;
    use crate::engine::PlayerSetup;
    use crate::mechanics::mafia1923::SYSTEM;

    fn player(name: &str, role: &str, extra: &[&str], family: Option<&str>) -> PlayerSetup {
        PlayerSetup {
            name: name.into(),
            role: role.into(),
            extra_roles: extra.iter().map(|r| r.to_string()).collect(),
            family: family.map(str::to_string),
            level: Level::Standard,
            aka: Vec::new(),
        }
    }

    fn errors(players: Vec<PlayerSetup>, options: &[(&str, &str)]) -> Vec<String> {
        let roleset = match crate::systems::load_roleset("mafia-1923") {
            Ok(r) => r,
            Err(e) => panic!("the bundled roleset loads: {e}"),
        };
        let setup = Setup {
            players,
            options: options
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            ..Setup::default()
        };
        crate::engine::setup::check_setup(&SYSTEM, &roleset, &setup)
            .errors
            .into_iter()
            .map(|e| e.message)
            .collect()
    }

    #[test]
    fn a_mafia_member_may_hold_one_allowed_second_role() {
        let ok = errors(
            vec![player("Max", "mafia_member", &["doctor"], Some("Capone"))],
            &[],
        );
        assert!(ok.is_empty(), "{ok:?}");
        let two = errors(
            vec![player(
                "Max",
                "mafia_member",
                &["doctor", "boss"],
                Some("Capone"),
            )],
            &[],
        );
        assert!(two.iter().any(|e| e.contains("at most one second role")));
    }

    #[test]
    fn only_mafia_members_hold_second_roles() {
        let e = errors(
            vec![player("Ann", "doctor", &["boss"], Some("Capone"))],
            &[],
        );
        assert!(e.iter().any(|e| e.contains("only Mafia Members")), "{e:?}");
    }

    #[test]
    fn the_option_lists_the_allowed_second_roles() {
        let e = errors(
            vec![player("Max", "mafia_member", &["boss"], Some("Capone"))],
            &[("mafia_second_roles", "doctor, detective")],
        );
        assert!(
            e.iter().any(|e| e.contains("`boss` is not allowed")),
            "{e:?}"
        );
        let armed = errors(
            vec![player(
                "Max",
                "mafia_member",
                &["armed_robber"],
                Some("Capone"),
            )],
            &[],
        );
        assert!(!armed.is_empty(), "armed_robber is not in the default list");
    }

    #[test]
    fn every_player_has_a_family_and_court_families_is_a_number() {
        let e = errors(vec![player("Ann", "townsperson", &[], None)], &[]);
        assert!(e.iter().any(|e| e.contains("belongs to a family")), "{e:?}");
        let n = errors(
            vec![player("Ann", "townsperson", &[], Some("Capone"))],
            &[("court_families", "three")],
        );
        assert!(
            n.iter().any(|e| e.contains("must be a whole number")),
            "{n:?}"
        );
        let zero = errors(
            vec![player("Ann", "townsperson", &[], Some("Capone"))],
            &[("court_families", "0")],
        );
        assert!(zero.iter().any(|e| e.contains("at least 1")), "{zero:?}");
    }
}
