//! The engine's one door to rule-system code.
//!
//! A rule system (Mafia 1923, ru-city, ...) is a value implementing [`RuleSystem`]; the engine
//! calls it for what the roleset data cannot say: its own setup checks, random dealing, refusals
//! and warnings of entries, which ballot is open, the live count, and the resolution itself.
//! Every method but [`RuleSystem::id`] and [`RuleSystem::resolve`] has a default, so a system
//! implements only what it needs.
//!
//! The engine never names a rule system: the binary's registry (`crate::systems`) lists them
//! all and is handed to the engine as a [`Registry`] when a game is created or loaded. A game
//! keeps the system it was created with for its whole life.

use super::error::Refusal;
use super::outcome::Outcome;
use super::resolve::Ctx;
use super::setup::{PlayerSetup, Setup, SetupReport};
use super::state::{GameState, SlotId};
use super::tally::{self, Tally};
use crate::rules::{Roleset, RolesetProblem};
use std::collections::BTreeMap;

/// An action the generic checks accepted, as a rule system sees it before it is logged.
#[derive(Clone, Copy, Debug)]
pub struct ActQuery<'a> {
    pub roleset: &'a Roleset,
    pub state: &'a GameState,
    pub actor: SlotId,
    pub ability: &'a str,
    /// Targets made canonical (player names as the setup spells them).
    pub targets: &'a [String],
    pub params: &'a BTreeMap<String, String>,
}

/// A vote the generic checks accepted, as a rule system sees it before it is logged.
#[derive(Clone, Copy, Debug)]
pub struct VoteQuery<'a> {
    pub roleset: &'a Roleset,
    pub state: &'a GameState,
    pub ballot: &'a str,
    pub voter: SlotId,
    /// The canonical target (a player, a family, or the abstention word).
    pub target: &'a str,
    /// Sent ahead by private message rather than posted during the round.
    pub advance: bool,
}

/// The ids a rule system's Rust code relies on. `check` refuses a roleset of that system that
/// lacks any of them, so a typo in a roleset is an error naming the id instead of an empty
/// message or a rule that silently never fires.
#[derive(Clone, Copy, Debug, Default)]
pub struct Requirements {
    pub templates: &'static [&'static str],
    pub stages: &'static [&'static str],
    pub statuses: &'static [&'static str],
    pub options: &'static [&'static str],
    pub roles: &'static [&'static str],
    pub abilities: &'static [&'static str],
    pub sides: &'static [&'static str],
    pub ballots: &'static [&'static str],
    pub rounds: &'static [&'static str],
    /// Options the code reads as whole numbers, with the range it can use (their defaults are
    /// checked at load like any id).
    pub counts: &'static [(&'static str, u32, u32)],
    /// Ids the system adds itself to the rolesets it builds when their texts call for them,
    /// and looks for before it uses them (WWR's `whisper` prompt): never asked of a roleset.
    pub built: &'static [&'static str],
}

impl Requirements {
    /// No requirement: the base of a part that declares only some fields.
    pub const NONE: Requirements = Requirements {
        templates: &[],
        stages: &[],
        statuses: &[],
        options: &[],
        roles: &[],
        abilities: &[],
        sides: &[],
        ballots: &[],
        rounds: &[],
        counts: &[],
        built: &[],
    };

    /// Every required id the roleset lacks, as problems naming the field.
    pub fn missing_in(&self, r: &Roleset) -> Vec<RolesetProblem> {
        let mut out = Vec::new();
        let mut need = |field: &str, ids: &[&str], has: &dyn Fn(&str) -> bool| {
            for id in ids.iter().filter(|id| !has(id)) {
                out.push(RolesetProblem {
                    field: field.to_string(),
                    message: format!(
                        "`{}` needs the {} `{id}`, which this roleset lacks",
                        r.mechanics,
                        field.trim_end_matches('s')
                    ),
                });
            }
        };
        need("templates", self.templates, &|id| {
            r.templates.contains_key(id)
        });
        need("stages", self.stages, &|id| r.stage(id).is_some());
        need("statuses", self.statuses, &|id| r.status(id).is_some());
        need("options", self.options, &|id| r.option(id).is_some());
        need("roles", self.roles, &|id| r.role(id).is_some());
        need("abilities", self.abilities, &|id| r.ability(id).is_some());
        need("sides", self.sides, &|id| {
            r.sides.iter().any(|s| s.id == id)
        });
        need("ballots", self.ballots, &|id| r.ballot(id).is_some());
        need("rounds", self.rounds, &|id| {
            r.rounds.iter().any(|x| x.id == id)
        });
        for &(id, low, high) in self.counts {
            let Some((i, option)) = r.options.iter().enumerate().find(|(_, o)| o.id == id) else {
                continue;
            };
            if !option
                .default
                .trim()
                .parse::<u32>()
                .is_ok_and(|n| (low..=high).contains(&n))
            {
                out.push(RolesetProblem {
                    field: format!("options[{i}].default"),
                    message: format!(
                        "`{id}` is a whole number from {low} to {high}, not `{}`",
                        option.default
                    ),
                });
            }
        }
        out
    }
}

