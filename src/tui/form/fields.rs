//! What each form asks, field by field: the choices of a field are derived from the values
//! accepted so far and the game (only living actors, only the abilities an actor may use now,
//! targets of the right kind), so a form offers only what the rules allow.

use super::super::overlay::Ctx;
use crate::engine::validate::{min_target_count, target_choices, target_count, target_kind};
use crate::engine::{GameState, Slot};
use crate::rules::{AbilityDef, ParamKind, TargetKind, TargetRule};
use std::path::{Path, PathBuf};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormKind {
    Act,
    Vote,
    Unvote,
    Host,
    Override,
    Export,
    Open,
}

impl FormKind {
    pub fn title(self) -> &'static str {
        match self {
            FormKind::Act => "Enter an action",
            FormKind::Vote => "Enter a vote",
            FormKind::Unvote => "Withdraw a vote",
            FormKind::Host => "Host command",
            FormKind::Override => "Override a step",
            FormKind::Export => "Export the draft and private results",
            FormKind::Open => "Open a save",
        }
    }
}

/// One choice of a field: the value entered, and how it is shown.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    pub value: String,
    pub label: String,
}

impl Choice {
    fn new(value: impl Into<String>, label: impl Into<String>) -> Choice {
        Choice {
            value: value.into(),
            label: label.into(),
        }
    }
    fn plain(value: impl Into<String>) -> Choice {
        let value = value.into();
        Choice {
            label: value.clone(),
            value,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    pub label: String,
    pub choices: Vec<Choice>,
    /// Free text is accepted (choices are only suggestions).
    pub free: bool,
    /// What the field starts with when it becomes current.
    pub initial: String,
    /// Why there is nothing to choose, when there is nothing.
    pub note: Option<String>,
    /// A field not known yet (targets before the ability is chosen): shown, never current.
    pub placeholder: bool,
    /// What the field is for, shown while it is current (a parameter's description), so the
    /// labels stay one short line each.
    pub about: Option<String>,
}

impl Field {
    fn pick(label: impl Into<String>, choices: Vec<Choice>) -> Field {
        Field {
            label: label.into(),
            choices,
            free: false,
            initial: String::new(),
            note: None,
            placeholder: false,
            about: None,
        }
    }
    fn text(label: impl Into<String>) -> Field {
        Field {
            free: true,
            ..Field::pick(label, Vec::new())
        }
    }
    fn later(label: impl Into<String>) -> Field {
        Field {
            placeholder: true,
            ..Field::pick(label, Vec::new())
        }
    }
    fn noted(mut self, note: impl Into<String>) -> Field {
        self.note = Some(note.into());
        self
    }
}

pub const HOST_COMMANDS: [(&str, &str); 8] = [
    ("modkill", "remove a player from the game"),
    ("revive", "bring a dead player back"),
    ("replace", "a new person takes over a slot"),
    ("status", "give (+) or take away (-) a status"),
    ("role", "change a player's role"),
    ("extra", "give (+) or take away (-) an extra role"),
    ("msg", "a message to a player or to everyone (*)"),
    ("note", "a note only the host sees"),
];

pub const VERDICTS: [(&str, &str); 3] = [
    (
        "succeed",
        "the step happens, whatever would have stopped it",
    ),
    (
        "fail",
        "the step fails; the actor is told as for any failure",
    ),
    ("skip", "the step is left out, as if never entered"),
];

/// Every field of a form of this kind, as far as the values so far determine them.
pub fn fields_of(kind: FormKind, ctx: &Ctx, values: &[String]) -> Vec<Field> {
    match kind {
        FormKind::Act => act_fields(ctx, values),
        FormKind::Vote => vote_fields(ctx, values, false),
        FormKind::Unvote => vote_fields(ctx, values, true),
        FormKind::Host => host_fields(ctx, values),
        FormKind::Override => override_fields(ctx),
        FormKind::Export => export_fields(ctx),
        FormKind::Open => open_fields(ctx),
    }
}

/// A player as a choice: the name, with family and (outside the public view) roles.
pub fn player_choice(ctx: &Ctx, slot: &Slot) -> Choice {
    let roleset = ctx.game.roleset();
    let mut label = slot.name.clone();
    if let Some(f) = &slot.family {
        label.push_str(&format!(" · {f}"));
    }
    if !ctx.public {
        label.push_str(&format!(" · {}", slot.role_names(roleset)));
    }
    if !slot.alive {
        label.push_str(" · dead");
    }
    Choice::new(slot.name.clone(), label)
}

fn state<'a>(ctx: &'a Ctx) -> &'a GameState {
    ctx.game.state()
}

