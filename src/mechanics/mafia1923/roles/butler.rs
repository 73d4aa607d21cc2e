//! The Butler (003_c274ad7fc0965730.txt): immune to poison, and survives the first two Mafia
//! attempts on him. His own poison is his roleset effect.

use super::Role;
use crate::engine::resolve::Ctx;
use crate::kernel::Attack;

/// Slot counter: the Mafia attempts on this Butler so far.
const MAFIA_ATTEMPTS: &str = "butler_mafia_attempts";

pub struct Butler;

impl Role for Butler {
    fn id(&self) -> &'static str {
        "butler"
    }

    fn immunity(&self, ctx: &mut Ctx, attack: &Attack) -> Option<String> {
        match attack.kind.as_str() {
            "poison" => Some("Butlers are immune to poison".into()),
            "mafia" => {
                let n = ctx.count_up(attack.victim, MAFIA_ATTEMPTS);
                (n <= 2).then(|| {
                    format!("a Butler survives the first two Mafia attempts (this is attempt {n})")
                })
            }
            _ => None,
        }
    }
}
