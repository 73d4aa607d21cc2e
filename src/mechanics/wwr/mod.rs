//! Werewolves Revamped run from its role texts: the executor of layer A (research
//! `shared/research/wwr-executor.md` §4.1). A game's roleset is built from a setup file and a
//! folder of texts ([`setup`]) and embeds the texts; the executor keeps the bot's state
//! ([`world`]) and runs the bot's phase-change pipeline ([`phase`]), answering the prompts the
//! host enters, with one module per ability type ([`abilities`]).
//!
//! Decisions (bot-faithful by default, research §4.0.5):
//! - Immediate answers run in log order at the start of the phase's resolution, so the preview
//!   shows their results as soon as they are entered; End answers run at their stage of the
//!   change, Start answers (chosen in the phase before) after the new phase's durations expire.
//! - Game-start triggers and every "for everyone" trigger reach players in a drawn order, as
//!   the bot shuffles them; each draw is a step.
//! - Prompt ids: `ROLE` when the role opens one prompt, else `ROLE.N` in text order.
//! - Queued actions of the dead run (the bot never checks); option `dead_actions: drop`
//!   follows the rules' events page instead.

pub mod abilities;
mod deaths;
pub mod eval;
mod exec;
pub mod haunting;
mod including;
pub mod phase;
mod polls;
pub mod program;
mod refuse;
pub mod run;
pub mod setup;
pub mod support;
mod triggers;
pub mod visit;
mod win;
pub mod world;

use crate::engine::resolve::Ctx;
use crate::engine::system::{ActQuery, Facts, RuleSystem, VoteQuery};
use crate::engine::template::render;
use crate::engine::{GameState, PlayerSetup, Refusal, Setup, SetupReport, SlotId};
use crate::rules::Roleset;
use program::Program;
use world::Tier2;

/// The `mechanics` id of WWR rolesets.
pub const ID: &str = "wwr";

#[derive(Debug)]
pub struct Wwr;

pub static SYSTEM: Wwr = Wwr;

