//! What a death sets off (conan.md §3, §7 step 5, §8.7, §10): the victim's later actions are
//! cancelled, a lover follows, Akai's Vengeance fires, and the phase-change post shows the
//! death with the role and the will, unless Pisco erased the body.

use super::kept;
use super::phase::Run;
use crate::engine::SlotId;
use crate::engine::outcome::Audience;
use crate::engine::resolve::Ctx;

/// A player dies now of `cause`; what his death sets off follows at once.
pub fn die(ctx: &mut Ctx, run: &mut Run, victim: SlotId, cause: &str) {
    if !ctx.kill(victim, cause) {
        return;
    }
    run.ledger.neutralise(victim);
    // A dead protector protects nobody (§7).
    run.defences.retain(|d| d.by != victim);
    run.ledger.deaths.push((victim, cause.to_string()));
    lover_follows(ctx, run, victim);
    super::roles::akai::vengeance_fires(ctx, run, victim);
}

/// §8.7: the other lover commits suicide in the same stage; no protection or heal stops it,
/// abroad or arrested (Q19: unless the host keeps a traveler out of it).
fn lover_follows(ctx: &mut Ctx, run: &mut Run, victim: SlotId) {
    let Some(partner) = ctx
        .state
        .slots
        .get(victim)
        .and_then(|s| s.statuses.get(super::LOVER))
        .and_then(|i| i.link)
        .filter(|p| ctx.is_alive(*p))
    else {
        return;
    };
    let abroad = ctx.has_status(partner, super::ABROAD);
    if abroad && ctx.option("q19_lover_suicide_away") == "not_abroad" {
        return;
    }
    ctx.note(
        format!("lover:{}", ctx.name(partner)),
        &stage_name(ctx, run),
        format!(
            "{} cannot live without {} and commits suicide; nothing stops it (§8.7)",
            ctx.name(partner),
            ctx.name(victim)
        ),
    );
    die(ctx, run, partner, "lover_suicide");
}

/// The stage running now, by id.
pub fn stage_name(ctx: &Ctx, run: &Run) -> String {
    let kind = ctx.state.phase_kind(ctx.roleset);
    super::phase::stages(ctx, kind)
        .get(run.ledger.stage)
        .cloned()
        .unwrap_or_default()
}

/// The phase-change post's lines for the deaths of the phase (§10): the role (not for an
/// erased body, Q23 for a lynch), the will (Q22), and Pisco's copy of an erased body's will.
pub fn announce(ctx: &mut Ctx, run: &Run, range: std::ops::Range<usize>) {
    for (victim, cause) in run.ledger.deaths[range].iter().cloned() {
        let name = ctx.name(victim);
        let role = role_name(ctx, victim);
        if let Some(&pisco) = run.ledger.erased.get(&victim) {
            ctx.say(
                Audience::Public,
                "pub_death_erased",
                &[("player", name.clone())],
            );
            if let Some(text) = kept::of(&ctx.state).wills.get(&victim).cloned() {
                ctx.say(
                    Audience::Slot(pisco),
                    "pm_will_received",
                    &[("player", name), ("text", text)],
                );
            }
            continue;
        }
        let template = match cause.as_str() {
            "lynch" if ctx.option("q23_lynch_reveal") == "no" => "pub_lynched_no_reveal",
            "lynch" => "pub_lynched",
            "aptx" => "pub_aptx_death",
            "lover_suicide" => "pub_lover_suicide",
            _ => "pub_death",
        };
        ctx.say(
            Audience::Public,
            template,
            &[("player", name.clone()), ("role", role)],
        );
        let night_kill = matches!(
            cause.as_str(),
            "bo_kill" | "vengeance" | "bo_kill_protector"
        );
        if ctx.option("q22_wills_shown") == "night_kills" && !night_kill {
            continue;
        }
        if let Some(text) = kept::of(&ctx.state).wills.get(&victim).cloned() {
            ctx.say(
                Audience::Public,
                "pub_will",
                &[("player", name), ("text", text)],
            );
        }
    }
}

/// The role a death shows: the player's own (a disguise falls with its wearer).
pub fn role_name(ctx: &Ctx, slot: SlotId) -> String {
    ctx.state
        .slots
        .get(slot)
        .and_then(|s| ctx.roleset.role(&s.role))
        .map(|r| r.name.clone())
        .unwrap_or_default()
}
