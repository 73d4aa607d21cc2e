//! The hero (§5.18, L35; black holder L98). Once per game, once every vote is in, he stands up
//! for a player about to be lynched: a red one is not lynched; with a black one the hero is
//! lynched too; the post names whom he saved. Not himself, never at the witch hunt, and only
//! one of a double lynch. A red hero who saved a red and is lynched later may die heroically,
//! taking one of those who voted against him, counted as lynched. A black hero saves blacks as
//! well and learns the saved player's team. Passive: a single barrier, and the names of his
//! night visitors. A faceless hero (L73) saves anybody, learning the team, and lynched himself
//! may take the heroic suicide (`hero_death` with no target): a draw, his victims zeroed.

use super::night::CityNight;
use super::{Entry, Role, refusal, teams};
use crate::engine::entry::PendingKind;
use crate::engine::outcome::Audience;
use crate::engine::resolve::{Ctx, live_acts};
use crate::engine::{GameState, Refusal, SlotId};
use crate::kernel::Fold;

pub const ROLE: &str = "hero";
/// Status of the player the hero saved.
pub const SAVED: &str = "hero_saved";
/// Slot counter: this red hero saved a red (his heroic death is open).
const SAVED_RED: &str = "hero_saved_red";
/// Slot counter: the once-per-game stand is spent (it passes with the role, L9).
const SAVE_SPENT: &str = "hero_save_spent";
/// Slot counter of a black hero: the red he saved (slot + 1), whom he checks red for while he
/// lives (L98).
const SAVED_BY_BLACK: &str = "hero_black_saved_red";
/// Slot counter: the night a black hero and the black he saved make no killer move (L98).
const NO_SHOT_NIGHT: &str = "hero_no_shot_night";

pub struct Hero;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    templates: &[
        "pm_hero_visitors",
        "pub_hero_saved",
        "pub_hero_stood_in_vain",
    ],
    statuses: &["hero_saved"],
    roles: &["hero"],
    ..crate::engine::system::Requirements::NONE
};

