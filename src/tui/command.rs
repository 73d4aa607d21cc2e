//! The `:` command line of the console: the grammar of `crate::script`, with Tab completion of
//! commands, names, abilities, families, statuses and step keys, and a history on Up/Down.
//! The overlay owns its line, its answer to each message and its drawing; a line it can read
//! goes back to `update` as a command to run.

use super::app::App;
use super::confirm::{SecondEnter, vote_doubts};
use super::input::LineInput;
use super::msg::{Answer, Msg};
use super::overlay::Ctx;
use super::view::{place_cursor, popup_block, styled};
use crate::engine::Game;
use crate::engine::outcome::Outcome;
use crate::engine::validate::{target_choices, target_kind};
use crate::rules::TargetKind;
use crate::script::{self, COMMANDS, quote, words};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Wrap};

/// The `:` overlay: the line, its history and the completion in progress.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CommandLine {
    pub input: LineInput,
    /// Candidates of the last Tab and which one is in the line.
    pub completion: Option<Completion>,
    /// Where Up/Down is in the history (`None`: the line being typed).
    pub history_at: Option<usize>,
    /// Why the last line was not run.
    pub error: Option<String>,
    /// A vote with doubts runs on its second Enter.
    confirm: SecondEnter,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Completion {
    /// The line without the word being completed.
    pub stem: String,
    pub candidates: Vec<String>,
    pub index: usize,
}

/// The words that may come next, given the words before it.
pub fn candidates(game: &Game, preview: &Outcome, before: &[String]) -> Vec<String> {
    let state = game.state();
    let roleset = game.roleset();
    let living = || state.living().map(|s| s.name.clone()).collect::<Vec<_>>();
    let everyone = || {
        state
            .slots
            .iter()
            .map(|s| s.name.clone())
            .collect::<Vec<_>>()
    };
    let families = || state.families.clone();
    let Some(cmd) = before.first() else {
        return COMMANDS.iter().map(|(n, _, _)| n.to_string()).collect();
    };
    let n = before.len() - 1;
    match (cmd.as_str(), n) {
        ("act", 0) => living(),
        ("act", 1) => state
            .slot_by_name(&before[1])
            .and_then(|s| game.usable_abilities(s).ok())
            .map(|list| list.iter().map(|a| a.id.clone()).collect())
            .unwrap_or_default(),
        ("act", i) => {
            let Some(ability) = roleset.ability(&before[2]) else {
                return Vec::new();
            };
            match target_kind(ability, i - 2) {
                TargetKind::Family => families(),
                TargetKind::Player => living(),
                other => target_choices(roleset, state, &other),
            }
        }
        ("vote" | "unvote", 0) => {
            let kind = state.phase_kind(roleset);
            let mut out: Vec<String> = roleset
                .ballots
                .iter()
                .filter(|b| b.open_in(kind) && !b.default)
                .map(|b| b.id.clone())
                .collect();
            out.extend(living());
            out
        }
        ("vote", i) => {
            let (ballot, rest_len) = match roleset.ballot(&before[1]) {
                Some(b) => (Some(b), i - 1),
                None => (roleset.default_ballot(state.phase_kind(roleset)), i),
            };
            match (ballot.map(|b| b.target.clone()), rest_len) {
                (_, 0) => living(),
                (Some(TargetKind::Family), 1) => families(),
                (_, 1) => living(),
                _ => Vec::new(),
            }
        }
        ("unvote", 1) if roleset.ballot(&before[1]).is_some() => living(),
        ("modkill", 0) => living(),
        ("revive", 0) => state
            .slots
            .iter()
            .filter(|s| !s.alive)
            .map(|s| s.name.clone())
            .collect(),
        ("replace" | "status" | "role" | "extra", 0) => everyone(),
        ("msg", 0) => {
            let mut out = vec!["*".to_string()];
            out.extend(everyone());
            out
        }
        ("status", 1) => {
            let slot = state.slot_by_name(&before[1]);
            roleset
                .statuses
                .iter()
                .map(|s| {
                    if slot.is_some_and(|p| p.has_status(&s.id)) {
                        format!("-{}", s.id)
                    } else {
                        format!("+{}", s.id)
                    }
                })
                .collect()
        }
        ("role", 1) => roleset.roles.iter().map(|r| r.id.clone()).collect(),
        ("extra", 1) => {
            let slot = state.slot_by_name(&before[1]);
            roleset
                .roles
                .iter()
                .map(|r| {
                    if slot.is_some_and(|p| p.extra_roles.contains(&r.id)) {
                        format!("-{}", r.id)
                    } else {
                        format!("+{}", r.id)
                    }
                })
                .collect()
        }
        ("override", 0) => preview.steps.iter().map(|s| s.key.clone()).collect(),
        ("override", 1) => vec!["succeed".into(), "fail".into(), "skip".into()],
        ("export", 0) => vec!["bbcode".into(), "markdown".into(), "text".into()],
        ("undo", 0) => game
            .last_undoable()
            .map(|s| vec![s.to_string()])
            .unwrap_or_default(),
        ("redo", 0) => game
            .last_redoable()
            .map(|s| vec![s.to_string()])
            .unwrap_or_default(),
        _ => Vec::new(),
    }
}