impl RuleSystem for Wwr {
    fn id(&self) -> &'static str {
        ID
    }
    fn requires(&self) -> crate::engine::system::Requirements {
        crate::engine::system::Requirements {
            templates: &[setup::TEXT_TEMPLATE, setup::ANNOUNCE_TEMPLATE],
            stages: &["immediate", "pre_end", "end", "start"],
            options: &[
                "dead_actions",
                "answer_order",
                "action_subtypes",
                "dead_targets",
                "lynch_voters",
                "voting_power",
                haunting::OPTION,
                setup::DEAL_OPTION,
            ],
            statuses: &[haunting::GHOST_STATUS],
            built: &[abilities::whispering::MESSAGE_PROMPT],
            ..Default::default()
        }
    }
    fn upgrade_roleset(&self, roleset: &mut Roleset) {
        setup::upgrade_options(roleset);
    }
    fn check_setup(&self, roleset: &Roleset, setup: &Setup, report: &mut SetupReport) {
        check_setup(roleset, setup, report)
    }
    fn assign_roles(
        &self,
        roleset: &Roleset,
        players: &mut [PlayerSetup],
        seed: u64,
    ) -> Result<(), Refusal> {
        setup::deal(roleset, players, seed)
    }
    fn usable_refusal(
        &self,
        roleset: &Roleset,
        state: &GameState,
        actor: SlotId,
        ability: &str,
    ) -> Result<(), Refusal> {
        refuse::usable(roleset, state, actor, ability)
    }
    fn act_refusal(&self, q: &ActQuery<'_>) -> Result<(), Refusal> {
        refuse::act(q)
    }
    /// The roles a player's main role includes (`Include: %Role%`): their prompts are his; and
    /// the messages through a named whisper he holds.
    fn pending_roles(&self, roleset: &Roleset, state: &GameState, slot: SlotId) -> Vec<String> {
        let Some(world) = world::World::of(state) else {
            return Vec::new();
        };
        let program = program::Program::of(roleset);
        let mut roles: Vec<String> = world
            .players
            .get(slot)
            .map(|p| {
                p.included
                    .iter()
                    .filter_map(|f| {
                        program
                            .roles
                            .iter()
                            .find(|(_, file)| *file == f)
                            .map(|(id, _)| id.clone())
                    })
                    .collect()
            })
            .unwrap_or_default();
        // a named whisper's messages (`abilities::whispering::MESSAGE_PROMPT`), held as this
        // phase's answers leave them (the Poltergeist's whisper opens with his answer); only
        // a roleset whose texts hear a whisper pays for that replay
        let message = abilities::whispering::MESSAGE_PROMPT;
        if roleset.ability(message).is_some()
            && !abilities::whispering::names_of(&phase::world_now(roleset, state), slot).is_empty()
        {
            roles.push(message.to_string());
        }
        roles
    }
    fn vote_refusal(&self, q: &VoteQuery<'_>) -> Result<(), Refusal> {
        refuse::vote(q)
    }
    fn dead_may_vote(
        &self,
        roleset: &Roleset,
        state: &GameState,
        ballot: &str,
        voter: SlotId,
    ) -> bool {
        refuse::dead_may_vote(roleset, state, ballot, voter)
    }
    fn tally(
        &self,
        roleset: &Roleset,
        state: &GameState,
        _seed: u64,
    ) -> crate::engine::tally::Tally {
        live_tally(roleset, state)
    }
    fn role_text(&self, roleset: &Roleset, role: &str) -> Option<String> {
        role_text(roleset, role)
    }
    fn role_pm_lines(&self, roleset: &Roleset, state: &GameState, slot: SlotId) -> Vec<String> {
        group_mates(roleset, state, slot)
    }
    /// The alignments its investigations showed the player (a team of the Werewolf class is
    /// hostile).
    fn told_sides(
        &self,
        roleset: &Roleset,
        state: &GameState,
        slot: SlotId,
    ) -> Vec<(SlotId, bool)> {
        let hostile = |team: &str| roleset.sides.iter().any(|s| s.id == team && s.hostile);
        (world::World::of(state).into_iter())
            .flat_map(|w| w.shown.iter())
            .filter(|shown| shown.to == slot)
            .map(|shown| (shown.about, hostile(&shown.team)))
            .collect()
    }
    fn partners(&self, roleset: &Roleset, state: &GameState, slot: SlotId) -> Vec<SlotId> {
        let mut mates: Vec<SlotId> = (mates_by_group(roleset, state, slot).into_iter())
            .flat_map(|(_, mates)| mates)
            .collect();
        mates.sort_unstable();
        mates.dedup();
        mates
    }
    fn host_sections(&self, roleset: &Roleset, state: &GameState) -> Vec<(String, Vec<String>)> {
        host_sections(roleset, state)
    }
    fn facts(&self, roleset: &Roleset, state: &GameState) -> Facts {
        facts(roleset, state)
    }
    fn resolve(&self, ctx: &mut Ctx) {
        phase::resolve(ctx)
    }
}

/// The polls open now, counted as they will close: only those the executor opened this
/// phase, a group's poll counting its members' votes (research §1.13).
fn live_tally(roleset: &Roleset, state: &GameState) -> crate::engine::tally::Tally {
    let world = phase::world_now(roleset, state);
    let mut tally = crate::engine::tally::count(roleset, state, None);
    tally
        .ballots
        .retain(|b| world.polls.iter().any(|p| p.ballot == b.id));
    for b in &mut tally.ballots {
        let group = world
            .polls
            .iter()
            .find(|p| p.ballot == b.id)
            .and_then(|p| p.group);
        if let Some(g) = group {
            b.not_voted.retain(|s| world.in_group(*s, g));
        }
        // Each vote weighs the voting power the poll's result shows; hidden power and extra
        // votes count only at closing (the host sheet lists them).
        for t in &mut b.targets {
            for v in t.votes.iter_mut().filter(|v| v.void.is_none()) {
                let shown =
                    abilities::manipulating::power(&world, v.voter, group.is_some()).visible;
                v.weight = abilities::manipulating::as_votes(shown).saturating_mul(b.unit);
            }
            t.total = t
                .votes
                .iter()
                .filter(|v| v.void.is_none())
                .fold(0i32, |sum, v| sum.saturating_add(v.weight));
        }
        b.targets.sort_by_key(|t| std::cmp::Reverse(t.total));
        b.thresholds =
            vec!["the most votes wins; a tie or no vote skips the poll; Abstain never wins".into()];
    }
    tally
}

