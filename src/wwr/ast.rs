//! The typed syntax tree of one WWR text.
//!
//! A file holds one [`Element`]: a [`Header`] (name and kind), flags, special lines
//! (`Inherit:`, `Require:`, `Role Attribute:`, `Include:`), settings (poll, team, location
//! and display key lines) and a list of [`TriggerBlock`]s. A trigger block is a [`Trigger`],
//! the [`Params`] of its line, and a body of [`Statement`]s; a statement is an [`Ability`], a
//! complex-action part (`Process:`, `Evaluate:`, `Action:`), a guarded branch (`<condition>:`,
//! `Otherwise:`, `Feedback:`) or a `For Each` loop, each with its own body. Values
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
//! let AbilityKind::Investigating { kind, target, disguises, .. } = &ability.kind else { unreachable!() };
//! assert_eq!(*kind, InvestigationKind::Role);
//! assert_eq!(target.to_string(), "@Selection");
//! assert!(disguises.weak && disguises.strong);
//! // Spans are 1-based, columns in characters.
//! assert_eq!((ability.span.line, ability.span.col), (2, 18));
//! ```

use super::span::Span;
use serde::Serialize;

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
    When { condition: Condition },
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
        name: String,
    },
    /// `@(Role:Baker,Align:!Werewolf)`.
    PlayerQuery {
        filters: Vec<QueryFilter>,
    },
    /// `&Werewolf`, `&All`, `&Self`, `&Ind`.
    Team {
        name: String,
    },
    /// `&(Attr:!Wronger,Align:!Coven)`.
    TeamQuery {
        filters: Vec<QueryFilter>,
    },
    /// `^All`.
    RoleSet {
        name: String,
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
        info: HostInfo,
    },
    /// A bare word: `True`, `Success`, `Abstain`, `Townsfolk`.
    Word {
        word: String,
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
    Text { text: String },
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

/// Every ability type of both guides, the five the guides lack (Locking, Formatting,
/// Executing, Activating, Resurrecting), and complex-action results (feedback).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum AbilityKind {
    Killing {
        kind: KillingKind,
        target: Value,
    },
    Investigating {
        kind: InvestigationKind,
        target: Value,
        #[serde(skip_serializing_if = "Option::is_none")]
        attribute: Option<Value>,
        disguises: DisguiseLevels,
    },
    Targeting {
        target: Value,
        #[serde(skip_serializing_if = "Option::is_none")]
        as_type: Option<TargetType>,
    },
    Untargeting,
    Disguising {
        strength: DisguiseStrength,
        target: Value,
        role: Value,
        #[serde(skip_serializing_if = "Option::is_none")]
        duration: Option<Duration>,
    },
    Protecting {
        target: Value,
        against: KillFilter,
        #[serde(skip_serializing_if = "Option::is_none")]
        by: Option<Value>,
        defense: Defense,
        #[serde(skip_serializing_if = "Option::is_none")]
        during: Option<PhaseKind>,
        #[serde(skip_serializing_if = "Option::is_none")]
        duration: Option<Duration>,
    },
    ApplyAttribute {
        attribute: Value,
        target: Value,
        #[serde(skip_serializing_if = "Option::is_none")]
        duration: Option<Duration>,
        #[serde(skip_serializing_if = "Vec::is_empty")]
        values: Vec<Value>,
    },
    RemoveAttribute {
        attribute: Value,
        target: Value,
    },
    ChangeAttribute {
        attribute: Value,
        index: Value,
        value: Value,
        #[serde(skip_serializing_if = "Option::is_none")]
        target: Option<Value>,
    },
    Redirecting {
        abilities: Value,
        #[serde(skip_serializing_if = "Option::is_none")]
        from: Option<Value>,
        to: Value,
        #[serde(skip_serializing_if = "Option::is_none")]
        duration: Option<Duration>,
    },
    VoteManipulating {
        target: Value,
        vote: VoteKind,
        relative: bool,
        amount: Value,
        #[serde(skip_serializing_if = "Option::is_none")]
        duration: Option<Duration>,
    },
    Whispering {
        #[serde(skip_serializing_if = "Option::is_none")]
        from: Option<Value>,
        to: Value,
        #[serde(skip_serializing_if = "Option::is_none")]
        disguise: Option<Value>,
        #[serde(skip_serializing_if = "Option::is_none")]
        duration: Option<Duration>,
    },
    Joining {
        action: JoinAction,
        /// The player added or removed (`Add`/`Remove`); absent for `Join`/`Leave` (the actor).
        #[serde(skip_serializing_if = "Option::is_none")]
        player: Option<Value>,
        group: Value,
        #[serde(skip_serializing_if = "Option::is_none")]
        membership: Option<Value>,
        #[serde(skip_serializing_if = "Option::is_none")]
        duration: Option<Duration>,
    },
    Granting {
        action: GrantAction,
        role: Value,
        #[serde(skip_serializing_if = "Option::is_none")]
        from: Option<Value>,
        #[serde(skip_serializing_if = "Option::is_none")]
        to: Option<Value>,
    },
    Loyalty {
        to: Value,
        kind: LoyaltyKind,
    },
    Obstructing {
        target: Value,
        #[serde(skip_serializing_if = "Option::is_none")]
        abilities: Option<AbilityFilter>,
        #[serde(skip_serializing_if = "Option::is_none")]
        feedback: Option<ObstructFeedback>,
        #[serde(skip_serializing_if = "Option::is_none")]
        duration: Option<Duration>,
    },
    Poll {
        action: PollAction,
        /// The poll type; absent in `Create Poll in …` written inside a poll (the poll itself).
        #[serde(skip_serializing_if = "Option::is_none")]
        poll: Option<Value>,
        #[serde(skip_serializing_if = "Option::is_none")]
        location: Option<Value>,
        #[serde(skip_serializing_if = "Option::is_none")]
        name: Option<Value>,
        #[serde(skip_serializing_if = "Option::is_none")]
        manipulation: Option<PollManipulation>,
        /// How long a poll manipulation lasts (``Manipulate `Lynch` Poll (…) (~NextDay)``).
        #[serde(skip_serializing_if = "Option::is_none")]
        duration: Option<Duration>,
    },
    Announcement {
        kind: AnnouncementKind,
        info: Value,
        #[serde(skip_serializing_if = "Option::is_none")]
        to: Option<Value>,
    },
    Changing {
        kind: ChangeKind,
        target: Value,
        to: Value,
    },
    Copying {
        target: Value,
        suppressed: bool,
    },
    ChoiceCreation {
        choice: Value,
        #[serde(skip_serializing_if = "Option::is_none")]
        chooser: Option<Value>,
        options: Vec<Name>,
    },
    ChoiceChoosing {
        choice: Value,
        option: Value,
    },
    Ascend,
    Descend,
    Disband {
        #[serde(skip_serializing_if = "Option::is_none")]
        target: Option<Value>,
    },
    Counting {
        op: CounterOp,
        #[serde(skip_serializing_if = "Option::is_none")]
        amount: Option<Value>,
        #[serde(skip_serializing_if = "Option::is_none")]
        target: Option<Value>,
    },
    ConversationReset {
        #[serde(skip_serializing_if = "Option::is_none")]
        target: Option<Value>,
    },
    Cancel {
        #[serde(skip_serializing_if = "Option::is_none")]
        feedback: Option<Value>,
    },
    Switching {
        target: Value,
    },
    Shuffle {
        targets: Vec<Value>,
    },
    Emitting {
        value: Value,
        #[serde(skip_serializing_if = "Option::is_none")]
        target: Option<Value>,
        at_end_of_phase: bool,
    },
    Displaying {
        display: Value,
        #[serde(skip_serializing_if = "Vec::is_empty")]
        values: Vec<Value>,
    },
    DisplayUpdate {
        display: Value,
        index: Value,
        value: Value,
    },
    Locking {
        lock: bool,
        location: Value,
    },
    Formatting {
        source: Value,
        template: Value,
        #[serde(skip_serializing_if = "Option::is_none")]
        split_by: Option<Value>,
        #[serde(skip_serializing_if = "Option::is_none")]
        split_as: Option<Value>,
    },
    Executing {
        command: Value,
        location: Value,
    },
    Activating {
        target: Value,
        /// `while <value>`; absent for `always`.
        #[serde(skip_serializing_if = "Option::is_none")]
        while_: Option<Value>,
    },
    Resurrecting {
        target: Value,
    },
    /// A complex-action result: `` `text` `` or `@Result2`.
    Feedback {
        value: Value,
    },
    Success,
    Failure,
    /// Keep evaluating the following conditions.
    Continue,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum KillingKind {
    Kill,
    Attack,
    Lynch,
    TrueKill,
    Banish,
    TrueBanish,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum InvestigationKind {
    Role,
    Alignment,
    Category,
    Class,
    Attribute,
    /// `Investigate <Role> Count`: how many times a role exists.
    Count,
    /// `Investigate <Target> Player Count`: how many players a selector holds.
    PlayerCount,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct DisguiseLevels {
    pub weak: bool,
    pub strong: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum TargetType {
    Player,
    PlayerOptional,
    Dead,
    Ghost,
    Role,
    Attribute,
    Category,
    FullCategory,
    Boolean,
    Option,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum DisguiseStrength {
    Weak,
    Strong,
}

/// Which killings a protection stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum KillFilter {
    Attacks,
    Kills,
    Lynches,
    AttacksAndLynches,
    All,
    Banishments,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Defense {
    Active,
    Passive,
    Partial,
    Recruitment,
    Absence { at: Value },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum VoteKind {
    Public,
    SpecialPublic,
    HiddenPublic,
    Private,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum JoinAction {
    Join,
    Leave,
    Add,
    Remove,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum GrantAction {
    Grant,
    Revoke,
    Transfer,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum LoyaltyKind {
    Group,
    Alignment,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ObstructFeedback {
    Fixed {
        value: Value,
    },
    /// `⇒ (0.6:`A`,0.4:`B`)`.
    Weighted {
        choices: Vec<WeightedFeedback>,
    },
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct WeightedFeedback {
    pub chance: f64,
    pub value: Value,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum PollAction {
    Add,
    Create,
    Cancel,
    Delete,
    Manipulate,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum PollManipulation {
    /// `(<Target> is `Unvotable`)` / `Disqualified`.
    Status { target: Value, status: Value },
    /// `(<Target> has <n> votes)` or `hidden votes`.
    Votes {
        target: Value,
        votes: Value,
        hidden: bool,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum AnnouncementKind {
    Reveal,
    Announce,
    Learn,
    Know,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum ChangeKind {
    Role,
    Alignment,
    Group,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum CounterOp {
    Increment,
    Decrement,
    Set,
}

impl AbilityKind {
    /// The ability type's name as the guides write it.
    pub fn type_name(&self) -> &'static str {
        match self {
            AbilityKind::Killing { .. } => "Killing",
            AbilityKind::Investigating { .. } => "Investigating",
            AbilityKind::Targeting { .. } | AbilityKind::Untargeting => "Targeting",
            AbilityKind::Disguising { .. } => "Disguising",
            AbilityKind::Protecting { .. } => "Protecting",
            AbilityKind::ApplyAttribute { .. }
            | AbilityKind::RemoveAttribute { .. }
            | AbilityKind::ChangeAttribute { .. } => "Applying",
            AbilityKind::Redirecting { .. } => "Redirecting",
            AbilityKind::VoteManipulating { .. } => "Vote Manipulating",
            AbilityKind::Whispering { .. } => "Whispering",
            AbilityKind::Joining { .. } => "Joining",
            AbilityKind::Granting { .. } => "Granting",
            AbilityKind::Loyalty { .. } => "Loyalty",
            AbilityKind::Obstructing { .. } => "Obstructing",
            AbilityKind::Poll { .. } => "Poll Manipulating",
            AbilityKind::Announcement { .. } => "Announcements",
            AbilityKind::Changing { .. } => "Changing",
            AbilityKind::Copying { .. } => "Copying",
            AbilityKind::ChoiceCreation { .. } | AbilityKind::ChoiceChoosing { .. } => "Choices",
            AbilityKind::Ascend => "Ascend",
            AbilityKind::Descend => "Descend",
            AbilityKind::Disband { .. } => "Disband",
            AbilityKind::Counting { .. } => "Counting",
            AbilityKind::ConversationReset { .. } => "Conversation Reset",
            AbilityKind::Cancel { .. } => "Cancel",
            AbilityKind::Switching { .. } => "Switching",
            AbilityKind::Shuffle { .. } => "Shuffle",
            AbilityKind::Emitting { .. } => "Emitting",
            AbilityKind::Displaying { .. } | AbilityKind::DisplayUpdate { .. } => "Displaying",
            AbilityKind::Locking { .. } => "Locking",
            AbilityKind::Formatting { .. } => "Formatting",
            AbilityKind::Executing { .. } => "Executing",
            AbilityKind::Activating { .. } => "Activating",
            AbilityKind::Resurrecting { .. } => "Resurrecting",
            AbilityKind::Feedback { .. }
            | AbilityKind::Success
            | AbilityKind::Failure
            | AbilityKind::Continue => "Feedback",
        }
    }
}
