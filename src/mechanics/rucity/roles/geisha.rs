//! The geisha (§5.37, L54), a werewolf of the maniac's side. At night she keeps company with a
//! player (`geisha_company`, herself too, never two nights in a row): as with the prostitute, her
//! client's later moves fail and so do later moves on him, but negative moves of and on him go
//! through (the prostitute's company rules, `Company::geisha`). A killer's attack on her reaches
//! her client too, unless he is black: then she dies alone. A black's kill of her black client,
//! or her black client's kill of her, is called off. Her move fails when she is blocked, on the
//! blocker's ward, on a homeless out on his watch, or on a kamikaze who can strike; she learns
//! her client's peaceful role and he learns he was taken. Once the maniac is out she shoots on
//! the maniac's nights (`geisha_kill`, not her client), besides her company. She may insure the
//! maniac's stopped shot (`insure`, her own target or his), before any insurance of the mafia's,
//! never the yakuza's; when one of the yakuza is out she takes his place beside the survivor
//! (L54).

use super::night::{self, CityNight};
use super::prostitute::Company;
use super::{Entry, Role, blocker, kamikaze, refusal, teams, werewolf};
use crate::engine::outcome::StepResult;
use crate::engine::resolve::{Ctx, live_acts};
use crate::engine::{Refusal, SlotId};
use crate::kernel::Act;
use crate::kernel::Fold;
use teams::KillerSide;

pub const ROLE: &str = "geisha";
pub const COMPANY: &str = "geisha_company";
pub const KILL: &str = "geisha_kill";
/// The night she last kept herself company.
const LAST_SELF: &str = "geisha_last_self";

pub struct Geisha;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    templates: &["pm_geisha_becomes_yakuza"],
    abilities: &["geisha_company", "geisha_kill"],
    ..crate::engine::system::Requirements::NONE
};

