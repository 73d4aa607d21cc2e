//! ru-city's roles, one file each, registered in [`ROLES`] by one line. A role's file holds all
//! of its behaviour: its night moves, the refusals of its entries, what its holder is told in
//! the morning, its line of the morning post, and what an active citizen inherits with it. The
//! facts that are data (its abilities, their stages, targets, parameters and tags, which moves
//! exclude each other) are its entry in `rolesets/ru-city.ron`.
//!
//! Adding a role: its RON entry, its file here implementing [`Role`], one line in [`ROLES`].

pub mod active_citizen;
pub mod actor;
pub mod agent;
pub mod anonymous;
pub mod blocker;
pub mod bodyguard;
pub mod boss_son;
mod citizen;
pub mod collector;
mod commissar;
pub mod criminalist;
pub mod cultist;
pub mod detective;
pub mod doctor;
pub mod drug_dealer;
pub mod executor;
pub mod faceless;
pub mod fanatic;
pub mod geisha;
pub mod hacker;
pub mod hero;
pub mod homeless;
pub mod hypnotist;
pub mod imitator;
pub mod immortal;
pub mod inquisitor;
pub mod investigator;
pub mod joker;
pub mod journalist;
pub mod judge;
pub mod kamikaze;
pub mod killer;
pub mod lawyer;
pub mod liar;
pub mod madman;
pub mod maid;
pub mod mason;
pub mod mayor;
pub mod mercenary;
pub mod necromancer;
pub mod phantom;
pub mod pimp;
pub mod poisoner;
pub mod politician;
pub mod priest;
pub mod prostitute;
mod secretary;
pub mod servant;
pub mod terrorist;
pub mod witch;
pub mod witness;
pub mod wizard;
pub mod yakuza;

// The rest of ru-city, for the role files (`super::night`, `super::teams`, ...).
use super::{blocks, checks, kept, night, shots, teams, werewolf};

use crate::engine::outcome::Audience;
use crate::engine::resolve::Ctx;
use crate::engine::{GameState, Refusal, SlotId};
use crate::kernel::Attack;
use crate::kernel::{Act, Fold};
use crate::rules::Roleset;
use night::CityNight;
use std::collections::BTreeMap;
use teams::KillerSide;

/// Every ru-city role. Its order is the order of the morning: the announced roles' lines of the
/// post (commissar, doctor, blocker) and the holders' messages.
pub static ROLES: &[&dyn Role] = &[
    &citizen::Citizen,
    &commissar::Commissar,
    &doctor::Doctor,
    &blocker::Blocker,
    &investigator::Investigator,
    &detective::Detective,
    &politician::Politician,
    &active_citizen::ActiveCitizen,
    &killer::Killer(teams::KillerSide::Mafia),
    &killer::Killer(teams::KillerSide::Maniac),
    &yakuza::Yakuza,
    &boss_son::BOSS_SON,
    &boss_son::HEAD_DAUGHTER,
    &mayor::Mayor,
    &secretary::Secretary,
    &witness::Witness,
    &judge::Judge,
    &immortal::Immortal,
    &bodyguard::Bodyguard,
    &kamikaze::Kamikaze,
    &hacker::Hacker,
    &journalist::Journalist,
    &lawyer::Lawyer,
    &inquisitor::Inquisitor,
    &prostitute::Prostitute,
    &homeless::Homeless,
    &madman::Madman,
    &priest::Priest,
    &liar::Liar,
    &hero::Hero,
    &cultist::Cultist,
    &criminalist::Criminalist,
    &fanatic::Fanatic,
    &terrorist::Terrorist,
    &hypnotist::Hypnotist,
    &drug_dealer::DrugDealer,
    &phantom::Phantom,
    &pimp::Pimp,
    &actor::Actor,
    &wizard::Wizard,
    &collector::Collector,
    &necromancer::Necromancer,
    &joker::Joker,
    &poisoner::Poisoner,
    &executor::Executor,
    &agent::AGENT,
    &mason::MASON,
    &servant::Servant,
    &faceless::Faceless,
    &geisha::Geisha,
    &mercenary::MERCENARY,
    &mercenary::NINJA,
    &imitator::Imitator,
    // Late, once every result is told: the witch's swaps move the roles and their results.
    &witch::Witch,
    // Late: the maid changes what her target was told this morning and learns it.
    &maid::Maid,
    // Last: the anonymous receives what the players he watches were told this morning.
    &anonymous::Anonymous,
];

/// The named moments of a night at which roles act beyond their own moves, in the order they
/// come (as mafia-rust's midnight priorities): at each, every role's [`Role::at_night`] runs,
/// in the registry's order. Where the sources order two roles' doings, they are two moments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moment<'a> {
    /// Before the first stage: what earlier days and nights fixed for tonight takes hold (the
    /// homeless's second-night watch, L25; the pimp's verdicts, L27; the executor's release of
    /// the silent, L53).
    Dusk,
    /// A stage is about to run its moves: moves owed by the rules join it (the faceless's
    /// compulsory cut, L64.3; an earlier night's poison, L52).
    StageOpens(&'a str),
    /// The attacks are about to settle: first the strikes no heal stops (the black kamikaze,
    /// L100) ...
    Strikes,
    /// ... then the spare lives that absorb an attack (the immortal, L19).
    SpareLives,
    /// A stage has run, its deaths settled if it settles them (the doctor's, §7.3 step 11):
    /// what the role learns or loses from it (the bodyguard's alibi, the geisha's whereabouts,
    /// the imitator's illusion struck or gone).
    StageCloses(&'a str),
    /// The stages are over and the shots counted: what the role's night left unused comes
    /// back (the poisoner's unused extra poisoning, L52 R10).
    Dawn,
}

/// How a role one player lends another is held (L40, L41, L42, L47, L50, Q18).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lent {
    /// As his own: no copy's limits, the original's priority (the collector's activated role,
    /// L41; the phantom's possession of an aura victim, Q18).
    AsOwn,
    /// A copy: the limits of L40, after the originals (the actor's, the wizard's absent role,
    /// the imitator's kept role).
    Copy,
    /// Through a dead player: no copy's limits, after every other move of the stage (the
    /// necromancer's undead, L42).
    ThroughTheDead,
}

/// A death another death brings through a role.
pub struct LinkedDeath {
    pub partner: SlotId,
    /// The cause recorded for the partner's death.
    pub cause: &'static str,
    pub why: String,
}

/// A vote at the count's weight steps.
pub struct CastVote<'a> {
    pub voter: SlotId,
    pub target: SlotId,
    /// Every (voter, target) of the count.
    pub all: &'a [(SlotId, SlotId)],
}

/// A barrier a role sets on a player beside his own (the drug's).
pub struct SetBarrier {
    pub k: u32,
    /// The barrier its makers' votes face instead.
    pub for_makers: u32,
    pub makers: Vec<SlotId>,
    /// Why the makers' votes face `for_makers`.
    pub why: String,
}

/// An attack as it is aimed, before a guard turns it.
pub struct Aimed<'a> {
    pub attacker: SlotId,
    pub victim: SlotId,
    pub cause: &'a str,
}

/// The killing groups' hired killers (the mercenary, the ninja; L49, L55) as the killers' stage
/// and the shot plan deal with them: a group's orders are its shots, and a hired killer whose
/// group is out takes its place. The mercenary's file implements it; [`HIRED`] registers it.
pub trait HiredKillers: Sync {
    /// Is this order an insurance of the other group's shot rather than the group's own?
    fn is_insurance(&self, mv: &Act) -> bool;
    /// Is this a group's order for its hired killer to insure `insured`'s shot?
    fn insures(&self, mv: &Act, insured: KillerSide) -> bool;
    /// Is this a hired killer's own kill (once his group is out)?
    fn is_own_kill(&self, ability: &str) -> bool;
    /// A hired killer's own kill, outside any group's shot: its target if it went ahead.
    fn own_kill(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) -> Option<SlotId>;
    /// The hired killer who took `side`'s place, its members all out.
    fn stand_in(&self, roleset: &Roleset, state: &GameState, side: KillerSide) -> Option<SlotId>;
    /// The ability of `side`'s orders to its hired killer.
    fn order_of(&self, side: KillerSide) -> &'static str;
    /// The role of `side`'s hired killer.
    fn role_of(&self, side: KillerSide) -> &'static str;
    /// Carry out a group's order with shot `shot`: `true` if his attack landed.
    fn carry_out(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, order: &Act, shot: usize)
    -> bool;
    /// Why a hired killer standing in for his group skips a shot at `target`.
    fn skip_reason(
        &self,
        ctx: &Ctx,
        run: &Fold<CityNight>,
        hired: SlotId,
        target: SlotId,
        partner_ok: bool,
    ) -> Option<String>;
    /// The attack kind of a hired killer's own kill, if `slot` is one.
    fn own_kind(&self, slot: &crate::engine::Slot) -> Option<&'static str>;
    /// The group whose order an attack of this kind carried out, if it was an order (L49).
    fn ordering_side(&self, kind: &str) -> Option<KillerSide>;
}

