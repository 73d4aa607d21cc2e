//! The information actions (conan.md §5): what happened tonight, read by Investigate,
//! Stake-out and Track, and the yes/no answers a confused asker gets negated.

use super::crimes;
use super::phase::{self, Run};
use crate::engine::Refusal;
use crate::engine::SlotId;
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::Ctx;
use crate::engine::system::ActQuery;
use crate::kernel::{self, Act};

/// Abilities that answer as one family (§5 "kill = attack; heal = first aid; ...").
fn family(ability: &str) -> &str {
    match ability {
        "bo_kill" | "kill" | "attack" | "killing" | "attacking" | "vengeance" | "heavy_handed" => {
            "kill"
        }
        "heal" | "first_aid" => "heal",
        "protect" | "bone_breaker" => "protect",
        "stake_out" | "observe" | "db_stake_out" => "stake_out",
        "investigate" | "interrogate" | "identify" | "bowtie" => "investigate",
        "track" | "glasses" => "track",
        other => other,
    }
}

/// Tell a yes/no result, negated for a confused asker (§5).
pub fn tell_yes_no(
    ctx: &mut Ctx,
    run: &Run,
    act: &Act,
    truth: bool,
    templates: (&str, &str),
    args: &[(&str, String)],
    mut reasons: Vec<String>,
) {
    let confused = run.ledger.confused.contains(&act.actor);
    let answer = truth != confused;
    if confused {
        reasons.push(format!(
            "{} is confused: the answer is negated (§5)",
            ctx.name(act.actor)
        ));
    }
    let template = if answer { templates.0 } else { templates.1 };
    ctx.say(Audience::Slot(act.actor), template, args);
    kernel::step::done(ctx, act, StepResult::Success, reasons);
}

/// Investigate (§5): did the player do that action (to that target) tonight? Suitcase fakes
/// and framed crimes read true, erased crimes false; a doer blocked, searched, arrested or
/// killed before acting did nothing.
pub fn investigate(ctx: &mut Ctx, run: &mut Run, act: &Act) {
    let t = act.targets.clone();
    let Some(&suspect) = t.first() else {
        return kernel::step::done(ctx, act, StepResult::Failed, vec!["no target".into()]);
    };
    let asked = act.params.get("action").cloned().unwrap_or_default();
    let on = act.params.get("target").and_then(|n| ctx.slot_of(n));
    let fam = family(&asked).to_string();
    let did = run.ledger.done.iter().any(|d| {
        d.seen_as == suspect
            && family(&d.ability) == fam
            && on.is_none_or(|o| d.targets.contains(&o))
    });
    let phase = ctx.state.phase;
    let framed = crimes::log(&ctx.state).iter().any(|r| {
        r.framed
            && !r.erased
            && r.phase == phase
            && r.actor == suspect
            && family(&r.crime) == fam
            && on.is_none_or(|o| r.target == Some(o))
    });
    // Erased tonight, or to be erased at the night's end (Erase Evidence covers the whole
    // night, §4.2): the crime reads false.
    let erased = crimes::log(&ctx.state)
        .iter()
        .any(|r| r.erased && r.phase == phase && r.actor == suspect && family(&r.crime) == fam)
        || run
            .ledger
            .erase_orders
            .iter()
            .any(|(_, actor, crime)| *actor == suspect && family(crime) == fam);
    let truth = (did || framed) && !erased;
    let target = on
        .map(|o| format!(" to {}", ctx.name(o)))
        .unwrap_or_default();
    // The players read the action's name, not its id.
    let shown = ctx
        .roleset
        .ability(&asked)
        .map(|a| a.name.clone())
        .unwrap_or(asked.clone());
    let args = [
        ("player", ctx.name(suspect)),
        ("action", shown),
        ("target", target),
    ];
    let why = format!(
        "{} asks whether {} did {asked}: {} (§5)",
        ctx.name(act.actor),
        ctx.name(suspect),
        if truth { "yes" } else { "no" }
    );
    phase::happened(ctx, run, act, false);
    tell_yes_no(
        ctx,
        run,
        act,
        truth,
        ("pm_investigate_yes", "pm_investigate_no"),
        &args,
        vec![why],
    );
}

/// Who acted on `target` tonight, as a stake-out sees it: snipers hidden, a temporary
/// disguise showing the borrowed player (§5).
pub fn visitors(run: &Run, target: SlotId, asker: SlotId) -> Vec<SlotId> {
    let mut out: Vec<SlotId> = Vec::new();
    for d in &run.ledger.done {
        if d.targets.contains(&target)
            && !d.hidden
            && d.seen_as != asker
            && !out.contains(&d.seen_as)
        {
            out.push(d.seen_as);
        }
    }
    out
}

/// Whom `who` acted on tonight (§5).
pub fn visited(run: &Run, who: SlotId) -> Vec<SlotId> {
    let mut out: Vec<SlotId> = Vec::new();
    for d in run.ledger.done.iter().filter(|d| d.seen_as == who) {
        for t in &d.targets {
            if !out.contains(t) {
                out.push(*t);
            }
        }
    }
    out
}

/// A list result (stake-out, track): a confused asker gets an empty list (§5).
pub fn tell_list(
    ctx: &mut Ctx,
    run: &Run,
    act: &Act,
    template: &str,
    subject: SlotId,
    key: &str,
    list: Vec<SlotId>,
) {
    let confused = run.ledger.confused.contains(&act.actor);
    let list = if confused { Vec::new() } else { list };
    let names = super::book::names(&ctx.state, &list);
    let mut reasons = vec![format!("{}: {names} (§5)", ctx.name(subject))];
    if confused {
        reasons.push("the asker is confused: an empty list (§5)".into());
    }
    ctx.say(
        Audience::Slot(act.actor),
        template,
        &[("player", ctx.name(subject)), (key, names)],
    );
    kernel::step::done(ctx, act, StepResult::Success, reasons);
}

/// This file in the registry of Conan's roles (`roles::ROLES`).
pub struct Investigation;

impl super::roles::Role for Investigation {
    fn abilities(&self) -> &'static [&'static str] {
        &["investigate"]
    }
    fn perform(&self, ctx: &mut Ctx, run: &mut super::phase::Run, act: &Act) {
        investigate(ctx, run, act)
    }
    /// An investigation names an action of the game, or a family of them (§5); Conan
    /// investigates twice a night, the others once (§12.2).
    fn refuse(&self, q: &ActQuery<'_>) -> Result<(), Refusal> {
        const FAMILIES: [&str; 4] = ["kill", "attack", "killing", "attacking"];
        let no = |why: String| Err(Refusal::new("investigate", why));
        let action = q.params.get("action").map(String::as_str).unwrap_or("");
        if q.roleset.ability(action).is_none() && !FAMILIES.contains(&action) {
            return no(format!(
                "`{action}` is no action of the game: name an ability id (bo_kill, heal, protect, ...) (§5)"
            ));
        }
        let slot = &q.state.slots[q.actor];
        let per_night = if slot.own_roles().any(|r| r == "conan") {
            2
        } else {
            1
        };
        let sent = crate::engine::resolve::live_acts(q.state)
            .filter(|a| a.actor == q.actor && a.ability == "investigate")
            .count();
        if sent >= per_night {
            return no(format!(
                "{} investigates {per_night} time(s) a night (§12.2)",
                slot.name
            ));
        }
        Ok(())
    }
}
