//! Finding players and families in a message the way a host would: by the name, by a nickname
//! or a former name, by a Russian case form ("Бориса", "Катю"), and, where a name is expected,
//! by a prefix ("Quin") or one slip of the keyboard ("Bruni").

use super::translit;
use super::words::{Kind, Token};
use crate::engine::Game;

/// How a name was recognised, for the host to judge the guess.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum How {
    Exact,
    Nickname,
    FormerName,
    CaseForm,
    Prefix,
    Typo,
    /// Written in the other script or another system of transliteration (`Anya` for `Аня`,
    /// `Сергея` for `Sergey`).
    OtherScript,
}

impl How {
    pub fn describe(self) -> &'static str {
        match self {
            How::Exact => "by name",
            How::Nickname => "by nickname",
            How::FormerName => "by a former name",
            How::CaseForm => "by a case form",
            How::Prefix => "by its beginning",
            How::Typo => "by a near spelling",
            How::OtherScript => "in another script",
        }
    }
    /// Whether the match could be a coincidence worth a doubt.
    pub fn loose(self) -> bool {
        matches!(self, How::Prefix | How::Typo)
    }
}

/// A name found at token `at`, `len` tokens long.
#[derive(Clone, Debug, PartialEq)]
pub struct Hit {
    pub at: usize,
    pub len: usize,
    /// The player's current name, or the family's.
    pub name: String,
    pub family: bool,
    pub alive: bool,
    pub how: How,
    /// The words as written.
    pub written: String,
}

struct Form {
    words: Vec<String>,
    /// Each word's [`super::translit::skeleton`].
    skeletons: Vec<String>,
    name: String,
    family: bool,
    alive: bool,
    how: How,
}

/// Every name of the game in every form it is written.
pub struct Lexicon {
    forms: Vec<Form>,
}

impl Lexicon {
    pub fn new(game: &Game) -> Lexicon {
        let mut forms = Vec::new();
        let mut add = |text: &str, name: &str, family: bool, alive: bool, how: How| {
            let words: Vec<String> = super::words::tokens(text)
                .into_iter()
                .filter(Token::is_word)
                .map(|t| t.text)
                .collect();
            if !words.is_empty() {
                forms.push(Form {
                    skeletons: words.iter().map(|w| translit::skeleton(w)).collect(),
                    words,
                    name: name.to_string(),
                    family,
                    alive,
                    how,
                });
            }
        };
        let setup = &game.file().setup.players;
        for slot in &game.state().slots {
            add(&slot.name, &slot.name, false, slot.alive, How::Exact);
            // a Latin name as Russian writes it, so its case forms are found (`Пашу`)
            if !translit::is_cyrillic(&slot.name) {
                let russian = translit::to_cyrillic(&slot.name);
                add(&russian, &slot.name, false, slot.alive, How::OtherScript);
                // and as it sounds in English (`Дэна` for Dan, `Гаса` for Gus)
                if let Some(sounded) = translit::english_cyrillic(&slot.name) {
                    add(&sounded, &slot.name, false, slot.alive, How::OtherScript);
                }
            }
            for aka in setup.get(slot.id).map(|p| p.aka.as_slice()).unwrap_or(&[]) {
                add(aka, &slot.name, false, slot.alive, How::Nickname);
            }
            for old in &slot.former_names {
                add(old, &slot.name, false, slot.alive, How::FormerName);
            }
        }
        for family in &game.state().families {
            add(family, family, true, true, How::Exact);
        }
        Lexicon { forms }
    }

    /// The name at token `at` written in full, as a nickname, a former name or a case form.
    pub fn strict(&self, tokens: &[Token], at: usize) -> Option<Hit> {
        let mut best: Option<Hit> = None;
        // the spelling keys of the words from `at`, each computed once for every form
        let longest = self.forms.iter().map(|f| f.words.len()).max().unwrap_or(0);
        let keys: Vec<String> = tokens
            .iter()
            .skip(at)
            .take(longest)
            .map(|t| translit::skeleton(&t.text))
            .collect();
        for form in &self.forms {
            let n = form.words.len();
            let Some(here) = tokens.get(at..at + n) else {
                continue;
            };
            if here.iter().any(|t| t.kind != Kind::Word) {
                continue;
            }
            let same_or_spelt = |i: usize| {
                here[i].text == form.words[i]
                    || (!form.skeletons[i].is_empty() && keys.get(i) == Some(&form.skeletons[i]))
            };
            let head_same = (0..n - 1).all(same_or_spelt);
            let last = &here[n - 1].text;
            let how = if !head_same {
                continue;
            } else if *last == form.words[n - 1] {
                form.how
            } else if is_case_form(last, &form.words[n - 1]) {
                How::CaseForm
            } else if same_or_spelt(n - 1) {
                How::OtherScript
            } else {
                continue;
            };
            // the longest form wins ("Anna Maria" over "Anna"), then the exact one
            if best.as_ref().is_none_or(|b| {
                n > b.len || (n == b.len && b.how == How::CaseForm && how != How::CaseForm)
            }) {
                best = Some(hit(form, tokens, at, n, how));
            }
        }
        best
    }