/// The hired killers' rules.
pub static HIRED: &dyn HiredKillers = &mercenary::Hiring;

/// An entry of one of the role's moves, as the rules check it.
pub struct Entry<'a> {
    pub roleset: &'a Roleset,
    pub state: &'a GameState,
    pub actor: SlotId,
    pub ability: &'a str,
    /// The player targets.
    pub targets: &'a [SlotId],
    pub params: &'a BTreeMap<String, String>,
}

impl Entry<'_> {
    pub fn me(&self) -> &crate::engine::Slot {
        &self.state.slots[self.actor]
    }

    /// The night number of the phase the entry is for.
    pub fn night(&self) -> u32 {
        night::night_number(self.state.phase)
    }
}

/// A ru-city role. Every method has a default that does nothing, so a role states only what it
/// adds.
pub trait Role: Sync {
    /// The role's id in the roleset.
    fn id(&self) -> &'static str;

    /// Resolve a night move of the role; `false`: the move is not the role's own (the kernel
    /// runs the ability's roleset effect, or the night reports it unimplemented).
    fn night_move(&self, _ctx: &mut Ctx, _run: &mut Fold<CityNight>, _mv: &Act) -> bool {
        false
    }

    /// The roleset ids the role's file names (its templates, statuses, options, ...): a
    /// roleset lacking one is refused, naming it.
    fn requires(&self) -> crate::engine::system::Requirements {
        crate::engine::system::Requirements::NONE
    }

    /// Why the holder may not use this ability now, whatever its targets (the console offers
    /// only what passes).
    fn usable(&self, _entry: &Entry) -> Result<(), Refusal> {
        Ok(())
    }

    /// Why an entry of one of the role's moves with these targets is refused.
    fn refuse(&self, _entry: &Entry) -> Result<(), Refusal> {
        Ok(())
    }

    /// Why an entry of one of the role's moves repeats a target the role may not take again
    /// (the doctor's, L4; the bodyguard's, L20; the geisha's, L54). Refused at entry, except
    /// from the new owner of a role the witch swapped, whose move is an automatic skip when it
    /// comes (L46).
    fn refuse_repeat(&self, _entry: &Entry) -> Result<(), Refusal> {
        Ok(())
    }

    /// Why this role's doing forbids a player's move now, whatever role makes it: a ban known
    /// before the phase opens (the black hero's rescue bans the killer moves of the hero and
    /// the black he saved the next night, L98).
    fn bans(&self, _entry: &Entry) -> Result<(), Refusal> {
        Ok(())
    }

    /// Why the role's holder may not be a target of this entry (an office that shields him).
    fn refuse_as_target(&self, _entry: &Entry, _target: SlotId) -> Result<(), Refusal> {
        Ok(())
    }

    /// The morning: what the role's holders are told of the night.
    fn morning(&self, _ctx: &mut Ctx, _run: &Fold<CityNight>) {}

