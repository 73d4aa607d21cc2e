//! The setup's trial over the new-game form (Ctrl-T): the setup as the form stands played
//! [`Trial::GAMES`] times at random ([`crate::simulate`]) on a thread of its own, a gauge with
//! the running estimate while it plays, then a bar chart of each side's win rate and a
//! histogram of the games' lengths. Esc goes back to the form and stops a trial under way.

use super::app::App;
use super::msg::{Answer, Msg};
use super::view::{centered, hint_line, popup_block};
use crate::engine::Game;
use crate::simulate::{Played, RandomPlay, Report};
use ratatui::Frame;
use ratatui::layout::{Constraint, Direction, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Bar, BarChart, BarGroup, Block, Borders, Gauge, Paragraph};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex};

/// A game of the setup, dealt with its seed.
pub type MakeGame = Box<dyn Fn(u64) -> Result<Game, String> + Send + Sync>;

#[derive(Clone, Debug)]
pub struct Trial {
    /// The roleset and the number of players.
    title: String,
    games: u32,
    shared: Arc<Shared>,
}

/// What the playing thread and the console share.
#[derive(Debug, Default)]
struct Shared {
    done: AtomicU32,
    /// Wins so far, by winner: the running estimate.
    wins: Mutex<BTreeMap<String, u32>>,
    /// The host went back to the form: the games not yet begun are not played.
    stop: AtomicBool,
    report: Mutex<Option<Result<Report, String>>>,
}

impl Trial {
    /// Games a trial plays: enough for an interval of about ±3 points on a side's win rate.
    pub const GAMES: u32 = 1000;
    /// The run's seed: a trial of the same setup gives the same numbers.
    const SEED: u64 = 1;
    /// Phases after which a game that has not ended is counted as stopped.
    const CAP: u32 = 60;

    /// Start playing on a thread of its own.
    pub fn start(title: String, make: MakeGame) -> Trial {
        let shared = Arc::new(Shared::default());
        let worker = Arc::clone(&shared);
        std::thread::spawn(move || {
            let make_unless_stopped = |seed: u64| {
                if worker.stop.load(Ordering::Relaxed) {
                    return Err("stopped".to_string());
                }
                make(seed)
            };
            let heard = |played: &Played| {
                if let Ok(mut wins) = worker.wins.lock() {
                    for w in &played.winners {
                        *wins.entry(w.clone()).or_default() += 1;
                    }
                }
                worker.done.fetch_add(1, Ordering::Relaxed);
            };
            let report = crate::simulate::run(
                Trial::GAMES,
                Trial::SEED,
                Trial::CAP,
                &RandomPlay,
                &make_unless_stopped,
                &heard,
            );
            if let Ok(mut slot) = worker.report.lock() {
                *slot = Some(report);
            }
        });
        Trial {
            title,
            games: Trial::GAMES,
            shared,
        }
    }

    /// A trial already played (the screen's tests draw one).
    pub fn finished(title: String, report: Report) -> Trial {
        let shared = Shared {
            done: AtomicU32::new(report.games),
            report: Mutex::new(Some(Ok(report.clone()))),
            ..Shared::default()
        };
        Trial {
            title,
            games: report.games,
            shared: Arc::new(shared),
        }
    }

    /// Still playing: the console redraws it a few times a second until it is done.
    pub fn running(&self) -> bool {
        self.shared.report.lock().is_ok_and(|r| r.is_none())
    }

    /// The report, once played.
    pub fn report(&self) -> Option<Result<Report, String>> {
        self.shared.report.lock().ok().and_then(|r| r.clone())
    }

    pub fn update(&mut self, msg: Msg) -> Answer {
        match msg {
            Msg::Close => {
                self.shared.stop.store(true, Ordering::Relaxed);
                Answer::Close
            }
            _ => Answer::Stay,
        }
    }

