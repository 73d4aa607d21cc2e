//! One message read: who sent it, what it asks for, and how sure the reading is.
//!
//! A message is a list of instructions, each started by a trigger (an ability's word from the
//! roleset, a vote or an unvote) and aimed at the names after it. Instructions the player
//! turns around ("don't heal Bob") are dropped, a later instruction replaces an earlier one of
//! the same kind ("kill Bob … change that, kill Ed"), and "change that, Ed" re-aims the last
//! one. The sender's role decides between abilities that share a word.

use super::names::{Hit, How, Lexicon};
use super::words::{
    self, AFTERWARDS, AND, BECAUSE, CANCEL, CHANGE, CONDITION, FILLER, INSTEAD_OF, Kind, NOT, SELF,
    Token,
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
    /// When it was sent, as the page or chat wrote it, where it says.
    pub time: Option<String>,
    /// The sender is the author a thread page or chat log names for the post (not a guess
    /// from a `From:` line or a signature).
    pub from_page: bool,
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
    /// Where its trigger is, and how many tokens it takes.
    at: usize,
    span: usize,
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

/// A message's tokens, with what the reading asks of them again and again found once: the
/// trigger at each token, the next trigger from each token, and where each sentence begins
/// and ends. Each such question is then one look-up, so a message is read in time linear in
/// its length however long its sentences (one sentence of 100,000 words, each word asking
/// where its sentence began, once took seconds).
struct Text<'t> {
    tokens: &'t [Token],
    /// The trigger starting at each token, and how many tokens it takes.
    triggers: Vec<Option<(Trigger, usize)>>,
    /// For each token, and for the end, the first token from there on that starts a trigger.
    next_trigger: Vec<usize>,
    /// Where the sentence holding each token begins, and one more: where the next would.
    starts: Vec<usize>,
    /// Where the sentence holding each token ends: its stop, or the end of the text.
    ends: Vec<usize>,
}

impl<'t> Text<'t> {
    fn new(reader: &Reader, tokens: &'t [Token]) -> Text<'t> {
        let n = tokens.len();
        let triggers: Vec<Option<(Trigger, usize)>> =
            (0..n).map(|i| reader.trigger(tokens, i)).collect();
        let mut next_trigger = vec![n; n + 1];
        let mut ends = vec![n; n + 1];
        for i in (0..n).rev() {
            next_trigger[i] = if triggers[i].is_some() {
                i
            } else {
                next_trigger[i + 1]
            };
            ends[i] = if tokens[i].kind == Kind::Stop {
                i
            } else {
                ends[i + 1]
            };
        }
        let mut starts = Vec::with_capacity(n + 1);
        let mut start = 0;
        for (i, token) in tokens.iter().enumerate() {
            starts.push(start);
            if token.kind == Kind::Stop {
                start = i + 1;
            }
        }
        starts.push(start);
        Text {
            tokens,
            triggers,
            next_trigger,
            starts,
            ends,
        }
    }

    /// The trigger at `i`; a ballot's name inside an action ("jail the Rossi family") is not
    /// one.
    fn trigger_in(&self, i: usize, in_act: bool) -> Option<&(Trigger, usize)> {
        self.triggers
            .get(i)?
            .as_ref()
            .filter(|(t, _)| !(in_act && matches!(t, Trigger::Vote(Some(_)))))
    }

    /// Whether a trigger starts anywhere in `from..to`.
    fn trigger_between(&self, from: usize, to: usize) -> bool {
        let to = to.min(self.tokens.len());
        self.next_trigger.get(from).is_some_and(|&j| j < to)
    }

    /// Where the sentence holding token `i` begins.
    fn sentence_start(&self, i: usize) -> usize {
        self.starts[i]
    }

    /// Where the sentence holding token `i` ends: its stop, or the end of the text.
    fn sentence_end(&self, i: usize) -> usize {
        self.ends[i.min(self.tokens.len())]
    }
}

/// Reads messages against one game at its current phase.
pub struct Reader<'g> {
    game: &'g Game,
    names: Lexicon,
    ballots: Vec<&'g BallotDef>,
    /// The words of each open ballot's name a player may call it by ("family" of "Family
    /// vote"), found once for every word of every message.
    ballot_words: Vec<Vec<String>>,
    /// Whether the phase has several ballots, so a vote line names its ballot.
    name_ballots: bool,
}