    /// The role's line of the morning post (an announced role's hit or miss), if it is in play.
    fn public_line(&self, _ctx: &Ctx, _run: &Fold<CityNight>) -> Option<&'static str> {
        None
    }

    /// Whether a holder owes a move every night: a missing one is a forced skip the host is
    /// warned of (L165).
    fn owes_a_move(&self) -> bool {
        false
    }

    /// The PM templates of the role's history, which an active citizen who takes the role
    /// receives (L9).
    fn history(&self) -> &'static [&'static str] {
        &[]
    }

    /// The slot counters that carry the role's limits over to its next holder (L9).
    fn inherited(&self) -> &'static [&'static str] {
        &[]
    }

    /// What else of the role passes from `from` to its next holder `to` beside its counters
    /// (the criminalist's examined bodies, L44).
    fn inherit(&self, _ctx: &mut Ctx, _from: SlotId, _to: SlotId) {}

    /// An active citizen has just taken the role: what he is told beyond its history.
    fn taken(&self, _ctx: &mut Ctx, _holder: SlotId) {}

    /// Why a night move stops before its effect because of this role's doing tonight (a
    /// hypnosis, a witch's swap, a pimp's verdict, a lost shot), if it does.
    fn stops(
        &self,
        _ctx: &Ctx,
        _run: &Fold<CityNight>,
        _mv: &Act,
    ) -> Option<(crate::engine::outcome::StepResult, String)> {
        learn_default(self.id(), Hot::Stops);
        None
    }

    /// What the role does at a named moment of the night beyond its own moves (see
    /// [`Moment`] for the moments and their order).
    fn at_night(&self, _ctx: &mut Ctx, _run: &mut Fold<CityNight>, _moment: Moment) {
        learn_default(self.id(), Hot::AtNight);
    }

    /// The places within their stage of the role's abilities where the sources order a
    /// stage's moves (§7.3 step 5, L115.5, L120): (ability, rank), lower first; moves of
    /// unranked abilities follow in entry order.
    fn stage_ranks(&self) -> &'static [(&'static str, u8)] {
        &[]
    }

    /// The moves of a killing stage as the role's doing tonight turns them before they run
    /// (the witch's swap turns or cancels the shots at the swapped pair, L46): a transform of
    /// the moves, as mafia-rust's transporter transforms visits.
    fn turn_moves(
        &self,
        _ctx: &mut Ctx,
        _run: &mut Fold<CityNight>,
        _stage: &str,
        _moves: &mut Vec<Act>,
    ) {
        learn_default(self.id(), Hot::TurnMoves);
    }

    /// A move of another role's ability that the role's doing gave its maker (the hacked
    /// black's choice of role, L22): `true` if the role resolved it.
    fn answers_move(&self, _ctx: &mut Ctx, _run: &mut Fold<CityNight>, _mv: &Act) -> bool {
        learn_default(self.id(), Hot::AnswersMove);
        false
    }

    /// The player an attack on `victim` reaches instead, through the role's doing (a
    /// bodyguard's guard, L20, L89): the reasons say why.
    fn redirect_attack(
        &self,
        _ctx: &Ctx,
        _run: &mut Fold<CityNight>,
        _attack: &Aimed,
        _reasons: &mut Vec<String>,
    ) -> Option<SlotId> {
        learn_default(self.id(), Hot::RedirectAttack);
        None
    }

    /// Others an attack that landed on `victim` reaches too, through the role's doing, and why
    /// (the prostitute's clients, L21).
    fn attacked_with(
        &self,
        _ctx: &mut Ctx,
        _run: &Fold<CityNight>,
        _victim: SlotId,
    ) -> Vec<(SlotId, String)> {
        learn_default(self.id(), Hot::AttackedWith);
        Vec::new()
    }

    /// Why an attack meets something of the role's instead of its victim (the imitator's
    /// illusion of the maniac, L50).
    fn takes_attack(
        &self,
        _ctx: &Ctx,
        _run: &mut Fold<CityNight>,
        _attack: &Attack,
    ) -> Option<String> {
        learn_default(self.id(), Hot::TakesAttack);
        None
    }

    /// A death by an attack of `kind` takes another player with it through the role (the
    /// immortal's link, L19): the partner, the cause of his death, and why.
    fn dies_with(&self, _ctx: &mut Ctx, _victim: SlotId, _kind: &str) -> Option<LinkedDeath> {
        learn_default(self.id(), Hot::DiesWith);
        None
    }

    /// A result of the announced checkers' (`source`: the commissar's, the detective's) was told
    /// to `from`: what the role's holders receive of it (the investigator's copy, L8).
    fn overhears(
        &self,
        _ctx: &mut Ctx,
        _from: SlotId,
        _source: &str,
        _template: &str,
        _args: &[(&str, String)],
    ) {
    }

    /// Does a colour check on `target` tonight meet something of the role's that shows red
    /// whatever else holds (the imitator's illusion of the maniac, L50)?
    fn check_meets_red(&self, _run: &Fold<CityNight>, _target: SlotId) -> bool {
        learn_default(self.id(), Hot::CheckMeetsRed);
        false
    }

    /// Does the role's doing turn `target`'s colour over for tonight's checks (the joker's
    /// check, L51)?
    fn turns_colour(&self, _run: &Fold<CityNight>, _target: SlotId) -> bool {
        learn_default(self.id(), Hot::TurnsColour);
        false
    }

    /// Does the black `target` check red tonight through the role (L48, L55, L96, L98)?
    fn black_checks_red(&self, _ctx: &Ctx, _run: &Fold<CityNight>, _target: SlotId) -> bool {
        learn_default(self.id(), Hot::BlackChecksRed);
        false
    }

    /// Does `checker`'s verification of `target` find red through the role (a check that met
    /// the imitator's illusion, L50)?
    fn verifies_red(&self, _state: &GameState, _checker: SlotId, _target: SlotId) -> bool {
        false
    }

    /// Why a colour check (or the journalist's comparison) on `target` gives no information
    /// through the role (L6, L24, L88, L132).
    fn withholds_colour(
        &self,
        _ctx: &Ctx,
        _run: &Fold<CityNight>,
        _target: SlotId,
    ) -> Option<String> {
        learn_default(self.id(), Hot::WithholdsColour);
        None
    }

    /// How the roles this role lends other players are held (its id is the `by` of their
    /// borrowed roles).
    fn lends(&self) -> Option<Lent> {
        None
    }

    /// The role `slot` will hold through this role with an entry of this phase, and how.
    fn lends_pending(
        &self,
        _roleset: &Roleset,
        _state: &GameState,
        _slot: SlotId,
    ) -> Option<(String, Lent)> {
        None
    }

    /// Why the role's doing blocks `actor`'s move with `ability` now, by night or by day
    /// (`peaceful`: the ability is his peaceful role's): the hacker's hack (L22), the
    /// terrorist's blast (L23), the pimp's punishment (L27), the executor's chamber (L53), the
    /// faceless's cut (L60), the black phantom's curse (L88).
    fn blocks_move(
        &self,
        _ctx: &Ctx,
        _actor: SlotId,
        _ability: &str,
        _peaceful: bool,
    ) -> Option<String> {
        learn_default(self.id(), Hot::BlocksMove);
        None
    }

    /// Does the role's doing block the peaceful role of `slot` in what it does by itself (a
    /// passive vote weight or barrier)?
    fn blocks_role_itself(&self, _state: &GameState, _slot: &crate::engine::Slot) -> bool {
        false
    }

    /// Does a living holder take a side's shot beyond what its shooters can fire tonight (the
    /// poisoner's extra poisoning, L52 R9)?
    fn takes_a_surplus_shot(&self) -> bool {
        false
    }

    /// The killing side whose shot the holder insures before its partner does (the geisha the
    /// maniac's, L54).
    fn insures_side(&self) -> Option<super::teams::KillerSide> {
        None
    }

    /// Will the role's doing save `victim` from tonight's attack at the doctor's stage (a
    /// spare life, L19)?
    fn spares(&self, _ctx: &Ctx, _victim: SlotId) -> bool {
        false
    }

    /// A black shot at `target` meets something of the role's instead of a kill: `true` if
    /// the role dealt with it (an undead is destroyed, L42).
    fn shot_meets(
        &self,
        _ctx: &mut Ctx,
        _shooter: SlotId,
        _target: SlotId,
        _reasons: &mut Vec<String>,
    ) -> bool {
        false
    }

    /// Is this move, made by a player an attack reached tonight, one the attacked-survivor rule
    /// (L16) leaves in force through the role (a self-heal, a suicide, the executor's moves)?
    fn keeps_move_when_attacked(&self, _ctx: &Ctx, _run: &Fold<CityNight>, _mv: &Act) -> bool {
        learn_default(self.id(), Hot::KeepsMove);
        false
    }

    /// Does the role's doing tonight keep a heal on `target` from working (a black
    /// bodyguard's guard, L89)?
    fn stops_heal(&self, _run: &Fold<CityNight>, _target: SlotId) -> bool {
        learn_default(self.id(), Hot::StopsHeal);
        false
    }

    // The vote count's steps (§4.6), in their order: who votes, what weight each vote has,
    // which votes count zero or at most one, the barriers on the targets.

    /// The ballots as they count, once the role's holders stand in for others (a servant
    /// replacing his master votes in his name, L129.3).
    fn stand_in_ballots(
        &self,
        _ctx: &Ctx,
        ballots: Vec<super::votes::Ballot>,
    ) -> Vec<super::votes::Ballot> {
        ballots
    }

    /// Votes the role's holders cast unseen this round, (voter, target, whose vote it is):
    /// one black vote each, left out of the posted list (the black liar's, L97).
    fn hidden_votes(&self, _ctx: &Ctx) -> Vec<(SlotId, SlotId, &'static str)> {
        Vec::new()
    }

    /// Does the holder vote in his own name (not the servant, L129.3)?
    fn votes_in_own_name(&self) -> bool {
        true
    }

    /// A day round that takes day moves is resolved: the role's standing orders take hold
    /// before the round's moves are counted (the pimp's verdicts by day, L27; the wizard's
    /// role named with a day move, L47).
    fn round_opens(&self, _ctx: &mut Ctx) {}

    /// Why `voter`'s vote at the mayor's election counts zero through the role (the mason's,
    /// L127.3).
    fn election_vote_zeroed(&self, _state: &GameState, _voter: SlotId) -> Option<String> {
        None
    }

    /// What the host must ask before a lynch's result through the role, given the lynch's
    /// totals (the faceless hero's stand, L73): lines for the live tally.
    fn host_asks(&self, _ctx: &Ctx, _totals: &BTreeMap<SlotId, i32>) -> Vec<String> {
        Vec::new()
    }

    /// Why `voter` may not vote now through the role, whoever holds it (a servant votes only
    /// in his master's stead, and a master he replaces does not vote, L129.3).
    fn refuses_vote(&self, _state: &GameState, _voter: SlotId) -> Result<(), Refusal> {
        Ok(())
    }

    /// The player whose votes decide between equal totals, through the role (the working
    /// judge at the witch hunt, L163.5).
    fn decides_ties(&self, _state: &GameState) -> Option<SlotId> {
        None
    }

    /// Why no vote may go against `target` today through the role (the mayor and his
    /// vertical, L159, L160; the priest's re-vote, L30; the politician's shadow, L132; the
    /// lawyer's protection, L28).
    fn vote_immunity(&self, _state: &GameState, _target: SlotId) -> Option<String> {
        None
    }

    /// Extra weight the role gives a vote, in half votes, and why (§4.6 step 2: the
    /// politician, the witness, the judge, the lawyer, the drug dealer, the phantom, the
    /// necromancer).
    fn vote_boosts(&self, _ctx: &Ctx, _vote: &CastVote) -> Vec<(i32, String)> {
        Vec::new()
    }

    /// Why the vote's boosts do not work through the role (against the lawyer who checked
    /// the voter black, L28).
    fn voids_boosts(&self, _ctx: &Ctx, _vote: &CastVote) -> Option<String> {
        None
    }

    /// Why the vote counts zero through the role (§4.6 step 3: the mason, the politician the
    /// mayor backs, the phantom, the liar's scandal).
    fn zeroes_vote(&self, _ctx: &Ctx, _vote: &CastVote) -> Option<String> {
        None
    }

    /// Why `voter`'s vote counts at most one through the role (the drug, L34; the black
    /// liar's scandal, L97).
    fn caps_vote(&self, _ctx: &Ctx, _voter: SlotId) -> Option<String> {
        None
    }

    /// The barrier the role gives `target` (L13: the priest's, L30; the hero's, L35; the
    /// liar's own in his scandal, L32).
    fn barrier(&self, _roleset: &Roleset, _state: &GameState, _target: SlotId) -> u32 {
        0
    }

    /// Does the role's doing break every barrier on `target`, a set one's too (the liar's
    /// scandal, L32)?
    fn breaks_barriers(&self, _state: &GameState, _target: SlotId) -> bool {
        false
    }

    /// A barrier the role sets on `target` beside his own, which its makers' votes face
    /// differently (the drug dealer's drug, L34, Q30); `own` is the target's own barrier.
    fn set_barrier(&self, _ctx: &Ctx, _target: SlotId, _own: u32) -> Option<SetBarrier> {
        None
    }

    /// What a barrier leaves of `voter`'s vote through the role, if more than one (the
    /// judge's, L33).
    fn through_barrier(&self, _ctx: &Ctx, _voter: SlotId) -> Option<i32> {
        None
    }

    /// Why `voter`'s votes against `target` pass his barrier untouched (the lawyer's against
    /// his black check, L28).
    fn passes_barrier(&self, _ctx: &Ctx, _voter: SlotId, _target: SlotId) -> Option<String> {
        None
    }

    /// The end check opens: what the role settles first (the faceless who outlived the count
    /// wins grey and leaves, L66.1).
    fn end_check(&self, _ctx: &mut Ctx) {}

    /// What becomes of `side`'s win through the role (the faceless takes it, or is still being
    /// hunted, §6.4); `None`: the role has no say.
    fn win_verdict(
        &self,
        _ctx: &mut Ctx,
        _side: &str,
        _start_of_day: bool,
    ) -> Option<super::endgame::Verdict> {
        None
    }

    // What the posts and the counts say of a player through the role.

    /// Is the dead `slot` still an active red voter through the role (the red phantom, L18,
    /// L11)?
    fn active_though_dead(&self, _state: &GameState, _slot: SlotId) -> bool {
        false
    }

    /// Dead players who count as reds at the end's count through the role (the red phantoms
    /// possessing or yet to possess a red, L172).
    fn dead_reds_counted(&self, _ctx: &Ctx) -> usize {
        0
    }

    /// The mark the post's list of the dead gives `slot` through the role (", фантом",
    /// ", нежить"), while he still plays.
    fn dead_mark(&self, _state: &GameState, _slot: SlotId) -> Option<&'static str> {
        None
    }

    /// Does the role keep the dead `slot`'s negative role out of the post (the black phantom
    /// who possessed, L88)?
    fn hides_negative_role(&self, _ctx: &Ctx, _slot: SlotId) -> bool {
        false
    }

    /// What the post shows as the lynched `slot`'s negative role through the role, if it
    /// changes it (the imitator's disguise, L50): `Some(None)` shows none.
    fn lynched_as(&self, _ctx: &Ctx, _slot: SlotId) -> Option<Option<String>> {
        None
    }

    /// The note beside a negative role the post shows for `slot` dying at a vote (a named
    /// successor's "преемник", L48).
    fn lynched_note(&self, _state: &GameState, _slot: SlotId) -> Option<&'static str> {
        None
    }

    /// The player the elite `slot` serves, named beside his role in the post (L129).
    fn serves(&self, _state: &GameState, _slot: SlotId) -> Option<SlotId> {
        None
    }

    /// Is the holder left out where a rule asks what every red or every other player voted
    /// (the agents and the masons: the tie-break G1, L12; the all-others override, L13)?
    fn left_out_of_everyone(&self) -> bool {
        false
    }

    /// The vote opens: the role's moves due before it are fixed (L113, L160).
    fn before_vote(&self, _ctx: &mut Ctx) {}

    /// The player the role convicts among the tied `top` of a vote, none otherwise going
    /// through (the judge, L33).
    fn convicts_at_a_tie(
        &self,
        _ctx: &mut Ctx,
        _tally: &super::votes::Tally,
        _top: &[SlotId],
    ) -> Option<SlotId> {
        None
    }

    /// The vote's result opens another round (a re-vote, the priest's re-vote): what the role
    /// keeps of this round's votes (the mayor's own, for his secretary, L161).
    fn vote_goes_on(&self, _ctx: &mut Ctx, _tally: &super::votes::Tally) {}

    /// A vote's lynch is done: at each named step, what the role's holders gain or lose by it
    /// (the mayor's title and his secretary, L159, L161; the politician's influence, L132; the
    /// judge's weight, L33).
    fn after_the_vote(&self, _ctx: &mut Ctx, _vote: &VoteDone, _step: AfterTheVote) {}

    /// An election round is resolved through the role (the mayor's, L159).
    fn holds_the_election(&self, _ctx: &mut Ctx) {}

    /// The role's doing stops the vote's result and opens a round of its own instead (the
    /// priest's forgiveness and his re-vote, L30, L155): `true` if it did.
    fn rescues(&self, _ctx: &mut Ctx, _tally: &mut super::votes::Tally) -> bool {
        false
    }

    /// The victims of the round a rescue opened, as the role changes them (the priest lets
    /// the saved player die instead of himself, L30).
    fn rescue_round_victims(&self, _ctx: &mut Ctx, victims: Vec<SlotId>) -> Vec<SlotId> {
        victims
    }

    /// The player a re-vote between these targets sends to die through the role, whatever
    /// its count (the priest's forgiveness at a re-vote of two, L30).
    fn decides_a_revote(&self, _ctx: &mut Ctx, _targets: &[SlotId]) -> Option<SlotId> {
        None
    }

    /// The phase the role last spared `slot` from the rope in (the hero's stand, L35, L157).
    fn spared_since(&self, _state: &GameState, _slot: SlotId) -> Option<u32> {
        None
    }

    /// A re-vote opens (`true`) or has been counted (`false`): what the role keeps for it (the
    /// liar's first move, by option, Q28).
    fn revote(&self, _ctx: &mut Ctx, _opens: bool) {}

    /// The players the vote's result sends to die instead of the result, if the role's doing
    /// replaces it (the armed terrorist with his target, L23), each counted a lynched victim.
    fn replaces_the_result(&self, _ctx: &mut Ctx, _doomed: &[SlotId]) -> Option<Vec<SlotId>> {
        None
    }

    /// The players about to be lynched, once the role spares whom it spares (the hero's
    /// stand, L35).
    fn spare_from_the_rope(&self, _ctx: &mut Ctx, victims: Vec<SlotId>) -> Vec<SlotId> {
        victims
    }

    /// The lynch is done, `voters` being every (voter, target) of its count: what the role's
    /// doing sets off (the terrorist's blast on his voters, L23).
    fn rope_falls(&self, _ctx: &mut Ctx, _lynched: &[SlotId], _voters: &[(SlotId, SlotId)]) {}

    /// A player the role's lynched holder takes with him, counted lynched (the hero's death,
    /// L35).
    fn takes_with_him(&self, _ctx: &mut Ctx, _lynched: &[SlotId]) -> Option<SlotId> {
        None
    }

    /// The day's votes are over and the night opens: what the role's holders learn of the
    /// day (the anonymous's watched voters, L26).
    fn night_falls(&self, _ctx: &mut Ctx) {}

    /// What the game keeps of the role between phases, in the host's words, for the host
    /// sheet (the role's own kept value, which only its file can read).
    fn sheet_lines(&self, _roleset: &Roleset, _state: &GameState) -> Vec<String> {
        Vec::new()
    }

    /// The vote-start post's lines of the role, once every move due before the vote is fixed
    /// (the shadow vertical, L132).
    fn vote_announced(&self, _ctx: &mut Ctx) {}

    /// Players were lynched at this vote result: the dying moves of the role's holders among
    /// them take effect (L113). Returns the players they killed who count as lynched (a black
    /// inquisitor's execution, L96).
    fn lynched(&self, _ctx: &mut Ctx, _lynched: &[SlotId]) -> Vec<SlotId> {
        Vec::new()
    }

    /// Players left the game in this round (a night's victims, a day's lynched or modkilled):
    /// what passes on because of their leaving (the boss's son's status to his successor, L48).
    fn departed(&self, _ctx: &mut Ctx, _dead: &[SlotId]) {}

    /// Once what the departures pass on has passed: the role takes a dead player's role (the
    /// active citizen, L9).
    fn inherits(&self, _ctx: &mut Ctx, _dead: &[SlotId]) {}

    /// Once the roles have passed: rights the departures opened are announced (the
    /// investigator's shot, L8).
    fn rights_open(&self, _ctx: &mut Ctx) {}

    /// The phase is resolved, every message of it written: what the role's holders hear of
    /// them (the servant's briefing by his master's mode, L129.9).
    fn phase_resolved(&self, _ctx: &mut Ctx) {}

    /// The role's lines of the morning post after the night's victims (the face cuts, L60).
    fn after_the_victims(&self, _ctx: &mut Ctx, _run: &Fold<CityNight>) {}

    /// The day's last vote result is out: the news its holders get with it (the criminalist's
    /// autopsy, the executor's interrogation; decision 3 of the part-2 contract).
    fn day_ends(&self, _ctx: &mut Ctx) {}

    /// A day round is being resolved: the role's day moves of the round that simply take effect
    /// then (the elites' declarations and links).
    fn day_round(&self, _ctx: &mut Ctx) {}
}

