//! The vote mode: an overlay that stays open for a whole day's votes. Each line is
//! `[VOTER] TARGET…`, one target per ballot the voter may vote on, in order (a family ballot
//! first), with names matched by prefix or a fuzzy search. A line is for the proposed voter,
//! the next player who still owes a vote (shown), unless its first word names another voter
//! and the words after it fill that voter's ballots. A ballot the voter may leave
//! (`BallotDef::optional`) takes `-`, or is left off the end of the line. The preview
//! names each vote and the vote it replaces; a line with a doubt (an improper vote, a dead
//! target) says so and needs a second Enter. Each line goes in all or nothing, like `apply`.
//! This file owns the overlay's state, its answer to each message and its drawing; its keys
//! are in the keymap table (`Mode::Votes`).

use super::app::App;
use super::confirm::SecondEnter;
use super::form::has_vote;
use super::fuzzy;
use super::input::LineInput;
use super::msg::{Answer, Msg};
use super::view::{centered, popup_block, styled};
use crate::engine::validate::target_choices;
use crate::engine::{Game, Slot, SlotId};
use crate::rules::{ABSTAIN, BallotDef, TargetKind};
use crate::script::quote;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

#[derive(Clone, Debug, Default)]
pub struct Votes {
    pub input: LineInput,
    /// The player the next line is for unless it names another.
    pub voter: Option<String>,
    /// The lines entered so far, newest last.
    pub entered: Vec<String>,
    pub problem: Option<String>,
    /// Whose line was handed to the console to enter.
    submitted: Option<String>,
    /// A line with doubts is entered on its second Enter.
    confirm: SecondEnter,
    /// The ballots the rules count now, with who may vote on each: asked of the rules by
    /// [`Votes::new`] and again after each line (while the overlay is open only its own lines
    /// change the game). Asking costs a check per voter and target, too much for each frame.
    counted: Vec<Counted>,
}

/// A ballot the rules count now (the tally has it), as the vote mode needs it.
#[derive(Clone, Debug, Default)]
struct Counted {
    id: String,
    /// Who the rules take a vote from on it (`Game::may_vote`).
    voters: Vec<SlotId>,
    /// Who the tally counts as not voted yet: it leaves out a player whose status voids his
    /// votes (1923's injured and jailed) and a group poll's outsiders.
    not_voted: Vec<SlotId>,
}

/// A line read: whose it is, the `vote` lines it stands for, and what to say before it goes in.
#[derive(Clone, Debug, PartialEq)]
pub struct Reading {
    pub voter: String,
    /// One `vote …` command line per ballot voted on.
    pub lines: Vec<String>,
    /// The same lines, each with the vote it replaces: `vote lynch Goro Mei (replaces Kei)`.
    pub shown: Vec<String>,
    /// Why a vote may not count as meant (improper, a dead target): the first Enter says so.
    pub doubts: Vec<String>,
}

/// The open ballots in line order: family ballots first.
fn ballots(game: &Game) -> Vec<&BallotDef> {
    let mut out = game.open_ballots();
    out.sort_by_key(|b| b.target != TargetKind::Family);
    out
}

/// The open ballots the rules count now (those of the tally: a WWR night counts only the
/// polls open in its world; the vote after the game is counted whether the tally shows it or
/// not), each with who may vote on it and who has not yet.
fn counted_ballots(game: &Game) -> Vec<Counted> {
    let state = game.state();
    let tally = game.tally();
    ballots(game)
        .into_iter()
        .filter_map(|b| {
            let listed = tally.ballots.iter().find(|t| t.id == b.id);
            if listed.is_none() && !b.after_game {
                return None;
            }
            let voters: Vec<SlotId> = state
                .voters(game.roleset())
                .filter(|s| game.may_vote(b, s))
                .map(|s| s.id)
                .collect();
            let not_voted = listed.map_or_else(|| voters.clone(), |t| t.not_voted.clone());
            Some(Counted {
                id: b.id.clone(),
                voters,
                not_voted,
            })
        })
        .collect()
}

/// Which of a voter's ballots `n` words fill, in order: all of them, or all but the last ones
/// he may leave. `None` when `n` is more than his ballots, or too few for those he may not
/// leave.
fn fill<'g>(ballots: &[&'g BallotDef], n: usize) -> Option<Vec<&'g BallotDef>> {
    let mut skip = ballots.len().checked_sub(n)?;
    let mut out = Vec::with_capacity(n);
    for &b in ballots.iter().rev() {
        if skip > 0 && b.optional() {
            skip -= 1;
        } else {
            out.push(b);
        }
    }
    out.reverse();
    (skip == 0 && !out.is_empty()).then_some(out)
}