/// Requirements gathered from several parts, each id once: a system's own and those each of its
/// roles declares beside its code (ru-city's `Role::requires`). Kept in a static, it gives the
/// system's whole [`Requirements`].
#[derive(Debug, Default)]
pub struct GatheredRequirements {
    templates: Vec<&'static str>,
    stages: Vec<&'static str>,
    statuses: Vec<&'static str>,
    options: Vec<&'static str>,
    roles: Vec<&'static str>,
    abilities: Vec<&'static str>,
    sides: Vec<&'static str>,
    ballots: Vec<&'static str>,
    rounds: Vec<&'static str>,
    counts: Vec<(&'static str, u32, u32)>,
    built: Vec<&'static str>,
}

impl GatheredRequirements {
    pub fn gather(parts: impl IntoIterator<Item = Requirements>) -> Self {
        fn add<T: PartialEq + Copy>(to: &mut Vec<T>, from: &[T]) {
            for x in from {
                if !to.contains(x) {
                    to.push(*x);
                }
            }
        }
        let mut all = Self::default();
        for p in parts {
            add(&mut all.templates, p.templates);
            add(&mut all.stages, p.stages);
            add(&mut all.statuses, p.statuses);
            add(&mut all.options, p.options);
            add(&mut all.roles, p.roles);
            add(&mut all.abilities, p.abilities);
            add(&mut all.sides, p.sides);
            add(&mut all.ballots, p.ballots);
            add(&mut all.rounds, p.rounds);
            add(&mut all.counts, p.counts);
            add(&mut all.built, p.built);
        }
        all
    }

    /// The gathered requirements as one.
    pub fn view(&'static self) -> Requirements {
        Requirements {
            templates: &self.templates,
            stages: &self.stages,
            statuses: &self.statuses,
            options: &self.options,
            roles: &self.roles,
            abilities: &self.abilities,
            sides: &self.sides,
            ballots: &self.ballots,
            rounds: &self.rounds,
            counts: &self.counts,
            built: &self.built,
        }
    }
}

/// A rule system: everything the engine asks of rule-system code.
pub trait RuleSystem: Sync + std::fmt::Debug {
    /// The `mechanics` id a roleset names (`mafia-1923`, `ru-city`).
    fn id(&self) -> &'static str;

    /// The roleset bundled with this system, as `(file name, RON text)`, if it ships one.
    fn bundled_roleset(&self) -> Option<(&'static str, &'static str)> {
        None
    }

    /// Ids the system's code relies on; checked against every roleset naming the system.
    fn requires(&self) -> Requirements {
        Requirements::default()
    }

    /// Bring a roleset written for an older build (embedded in a save, or a roleset file) up to
    /// what this build expects: a flag or a template name that did not exist when it was
    /// written, and meant what the code then assumed. The default changes nothing.
    fn upgrade_roleset(&self, _roleset: &mut Roleset) {}

    /// The system's own setup checks, run after the generic ones passed.
    fn check_setup(&self, _roleset: &Roleset, _setup: &Setup, _report: &mut SetupReport) {}

    /// Deal roles at random (seeded) by the system's setup rules; players who already have a
    /// role keep it.
    fn assign_roles(
        &self,
        _roleset: &Roleset,
        _players: &mut [PlayerSetup],
        _seed: u64,
    ) -> Result<(), Refusal> {
        Err(Refusal::new(
            "setup",
            format!(
                "random role assignment is not implemented for `{}`",
                self.id()
            ),
        ))
    }

    /// The system's reasons to refuse a slot's use of an ability now, whatever its targets (a
    /// round that is not the ability's, a right that is spent). Every action is checked by it
    /// before [`RuleSystem::act_refusal`], and the console offers only abilities that pass.
    fn usable_refusal(
        &self,
        _roleset: &Roleset,
        _state: &GameState,
        _actor: SlotId,
        _ability: &str,
    ) -> Result<(), Refusal> {
        Ok(())
    }

    /// Roles a slot may use now beyond those it holds: roles an earlier entry of this phase
    /// gives it (ru-city's actor copies a role with his evening move, entered in the night he
    /// uses it). At resolution the giving entry lends the role, or the use fails.
    fn pending_roles(&self, _roleset: &Roleset, _state: &GameState, _slot: SlotId) -> Vec<String> {
        Vec::new()
    }

