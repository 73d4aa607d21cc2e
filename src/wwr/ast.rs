//! The typed syntax tree of one WWR text.
//!
//! A file holds one [`Element`]: a [`Header`] (name and kind), flags, special lines
//! (`Inherit:`, `Require:`, `Role Attribute:`, `Include:`), settings (poll, team, location
//! and display key lines) and a list of [`TriggerBlock`]s. A trigger block is a [`Trigger`],
//! the [`Params`] of its line, and a body of [`Statement`]s; a statement is an [`Ability`], a
//! complex-action part (`Process:`, `Evaluate:`, `Action:`), a guarded branch (`<condition>:`,
//! `Otherwise:`, `Feedback:`) or a `For Each` loop, each with its own body; an ability's node
//! is defined by its type's module in [`super::abilities`] and re-exported here. Values
//! ([`Value`]) are selectors, strings with interpolated selectors, numbers, variables, host
//! information and their property chains and type annotations. Every node has a [`Span`].
//!
//! # Example
//!
//! ```text
//! **Fortune Teller** | Townsfolk Investigative
//! Immediate Night: Role Investigate @Selection (SD, WD) [Temporal: Night 2+]
//! ```
//!
//! parses to (abridged):
//!
//! ```text
//! Element {
//!   header: Header { name: "Fortune Teller", kind: Role { class: Townsfolk, category: Investigative, team: None } },
//!   triggers: [TriggerBlock {
//!     trigger: Trigger { kind: ImmediateNight },
//!     params: Params { restrictions: [Temporal { phase: Night, number: 2, or_later: true }] },
//!     body: [Statement { kind: Ability(Investigating { kind: Role, target: Selector("Selection"),
//!                                                      disguises: { weak: true, strong: true } }) }],
//!   }],
//! }
//! ```
//!
//! The same in code:
//!
//! ```
//! use mafia_mod::wwr::{ast::*, parse_element};
//!
//! let text = "**Fortune Teller** | Townsfolk Investigative\n\
//!             Immediate Night: Role Investigate @Selection (SD, WD) [Temporal: Night 2+]\n";
//! let parsed = parse_element(text);
//! assert!(parsed.diagnostics.is_empty());
//! let element = parsed.element.unwrap();
//! assert_eq!(element.header.name.text, "Fortune Teller");
//! let block = &element.triggers[0];
//! assert_eq!(block.trigger.kind, TriggerKind::ImmediateNight);
//! assert!(matches!(
//!     block.params.restrictions[0].kind,
//!     RestrictionKind::Temporal { phase: PhaseKind::Night, number: Some(2), or_later: true }
//! ));
//! let StatementKind::Ability { ability } = &block.body[0].kind else { unreachable!() };
//! let AbilityKind::Investigating(Investigating { kind, target, disguises, .. }) = &ability.kind else { unreachable!() };
//! assert_eq!(*kind, InvestigationKind::Role);
//! assert_eq!(target.to_string(), "@Selection");
//! assert!(disguises.weak && disguises.strong);
//! // Spans are 1-based, columns in characters.
//! assert_eq!((ability.span.line, ability.span.col), (2, 18));
//! ```

use super::span::Span;
use serde::Serialize;

/// A name or a piece of text in the tree. Nearly all are short (`Self`, `Werewolf`), so they
/// are kept inline: an allocation each was a fifth of the parse.
pub type Str = compact_str::CompactString;