    /// The name at token `at`, also by a prefix or a near spelling, where only one name fits.
    pub fn loose(&self, tokens: &[Token], at: usize) -> Option<Hit> {
        if let Some(hit) = self.strict(tokens, at) {
            return Some(hit);
        }
        let token = tokens.get(at).filter(|t| t.is_word())?;
        let word = token.text.as_str();
        let length = word.chars().count();
        if length < 3 || word.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        let prefixed = self
            .forms
            .iter()
            .filter(|f| f.words.len() == 1 && f.words[0].starts_with(word))
            .collect();
        if let Some(form) = only_one(prefixed) {
            return Some(hit(form, tokens, at, 1, How::Prefix));
        }
        let length = word.chars().count();
        let mut near: Vec<(usize, &Form)> = self
            .forms
            .iter()
            .filter(|f| f.words.len() == 1)
            // a distance is at least the difference in length: a long word is measured against
            // no name, at no cost
            .filter(|f| length.abs_diff(f.words[0].chars().count()) <= typo_allowance(&f.words[0]))
            .filter_map(|f| {
                let d = strsim::damerau_levenshtein(word, &f.words[0]);
                // a four-letter name keeps its first letter ("Vera" is not "very")
                let short = f.words[0].chars().count() <= 4;
                (d <= typo_allowance(&f.words[0])
                    && (!short || word.chars().next() == f.words[0].chars().next()))
                .then_some((d, f))
            })
            .collect();
        near.sort_by_key(|(d, _)| *d);
        let best = near.first()?.0;
        let form = only_one(
            near.iter()
                .filter(|(d, _)| *d == best)
                .map(|(_, f)| *f)
                .collect(),
        )?;
        Some(hit(form, tokens, at, 1, How::Typo))
    }

    /// A name written alone (a header's sender), by any of the ways above.
    pub fn find_in(&self, text: &str) -> Option<Hit> {
        let tokens = super::words::tokens(text);
        (0..tokens.len())
            .find_map(|i| self.strict(&tokens, i))
            .or_else(|| {
                let words: Vec<usize> =
                    (0..tokens.len()).filter(|&i| tokens[i].is_word()).collect();
                match words.as_slice() {
                    [one] => self.loose(&tokens, *one),
                    _ => None,
                }
            })
    }
}

/// The one player (or family) the forms are of, if they are all of one.
fn only_one(forms: Vec<&Form>) -> Option<&Form> {
    let first = *forms.first()?;
    forms.iter().all(|f| f.name == first.name).then_some(first)
}

fn hit(form: &Form, tokens: &[Token], at: usize, len: usize, how: How) -> Hit {
    Hit {
        at,
        len,
        name: form.name.clone(),
        family: form.family,
        alive: form.alive,
        how,
        written: tokens[at..at + len]
            .iter()
            .map(|t| t.raw.as_str())
            .collect::<Vec<_>>()
            .join(" "),
    }
}

/// How many slips a name of this length may carry and still be recognised.
fn typo_allowance(name: &str) -> usize {
    match name.chars().count() {
        0..=3 => 0,
        4..=6 => 1,
        _ => 2,
    }
}

