//! The executor's state between phases, as the original bot keeps it in its tables
//! (research §1.1, §4.0.1): per player the role, alignment, target and counter; the attribute
//! store whose rows carry every defence, absence, disguise and custom mark with its duration;
//! groups with their members; the polls open now; the kill queue; and per ability the uses,
//! last phase and last target that restrictions read.
//!
//! It is what the WWR rules keep in the game state ([`crate::engine::Kept`]): the engine holds
//! it without knowing it, and a replay rebuilds it exactly.

use crate::engine::{GameState, SlotId};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Where an ability in the program is: the file's index in the roleset's sources and the
/// ability's line and column. Stable across replays, as the research's §4.0.1 asks of ability
/// ids (the bot numbers them by a parse counter).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Loc {
    pub file: usize,
    pub line: u32,
    pub col: u32,
}

/// Who acts: the bot's source reference (research §1.1).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Src {
    /// A player's main role.
    Player(SlotId),
    /// A group (its file index), acting through the voter its poll drew, if any.
    Group {
        file: usize,
        executor: Option<SlotId>,
    },
    /// A poll (its file index).
    Poll(usize),
    /// A team (its file index).
    Team(usize),
    /// A custom attribute row, owned by a player.
    Attribute { id: u64, owner: SlotId },
    /// A custom attribute row owned by a group (`Apply \`Ritual\` to #Wolfpack`).
    GroupAttribute { id: u64, group: usize },
    /// An extra role a player holds (the bot's `player_attr` source): its row and holder.
    ExtraRole { id: u64, owner: SlotId },
}

impl Src {
    /// The player this source acts as, where it is one (a group acts as its executor).
    pub fn player(&self) -> Option<SlotId> {
        match self {
            Src::Player(p) => Some(*p),
            Src::Group { executor, .. } => *executor,
            Src::Attribute { owner, .. } | Src::ExtraRole { owner, .. } => Some(*owner),
            Src::Poll(_) | Src::Team(_) | Src::GroupAttribute { .. } => None,
        }
    }
    /// The key of per-source bookkeeping (uses, last target).
    pub fn key(&self) -> String {
        match self {
            Src::Player(p) => format!("player:{p}"),
            Src::Group { file, .. } => format!("group:{file}"),
            Src::Poll(f) => format!("poll:{f}"),
            Src::Team(f) => format!("team:{f}"),
            Src::Attribute { id, .. } | Src::GroupAttribute { id, .. } => format!("attribute:{id}"),
            Src::ExtraRole { id, .. } => format!("extra:{id}"),
        }
    }
}

/// One player as the executor sees him.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
pub struct Player {
    /// The role's file index in the sources.
    pub role: usize,
    pub orig_role: usize,
    /// The team's file index his alignment names (`None`: a class without a team file).
    pub alignment: Option<usize>,
    pub alive: bool,
    /// `Target @X`: kept through death (`@Target` hides a dead target).
    pub target: Option<SlotId>,
    /// `Target @Selection (Role)`: a role (file index) as the target instead.
    #[serde(default)]
    pub target_role: Option<usize>,
    pub counter: i64,
    /// Out of the game by `Ascend` (a win) or `Descend` (a loss), whatever his team does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub final_result: Option<bool>,
    /// Dead but not banished, in a haunting game (the bot's `alive = 2`): his texts still run
    /// where their activation lets them ([`super::haunting`]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ghost: bool,
    /// When his main role's texts run in a haunting game (the bot's `players.activation`,
    /// copied from the role's flag when the game starts and never on a role change).
    #[serde(default, skip_serializing_if = "Activation::is_living")]
    pub activation: Activation,
    /// The roles his main role runs as its own (`Include: %Role%`, [`super::including`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub included: Vec<usize>,
}

/// When an element's texts run in a haunting game (the bot's `activation` column): the
/// role's `Ghostly Role`/`Haunted Role` flag, a group's `Ghostly Group`.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Activation {
    /// While alive (no flag).
    #[default]
    Living,
    /// While a ghost (`Ghostly …`).
    Ghostly,
    /// Both (`Haunted …`).
    Both,
}

impl Activation {
    pub fn is_living(&self) -> bool {
        *self == Activation::Living
    }
}

