//! A WWR game's setup file: the folder of role texts, the roles in play and their counts, the
//! host's `%…%` values and the rule switches. It becomes a [`Roleset`] of the `wwr` system
//! whose roles are the roles in play, whose abilities are the prompts they open, whose ballots
//! are the polls, and which embeds the texts themselves (`sources`).
//!
//! ```ron
//! WwrSetup(
//!     name: "Werewolves Revamped demo",
//!     folder: ".",                 // relative to this file
//!     roles: {"Villager": 8, "Wolf": 3},
//!     host_info: {},
//!     options: {},
//! )
//! ```

use super::program::{Program, Selection, Timing, role_id};
use super::support;
use crate::rules::{
    AbilityDef, BallotDef, Effect, Limits, OptionDef, PhaseCycle, PhaseKind, PhaseSpec, RoleDef,
    Roleset, SideDef, SourceText, StageDef, TargetCount, TargetKind, TargetRule, TieRule,
};
use crate::store::FileError;
use crate::wwr::ast;
use crate::wwr::ast::{AbilityKind, ElementKind, PollAction, TriggerKind};
use crate::wwr::names::normalize;
use crate::wwr::resolve::Namespace;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::Path;

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct WwrSetup {
    pub name: String,
    /// The folder of `.wwr` files, relative to the setup file.
    pub folder: String,
    /// Role names as their headers write them, with how many are in play.
    pub roles: BTreeMap<String, u32>,
    /// The host's values for `%…%` in the texts.
    #[serde(default)]
    pub host_info: BTreeMap<String, String>,
    /// Rule switches ([`OPTIONS`]).
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    /// The polls that stand in every game whatever the roles (the lynch), by name; the polls
    /// the roles' texts create come with them. Default: `Lynch`.
    #[serde(default = "standing_polls")]
    pub polls: Vec<String>,
}

fn standing_polls() -> Vec<String> {
    vec!["Lynch".into()]
}

/// The stages of a phase change, in the bot's order (research §1.3).
pub const STAGES: [(&str, &str); 4] = [
    ("immediate", "Immediate actions, as entered"),
    ("pre_end", "Pre-End actions"),
    ("end", "End actions (after the polls close)"),
    ("start", "Start actions (at the start of the next phase)"),
];

/// The rule switches: where the bot and the rule book disagree, the bot is the default.
/// Each is `bot` (or the bot's word) by default; the other value is the rule book's reading
/// (research appendix).
pub const OPTIONS: [(&str, &str, &[&str], &str); 7] = [
    (
        "dead_actions",
        "run",
        &["run", "drop"],
        "Queued actions of a player who died before they run: `run` as the bot does (it never checks), `drop` as the rules' events page says (appendix 2).",
    ),
    (
        "answer_order",
        "submission",
        &["submission", "rules"],
        "The order of the answers of one stage: `submission` as the bot runs them, `rules` as the rule book's conflict order (non-attacks before attacks, then alphabetical by player) (appendix 1).",
    ),
    (
        "action_subtypes",
        "ignored",
        &["ignored", "matched"],
        "`On Action [Subtype]` filters: `ignored` as the bot (it passes no subtype, so they never match), `matched` as the texts mean them (appendix 3).",
    ),
    (
        "dead_targets",
        "kept",
        &["kept", "cleared"],
        "A target who dies: `kept` as the bot (only `@Target` hides him), `cleared` as the rules say (appendix 10).",
    ),
    (
        "lynch_voters",
        "none",
        &["none", "poll"],
        "`@Voters` in `On Lynch`: `none` as the bot (a death carries no voters, so the selector is empty), `poll` as the texts mean it (the Coven's `For Each @Voters`): the lynching poll's voters for the lynched.",
    ),
    (
        "voting_power",
        "pair",
        &["pair", "total"],
        "`->PublicVotingPower`/`->PrivateVotingPower`: `pair` as the bot (it yields the shown and counted votes together, which no comparison reads as a number, so every comparison with it is false), `total` as the texts mean (the counted votes).",
    ),
    (
        super::haunting::OPTION,
        "off",
        &["off", "on"],
        "Haunting mode (the bot's `$options haunting`, off by default): `on` makes every dead player a ghost until banished, who keeps acting through the texts flagged `Ghostly` or `Haunted` and votes in the ghosts' polls; `$haunting` reads it.",
    ),
];

