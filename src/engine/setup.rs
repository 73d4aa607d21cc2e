//! The setup of a game: who plays, which roles, which families, which options.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// How experienced a player is; spectators are not players but receive public messages.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Level {
    Beginner,
    #[default]
    Standard,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PlayerSetup {
    pub name: String,
    pub role: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub extra_roles: Vec<String>,
    /// Written `family: "Capone"` or `family: Some("Capone")`: both read the same.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "bare_or_some"
    )]
    pub family: Option<String>,
    #[serde(default)]
    pub level: Level,
    /// Other names the player goes by in PMs and posts (a nickname, a forum handle), so a
    /// pasted message that says "Katya" finds Ekaterina.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aka: Vec<String>,
}

impl PlayerSetup {
    /// A player of the standard level with one role, no family and no other names: the common
    /// case of a deal.
    pub fn new(name: impl Into<String>, role: impl Into<String>) -> PlayerSetup {
        PlayerSetup {
            name: name.into(),
            role: role.into(),
            extra_roles: Vec::new(),
            family: None,
            level: Level::Standard,
            aka: Vec::new(),
        }
    }
}

/// Reads an optional text written bare (`"Capone"`), as `Some("Capone")`, or as `None`, so
/// hand-written scenarios, players files and saves need not spell out RON's `Some(...)`.
fn bare_or_some<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    struct Text;
    impl<'de> serde::de::Visitor<'de> for Text {
        type Value = Option<String>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a name such as \"Capone\", Some(\"Capone\") or None")
        }
        fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Self::Value, E> {
            Ok(Some(v.to_string()))
        }
        fn visit_none<E: serde::de::Error>(self) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_unit<E: serde::de::Error>(self) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_some<D: serde::Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
            String::deserialize(d).map(Some)
        }
    }
    d.deserialize_any(Text)
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    pub players: Vec<PlayerSetup>,
    /// Families (or teams) in display order; families named by players are added after these.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub families: Vec<String>,
    /// People who receive public messages only.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spectators: Vec<String>,
    /// Roleset options chosen for this game; missing ones take the roleset's default.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub options: BTreeMap<String, String>,
}

impl Setup {
    /// A setup dealt by hand: each player's name and roles, a second role after a `+` as a
    /// players file writes it (ru-city's `citizen+mafia`); the simulator's benches and tests
    /// deal this way.
    pub fn by_hand(players: &[(&str, &str)]) -> Setup {
        let players = (players.iter())
            .map(|(name, roles)| {
                let mut roles = roles.split('+').map(str::to_string);
                let mut p = PlayerSetup::new(name.to_string(), roles.next().unwrap_or_default());
                p.extra_roles = roles.collect();
                p
            })
            .collect();
        Setup {
            players,
            ..Setup::default()
        }
    }

    /// Families in order: the declared ones, then those first named by a player.
    pub fn family_list(&self) -> Vec<String> {
        let mut out = self.families.clone();
        for p in &self.players {
            if let Some(f) = &p.family
                && !out.contains(f)
            {
                out.push(f.clone());
            }
        }
        out
    }
}

/// Where in a setup a refusal points, so the caller that read the setup from a file can name
/// the place: `players[3].role` in a scenario, `setup.players[3].role` in a save, the line and
/// column of the field in a players file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupPlace {
    /// A field of one player, by the player's index in [`Setup::players`] and the field's
    /// name in the files: `name`, `role`, `extra_roles`, `family`, `level`, `aka`.
    Player { index: usize, field: &'static str },
    /// Another field of the setup: `options.format`, `families[1]`, `players` (the list).
    Field(String),
}

impl SetupPlace {
    /// The field path within the setup (`players[3].role`), as `store::locate` follows it.
    pub fn path(&self) -> String {
        match self {
            SetupPlace::Player { index, field } => format!("players[{index}].{field}"),
            SetupPlace::Field(path) => path.clone(),
        }
    }
}

/// The longest name a new game takes (a player's, another name of his, a family's), in
/// characters. A name is a roster column, a word of every post and a word the host types;
/// forum names run to 30 or so. A name of 65,536 characters made `new` panic after it had
/// written the save.
pub const MAX_NAME_CHARS: usize = 64;

/// What is wrong with a name a new game would take, with the 0-based index of the character
/// at fault; `None` for a good name. Control characters are refused (an escape sequence in a
/// name reaches the terminal of whoever prints it), and so are the bidirectional overrides and
/// isolates, which reorder the text around the name on every screen that shows it. The message
/// never repeats the name: it may be the very thing that cannot be shown.
pub fn name_problem(name: &str) -> Option<(usize, String)> {
    let forbidden =
        |c: char| c.is_control() || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}');
    if let Some((i, c)) = name.chars().enumerate().find(|&(_, c)| forbidden(c)) {
        return Some((
            i,
            format!(
                "holds the control character U+{:04X} (character {})",
                u32::from(c),
                i + 1
            ),
        ));
    }
    if name.chars().nth(MAX_NAME_CHARS).is_some() {
        return Some((
            MAX_NAME_CHARS,
            format!(
                "is {} characters long; a name has at most {MAX_NAME_CHARS}",
                name.chars().count()
            ),
        ));
    }
    None
}

