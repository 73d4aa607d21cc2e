//! One message read: who sent it, what it asks for, and how sure the reading is.
//!
//! A message is a list of instructions, each started by a trigger (an ability's word from the
//! roleset, a vote or an unvote) and aimed at the names after it. Instructions the player
//! turns around ("don't heal Bob") are dropped, a later instruction replaces an earlier one of
//! the same kind ("kill Bob … change that, kill Ed"), and "change that, Ed" re-aims the last
//! one. The sender's role decides between abilities that share a word.

use super::names::{Hit, How, Lexicon};
use super::words::{
    self, AFTERWARDS, AND, BECAUSE, CANCEL, CHANGE, FILLER, INSTEAD_OF, Kind, NOT, SELF, Token,
};
use crate::engine::validate::{min_target_count, target_count, target_kind};
use crate::engine::{Entry, Game, Slot};
use crate::rules::{AbilityDef, BallotDef, TargetKind};

/// A message as it came: the sender a header named (if any), the text, and its first line in
/// the pasted input.
#[derive(Clone, Debug, PartialEq)]
pub struct Message {
    pub sender: Option<String>,
    pub text: String,
    pub line: usize,
}

/// One suggested line: an entry, or why none could be decided.
#[derive(Clone, Debug, PartialEq)]
pub enum Suggested {
    Entry(Entry),
    Undecided { who: Option<String>, reason: String },
}

/// What a message seems to say, with what was matched and what is doubtful.
#[derive(Clone, Debug, PartialEq)]
pub struct Reading {
    pub message: Message,
    /// The sender as recognised (a player's current name).
    pub sender: Option<String>,
    pub suggested: Vec<Suggested>,
    pub matched: Vec<String>,
    pub doubts: Vec<String>,
}

#[derive(Clone, Debug, PartialEq)]
enum Trigger {
    /// Abilities that use this word.
    Act(Vec<String>),
    /// A vote, on the ballot the word names if it names one.
    Vote(Option<String>),
    Unvote,
}

#[derive(Clone, Debug)]
struct Instruction {
    trigger: Trigger,
    /// The word as written.
    word: String,
    targets: Vec<Hit>,
    /// Names before the trigger in its sentence ("I want Nico to learn Kira's role"), for an
    /// ability that wants more names than follow it.
    earlier: Vec<Hit>,
    negated: bool,
    /// A "change that" stands between the previous instruction and this one.
    replaces: bool,
}

/// Reads messages against one game at its current phase.
pub struct Reader<'g> {
    game: &'g Game,
    names: Lexicon,
    ballots: Vec<&'g BallotDef>,
    /// Whether the phase has several ballots, so a vote line names its ballot.
    name_ballots: bool,
}