fn act_fields(ctx: &Ctx, values: &[String]) -> Vec<Field> {
    let st = state(ctx);
    let actors: Vec<Choice> = st
        .voters(ctx.game.roleset())
        .filter(|s| ctx.game.usable_abilities(s).is_ok())
        .map(|s| player_choice(ctx, s))
        .collect();
    let mut fields = vec![Field::pick("Actor", actors).noted("nobody can act now")];
    let Some(actor) = values.first().and_then(|a| st.slot_by_name(a)) else {
        fields.push(Field::later("Ability"));
        fields.push(Field::later("Targets"));
        return fields;
    };
    let abilities = ctx.game.usable_abilities(actor);
    let choices = abilities
        .as_ref()
        .map(|list| {
            list.iter()
                .map(|a| Choice::new(a.id.clone(), format!("{} — {}", a.id, a.name)))
                .collect()
        })
        .unwrap_or_default();
    let mut field = Field::pick("Ability", choices);
    if let Err(why) = &abilities {
        field = field.noted(why.clone());
    }
    fields.push(field);
    let Some(ability) = values.get(1).and_then(|id| ctx.game.roleset().ability(id)) else {
        fields.push(Field::later("Targets"));
        return fields;
    };
    let count = target_count(ability, st);
    let needed = min_target_count(ability, st);
    for i in 0..count {
        let kind = target_kind(ability, i);
        let earlier: Vec<&String> = values.iter().skip(2).take(i).collect();
        let distinct = ability.rules.contains(&TargetRule::Distinct);
        let mut choices: Vec<Choice> = match &kind {
            TargetKind::Player => st
                .slots
                .iter()
                .filter(|s| st.out_of_game(s).is_none())
                .filter(|s| s.alive || ability.rules.contains(&TargetRule::DeadAllowed))
                .filter(|s| !(ability.rules.contains(&TargetRule::NotSelf) && s.id == actor.id))
                .filter(|s| !(distinct && earlier.contains(&&s.name)))
                .map(|s| player_choice(ctx, s))
                .collect(),
            other => target_choices(ctx.game.roleset(), st, other)
                .iter()
                .map(Choice::plain)
                .collect(),
        };
        let what = kind.word();
        let label = if count > 1 {
            format!("Target {} ({what})", i + 1)
        } else {
            format!("Target ({what})")
        };
        // Past the fewest targets the ability takes, the rest may be left out.
        let optional = i >= needed;
        if optional {
            choices.insert(0, Choice::new("", NONE));
        }
        let mut field = Field::pick(label, choices).noted(format!("no {what} can be targeted"));
        if optional {
            field.label.push_str(" (optional)");
        }
        fields.push(field);
    }
    fields.extend(
        ability
            .params
            .iter()
            .filter(|p| p.asked_of(actor.roles()))
            .map(|p| param_field(ctx, ability, p)),
    );
    fields
}

/// The choice that leaves an optional target or parameter out.
const NONE: &str = "(none)";

/// A field for one of the ability's parameters, offering what its kind allows; an optional
/// one may be left out.
fn param_field(ctx: &Ctx, ability: &AbilityDef, p: &crate::rules::ParamDef) -> Field {
    let st = state(ctx);
    let mut choices: Vec<Choice> = match &p.kind {
        ParamKind::Text => Vec::new(),
        ParamKind::YesNo => vec![Choice::plain("yes"), Choice::plain("no")],
        ParamKind::Choice(words) => words.iter().map(Choice::plain).collect(),
        ParamKind::Role => target_choices(ctx.game.roleset(), st, &TargetKind::Role)
            .iter()
            .map(Choice::plain)
            .collect(),
        ParamKind::Player => st
            .slots
            .iter()
            .filter(|s| st.out_of_game(s).is_none())
            .map(|s| player_choice(ctx, s))
            .collect(),
    };
    if !p.required {
        choices.insert(0, Choice::new("", NONE));
    }
    let label = if p.required {
        p.id.clone()
    } else {
        format!("{} (optional)", p.id)
    };
    let about = match p.description.as_str() {
        "" => format!("a parameter of `{}`", ability.id),
        about => format!("{} of `{}`: {about}", p.id, ability.id),
    };
    Field {
        free: p.kind == ParamKind::Text,
        about: Some(about),
        ..Field::pick(label, choices)
    }
}