/// The hooks asked for every move, attack, stage or check of a night. A role that leaves one
/// at its default learns so on the first call, and the folds skip it from then on: the night
/// asks only the roles that answer (the registry has at most 64 roles, one bit each).
#[derive(Clone, Copy)]
enum Hot {
    Stops,
    BlocksMove,
    AtNight,
    TurnMoves,
    RedirectAttack,
    AttackedWith,
    TakesAttack,
    DiesWith,
    StopsHeal,
    KeepsMove,
    AnswersMove,
    CheckMeetsRed,
    TurnsColour,
    BlackChecksRed,
    WithholdsColour,
}

const HOT_HOOKS: usize = Hot::WithholdsColour as usize + 1;

/// Per hot hook, the registry positions of the roles that left it at its default.
static DEFAULTED: [std::sync::atomic::AtomicU64; HOT_HOOKS] =
    [const { std::sync::atomic::AtomicU64::new(0) }; HOT_HOOKS];

/// A role's default of `hook` ran: the role does not answer it.
fn learn_default(id: &str, hook: Hot) {
    if let Some(at) = ROLES.iter().position(|r| r.id() == id) {
        DEFAULTED[hook as usize].fetch_or(1 << at, std::sync::atomic::Ordering::Relaxed);
    }
}

/// The roles that may answer `hook`, in the registry's order.
fn answering(hook: Hot) -> impl Iterator<Item = &'static dyn Role> {
    let defaulted = DEFAULTED[hook as usize].load(std::sync::atomic::Ordering::Relaxed);
    ROLES
        .iter()
        .enumerate()
        .filter(move |(at, _)| defaulted & (1 << at) == 0)
        .map(|(_, r)| *r)
}

