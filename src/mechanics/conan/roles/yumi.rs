//! Miyamoto Yumi (§12.2), traffic police who cannot arrest: Amor in Prep makes one or two pairs
//! of lovers (§8.7), who learn each other; one investigation a night (the shared one).

use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::Ctx;
use crate::engine::system::Requirements;
use crate::kernel::{self, Act};

pub fn amor(ctx: &mut Ctx, act: &Act) {
    let players = act.targets.clone();
    let pairs = ctx.option("lover_pairs").parse::<usize>().unwrap_or(1);
    let mut reasons = Vec::new();
    for pair in players.chunks(2).take(pairs) {
        let [a, b] = pair else { continue };
        ctx.set_status(*a, super::super::LOVER, Some(*b));
        ctx.set_status(*b, super::super::LOVER, Some(*a));
        ctx.say(Audience::Slot(*a), "pm_lover", &[("partner", ctx.name(*b))]);
        ctx.say(Audience::Slot(*b), "pm_lover", &[("partner", ctx.name(*a))]);
        reasons.push(format!(
            "{} and {} are lovers (§8.7)",
            ctx.name(*a),
            ctx.name(*b)
        ));
        // A BO-town pair leaves both sides (Q18): each is told so.
        if super::super::book::mixed_lover(ctx.roleset, &ctx.state, &ctx.state.slots[*a]) {
            for p in [*a, *b] {
                ctx.say(Audience::Slot(p), "pm_lovers_side", &[]);
            }
            reasons.push("a BO-town pair: both now play for the lovers (§8.7, Q18)".into());
        }
    }
    kernel::step::done(ctx, act, StepResult::Success, reasons);
}

/// This file in the registry of Conan's roles (`roles::ROLES`).
pub struct Yumi;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: Requirements = Requirements {
    templates: &["pm_lover", "pm_lovers_side"],
    options: &["lover_pairs"],
    abilities: &["amor"],
    ..Requirements::NONE
};

impl super::Role for Yumi {
    fn requires(&self) -> Requirements {
        REQUIRES
    }
    fn abilities(&self) -> &'static [&'static str] {
        &["amor"]
    }
    fn perform(&self, ctx: &mut Ctx, _run: &mut super::super::phase::Run, act: &Act) {
        amor(ctx, act)
    }
}
