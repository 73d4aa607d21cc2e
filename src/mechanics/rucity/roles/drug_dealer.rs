//! The drug dealer (§5.17, L34). At night he drugs one or two players (`drug_dealer_drug`):
//! each has a single vote barrier the next day and a vote of at most 1, is told he was drugged
//! (not the dose), and the vote-start post names them. A double dose on one player makes a
//! double barrier, a triple dose (never on himself) a triple one. He earns +1 to his bank for
//! each other player drugged with a single or double dose, nothing for himself or a triple
//! dose. Before the vote he buys votes from the bank (`drug_dealer_buy`, `{"votes": "1.5"}`,
//! any multiple of 0.5; without it his vote is his own single one). His votes are not stopped
//! by his own drug's barrier; against a player with a barrier of his own as well they face the
//! sum of the two (Q30, or the larger). A block, the prostitute or a corpse make the drugging
//! fail.

use super::super::votes::{UNIT, show};
use super::night::{self, CityNight};
use super::{Entry, Role, refusal, teams};
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::{Ctx, live_acts};
use crate::engine::{GameState, Refusal, SlotId};
use crate::kernel::Act;
use crate::kernel::Fold;

pub const ROLE: &str = "drug_dealer";
/// A drugged player: a barrier for the day; his dose is the slot counter [`DOSE`].
pub const DRUGGED: &str = "drugged";
const DOSE: &str = "drug_dose";
/// Slot counters of the dealer: his bank, and the half votes he bought for the day
/// [`BOUGHT_DAY`].
pub const BANK: &str = "drug_dealer_bank";
const BOUGHT: &str = "drug_dealer_bought";
const BOUGHT_DAY: &str = "drug_dealer_bought_day";

pub struct DrugDealer;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    templates: &["pm_drug_dealer_bank", "pm_drugged", "pub_drugged"],
    statuses: &["drugged"],
    options: &["drug_barrier_sum"],
    abilities: &["drug_dealer_buy"],
    ..crate::engine::system::Requirements::NONE
};

impl Role for DrugDealer {
    fn requires(&self) -> crate::engine::system::Requirements {
        REQUIRES
    }
    fn vote_boosts(&self, ctx: &Ctx, vote: &super::CastVote) -> Vec<(i32, String)> {
        bought(ctx, vote.voter).into_iter().collect()
    }
    fn caps_vote(&self, ctx: &Ctx, voter: SlotId) -> Option<String> {
        capped(ctx, voter)
    }
    fn set_barrier(&self, ctx: &Ctx, target: SlotId, own: u32) -> Option<super::SetBarrier> {
        let k = barrier(&ctx.state, target);
        if k == 0 {
            return None;
        }
        let for_makers = barrier_for_dealer(ctx, own, k);
        let why = format!(
            "the drug dealer's votes against {} face {} (L34, Q30)",
            ctx.name(target),
            if for_makers > 0 {
                format!("a barrier of {for_makers}")
            } else {
                "no barrier: his own drug's does not stop them".into()
            }
        );
        let makers = ctx
            .state
            .living()
            .filter(|s| teams::holds(s, ROLE))
            .map(|s| s.id)
            .collect();
        Some(super::SetBarrier {
            k,
            for_makers,
            makers,
            why,
        })
    }
    fn id(&self) -> &'static str {
        ROLE
    }
    fn night_move(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) -> bool {
        mv.ability == "drug_dealer_drug" && {
            drug(ctx, run, mv);
            true
        }
    }
    fn refuse(&self, entry: &Entry) -> Result<(), Refusal> {
        match entry.ability {
            "drug_dealer_drug" => dose_refusal(entry),
            "drug_dealer_buy" => {
                super::before_the_vote(entry)?;
                let bank = entry.me().counter(BANK) as i32;
                match entry.params.get("votes").map(|v| half_votes(v)) {
                    Some(None) => refusal(
                        "drug_dealer_buy",
                        "the votes bought are a multiple of 0.5 (L34)",
                    ),
                    Some(Some(n)) if n > bank => refusal(
                        "drug_dealer_buy",
                        format!("the bank holds {} vote(s) (L34)", show(bank)),
                    ),
                    _ => Ok(()),
                }
            }
            _ => Ok(()),
        }
    }
    fn before_vote(&self, ctx: &mut Ctx) {
        buy(ctx);
        announce_drugged(ctx);
    }
    fn history(&self) -> &'static [&'static str] {
        &["pm_drug_dealer"]
    }
    fn inherited(&self) -> &'static [&'static str] {
        &[BANK]
    }
}

/// A number of votes in half votes: `2`, `1.5`, `0,5`; `None` unless a multiple of 0.5.
fn half_votes(text: &str) -> Option<i32> {
    let text = text.trim().replace(',', ".");
    let (whole, frac) = text.split_once('.').unwrap_or((&text, "0"));
    let whole: i32 = whole.parse().ok().filter(|w| *w >= 0)?;
    let half = match frac.trim_end_matches('0') {
        "" => 0,
        "5" => 1,
        _ => return None,
    };
    Some(whole * UNIT + half)
}

fn dose_of(params: &std::collections::BTreeMap<String, String>) -> u32 {
    params.get("dose").and_then(|d| d.parse().ok()).unwrap_or(1)
}

/// A stronger dose goes to one player, and a triple one never to himself (L34).
fn dose_refusal(entry: &Entry) -> Result<(), Refusal> {
    let dose = dose_of(entry.params);
    if dose > 1 && entry.targets.len() != 1 {
        return refusal(
            "drug_dealer_drug",
            "a double or triple dose goes to one player only (L34)",
        );
    }
    if dose == 3 && entry.targets.contains(&entry.actor) {
        return refusal(
            "drug_dealer_drug",
            "the dealer cannot drug himself with a triple dose (L34)",
        );
    }
    Ok(())
}