/// The registered role with this id.
pub fn find(id: &str) -> Option<&'static dyn Role> {
    static BY_ID: std::sync::LazyLock<std::collections::HashMap<&'static str, &'static dyn Role>> =
        std::sync::LazyLock::new(|| ROLES.iter().map(|r| (r.id(), *r)).collect());
    BY_ID.get(id).copied()
}

/// The role of `actor` whose roleset entry has `ability` (one of his roles, if he holds
/// several, or one his entries of this phase give him).
pub fn acting(
    roleset: &Roleset,
    state: &GameState,
    actor: SlotId,
    ability: &str,
) -> Option<&'static dyn Role> {
    let slot = state.slots.get(actor)?;
    let has_it = |r: &str| {
        roleset
            .role(r)
            .is_some_and(|d| d.abilities.iter().any(|a| a == ability))
    };
    // His own and borrowed roles first; the roles his entries will lend only if none has it.
    if let Some(role) = slot.roles().filter(|r| has_it(r)).find_map(find) {
        return Some(role);
    }
    pending_roles(roleset, state, actor)
        .iter()
        .map(String::as_str)
        .filter(|r| has_it(r))
        .find_map(find)
}

fn entry<'a>(
    roleset: &'a Roleset,
    state: &'a GameState,
    actor: SlotId,
    ability: &'a str,
    targets: &'a [SlotId],
    params: &'a BTreeMap<String, String>,
) -> Entry<'a> {
    Entry {
        roleset,
        state,
        actor,
        ability,
        targets,
        params,
    }
}

/// The acting role's reason to refuse the ability now.
pub fn usable(
    roleset: &Roleset,
    state: &GameState,
    actor: SlotId,
    ability: &str,
) -> Result<(), Refusal> {
    let none = BTreeMap::new();
    during_the_vote(roleset, state, ability)?;
    let asked = entry(roleset, state, actor, ability, &[], &none);
    for role in ROLES {
        role.bans(&asked)?;
    }
    match acting(roleset, state, actor, ability) {
        Some(role) => role.usable(&asked),
        None => Ok(()),
    }
}

/// Why the entry is refused: by a target's role (the mayor's and the secretary's shields),
/// then by the acting role.
pub fn refuse(
    roleset: &Roleset,
    state: &GameState,
    actor: SlotId,
    ability: &str,
    targets: &[SlotId],
    params: &BTreeMap<String, String>,
) -> Result<(), Refusal> {
    let asked = entry(roleset, state, actor, ability, targets, params);
    hacker::choice_refusal(&asked)?;
    for &t in targets {
        for role in state.slots[t].roles().filter_map(find) {
            role.refuse_as_target(&asked, t)?;
        }
    }
    match acting(roleset, state, actor, ability) {
        Some(role) => {
            super::borrowed::refuse(&asked, role.id())?;
            killer::peaceful_kill_refusal(&asked)?;
            necromancer::refuse_undead_move(&asked, role.id())?;
            role.refuse(&asked)?;
            if witch::swapped(state, actor) {
                return Ok(());
            }
            role.refuse_repeat(&asked)
        }
        None => Ok(()),
    }
}

/// The roles a player may use beyond those he holds, mostly given by his entries of this phase: the
/// actor's copy, the wizard's absent role, the collector's activated one; the phantom's
/// possession for a night victim of the aura, by option (Q18); and the imitator's role kept by
/// the imitator who became the maniac, for his disguise (L50).
pub fn pending_roles(roleset: &Roleset, state: &GameState, slot: SlotId) -> Vec<String> {
    pending_lent(roleset, state, slot)
        .map(|(role, _)| role)
        .collect()
}

/// The same, with how each is held.
pub fn pending_lent<'a>(
    roleset: &'a Roleset,
    state: &'a GameState,
    slot: SlotId,
) -> impl Iterator<Item = (String, Lent)> + 'a {
    ROLES
        .iter()
        .filter_map(move |r| r.lends_pending(roleset, state, slot))
}

/// How a role lent by the role `by` is held.
pub fn lent_by(by: &str) -> Option<Lent> {
    find(by).and_then(|r| r.lends())
}

/// Resolve a night move by the role that makes it, or by the role whose doing gave it; `false`
/// if no role claims it.
pub fn night_move(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) -> bool {
    let own = acting(ctx.roleset, &ctx.state, mv.actor, &mv.ability)
        .is_some_and(|role| role.night_move(ctx, run, mv));
    own || answering(Hot::AnswersMove).any(|r| r.answers_move(ctx, run, mv))
}

/// Every role's morning messages, in the registry's order.
pub fn morning(ctx: &mut Ctx, run: &Fold<CityNight>) {
    for role in ROLES {
        role.morning(ctx, run);
    }
}

/// The first role that stops this night move, in the registry's order, and why.
pub fn stops(
    ctx: &Ctx,
    run: &Fold<CityNight>,
    mv: &Act,
) -> Option<(crate::engine::outcome::StepResult, String)> {
    answering(Hot::Stops).find_map(|r| r.stops(ctx, run, mv))
}

/// The new owner of a swapped role who repeats a target the role may not take again: an
/// automatic skip, and why (L46).
pub fn repeat_skipped(ctx: &Ctx, mv: &Act) -> Option<String> {
    if !witch::swapped(&ctx.state, mv.actor) {
        return None;
    }
    let role = acting(ctx.roleset, &ctx.state, mv.actor, &mv.ability)?;
    let asked = entry(
        ctx.roleset,
        &ctx.state,
        mv.actor,
        &mv.ability,
        &mv.targets,
        &mv.params,
    );
    let refused = role.refuse_repeat(&asked).err()?;
    Some(format!(
        "{}: the new owner of a swapped role gets an automatic skip (L46)",
        refused.message
    ))
}

/// Every role's doings at this moment of the night, in the registry's order.
pub fn at_night(ctx: &mut Ctx, run: &mut Fold<CityNight>, moment: Moment) {
    for role in answering(Hot::AtNight) {
        role.at_night(ctx, run, moment);
    }
}

/// The stage's moves in the order the sources give them (stable: unranked moves keep their
/// entry order, after the ranked ones).
pub fn in_stage_order(moves: &mut [Act]) {
    static RANKS: std::sync::LazyLock<std::collections::HashMap<&'static str, u8>> =
        std::sync::LazyLock::new(|| {
            ROLES
                .iter()
                .flat_map(|r| r.stage_ranks().iter().copied())
                .collect()
        });
    moves.sort_by_key(|m| RANKS.get(m.ability.as_str()).copied().unwrap_or(u8::MAX));
}

/// A killing stage's moves as every role's doing tonight turns them.
pub fn turn_moves(ctx: &mut Ctx, run: &mut Fold<CityNight>, stage: &str, moves: &mut Vec<Act>) {
    for role in answering(Hot::TurnMoves) {
        role.turn_moves(ctx, run, stage, moves);
    }
}

/// The player an aimed attack reaches: the first role that turns it decides.
pub fn redirect_attack(
    ctx: &Ctx,
    run: &mut Fold<CityNight>,
    attack: &Aimed,
    reasons: &mut Vec<String>,
) -> SlotId {
    answering(Hot::RedirectAttack)
        .find_map(|r| r.redirect_attack(ctx, run, attack, reasons))
        .unwrap_or(attack.victim)
}

/// Everyone else an attack that landed on `victim` reaches, and why, in the registry's order.
pub fn attacked_with(
    ctx: &mut Ctx,
    run: &Fold<CityNight>,
    victim: SlotId,
) -> Vec<(SlotId, String)> {
    answering(Hot::AttackedWith)
        .flat_map(|r| r.attacked_with(ctx, run, victim))
        .collect()
}

/// Why an attack meets something other than its victim, if a role says so.
pub fn takes_attack(ctx: &Ctx, run: &mut Fold<CityNight>, attack: &Attack) -> Option<String> {
    answering(Hot::TakesAttack).find_map(|r| r.takes_attack(ctx, run, attack))
}

/// The player a death takes with it, and why, if a role links them.
pub fn dies_with(ctx: &mut Ctx, victim: SlotId, kind: &str) -> Option<LinkedDeath> {
    answering(Hot::DiesWith).find_map(|r| r.dies_with(ctx, victim, kind))
}

/// Tell a checker's result to him, and let every role overhear it (L8).
pub fn tell_result(
    ctx: &mut Ctx,
    to: SlotId,
    source: &str,
    template: &str,
    args: &[(&str, String)],
) {
    ctx.say(Audience::Slot(to), template, args);
    for role in ROLES {
        role.overhears(ctx, to, source, template, args);
    }
}