/// A save written before a rule switch existed embeds a roleset without it: the switch is
/// added with its default, the bot's behaviour, which is what the executor did before the
/// switch (the constructs it governs were refused or ran that way), so an old game loads and
/// replays as it did.
pub fn upgrade_options(roleset: &mut Roleset) {
    // the ghost status came with haunting games; an older roleset has no ghosts to carry it
    if roleset.status(super::haunting::GHOST_STATUS).is_none() {
        roleset.statuses.push(ghost_status());
    }
    for (id, default, values, description) in OPTIONS {
        if roleset.options.iter().any(|o| o.id == id) {
            continue;
        }
        roleset.options.push(OptionDef {
            id: id.to_string(),
            default: default.to_string(),
            values: values.iter().map(|v| v.to_string()).collect(),
            description: description.to_string(),
        });
    }
}

/// The option keeping the setup's role counts, which random dealing follows.
pub const DEAL_OPTION: &str = "deal";

/// Deal the setup's roles at random (seeded) to the players without one; the counts must
/// match the players.
pub fn deal(
    roleset: &Roleset,
    players: &mut [crate::engine::PlayerSetup],
    seed: u64,
) -> Result<(), crate::engine::Refusal> {
    use rand::SeedableRng;
    use rand::seq::SliceRandom;
    let counts = roleset
        .option(DEAL_OPTION)
        .map(|o| o.default.clone())
        .unwrap_or_default();
    let mut wanted: Vec<(&str, usize)> = Vec::new();
    for item in counts.split(',').filter(|s| !s.is_empty()) {
        let (id, n) = item.split_once('*').unwrap_or((item, "1"));
        let n: usize = n.parse().unwrap_or(1);
        let have = players.iter().filter(|p| p.role == id).count();
        wanted.push((id, n.saturating_sub(have)));
    }
    // Counted before a role is laid out: a count of billions is refused, not allocated.
    let dealt = wanted
        .iter()
        .fold(0usize, |sum, (_, n)| sum.saturating_add(*n));
    let empty = players.iter().filter(|p| p.role.is_empty()).count();
    if dealt != empty {
        return Err(crate::engine::Refusal::new(
            "setup",
            format!(
                "the setup file deals {dealt} role(s) to the players without one, and {empty} player(s) have none: make the counts in its `roles` add up to the players"
            ),
        ));
    }
    let mut pool: Vec<String> = wanted
        .into_iter()
        .flat_map(|(id, n)| std::iter::repeat_n(id.to_string(), n))
        .collect();
    let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(seed);
    pool.shuffle(&mut rng);
    for p in players.iter_mut().filter(|p| p.role.is_empty()) {
        p.role = pool.pop().unwrap_or_default();
    }
    Ok(())
}

/// The template every message of the executor uses: the text is the role book's own.
pub const TEXT_TEMPLATE: &str = "wwr_text";
/// The template of what a role text itself makes public (`Announce`, `Reveal` to a public
/// place): public by the role book's design, even where it names a living player's role (the
/// Executioner's lynch, the Ranger's reveal).
pub const ANNOUNCE_TEMPLATE: &str = "wwr_announce";

/// Is this RON text a WWR setup file (rather than a roleset)?
pub fn is_setup(text: &str) -> bool {
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with("//"))
        .is_some_and(|l| l.starts_with("WwrSetup"))
}