/// The targets and parameters a finished action form carries: the fields after the actor and
/// the ability, targets first, each left-out one dropped.
pub fn act_values(
    ability: &AbilityDef,
    state: &GameState,
    actor: &Slot,
    values: &[String],
) -> (Vec<String>, std::collections::BTreeMap<String, String>) {
    let count = target_count(ability, state);
    let rest = values.get(2..).unwrap_or(&[]);
    let targets = rest
        .iter()
        .take(count)
        .filter(|t| !t.is_empty())
        .cloned()
        .collect();
    let params = ability
        .params
        .iter()
        .filter(|p| p.asked_of(actor.roles()))
        .zip(rest.iter().skip(count))
        .filter(|(_, v)| !v.is_empty())
        .map(|(p, v)| (p.id.clone(), v.clone()))
        .collect();
    (targets, params)
}

/// The ballots open now: (id, name, target kind).
pub(super) fn open_ballots(ctx: &Ctx) -> Vec<(String, String, TargetKind)> {
    let mut ballots = ctx.game.open_ballots();
    // The default ballot first, so `vote` without a ballot name is the first choice.
    ballots.sort_by_key(|b| !b.default);
    ballots
        .into_iter()
        .map(|b| (b.id.clone(), b.name.clone(), b.target.clone()))
        .collect()
}

fn vote_fields(ctx: &Ctx, values: &[String], unvote: bool) -> Vec<Field> {
    let st = state(ctx);
    let ballots = open_ballots(ctx);
    if ballots.is_empty() {
        let why = ctx.game.no_ballot_refusal().message;
        return vec![Field::pick("Ballot", Vec::new()).noted(why)];
    }
    let mut fields = Vec::new();
    let mut rest = values;
    let ballot = if ballots.len() > 1 {
        fields.push(Field::pick(
            "Ballot",
            ballots
                .iter()
                .map(|(id, name, _)| Choice::new(id.clone(), format!("{id} — {name}")))
                .collect(),
        ));
        let chosen = values
            .first()
            .and_then(|v| ballots.iter().find(|b| &b.0 == v));
        rest = values.get(1..).unwrap_or(&[]);
        match chosen {
            Some(b) => b.clone(),
            None => {
                fields.push(Field::later("Voter"));
                return fields;
            }
        }
    } else {
        ballots[0].clone()
    };
    let voters: Vec<Choice> = st
        .voters(ctx.game.roleset())
        .filter(|s| !unvote || has_vote(st, &ballot.0, s.id))
        .map(|s| player_choice(ctx, s))
        .collect();
    fields.push(Field::pick("Voter", voters).noted("nobody has a vote to withdraw"));
    if unvote {
        return fields;
    }
    let targets = match &ballot.2 {
        TargetKind::Player => {
            let voter = rest.first().and_then(|v| st.slot_by_name(v));
            let voter_family = voter.and_then(|s| s.family.clone());
            // Players of the voter's family first, where an individual vote usually goes, and
            // the voter last: a vote for oneself is improper in most games.
            let mut players: Vec<&Slot> = st.living().collect();
            players.sort_by_key(|s| {
                (
                    voter.is_some_and(|v| v.id == s.id),
                    s.family != voter_family,
                )
            });
            players.into_iter().map(|s| player_choice(ctx, s)).collect()
        }
        other => target_choices(ctx.game.roleset(), st, other)
            .iter()
            .map(Choice::plain)
            .collect(),
    };
    fields.push(Field::pick("Vote for", targets));
    fields
}

/// Whether the voter has a standing vote on the ballot.
pub fn has_vote(st: &GameState, ballot: &str, voter: usize) -> bool {
    st.pending.iter().any(|p| {
        p.replaced_by.is_none()
            && matches!(&p.kind, crate::engine::entry::PendingKind::Vote { ballot: b, voter: v, .. } if b == ballot && *v == voter)
    })
}