/// The bot's start checks (research §1.2) and the executor's own: every dealt role is
/// executable, every `Require:` is dealt, a `Unique Role` is dealt once, and every `%…%` a
/// dealt role's text uses has the host's value for its holder.
fn check_setup(roleset: &Roleset, setup: &Setup, report: &mut SetupReport) {
    use crate::wwr::ast::{FlagKind, SpecialKind};
    let program = Program::of(roleset);
    // (the player's index in the setup, his name, his role's file)
    let dealt: Vec<(usize, &str, usize)> = setup
        .players
        .iter()
        .enumerate()
        .filter_map(|(i, p)| Some((i, p.name.as_str(), *program.roles.get(&p.role)?)))
        .collect();
    if setup.options.contains_key(setup::DEAL_OPTION) {
        report.errors.push(Refusal::of_setup_field(
            format!("options.{}", setup::DEAL_OPTION),
            format!(
                "`{}` is the setup file's role counts: change them in its `roles`",
                setup::DEAL_OPTION
            ),
        ));
    }
    // Every refusal below is about a player's role.
    let mut refuse = |i: usize, m: String| report.errors.push(Refusal::of_player(i, "role", m));
    for (k, &(i, name, file)) in dealt.iter().enumerate() {
        let role = program.name(file);
        if let Err(why) = support::role_support(&program, file) {
            refuse(
                i,
                format!("{name} is dealt {role}, which is not yet executable: {why}"),
            );
        }
        let Some(element) = program.element(file) else {
            continue;
        };
        for s in element
            .specials
            .iter()
            .filter(|s| s.kind == SpecialKind::Require)
        {
            let wanted = s.value.plain_text().unwrap_or_default();
            let there = program
                .find(crate::wwr::resolve::Namespace::Role, wanted)
                .is_some_and(|w| dealt.iter().any(|&(_, _, f)| f == w));
            if !there {
                refuse(
                    i,
                    format!("{name}: {role} requires {wanted} in the game, and nobody is dealt it"),
                );
            }
        }
        // The place is the second holder of a unique role, the one too many.
        let unique = element.flags.iter().any(|f| f.kind == FlagKind::UniqueRole);
        if unique && dealt.iter().take(k).any(|&(_, _, f)| f == file) {
            refuse(
                i,
                format!("{name}: {role} is a unique role and is dealt more than once"),
            );
        }
        for label in setup::host_info_labels(&program, &support::in_play(&program, &[file])) {
            let id = format!("%{label}%");
            let option = setup
                .options
                .get(&id)
                .cloned()
                .or_else(|| roleset.option(&id).map(|o| o.default.clone()))
                .unwrap_or_default();
            if setup::host_value(&option, name).is_none_or(|v| v.is_empty()) {
                refuse(
                    i,
                    format!(
                        "{name} ({role}) needs the host information {id}: give it in the setup file's host_info or with --option '{id}={name}: VALUE'"
                    ),
                );
            }
        }
    }
}

/// A role's card as the players of a WWR game know it: the role book's own text for it, from
/// the sources the roleset embeds (so a save keeps the text it was dealt with).
fn role_text(roleset: &Roleset, role: &str) -> Option<String> {
    let program = Program::of(roleset);
    let file = *program.roles.get(role)?;
    roleset
        .sources
        .get(file)
        .map(|source| source.text.trim_end().to_string())
}

/// A roleset's wording for a line of a role PM, or the English where it has none (a WWR
/// roleset is built from a setup file and carries only the templates its texts need).
fn wording<'r>(roleset: &'r Roleset, id: &str, english: &'r str) -> &'r str {
    match roleset.template(id) {
        "" => english,
        t => t,
    }
}

/// The role PM's lines for the groups the player is in at the PM's moment (the wolves of the
/// Den from the game's start, which the executor runs when `state` is the game as dealt):
/// each group with its other living members, as the bot's group channel shows them.
fn group_mates(roleset: &Roleset, state: &GameState, slot: SlotId) -> Vec<String> {
    let program = Program::of(roleset);
    (mates_by_group(roleset, state, slot).into_iter())
        .map(|(g, mates)| {
            let name = program.name(g).to_string();
            let mates: Vec<String> = (mates.iter())
                .map(|m| {
                    state
                        .slots
                        .get(*m)
                        .map_or("?", |s| s.name.as_str())
                        .to_string()
                })
                .collect();
            if mates.is_empty() {
                render(
                    wording(roleset, "pm_role_group_alone", "You are in {group}, alone."),
                    &[("group", name)],
                )
            } else {
                render(
                    wording(
                        roleset,
                        "pm_role_group",
                        "You are in {group} with {players}.",
                    ),
                    &[("group", name), ("players", mates.join(", "))],
                )
            }
        })
        .collect()
}