/// Does a colour check on `target` meet red whatever else holds?
pub fn check_meets_red(run: &Fold<CityNight>, target: SlotId) -> bool {
    answering(Hot::CheckMeetsRed).any(|r| r.check_meets_red(run, target))
}

/// Does some role's doing turn `target`'s colour over for tonight's checks?
pub fn turns_colour(run: &Fold<CityNight>, target: SlotId) -> bool {
    answering(Hot::TurnsColour).any(|r| r.turns_colour(run, target))
}

/// Does the black `target` check red tonight through some role?
pub fn black_checks_red(ctx: &Ctx, run: &Fold<CityNight>, target: SlotId) -> bool {
    answering(Hot::BlackChecksRed).any(|r| r.black_checks_red(ctx, run, target))
}

/// Does `checker`'s verification of `target` find red through some role?
pub fn verifies_red(state: &GameState, checker: SlotId, target: SlotId) -> bool {
    ROLES.iter().any(|r| r.verifies_red(state, checker, target))
}

/// Why a colour check on `target` gives no information, by the first role that withholds it.
pub fn withholds_colour(ctx: &Ctx, run: &Fold<CityNight>, target: SlotId) -> Option<String> {
    answering(Hot::WithholdsColour).find_map(|r| r.withholds_colour(ctx, run, target))
}

/// Why a role's doing blocks `actor`'s move now, by the first role that blocks it.
pub fn blocks_move(ctx: &Ctx, actor: SlotId, ability: &str, peaceful: bool) -> Option<String> {
    answering(Hot::BlocksMove).find_map(|r| r.blocks_move(ctx, actor, ability, peaceful))
}

/// Does some role's doing block the peaceful role of `slot` in what it does by itself?
pub fn blocks_role_itself(state: &GameState, slot: &crate::engine::Slot) -> bool {
    ROLES.iter().any(|r| r.blocks_role_itself(state, slot))
}

/// Does a living player hold a role that takes a side's surplus shot?
pub fn surplus_shot_taker_lives(state: &GameState) -> bool {
    state
        .living()
        .any(|s| s.roles().filter_map(find).any(|r| r.takes_a_surplus_shot()))
}

/// The living players who insure `side`'s shot before its partner, in seat order.
pub fn insurers_of(state: &GameState, side: super::teams::KillerSide) -> Vec<SlotId> {
    state
        .living()
        .filter(|s| {
            s.roles()
                .filter_map(find)
                .any(|r| r.insures_side() == Some(side))
        })
        .map(|s| s.id)
        .collect()
}

/// Will some role's doing save `victim` from tonight's attack?
pub fn spares(ctx: &Ctx, victim: SlotId) -> bool {
    ROLES.iter().any(|r| r.spares(ctx, victim))
}

/// Does a black shot at `target` meet something of a role's instead of a kill?
pub fn shot_meets(
    ctx: &mut Ctx,
    shooter: SlotId,
    target: SlotId,
    reasons: &mut Vec<String>,
) -> bool {
    ROLES
        .iter()
        .any(|r| r.shot_meets(ctx, shooter, target, reasons))
}

/// Does some role leave this attacked player's move in force (L16)?
pub fn keeps_move_when_attacked(ctx: &Ctx, run: &Fold<CityNight>, mv: &Act) -> bool {
    answering(Hot::KeepsMove).any(|r| r.keeps_move_when_attacked(ctx, run, mv))
}

/// Does some role's doing keep a heal on `target` from working tonight?
pub fn stops_heal(run: &Fold<CityNight>, target: SlotId) -> bool {
    answering(Hot::StopsHeal).any(|r| r.stops_heal(run, target))
}

/// The ballots as they count once every role's holders stand in for others.
pub fn stand_in_ballots(
    ctx: &Ctx,
    mut ballots: Vec<super::votes::Ballot>,
) -> Vec<super::votes::Ballot> {
    for role in ROLES {
        ballots = role.stand_in_ballots(ctx, ballots);
    }
    ballots
}

/// Every role's hidden votes of this round, in the registry's order.
pub fn hidden_votes(ctx: &Ctx) -> Vec<(SlotId, SlotId, &'static str)> {
    ROLES.iter().flat_map(|r| r.hidden_votes(ctx)).collect()
}

/// Does this player vote in his own name?
pub fn votes_in_own_name(slot: &crate::engine::Slot) -> bool {
    find(&slot.role).is_none_or(|r| r.votes_in_own_name())
}

/// Every role's standing orders of a day round, in the registry's order.
pub fn round_opens(ctx: &mut Ctx) {
    for role in ROLES {
        role.round_opens(ctx);
    }
}

/// Why `voter`'s election vote counts zero, if a role zeroes it.
pub fn election_vote_zeroed(state: &GameState, voter: SlotId) -> Option<String> {
    ROLES
        .iter()
        .find_map(|r| r.election_vote_zeroed(state, voter))
}

/// Every role's questions the host asks before a lynch's result.
pub fn host_asks(ctx: &Ctx, totals: &BTreeMap<SlotId, i32>) -> Vec<String> {
    ROLES
        .iter()
        .flat_map(|r| r.host_asks(ctx, totals))
        .collect()
}

/// Why `voter` may not vote now, by the first role that refuses it.
pub fn refuses_vote(state: &GameState, voter: SlotId) -> Result<(), Refusal> {
    ROLES.iter().try_for_each(|r| r.refuses_vote(state, voter))
}

/// The player whose votes decide between equal totals, if a role names one.
pub fn decides_ties(state: &GameState) -> Option<SlotId> {
    ROLES.iter().find_map(|r| r.decides_ties(state))
}

/// Why no vote may go against `target` today, by the first role that says so.
pub fn vote_immunity(state: &GameState, target: SlotId) -> Option<String> {
    ROLES.iter().find_map(|r| r.vote_immunity(state, target))
}

/// Every role's extra weight of this vote, in half votes, in the registry's order.
pub fn vote_boosts(ctx: &Ctx, vote: &CastVote) -> Vec<(i32, String)> {
    ROLES
        .iter()
        .flat_map(|r| r.vote_boosts(ctx, vote))
        .collect()
}

/// Why the vote's boosts do not work, if a role voids them.
pub fn voids_boosts(ctx: &Ctx, vote: &CastVote) -> Option<String> {
    ROLES.iter().find_map(|r| r.voids_boosts(ctx, vote))
}

/// Why the vote counts zero, by the first role that zeroes it.
pub fn zeroes_vote(ctx: &Ctx, vote: &CastVote) -> Option<String> {
    ROLES.iter().find_map(|r| r.zeroes_vote(ctx, vote))
}

/// Why the vote counts at most one, by the first role that caps it.
pub fn caps_vote(ctx: &Ctx, voter: SlotId) -> Option<String> {
    ROLES.iter().find_map(|r| r.caps_vote(ctx, voter))
}

/// The largest barrier a role gives `target`.
pub fn barrier(roleset: &Roleset, state: &GameState, target: SlotId) -> u32 {
    ROLES
        .iter()
        .map(|r| r.barrier(roleset, state, target))
        .max()
        .unwrap_or(0)
}

/// Does a role's doing break every barrier on `target`?
pub fn breaks_barriers(state: &GameState, target: SlotId) -> bool {
    ROLES.iter().any(|r| r.breaks_barriers(state, target))
}

/// The barrier a role sets on `target` beside his own, if one does.
pub fn set_barrier(ctx: &Ctx, target: SlotId, own: u32) -> Option<SetBarrier> {
    ROLES.iter().find_map(|r| r.set_barrier(ctx, target, own))
}

/// What a barrier leaves of `voter`'s vote: one, or more through a role.
pub fn through_barrier(ctx: &Ctx, voter: SlotId) -> i32 {
    ROLES
        .iter()
        .filter_map(|r| r.through_barrier(ctx, voter))
        .max()
        .unwrap_or(1)
}

/// Why `voter`'s votes against `target` pass its barrier, if a role lets them.
pub fn passes_barrier(ctx: &Ctx, voter: SlotId, target: SlotId) -> Option<String> {
    ROLES
        .iter()
        .find_map(|r| r.passes_barrier(ctx, voter, target))
}

/// Every role's part of the end check's opening, in the registry's order.
pub fn end_check(ctx: &mut Ctx) {
    for role in ROLES {
        role.end_check(ctx);
    }
}

/// What becomes of `side`'s win: the first role with a say decides, else the side wins.
pub fn win_verdict(ctx: &mut Ctx, side: &str, start_of_day: bool) -> super::endgame::Verdict {
    ROLES
        .iter()
        .find_map(|r| r.win_verdict(ctx, side, start_of_day))
        .unwrap_or(super::endgame::Verdict::Side)
}

