//! One Night or Day of the Conan rules: its stages in the order in force (conan.md §6), the
//! record of what each stage did, and the gate every action passes (§3: conditions, marks and
//! the nullification rule).

use super::{book, crimes};
use crate::engine::SlotId;
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::Ctx;
use crate::kernel::Act;
use crate::rules::PhaseKind;
use std::collections::{BTreeMap, BTreeSet};

/// An action that happened, as the information actions see it (§5).
#[derive(Clone, Debug)]
pub struct Done {
    /// Who is seen doing it (a temporary disguise shows the borrowed player).
    pub seen_as: SlotId,
    pub ability: String,
    pub targets: Vec<SlotId>,
    /// A sniper stays hidden from stake-outs (§5).
    pub hidden: bool,
}

/// One phase's resolution: the kernel's fold, with the Conan rules' own records as its ledger.
pub type Run = crate::kernel::Fold<Ledger>;

/// What the Conan rules record during a phase, beside the kernel's records.
#[derive(Default, Debug)]
pub struct Ledger {
    /// The index of the stage running now in the phase's order.
    pub stage: usize,
    /// Actions that happened, for stake-outs, tracks and investigations.
    pub done: Vec<Done>,
    /// Players killed, lynched or arrested, with the stage index it happened in: their later
    /// actions are cancelled (§3).
    pub neutralised: BTreeMap<SlotId, usize>,
    pub discombobulated: BTreeSet<SlotId>,
    /// House searched: (owner, Shiratori).
    pub searched: BTreeMap<SlotId, SlotId>,
    /// Crimes a house search stopped, by owner.
    pub stopped_crimes: BTreeMap<SlotId, Vec<String>>,
    pub slandered: BTreeSet<SlotId>,
    pub confused: BTreeSet<SlotId>,
    /// Saved by First Aid tonight: his own actions fail (§7).
    pub first_aided: BTreeSet<SlotId>,
    /// Deaths of the phase in order, for the post: (player, cause).
    pub deaths: Vec<(SlotId, String)>,
    /// Bodies Pisco erased: (body, Pisco).
    pub erased: BTreeMap<SlotId, SlotId>,
    /// Arrests that succeeded this phase.
    pub arrested: Vec<SlotId>,
    /// Erase Evidence orders, carried out at the end of the night: (Gin, actor, crime).
    pub erase_orders: Vec<(SlotId, SlotId, String)>,
    /// Charmed against APTX today.
    pub charmed: BTreeSet<SlotId>,
    /// Tonight's killer as the orders stand at the night's setup (Chameleon needs it early).
    pub killer: Option<SlotId>,
    /// The Suitcase fake Chameleon made real: (Anokata, the ability).
    pub chameleon_fake: Option<(SlotId, String)>,
    /// The lynch's lines of the post (template, arguments), and how many of the phase's deaths
    /// came before it: the post shows them in the order of actions (§6.2, §10).
    pub vote_lines: Vec<(&'static str, Vec<(&'static str, String)>)>,
    pub lynch_at: Option<usize>,
    /// The ballots the phase counted, vote by vote: what the live tally shows.
    pub counts: Vec<super::vote::Counted>,
}

impl Ledger {
    /// Is this player out of action from the current stage on (dead, lynched or arrested at
    /// an earlier stage, §3)?
    pub fn out(&self, slot: SlotId) -> bool {
        self.neutralised
            .get(&slot)
            .is_some_and(|at| *at <= self.stage)
    }
    pub fn neutralise(&mut self, slot: SlotId) {
        let stage = self.stage;
        self.neutralised.entry(slot).or_insert(stage);
    }
}

/// What every Night and Day does as it opens (§6.1 N0, §6.2 D0): travelers back, temporary
/// disguises over, and Vermouth's disguise going on as a crime.
pub fn opening(ctx: &mut Ctx) {
    super::prep::returns(ctx);
    super::roles::vermouth::expire(ctx);
    super::roles::vermouth::disguise_crime(ctx);
}

/// The stages of the current phase kind, in the order in force.
pub fn stages(ctx: &Ctx, kind: PhaseKind) -> Vec<String> {
    ctx.state
        .stage_order
        .iter()
        .filter(|s| ctx.roleset.stage(s).is_some_and(|d| d.runs_in(kind)))
        .cloned()
        .collect()
}

/// The crime an ability commits, if it is one (the roleset tags it `crime:<id>`).
pub fn crime_of(ctx: &Ctx, ability: &str) -> Option<String> {
    ctx.roleset
        .ability(ability)?
        .tags
        .iter()
        .find_map(|t| t.strip_prefix("crime:"))
        .map(str::to_string)
}

/// An actor out of action (§3): killed, lynched or arrested earlier in the order, his later
/// actions are cancelled; a standing Vengeance fires after its holder's death (§12.2).
pub fn gone(ctx: &Ctx, run: &Run, act: &Act) -> Option<(StepResult, String)> {
    let slot = ctx.state.slots.get(act.actor)?;
    let out = !slot.alive || run.ledger.out(act.actor);
    (out && act.ability != "vengeance").then(|| {
        let why = format!(
            "{} was killed, lynched or arrested earlier in the order: the action is cancelled (§3)",
            slot.name
        );
        (StepResult::Cancelled, why)
    })
}

