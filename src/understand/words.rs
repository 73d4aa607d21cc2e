//! A message as words: markup and quoted posts removed, punctuation kept where it ends a
//! sentence or a clause, and the small vocabulary every message shares whatever the roleset
//! (votes, negation, changes of mind, "myself"), in English and Russian. The abilities' own
//! words come from the roleset.

/// One word or mark of a message.
#[derive(Clone, Debug, PartialEq)]
pub struct Token {
    /// Lower case, with a possessive `'s` taken off.
    pub text: String,
    /// As written.
    pub raw: String,
    pub kind: Kind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Word,
    /// `.`, `!`, `?`, `;` or a line break: the end of a sentence.
    Stop,
    /// `,`, `:` or a dash: the end of a clause.
    Comma,
}

impl Token {
    pub fn is_word(&self) -> bool {
        self.kind == Kind::Word
    }
    pub fn is(&self, list: &[&str]) -> bool {
        self.is_word() && list.contains(&self.text.as_str())
    }

    /// Written with a possessive `'s` ("Fay's").
    pub fn is_possessive(&self) -> bool {
        self.is_word() && possessive(&self.raw)
    }
}

/// Words that withdraw a vote.
pub const UNVOTE: &[&str] = &[
    "unvote",
    "un-vote",
    "unvoting",
    "unvoted",
    "withdraw",
    "retract",
    "снимаю",
    "снять",
    "отзываю",
    "отозвать",
];
/// Beginnings of words that cast a vote.
pub const VOTE: &[&str] = &["vote", "voting", "lynch", "голос", "переголос", "против"];
/// Words that turn the next instruction around.
pub const NOT: &[&str] = &[
    "don't",
    "dont",
    "won't",
    "wont",
    "not",
    "never",
    "no",
    "не",
    "ни",
    "нельзя",
    "нет",
];
/// Words after which the player takes an earlier instruction back.
pub const CHANGE: &[&str] = &[
    "nope",
    "nah",
    "ой",
    "instead",
    "actually",
    "no",
    "нет",
    "upd",
    "edit",
    "changing",
    "switching",
    "switch",
    "change",
    "changed",
    "scratch",
    "wait",
    "correction",
    "oops",
    "rather",
    "nvm",
    "nevermind",
    "отмена",
    "отменяю",
    "отменить",
    "передумал",
    "передумала",
    "лучше",
    "вернее",
    "точнее",
    "исправляю",
    "меняю",
    "поменяй",
    "поменяю",
];
/// Words that cancel without a new instruction when nothing follows.
pub const CANCEL: &[&str] = &[
    "cancel",
    "cancelled",
    "canceled",
    "nvm",
    "nevermind",
    "отмена",
    "отменяю",
    "отменить",
];
/// Words that take a vote back when "my vote" follows ("pulling my vote", "taking my vote off
/// Pio").
pub const TAKE_BACK: &[&str] = &["pull", "pulling", "removing", "remove", "taking", "take"];
/// Words that keep a vote where it is: "family vote stays on Capone" casts nothing new.
pub const STAYS: &[&str] = &["stays", "stay", "remains", "stands", "остается", "оставляю"];
/// Words that make an instruction wait on something: "if Bob claims, vote Bob".
pub const CONDITION: &[&str] = &[
    "if",
    "unless",
    "если",
    "ежели",
    "коли",
    // "vote whoever Cid votes": someone else's choice, not a name yet
    "whoever",
    "whomever",
];
/// "instead of X", "вместо X": X is what the player does not want.
pub const INSTEAD_OF: &[&str] = &["вместо"];
/// Words that end an instruction's targets: a reason or a condition follows.
pub const BECAUSE: &[&str] = &[
    "because",
    "after",
    "until",
    "till",
    "when",
    "пока",
    "после",
    "cause",
    "cuz",
    "coz",
    "bc",
    "since",
    "as",
    "if",
    "unless",
    "but",
    "who",
    "he's",
    "she's",
    "потому",
    "так",
    "ибо",
    "т.к",
    "тк",
    "если",
    "но",
    "который",
    "которая",
    "кто",
    "а",
];
/// Words that mean the sender himself.
pub const SELF: &[&str] = &["myself", "me", "self", "себя", "себе", "сам", "сама"];
/// Words between an instruction and its target that say nothing: "vote for the player Bob".
pub const FILLER: &[&str] = &[
    "on",
    "at",
    "the",
    "a",
    "to",
    "for",
    "into",
    "in",
    "player",
    "my",
    "our",
    "against",
    "is",
    "go",
    "goes",
    "gets",
    "get",
    "в",
    "на",
    "за",
    "игрока",
    "игрок",
    "по",
    "мой",
    "моя",
    "мне",
    // "я за Кирилла тоже"
    "тоже",
    "с",
    "со",
    "свой",
    // "а я за Kirill": "and I (am) for Kirill"
    "а",
    "я",
    // "no wait, I mean Bruno"
    "i",
    "mean",
    "meant",
];
/// Words that join names in a list: "Bob and Carl", "Бориса и Вадима".
pub const AND: &[&str] = &["and", "plus", "и", "также"];
/// Change words written after the new instruction ("heal Olga instead"): they never re-aim.
pub const AFTERWARDS: &[&str] = &["instead", "rather"];