    /// The system's own reasons to refuse an action the generic checks let through.
    fn act_refusal(&self, _q: &ActQuery<'_>) -> Result<(), Refusal> {
        Ok(())
    }

    /// May this dead player vote on this ballot (a poll whose own voters are the dead: the WWR
    /// Medium's question)? The generic checks refuse the dead otherwise; the system's vote
    /// refusal still checks the rest.
    fn dead_may_vote(
        &self,
        _roleset: &Roleset,
        _state: &GameState,
        _ballot: &str,
        _voter: SlotId,
    ) -> bool {
        false
    }

    /// The system's own reasons to refuse a vote the generic checks let through.
    fn vote_refusal(&self, _q: &VoteQuery<'_>) -> Result<(), Refusal> {
        Ok(())
    }

    /// Warnings for a vote the system records without refusing (it will not count).
    fn vote_warnings(&self, _q: &VoteQuery<'_>) -> Vec<String> {
        Vec::new()
    }

    /// The ballot the system has open now, where it decides that itself (multi-round days).
    /// `None`: the phase's default ballot.
    fn open_ballot(&self, _roleset: &Roleset, _state: &GameState) -> Option<String> {
        None
    }

    /// The id of the round of the current phase open now (one of the roleset's `rounds`), for
    /// systems whose phases have named rounds; `None` for a phase of one round.
    fn round(&self, _state: &GameState) -> Option<&'static str> {
        None
    }

    /// The round a commit of the current round opens in the same phase, where the system
    /// knows it before resolving; `None` when the next thing is a new phase.
    fn next_round(&self, _state: &GameState) -> Option<&'static str> {
        None
    }

    /// What the rules will do at commit that the host should read before confirming, beyond
    /// the deaths, host messages and warnings of the preview (which the check shows anyway).
    fn commit_notes(
        &self,
        _roleset: &Roleset,
        _state: &GameState,
        _preview: &Outcome,
    ) -> Vec<String> {
        Vec::new()
    }

    /// Whether the players see who voted for whom on this ballot while it is open: on a
    /// forum where votes are posted in the thread they do; where votes are sent to the host
    /// they learn only what the post announces. The public view shows a ballot's votes only
    /// when this says so. By default every ballot but a private one (a pack's poll) is public.
    fn votes_are_public(&self, _roleset: &Roleset, ballot: &crate::rules::BallotDef) -> bool {
        !ballot.private
    }

    /// The live count of the current phase's votes, as the resolution will count them (`seed`
    /// is the game's, for a dry run that draws what the resolution will draw).
    fn tally(&self, roleset: &Roleset, state: &GameState, _seed: u64) -> Tally {
        tally::generic(roleset, state, self.open_ballot(roleset, state).as_deref())
    }

    /// Lines a player's role PM adds for this system (Conan's BO members know each other and
    /// their leader; a WWR pack its mates), after the generic ones. `state` is the game at the
    /// moment the PM describes: as dealt, or right after a change of role.
    fn role_pm_lines(&self, _roleset: &Roleset, _state: &GameState, _slot: SlotId) -> Vec<String> {
        Vec::new()
    }

    /// The text a role PM gives for a role, where the system keeps the role's own text (WWR: the
    /// role book's text, embedded in the roleset); `None`: the roleset's description.
    fn role_text(&self, _roleset: &Roleset, _role: &str) -> Option<String> {
        None
    }

    /// A player's counter (`Slot::counters`) in the host's words: whom a slot id names, what a
    /// count counts. `None` leaves it to the host sheet's generic wording (the key's words and
    /// the value); `Some("")` leaves it out, as bookkeeping the other lines already say.
    fn counter_words(
        &self,
        _roleset: &Roleset,
        _state: &GameState,
        _slot: SlotId,
        _key: &str,
        _value: u32,
    ) -> Option<String> {
        None
    }

    /// What the system keeps between phases ([`crate::engine::Kept`]) in the host's words, one
    /// line a value, for the host sheet's "Game values": the engine cannot read the system's
    /// types, so the system says them. Values a section of [`RuleSystem::host_sections`]
    /// already shows are left out.
    fn kept_lines(&self, _roleset: &Roleset, _state: &GameState) -> Vec<String> {
        Vec::new()
    }

    /// The players `slot` knows as his partners, alive now: those his role PM names. The
    /// simulator's informed teams vote together and spare each other. Default: the living who
    /// hold one of his hostile roles or share a side's action ([`GameState::partners`]).
    fn partners(&self, roleset: &Roleset, state: &GameState, slot: SlotId) -> Vec<SlotId> {
        (state.slots.get(slot).into_iter())
            .flat_map(|me| state.partners(roleset, me))
            .map(|p| p.id)
            .collect()
    }

    /// What the rules have told `slot` about other players' sides so far: each player he was
    /// told about, and whether he was told that player is hostile (a black check). The
    /// simulator's informed players act on it. Default: the shared vocabulary's investigations
    /// ([`crate::kernel::told::told_sides`]).
    fn told_sides(
        &self,
        roleset: &Roleset,
        state: &GameState,
        slot: SlotId,
    ) -> Vec<(SlotId, bool)> {
        crate::kernel::told::told_sides(roleset, state, slot)
    }

    /// Sections of the host sheet the system keeps beside the players' table (Conan's crime
    /// log): a title and its lines, for the host only.
    fn host_sections(&self, _roleset: &Roleset, _state: &GameState) -> Vec<(String, Vec<String>)> {
        Vec::new()
    }

    /// What the system keeps beyond roles, statuses and votes (counters, group memberships,
    /// attribute rows, displays, open polls, uses of its abilities), as it stands now: what the
    /// scenario checks `Counter`, `Member`, `Attribute`, `Display`, `PollOpen` and `Uses` read
    /// and the host sheet shows. The engine's own slot counters, uses and families are read
    /// beside these; a system that keeps nothing more returns none.
    fn facts(&self, _roleset: &Roleset, _state: &GameState) -> Facts {
        Facts::default()
    }

    /// Resolve the current phase of the context's state.
    fn resolve(&self, ctx: &mut Ctx);
}