/// The ballots in words, in line order, those a voter may leave marked: "Lynch vote, then BO
/// leader election (may be left out)".
fn ballot_list(ballots: &[&BallotDef]) -> String {
    ballots
        .iter()
        .map(|b| {
            if b.optional() {
                format!("{} (may be left out)", b.name)
            } else {
                b.name.clone()
            }
        })
        .collect::<Vec<_>>()
        .join(", then ")
}

impl Votes {
    pub fn new(game: &Game) -> Votes {
        let mut votes = Votes {
            counted: counted_ballots(game),
            ..Votes::default()
        };
        votes.voter = votes.next_voter(game, None);
        votes
    }

    /// What the rules said of this ballot when the game last changed: `None` for a ballot
    /// they do not count now.
    fn counted(&self, ballot: &BallotDef) -> Option<&Counted> {
        self.counted.iter().find(|c| c.id == ballot.id)
    }

    /// Whether the rules take a vote from this player on this ballot now.
    fn may_vote(&self, ballot: &BallotDef, voter: &Slot) -> bool {
        self.counted(ballot)
            .is_some_and(|c| c.voters.contains(&voter.id))
    }

    /// The open ballots this player may vote on, in line order.
    fn ballots_of<'g>(&self, game: &'g Game, voter: &Slot) -> Vec<&'g BallotDef> {
        ballots(game)
            .into_iter()
            .filter(|b| self.may_vote(b, voter))
            .collect()
    }

    /// The ballots `n` words fill for this voter (see [`fill`]).
    fn fill_for<'g>(&self, game: &'g Game, voter: &Slot, n: usize) -> Option<Vec<&'g BallotDef>> {
        fill(&self.ballots_of(game, voter), n)
    }

    /// What a typed line stands for, or why it cannot be read. The line is, in this order of
    /// preference: another voter's, when its first word names one and the rest fills his
    /// ballots (`mei go` is Mei's vote, never the proposed Goro's two ballots); the proposed
    /// voter's; or the proposed voter's with his name first.
    pub fn read(&self, text: &str, game: &Game) -> Result<Reading, String> {
        if ballots(game).is_empty() {
            return Err(format!("no ballot is open in {}", game.phase_label()));
        }
        let words: Vec<&str> = text.split_whitespace().collect();
        let state = game.state();
        let proposed = self.voter.as_deref().and_then(|n| state.slot_by_name(n));
        let living: Vec<&Slot> = state.voters(game.roleset()).collect();
        let named: Option<&Slot> = match words.split_first() {
            Some((first, rest)) if !rest.is_empty() => {
                pick(first, &living, |s| s.name.clone()).ok().copied()
            }
            _ => None,
        };
        let other = named.filter(|v| proposed.is_none_or(|p| p.id != v.id));
        if let Some(v) = other
            && let Some(filled) = self.fill_for(game, v, words.len() - 1)
        {
            return self.votes_of(game, v, &filled, &words[1..]);
        }
        if let Some(p) = proposed
            && let Some(filled) = self.fill_for(game, p, words.len())
        {
            return self.votes_of(game, p, &filled, &words);
        }
        if let Some(v) = named
            && let Some(filled) = self.fill_for(game, v, words.len() - 1)
        {
            return self.votes_of(game, v, &filled, &words[1..]);
        }
        Err(self.how_to_type(game, proposed))
    }

    /// The votes of one voter's line, each word on its ballot and checked by the rules as the
    /// entry will be: a refusal is said now, with its reason.
    fn votes_of(
        &self,
        game: &Game,
        voter: &Slot,
        filled: &[&BallotDef],
        words: &[&str],
    ) -> Result<Reading, String> {
        // The ballot is named unless the phase's one ballot is its default one.
        let open = ballots(game);
        let name_ballot = open.len() > 1 || open.first().is_some_and(|b| !b.default);
        let mut reading = Reading {
            voter: voter.name.clone(),
            lines: Vec::new(),
            shown: Vec::new(),
            doubts: Vec::new(),
        };
        for (ballot, word) in filled.iter().zip(words) {
            let target = if *word == ABSTAIN {
                if ballot.abstain {
                    ABSTAIN.to_string()
                } else if ballot.optional() {
                    continue;
                } else {
                    return Err(format!(
                        "the {} cannot be left out: name a target",
                        ballot.name
                    ));
                }
            } else {
                target_of(game, voter, ballot, word)?
            };
            let check = game
                .check_vote(Some(ballot.id.as_str()), &voter.name, &target, false)
                .map_err(|r| format!("{}: {}", ballot.name, r.message))?;
            let id = if name_ballot {
                format!(" {}", check.ballot)
            } else {
                String::new()
            };
            let line = format!("vote{id} {} {}", quote(&voter.name), quote(&check.target));
            reading.shown.push(match check.replaces.as_slice() {
                [] => line.clone(),
                old => format!("{line} (replaces {})", old.join(", ")),
            });
            reading.lines.push(line);
            reading.doubts.extend(check.doubts);
        }
        if reading.lines.is_empty() {
            return Err("every ballot is left out: nothing to enter".into());
        }
        Ok(reading)
    }

    /// How to type a line for the proposed voter: how many names, for which ballots.
    fn how_to_type(&self, game: &Game, proposed: Option<&Slot>) -> String {
        let Some(voter) = proposed else {
            return "everyone has voted: name the voter first".into();
        };
        let mine = self.ballots_of(game, voter);
        if mine.is_empty() {
            return format!(
                "{} may vote on no open ballot: name the voter first",
                voter.name
            );
        }
        let needed = mine.iter().filter(|b| !b.optional()).count();
        let count = if needed == mine.len() {
            needed.to_string()
        } else {
            format!("{needed} to {}", mine.len())
        };
        format!(
            "type {count} name{} for {} (or the voter first): {}",
            if mine.len() == 1 { "" } else { "s" },
            voter.name,
            ballot_list(&mine)
        )
    }

    pub fn update(&mut self, msg: Msg, game: &Game) -> Answer {
        match msg {
            Msg::Close => return Answer::Close,
            Msg::Submit => match self.read(self.input.text(), game) {
                Ok(reading) => {
                    if let Some(warning) =
                        self.confirm.first_enter(self.input.text(), &reading.doubts)
                    {
                        self.problem = Some(warning);
                        return Answer::Stay;
                    }
                    self.submitted = Some(reading.voter);
                    return Answer::EnterAndStay(reading.lines.join("\n"));
                }
                Err(e) => self.problem = Some(e),
            },
            Msg::Complete => {
                self.voter = self.next_voter(game, self.voter.as_deref());
                self.problem = None;
                // The same text is another voter's line now: its doubts are said again.
                self.confirm = SecondEnter::default();
            }
            Msg::Input(key) => {
                self.input.handle(key);
                self.problem = None;
            }
            Msg::Paste(text) => self.input.insert_str(text.lines().next().unwrap_or("")),
            _ => {}
        }
        Answer::Stay
    }

    /// The line went in: keep it, clear the input, move on to the next player.
    pub fn entered(&mut self, game: &Game, lines: &str) {
        self.entered.push(lines.replace('\n', " · "));
        self.input.clear();
        self.problem = None;
        self.confirm = SecondEnter::default();
        self.counted = counted_ballots(game);
        let voter = self.submitted.take();
        self.voter = self.next_voter(game, voter.as_deref());
    }

    /// The next player after `after` (roster order, wrapping) who still owes a vote: on a
    /// ballot of the phase he may not leave, the rules take a vote from him and he has none
    /// yet. A living player must also be among the tally's "not voted" (see [`Counted`]); the
    /// tally lists no dead player a status keeps voting, and such a one is asked as well.
    pub fn next_voter(&self, game: &Game, after: Option<&str>) -> Option<String> {
        let state = game.state();
        let open = ballots(game);
        let living: Vec<&Slot> = state.voters(game.roleset()).collect();
        let start = after
            .and_then(|n| living.iter().position(|s| s.name == n))
            .map(|i| i + 1)
            .unwrap_or(0);
        let owes = |s: &Slot, b: &BallotDef| {
            !b.optional()
                && !has_vote(state, &b.id, s.id)
                && self.counted(b).is_some_and(|c| {
                    c.voters.contains(&s.id) && (!s.alive || c.not_voted.contains(&s.id))
                })
        };
        (0..living.len())
            .map(|k| living[(start + k) % living.len()])
            .find(|&s| open.iter().any(|&b| owes(s, b)))
            .map(|s| s.name.clone())
    }
}

