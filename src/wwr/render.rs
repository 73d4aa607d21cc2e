//! Renders the AST back as canonical WWR text: one spelling per construct, standard
//! bullets and indentation, parameters in the guide's order. Used by listings, messages and
//! the round-trip tests (parsing the rendering gives the same tree).

use super::ast::{
    Ability, CompareOp, Comparison, Compulsion, CompulsionKind, Condition, ConditionKind, Duration,
    Element, ElementKind, Flag, FlagKind, Guard, LivingStatus, Name, Params, PhaseKind,
    Restriction, RestrictionKind, RoleCategory, RoleClass, Scaling, ScalingKind, Setting,
    SpecialKind, Statement, StatementKind, TriggerBlock, Value,
};
use std::fmt::{self, Display, Formatter, Write};

const BULLETS: [char; 6] = ['•', '‣', '◦', '·', '⁃', '⹀'];

/// A role header's descriptor: `<Class> <Category>`, then ` - <team>` when it names one.
pub(crate) fn role_descriptor(
    class: RoleClass,
    category: RoleCategory,
    team: Option<&Name>,
) -> String {
    let team = team.map(|t| format!(" - {}", t.text)).unwrap_or_default();
    format!("{class:?} {category:?}{team}")
}

/// The whole element as text.
pub fn element_text(element: &Element) -> String {
    let mut out = String::new();
    let header = &element.header;
    let descriptor = match &header.kind {
        ElementKind::Role {
            class,
            category,
            team,
        } => Some(role_descriptor(*class, *category, team.as_ref())),
        ElementKind::Group { team } => Some(format!("{} Team Group", team.text)),
        ElementKind::Poll => Some("Poll".to_string()),
        ElementKind::Attribute => Some("Attribute".to_string()),
        ElementKind::AbilitySet => Some("Ability Set".to_string()),
        ElementKind::Team | ElementKind::Location | ElementKind::Display => None,
    };
    let _ = write!(out, "**{}**", header.name.text);
    if let Some(descriptor) = descriptor {
        let _ = write!(out, " | {descriptor}");
    }
    for tag in &header.tags {
        let _ = write!(out, " | {}", tag.text);
    }
    out.push('\n');
    for flag in &element.flags {
        let _ = writeln!(out, "{}", flag_name(flag));
    }
    for setting in &element.settings {
        let _ = writeln!(out, "{}", SettingText(setting));
    }
    for special in &element.specials {
        let prefix = match special.kind {
            SpecialKind::Inherit => "Inherit",
            SpecialKind::Require => "Require",
            SpecialKind::RoleAttribute => "Role Attribute",
            SpecialKind::Include => "Include",
        };
        let _ = writeln!(out, "{prefix}: {}", special.value);
    }
    for block in &element.triggers {
        out.push_str(&block_text(block));
    }
    out
}

fn flag_name(flag: &Flag) -> &'static str {
    match flag.kind {
        FlagKind::UniqueRole => "Unique Role",
        FlagKind::HauntedRole => "Haunted Role",
        FlagKind::GhostlyRole => "Ghostly Role",
        FlagKind::UniqueGroup => "Unique Group",
        FlagKind::GhostlyGroup => "Ghostly Group",
        FlagKind::HauntedAttribute => "Haunted Attribute",
        FlagKind::NoAbilities => "No Abilities",
    }
}

struct SettingText<'a>(&'a Setting);

impl Display for SettingText<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let list = |values: &[Value]| {
            values
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        };
        let names = |names: &[super::ast::Name]| {
            names
                .iter()
                .map(|n| n.text.clone())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let yes = |b: bool| if b { "Yes" } else { "No" };
        match self.0 {
            Setting::AvailableOptions { options, .. } => {
                write!(f, "Available Options: {}", list(options))
            }
            Setting::AllowedVoters { voters, .. } => write!(f, "Allowed Voters: {}", list(voters)),
            Setting::ShowVoters { show, .. } => write!(f, "Show Voters: {}", yes(*show)),
            Setting::Random { from, .. } => write!(f, "Random: {from}"),
            Setting::Hammer { value, .. } => write!(f, "Hammer: {value}"),
            Setting::WinCondition { any_of, .. } => write!(f, "Win Condition: {}", list(any_of)),
            Setting::SortIndex { index, .. } => write!(f, "Sort Index: {index}"),
            Setting::Members { player_types, .. } => write!(f, "Members: {}", names(player_types)),
            Setting::Viewers { player_types, .. } => write!(f, "Viewers: {}", names(player_types)),
            Setting::Haunting { enabled, .. } => write!(f, "Haunting: {}", yes(*enabled)),
            Setting::DisplayLine { icon, text, .. } => match icon {
                Some(icon) => write!(f, "<?{}:> {text}", icon.text),
                None => f.write_str(text),
            },
        }
    }
}

