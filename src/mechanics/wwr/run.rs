//! The executor's working context: the engine's resolution context, the world it changes, the
//! program it runs, and the helpers every ability handler shares (steps, messages, draws).

use super::program::Program;
use super::setup::TEXT_TEMPLATE;
use super::world::{Src, World};
use crate::engine::SlotId;
use crate::engine::outcome::{Audience, Message, Step, StepResult};
use crate::engine::resolve::Ctx;
use crate::rules::PhaseKind;
use std::sync::Arc;

pub struct Run<'r, 'a> {
    pub ctx: &'r mut Ctx<'a>,
    pub world: World,
    pub program: Arc<Program>,
    /// The bot's phase number (`2·n − isNight`: Day 0 is 0, Night 1 is 1, Day 1 is 2).
    pub phase: u32,
    pub kind: PhaseKind,
    /// The pipeline stage being run, for the steps' `stage`.
    pub stage: String,
    /// How deep trigger cascades go, to stop a text that triggers itself forever.
    pub depth: u32,
    /// Selectors reach the dead too (a death trigger's subject, research §1.4).
    pub include_dead: bool,
    /// Trigger blocks run so far in this resolution, against [`MAX_FIRINGS`].
    pub fired: u32,
    /// Emits sent and not yet received: the source to fire, `On Emitted` or `On End
    /// Emitted`, and the value.
    pub emits: Vec<(Src, crate::wwr::ast::TriggerKind, String)>,
    /// The last visit's number: a `Cancel` names the visit its trigger came from.
    pub next_visit: u64,
    /// Visits a `Cancel` voided, by number, until the visit looks.
    pub cancelled: std::collections::BTreeMap<u64, super::visit::Cancelled>,
    /// Counts steps of the same key so each has its own override key.
    keys: std::collections::BTreeMap<String, u32>,
    /// A haunting game (option `haunting: on`), read once: every trigger asks.
    pub haunting: bool,
}

/// How deep triggers may fire triggers before the executor stops the cascade.
pub const MAX_DEPTH: u32 = 40;

/// How many trigger blocks one resolution runs before the executor stops: every `Passive`
/// fires every `Passive`, so a text whose passive change sets off `Passive` again (the Gray
/// Werewolf's alignment change while two remain) would branch at every level and never end,
/// however shallow the depth limit. A real night runs a few hundred.
pub const MAX_FIRINGS: u32 = 20_000;

impl<'r, 'a> Run<'r, 'a> {
    pub fn new(ctx: &'r mut Ctx<'a>, world: World, program: Arc<Program>) -> Self {
        let phase = ctx.state.phase;
        let kind = ctx.state.phase_kind(ctx.roleset);
        let haunting = ctx.option(super::haunting::OPTION) == "on";
        Run {
            ctx,
            world,
            program,
            phase,
            kind,
            stage: "start".into(),
            depth: 0,
            include_dead: false,
            fired: 0,
            emits: Vec::new(),
            next_visit: 0,
            cancelled: Default::default(),
            keys: Default::default(),
            haunting,
        }
    }

    pub fn name(&self, slot: SlotId) -> String {
        self.ctx.name(slot)
    }

    pub fn names(&self, slots: &[SlotId]) -> String {
        let names: Vec<String> = slots.iter().map(|s| self.name(*s)).collect();
        if names.is_empty() {
            "nobody".into()
        } else {
            names.join(", ")
        }
    }

    /// A key unique in this resolution: `base`, then `base#2`, ….
    pub fn key(&mut self, base: &str) -> String {
        let n = self.keys.entry(base.to_string()).or_insert(0);
        *n += 1;
        if *n == 1 {
            base.to_string()
        } else {
            format!("{base}#{n}")
        }
    }

    /// Who a source is, for the trace.
    pub fn src_label(&self, src: &Src) -> String {
        // the text a source runs, by name (`attribute` when its row is gone)
        let element = || {
            super::triggers::element_of(self, src).map_or_else(
                || "attribute".to_string(),
                |f| self.program.name(f).to_string(),
            )
        };
        match src {
            Src::Player(p) | Src::ExtraRole { owner: p, .. } => {
                format!("{} ({})", self.name(*p), element())
            }
            Src::Group { file, executor } => match executor {
                Some(e) => format!("{} through {}", self.program.name(*file), self.name(*e)),
                None => self.program.name(*file).to_string(),
            },
            Src::Poll(f) => format!("the {} poll", self.program.name(*f)),
            Src::Team(f) => self.program.name(*f).to_string(),
            Src::GroupAttribute { group, .. } => {
                format!("{} on {}", element(), self.program.name(*group))
            }
            Src::Attribute { owner, .. } => format!("{} on {}", element(), self.name(*owner)),
        }
    }

    /// A source in one word, for step keys the host types (`Jon`, `wolfpack`).
    pub fn src_word(&self, src: &Src) -> String {
        match src {
            Src::Player(p) | Src::ExtraRole { owner: p, .. } => self.name(*p),
            Src::Group { file, .. } | Src::Poll(file) | Src::Team(file) => {
                crate::wwr::names::normalize(self.program.name(*file))
            }
            Src::Attribute { id, .. } | Src::GroupAttribute { id, .. } => format!("attribute{id}"),
        }
    }