/// The target a word names on a ballot: a family (another than the voter's first: a vote for
/// one's own is improper in most games), a player (the voter's family first, where an
/// individual vote usually goes, and the voter last) or one of the ballot's words, or a role,
/// side or choice. A player no longer in the game is found when nobody in it matches, so the
/// rules can say what is wrong with the vote rather than "matches nobody".
fn target_of(game: &Game, voter: &Slot, ballot: &BallotDef, word: &str) -> Result<String, String> {
    let state = game.state();
    match &ballot.target {
        TargetKind::Family => {
            let mut families: Vec<&String> = state.families.iter().collect();
            families.sort_by_key(|f| voter.family.as_ref() == Some(*f));
            pick(word, &families, |f| f.to_string()).map(|f| f.to_string())
        }
        TargetKind::Player => {
            // A name typed in full is that player, in the game or not.
            if let Some(s) = state.slot_by_name(word) {
                return Ok(s.name.clone());
            }
            let mut players: Vec<&Slot> = state.living().collect();
            players.sort_by_key(|s| (s.id == voter.id, s.family != voter.family));
            let mut names: Vec<String> = players.iter().map(|s| s.name.clone()).collect();
            names.extend(ballot.words.iter().cloned());
            let gone: Vec<&Slot> = state
                .slots
                .iter()
                .filter(|s| !players.iter().any(|p| p.id == s.id))
                .collect();
            if gone.is_empty() || !fuzzy::rank(word, &names, |n| n.clone()).is_empty() {
                return pick(word, &names, |n| n.clone()).cloned();
            }
            pick(word, &gone, |s| s.name.clone()).map(|s| s.name.clone())
        }
        other => {
            let choices = target_choices(game.roleset(), state, other);
            pick(word, &choices, |c| c.clone()).cloned()
        }
    }
}

