//! The hacker (§5.5, L22; black holder L91). At the end of a day (entered in the following
//! night) he hacks one player: every role of the target is blocked for a game-day, that night
//! and the next day; his moves are accepted and fail. A black target keeps one role blocked for
//! a second game-day and chooses at the end of the first which one he uses (`hack_choice`; by
//! default, option Q64, he keeps his negative role). A black hacker blocks blacks for one
//! game-day only. The target is told he was hacked; the hacker learns the peaceful role he
//! hacked in the morning. A hack stays in force if the hacker dies.

use super::night::{self, CityNight};
use super::{Entry, Role, refusal, teams};
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::Ctx;
use crate::engine::{Refusal, SlotId};
use crate::kernel::Act;
use crate::kernel::Fold;

pub const ROLE: &str = "hacker";
/// Every role blocked for the game-day.
pub const HACKED: &str = "hacked";
/// A black target's second game-day: one of his roles stays blocked.
pub const HACKED_SECOND: &str = "hacked_second";

/// Each hacked black's choice for his second game-day: `peaceful` or `negative`.
#[derive(Clone, Debug, Default, PartialEq)]
struct Choices(std::collections::BTreeMap<SlotId, String>);

pub struct Hacker;

/// The hacker's record of the night: (hacker, target) of tonight's hacks.
#[derive(Clone, Default, Debug, PartialEq)]
struct Tonight {
    hacks: Vec<(SlotId, SlotId)>,
}

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    templates: &["pm_hacked", "pm_hacked_until", "pm_hacker_role"],
    statuses: &["hacked", "hacked_second"],
    options: &["hacked_black_default"],
    abilities: &["hack_choice"],
    ..crate::engine::system::Requirements::NONE
};

impl Role for Hacker {
    fn sheet_lines(
        &self,
        _roleset: &crate::rules::Roleset,
        state: &crate::engine::GameState,
    ) -> Vec<String> {
        let choices = state.kept.of::<Choices>();
        (choices.0.iter())
            .map(|(s, c)| {
                format!(
                    "{} uses his {c} role on the hack's second day",
                    super::kept::name(state, *s)
                )
            })
            .collect()
    }
    fn requires(&self) -> crate::engine::system::Requirements {
        REQUIRES
    }
    fn blocks_move(
        &self,
        ctx: &Ctx,
        actor: SlotId,
        ability: &str,
        peaceful: bool,
    ) -> Option<String> {
        let slot = ctx.state.slots.get(actor)?;
        let name = &slot.name;
        if super::blocks::day_block_holds(ctx, actor, HACKED, ability) {
            return Some(format!(
                "{name} is hacked: every role is blocked for the game-day (L22)"
            ));
        }
        if !slot.has_status(HACKED_SECOND) {
            return None;
        }
        let uses_peaceful = (ctx.state.kept.of::<Choices>().0.get(&actor))
            .map(|c| c == "peaceful")
            .unwrap_or_else(|| ctx.option("hacked_black_default") == "peaceful");
        (uses_peaceful != peaceful).then(|| {
            let which = if peaceful { "peaceful" } else { "negative" };
            format!("{name} is hacked for a second game-day: the {which} role stays blocked (L22)")
        })
    }
    fn blocks_role_itself(
        &self,
        state: &crate::engine::GameState,
        slot: &crate::engine::Slot,
    ) -> bool {
        // A hack holds what the role does by itself through its night and day.
        super::blocks::day_block_holds_the_role(state, slot, HACKED)
    }
    fn answers_move(&self, ctx: &mut Ctx, _run: &mut Fold<CityNight>, mv: &Act) -> bool {
        if mv.ability != "hack_choice" {
            return false;
        }
        choose(ctx, mv);
        true
    }
    fn id(&self) -> &'static str {
        ROLE
    }
    fn night_move(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) -> bool {
        match mv.ability.as_str() {
            ROLE => hack(ctx, run, mv),
            _ => return false,
        }
        true
    }
    fn morning(&self, ctx: &mut Ctx, run: &Fold<CityNight>) {
        let hacks = run.ledger.roles.read(|t: &Tonight| t.hacks.clone());
        for (hacker, target) in hacks {
            let role = teams::peaceful_name(ctx, target);
            ctx.say(
                Audience::Slot(hacker),
                "pm_hacker_role",
                &[("player", ctx.name(target)), ("role", role)],
            );
        }
    }
    fn history(&self) -> &'static [&'static str] {
        &["pm_hacker"]
    }
}

fn hack(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    let Some(target) = night::target_through_gate(ctx, run, mv, true, false) else {
        return;
    };
    // The pimp who takes the hacker's passport this very evening is not hacked (L22).
    let taken_by_him = run
        .acts
        .iter()
        .any(|a| a.actor == target && a.ability == "pimp_enslave" && a.targets.contains(&mv.actor));
    if taken_by_him {
        let why = format!(
            "{} takes {}'s passport this evening: the hack on him fails (L22)",
            ctx.name(target),
            ctx.name(mv.actor)
        );
        return night::step(ctx, mv, StepResult::Failed, vec![why]);
    }
    let (target_black, hacker_black) = (teams::black(ctx, target), teams::black(ctx, mv.actor));
    // The game-day is this night and the next day: the status ends once that day is committed.
    let phase = ctx.state.phase;
    // From this evening to the next (the blocks' window, L22).
    ctx.set_status_until(target, HACKED, Some(mv.actor), Some(phase + 2));
    let mut reasons = vec![format!(
        "{} is hacked: every role is blocked tonight and tomorrow (L22)",
        ctx.name(target)
    )];
    if target_black && !hacker_black {
        ctx.set_status_until(target, HACKED_SECOND, Some(mv.actor), Some(phase + 3));
        reasons.push(
            "a black keeps one role blocked for a second game-day, his choice at the end of the first (L22)"
                .into(),
        );
    } else if target_black {
        reasons.push("a black hacker blocks a black for one game-day only (L91)".into());
    }
    if target_black && hacker_black {
        // A black hacked by a black is told exactly when his block ends (L91).
        let until = ctx.roleset.phase_name(phase + 1);
        ctx.say(
            Audience::Slot(target),
            "pm_hacked_until",
            &[("until", until)],
        );
    } else {
        ctx.say(Audience::Slot(target), "pm_hacked", &[]);
    }
    run.ledger
        .roles
        .get_mut::<Tonight>()
        .hacks
        .push((mv.actor, target));
    night::step(ctx, mv, StepResult::Success, reasons);
}

/// A hacked black's choice for his second game-day (L22): the role he will use.
pub fn choose(ctx: &mut Ctx, mv: &Act) {
    let choice = mv.params.get("use").cloned().unwrap_or_default();
    let choices = &mut ctx.state.kept.get_mut::<Choices>().0;
    choices.insert(mv.actor, choice.clone());
    let why = format!(
        "{} uses the {choice} role on the second game-day of the hack (L22)",
        ctx.name(mv.actor)
    );
    night::step(ctx, mv, StepResult::Success, vec![why]);
}

/// `hack_choice` is for a hacked black only, whatever his roles (L22).
pub fn choice_refusal(entry: &Entry) -> Result<(), Refusal> {
    if entry.ability == "hack_choice" && !entry.me().has_status(HACKED_SECOND) {
        return refusal(
            "hack_choice",
            "only a hacked black player chooses the role he keeps (L22)",
        );
    }
    Ok(())
}
