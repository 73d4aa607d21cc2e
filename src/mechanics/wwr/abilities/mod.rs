//! One module per ability type, as the bot has one file per type (`abilities/types/*.js`).

pub mod announcing;
pub mod ascending;
pub mod attributes;
pub mod cancelling;
pub mod changing;
pub mod choices;
pub mod counting;
pub mod disbanding;
pub mod disguising;
pub mod displaying;
pub mod emitting;
pub mod formatting;
pub mod granting;
pub mod investigating;
pub mod joining;
pub mod killing;
pub mod locking;
pub mod loyalty;
pub mod manipulating;
pub mod obstructing;
pub mod polling;
pub mod protecting;
pub mod redirecting;
pub mod resurrecting;
pub mod shuffling;
pub mod targeting;
pub mod whispering;

use super::eval::{Scope, V, number};
use super::world::{Lasting, Src};
use crate::wwr::ast::Duration;

/// The slot of a value index computed in play (`Update … value @Self->Counter`): below 1, or
/// no number, is the first, as the bot reads it. An index past `most` (the bound the parser
/// puts on one the text writes) changes nothing, rather than growing a list to it: `Err` says
/// so for the feedback.
pub fn value_slot(index: &V, most: u32) -> Result<usize, String> {
    let n = number(index).unwrap_or(1.0).max(1.0);
    if n > f64::from(most) {
        return Err(format!("there is no value {n}, the last is {most}"));
    }
    Ok(n as usize - 1)
}

/// The lasting of a row from a written duration, or `default` where none is written.
pub fn lasting(duration: Option<Duration>, default: Lasting) -> Lasting {
    match duration {
        None => default,
        Some(d) => match d {
            Duration::Permanent => Lasting::Permanent,
            Duration::Persistent | Duration::Attribute => Lasting::Persistent,
            Duration::Phase | Duration::PhaseAttribute | Duration::DelayedPhase => Lasting::Phase,
            Duration::NextPhase | Duration::NextPhaseAttribute => Lasting::NextPhase,
            Duration::NextDay | Duration::NextDayAttribute => Lasting::NextDay,
            Duration::NextNight | Duration::NextNightAttribute => Lasting::NextNight,
            Duration::UntilUse | Duration::UntilUseAttribute => Lasting::UntilUse,
            Duration::UntilSecondUse => Lasting::UntilSecondUse,
        },
    }
}

/// The attribute row a new row ends with: only the `…Attribute` durations tie a row to the
/// attribute whose text made it (research §1.9: the Doomed mark's `(~NextDayAttribute)`
/// manipulation goes with the mark).
pub fn tied_parent(scope: &Scope, duration: Option<Duration>) -> Option<u64> {
    let tied = matches!(
        duration,
        Some(
            Duration::Attribute
                | Duration::UntilUseAttribute
                | Duration::PhaseAttribute
                | Duration::NextPhaseAttribute
                | Duration::NextDayAttribute
                | Duration::NextNightAttribute
        )
    );
    match scope.src {
        Src::Attribute { id, .. } if tied => Some(id),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::{V, value_slot};

    /// An index computed in play is bounded as a written one is: `Update … value N` with a
    /// huge N made a replay allocate gigabytes; now it changes nothing and says why.
    #[test]
    fn a_value_index_past_the_last_changes_nothing() {
        assert_eq!(value_slot(&V::Num(2.0), 16), Ok(1));
        assert_eq!(value_slot(&V::Text("3".into()), 16), Ok(2));
        assert_eq!(value_slot(&V::Nothing, 16), Ok(0));
        assert_eq!(value_slot(&V::Num(-5.0), 16), Ok(0));
        assert_eq!(value_slot(&V::Num(f64::NAN), 16), Ok(0));
        assert_eq!(value_slot(&V::Num(16.0), 16), Ok(15));
        for huge in [17.0, 1e18, f64::INFINITY] {
            assert!(value_slot(&V::Num(huge), 16).is_err(), "{huge}");
        }
    }
}
