//! Phase resolution: a pure function from (state, the phase's entries) to an [`Outcome`] and
//! the state after it. The rule system ([`RuleSystem::resolve`]) drives it through the [`Ctx`] toolkit, which
//! records every step, death, message and random draw.

use super::entry::{PendingKind, Verdict};
use super::outcome::{Audience, Death, Message, Outcome, Step, StepResult};
use super::state::{GameState, SlotId, StatusInfo};
use super::system::RuleSystem;
use super::template::render;
use crate::rules::{AbilityDef, Roleset};
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use std::collections::BTreeMap;

/// Resolve the current phase of `state`. The random generator is seeded from the game seed and
/// the phase index, so resolving the same phase again draws the same numbers.
pub fn resolve_phase(
    system: &dyn RuleSystem,
    roleset: &Roleset,
    state: &GameState,
    seed: u64,
) -> (Outcome, GameState) {
    resolve_phase_of(system, roleset, state.clone(), seed)
}

/// [`resolve_phase`] over a state handed over: a commit, which replaces its state with the
/// result anyway, spares a copy of the whole game (its history included) and its drop.
pub fn resolve_phase_of(
    system: &dyn RuleSystem,
    roleset: &Roleset,
    state: GameState,
    seed: u64,
) -> (Outcome, GameState) {
    let ctx = run_resolver(system, roleset, state, seed, None);
    (ctx.outcome, ctx.state)
}

/// The resolver itself. With `snapshots`, [`Ctx::step`] also records the state as it is when
/// each step is recorded (see [`super::stepwise`]); the outcome is the same either way.
pub(crate) fn run_resolver<'a>(
    system: &dyn RuleSystem,
    roleset: &'a Roleset,
    state: GameState,
    seed: u64,
    snapshots: Option<Vec<GameState>>,
) -> Ctx<'a> {
    let mut ctx = Ctx::over(roleset, state, seed);
    ctx.snapshots = snapshots;
    system.resolve(&mut ctx);
    ctx
}

impl<'a> Ctx<'a> {
    /// The context a resolution of `state`'s phase starts from, over a copy of the state: the
    /// phase's host messages and deaths already in the outcome, and the generator seeded to draw
    /// what this phase's resolution draws. The resolver runs in it; a rule system may also use
    /// one for a dry run (a live tally counting as the resolution will), and nothing it records
    /// reaches the game.
    pub fn dry_run(roleset: &'a Roleset, state: &GameState, seed: u64) -> Ctx<'a> {
        Ctx::over(roleset, state.clone(), seed)
    }

    /// The context of a resolution over `state` itself, handed over (see [`Ctx::dry_run`]).
    pub fn over(roleset: &'a Roleset, state: GameState, seed: u64) -> Ctx<'a> {
        Ctx {
            roleset,
            outcome: Outcome {
                phase: state.phase_name(roleset),
                messages: state.host_messages.clone(),
                deaths: state.host_deaths.clone(),
                ..Outcome::default()
            },
            rng: ChaCha8Rng::seed_from_u64(phase_seed(seed, &state)),
            snapshots: None,
            stage: None,
            state,
        }
    }
}

/// The seed of one phase's draws: the game seed mixed with the phase index, so resolving the
/// same phase again draws the same numbers.
fn phase_seed(seed: u64, state: &GameState) -> u64 {
    seed ^ (u64::from(state.phase) + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// An action of the phase, as the resolver processes it.
#[derive(Clone, Debug)]
pub struct Action {
    pub seq: u64,
    pub actor: SlotId,
    pub ability: AbilityDef,
    pub targets: Vec<String>,
    /// The extra values the host entered with the action (a requested role, ...).
    pub params: BTreeMap<String, String>,
}

impl Action {
    /// The key the host uses to override this action's step.
    pub fn key(&self) -> String {
        format!("act#{}", self.seq)
    }
}

/// An action entry of the phase that no later entry replaced, as the host entered it.
#[derive(Clone, Copy, Debug)]
pub struct LiveAct<'s> {
    pub seq: u64,
    pub actor: SlotId,
    pub ability: &'s str,
    pub targets: &'s [String],
    pub params: &'s BTreeMap<String, String>,
}

/// The live action entries of the phase (and round), in submission order.
pub fn live_acts(state: &GameState) -> impl DoubleEndedIterator<Item = LiveAct<'_>> {
    state
        .pending
        .iter()
        .filter(|p| p.replaced_by.is_none())
        .filter_map(|p| match &p.kind {
            PendingKind::Act {
                actor,
                ability,
                targets,
                params,
            } => Some(LiveAct {
                seq: p.seq,
                actor: *actor,
                ability,
                targets,
                params,
            }),
            _ => None,
        })
}

/// The working context of one resolution.
pub struct Ctx<'a> {
    pub roleset: &'a Roleset,
    /// The state being changed; the caller's state is untouched.
    pub state: GameState,
    pub outcome: Outcome,
    pub rng: ChaCha8Rng,
    /// The state after each recorded step, when the caller asked for it (the console's queue
    /// cursor); `None` in ordinary resolution.
    pub snapshots: Option<Vec<GameState>>,
    /// The stage the phase runner is resolving, once it has started on the stages. The stages
    /// run in the order in force, so the steps are recorded in that order: a step recorded
    /// meanwhile is the stage's, whatever stage its ability or note names (a crime logged as a
    /// kill lands, deaths made final at the doctor's stage), and the queue's stage groups
    /// follow the order in force. Left at the last stage once all have run: what the phase does
    /// after them is its close. `None` before the first stage: a step keeps the stage it names.
    pub stage: Option<String>,
}

impl Ctx<'_> {
    pub fn name(&self, slot: SlotId) -> String {
        self.state
            .slots
            .get(slot)
            .map(|s| s.name.clone())
            .unwrap_or_default()
    }

