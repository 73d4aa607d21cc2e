//! The Black Suitcase (conan.md §8.5): the leader hands it out by day for the coming night (a
//! member or an ordered list; the next eligible member, else the leader, else by rank, Q15);
//! its holder fakes one action, which the information actions see but which is no crime,
//! unless Chameleon makes it real.

use super::book;
use super::kept;
use super::phase::{self, Run};
use crate::engine::Refusal;
use crate::engine::SlotId;
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::Ctx;
use crate::engine::system::ActQuery;
use crate::kernel::{self, Act};

/// The day's hand-out: the leader's ordered list, for the coming night.
pub fn handout(ctx: &mut Ctx, _run: &mut Run, act: &Act) {
    if book::leader(&ctx.state) != Some(act.actor) {
        let why = format!(
            "{} is not the leader: only the leader hands out the Suitcase (§8.2)",
            ctx.name(act.actor)
        );
        return kernel::step::done(ctx, act, StepResult::Failed, vec![why]);
    }
    let list = act.targets.clone();
    kept::of_mut(&mut ctx.state).suitcase_list = list.clone();
    let why = format!(
        "the Suitcase goes tonight to the first of {} who can receive it (§8.5)",
        book::names(&ctx.state, &list)
    );
    kernel::step::done(ctx, act, StepResult::Success, vec![why]);
}

/// The day's end: the Suitcase reaches its holder for the coming night (§8.5, Q15); the
/// last night's holder gives it back.
pub fn deliver(ctx: &mut Ctx) {
    for s in ctx.state.slots.iter_mut() {
        s.counters.remove(&book::item_key("black_suitcase"));
    }
    let list = std::mem::take(&mut kept::of_mut(&mut ctx.state).suitcase_list);
    let can = |ctx: &Ctx, s: SlotId| {
        ctx.state
            .slots
            .get(s)
            .is_some_and(|x| book::free(x) && book::is_bo(x))
    };
    let leader = book::leader(&ctx.state);
    let by_rank = ctx.option("q15_suitcase_fallback") == "by_rank";
    let named = list.iter().copied().find(|s| can(ctx, *s));
    let holder = named
        .or(leader.filter(|l| list.is_empty() && can(ctx, *l)))
        .or_else(|| {
            by_rank
                .then(|| {
                    book::bo_members(&ctx.state)
                        .into_iter()
                        .find(|m| can(ctx, *m))
                })
                .flatten()
        });
    let Some(holder) = holder else { return };
    book::give_item(&mut ctx.state, holder, "black_suitcase", 1);
    ctx.say(Audience::Slot(holder), "pm_suitcase", &[]);
    ctx.say(
        Audience::Host,
        "host_suitcase",
        &[("player", ctx.name(holder))],
    );
}

/// The holder's fake (§8.5): seen as done by the information actions, no crime, no effect; real
/// and a crime under Chameleon (a discombobulation then stops the target's later actions).
pub fn suitcase(ctx: &mut Ctx, run: &mut Run, act: &Act) {
    let fake = act.params.get("fake").cloned().unwrap_or_default();
    let Some(&t) = act.targets.clone().first() else {
        return kernel::step::done(ctx, act, StepResult::Failed, vec!["no target".into()]);
    };
    if ctx.option("q28_suitcase_mode") == "frame_or_slander" {
        return frame_or_slander(ctx, run, act, &fake, t);
    }
    let real = super::roles::anokata::chameleon_on(ctx, run.ledger.killer, act.actor);
    run.ledger.done.push(phase::Done {
        seen_as: act.actor,
        ability: fake.clone(),
        targets: vec![t],
        hidden: false,
    });
    if !real {
        let why = format!(
            "{} fakes {fake} on {}: the information actions see it; it has no effect and is no crime (§8.5)",
            ctx.name(act.actor),
            ctx.name(t)
        );
        return kernel::step::done(ctx, act, StepResult::Success, vec![why]);
    }
    run.ledger.chameleon_fake = Some((act.actor, fake.clone()));
    let why = format!(
        "Chameleon: {} kills tonight with the Suitcase in hand, so his {fake} on {} is real, and a crime (§8.5)",
        ctx.name(act.actor),
        ctx.name(t)
    );
    kernel::step::done(ctx, act, StepResult::Success, vec![why]);
    // The faked ability is carried out as his own, now (its stage may have passed: a faked
    // block stops the target's actions from here on).
    let Some(def) = ctx.roleset.ability(&fake).cloned() else {
        return;
    };
    let mut params = act.params.clone();
    params.remove("fake");
    let real = Act {
        ability: def.id.clone(),
        stage: def.stage.clone(),
        def: std::rc::Rc::new(def),
        params,
        ..act.clone()
    };
    super::roles::perform(ctx, run, &real);
}