/// How long an attribute row lasts (research §1.9).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lasting {
    /// Until the role is lost.
    Permanent,
    /// Never by itself.
    Persistent,
    /// To the next phase change.
    Phase,
    /// One more phase than `Phase`.
    NextPhase,
    /// Until the end of the next day (or of this one, if applied in a night).
    NextDay,
    NextNight,
    /// Gone at its first use.
    UntilUse,
    UntilSecondUse,
}

/// The defence tiers in the order an attack meets them (research §1.11).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Tier {
    Absence,
    Active,
    Passive,
    Partial,
    Recruitment,
}

impl Tier {
    pub fn word(self) -> &'static str {
        match self {
            Tier::Absence => "absence",
            Tier::Active => "active defense",
            Tier::Passive => "passive defense",
            Tier::Partial => "partial defense",
            Tier::Recruitment => "recruitment defense",
        }
    }
}

/// What an attribute row is.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum AttrKind {
    /// A custom attribute (its file index) with its values.
    Custom {
        attribute: usize,
        values: Vec<String>,
    },
    /// A defence. `ability` is the protecting ability, whose terms (what it stops, when, from
    /// whom: `by` is evaluated when an attack meets it) are read from the text; `at` is where
    /// an absence sends its owner.
    Defense {
        tier: Tier,
        ability: Loc,
        at: Option<SlotId>,
    },
    /// A disguise: the owner is seen as this role (file index).
    Disguise { strong: bool, role: usize },
    /// Loyalty to a team or a group (its file index): no role or alignment change takes hold.
    Loyalty { to: usize },
    /// An extra role (its file index) granted through `channel`, the bot's channel of that role
    /// and granter (`Role:granter`): a second grant by the same source shares it, and a
    /// `Revoke` by name takes back only what its own source granted.
    ExtraRole { role: usize, channel: String },
    /// A whisper the owner may send to a place, a group or an extra role's holders, under a
    /// name of its own: messages the host carries.
    Whisper {
        to: String,
        name: Option<String>,
        /// The group whose channel carries it (a group's whisper): its members speak
        /// through it while they are members.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        via: Option<usize>,
    },
    /// An obstruction: the owner's visits of these kinds fail or bring a fake result.
    Obstruction(super::visit::Obstruction),
    /// A redirection: abilities that reach the owner go elsewhere, on the terms of the
    /// `Redirect` ability at this place (read again each time, as the bot stores selectors).
    Redirection { ability: Loc },
    /// A vote manipulation (the bot's `manipulation` row): the owner's voting power on public
    /// or private polls set to `amount`, or changed by it when `relative`.
    VotingPower {
        vote: crate::wwr::ast::VoteKind,
        relative: bool,
        amount: i64,
    },
}

/// One attribute row.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Attr {
    pub id: u64,
    pub owner: SlotId,
    /// Who made it: the creator `On Defense` fires on.
    pub src: Src,
    pub kind: AttrKind,
    pub lasting: Lasting,
    /// The phase it was applied in.
    pub applied: u32,
    pub used: u32,
    /// The row of the attribute that made it, removed with it.
    #[serde(default)]
    pub parent: Option<u64>,
    /// A custom attribute's own counter and target (`Set Counter to 1 for @ThisAttr`, `Target
    /// @ThisAttr->Source`: the bot keeps both on the attribute row).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub counter: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<SlotId>,
    /// The attribute row this one is applied to, not its owner (the bot's attribute-owned
    /// attributes: the Mayor's `Apply \`Marker\` to @ThisAttr`); it goes with that row.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub on_attr: Option<u64>,
    /// Made while its owner was a ghost (the bot gives the row the owner's `alive = 2`): an
    /// extra role elected among the ghosts runs as a ghost's, even after a banishment.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ghostly: bool,
}

fn is_zero(n: &i64) -> bool {
    *n == 0
}

/// A custom attribute a group carries.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct GroupAttr {
    pub id: u64,
    pub group: usize,
    pub attribute: usize,
    pub lasting: Lasting,
    pub applied: u32,
}

/// Membership tiers of a group.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Tier2 {
    Visitor,
    Member,
    Owner,
}