fn drug(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    if let night::Gate::Stop(result, why) = night::gate(ctx, run, mv, true, false) {
        return night::step(ctx, mv, result, vec![why]);
    }
    if let Some(dead) = mv.targets.iter().find(|t| !ctx.is_alive(**t)) {
        let why = format!(
            "{} is dead: the drug dealer's move fails (L34)",
            ctx.name(*dead)
        );
        return night::step(ctx, mv, StepResult::Failed, vec![why]);
    }
    let dose = dose_of(&mv.params);
    let day = ctx.state.phase + 1;
    let mut earned = 0;
    let mut reasons = Vec::new();
    for &t in &mv.targets {
        ctx.set_status_until(t, DRUGGED, Some(mv.actor), Some(day));
        if let Some(s) = ctx.state.slots.get_mut(t) {
            s.counters.insert(DOSE.into(), dose);
        }
        ctx.say(Audience::Slot(t), "pm_drugged", &[]);
        let pays = t != mv.actor && dose < 3;
        if pays {
            earned += UNIT as u32;
        }
        reasons.push(format!(
            "{} is drugged: a barrier of {dose} tomorrow, a vote of at most 1{} (L34)",
            ctx.name(t),
            if pays { "; +1 to the bank" } else { "" }
        ));
    }
    let bank = ctx.state.slots[mv.actor].counter(BANK) + earned;
    if let Some(s) = ctx.state.slots.get_mut(mv.actor) {
        s.counters.insert(BANK.into(), bank);
    }
    ctx.say(
        Audience::Slot(mv.actor),
        "pm_drug_dealer_bank",
        &[("bank", show(bank as i32))],
    );
    night::step(ctx, mv, StepResult::Success, reasons);
}

/// The purchase sent before the vote is fixed and paid from the bank (L34).
fn buy(ctx: &mut Ctx) {
    let buys: Vec<(SlotId, i32)> = live_acts(&ctx.state)
        .filter(|a| a.ability == "drug_dealer_buy")
        .filter_map(|a| Some((a.actor, half_votes(a.params.get("votes")?)?)))
        .collect();
    for (dealer, wanted) in buys {
        if let Some(why) = super::blocks::blocked(ctx, dealer, "drug_dealer_buy") {
            ctx.note(
                format!("drug_dealer_buy:{}", ctx.name(dealer)),
                "pre_vote",
                format!("the drug dealer's purchase fails: {why}"),
            );
            continue;
        }
        let bank = ctx.state.slots[dealer].counter(BANK) as i32;
        let bought = wanted.min(bank);
        let phase = ctx.state.phase;
        if let Some(s) = ctx.state.slots.get_mut(dealer) {
            s.counters.insert(BANK.into(), (bank - bought) as u32);
            s.counters.insert(BOUGHT.into(), bought as u32);
            s.counters.insert(BOUGHT_DAY.into(), phase);
        }
        ctx.note(
            format!("drug_dealer_buy:{}", ctx.name(dealer)),
            "pre_vote",
            format!(
                "{} buys {} vote(s) for today from a bank of {} (L34)",
                ctx.name(dealer),
                show(bought),
                show(bank)
            ),
        );
    }
}

/// The vote-start post names the drugged players (L34).
fn announce_drugged(ctx: &mut Ctx) {
    let drugged: Vec<String> = ctx
        .state
        .living()
        .filter(|s| s.has_status(DRUGGED))
        .map(|s| s.name.clone())
        .collect();
    if !drugged.is_empty() {
        ctx.say(
            Audience::Public,
            "pub_drugged",
            &[("players", drugged.join(", "))],
        );
    }
}

/// The half votes the dealer bought for today's vote, added to his vote (L34).
pub fn bought(ctx: &Ctx, voter: SlotId) -> Option<(i32, String)> {
    let s = ctx.state.slots.get(voter)?;
    let n = s.counter(BOUGHT) as i32;
    (n > 0 && s.counter(BOUGHT_DAY) == ctx.state.phase && teams::holds(s, ROLE)).then(|| {
        (
            n,
            format!("+{}: votes the drug dealer bought (L34)", show(n)),
        )
    })
}

/// A drugged player's vote counts at most 1 (L34).
pub fn capped(ctx: &Ctx, voter: SlotId) -> Option<String> {
    ctx.has_status(voter, DRUGGED)
        .then(|| "drugged: the vote counts at most 1 (L34)".to_string())
}

/// The drug's barrier on a player today: his dose.
pub fn barrier(state: &GameState, target: SlotId) -> u32 {
    state
        .slots
        .get(target)
        .filter(|s| s.has_status(DRUGGED))
        .map_or(0, |s| s.counter(DOSE).max(1))
}

/// The barrier the dealer's votes face on a drugged player with a barrier of `own` besides
/// the drug's `drug`: none without his own, else their sum (Q30) or the larger.
pub fn barrier_for_dealer(ctx: &Ctx, own: u32, drug: u32) -> u32 {
    match (own, ctx.option("drug_barrier_sum").as_str()) {
        (0, _) => 0,
        (_, "largest") => own.max(drug),
        _ => own + drug,
    }
}

#[cfg(test)]
mod tests {
    use super::half_votes;

    #[test]
    fn votes_are_bought_in_halves() {
        assert_eq!(half_votes("2"), Some(4));
        assert_eq!(half_votes("1.5"), Some(3));
        assert_eq!(half_votes("0,5"), Some(1));
        assert_eq!(half_votes("1.50"), Some(3));
        assert_eq!(half_votes("1.25"), None);
        assert_eq!(half_votes("-1"), None);
        assert_eq!(half_votes("two"), None);
    }
}