/// The line with each word that names no candidate of its place, but is one name written in
/// the other script or another spelling (`vote anya Boris` for Аня), replaced by that name as
/// the game writes it: the log keeps the names the game knows, never a spelling its replay
/// would have to guess again.
pub fn names_as_written(game: &Game, preview: &Outcome, line: &str) -> String {
    let typed = words(line);
    let mut out: Vec<String> = Vec::with_capacity(typed.len());
    let mut changed = false;
    for word in &typed {
        let known = candidates(game, preview, &out);
        let same = |c: &String| c.eq_ignore_ascii_case(word);
        let key = crate::understand::translit::skeleton(word);
        let spelt: Vec<&String> = known
            .iter()
            .filter(|c| !key.is_empty() && crate::understand::translit::skeleton(c) == key)
            .collect();
        match spelt.as_slice() {
            [one] if word.chars().all(char::is_alphabetic) && !known.iter().any(same) => {
                out.push((*one).clone());
                changed = true;
            }
            _ => out.push(word.clone()),
        }
    }
    if changed {
        out.iter().map(|w| quote(w)).collect::<Vec<_>>().join(" ")
    } else {
        line.to_string()
    }
}

impl CommandLine {
    /// A line to edit, with its completion (a batch line being fixed).
    pub fn with_text(text: &str) -> CommandLine {
        CommandLine {
            input: LineInput::with_text(text),
            ..Default::default()
        }
    }

    pub fn update(&mut self, msg: Msg, ctx: &Ctx) -> Answer {
        self.error = None;
        match msg {
            Msg::Close => return Answer::Close,
            Msg::Submit => {
                let typed = names_as_written(ctx.game, ctx.preview, self.input.text().trim());
                match script::parse(&typed, ctx.game) {
                    Ok(command) => {
                        let doubts = match &command {
                            script::Command::Entry(entry) => vote_doubts(ctx.game, entry),
                            _ => Vec::new(),
                        };
                        // An improper vote is named first; Enter again runs it.
                        match self.confirm.first_enter(&typed, &doubts) {
                            Some(warning) => self.error = Some(warning),
                            None => {
                                return Answer::Run {
                                    command,
                                    typed: Some(typed),
                                };
                            }
                        }
                    }
                    Err(why) => {
                        // Kept to mend, but selected: the next command typed replaces it.
                        self.error = Some(why);
                        self.input.select_all();
                    }
                }
            }
            Msg::Complete => self.complete(ctx.game, ctx.preview),
            Msg::Up | Msg::Down => self.walk_history(ctx.history, msg == Msg::Up),
            other => {
                if self.input.take(other) {
                    self.edited();
                }
            }
        }
        Answer::Stay
    }

    /// Up/Down: the lines run before, newest first; past the newest, an empty line.
    fn walk_history(&mut self, history: &[String], up: bool) {
        let n = history.len();
        let at = match (self.history_at, up) {
            (None, true) => n.checked_sub(1),
            (Some(i), true) => Some(i.saturating_sub(1)),
            (Some(i), false) if i + 1 < n => Some(i + 1),
            _ => None,
        };
        self.input
            .set(at.and_then(|i| history.get(i)).map_or("", |s| s));
        self.completion = None;
        self.history_at = at;
    }

