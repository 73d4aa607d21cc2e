//! Haibara Ai (§12.2): First Aid, herself once a game: the target lives through a kill but is
//! injured and his own actions fail (§7). She may receive a confiscated APTX capsule (§4.3).

use super::super::phase::Run;
use crate::engine::outcome::StepResult;
use crate::engine::resolve::Ctx;
use crate::engine::system::Requirements;
use crate::kernel::{self, Act, Attack, Defence};

/// First Aid's place in the protection chain: the lowest; a snipe passes it (§7).
pub const STRENGTH: u8 = 1;

pub fn first_aid(ctx: &mut Ctx, run: &mut Run, act: &Act) {
    let Some(&t) = act.targets.clone().first() else {
        return kernel::step::done(ctx, act, StepResult::Failed, vec!["no target".into()]);
    };
    super::guard(ctx, run, act, STRENGTH, t);
}

/// First Aid held: the target lives, injured, and his own actions fail (§7).
pub fn held(ctx: &mut Ctx, run: &mut Run, defence: &Defence, reasons: &mut Vec<String>) {
    let (by, ward) = (ctx.name(defence.by), ctx.name(defence.target));
    reasons.push(format!(
        "{by} gives {ward} first aid: he lives, injured, and his own actions fail (§7)"
    ));
    super::super::injure(ctx, defence.target);
    run.ledger.first_aided.insert(defence.target);
}

/// This file in the registry of Conan's roles (`roles::ROLES`).
pub struct Haibara;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: Requirements = Requirements {
    abilities: &["first_aid"],
    ..Requirements::NONE
};

impl super::Role for Haibara {
    fn requires(&self) -> Requirements {
        REQUIRES
    }
    fn abilities(&self) -> &'static [&'static str] {
        &["first_aid"]
    }
    fn perform(&self, ctx: &mut Ctx, run: &mut super::super::phase::Run, act: &Act) {
        first_aid(ctx, run, act)
    }
    fn held(
        &self,
        ctx: &mut Ctx,
        run: &mut Run,
        defence: &Defence,
        _attack: &Attack,
        reasons: &mut Vec<String>,
    ) {
        held(ctx, run, defence, reasons)
    }
}
