//! The host's posts (§12) as forum BBCode (colours, bold, spoilers); `export --format text`
//! strips the tags. The morning and vote posts are the phase's public messages, line by line;
//! the header ("шапка") is a message to the host, who keeps it in the thread's first post.

use super::teams;
use crate::engine::SlotId;
use crate::engine::outcome::Audience;
use crate::engine::resolve::Ctx;
use crate::rules::PhaseKind;

/// The roles a dead player shows: a night victim only his peaceful role (L134; by option both,
/// Q46), anyone else both roles of a black (L83.1).
pub fn shown_roles(ctx: &Ctx, slot: SlotId) -> (String, Option<String>) {
    let Some(s) = ctx.state.slots.get(slot) else {
        return (String::new(), None);
    };
    let peaceful = teams::role_name(ctx.roleset, &s.role);
    // Killed at night: died in a night phase, not removed by the host.
    let at_night = s.death.as_ref().is_some_and(|(phase, cause)| {
        ctx.roleset.phase_kind(*phase) == PhaseKind::Night
            && cause != crate::engine::system::MODKILL_CAUSE
    });
    let reveal = (!at_night || ctx.option("night_death_reveal") == "both_roles")
        && !super::roles::hides_negative_role(ctx, slot);
    // The faceless is opened like a negative role (L64.8).
    let grey = s
        .extra_roles
        .iter()
        .map(String::as_str)
        .find(|r| ctx.roleset.side_of(r) == teams::GREY);
    let negative = teams::negative_role(ctx.roleset, s)
        .or(grey)
        .filter(|_| reveal)
        .map(|r| teams::role_name(ctx.roleset, r));
    // A role may change what a vote's victim shows: a disguise (L50), a note beside it (L48).
    let negative = match super::roles::lynched_as(ctx, slot) {
        Some(shown) if !at_night => shown,
        _ => negative,
    };
    let negative = match (negative, super::roles::lynched_note(&ctx.state, slot)) {
        (Some(n), Some(note)) if !at_night => Some(format!("{n} ({note})")),
        (other, _) => other,
    };
    (peaceful, negative)
}

fn roles_text(peaceful: &str, negative: Option<&str>) -> String {
    match negative {
        Some(n) => format!("[color=green]{peaceful}[/color] / [color=red][b]{n}[/b][/color]"),
        None => format!("[color=green]{peaceful}[/color]"),
    }
}

pub fn announce_night_victim(ctx: &mut Ctx, victim: SlotId) {
    let (peaceful, negative) = shown_roles(ctx, victim);
    ctx.say(
        Audience::Public,
        "pub_night_victim",
        &[
            ("player", ctx.name(victim)),
            ("roles", roles_text(&peaceful, negative.as_deref())),
        ],
    );
}

/// A player who dies by day: both roles are opened.
pub fn announce_day_death(ctx: &mut Ctx, template: &str, victim: SlotId) {
    let (peaceful, negative) = shown_roles(ctx, victim);
    ctx.say(
        Audience::Public,
        template,
        &[
            ("player", ctx.name(victim)),
            ("roles", roles_text(&peaceful, negative.as_deref())),
        ],
    );
}

/// The header: players in the game with their titles, the dead with what they showed and when
/// they left (§12.4).
pub fn header(ctx: &mut Ctx) {
    let mut alive = Vec::new();
    let mut gone = Vec::new();
    for s in &ctx.state.slots {
        let mark = if teams::holds(s, teams::MAYOR) {
            " — [b]мэр[/b]"
        } else if teams::holds(s, teams::SECRETARY) {
            " — [i]секретарша[/i]"
        } else {
            ""
        };
        if s.alive && !s.has_status("exiled") {
            alive.push(format!("{}{mark}{}", s.name, elite_label(ctx, s.id)));
            continue;
        }
        let (peaceful, negative) = shown_roles(ctx, s.id);
        let when = match &s.death {
            Some((phase, cause)) => {
                format!("{}, {}", ctx.roleset.phase_name(*phase), cause_ru(cause))
            }
            None => "исключен(а)".into(),
        };
        // A phantom player still votes: the header says so while he has the effect (L18).
        let phantom = super::roles::dead_mark(&ctx.state, s.id).unwrap_or("");
        // An agent who declared his side leaves with it shown (L125.7, L125.10).
        let side = if s.has_status(super::elite::LEFT) && super::elite::declared(&ctx.state, s.id) {
            super::elite::scored_side(ctx.roleset, &ctx.state, s.id)
                .map(|side| format!(", сторона: {}", teams::colour_word(side == teams::BLACK)))
                .unwrap_or_default()
        } else {
            String::new()
        };
        gone.push(format!(
            "[s]{}[/s] — {} ({when}{phantom}{side})",
            s.name,
            roles_text(&peaceful, negative.as_deref())
        ));
    }
    let mut text = format!(
        "[b]Шапка[/b]\n[b]В игре ({}):[/b]\n{}",
        alive.len(),
        alive.join("\n")
    );
    if !gone.is_empty() {
        text.push_str(&format!(
            "\n[spoiler=Выбыли ({})]\n{}\n[/spoiler]",
            gone.len(),
            gone.join("\n")
        ));
    }
    ctx.say(Audience::Host, "host_header", &[("header", text)]);
}

/// The elite roles are open from the start, and the servant's master is shown (L125.4, L127.4,
/// L129.4).
fn elite_label(ctx: &Ctx, slot: SlotId) -> String {
    let Some(s) = ctx.state.slots.get(slot) else {
        return String::new();
    };
    if !super::elite::is_elite(ctx.roleset, s) {
        return String::new();
    }
    let role = teams::role_name(ctx.roleset, &s.role);
    match super::roles::serves(&ctx.state, slot) {
        Some(m) => format!(" — [i]{role}[/i] ({})", ctx.name(m)),
        None => format!(" — [i]{role}[/i]"),
    }
}

fn cause_ru(cause: &str) -> &'static str {
    match cause {
        "mafia" | "maniac" | "investigator" | "joker" | "poisoner" | "executor" | "geisha"
        | "mercenary" | "ninja" | "mercenary_order" | "ninja_order" => "убит(а) ночью",
        "poison" => "умер(ла) от яда",
        "left" => "покинул(а) город",
        "suicide" => "погиб(ла) ночью",
        "lynch" => "линчеван(а)",
        "hunt" => "линчеван(а) на охоте",
        "modkill" => "выведен(а) ведущим",
        _ => "выбыл(а)",
    }
}