/// Read a setup file into a roleset.
pub fn load(path: &Path, text: &str) -> Result<Roleset, FileError> {
    let setup: WwrSetup = crate::store::parse_ron(path, text)?;
    let at = |field: &str, message: String| FileError::at_field(path, text, field, message);
    let base = path.parent().unwrap_or(Path::new("."));
    let folder = base.join(&setup.folder);
    let files = crate::wwr::report::wwr_files(&folder).map_err(|e| {
        at(
            "folder",
            format!("cannot read the role texts in {}: {e}", folder.display()),
        )
    })?;
    if files.is_empty() {
        return Err(at(
            "folder",
            format!("{} holds no .wwr file", folder.display()),
        ));
    }
    let mut sources = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file)
            .map_err(|e| at("folder", format!("cannot read {}: {e}", file.display())))?;
        let rel = file.strip_prefix(&folder).unwrap_or(&file);
        sources.push(SourceText {
            path: rel.to_string_lossy().replace('\\', "/"),
            text,
        });
    }
    build(&setup, sources).map_err(|(field, message)| at(&field, message))
}

/// The roleset of a setup over its texts; an error names the setup's field at fault.
pub fn build(setup: &WwrSetup, sources: Vec<SourceText>) -> Result<Roleset, (String, String)> {
    let program = Program::new(&sources);
    for (i, entry) in program.library.entries.iter().enumerate() {
        if let Some(d) = entry.parsed.diagnostics.iter().find(|d| d.is_error()) {
            return Err((
                "folder".into(),
                format!(
                    "{}:{}:{}: {}",
                    sources[i].path, d.span.line, d.span.col, d.message
                ),
            ));
        }
    }
    let mut roots = Vec::new();
    for (i, name) in setup.polls.iter().enumerate() {
        match program.find(Namespace::Poll, name) {
            Some(p) => roots.push(p),
            None => {
                return Err((
                    format!("polls[{i}]"),
                    format!("no poll named `{name}` in the folder"),
                ));
            }
        }
    }
    let mut roles = Vec::new();
    let mut abilities = Vec::new();
    let mut sides: BTreeMap<String, SideDef> = BTreeMap::new();
    for name in setup.roles.keys() {
        let Some(file) = program.find(Namespace::Role, name) else {
            let known: Vec<&str> = program.roles.values().map(|f| program.name(*f)).collect();
            return Err((
                format!("roles.\"{name}\""),
                format!(
                    "no role named `{name}` in the folder{}",
                    crate::wwr::names::did_you_mean(name, known)
                ),
            ));
        };
        roots.push(file);
        add_role(&program, file, &mut roles, &mut abilities, &mut sides);
    }
    // the roles the host's values name for an `Include:` (the Echo's Herbalist) are the
    // roleset's too, dealt to nobody: their prompts are the holders'
    for file in included_roles(&program, &roots, &setup.host_info) {
        if !roots.contains(&file) {
            roots.push(file);
            add_role(&program, file, &mut roles, &mut abilities, &mut sides);
        }
    }
    let in_play = support::in_play(&program, &roots);
    // The roles a dealt role can become (the Cursed Civilian's Wolf) are the roleset's too,
    // dealt to nobody: a changed player's role, prompts and side are the engine's.
    for &file in &in_play {
        let is_role = matches!(
            program.element(file).map(|e| &e.header.kind),
            Some(crate::wwr::ast::ElementKind::Role { .. })
        );
        if is_role && !roots.contains(&file) {
            add_role(&program, file, &mut roles, &mut abilities, &mut sides);
        }
    }
    add_whisper_messages(&program, &in_play, &mut roles, &mut abilities, &mut sides);
    let mut options: Vec<OptionDef> = OPTIONS
        .iter()
        .map(|(id, default, values, description)| OptionDef {
            id: id.to_string(),
            default: setup
                .options
                .get(*id)
                .cloned()
                .unwrap_or_else(|| default.to_string()),
            values: values.iter().map(|v| v.to_string()).collect(),
            description: description.to_string(),
        })
        .collect();
    for (key, _) in setup.options.iter() {
        if !OPTIONS.iter().any(|(id, ..)| id == key) {
            return Err((
                format!("options.\"{key}\""),
                format!(
                    "unknown option `{key}` (known: {})",
                    OPTIONS.map(|o| o.0).join(", ")
                ),
            ));
        }
    }
    let counts: Vec<String> = setup
        .roles
        .iter()
        .filter_map(|(name, n)| {
            let file = program.find(Namespace::Role, name)?;
            Some(format!("{}*{n}", role_id(program.name(file))))
        })
        .collect();
    options.push(OptionDef {
        id: DEAL_OPTION.into(),
        default: counts.join(","),
        values: Vec::new(),
        description:
            "the roles in play and their counts, as the setup file lists them (`role*count,…`)"
                .into(),
    });
    let mut labels: Vec<String> = host_info_labels(&program, &in_play);
    for key in setup.host_info.keys() {
        if !labels.contains(key) {
            labels.push(key.clone());
        }
    }
    for label in labels {
        options.push(OptionDef {
            id: format!("%{label}%"),
            default: setup.host_info.get(&label).cloned().unwrap_or_default(),
            values: Vec::new(),
            description: "host information for the texts' `%…%`: one value for everyone, or `Holder: value; Holder: value` per player".into(),
        });
    }
    let mut templates = BTreeMap::new();
    templates.insert(TEXT_TEMPLATE.to_string(), "{text}".to_string());
    templates.insert(ANNOUNCE_TEMPLATE.to_string(), "{text}".to_string());
    templates.insert(
        crate::engine::system::MODKILL_TEMPLATE.to_string(),
        "{player} has been removed from the game by the host.".to_string(),
    );
    templates.insert(
        crate::engine::system::REVIVE_TEMPLATE.to_string(),
        "{player} is back in the game.".to_string(),
    );
    templates.insert(
        crate::engine::system::REPLACED_TEMPLATE.to_string(),
        "{new} replaces {old}.".to_string(),
    );
    Ok(Roleset {
        version: crate::rules::ROLESET_VERSION,
        id: {
            let id = role_id(&setup.name).replace('_', "-");
            if id.starts_with("wwr") {
                id
            } else {
                format!("wwr-{id}")
            }
        },
        name: setup.name.clone(),
        language: "en".into(),
        mechanics: super::ID.into(),
        phases: PhaseCycle {
            prelude: vec![PhaseSpec {
                kind: PhaseKind::Day,
                name: "Day 0".into(),
            }],
            cycle: vec![
                PhaseSpec {
                    kind: PhaseKind::Night,
                    name: "Night {n}".into(),
                },
                PhaseSpec {
                    kind: PhaseKind::Day,
                    name: "Day {n}".into(),
                },
            ],
            last: None,
            hours: Default::default(),
        },
        sides: sides.into_values().collect(),
        roles,
        abilities,
        stages: STAGES
            .iter()
            .map(|(id, name)| StageDef {
                id: id.to_string(),
                name: name.to_string(),
                phase: PhaseKind::Night,
                tie: TieRule::SubmissionOrder,
                system: false,
                any_phase: true,
            })
            .collect(),
        ballots: ballots(&program, &in_play),
        statuses: vec![ghost_status()],
        options,
        templates,
        rounds: Vec::new(),
        reveals_dead_roles: false,
        sources: sources.into(),
    })
}