/// The tokens with every Latin word spelt in Cyrillic (`lechu` → `лечу`), or `None` when none
/// is Latin. Names read the same either way (see `translit`).
pub fn transliterated(tokens: &[Token]) -> Option<Vec<Token>> {
    let latin = |t: &Token| t.is_word() && t.text.chars().any(|c| c.is_ascii_alphabetic());
    if !tokens.iter().any(latin) {
        return None;
    }
    Some(
        tokens
            .iter()
            .map(|t| {
                if latin(t) {
                    Token {
                        text: super::translit::to_cyrillic(&t.text),
                        ..t.clone()
                    }
                } else {
                    t.clone()
                }
            })
            .collect(),
    )
}

/// Whether a word as written ends in a possessive `'s` or `’s` ("Sal's").
pub fn possessive(written: &str) -> bool {
    let lower = written.to_lowercase();
    lower.len() > 2 && (lower.ends_with("'s") || lower.ends_with("’s"))
}

/// How a game's host or a vote-counting bot signs: never a player's entry.
pub fn is_host_or_bot(name: &str) -> bool {
    const HOSTS: &[&str] = &[
        "gm",
        "host",
        "mod",
        "moderator",
        "narrator",
        "ведущий",
        "ведущая",
        "модератор",
    ];
    let lower = name.trim().to_lowercase();
    HOSTS.contains(&lower.as_str())
        || (lower.chars().count() > 3 && (lower.ends_with("bot") || lower.ends_with("бот")))
}

/// Words of a player still making up his mind: names beside them are no move of their own.
pub const HEDGE: &[&str] = &[
    "idk",
    "maybe",
    "perhaps",
    "thinking",
    "thoughts",
    "может",
    "наверное",
    "хз",
    "думаю",
    "подумаю",
    "сомневаюсь",
];

/// Words that put a new choice after a withdrawn one ("теперь Зоя", "now Kim").
pub const NOW: &[&str] = &["now", "теперь", "сейчас", "then", "тогда"];

/// Words that add names to the last instruction in a sentence of their own ("Лечу Галину. И
/// ещё Жанну.", "Heal Ann. Also Bob.").
pub const ALSO: &[&str] = &["ещё", "еще", "also", "too"];

/// Words that, after "not", say a name is not wanted ("Бориса не надо", "Bob not needed").
pub const NEEDED: &[&str] = &[
    "надо",
    "нужно",
    "нужен",
    "нужна",
    "стоит",
    "need",
    "needed",
    "necessary",
];
/// Take out what is not the player's own words: quoted posts, quoted lines, BBCode and
/// Markdown marks, control characters.
pub fn clean(text: &str) -> String {
    let text = drop_struck(&drop_quotes(text));
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with('>') {
            continue;
        }
        out.push_str(&drop_tags(line));
        out.push('\n');
    }
    out.chars()
        .map(|c| match c {
            '*' | '#' | '`' | '~' | '_' | '|' => ' ',
            c if c.is_control() && c != '\n' => ' ',
            c => c,
        })
        .collect()
}

/// Struck-out words (`[s]…[/s]`, `[strike]`, `[del]`, `~~…~~`) are taken back: "[s]лечу
/// Игоря[/s] лечу Зою" heals Зоя alone. A mark left open strikes nothing.
fn drop_struck(text: &str) -> String {
    const PAIRS: &[(&str, &str)] = &[
        ("[s]", "[/s]"),
        ("[strike]", "[/strike]"),
        ("[del]", "[/del]"),
        ("<s>", "</s>"),
        ("<del>", "</del>"),
        ("~~", "~~"),
    ];
    let lower = text.to_lowercase();
    if lower.len() != text.len() || !PAIRS.iter().any(|(open, _)| lower.contains(open)) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    // a mark whose close was once looked for in vain has none further on either: never look
    // again, so a text of a thousand open marks is read in one pass
    let mut unclosed = [false; PAIRS.len()];
    let mut i = 0;
    while i < text.len() {
        let struck = PAIRS.iter().enumerate().find_map(|(k, (open, close))| {
            (!unclosed[k] && lower[i..].starts_with(open)).then_some(())?;
            let from = i + open.len();
            let end = lower[from..]
                .find(close)
                .map(|end| from + end + close.len());
            unclosed[k] = end.is_none();
            end
        });
        match struck {
            Some(end) => {
                out.push(' ');
                i = end;
            }
            None => {
                let c = text[i..].chars().next().unwrap_or(' ');
                out.push(c);
                i += c.len_utf8();
            }
        }
    }
    out
}

