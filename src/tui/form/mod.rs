//! Entry forms: one field at a time (actor, then only the abilities that actor may use now,
//! then each target of the right kind), each with fuzzy search over its choices. The fields of
//! a form are derived from the values accepted so far, so they always follow the rules the
//! engine will check; the engine still has the last word when the entry is submitted.

mod fields;

pub use fields::{Choice, Field, FormKind, act_values, default_export_path, has_vote};

use super::app::App;
use super::confirm::{SecondEnter, vote_doubts};
use super::fuzzy;
use super::input::LineInput;
use super::keymap;
use super::msg::{Answer, Msg};
use super::overlay::Ctx;
use super::view::{centered, fit, hint_line, place_cursor, popup_block, styled};
use crate::engine::Entry;
use crate::script::{Command, host_command, markup, verdict};
use fields::{fields_of, open_ballots};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};
use std::path::PathBuf;

/// How many matches the form lists.
const MATCHES: usize = 8;

#[derive(Clone, Debug, PartialEq)]
pub struct Form {
    pub kind: FormKind,
    /// The values accepted so far, one per field.
    pub values: Vec<String>,
    pub input: LineInput,
    /// The highlighted choice among the matches.
    pub choice: usize,
    /// Why the last Enter was not accepted (shown in the form).
    pub error: Option<String>,
    /// A vote with doubts is submitted on its second Enter.
    confirm: SecondEnter,
}

impl Form {
    pub fn new(kind: FormKind) -> Form {
        Form {
            kind,
            values: Vec::new(),
            input: LineInput::default(),
            choice: 0,
            error: None,
            confirm: SecondEnter::default(),
        }
    }

    /// A form with values already given (a PM suggestion, the selected step); the next field's
    /// initial text is filled in.
    pub fn with_values(kind: FormKind, values: Vec<String>, ctx: &Ctx) -> Form {
        let mut form = Form {
            values,
            ..Form::new(kind)
        };
        form.prepare_current(ctx);
        form
    }

    /// Every field, as far as the values so far determine them.
    pub fn fields(&self, ctx: &Ctx) -> Vec<Field> {
        fields_of(self.kind, ctx, &self.values)
    }

    /// Enter accepts a field (the last one: the finished form goes back as an entry or a
    /// command), Tab completes, Shift-Tab goes back, Up/Down pick among the matches.
    pub fn update(&mut self, msg: Msg, ctx: &Ctx) -> Answer {
        self.error = None;
        match msg {
            Msg::Close => return Answer::Close,
            Msg::Submit => match self.accept(ctx) {
                Ok(Some(answer)) => return answer,
                Ok(None) => {}
                Err(why) => self.error = Some(why),
            },
            Msg::Complete => self.complete(ctx),
            Msg::Back => self.back(),
            Msg::Up | Msg::Down => self.move_choice(ctx, msg == Msg::Down),
            other => {
                if self.input.take(other) {
                    self.edited();
                }
            }
        }
        Answer::Stay
    }

    /// The field being filled in, if any.
    pub fn current(&self, ctx: &Ctx) -> Option<Field> {
        self.fields(ctx)
            .into_iter()
            .nth(self.values.len())
            .filter(|f| !f.placeholder)
    }

    /// The choices of the current field that match what is typed, best first.
    /// A value taken back (Shift-Tab, a refusal) stays selected and filters nothing: every
    /// choice is listed, the old one first, and typing starts a new search.
    pub fn matches(&self, field: &Field) -> Vec<Choice> {
        let mut ranked: Vec<Choice> =
            fuzzy::rank(self.query(), &field.choices, |c| c.label.clone())
                .into_iter()
                .filter_map(|i| field.choices.get(i).cloned())
                .collect();
        if self.input.is_selected()
            && let Some(old) = ranked.iter().position(|c| c.value == self.input.text())
        {
            let old = ranked.remove(old);
            ranked.insert(0, old);
        }
        ranked
    }

    /// What the matches are searched with: nothing while a taken-back value is selected.
    fn query(&self) -> &str {
        if self.input.is_selected() {
            ""
        } else {
            self.input.text()
        }
    }

    pub fn move_choice(&mut self, ctx: &Ctx, down: bool) {
        let count = self
            .current(ctx)
            .map(|f| self.matches(&f).len())
            .unwrap_or(0);
        if count == 0 {
            self.choice = 0;
        } else if down {
            self.choice = (self.choice + 1) % count;
        } else {
            self.choice = (self.choice + count - 1) % count;
        }
    }