/// The labels of the host information (`%Player%`) the texts of these elements use.
/// The status a ghost carries in a haunting game ([`super::haunting`]): public, as the bot's
/// Ghost role is, and keeping the dead player acting and voting where the texts let him.
fn ghost_status() -> crate::rules::StatusDef {
    crate::rules::StatusDef {
        id: super::haunting::GHOST_STATUS.into(),
        name: "Ghost".into(),
        blocks_actions: false,
        allows: Vec::new(),
        blocks_votes: false,
        lasts: None,
        removes_from_game: false,
        votes_when_dead: true,
        public: true,
        description: "Dead but not banished (haunting games): acts through the texts flagged Ghostly or Haunted, votes in the ghosts' polls.".into(),
    }
}

/// The roles the setup's host values name for the `Include: %Label%` lines of these roles
/// (one value for everyone, or `Holder: Role; Holder: Role`).
fn included_roles(
    program: &Program,
    roles: &[usize],
    host_info: &BTreeMap<String, String>,
) -> Vec<usize> {
    let mut out = Vec::new();
    for &role in roles {
        let Some(element) = program.element(role) else {
            continue;
        };
        for special in &element.specials {
            let crate::wwr::ast::ValueKind::HostInfo { info } = &special.value.kind else {
                continue;
            };
            if special.kind != ast::SpecialKind::Include {
                continue;
            }
            let Some(value) = host_info.get(&info.label) else {
                continue;
            };
            for item in value.split(';') {
                let name = item.split_once(':').map_or(item, |(_, r)| r).trim();
                if let Some(file) = program.find(Namespace::Role, name)
                    && !out.contains(&file)
                {
                    out.push(file);
                }
            }
        }
    }
    out
}

