//! What each command-line subcommand does (the TUI is separate).

pub mod simulate;
pub mod wwr;

use crate::cli::JournalFlag;
use crate::engine::check::{CommitCheck, commit_check};
use crate::engine::setup::SetupPlace;
use crate::engine::{Game, Level, PlayerSetup, Refusal, Setup};
use crate::export::{Markup, private_results, public_post};
use crate::rules::render_roleset;
use crate::savefile::{load_game, save_game};
use crate::store::FileError;
use crate::systems::{SYSTEMS, load_roleset};
use anyhow::{Context, Result, anyhow, bail};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The people of a players file: players, and spectators who only receive public messages.
#[derive(Debug, Default, PartialEq)]
pub struct Roster {
    pub players: Vec<PlayerSetup>,
    pub spectators: Vec<String>,
    /// Where each player is written, in the order of `players` (empty for a RON file, whose
    /// places `store::locate` finds), so a refusal of the setup can point at the line.
    pub places: Vec<PlayerPlace>,
}

/// Where a player is written in a players file: the line, and the column of each `|` field
/// written on it.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct PlayerPlace {
    pub line: usize,
    pub name: usize,
    pub family: Option<usize>,
    pub role: Option<usize>,
    pub level: Option<usize>,
    /// Just past the line's text, where a field it does not write would go.
    pub end: usize,
}

impl PlayerPlace {
    /// The column of one of the player's setup fields, named as [`SetupPlace`] names them.
    pub fn col(&self, field: &str) -> usize {
        let written = match field {
            "name" | "aka" => Some(self.name),
            "family" => self.family,
            "role" | "extra_roles" => self.role,
            "level" => self.level,
            _ => None,
        };
        written.unwrap_or(self.end)
    }
}

impl Roster {
    /// Roles as the roleset's ids ([`crate::engine::setup::roles_as_ids`]). Where the second
    /// field was read as the role (`Ann | doctor` in a roleset without families), that is
    /// where the role is written.
    pub fn roles_as_ids(&mut self, roleset: &crate::rules::Roleset) {
        crate::engine::setup::roles_as_ids(roleset, &mut self.players);
        for (place, p) in self.places.iter_mut().zip(&self.players) {
            if p.family.is_none() && place.role.is_none() {
                place.role = place.family.take();
            }
        }
    }
}

/// A players file and its text, for errors to point into.
struct PlayersText<'a> {
    path: &'a Path,
    text: &'a str,
}

impl PlayersText<'_> {
    /// A refusal of the setup read from this file (whose people are `roster`), as
    /// `path:line:col: …` where it is about one player, at the column of the field at fault.
    fn error(&self, roster: &Roster, refusal: &Refusal) -> anyhow::Error {
        let at = match &refusal.place {
            Some(SetupPlace::Player { index, field }) if is_ron(self.path) => {
                crate::store::locate(self.text, &format!("[{index}].{field}"))
            }
            Some(SetupPlace::Player { index, field }) => {
                roster.places.get(*index).map(|p| (p.line, p.col(field)))
            }
            _ => None,
        };
        match at {
            Some((line, col)) => anyhow!("{}:{line}:{col}: {refusal}", self.path.display()),
            None => anyhow!("{refusal}"),
        }
    }
}

fn is_ron(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "ron")
}

/// Parse a players file: one player a line, `Name (aka, …) | Family | role[+second] | level`
/// where the other names in brackets are optional and level
/// is `standard` (default), `beginner` or `spectator`; blank lines and `#` comments ignored. A
/// file ending in `.ron` holds a RON list of players instead.
pub fn read_players(path: &Path) -> Result<Roster> {
    let text = crate::store::read_text(path).map_err(|e| anyhow!("{e}"))?;
    roster_of(path, &text)
}

/// The players file at `path` whose text is `text` (see [`read_players`]).
fn roster_of(path: &Path, text: &str) -> Result<Roster> {
    if is_ron(path) {
        let players = crate::store::parse_ron(path, text).map_err(|e| anyhow!("{e}"))?;
        return Ok(Roster {
            players,
            ..Roster::default()
        });
    }
    parse_players(path, text)
}