    /// Tab: put the highlighted choice into the field.
    pub fn complete(&mut self, ctx: &Ctx) {
        if let Some(field) = self.current(ctx)
            && let Some(c) = self.matches(&field).get(self.choice)
        {
            self.input.set(&c.value);
            self.choice = 0;
        }
    }

    /// Typing changes the matches: highlight the best one again.
    pub fn edited(&mut self) {
        self.choice = 0;
    }

    /// Enter: accept the current field; on the last field, what the finished form asks.
    pub fn accept(&mut self, ctx: &Ctx) -> Result<Option<Answer>, String> {
        let fields = self.fields(ctx);
        let Some(field) = fields.get(self.values.len()).filter(|f| !f.placeholder) else {
            return Err("this form cannot be completed yet".into());
        };
        let value = self.value_of(field)?;
        self.values.push(value);
        let fields = self.fields(ctx);
        if self.values.len() >= fields.len() && fields.iter().all(|f| !f.placeholder) {
            let done = self
                .finish(ctx)
                .and_then(|answer| self.second_enter(ctx, answer));
            if done.is_err() {
                self.values.pop();
            }
            return done.map(Some);
        }
        self.prepare_current(ctx);
        Ok(None)
    }

    /// A finished vote with doubts (improper, a dead target) comes back once with them named,
    /// the form on its last field; Enter on the same vote again submits it.
    fn second_enter(&mut self, ctx: &Ctx, answer: Answer) -> Result<Answer, String> {
        if let Answer::Submit(entry) = &answer
            && let Some(warning) = self
                .confirm
                .first_enter(&format!("{entry:?}"), &vote_doubts(ctx.game, entry))
        {
            return Err(warning);
        }
        Ok(answer)
    }

    /// Shift-Tab: back to the previous field with its value to correct.
    pub fn back(&mut self) {
        if let Some(last) = self.values.pop() {
            self.input.set(&last);
            self.input.select_all();
            self.choice = 0;
        }
    }

    fn prepare_current(&mut self, ctx: &Ctx) {
        let initial = self.current(ctx).map(|f| f.initial).unwrap_or_default();
        self.input.set(&initial);
        self.choice = 0;
    }

    /// The value the current field would take now.
    fn value_of(&self, field: &Field) -> Result<String, String> {
        let typed = self.input.text().trim();
        if field.free {
            if typed.is_empty() {
                if let Some(c) = self.matches(field).get(self.choice) {
                    return Ok(c.value.clone());
                }
                return Err(format!("{} is empty", field.label));
            }
            return Ok(typed.to_string());
        }
        if field.choices.is_empty() {
            return Err(field
                .note
                .clone()
                .unwrap_or_else(|| format!("there is nothing to choose for {}", field.label)));
        }
        let typed = self.query().trim();
        if let Some(exact) = field
            .choices
            .iter()
            .find(|c| c.value.eq_ignore_ascii_case(typed))
        {
            return Ok(exact.value.clone());
        }
        match self.matches(field).get(self.choice) {
            Some(c) => Ok(c.value.clone()),
            None => Err(format!("nothing matches `{typed}` for {}", field.label)),
        }
    }

    fn finish(&self, ctx: &Ctx) -> Result<Answer, String> {
        let v = &self.values;
        let get = |i: usize| v.get(i).cloned().unwrap_or_default();
        Ok(match self.kind {
            FormKind::Act => {
                let ability = ctx
                    .game
                    .roleset()
                    .ability(&get(1))
                    .ok_or_else(|| format!("no ability `{}`", get(1)))?;
                let actor = ctx
                    .game
                    .state()
                    .slot_by_name(&get(0))
                    .ok_or_else(|| format!("no player `{}`", get(0)))?;
                let (targets, params) = act_values(ability, ctx.game.state(), actor, v);
                Answer::Submit(Entry::Act {
                    actor: get(0),
                    ability: get(1),
                    targets,
                    params,
                })
            }
            FormKind::Vote | FormKind::Unvote => {
                let several = open_ballots(ctx).len() > 1;
                let (ballot, rest) = if several {
                    (Some(get(0)), &v[1.min(v.len())..])
                } else {
                    (open_ballots(ctx).first().map(|b| b.0.clone()), &v[..])
                };
                let at = |i: usize| rest.get(i).cloned().unwrap_or_default();
                Answer::Submit(if self.kind == FormKind::Vote {
                    Entry::Vote {
                        ballot,
                        voter: at(0),
                        target: at(1),
                    }
                } else {
                    Entry::Unvote {
                        ballot,
                        voter: at(0),
                    }
                })
            }
            FormKind::Host => Answer::Submit(Entry::Host(host_command(v)?)),
            FormKind::Override => Answer::Submit(Entry::Override {
                step: get(0),
                verdict: verdict(&get(1))?,
                reason: get(2),
            }),
            FormKind::Export => run(Command::Export(markup(&get(0))?, PathBuf::from(get(1)))),
            FormKind::Open => run(Command::Open(PathBuf::from(get(0)))),
        })
    }