/// Where a text in play hears `On <Name> Whisper`: the prompt the host answers for each
/// message a player sends through such a whisper ([`super::abilities::whispering::message`]),
/// held by the pseudo-role of that name, which nobody is dealt: a player holds it while he
/// holds a named whisper (`Wwr::pending_roles`).
fn add_whisper_messages(
    program: &Program,
    in_play: &[usize],
    roles: &mut Vec<RoleDef>,
    abilities: &mut Vec<AbilityDef>,
    sides: &mut BTreeMap<String, SideDef>,
) {
    use super::abilities::whispering::{MESSAGE_PROMPT, names_heard};
    let names = names_heard(program, in_play);
    if names.is_empty() {
        return;
    }
    // the side of the extra roles, as `side_of` names a class without a team
    let class = format!("{:?}", crate::wwr::ast::RoleClass::Extra);
    let side = role_id(&class);
    sides.entry(side.clone()).or_insert(SideDef {
        id: side.clone(),
        name: class,
        hostile: false,
    });
    abilities.push(AbilityDef {
        id: MESSAGE_PROMPT.into(),
        name: "A message through a named whisper".into(),
        phase: PhaseKind::Night,
        stage: "immediate".into(),
        targets: vec![TargetKind::Choice(names.clone())],
        count: TargetCount::AsDeclared,
        rules: Vec::new(),
        limits: Limits::default(),
        group: None,
        passive: false,
        repeatable: true,
        optional: false,
        after_death: true,
        any_phase: true,
        params: Vec::new(),
        exclusive: None,
        tags: Vec::new(),
        effect: Effect::None,
        tell: BTreeMap::new(),
        status: None,
        words: vec!["whisper".into()],
        description: format!(
            "The player sent a message through his whisper named {}: the texts hear `On <Name> Whisper`.",
            names.join(" or ")
        ),
    });
    roles.push(RoleDef {
        id: MESSAGE_PROMPT.into(),
        name: "Whisperer".into(),
        side,
        abilities: vec![MESSAGE_PROMPT.into()],
        beginner: false,
        starts_with: Vec::new(),
        description: "Not dealt: held while a player holds a named whisper.".into(),
    });
}

/// A role of the roleset: its prompts, its side, and in its description whether it runs.
fn add_role(
    program: &Program,
    file: usize,
    roles: &mut Vec<RoleDef>,
    abilities: &mut Vec<AbilityDef>,
    sides: &mut BTreeMap<String, SideDef>,
) {
    let (side, side_name, hostile) = side_of(program, file);
    sides.entry(side.clone()).or_insert(SideDef {
        id: side.clone(),
        name: side_name,
        hostile,
    });
    let prompts: Vec<_> = program
        .prompts
        .values()
        .filter(|p| p.role == file)
        .collect();
    for p in &prompts {
        abilities.push(ability_def(program, p));
    }
    let description = match support::role_support(program, file) {
        Ok(()) => format!("{} ({})", program.name(file), header_words(program, file)),
        Err(why) => format!("{} — not yet executable: {why}", program.name(file)),
    };
    roles.push(RoleDef {
        id: role_id(program.name(file)),
        name: program.name(file).to_string(),
        side,
        abilities: prompts.iter().map(|p| p.id.clone()).collect(),
        beginner: false,
        starts_with: Vec::new(),
        description,
    });
}

