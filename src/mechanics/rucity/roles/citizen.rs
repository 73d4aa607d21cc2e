//! The citizen (§1.4): a peaceful role without moves beyond the night note, standing in for
//! the additional roles of the later parts.

use super::Role;

pub struct Citizen;

impl Role for Citizen {
    fn id(&self) -> &'static str {
        "citizen"
    }
}