    /// The slot a name means. Targets were made canonical when entered, and the state's name
    /// index finds them without scanning every slot.
    pub fn slot_of(&self, name: &str) -> Option<SlotId> {
        self.state.slot_by_name(name).map(|s| s.id)
    }

    pub fn option(&self, id: &str) -> String {
        self.state.option(self.roleset, id).to_string()
    }

    /// The live actions of the phase in resolution order: by stage (in the order in force),
    /// then by submission.
    pub fn actions(&self) -> Vec<Action> {
        let mut out: Vec<(usize, Action)> = live_acts(&self.state)
            .filter_map(|act| {
                let def = self.roleset.ability(act.ability)?.clone();
                let stage = self
                    .state
                    .stage_order
                    .iter()
                    .position(|s| *s == def.stage)
                    .unwrap_or(usize::MAX);
                Some((
                    stage,
                    Action {
                        seq: act.seq,
                        actor: act.actor,
                        ability: def,
                        targets: act.targets.to_vec(),
                        params: act.params.clone(),
                    },
                ))
            })
            .collect();
        out.sort_by_key(|(stage, a)| (*stage, a.seq));
        out.into_iter().map(|(_, a)| a).collect()
    }

    /// The host's verdict on a step, if any.
    pub fn verdict(&self, key: &str) -> Option<(Verdict, String)> {
        self.state.overrides.get(key).cloned()
    }

    /// How the host's Skip or Fail verdict on a step ends it, with the reason to record; `None`
    /// when there is no verdict or it is Succeed (the step runs).
    pub fn verdict_stop(&self, key: &str) -> Option<(StepResult, String)> {
        match self.verdict(key)? {
            (Verdict::Skip, why) => Some((
                StepResult::Skipped,
                format!("host override: skipped ({why})"),
            )),
            (Verdict::Fail, why) => {
                Some((StepResult::Failed, format!("host override: failed ({why})")))
            }
            (Verdict::Succeed, _) => None,
        }
    }

    /// Record a step, in the stage being resolved if the runner has said which (`stage`).
    pub fn step(&mut self, mut step: Step) {
        if let Some(stage) = &self.stage {
            step.stage.clone_from(stage);
        }
        self.outcome.steps.push(step);
        if let Some(snapshots) = &mut self.snapshots {
            snapshots.push(self.state.clone());
        }
    }

    /// Record a step that only reports something.
    pub fn note(&mut self, key: impl Into<String>, stage: &str, reason: impl Into<String>) {
        self.step(Step {
            key: key.into(),
            stage: stage.to_string(),
            actor: None,
            ability: None,
            targets_before: Vec::new(),
            targets_after: Vec::new(),
            result: StepResult::Info,
            reasons: vec![reason.into()],
        });
    }

    pub fn warn(&mut self, text: impl Into<String>) {
        self.outcome.warnings.push(text.into());
    }

    /// Add a message from a roleset template.
    pub fn say(&mut self, audience: Audience, template: &str, args: &[(&str, String)]) {
        let text = render(self.roleset.template(template), args);
        self.outcome.messages.push(Message {
            audience,
            template: template.to_string(),
            text,
            sent_alive: false,
        });
    }