pub fn host_info_labels(program: &Program, files: &[usize]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for &file in files {
        for (_, block) in program.triggers(file) {
            super::program::walk_block_values(block, &mut |v| {
                if let crate::wwr::ast::ValueKind::HostInfo { info } = &v.kind
                    && !out.contains(&info.label)
                {
                    out.push(info.label.clone());
                }
            });
        }
    }
    out
}

/// A player's value of a host information option: `Holder: value` entries separated by `;`
/// give each holder his own, an entry without a holder is everyone's (commas are part of a
/// value: a partial role list).
pub fn host_value(option: &str, holder: &str) -> Option<String> {
    let mut everyone = None;
    for item in option.split(';').map(str::trim).filter(|s| !s.is_empty()) {
        match item.split_once(':') {
            Some((who, value)) if who.trim().eq_ignore_ascii_case(holder) => {
                return Some(value.trim().to_string());
            }
            Some((who, _)) if !who.contains(',') && !who.trim().contains(' ') => {}
            _ => everyone = Some(item.to_string()),
        }
    }
    everyone
}

/// `Townsfolk Investigative` for a role's header.
fn header_words(program: &Program, file: usize) -> String {
    match program.element(file).map(|e| &e.header.kind) {
        Some(ElementKind::Role {
            class, category, ..
        }) => format!("{class:?} {category:?}"),
        _ => String::new(),
    }
}

/// A role's side: its team's file (by stem), else its class. The werewolf class is the
/// hunting minority the console shows apart.
fn side_of(program: &Program, file: usize) -> (String, String, bool) {
    let class = match program.element(file).map(|e| &e.header.kind) {
        Some(ElementKind::Role { class, .. }) => Some(*class),
        _ => None,
    };
    let hostile = class == Some(crate::wwr::ast::RoleClass::Werewolf);
    let class_word = class.map_or("Unaligned".to_string(), |c| format!("{c:?}"));
    match program.team_of_role(file) {
        Some(team) => (
            team_key(program, team),
            program.name(team).to_string(),
            hostile,
        ),
        None => (role_id(&class_word), class_word, hostile),
    }
}

/// The id of a team as a side: its file's stem (`Werewolf.wwr` is `werewolf`).
pub fn team_key(program: &Program, team: usize) -> String {
    program.team_key(team)
}