impl<'g> Reader<'g> {
    pub fn new(game: &'g Game) -> Reader<'g> {
        let roleset = game.roleset();
        let kind = game.state().phase_kind(roleset);
        Reader {
            game,
            names: Lexicon::new(game),
            ballots: game.open_ballots(),
            name_ballots: roleset.ballots.iter().filter(|b| b.phase == kind).count() > 1,
        }
    }

    pub fn names(&self) -> &Lexicon {
        &self.names
    }

    pub fn read(&self, message: &Message) -> Reading {
        let mut reading = Reading {
            message: message.clone(),
            sender: None,
            suggested: Vec::new(),
            matched: Vec::new(),
            doubts: Vec::new(),
        };
        let cleaned = words::clean(&message.text);
        let mut lines: Vec<&str> = cleaned
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        let mut sender = self.header_sender(message, &mut reading);
        if sender.is_none() {
            sender = self.sender_in_lines(&mut lines, &mut reading);
        }
        let tokens = words::tokens(&lines.join("\n"));
        let mut skip = vec![false; tokens.len()];
        if sender.is_none() {
            sender = self.introduced(&tokens, &mut skip, &mut reading);
        }
        let sender_slot = sender.and_then(|s| self.game.state().slots.get(s));
        reading.sender = sender_slot.map(|s| s.name.clone());
        let mut instructions = self.instructions(&tokens, &skip, sender_slot);
        if instructions.is_empty()
            && let Some(implied) = self.implied(&tokens, &skip, sender_slot, &mut reading)
        {
            instructions.push(implied);
        }
        self.decide(&tokens, instructions, sender_slot, &mut reading);
        reading
    }

    /// The sender a header named (`From: Ann`, a Discord line, a table's column).
    fn header_sender(&self, message: &Message, reading: &mut Reading) -> Option<usize> {
        let raw = message.sender.as_deref()?;
        match self.names.find_in(raw).filter(|h| !h.family) {
            Some(hit) => {
                reading.matched.push(format!(
                    "sender {} (the header's `{raw}`{})",
                    hit.name,
                    how_note(hit.how)
                ));
                self.slot_id(&hit.name)
            }
            None => {
                reading
                    .doubts
                    .push(format!("the sender `{raw}` is not a player"));
                None
            }
        }
    }

    /// A `From:` line, a `NAME:` before the first line's text, or a signature line.
    fn sender_in_lines(&self, lines: &mut Vec<&str>, reading: &mut Reading) -> Option<usize> {
        let mut found = None;
        let mut from_line = None;
        for (i, line) in lines.iter().enumerate() {
            let lower = line.to_lowercase();
            if let Some(rest) = lower.strip_prefix("from:").or(lower.strip_prefix("от:"))
                && let Some(hit) = self.names.find_in(rest).filter(|h| !h.family)
            {
                reading
                    .matched
                    .push(format!("sender {} (a `From:` line)", hit.name));
                found = self.slot_id(&hit.name);
                from_line = Some(i);
                break;
            }
        }
        if let Some(i) = from_line {
            lines.remove(i);
            return found;
        }
        if let Some(first) = lines.first().copied()
            && let Some((head, body)) = first.split_once(':')
            && head.split_whitespace().count() <= 3
        {
            let tokens = words::tokens(head);
            if let Some(hit) = self.names.strict(&tokens, 0).filter(|h| !h.family) {
                reading
                    .matched
                    .push(format!("sender {} (`{head}:` before the text)", hit.name));
                lines[0] = body;
                return self.slot_id(&hit.name);
            }
        }
        if lines.len() > 1
            && let Some(last) = lines.last().copied()
        {
            let tokens = words::tokens(last);
            let words: Vec<usize> = (0..tokens.len()).filter(|&i| tokens[i].is_word()).collect();
            let no_trigger = !words.iter().any(|&i| self.trigger(&tokens, i).is_some());
            if words.len() <= 4 && no_trigger {
                let hit = words
                    .iter()
                    .rev()
                    .find_map(|&i| self.names.strict(&tokens, i))
                    .filter(|h| !h.family);
                if let Some(hit) = hit {
                    reading
                        .matched
                        .push(format!("sender {} (signed `{last}`)", hit.name));
                    lines.pop();
                    return self.slot_id(&hit.name);
                }
            }
        }
        None
    }

    /// "it's Dave", "this is Dave", "Dave here", "это Катя": the sender names himself.
    fn introduced(
        &self,
        tokens: &[Token],
        skip: &mut [bool],
        reading: &mut Reading,
    ) -> Option<usize> {
        for i in 0..tokens.len() {
            let Some(hit) = self.names.strict(tokens, i).filter(|h| !h.family) else {
                continue;
            };
            let before = |n: usize| i.checked_sub(n).map(|j| tokens[j].text.as_str());
            let after = tokens.get(i + hit.len).map(|t| t.text.as_str());
            let introduced = matches!(before(1), Some("it's" | "its" | "это" | "from"))
                || (before(1) == Some("is") && matches!(before(2), Some("this" | "it")))
                || matches!(after, Some("here" | "тут" | "здесь"))
                || (after == Some("на")
                    && tokens
                        .get(i + hit.len + 1)
                        .is_some_and(|t| t.text == "связи"));
            if introduced {
                reading
                    .matched
                    .push(format!("sender {} (introduces himself)", hit.name));
                skip[i..i + hit.len].iter_mut().for_each(|s| *s = true);
                return self.slot_id(&hit.name);
            }
        }
        None
    }

    /// A message with names and no word for what to do with them: in a phase with a ballot
    /// open, a bare name is a vote ("[b]Bob[/b]"); otherwise the sender's one ability that
    /// takes targets is meant ("is Kira mafia?" from a detective).
    fn implied(
        &self,
        tokens: &[Token],
        skip: &[bool],
        sender: Option<&Slot>,
        reading: &mut Reading,
    ) -> Option<Instruction> {
        let sender = sender?;
        let targets = self.targets_from(tokens, skip, 0, tokens.len(), Some(sender));
        if targets.is_empty() {
            return None;
        }
        let only_names = (0..tokens.len()).all(|j| {
            !tokens[j].is_word()
                || tokens[j].is(FILLER)
                || tokens[j].is(AND)
                || targets.iter().any(|h| (h.at..h.at + h.len).contains(&j))
        });
        if !self.ballots.is_empty() && only_names {
            reading
                .doubts
                .push("no word for a vote: the names alone read as one".into());
            return Some(Instruction {
                trigger: Trigger::Vote(None),
                word: "vote".into(),
                targets,
                earlier: Vec::new(),
                negated: false,
                replaces: false,
            });
        }
        let state = self.game.state();
        let abilities: Vec<&AbilityDef> = self
            .game
            .usable_abilities(sender)
            .unwrap_or_default()
            .into_iter()
            .filter(|a| target_count(a, state) > 0)
            .collect();
        let [ability] = abilities.as_slice() else {
            return None;
        };
        reading.doubts.push(format!(
            "no word for an ability: {} is {}'s only one now",
            ability.id, sender.name
        ));
        Some(Instruction {
            trigger: Trigger::Act(vec![ability.id.clone()]),
            word: ability.id.clone(),
            targets,
            earlier: Vec::new(),
            negated: false,
            replaces: false,
        })
    }

    fn slot_id(&self, name: &str) -> Option<usize> {
        self.game.state().slot_by_name(name).map(|s| s.id)
    }

    /// The trigger at token `i`, if the word starts an instruction, and how many tokens it
    /// takes.
    fn trigger(&self, tokens: &[Token], i: usize) -> Option<(Trigger, usize)> {
        let token = tokens.get(i).filter(|t| t.is_word())?;
        let word = token.text.as_str();
        if token.is(words::UNVOTE) {
            return Some((Trigger::Unvote, 1));
        }
        // "cancel my vote", "отменяю голос"
        if token.is(CANCEL) {
            let next = (i + 1..tokens.len()).find(|&j| !tokens[j].is(FILLER));
            if let Some(j) = next
                && tokens[j].is_word()
                && words::starts(&tokens[j].text, words::VOTE)
            {
                return Some((Trigger::Unvote, j + 1 - i));
            }
        }
        let mut abilities = Vec::new();
        let mut span = 1;
        for ability in &self.game.roleset().abilities {
            for w in &ability.words {
                if let Some(n) = phrase_at(tokens, i, w) {
                    if !abilities.contains(&ability.id) {
                        abilities.push(ability.id.clone());
                    }
                    span = span.max(n);
                }
            }
        }
        if !abilities.is_empty() {
            return Some((Trigger::Act(abilities), span));
        }
        for ballot in &self.ballots {
            let named = word == ballot.id
                || ballot
                    .name
                    .to_lowercase()
                    .split_whitespace()
                    .filter(|w| !words::starts(w, words::VOTE))
                    .any(|w| w.chars().count() > 3 && words::begins(word, w));
            if named && self.name_ballots {
                return Some((Trigger::Vote(Some(ballot.id.clone())), 1));
            }
        }
        if words::starts(word, words::VOTE) {
            return Some((Trigger::Vote(None), 1));
        }
        None
    }

    /// The instructions of a message, in order.
    fn instructions(
        &self,
        tokens: &[Token],
        skip: &[bool],
        sender: Option<&Slot>,
    ) -> Vec<Instruction> {
        let mut out: Vec<Instruction> = Vec::new();
        let mut changed = false;
        let mut i = 0;
        while i < tokens.len() {
            if skip[i] {
                i += 1;
                continue;
            }
            if tokens[i].is(CHANGE) {
                changed = true;
                // "change that, Ed": names with no trigger before the sentence ends re-aim
                // the last instruction
                let end = sentence_end(tokens, i);
                let has_trigger = (i + 1..end).any(|j| self.trigger(tokens, j).is_some());
                let before_names = !tokens[i].is(AFTERWARDS)
                    && (i + 1..end)
                        .find(|&j| {
                            !(tokens[j].kind == Kind::Comma
                                || tokens[j].is(CHANGE)
                                || tokens[j].is(NOT)
                                || tokens[j].is(FILLER))
                        })
                        .is_some_and(|j| self.names.loose(tokens, j).is_some());
                if !has_trigger
                    && before_names
                    && let Some(last) = out.last().cloned()
                {
                    let targets = self.targets_from(tokens, skip, i + 1, end, sender);
                    if !targets.is_empty() {
                        out.push(Instruction {
                            targets,
                            earlier: Vec::new(),
                            negated: false,
                            replaces: true,
                            ..last
                        });
                        changed = false;
                        i = end;
                        continue;
                    }
                }
                i += 1;
                continue;
            }
            let Some((trigger, span)) = self.trigger(tokens, i) else {
                i += 1;
                continue;
            };
            // "vote: against Bob", "голос против Бориса": one instruction
            if let Some(prev) = out.last()
                && same_kind(&prev.trigger, &trigger)
                && prev.targets.is_empty()
                && only_fillers_between(tokens, prev_end(tokens, i), i)
            {
                let merged = out.pop().map(|p| merge(p.trigger, trigger.clone()));
                let trigger = merged.unwrap_or(trigger);
                let end = clause_end(
                    tokens,
                    i + span,
                    |j| self.trigger(tokens, j).is_some(),
                    |j| self.names.strict(tokens, j).is_some(),
                );
                let (targets, earlier) = self.aimed(tokens, skip, i, span, end, sender);
                out.push(Instruction {
                    trigger,
                    word: tokens[i].raw.clone(),
                    targets,
                    earlier,
                    negated: negated_before(tokens, i),
                    replaces: changed,
                });
                i += span;
                continue;
            }
            let end = clause_end(
                tokens,
                i + span,
                |j| self.trigger(tokens, j).is_some(),
                |j| self.names.strict(tokens, j).is_some(),
            );
            let (targets, earlier) = self.aimed(tokens, skip, i, span, end, sender);
            out.push(Instruction {
                trigger,
                earlier,
                word: tokens[i..i + span]
                    .iter()
                    .map(|t| t.raw.as_str())
                    .collect::<Vec<_>>()
                    .join(" "),
                targets,
                negated: negated_before(tokens, i),
                replaces: changed,
            });
            changed = false;
            i += span;
        }
        // a trailing "cancel" with nothing after it takes the last instruction back
        if let Some(c) = (0..tokens.len()).rev().find(|&j| tokens[j].is(CANCEL))
            && let Some(last) = out.last_mut()
            && !last.negated
            && (c > position_of_last(tokens, &last.word))
        {
            last.negated = true;
            if matches!(last.trigger, Trigger::Vote(_)) {
                let ballot = match &last.trigger {
                    Trigger::Vote(b) => b.clone(),
                    _ => None,
                };
                let targets = last.targets.clone();
                out.push(Instruction {
                    trigger: Trigger::Unvote,
                    word: tokens[c].raw.clone(),
                    targets: if ballot.is_some() {
                        Vec::new()
                    } else {
                        targets
                    },
                    earlier: Vec::new(),
                    negated: false,
                    replaces: false,
                });
            }
        }
        out
    }

    /// The targets of the trigger at `i`: the names after it in its clause, and the names
    /// before it in its sentence ("Бориса проверяю").
    fn aimed(
        &self,
        tokens: &[Token],
        skip: &[bool],
        i: usize,
        span: usize,
        end: usize,
        sender: Option<&Slot>,
    ) -> (Vec<Hit>, Vec<Hit>) {
        let after = self.targets_from(tokens, skip, i + span, end, sender);
        let start = (0..i)
            .rev()
            .find(|&j| tokens[j].kind == Kind::Stop)
            .map(|j| j + 1)
            .unwrap_or(0);
        let mut before = Vec::new();
        let mut j = start;
        while j < i {
            if skip[j] || is_excluded(tokens, j) {
                j += 1;
                continue;
            }
            match self.names.strict(tokens, j) {
                Some(hit) if Some(hit.name.as_str()) != sender.map(|s| s.name.as_str()) => {
                    j += hit.len;
                    before.push(hit);
                }
                _ => j += 1,
            }
        }
        if after.is_empty() {
            (before, Vec::new())
        } else {
            (after, before)
        }
    }

    /// The names from `from` to `end`. Where a name is expected (right after the trigger, a
    /// filler word, a name or an "and") it may be a loose match, a prefix or a slip; elsewhere
    /// it must be written as a name. "myself" where a name is expected is the sender.
    fn targets_from(
        &self,
        tokens: &[Token],
        skip: &[bool],
        from: usize,
        end: usize,
        sender: Option<&Slot>,
    ) -> Vec<Hit> {
        let mut out = Vec::new();
        let mut j = from;
        let mut expected = true;
        while j < end {
            let token = &tokens[j];
            if skip[j] || is_excluded(tokens, j) {
                j += 1;
                expected = false;
                continue;
            }
            if token.kind != Kind::Word || token.is(FILLER) || token.is(AND) {
                j += 1;
                expected = true;
                continue;
            }
            if expected
                && token.is(SELF)
                && let Some(s) = sender
            {
                out.push(Hit {
                    at: j,
                    len: 1,
                    name: s.name.clone(),
                    family: false,
                    alive: s.alive,
                    how: How::Exact,
                    written: token.raw.clone(),
                });
                j += 1;
                continue;
            }
            let hit = if expected {
                self.names.loose(tokens, j)
            } else {
                self.names.strict(tokens, j)
            };
            match hit {
                Some(hit) => {
                    j += hit.len;
                    expected = true;
                    out.push(hit);
                }
                None => {
                    j += 1;
                    expected = false;
                }
            }
        }
        out
    }

    /// Turn the instructions into suggested lines: the last of each kind wins.
    fn decide(
        &self,
        tokens: &[Token],
        instructions: Vec<Instruction>,
        sender: Option<&Slot>,
        reading: &mut Reading,
    ) {
        // (key, suggestion); a key is an ability or a ballot
        let mut plan: Vec<(String, Suggested)> = Vec::new();
        let who = sender.map(|s| s.name.clone());
        let mut refused: Vec<String> = Vec::new();
        for ins in &instructions {
            if ins.negated {
                reading
                    .matched
                    .push(format!("`{}` is turned down, so left out", ins.word));
                continue;
            }
            match &ins.trigger {
                Trigger::Act(abilities) => {
                    if ins.replaces {
                        plan.retain(|(k, _)| !k.starts_with("act:"));
                    }
                    match self.act(abilities, ins, sender, reading) {
                        Ok((key, entry)) => {
                            plan.retain(|(k, _)| *k != key);
                            plan.push((key, Suggested::Entry(entry)));
                        }
                        Err(reason) => refused.push(reason),
                    }
                }
                Trigger::Vote(ballot) => {
                    for (key, s) in self.votes(ballot.as_deref(), ins, sender, reading) {
                        plan.retain(|(k, _)| *k != key);
                        plan.push((key, s));
                    }
                }
                Trigger::Unvote => {
                    for (key, s) in self.unvotes(ins, sender, reading) {
                        plan.retain(|(k, _)| *k != key);
                        plan.push((key, s));
                    }
                }
            }
        }
        // a family ballot's line before a player ballot's: the order hosts read them in
        plan.sort_by_key(|(k, _)| {
            k.strip_prefix("ballot:")
                .and_then(|b| self.game.roleset().ballot(b))
                .map(|b| b.target != TargetKind::Family)
                .unwrap_or(false)
        });
        let mut undecided: Vec<String> = plan
            .iter()
            .filter_map(|(_, s)| match s {
                Suggested::Undecided { reason, .. } => Some(reason.clone()),
                _ => None,
            })
            .collect();
        let entries: Vec<Suggested> = plan
            .into_iter()
            .filter(|(_, s)| matches!(s, Suggested::Entry(_)))
            .map(|(_, s)| s)
            .collect();
        if entries.is_empty() {
            undecided.extend(refused);
            let reason = undecided.into_iter().next().unwrap_or_else(|| {
                if instructions.iter().any(|i| !i.negated) || tokens.is_empty() {
                    "nothing to enter".to_string()
                } else if instructions.is_empty() {
                    "no ability, vote or unvote recognised".to_string()
                } else {
                    "every instruction was taken back".to_string()
                }
            });
            reading.suggested.push(Suggested::Undecided { who, reason });
        } else {
            reading.doubts.extend(undecided);
            reading.doubts.extend(refused);
            reading.suggested = entries;
        }
    }

    /// An action from an instruction, or why not.
    fn act(
        &self,
        abilities: &[String],
        ins: &Instruction,
        sender: Option<&Slot>,
        reading: &mut Reading,
    ) -> Result<(String, Entry), String> {
        let state = self.game.state();
        let usable = |slot: &Slot| -> Vec<&'g AbilityDef> {
            self.game
                .usable_abilities(slot)
                .map(|l| {
                    l.into_iter()
                        .filter(|a| abilities.contains(&a.id))
                        .collect()
                })
                .unwrap_or_default()
        };
        let (actor, ability) = match sender {
            Some(slot) => {
                let fits = usable(slot);
                match fits.as_slice() {
                    [one] => (slot, *one),
                    [] => {
                        return Err(format!(
                            "`{}` is {}, which {} cannot use now",
                            ins.word,
                            abilities.join(" or "),
                            slot.name
                        ));
                    }
                    several => match self.by_target_kinds(several, ins) {
                        Some(one) => (slot, one),
                        None => {
                            return Err(format!(
                                "`{}` could be {}",
                                ins.word,
                                several
                                    .iter()
                                    .map(|a| a.id.as_str())
                                    .collect::<Vec<_>>()
                                    .join(" or ")
                            ));
                        }
                    },
                }
            }
            None => {
                let holders: Vec<(&Slot, &'g AbilityDef)> = state
                    .living()
                    .flat_map(|s| usable(s).into_iter().map(move |a| (s, a)))
                    .collect();
                match holders.as_slice() {
                    [(slot, ability)] => {
                        reading.matched.push(format!(
                            "actor {}: unsigned, and the only one who can {} now",
                            slot.name, ability.id
                        ));
                        (*slot, *ability)
                    }
                    [] => return Err(format!("nobody can use `{}` now", ins.word)),
                    many => {
                        return Err(format!(
                            "unsigned, and {} players could `{}`",
                            many.len(),
                            ins.word
                        ));
                    }
                }
            }
        };
        reading.matched.push(format!(
            "ability {} (by `{}`)",
            ability.id,
            ins.word.to_lowercase()
        ));
        let targets = self.fit_targets(ability, ins, reading)?;
        Ok((
            format!("act:{}", ability.id),
            Entry::Act {
                actor: actor.name.clone(),
                ability: ability.id.clone(),
                targets,
                params: Default::default(),
            },
        ))
    }

    /// Of several abilities, the one whose target kinds fit the names given.
    fn by_target_kinds(
        &self,
        several: &[&'g AbilityDef],
        ins: &Instruction,
    ) -> Option<&'g AbilityDef> {
        let families = ins.targets.iter().filter(|t| t.family).count();
        let fits: Vec<&&AbilityDef> = several
            .iter()
            .filter(|a| {
                let want = target_count(a, self.game.state());
                let family_slots = (0..want)
                    .filter(|&i| target_kind(a, i) == TargetKind::Family)
                    .count();
                want > 0 && (families > 0) == (family_slots > 0)
            })
            .collect();
        match fits.as_slice() {
            [one] => Some(**one),
            _ => None,
        }
    }

    /// The names of the instruction in the order of the ability's target slots.
    fn fit_targets(
        &self,
        ability: &AbilityDef,
        ins: &Instruction,
        reading: &mut Reading,
    ) -> Result<Vec<String>, String> {
        let state = self.game.state();
        let want = target_count(ability, state);
        let least = min_target_count(ability, state);
        let mut players: Vec<&Hit> = Vec::new();
        let mut families: Vec<&Hit> = Vec::new();
        let names: Vec<&Hit> = if ins.targets.len() < want {
            ins.earlier.iter().chain(&ins.targets).collect()
        } else {
            ins.targets.iter().collect()
        };
        for hit in names {
            let list = if hit.family {
                &mut families
            } else {
                &mut players
            };
            if !list.iter().any(|h| h.name == hit.name) {
                list.push(hit);
            }
        }
        let mut out = Vec::new();
        let (mut p, mut f) = (0, 0);
        for i in 0..want {
            let (list, next) = if target_kind(ability, i) == TargetKind::Family {
                (&families, &mut f)
            } else {
                (&players, &mut p)
            };
            let Some(hit) = list.get(*next) else {
                break;
            };
            *next += 1;
            self.note_target(hit, reading);
            out.push(hit.name.clone());
        }
        if p < players.len() || f < families.len() {
            let extra: Vec<&str> = players[p..]
                .iter()
                .chain(&families[f..])
                .map(|h| h.name.as_str())
                .collect();
            if out.len() < want || want == 0 {
                return Err(format!("{} does not take {}", ability.id, extra.join(", ")));
            }
            return Err(format!(
                "{} takes {want} target{}, the message names {}",
                ability.id,
                if want == 1 { "" } else { "s" },
                ins.targets
                    .iter()
                    .map(|h| h.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        if out.len() < least {
            return Err(if out.is_empty() {
                format!("`{}`, but whom?", ins.word)
            } else {
                format!("{} needs {least} targets", ability.id)
            });
        }
        Ok(out)
    }

    fn note_target(&self, hit: &Hit, reading: &mut Reading) {
        reading.matched.push(format!(
            "{} {} (`{}`{})",
            if hit.family { "family" } else { "target" },
            hit.name,
            hit.written,
            how_note(hit.how)
        ));
        if hit.how.loose() {
            reading.doubts.push(format!(
                "`{}` read as {} {}",
                hit.written,
                hit.name,
                hit.how.describe()
            ));
        }
        if !hit.alive {
            reading.doubts.push(format!("{} is dead", hit.name));
        }
    }

    /// Votes of an instruction: one per ballot, the ballot chosen by the kind of the name.
    fn votes(
        &self,
        named: Option<&str>,
        ins: &Instruction,
        sender: Option<&Slot>,
        reading: &mut Reading,
    ) -> Vec<(String, Suggested)> {
        let who = sender.map(|s| s.name.clone());
        let undecided = |reason: String| {
            vec![(
                "vote".to_string(),
                Suggested::Undecided {
                    who: who.clone(),
                    reason,
                },
            )]
        };
        let Some(voter) = sender else {
            return undecided("a vote, but whose? no sender found".into());
        };
        if self.ballots.is_empty() {
            return undecided(format!(
                "a vote, but no ballot is open in {}",
                self.game.phase_label()
            ));
        }
        if ins.targets.is_empty() {
            return undecided(format!("`{}`, but for whom?", ins.word));
        }
        let mut out: Vec<(String, Suggested)> = Vec::new();
        for hit in &ins.targets {
            let ballot = self.ballot_for(named, hit);
            let Some(ballot) = ballot else {
                return undecided(format!(
                    "no open ballot takes {} {}",
                    if hit.family {
                        "the family"
                    } else {
                        "the player"
                    },
                    hit.name
                ));
            };
            let key = format!("ballot:{}", ballot.id);
            if out.iter().any(|(k, _)| *k == key) {
                return undecided(format!(
                    "two votes on one ballot: {}",
                    ins.targets
                        .iter()
                        .map(|h| h.name.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
            self.note_target(hit, reading);
            out.push((
                key,
                Suggested::Entry(Entry::Vote {
                    ballot: self.ballot_word(ballot),
                    voter: voter.name.clone(),
                    target: hit.name.clone(),
                }),
            ));
        }
        out
    }

    fn unvotes(
        &self,
        ins: &Instruction,
        sender: Option<&Slot>,
        _reading: &mut Reading,
    ) -> Vec<(String, Suggested)> {
        let Some(voter) = sender else {
            return vec![(
                "vote".into(),
                Suggested::Undecided {
                    who: None,
                    reason: "an unvote, but whose? no sender found".into(),
                },
            )];
        };
        let ballots: Vec<&BallotDef> = if ins.targets.is_empty() {
            self.ballots.clone()
        } else {
            ins.targets
                .iter()
                .filter_map(|h| self.ballot_for(None, h))
                .collect()
        };
        ballots
            .into_iter()
            .map(|b| {
                (
                    format!("ballot:{}", b.id),
                    Suggested::Entry(Entry::Unvote {
                        ballot: self.ballot_word(b),
                        voter: voter.name.clone(),
                    }),
                )
            })
            .collect()
    }

    fn ballot_for(&self, named: Option<&str>, hit: &Hit) -> Option<&'g BallotDef> {
        let kind = if hit.family {
            TargetKind::Family
        } else {
            TargetKind::Player
        };
        self.ballots
            .iter()
            .copied()
            .filter(|b| named.is_none_or(|n| n == b.id) || self.ballots.len() == 1)
            .find(|b| b.target == kind)
    }

    fn ballot_word(&self, ballot: &BallotDef) -> Option<String> {
        (self.name_ballots || !ballot.default).then(|| ballot.id.clone())
    }
}

fn how_note(how: How) -> String {
    match how {
        How::Exact => String::new(),
        other => format!(", {}", other.describe()),
    }
}

/// Whether `phrase` (one or more words, each a beginning) is written at token `i`; how many
/// tokens it takes.
fn phrase_at(tokens: &[Token], i: usize, phrase: &str) -> Option<usize> {
    let parts: Vec<&str> = phrase.split_whitespace().collect();
    let here = tokens.get(i..i + parts.len())?;
    let last = parts.len() - 1;
    here.iter()
        .zip(&parts)
        .enumerate()
        .all(|(k, (t, p))| {
            t.is_word()
                && if k == last {
                    words::begins(&t.text, p)
                } else {
                    t.text == *p
                }
        })
        .then_some(parts.len())
}

fn same_kind(a: &Trigger, b: &Trigger) -> bool {
    matches!(
        (a, b),
        (Trigger::Vote(_), Trigger::Vote(_))
            | (Trigger::Act(_), Trigger::Act(_))
            | (Trigger::Unvote, Trigger::Vote(_))
    )
}

/// Two triggers that are one instruction: the ballot one of them names, or the abilities
/// either word names ("проверяю роль": the sender's role picks one).
fn merge(a: Trigger, b: Trigger) -> Trigger {
    match (a, b) {
        (Trigger::Vote(x), Trigger::Vote(y)) => Trigger::Vote(x.or(y)),
        (Trigger::Unvote, Trigger::Vote(_)) => Trigger::Unvote,
        (Trigger::Act(mut x), Trigger::Act(y)) => {
            for a in y {
                if !x.contains(&a) {
                    x.push(a);
                }
            }
            Trigger::Act(x)
        }
        (_, b) => b,
    }
}

/// The token after the previous word before `i`.
fn prev_end(tokens: &[Token], i: usize) -> usize {
    (0..i)
        .rev()
        .find(|&j| tokens[j].is_word() && !tokens[j].is(FILLER))
        .map(|j| j + 1)
        .unwrap_or(0)
}

fn only_fillers_between(tokens: &[Token], from: usize, to: usize) -> bool {
    (from..to)
        .all(|j| tokens[j].is(FILLER) || (tokens[j].kind == Kind::Comma && tokens[j].raw != ","))
}

/// "don't heal", "не лечу", "I do not want to heal": a denial within three words before.
fn negated_before(tokens: &[Token], i: usize) -> bool {
    (i.saturating_sub(3)..i)
        .rev()
        .take_while(|&j| tokens[j].is_word())
        .any(|j| tokens[j].is(NOT))
}

/// Names right after "not", "instead of" or "вместо" are what the player does not want.
fn is_excluded(tokens: &[Token], j: usize) -> bool {
    let before = |n: usize| j.checked_sub(n).map(|k| &tokens[k]);
    before(1).is_some_and(|t| t.is(NOT) || t.is(INSTEAD_OF))
        || (before(1).is_some_and(|t| t.text == "of")
            && before(2).is_some_and(|t| t.text == "instead"))
}

/// Where the sentence holding token `i` ends.
fn sentence_end(tokens: &[Token], i: usize) -> usize {
    (i..tokens.len())
        .find(|&j| tokens[j].kind == Kind::Stop)
        .unwrap_or(tokens.len())
}

/// Where an instruction's clause ends: a sentence end, a reason ("because"), a change of mind,
/// the next trigger, or a comma not followed by a further name ("heal Bob, Carl" goes on).
fn clause_end(
    tokens: &[Token],
    from: usize,
    is_trigger: impl Fn(usize) -> bool,
    is_name: impl Fn(usize) -> bool,
) -> usize {
    let mut j = from;
    while j < tokens.len() {
        let t = &tokens[j];
        let ends = t.kind == Kind::Stop
            || t.is(BECAUSE)
            || t.is(CHANGE)
            || (j > from && is_trigger(j))
            || (t.raw == "," && !(is_name(j + 1) || tokens.get(j + 1).is_some_and(|n| n.is(AND))));
        if ends {
            return j;
        }
        j += 1;
    }
    tokens.len()
}

fn position_of_last(tokens: &[Token], word: &str) -> usize {
    let first = word.split_whitespace().next().unwrap_or("");
    (0..tokens.len())
        .rev()
        .find(|&j| tokens[j].raw == first)
        .unwrap_or(0)
}