/// Each group `slot` is in (not disbanded), with its other living full members.
fn mates_by_group(roleset: &Roleset, state: &GameState, slot: SlotId) -> Vec<(usize, Vec<SlotId>)> {
    let world = phase::world_start(roleset, state);
    (world.groups.iter())
        .filter(|(g, group)| !group.disbanded && world.in_group(slot, **g))
        .map(|(g, group)| {
            let mates = (group.members.iter())
                .filter(|(m, membership)| {
                    **m != slot
                        && membership.tier >= Tier2::Member
                        && world.players.get(**m).is_some_and(|p| p.alive)
                })
                .map(|(m, _)| *m)
                .collect();
            (*g, mates)
        })
        .collect()
}

/// The executor's state for the host: each player's marks, targets and counters, the open
/// polls and prompts, the displays.
/// The executor's world in plain words, as it stands now (the start of the game's effects
/// included before the first phase is resolved): every player's and group's counter, the
/// groups' members, the attribute rows, the displays, the open polls and the uses of each
/// ability, named by its prompt id (`assassin`) or, for an ability no prompt opens, by its
/// file and line (`Assassin:7`).
fn facts(roleset: &Roleset, state: &GameState) -> Facts {
    facts_of(
        roleset,
        &Program::of(roleset),
        &phase::world_now(roleset, state),
        state,
    )
}

/// [`facts`] of a world already at hand (the host sheet has one).
fn facts_of(
    roleset: &Roleset,
    program: &Program,
    world: &world::World,
    state: &GameState,
) -> Facts {
    use world::AttrKind;
    let name = |p: SlotId| {
        state
            .slots
            .get(p)
            .map_or_else(|| "?".to_string(), |s| s.name.clone())
    };
    let mut facts = Facts::default();
    for (p, player) in world.players.iter().enumerate() {
        facts
            .counters
            .push((name(p), "counter".into(), player.counter));
    }
    for (g, group) in &world.groups {
        let group_name = program.name(*g).to_string();
        facts
            .counters
            .push((group_name.clone(), "counter".into(), group.counter));
        if group.disbanded {
            continue;
        }
        for (p, m) in &group.members {
            let tier = format!("{:?}", m.tier).to_lowercase();
            facts.members.push((*p, group_name.clone(), tier));
        }
    }
    for a in &world.attrs {
        let attribute = match &a.kind {
            AttrKind::Custom { attribute, .. } => program.name(*attribute).to_string(),
            AttrKind::Defense { tier, .. } => tier.word().to_string(),
            AttrKind::Disguise { .. } => "disguise".to_string(),
            AttrKind::Loyalty { .. } => "loyalty".to_string(),
            AttrKind::ExtraRole { role, .. } => program.name(*role).to_string(),
            AttrKind::Obstruction(_) => "obstruction".to_string(),
            AttrKind::Whisper { .. } => "whisper".to_string(),
            AttrKind::VotingPower { .. } => "manipulation".to_string(),
            AttrKind::Redirection { .. } => "redirection".to_string(),
        };
        // an attribute row's or extra role's own counter, by its name (the Mayor's)
        if matches!(a.kind, AttrKind::Custom { .. } | AttrKind::ExtraRole { .. }) && a.counter != 0
        {
            facts
                .counters
                .push((name(a.owner), attribute.clone(), a.counter));
        }
        let words = phase::row_words(program, &a.kind);
        // a row applied to another row is named by both (`Marker on Mayor`)
        let attribute = match a.on_attr.and_then(|id| world.attr(id)) {
            Some(on) => format!(
                "{attribute} on {}",
                match &on.kind {
                    AttrKind::Custom { attribute, .. } => program.name(*attribute),
                    AttrKind::ExtraRole { role, .. } => program.name(*role),
                    _ => "a row",
                }
            ),
            None => attribute,
        };
        facts.attributes.push((a.owner, attribute, words));
    }
    for (display, values) in &world.displays {
        let shown = abilities::displaying::text(roleset, program, display, values);
        facts.displays.push((display.clone(), shown));
    }
    for poll in &world.polls {
        let poll_name = program.name(poll.poll).to_string();
        facts.polls.push((poll_name, poll.ballot.clone()));
    }
    let prompt_at: std::collections::HashMap<world::Loc, &str> = program
        .prompts
        .values()
        .filter_map(|prompt| {
            let triggers = program.triggers(prompt.role);
            let (file, block) = triggers.get(prompt.trigger)?;
            Some((triggers::block_loc(*file, block), prompt.id.as_str()))
        })
        .collect();
    for (key, uses) in &world.uses {
        let Some((src, loc)) = triggers::uses_key_parts(key) else {
            continue;
        };
        let Some(p) = src
            .strip_prefix("player:")
            .and_then(|n| n.parse::<SlotId>().ok())
        else {
            continue;
        };
        let ability = prompt_at.get(&loc).map_or_else(
            || format!("{}:{}", program.name(loc.file), loc.line),
            |id| id.to_string(),
        );
        facts.uses.push((p, ability, uses.quantity));
    }
    facts
}