    /// The line at the bottom of the main area; completions and the error above it.
    pub fn draw(&self, app: &App, frame: &mut Frame, main: Rect) {
        if main.height < 3 {
            return;
        }
        let bar = Rect {
            y: main.bottom() - 1,
            height: 1,
            ..main
        };
        frame.render_widget(Clear, bar);
        // A refused line stays selected: typing replaces it, an arrow keeps it to mend.
        let text_style = if self.input.is_selected() {
            app.theme.selected()
        } else {
            Style::new()
        };
        let prompt = Line::from(vec![
            styled(":", app.theme.key()),
            styled(self.input.text().to_string(), text_style),
        ]);
        frame.render_widget(Paragraph::new(prompt), bar);
        place_cursor(frame, bar, 0, 1, &self.input);
        let mut above: Vec<Line> = Vec::new();
        if let Some(c) = &self.completion {
            if c.candidates.is_empty() {
                above.push(Line::styled("no completion", app.theme.dim()));
            } else {
                let shown: Vec<Span> = c
                    .candidates
                    .iter()
                    .enumerate()
                    .map(|(i, cand)| {
                        let style = if i == c.index {
                            app.theme.selected()
                        } else {
                            Style::new()
                        };
                        Span::styled(format!(" {cand} "), style)
                    })
                    .collect();
                above.push(Line::from(shown));
            }
        }
        if let Some(e) = &self.error {
            above.push(Line::styled(format!("✗ {e}"), app.theme.bad()));
        }
        if above.is_empty() {
            return;
        }
        let height = (above.len() as u16 + 2).min(main.height - 1);
        let rect = Rect {
            y: bar.y.saturating_sub(height),
            height,
            ..main
        };
        let block = popup_block(app, frame, rect, "Command");
        frame.render_widget(
            Paragraph::new(above).block(block).wrap(Wrap { trim: true }),
            rect,
        );
    }

    /// Tab: complete the word at the end of the line; when several candidates fit, Tab again
    /// cycles through them, and when one did, Tab goes on to the next word.
    pub fn complete(&mut self, game: &Game, preview: &Outcome) {
        if let Some(c) = &mut self.completion
            && c.candidates.len() > 1
        {
            c.index = (c.index + 1) % c.candidates.len();
            let line = format!("{}{} ", c.stem, quote(&c.candidates[c.index]));
            self.input.set(&line);
            return;
        }
        let line = self.input.text().to_string();
        let mut before = words(&line);
        let partial = if line.ends_with(char::is_whitespace) || line.is_empty() {
            String::new()
        } else {
            before.pop().unwrap_or_default()
        };
        let stem = if partial.is_empty() {
            line.clone()
        } else {
            let cut = line.rfind(char::is_whitespace).map(|i| i + 1).unwrap_or(0);
            line[..cut].to_string()
        };
        let lower = partial.to_lowercase();
        let mut found: Vec<String> = candidates(game, preview, &before)
            .into_iter()
            .filter(|c| c.to_lowercase().starts_with(&lower))
            .collect();
        if found.is_empty() && !partial.is_empty() {
            found = candidates(game, preview, &before)
                .into_iter()
                .filter(|c| super::fuzzy::score(&partial, c).is_some())
                .collect();
        }
        if let Some(first) = found.first() {
            self.input.set(&format!("{stem}{} ", quote(first)));
        }
        self.completion = Some(Completion {
            stem,
            candidates: found,
            index: 0,
        });
    }

    /// Any edit ends the completion in progress.
    pub fn edited(&mut self) {
        self.completion = None;
        self.history_at = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn demo() -> Game {
        crate::demo::demo_game().expect("demo builds")
    }

    #[test]
    fn a_name_in_the_other_script_is_written_as_the_game_writes_it() {
        let game = demo();
        let preview = game.preview();
        let line = |typed: &str| names_as_written(&game, &preview, typed);
        assert_eq!(line("act Ann doctor Дино"), "act Ann doctor Dino");
        assert_eq!(line("act Вера boss Ольга"), "act Vera boss Olga");
        // known words, and words no name is spelt like, stay as typed
        assert_eq!(line("act Ann doctor Dino"), "act Ann doctor Dino");
        assert_eq!(line("act Ann doctor Nobody"), "act Ann doctor Nobody");
        assert_eq!(line("note \"Дино ok\""), "note \"Дино ok\"");
    }

    #[test]
    fn completes_commands_names_and_abilities() {
        let g = demo();
        let preview = g.preview();
        let mut cl = CommandLine::default();
        cl.input.set("ac");
        cl.complete(&g, &preview);
        assert_eq!(cl.input.text(), "act ");
        cl.edited();
        cl.input.set("act An");
        cl.complete(&g, &preview);
        assert_eq!(cl.input.text(), "act Ann ");
        cl.edited();
        cl.complete(&g, &preview);
        assert_eq!(cl.input.text(), "act Ann doctor ");
        cl.edited();
        cl.input.set("override ");
        cl.complete(&g, &preview);
        assert!(cl.input.text().starts_with("override act#"));
        let first = cl.input.text().to_string();
        cl.complete(&g, &preview);
        assert_ne!(cl.input.text(), first, "Tab again cycles");
    }
}