    /// Draw one item at random and record the draw as a step.
    pub fn draw<T: Clone>(
        &mut self,
        stage: &str,
        what: &str,
        options: &[T],
        label: impl Fn(&T) -> String,
    ) -> Option<T> {
        if options.is_empty() {
            self.note(
                format!("draw:{what}"),
                stage,
                format!("random draw for {what}: nothing to draw from"),
            );
            return None;
        }
        let i = rand::RngExt::random_range(&mut self.rng, 0..options.len());
        let labels: Vec<String> = options.iter().map(&label).collect();
        self.note(
            format!("draw:{what}"),
            stage,
            format!(
                "random draw for {what}: {} from [{}]",
                labels[i],
                labels.join(", ")
            ),
        );
        options.get(i).cloned()
    }

    /// Kill a living player; returns false if he was already dead.
    pub fn kill(&mut self, slot: SlotId, cause: &str) -> bool {
        let phase = self.state.phase;
        match self.state.slots.get_mut(slot) {
            Some(s) if s.alive => {
                s.alive = false;
                s.death = Some((phase, cause.to_string()));
                self.outcome.deaths.push(Death {
                    slot,
                    cause: cause.to_string(),
                });
                true
            }
            _ => false,
        }
    }

    /// Bring a dead player back to life (a WWR resurrection); returns false if he was alive.
    /// A death in this same resolution is taken back from the outcome.
    pub fn revive(&mut self, slot: SlotId) -> bool {
        match self.state.slots.get_mut(slot) {
            Some(s) if !s.alive => {
                s.alive = true;
                s.death = None;
                self.outcome.deaths.retain(|d| d.slot != slot);
                true
            }
            _ => false,
        }
    }

    /// Give a status for the duration the roleset declares.
    pub fn set_status(&mut self, slot: SlotId, status: &str, link: Option<SlotId>) {
        let phase = self.state.phase;
        let until = self
            .roleset
            .status(status)
            .and_then(|s| s.lasts)
            .map(|n| phase.saturating_add(n));
        self.set_status_until(slot, status, link, until);
    }

    /// Give a status that ends once phase `until` is committed (`None`: until cleared).
    pub fn set_status_until(
        &mut self,
        slot: SlotId,
        status: &str,
        link: Option<SlotId>,
        until: Option<u32>,
    ) {
        let phase = self.state.phase;
        if let Some(s) = self.state.slots.get_mut(slot) {
            s.statuses.insert(
                status.to_string(),
                StatusInfo {
                    since: phase,
                    until,
                    link,
                },
            );
        }
    }

    pub fn has_status(&self, slot: SlotId, status: &str) -> bool {
        self.state
            .slots
            .get(slot)
            .is_some_and(|s| s.has_status(status))
    }

    pub fn is_alive(&self, slot: SlotId) -> bool {
        self.state.slots.get(slot).is_some_and(|s| s.alive)
    }

    /// Count one use of an ability (and a self or own-family use when the targets, as
    /// entered, say so).
    pub fn spend_use(&mut self, actor: SlotId, ability: &str, targets: &[String]) {
        let Some(slot) = self.state.slots.get_mut(actor) else {
            return;
        };
        *slot.uses.entry(ability.to_string()).or_insert(0) += 1;
        if targets.contains(&slot.name) {
            *slot.self_uses.entry(ability.to_string()).or_insert(0) += 1;
        }
        if slot.family.as_ref().is_some_and(|f| targets.contains(f)) {
            *slot.own_family_uses.entry(ability.to_string()).or_insert(0) += 1;
        }
    }

    /// Lend `slot` a role until phase `until` is committed ([`crate::engine::state::Borrowed`]).
    /// `by` is the role that lends it.
    pub fn lend(&mut self, slot: SlotId, role: &str, until: Option<u32>, by: &str) {
        if let Some(s) = self.state.slots.get_mut(slot) {
            s.borrowed.retain(|b| b.role != role);
            s.borrowed.push(crate::engine::state::Borrowed {
                role: role.to_string(),
                until,
                by: by.to_string(),
            });
        }
    }

    /// Add one to a slot's counter and give the new count.
    pub fn count_up(&mut self, slot: SlotId, counter: &str) -> u32 {
        let Some(s) = self.state.slots.get_mut(slot) else {
            return 0;
        };
        let c = s.counters.entry(counter.to_string()).or_insert(0);
        *c += 1;
        *c
    }
}