/// A group in play.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
pub struct Group {
    pub members: BTreeMap<SlotId, Membership>,
    pub disbanded: bool,
    pub counter: i64,
    /// Its `Starting` has run. A count on a group nobody has joined yet (the Plague Bearer's
    /// rodents, counted in `Starting` before the team's `On Join` adds him to the pit) keeps
    /// the group's place; its `Starting` still runs with the first member.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub started: bool,
    /// Disbanded by a `Disband` ability: it never reopens (the bot's state 2).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub for_good: bool,
}

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq)]
pub struct Membership {
    pub tier: Tier2,
    pub lasting: Lasting,
    pub applied: u32,
}

/// A poll open now: the ballot its votes go to, who made it and where.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct OpenPoll {
    /// The poll element's file index.
    pub poll: usize,
    /// The ballot id its votes go to.
    pub ballot: String,
    pub creator: Src,
    /// The group whose members' votes count (a poll made by a group), if any.
    pub group: Option<usize>,
    /// Players left out of its options (`Unvotable` when it opened): votes for them count for
    /// nothing.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unvotable: Vec<SlotId>,
    /// The title it was opened under (`Create Poll in #voting_booth as \`Mayor Election\``).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
}

/// A choice offered to a player (`` `Fox` Choice Creation (Join Pack, Protect Player) ``).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct OpenChoice {
    /// Its name, normalised.
    pub name: String,
    pub options: Vec<String>,
    /// Who picks.
    pub owner: SlotId,
    /// Whose `Choice … Chosen` triggers the pick fires.
    pub creator: Src,
    /// The option picked for him when the phase ends unpicked (`{Forced: Townsfolk}`).
    pub forced: Option<String>,
    pub chosen: bool,
}

/// A pick whose block waits for its selection in an opened prompt.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Pick {
    /// Who answers the prompt (the choice's creator) and its id.
    pub player: SlotId,
    pub prompt: String,
    pub chooser: SlotId,
    pub option: String,
}

/// One more or one fewer of a poll at its next creation (`Add \`Wolfpack\` Poll`, `Delete
/// \`Lynch\` Poll`): the bot's `poll_count` row, used up by that creation.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct PollCount {
    /// The poll element's file index.
    pub poll: usize,
    pub delta: i32,
}

/// A mark on a poll's next closing or creation (the bot's `poll_result`,
/// `poll_disqualification` and `poll_votes` rows): used up when it takes effect, or gone when
/// its duration ends.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct PollMark {
    /// The poll element's file index.
    pub poll: usize,
    pub kind: PollMarkKind,
    pub lasting: Lasting,
    pub applied: u32,
    pub used: u32,
}

impl PollMark {
    /// One use: `true` while the mark stays (`UntilUse` goes at the first, `UntilSecondUse` at
    /// the second, others by their duration).
    pub fn use_once(&mut self) -> bool {
        self.used += 1;
        match self.lasting {
            Lasting::UntilUse => false,
            Lasting::UntilSecondUse => self.used < 2,
            _ => true,
        }
    }
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum PollMarkKind {
    /// The poll closes with no winner ("The poll was cancelled!").
    Cancelled,
    /// A player who wins it does not take the win ("… is disqualified").
    Disqualified(SlotId),
    /// A player is not among its options when it next opens.
    Unvotable(SlotId),
    /// Votes for a candidate that no voter cast, counted in the result or only in the total.
    Votes {
        candidate: SlotId,
        amount: i64,
        hidden: bool,
    },
}

/// What a source that is no player targets.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq)]
pub enum SourceTarget {
    Player(SlotId),
    /// A role (its file index).
    Role(usize),
}

/// An entry in the kill queue.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Queued {
    pub victim: SlotId,
    pub src: Src,
    /// `attack`, `kill`, `lynch`, `true kill`.
    pub kind: String,
    /// A lynch queued by a poll's `On Poll Closed`: that poll's voters for the winner, whom
    /// `@Voters` names in `On Lynch` under the option `lynch_voters: poll`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub voters: Vec<SlotId>,
}

/// A display's owner and its values as written (`Counter`, `Target`, `yes`), before they
/// are drawn.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
pub struct DisplaySource {
    pub owner: Option<SlotId>,
    pub raw: Vec<String>,
    /// A group's display (the Plague Pit's rodents): its `Counter` is the group's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<usize>,
}