fn ability_def(program: &Program, p: &super::program::Prompt) -> AbilityDef {
    let (_, block) = program.triggers(p.role)[p.trigger];
    let one: Vec<TargetKind> = p
        .selections
        .iter()
        .map(|s| match s {
            Selection::Role => TargetKind::Role,
            Selection::Boolean | Selection::Number { .. } => {
                TargetKind::Choice(s.words().unwrap_or_default())
            }
            Selection::Option => TargetKind::Choice(
                p.choice
                    .as_ref()
                    .map(|(_, options)| options.clone())
                    .unwrap_or_default(),
            ),
            _ => TargetKind::Player,
        })
        .collect();
    let per_use = one.len() as u32;
    let optional = p.selections.iter().all(|s| *s == Selection::PlayerOptional);
    let targets: Vec<TargetKind> = (0..p.times).flat_map(|_| one.clone()).collect();
    let count = if per_use == 0 {
        TargetCount::AsDeclared
    } else if p.times > 1 || optional {
        TargetCount::Between(
            if optional { 0 } else { per_use },
            per_use.saturating_mul(p.times),
        )
    } else {
        TargetCount::AsDeclared
    };
    let mut rules = Vec::new();
    if p.selections.contains(&Selection::Dead) || p.selections.contains(&Selection::Ghost) {
        rules.push(TargetRule::DeadAllowed);
    }
    // A ghost may answer a prompt his texts let run as a ghost's: the engine lets him through
    // (he carries the ghost status), and the executor's activation check decides.
    let ghost_may_answer = super::haunting::activation_of(program, p.role)
        != super::world::Activation::Living
        || super::triggers::all_params(block).iter().any(|params| {
            params.restrictions.iter().any(|r| {
                matches!(
                    r.kind,
                    crate::wwr::ast::RestrictionKind::Status {
                        status: crate::wwr::ast::LivingStatus::Ghostly
                            | crate::wwr::ast::LivingStatus::Any
                    }
                )
            })
        });
    AbilityDef {
        id: p.id.clone(),
        name: format!("{}: {}", program.name(p.role), block.trigger),
        phase: p.phase.unwrap_or(PhaseKind::Night),
        stage: match p.timing {
            Timing::Immediate => "immediate",
            Timing::End if pre_end(p.kind) => "pre_end",
            Timing::End => "end",
            Timing::Start => "start",
        }
        .into(),
        targets,
        count,
        rules,
        limits: Limits::default(),
        group: None,
        passive: false,
        // One answer to a prompt a phase (research §1.4): a later entry replaces it.
        repeatable: false,
        optional: false,
        after_death: ghost_may_answer,
        any_phase: p.phase.is_none(),
        params: Vec::new(),
        exclusive: None,
        tags: Vec::new(),
        effect: Effect::None,
        tell: BTreeMap::new(),
        status: None,
        words: prompt_words(program, p),
        description: crate::wwr::render::block_text(block),
    }
}

/// The words a player's PM uses for a prompt, so a pasted message is read as its answer: the
/// role's name and a verb per kind of ability its text runs (`protect`, `attack`, `investigat`).
fn prompt_words(program: &Program, p: &super::program::Prompt) -> Vec<String> {
    let (_, block) = program.triggers(p.role)[p.trigger];
    // A short word of a role's name (`Wolf`) begins too many others (`wolfsbane`).
    let mut words: Vec<String> = program
        .name(p.role)
        .split_whitespace()
        .filter(|w| w.chars().count() >= 5)
        .map(|w| w.to_lowercase())
        .collect();
    for s in &block.body {
        super::program::visit_abilities(s, &mut |a| {
            let verbs: &[&str] = match &a.kind {
                AbilityKind::Killing(_) => &["attack", "kill", "shoot"],
                AbilityKind::Protecting(_) => &["protect", "save", "guard"],
                AbilityKind::Investigating(_) => &["investigat", "check", "inspect"],
                AbilityKind::Targeting(_) => &["target", "mark"],
                AbilityKind::Disguising(_) => &["disguis"],
                _ => &[],
            };
            for v in verbs {
                if !words.iter().any(|w| w == v) {
                    words.push(v.to_string());
                }
            }
        });
    }
    words
}

fn pre_end(kind: TriggerKind) -> bool {
    use TriggerKind as T;
    matches!(
        kind,
        T::PreEndNight
            | T::SecondPreEndNight
            | T::ThirdPreEndNight
            | T::FourthPreEndNight
            | T::PreEndDay
            | T::SecondPreEndDay
            | T::ThirdPreEndDay
            | T::FourthPreEndDay
    )
}

