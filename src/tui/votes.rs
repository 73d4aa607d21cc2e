//! The vote mode: an overlay that stays open for a whole day's votes. Each line is
//! `[VOTER] TARGET…`, one target per open ballot in order (a family ballot first), with names
//! matched by prefix or a fuzzy search; without a voter the line is for the next player who has
//! not voted, whom the overlay shows. Each line goes in all or nothing, like `apply`. This file
//! owns the overlay's state, its answer to each message and its drawing; its keys are in the
//! keymap table (`Mode::Votes`).

use super::app::App;
use super::form::has_vote;
use super::fuzzy;
use super::input::LineInput;
use super::msg::{Answer, Msg};
use super::view::{centered, popup_block, styled};
use crate::engine::{Game, Slot};
use crate::rules::{BallotDef, TargetKind};
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
}

/// The open ballots in line order: family ballots first.
fn ballots(game: &Game) -> Vec<&BallotDef> {
    let mut out = game.open_ballots();
    out.sort_by_key(|b| b.target != TargetKind::Family);
    out
}

impl Votes {
    pub fn new(game: &Game) -> Votes {
        Votes {
            voter: next_voter(game, None),
            ..Votes::default()
        }
    }

    /// The command lines a typed line stands for, or why it cannot be read.
    pub fn lines_for(&self, text: &str, game: &Game) -> Result<(String, Vec<String>), String> {
        let ballots = ballots(game);
        if ballots.is_empty() {
            return Err(format!("no ballot is open in {}", game.phase_label()));
        }
        let words: Vec<&str> = text.split_whitespace().collect();
        let state = game.state();
        let (voter, targets) = if words.len() == ballots.len() + 1 {
            let living: Vec<&Slot> = state.voters(game.roleset()).collect();
            let voter: &Slot =
                pick(words[0], &living, |s| s.name.clone()).map_err(|e| format!("voter: {e}"))?;
            (voter, &words[1..])
        } else if words.len() == ballots.len() {
            let voter = self
                .voter
                .as_deref()
                .and_then(|n| state.slot_by_name(n))
                .ok_or("everyone has voted: name the voter first")?;
            (voter, &words[..])
        } else {
            return Err(format!(
                "type {} name{} (or the voter first): {}",
                ballots.len(),
                if ballots.len() == 1 { "" } else { "s" },
                ballots
                    .iter()
                    .map(|b| b.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", then ")
            ));
        };
        let named = ballots.len() > 1 || !ballots[0].default;
        let mut lines = Vec::new();
        for (ballot, word) in ballots.iter().zip(targets) {
            let target = match ballot.target {
                TargetKind::Family => {
                    // another family first: a vote for one's own is improper in most games
                    let mut families: Vec<&String> = state.families.iter().collect();
                    families.sort_by_key(|f| voter.family.as_ref() == Some(*f));
                    pick(word, &families, |f| f.to_string())?.to_string()
                }
                _ => {
                    // the voter's family first, where an individual vote usually goes, and
                    // the voter last: a vote for oneself is improper in most games
                    let mut players: Vec<&Slot> = state.living().collect();
                    players.sort_by_key(|s| (s.id == voter.id, s.family != voter.family));
                    pick(word, &players, |s| s.name.clone())?.name.clone()
                }
            };
            let ballot = if named {
                format!(" {}", ballot.id)
            } else {
                String::new()
            };
            lines.push(format!(
                "vote{ballot} {} {}",
                crate::script::quote(&voter.name),
                crate::script::quote(&target)
            ));
        }
        Ok((voter.name.clone(), lines))
    }

    pub fn update(&mut self, msg: Msg, game: &Game) -> Answer {
        match msg {
            Msg::Close => return Answer::Close,
            Msg::Submit => match self.lines_for(self.input.text(), game) {
                Ok((voter, lines)) => {
                    self.submitted = Some(voter);
                    return Answer::EnterAndStay(lines.join("\n"));
                }
                Err(e) => self.problem = Some(e),
            },
            Msg::Complete => {
                self.voter = next_voter(game, self.voter.as_deref());
                self.problem = None;
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
        let voter = self.submitted.take();
        self.voter = next_voter(game, voter.as_deref());
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

/// The next living player after `after` (in roster order, wrapping) who has not voted on every
/// open ballot he may vote on (the rule system's tally says who may: a group's poll is its
/// members').
pub fn next_voter(game: &Game, after: Option<&str>) -> Option<String> {
    let state = game.state();
    let tally = game.tally();
    let living: Vec<&Slot> = state.voters(game.roleset()).collect();
    let start = after
        .and_then(|n| living.iter().position(|s| s.name == n))
        .map(|i| i + 1)
        .unwrap_or(0);
    (0..living.len())
        .map(|k| living[(start + k) % living.len()])
        .find(|s| {
            // The tally lists the living; a dead player a status keeps voting is asked as before.
            tally.ballots.iter().any(|b| b.not_voted.contains(&s.id))
                || (!s.alive && !ballots(game).iter().all(|b| has_vote(state, &b.id, s.id)))
        })
        .map(|s| s.name.clone())
}

/// The overlay: the ballots, the next voter, the line being typed and what it stands for, the
/// lines entered, the keys.
pub fn draw(app: &App, votes: &Votes, frame: &mut Frame, area: Rect) {
    let height = (votes.entered.len().min(8) as u16) + 8;
    let rect = centered(area, 90, height);
    let ballots = ballots(&app.game);
    let title = format!(
        "Votes — {} — {}",
        app.game.phase_label(),
        ballots
            .iter()
            .map(|b| b.name.as_str())
            .collect::<Vec<_>>()
            .join(", then ")
    );
    let block = popup_block(app, frame, rect, &title);
    let mut lines = vec![Line::from(vec![
        styled("next voter: ", app.theme.header()),
        Span::raw(
            votes
                .voter
                .clone()
                .unwrap_or_else(|| "everyone has voted".into()),
        ),
        styled("  (Tab: skip to the next)", app.theme.dim()),
    ])];
    lines.push(Line::from(vec![
        styled("> ", app.theme.key()),
        Span::raw(votes.input.text().to_string()),
        styled("▏", app.theme.key()),
    ]));
    let preview = match &votes.problem {
        Some(p) => Line::styled(p.clone(), app.theme.bad()),
        None if votes.input.text().trim().is_empty() => Line::styled(
            "type the targets (or the voter first), a prefix is enough; Enter enters",
            app.theme.dim(),
        ),
        None => match votes.lines_for(votes.input.text(), &app.game) {
            Ok((_, l)) => Line::styled(format!("→ {}", l.join(" · ")), app.theme.good()),
            Err(e) => Line::styled(e, app.theme.dim()),
        },
    };
    lines.push(preview);
    lines.push(Line::raw(""));
    let shown = votes.entered.len().saturating_sub(8);
    for e in &votes.entered[shown..] {
        lines.push(Line::styled(format!("✓ {e}"), app.theme.dim()));
    }
    super::view::popup::with_hints(app, lines, block, frame, rect);
}