impl<'g> Reader<'g> {
    pub fn new(game: &'g Game) -> Reader<'g> {
        let roleset = game.roleset();
        let kind = game.state().phase_kind(roleset);
        let ballots = game.open_ballots();
        let ballot_words: Vec<Vec<String>> = ballots
            .iter()
            .map(|ballot| {
                ballot
                    .name
                    .to_lowercase()
                    .split_whitespace()
                    .filter(|w| !words::starts(w, words::VOTE) && w.chars().count() > 3)
                    .map(str::to_string)
                    .collect()
            })
            .collect();
        Reader {
            game,
            names: Lexicon::new(game),
            ballots,
            ballot_words,
            name_ballots: roleset.ballots.iter().filter(|b| b.open_in(kind)).count() > 1,
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
        // A page or a timed chat header names its post's author for certain, and so does a
        // host's or bot's sign: a post by someone who is no player (the host, a vote-count
        // bot) is never read as a player's entry.
        let first_head = lines
            .first()
            .and_then(|l| l.split_once(':'))
            .map(|(head, _)| head.trim().to_string())
            .filter(|head| message.sender.is_none() && words::is_host_or_bot(head));
        let certain = message.from_page
            || message.time.is_some()
            || message.sender.as_deref().is_some_and(words::is_host_or_bot);
        if sender.is_none()
            && let Some(author) = message.sender.clone().filter(|_| certain).or(first_head)
        {
            reading.suggested.push(Suggested::Undecided {
                who: Some(author.clone()),
                reason: format!(
                    "{author} is not a player: a post of the host or a bot is not entered"
                ),
            });
            return reading;
        }
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
        if let Some(dead) = sender_slot.filter(|s| !s.alive) {
            reading.suggested.push(Suggested::Undecided {
                who: Some(dead.name.clone()),
                reason: format!("{} is dead", dead.name),
            });
            return reading;
        }
        let mut tokens = tokens;
        let mut instructions = self.instructions(&Text::new(self, &tokens), &skip, sender_slot);
        // "lechu Borisa", "golosuyu za Igorya": Russian typed in Latin letters, read again in
        // Cyrillic when the letters as typed gave nothing
        if instructions.is_empty()
            && let Some(cyrillic) = words::transliterated(&tokens)
        {
            let found = self.instructions(&Text::new(self, &cyrillic), &skip, sender_slot);
            if !found.is_empty() {
                reading
                    .matched
                    .push("read as Russian typed in Latin letters".to_string());
                tokens = cyrillic;
                instructions = found;
            }
        }
        let text = Text::new(self, &tokens);
        if instructions.is_empty()
            && let Some(implied) = self.implied(&tokens, &skip, sender_slot, &mut reading)
        {
            instructions.push(implied);
        }
        if let Some(reason) = unsure(&text, &instructions, !self.ballots.is_empty()) {
            reading.suggested.push(Suggested::Undecided {
                who: sender_slot.map(|s| s.name.clone()),
                reason,
            });
            return reading;
        }
        self.decide(&tokens, instructions, sender_slot, &mut reading);
        self.ruled(&mut reading);
        reading
    }

    /// Precision first: a suggestion the rules would refuse now is a `?` naming why, never a
    /// line that `apply` would stop at. A vote the rules record without counting it (a family
    /// vote for one's own family) stays an entry with the reason among the doubts.
    fn ruled(&self, reading: &mut Reading) {
        for suggested in &mut reading.suggested {
            let Suggested::Entry(entry) = &*suggested else {
                continue;
            };
            let who = match entry {
                Entry::Act { actor, .. } => Some(actor.clone()),
                Entry::Vote { voter, .. } => Some(voter.clone()),
                _ => None,
            };
            let why = match entry {
                Entry::Act {
                    actor,
                    ability,
                    targets,
                    params,
                } => self
                    .game
                    .check_act(actor, ability, targets, params)
                    .err()
                    .map(|r| r.message),
                Entry::Vote {
                    ballot,
                    voter,
                    target,
                } => match self
                    .game
                    .check_vote(ballot.as_deref(), voter, target, false)
                {
                    Err(refusal) => Some(refusal.message),
                    // an improper vote is recorded as cast (1923 exiles a player for two), so
                    // it stays an entry, with the review naming why it will not count
                    Ok(check) => {
                        reading.doubts.extend(check.doubts);
                        None
                    }
                },
                _ => None,
            };
            if let Some(why) = why {
                let reason = format!("`{}` would not stand: {why}", super::line(suggested));
                *suggested = Suggested::Undecided { who, reason };
            }
        }
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
            if words.len() <= 4 && !words.iter().any(|&i| self.trigger(&tokens, i).is_some()) {
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
            // "it's" is "it" once the possessive "'s" is taken off
            let introduced = matches!(before(1), Some("it" | "its" | "это" | "from"))
                || (before(1) == Some("is") && matches!(before(2), Some("this" | "it")))
                || matches!(after, Some("here" | "тут" | "здесь"))
                || (after == Some("на")
                    && tokens
                        .get(i + hit.len + 1)
                        .is_some_and(|t| t.text == "связи"));
            if introduced {
                reading
                    .matched
                    .push(format!("sender {} (introduces themselves)", hit.name));
                skip[i..i + hit.len].iter_mut().for_each(|s| *s = true);
                return self.slot_id(&hit.name);
            }
        }
        None
    }

    /// Whether every word of `tokens` is one of the names `targets` found, a filler, "and", or
    /// a denial with the name it takes back ("не Kirill, а Marta").
    fn only_names(&self, tokens: &[Token], targets: &[Hit]) -> bool {
        // the tokens the names take, marked once rather than looked for among the names
        let mut named = vec![false; tokens.len()];
        for hit in targets {
            named[hit.at..hit.at + hit.len].fill(true);
        }
        (0..tokens.len()).all(|j| {
            !tokens[j].is_word()
                || tokens[j].is(FILLER)
                || tokens[j].is(AND)
                || tokens[j].is(NOT)
                || named[j]
                || is_excluded(tokens, j)
        })
    }

    /// The names of the one sentence that is "за" and names only ("за Кирилла!"), when exactly
    /// one sentence of the message is.
    fn for_sentence(&self, tokens: &[Token], skip: &[bool], sender: &Slot) -> Option<Vec<Hit>> {
        let mut found = None;
        let mut start = 0;
        while start < tokens.len() {
            let end = (start..tokens.len())
                .find(|&j| tokens[j].kind == Kind::Stop)
                .unwrap_or(tokens.len());
            let sentence = &tokens[start..end];
            let first_word = sentence.iter().find(|t| t.is_word());
            if first_word.is_some_and(|t| t.text == "за") {
                let targets = self.targets_from(tokens, skip, start, end, Some(sender), false);
                let shifted: Vec<Hit> = targets
                    .iter()
                    .map(|h| Hit {
                        at: h.at - start,
                        ..h.clone()
                    })
                    .collect();
                if !targets.is_empty() && self.only_names(sentence, &shifted) {
                    if found.is_some() {
                        return None;
                    }
                    found = Some(targets);
                }
            }
            start = end + 1;
        }
        found
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
        // "Quinn yes. Elsa idk": names talked over, not sent as a move
        if tokens.iter().any(|t| t.is(words::HEDGE)) {
            return None;
        }
        let mut targets = self.targets_from(tokens, skip, 0, tokens.len(), Some(sender), false);
        if targets.is_empty() {
            return None;
        }
        let mut only_names = self.only_names(tokens, &targets);
        if !self.ballots.is_empty()
            && !only_names
            && let Some(named) = self.for_sentence(tokens, skip, sender)
        {
            // "за Кирилла! он точно мафия": one sentence of "за" and names is the vote
            targets = named;
            only_names = true;
        }
        if !self.ballots.is_empty() && only_names {
            reading
                .doubts
                .push("no word for a vote: the names alone read as one".into());
            return Some(Instruction {
                trigger: Trigger::Vote(None),
                at: 0,
                span: 0,
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
            at: 0,
            span: 0,
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
        // "cancel my vote", "отменяю голос", "pulling my vote"
        if token.is(CANCEL) || token.is(words::TAKE_BACK) {
            let next = (i + 1..tokens.len()).find(|&j| !tokens[j].is(FILLER));
            if let Some(j) = next
                && tokens[j].is_word()
                && words::starts(&tokens[j].text, words::VOTE)
            {
                return Some((Trigger::Unvote, j + 1 - i));
            }
        }
        // "family vote stays on Capone": a vote kept, none cast
        let stays = (i + 1..tokens.len().min(i + 3)).any(|j| tokens[j].is(words::STAYS));
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
        for (ballot, names) in self.ballots.iter().zip(&self.ballot_words) {
            let named = word == ballot.id || names.iter().any(|w| words::begins(word, w));
            if named && self.name_ballots && !stays {
                return Some((Trigger::Vote(Some(ballot.id.clone())), 1));
            }
        }
        // "Fay's vote yesterday was town" speaks of a vote; it casts none
        let spoken_of =
            i > 0 && tokens[i - 1].is_possessive() && self.names.strict(tokens, i - 1).is_some();
        if words::starts(word, words::VOTE) && !spoken_of && !stays {
            return Some((Trigger::Vote(None), 1));
        }
        None
    }

    /// The instructions of a message, in order.
    fn instructions(&self, text: &Text, skip: &[bool], sender: Option<&Slot>) -> Vec<Instruction> {
        let tokens = text.tokens;
        let mut out: Vec<Instruction> = Vec::new();
        let mut changed = false;
        // names before a trigger are looked for from here: the end of the last clause
        let mut floor = 0;
        let mut i = 0;
        while i < tokens.len() {
            if skip[i] {
                i += 1;
                continue;
            }
            let in_act = act_in_sentence(&out, text, i);
            let Some((trigger, span)) = text.trigger_in(i, in_act).cloned() else {
                if let Some(revote) = self.revoted(text, skip, i, &out, sender) {
                    i = text.sentence_end(i);
                    floor = i;
                    out.push(revote);
                    continue;
                }
                if tokens[i].is(words::ALSO)
                    && let Some(end) = self.added(text, skip, i, &mut out, sender)
                {
                    i = end;
                    floor = end;
                    continue;
                }
                if tokens[i].is(CHANGE) {
                    changed = true;
                    match self.reaimed(text, skip, i, &out, sender) {
                        Ok(reaimed) => {
                            i = text.sentence_end(i);
                            floor = i;
                            out.push(reaimed);
                            changed = false;
                        }
                        Err(next) => i = next,
                    }
                    continue;
                }
                i += 1;
                continue;
            };
            // "vote: against Bob", "голос против Бориса", "проверяю роль": one instruction
            let joined = out.pop_if(|prev| {
                same_kind(&prev.trigger, &trigger)
                    && only_fillers_between(tokens, prev.at + prev.span, i)
            });
            // "paperboy action: I want Nico to learn Kira's role": a second word for the same
            // action looks back to the first for its names
            // ("не лечу Бориса, лечу Вадима": a denied one does not lend its names)
            if joined.is_none()
                && let Some(prev) = out.last()
                && !prev.negated
                && same_kind(&prev.trigger, &trigger)
                && text.sentence_start(i) <= prev.at
            {
                floor = prev.at + prev.span;
            }
            let (trigger, at, negated, replaces, word) = match joined {
                Some(prev) => {
                    // the words of the instruction so far, then the rest up to this trigger's
                    // end: a chain of joined words is written out once, not once per link
                    let mut word = prev.word;
                    for t in &tokens[prev.at + prev.span..i + span] {
                        word.push(' ');
                        word.push_str(&t.raw);
                    }
                    (
                        merge(prev.trigger, trigger),
                        prev.at,
                        prev.negated,
                        prev.replaces,
                        word,
                    )
                }
                None => (
                    trigger,
                    i,
                    negated_before(tokens, i),
                    changed,
                    tokens[i..i + span]
                        .iter()
                        .map(|t| t.raw.as_str())
                        .collect::<Vec<_>>()
                        .join(" "),
                ),
            };
            let in_act = matches!(trigger, Trigger::Act(_));
            let end = self.clause_end(text, i + span, in_act);
            let (targets, earlier) = self.aimed(
                text,
                skip,
                floor.max(text.sentence_start(at)),
                at,
                i + span,
                end,
                sender,
                in_act,
            );
            out.push(Instruction {
                trigger,
                at,
                span: i + span - at,
                word,
                targets,
                earlier,
                negated,
                replaces,
            });
            changed = false;
            floor = end;
            i += span;
        }
        self.cancelled(tokens, &mut out);
        out
    }

    /// "change that, Ed", "нет, лучше Вадима": names after a change of mind, with no trigger
    /// before the sentence ends, re-aim the last instruction.
    ///
    /// Without a re-aim, the token to read on from. Past the change of mind, up to its first
    /// name, are only change words, "not", fillers and marks, and each change word among them
    /// would look at that same name and fail the same way: reading on from the name (or the
    /// sentence's end) keeps "no, no, no, … Ed" from being looked over once per "no".
    fn reaimed(
        &self,
        text: &Text,
        skip: &[bool],
        i: usize,
        out: &[Instruction],
        sender: Option<&Slot>,
    ) -> Result<Instruction, usize> {
        let tokens = text.tokens;
        if tokens[i].is(AFTERWARDS) {
            return Err(i + 1);
        }
        let Some(last) = out.last() else {
            return Err(i + 1);
        };
        let end = text.sentence_end(i);
        if text.trigger_between(i + 1, end) {
            return Err(i + 1);
        }
        let Some(first) = (i + 1..end).find(|&j| {
            !(tokens[j].kind == Kind::Comma
                || tokens[j].is(CHANGE)
                || tokens[j].is(NOT)
                || tokens[j].is(FILLER)
                || tokens[j].is(&["that", "it", "this", "это"]))
        }) else {
            return Err(end);
        };
        if self.names.loose(tokens, first).is_none() {
            return Err(first);
        }
        let in_act = matches!(last.trigger, Trigger::Act(_));
        // "Хотя нет, Бориса не надо, только Вадима": a clause of names not wanted gives way
        // to the next clause of the sentence
        let sentence_end = text.sentence_end(first);
        let mut from = first;
        let targets = loop {
            let end = self.clause_end(text, from, in_act);
            let targets = self.targets_from(tokens, skip, from, end, sender, in_act);
            if !targets.is_empty() {
                break targets;
            }
            let named = (from..end).any(|j| self.names.strict(tokens, j).is_some());
            if !named || end >= sentence_end || tokens[end].kind != Kind::Comma {
                return Err(first);
            }
            from = end + 1;
        };
        // "wait, not Elsa, Xena", "scratch Ida, make it Vera": the names turned down were
        // among the instruction's, and as many new ones take their places; the rest stay
        let unwanted: Vec<&str> = (first..sentence_end)
            .filter(|&j| is_excluded(tokens, j))
            .filter_map(|j| self.names.strict(tokens, j))
            .filter_map(|hit| {
                last.targets
                    .iter()
                    .chain(&last.earlier)
                    .find(|t| t.name == hit.name)
                    .map(|t| t.name.as_str())
            })
            .collect();
        if !unwanted.is_empty() && unwanted.len() == targets.len() {
            let mut new = targets.into_iter();
            let mut swap = |list: &[Hit]| -> Vec<Hit> {
                list.iter()
                    .map(|t| match unwanted.contains(&t.name.as_str()) {
                        true => new.next().unwrap_or_else(|| t.clone()),
                        false => t.clone(),
                    })
                    .collect()
            };
            let (targets, earlier) = (swap(&last.targets), swap(&last.earlier));
            return Ok(Instruction {
                targets,
                earlier,
                negated: false,
                replaces: true,
                ..last.clone()
            });
        }
        Ok(Instruction {
            targets,
            earlier: Vec::new(),
            negated: false,
            replaces: true,
            ..last.clone()
        })
    }

    /// "unvoting Capone. Moretti instead", "голос с Марты снимаю. теперь Зоя": after an unvote,
    /// a sentence that opens with names and a "now" or "instead", and nothing else before its
    /// first mark, is the new vote.
    fn revoted(
        &self,
        text: &Text,
        skip: &[bool],
        i: usize,
        out: &[Instruction],
        sender: Option<&Slot>,
    ) -> Option<Instruction> {
        let tokens = text.tokens;
        let last = out.last().filter(|l| !l.negated)?;
        if !matches!(last.trigger, Trigger::Unvote) || text.sentence_start(i) != i || i <= last.at {
            return None;
        }
        let end = (i..tokens.len())
            .find(|&j| tokens[j].kind != Kind::Word)
            .unwrap_or(tokens.len());
        let targets = self.targets_from(tokens, skip, i, end, sender, false);
        let named: usize = targets.iter().map(|h| h.len).sum();
        let now = (i..end)
            .filter(|&j| tokens[j].is(words::NOW) || tokens[j].is(AFTERWARDS))
            .count();
        let fillers = (i..end).filter(|&j| tokens[j].is(FILLER)).count();
        if targets.is_empty() || now == 0 || named + now + fillers != end - i {
            return None;
        }
        Some(Instruction {
            trigger: Trigger::Vote(None),
            at: i,
            span: 0,
            word: tokens[i..end]
                .iter()
                .map(|t| t.raw.as_str())
                .collect::<Vec<_>>()
                .join(" "),
            targets,
            earlier: Vec::new(),
            negated: false,
            replaces: false,
        })
    }

    /// "И ещё Жанну.", "Also Bob.": a sentence of an "also" and names only adds them to the
    /// last action's names. Returns the sentence's end when it did.
    fn added(
        &self,
        text: &Text,
        skip: &[bool],
        i: usize,
        out: &mut [Instruction],
        sender: Option<&Slot>,
    ) -> Option<usize> {
        let tokens = text.tokens;
        let last = out.last_mut().filter(|l| !l.negated)?;
        if !matches!(last.trigger, Trigger::Act(_)) || text.sentence_start(i) <= last.at {
            return None;
        }
        let start = text.sentence_start(i);
        let end = text.sentence_end(i);
        let only_and_also = (start..i).all(|j| tokens[j].is(AND) || tokens[j].is(words::ALSO));
        if !only_and_also || text.trigger_between(i + 1, end) {
            return None;
        }
        let names = self.targets_from(tokens, skip, i + 1, end, sender, true);
        let named: usize = names.iter().map(|h| h.len).sum();
        let words = (i + 1..end)
            .filter(|&j| tokens[j].is_word() && !tokens[j].is(AND) && !tokens[j].is(FILLER))
            .count();
        if names.is_empty() || named < words {
            return None;
        }
        last.targets.extend(names);
        Some(end)
    }

    /// A "cancel" after the last instruction, with nothing after it, takes that instruction
    /// back. A vote cast and taken back in one message leaves nothing to enter: whether an
    /// earlier vote of the sender's stands, the message does not say ("vote Hugo. oh wait he
    /// died. nvm"), so the host is asked; "cancel my vote" is an unvote of its own.
    fn cancelled(&self, tokens: &[Token], out: &mut [Instruction]) {
        let Some(c) = (0..tokens.len()).rev().find(|&j| tokens[j].is(CANCEL)) else {
            return;
        };
        let Some(last) = out.last_mut() else {
            return;
        };
        if last.negated || c < last.at + last.span {
            return;
        }
        last.negated = true;
    }

    /// The targets of a trigger: the names after it in its clause, and the names before it
    /// from `floor` ("Бориса проверяю", "I want Nico to learn Kira's role"). With neither, the
    /// names of the next sentence if it has no trigger ("Boss action" / "Target: Mia").
    #[allow(clippy::too_many_arguments)]
    fn aimed(
        &self,
        text: &Text,
        skip: &[bool],
        floor: usize,
        at: usize,
        from: usize,
        end: usize,
        sender: Option<&Slot>,
        in_act: bool,
    ) -> (Vec<Hit>, Vec<Hit>) {
        let tokens = text.tokens;
        let after = self.targets_from(tokens, skip, from, end, sender, in_act);
        let mut before = Vec::new();
        let mut j = floor;
        while j < at {
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
        if !after.is_empty() {
            return (after, before);
        }
        if !before.is_empty() {
            return (before, Vec::new());
        }
        if tokens.get(end).is_some_and(|t| t.kind == Kind::Stop) {
            let next_end = text.sentence_end(end + 1);
            if !text.trigger_between(end + 1, next_end) {
                let next = self.targets_from(tokens, skip, end + 1, next_end, sender, in_act);
                return (next, Vec::new());
            }
        }
        (Vec::new(), Vec::new())
    }

    /// The names from `from` to `end`. Where a name is expected (right after the trigger, a
    /// filler word, a name or an "and") it may be a loose match, a prefix or a slip; elsewhere
    /// it must be written as a name. "myself" where a first name is expected is the sender
    /// (a name left empty when the sender is not known yet).
    fn targets_from(
        &self,
        tokens: &[Token],
        skip: &[bool],
        from: usize,
        end: usize,
        sender: Option<&Slot>,
        in_act: bool,
    ) -> Vec<Hit> {
        let mut out = Vec::new();
        let mut j = from;
        let mut expected = true;
        let mut after_name = false;
        while j < end {
            let token = &tokens[j];
            if skip[j] || is_excluded(tokens, j) {
                j += 1;
                expected = false;
                continue;
            }
            if token.kind != Kind::Word || self.is_filler(token, in_act) {
                j += 1;
                expected = true;
                after_name &= token.kind == Kind::Word && !token.is(AND);
                continue;
            }
            if expected && !after_name && token.is(SELF) {
                out.push(Hit {
                    at: j,
                    len: 1,
                    name: sender.map(|s| s.name.clone()).unwrap_or_default(),
                    family: false,
                    alive: sender.is_none_or(|s| s.alive),
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
                    after_name = true;
                    out.push(hit);
                }
                None => {
                    j += 1;
                    expected = false;
                    after_name = false;
                }
            }
        }
        out
    }

    /// Words that say nothing between a trigger and its names; inside an action, a ballot's
    /// name too ("my councilor votes: family Rossi, player Tess").
    fn is_filler(&self, token: &Token, in_act: bool) -> bool {
        token.is(FILLER)
            || token.is(AND)
            || (in_act
                && self
                    .ballots
                    .iter()
                    .any(|b| b.id == token.text || words::begins(&token.text, &b.id)))
    }

    /// Where an instruction's clause ends: a sentence end, a reason ("because"), a change of
    /// mind, the next trigger, or, once a name was given, a mark not followed by a list of
    /// names ("heal Bob, Carl" goes on; "cancel Ida, Mia already used hers" does not).
    fn clause_end(&self, text: &Text, from: usize, in_act: bool) -> usize {
        let tokens = text.tokens;
        let mut named = false;
        // every name so far is one not wanted: "не в Бориса, а в Анну" goes on past its "а"
        let mut only_unwanted = true;
        let mut j = from;
        while j < tokens.len() {
            let t = &tokens[j];
            let contrast = named && only_unwanted && t.text == "а";
            let ends = t.kind == Kind::Stop
                || (t.is(BECAUSE) && !contrast)
                || t.is(CHANGE)
                || (j > from && text.trigger_in(j, in_act).is_some())
                || (t.kind == Kind::Comma && named && !self.list_goes_on(tokens, j + 1, in_act));
            if ends {
                return j;
            }
            if let Some(hit) = self.names.strict(tokens, j) {
                named = true;
                only_unwanted &= is_excluded(tokens, j);
                j += hit.len;
                continue;
            }
            j += 1;
        }
        tokens.len()
    }

    /// Whether a list of names goes on at `j`: a name (after filler words) that ends its clause
    /// or is followed by another mark or "and".
    fn list_goes_on(&self, tokens: &[Token], j: usize, in_act: bool) -> bool {
        let Some(k) = (j..tokens.len()).find(|&k| !self.is_filler(&tokens[k], in_act)) else {
            return false;
        };
        let Some(hit) = self.names.loose(tokens, k) else {
            return false;
        };
        tokens
            .get(k + hit.len)
            .is_none_or(|t| t.kind != Kind::Word || t.is(AND) || t.is(CHANGE) || t.is(BECAUSE))
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
        let targets = self.fit_targets(ability, &actor.name, ins, reading)?;
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
        actor: &str,
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
        // "deliver Sal's role to Elsa": the one whose role is revealed is written possessive,
        // and is the second target whatever the order of the words
        if matches!(ability.effect, crate::rules::Effect::RevealRole)
            && let [first, second] = players.as_mut_slice()
            && words::possessive(&first.written)
            && !words::possessive(&second.written)
        {
            std::mem::swap(first, second);
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
            if hit.name.is_empty() {
                out.push(actor.to_string());
                continue;
            }
            if !hit.alive {
                return Err(format!("{} is dead", hit.name));
            }
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
            if !hit.alive {
                return undecided(format!("{} is dead", hit.name));
            }
            self.note_target(hit, reading);
            let target = if hit.name.is_empty() {
                voter.name.clone()
            } else {
                hit.name.clone()
            };
            out.push((
                key,
                Suggested::Entry(Entry::Vote {
                    ballot: self.ballot_word(ballot),
                    voter: voter.name.clone(),
                    target,
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
    let mut parts = phrase.split_whitespace().peekable();
    let mut n = 0;
    while let Some(part) = parts.next() {
        let token = tokens.get(i + n).filter(|t| t.is_word())?;
        let fits = if parts.peek().is_some() {
            token.text == part
        } else {
            words::begins(&token.text, part)
        };
        if !fits {
            return None;
        }
        n += 1;
    }
    (n > 0).then_some(n)
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

/// Why the message's last instruction is none yet, if it is not: it waits on a condition ("if
/// Bob claims, vote Bob") or is asked ("vote Bob?"). Precision first: such a message is a `?`.
/// Only an instruction that names someone and could be entered now counts (a vote while a
/// ballot is open: "if she is black, tomorrow I vote against her" in a night PM is no vote),
/// and only a vote can be asked: "is Kira mafia?" is how a detective investigates.
fn unsure(text: &Text, instructions: &[Instruction], votes_open: bool) -> Option<String> {
    let is_vote = |i: &Instruction| matches!(i.trigger, Trigger::Vote(_) | Trigger::Unvote);
    let last = instructions
        .iter()
        .rev()
        .find(|i| !i.negated && !i.targets.is_empty() && (votes_open || !is_vote(i)))?;
    let tokens = text.tokens;
    let (start, end) = (text.sentence_start(last.at), text.sentence_end(last.at));
    let asked = tokens
        .get(end)
        .is_some_and(|t| t.kind == Kind::Stop && t.raw.contains('?'));
    // "can I heal the same person twice? thinking Tess": the names come after the question
    if asked && last.targets.iter().all(|t| t.at >= end) {
        return Some(format!("`{}` is asked, not said", last.word));
    }
    if let Some(word) = tokens.get(start..end)?.iter().find(|t| t.is(CONDITION)) {
        return Some(format!(
            "`{}`: a condition, not an instruction yet",
            word.raw
        ));
    }
    (is_vote(last) && asked).then(|| format!("`{}` is asked, not said", last.word))
}

/// Names right after "not", "instead of" or "вместо" are what the player does not want, also
/// with a word or two between ("не за Kirill", "not for Kim").
fn is_excluded(tokens: &[Token], j: usize) -> bool {
    let fillers = (1..=2)
        .take_while(|&n| {
            j.checked_sub(n)
                .is_some_and(|k| tokens[k].is_word() && tokens[k].is(FILLER))
        })
        .count();
    let at = j - fillers;
    let before = |n: usize| at.checked_sub(n).map(|k| &tokens[k]);
    // "Бориса не надо", "Bob not needed": not wanted, said after the name
    let not_needed = tokens.get(j + 1).is_some_and(|t| t.is(NOT))
        && tokens.get(j + 2).is_some_and(|t| t.is(words::NEEDED));
    // "moving my vote from Lea to Kim", "scratch Ida"
    let moved_from = before(1).is_some_and(|t| matches!(t.text.as_str(), "from" | "scratch"));
    not_needed
        || moved_from
        || before(1).is_some_and(|t| t.is(NOT) || t.is(INSTEAD_OF))
        || (before(1).is_some_and(|t| t.text == "of")
            && before(2).is_some_and(|t| t.text == "instead"))
}

/// Whether the last instruction is an action in the sentence of token `i`.
fn act_in_sentence(out: &[Instruction], text: &Text, i: usize) -> bool {
    out.last().is_some_and(|last| {
        matches!(last.trigger, Trigger::Act(_)) && text.sentence_start(i) <= last.at
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Text` answers as the scans it replaces: where a token's sentence begins and ends, and
    /// whether a trigger starts between two tokens.
    #[test]
    fn text_look_ups_are_the_scans_they_replace() {
        let game = crate::demo::demo_game().expect("demo");
        let reader = Reader::new(&game);
        for message in [
            "",
            ".",
            "heal Dino. vote, Bruno!\n\nno wait; kill Franco and Sal",
            "Dino Bruno. . cancel my vote; guard",
            "I want Nico to learn Kira's role",
        ] {
            let tokens = words::tokens(&words::clean(message));
            let text = Text::new(&reader, &tokens);
            let n = tokens.len();
            let stop = |j: usize| tokens[j].kind == Kind::Stop;
            for i in 0..=n {
                let start = (0..i).rev().find(|&j| stop(j)).map_or(0, |j| j + 1);
                let end = (i..n).find(|&j| stop(j)).unwrap_or(n);
                assert_eq!(text.sentence_start(i), start, "{message:?}, token {i}");
                assert_eq!(text.sentence_end(i), end, "{message:?}, token {i}");
                assert_eq!(
                    text.trigger_in(i, false),
                    reader.trigger(&tokens, i).as_ref(),
                    "{message:?}, token {i}"
                );
                for to in i..=n + 1 {
                    let any = (i..to).any(|j| reader.trigger(&tokens, j).is_some());
                    assert_eq!(text.trigger_between(i, to), any, "{message:?}, {i}..{to}");
                }
            }
        }
    }

    /// A phrase of several words is found where it is written, its last word by its
    /// beginning, and nowhere else.
    #[test]
    fn phrases_are_found_word_by_word() {
        let tokens = words::tokens("I will watch over Bob, watching him");
        assert_eq!(phrase_at(&tokens, 2, "watch over"), Some(2));
        assert_eq!(phrase_at(&tokens, 2, "watch overs"), None);
        assert_eq!(phrase_at(&tokens, 6, "watch"), Some(1));
        assert_eq!(phrase_at(&tokens, 6, "watch over"), None);
        assert_eq!(phrase_at(&tokens, 7, "him too"), None);
        assert_eq!(phrase_at(&tokens, 4, "bob"), Some(1));
        assert_eq!(phrase_at(&tokens, 5, "bob"), None, "a comma is no word");
        assert_eq!(phrase_at(&tokens, 9, "bob"), None, "past the end");
    }
}