fn host_fields(ctx: &Ctx, values: &[String]) -> Vec<Field> {
    let st = state(ctx);
    let roleset = ctx.game.roleset();
    let mut fields = vec![Field::pick(
        "Command",
        HOST_COMMANDS
            .iter()
            .map(|(c, what)| Choice::new(*c, format!("{c} — {what}")))
            .collect(),
    )];
    let all = |filter: &dyn Fn(&Slot) -> bool| -> Vec<Choice> {
        st.slots
            .iter()
            .filter(|s| filter(s))
            .map(|s| player_choice(ctx, s))
            .collect()
    };
    let player = values.get(1).and_then(|p| st.slot_by_name(p));
    match values.first().map(String::as_str) {
        None => fields.push(Field::later("Arguments")),
        Some("modkill") => {
            fields.push(Field::pick("Player", all(&|s| s.alive)).noted("nobody is alive"))
        }
        Some("revive") => {
            fields.push(Field::pick("Player", all(&|s| !s.alive)).noted("nobody is dead"))
        }
        Some("replace") => {
            fields.push(Field::pick("Slot", all(&|_| true)));
            fields.push(Field::text("New player's name"));
        }
        Some("status") => {
            fields.push(Field::pick("Player", all(&|_| true)));
            let changes = match player {
                Some(p) => roleset
                    .statuses
                    .iter()
                    .map(|s| {
                        if p.has_status(&s.id) {
                            Choice::new(format!("-{}", s.id), format!("-{} (take away)", s.id))
                        } else {
                            Choice::new(format!("+{}", s.id), format!("+{} (give)", s.id))
                        }
                    })
                    .collect(),
                None => Vec::new(),
            };
            fields.push(Field::pick("Status", changes));
        }
        Some("role") => {
            fields.push(Field::pick("Player", all(&|_| true)));
            fields.push(Field::pick(
                "New role",
                roleset
                    .roles
                    .iter()
                    .map(|r| Choice::new(r.id.clone(), format!("{} — {}", r.id, r.name)))
                    .collect(),
            ));
        }
        Some("extra") => {
            fields.push(Field::pick("Player", all(&|_| true)));
            let changes = roleset
                .roles
                .iter()
                .map(|r| {
                    if player.is_some_and(|p| p.extra_roles.contains(&r.id)) {
                        Choice::new(format!("-{}", r.id), format!("-{} (take away)", r.id))
                    } else {
                        Choice::new(
                            format!("+{}", r.id),
                            format!("+{} — {} (give)", r.id, r.name),
                        )
                    }
                })
                .collect();
            fields.push(Field::pick("Extra role", changes));
        }
        Some("msg") => {
            let mut to = vec![Choice::new("*", "* — everyone (public)")];
            to.extend(all(&|_| true));
            fields.push(Field::pick("To", to));
            fields.push(Field::text("Message"));
        }
        Some("note") => fields.push(Field::text("Note")),
        Some(_) => {}
    }
    fields
}

fn override_fields(ctx: &Ctx) -> Vec<Field> {
    let st = state(ctx);
    let steps: Vec<Choice> = ctx
        .preview
        .steps
        .iter()
        .map(|s| {
            let actor = s
                .actor
                .and_then(|a| st.slots.get(a))
                .map(|a| format!(" {}", a.name))
                .unwrap_or_default();
            let ability = s
                .ability
                .as_deref()
                .map(|a| format!(" {a}"))
                .unwrap_or_default();
            Choice::new(
                s.key.clone(),
                format!("{}{actor}{ability} ({})", s.key, s.result.label()),
            )
        })
        .collect();
    let mut reason = Field::text("Reason");
    reason.note = Some("say why: it is kept in the save".into());
    vec![
        Field::pick("Step", steps).noted("the phase has no step to override"),
        Field::pick(
            "Verdict",
            VERDICTS
                .iter()
                .map(|(v, what)| Choice::new(*v, format!("{v} — {what}")))
                .collect(),
        ),
        reason,
    ]
}

fn export_fields(ctx: &Ctx) -> Vec<Field> {
    let mut path = Field::text("File");
    path.initial = default_export_path(ctx).display().to_string();
    vec![
        Field::pick(
            "Format",
            vec![
                Choice::new("bbcode", "bbcode — forum BBCode"),
                Choice::new("markdown", "markdown"),
                Choice::new("text", "text — plain text"),
            ],
        ),
        path,
    ]
}

/// `<games dir>/<game>-<phase>[-<round>].txt`, after the phase the draft pane is on.
pub fn default_export_path(ctx: &Ctx) -> PathBuf {
    let name = format!("{}-{}.txt", ctx.game.file().name, ctx.shown_phase);
    match ctx.games_dir {
        Some(dir) => dir.join(name),
        None => PathBuf::from(name),
    }
}

fn open_fields(ctx: &Ctx) -> Vec<Field> {
    let mut field = Field::text("Save file");
    if let Some(dir) = ctx.games_dir {
        field.choices = saves_in(dir)
            .into_iter()
            .map(|p| Choice::plain(p.display().to_string()))
            .collect();
    }
    vec![field]
}

/// The saves in a directory, newest first.
pub fn saves_in(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut saves: Vec<(std::time::SystemTime, PathBuf)> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.extension().is_some_and(|e| e == "ron")
                && !p
                    .file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with('.'))
        })
        .filter_map(|p| Some((std::fs::metadata(&p).ok()?.modified().ok()?, p)))
        .collect();
    saves.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    saves.into_iter().map(|(_, p)| p).collect()
}