/// The `|` fields of a players-file line, each trimmed, with the 1-based column (in
/// characters) where it starts.
fn fields_of(line: &str) -> Vec<(&str, usize)> {
    let mut fields = Vec::new();
    let mut col = 1;
    for field in line.split('|') {
        let text = field.trim();
        let lead = field.len() - field.trim_start().len();
        fields.push((text, col + chars_before(field, lead)));
        col += field.chars().count() + 1;
    }
    fields
}

/// How many characters of `text` come before byte `byte`.
fn chars_before(text: &str, byte: usize) -> usize {
    text.get(..byte).map_or(0, |s| s.chars().count())
}

/// Parse the text of a players file (see [`read_players`]). A name that a game would refuse
/// (too long, or with a control character: `engine::setup::name_problem`) is an error at its
/// place here, before anything is written.
pub fn parse_players(path: &Path, text: &str) -> Result<Roster> {
    let mut out = Roster::default();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let raw = raw.strip_prefix('\u{feff}').unwrap_or(raw);
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let at =
            |col: usize, message: String| anyhow!("{}:{line}:{col}: {message}", path.display());
        let fields = fields_of(raw);
        let field = |k: usize| fields.get(k).map_or("", |&(text, _)| text);
        let col = |k: usize| {
            fields
                .get(k)
                .filter(|(text, _)| !text.is_empty())
                .map(|&(_, col)| col)
        };
        let (first, first_col) = fields.first().copied().unwrap_or(("", 1));
        let (name, aka) = name_and_aka(first);
        // `Ann (Annie` is a bracket left open, not a player called so.
        if let Some(byte) = name.find(['(', ')']) {
            return Err(at(
                first_col + chars_before(name, byte),
                format!(
                    "`{first}`: a bracket of other names is not closed: write `Name (Nick, …)`"
                ),
            ));
        }
        if name.is_empty() {
            return Err(at(first_col, "a player line needs a name".into()));
        }
        // Each name with the byte of the field where it starts: the other names are in the
        // brackets after the name.
        let bracket = first.find('(').unwrap_or(first.len());
        let others = aka.iter().map(|a| {
            let found = first.get(bracket..).and_then(|rest| rest.find(a.as_str()));
            (a.as_str(), found.map_or(bracket, |b| bracket + b))
        });
        for (each, byte) in std::iter::once((name, 0)).chain(others) {
            if let Some((fault, why)) = crate::engine::setup::name_problem(each) {
                let fault_col = first_col + chars_before(first, byte) + fault;
                return Err(at(fault_col, format!("the name {why}")));
            }
        }
        let family = Some(field(1)).filter(|f| !f.is_empty()).map(str::to_string);
        if let Some((fault, why)) = family
            .as_deref()
            .and_then(crate::engine::setup::name_problem)
        {
            let family_col = col(1).unwrap_or(first_col);
            return Err(at(family_col + fault, format!("the family {why}")));
        }
        let (role, extra_roles) = match Some(field(2)).filter(|r| !r.is_empty()) {
            Some(roles) => {
                let mut parts = roles.split('+').map(|r| r.trim().to_string());
                (parts.next().unwrap_or_default(), parts.collect())
            }
            None => (String::new(), Vec::new()),
        };
        let level = match field(3).to_lowercase().as_str() {
            "" | "standard" => Level::Standard,
            "beginner" => Level::Beginner,
            "spectator" => {
                out.spectators.push(name.to_string());
                continue;
            }
            other => {
                return Err(at(
                    col(3).unwrap_or(first_col),
                    format!("level must be `standard`, `beginner` or `spectator`, not `{other}`"),
                ));
            }
        };
        out.players.push(PlayerSetup {
            name: name.to_string(),
            role,
            extra_roles,
            family,
            level,
            aka,
        });
        out.places.push(PlayerPlace {
            line,
            name: first_col,
            family: col(1),
            role: col(2),
            level: col(3),
            end: raw.trim_end().chars().count() + 1,
        });
    }
    Ok(out)
}

/// `Ekaterina (Katya, Kate)`: the name, and the other names the player goes by.
fn name_and_aka(field: &str) -> (&str, Vec<String>) {
    match field.strip_suffix(')').and_then(|f| f.split_once('(')) {
        Some((name, aka)) => (
            name.trim(),
            aka.split(',')
                .map(|a| a.trim().to_string())
                .filter(|a| !a.is_empty())
                .collect(),
        ),
        None => (field, Vec::new()),
    }
}