fn host_sections(roleset: &Roleset, state: &GameState) -> Vec<(String, Vec<String>)> {
    let program = Program::of(roleset);
    let world = phase::world_now(roleset, state);
    let mut lines = Vec::new();
    for (p, player) in world.players.iter().enumerate() {
        let name = state.slots.get(p).map(|s| s.name.as_str()).unwrap_or("?");
        let mut marks: Vec<String> = world
            .attrs_of(p)
            .map(|a| format!("{} ({:?})", phase::row_words(&program, &a.kind), a.lasting))
            .collect();
        if let Some(t) = player.target {
            marks.push(format!(
                "targets {}",
                state.slots.get(t).map(|s| s.name.as_str()).unwrap_or("?")
            ));
        }
        if player.counter != 0 {
            marks.push(format!("counter {}", player.counter));
        }
        if world
            .attrs_of(p)
            .any(|a| matches!(a.kind, world::AttrKind::VotingPower { .. }))
        {
            let public = abilities::manipulating::power(&world, p, false);
            let private = abilities::manipulating::power(&world, p, true);
            marks.push(format!(
                "votes: public {} (shown {}), private {}",
                public.total, public.visible, private.total
            ));
        }
        for (g, group) in &world.groups {
            if let Some(m) = group.members.get(&p) {
                marks.push(format!("{} {:?}", program.name(*g), m.tier));
            }
        }
        if !marks.is_empty() {
            lines.push(format!("{name}: {}", marks.join(", ")));
        }
    }
    let mut out = vec![("WWR marks".to_string(), lines)];
    let slot_name = |p: SlotId| state.slots.get(p).map_or("?", |s| s.name.as_str());
    let polls: Vec<String> = world
        .polls
        .iter()
        .map(|p| format!("{} (ballot `{}`)", program.name(p.poll), p.ballot))
        .chain(world.poll_marks.iter().map(|m| {
            use world::PollMarkKind as K;
            let what = match &m.kind {
                K::Cancelled => "cancelled".to_string(),
                K::Disqualified(p) => format!("{} disqualified", slot_name(*p)),
                K::Unvotable(p) => format!("{} unvotable", slot_name(*p)),
                K::Votes {
                    candidate,
                    amount,
                    hidden,
                } => format!(
                    "{amount:+} {}votes for {}",
                    if *hidden { "hidden " } else { "" },
                    slot_name(*candidate)
                ),
            };
            format!("next {}: {what} ({:?})", program.name(m.poll), m.lasting)
        }))
        .collect();
    out.push(("Open polls".to_string(), polls));
    let displays: Vec<String> = world
        .displays
        .iter()
        .map(|(k, v)| {
            format!(
                "{k}: {}",
                abilities::displaying::text(roleset, &program, k, v)
            )
        })
        .collect();
    if !displays.is_empty() {
        out.push(("Displays".to_string(), displays));
    }
    let uses: Vec<String> = facts_of(roleset, &program, &world, state)
        .uses
        .into_iter()
        .map(|(p, ability, n)| {
            let who = state.slots.get(p).map_or("?", |s| s.name.as_str());
            format!("{who}: {ability} ×{n}")
        })
        .collect();
    if !uses.is_empty() {
        out.push(("Uses".to_string(), uses));
    }
    out
}
