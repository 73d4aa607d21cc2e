//! The new-game form: a roleset, a name, the players (pasted, one a line, optionally
//! `Name | Family | role | level`, where a level of `spectator` reads along without playing),
//! the families to spread players over, and random (seeded, by the
//! roleset's setup rules) or hand-given roles. The setup is previewed, with the rule system's
//! setup checks, before the game is created.

use super::input::LineInput;
use crate::commands::parse_players;
use crate::engine::Setup;
use crate::rules::Roleset;
use crate::systems::{builtin, builtin_ids};
use ratatui_textarea::TextArea;
use std::path::Path;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NgField {
    Roleset,
    Name,
    Players,
    Families,
    Assign,
    Seed,
}

impl NgField {
    pub const ALL: [NgField; 6] = [
        NgField::Roleset,
        NgField::Name,
        NgField::Players,
        NgField::Families,
        NgField::Assign,
        NgField::Seed,
    ];

    pub fn label(self) -> &'static str {
        match self {
            NgField::Roleset => "Roleset",
            NgField::Name => "Game name",
            NgField::Players => "Players",
            NgField::Families => "Families",
            NgField::Assign => "Roles",
            NgField::Seed => "Seed",
        }
    }
}

#[derive(Clone, Debug)]
pub struct NewGame {
    pub field: NgField,
    pub rolesets: Vec<String>,
    pub roleset: usize,
    pub name: LineInput,
    pub players: TextArea<'static>,
    pub families: LineInput,
    pub random: bool,
    pub seed: LineInput,
}

/// A setup ready to become a game.
#[derive(Debug)]
pub struct Planned {
    pub roleset: Roleset,
    pub setup: Setup,
    pub seed: u64,
    pub warnings: Vec<String>,
}

impl NewGame {
    pub fn new() -> NewGame {
        let mut ng = NewGame {
            field: NgField::Roleset,
            rolesets: builtin_ids().map(str::to_string).collect(),
            roleset: 0,
            name: LineInput::with_text("new-game"),
            players: TextArea::default(),
            families: LineInput::default(),
            random: true,
            seed: LineInput::with_text("1"),
        };
        ng.players.set_placeholder_text(ng.player_line_help());
        ng
    }

    /// Whether the chosen roleset has families (1923's courts); the form leaves them out of
    /// one that has none.
    pub fn uses_families(&self) -> bool {
        builtin(self.roleset_id())
            .and_then(Result::ok)
            .is_some_and(|r| r.uses_families())
    }

    /// How a player line is written for the chosen roleset.
    pub fn player_line(&self) -> &'static str {
        if self.uses_families() {
            "Name | Family | role"
        } else {
            "Name | role"
        }
    }

    fn player_line_help(&self) -> String {
        format!(
            "One player a line: {} (all but the name optional)",
            self.player_line()
        )
    }

    pub fn next_field(&mut self, forward: bool) {
        let all = NgField::ALL;
        let i = all.iter().position(|f| *f == self.field).unwrap_or(0);
        let n = all.len();
        self.field = all[if forward {
            (i + 1) % n
        } else {
            (i + n - 1) % n
        }];
        if self.field == NgField::Families && !self.uses_families() {
            self.next_field(forward);
        }
    }

    /// Up/Down on a choice field.
    pub fn cycle(&mut self, forward: bool) {
        match self.field {
            NgField::Roleset if !self.rolesets.is_empty() => {
                let n = self.rolesets.len();
                self.roleset = if forward {
                    (self.roleset + 1) % n
                } else {
                    (self.roleset + n - 1) % n
                };
                self.players.set_placeholder_text(self.player_line_help());
            }
            NgField::Assign => self.random = !self.random,
            _ => {}
        }
    }

    pub fn roleset_id(&self) -> &str {
        self.rolesets
            .get(self.roleset)
            .map(String::as_str)
            .unwrap_or("")
    }

    /// The declared families, comma separated (none in a roleset without families).
    fn family_list(&self) -> Vec<String> {
        if !self.uses_families() {
            return Vec::new();
        }
        self.families
            .text()
            .split(',')
            .map(str::trim)
            .filter(|f| !f.is_empty())
            .map(str::to_string)
            .collect()
    }

    /// Build the setup as it would be created now, or say what is wrong.
    pub fn plan(&self) -> Result<Planned, String> {
        let roleset = builtin(self.roleset_id())
            .ok_or_else(|| format!("no bundled roleset `{}`", self.roleset_id()))?
            .map_err(|e| e.to_string())?;
        let text = self.players.lines().join("\n");
        let roster = parse_players(Path::new("players"), &text).map_err(|e| format!("{e:#}"))?;
        let (mut players, spectators) = (roster.players, roster.spectators);
        if players.is_empty() {
            return Err("paste the players' names, one a line".into());
        }
        crate::engine::setup::roles_in_family_column(&roleset, &mut players);
        crate::engine::setup::spread_families(&mut players, &self.family_list());
        let seed: u64 = self.seed.text().trim().parse().map_err(|_| {
            format!(
                "the seed must be a whole number, not `{}`",
                self.seed.text()
            )
        })?;
        if self.random {
            crate::systems::assign_roles(&roleset, &mut players, seed).map_err(|r| r.message)?;
        } else if let Some(p) = players.iter().find(|p| p.role.is_empty()) {
            return Err(format!(
                "{} has no role: write `{}` or deal at random",
                p.name,
                self.player_line()
            ));
        }
        let setup = Setup {
            players,
            families: self.family_list(),
            spectators,
            ..Setup::default()
        };
        let report = crate::systems::check_setup(&roleset, &setup);
        if let Some(e) = report.errors.first() {
            return Err(e.message.clone());
        }
        Ok(Planned {
            roleset,
            setup,
            seed,
            warnings: report.warnings,
        })
    }

    pub fn game_name(&self) -> String {
        let name = self.name.text().trim();
        if name.is_empty() {
            "new-game".into()
        } else {
            name.to_string()
        }
    }
}

impl Default for NewGame {
    fn default() -> Self {
        NewGame::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plans_a_random_game() {
        let mut ng = NewGame::new();
        let names: Vec<String> = (1..=16).map(|i| format!("Player{i}")).collect();
        ng.players.insert_str(names.join("\n"));
        ng.families.set("Capone, Rossi");
        let plan = ng.plan().expect("plans");
        assert_eq!(plan.setup.players.len(), 16);
        assert!(plan.setup.players.iter().all(|p| !p.role.is_empty()));
        let mafia = plan
            .setup
            .players
            .iter()
            .filter(|p| p.role == "mafia_member")
            .count();
        assert_eq!(mafia, 2);
    }

    #[test]
    fn by_hand_needs_roles() {
        let mut ng = NewGame::new();
        ng.random = false;
        ng.players.insert_str("Ann | A | doctor\nBob | A");
        assert!(ng.plan().unwrap_err().contains("Bob has no role"));
    }
}