/// What `mafia-mod new` is asked to create.
#[derive(Clone, Copy)]
pub struct NewGameArgs<'a> {
    pub roleset: &'a str,
    pub players: &'a Path,
    /// The host's seed; `None` draws a secret one from the operating system.
    pub seed: Option<u64>,
    /// Deal the roles by the roleset's setup rules.
    pub random: bool,
    pub options: &'a [String],
    /// `--families`: a number or comma-separated names.
    pub families: Option<&'a str>,
    pub output: &'a Path,
    /// Replace a file already at `output` (`--force`); without it an existing file is kept.
    pub force: bool,
    /// The first phase's deadline: `2026-12-01 20:00 Europe/Moscow`.
    pub deadline: Option<&'a str>,
}

impl<'a> NewGameArgs<'a> {
    /// The setup flags' part, the rest as for a game written nowhere with a secret seed.
    pub fn of(setup: &'a crate::cli::SetupArgs) -> NewGameArgs<'a> {
        NewGameArgs {
            roleset: &setup.roleset,
            players: &setup.players,
            seed: None,
            random: setup.assign == crate::cli::Assign::Random,
            options: &setup.options,
            families: setup.families.as_deref(),
            output: Path::new("simulated"),
            force: false,
            deadline: None,
        }
    }
}

/// The game `new` would write from these arguments, with its setup's warnings; nothing is
/// written. A refusal about one player points at his line of the players file.
pub fn build_game(args: &NewGameArgs) -> Result<(Game, Vec<String>)> {
    let roleset = load_roleset(args.roleset).map_err(|e| anyhow!("{e}"))?;
    let players_text = crate::store::read_text(args.players).map_err(|e| anyhow!("{e}"))?;
    build_game_from(roleset, &players_text, args)
}

/// [`build_game`] with the roleset and the players file already read (`args.roleset` and
/// `args.players` are not read again; the path still names the file in errors): the simulator
/// deals thousands of games from one reading.
pub fn build_game_from(
    roleset: crate::rules::Roleset,
    players_text: &str,
    args: &NewGameArgs,
) -> Result<(Game, Vec<String>)> {
    let NewGameArgs {
        players,
        seed,
        random,
        options,
        families,
        output,
        ..
    } = *args;
    let seed = match seed {
        Some(seed) => seed,
        None => crate::secret::fresh_seed().map_err(|e| anyhow!("{e}"))?,
    };
    // The text is kept for errors to point into.
    let players_file = PlayersText {
        path: players,
        text: players_text,
    };
    let mut roster = roster_of(players_file.path, players_file.text)?;
    let mut setup_options = std::collections::BTreeMap::new();
    for o in options {
        let (k, v) = o
            .split_once('=')
            .ok_or_else(|| anyhow!("option `{o}` is not KEY=VALUE"))?;
        setup_options.insert(k.trim().to_string(), v.trim().to_string());
    }
    let families = match families {
        Some(spec) => crate::engine::setup::family_names(spec).map_err(|e| anyhow!("{e}"))?,
        None => Vec::new(),
    };
    roster.roles_as_ids(&roleset);
    crate::engine::setup::spread_families(&mut roster.players, &families);
    if random {
        crate::systems::assign_roles(&roleset, &mut roster.players, seed)
            .map_err(|e| players_file.error(&roster, &e))?;
    } else if let Some((i, p)) = roster
        .players
        .iter()
        .enumerate()
        .find(|(_, p)| p.role.is_empty())
    {
        let refusal = Refusal::of_player(
            i,
            "role",
            format!(
                "{} has no role: give one in the players file or use --assign random",
                p.name
            ),
        );
        return Err(players_file.error(&roster, &refusal));
    }
    let name = output
        .file_stem()
        .map(|s| s.to_string_lossy().to_string())
        .unwrap_or_else(|| "game".into());
    let setup = Setup {
        players: roster.players.clone(),
        families,
        spectators: roster.spectators.clone(),
        options: setup_options,
    };
    // Every check runs here, before anything is written: a refusal about one player points at
    // his line of the players file.
    Game::create(&name, roleset, setup, seed, &SYSTEMS).map_err(|e| players_file.error(&roster, &e))
}

pub fn new_game(args: NewGameArgs, out: &mut dyn Write) -> Result<()> {
    let (mut game, warnings) = build_game(&args)?;
    let NewGameArgs {
        output,
        force,
        deadline,
        ..
    } = args;

    if let Some(deadline) = deadline {
        let words: Vec<&str> = deadline.split_whitespace().collect();
        let [date, time, zone] = words[..] else {
            bail!("--deadline is DATE TIME ZONE: \"2026-12-01 20:00 Europe/Moscow\"");
        };
        let entry = crate::engine::Entry::Host(crate::engine::HostCommand::Deadline(Some((
            format!("{date} {time}"),
            zone.to_string(),
        ))));
        game.submit(entry, None)
            .map_err(|r| anyhow!("--deadline: {}", r.message))?;
    }
    for w in warnings {
        writeln!(out, "warning: {w}")?;
    }
    if force {
        let _lock =
            crate::store::lock_save(output).map_err(|e| anyhow!("{}: {e}", output.display()))?;
        save_game(&game, output).map_err(|e| anyhow!("{e}"))?;
    } else {
        let text = crate::savefile::game_text(&game).map_err(|e| anyhow!("{e}"))?;
        crate::store::write_new(output, text.as_bytes()).map_err(|e| {
            if e.kind() == std::io::ErrorKind::AlreadyExists {
                anyhow!(
                    "{} exists: a game may be in progress there; choose another -o, or add --force to overwrite it",
                    output.display()
                )
            } else {
                anyhow!("{}: {e}", output.display())
            }
        })?;
    }
    writeln!(
        out,
        "wrote {} ({} players, {})",
        output.display(),
        game.state().slots.len(),
        game.phase_name()
    )?;
    write_deal(&game, out)?;
    Ok(())
}

/// The deal, one player a line (`Ann · Capone · Doctor`), so the host sees who got what.
fn write_deal(game: &Game, out: &mut dyn Write) -> Result<()> {
    let roleset = game.roleset();
    // A width past u16::MAX panics in `format!`; a new game's names are far shorter.
    let width = game
        .state()
        .slots
        .iter()
        .map(|s| s.name.chars().count())
        .max()
        .unwrap_or(0)
        .min(crate::engine::setup::MAX_NAME_CHARS);
    for slot in &game.state().slots {
        let family = slot
            .family
            .as_deref()
            .map(|f| format!(" · {f}"))
            .unwrap_or_default();
        let line = format!(
            "  {:<width$}{family} · {}",
            slot.name,
            slot.role_names(roleset)
        );
        writeln!(out, "{}", crate::export::clean_controls(&line))?;
    }
    Ok(())
}

/// What kind of RON document a text is, from its first identifier.
pub(crate) fn ron_kind(text: &str) -> &str {
    let mut rest = text;
    loop {
        rest = rest.trim_start();
        if let Some(after) = rest.strip_prefix("//") {
            rest = after.split_once('\n').map(|x| x.1).unwrap_or("");
        } else if rest.starts_with("/*") {
            rest = rest.split_once("*/").map(|x| x.1).unwrap_or("");
        } else if let Some(after) = rest.strip_prefix("#![") {
            rest = after.split_once(']').map(|x| x.1).unwrap_or("");
        } else {
            break;
        }
    }
    let end = rest
        .find(|c: char| !c.is_alphanumeric() && c != '_')
        .unwrap_or(rest.len());
    &rest[..end]
}

/// Check one file; `Err` holds every problem found, each as `path:line:col: message`.
pub fn check_file(path: &Path) -> Result<String, Vec<String>> {
    if path.extension().is_some_and(|e| e == "wwr") {
        return crate::wwr::check_file(path).map(|()| "WWR text".to_string());
    }
    if path.is_dir() {
        return check_wwr_folder(path);
    }
    let text = crate::store::read_text(path).map_err(|e| vec![e.to_string()])?;
    let one = |e: FileError| vec![e.to_string()];
    match ron_kind(&text) {
        "Roleset" => {
            let r = crate::systems::parse_checked(path, &text).map_err(one)?;
            Ok(format!("roleset {} ({} roles)", r.id, r.roles.len()))
        }
        "Scenario" => {
            let s = crate::scenario::load_scenario(path).map_err(one)?;
            // The error names the file, and the place in it where it can.
            crate::scenario::start_game(&s, path).map_err(|e| vec![e])?;
            Ok(format!("scenario \"{}\"", s.name))
        }
        "WwrSetup" => {
            let r = crate::systems::parse_checked(path, &text).map_err(one)?;
            Ok(format!(
                "WWR setup {} ({} roles, {} texts)",
                r.id,
                r.roles.len(),
                r.sources.len()
            ))
        }
        "Game" => {
            let g = crate::savefile::parse_game(path, &text).map_err(one)?;
            if let Some(differs) = g.replay_differs() {
                let field = format!("published[{}]", differs.post);
                let message = format!(
                    "this save does not replay into the game it recorded: {}",
                    differs.message
                );
                return Err(one(FileError::at_field(path, &text, field, message)));
            }
            Ok(format!(
                "save of {} at {} ({} entries)",
                g.roleset().id,
                g.phase_name(),
                g.entries().len()
            ))
        }
        other => Err(vec![format!(
            "{}:1:1: expected a `Roleset(`, `WwrSetup(`, `Scenario(` or `Game(` document, found `{}`",
            path.display(),
            if other.is_empty() { "nothing" } else { other }
        )]),
    }
}

/// A folder of WWR texts: every `.wwr` file in it checked.
fn check_wwr_folder(dir: &Path) -> Result<String, Vec<String>> {
    let files =
        crate::wwr::report::wwr_files(dir).map_err(|e| vec![format!("{}: {e}", dir.display())])?;
    if files.is_empty() {
        return Err(vec![format!(
            "{}: no .wwr file in this folder",
            dir.display()
        )]);
    }
    let problems: Vec<String> = files
        .iter()
        .filter_map(|f| crate::wwr::check_file(f).err())
        .flatten()
        .collect();
    if problems.is_empty() {
        Ok(format!("{} WWR texts", files.len()))
    } else {
        Err(problems)
    }
}

pub fn check(files: &[std::path::PathBuf], out: &mut dyn Write) -> Result<bool> {
    let mut all_ok = true;
    for f in files {
        match check_file(f) {
            Ok(what) => writeln!(out, "ok   {}: {what}", f.display())?,
            Err(problems) => {
                all_ok = false;
                for p in problems {
                    writeln!(out, "{p}")?;
                }
            }
        }
    }
    Ok(all_ok)
}

pub fn roleset_show(id_or_path: &str, summary: bool, out: &mut dyn Write) -> Result<()> {
    let path = Path::new(id_or_path);
    if path.is_dir() && summary {
        return wwr::summary(path, out);
    }
    if path.is_dir() {
        return wwr::show(path, out);
    }
    if summary {
        return Err(anyhow!(
            "--summary is for a folder of WWR role texts; `{id_or_path}` is a RON roleset"
        ));
    }
    let roleset = load_roleset(id_or_path).map_err(|e| anyhow!("{e}"))?;
    out.write_all(render_roleset(&roleset).as_bytes())?;
    Ok(())
}

pub fn export(
    file: &Path,
    phase: Option<&str>,
    round: Option<&str>,
    markup: Markup,
    private: Option<&str>,
    out: &mut dyn Write,
) -> Result<()> {
    let game = load_game(file).map_err(|e| anyhow!("{e}"))?;
    let history = &game.state().history;
    let roleset = game.roleset();
    let committed = match phase {
        Some(name) => history
            .iter()
            .filter(|p| roleset.phase_is_named(p.index, name))
            .find(|p| round.is_none_or(|r| p.round.as_deref() == Some(r.trim())))
            .ok_or_else(|| {
                let committed: Vec<String> = history
                    .iter()
                    .map(|p| match &p.round {
                        Some(r) => format!("{} --round {r}", p.name),
                        None => p.name.clone(),
                    })
                    .collect();
                anyhow!(
                    "{}: no committed phase named `{name}`{} (committed: {})",
                    file.display(),
                    round
                        .map(|r| format!(" with a round `{r}`"))
                        .unwrap_or_default(),
                    committed.join(", ")
                )
            })?,
        None => history
            .last()
            .ok_or_else(|| anyhow!("{}: no phase has been committed yet", file.display()))?,
    };
    let text = match private {
        None => public_post(&game, committed, markup),
        Some(name) => match game.state().slot_by_name(name) {
            Some(slot) => private_results(&game, committed, slot.id, markup),
            // A group's channel (WWR's `Reveal … to #Den`): what the host forwards to it.
            None => crate::export::group_results(&committed.name, &committed.outcome, name, markup)
                .ok_or_else(|| {
                    anyhow!("no player named `{name}`, and no group got a message in that phase")
                })?,
        },
    };
    out.write_all(crate::export::clean_controls(&text).as_bytes())?;
    Ok(())
}

/// The host's documents beside the phase posts (see `export::sheets`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sheet {
    Roles,
    Recap,
    Host,
    /// What one player was told (`export --ledger NAME`).
    Ledger,
    /// The order of resolution for the roles in play (`export --night-order`).
    NightOrder,
    /// The rules post (`export --rules`).
    Rules,
    /// The open phase's deadline, in these zones too (`export --deadline --zones …`).
    Deadline(Vec<String>),
}