/// Is the dead `slot` still an active red voter through some role?
pub fn active_though_dead(state: &GameState, slot: SlotId) -> bool {
    ROLES.iter().any(|r| r.active_though_dead(state, slot))
}

/// Dead players every role counts as reds at the end's count.
pub fn dead_reds_counted(ctx: &Ctx) -> usize {
    ROLES.iter().map(|r| r.dead_reds_counted(ctx)).sum()
}

/// The post's mark beside the dead `slot`, by the first role that gives one.
pub fn dead_mark(state: &GameState, slot: SlotId) -> Option<&'static str> {
    ROLES.iter().find_map(|r| r.dead_mark(state, slot))
}

/// Does some role keep the dead `slot`'s negative role out of the post?
pub fn hides_negative_role(ctx: &Ctx, slot: SlotId) -> bool {
    ROLES.iter().any(|r| r.hides_negative_role(ctx, slot))
}

/// What the post shows as the lynched `slot`'s negative role, if a role changes it.
pub fn lynched_as(ctx: &Ctx, slot: SlotId) -> Option<Option<String>> {
    ROLES.iter().find_map(|r| r.lynched_as(ctx, slot))
}

/// The note beside the lynched `slot`'s negative role, if a role gives one.
pub fn lynched_note(state: &GameState, slot: SlotId) -> Option<&'static str> {
    ROLES.iter().find_map(|r| r.lynched_note(state, slot))
}

/// The player the elite `slot` serves, if a role says so.
pub fn serves(state: &GameState, slot: SlotId) -> Option<SlotId> {
    ROLES.iter().find_map(|r| r.serves(state, slot))
}

/// Is `voter` left out of "every red" and "every other player" by one of his roles (L12, L13)?
pub fn left_out_of_everyone(state: &GameState, voter: SlotId) -> bool {
    state
        .slots
        .get(voter)
        .is_some_and(|s| s.roles().filter_map(find).any(|r| r.left_out_of_everyone()))
}

/// A vote's lynch, as the roles read it after the rope.
pub struct VoteDone<'a> {
    pub tally: &'a super::votes::Tally,
    pub lynched: &'a [SlotId],
    /// The players alive before the rope (whose office held at the vote).
    pub alive_before: &'a [SlotId],
    /// A red was lynched (not a black, not the faceless, L64.8).
    pub reds_lynched: bool,
}

/// The named steps after a vote's lynch, in order; the day's news (`day_ends`) come between.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AfterTheVote {
    /// The offices: the mayor's title and secretary, the politician's influence.
    Offices,
    /// After the day's news: the judge's weight, the vertical's end.
    Weights,
}

/// The first role's conviction among a vote's tied players.
pub fn convicts_at_a_tie(
    ctx: &mut Ctx,
    tally: &super::votes::Tally,
    top: &[SlotId],
) -> Option<SlotId> {
    ROLES
        .iter()
        .find_map(|r| r.convicts_at_a_tie(ctx, tally, top))
}

/// Every role keeps what it needs of a round whose vote goes on.
pub fn vote_goes_on(ctx: &mut Ctx, tally: &super::votes::Tally) {
    for role in ROLES {
        role.vote_goes_on(ctx, tally);
    }
}

/// Every role's part at this step after a vote's lynch, in the registry's order.
pub fn after_the_vote(ctx: &mut Ctx, vote: &VoteDone, step: AfterTheVote) {
    for role in ROLES {
        role.after_the_vote(ctx, vote, step);
    }
}

/// Resolve an election round through the role that holds it.
pub fn election(ctx: &mut Ctx) {
    for role in ROLES {
        role.holds_the_election(ctx);
    }
}

/// Does a role's doing stop the vote's result and open a round of its own?
pub fn rescues(ctx: &mut Ctx, tally: &mut super::votes::Tally) -> bool {
    ROLES.iter().any(|r| r.rescues(ctx, tally))
}

/// The victims of a rescue's round as every role changes them.
pub fn rescue_round_victims(ctx: &mut Ctx, victims: Vec<SlotId>) -> Vec<SlotId> {
    ROLES
        .iter()
        .fold(victims, |v, r| r.rescue_round_victims(ctx, v))
}

/// The player a re-vote between these targets sends to die, if a role decides it.
pub fn decides_a_revote(ctx: &mut Ctx, targets: &[SlotId]) -> Option<SlotId> {
    ROLES.iter().find_map(|r| r.decides_a_revote(ctx, targets))
}

/// The phase a role last spared `slot` from the rope in.
pub fn spared_since(state: &GameState, slot: SlotId) -> Option<u32> {
    ROLES.iter().find_map(|r| r.spared_since(state, slot))
}

/// A re-vote opens or was counted: every role's part, in the registry's order.
pub fn revote(ctx: &mut Ctx, opens: bool) {
    for role in ROLES {
        role.revote(ctx, opens);
    }
}

/// The players who die instead of the vote's result, if a role's doing replaces it.
pub fn replaces_the_result(ctx: &mut Ctx, doomed: &[SlotId]) -> Option<Vec<SlotId>> {
    ROLES
        .iter()
        .find_map(|r| r.replaces_the_result(ctx, doomed))
}

/// The players about to be lynched once every role spared whom it spares.
pub fn spare_from_the_rope(ctx: &mut Ctx, victims: &[SlotId]) -> Vec<SlotId> {
    ROLES
        .iter()
        .fold(victims.to_vec(), |v, r| r.spare_from_the_rope(ctx, v))
}

/// What every role's doing sets off once the lynch is done, in the registry's order.
pub fn rope_falls(ctx: &mut Ctx, lynched: &[SlotId], voters: &[(SlotId, SlotId)]) {
    for role in ROLES {
        role.rope_falls(ctx, lynched, voters);
    }
}

/// The players lynched holders take with them, in the registry's order.
pub fn takes_with_him(ctx: &mut Ctx, lynched: &[SlotId]) -> Vec<SlotId> {
    ROLES
        .iter()
        .filter_map(|r| r.takes_with_him(ctx, lynched))
        .collect()
}

/// Every role's lines of the host sheet, in the registry's order.
pub fn sheet_lines(roleset: &Roleset, state: &GameState) -> Vec<String> {
    ROLES
        .iter()
        .flat_map(|role| role.sheet_lines(roleset, state))
        .collect()
}

/// Every role's news as the night opens, in the registry's order.
pub fn night_falls(ctx: &mut Ctx) {
    for role in ROLES {
        role.night_falls(ctx);
    }
}

/// Every role's lines of the vote-start post, in the registry's order.
pub fn vote_announced(ctx: &mut Ctx) {
    for role in ROLES {
        role.vote_announced(ctx);
    }
}

/// The last live action of an ability this round, with its targets.
fn last_act(ctx: &Ctx, ability: &str) -> Option<(SlotId, Vec<SlotId>)> {
    crate::engine::resolve::live_acts(&ctx.state)
        .rev()
        .find(|a| a.ability == ability)
        .map(|a| {
            (
                a.actor,
                a.targets.iter().filter_map(|t| ctx.slot_of(t)).collect(),
            )
        })
}

/// Every role's moves due before the vote are fixed, in the registry's order.
pub fn before_vote(ctx: &mut Ctx) {
    for role in ROLES {
        role.before_vote(ctx);
    }
}

/// Every role's dying moves of the players lynched at this result, in the registry's order;
/// the players they killed who count as lynched.
pub fn lynched(ctx: &mut Ctx, lynched: &[SlotId]) -> Vec<SlotId> {
    ROLES
        .iter()
        .flat_map(|role| role.lynched(ctx, lynched))
        .collect()
}

/// Every role's day moves that take effect with the round, in the registry's order.
pub fn day_round(ctx: &mut Ctx) {
    for role in ROLES {
        role.day_round(ctx);
    }
}

/// Every role's news with the day's last vote result, in the registry's order.
pub fn day_ends(ctx: &mut Ctx) {
    for role in ROLES {
        role.day_ends(ctx);
    }
}

/// Players left the game: in order, what passes on by their leaving, the roles heirs take,
/// the rights that opens; each step in the registry's order.
pub fn departures(ctx: &mut Ctx, dead: &[SlotId]) {
    for role in ROLES {
        role.departed(ctx, dead);
    }
    for role in ROLES {
        role.inherits(ctx, dead);
    }
    for role in ROLES {
        role.rights_open(ctx);
    }
}

/// Every role's part once the phase is resolved, in the registry's order.
pub fn phase_resolved(ctx: &mut Ctx) {
    for role in ROLES {
        role.phase_resolved(ctx);
    }
}

/// Every role's lines of the morning post after the night's victims.
pub fn after_the_victims(ctx: &mut Ctx, run: &Fold<CityNight>) {
    for role in ROLES {
        role.after_the_victims(ctx, run);
    }
}

