//! A Day (conan.md §6.2): the setup (D0), arrests (Q10), the Protection Charm, APTX in rank
//! order while capsules last (§8.6), the lynch (§9), Lawsuits, the Suitcase hand-out and the
//! leader election, and the day's end with its post.

use super::kept;
use super::phase::{self, Run};
use super::{book, crimes, deaths};
use crate::engine::SlotId;
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::Ctx;
use crate::kernel::{self, Act};

/// D6: the post of the day (deaths, the lynch, arrests), the BO's leader election, and the
/// Suitcase in its holder's hands as the night opens (§8.5).
pub fn end(ctx: &mut Ctx, run: &mut Run) {
    super::night::announce(ctx, run);
    super::vote::election(ctx, run);
    super::items::deliver(ctx);
}

/// §8.6: the attempts of the Day, BO members by rank first, while the shared capsules last.
pub fn aptx(ctx: &mut Ctx, run: &mut Run, acts: &[Act]) {
    let mut ordered: Vec<&Act> = acts.iter().collect();
    ordered.sort_by_key(|a| {
        (
            book::rank(&ctx.state.slots[a.actor]).unwrap_or(usize::MAX),
            a.seq,
        )
    });
    for act in ordered {
        attempt(ctx, run, act);
    }
}

fn attempt(ctx: &mut Ctx, run: &mut Run, act: &Act) {
    let user = act.actor;
    let town_capsule = !book::is_bo(&ctx.state.slots[user]);
    // Arresting the user stops the poison and confiscates the capsule (§4.3, §8.6).
    if run.ledger.arrested.contains(&user) {
        let why = format!(
            "{} was arrested first: the APTX is stopped and the capsule confiscated (§8.6)",
            ctx.name(user)
        );
        confiscate(ctx, user, town_capsule);
        phase::tell_failed(ctx, act);
        return kernel::step::done(ctx, act, StepResult::Failed, vec![why]);
    }
    if let Some((result, why)) = super::rules::gate(ctx, run, act) {
        ctx.say(
            Audience::Slot(user),
            "pm_aptx_blocked",
            &[("player", act.entered.join(", "))],
        );
        return kernel::step::done(
            ctx,
            act,
            result,
            vec![why, "the capsule is kept (§8.6)".into()],
        );
    }
    let Some(&t) = act.targets.clone().first() else {
        return kernel::step::done(ctx, act, StepResult::Failed, vec!["no target".into()]);
    };
    let left = book::capsules_left(ctx.roleset, &ctx.state);
    if !town_capsule && left == Some(0) {
        ctx.say(
            Audience::Slot(user),
            "pm_aptx_blocked",
            &[("player", ctx.name(t))],
        );
        let why = "the BO have no capsule left (§8.6, Q3)".to_string();
        return kernel::step::done(ctx, act, StepResult::Failed, vec![why]);
    }
    if run.ledger.charmed.contains(&t) {
        ctx.say(
            Audience::Slot(user),
            "pm_aptx_blocked",
            &[("player", ctx.name(t))],
        );
        let why = format!(
            "{} is charmed: the APTX cannot kill him today; the capsule is kept (§8.6)",
            ctx.name(t)
        );
        return kernel::step::done(ctx, act, StepResult::Failed, vec![why]);
    }
    if town_capsule {
        book::give_item(&mut ctx.state, user, "aptx_capsule", -1);
    }
    let guess = act.params.get("role").cloned().unwrap_or_default();
    let guess_needed = ctx.option("q4_aptx_guess") != "no";
    let right = !guess_needed || ctx.state.slots[t].role == guess;
    phase::happened(ctx, run, act, false);
    if !right {
        if !town_capsule {
            kept::of_mut(&mut ctx.state).capsules_lost += 1;
        }
        ctx.say(
            Audience::Slot(user),
            "pm_aptx_miss",
            &[("player", ctx.name(t))],
        );
        let why = format!(
            "{} is not {guess}: the capsule is lost and {} is not told (§8.6)",
            ctx.name(t),
            ctx.name(t)
        );
        return kernel::step::done(ctx, act, StepResult::Failed, vec![why]);
    }
    let mut reasons = vec![format!(
        "{} guesses {}'s role right: he dies, and the capsule is kept (§8.6)",
        ctx.name(user),
        ctx.name(t)
    )];
    crimes::commit(ctx, "killing", user, Some(t), false);
    ctx.say(
        Audience::Slot(user),
        "pm_aptx_hit",
        &[("player", ctx.name(t))],
    );
    reasons.push(format!("{} dies of APTX4869", ctx.name(t)));
    deaths::die(ctx, run, t, "aptx");
    kernel::step::done(ctx, act, StepResult::Success, reasons);
}

/// A confiscated capsule goes at random to Haibara, Satou or Okiya if one is in the game (Q27).
fn confiscate(ctx: &mut Ctx, user: SlotId, town_capsule: bool) {
    if town_capsule {
        book::give_item(&mut ctx.state, user, "aptx_capsule", -1);
    } else {
        kept::of_mut(&mut ctx.state).capsules_lost += 1;
    }
    if ctx.option("q27_confiscated") != "to_town" {
        return;
    }
    let takers: Vec<SlotId> = ctx
        .state
        .living()
        .filter(|s| {
            s.own_roles()
                .any(|r| matches!(r, "haibara" | "satou" | "okiya"))
        })
        .map(|s| s.id)
        .collect();
    let names: Vec<String> = takers.iter().map(|s| ctx.name(*s)).collect();
    let Some(to) = ctx.draw(
        "aptx",
        "who receives the confiscated capsule",
        &takers,
        |s| names[takers.iter().position(|x| x == s).unwrap_or(0)].clone(),
    ) else {
        return;
    };
    book::give_item(&mut ctx.state, to, "aptx_capsule", 1);
    ctx.say(Audience::Slot(to), "pm_capsule_received", &[]);
}

/// APTX in the registry of Conan's files (the capsule, resolved by its stage).
pub struct Aptx;

impl super::roles::Role for Aptx {
    fn abilities(&self) -> &'static [&'static str] {
        &["aptx"]
    }
    /// An APTX names the role its user believes the target has, where the game asks (§8.6).
    fn refuse(
        &self,
        q: &crate::engine::system::ActQuery<'_>,
    ) -> Result<(), crate::engine::Refusal> {
        let guess = q.state.option(q.roleset, "q4_aptx_guess") != "no";
        if guess && !q.params.contains_key("role") {
            return Err(crate::engine::Refusal::new(
                "aptx",
                "an APTX names the role the user believes the target has (§8.6)",
            ));
        }
        Ok(())
    }
}