/// `mafia-mod export --roles|--recap|--host|--ledger NAME`: one of the host's documents;
/// `player` narrows the role PMs to one player's (as dealt, then any later change's), and names
/// the ledger's player.
pub fn export_sheet(
    file: &Path,
    sheet: Sheet,
    player: Option<&str>,
    markup: Markup,
    out: &mut dyn Write,
) -> Result<()> {
    use crate::export::sheets;
    let game = load_game(file).map_err(|e| anyhow!("{e}"))?;
    let text = match (sheet, player) {
        (Sheet::Roles, Some(name)) => {
            let slot = crate::engine::validate::find_slot(game.state(), name)
                .map_err(|e| anyhow!("{}", e.message))?;
            sheets::role_pm(&game, slot, markup)
        }
        (Sheet::Roles, None) => sheets::role_pms(&game, markup),
        // Before the game's end the reveal would name every living player's role: refused,
        // with the reason, rather than printed in part (see `sheets::recap`).
        (Sheet::Recap, _) => sheets::recap(&game, markup).map_err(|why| anyhow!(why))?,
        (Sheet::Host, _) => sheets::host_sheet(&game, markup),
        (Sheet::Deadline(zones), _) => {
            crate::export::deadline_post::deadline_post(&game, markup, &zones)
                .map_err(|why| anyhow!(why))?
        }
        (Sheet::Rules, _) => crate::export::rules_post::rules_post(&game, markup),
        (Sheet::NightOrder, _) => crate::export::night_order::night_order(&game, markup),
        (Sheet::Ledger, name) => {
            let name = name.ok_or_else(|| anyhow!("--ledger names a player"))?;
            let slot = crate::engine::validate::find_slot(game.state(), name)
                .map_err(|e| anyhow!("{}", e.message))?;
            crate::export::ledger::ledger_text(&game, slot.id, markup)
        }
    };
    writeln!(out, "{}", crate::export::clean_controls(text.trim_end()))?;
    Ok(())
}

