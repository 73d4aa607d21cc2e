//! The kamikaze (§5.21, L38): attacked at night, he takes his killer with him, and no doctor
//! saves either of them. A killer of his own team makes him die alone, and that killer loses
//! his peaceful role and colour for the rest of the game (crippled). While he can strike he
//! refuses the blocker's protection and a bodyguard. The role passed on after it killed a black
//! can strike no more, and its new holder is told so.

use super::night::NightRun;
use super::{Role, teams};
use crate::engine::SlotId;
use crate::engine::outcome::Audience;
use crate::engine::resolve::Ctx;
use crate::kernel::Attack;

pub const ROLE: &str = "kamikaze";
/// Slot counter: the role killed a black and strikes no more (it passes with the role).
pub const SPENT: &str = "kamikaze_spent";
/// The status of a player who lost his peaceful role and colour for good (L6, L38).
pub const CRIPPLED: &str = "crippled";

pub struct Kamikaze;

impl Role for Kamikaze {
    fn id(&self) -> &'static str {
        ROLE
    }
    fn inherited(&self) -> &'static [&'static str] {
        &[SPENT]
    }
    fn taken(&self, ctx: &mut Ctx, holder: SlotId) {
        if ctx
            .state
            .slots
            .get(holder)
            .is_some_and(|s| s.counter(SPENT) > 0)
        {
            ctx.say(Audience::Slot(holder), "pm_kamikaze_spent", &[]);
        }
    }
}

/// Can this living player strike tonight as a kamikaze?
pub fn can_strike(ctx: &Ctx, slot: SlotId) -> bool {
    ctx.state.slots.get(slot).is_some_and(|s| {
        s.alive && teams::holds(s, ROLE) && s.counter(SPENT) == 0 && !s.has_status(CRIPPLED)
    })
}

/// Before deaths are settled: each kamikaze an attack reached loses any heal and takes his
/// first attacker with him (no heal for him either), or, attacked by his own team, dies alone
/// and cripples that killer.
pub fn strike(ctx: &mut Ctx, run: &mut NightRun) {
    let landed = run.attacks.len();
    for i in 0..landed {
        let a = run.attacks[i].clone();
        if a.settled || a.attacker == a.victim || !can_strike(ctx, a.victim) {
            continue;
        }
        let first = run.attacks[..i].iter().any(|b| b.victim == a.victim);
        if first {
            continue;
        }
        let kamikaze = a.victim;
        run.healed.remove(&kamikaze);
        let (me, killer) = (ctx.name(kamikaze), ctx.name(a.attacker));
        let stage = "doctor";
        if teams::black(ctx, kamikaze) == teams::black(ctx, a.attacker) {
            ctx.set_status(a.attacker, CRIPPLED, Some(kamikaze));
            ctx.say(Audience::Slot(a.attacker), "pm_crippled", &[]);
            let why = format!(
                "{me} is a kamikaze attacked by his own team: he dies alone and {killer} loses his peaceful role and colour for good (L38)"
            );
            ctx.note(format!("kamikaze:{me}"), stage, why);
            continue;
        }
        if teams::black(ctx, a.attacker)
            && let Some(s) = ctx.state.slots.get_mut(kamikaze)
        {
            s.counters.insert(SPENT.into(), 1);
        }
        run.healed.remove(&a.attacker);
        run.attacks.push(Attack::new(kamikaze, a.attacker, ROLE));
        let why = format!(
            "{me} is a kamikaze: he takes {killer} with him, and no doctor saves either (L38)"
        );
        ctx.note(format!("kamikaze:{me}"), stage, why);
    }
}
