//! Days 2 and later (§8.2–8.6): the round before the vote (walls, the vertical, the politician's
//! support; it ends with the vote-start post), the lynch or the witch hunt, the re-vote between
//! tied players, and what a lynch sets off (the mayor's title, the secretary, the active
//! citizen, the politician's influence, penalties, the end of the game, the two-day draw).

use super::corrections::{self, Colour};
use super::kept::{self, Round};
use super::votes::{self, Kind, Tally};
use super::{day_moves, endgame, hunt, notes, posts, teams};
use crate::engine::SlotId;
use crate::engine::outcome::Audience;
use crate::engine::resolve::Ctx;

pub fn resolve(ctx: &mut Ctx) {
    notes::check_last_words(ctx);
    let round = Round::now(&ctx.state);
    if round.takes_day_moves() {
        super::roles::round_opens(ctx);
    }
    if matches!(round, Round::PreVote | Round::Night) {
        day_moves::forget(ctx);
    }
    if !matches!(
        round,
        Round::Election | Round::ElectionRound2 | Round::Secretary
    ) {
        day_moves::record(ctx);
    }
    super::roles::day_round(ctx);
    match round {
        Round::Election | Round::ElectionRound2 | Round::Secretary => super::roles::election(ctx),
        Round::PreVote | Round::Night => pre_vote(ctx),
        Round::Vote => vote(ctx, "lynch"),
        Round::ExtraVote => vote(ctx, "extra_vote"),
        Round::Revote => revote(ctx),
        Round::PriestRevote => priest_revote(ctx),
    }
    let dead: Vec<SlotId> = ctx.outcome.deaths.iter().map(|d| d.slot).collect();
    super::roles::departures(ctx, &dead);
    endgame::check(ctx, false);
    posts::header(ctx);
}

/// The moves due before the vote are fixed and the vote-start post is written (§12.2).
fn pre_vote(ctx: &mut Ctx) {
    let day = ctx.state.phase / 2 + 1;
    ctx.say(
        Audience::Public,
        "pub_vote_start_title",
        &[("day", day.to_string())],
    );
    super::roles::before_vote(ctx);
    super::roles::vote_announced(ctx);
    for (status, key) in [
        ("no_wall", "pub_no_wall"),
        ("forced_victim", "pub_forced_victim"),
    ] {
        let players: Vec<String> = ctx
            .state
            .living()
            .filter(|s| s.has_status(status))
            .map(|s| s.name.clone())
            .collect();
        if !players.is_empty() {
            ctx.say(Audience::Public, key, &[("players", players.join(", "))]);
        }
    }
    match hunt::unavailable_today(ctx.roleset, &ctx.state) {
        None => {
            let (needed, _) = hunt::approvals(ctx.roleset, &ctx.state);
            ctx.say(
                Audience::Public,
                "pub_hunt_call",
                &[("needed", needed.to_string())],
            );
        }
        Some(why) => ctx.note("hunt", "pre_vote", format!("no witch hunt today: {why}")),
    }
    ctx.outcome.another_round = true;
    Round::Vote.open(&mut ctx.state);
}

/// A lynch vote on `ballot`: the day's vote, or the extra vote of L157 under the same rules
/// (no witch hunt there, L164.2).
fn vote(ctx: &mut Ctx, ballot: &str) {
    let hunt_votes = ballot == "lynch" && !votes::ballots(ctx, "witch_hunt").is_empty();
    if hunt_votes {
        return hunt_day(ctx);
    }
    ctx.say(
        Audience::Public,
        "pub_vote_result_title",
        &[("phase", ctx.outcome.phase.clone())],
    );
    let mut tally = votes::count(ctx, Kind::Lynch, ballot, &[]);
    tally_post(ctx, &tally);
    penalties_after_vote(ctx);
    let doomed: Vec<SlotId> = tally
        .top()
        .into_iter()
        .chain(tally.forced.iter().map(|(t, _)| *t))
        .collect();
    if let Some(victims) = super::roles::replaces_the_result(ctx, &doomed) {
        return lynch(ctx, &tally, &victims);
    }
    if super::roles::rescues(ctx, &mut tally) {
        return;
    }
    let forced_victims: Vec<SlotId> = ctx
        .state
        .living()
        .filter(|s| s.has_status("forced_victim"))
        .map(|s| s.id)
        .collect();
    let top = tally.top();
    if let Some(&f) = forced_victims.iter().find(|f| top.contains(f)) {
        ctx.note(
            "lynch",
            "votes",
            format!(
                "{} is the forced victim and among the most voted: they alone die (L141)",
                ctx.name(f)
            ),
        );
        return lynch(ctx, &tally, &[f]);
    }
    let mut victims: Vec<SlotId> = tally.forced.iter().map(|(t, _)| *t).collect();
    for (t, why) in &tally.forced {
        ctx.note(
            format!("override:{}", ctx.name(*t)),
            "votes",
            format!("{} dies: {why}", ctx.name(*t)),
        );
    }
    if victims.is_empty() {
        match top.len() {
            0 => ctx.note("lynch", "votes", "no counted vote: nobody is lynched"),
            1 => victims = top.clone(),
            _ => match tie_break(ctx, &tally, &top) {
                Some(v) => victims.push(v),
                None => {
                    if let Some(v) = super::roles::convicts_at_a_tie(ctx, &tally, &top) {
                        victims.push(v);
                    } else if forced_victims.is_empty() {
                        super::roles::vote_goes_on(ctx, &tally);
                        return start_revote(ctx, &top);
                    }
                    ctx.note(
                        "lynch",
                        "votes",
                        "a tie, but the forced victim dies instead of a re-vote (L141)",
                    );
                }
            },
        }
    }
    for f in forced_victims {
        if !victims.contains(&f) {
            victims.push(f);
        }
    }
    lynch(ctx, &tally, &victims);
}