/// A save named on the command line: the path as given, or else a bare file name in the games
/// folder of the data directory, where the console keeps its games.
pub fn find_save(path: &Path, data_dir: Option<&Path>) -> PathBuf {
    if path.exists() || path.components().count() != 1 {
        return path.to_path_buf();
    }
    crate::store::data_dir(data_dir)
        .and_then(|d| crate::store::games_dir(&d))
        .map(|games| games.join(path))
        .ok()
        .filter(|p| p.exists())
        .unwrap_or_else(|| path.to_path_buf())
}

/// A file named on the command line, or standard input for `-`.
fn read_input(input: &Path) -> Result<String> {
    if input == Path::new("-") {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut text)
            .context("cannot read standard input")?;
        return Ok(text);
    }
    crate::store::read_text(input).map_err(|e| anyhow!("{e}"))
}

/// `mafia-mod suggest GAME FILE`: one line per suggested entry, in the order of the input.
pub fn suggest(
    game: &Path,
    input: &Path,
    explain: bool,
    data_dir: Option<&Path>,
    out: &mut dyn Write,
) -> Result<bool> {
    let path = find_save(game, data_dir);
    let game = load_game(&path).map_err(|e| anyhow!("{e}"))?;
    let text = read_input(input)?;
    let readings = crate::understand::read_batch(&game, &text)
        .map_err(|e| anyhow!("{}: {e}", input.display()))?;
    for reading in &readings {
        if explain {
            match &reading.message.time {
                Some(time) => writeln!(out, "# line {}, posted {time}", reading.message.line)?,
                None => writeln!(out, "# line {}", reading.message.line)?,
            }
            for m in &reading.matched {
                writeln!(out, "#   {m}")?;
            }
            for d in &reading.doubts {
                writeln!(out, "#   doubt: {d}")?;
            }
        }
        for s in &reading.suggested {
            writeln!(out, "{}", crate::understand::line(s))?;
        }
    }
    Ok(true)
}

