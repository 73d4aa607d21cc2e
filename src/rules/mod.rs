//! A rule system described as data: roles, abilities, stages, ballots, statuses, options and
//! message templates. The engine reads this model; what a rule system needs beyond the shared
//! ability vocabulary ([`Effect`]) is the Rust code of the system that [`Roleset::mechanics`]
//! names (a `crate::engine::system::RuleSystem`, found in the binary's registry).
//!
//! Rolesets are RON files with `deny_unknown_fields` everywhere, so a typo in a field name is an
//! error with its line and column rather than a silently ignored setting.

mod show;
mod validate;

pub use show::render_roleset;
pub use validate::{RolesetProblem, lint_roleset};

use crate::shared::Shared;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The version of the roleset file format this build reads.
pub const ROLESET_VERSION: u32 = 1;

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Roleset {
    pub version: u32,
    /// Stable id used on the command line and in scenarios (`mafia-1923`).
    pub id: String,
    pub name: String,
    /// Language of the message templates (`en`, `ru`).
    pub language: String,
    /// The id of the rule system that runs this roleset (its code beyond the data).
    pub mechanics: String,
    /// The cycle of phases and when the game ends.
    pub phases: PhaseCycle,
    /// Sides a role can belong to (`mafia`, `civilians`, ...).
    pub sides: Vec<SideDef>,
    pub roles: Vec<RoleDef>,
    pub abilities: Vec<AbilityDef>,
    /// Resolution stages in their default order; the host may reorder them for one game.
    pub stages: Vec<StageDef>,
    pub ballots: Vec<BallotDef>,
    pub statuses: Vec<StatusDef>,
    pub options: Vec<OptionDef>,
    /// Message templates by id; `{name}` placeholders are filled by the mechanics.
    pub templates: BTreeMap<String, String>,
    /// The named rounds of multi-round phases (a day's election, vote and re-vote): ids the
    /// rule system opens, with the names the host sees.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rounds: Vec<RoundDef>,
    /// Whether the roles of dead players become public (ru-city flips them; in Mafia 1923
    /// only a Witness learns them), so the console's public view knows what it may show.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reveals_dead_roles: bool,
    /// The texts a rule system runs from (a WWR role book), embedded so a saved game replays
    /// the same after the files change. Copies of the roleset share them, so what a rule
    /// system compiled from them is found again by identity, not by reading them
    /// ([`Shared::same`]).
    #[serde(default, skip_serializing_if = "no_sources")]
    pub sources: Shared<Vec<SourceText>>,
}

fn no_sources(sources: &Shared<Vec<SourceText>>) -> bool {
    sources.is_empty()
}

/// One source file of a roleset: its path relative to its folder, and its text.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Hash)]
#[serde(deny_unknown_fields)]
pub struct SourceText {
    pub path: String,
    pub text: String,
}