/// Tie-breaks G1–G3 between exactly two players (L12).
fn tie_break(ctx: &mut Ctx, tally: &Tally, top: &[SlotId]) -> Option<SlotId> {
    let [a, b] = top[..] else {
        return None;
    };
    // The red phantoms', the masons' and the agents' votes aside (L12).
    let red_votes: Vec<&votes::Counted> = tally
        .votes
        .iter()
        .filter(|v| v.colour == Colour::Red && v.weight > 0 && ctx.is_alive(v.voter))
        .filter(|v| !super::roles::left_out_of_everyone(&ctx.state, v.voter))
        .collect();
    for (x, y) in [(a, b), (b, a)] {
        let all_reds_x = !red_votes.is_empty() && red_votes.iter().all(|v| v.target == x);
        let black_max = tally.black.values().copied().max().unwrap_or(0);
        if all_reds_x && black_max > 0 && tally.black.get(&y).copied() == Some(black_max) {
            ctx.note(
                "tie",
                "votes",
                format!(
                    "G1: every red vote went to {} and the most black votes to {}: {} dies (L12)",
                    ctx.name(x),
                    ctx.name(y),
                    ctx.name(x)
                ),
            );
            return Some(x);
        }
    }
    let (reds, blacks) = if ctx.option("g2_counts") == "active" {
        let (r, b) = corrections::active_counts(ctx.roleset, &ctx.state);
        (r as usize, b as usize)
    } else {
        teams::living_counts(ctx.roleset, &ctx.state)
    };
    if reds != blacks {
        return None;
    }
    let (ra, rb) = (
        tally.red.get(&a).copied().unwrap_or(0),
        tally.red.get(&b).copied().unwrap_or(0),
    );
    if ra != rb {
        let x = if ra > rb { a } else { b };
        ctx.note(
            "tie",
            "votes",
            format!(
                "G2: as many reds as blacks alive; {} has more red votes ({} to {}) and dies (L12)",
                ctx.name(x),
                ra.max(rb),
                ra.min(rb)
            ),
        );
        return Some(x);
    }
    let first = |id: SlotId| {
        tally
            .votes
            .iter()
            .filter(|v| v.target == id && v.colour == Colour::Red && !v.auto && !v.advance)
            .map(|v| v.seq)
            .min()
            .unwrap_or(u64::MAX)
    };
    let (fa, fb) = (first(a), first(b));
    if fa == fb {
        return None;
    }
    let x = if fa < fb { a } else { b };
    ctx.note("tie", "votes", format!("G3: as many reds as blacks, red votes equal; {} received the first red vote and dies (L12)", ctx.name(x)));
    Some(x)
}

/// By option the priest's re-vote is held by the re-vote's rules, between the players the
/// first vote named besides the saved one (Q56 `revote_rules`; by default by the normal vote's
/// rules, L155).
pub fn priest_revote_by_revote_rules(
    roleset: &crate::rules::Roleset,
    state: &crate::engine::GameState,
) -> bool {
    state.option(roleset, "priest_revote_rules") == "revote_rules"
}

/// How the priest's re-vote is counted: as a lynch, or by option as a re-vote between its
/// candidates (Q56).
pub fn priest_revote_kind(
    roleset: &crate::rules::Roleset,
    state: &crate::engine::GameState,
) -> (Kind, Vec<SlotId>) {
    if priest_revote_by_revote_rules(roleset, state) {
        (Kind::Revote, kept::of(state).candidates.clone())
    } else {
        (Kind::Lynch, Vec::new())
    }
}