/// The lines of the morning post of the roles in play, in the registry's order.
pub fn public_lines(ctx: &Ctx, run: &Fold<CityNight>) -> Vec<&'static str> {
    ROLES
        .iter()
        .filter_map(|r| r.public_line(ctx, run))
        .collect()
}

/// The morning post's line of the role `id`, if it is in play (a night note's condition).
pub fn public_line(ctx: &Ctx, run: &Fold<CityNight>, id: &str) -> Option<&'static str> {
    find(id).and_then(|r| r.public_line(ctx, run))
}

/// A living holder at the start of the night who owes a move (L165) and sent none: the host
/// is warned of each forced skip.
pub fn warn_silent(ctx: &mut Ctx, run: &Fold<CityNight>) {
    for role in ROLES.iter().filter(|r| r.owes_a_move()) {
        let id = role.id();
        let abilities: Vec<String> = ctx
            .roleset
            .role(id)
            .map(|r| r.abilities.clone())
            .unwrap_or_default();
        let holders: Vec<SlotId> = night::holders_at_start(run, &ctx.state, id).collect();
        for h in holders {
            let sent = run.acts.iter().any(|m| {
                m.actor == h && abilities.contains(&m.ability) && !super::notes::is_note(&m.ability)
            });
            if !sent {
                ctx.warn(format!(
                    "{} ({}) sent no move: a forced skip (L165)",
                    ctx.name(h),
                    teams::role_name(ctx.roleset, id)
                ));
            }
        }
    }
}

// Helpers the role files share.

/// The dying moves with `ability` sent this round by players lynched at this result (a dying
/// move counts only if its maker dies then, L113): (maker, target).
fn dying_moves(ctx: &Ctx, ability: &str, lynched: &[SlotId]) -> Vec<(SlotId, SlotId)> {
    dying_move_targets(ctx, ability, lynched)
        .into_iter()
        .filter_map(|(maker, targets)| Some((maker, *targets.first()?)))
        .collect()
}

/// The same, with every player target of each move.
fn dying_move_targets(ctx: &Ctx, ability: &str, lynched: &[SlotId]) -> Vec<(SlotId, Vec<SlotId>)> {
    crate::engine::resolve::live_acts(&ctx.state)
        .filter(|a| a.ability == ability && lynched.contains(&a.actor))
        .map(|a| {
            let targets = a.targets.iter().filter_map(|t| ctx.slot_of(t)).collect();
            (a.actor, targets)
        })
        .collect()
}

/// A dying move's victim dies at once, and the vote result says so.
fn dying_kill(ctx: &mut Ctx, maker: SlotId, target: SlotId, cause: &str, why: String) {
    let (dies, with) = immortal::day_kill(ctx, target);
    if !dies {
        return;
    }
    if ctx.kill(target, cause) {
        ctx.note(format!("dying_kill:{}", ctx.name(maker)), "votes", why);
        kept::of_mut(&mut ctx.state).killer_of.insert(target, maker);
        super::posts::announce_day_death(ctx, "pub_dying_kill", target);
    }
    if let Some((partner, why)) = with
        && ctx.kill(partner, immortal::LINK)
    {
        ctx.note(format!("dying_kill:{}", ctx.name(partner)), "votes", why);
        super::posts::announce_day_death(ctx, "pub_dying_kill", partner);
    }
}

/// The morning: each living holder of `role` learns the names of his night visitors (the
/// homeless's passive sight, which the hero and the criminalist share, L35, L44).
fn tell_visitor_names(ctx: &mut Ctx, run: &Fold<CityNight>, role: &str, template: &str) {
    for h in night::holders_at_start(run, &ctx.state, role).collect::<Vec<_>>() {
        // As the homeless's: a killer whose attack he survived stays unnamed (L25).
        let names: Vec<String> = run
            .visitors_of(h, h)
            .filter(|v| !ctx.roleset.ability_has_tag(&v.ability, teams::KILLER))
            .map(|v| ctx.name(v.actor))
            .collect();
        if ctx.is_alive(h) && !names.is_empty() {
            ctx.say(Audience::Slot(h), template, &[("names", names.join(", "))]);
        }
    }
}

/// Messages that give their receiver's team away: his negative role's results, a check's
/// "false black", the black hero's team. Never part of a role's "general information" that
/// another player sees (L17: the maid, the anonymous, the pimp).
const TEAM_TEMPLATES: &[&str] = &[
    "pm_killer_",
    "pm_insurance_",
    "pm_lawyer_false_black",
    "pm_inquisitor_false_black",
    "pm_hero_team",
];

/// Is a message of this template general information another player may see (L17)?
fn general_information(template: &str) -> bool {
    !TEAM_TEMPLATES.iter().any(|t| template.starts_with(t))
}

/// Statuses `status` that pointed at `from` point at `to`: a role's marks on others pass to its
/// heir (L9: the anonymous's watches, the cultist's targets, the necromancer's curses).
fn relink(ctx: &mut Ctx, status: &str, from: SlotId, to: SlotId) {
    for s in ctx.state.slots.iter_mut() {
        if let Some(info) = s.statuses.get_mut(status)
            && info.link == Some(from)
        {
            info.link = Some(to);
        }
    }
}

/// The roles a peaceful role lent its holder (`by`: the collection, the undead's roles) pass
/// to the heir with it (L9).
fn pass_lent_roles(ctx: &mut Ctx, by: &str, from: SlotId, to: SlotId) {
    let lent: Vec<_> = ctx.state.slots[from]
        .borrowed
        .iter()
        .filter(|b| b.by == by)
        .cloned()
        .collect();
    if let Some(s) = ctx.state.slots.get_mut(to) {
        s.borrowed.extend(lent);
    }
}

/// The role's record kept for its holder passes to the heir (L9): `records` finds the
/// holders' records in the role's kept value.
fn carry_record<K, V: Clone>(
    ctx: &mut Ctx,
    from: SlotId,
    to: SlotId,
    records: impl Fn(&mut K) -> &mut std::collections::BTreeMap<SlotId, V>,
) where
    K: crate::engine::kept::Keepable + Default,
{
    let map = records(ctx.state.kept.get_mut::<K>());
    if let Some(record) = map.get(&from).cloned() {
        map.insert(to, record);
    }
}

/// A check or comparison of a holder of `role` gives no information (the anonymous, the
/// terrorist, the hypnotist: L6, L24).
fn no_information_on_holders(ctx: &Ctx, target: SlotId, role: &str, who: &str) -> Option<String> {
    let holds = ctx
        .state
        .slots
        .get(target)
        .is_some_and(|s| teams::holds(s, role));
    holds.then(|| format!("{} is {who}: no information (L6, L24)", ctx.name(target)))
}

/// Whole-vote weight modifiers in the count's half votes.
fn in_half_votes(boosts: Vec<(i32, String)>) -> Vec<(i32, String)> {
    boosts
        .into_iter()
        .map(|(b, why)| (b * super::votes::UNIT, why))
        .collect()
}

fn refusal(rule: &'static str, message: impl Into<String>) -> Result<(), Refusal> {
    Err(Refusal::new(rule, message))
}

/// Moves made during a vote (stage `during_vote`, the contract's V moves) are sent in a ballot
/// round once the votes are in (L113).
fn during_the_vote(roleset: &Roleset, state: &GameState, ability: &str) -> Result<(), Refusal> {
    let during = roleset
        .ability(ability)
        .is_some_and(|a| a.stage == "during_vote");
    if !during || kept::Round::now(state).voting() {
        return Ok(());
    }
    refusal(
        "during_vote",
        format!("`{ability}` is sent during a vote, once the last vote is in (L113)"),
    )
}

/// Moves due before the vote opens are fixed once it starts (L113, L160).
pub(crate) fn before_the_vote(entry: &Entry) -> Result<(), Refusal> {
    if kept::Round::now(entry.state) == kept::Round::PreVote {
        return Ok(());
    }
    refusal(
        "pre_vote",
        format!(
            "`{}` is sent before the vote starts and is fixed after it (L113, L160)",
            entry.ability
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every role of the bundled roleset has its file, and every file a role of the roleset.
    /// The hot hooks' defaults are learned one bit per role.
    #[test]
    fn the_registry_fits_the_learned_defaults() {
        assert!(ROLES.len() <= 64);
    }

    #[test]
    fn the_registry_and_the_roleset_name_the_same_roles() {
        let roleset = crate::systems::builtin("ru-city")
            .expect("bundled")
            .expect("valid");
        let mut in_roleset: Vec<&str> = roleset.roles.iter().map(|r| r.id.as_str()).collect();
        let mut registered: Vec<&str> = ROLES.iter().map(|r| r.id()).collect();
        in_roleset.sort_unstable();
        registered.sort_unstable();
        assert_eq!(in_roleset, registered);
    }
}
