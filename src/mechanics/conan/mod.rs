//! The Detective Conan forum game (DCTP Forum Mafia; seed shared/seeds/001_d8be940afb53daf2.txt,
//! specification shared/rules/conan.md): Prep, then Night 1, Day 1, ...; conditions (abroad,
//! injured, suspended, arrested), the hidden crime log and arrests, the Black Organization's
//! leader, kill orders and turns, the Suitcase and APTX, lovers, wills, the phase-change post and
//! the win check.

mod book;
mod crimes;
mod day;
mod deaths;
mod info;
mod items;
mod kept;
mod kill;
mod live_tally;
mod night;
mod phase;
mod prep;
mod refuse;
mod requires;
mod roles;
mod rules;
mod setup;
mod sheet_words;
mod vote;
mod win;

use crate::engine::resolve::Ctx;
use crate::engine::system::{ActQuery, RuleSystem, VoteQuery};
use crate::engine::{GameState, PlayerSetup, Refusal, Setup, SetupReport, SlotId};
use crate::rules::Roleset;

// The statuses of conan.md §3 (ids fixed by the contract).
pub const ABROAD: &str = "abroad";
pub const INJURED: &str = "injured";
pub const SUSPENDED: &str = "suspended";
pub const ARRESTED: &str = "arrested";
pub const DISCOMBOBULATED: &str = "discombobulated";
pub const FRIGHTENED: &str = "frightened";
pub const HINDERED: &str = "hindered";
pub const BLACKMAILED: &str = "blackmailed";
pub const SLANDERED: &str = "slandered";
pub const CONFUSED: &str = "confused";
pub const CHARMED: &str = "charmed";
pub const HOUSE_SEARCHED: &str = "house_searched";
pub const DISGUISED: &str = "disguised";
pub const LOVER: &str = "lover";

/// Every role a player may be dealt (§12.1, §12.2; the items are never dealt), BO by rank first.
pub const DEALT_ROLES: [&str; 36] = [
    "anokata",
    "rum",
    "gin",
    "vermouth",
    "bourbon",
    "chianti",
    "korn",
    "pisco",
    "irish",
    "tequila",
    "vodka",
    "conan",
    "heiji",
    "kazuha",
    "ran",
    "kogoro",
    "eri",
    "agasa",
    "haibara",
    "araide",
    "yumi",
    "sonoko",
    "megure",
    "takagi",
    "satou",
    "shiratori",
    "nakamori",
    "akai",
    "jodie",
    "okiya",
    "makoto",
    "hakuba",
    "mitsuhiko",
    "ayumi",
    "genta",
    "townsperson",
];

/// Conan as the engine sees it.
#[derive(Debug)]
pub struct Conan;

/// The registry's handle on Conan.
pub static SYSTEM: Conan = Conan;

impl RuleSystem for Conan {
    fn id(&self) -> &'static str {
        "conan"
    }
    /// The lynch is voted in the thread; the BO elect their leader among themselves (§8.2),
    /// so a ballot of theirs on a shared screen would name the BO.
    fn votes_are_public(&self, _roleset: &Roleset, ballot: &crate::rules::BallotDef) -> bool {
        !ballot.private && ballot.id != "bo_leader"
    }
    fn bundled_roleset(&self) -> Option<(&'static str, &'static str)> {
        Some((
            "rolesets/conan.ron",
            include_str!("../../../rolesets/conan.ron"),
        ))
    }
    fn requires(&self) -> crate::engine::system::Requirements {
        requires::all()
    }
    fn upgrade_roleset(&self, roleset: &mut Roleset) {
        super::upgrade_from_bundled(roleset, self);
    }
    fn check_setup(&self, roleset: &Roleset, setup: &Setup, report: &mut SetupReport) {
        setup::check_setup(roleset, setup, report)
    }
    fn assign_roles(
        &self,
        roleset: &Roleset,
        players: &mut [PlayerSetup],
        seed: u64,
    ) -> Result<(), Refusal> {
        setup::assign_roles(roleset, players, seed)
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
    fn pending_roles(&self, _roleset: &Roleset, state: &GameState, slot: SlotId) -> Vec<String> {
        // The items a player holds are used like roles of the same id (§12.3).
        state
            .slots
            .get(slot)
            .map(|s| {
                book::ITEMS
                    .iter()
                    .filter(|i| book::items(s, i) > 0)
                    .map(|i| i.to_string())
                    .collect()
            })
            .unwrap_or_default()
    }
    fn act_refusal(&self, q: &ActQuery<'_>) -> Result<(), Refusal> {
        refuse::act(q)
    }
    fn vote_refusal(&self, q: &VoteQuery<'_>) -> Result<(), Refusal> {
        refuse::vote(q)
    }
    fn vote_warnings(&self, q: &VoteQuery<'_>) -> Vec<String> {
        refuse::vote_warnings(q)
    }
    fn commit_notes(
        &self,
        _roleset: &Roleset,
        state: &GameState,
        preview: &crate::engine::outcome::Outcome,
    ) -> Vec<String> {
        win::commit_notes(state, preview)
    }
    fn tally(
        &self,
        roleset: &Roleset,
        state: &GameState,
        seed: u64,
    ) -> crate::engine::tally::Tally {
        live_tally::tally(roleset, state, seed)
    }
    fn role_pm_lines(&self, roleset: &Roleset, state: &GameState, slot: SlotId) -> Vec<String> {
        role_pm_lines(roleset, state, slot)
    }
    /// The BO's members know each other (§2), whatever their roles.
    fn partners(&self, _roleset: &Roleset, state: &GameState, slot: SlotId) -> Vec<SlotId> {
        match state.slots.get(slot) {
            Some(me) if book::is_bo(me) => (book::bo_members(state).into_iter())
                .filter(|m| *m != slot)
                .collect(),
            _ => Vec::new(),
        }
    }
    fn host_sections(&self, roleset: &Roleset, state: &GameState) -> Vec<(String, Vec<String>)> {
        host_sections(roleset, state)
    }
    fn counter_words(
        &self,
        roleset: &Roleset,
        state: &GameState,
        slot: SlotId,
        key: &str,
        value: u32,
    ) -> Option<String> {
        sheet_words::counter_words(roleset, state, slot, key, value)
    }
    fn kept_lines(&self, roleset: &Roleset, state: &GameState) -> Vec<String> {
        sheet_words::kept_lines(roleset, state)
    }
    fn resolve(&self, ctx: &mut Ctx) {
        resolve(ctx)
    }
}