impl Role for Hero {
    fn requires(&self) -> crate::engine::system::Requirements {
        REQUIRES
    }
    fn spared_since(&self, state: &GameState, slot: SlotId) -> Option<u32> {
        state.slots.get(slot)?.statuses.get(SAVED).map(|i| i.since)
    }
    fn spare_from_the_rope(&self, ctx: &mut Ctx, victims: Vec<SlotId>) -> Vec<SlotId> {
        stand(ctx, &victims)
    }
    fn takes_with_him(&self, ctx: &mut Ctx, lynched: &[SlotId]) -> Option<SlotId> {
        heroic_death(ctx, lynched)
    }
    // Before a lynch's result the faceless hero is asked for his stand, with the leader's
    // team named (L73).
    fn host_asks(
        &self,
        ctx: &Ctx,
        totals: &std::collections::BTreeMap<SlotId, i32>,
    ) -> Vec<String> {
        let Some(hero) = faceless_hero_to_ask(&ctx.state) else {
            return Vec::new();
        };
        let top = totals.values().copied().max().filter(|t| *t > 0);
        totals
            .iter()
            .filter(|(l, t)| Some(**t) == top && **l != hero)
            .map(|(l, _)| ask_line(ctx, hero, *l))
            .collect()
    }
    fn barrier(&self, _roleset: &crate::rules::Roleset, state: &GameState, target: SlotId) -> u32 {
        barrier(state, target)
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
        ROLE
    }
    fn history(&self) -> &'static [&'static str] {
        &["pm_hero_visitors"]
    }
    fn bans(&self, entry: &Entry) -> Result<(), Refusal> {
        let killer = entry
            .roleset
            .ability(entry.ability)
            .is_some_and(|d| d.tags.iter().any(|t| t == "killer"))
            && teams::is_negative_ability(entry.roleset, entry.ability);
        let tonight = super::super::night::night_number(entry.state.phase);
        if killer && tonight > 0 && entry.me().counter(NO_SHOT_NIGHT) == tonight {
            return refusal(
                "no_shot",
                format!(
                    "{} was in the black hero's rescue yesterday: no black killer move tonight, and the shot stays in reserve (L98, L2)",
                    entry.me().name
                ),
            );
        }
        Ok(())
    }
    fn usable(&self, entry: &Entry) -> Result<(), Refusal> {
        match entry.ability {
            "hero_save" if hunt_on(entry.state) => {
                refusal("hero_save", "nobody can be saved at the witch hunt (L35)")
            }
            // The faceless hero lynched may always take the heroic suicide (L73).
            "hero_death" if super::faceless::is_faceless(entry.state, entry.actor) => Ok(()),
            "hero_death" if entry.me().counter(SAVED_RED) == 0 => refusal(
                "hero_death",
                "only a red hero who saved a red may die heroically (L35)",
            ),
            _ => Ok(()),
        }
    }
    fn refuse(&self, entry: &Entry) -> Result<(), Refusal> {
        let faceless = super::faceless::is_faceless(entry.state, entry.actor);
        if entry.ability == "hero_death" && faceless != entry.targets.is_empty() {
            return refusal(
                "hero_death",
                if faceless {
                    "the faceless hero's heroic suicide takes nobody with him (L73)"
                } else {
                    "the heroic death names one player who voted against the hero (L35)"
                },
            );
        }
        let Some(&t) = entry.targets.first() else {
            return Ok(());
        };
        let voted_against_him = entry.state.pending.iter().any(|p| {
            p.is_live()
                && matches!(&p.kind, PendingKind::Vote { voter, target, .. }
                    if *voter == t && entry.state.slot_by_name(target).map(|s| s.id) == Some(entry.actor))
        });
        match entry.ability {
            "hero_death" if !voted_against_him => refusal(
                "hero_death",
                format!(
                    "{} did not vote against the hero (L35)",
                    entry.state.slots[t].name
                ),
            ),
            _ => Ok(()),
        }
    }
    fn morning(&self, ctx: &mut Ctx, run: &Fold<CityNight>) {
        super::tell_visitor_names(ctx, run, ROLE, "pm_hero_visitors");
    }
    fn inherited(&self) -> &'static [&'static str] {
        &[SAVED_RED, SAVE_SPENT]
    }
}

fn hunt_on(state: &GameState) -> bool {
    state.pending.iter().any(|p| {
        p.is_live() && matches!(&p.kind, PendingKind::Vote { ballot, .. } if ballot == "witch_hunt")
    })
}

/// The hero's move of this round with the ability: (hero, target).
fn hero_move(ctx: &Ctx, hero: SlotId, ability: &str) -> Option<(SlotId, SlotId)> {
    if super::blocks::blocked(ctx, hero, ability).is_some() {
        return None;
    }
    live_acts(&ctx.state)
        .rev()
        .find(|a| a.actor == hero && a.ability == ability)
        .and_then(|a| Some((hero, a.targets.first().and_then(|t| ctx.slot_of(t))?)))
}

/// The faceless hero whose stand is still to come: alive, his role free and his save unspent,
/// outside the witch hunt. The host names him the lynch victim's team when he asks for the
/// stand (L73).
pub fn faceless_hero_to_ask(state: &GameState) -> Option<SlotId> {
    let hero = teams::holder(state, ROLE)?;
    let s = state.slots.get(hero)?;
    let free = s.alive
        && s.counter(SAVE_SPENT) == 0
        && !super::super::blocks::role_blocked(state, s)
        && !hunt_on(state);
    (free && super::faceless::is_faceless(state, hero)).then_some(hero)
}

/// The line the live tally shows the host: whom to ask, and the team to name (L73).
pub fn ask_line(ctx: &Ctx, hero: SlotId, leader: SlotId) -> String {
    format!(
        "ask the faceless hero {} for his stand, naming {}'s team: {} (L73)",
        ctx.name(hero),
        ctx.name(leader),
        teams::colour_en(teams::black(ctx, leader))
    )
}

