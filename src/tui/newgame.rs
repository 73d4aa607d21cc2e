//! The new-game form: a roleset, a name, the players (pasted, one a line, optionally
//! `Name | Family | role | level`, where a level of `spectator` reads along without playing),
//! the families to spread players over, and random (seeded, by the
//! roleset's setup rules) or hand-given roles. The setup is previewed, with the rule system's
//! setup checks, before the game is created. The overlay owns its fields, its answer to each
//! message and its drawing: the fields on the left, the setup it would create on the right, so
//! the host sees the dealt roles before creating the game.

use super::app::App;
use super::input::LineInput;
use super::keymap;
use super::msg::{Answer, Effect, Msg};
use super::view::{centered, fit, hint_line, popup_block, styled};
use crate::commands::{PlayerPlace, parse_players};
use crate::engine::setup::SetupPlace;
use crate::engine::{Game, Refusal, Setup};
use crate::rules::Roleset;
use crate::systems::{builtin, builtin_ids};
use ratatui::Frame;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
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
    /// Whether each roleset has families, read once when the form opens (the form asks on
    /// every key and every draw).
    with_families: Vec<bool>,
    pub roleset: usize,
    pub name: LineInput,
    pub players: TextArea<'static>,
    pub families: LineInput,
    pub random: bool,
    /// The host's own seed; empty takes `secret_seed`.
    pub seed: LineInput,
    /// A seed from the operating system, drawn once when the form opens, so the preview of
    /// the deal stays put while the host types and nobody can recompute the deal afterwards.
    secret_seed: u64,
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
        let rolesets: Vec<String> = builtin_ids().map(str::to_string).collect();
        let with_families = rolesets
            .iter()
            .map(|id| {
                builtin(id)
                    .and_then(Result::ok)
                    .is_some_and(|r| r.uses_families())
            })
            .collect();
        let mut ng = NewGame {
            field: NgField::Roleset,
            rolesets,
            with_families,
            roleset: 0,
            name: LineInput::with_text("new-game"),
            players: TextArea::default(),
            families: LineInput::default(),
            random: true,
            seed: LineInput::default(),
            secret_seed: crate::secret::fresh_seed().unwrap_or_else(|_| {
                // No random source: the clock's nanoseconds are still no guessable default.
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map(|d| d.as_nanos() as u64)
                    .unwrap_or_default()
            }),
        };
        ng.players.set_placeholder_text(ng.player_line_help());
        ng
    }

    /// Whether the chosen roleset has families (1923's courts); the form leaves them out of
    /// one that has none.
    pub fn uses_families(&self) -> bool {
        self.with_families
            .get(self.roleset)
            .copied()
            .unwrap_or(false)
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
        let seed: u64 = match self.seed.text().trim() {
            "" => self.secret_seed,
            text => text.parse().map_err(|_| {
                format!(
                    "the seed must be a whole number, or empty for a secret one, not `{}`",
                    self.seed.text()
                )
            })?,
        };
        self.plan_with(seed)
    }

    /// The form's choices, apart from the seed, as plain values a thread can take.
    fn choices(&self) -> Choices {
        Choices {
            roleset: self.roleset_id().to_string(),
            players: self.players.lines().join("\n"),
            families: self.family_list(),
            random: self.random,
            player_line: self.player_line(),
        }
    }

    /// The setup dealt with `seed` (when the roles are dealt at random).
    pub fn plan_with(&self, seed: u64) -> Result<Planned, String> {
        self.choices().plan(seed)
    }

    /// Tab and Shift-Tab go from field to field, arrows choose, Ctrl-D creates the game.
    pub fn update(&mut self, msg: Msg) -> Answer {
        match msg {
            Msg::Close => return Answer::Close,
            Msg::Complete => self.next_field(true),
            Msg::Back => self.next_field(false),
            Msg::Up | Msg::Down if self.field == NgField::Players => {
                let code = if msg == Msg::Up {
                    KeyCode::Up
                } else {
                    KeyCode::Down
                };
                self.players.input(KeyEvent::from(code));
            }
            Msg::Up | Msg::Down => self.cycle(msg == Msg::Down),
            Msg::Finish => return self.create(),
            Msg::TrySetup => return self.try_setup(),
            Msg::Input(key) => self.key(key),
            Msg::Paste(text) => match self.field {
                NgField::Players => {
                    self.players.insert_str(text);
                }
                NgField::Name => self.name.insert_str(&text),
                NgField::Families => self.families.insert_str(&text),
                NgField::Seed => self.seed.insert_str(&text),
                NgField::Roleset | NgField::Assign => {}
            },
            _ => {}
        }
        Answer::Stay
    }

    /// A key typed into the current field; Enter on a one-line field goes to the next.
    fn key(&mut self, key: KeyEvent) {
        match self.field {
            NgField::Players => {
                self.players.input(key);
            }
            NgField::Name | NgField::Families | NgField::Seed if key.code == KeyCode::Enter => {
                self.next_field(true)
            }
            NgField::Name => {
                self.name.handle(key);
            }
            NgField::Families => {
                self.families.handle(key);
            }
            NgField::Seed => {
                self.seed.handle(key);
            }
            NgField::Roleset | NgField::Assign => match key.code {
                KeyCode::Left | KeyCode::Char(' ') | KeyCode::Right => {
                    self.cycle(key.code != KeyCode::Left)
                }
                KeyCode::Enter => self.next_field(true),
                _ => {}
            },
        }
    }

    /// The game, or why it cannot be created yet (shown over the form, which stays).
    fn create(&self) -> Answer {
        let plan = match self.plan() {
            Ok(plan) => plan,
            Err(why) => return Answer::Error("The game cannot be created yet".into(), why),
        };
        match Game::create(
            &self.game_name(),
            plan.roleset,
            plan.setup,
            plan.seed,
            &crate::systems::SYSTEMS,
        ) {
            Ok((game, _warnings)) => Answer::Effect(Effect::Create(Box::new(game))),
            Err(refusal) => Answer::Error("The setup was refused".into(), refusal.to_string()),
        }
    }

    /// The trial of the setup as it stands (its errors first, over the form).
    fn try_setup(&self) -> Answer {
        if let Err(why) = self.plan() {
            return Answer::Error("The setup cannot be tried yet".into(), why);
        }
        let choices = self.choices();
        let roleset = match choices.roleset() {
            Ok(roleset) => roleset,
            Err(why) => return Answer::Error("The setup cannot be tried yet".into(), why),
        };
        let make = move |seed: u64| -> Result<Game, String> {
            let plan = choices.plan_from(roleset.clone(), seed)?;
            Game::create(
                "trial",
                plan.roleset,
                plan.setup,
                seed,
                &crate::systems::SYSTEMS,
            )
            .map(|(game, _)| game)
            .map_err(|r| r.to_string())
        };
        let title = format!("{} · {}", self.roleset_id(), self.player_count());
        Answer::Above(Box::new(super::overlay::Overlay::Trial(Box::new(
            super::trial::Trial::start(title, Box::new(make)),
        ))))
    }

    /// "12 players": the pasted lines that name a player.
    fn player_count(&self) -> String {
        let n = (self.players.lines().iter())
            .filter(|l| !l.trim().is_empty())
            .count();
        super::view::counted(n, "player", "players")
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

/// What the form was given, apart from the seed: the setup a game is dealt from.
#[derive(Clone, Debug)]
struct Choices {
    roleset: String,
    players: String,
    families: Vec<String>,
    random: bool,
    /// How a player line is written for the roleset (for a refusal).
    player_line: &'static str,
}

impl Choices {
    /// The setup dealt with `seed`: the form's preview deals with the form's seed, the
    /// setup's trial each game with the game's own.
    fn plan(&self, seed: u64) -> Result<Planned, String> {
        self.plan_from(self.roleset()?, seed)
    }

    fn roleset(&self) -> Result<Roleset, String> {
        builtin(&self.roleset)
            .ok_or_else(|| format!("no bundled roleset `{}`", self.roleset))?
            .map_err(|e| e.to_string())
    }

    /// [`Choices::plan`] with the roleset read already (the trial reads it once).
    fn plan_from(&self, roleset: Roleset, seed: u64) -> Result<Planned, String> {
        let mut roster =
            parse_players(Path::new("players"), &self.players).map_err(|e| format!("{e:#}"))?;
        if roster.players.is_empty() {
            return Err("paste the players' names, one a line".into());
        }
        roster.roles_as_ids(&roleset);
        let (mut players, spectators, places) = (roster.players, roster.spectators, roster.places);
        crate::engine::setup::spread_families(&mut players, &self.families);
        if self.random {
            crate::systems::assign_roles(&roleset, &mut players, seed)
                .map_err(|r| on_its_line(&places, &r))?;
        } else if let Some((i, p)) = players.iter().enumerate().find(|(_, p)| p.role.is_empty()) {
            let refusal = Refusal::of_player(
                i,
                "role",
                format!(
                    "{} has no role: write `{}` or deal at random",
                    p.name, self.player_line
                ),
            );
            return Err(on_its_line(&places, &refusal));
        }
        let setup = Setup {
            players,
            families: self.families.clone(),
            spectators,
            ..Setup::default()
        };
        let report = crate::systems::check_setup(&roleset, &setup);
        if let Some(e) = report.errors.first() {
            return Err(on_its_line(&places, e));
        }
        Ok(Planned {
            roleset,
            setup,
            seed,
            warnings: report.warnings,
        })
    }
}

/// A refusal of the pasted players, led by the line of the player it is about, if one.
fn on_its_line(places: &[PlayerPlace], refusal: &Refusal) -> String {
    let line = match &refusal.place {
        Some(SetupPlace::Player { index, .. }) => places.get(*index).map(|p| p.line),
        _ => None,
    };
    match line {
        Some(line) => format!("line {line}: {}", refusal.message),
        None => refusal.message.clone(),
    }
}

impl Default for NewGame {
    fn default() -> Self {
        NewGame::new()
    }
}

impl NewGame {
    pub fn draw(&self, app: &App, frame: &mut Frame, area: Rect) {
        draw(app, self, frame, area);
    }
}

fn draw(app: &App, ng: &NewGame, frame: &mut Frame, area: Rect) {
    let rect = centered(area, 120, area.height.saturating_sub(2));
    let block = popup_block(app, frame, rect, "New game");
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    let [body, hints] = Layout::vertical([Constraint::Min(1), Constraint::Length(1)]).areas(inner);
    let [left, right] =
        Layout::horizontal([Constraint::Percentage(55), Constraint::Percentage(45)]).areas(body);
    fields(app, ng, frame, left);
    preview(app, ng, frame, right);
    frame.render_widget(
        Paragraph::new(hint_line(app, &keymap::hints(app), hints.width)),
        hints,
    );
}

fn label(app: &App, ng: &NewGame, field: NgField) -> Span<'static> {
    let style = if ng.field == field {
        app.theme.title(true).patch(app.theme.selected())
    } else {
        app.theme.dim()
    };
    let mark = if ng.field == field { "▶" } else { " " };
    styled(format!("{mark}{:<10}", field.label()), style)
}

