//! The joker (§5.34, L51), a werewolf. At night he checks a colour as the commissar does, but
//! where the commissar is told nothing his check still passes; only the blocker's protection on
//! the target stops it. A check that passes turns the target's colour over for the rest of the
//! night, so every later check sees the other colour. He learns more than the colour: the
//! target's peaceful role, whether a black check is a rumour, the negative role of a true
//! black, a red-showing black's real colour one night later, a corpse's true colour. His colour
//! results go to the mafia and the maniac; the peaceful role stays his. He learns who visited
//! him, with their roles. Once every other black is out he may shoot instead (§2.9).

use super::night::{self, CityNight};
use super::{Entry, Role, blocker, checks, teams, werewolf};
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::Ctx;
use crate::engine::{Refusal, SlotId};
use crate::kernel::Act;
use crate::kernel::Fold;

pub const ROLE: &str = "joker";
/// His check, which goes first among the night's checks.
pub const CHECK: &str = "joker_check";
pub const KILL: &str = "joker_kill";

pub struct Joker;

/// The joker's record of the night: the players whose colour he turned over (L51).
#[derive(Clone, Default, Debug, PartialEq)]
struct Tonight {
    flipped: std::collections::BTreeSet<SlotId>,
}

/// Did the joker turn `target`'s colour over tonight?
pub fn flipped(run: &Fold<CityNight>, target: SlotId) -> bool {
    run.ledger
        .roles
        .read(|t: &Tonight| t.flipped.contains(&target))
}

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    templates: &[
        "pm_joker_black",
        "pm_joker_corpse",
        "pm_joker_failed",
        "pm_joker_false_black",
        "pm_joker_late",
        "pm_joker_red",
        "pm_joker_shared",
        "pm_joker_visitors",
    ],
    abilities: &["joker_check", "joker_kill"],
    ..crate::engine::system::Requirements::NONE
};

impl Role for Joker {
    fn requires(&self) -> crate::engine::system::Requirements {
        REQUIRES
    }
    // His successful check turns the colour over for the rest of the night (L51).
    fn turns_colour(&self, run: &Fold<CityNight>, target: SlotId) -> bool {
        flipped(run, target)
    }
    // His check goes first, so the colour it turns over holds for every other (L51).
    fn stage_ranks(&self) -> &'static [(&'static str, u8)] {
        &[(CHECK, 0)]
    }
    fn id(&self) -> &'static str {
        ROLE
    }
    fn night_move(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) -> bool {
        match mv.ability.as_str() {
            CHECK => check(ctx, run, mv),
            KILL => werewolf::kill(ctx, run, mv, ROLE),
            _ => return false,
        }
        true
    }
    fn usable(&self, entry: &Entry) -> Result<(), Refusal> {
        match entry.ability {
            KILL => werewolf::gun_refusal(entry.roleset, entry.state, entry.actor, KILL),
            _ => Ok(()),
        }
    }
    fn morning(&self, ctx: &mut Ctx, run: &Fold<CityNight>) {
        tell_visitors(ctx, run);
    }
}

