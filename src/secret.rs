//! Seeds nobody can recompute. A deal drawn from a fixed default seed is no secret: anyone with
//! the tool and the sign-up list in the same order gets the same roles. A game without a seed
//! from the host therefore takes one from the operating system's generator; the save keeps it,
//! so the game still replays exactly, and only the host sheet shows it.

use rand::TryRng;
use rand::rngs::SysRng;

/// A fresh seed from the operating system's random source.
pub fn fresh_seed() -> Result<u64, String> {
    SysRng
        .try_next_u64()
        .map_err(|e| format!("the operating system gave no random seed ({e}): pass --seed"))
}
