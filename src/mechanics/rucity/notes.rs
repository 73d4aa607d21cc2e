//! Night notes (§10.1, L166–L170) and last words (§10.2, L137). A note is a move of its author
//! (several per player); it is posted under the morning results without the author's name if
//! its condition holds on the morning's public results. The host vetoes one with a `Skip`
//! override or forces one with `Succeed`. A last word is a status the host gives a dead player;
//! one that breaks the rules is flagged for the host.

use super::kept::Round;
use super::night::CityNight;
use super::roles;
use crate::engine::SlotId;
use crate::engine::outcome::{Audience, Step, StepResult, Verdict};
use crate::engine::resolve::Ctx;
use crate::kernel::Fold;

/// The ability of a night note, which every peaceful role has.
const NOTE: &str = "night_note";

pub fn is_note(ability: &str) -> bool {
    ability == NOTE
}

pub fn publish(ctx: &mut Ctx, run: &Fold<CityNight>, victims: &[SlotId]) {
    let notes: Vec<_> = run.acts_of(NOTE);
    let dead: Vec<String> = victims.iter().map(|v| ctx.name(*v)).collect();
    let mut posted = Vec::new();
    for mv in &notes {
        let text = mv.params.get("text").cloned().unwrap_or_default();
        let condition = mv.params.get("if").cloned().unwrap_or_default();
        let (post, why) = match ctx.verdict(&mv.key()) {
            Some((Verdict::Succeed, why)) => (true, format!("host override: posted ({why})")),
            Some((_, why)) => (false, format!("host veto: not posted ({why}, L170)")),
            None => holds(ctx, run, &condition, &dead),
        };
        ctx.step(Step {
            key: format!("note#{}", mv.seq),
            stage: "notes".into(),
            actor: Some(mv.actor),
            ability: Some(NOTE.into()),
            targets_before: vec![],
            targets_after: vec![],
            result: if post {
                StepResult::Success
            } else {
                StepResult::Skipped
            },
            reasons: vec![why],
        });
        let text = text.replace("{dead}", &dead.join(", "));
        // The pimp's note to his slave is the slave's alone (L27).
        match mv.params.get("slave").and_then(|n| ctx.slot_of(n)) {
            Some(slave) if post => {
                ctx.say(Audience::Slot(slave), "pm_pimp_note", &[("text", text)]);
            }
            _ if post => posted.push(text),
            _ => {}
        }
    }
    if posted.is_empty() {
        return;
    }
    ctx.say(Audience::Public, "pub_notes_title", &[]);
    for text in posted {
        ctx.say(Audience::Public, "pub_night_note", &[("text", text)]);
    }
}

/// Evaluate a note's condition: `;`-separated clauses, each maybe negated with `!`:
/// `commissar=passed|failed|withheld`, `doctor=hit|miss`, `blocker=hit|miss`, `dead=NAME`,
/// `alive=NAME`, `quiet` (nobody died). The author can only use what the morning shows (L167).
pub fn holds(ctx: &Ctx, run: &Fold<CityNight>, condition: &str, dead: &[String]) -> (bool, String) {
    let condition = condition.trim();
    if condition.is_empty() {
        return (true, "an unconditional note is posted".into());
    }
    for clause in condition
        .split(';')
        .map(str::trim)
        .filter(|c| !c.is_empty())
    {
        let (negated, clause) = match clause.strip_prefix('!') {
            Some(rest) => (true, rest.trim()),
            None => (false, clause),
        };
        let truth = match clause.split_once('=') {
            Some(("commissar", v)) => line_is(roles::public_line(ctx, run, "commissar"), v),
            Some(("doctor", v)) => line_is(roles::public_line(ctx, run, "doctor"), v),
            Some(("blocker", v)) => line_is(roles::public_line(ctx, run, "blocker"), v),
            Some(("dead", name)) => dead.iter().any(|d| d.eq_ignore_ascii_case(name.trim())),
            Some(("alive", name)) => ctx.state.slot_by_name(name).is_some_and(|s| s.alive),
            None if clause == "quiet" => dead.is_empty(),
            _ => {
                return (
                    false,
                    format!(
                        "the condition `{clause}` is not understood: the note waits for the host"
                    ),
                );
            }
        };
        if truth == negated {
            return (
                false,
                format!("the condition `{condition}` does not hold: not posted"),
            );
        }
    }
    (true, format!("the condition `{condition}` holds: posted"))
}

/// Does a public line (`pub_commissar_passed`) read `value` (`passed`)?
fn line_is(line: Option<&str>, value: &str) -> bool {
    line.is_some_and(|l| l.rsplit('_').next() == Some(value.trim()))
}

/// Slot counter: the last word was seen and checked.
const LAST_WORD_SEEN: &str = "last_word_seen";

/// A last word (status `last_word`) is for the dead, once, before the next vote after a night
/// death, before the next morning after a day death (L137).
pub fn check_last_words(ctx: &mut Ctx) {
    let phase = ctx.state.phase;
    let round = Round::now(&ctx.state);
    let given: Vec<(SlotId, u32, Option<u32>, u32)> = ctx
        .state
        .slots
        .iter()
        .filter_map(|s| {
            let info = s.statuses.get("last_word")?;
            (info.since == phase).then(|| {
                (
                    s.id,
                    info.since,
                    s.death.as_ref().map(|d| d.0),
                    s.counter(LAST_WORD_SEEN),
                )
            })
        })
        .collect();
    for (id, since, died, seen) in given {
        let name = ctx.name(id);
        if seen == since + 1 {
            continue;
        }
        if let Some(s) = ctx.state.slots.get_mut(id) {
            s.counters.insert(LAST_WORD_SEEN.into(), since + 1);
        }
        let problem = match died {
            _ if seen != 0 => Some(format!(
                "{name} already gave a last word: only one is allowed (L137)"
            )),
            None => Some(format!(
                "{name} is alive: a last word is for the dead (L137)"
            )),
            Some(d) if d % 2 == 1 && (since > d + 1 || round_past_vote(round, since, d)) => {
                Some(format!(
                    "{name} died at night and gave the last word after the next vote began: it counts as posting after death (L137)"
                ))
            }
            Some(d) if d % 2 == 0 && since > d + 1 => Some(format!(
                "{name} died by day and gave the last word after the next morning: it counts as posting after death (L137)"
            )),
            _ => None,
        };
        match problem {
            Some(p) => ctx.warn(p),
            None => ctx.note(
                format!("last_word:{name}"),
                "notes",
                format!("{name} gave their last word (L137)"),
            ),
        }
    }
}

/// A night victim's deadline is the start of the next day's vote.
fn round_past_vote(round: Round, since: u32, died: u32) -> bool {
    since == died + 1 && matches!(round, Round::Vote | Round::Revote)
}