/// The host asked the faceless hero for his stand and named him the team of each player about
/// to be lynched, whatever he then does (L73).
fn tell_the_faceless_hero(ctx: &mut Ctx, victims: &[SlotId]) {
    let Some(hero) = faceless_hero_to_ask(&ctx.state) else {
        return;
    };
    for &v in victims.iter().filter(|v| **v != hero) {
        let team = teams::colour_word(teams::black(ctx, v));
        ctx.say(
            Audience::Slot(hero),
            "pm_hero_team",
            &[("player", ctx.name(v)), ("team", team.into())],
        );
        let why = ask_line(ctx, hero, v);
        ctx.note(format!("hero_asked:{}", ctx.name(v)), "votes", why);
    }
}

/// Before the lynched die: the hero's stand for one of them (L35). A red (any, for a black
/// hero) is not lynched; with a black the hero is lynched too. Returns the victims that die.
pub fn stand(ctx: &mut Ctx, victims: &[SlotId]) -> Vec<SlotId> {
    let mut out = victims.to_vec();
    tell_the_faceless_hero(ctx, victims);
    let hero = teams::holder(&ctx.state, ROLE);
    let Some((hero, saved)) = hero.and_then(|h| hero_move(ctx, h, "hero_save")) else {
        return out;
    };
    let (hn, sn) = (ctx.name(hero), ctx.name(saved));
    if saved == hero || !victims.contains(&saved) || ctx.state.slots[hero].counter(SAVE_SPENT) > 0 {
        let why = format!(
            "{hn}'s stand for {sn} has no effect: {sn} is not being lynched, or it is the hero himself, or his stand is spent (L35)"
        );
        ctx.note("hero", "votes", why);
        return out;
    }
    // Nobody saves the terrorist's pair, nor a player making his dying kill (L35, L113): the
    // hero's move is skipped.
    let in_pair = terrorist_pair(ctx).contains(&saved);
    let dying = live_acts(&ctx.state).any(|a| {
        a.actor == saved && matches!(a.ability, "inquisitor_dying_kill" | "fanatic_dying_kill")
    });
    if in_pair || dying {
        let why = format!(
            "{sn} dies by the terrorist's detonation or makes a dying kill: nobody saves him, the hero's move is skipped (L35, L113)"
        );
        ctx.note("hero", "votes", why);
        return out;
    }
    ctx.spend_use(hero, "hero_save", std::slice::from_ref(&sn));
    if let Some(s) = ctx.state.slots.get_mut(hero) {
        s.counters.insert(SAVE_SPENT.into(), 1);
    }
    let black_hero = teams::black(ctx, hero);
    let faceless_hero = super::faceless::is_faceless(&ctx.state, hero);
    let saved_black = teams::black(ctx, saved);
    // The host always names the player the hero stood up for (L35); a red hero's stand for a
    // black saves nobody, and the post says so. The faceless hero saves anybody; he was told
    // the team when asked (L73).
    let saves = !saved_black || black_hero || faceless_hero;
    ctx.say(
        Audience::Public,
        if saves {
            "pub_hero_saved"
        } else {
            "pub_hero_stood_in_vain"
        },
        &[("player", sn.clone())],
    );
    if black_hero && !faceless_hero {
        let team = teams::colour_word(saved_black);
        ctx.say(
            Audience::Slot(hero),
            "pm_hero_team",
            &[("player", sn.clone()), ("team", team.into())],
        );
    }
    if black_hero {
        // The night after: neither he nor a black he saved makes a killer move; a red he saved
        // makes him check red while that red lives (L98).
        let night = crate::mechanics::rucity::night::night_number(ctx.state.phase + 1);
        let marked: &[SlotId] = if saved_black { &[hero, saved] } else { &[] };
        for p in marked {
            if let Some(s) = ctx.state.slots.get_mut(*p) {
                s.counters.insert(NO_SHOT_NIGHT.into(), night);
            }
        }
        if !saved_black && let Some(s) = ctx.state.slots.get_mut(hero) {
            s.counters.insert(SAVED_BY_BLACK.into(), saved as u32 + 1);
        }
        // A werewolf hero who saves another black loses his red colour for the rest of the
        // game (L98).
        if saved_black && ctx.has_status(hero, super::werewolf::PEACEFUL) {
            crate::kernel::status::clear(ctx, hero, super::werewolf::PEACEFUL);
            let why = format!(
                "the werewolf hero {hn} saved the black {sn}: from now on his checks show black (L98)"
            );
            ctx.note(format!("peace:{hn}"), "votes", why);
        }
    }
    if saves {
        ctx.set_status(saved, SAVED, Some(hero));
        out.retain(|v| *v != saved);
        if !saved_black
            && !black_hero
            && !faceless_hero
            && let Some(s) = ctx.state.slots.get_mut(hero)
        {
            s.counters.insert(SAVED_RED.into(), 1);
        }
        ctx.note(
            "hero",
            "votes",
            format!("the hero {hn} stands up for {sn}: {sn} is not lynched (L35)"),
        );
    } else {
        if !out.contains(&hero) {
            out.push(hero);
        }
        ctx.note(
            "hero",
            "votes",
            format!(
                "the hero {hn} stands up for the black {sn}: the hero is lynched with him (L35)"
            ),
        );
    }
    out
}