/// What a role PM says beyond the role (§2, §8.2, §12): the BO members know each other, their
/// ranks and the leader; the Detective Boys know each other; Conan starts with a watch, Agasa
/// with his stock; the travelers start abroad.
fn role_pm_lines(roleset: &Roleset, state: &GameState, slot: SlotId) -> Vec<String> {
    let Some(me) = state.slots.get(slot) else {
        return Vec::new();
    };
    let role_name = |s: &crate::engine::Slot| {
        roleset
            .role(&s.role)
            .map(|r| r.name.clone())
            .unwrap_or_default()
    };
    let say = |template: &str, args: &[(&str, String)]| {
        crate::engine::template::render(roleset.template(template), args)
    };
    let mut out = Vec::new();
    if book::is_bo(me) {
        let members: Vec<String> = book::bo_members(state)
            .into_iter()
            .filter_map(|m| state.slots.get(m))
            .map(|m| {
                let rank = book::rank(m).map_or(0, |r| r + 1);
                format!("{} ({}, rank {rank})", m.name, role_name(m))
            })
            .collect();
        out.push(say("pm_role_bo", &[("players", members.join(", "))]));
        if let Some(l) = book::leader(state) {
            out.push(say("pm_role_leader", &[("player", book::name(state, l))]));
        }
    }
    if me.own_roles().any(|r| book::BOYS.contains(&r)) {
        let boys: Vec<String> = state
            .slots
            .iter()
            .filter(|s| s.own_roles().any(|r| book::BOYS.contains(&r)))
            .map(|s| format!("{} ({})", s.name, role_name(s)))
            .collect();
        out.push(say("pm_role_boys", &[("players", boys.join(", "))]));
    }
    if me.own_roles().any(|r| r == "conan") {
        out.push(say("pm_role_watch", &[]));
    }
    if me.own_roles().any(|r| r == "agasa") {
        out.push(say("pm_role_stock", &[]));
    }
    if me.own_roles().any(|r| r == "makoto" || r == "hakuba") {
        out.push(say("pm_role_traveler", &[]));
    }
    out
}

/// The host's view of what the players never see (§15): the crime log, the BO's leader, turns,
/// capsules and Suitcase, and the wills.
fn host_sections(roleset: &Roleset, state: &GameState) -> Vec<(String, Vec<String>)> {
    let crimes = crimes::log(state)
        .iter()
        .map(|row| crimes::describe_in(roleset, state, row))
        .collect();
    let mut bo = Vec::new();
    if let Some(l) = book::leader(state) {
        bo.push(format!("leader: {}", book::name(state, l)));
    }
    let killed: Vec<SlotId> = book::bo_members(state)
        .into_iter()
        .filter(|m| state.slots[*m].counter(book::TURN_USED) > 0)
        .collect();
    bo.push(format!(
        "killed this cycle: {}",
        book::names(state, &killed)
    ));
    bo.push(format!(
        "may kill next: {}",
        book::names(state, &kill::eligible(state))
    ));
    if let Some(left) = book::capsules_left(roleset, state) {
        bo.push(format!("APTX capsules left: {left}"));
    }
    if let Some(holder) = state
        .slots
        .iter()
        .find(|s| book::items(s, "black_suitcase") > 0)
    {
        bo.push(format!("the Suitcase: {}", holder.name));
    }
    let wills = kept::of(state)
        .wills
        .iter()
        .map(|(s, text)| format!("{}: {text}", book::name(state, *s)))
        .collect();
    vec![
        ("Crime log (host only)".to_string(), crimes),
        ("Black Organization".to_string(), bo),
        ("Wills".to_string(), wills),
    ]
}

fn resolve(ctx: &mut Ctx) {
    resolve_counting(ctx);
}

/// Resolve the phase, handing back the ballots it counted, vote by vote: the live tally runs
/// this same resolution on a copy and shows them.
fn resolve_counting(ctx: &mut Ctx) -> Vec<vote::Counted> {
    if ctx.state.game_over.is_some() {
        return Vec::new();
    }
    // The host's own lines (his hints) close the post (seed line 69).
    let host_lines = std::mem::take(&mut ctx.outcome.messages);
    let kind = ctx.state.phase_kind(ctx.roleset);
    let counted = rules::resolve(ctx, kind);
    win::check(ctx);
    ctx.outcome.messages.extend(host_lines);
    counted
}

/// Injure a player (§3, Q6): through this phase and the next two by default, until healed, or
/// through the next phase only. Never public.
pub fn injure(ctx: &mut Ctx, slot: SlotId) {
    let now = ctx.state.phase;
    let until = match ctx.option("q6_injury").as_str() {
        "until_healed" => None,
        "plus_one" => Some(now + 1),
        _ => Some(now + 2),
    };
    ctx.set_status_until(slot, INJURED, None, until);
    ctx.say(
        crate::engine::outcome::Audience::Slot(slot),
        "pm_injured",
        &[],
    );
}
