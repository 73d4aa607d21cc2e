//! The boss's son (§5.31, L48) and his yakuza mirror, the head's daughter (§5.39, L55): the
//! group's third member from the start, with its shots, insurance, rumours and suicide (the
//! group's killer rules, which this role hands its moves to). While the heir is in the group
//! every shot of the group names the partner who insures it (`{"insurer": NAME}`); the heir's
//! colour checks are always red ("чистые руки"). At the end of a day the heir names a successor
//! among the group's plain members (`boss_son_successor`, `head_daughter_successor`), who takes
//! the status when the heir leaves; by option (Q39) only once, the default, or until the last
//! member.

use super::killer::Killer;
use super::{Entry, Role, refusal, teams};
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::Ctx;
use crate::engine::{GameState, Refusal, SlotId};
use teams::KillerSide;

/// A group's heir role.
pub struct Heir {
    pub role: &'static str,
    pub successor: &'static str,
    /// The plain role of the group's members (`mafia`, `yakuza`).
    pub base: &'static str,
    pub side: KillerSide,
    /// The group's name as the trace writes it.
    pub group: &'static str,
}

pub const BOSS_SON: Heir = Heir {
    role: "boss_son",
    successor: "boss_son_successor",
    base: "mafia",
    side: KillerSide::Mafia,
    group: "mafia",
};

pub const HEAD_DAUGHTER: Heir = Heir {
    role: "head_daughter",
    successor: "head_daughter_successor",
    base: "yakuza",
    side: KillerSide::Maniac,
    group: "yakuza",
};

const HEIRS: [&Heir; 2] = [&BOSS_SON, &HEAD_DAUGHTER];

/// Each heir role's succession, by the role.
#[derive(Clone, Debug, Default, PartialEq)]
struct Successions(std::collections::BTreeMap<&'static str, Succession>);

#[derive(Clone, Debug, Default, PartialEq)]
struct Succession {
    /// The successor the heir named last.
    named: Option<SlotId>,
    /// A successor has taken the status once (Q39 `once`: never again).
    done: bool,
}

impl Heir {
    fn killer(&self) -> Killer {
        Killer(self.side)
    }
    /// What the game keeps of this heir's succession.
    fn succession(&self, state: &GameState) -> Succession {
        let all = state.kept.of::<Successions>();
        all.0.get(self.role).cloned().unwrap_or_default()
    }
    fn succession_mut<'s>(&self, state: &'s mut GameState) -> &'s mut Succession {
        let all = &mut state.kept.get_mut::<Successions>().0;
        all.entry(self.role).or_default()
    }
    /// Is this heir alive in his group?
    pub fn in_group(&self, state: &GameState) -> bool {
        state.living().any(|s| teams::holds(s, self.role))
    }
    /// Is `slot` a living plain member of the group?
    fn is_member(&self, state: &GameState, slot: SlotId) -> bool {
        state
            .slots
            .get(slot)
            .is_some_and(|s| s.alive && teams::holds(s, self.base))
    }
}

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    templates: &["pm_boss_son_succeeded"],
    options: &["boss_son_succession"],
    abilities: &["head_daughter_successor", "boss_son_successor"],
    ..crate::engine::system::Requirements::NONE
};

impl Role for Heir {
    fn sheet_lines(
        &self,
        _roleset: &crate::rules::Roleset,
        state: &crate::engine::GameState,
    ) -> Vec<String> {
        let succession = self.succession(state);
        let named = succession.named.map(|n| {
            format!(
                "{}'s named successor: {}",
                self.role,
                super::kept::name(state, n)
            )
        });
        let done =
            (succession.done).then(|| format!("{}: a successor has taken the status", self.role));
        named.into_iter().chain(done).collect()
    }
    fn requires(&self) -> crate::engine::system::Requirements {
        REQUIRES
    }
    // A named successor who dies at a vote shows the status beside his role (L48).
    fn lynched_note(&self, state: &GameState, slot: SlotId) -> Option<&'static str> {
        named_successor(state, slot).then_some("преемник")
    }
    fn black_checks_red(
        &self,
        ctx: &Ctx,
        _run: &crate::kernel::Fold<super::night::CityNight>,
        target: crate::engine::SlotId,
    ) -> bool {
        checks_red(ctx, target)
    }
    fn id(&self) -> &'static str {
        self.role
    }
    fn night_move(
        &self,
        ctx: &mut Ctx,
        run: &mut crate::kernel::Fold<super::night::CityNight>,
        mv: &crate::kernel::Act,
    ) -> bool {
        if mv.ability != self.successor {
            return self.killer().night_move(ctx, run, mv);
        }
        let Some(&heir) = mv.targets.first() else {
            return false;
        };
        self.succession_mut(&mut ctx.state).named = Some(heir);
        let why = format!(
            "{} names {} the successor: he takes the status if the heir leaves (L48, L55)",
            ctx.name(mv.actor),
            ctx.name(heir)
        );
        super::night::step(ctx, mv, StepResult::Success, vec![why]);
        true
    }
    fn usable(&self, entry: &Entry) -> Result<(), Refusal> {
        self.killer().usable(entry)
    }
    fn refuse(&self, entry: &Entry) -> Result<(), Refusal> {
        if entry.ability != self.successor {
            return self.killer().refuse(entry);
        }
        match entry.targets.first() {
            Some(&t) if !self.is_member(entry.state, t) => refusal(
                self.successor,
                format!(
                    "{} is not a living {}: the successor is one of the group's members (L48, L55)",
                    entry.state.slots[t].name, self.base
                ),
            ),
            _ => Ok(()),
        }
    }
    fn departed(&self, ctx: &mut Ctx, dead: &[SlotId]) {
        succeed(self, ctx, dead);
    }
}