/// `[quote…]…[/quote]` blocks, nested or not, are someone else's words.
fn drop_quotes(text: &str) -> String {
    let lower = text.to_lowercase();
    if !lower.contains("[quote") || lower.len() != text.len() {
        return text.to_string();
    }
    let mut out = String::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < text.len() {
        if lower[i..].starts_with("[quote") {
            depth += 1;
            i += lower[i..]
                .find(']')
                .map(|e| e + 1)
                .unwrap_or(text.len() - i);
            continue;
        }
        if lower[i..].starts_with("[/quote]") {
            depth = depth.saturating_sub(1);
            i += "[/quote]".len();
            continue;
        }
        let c = text[i..].chars().next().unwrap_or(' ');
        if depth == 0 {
            out.push(c);
        }
        i += c.len_utf8();
    }
    out
}

/// BBCode tags such as `[b]`, `[/color]`, `[url=…]`, kept apart from the words they touch.
/// Every `[` before the same `]` shares one search for it, and a tag's name is looked at no
/// further than a name can be long, so a line of many `[` costs one pass.
fn drop_tags(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = 0;
    // the first `]` at or after the last place searched from (`None`: there is none)
    let mut close = line.find(']');
    while let Some(open) = line[rest..].find('[').map(|i| rest + i) {
        out.push_str(&line[rest..open]);
        let after = open + 1;
        if close.is_some_and(|c| c < after) {
            close = line[after..].find(']').map(|i| after + i);
        }
        match close {
            Some(end) if is_tag(&line[after..end]) => {
                out.push(' ');
                rest = end + 1;
            }
            _ => {
                out.push('[');
                rest = after;
            }
        }
    }
    out.push_str(&line[rest..]);
    out
}

/// `b`, `/color`, `url=…`: a name of one to ten Latin letters, after any `/`, before any `=`.
fn is_tag(inside: &str) -> bool {
    let name = inside.trim_start_matches('/');
    let letters = name
        .bytes()
        .take_while(u8::is_ascii_alphabetic)
        .take(11)
        .count();
    (1..=10).contains(&letters) && matches!(name.as_bytes().get(letters), None | Some(b'='))
}

/// The words and marks of a cleaned text.
pub fn tokens(text: &str) -> Vec<Token> {
    let mut out = Vec::new();
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut Vec<Token>| {
        let raw = word.trim_matches(|c| c == '\'' || c == '’' || c == '-');
        if !raw.is_empty() {
            let mut text = raw.to_lowercase().replace('’', "'").replace('ё', "е");
            if let Some(stem) = text.strip_suffix("'s")
                && !stem.is_empty()
            {
                text = stem.to_string();
            }
            out.push(Token {
                text,
                raw: raw.to_string(),
                kind: Kind::Word,
            });
        }
        word.clear();
    };
    // A mark after a word; a stop outweighs a clause mark before it; nothing at the start.
    let mark = |kind: Kind, raw: char, out: &mut Vec<Token>| {
        let token = Token {
            text: raw.to_string(),
            raw: raw.to_string(),
            kind,
        };
        match out.last().map(|t| t.kind) {
            Some(Kind::Word) => out.push(token),
            Some(Kind::Comma) if kind == Kind::Stop => {
                out.pop();
                out.push(token);
            }
            _ => {}
        }
    };
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_alphanumeric() => word.push(c),
            '\'' | '’' | '-' | '.' if !word.is_empty() => {
                // inside a word ("don't", "un-vote", "т.к"), or its end
                match chars.peek() {
                    Some(n) if n.is_alphanumeric() => word.push(c),
                    _ => {
                        flush(&mut word, &mut out);
                        if c == '.' {
                            mark(Kind::Stop, c, &mut out);
                        } else if c == '-' {
                            mark(Kind::Comma, c, &mut out);
                        }
                    }
                }
            }
            '.' | '!' | '?' | ';' | '\n' => {
                flush(&mut word, &mut out);
                mark(Kind::Stop, c, &mut out);
            }
            ',' | ':' | '-' | '—' | '–' | '(' | ')' => {
                flush(&mut word, &mut out);
                mark(Kind::Comma, c, &mut out);
            }
            _ => flush(&mut word, &mut out),
        }
    }
    flush(&mut word, &mut out);
    out
}