    /// The fields filled so far, the current one with its fuzzy matches, the fields to come.
    pub fn draw(&self, app: &App, frame: &mut Frame, area: Rect) {
        let ctx = app.ctx();
        let fields = self.fields(&ctx);
        let current = self.current(&ctx);
        let matches = current
            .as_ref()
            .map(|f| self.matches(f))
            .unwrap_or_default();
        let list = matches.len().min(MATCHES) as u16;
        let about = current.as_ref().and_then(|f| f.about.as_ref());
        // The description may wrap over a few lines of the 74 columns inside.
        let about_rows = about.map_or(0, |a| a.chars().count() as u16 / 72 + 1);
        let height = fields.len() as u16 + list + about_rows + 7;
        let rect = centered(area, 76, height);
        let block = popup_block(app, frame, rect, self.kind.title());
        let inner = block.inner(rect);
        frame.render_widget(block, rect);
        let label_width = fields
            .iter()
            .map(|f| f.label.chars().count())
            .max()
            .unwrap_or(0)
            + 2;
        let mut lines = Vec::new();
        let mut cursor = None;
        for (i, field) in fields.iter().enumerate() {
            let label = format!("{:<label_width$}", format!("{}:", field.label));
            let line = match self.values.get(i) {
                Some(v) => Line::from(vec![styled(label, app.theme.dim()), Span::raw(v.clone())]),
                None if i == self.values.len() && !field.placeholder => {
                    cursor = Some((lines.len() as u16, label_width as u16));
                    let text_style = if self.input.is_selected() {
                        app.theme.selected()
                    } else {
                        ratatui::style::Style::new()
                    };
                    Line::from(vec![
                        styled(label, app.theme.title(true)),
                        styled(self.input.text().to_string(), text_style),
                    ])
                }
                None => Line::styled(format!("{label}…"), app.theme.dim()),
            };
            lines.push(line);
        }
        lines.push(Line::raw(""));
        if let Some(about) = about {
            lines.push(Line::styled(about.clone(), app.theme.dim()));
        }
        match &current {
            Some(field) if matches.is_empty() && !field.free => {
                let why = match (&field.note, field.choices.is_empty()) {
                    (Some(note), true) => note.clone(),
                    _ => format!("nothing matches `{}`", self.query()),
                };
                lines.push(Line::styled(why, app.theme.warning()));
            }
            Some(field) if matches.is_empty() => {
                if let Some(note) = &field.note {
                    lines.push(Line::styled(note.clone(), app.theme.dim()));
                }
            }
            Some(_) => {
                let start = self.choice.saturating_sub(MATCHES - 1);
                for (i, c) in matches.iter().enumerate().skip(start).take(MATCHES) {
                    let text = fit(&c.label, usize::from(inner.width).saturating_sub(2));
                    lines.push(if i == self.choice {
                        Line::from(vec![Span::raw("▶ "), Span::raw(text)])
                            .style(app.theme.selected())
                    } else {
                        Line::raw(format!("  {text}"))
                    });
                }
            }
            None => lines.push(Line::styled("Enter submits.", app.theme.dim())),
        }
        if let Some(e) = &self.error {
            lines.push(Line::styled(format!("✗ {e}"), app.theme.bad()));
        }
        let hints_at = inner.height.saturating_sub(1);
        frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), inner);
        frame.render_widget(
            Paragraph::new(hint_line(app, &keymap::hints(app), inner.width)),
            Rect {
                y: inner.y + hints_at,
                height: 1,
                ..inner
            },
        );
        if let Some((row, col)) = cursor {
            place_cursor(frame, inner, row, col, &self.input);
        }
    }
}

/// A finished form that runs a command rather than entering an entry (export, open).
fn run(command: Command) -> Answer {
    Answer::Run {
        command,
        typed: None,
    }
}
