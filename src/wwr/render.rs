//! Renders the AST back as canonical WWR text: one spelling per construct, standard
//! bullets and indentation, parameters in the guide's order. Used by listings, messages and
//! the round-trip tests (parsing the rendering gives the same tree).

use super::ast::{
    Ability, AbilityKind, AnnouncementKind, ChangeKind, CompareOp, Comparison, Compulsion,
    CompulsionKind, Condition, ConditionKind, CounterOp, Defense, DisguiseStrength, Duration,
    Element, ElementKind, Flag, FlagKind, GrantAction, Guard, InvestigationKind, JoinAction,
    KillFilter, KillingKind, LivingStatus, LoyaltyKind, Name, ObstructFeedback, Params, PhaseKind,
    PollAction, PollManipulation, Restriction, RestrictionKind, RoleCategory, RoleClass, Scaling,
    ScalingKind, Setting, SpecialKind, Statement, StatementKind, TargetType, TriggerBlock, Value,
    VoteKind,
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
    let params = ParamsText(&block.params).to_string();
    if !params.is_empty() {
        let _ = write!(out, " {params}");
    }
    out.push('\n');
    for statement in &block.body {
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
struct Dur(Option<Duration>);

impl Display for Dur {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(d) => write!(f, " ({d})"),
            None => Ok(()),
        }
    }
}

/// ` <word> <value>` or nothing.
struct Opt<'a>(&'static str, &'a Option<Value>);

impl Display for Opt<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self.1 {
            Some(v) if self.0.is_empty() => write!(f, " {v}"),
            Some(v) => write!(f, " {} {v}", self.0),
            None => Ok(()),
        }
    }
}

fn value_list(values: &[Value]) -> String {
    let items: Vec<String> = values.iter().map(ToString::to_string).collect();
    format!(" ({})", items.join(", "))
}