/// The names a new game refuses (see [`name_problem`]): players' names and other names,
/// families', spectators'. Checked where a game is made ([`super::Game::create`]), not by
/// [`check_setup`], which loading a save runs too: a save made before the rule keeps loading.
pub fn check_names(setup: &Setup) -> Vec<super::Refusal> {
    use super::Refusal;
    let mut out = Vec::new();
    for (i, p) in setup.players.iter().enumerate() {
        // (the field in the files, what the host calls it, the name)
        let names = std::iter::once(("name", "name", &p.name))
            .chain(p.aka.iter().map(|a| ("aka", "other name", a)))
            .chain(p.family.iter().map(|f| ("family", "family", f)));
        for (field, what, name) in names {
            if let Some((_, why)) = name_problem(name) {
                out.push(Refusal::of_player(
                    i,
                    field,
                    format!("player {}: the {what} {why}", i + 1),
                ));
            }
        }
    }
    let others = [
        ("families", &setup.families),
        ("spectators", &setup.spectators),
    ];
    for (list, names) in others {
        for (i, name) in names.iter().enumerate() {
            if let Some((_, why)) = name_problem(name) {
                out.push(Refusal::of_setup_field(
                    format!("{list}[{i}]"),
                    format!("{list}[{i}]: the name {why}"),
                ));
            }
        }
    }
    out
}

/// Problems of a setup: errors refuse the game, warnings are shown to the host.
#[derive(Debug, Default)]
pub struct SetupReport {
    pub errors: Vec<super::Refusal>,
    pub warnings: Vec<String>,
}

/// Players without a family are spread over the declared families in equal blocks, in the
/// order they were pasted.
pub fn spread_families(players: &mut [PlayerSetup], families: &[String]) {
    if families.is_empty() {
        return;
    }
    let without: Vec<usize> = (0..players.len())
        .filter(|i| players[*i].family.is_none())
        .collect();
    let n = without.len();
    for (k, i) in without.into_iter().enumerate() {
        let f = k * families.len() / n.max(1);
        if let (Some(p), Some(family)) = (players.get_mut(i), families.get(f)) {
            p.family = Some(family.clone());
        }
    }
}

/// The families of `--families N`: the given names if the text is a comma-separated list,
/// else N names from a list of classic ones (then `Family 11`, …).
pub fn family_names(spec: &str) -> Result<Vec<String>, String> {
    const NAMES: [&str; 10] = [
        "Capone", "Rossi", "Moretti", "Gambino", "Lucchese", "Genovese", "Bonanno", "Colombo",
        "Falcone", "Russo",
    ];
    match spec.trim().parse::<usize>() {
        Ok(0) => Err("--families needs at least one family".into()),
        Ok(n) => Ok((0..n)
            .map(|i| {
                NAMES
                    .get(i)
                    .map_or_else(|| format!("Family {}", i + 1), |s| s.to_string())
            })
            .collect()),
        Err(_) => {
            let names: Vec<String> = spec
                .split(',')
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
                .collect();
            if names.is_empty() {
                Err(format!(
                    "--families `{spec}`: give a number or names separated by commas"
                ))
            } else {
                Ok(names)
            }
        }
    }
}

/// Roles as the roleset's ids, however the players file wrote them: by id or by the name
/// players read (`Doctor`, `Mafia Member`, `Доктор`). In a roleset without families
/// (`Roleset::uses_families`), `Name | role` names the role: a second field that is a role of
/// the roleset is read as the role, so a ru-city host need not write an empty family column.
pub fn roles_as_ids(roleset: &crate::rules::Roleset, players: &mut [PlayerSetup]) {
    for p in players.iter_mut() {
        for role in std::iter::once(&mut p.role).chain(p.extra_roles.iter_mut()) {
            if roleset.role(role).is_none()
                && let Some(def) = roleset.role_named(role)
            {
                *role = def.id.clone();
            }
        }
    }
    if roleset.uses_families() {
        return;
    }
    for p in players.iter_mut().filter(|p| p.role.is_empty()) {
        let Some(given) = p.family.as_deref() else {
            continue;
        };
        let roles: Option<Vec<String>> = given
            .split('+')
            .map(|r| roleset.role_named(r).map(|def| def.id.clone()))
            .collect();
        if let Some(roles) = roles {
            let mut roles = roles.into_iter();
            p.role = roles.next().unwrap_or_default();
            p.extra_roles = roles.collect();
            p.family = None;
        }
    }
}