/// A round of a multi-round phase.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RoundDef {
    /// Stable id used by scenarios and exports (`vote`, `revote`, `election`).
    pub id: String,
    /// The name shown in phase labels, in the roleset's language (`голосование`).
    pub name: String,
}

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PhaseKind {
    Night,
    Day,
    /// A phase before the cycle starts, for choices made before the first night (Conan's Prep:
    /// Amor's lovers, Vermouth's disguise, the travelers' return).
    Prep,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PhaseCycle {
    /// Phases played once before the cycle (Conan's `Prep`); the game starts in the first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub prelude: Vec<PhaseSpec>,
    /// One turn of the cycle; the number `{n}` grows each time the cycle starts again.
    pub cycle: Vec<PhaseSpec>,
    /// The name of the last phase; committing it ends the game. `None`: the mechanics decide.
    #[serde(default)]
    pub last: Option<String>,
    /// How long a phase of each kind lasts, in hours: a phase that opens after one with a
    /// deadline gets the deadline that much later, unless the host sets another.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub hours: BTreeMap<PhaseKind, u32>,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PhaseSpec {
    pub kind: PhaseKind,
    /// Display name with `{n}`, e.g. `"Night {n}"`.
    pub name: String,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SideDef {
    pub id: String,
    pub name: String,
    /// The informed minority that hunts the town (the Mafia, the blacks): shown apart in the
    /// console so the host sees at a glance who is on it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hostile: bool,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RoleDef {
    pub id: String,
    pub name: String,
    pub side: String,
    #[serde(default)]
    pub abilities: Vec<String>,
    /// Players of the beginner level may hold this role.
    #[serde(default)]
    pub beginner: bool,
    /// Statuses the holder starts the game with (ru-city's immortal: his spare life).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub starts_with: Vec<String>,
    pub description: String,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct AbilityDef {
    pub id: String,
    pub name: String,
    pub phase: PhaseKind,
    /// The stage this ability resolves in (empty for passive abilities, which the mechanics run).
    #[serde(default)]
    pub stage: String,
    /// The kinds of the targets, in order.
    #[serde(default)]
    pub targets: Vec<TargetKind>,
    /// How many targets: the declared list, or a number computed from the living players.
    #[serde(default)]
    pub count: TargetCount,
    #[serde(default)]
    pub rules: Vec<TargetRule>,
    #[serde(default)]
    pub limits: Limits,
    /// Any member of this side submits the action for the whole side; a later submission by
    /// any member replaces the earlier one.
    #[serde(default)]
    pub group: Option<String>,
    /// Passive abilities happen by themselves and cannot be entered.
    #[serde(default)]
    pub passive: bool,
    /// Each entry is an action of its own: a later entry does not replace an earlier one of the
    /// same actor (notes a player may send several of).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub repeatable: bool,
    /// Sent only when the player wants to, never owed by his role: a will, a night note, a
    /// standing order or a hand-off. The commit check does not name a player for leaving it
    /// out; it resolves like any other ability.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub optional: bool,
    /// Its dead holder may still enter it while a status keeps him voting
    /// ([`StatusDef::votes_when_dead`]): a phantom possessing a player after his death.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub after_death: bool,
    /// It is entered in either phase kind, its `phase` naming where it resolves as a stage: a
    /// verdict on another's move of whichever phase (ru-city's pimp on his slave's day or night
    /// move).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub any_phase: bool,
    /// The extra values an entry of this ability carries beside its targets (a note's text, a
    /// requested role, a partner's approval). The engine refuses an entry whose values do not
    /// fit, and the console asks for them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub params: Vec<ParamDef>,
    /// Abilities naming the same group are one choice: an actor enters one of them a phase (a
    /// commissar checks or verifies, not both). A second is refused while the first stands.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exclusive: Option<String>,
    /// Words the rule system reads as facts about the ability (ru-city: `visit` for a move that
    /// takes its holder to his targets' houses, `killer` for a killer move). The engine gives
    /// them no meaning.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
    pub effect: Effect,
    /// The templates the effect's messages use, by the effect's name for each message (a
    /// block's `target`, an investigation's `role`, `side_yes` and `side_no`, ...: see
    /// [`Effect`]). A message with no template here is not sent; the kernel names no template.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub tell: BTreeMap<String, String>,
    /// The status the effect gives its target, where the effect needs one and has no field
    /// for it (a jail's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<String>,
    /// The words players use for it in their PMs, in the roleset's language: the beginnings of
    /// words ("heal" finds "healing", "стрел" finds "стреляю"), lower case. A pasted message
    /// is read with them, so a new roleset brings its own vocabulary.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub words: Vec<String>,
    pub description: String,
}

impl AbilityDef {
    /// May it be entered in a phase of this kind?
    pub fn entered_in(&self, kind: PhaseKind) -> bool {
        self.any_phase || self.phase == kind
    }
}

/// One parameter of an ability.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ParamDef {
    /// The key in the entry (`text`, `role`, `partner_confirmed`).
    pub id: String,
    pub kind: ParamKind,
    /// An entry without it is refused.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub required: bool,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// Only a holder of this role gives it (ru-city's necromancer names the undead he acts
    /// through): the console asks nobody else for it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub only_for: Option<String>,
}

impl ParamDef {
    /// Does the console ask a player holding `roles` (ids) for this parameter? The model takes
    /// role ids rather than the engine's slot, so it depends on nothing above it.
    pub fn asked_of<'r>(&self, mut roles: impl Iterator<Item = &'r str>) -> bool {
        self.only_for
            .as_ref()
            .is_none_or(|role| roles.any(|r| r == role))
    }
}

/// What a parameter's value may be.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub enum ParamKind {
    /// Free text.
    Text,
    /// `yes` or `no`.
    YesNo,
    /// A role of the roleset, by id or name.
    Role,
    /// A player of the game, by name.
    Player,
    /// One of these words.
    Choice(Vec<String>),
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub enum TargetKind {
    Player,
    /// A family or team of the setup.
    Family,
    /// A role of the roleset, by id or name (a role request, a guess).
    Role,
    /// A side of the roleset, by id or name (a team, an organisation).
    Group,
    /// One of these words (`no_lynch`, a crime, a mode).
    Choice(Vec<String>),
}

impl TargetKind {
    /// What a target of this kind is, in a word, for labels and refusals.
    pub fn word(&self) -> &'static str {
        match self {
            TargetKind::Player => "player",
            TargetKind::Family => "family",
            TargetKind::Role => "role",
            TargetKind::Group => "group",
            TargetKind::Choice(_) => "choice",
        }
    }
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, Default)]
pub enum TargetCount {
    /// Exactly the declared targets.
    #[default]
    AsDeclared,
    /// The single declared kind, repeated ceil(living players / n) times.
    CeilLivingOver(u32),
    /// From `min` to `max` targets; the i-th has the i-th declared kind (the last one repeats).
    Between(u32, u32),
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub enum TargetRule {
    /// The actor may not name himself.
    NotSelf,
    /// No player may be named twice.
    Distinct,
    /// Targets may not hold a role of this side.
    NotSide(String),
    /// Dead players may be named too (a verification of an earlier result, a corpse).
    DeadAllowed,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, Default)]