/// After the lynch: a red hero who saved a red and is lynched now takes one of his voters
/// with him, counted as lynched (L35).
pub fn heroic_death(ctx: &mut Ctx, lynched: &[SlotId]) -> Option<SlotId> {
    let hero = lynched
        .iter()
        .copied()
        .find(|v| teams::holds(&ctx.state.slots[*v], ROLE))?;
    if super::faceless::is_faceless(&ctx.state, hero) {
        heroic_suicide(ctx, hero);
        return None;
    }
    let (hero, target) = hero_move(ctx, hero, "hero_death")?;
    if ctx.state.slots[hero].counter(SAVED_RED) == 0 {
        return None;
    }
    if !ctx.kill(target, "lynch") {
        return None;
    }
    ctx.note(
        "hero",
        "votes",
        format!(
            "the hero {} dies heroically and takes {} with him, counted as lynched (L35)",
            ctx.name(hero),
            ctx.name(target)
        ),
    );
    super::super::posts::announce_day_death(ctx, "pub_lynched", target);
    Some(target)
}

/// The lynched faceless hero's heroic suicide (L73): he leaves with a draw instead of the
/// lynch's loss, and every victim he gathered is zeroed, whether or not he saved anybody.
fn heroic_suicide(ctx: &mut Ctx, hero: SlotId) {
    if super::super::blocks::blocked(ctx, hero, "hero_death").is_some() {
        return;
    }
    let sent = live_acts(&ctx.state).any(|a| a.actor == hero && a.ability == "hero_death");
    if !sent {
        return;
    }
    super::faceless::take_way_out(ctx, hero);
    ctx.note(
        "hero",
        "votes",
        format!(
            "the faceless hero {} takes the heroic suicide: a draw instead of a loss, his victims zeroed (L73)",
            ctx.name(hero)
        ),
    );
}

/// The hero's single barrier (L35).
pub fn barrier(state: &GameState, target: SlotId) -> u32 {
    let holds = state
        .slots
        .get(target)
        .is_some_and(|s| teams::holds(s, ROLE) && !super::super::blocks::role_blocked(state, s));
    u32::from(holds)
}

/// A black hero who saved a red checks red while that red lives (L98).
pub fn checks_red(ctx: &Ctx, player: SlotId) -> bool {
    let Some(s) = ctx.state.slots.get(player) else {
        return false;
    };
    let saved = s.counter(SAVED_BY_BLACK);
    teams::holds(s, ROLE) && saved > 0 && ctx.is_alive(saved as usize - 1)
}

/// The terrorist and his target when the detonation replaced this vote (L23).
fn terrorist_pair(ctx: &Ctx) -> Vec<SlotId> {
    let mut pair: Vec<SlotId> = super::terrorist::blown_up(&ctx.state).into_iter().collect();
    pair.extend(teams::holder(&ctx.state, super::terrorist::ROLE).filter(|_| !pair.is_empty()));
    pair
}
