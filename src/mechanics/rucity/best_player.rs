//! The vote for the best players after the game (§11.4, L174–L175). Every player who took
//! part, dead or alive, elites included, gives his votes to any number of players on the
//! ballot `best_player` (`VoteOn("best_player", voter, target)`), or abstains (`-`); a vote for
//! himself counts as an abstention (L175.1: "Голос за себя ... приравнивается к отказу"). One
//! `Resolve` after the end counts it: a player is among the best with votes from at least half
//! of those who voted (L175.3); of more than four, only the most voted, and players tied at the
//! cut of four all stay out (L175.5). Nobody reaching half means no best player (L175.4).

use crate::engine::SlotId;
use crate::engine::entry::PendingKind;
use crate::engine::outcome::Audience;
use crate::engine::resolve::Ctx;
use std::collections::{BTreeMap, BTreeSet};

pub const BALLOT: &str = "best_player";
pub const STATUS: &str = "best_player";
/// At most this many best players (L175.5).
const MOST: usize = 4;

/// Count the vote and name the best players.
pub fn resolve(ctx: &mut Ctx) {
    let mut voters: BTreeSet<SlotId> = BTreeSet::new();
    let mut backers: BTreeMap<SlotId, BTreeSet<SlotId>> = BTreeMap::new();
    for p in ctx.state.pending.iter().filter(|p| p.replaced_by.is_none()) {
        let PendingKind::Vote {
            ballot,
            voter,
            target,
        } = &p.kind
        else {
            continue;
        };
        if ballot != BALLOT {
            continue;
        }
        voters.insert(*voter);
        match ctx.state.slot_by_name(target).map(|s| s.id) {
            Some(t) if t != *voter => {
                backers.entry(t).or_default().insert(*voter);
            }
            _ => {}
        }
    }
    let base = voters.len();
    let mut passed: Vec<(usize, SlotId)> = backers
        .iter()
        .map(|(t, v)| (v.len(), *t))
        .filter(|(n, _)| base > 0 && 2 * n >= base)
        .collect();
    passed.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let best = within_cut(&passed);
    for (n, t) in &passed {
        let why = if best.contains(t) {
            format!(
                "{} has {n} of {base} voters (at least half): among the best (L175.3)",
                ctx.name(*t)
            )
        } else {
            format!(
                "{} has {n} of {base} voters but does not fit among the four best with those tied with him (L175.5)",
                ctx.name(*t)
            )
        };
        ctx.note(format!("best:{}", ctx.name(*t)), BALLOT, why);
    }
    for &t in &best {
        ctx.set_status_until(t, STATUS, None, None);
    }
    if best.is_empty() {
        let why =
            format!("nobody has votes from half of the {base} voters: no best player (L175.4)");
        ctx.note("best", BALLOT, why);
        ctx.say(Audience::Public, "pub_best_none", &[]);
    } else {
        let names: Vec<String> = best.iter().map(|t| ctx.name(*t)).collect();
        ctx.say(
            Audience::Public,
            "pub_best_players",
            &[("players", names.join(", "))],
        );
    }
}

/// The players who fit among the four best, most voted first: a group tied at the cut that does
/// not fit whole stays out, and so does everyone below it.
fn within_cut(passed: &[(usize, SlotId)]) -> Vec<SlotId> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < passed.len() {
        let n = passed[i].0;
        let group: Vec<SlotId> = passed[i..]
            .iter()
            .take_while(|(m, _)| *m == n)
            .map(|(_, t)| *t)
            .collect();
        if out.len() + group.len() > MOST {
            break;
        }
        i += group.len();
        out.extend(group);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::within_cut;

    #[test]
    fn a_tie_across_the_cut_of_four_keeps_the_whole_group_out() {
        assert_eq!(
            within_cut(&[(5, 1), (4, 2), (3, 3), (3, 4), (3, 5)]),
            vec![1, 2]
        );
        assert_eq!(
            within_cut(&[(5, 1), (4, 2), (3, 3), (3, 4)]),
            vec![1, 2, 3, 4]
        );
        assert_eq!(
            within_cut(&[(5, 1), (5, 2), (5, 3), (5, 4), (5, 5)]),
            Vec::<usize>::new()
        );
    }
}