/// Q28's later Suitcase: one real Frame or Slander, a crime of its holder's.
fn frame_or_slander(ctx: &mut Ctx, run: &mut Run, act: &Act, fake: &str, t: SlotId) {
    let why = if fake == "slander" {
        run.ledger.slandered.insert(t);
        let now = ctx.state.phase;
        ctx.set_status_until(t, super::SLANDERED, Some(act.actor), Some(now));
        super::crimes::commit(ctx, "slander", act.actor, Some(t), false);
        format!(
            "the Suitcase slanders {}: interrogations on him tonight flip (Q28)",
            ctx.name(t)
        )
    } else {
        let crime = act.params.get("crime").cloned().unwrap_or_default();
        let victim = act.params.get("victim").and_then(|n| ctx.slot_of(n));
        super::crimes::commit(ctx, &crime, t, victim, true);
        super::crimes::commit(ctx, "frame", act.actor, Some(t), false);
        format!("the Suitcase frames {} for {crime} (Q28)", ctx.name(t))
    };
    kernel::step::done(ctx, act, StepResult::Success, vec![why]);
}

/// This file in the registry of Conan's roles (`roles::ROLES`).
pub struct BlackSuitcase;

impl super::roles::Role for BlackSuitcase {
    fn abilities(&self) -> &'static [&'static str] {
        &["suitcase", "suitcase_handout"]
    }
    fn perform(&self, ctx: &mut Ctx, run: &mut super::phase::Run, act: &Act) {
        match act.ability.as_str() {
            "suitcase" => suitcase(ctx, run, act),
            _ => handout(ctx, run, act),
        }
    }
    /// Only the BO leader hands out the Suitcase (§8.2).
    fn usable(
        &self,
        _roleset: &crate::rules::Roleset,
        state: &crate::engine::GameState,
        actor: SlotId,
        ability: &str,
    ) -> Result<(), Refusal> {
        if ability == "suitcase_handout" && book::leader(state) != Some(actor) {
            return Err(Refusal::new(
                "suitcase_handout",
                "only the BO leader hands out the Suitcase (§8.2)",
            ));
        }
        Ok(())
    }
    /// The Suitcase fakes an action of the roleset (§8.5, Q17), or, in Q28's later game, gives
    /// one Frame (naming its crime) or one Slander.
    fn refuse(&self, q: &ActQuery<'_>) -> Result<(), Refusal> {
        if q.ability != "suitcase" {
            return Ok(());
        }
        let no = |why: String| Err(Refusal::new("suitcase", why));
        let fake = q.params.get("fake").map(String::as_str).unwrap_or("");
        if q.state.option(q.roleset, "q28_suitcase_mode") == "frame_or_slander" {
            if fake == "frame" && !q.params.contains_key("crime") {
                return no("a Suitcase Frame names its crime: add {\"crime\": ...} (Q28)".into());
            }
            return match fake {
                "frame" | "slander" => Ok(()),
                _ => no("in this game the Suitcase gives one Frame or one Slander (Q28)".into()),
            };
        }
        let banned = match q.state.option(q.roleset, "q17_suitcase_fakes") {
            "not_arrest" => vec!["arrest"],
            _ => vec!["bo_kill", "aptx", "arrest"],
        };
        if q.roleset.ability(fake).is_none() || banned.contains(&fake) {
            return no(format!(
                "the Suitcase fakes an action of the roleset, not `{fake}` (§8.5, Q17)"
            ));
        }
        Ok(())
    }
}