/// Every poll an element in play creates, as a ballot of the phase kind it is created in.
fn ballots(program: &Program, in_play: &[usize]) -> Vec<BallotDef> {
    // Each poll: the phase kind it is created in, and whether its channel is a group's.
    let mut found: BTreeMap<usize, (Option<PhaseKind>, bool)> = BTreeMap::new();
    // how many more of a poll the texts in play can add (`Add \`Wolfpack\` Poll`)
    let mut added: BTreeMap<usize, usize> = BTreeMap::new();
    for &file in in_play {
        let Some(element) = program.element(file) else {
            continue;
        };
        let by_group = matches!(element.header.kind, ElementKind::Group { .. });
        for block in &element.triggers {
            let phase = match block.trigger.kind {
                TriggerKind::PassiveStartDay | TriggerKind::ImmediateDay | TriggerKind::EndDay => {
                    Some(PhaseKind::Day)
                }
                TriggerKind::PassiveStartNight
                | TriggerKind::ImmediateNight
                | TriggerKind::EndNight => Some(PhaseKind::Night),
                _ => None,
            };
            for s in &block.body {
                super::program::visit_abilities(s, &mut |a| {
                    if let AbilityKind::Poll(ast::Poll {
                        action: PollAction::Add,
                        poll: Some(poll),
                        ..
                    }) = &a.kind
                        && let Some(t) = poll
                            .plain_text()
                            .and_then(|name| program.find(Namespace::Poll, name))
                    {
                        *added.entry(t).or_default() += 1;
                    }
                    if let AbilityKind::Poll(ast::Poll {
                        action: PollAction::Create,
                        poll,
                        location,
                        ..
                    }) = &a.kind
                    {
                        let in_group = location.as_ref().is_some_and(|l| {
                            matches!(&l.kind, crate::wwr::ast::ValueKind::Group { name, .. }
                                if program.find(Namespace::Group, name).is_some())
                        });
                        let target = match poll.as_ref().and_then(|p| p.plain_text()) {
                            Some(name) => program.find(Namespace::Poll, name),
                            // `Create Poll` in a poll's own text creates that poll.
                            None => Some(file),
                        };
                        if let Some(t) = target {
                            found.insert(t, (phase, by_group || in_group));
                        }
                    }
                });
            }
        }
    }
    let most = super::abilities::polling::MOST_INSTANCES;
    let mut out: Vec<BallotDef> = found
        .into_iter()
        .flat_map(|(poll, (phase, private))| {
            let instances = (1 + added.get(&poll).copied().unwrap_or(0)).min(most);
            (0..instances).map(move |i| (poll, phase, private, i))
        })
        .map(|(poll, phase, private, i)| {
            let options = poll_options(program, poll);
            let base = program.ballot_id(poll);
            BallotDef {
                id: super::abilities::polling::instance_ballot(&base, i),
                name: if i == 0 {
                    format!("{} poll", program.name(poll))
                } else {
                    format!("{} poll #{}", program.name(poll), i + 1)
                },
                phase: phase.unwrap_or(PhaseKind::Day),
                target: TargetKind::Player,
                default: false,
                per_voter: None,
                abstain: false,
                words: options,
                any_phase: phase.is_none(),
                after_game: false,
                elects: false,
                private,
                description: String::new(),
            }
        })
        .collect();
    // The lynch is the day's default, the first night poll the night's.
    for kind in [PhaseKind::Day, PhaseKind::Night] {
        let lynch = out
            .iter()
            .position(|b| b.phase == kind && b.id == "lynch")
            .or_else(|| out.iter().position(|b| b.phase == kind && !b.any_phase));
        if let Some(i) = lynch {
            out[i].default = true;
        }
    }
    out
}

/// The words a poll's `Available Options` allow beside players: `abstain`, `random`, and any
/// other word as written (the Medium's `Yes, No`: the bot takes any option's text, and a
/// winner that is no player closes the poll through `On Poll Skipped`).
pub fn poll_options(program: &Program, poll: usize) -> Vec<String> {
    let mut words = Vec::new();
    let Some(element) = program.element(poll) else {
        return words;
    };
    for setting in &element.settings {
        if let crate::wwr::ast::Setting::AvailableOptions { options, .. } = setting {
            for o in options {
                let text = o.to_string();
                let w = normalize(&text);
                if w == "abstain" || w == "random" {
                    words.push(w);
                } else if let crate::wwr::ast::ValueKind::Word { word } = &o.kind {
                    words.push(word.to_string());
                }
            }
        }
    }
    words
}
