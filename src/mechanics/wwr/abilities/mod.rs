//! One module per ability type, as the bot has one file per type (`abilities/types/*.js`).

pub mod announcing;
pub mod attributes;
pub mod counting;
pub mod disguising;
pub mod displaying;
pub mod emitting;
pub mod investigating;
pub mod joining;
pub mod killing;
pub mod polling;
pub mod protecting;
pub mod targeting;

use super::world::Lasting;
use crate::wwr::ast::Duration;

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