impl Role for Geisha {
    fn requires(&self) -> crate::engine::system::Requirements {
        REQUIRES
    }
    fn insures_side(&self) -> Option<super::teams::KillerSide> {
        Some(super::teams::KillerSide::Maniac)
    }
    fn at_night(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, moment: super::Moment) {
        if moment == super::Moment::StageCloses("doctor") {
            where_she_was(ctx, run);
        }
    }
    // She goes before the prostitute (§7.3 step 5).
    fn stage_ranks(&self) -> &'static [(&'static str, u8)] {
        &[(COMPANY, 0)]
    }
    fn id(&self) -> &'static str {
        ROLE
    }
    fn night_move(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) -> bool {
        match mv.ability.as_str() {
            COMPANY => company(ctx, run, mv),
            KILL => werewolf::kill(ctx, run, mv, ROLE),
            _ => return false,
        }
        true
    }
    fn usable(&self, entry: &Entry) -> Result<(), Refusal> {
        if entry.ability == "insure" {
            let maniac = entry.state.living().any(|s| teams::holds(s, "maniac"));
            return match maniac {
                true => Ok(()),
                false => refusal(
                    "insure",
                    "the geisha insures the maniac only, never the yakuza (L54)",
                ),
            };
        }
        if entry.ability != KILL {
            return Ok(());
        }
        let maniac_out = teams::members(entry.roleset, entry.state, KillerSide::Maniac).is_empty();
        let night = entry.night();
        let last_black = werewolf::last_black(entry.roleset, entry.state, entry.actor);
        if !maniac_out {
            return refusal(KILL, "the geisha shoots only once the maniac is out (L54)");
        }
        if !KillerSide::Maniac.owns_parity(night) && !last_black {
            return refusal(
                KILL,
                "the geisha shoots on the maniac's nights, the even ones (L54, L3)",
            );
        }
        Ok(())
    }
    // Not herself two nights in a row (L54).
    fn refuse_repeat(&self, entry: &Entry) -> Result<(), Refusal> {
        if entry.ability != COMPANY || entry.targets.first() != Some(&entry.actor) {
            return Ok(());
        }
        let last = entry.me().counters.get(LAST_SELF).copied().unwrap_or(0);
        if last > 0 && last + 1 == entry.night() {
            return refusal(
                COMPANY,
                "the geisha kept herself company last night: not two nights in a row (L54)",
            );
        }
        Ok(())
    }
    fn refuse(&self, entry: &Entry) -> Result<(), Refusal> {
        let Some(&t) = entry.targets.first() else {
            return Ok(());
        };
        match entry.ability {
            COMPANY if entry.targets.len() > 1 && entry.me().role != super::prostitute::ROLE => {
                refusal(
                    COMPANY,
                    "two clients at once only for a geisha holding the prostitute (L111)",
                )
            }
            KILL => {
                let company = live_acts(entry.state).any(|a| {
                    a.actor == entry.actor
                        && a.ability == COMPANY
                        && entry
                            .state
                            .slot_by_name(a.targets.first().map(String::as_str).unwrap_or(""))
                            .map(|s| s.id)
                            == Some(t)
                });
                if company {
                    return refusal(
                        KILL,
                        "the geisha's kill and her company go to different players (L54)",
                    );
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }
    fn departed(&self, ctx: &mut Ctx, _dead: &[SlotId]) {
        partner_the_last_yakuza(ctx);
    }
    /// A black killer's move on her black client, or her black client's move on her, is called
    /// off (L54); no insurance takes it over (L14).
    // The rest of what her company stops is the prostitute's rule, which the prostitute's
    // hook applies to both (L54).
    fn stops(&self, ctx: &Ctx, run: &Fold<CityNight>, mv: &Act) -> Option<(StepResult, String)> {
        black_killer_called_off(ctx, run, mv)
    }
}

fn company(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    let Some(first) = night::target_through_gate(ctx, run, mv, true, true) else {
        night::fake_self(ctx, run, mv);
        return;
    };
    let mut reasons = Vec::new();
    let mut kept = 0;
    // Two clients at once with the prostitute's peaceful role (L111).
    for &client in std::iter::once(&first).chain(mv.targets.iter().skip(1)) {
        match fails(ctx, run, mv.actor, client) {
            Some(why) => reasons.push(why),
            None => {
                keep_company(ctx, run, mv, client, &mut reasons);
                kept += 1;
            }
        }
    }
    if kept == 0 {
        ctx.say(
            crate::engine::outcome::Audience::Slot(mv.actor),
            "pm_move_failed",
            &[],
        );
        night::fake_self(ctx, run, mv);
        return night::step(ctx, mv, StepResult::Failed, reasons);
    }
    night::step(ctx, mv, StepResult::Success, reasons);
}

/// Why her move on `client` fails (L54), if it does.
fn fails(ctx: &Ctx, run: &Fold<CityNight>, geisha: SlotId, client: SlotId) -> Option<String> {
    let name = ctx.name(client);
    if client != geisha && blocker::protects(ctx, run, client) {
        Some(format!(
            "{name} is under the blocker's protection: her move fails (L54)"
        ))
    } else if super::homeless::on_watch(ctx, run, client) {
        Some(format!(
            "{name} is a homeless out on his watch: her move fails (L54)"
        ))
    } else if kamikaze::can_strike(ctx, client) {
        Some(format!(
            "{name} is a kamikaze who can strike tonight: her move fails (L54)"
        ))
    } else {
        None
    }
}

fn keep_company(
    ctx: &mut Ctx,
    run: &mut Fold<CityNight>,
    mv: &Act,
    client: SlotId,
    reasons: &mut Vec<String>,
) {
    if client == mv.actor {
        let night = run.ledger.night;
        if let Some(s) = ctx.state.slots.get_mut(mv.actor) {
            s.counters.insert(LAST_SELF.into(), night);
        }
    }
    super::prostitute::take_home(
        run,
        Company {
            prostitute: mv.actor,
            client,
            protected: false,
            geisha: true,
            illusion: super::imitator::covers(run, client),
        },
    );
    reasons.push(format!(
        "{} spends the night with the geisha {}: his later peaceful moves and later moves on him fail, negative ones go through (L54)",
        ctx.name(client),
        ctx.name(mv.actor)
    ));
}

/// When one of the yakuza is out, the geisha at once takes the dead one's place beside the
/// survivor (L54): her negative role becomes the yakuza's, shots, insurance and checks included.
fn partner_the_last_yakuza(ctx: &mut Ctx) {
    let yakuza: Vec<SlotId> = ctx
        .state
        .living()
        .filter(|s| teams::holds(s, super::yakuza::ROLE))
        .map(|s| s.id)
        .collect();
    let once_a_pair = ctx
        .state
        .slots
        .iter()
        .filter(|s| teams::holds(s, super::yakuza::ROLE))
        .count()
        >= 2;
    if yakuza.len() != 1 || !once_a_pair {
        return;
    }
    let Some(geisha) = teams::holder(&ctx.state, ROLE) else {
        return;
    };
    if let Some(s) = ctx.state.slots.get_mut(geisha) {
        for r in s.extra_roles.iter_mut().filter(|r| *r == ROLE) {
            *r = super::yakuza::ROLE.to_string();
        }
    }
    crate::kernel::status::clear(ctx, geisha, werewolf::PEACEFUL);
    ctx.say(
        crate::engine::outcome::Audience::Slot(geisha),
        "pm_geisha_becomes_yakuza",
        &[("player", ctx.name(yakuza[0]))],
    );
    let why = format!(
        "a yakuza is out: the geisha {} takes his place beside {} (L54)",
        ctx.name(geisha),
        ctx.name(yakuza[0])
    );
    ctx.note(format!("geisha:{}", ctx.name(geisha)), "morning", why);
}

/// Once the night's deaths are settled, a geisha with two clients (L111) counts, for every
/// later check of her moves, as having been with the one who lives, or at home if neither does.
pub fn where_she_was(ctx: &mut Ctx, run: &mut Fold<CityNight>) {
    let two_clients: Vec<SlotId> = run
        .acts
        .iter()
        .filter(|a| a.ability == COMPANY && a.targets.len() > 1)
        .map(|a| a.actor)
        .collect();
    for geisha in two_clients {
        let mut moved = false;
        for v in run
            .visits
            .iter_mut()
            .filter(|v| v.actor == geisha && v.ability == COMPANY)
        {
            let living: Vec<SlotId> = v
                .targets
                .iter()
                .copied()
                .filter(|t| ctx.is_alive(*t))
                .collect();
            if living.len() < v.targets.len() {
                moved = true;
                v.targets = if living.is_empty() {
                    vec![geisha]
                } else {
                    living
                };
            }
        }
        if moved {
            ctx.note(
                format!("geisha:{}", ctx.name(geisha)),
                "doctor",
                format!(
                    "a client of {} died tonight: she counts as having been with the other one, or at home (L111)",
                    ctx.name(geisha)
                ),
            );
        }
    }
}

/// A black killer's move on the geisha's black client, or by her client on her, is called off
/// (L54).
fn black_killer_called_off(
    ctx: &Ctx,
    run: &Fold<CityNight>,
    mv: &Act,
) -> Option<(StepResult, String)> {
    if !ctx.roleset.ability_has_tag(&mv.ability, teams::KILLER) || !teams::black(ctx, mv.actor) {
        return None;
    }
    let &target = mv.targets.first()?;
    super::prostitute::company(run)
        .iter()
        .filter(|c| c.geisha && teams::black(ctx, c.client))
        .find(|c| {
            (c.client == target && mv.actor != c.prostitute)
                || (c.prostitute == target && c.client == mv.actor)
        })
        .map(|c| {
            (
                StepResult::Skipped,
                format!(
                    "the geisha {} keeps the black {} company: the black killer's move is called off (L54)",
                    ctx.name(c.prostitute),
                    ctx.name(c.client)
                ),
            )
        })
}
