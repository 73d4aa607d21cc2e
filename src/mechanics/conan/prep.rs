//! Prep (conan.md §2): Amor's lovers, Sonoko's best friend, Vermouth's disguise and the
//! travelers' return plans; then the game's starting kit: the travelers go abroad until the
//! phase they chose (Q26, default Night 2), Conan gets his watch and Agasa his stock.

use super::book;
use super::kept;
use super::roles::agasa;
use crate::engine::SlotId;
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::Ctx;
use crate::kernel::{self, Act};

/// The Prep stage: its actions in the order entered, then the starting kit.
pub fn stage(ctx: &mut Ctx, run: &mut super::phase::Run, actions: &[Act]) {
    let mut returns: Vec<(SlotId, String)> = Vec::new();
    for act in actions {
        if let Some(stop) = ctx.verdict_stop(&act.key()) {
            kernel::step::done(ctx, act, stop.0, vec![stop.1]);
            continue;
        }
        match act.ability.as_str() {
            "amor" | "best_friend" if let Some(why) = traveler_unreachable(ctx, act) => {
                kernel::step::done(ctx, act, StepResult::Failed, vec![why]);
            }
            "plan_return" => {
                let when = act.params.get("phase").cloned().unwrap_or_default();
                returns.push((act.actor, when.clone()));
                plan_step(ctx, act, &when);
            }
            _ => super::roles::perform(ctx, run, act),
        }
    }
    kit(ctx, &returns);
    // No Day comes before Night 1: the leader holds the Suitcase for it (§8.5).
    super::items::deliver(ctx);
}

/// Why a Prep pairing fails on a traveler abroad, under the option that applies §3 to Prep
/// ("every action on them fails"); by default it reaches him, as §8.7 lets a lover be abroad.
fn traveler_unreachable(ctx: &Ctx, act: &Act) -> Option<String> {
    if ctx.option("q19_prep_on_travelers") != "fails" {
        return None;
    }
    let away = act
        .targets
        .clone()
        .into_iter()
        .find(|t| ctx.has_status(*t, super::ABROAD))?;
    Some(format!(
        "{} is abroad: every action on him fails (§3, Q19)",
        ctx.name(away)
    ))
}

fn plan_step(ctx: &mut Ctx, act: &Act, when: &str) {
    let why = format!("{} plans to return in {when} (§12.2)", ctx.name(act.actor));
    kernel::step::done(ctx, act, StepResult::Success, vec![why]);
}

/// A traveler whose time abroad is over is back as the phase opens: announced once, publicly
/// and to him (§6.1 N0, §6.2 D0).
pub fn returns(ctx: &mut Ctx) {
    let back: Vec<SlotId> = ctx
        .state
        .living()
        .filter(|s| s.own_roles().any(|r| r == "makoto" || r == "hakuba"))
        .filter(|s| !s.has_status(super::ABROAD))
        .filter(|s| !kept::of(&ctx.state).returned.contains(&s.id))
        .map(|s| s.id)
        .collect();
    for t in back {
        kept::of_mut(&mut ctx.state).returned.insert(t);
        ctx.say(Audience::Public, "pub_returned", &[("player", ctx.name(t))]);
        ctx.say(Audience::Slot(t), "pm_returned", &[]);
        ctx.note(
            format!("returned:{}", ctx.name(t)),
            "night_setup",
            format!("{} is back in Japan (§3)", ctx.name(t)),
        );
    }
}

/// The travelers abroad until their return, Conan's watch, Agasa's stock.
fn kit(ctx: &mut Ctx, returns: &[(SlotId, String)]) {
    let travelers: Vec<SlotId> = ctx
        .state
        .slots
        .iter()
        .filter(|s| s.own_roles().any(|r| r == "makoto" || r == "hakuba"))
        .map(|s| s.id)
        .collect();
    let default_return = ctx.roleset.phase_index("Night 2").unwrap_or(3);
    for t in travelers {
        let chosen = returns
            .iter()
            .rev()
            .find(|(s, _)| *s == t)
            .and_then(|(_, w)| ctx.roleset.phase_index(w));
        // Q26: chosen in Prep; fixed by the host (Night 2 unless he moves the status); or a
        // night drawn from Night 1 to Night 3.
        let back = match ctx.option("q26_return").as_str() {
            "chosen" => chosen.unwrap_or(default_return),
            "random" => {
                let nights: Vec<u32> = ["Night 1", "Night 2", "Night 3"]
                    .iter()
                    .filter_map(|n| ctx.roleset.phase_index(n))
                    .collect();
                let label = |i: &u32| ctx.roleset.phase_name(*i);
                let labels: Vec<String> = nights.iter().map(label).collect();
                ctx.draw("prep", "the traveler's return night (Q26)", &nights, |i| {
                    labels[nights.iter().position(|x| x == i).unwrap_or(0)].clone()
                })
                .unwrap_or(default_return)
            }
            _ => default_return,
        };
        // Abroad through the phase before the return: he is back as it opens.
        ctx.set_status_until(t, super::ABROAD, None, Some(back.saturating_sub(1)));
        let why = format!(
            "{} is abroad until {} (§3, Q26)",
            ctx.name(t),
            ctx.roleset.phase_name(back)
        );
        ctx.note(format!("abroad:{}", ctx.name(t)), "prep", why);
    }
    let holders: Vec<(SlotId, bool)> = ctx
        .state
        .slots
        .iter()
        .map(|s| (s.id, s.own_roles().any(|r| r == "agasa")))
        .filter(|(id, agasa)| *agasa || ctx.state.slots[*id].own_roles().any(|r| r == "conan"))
        .collect();
    for (slot, is_agasa) in holders {
        if is_agasa {
            if let Some(s) = ctx.state.slots.get_mut(slot) {
                for item in agasa::STOCK {
                    s.counters.insert(book::stock_key(item), 1);
                }
            }
        } else {
            book::give_item(&mut ctx.state, slot, "watch", 1);
        }
    }
}