// Each ability type's node lives in its module under `wwr/abilities/`; the tree is whole here.
pub use super::abilities::AbilityKind;
pub use super::abilities::activating::Activating;
pub use super::abilities::announcing::{Announcement, AnnouncementKind};
pub use super::abilities::attributes::{ApplyAttribute, ChangeAttribute, RemoveAttribute};
pub use super::abilities::cancelling::Cancel;
pub use super::abilities::changing::{ChangeKind, Changing};
pub use super::abilities::choices::{ChoiceChoosing, ChoiceCreation};
pub use super::abilities::conversation_reset::ConversationReset;
pub use super::abilities::copying::Copying;
pub use super::abilities::counting::{CounterOp, Counting};
pub use super::abilities::disbanding::Disband;
pub use super::abilities::disguising::{DisguiseStrength, Disguising};
pub use super::abilities::displaying::{DisplayUpdate, Displaying};
pub use super::abilities::emitting::Emitting;
pub use super::abilities::executing::Executing;
pub use super::abilities::feedback::Feedback;
pub use super::abilities::formatting::Formatting;
pub use super::abilities::granting::{GrantAction, Granting};
pub use super::abilities::investigating::{DisguiseLevels, Investigating, InvestigationKind};
pub use super::abilities::joining::{JoinAction, Joining};
pub use super::abilities::killing::{Killing, KillingKind};
pub use super::abilities::locking::Locking;
pub use super::abilities::loyalty::{Loyalty, LoyaltyKind};
pub use super::abilities::obstructing::{ObstructFeedback, Obstructing, WeightedFeedback};
pub use super::abilities::polling::{Poll, PollAction, PollManipulation};
pub use super::abilities::protecting::{Defense, KillFilter, Protecting};
pub use super::abilities::redirecting::Redirecting;
pub use super::abilities::resurrecting::Resurrecting;
pub use super::abilities::shuffling::Shuffle;
pub use super::abilities::switching::Switching;
pub use super::abilities::targeting::{TargetType, Targeting};
pub use super::abilities::vote_manipulating::{VoteKind, VoteManipulating};
pub use super::abilities::whispering::Whispering;

/// A name as written, with where it was written.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Name {
    pub text: String,
    pub span: Span,
}

/// One parsed file.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Element {
    pub header: Header,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub flags: Vec<Flag>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub specials: Vec<Special>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub settings: Vec<Setting>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub triggers: Vec<TriggerBlock>,
}

/// The first line: `**Name** | <descriptor> [| Tag]…`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Header {
    pub name: Name,
    pub kind: ElementKind,
    /// Trailing `| Limited`, `| Archived`, `| Haunted`, `| Transformation`, `| Technical`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<Name>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ElementKind {
    Role {
        class: RoleClass,
        category: RoleCategory,
        #[serde(skip_serializing_if = "Option::is_none")]
        team: Option<Name>,
    },
    Group {
        team: Name,
    },
    Poll,
    Attribute,
    AbilitySet,
    Team,
    Location,
    Display,
}

impl ElementKind {
    /// "a role", "an attribute", … for messages.
    pub fn with_article(&self) -> String {
        let label = self.label();
        let article = if label.starts_with(['a', 'e', 'i', 'o', 'u']) {
            "an"
        } else {
            "a"
        };
        format!("{article} {label}")
    }

