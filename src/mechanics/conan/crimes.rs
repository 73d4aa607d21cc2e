//! The hidden crime log and the arrests judged against it (conan.md §4). Every crime committed
//! writes a row; a Frame writes one for the framed player; Erase Evidence marks a row of the
//! same night. An arrest succeeds when a row that is not erased names that actor, that crime,
//! that phase and, if charged, that victim; anything else is a false charge.

use super::book;
use super::kept;
use crate::engine::resolve::Ctx;
use crate::engine::{GameState, SlotId};

/// One crime (§4.2).
#[derive(Clone, Debug, PartialEq)]
pub struct Crime {
    pub crime: String,
    /// Who committed it (the framed player for a frame).
    pub actor: SlotId,
    pub target: Option<SlotId>,
    /// The phase index.
    pub phase: u32,
    pub erased: bool,
    /// Written by a Frame: evidence all the same (§4.2).
    pub framed: bool,
}

/// The log as it stands.
pub fn log(state: &GameState) -> Vec<Crime> {
    kept::of(state).crimes.clone()
}

/// Write a crime to the log, and tell the host (the log is his, never the public's).
pub fn commit(ctx: &mut Ctx, crime: &str, actor: SlotId, target: Option<SlotId>, framed: bool) {
    let row = Crime {
        crime: crime.to_string(),
        actor,
        target,
        phase: ctx.state.phase,
        erased: false,
        framed,
    };
    let line = describe(ctx, &row);
    kept::of_mut(&mut ctx.state).crimes.push(row);
    ctx.note(
        format!("crime:{}:{crime}", ctx.name(actor)),
        "night_end",
        format!("crime log: {line}"),
    );
}

/// A row as the host reads it.
pub fn describe(ctx: &Ctx, row: &Crime) -> String {
    describe_in(ctx.roleset, &ctx.state, row)
}

/// The same, from a state.
pub fn describe_in(roleset: &crate::rules::Roleset, state: &GameState, row: &Crime) -> String {
    let name = |s: SlotId| book::name(state, s);
    let victim = row
        .target
        .map(|t| format!(" on {}", name(t)))
        .unwrap_or_default();
    let mut flags = Vec::new();
    if row.framed {
        flags.push("framed");
    }
    if row.erased {
        flags.push("erased");
    }
    let flags = if flags.is_empty() {
        String::new()
    } else {
        format!(" [{}]", flags.join(", "))
    };
    format!(
        "{} by {}{victim} in {}{flags}",
        row.crime,
        name(row.actor),
        roleset.phase_name(row.phase)
    )
}

/// Erase the row of `actor`'s `crime` in this phase (Erase Evidence); whether one was found.
pub fn erase(ctx: &mut Ctx, actor: SlotId, crime: &str) -> bool {
    let phase = ctx.state.phase;
    let rows = &mut kept::of_mut(&mut ctx.state).crimes;
    let found = rows
        .iter_mut()
        .find(|r| r.actor == actor && r.crime == crime && r.phase == phase && !r.erased);
    let Some(row) = found else {
        return false;
    };
    row.erased = true;
    true
}

/// The verdict on a charge.
#[derive(Debug, PartialEq, Eq)]
pub enum Charge {
    True,
    /// No row backs it.
    False,
    /// The row was erased (Q12 decides whether that suspends).
    Erased,
}

/// Judge a charge against the log: `killing` charged for a survivor is false unless the host
/// reads it leniently (Q13).
pub fn judge(
    state: &GameState,
    lenient_killing: bool,
    actor: SlotId,
    crime: &str,
    phase: u32,
    victim: Option<SlotId>,
) -> Charge {
    let matches = |r: &Crime| {
        let crime_ok =
            r.crime == crime || (lenient_killing && crime == "killing" && r.crime == "attacking");
        r.actor == actor
            && crime_ok
            && r.phase == phase
            && victim.is_none_or(|v| r.target == Some(v))
    };
    let rows = log(state);
    if rows.iter().any(|r| matches(r) && !r.erased) {
        Charge::True
    } else if rows.iter().any(matches) {
        Charge::Erased
    } else {
        Charge::False
    }
}
