//! Expectations of a scenario, checked against the game after the steps before them.

use crate::engine::Game;
use crate::engine::outcome::Audience;
use crate::engine::state::CommittedPhase;
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum Check {
    Alive(String),
    Dead(String),
    Status(String, String),
    NoStatus(String, String),
    /// The player holds this role (as main or second role).
    Role(String, String),
    /// The player holds this role neither as main nor as second role.
    NotRole(String, String),
    /// The current phase, by the roleset's name (`День 2`) or the English one (`Day 2`).
    Phase(String),
    /// The round of the current phase open now (`vote`, `revote`, `secretary`).
    Round(String),
    AliveCount(usize),
    /// The winners, by side id or family name, in any order.
    Winners(Vec<String>),
    /// The game is over and this player is among the winners.
    Won(String),
    /// The game is over and this player is not among the winners.
    Lost(String),
    GameOver,
    GameNotOver,
    /// A text or trace check looking at a committed phase other than the last one: its last
    /// committed round (`In("Day 2", Public("..."))`).
    In(String, Box<Check>),
    /// A text or trace check looking at one committed round of a phase
    /// (`InRound("Day 2", "vote", Public("..."))`).
    InRound(String, String, Box<Check>),
    /// A case-insensitive substring of a public message of the last committed phase.
    Public(String),
    NotPublic(String),
    /// A case-insensitive substring of the last committed round's post as it was published
    /// (the host's edit where he made one, with its list of the living and any corrections),
    /// in plain text.
    Post(String),
    NotPost(String),
    /// A case-insensitive substring of a private message to this player in the last committed phase.
    Told(String, String),
    NotTold(String, String),
    /// A case-insensitive substring of a step reason of the last committed phase.
    Trace(String),
    /// No step reason of the last committed phase contains this (case-insensitive).
    NotTrace(String),
    /// Two step reasons of the last committed phase, the step with the first resolved before
    /// the step with the second (the order of moves within a stage).
    TraceBefore(String, String),
    /// A case-insensitive substring of a warning of the last committed phase or a pending entry.
    Warned(String),
    /// The player has used the ability this many times (a WWR ability by its prompt id, or
    /// `ROLE:LINE` for one no prompt opens).
    Uses(String, String, u32),
    /// The private messages to this player (or group channel) in the last committed phase are
    /// exactly these, in this order.
    ToldExactly(String, Vec<String>),
    /// Exactly this many step reasons of the last committed phase contain this text
    /// (case-insensitive).
    TraceCount(String, usize),
    /// A player's or a group's counter has this value now (WWR's one counter is `counter`).
    Counter(String, String, i64),
    /// The player belongs to the group now (a WWR group, a 1923 family), at any tier.
    Member(String, String),
    NotMember(String, String),
    /// The player carries an attribute row now, named as the rule system names it (a WWR
    /// custom attribute by its name, `active defense`, `disguise`).
    Attribute(String, String),
    NotAttribute(String, String),
    /// A display shows this text now (case-insensitive substring).
    Display(String, String),
    /// A poll is open now, by its name or its ballot's id.
    PollOpen(String),
    PollNotOpen(String),
    /// A case-insensitive substring of a warning the host got when the game was set up.
    SetupWarned(String),
    /// The setup gave the host no warning at all.
    NoSetupWarnings,
}

fn contains(haystack: &str, needle: &str) -> bool {
    haystack.to_lowercase().contains(&needle.to_lowercase())
}

/// The private messages to a player, or to a group's channel (WWR's `Reveal … to
/// #Wolfpack`), in the order sent; an error when the name is neither.
fn told_to(
    game: &Game,
    to: &str,
    messages: &[crate::engine::outcome::Message],
) -> Result<Vec<String>, String> {
    let channel = |m: &crate::engine::outcome::Message| matches!(&m.audience, Audience::Group(g) if g.eq_ignore_ascii_case(to));
    let player = game.state().slot_by_name(to).map(|s| s.id);
    // a group the rule system keeps is a channel even on a round it heard nothing
    let group = || {
        let facts = game.facts();
        facts
            .counters
            .iter()
            .any(|(owner, _, _)| owner.eq_ignore_ascii_case(to))
            || facts
                .members
                .iter()
                .any(|(_, g, _)| g.eq_ignore_ascii_case(to))
    };
    if player.is_none() && !messages.iter().any(channel) && !group() {
        return Err(format!("no player or group named {to}"));
    }
    Ok(messages
        .iter()
        .filter(|m| channel(m) || matches!(m.audience, Audience::Slot(id) if Some(id) == player))
        .map(|m| m.text.clone())
        .collect())
}