    pub fn label(&self) -> &'static str {
        match self {
            ElementKind::Role { .. } => "role",
            ElementKind::Group { .. } => "group",
            ElementKind::Poll => "poll",
            ElementKind::Attribute => "attribute",
            ElementKind::AbilitySet => "ability set",
            ElementKind::Team => "team",
            ElementKind::Location => "location",
            ElementKind::Display => "display",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum RoleClass {
    Townsfolk,
    Werewolf,
    Solo,
    Unaligned,
    Extra,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum RoleCategory {
    Elected,
    Align,
    Recruitment,
    Killing,
    Group,
    Investigative,
    Power,
    Miscellaneous,
}

/// A flag line such as `Unique Role`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Flag {
    pub kind: FlagKind,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum FlagKind {
    UniqueRole,
    HauntedRole,
    GhostlyRole,
    UniqueGroup,
    GhostlyGroup,
    HauntedAttribute,
    NoAbilities,
}

/// `Inherit:`, `Require:`, `Role Attribute:` and `Include:` lines.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Special {
    pub kind: SpecialKind,
    pub value: Value,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum SpecialKind {
    Inherit,
    Require,
    RoleAttribute,
    Include,
}

/// Key lines of polls, teams and locations, and the lines of a display.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "key", rename_all = "snake_case")]
pub enum Setting {
    AvailableOptions {
        options: Vec<Value>,
        span: Span,
    },
    AllowedVoters {
        voters: Vec<Value>,
        span: Span,
    },
    ShowVoters {
        show: bool,
        span: Span,
    },
    Random {
        from: Value,
        span: Span,
    },
    Hammer {
        value: Value,
        span: Span,
    },
    WinCondition {
        any_of: Vec<Value>,
        span: Span,
    },
    SortIndex {
        index: u32,
        span: Span,
    },
    Members {
        player_types: Vec<Name>,
        span: Span,
    },
    Viewers {
        player_types: Vec<Name>,
        span: Span,
    },
    Haunting {
        enabled: bool,
        span: Span,
    },
    DisplayLine {
        icon: Option<Name>,
        text: String,
        span: Span,
    },
}

/// A trigger line with the statements that belong to it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TriggerBlock {
    pub trigger: Trigger,
    #[serde(skip_serializing_if = "Params::is_empty")]
    pub params: Params,
    pub body: Vec<Statement>,
    /// The ability on the trigger's line and the condition bullets under it are one
    /// Process/Evaluate (the bot's parser folds this form): the ability's result is only read
    /// by the conditions, and only the evaluated result is sent.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub folded: bool,
    pub span: Span,
}

/// When abilities run: `Immediate Night`, `On <Target> Visited [Killing]`, `Choice `X` Chosen`…
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Trigger {
    pub kind: TriggerKind,
    /// The `<Target>` of `On <Target> Death`, the value of ``On `X` Emitted``, the poll of
    /// ``On Poll `X` Win`` or the option of ``Choice `X` Chosen``.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subject: Option<Value>,
    /// The `[Type]` / `[!Type]` filter of visit and action triggers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub filter: Option<AbilityFilter>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum TriggerKind {
    StartNight,
    EndNight,
    StartDay,
    EndDay,
    ImmediateNight,
    ImmediateDay,
    EndPhase,
    StartPhase,
    Immediate,
    PreEndNight,
    PreEndDay,
    SecondPreEndNight,
    ThirdPreEndNight,
    FourthPreEndNight,
    SecondPreEndDay,
    ThirdPreEndDay,
    FourthPreEndDay,
    Passive,
    PassiveStartNight,
    PassiveEndNight,
    PassiveStartDay,
    PassiveEndDay,
    PassiveStartPhase,
    PassiveEndPhase,
    Starting,
    OnAssigned,
    OnDeath,
    OnKilled,
    OnBanishment,
    OnBanished,
    OnLynch,
    OnChanged,
    OnDefense,
    OnActiveDefense,
    OnPassiveDefense,
    OnPartialDefense,
    OnRecruitmentDefense,
    OnAbsenceDefense,
    OnVisited,
    OnVisit,
    OnAction,
    OnAnyAction,
    OnDisbandment,
    OnRedirect,
    OnBetrayal,
    OnPollClosed,
    OnPollSkipped,
    OnPollWin,
    OnRoleChange,
    OnRemoval,
    OnEnd,
    OnEmitted,
    OnEndEmitted,
    OnWhisper,
    OnVoteAdd,
    OnVoteRemove,
    OnVoteChange,
    OnHammer,
    OnJoin,
    ChoiceChosen,
}

/// An ability type or subtype used as a filter, e.g. `Attack Killing` or `!Targeting`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AbilityFilter {
    pub negated: bool,
    /// The words as written, e.g. `Role Investigating`.
    pub name: String,
    pub span: Span,
}

/// The parameter groups of a line: restrictions `[…]`, scaling `⟨…⟩`, compulsion `{…}` and a
/// prompt overwrite `|…|`.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Params {
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub restrictions: Vec<Restriction>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub scaling: Vec<Scaling>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub compulsion: Vec<Compulsion>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prompt: Option<Prompt>,
}

impl Params {
    pub fn is_empty(&self) -> bool {
        self.restrictions.is_empty()
            && self.scaling.is_empty()
            && self.compulsion.is_empty()
            && self.prompt.is_none()
    }