    /// Record a step.
    pub fn step(
        &mut self,
        key: String,
        result: StepResult,
        actor: Option<SlotId>,
        ability: Option<String>,
        targets: Vec<String>,
        reasons: Vec<String>,
    ) {
        let stage = self.stage.clone();
        self.ctx.step(Step {
            key,
            stage,
            actor,
            ability,
            targets_before: targets.clone(),
            targets_after: targets,
            result,
            reasons,
        });
    }

    /// Record a step the host may skip or fail (`override KEY skip …`): `false`, with his
    /// verdict recorded, when he did; otherwise the step is recorded as done and `true`.
    pub fn step_unless_stopped(
        &mut self,
        base: &str,
        actor: Option<SlotId>,
        reason: String,
    ) -> bool {
        let key = self.key(base);
        match self.ctx.verdict_stop(&key) {
            Some((result, why)) => {
                self.step(key, result, actor, None, Vec::new(), vec![reason, why]);
                false
            }
            None => {
                self.step(key, StepResult::Info, actor, None, Vec::new(), vec![reason]);
                true
            }
        }
    }

    /// Record a step that only reports.
    pub fn note(&mut self, base: &str, reason: impl Into<String>) {
        let key = self.key(base);
        self.step(
            key,
            StepResult::Info,
            None,
            None,
            Vec::new(),
            vec![reason.into()],
        );
    }

    pub fn tell(&mut self, audience: Audience, text: impl Into<String>) {
        self.tell_as(TEXT_TEMPLATE, audience, text);
    }

    /// A message under a template of the roleset (`wwr_text`, or `wwr_announce` for what a
    /// role text makes public).
    pub fn tell_as(&mut self, template: &str, audience: Audience, text: impl Into<String>) {
        let text = text.into();
        if text.trim().is_empty() {
            return;
        }
        // Feedback reaches a living player at once, as the bot sends it (research §1.7).
        let sent_alive = matches!(audience, Audience::Slot(p) if self.alive(p));
        self.ctx.outcome.messages.push(Message {
            audience,
            template: template.into(),
            text,
            sent_alive,
        });
    }

    /// Draw one of `options` with the game's generator; the draw is a step.
    pub fn draw<T: Clone>(
        &mut self,
        what: &str,
        options: &[T],
        label: impl Fn(&T) -> String,
    ) -> Option<T> {
        if options.len() == 1 {
            return options.first().cloned();
        }
        if options.is_empty() {
            self.note(
                "draw",
                format!("random draw for {what}: nothing to draw from"),
            );
            return None;
        }
        let i = rand::RngExt::random_range(&mut self.ctx.rng, 0..options.len());
        let labels: Vec<String> = options.iter().map(&label).collect();
        // A key the host can type: the words of `what` joined by `-`.
        let slug: String = what
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .collect::<Vec<_>>()
            .join("-");
        self.note(
            &format!("draw:{slug}"),
            format!(
                "random draw for {what}: {} from [{}]",
                labels[i],
                labels.join(", ")
            ),
        );
        options.get(i).cloned()
    }

    /// Shuffle with the game's generator, recording the order drawn.
    pub fn shuffle<T: Clone>(
        &mut self,
        what: &str,
        items: &mut Vec<T>,
        label: impl Fn(&T) -> String,
    ) {
        if items.len() < 2 {
            return;
        }
        let mut rest = std::mem::take(items);
        while !rest.is_empty() {
            let i = rand::RngExt::random_range(&mut self.ctx.rng, 0..rest.len());
            items.push(rest.remove(i));
        }
        let order: Vec<String> = items.iter().map(&label).collect();
        self.note(
            "draw",
            format!("random order of {what}: {}", order.join(", ")),
        );
    }

    /// Draw one of these players, the draw a step naming them.
    pub fn draw_player(&mut self, what: &str, players: &[SlotId]) -> Option<SlotId> {
        let names: Vec<(SlotId, String)> = players.iter().map(|p| (*p, self.name(*p))).collect();
        self.draw(what, players, |p| player_name(&names, *p))
    }

    /// Shuffle these players, the order drawn a step naming them.
    pub fn shuffle_players(&mut self, what: &str, players: &mut Vec<SlotId>) {
        let names: Vec<(SlotId, String)> = players.iter().map(|p| (*p, self.name(*p))).collect();
        self.shuffle(what, players, |p| player_name(&names, *p));
    }

    pub fn alive(&self, slot: SlotId) -> bool {
        self.world.players.get(slot).is_some_and(|p| p.alive)
    }
}

fn player_name(names: &[(SlotId, String)], p: SlotId) -> String {
    names
        .iter()
        .find(|(x, _)| *x == p)
        .map(|(_, n)| n.clone())
        .unwrap_or_default()
}