/// A Russian case form of a name: "бориса" of "борис", "катю" of "катя", "игоря" of "игорь",
/// "kirillа" of "kirill": the name less a final vowel or soft sign, and a case ending.
fn is_case_form(word: &str, name: &str) -> bool {
    const ENDINGS: &[&str] = &[
        "а", "я", "у", "ю", "е", "ы", "и", "ой", "ей", "ом", "ем", "ою", "ею", "ым", "им",
    ];
    let word = word.replace('ё', "е");
    let name = name.replace('ё', "е");
    let stem = name
        .strip_suffix(['а', 'я', 'о', 'е', 'ь', 'й', 'ы', 'и', 'у'])
        .unwrap_or(&name);
    // (an ending typed in Latin letters, `Kirill'a`, `Kirillom`, is read as Russian writes it)
    let ends_right = |stem: &str| {
        word.strip_prefix(stem)
            .map(|ending| ending.trim_start_matches('\''))
            .map(|ending| {
                if ending.is_ascii() {
                    super::translit::to_cyrillic(ending)
                } else {
                    ending.to_string()
                }
            })
            .is_some_and(|ending| ENDINGS.contains(&ending.as_str()) && stem.chars().count() >= 2)
    };
    (ends_right(stem) || fleeting_stem(&name).is_some_and(|s| ends_right(&s))) && word != name
}

/// The stem of a name whose last vowel drops out before an ending: `лев` → `льв` (`Льва`),
/// `павел` → `павл` (`Павла`).
fn fleeting_stem(name: &str) -> Option<String> {
    const CONSONANTS: &str = "бвгджзклмнпрстфхцчшщ";
    let chars: Vec<char> = name.chars().collect();
    let [.., before, vowel, last] = chars.as_slice() else {
        return None;
    };
    if !(CONSONANTS.contains(*before) && "еоё".contains(*vowel) && CONSONANTS.contains(*last)) {
        return None;
    }
    let head: String = chars[..chars.len() - 2].iter().collect();
    let soft = if *before == 'л' { "ь" } else { "" };
    Some(format!("{head}{soft}{last}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn russian_case_forms() {
        assert!(is_case_form("бориса", "борис"));
        assert!(is_case_form("катю", "катя"));
        assert!(is_case_form("игоря", "игорь"));
        assert!(is_case_form("галину", "галина"));
        assert!(is_case_form("kirillа", "kirill"));
        assert!(is_case_form("leon'а", "leon"));
        assert!(is_case_form("kirill'a", "kirill"));
        assert!(is_case_form("kirillom", "kirill"));
        assert!(!is_case_form("борисоглебск", "борис"));
        assert!(!is_case_form("annie", "ann"));
        assert!(is_case_form("зою", "зоя"));
        assert!(is_case_form("дмитрия", "дмитрий"));
        assert!(!is_case_form("зона", "зоя"));
        assert!(is_case_form("льва", "лев"));
        assert!(is_case_form("павла", "павел"));
        assert!(is_case_form("петра", "пётр"));
        assert!(is_case_form("пашу", "паша"));
        assert!(is_case_form("сергея", "сергей"));
    }

    /// Players signed up in one script and named in the other, or in another spelling.
    #[test]
    fn names_across_scripts() {
        let game = crate::demo::demo_game().expect("demo");
        let names = Lexicon::new(&game);
        let found = |text: &str| names.find_in(text).map(|h| (h.name, h.how));
        assert_eq!(found("Бруно"), Some(("Bruno".into(), How::OtherScript)));
        assert_eq!(
            found("голосую за Бруно"),
            Some(("Bruno".into(), How::OtherScript))
        );
        assert_eq!(found("за Веру"), Some(("Vera".into(), How::CaseForm)));
        assert_eq!(found("Kira"), Some(("Kira".into(), How::Exact)));
    }

    /// A slip is found within the allowance; a word far longer than any name is measured
    /// against none (a distance is never less than the difference in length).
    #[test]
    fn slips_by_length() {
        let game = crate::demo::demo_game().expect("demo");
        let names = Lexicon::new(&game);
        let at = |text: &str| names.loose(&super::super::words::tokens(text), 0);
        assert_eq!(
            at("Brunoo").map(|h| (h.name, h.how)),
            Some(("Bruno".into(), How::Typo))
        );
        assert_eq!(
            at("Frnaco").map(|h| (h.name, h.how)),
            Some(("Franco".into(), How::Typo))
        );
        assert_eq!(at("Brunooo"), None, "two slips in a five-letter name");
        assert_eq!(at(&"b".repeat(100_000)), None);
    }

    #[test]
    fn allowances_grow_with_the_name() {
        assert_eq!(typo_allowance("Ann"), 0);
        assert_eq!(typo_allowance("bruno"), 1);
        assert_eq!(typo_allowance("moretti"), 2);
    }
}