/// Every step reason of a committed round, in order.
fn reasons_of(phase: Option<&CommittedPhase>) -> Vec<String> {
    phase
        .map(|p| {
            p.outcome
                .steps
                .iter()
                .flat_map(|s| s.reasons.clone())
                .collect()
        })
        .unwrap_or_default()
}

impl Check {
    /// `Ok` when it holds, else what was found instead. `setup_warnings` are the warnings the
    /// game's creation gave.
    pub fn holds(&self, game: &Game, setup_warnings: &[String]) -> Result<(), String> {
        self.holds_at(game, setup_warnings, game.state().history.last())
    }

    /// The committed round a check looks at: the last one, unless it names another.
    pub fn looks_at<'g>(&self, game: &'g Game) -> Result<Option<&'g CommittedPhase>, String> {
        let roleset = game.roleset();
        let history = &game.state().history;
        let find = |phase: &str, round: Option<&str>| {
            history
                .iter()
                .rev()
                .find(|p| {
                    roleset.phase_is_named(p.index, phase)
                        && round.is_none_or(|r| p.round.as_deref() == Some(r))
                })
                .ok_or_else(|| {
                    let committed: Vec<String> = history
                        .iter()
                        .map(|p| roleset.phase_label(p.index, p.round.as_deref()))
                        .collect();
                    format!(
                        "no committed {phase}{} (committed: {})",
                        round.map(|r| format!(" round {r}")).unwrap_or_default(),
                        committed.join(", ")
                    )
                })
        };
        match self {
            Check::In(phase, _) => find(phase, None).map(Some),
            Check::InRound(phase, round, _) => find(phase, Some(round)).map(Some),
            _ => Ok(history.last()),
        }
    }

    fn holds_at(
        &self,
        game: &Game,
        setup_warnings: &[String],
        last: Option<&CommittedPhase>,
    ) -> Result<(), String> {
        let state = game.state();
        let slot = |name: &str| {
            state
                .slot_by_name(name)
                .ok_or_else(|| format!("no player named {name}"))
        };
        let messages = || last.map(|p| p.outcome.messages.clone()).unwrap_or_default();
        let ok_if = |cond: bool, found: String| if cond { Ok(()) } else { Err(found) };
        match self {
            Check::Alive(p) => {
                let s = slot(p)?;
                ok_if(s.alive, format!("{} is dead ({:?})", s.name, s.death))
            }
            Check::Dead(p) => {
                let s = slot(p)?;
                ok_if(!s.alive, format!("{} is alive", s.name))
            }
            Check::Status(p, st) => {
                let s = slot(p)?;
                ok_if(
                    s.has_status(st),
                    format!(
                        "statuses of {}: {:?}",
                        s.name,
                        s.statuses.keys().collect::<Vec<_>>()
                    ),
                )
            }
            Check::NoStatus(p, st) => {
                let s = slot(p)?;
                ok_if(!s.has_status(st), format!("{} is {st}", s.name))
            }
            Check::Role(p, role) => {
                let s = slot(p)?;
                ok_if(
                    s.roles().any(|r| r == role),
                    format!("roles of {}: {:?}", s.name, s.roles().collect::<Vec<_>>()),
                )
            }
            Check::NotRole(p, role) => {
                let s = slot(p)?;
                ok_if(
                    s.roles().all(|r| r != role),
                    format!("roles of {}: {:?}", s.name, s.roles().collect::<Vec<_>>()),
                )
            }
            Check::Phase(name) => ok_if(
                game.roleset().phase_is_named(state.phase, name),
                game.phase_name(),
            ),
            Check::Round(id) => ok_if(
                game.round() == Some(id.as_str()),
                match game.round() {
                    Some(now) => format!("round {now} ({})", game.phase_label()),
                    None => format!("{}, a phase without named rounds", game.phase_name()),
                },
            ),
            Check::In(_, inner) | Check::InRound(_, _, inner) => {
                let at = self.looks_at(game)?;
                if matches!(**inner, Check::In(..) | Check::InRound(..)) {
                    return Err("In and InRound do not nest".into());
                }
                inner.holds_at(game, setup_warnings, at)
            }
            Check::AliveCount(n) => {
                let alive = state.slots.iter().filter(|s| s.alive).count();
                ok_if(alive == *n, format!("{alive} alive"))
            }
            Check::Winners(expected) => {
                let Some(over) = &state.game_over else {
                    return Err("the game is not over".into());
                };
                let mut got: Vec<String> = over.winners.iter().map(|w| w.to_lowercase()).collect();
                let mut want: Vec<String> = expected.iter().map(|w| w.to_lowercase()).collect();
                got.sort();
                want.sort();
                ok_if(got == want, format!("winners {:?}", over.winners))
            }
            Check::Won(p) | Check::Lost(p) => {
                let s = slot(p)?;
                let Some(over) = &state.game_over else {
                    return Err("the game is not over".into());
                };
                let won = over.winning_slots.contains(&s.id);
                ok_if(
                    won == matches!(self, Check::Won(_)),
                    format!("{} {}", s.name, if won { "won" } else { "lost" }),
                )
            }
            Check::GameOver => ok_if(
                state.game_over.is_some(),
                format!("the game is in {}", game.phase_name()),
            ),
            Check::GameNotOver => ok_if(
                state.game_over.is_none(),
                match &state.game_over {
                    Some(over) => format!("the game is over, won by {:?}", over.winners),
                    None => String::new(),
                },
            ),
            Check::Public(text) | Check::NotPublic(text) => {
                let public: Vec<String> = messages()
                    .into_iter()
                    .filter(|m| m.audience == Audience::Public)
                    .map(|m| m.text)
                    .collect();
                let found = public.iter().any(|m| contains(m, text));
                ok_if(
                    found == matches!(self, Check::Public(_)),
                    format!("public messages {public:?}"),
                )
            }
            Check::Post(text) | Check::NotPost(text) => {
                let Some(phase) = last else {
                    return Err("no round is committed yet".into());
                };
                let post = crate::export::public_post(game, phase, crate::export::Markup::Text);
                ok_if(
                    contains(&post, text) == matches!(self, Check::Post(_)),
                    format!("the published post:\n{post}"),
                )
            }
            Check::Told(p, text) | Check::NotTold(p, text) => {
                let told = told_to(game, p, &messages())?;
                let found = told.iter().any(|m| contains(m, text));
                ok_if(
                    found == matches!(self, Check::Told(..)),
                    format!("messages to {p}: {told:?}"),
                )
            }
            Check::Trace(text) | Check::NotTrace(text) => {
                let reasons = reasons_of(last);
                let found = reasons.iter().any(|r| contains(r, text));
                ok_if(
                    found == matches!(self, Check::Trace(_)),
                    if found {
                        "the trace has such a reason".into()
                    } else {
                        format!(
                            "no such reason in the trace, which reads:\n    {}",
                            reasons.join("\n    ")
                        )
                    },
                )
            }
            Check::TraceBefore(first, then) => {
                let steps: Vec<&Vec<String>> = last
                    .map(|p| p.outcome.steps.iter().map(|s| &s.reasons).collect())
                    .unwrap_or_default();
                let at = |text: &str| {
                    steps
                        .iter()
                        .position(|reasons| reasons.iter().any(|r| contains(r, text)))
                };
                match (at(first), at(then)) {
                    (Some(a), Some(b)) => ok_if(a < b, format!("step {b} comes before step {a}")),
                    (a, b) => Err(format!(
                        "not both in the trace (first: {}, second: {})",
                        a.is_some(),
                        b.is_some()
                    )),
                }
            }
            Check::Warned(text) => {
                let mut warnings: Vec<String> =
                    last.map(|p| p.outcome.warnings.clone()).unwrap_or_default();
                warnings.extend(state.pending.iter().flat_map(|p| p.warnings.clone()));
                ok_if(
                    warnings.iter().any(|w| contains(w, text)),
                    format!("warnings {warnings:?}"),
                )
            }
            Check::Uses(p, ability, n) => {
                let s = slot(p)?;
                let kept = game
                    .facts()
                    .uses
                    .into_iter()
                    .find(|(id, a, _)| *id == s.id && a.eq_ignore_ascii_case(ability))
                    .map(|(_, _, n)| n);
                let used = kept.unwrap_or_else(|| s.uses.get(ability).copied().unwrap_or(0));
                ok_if(used == *n, format!("{used} uses"))
            }
            Check::ToldExactly(p, want) => {
                let told = told_to(game, p, &messages())?;
                ok_if(told == *want, format!("messages to {p}: {told:?}"))
            }
            Check::TraceCount(text, n) => {
                let reasons = reasons_of(last);
                let found = reasons.iter().filter(|r| contains(r, text)).count();
                ok_if(
                    found == *n,
                    format!(
                        "{found} such reasons; the trace reads:\n    {}",
                        reasons.join("\n    ")
                    ),
                )
            }
            Check::Counter(owner, counter, n) => {
                let facts = game.facts();
                let kept = facts
                    .counters
                    .iter()
                    .find(|(o, c, _)| {
                        o.eq_ignore_ascii_case(owner) && c.eq_ignore_ascii_case(counter)
                    })
                    .map(|(_, _, v)| *v);
                let value = match kept {
                    Some(v) => v,
                    None => i64::from(slot(owner)?.counters.get(counter).copied().unwrap_or(0)),
                };
                ok_if(value == *n, format!("{owner}'s {counter} is {value}"))
            }
            Check::Member(p, group) | Check::NotMember(p, group) => {
                let s = slot(p)?;
                let facts = game.facts();
                let groups: Vec<String> = facts
                    .members
                    .iter()
                    .filter(|(id, _, _)| *id == s.id)
                    .map(|(_, g, tier)| format!("{g} ({tier})"))
                    .chain(s.family.iter().cloned())
                    .collect();
                let member = facts
                    .members
                    .iter()
                    .any(|(id, g, _)| *id == s.id && g.eq_ignore_ascii_case(group))
                    || s.family
                        .as_deref()
                        .is_some_and(|f| f.eq_ignore_ascii_case(group));
                ok_if(
                    member == matches!(self, Check::Member(..)),
                    format!("{} belongs to {groups:?}", s.name),
                )
            }
            Check::Attribute(p, attribute) | Check::NotAttribute(p, attribute) => {
                let s = slot(p)?;
                let rows: Vec<(String, String)> = game
                    .facts()
                    .attributes
                    .into_iter()
                    .filter(|(id, _, _)| *id == s.id)
                    .map(|(_, name, words)| (name, words))
                    .collect();
                let carries = rows
                    .iter()
                    .any(|(name, _)| name.eq_ignore_ascii_case(attribute));
                let found: Vec<&String> = rows.iter().map(|(_, words)| words).collect();
                ok_if(
                    carries == matches!(self, Check::Attribute(..)),
                    format!("{} carries {found:?}", s.name),
                )
            }
            Check::Display(display, text) => {
                let displays = game.facts().displays;
                // a display by its name, or by its name and owner (`Knives (Ann)`)
                let named = |d: &str| {
                    let d = d.to_lowercase();
                    let want = display.to_lowercase();
                    d == want || d.starts_with(&format!("{want} ("))
                };
                let shown = displays
                    .iter()
                    .find(|(d, _)| named(d))
                    .map(|(_, shows)| shows.clone());
                ok_if(
                    shown.as_deref().is_some_and(|s| contains(s, text)),
                    format!("displays {displays:?}"),
                )
            }
            Check::PollOpen(poll) | Check::PollNotOpen(poll) => {
                let polls = game.facts().polls;
                let open = polls.iter().any(|(name, ballot)| {
                    name.eq_ignore_ascii_case(poll) || ballot.eq_ignore_ascii_case(poll)
                });
                ok_if(
                    open == matches!(self, Check::PollOpen(_)),
                    format!("open polls {polls:?}"),
                )
            }
            Check::SetupWarned(text) => ok_if(
                setup_warnings.iter().any(|w| contains(w, text)),
                format!("setup warnings {setup_warnings:?}"),
            ),
            Check::NoSetupWarnings => ok_if(
                setup_warnings.is_empty(),
                format!("setup warnings {setup_warnings:?}"),
            ),
        }
    }
}