/// Why an action of an actor still in play cannot happen now (§3, §6): his condition or mark,
/// or a target who is abroad or arrested. `None`: it goes through.
pub fn conditions(ctx: &Ctx, run: &Run, act: &Act) -> Option<(StepResult, String)> {
    let name = ctx.name(act.actor);
    let slot = ctx.state.slots.get(act.actor)?;
    let id = act.ability.as_str();
    let vengeance = id == "vengeance";
    if slot.has_status(super::ABROAD) {
        return Some((StepResult::Failed, format!("{name} is abroad (§3)")));
    }
    let leeway = book::leeway(ctx.roleset, &ctx.state, slot, id);
    // An arrested leader keeps the Suitcase hand-out (seed line 56).
    if slot.has_status(super::ARRESTED) && !vengeance && !leeway.lead {
        return Some((StepResult::Failed, format!("{name} is arrested (§3)")));
    }
    if slot.has_status(super::SUSPENDED) && !leeway.item {
        return Some((
            StepResult::Failed,
            format!("{name} is suspended: no abilities, items only (§4.3)"),
        ));
    }
    // The lead is no ability: an injured leader still hands out the Suitcase (seed line 56).
    if slot.has_status(super::INJURED) && !leeway.injured_ok {
        return Some((
            StepResult::Failed,
            format!("{name} is injured: no abilities but the BO kill, Vengeance and items (§3)"),
        ));
    }
    if run.ledger.discombobulated.contains(&act.actor) && act.def().phase == PhaseKind::Night {
        return Some((
            StepResult::Failed,
            format!("{name} is discombobulated: every night action fails (§3)"),
        ));
    }
    if run.ledger.first_aided.contains(&act.actor) {
        return Some((
            StepResult::Failed,
            format!("{name} was saved by First Aid: his own actions fail (§7)"),
        ));
    }
    if ctx.state.phase_kind(ctx.roleset) == PhaseKind::Day && slot.has_status(super::FRIGHTENED) {
        return Some((
            StepResult::Failed,
            format!("{name} is frightened: his day actions fail (§3)"),
        ));
    }
    // Only a release reaches an arrested player (§4.3); nothing reaches one abroad.
    let release = matches!(id, "lawsuit" | "release");
    // The hand-out's list names members who may not be able to receive it: the next one does.
    if id == "suitcase_handout" {
        return None;
    }
    for &t in &act.targets {
        let Some(target) = ctx.state.slots.get(t) else {
            continue;
        };
        if target.has_status(super::ABROAD) {
            return Some((
                StepResult::Failed,
                format!("{} is abroad: every action on him fails (§3)", target.name),
            ));
        }
        if target.has_status(super::ARRESTED) && !release {
            return Some((
                StepResult::Failed,
                format!(
                    "{} is arrested: only a release reaches him (§3)",
                    target.name
                ),
            ));
        }
    }
    None
}

/// A crime of a house-searched actor fails, and Shiratori learns it (§6.1).
pub fn searched_stop(ctx: &Ctx, run: &mut Run, act: &Act) -> Option<(StepResult, String)> {
    let crime = crime_of(ctx, &act.ability)?;
    run.ledger.searched.get(&act.actor)?;
    run.ledger
        .stopped_crimes
        .entry(act.actor)
        .or_default()
        .push(crime.clone());
    Some((
        StepResult::Failed,
        format!(
            "{}'s house is searched tonight: his crime ({crime}) fails (§6.1)",
            ctx.name(act.actor)
        ),
    ))
}

/// An action that went through: recorded as done (seen as a temporarily disguised Vermouth's
/// borrowed player, §12.1), and written to the crime log if it is a crime.
pub fn happened(ctx: &mut Ctx, run: &mut Run, act: &Act, hidden: bool) {
    let targets = act.targets.clone();
    let seen_as = super::roles::vermouth::seen_as(&ctx.state, act.actor);
    run.ledger.done.push(Done {
        seen_as,
        ability: act.ability.clone(),
        targets: targets.clone(),
        hidden,
    });
    if let Some(crime) = crime_of(ctx, &act.ability)
        && crime != "killing"
    {
        // The log names the real doer: charging the player a temporary disguise showed is a
        // false charge (§4.3).
        crimes::commit(ctx, &crime, act.actor, targets.first().copied(), false);
    }
}

/// Tell the actor his action did not happen (a will or a hand-off is a record, not an action).
pub fn tell_failed(ctx: &mut Ctx, act: &Act) {
    if matches!(act.ability.as_str(), "will" | "handoff") {
        return;
    }
    ctx.say(
        Audience::Slot(act.actor),
        "pm_action_failed",
        &[("ability", act.def().name.clone())],
    );
}