    /// Adds the groups of `other` (a later line of the same trigger) to these.
    pub fn merge(&mut self, other: Params) {
        self.restrictions.extend(other.restrictions);
        self.scaling.extend(other.scaling);
        self.compulsion.extend(other.compulsion);
        if other.prompt.is_some() {
            self.prompt = other.prompt;
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Restriction {
    #[serde(flatten)]
    pub kind: RestrictionKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum RestrictionKind {
    /// `Temporal: Night 2+`, `Temporal: Day 0`, `Temporal: Night`.
    Temporal {
        phase: PhaseKind,
        #[serde(skip_serializing_if = "Option::is_none")]
        number: Option<u32>,
        or_later: bool,
    },
    /// `Attribute: [<Target>] has|lacks <Attribute>`.
    Attribute {
        #[serde(skip_serializing_if = "Option::is_none")]
        target: Option<Value>,
        has: bool,
        attribute: Value,
    },
    /// `Succession: No Succession` (`same_target: false`) or `No Target Succession`.
    Succession {
        same_target: bool,
    },
    Quantity {
        max: u32,
    },
    Condition {
        condition: Condition,
    },
    Status {
        status: LivingStatus,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum PhaseKind {
    Day,
    Night,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum LivingStatus {
    Alive,
    Ghostly,
    Any,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Scaling {
    #[serde(flatten)]
    pub kind: ScalingKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ScalingKind {
    /// `x2`.
    Times {
        count: u32,
    },
    /// `$total/10`, `@(…)->Count`: as many uses as the value.
    Count {
        value: Value,
    },
    /// `$living>@ThisAttr->Counter ⇒ x1`.
    When {
        left: Value,
        comparison: Comparison,
        right: Value,
        count: u32,
    },
    /// `Odd: x1` / `Even: x2`.
    Odd {
        scaling: Box<Scaling>,
    },
    Even {
        scaling: Box<Scaling>,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Comparison {
    Less,
    Greater,
    LessOrEqual,
    GreaterOrEqual,
    Equal,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Compulsion {
    #[serde(flatten)]
    pub kind: CompulsionKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum CompulsionKind {
    Forced {
        #[serde(skip_serializing_if = "Option::is_none")]
        default: Option<Value>,
    },
    Direct,
    Repeating,
    Visitless,
    Vanishing,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Prompt {
    pub name: String,
    pub silent: bool,
    pub span: Span,
}

/// One line (or part of a line) of a trigger's body.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Statement {
    #[serde(flatten)]
    pub kind: StatementKind,
    /// Parameter groups written on this line. Kept, never dropped (the original bot silently
    /// discarded them on later bullet lines).
    #[serde(skip_serializing_if = "Params::is_empty")]
    pub params: Params,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum StatementKind {
    Ability {
        ability: Box<Ability>,
    },
    /// `• Action:` — a line that only carries parameters for the whole trigger.
    Action,
    /// `Process:` — abilities whose results become `@Result1`, `@Result2`, ….
    Process {
        body: Vec<Statement>,
    },
    /// `Evaluate:` — unconditional abilities and guarded branches run after `Process`.
    Evaluate {
        body: Vec<Statement>,
    },
    /// `<condition>:`, `Otherwise:` or `Feedback:` followed by abilities.
    Branch {
        guard: Guard,
        body: Vec<Statement>,
    },
    /// `For Each <Target>:` — the body runs once per element with `@Ind` / `&Ind` bound.
    ForEach {
        over: Value,
        body: Vec<Statement>,
    },
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Guard {
    When { condition: Box<Condition> },
    Otherwise,
    Feedback,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Condition {
    #[serde(flatten)]
    pub kind: ConditionKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ConditionKind {
    /// `A is B`, `A is not B`, `A > B`, `A < B`.
    Compare {
        left: Value,
        op: CompareOp,
        right: Value,
    },
    Exists {
        value: Value,
    },
    /// `<Actor> has <Attribute>`.
    Has {
        actor: Value,
        attribute: Value,
    },
    /// `<Player> is in #Group`.
    InGroup {
        player: Value,
        group: Value,
    },
    /// `<Any> is part of <Any>`.
    PartOf {
        item: Value,
        set: Value,
    },
    Not {
        condition: Box<Condition>,
    },
    And {
        all: Vec<Condition>,
    },
    Or {
        any: Vec<Condition>,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum CompareOp {
    Is,
    IsNot,
    Greater,
    Less,
}

/// A value: a selector, constant, variable or host information, possibly with `->` property
/// accesses and a `[type]` annotation.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Value {
    #[serde(flatten)]
    pub kind: ValueKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ValueKind {
    /// `@Self`, `@Selection`, `@Result2`, `@ID:123`.
    Selector {
        name: Str,
    },
    /// `@(Role:Baker,Align:!Werewolf)`.
    PlayerQuery {
        filters: Vec<QueryFilter>,
    },
    /// `&Werewolf`, `&All`, `&Self`, `&Ind`.
    Team {
        name: Str,
    },
    /// `&(Attr:!Wronger,Align:!Coven)`.
    TeamQuery {
        filters: Vec<QueryFilter>,
    },
    /// `^All`.
    RoleSet {
        name: Str,
    },
    /// `^(Cat:Investigative,Class:!Unaligned)`.
    RoleQuery {
        filters: Vec<QueryFilter>,
    },
    /// `#Wolfpack`, `#tavern`, `#Couple:Identifier`.
    Group {
        name: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        instance: Option<String>,
    },
    /// A backtick string; `@…`, `&…`, `%…%` and `$…` inside it are interpolated.
    Text {
        parts: Vec<TextPart>,
    },
    Number {
        value: f64,
    },
    /// `$total`, `$living`, ….
    Variable {
        variable: Variable,
    },
    /// `%Role%`, `%Player2%`, `%Option1|Option2%`, `%Role:@All%`.
    HostInfo {
        /// Boxed: rare, and the largest variant, so every value would pay for its size.
        info: Box<HostInfo>,
    },
    /// A bare word: `True`, `Success`, `Abstain`, `Townsfolk`.
    Word {
        word: Str,
    },
    /// `<value>-><Property>`.
    Property {
        base: Box<Value>,
        property: Property,
    },
    /// `<value>[type]`.
    Typed {
        base: Box<Value>,
        annotation: TypeAnnotation,
    },
    /// `` `A`+`B` ``.
    List {
        items: Vec<Value>,
    },
    /// `$total/1.5`.
    Division {
        numerator: Box<Value>,
        denominator: Box<Value>,
    },
    /// `ceil $total/3`, `floor …`, `round …`.
    Rounded {
        mode: Rounding,
        value: Box<Value>,
    },
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum TextPart {
    Text { text: Str },
    Value { value: Value },
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct QueryFilter {
    pub key: QueryKey,
    pub negated: bool,
    /// The value as written; `-` stands for a space.
    pub value: String,
    pub span: Span,
}

/// Keys of `@(…)`, `&(…)` and `^(…)` queries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum QueryKey {
    Role,
    Category,
    Class,
    Alignment,
    FullCategory,
    OriginalRole,
    OriginalCategory,
    OriginalClass,
    OriginalAlignment,
    OriginalFullCategory,
    Group,
    Attribute,
    AttributeSelf,
    AttributeRole,
    AttributeDisguise,
    AliveOnly,
    SelectAll,
    Ghostly,
    Random,
    Team,
    Type,
    Count,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Variable {
    Total,
    Living,
    Dead,
    Ghostly,
    Haunting,
    Phase,
    PhaseName,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HostInfo {
    pub kind: HostInfoKind,
    /// The text between the `%`s, e.g. `Player2`.
    pub label: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<Box<Value>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum HostInfoKind {
    Role,
    Player,
    Number,
    String,
    PartialRoleList,
    Options,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "name", content = "argument")]
pub enum Property {
    Role,
    Alignment,
    Category,
    Class,
    Team,
    Type,
    PublicVotingPower,
    PrivateVotingPower,
    Counter,
    Target,
    OriginalRole,
    Source,
    Value1,
    Value2,
    Value3,
    Members,
    Players,
    Attr(String),
    RandomPlayer,
    MostFreqRole,
    Count,
    Number,
    Result,
    Success,
    Message,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TypeAnnotation {
    Player,
    Dead,
    Ghost,
    PlayerAny,
    PlayerOptional,
    Role,
    Attribute,
    Category,
    Class,
    Alignment,
    Boolean,
    Source,
    String,
    Info,
    Success,
    Result,
    Number,
    Option,
    Group,
    Location,
    Poll,
    Display,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Rounding {
    Ceil,
    Floor,
    Round,
}

/// `(~Phase)` and friends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Duration {
    Permanent,
    Persistent,
    Phase,
    PhaseAttribute,
    NextPhase,
    NextDay,
    NextNight,
    NextPhaseAttribute,
    NextDayAttribute,
    NextNightAttribute,
    UntilUse,
    UntilSecondUse,
    Attribute,
    UntilUseAttribute,
    DelayedPhase,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Ability {
    #[serde(flatten)]
    pub kind: AbilityKind,
    pub span: Span,
}