#[serde(deny_unknown_fields)]
pub struct Limits {
    /// Uses per game (per holder of the role; reset when a thief takes the role).
    #[serde(default)]
    pub uses: Option<u32>,
    /// Uses per game that name the actor himself.
    #[serde(default)]
    pub self_uses: Option<u32>,
    /// Uses per game that name the actor's own family.
    #[serde(default)]
    pub own_family_uses: Option<u32>,
}

/// The shared ability vocabulary, executed by the kernel (`crate::kernel::effect`) wherever a
/// roleset declares it. The parameters say which statuses, sides and attack kinds are involved;
/// the messages each effect sends are named below and take their templates from the ability's
/// `tell`. Any ability may also name `failed`: what its actor is told when the host's verdict
/// fails or skips the act (as a natural failure tells him).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum Effect {
    /// Nothing for the kernel to execute: the rule system's own role code resolves the ability
    /// (every ru-city move), or it is passive.
    None,
    /// The target's next action picks its targets at random; abilities listed are unaffected.
    /// Tells the redirected actor `redirected` (args `ability`, `targets`).
    RedirectNext { except: Vec<String> },
    /// The target's actions later in this phase do not happen; abilities listed are unaffected.
    /// Tells the target `target`.
    Block { except: Vec<String> },
    /// Take the target's role; the target becomes `fallback`. A member of `side` (if set)
    /// gives his second role instead. Tells the thief `new_role` (arg `role`) or `failed`, the
    /// target `target` or, a member of `side`, `target_side`.
    StealRole {
        fallback: String,
        #[serde(default, skip_serializing_if = "String::is_empty")]
        side: String,
    },
    /// Two players get `status`, each pointing at the other. Tells each `paired` (arg
    /// `partner`).
    Pair { status: String },
    /// Stop attacks of these kinds on the target this phase; cure `cures` if present. Announces
    /// `cured` (arg `player`) publicly.
    Protect {
        from: Vec<String>,
        cures: Option<String>,
        /// How strong the defence is: it stops attacks of this strength or less (1 if unset).
        #[serde(default = "one", skip_serializing_if = "is_one")]
        strength: u8,
    },
    /// Stop attacks of these kinds on the target this phase; the attacker gets `injure`.
    Guard { from: Vec<String>, injure: String },
    /// An attack that gives the target `status` instead of killing. Announces `afflicted`
    /// (arg `player`) publicly.
    Afflict { attack: String, status: String },
    /// An attack on a random living member of the target family.
    KillRandomMember { attack: String },
    /// An attack on each target.
    Kill {
        attack: String,
        /// How strong the attack is: a defence of less strength does not stop it (1 if unset).
        #[serde(default = "one", skip_serializing_if = "is_one")]
        strength: u8,
    },
    /// Learn about the target; what is learnt is the option named by `option`: `role` (tells
    /// `role`, args `player`, `role`) or whether the target is of `side` (`side_yes` or
    /// `side_no`, arg `player`).
    Investigate {
        option: String,
        #[serde(default, skip_serializing_if = "String::is_empty")]
        side: String,
    },
    /// The first target learns the second target's role. Tells the learner `learner` (args
    /// `subject`, `role`).
    RevealRole,
    /// Votes by and against the target player and family do not count this phase; the player
    /// gets the ability's `status`.
    Jail,
    /// Extra family and individual votes of this weight (negative for negative votes).
    ExtraVotes { weight: i32 },
    /// Save the target from the court this phase.
    CourtSave,
}

