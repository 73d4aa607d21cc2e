//! The maid (§5.28, L45). Near the end of the night she visits a player (`maid_visit`): she
//! learns his peaceful role and everything he was told in the game that does not give his team
//! away (L17's "general information"). With `{"text": …}` she also changes what he is told
//! this morning: `{"mode": "replace"}` (the default) puts her text in place of his messages,
//! `"add"` adds it; `{"if": …}` makes the change depend on a night-note condition (L166). She
//! never learns beforehand what he was to be told, and she receives the same result he does
//! (L17), so nobody can tell a change was made. Instead she may visit a peaceful role
//! (`maid_role_visit` with `{"role": id}`): she learns its holder's name and what the role was
//! told tonight, and changes nothing. A block, the prostitute, a player killed tonight or a
//! role that is absent or unusable (crippled) make her move fail.

use super::super::notes;
use super::night::{self, CityNight};
use super::{Entry, Role, refusal, teams};
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::Ctx;
use crate::engine::{Refusal, SlotId};
use crate::kernel::Act;
use crate::kernel::Fold;
use crate::kernel::Visit;

pub const ROLE: &str = "maid";

/// A maid's move that went through tonight.
#[derive(Clone, Debug, PartialEq)]
pub struct MaidVisit {
    pub maid: SlotId,
    pub target: SlotId,
    /// Visiting a role: only tonight's information, no change.
    pub role_visit: bool,
    pub text: Option<String>,
    pub add: bool,
    pub condition: String,
}

pub struct Maid;

/// The maid's record of the night: her visits that went through.
#[derive(Clone, Default, Debug, PartialEq)]
struct Tonight {
    visits: Vec<MaidVisit>,
}

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    templates: &[
        "pm_maid_feed",
        "pm_maid_holder",
        "pm_maid_role",
        "pm_maid_text",
    ],
    ..crate::engine::system::Requirements::NONE
};

impl Role for Maid {
    fn requires(&self) -> crate::engine::system::Requirements {
        REQUIRES
    }
    fn id(&self) -> &'static str {
        ROLE
    }
    fn night_move(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) -> bool {
        match mv.ability.as_str() {
            "maid_visit" => visit(ctx, run, mv),
            "maid_role_visit" => visit_role(ctx, run, mv),
            _ => return false,
        }
        true
    }
    fn refuse(&self, entry: &Entry) -> Result<(), Refusal> {
        let role = entry.params.get("role").map(String::as_str).unwrap_or("");
        if entry.ability == "maid_role_visit" && entry.roleset.side_of(role) != "red" {
            return refusal(
                "maid_role_visit",
                format!("the maid goes to a peaceful role, and `{role}` is not one (L45)"),
            );
        }
        Ok(())
    }
    fn morning(&self, ctx: &mut Ctx, run: &Fold<CityNight>) {
        for v in run.ledger.roles.read(|t: &Tonight| t.visits.clone()) {
            serve(ctx, run, &v);
        }
    }
    fn history(&self) -> &'static [&'static str] {
        &["pm_maid_"]
    }
}

fn visit(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    let Some(target) = night::target_through_gate(ctx, run, mv, true, false) else {
        return;
    };
    if !ctx.is_alive(target) {
        let why = format!(
            "{} was killed tonight: the maid's move fails (L45)",
            ctx.name(target)
        );
        return night::step(ctx, mv, StepResult::Failed, vec![why]);
    }
    let text = mv
        .params
        .get("text")
        .filter(|t| !t.trim().is_empty())
        .cloned();
    let add = mv.params.get("mode").is_some_and(|m| m == "add");
    let why = match &text {
        Some(_) if add => format!(
            "{} serves {} until morning and adds her text to what he is told (L45)",
            ctx.name(mv.actor),
            ctx.name(target)
        ),
        Some(_) => format!(
            "{} serves {} until morning and puts her text in place of what he is told (L45)",
            ctx.name(mv.actor),
            ctx.name(target)
        ),
        None => format!(
            "{} serves {} until morning and changes nothing (L45)",
            ctx.name(mv.actor),
            ctx.name(target)
        ),
    };
    run.ledger
        .roles
        .get_mut::<Tonight>()
        .visits
        .push(MaidVisit {
            maid: mv.actor,
            target,
            role_visit: false,
            text,
            add,
            condition: mv.params.get("if").cloned().unwrap_or_default(),
        });
    night::step(ctx, mv, StepResult::Success, vec![why]);
}