impl Display for Ability {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match &self.kind {
            AbilityKind::Killing(crate::wwr::ast::Killing { kind, target }) => {
                let verb = match kind {
                    KillingKind::Kill => "Kill",
                    KillingKind::Attack => "Attack",
                    KillingKind::Lynch => "Lynch",
                    KillingKind::TrueKill => "True Kill",
                    KillingKind::Banish => "Banish",
                    KillingKind::TrueBanish => "True Banish",
                };
                write!(f, "{verb} {target}")
            }
            AbilityKind::Investigating(crate::wwr::ast::Investigating {
                kind,
                target,
                attribute,
                disguises,
            }) => {
                match kind {
                    InvestigationKind::Count => write!(f, "Investigate {target} Count")?,
                    InvestigationKind::PlayerCount => {
                        write!(f, "Investigate {target} Player Count")?
                    }
                    other => write!(f, "{other:?} Investigate {target}")?,
                }
                if let Some(attribute) = attribute {
                    write!(f, " for {attribute}")?;
                }
                match (disguises.strong, disguises.weak) {
                    (true, true) => f.write_str(" (SD, WD)"),
                    (true, false) => f.write_str(" (SD)"),
                    (false, true) => f.write_str(" (WD)"),
                    (false, false) => Ok(()),
                }
            }
            AbilityKind::Targeting(crate::wwr::ast::Targeting { target, as_type }) => {
                write!(f, "Target {target}")?;
                if let Some(t) = as_type {
                    let name = match t {
                        TargetType::PlayerOptional => "Player Optional".to_string(),
                        TargetType::FullCategory => "Full Category".to_string(),
                        other => format!("{other:?}"),
                    };
                    write!(f, " ({name})")?;
                }
                Ok(())
            }
            AbilityKind::Untargeting => f.write_str("Untarget"),
            AbilityKind::Disguising(crate::wwr::ast::Disguising {
                strength,
                target,
                role,
                duration,
            }) => {
                let adverb = match strength {
                    DisguiseStrength::Weak => "Weakly",
                    DisguiseStrength::Strong => "Strongly",
                };
                write!(f, "{adverb} Disguise {target} as {role}{}", Dur(*duration))
            }
            AbilityKind::Protecting(crate::wwr::ast::Protecting {
                target,
                against,
                by,
                defense,
                during,
                duration,
            }) => {
                let against = match against {
                    KillFilter::Attacks => "Attacks",
                    KillFilter::Kills => "Kills",
                    KillFilter::Lynches => "Lynches",
                    KillFilter::AttacksAndLynches => "Attacks & Lynches",
                    KillFilter::All => "All",
                    KillFilter::Banishments => "Banishments",
                };
                write!(
                    f,
                    "Protect {target} from `{against}`{} through ",
                    Opt("by", by)
                )?;
                match defense {
                    Defense::Active => f.write_str("Active Defense")?,
                    Defense::Passive => f.write_str("Passive Defense")?,
                    Defense::Partial => f.write_str("Partial Defense")?,
                    Defense::Recruitment => f.write_str("Recruitment Defense")?,
                    Defense::Absence { at } => write!(f, "Absence at {at}")?,
                }
                if let Some(phase) = during {
                    write!(f, " during {}", phase_name(*phase))?;
                }
                write!(f, "{}", Dur(*duration))
            }
            AbilityKind::ApplyAttribute(crate::wwr::ast::ApplyAttribute {
                attribute,
                target,
                duration,
                values,
            }) => {
                write!(f, "Apply {attribute} to {target}{}", Dur(*duration))?;
                if !values.is_empty() {
                    f.write_str(&value_list(values))?;
                }
                Ok(())
            }
            AbilityKind::RemoveAttribute(crate::wwr::ast::RemoveAttribute {
                attribute,
                target,
            }) => {
                write!(f, "Remove {attribute} from {target}")
            }
            AbilityKind::ChangeAttribute(crate::wwr::ast::ChangeAttribute {
                attribute,
                index,
                value,
                target,
            }) => write!(
                f,
                "Change {attribute} value {index} to {value}{}",
                Opt("for", target)
            ),
            AbilityKind::Redirecting(crate::wwr::ast::Redirecting {
                abilities,
                from,
                to,
                duration,
            }) => write!(
                f,
                "Redirect {abilities}{} to {to}{}",
                Opt("from", from),
                Dur(*duration)
            ),
            AbilityKind::VoteManipulating(crate::wwr::ast::VoteManipulating {
                target,
                vote,
                relative,
                amount,
                duration,
            }) => {
                let vote = match vote {
                    VoteKind::Public => "public voting power",
                    VoteKind::SpecialPublic => "special public voting power",
                    VoteKind::HiddenPublic => "hidden public voting power",
                    VoteKind::Private => "private voting power",
                };
                let how = if *relative { "by" } else { "to" };
                write!(
                    f,
                    "Manipulate {target}'s `{vote}` {how} {amount}{}",
                    Dur(*duration)
                )
            }
            AbilityKind::Whispering(crate::wwr::ast::Whispering {
                from,
                to,
                disguise,
                duration,
            }) => write!(
                f,
                "Whisper{} to {to}{}{}",
                Opt("from", from),
                Opt("as", disguise),
                Dur(*duration)
            ),
            AbilityKind::Joining(crate::wwr::ast::Joining {
                action,
                player,
                group,
                membership,
                duration,
            }) => match action {
                JoinAction::Join => {
                    write!(f, "Join {group}{}{}", Opt("as", membership), Dur(*duration))
                }
                JoinAction::Leave => write!(f, "Leave {group}"),
                JoinAction::Add => write!(
                    f,
                    "Add{} to {group}{}{}",
                    Opt("", player),
                    Opt("as", membership),
                    Dur(*duration)
                ),
                JoinAction::Remove => write!(f, "Remove{} from {group}", Opt("", player)),
            },
            AbilityKind::Granting(crate::wwr::ast::Granting {
                action,
                role,
                from,
                to,
            }) => match action {
                GrantAction::Grant => write!(f, "Grant {role}{}", Opt("to", to)),
                GrantAction::Revoke => write!(f, "Revoke {role}{}", Opt("from", from)),
                GrantAction::Transfer => {
                    write!(f, "Transfer {role}{}{}", Opt("from", from), Opt("to", to))
                }
            },
            AbilityKind::Loyalty(crate::wwr::ast::Loyalty { to, kind }) => {
                let kind = match kind {
                    LoyaltyKind::Group => "Group",
                    LoyaltyKind::Alignment => "Alignment",
                };
                write!(f, "Loyalty to {to} ({kind})")
            }
            AbilityKind::Obstructing(crate::wwr::ast::Obstructing {
                target,
                abilities,
                feedback,
                duration,
            }) => {
                f.write_str("Obstruct ")?;
                if let Some(filter) = abilities {
                    let bang = if filter.negated { "!" } else { "" };
                    write!(f, "{bang}{} for ", filter.name)?;
                }
                write!(f, "{target}")?;
                match feedback {
                    Some(ObstructFeedback::Fixed { value }) => write!(f, " ⇒ {value}")?,
                    Some(ObstructFeedback::Weighted { choices }) => {
                        let items: Vec<String> = choices
                            .iter()
                            .map(|c| format!("{}:{}", c.chance, c.value))
                            .collect();
                        write!(f, " ⇒ ({})", items.join(","))?;
                    }
                    None => {}
                }
                write!(f, "{}", Dur(*duration))
            }
            AbilityKind::Poll(crate::wwr::ast::Poll {
                action,
                poll,
                location,
                name,
                manipulation,
                duration,
            }) => {
                let verb = match action {
                    PollAction::Add => "Add",
                    PollAction::Create => "Create",
                    PollAction::Cancel => "Cancel",
                    PollAction::Delete => "Delete",
                    PollAction::Manipulate => "Manipulate",
                };
                write!(f, "{verb}{} Poll", Opt("", poll))?;
                write!(f, "{}{}", Opt("in", location), Opt("as", name))?;
                match manipulation {
                    Some(PollManipulation::Status { target, status }) => {
                        write!(f, " ({target} is {status})")?;
                    }
                    Some(PollManipulation::Votes {
                        target,
                        votes,
                        hidden,
                    }) => {
                        let hidden = if *hidden { "hidden " } else { "" };
                        write!(f, " ({target} has {votes} {hidden}votes)")?;
                    }
                    None => {}
                }
                write!(f, "{}", Dur(*duration))
            }
            AbilityKind::Announcement(crate::wwr::ast::Announcement { kind, info, to }) => {
                let verb = match kind {
                    AnnouncementKind::Reveal => "Reveal",
                    AnnouncementKind::Announce => "Announce",
                    AnnouncementKind::Learn => "Learn",
                    AnnouncementKind::Know => "Know",
                };
                write!(f, "{verb} {info}{}", Opt("to", to))
            }
            AbilityKind::Changing(crate::wwr::ast::Changing { kind, target, to }) => {
                let kind = match kind {
                    ChangeKind::Role => "Role",
                    ChangeKind::Alignment => "Alignment",
                    ChangeKind::Group => "Group",
                };
                write!(f, "{kind} Change {target} to {to}")
            }
            AbilityKind::Copying(crate::wwr::ast::Copying { target, suppressed }) => {
                let suffix = if *suppressed { " (Suppressed)" } else { "" };
                write!(f, "Copy {target}{suffix}")
            }
            AbilityKind::ChoiceCreation(crate::wwr::ast::ChoiceCreation {
                choice,
                chooser,
                options,
            }) => {
                let options: Vec<&str> = options.iter().map(|o| o.text.as_str()).collect();
                write!(
                    f,
                    "{choice} Choice Creation{} ({})",
                    Opt("for", chooser),
                    options.join(", ")
                )
            }
            AbilityKind::ChoiceChoosing(crate::wwr::ast::ChoiceChoosing { choice, option }) => {
                write!(f, "{choice} Choice Choose {option}")
            }
            AbilityKind::Ascend => f.write_str("Ascend"),
            AbilityKind::Descend => f.write_str("Descend"),
            AbilityKind::Disband(crate::wwr::ast::Disband { target }) => {
                write!(f, "Disband{}", Opt("", target))
            }
            AbilityKind::Counting(crate::wwr::ast::Counting { op, amount, target }) => match op {
                CounterOp::Set => write!(
                    f,
                    "Set Counter to {}{}",
                    amount.as_ref().map(ToString::to_string).unwrap_or_default(),
                    Opt("for", target)
                ),
                CounterOp::Increment | CounterOp::Decrement => write!(
                    f,
                    "{op:?} Counter{}{}",
                    Opt("by", amount),
                    Opt("for", target)
                ),
            },
            AbilityKind::ConversationReset(crate::wwr::ast::ConversationReset { target }) => {
                write!(f, "Conversation Reset{}", Opt("", target))
            }
            AbilityKind::Cancel(crate::wwr::ast::Cancel { feedback }) => {
                write!(f, "Cancel{}", Opt("with", feedback))
            }
            AbilityKind::Switching(crate::wwr::ast::Switching { target }) => {
                write!(f, "Switch with {target}")
            }
            AbilityKind::Shuffle(crate::wwr::ast::Shuffle { targets }) => {
                let items: Vec<String> = targets.iter().map(ToString::to_string).collect();
                write!(f, "Shuffle {}", items.join(" "))
            }
            AbilityKind::Emitting(crate::wwr::ast::Emitting {
                value,
                target,
                at_end_of_phase,
            }) => {
                let end = if *at_end_of_phase { "End " } else { "" };
                write!(f, "{end}Emit {value}{}", Opt("for", target))
            }
            AbilityKind::Displaying(crate::wwr::ast::Displaying { display, values }) => {
                write!(f, "Display {display}")?;
                if !values.is_empty() {
                    f.write_str(&value_list(values))?;
                }
                Ok(())
            }
            AbilityKind::DisplayUpdate(crate::wwr::ast::DisplayUpdate {
                display,
                index,
                value,
            }) => write!(f, "Update {display} value {index} to {value}"),
            AbilityKind::Locking(crate::wwr::ast::Locking { lock, location }) => {
                write!(f, "{} {location}", if *lock { "Lock" } else { "Unlock" })
            }
            AbilityKind::Formatting(crate::wwr::ast::Formatting {
                source,
                template,
                split_by,
                split_as,
            }) => write!(
                f,
                "Format {source} as {template}{}{}",
                Opt("split by", split_by),
                Opt("as", split_as)
            ),
            AbilityKind::Executing(crate::wwr::ast::Executing { command, location }) => {
                write!(f, "Execute {command} to {location}")
            }
            AbilityKind::Activating(crate::wwr::ast::Activating { target, while_ }) => match while_
            {
                Some(value) => write!(f, "Activate {target} while {value}"),
                None => write!(f, "Activate {target} always"),
            },
            AbilityKind::Resurrecting(crate::wwr::ast::Resurrecting { target }) => {
                write!(f, "Resurrect {target}")
            }
            AbilityKind::Feedback(crate::wwr::ast::Feedback { value }) => write!(f, "{value}"),
            AbilityKind::Success => f.write_str("Success"),
            AbilityKind::Failure => f.write_str("Failure"),
            AbilityKind::Continue => f.write_str("Continue"),
        }
    }
}