/// Is this player the successor an heir has named (shown so when he dies by day, L48)?
pub fn named_successor(state: &GameState, slot: SlotId) -> bool {
    HEIRS
        .iter()
        .any(|h| h.succession(state).named == Some(slot))
}

/// The heirs' colour checks are always red (L48 "чистые руки").
pub fn checks_red(ctx: &Ctx, target: SlotId) -> bool {
    ctx.state
        .slots
        .get(target)
        .is_some_and(|s| HEIRS.iter().any(|h| teams::holds(s, h.role)))
}

/// A group's shot while its heir is in the group names its insurer: a living member of the
/// group other than the shooter (L48, L55).
pub fn insurer_refusal(entry: &Entry, side: KillerSide) -> Result<(), Refusal> {
    let Some(heir) = HEIRS.iter().find(|h| h.side == side) else {
        return Ok(());
    };
    if !heir.in_group(entry.state) {
        return Ok(());
    }
    let named = entry
        .params
        .get("insurer")
        .and_then(|n| entry.state.slot_by_name(n));
    match named {
        None => refusal(
            "insurer",
            format!(
                "while the {} is in the {}, each shot names the partner who insures it: add {{\"insurer\": NAME}} (L48, L55)",
                heir.role, heir.group
            ),
        ),
        Some(s)
            if s.id == entry.actor
                || !s.alive
                || teams::killer_side(entry.roleset, s) != Some(side) =>
        {
            refusal(
                "insurer",
                format!(
                    "{} cannot insure this shot: the insurer is a living partner of the shooter's (L48)",
                    s.name
                ),
            )
        }
        Some(_) => Ok(()),
    }
}

/// The group's first living plain member in seat order.
fn first_member(heir: &Heir, state: &GameState) -> Option<SlotId> {
    (0..state.slots.len()).find(|&i| heir.is_member(state, i))
}

/// The heir has left: the successor he named, a living plain member, takes his status (L48), or
/// with none the group's first member in seat order; unless the option allows one succession
/// only and it has happened (Q39), or he is the group's last member.
fn succeed(heir: &Heir, ctx: &mut Ctx, dead: &[SlotId]) {
    let left = dead.iter().any(|d| {
        ctx.state
            .slots
            .get(*d)
            .is_some_and(|s| !s.alive && teams::holds(s, heir.role))
    });
    if !left || heir.in_group(&ctx.state) {
        return;
    }
    let once = ctx.option("boss_son_succession") == "once";
    if once && heir.succession(&ctx.state).done {
        return;
    }
    let named = heir.succession_mut(&mut ctx.state).named.take();
    // "Один из напарников станет его преемником": the status always passes to a partner. With
    // none named, or the named one gone, it goes to the first living member in seat order; the
    // host may move it.
    let Some(next) = named
        .filter(|n| heir.is_member(&ctx.state, *n))
        .or_else(|| first_member(heir, &ctx.state))
    else {
        return;
    };
    if named != Some(next) {
        ctx.note(
            heir.role,
            "killers",
            format!(
                "no living successor was named: {} is the first of the {} in seat order (L48)",
                ctx.name(next),
                heir.group
            ),
        );
    }
    // "Преемник не может передать статус последней мафии": the status is a third member's,
    // so the group's last member never takes it.
    if teams::members(ctx.roleset, &ctx.state, heir.side).len() < 2 {
        ctx.note(
            heir.role,
            "killers",
            format!(
                "{} is the group's last member: the status does not pass (L48)",
                ctx.name(next)
            ),
        );
        return;
    }
    if let Some(slot) = ctx.state.slots.get_mut(next) {
        for r in slot.extra_roles.iter_mut() {
            if r == heir.base {
                *r = heir.role.to_string();
                break;
            }
        }
    }
    heir.succession_mut(&mut ctx.state).done = true;
    let name = teams::role_name(ctx.roleset, heir.role);
    ctx.say(
        Audience::Slot(next),
        "pm_boss_son_succeeded",
        &[("role", name)],
    );
    ctx.note(
        heir.role,
        "killers",
        format!(
            "{} succeeds the heir and takes his status (L48, L55)",
            ctx.name(next)
        ),
    );
}