fn visit_role(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    if let night::Gate::Stop(result, why) = night::gate(ctx, run, mv, true, false) {
        return night::step(ctx, mv, result, vec![why]);
    }
    let role = mv.params.get("role").cloned().unwrap_or_default();
    let holder = ctx
        .state
        .slots
        .iter()
        .find(|s| s.alive && s.role == role && s.id != mv.actor)
        .map(|s| s.id);
    let Some(holder) = holder.filter(|h| !ctx.has_status(*h, super::blocks::CRIPPLED)) else {
        let why = format!(
            "no living player can be served as {}: the role is absent or unusable, the move fails (L45)",
            teams::role_name(ctx.roleset, &role)
        );
        return night::step(ctx, mv, StepResult::Failed, vec![why]);
    };
    run.visits.push(Visit {
        actor: mv.actor,
        ability: mv.ability.clone(),
        targets: vec![holder],
        negative: false,
    });
    run.ledger
        .roles
        .get_mut::<Tonight>()
        .visits
        .push(MaidVisit {
            maid: mv.actor,
            target: holder,
            role_visit: true,
            text: None,
            add: false,
            condition: String::new(),
        });
    let why = format!(
        "{} goes to the {}: {} (L45)",
        ctx.name(mv.actor),
        teams::role_name(ctx.roleset, &role),
        ctx.name(holder)
    );
    night::step(ctx, mv, StepResult::Success, vec![why]);
}

/// The morning of one visit: the change of the target's messages if its condition holds, then
/// what the maid learns, the change included (L17).
fn serve(ctx: &mut Ctx, run: &Fold<CityNight>, v: &MaidVisit) {
    if let Some(text) = &v.text {
        let dead: Vec<String> = ctx
            .outcome
            .deaths
            .iter()
            .map(|d| ctx.name(d.slot))
            .collect();
        let (holds, why) = notes::holds(ctx, run, &v.condition, &dead);
        ctx.note(
            format!("maid:{}", ctx.name(v.maid)),
            ROLE,
            format!("{why} (the maid's change, L45)"),
        );
        if holds {
            if !v.add {
                let target = Audience::Slot(v.target);
                ctx.outcome.messages.retain(|m| m.audience != target);
            }
            ctx.say(
                Audience::Slot(v.target),
                "pm_maid_text",
                &[("text", text.clone())],
            );
        }
    }
    let player = ctx.name(v.target);
    let role = teams::peaceful_name(ctx, v.target);
    let template = if v.role_visit {
        "pm_maid_holder"
    } else {
        "pm_maid_role"
    };
    let args = [("player", player.clone()), ("role", role)];
    ctx.say(Audience::Slot(v.maid), template, &args);
    for (phase, text) in general_information(ctx, v.target, !v.role_visit) {
        let args = [("player", player.clone()), ("phase", phase), ("text", text)];
        ctx.say(Audience::Slot(v.maid), "pm_maid_feed", &args);
    }
}

/// What `target` was told that does not give his team away: tonight's messages, and with
/// `whole_game` those of every earlier phase (L45, L17).
fn general_information(ctx: &Ctx, target: SlotId, whole_game: bool) -> Vec<(String, String)> {
    let general = |m: &&crate::engine::outcome::Message| {
        m.audience == Audience::Slot(target) && super::general_information(&m.template)
    };
    let earlier = ctx
        .state
        .history
        .iter()
        .filter(|_| whole_game)
        .flat_map(|p| {
            p.outcome
                .messages
                .iter()
                .filter(general)
                .map(move |m| (p.name.clone(), m.text.clone()))
        });
    let tonight = ctx
        .outcome
        .messages
        .iter()
        .filter(general)
        .map(|m| (ctx.outcome.phase.clone(), m.text.clone()));
    earlier.chain(tonight).collect()
}