/// The priest's re-vote (L30, L155): normal-vote rules, nobody votes against the saved player;
/// a tie ends as at a re-vote; the priest lynched here may let the saved player die instead.
fn priest_revote(ctx: &mut Ctx) {
    ctx.say(
        Audience::Public,
        "pub_priest_revote_result_title",
        &[("phase", ctx.outcome.phase.clone())],
    );
    let (kind, targets) = priest_revote_kind(ctx.roleset, &ctx.state);
    let tally = votes::count(ctx, kind, "priest_revote", &targets);
    tally_post(ctx, &tally);
    penalties_after_vote(ctx);
    let top = tally.top();
    let mut victims: Vec<SlotId> = tally.forced.iter().map(|(t, _)| *t).collect();
    if victims.is_empty() {
        victims = match top.len() {
            0 => Vec::new(),
            1 => top.clone(),
            // Normal-vote rules: the tie-breaks G1–G3 first (L155, L12).
            2 => match tie_break(ctx, &tally, &top) {
                Some(v) => vec![v],
                None => strict_tie(ctx, &top),
            },
            _ => first_two(ctx, &tally, &top, &targets),
        };
    }
    let victims = super::roles::rescue_round_victims(ctx, victims);
    if victims.is_empty() {
        ctx.say(Audience::Public, "pub_revote_none", &[]);
        no_victim_day(ctx);
    } else if !hero_day_counted(ctx) {
        kept::of_mut(&mut ctx.state).no_victim_day = None;
    }
    lynch(ctx, &tally, &victims);
    count_a_hero_day(ctx, &victims);
}

fn start_revote(ctx: &mut Ctx, top: &[SlotId]) {
    let names: Vec<String> = top.iter().map(|t| ctx.name(*t)).collect();
    ctx.note(
        "lynch",
        "votes",
        format!("a tie between {}: a re-vote (L152)", names.join(", ")),
    );
    ctx.say(
        Audience::Public,
        "pub_revote",
        &[("players", names.join(", "))],
    );
    kept::of_mut(&mut ctx.state).candidates = top.to_vec();
    super::roles::revote(ctx, true);
    ctx.outcome.another_round = true;
    Round::Revote.open(&mut ctx.state);
}

fn revote(ctx: &mut Ctx) {
    let targets = kept::of(&ctx.state).candidates.clone();
    ctx.say(
        Audience::Public,
        "pub_revote_result_title",
        &[("phase", ctx.outcome.phase.clone())],
    );
    let tally = votes::count(ctx, Kind::Revote, "revote", &targets);
    super::roles::revote(ctx, false);
    tally_post(ctx, &tally);
    let mut victims: Vec<SlotId> = tally.forced.iter().map(|(t, _)| *t).collect();
    if victims.is_empty()
        && let Some(v) = super::roles::decides_a_revote(ctx, &targets)
    {
        victims.push(v);
    }
    let top = tally.top();
    if victims.is_empty() {
        victims = match top.len() {
            0 => Vec::new(),
            1 => top.clone(),
            2 => match tie_break(ctx, &tally, &top) {
                Some(v) => vec![v],
                None => strict_tie(ctx, &top),
            },
            _ => first_two(ctx, &tally, &top, &targets),
        };
    }
    if victims.is_empty() {
        ctx.say(Audience::Public, "pub_revote_none", &[]);
        no_victim_day(ctx);
    } else if !hero_day_counted(ctx) {
        kept::of_mut(&mut ctx.state).no_victim_day = None;
    }
    lynch(ctx, &tally, &victims);
    count_a_hero_day(ctx, &victims);
}

/// By option a re-vote whose every victim the hero saved counts as a day without a victim for
/// the draw (Q32 `hero_day_counted`; by default "без учета героя" leaves it out, L154).
fn hero_day_counted(ctx: &Ctx) -> bool {
    ctx.option("draw_rule_hero") == "hero_day_counted"
}

/// After a re-vote's lynch: with [`hero_day_counted`], victims who all live because the hero
/// stood up for them today make the day one without a victim (L154, Q32).
fn count_a_hero_day(ctx: &mut Ctx, victims: &[SlotId]) {
    let phase = ctx.state.phase;
    let saved_today = |s: &crate::engine::Slot| {
        s.alive && super::roles::spared_since(&ctx.state, s.id) == Some(phase)
    };
    if hero_day_counted(ctx)
        && !victims.is_empty()
        && victims
            .iter()
            .all(|v| ctx.state.slots.get(*v).is_some_and(saved_today))
    {
        ctx.note(
            "draw",
            "votes",
            "the re-vote's victim lives by the hero's stand: the day counts as one without a victim (L154, Q32 `hero_day_counted`)",
        );
        no_victim_day(ctx);
    }
}