/// `mafia-mod apply GAME FILE`: every line an entry, all or nothing; the save is written once.
/// Before each commit the commit check is printed, as the console shows it before its yes; a
/// commit it finds votes missing for is refused unless `force` (a script has nobody to ask).
///
/// A save with a journal holding entries it does not (a console stopped before saving them)
/// is refused, its entries listed, unless `journal` says what to do with it; that is done only
/// once the save is written, so a refused line or a failed save leaves the journal as it was.
pub fn apply(
    game: &Path,
    input: &Path,
    force: bool,
    journal: Option<JournalFlag>,
    data_dir: Option<&Path>,
    out: &mut dyn Write,
) -> Result<bool> {
    let path = find_save(game, data_dir);
    // A console writing the same save would lose these entries, or they its own.
    let _lock = crate::store::lock_save(&path).map_err(|e| anyhow!("{}: {e}", path.display()))?;
    let mut game = load_game(&path).map_err(|e| anyhow!("{e}"))?;
    if let Some(differs) = game.replay_differs() {
        bail!(
            "{}: this save does not replay into the game it recorded ({}); nothing is applied to it",
            path.display(),
            differs.message
        );
    }
    crate::store::clean_stale_temps(&path);
    let journals = crate::savefile::unsaved_journals(&path, game.file(), false);
    if !journals.is_empty() && journal.is_none() {
        bail!(journals_refusal(&path, &journals));
    }
    let text = read_input(input)?;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .ok()
        .map(|d| d.as_secs());
    let mut before_commit = |at: &Game, line: usize| -> std::result::Result<(), String> {
        let (preview, after) = at.preview_and_after();
        let check = commit_check(at, &preview, &after, &at.tally());
        write_commit_check(&mut *out, line, &check).map_err(|e| e.to_string())?;
        let blockers = check.blockers();
        if blockers.is_empty() || force {
            Ok(())
        } else {
            Err(format!(
                "the commit check stops here: {}; --force commits anyway",
                blockers.join(", ")
            ))
        }
    };
    // A `claim` line enters nothing: its answer is printed once the lines are through.
    let mut answers: Vec<(usize, String)> = Vec::new();
    let mut answered = |line: usize, answer: &str| answers.push((line, answer.to_string()));
    let applied =
        crate::apply::apply_lines_checked(&mut game, &text, now, &mut before_commit, &mut answered);
    for (line, answer) in &answers {
        writeln!(out, "{}:{line}: claim check: {answer}", input.display())?;
    }
    match applied {
        Ok(count) => {
            if count > 0 {
                save_game(&game, &path).map_err(|e| anyhow!("{e}"))?;
                // After the save: a save that fails leaves the journal as it was too.
                if let Some(choice) = journal {
                    settle_journals(journals, choice, out)
                        .context("the entries are applied and saved")?;
                }
            }
            writeln!(
                out,
                "applied {count} entr{} to {} (now {})",
                if count == 1 { "y" } else { "ies" },
                path.display(),
                game.phase_label()
            )?;
            Ok(true)
        }
        Err(e) => {
            writeln!(
                out,
                "{}:{}:{}: `{}`: {}\nnothing applied; {} is unchanged",
                input.display(),
                e.line,
                // The line's command starts after its indentation.
                1 + e.text.len() - e.text.trim_start().len(),
                e.text,
                e.message,
                path.display()
            )?;
            Ok(false)
        }
    }
}