/// Per ability and source: how often it ran and when, for restrictions.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
pub struct Uses {
    pub quantity: u32,
    pub last_phase: Option<u32>,
    pub last_target: Option<String>,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
pub struct World {
    pub players: Vec<Player>,
    pub attrs: Vec<Attr>,
    pub next_attr: u64,
    /// Groups in play by file index.
    pub groups: BTreeMap<usize, Group>,
    pub polls: Vec<OpenPoll>,
    pub killq: Vec<Queued>,
    /// Keyed `source|ability location`.
    pub uses: BTreeMap<String, Uses>,
    /// Displays by name: their values (host-visible state only).
    pub displays: BTreeMap<String, Vec<String>>,
    /// What each display was made of and whose it is, so it is redrawn when what it shows
    /// changes (the bot's `updateDisplayCheck`: a counter or a target).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub display_sources: BTreeMap<String, DisplaySource>,
    /// Attributes applied to a whole team (`Apply \`CoyoteTrigger\` to &Werewolf`): the
    /// team's file index and the attribute's normalised name.
    pub team_attrs: Vec<(usize, String)>,
    /// Custom attributes applied to groups.
    #[serde(default)]
    pub group_attrs: Vec<GroupAttr>,
    /// Prompts an event opened (the executioner's emergency target): player and ability id.
    pub opened: Vec<(SlotId, String)>,
    /// Prompts a choice's pick opened (the Devil's `Choice \`Attack\` Chosen`, whose target
    /// the Wager Recipient names): who picked what, bound again when the prompt is answered.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub picks: Vec<Pick>,
    /// Changes to how many of a poll its next creation opens.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub poll_counts: Vec<PollCount>,
    /// Choices open now (the bot's `choices` table, emptied at every phase change).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub choices: Vec<OpenChoice>,
    /// Cancellations, disqualifications, unvotable candidates and extra votes waiting for a
    /// poll.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub poll_marks: Vec<PollMark>,
    /// The targets of sources that are no player (a poll's `Target \`Mayor\` (Role)`): the
    /// bot keeps them on the poll's, group's or team's own row. Keyed by [`Src::key`].
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub source_targets: BTreeMap<String, SourceTarget>,
    /// Every extra-role channel made so far: a grant into one of them runs `On Assigned`
    /// without the role's `Starting` again (the bot's `connectionGet`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub channels: Vec<String>,
    /// The places whose channels are locked (`Lock #Tavern`), by name.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub locked: Vec<String>,
    /// The alignments investigations showed, oldest first: what each investigator was told
    /// of a player's team ([`crate::engine::RuleSystem::told_sides`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shown: Vec<Shown>,
}

/// An alignment an investigation showed: to whom, of whom, which team (its side id).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Shown {
    pub to: SlotId,
    pub about: SlotId,
    pub team: String,
}

impl World {
    /// The world kept in a state, if the game has started.
    pub fn of(state: &GameState) -> Option<&World> {
        state.kept.get::<World>()
    }

    /// Keep this world in the state, in place of the one there.
    pub fn store(self, state: &mut GameState) {
        state.kept.set(self);
    }

    /// The rows a player carries (not those applied to his rows).
    pub fn attrs_of(&self, owner: SlotId) -> impl DoubleEndedIterator<Item = &Attr> {
        self.attrs
            .iter()
            .filter(move |a| a.owner == owner && a.on_attr.is_none())
    }

    /// The attribute row of this id, if it is still there.
    pub fn attr(&self, id: u64) -> Option<&Attr> {
        self.attrs.iter().find(|a| a.id == id)
    }

    pub fn attr_mut(&mut self, id: u64) -> Option<&mut Attr> {
        self.attrs.iter_mut().find(|a| a.id == id)
    }