/// Whether a word begins with one of the beginnings, and not by much more: "heal" finds
/// "heals" and "healing" but "hit" does not find "hitchhiker".
pub fn starts(word: &str, beginnings: &[impl AsRef<str>]) -> bool {
    beginnings.iter().any(|b| begins(word, b.as_ref()))
}

/// Whether a word begins with `beginning` and not by much more (see [`starts`]). It counts no
/// further into the word than the slack, so a word of a million letters costs no more.
pub fn begins(word: &str, beginning: &str) -> bool {
    if beginning.contains(' ') {
        return false;
    }
    let Some(extra) = word.strip_prefix(beginning) else {
        return false;
    };
    let slack = if beginning.chars().count() <= 3 { 4 } else { 7 };
    extra.chars().nth(slack).is_none()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn words(text: &str) -> Vec<String> {
        tokens(&clean(text))
            .into_iter()
            .map(|t| match t.kind {
                Kind::Word => t.text,
                Kind::Stop => "|".into(),
                Kind::Comma => ",".into(),
            })
            .collect()
    }

    #[test]
    fn markup_and_quotes_go() {
        assert_eq!(
            words("[quote=Bob]kill Ann[/quote][b]vote: Carl[/b]"),
            vec!["vote", ",", "carl", "|"]
        );
        assert_eq!(words("## Vote **Bob**"), vec!["vote", "bob", "|"]);
        assert_eq!(words("> heal Ann\nheal Bob"), vec!["heal", "bob", "|"]);
    }

    #[test]
    fn words_keep_their_apostrophes_and_lose_possessives() {
        assert_eq!(
            words("don't heal Bob's friend"),
            vec!["don't", "heal", "bob", "friend", "|"]
        );
        assert_eq!(words("т.к. он"), vec!["т.к", "|", "он", "|"]);
        assert_eq!(words("Ёжик — ok"), vec!["ежик", ",", "ok", "|"]);
    }

    #[test]
    fn beginnings_find_forms_but_not_longer_words() {
        assert!(begins("healing", "heal"));
        assert!(begins("стреляю", "стрел"));
        assert!(begins("арестовываю", "арест"));
        assert!(!begins("hitchhiker", "hit"));
        assert!(!begins("he", "heal"));
        assert!(begins("hitting", "hit"), "four letters more");
        assert!(!begins("hittinga", "hit"), "five letters more");
        assert!(begins("лечу", "леч"));
        assert!(!begins("heal", "heal up"));
    }

    /// Tags as they were taken out before the search for each `]` was shared: every `[` looked
    /// for its own `]`, and at the whole inside for a name.
    fn drop_tags_by_scans(line: &str) -> String {
        let mut out = String::new();
        let mut rest = line;
        while let Some(open) = rest.find('[') {
            out.push_str(&rest[..open]);
            let after = &rest[open + 1..];
            match after.find(']') {
                Some(close) if is_tag_by_scans(&after[..close]) => {
                    out.push(' ');
                    rest = &after[close + 1..];
                }
                _ => {
                    out.push('[');
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        out
    }

    fn is_tag_by_scans(inside: &str) -> bool {
        let name = inside.trim_start_matches('/');
        let name = name.split('=').next().unwrap_or("");
        !name.is_empty() && name.len() <= 10 && name.chars().all(|c| c.is_ascii_alphabetic())
    }

    #[test]
    fn tags_of_every_shape() {
        for line in [
            "[b]Bob[/b]",
            "[url=http://x]link[/url] [color=red]x[/color]",
            "[[[[b]]]]",
            "[ b] [b ] [] [/] [=x] [abcdefghij] [abcdefghijk] [é]",
            "[b [i] [/i",
            "no tags [at all",
        ] {
            assert_eq!(drop_tags(line), drop_tags_by_scans(line), "{line:?}");
        }
        assert_eq!(drop_tags("[b]Bob[/b]"), " Bob ");
        let many = format!("{}]heal Bob", "[".repeat(100_000));
        assert_eq!(drop_tags(&many), many, "no `[` here opens a tag");
    }

    proptest! {
        /// Sharing the search for each `]` changes nothing taken out.
        #[test]
        fn tags_go_as_they_went(line in "[\\[\\]/=a-zé ]{0,40}") {
            prop_assert_eq!(drop_tags(&line), drop_tags_by_scans(&line));
        }
    }
}