fn one() -> u8 {
    1
}

fn is_one(n: &u8) -> bool {
    *n == 1
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct StageDef {
    pub id: String,
    pub name: String,
    pub phase: PhaseKind,
    /// How actions inside the stage are ordered.
    #[serde(default)]
    pub tie: TieRule,
    /// A stage with no actor, run by the mechanics (e.g. poison deaths, the court).
    #[serde(default)]
    pub system: bool,
    /// The stage runs in every phase kind, at its place in the order (Conan's arrests, first by
    /// night and by day).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub any_phase: bool,
}

impl StageDef {
    /// Does this stage run in phases of this kind?
    pub fn runs_in(&self, kind: PhaseKind) -> bool {
        self.any_phase || self.phase == kind
    }
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, Default)]
pub enum TieRule {
    #[default]
    SubmissionOrder,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct BallotDef {
    pub id: String,
    pub name: String,
    pub phase: PhaseKind,
    pub target: TargetKind,
    /// `Vote(voter, target)` without a ballot name uses the default ballot of the phase.
    #[serde(default)]
    pub default: bool,
    /// How many votes one voter holds at once on this ballot (`None`: one); a vote beyond them
    /// replaces his oldest.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub per_voter: Option<u32>,
    /// A vote for [`ABSTAIN`] records an explicit abstention.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub abstain: bool,
    /// Words a vote may name besides the ballot's targets (Conan's `no_lynch`, a candidate like
    /// any player).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub words: Vec<String>,
    /// Open in every phase, not only in its `phase` (Conan's leader election).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub any_phase: bool,
    /// A vote held once the game is over, by every player who took part, dead or alive (ru-city's
    /// best players, L174); one `Resolve` after the end counts it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub after_game: bool,
    /// A vote for someone, not against him: the one chosen takes an office (ru-city's mayor,
    /// Conan's Black Organization leader). A simulated player who plays on what he knows
    /// votes for a partner here, and never for a player he was told is hostile.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub elects: bool,
    /// Its votes are cast in a private channel (a WWR pack's poll): who voted and for whom is a
    /// secret the public view hides.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub private: bool,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
}

impl BallotDef {
    /// Is this ballot open in phases of this kind?
    pub fn open_in(&self, kind: PhaseKind) -> bool {
        self.any_phase || self.phase == kind
    }

