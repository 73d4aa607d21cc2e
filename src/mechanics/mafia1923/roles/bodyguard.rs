//! The Bodyguard (003_c274ad7fc0965730.txt): once a game, he protects himself from the Mafia,
//! poison or the Drunkard when nobody else did, and his attacker is injured. His guard of
//! another player is his roleset effect.

use super::Role;
use crate::engine::resolve::Ctx;
use crate::kernel::Attack;

/// Slot counter: the automatic self-protection is spent.
const AUTO_SPENT: &str = "bodyguard_auto";

/// The attack kinds his automatic self-protection covers.
const COVERED: &[&str] = &["mafia", "poison", "drunkard"];

pub struct Bodyguard;

impl Role for Bodyguard {
    fn id(&self) -> &'static str {
        "bodyguard"
    }

    fn last_defence(&self, ctx: &mut Ctx, attack: &Attack) -> Option<(String, Option<String>)> {
        let spent = ctx.state.slots[attack.victim].counter(AUTO_SPENT) > 0;
        if spent || !COVERED.contains(&attack.kind.as_str()) {
            return None;
        }
        ctx.count_up(attack.victim, AUTO_SPENT);
        Some((
            "the Bodyguard's automatic self-protection (once per game)".into(),
            Some("injured".into()),
        ))
    }
}