/// A trigger line and its bullets.
pub fn block_text(block: &TriggerBlock) -> String {
    let mut out = format!("{}:", block.trigger);
    // a folded block keeps its ability on the trigger's line, which is what folds it
    let mut body = block.body.as_slice();
    if block.folded
        && let Some((first, rest)) = body.split_first()
        && let StatementKind::Ability { ability } = &first.kind
    {
        let _ = write!(out, " {ability}");
        body = rest;
    }
    let params = ParamsText(&block.params).to_string();
    if !params.is_empty() {
        let _ = write!(out, " {params}");
    }
    out.push('\n');
    for statement in body {
        statement_lines(&mut out, statement, 1);
    }
    out
}

/// Writes a statement as bullet lines at `level` (1 = `•`).
pub fn statement_lines(out: &mut String, statement: &Statement, level: usize) {
    let bullet = BULLETS.get(level.saturating_sub(1)).copied().unwrap_or('⹀');
    let indent = "  ".repeat(level);
    let params = ParamsText(&statement.params).to_string();
    let params = if params.is_empty() {
        String::new()
    } else {
        format!(" {params}")
    };
    let (head, body): (String, &[Statement]) = match &statement.kind {
        StatementKind::Ability { ability } => {
            let _ = writeln!(out, "{indent}{bullet} {ability}{params}");
            return;
        }
        StatementKind::Action => ("Action".to_string(), &[]),
        StatementKind::Process { body } => ("Process".to_string(), body),
        StatementKind::Evaluate { body } => ("Evaluate".to_string(), body),
        StatementKind::Branch { guard, body } => (GuardText(guard).to_string(), body),
        StatementKind::ForEach { over, body } => (format!("For Each {over}"), body),
    };
    let _ = writeln!(out, "{indent}{bullet} {head}:{params}");
    for child in body {
        statement_lines(out, child, level + 1);
    }
}

pub struct GuardText<'a>(pub &'a Guard);

impl Display for GuardText<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self.0 {
            Guard::When { condition } => write!(f, "{condition}"),
            Guard::Otherwise => f.write_str("Otherwise"),
            Guard::Feedback => f.write_str("Feedback"),
        }
    }
}

impl Display for Condition {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let joined = |f: &mut Formatter<'_>, items: &[Condition], op: &str| {
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    write!(f, " {op} ")?;
                }
                write!(f, "({item})")?;
            }
            Ok(())
        };
        match &self.kind {
            ConditionKind::Compare { left, op, right } => {
                let op = match op {
                    CompareOp::Is => "is",
                    CompareOp::IsNot => "is not",
                    CompareOp::Greater => ">",
                    CompareOp::Less => "<",
                };
                write!(f, "{left} {op} {right}")
            }
            ConditionKind::Exists { value } => write!(f, "{value} exists"),
            ConditionKind::Has { actor, attribute } => write!(f, "{actor} has {attribute}"),
            ConditionKind::InGroup { player, group } => write!(f, "{player} is in {group}"),
            ConditionKind::PartOf { item, set } => write!(f, "{item} is part of {set}"),
            ConditionKind::Not { condition } => write!(f, "not ({condition})"),
            ConditionKind::And { all } => joined(f, all, "and"),
            ConditionKind::Or { any } => joined(f, any, "or"),
        }
    }
}

pub struct ParamsText<'a>(pub &'a Params);