/// The joker's check (L51).
fn check(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    let protected = |ctx: &Ctx, run: &Fold<CityNight>, t: SlotId| {
        blocker::protects(ctx, run, t).then(|| {
            format!(
                "{} is under the blocker's protection: the joker's check fails (L51)",
                ctx.name(t)
            )
        })
    };
    let Some(target) = werewolf::special_move(ctx, run, mv, "pm_joker_failed", &[&protected])
    else {
        return;
    };
    let name = ctx.name(target);
    let role = teams::peaceful_name(ctx, target);
    if !ctx.is_alive(target) {
        // The corpse shows its true team, as if he had killed him.
        let black = teams::black(ctx, target);
        // As a killer sees him: the faceless grey (L51, L64.8).
        let colour = if super::faceless::is_faceless(&ctx.state, target) {
            "серый".to_string()
        } else {
            teams::colour_word(black).to_string()
        };
        ctx.say(
            Audience::Slot(mv.actor),
            "pm_joker_corpse",
            &[("player", name.clone()), ("colour", colour.clone())],
        );
        share(ctx, mv.actor, &name, &colour);
        let why = format!(
            "{name} was killed tonight: the joker sees the corpse's true colour, {colour} (L51)"
        );
        return night::step(ctx, mv, StepResult::Success, vec![why]);
    }
    let shown = checks::shown_black(ctx, run, mv.actor, target);
    let truly = checks::true_black(ctx, mv.actor, target);
    let negative = ctx
        .state
        .slots
        .get(target)
        .and_then(|s| teams::negative_role(ctx.roleset, s))
        .map(|r| teams::role_name(ctx.roleset, r))
        .unwrap_or_default();
    let args = [
        ("player", name.clone()),
        ("role", role.clone()),
        ("negative", negative.clone()),
    ];
    let mut reasons = vec![format!(
        "{name} checks {} to the joker; he sees the peaceful role {role} (L51)",
        teams::colour_en(shown)
    )];
    let template = match (shown, truly) {
        (true, false) => {
            reasons.push("a rumour's black: the joker knows at once it is false (L51)".into());
            "pm_joker_false_black"
        }
        (true, true) => {
            reasons.push(format!(
                "a true black: the joker learns the negative role {negative} (L51)"
            ));
            "pm_joker_black"
        }
        (false, true) => {
            let night = run.ledger.night + 1;
            super::detective::owe_later_args(ctx, night, "pm_joker_late", mv.actor, &args);
            reasons.push(
                "a black showing red: the joker learns his real colour and negative role one night later (L51)"
                    .into(),
            );
            "pm_joker_red"
        }
        (false, false) => "pm_joker_red",
    };
    ctx.say(Audience::Slot(mv.actor), template, &args);
    share(ctx, mv.actor, &name, teams::colour_word(shown));
    run.ledger.roles.get_mut::<Tonight>().flipped.insert(target);
    reasons.push(format!(
        "{name}'s colour is turned over for the rest of the night: later checks show him {} (L51)",
        teams::colour_word(!shown)
    ));
    night::step(ctx, mv, StepResult::Success, reasons);
}

/// The joker's colour result goes to the living mafia and maniac (L51, L115.7), and in the
/// extended format to the second werewolf too (a living black of no killer side).
fn share(ctx: &mut Ctx, joker: SlotId, player: &str, colour: &str) {
    let extended = ctx.option("format") == "extended";
    let werewolf = |s: &crate::engine::Slot| {
        teams::is_black(ctx.roleset, s) && teams::killer_side(ctx.roleset, s).is_none()
    };
    let partners: Vec<SlotId> = teams::KillerSide::ALL
        .iter()
        .flat_map(|side| teams::members(ctx.roleset, &ctx.state, *side))
        .chain(
            ctx.state
                .living()
                .filter(|s| extended && werewolf(s))
                .map(|s| s.id),
        )
        .filter(|&m| m != joker)
        .collect();
    for m in partners {
        ctx.say(
            Audience::Slot(m),
            "pm_joker_shared",
            &[
                ("player", player.to_string()),
                ("colour", colour.to_string()),
            ],
        );
    }
}

/// The joker learns the names and roles of those who came to him (L51, L115.19).
fn tell_visitors(ctx: &mut Ctx, run: &Fold<CityNight>) {
    let jokers: Vec<SlotId> = night::holders_at_start(run, &ctx.state, ROLE).collect();
    for joker in jokers {
        let mut seen: Vec<String> = Vec::new();
        for v in run
            .visits
            .iter()
            .filter(|v| v.actor != joker && v.targets.contains(&joker))
        {
            let who = format!(
                "{} ({})",
                ctx.name(v.actor),
                night::visit_roles(ctx, std::iter::once(v)).join(", ")
            );
            if !seen.contains(&who) {
                seen.push(who);
            }
        }
        if !seen.is_empty() {
            ctx.say(
                Audience::Slot(joker),
                "pm_joker_visitors",
                &[("visitors", seen.join(", "))],
            );
        }
    }
}