/// The best match of a typed word, or why there is none: a tie at the top is a question.
fn pick<'a, T>(word: &str, items: &'a [T], text: impl Fn(&T) -> String) -> Result<&'a T, String> {
    let ranked = fuzzy::rank(word, items, &text);
    let Some(&best) = ranked.first() else {
        return Err(format!("`{word}` matches nobody"));
    };
    let exact = text(&items[best]).to_lowercase() == word.to_lowercase();
    let score = fuzzy::score(word, &text(&items[best]));
    if !exact
        && let Some(&second) = ranked.get(1)
        && fuzzy::score(word, &text(&items[second])) == score
    {
        return Err(format!(
            "`{word}` could be {} or {}",
            text(&items[best]),
            text(&items[second])
        ));
    }
    Ok(&items[best])
}

/// The overlay: the ballots, the next voter and his ballots, the line being typed, what it
/// stands for and any doubt, the lines entered, the keys.
pub fn draw(app: &App, votes: &Votes, frame: &mut Frame, area: Rect) {
    let height = (votes.entered.len().min(8) as u16) + 8;
    let rect = centered(area, 90, height);
    let game = &app.game;
    let title = format!(
        "Votes — {} — {}",
        game.phase_label(),
        ballot_list(&ballots(game))
    );
    let block = popup_block(app, frame, rect, &title);
    let proposed = votes
        .voter
        .as_deref()
        .and_then(|n| game.state().slot_by_name(n));
    let next = match proposed {
        Some(voter) => format!(
            "{} — {}",
            voter.name,
            ballot_list(&votes.ballots_of(game, voter))
        ),
        None => "everyone has voted".into(),
    };
    let mut lines = vec![Line::from(vec![
        styled("next voter: ", app.theme.header()),
        Span::raw(next),
        styled("  (Tab: skip to the next)", app.theme.dim()),
    ])];
    lines.push(Line::from(vec![
        styled("> ", app.theme.key()),
        Span::raw(votes.input.text().to_string()),
        styled("▏", app.theme.key()),
    ]));
    let typed = votes.input.text();
    let reading = (!typed.trim().is_empty()).then(|| votes.read(typed, game));
    lines.push(match &reading {
        None => Line::styled(
            "type the targets (or the voter first), a prefix is enough, - leaves a ballot out; Enter enters",
            app.theme.dim(),
        ),
        Some(Ok(r)) => Line::styled(format!("→ {}", r.shown.join(" · ")), app.theme.good()),
        Some(Err(e)) => Line::styled(e.clone(), app.theme.dim()),
    });
    lines.push(match (&votes.problem, &reading) {
        (Some(p), _) => Line::styled(p.clone(), app.theme.bad()),
        (None, Some(Ok(r))) if !r.doubts.is_empty() => Line::styled(
            format!("⚠ {} — Enter twice enters it", r.doubts.join("; ")),
            app.theme.warning(),
        ),
        _ => Line::raw(""),
    });
    let shown = votes.entered.len().saturating_sub(8);
    for e in &votes.entered[shown..] {
        lines.push(Line::styled(format!("✓ {e}"), app.theme.dim()));
    }
    super::view::popup::with_hints(app, lines, block, frame, rect);
}