fn fields(app: &App, ng: &NewGame, frame: &mut Frame, area: Rect) {
    let line = |field: NgField, value: String| -> Line<'static> {
        Line::from(vec![
            label(app, ng, field),
            Span::raw(" "),
            Span::raw(value),
        ])
    };
    let top = vec![
        line(NgField::Roleset, format!("◀ {} ▶", ng.roleset_id())),
        line(NgField::Name, ng.name.text().to_string()),
    ];
    let families = if !ng.uses_families() {
        "(this roleset has no families)".into()
    } else if ng.families.text().is_empty() {
        "(from the player lines, or e.g. Capone, Rossi, Moretti)".into()
    } else {
        ng.families.text().to_string()
    };
    let bottom = vec![
        line(NgField::Families, families),
        line(
            NgField::Assign,
            if ng.random {
                "◀ at random (seeded, by the roleset's setup rules) ▶".into()
            } else {
                format!("◀ by hand ({}) ▶", ng.player_line())
            },
        ),
        line(
            NgField::Seed,
            match ng.seed.text() {
                "" => "(empty: a secret one; the host sheet shows it)".to_string(),
                text => text.to_string(),
            },
        ),
    ];
    let [a, b, c] = Layout::vertical([
        Constraint::Length(2),
        Constraint::Min(3),
        Constraint::Length(3),
    ])
    .areas(area);
    frame.render_widget(Paragraph::new(top), a);
    let players_block = Block::new()
        .borders(Borders::TOP | Borders::BOTTOM)
        .border_style(app.theme.border(ng.field == NgField::Players))
        .title(Line::from(vec![
            label(app, ng, NgField::Players),
            Span::raw(format!(
                " {} ",
                super::view::counted(
                    ng.players
                        .lines()
                        .iter()
                        .filter(|l| !l.trim().is_empty())
                        .count(),
                    "line",
                    "lines"
                )
            )),
        ]));
    let players_inner = players_block.inner(b);
    frame.render_widget(players_block, b);
    // The text area shows its cursor only while it has the focus.
    let mut players = ng.players.clone();
    players.set_cursor_line_style(Style::new());
    if ng.field != NgField::Players {
        players.set_cursor_style(Style::new());
    }
    frame.render_widget(&players, players_inner);
    frame.render_widget(Paragraph::new(bottom), c);
}