/// Why `apply` does not write a save with journals: what each holds, and what to do.
fn journals_refusal(
    path: &Path,
    journals: &[std::result::Result<crate::savefile::Unsaved, FileError>],
) -> String {
    let mut text = format!(
        "{}: {} entries the save does not hold (a console stopped before saving them); nothing applied, the save is unchanged",
        path.display(),
        if journals.len() == 1 {
            "a journal of this save holds"
        } else {
            "journals of this save hold"
        }
    );
    for found in journals {
        match found {
            Ok(found) => {
                for line in crate::savefile::journal_report(found, 20) {
                    text.push_str("\n  ");
                    text.push_str(&line);
                }
            }
            Err(e) => text.push_str(&format!("\n  {e} (the journal does not read)")),
        }
    }
    text.push_str(&format!(
        "\nOpen the save in the console (mafia-mod open {}) to see them and choose: enter them on top of the save, keep the journal aside, or drop it. Or run apply again with --journal keep-aside (the journal is renamed, never offered again) or --journal drop (it is deleted).",
        path.display()
    ));
    text
}

/// `apply --journal`: each journal kept aside or dropped, as the host said, and what it held
/// printed, so nothing goes unsaid.
fn settle_journals(
    journals: Vec<std::result::Result<crate::savefile::Unsaved, FileError>>,
    choice: JournalFlag,
    out: &mut dyn Write,
) -> Result<()> {
    for found in journals {
        let (journal, lines) = match &found {
            Ok(found) => (
                found.journal.path.clone(),
                crate::savefile::journal_report(found, usize::MAX),
            ),
            Err(e) => (
                e.path.clone(),
                vec![format!("{e} (the journal does not read)")],
            ),
        };
        match choice {
            JournalFlag::KeepAside => {
                let kept = crate::savefile::set_journal_aside(&journal).with_context(|| {
                    format!("cannot set the journal {} aside", journal.display())
                })?;
                writeln!(
                    out,
                    "kept the journal {} aside as {}:",
                    journal.display(),
                    kept.display()
                )?;
            }
            JournalFlag::Drop => {
                std::fs::remove_file(&journal)
                    .with_context(|| format!("cannot drop the journal {}", journal.display()))?;
                writeln!(out, "dropped the journal {}:", journal.display())?;
            }
        }
        for line in lines {
            writeln!(out, "  {line}")?;
        }
    }
    Ok(())
}