    /// The extra roles a player holds: each row's id and role.
    pub fn extra_roles(&self, owner: SlotId) -> impl Iterator<Item = (u64, usize)> + '_ {
        self.attrs_of(owner).filter_map(|a| match a.kind {
            AttrKind::ExtraRole { role, .. } => Some((a.id, role)),
            _ => None,
        })
    }

    /// Take every extra role from a player who leaves the game (the bot's `clearRoleAttributes`).
    pub fn drop_extra_roles(&mut self, owner: SlotId) {
        let rows: Vec<u64> = self.extra_roles(owner).map(|(id, _)| id).collect();
        self.remove_attrs(rows);
    }

    /// Does the player carry this custom attribute?
    pub fn has_custom(&self, owner: SlotId, attribute: usize) -> bool {
        self.attrs_of(owner)
            .any(|a| matches!(a.kind, AttrKind::Custom { attribute: x, .. } if x == attribute))
    }

    pub fn add_attr(
        &mut self,
        owner: SlotId,
        src: Src,
        kind: AttrKind,
        lasting: Lasting,
        phase: u32,
    ) -> u64 {
        self.next_attr += 1;
        let id = self.next_attr;
        let ghostly = self.players.get(owner).is_some_and(|p| p.ghost);
        self.attrs.push(Attr {
            id,
            owner,
            src,
            kind,
            lasting,
            applied: phase,
            used: 0,
            parent: None,
            counter: 0,
            target: None,
            on_attr: None,
            ghostly,
        });
        id
    }

    /// [`World::add_attr`] for a row that ends with another (`parent`, see
    /// `abilities::tied_parent`).
    pub fn add_attr_under(
        &mut self,
        owner: SlotId,
        src: Src,
        kind: AttrKind,
        (lasting, phase): (Lasting, u32),
        parent: Option<u64>,
    ) -> u64 {
        let id = self.add_attr(owner, src, kind, lasting, phase);
        if let Some(row) = self.attr_mut(id) {
            row.parent = parent;
        }
        id
    }

    /// Use once each mark of this poll that `pick` takes (in store order; `pick` may keep
    /// state, to take only the first): the marks used, those used up removed.
    pub fn use_poll_marks(
        &mut self,
        poll: usize,
        mut pick: impl FnMut(&PollMarkKind) -> bool,
    ) -> Vec<PollMarkKind> {
        let mut used = Vec::new();
        self.poll_marks.retain_mut(|m| {
            if m.poll != poll || !pick(&m.kind) {
                return true;
            }
            used.push(m.kind.clone());
            m.use_once()
        });
        used
    }

    /// Remove rows and, recursively, the rows they made.
    pub fn remove_attrs(&mut self, mut doomed: Vec<u64>) {
        while let Some(id) = doomed.pop() {
            self.attrs.retain(|a| a.id != id);
            doomed.extend(
                self.attrs
                    .iter()
                    .filter(|a| a.parent == Some(id))
                    .map(|a| a.id),
            );
        }
    }

    /// One use of a row: `UntilUse` rows go at the first, `UntilSecondUse` at the second.
    pub fn use_attr(&mut self, id: u64) {
        let Some(row) = self.attr_mut(id) else {
            return;
        };
        row.used += 1;
        let gone = match row.lasting {
            Lasting::UntilUse => true,
            Lasting::UntilSecondUse => row.used >= 2,
            _ => false,
        };
        if gone {
            self.remove_attrs(vec![id]);
        }
    }

    /// Is the player a member or owner of the group (a visitor is not)?
    /// Whether a player has a row in a group at any tier, a visitor's too (the bot's
    /// `GroupMembership:` attribute and `@(Group:X)` selector read every row).
    pub fn has_membership(&self, player: SlotId, group: usize) -> bool {
        self.groups
            .get(&group)
            .is_some_and(|g| g.members.contains_key(&player))
    }

    /// Whether a player is a member or owner of a group: who may vote in its poll.
    pub fn in_group(&self, player: SlotId, group: usize) -> bool {
        self.groups
            .get(&group)
            .and_then(|g| g.members.get(&player))
            .is_some_and(|m| m.tier >= Tier2::Member)
    }

    /// The players whose texts may still run: the living and the ghosts (the bot's
    /// `alive >= 1`).
    pub fn present(&self) -> impl Iterator<Item = SlotId> + '_ {
        self.players
            .iter()
            .enumerate()
            .filter(|(_, p)| p.alive || p.ghost)
            .map(|(i, _)| i)
    }

    /// The ghosts (`@Ghostly`).
    pub fn ghosts(&self) -> impl Iterator<Item = SlotId> + '_ {
        self.players
            .iter()
            .enumerate()
            .filter(|(_, p)| p.ghost)
            .map(|(i, _)| i)
    }

    pub fn living(&self) -> impl Iterator<Item = SlotId> + '_ {
        self.players
            .iter()
            .enumerate()
            .filter(|(_, p)| p.alive)
            .map(|(i, _)| i)
    }
}