/// Check a setup against the roleset: the generic checks (names, roles, options), then, when
/// those pass, the rule system's own. Each error about a part of the setup carries its
/// [`SetupPlace`]. The names' length and characters are [`check_names`]'s, for new games only.
pub fn check_setup(
    system: &dyn super::system::RuleSystem,
    roleset: &crate::rules::Roleset,
    setup: &Setup,
) -> SetupReport {
    use super::Refusal;
    let mut report = SetupReport::default();
    if setup.players.is_empty() {
        report.errors.push(Refusal::of_setup_field(
            "players",
            "a game needs at least one player",
        ));
    }
    let mut names = std::collections::BTreeSet::new();
    for (i, p) in setup.players.iter().enumerate() {
        let name = p.name.trim();
        if name.is_empty() {
            report
                .errors
                .push(Refusal::of_player(i, "name", "a player has an empty name"));
        }
        if !names.insert(name.to_lowercase()) {
            report.errors.push(Refusal::of_player(
                i,
                "name",
                format!("two players are named `{name}`"),
            ));
        }
        let roles = std::iter::once(("role", &p.role))
            .chain(p.extra_roles.iter().map(|r| ("extra_roles", r)));
        for (field, role) in roles {
            if roleset.role(role).is_none() {
                let known = roleset
                    .roles
                    .iter()
                    .flat_map(|r| [r.id.as_str(), r.name.as_str()]);
                let hint = super::suggest::did_you_mean(role, known);
                report.errors.push(Refusal::of_player(
                    i,
                    field,
                    format!(
                        "{name}: the roleset `{}` has no role `{role}`{hint}",
                        roleset.id
                    ),
                ));
            }
        }
    }
    for (key, value) in &setup.options {
        let at = format!("options.{key}");
        match roleset.option(key) {
            None => report.errors.push(Refusal::of_setup_field(
                at,
                format!("the roleset has no option `{key}`"),
            )),
            Some(def) if !def.values.is_empty() && !def.values.contains(value) => {
                report.errors.push(Refusal::of_setup_field(
                    at,
                    format!(
                        "option `{key}` must be one of {}, not `{value}`",
                        def.values.join(", ")
                    ),
                ))
            }
            Some(_) => {}
        }
    }
    if report.errors.is_empty() {
        system.check_setup(roleset, setup, &mut report);
    }
    report
}

#[cfg(test)]
mod tests {
    use super::{family_names, spread_families};

    #[test]
    fn spreads_players_in_blocks() {
        let mut players: Vec<PlayerSetup> = (0..6)
            .map(|i| PlayerSetup {
                name: format!("P{i}"),
                role: String::new(),
                extra_roles: vec![],
                family: None,
                level: Default::default(),
                aka: Vec::new(),
            })
            .collect();
        spread_families(&mut players, &["A".into(), "B".into()]);
        let fams: Vec<_> = players
            .iter()
            .map(|p| p.family.clone().unwrap_or_default())
            .collect();
        assert_eq!(fams, ["A", "A", "A", "B", "B", "B"]);
    }

    #[test]
    fn family_names_from_a_number_or_a_list() {
        assert_eq!(family_names("2").unwrap(), ["Capone", "Rossi"]);
        assert_eq!(family_names("A, B").unwrap(), ["A", "B"]);
        assert_eq!(family_names("12").unwrap()[11], "Family 12");
        assert!(family_names("0").is_err());
    }

    use super::PlayerSetup;

    /// A new game takes names up to 64 characters without control characters; the fault's
    /// index is where the place points.
    #[test]
    fn names_a_new_game_takes() {
        use super::{MAX_NAME_CHARS, name_problem};
        let longest = "x".repeat(MAX_NAME_CHARS);
        for good in ["Ann", "Анна Каренина", "אבי", "Bob 🐺", longest.as_str()] {
            assert_eq!(name_problem(good), None, "{good}");
        }
        let long = "y".repeat(70_000);
        let (at, why) = name_problem(&long).expect("too long");
        assert_eq!(at, MAX_NAME_CHARS);
        assert!(why.contains("70000 characters"), "{why}");
        for (bad, at) in [
            ("Dan\u{1b}]0;PWNED\u{7}", 3),
            ("Tab\tbed", 3),
            ("\u{202e}Eve", 0),
            ("Ива\u{2066}н", 3),
            ("Del\u{7f}", 3),
        ] {
            assert_eq!(name_problem(bad).map(|(i, _)| i), Some(at), "{bad:?}");
        }
    }

    fn family_of(text: &str) -> Result<Option<String>, ron::error::SpannedError> {
        ron::from_str::<PlayerSetup>(text).map(|p| p.family)
    }

    #[test]
    fn a_family_is_read_bare_or_wrapped() {
        let bare = r#"(name: "Ann", role: "doctor", family: "Capone")"#;
        let wrapped = r#"(name: "Ann", role: "doctor", family: Some("Capone"))"#;
        let none = r#"(name: "Ann", role: "doctor", family: None)"#;
        let absent = r#"(name: "Ann", role: "doctor")"#;
        assert_eq!(family_of(bare).expect("bare"), Some("Capone".into()));
        assert_eq!(family_of(wrapped).expect("wrapped"), Some("Capone".into()));
        assert_eq!(family_of(none).expect("none"), None);
        assert_eq!(family_of(absent).expect("absent"), None);
        assert!(family_of(r#"(name: "Ann", role: "doctor", family: 7)"#).is_err());
    }
}