/// A strict tie of two at the re-vote: both die with more than two negatives alive, nobody
/// with one or two (L153, Q55).
fn strict_tie(ctx: &mut Ctx, top: &[SlotId]) -> Vec<SlotId> {
    let (_, mut blacks) = teams::living_counts(ctx.roleset, &ctx.state);
    // "Негативы" are the blacks; by option the faceless counts too (Q55 `revote_negatives`).
    if ctx.option("revote_negatives") == "with_faceless" {
        blacks += teams::living_grey(ctx.roleset, &ctx.state);
    }
    if blacks > 2 {
        ctx.note(
            "revote",
            "votes",
            format!("a strict tie with {blacks} negatives alive: both die (L153)"),
        );
        top.to_vec()
    } else {
        ctx.note(
            "revote",
            "votes",
            format!("a strict tie with {blacks} negative(s) alive: nobody dies (L153)"),
        );
        Vec::new()
    }
}

/// A tie of three or more at the re-vote: the first two of them to receive a vote die, not
/// counting the targets' own votes and advance PM votes (L153).
fn first_two(ctx: &mut Ctx, tally: &Tally, top: &[SlotId], targets: &[SlotId]) -> Vec<SlotId> {
    let mut firsts: Vec<(u64, SlotId)> = top
        .iter()
        .filter_map(|t| tally.first_vote(*t, targets).map(|s| (s, *t)))
        .collect();
    firsts.sort();
    let out: Vec<SlotId> = firsts.into_iter().take(2).map(|(_, t)| t).collect();
    let names: Vec<String> = out.iter().map(|t| ctx.name(*t)).collect();
    ctx.note(
        "revote",
        "votes",
        format!(
            "a tie of {} players: the first two to receive votes die: {} (L153)",
            top.len(),
            names.join(", ")
        ),
    );
    out
}

/// Two days in a row of re-votes without a victim on the same roster: a draw (L154).
fn no_victim_day(ctx: &mut Ctx) {
    let day = ctx.state.phase / 2 + 1;
    let roster: Vec<SlotId> = ctx.state.living().map(|s| s.id).collect();
    if let Some((d, r)) = &kept::of(&ctx.state).no_victim_day
        && *d + 1 == day
        && *r == roster
    {
        ctx.note("draw", "votes", "a second day in a row ends in a re-vote without a victim, same players alive: a draw (L154)");
        endgame::finish(ctx, None, "pub_draw");
        return;
    }
    kept::of_mut(&mut ctx.state).no_victim_day = Some((day, roster));
}

fn hunt_day(ctx: &mut Ctx) {
    ctx.say(
        Audience::Public,
        "pub_hunt_result_title",
        &[("phase", ctx.outcome.phase.clone())],
    );
    let (tally, mut victims) = hunt::victims(ctx);
    tally_post(ctx, &tally);
    penalties_after_vote(ctx);
    kept::of_mut(&mut ctx.state).hunt_used = true;
    // At the hunt the terrorist and his target take the place of the victim with the lower
    // priority (L23).
    if let Some(pair) = super::roles::replaces_the_result(ctx, &victims.clone()) {
        victims.truncate(1);
        victims.retain(|v| !pair.contains(v));
        victims.extend(pair);
    }
    hunt::two_blacks(ctx, &victims);
    lynch_as(ctx, &tally, &victims, "hunt");
}

fn lynch(ctx: &mut Ctx, tally: &Tally, victims: &[SlotId]) {
    lynch_as(ctx, tally, victims, "lynch");
}