/// The commit check as text, as the console shows it before a commit: what is missing and
/// what the rules will do.
fn write_commit_check(
    out: &mut dyn Write,
    line: usize,
    check: &CommitCheck,
) -> std::io::Result<()> {
    writeln!(
        out,
        "commit check, line {line}: commit {}; {}",
        check.phase, check.next
    )?;
    if check.missing.is_empty() {
        writeln!(out, "  nothing is missing: every vote and action is in")?;
    } else {
        writeln!(out, "Missing")?;
        for m in &check.missing {
            writeln!(out, "  ⚠ {m}")?;
        }
    }
    writeln!(out, "At commit")?;
    if check.consequences.is_empty() {
        writeln!(out, "  nothing happens: nobody dies")?;
    }
    for c in &check.consequences {
        writeln!(out, "  · {c}")?;
    }
    Ok(())
}

/// `mafia-mod config`: where the config file is, and the settings in force; exit 1 when the
/// file does not read (its line and column named).
pub fn config(out: &mut dyn Write) -> Result<bool> {
    let Some(path) = crate::config::path() else {
        writeln!(
            out,
            "no config directory on this system: the defaults are in force"
        )?;
        return Ok(true);
    };
    let exists = path.exists();
    writeln!(
        out,
        "config file: {}{}",
        path.display(),
        if exists {
            ""
        } else {
            " (none yet: the defaults)"
        }
    )?;
    match crate::config::load() {
        Ok(config) => {
            for line in config.lines() {
                writeln!(out, "  {line}")?;
            }
            Ok(true)
        }
        Err(e) => {
            writeln!(out, "{e}")?;
            Ok(false)
        }
    }
}