    pub fn draw(&self, app: &App, frame: &mut Frame, area: Rect) {
        let rect = centered(area, 100, 24.min(area.height));
        let block = popup_block(
            app,
            frame,
            rect,
            &format!("Trying the setup · {}", self.title),
        );
        let inner = block.inner(rect);
        frame.render_widget(block, rect);
        let [body, hints] =
            Layout::vertical([Constraint::Min(1), Constraint::Length(1)]).areas(inner);
        match self.report() {
            None => self.draw_progress(app, frame, body),
            Some(Err(why)) => frame.render_widget(
                Paragraph::new(Line::styled(format!("✗ {why}"), app.theme.warning())),
                body,
            ),
            Some(Ok(report)) => draw_report(app, &report, frame, body),
        }
        let hints_line = hint_line(app, &super::keymap::hints(app), hints.width);
        frame.render_widget(Paragraph::new(hints_line), hints);
    }

    fn draw_progress(&self, app: &App, frame: &mut Frame, area: Rect) {
        let done = self.shared.done.load(Ordering::Relaxed);
        let [gauge, estimate, _] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Length(2),
            Constraint::Min(0),
        ])
        .areas(area);
        let ratio = f64::from(done) / f64::from(self.games.max(1));
        frame.render_widget(
            Gauge::default()
                .gauge_style(app.theme.header())
                .ratio(ratio.clamp(0.0, 1.0))
                .label(format!("{done} of {} games, random play", self.games)),
            gauge,
        );
        let wins = self
            .shared
            .wins
            .lock()
            .map(|w| w.clone())
            .unwrap_or_default();
        let so_far: Vec<String> = (wins.iter())
            .map(|(w, k)| format!("{w} {:.1}%", 100.0 * f64::from(*k) / f64::from(done.max(1))))
            .collect();
        frame.render_widget(
            Paragraph::new(format!("so far: {}", so_far.join(" · "))),
            estimate,
        );
    }
}

/// Each winner's win rate as a bar with its interval beside, and the lengths' histogram.
fn draw_report(app: &App, report: &Report, frame: &mut Frame, area: Rect) {
    let [summary, charts] =
        Layout::vertical([Constraint::Length(2), Constraint::Min(4)]).areas(area);
    let mut sorted = report.lengths.clone();
    sorted.sort_unstable();
    let median = sorted.get(sorted.len() / 2).copied().unwrap_or(0);
    frame.render_widget(
        Paragraph::new(vec![
            Line::styled(
                format!(
                    "{} games of random play: the rules and the numbers, not the players",
                    report.games
                ),
                app.theme.header(),
            ),
            Line::from(format!(
                "median length {median} phases · draws {} · stopped at {} phases: {}",
                report.draws,
                Trial::CAP,
                report.capped
            )),
        ]),
        summary,
    );
    let [rates, lengths] =
        Layout::horizontal([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(charts);
    let bars: Vec<Bar> = (report.wins.keys())
        .map(|w| {
            let (p, low, high) = report.rate(w);
            let percent = (p * 100.0).round() as u64;
            Bar::default()
                .value(percent)
                .label(Line::from(w.clone()))
                .text_value(format!(
                    "{percent}% ({:.0}–{:.0})",
                    low * 100.0,
                    high * 100.0
                ))
        })
        .collect();
    frame.render_widget(
        BarChart::default()
            .block(Block::new().borders(Borders::TOP).title(" Win rate (95%) "))
            .direction(Direction::Horizontal)
            .bar_width(1)
            .bar_gap(1)
            .bar_style(app.theme.header())
            .max(100)
            .data(BarGroup::default().bars(&bars)),
        rates,
    );
    // As many bins as fit, at most ten, each wide enough for its label ("12-14").
    let longest = report.lengths.iter().max().copied().unwrap_or(0);
    let label_width = 2 * longest.to_string().len() as u16 + 1;
    let fit = lengths.width.saturating_sub(2) / (label_width + 1);
    let bins = report.length_bins(u32::from(fit.clamp(1, 10)));
    let bars: Vec<Bar> = (bins.iter())
        .map(|(from, to, n)| {
            let label = if from == to {
                from.to_string()
            } else {
                format!("{from}-{to}")
            };
            Bar::default().value(*n).label(Line::from(label))
        })
        .collect();
    frame.render_widget(
        BarChart::default()
            .block(
                Block::new()
                    .borders(Borders::TOP | Borders::LEFT)
                    .title(" Games by length (phases) "),
            )
            .bar_width(label_width)
            .bar_gap(1)
            .data(BarGroup::default().bars(&bars)),
        lengths,
    );
}
