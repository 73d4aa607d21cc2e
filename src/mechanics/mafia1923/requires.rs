//! The ids of `rolesets/` that Mafia 1923's code names: `check` refuses a roleset of this system
//! that lacks one. `tests/requirements.rs` keeps the list complete by reading the system's sources.

use crate::engine::system::Requirements;

pub const REQUIRES: Requirements = Requirements {
    templates: &[
        "host_exiled",
        "host_offence",
        "private_court_secretary",
        "private_exiled",
        "private_injured",
        "private_witness",
        "public_court_death",
        "public_death",
        "public_families_win",
        "public_family_votes",
        "public_mafia_wins",
        "public_no_court_death",
        "public_player_votes",
        "public_quiet_night",
    ],
    stages: &[
        "bodyguard",
        "butler",
        "court",
        "drunkard",
        "mafia",
        "poison",
        "shadchan",
        "votes",
    ],
    statuses: &["exiled", "in_love", "injured", "jailed", "poisoned"],
    options: &[
        "court_families",
        "lovers_die_together",
        "mafia_second_roles",
    ],
    roles: &[
        "armed_robber",
        "bodyguard",
        "butler",
        "court_secretary",
        "drunkard",
        "mafia_member",
        "shadchan",
        "townsperson",
        "witness",
    ],
    abilities: &[
        "armed_robber",
        "bodyguard",
        "butler",
        "court_secretary",
        "drunkard",
        "mafia_kill",
        "shadchan",
        "witness",
    ],
    sides: &["mafia"],
    rounds: &[],
    ballots: &["family", "individual"],
    counts: &[("court_families", 1, 1000)],
};