/// The lynched die with both roles opened; then everything a lynch sets off.
fn lynch_as(ctx: &mut Ctx, tally: &Tally, victims: &[SlotId], cause: &str) {
    let mut victims = super::roles::spare_from_the_rope(ctx, victims);
    let alive_before: Vec<SlotId> = ctx.state.living().map(|s| s.id).collect();
    for v in &victims {
        if ctx.kill(*v, cause) {
            posts::announce_day_death(ctx, "pub_lynched", *v);
            crate::kernel::status::clear(ctx, *v, "forced_victim");
        }
    }
    // An execution counts as a lynch: the mayor, the judge and the caps read it so (L96).
    victims.extend(super::roles::lynched(ctx, &victims));
    let pairs: Vec<(SlotId, SlotId)> = tally.votes.iter().map(|v| (v.voter, v.target)).collect();
    super::roles::rope_falls(ctx, &victims, &pairs);
    let taken = super::roles::takes_with_him(ctx, &victims);
    victims.extend(taken);
    let victims = &victims[..];
    if victims.is_empty() && Round::now(&ctx.state) == Round::Vote {
        ctx.say(Audience::Public, "pub_nobody_lynched", &[]);
    }
    let reds: Vec<SlotId> = victims
        .iter()
        .copied()
        .filter(|v| {
            ctx.state
                .slots
                .get(*v)
                // The faceless's lynch does not cost the mayor his post (L64.8).
                .is_some_and(|s| {
                    !teams::is_black(ctx.roleset, s) && !teams::is_grey(ctx.roleset, s)
                })
        })
        .collect();
    if !victims.is_empty() {
        kept::of_mut(&mut ctx.state).no_victim_day = None;
    }
    if !reds.is_empty() {
        kept::of_mut(&mut ctx.state).red_lynched = true;
    }
    let done = super::roles::VoteDone {
        tally,
        lynched: victims,
        alive_before: &alive_before,
        reds_lynched: !reds.is_empty(),
    };
    super::roles::after_the_vote(ctx, &done, super::roles::AfterTheVote::Offices);
    super::roles::day_ends(ctx);
    super::roles::after_the_vote(ctx, &done, super::roles::AfterTheVote::Weights);
    if let [alone] = victims
        && extra_vote_due(ctx, *alone)
    {
        let why = format!(
            "{} was saved by the hero before and is lynched alone: another vote today (L157)",
            ctx.name(*alone)
        );
        ctx.note("extra_vote", "votes", why);
        ctx.say(Audience::Public, "pub_extra_vote", &[]);
        ctx.outcome.another_round = true;
        Round::ExtraVote.open(&mut ctx.state);
        return;
    }
    super::roles::night_falls(ctx);
    Round::Night.open(&mut ctx.state);
}

/// A player the hero saved is lynched alone: the day has one more vote, once (L157; Q31: a
/// save on any earlier day, or on this day only).
fn extra_vote_due(ctx: &Ctx, lynched: SlotId) -> bool {
    // The faceless cannot be the day's only lynch (L156).
    if teams::grey(ctx, lynched) {
        return Round::now(&ctx.state) != Round::ExtraVote;
    }
    let Some(saved_on) = super::roles::spared_since(&ctx.state, lynched) else {
        return false;
    };
    let same_day = ctx.option("hero_extra_vote") == "same_day";
    Round::now(&ctx.state) != Round::ExtraVote && (!same_day || saved_on == ctx.state.phase)
}

/// Vote penalties run for two votes (L139): count this one, lift the ban after the second.
fn penalties_after_vote(ctx: &mut Ctx) {
    let banned: Vec<SlotId> = ctx
        .state
        .living()
        .filter(|s| s.has_status("penalty_no_vote"))
        .map(|s| s.id)
        .collect();
    for id in banned {
        if ctx.count_up(id, "penalty_votes_missed") >= 2
            && let Some(s) = ctx.state.slots.get_mut(id)
        {
            s.statuses.remove("penalty_no_vote");
            s.counters.remove("penalty_votes_missed");
            ctx.note(
                format!("penalty:{}", ctx.name(id)),
                "votes",
                format!(
                    "{} has sat out two votes: their vote is back (L139)",
                    ctx.name(id)
                ),
            );
        }
    }
}

/// The public tally: each target with his counted total and his voters (§12.3).
fn tally_post(ctx: &mut Ctx, tally: &Tally) {
    let mut rows: Vec<(i32, SlotId)> = tally.totals.iter().map(|(t, n)| (-*n, *t)).collect();
    rows.sort();
    for (_, t) in rows {
        let voters: Vec<String> = tally
            .votes
            .iter()
            .filter(|v| v.target == t && !v.hidden)
            .map(|v| {
                let mark = if v.auto { " (автоголос)" } else { "" };
                format!("{}{mark}", ctx.name(v.voter))
            })
            .collect();
        ctx.say(
            Audience::Public,
            "pub_tally_line",
            &[
                ("player", ctx.name(t)),
                ("count", votes::show(tally.total(t))),
                ("voters", voters.join(", ")),
            ],
        );
    }
    if !tally.abstained.is_empty() {
        let names: Vec<String> = tally.abstained.iter().map(|a| ctx.name(*a)).collect();
        ctx.say(
            Audience::Public,
            "pub_abstained",
            &[("players", names.join(", "))],
        );
    }
}