    /// May a voter leave this ballot? Yes for a ballot open in every phase (`any_phase`:
    /// Conan's BO leader election): a standing vote held beside the phases, which may never
    /// decide anything, not the vote a phase is held for. A phase's own ballots are what the
    /// phase is for, and leaving one can cost a player (1923 counts it as an offence).
    pub fn optional(&self) -> bool {
        self.any_phase
    }
}

/// The target word of an explicit abstention on a ballot that allows one.
pub const ABSTAIN: &str = "-";

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct StatusDef {
    pub id: String,
    pub name: String,
    /// A player with this status cannot submit actions.
    #[serde(default)]
    pub blocks_actions: bool,
    /// The abilities a holder may still use though the status blocks his actions (Conan's
    /// traveler plans his return while abroad).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub allows: Vec<String>,
    /// A player with this status cannot vote (votes are recorded and do not count).
    #[serde(default)]
    pub blocks_votes: bool,
    /// How many phases after the one it was given in the status lasts; `None`: until cleared.
    #[serde(default)]
    pub lasts: Option<u32>,
    /// A living player with this status is out of the game (exile): he neither acts, votes,
    /// nor counts among the living, and cannot be targeted.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub removes_from_game: bool,
    /// A dead player with this status still votes (and enters his `after_death` abilities):
    /// the phantom's players stay for one more vote.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub votes_when_dead: bool,
    /// The status is public knowledge: a post's list of the living shows its name beside the
    /// player (Conan's arrested and abroad players).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub public: bool,
    pub description: String,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct OptionDef {
    pub id: String,
    pub default: String,
    /// Allowed values; empty means free text (a number or a list).
    #[serde(default)]
    pub values: Vec<String>,
    pub description: String,
}

impl Roleset {
    pub fn role(&self, id: &str) -> Option<&RoleDef> {
        self.roles.iter().find(|r| r.id == id)
    }
    pub fn ability(&self, id: &str) -> Option<&AbilityDef> {
        self.abilities.iter().find(|a| a.id == id)
    }
    pub fn stage(&self, id: &str) -> Option<&StageDef> {
        self.stages.iter().find(|s| s.id == id)
    }
    pub fn ballot(&self, id: &str) -> Option<&BallotDef> {
        self.ballots.iter().find(|b| b.id == id)
    }
    pub fn status(&self, id: &str) -> Option<&StatusDef> {
        self.statuses.iter().find(|s| s.id == id)
    }
    pub fn option(&self, id: &str) -> Option<&OptionDef> {
        self.options.iter().find(|o| o.id == id)
    }
    /// Whether families mean anything here: a ballot or an ability names a family (1923's
    /// courts). Forms leave families out of rolesets that have none.
    pub fn uses_families(&self) -> bool {
        self.ballots.iter().any(|b| b.target == TargetKind::Family)
            || self
                .abilities
                .iter()
                .any(|a| a.targets.contains(&TargetKind::Family))
    }
    /// Does the ability carry this tag? (`false` for an unknown ability.)
    pub fn ability_has_tag(&self, ability: &str, tag: &str) -> bool {
        self.ability(ability)
            .is_some_and(|a| a.tags.iter().any(|t| t == tag))
    }
    /// A role named by id or by its display name, case-insensitively.
    pub fn role_named(&self, given: &str) -> Option<&RoleDef> {
        let given = given.trim();
        self.roles.iter().find(|r| {
            r.id.eq_ignore_ascii_case(given) || r.name.to_lowercase() == given.to_lowercase()
        })
    }
    pub fn template(&self, id: &str) -> &str {
        self.templates.get(id).map(String::as_str).unwrap_or("")
    }
    /// The side of a role, `""` for an unknown role.
    pub fn side_of(&self, role: &str) -> &str {
        self.role(role).map(|r| r.side.as_str()).unwrap_or("")
    }
    /// Whether the role belongs to a hostile side.
    pub fn is_hostile_role(&self, role: &str) -> bool {
        let side = self.side_of(role);
        self.sides.iter().any(|s| s.id == side && s.hostile)
    }
    /// The default ballot of a phase kind.
    pub fn default_ballot(&self, kind: PhaseKind) -> Option<&BallotDef> {
        let mut of_phase = self.ballots.iter().filter(|b| b.phase == kind);
        let first = of_phase.clone().next();
        of_phase.find(|b| b.default).or(first)
    }
    /// The name of the phase with this index (0 is the first phase of the game).
    /// An empty cycle (refused by the roleset's checks, so only ever seen before them) names
    /// every phase `Phase N` rather than failing.
    pub fn phase_name(&self, index: u32) -> String {
        if let Some(spec) = self.phases.prelude.get(index as usize) {
            return spec.name.replace("{n}", "1");
        }
        let index = self.cycle_index(index);
        let len = self.phases.cycle.len().max(1) as u32;
        match self.phases.cycle.get((index % len) as usize) {
            Some(spec) => spec.name.replace("{n}", &(index / len + 1).to_string()),
            None => format!("Phase {}", index.saturating_add(1)),
        }
    }
    pub fn phase_kind(&self, index: u32) -> PhaseKind {
        if let Some(spec) = self.phases.prelude.get(index as usize) {
            return spec.kind;
        }
        let index = self.cycle_index(index);
        let len = self.phases.cycle.len().max(1) as u32;
        self.phases
            .cycle
            .get((index % len) as usize)
            .map_or(PhaseKind::Night, |p| p.kind)
    }
    /// The index of a phase within the cycle (the phases of the prelude not counted); a
    /// phase of the prelude counts as 0.
    pub fn cycle_index(&self, index: u32) -> u32 {
        index.saturating_sub(self.phases.prelude.len() as u32)
    }
    /// Is phase `index` one of the prelude's?
    pub fn in_prelude(&self, index: u32) -> bool {
        (index as usize) < self.phases.prelude.len()
    }
    /// The phase's name in English whatever the roleset's language (`Day 2`, `Night 1`,
    /// `Prep`): the name scenarios and the command line may always use.
    pub fn canonical_phase_name(&self, index: u32) -> String {
        if let Some(spec) = self.phases.prelude.get(index as usize)
            && spec.kind != PhaseKind::Prep
        {
            // A prelude phase of a cycle kind keeps its own name (WWR's `Day 0`).
            return spec.name.replace("{n}", "0");
        }
        let kind = match self.phase_kind(index) {
            PhaseKind::Night => "Night",
            PhaseKind::Day => "Day",
            PhaseKind::Prep => return "Prep".to_string(),
        };
        let len = self.phases.cycle.len().max(1) as u32;
        format!("{kind} {}", self.cycle_index(index) / len + 1)
    }
    /// Does this name (the roleset's own or the canonical English one) name phase `index`?
    pub fn phase_is_named(&self, index: u32, name: &str) -> bool {
        let name = name.trim();
        self.phase_name(index).to_lowercase() == name.to_lowercase()
            || self.canonical_phase_name(index).eq_ignore_ascii_case(name)
    }
    /// The index of a phase given by name (`"Day 1"`, `"День 1"`), if the cycle can produce it.
    pub fn phase_index(&self, name: &str) -> Option<u32> {
        (0..10_000).find(|&i| self.phase_is_named(i, name))
    }
    /// The host-facing name of a round, its id where the roleset names none.
    pub fn round_name<'a>(&'a self, id: &'a str) -> &'a str {
        self.rounds
            .iter()
            .find(|r| r.id == id)
            .map(|r| r.name.as_str())
            .unwrap_or(id)
    }
    /// The label of a phase and round as the host sees it: `Day 2 · vote`, `День 2 · голосование`.
    pub fn phase_label(&self, index: u32, round: Option<&str>) -> String {
        match round {
            Some(id) => format!("{} · {}", self.phase_name(index), self.round_name(id)),
            None => self.phase_name(index),
        }
    }
}