impl Display for ParamsText<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let p = self.0;
        let mut groups: Vec<String> = Vec::new();
        if !p.restrictions.is_empty() {
            let items: Vec<String> = p.restrictions.iter().map(ToString::to_string).collect();
            groups.push(format!("[{}]", items.join(", ")));
        }
        if !p.scaling.is_empty() {
            let items: Vec<String> = p.scaling.iter().map(ToString::to_string).collect();
            groups.push(format!("⟨{}⟩", items.join(", ")));
        }
        if !p.compulsion.is_empty() {
            let items: Vec<String> = p.compulsion.iter().map(ToString::to_string).collect();
            groups.push(format!("{{{}}}", items.join(", ")));
        }
        if let Some(prompt) = &p.prompt {
            let silent = if prompt.silent { "silent:" } else { "" };
            groups.push(format!("|{silent}{}|", prompt.name));
        }
        f.write_str(&groups.join(" "))
    }
}

impl Display for Restriction {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match &self.kind {
            RestrictionKind::Temporal {
                phase,
                number,
                or_later,
            } => {
                write!(f, "Temporal: {}", phase_name(*phase))?;
                if let Some(n) = number {
                    write!(f, " {n}")?;
                }
                if *or_later {
                    f.write_str("+")?;
                }
                Ok(())
            }
            RestrictionKind::Attribute {
                target,
                has,
                attribute,
            } => {
                f.write_str("Attribute: ")?;
                if let Some(target) = target {
                    write!(f, "{target} ")?;
                }
                write!(f, "{} {attribute}", if *has { "has" } else { "lacks" })
            }
            RestrictionKind::Succession { same_target } => {
                if *same_target {
                    f.write_str("Succession: No Target Succession")
                } else {
                    f.write_str("Succession: No Succession")
                }
            }
            RestrictionKind::Quantity { max } => write!(f, "Quantity: {max}"),
            RestrictionKind::Condition { condition } => write!(f, "Condition: {condition}"),
            RestrictionKind::Status { status } => write!(
                f,
                "Status: {}",
                match status {
                    LivingStatus::Alive => "Alive",
                    LivingStatus::Ghostly => "Ghostly",
                    LivingStatus::Any => "Any",
                }
            ),
        }
    }
}

impl Display for Scaling {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ScalingKind::Times { count } => write!(f, "x{count}"),
            ScalingKind::Count { value } => write!(f, "{value}"),
            ScalingKind::When {
                left,
                comparison,
                right,
                count,
            } => {
                let symbol = match comparison {
                    Comparison::Less => "<",
                    Comparison::Greater => ">",
                    Comparison::LessOrEqual => "≤",
                    Comparison::GreaterOrEqual => "≥",
                    Comparison::Equal => "=",
                };
                write!(f, "{left}{symbol}{right} ⇒ x{count}")
            }
            ScalingKind::Odd { scaling } => write!(f, "Odd: {scaling}"),
            ScalingKind::Even { scaling } => write!(f, "Even: {scaling}"),
        }
    }
}

impl Display for Compulsion {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match &self.kind {
            CompulsionKind::Forced { default: None } => f.write_str("Forced"),
            CompulsionKind::Forced {
                default: Some(value),
            } => write!(f, "Forced: {value}"),
            CompulsionKind::Direct => f.write_str("Direct"),
            CompulsionKind::Repeating => f.write_str("Repeating"),
            CompulsionKind::Visitless => f.write_str("Visitless"),
            CompulsionKind::Vanishing => f.write_str("Vanishing"),
        }
    }
}

pub fn phase_name(phase: PhaseKind) -> &'static str {
    match phase {
        PhaseKind::Day => "Day",
        PhaseKind::Night => "Night",
    }
}

impl Display for Duration {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "~{self:?}")
    }
}

/// ` (~Duration)` or nothing.
pub(crate) struct Dur(pub(crate) Option<Duration>);

impl Display for Dur {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(d) => write!(f, " ({d})"),
            None => Ok(()),
        }
    }
}

/// ` <word> <value>` or nothing.
pub(crate) struct Opt<'a>(pub(crate) &'static str, pub(crate) &'a Option<Value>);

impl Display for Opt<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self.1 {
            Some(v) if self.0.is_empty() => write!(f, " {v}"),
            Some(v) => write!(f, " {} {v}", self.0),
            None => Ok(()),
        }
    }
}

pub(crate) fn value_list(values: &[Value]) -> String {
    let items: Vec<String> = values.iter().map(ToString::to_string).collect();
    format!(" ({})", items.join(", "))
}

impl Display for Ability {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        Display::fmt(self.kind.node(), f)
    }
}