/// A rule system's state in plain words ([`RuleSystem::facts`]). Owners and groups are named
/// as the game names them (a player's name, a group's name), so checks compare names
/// case-insensitively and no check knows the system.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Facts {
    /// `(owner, counter, value)`: a player's or a group's counter.
    pub counters: Vec<(String, String, i64)>,
    /// `(player, group, tier)`: a membership (`member`, `owner`, `visitor`).
    pub members: Vec<(SlotId, String, String)>,
    /// `(player, attribute, how the host sheet words it)`: an attribute row a player carries.
    pub attributes: Vec<(SlotId, String, String)>,
    /// `(display, what it shows)`.
    pub displays: Vec<(String, String)>,
    /// The polls open now, each by its name and by its ballot's id.
    pub polls: Vec<(String, String)>,
    /// `(player, ability, uses)`: how often a player's ability ran.
    pub uses: Vec<(SlotId, String, u32)>,
}

/// The templates the engine's own host commands post (modkill, revive, replacement): every
/// roleset needs them, whatever its system.
pub const ENGINE_TEMPLATES: &[&str] = &[MODKILL_TEMPLATE, REVIVE_TEMPLATE, REPLACED_TEMPLATE];
/// The cause of death the engine records when the host removes a player.
pub const MODKILL_CAUSE: &str = "modkill";
pub const MODKILL_TEMPLATE: &str = "public_modkill";
pub const REVIVE_TEMPLATE: &str = "public_revive";
pub const REPLACED_TEMPLATE: &str = "public_replaced";

/// Every rule system a build runs, found by the id a roleset names.
#[derive(Clone, Copy, Debug)]
pub struct Registry(pub &'static [&'static dyn RuleSystem]);

impl Registry {
    pub fn find(&self, id: &str) -> Option<&'static dyn RuleSystem> {
        self.0.iter().copied().find(|s| s.id() == id)
    }

    pub fn ids(&self) -> impl Iterator<Item = &'static str> {
        self.0.iter().map(|s| s.id())
    }

    /// The system a roleset names, or a refusal listing the known ones.
    pub fn system_for(&self, roleset: &Roleset) -> Result<&'static dyn RuleSystem, Refusal> {
        self.find(&roleset.mechanics).ok_or_else(|| {
            Refusal::new(
                "setup",
                format!(
                    "unknown mechanics `{}` (known: {})",
                    roleset.mechanics,
                    self.ids().collect::<Vec<_>>().join(", ")
                ),
            )
        })
    }

    /// The problems of a roleset that only the registry can see: an unknown system, or ids the
    /// system's code needs that the roleset lacks.
    pub fn lint(&self, roleset: &Roleset) -> Vec<RolesetProblem> {
        let engine = Requirements {
            templates: ENGINE_TEMPLATES,
            ..Requirements::default()
        };
        let mut problems = engine.missing_in(roleset);
        problems.extend(match self.find(&roleset.mechanics) {
            Some(system) => system.requires().missing_in(roleset),
            None => vec![RolesetProblem {
                field: "mechanics".into(),
                message: format!(
                    "unknown mechanics `{}` (known: {})",
                    roleset.mechanics,
                    self.ids().collect::<Vec<_>>().join(", ")
                ),
            }],
        });
        problems
    }
}