fn preview(app: &App, ng: &NewGame, frame: &mut Frame, area: Rect) {
    let block = Block::new()
        .borders(Borders::LEFT)
        .border_style(app.theme.border(false))
        .title(" The game it creates ");
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let width = usize::from(inner.width);
    let lines: Vec<Line> = match ng.plan() {
        Err(why) => vec![Line::styled(format!("✗ {why}"), app.theme.warning())],
        Ok(plan) => {
            let mut lines = vec![Line::styled(
                format!(
                    "{} players · {}",
                    plan.setup.players.len(),
                    plan.roleset.name,
                ),
                app.theme.header(),
            )];
            for w in &plan.warnings {
                lines.push(Line::styled(
                    fit(&format!("⚠ {w}"), width),
                    app.theme.warning(),
                ));
            }
            let families = plan.roleset.uses_families();
            for p in &plan.setup.players {
                // Every role the player holds: ru-city's blacks carry theirs as a second role.
                let roles: Vec<&String> = std::iter::once(&p.role).chain(&p.extra_roles).collect();
                let role = roles
                    .iter()
                    .map(|id| plan.roleset.role(id).map(|r| r.name.as_str()).unwrap_or(id))
                    .collect::<Vec<_>>()
                    .join(" + ");
                let style = if roles.iter().any(|r| plan.roleset.is_hostile_role(r)) {
                    app.theme.mafia()
                } else {
                    Style::new()
                };
                let mut who = format!("{:<12} ", fit(&p.name, 12));
                if families {
                    who.push_str(&format!(
                        "{:<9} ",
                        fit(p.family.as_deref().unwrap_or("-"), 9)
                    ));
                }
                lines.push(Line::from(vec![Span::raw(who), styled(role, style)]));
            }
            lines
        }
    };
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: true }), inner);
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
