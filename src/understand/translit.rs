//! Names across scripts. Players sign up as `Sergey` and are named `Сергея`, or sign up as
//! `Аня` while the host types `anya` on a Latin keyboard. Two ways to compare:
//!
//! - [`skeleton`]: a Latin key that the usual spellings of one name share, whatever the system
//!   (GOST, BGN/PCGN, the passport's, or what players type): `Дмитрий`, `Dmitriy`, `Dmitrii` and
//!   `Dmitry` all give `dmitry`; `Аня`, `Anya`, `Ania` and `Anja` give `anya`.
//! - [`to_cyrillic`]: a Latin name as Russian writes it (`Pasha` → `паша`), so the Russian case
//!   forms of a Latin nickname (`Пашу`, `Сергея`) are found as those of a Russian name are.

/// The Latin letters of one Cyrillic letter, in the spelling most players type.
fn latin_of(c: char) -> Option<&'static str> {
    Some(match c {
        'а' => "a",
        'б' => "b",
        'в' => "v",
        'г' | 'ґ' => "g",
        'д' => "d",
        'е' | 'ё' | 'э' | 'є' => "e",
        'ж' => "zh",
        'з' => "z",
        'и' | 'і' => "i",
        'ї' => "yi",
        'й' | 'ы' => "y",
        'к' => "k",
        'л' => "l",
        'м' => "m",
        'н' => "n",
        'о' => "o",
        'п' => "p",
        'р' => "r",
        'с' => "s",
        'т' => "t",
        'у' => "u",
        'ф' => "f",
        'х' => "kh",
        'ц' => "ts",
        'ч' => "ch",
        'ш' => "sh",
        'щ' => "shch",
        'ъ' | 'ь' => "",
        'ю' => "yu",
        'я' => "ya",
        _ => return None,
    })
}

/// Lower-case Latin letters for a word in either script; other characters are kept.
pub fn to_latin(word: &str) -> String {
    let mut out = String::with_capacity(word.len());
    for c in word.chars().flat_map(char::to_lowercase) {
        match latin_of(c) {
            Some(latin) => out.push_str(latin),
            None => out.push(c),
        }
    }
    out
}

/// The key the spellings of one name share (see the module's documentation). Only letters
/// count; a word of no letters has an empty key, which matches nothing.
pub fn skeleton(word: &str) -> String {
    let latin: String = to_latin(word)
        .chars()
        .filter(|c| c.is_alphabetic())
        .collect();
    let mut s = latin;
    // letter groups several systems write differently, the longest first
    for (from, to) in [
        ("shch", "sch"),
        ("iya", "ya"),
        ("ija", "ya"),
        ("kh", "h"),
        ("x", "ks"),
        ("ck", "k"),
        ("w", "v"),
        ("ja", "ya"),
        ("ju", "yu"),
        ("jo", "yo"),
        ("je", "ye"),
        ("ia", "ya"),
        ("iu", "yu"),
    ] {
        if s.contains(from) {
            s = s.replace(from, to);
        }
    }
    // Fyodor and Fedor; a name's first `yo` stays (Jon is not Ann's `энн`)
    if let Some(at) = s.get(1..).and_then(|rest| rest.find("yo")) {
        let tail = s[at + 1..].replace("yo", "e");
        s = format!("{}{tail}", &s[..at + 1]);
    }
    // a name's end: Dmitriy, Dmitrii, Dmitry; Sergei, Sergey
    for (from, to) in [
        ("iy", "y"),
        ("ii", "y"),
        ("yi", "y"),
        ("ei", "ey"),
        ("ai", "ay"),
    ] {
        if let Some(stem) = s.strip_suffix(from) {
            s = format!("{stem}{to}");
            break;
        }
    }
    // Yekaterina and Ekaterina, Yelena and Elena
    if let Some(rest) = s.strip_prefix("ye") {
        s = format!("e{rest}");
    }
    // Doubled letters stay: `Brunoo` is a slip of the keyboard (found as one where a name is
    // expected), not another spelling of `Bruno`.
    s
}

/// A Latin name as Russian writes it, lower case: `pasha` → `паша`, `sergey` → `сергей`,
/// `denis` → `денис`. Letters it cannot place are kept, so the result is never matched by
/// accident against a Russian word.
pub fn to_cyrillic(word: &str) -> String {
    let lower = word.to_lowercase();
    let chars: Vec<char> = lower.chars().collect();
    let mut out = String::with_capacity(word.len() * 2);
    let mut i = 0;
    // (an э is a vowel put in by [`english_cyrillic`])
    let vowel = |c: Option<&char>| c.is_some_and(|c| "aeiouyэ".contains(*c));
    while i < chars.len() {
        let rest: String = chars[i..chars.len().min(i + 4)].iter().collect();
        let (cyrillic, used) = if rest.starts_with("shch") {
            ("щ", 4)
        } else if rest.starts_with("sch") {
            ("щ", 3)
        } else if rest.starts_with("zh") {
            ("ж", 2)
        } else if rest.starts_with("kh") {
            ("х", 2)
        } else if rest.starts_with("ch") {
            ("ч", 2)
        } else if rest.starts_with("sh") {
            ("ш", 2)
        } else if rest.starts_with("ts") || rest.starts_with("tz") {
            ("ц", 2)
        } else if rest.starts_with("ya") || (rest.starts_with("ia") && i > 0) {
            ("я", 2)
        } else if rest.starts_with("yu") || (rest.starts_with("iu") && i > 0) {
            ("ю", 2)
        } else if rest.starts_with("yo") {
            ("ё", 2)
        } else if rest.starts_with("ye") {
            ("е", 2)
        } else {
            let c = chars[i];
            let one = match c {
                'a' => "а",
                'b' => "б",
                'v' | 'w' => "в",
                'g' => "г",
                'd' => "д",
                'e' => "е",
                'z' => "з",
                'i' => "и",
                // after a vowel or at the end, a `y` is a й (Sergey, Andrey); else ы or и
                'y' if i > 0 && vowel(chars.get(i - 1)) => "й",
                'y' => "и",
                // an English name's J is Russian дж (Jon → Джон); elsewhere a й
                'j' if i == 0 => "дж",
                'j' => "й",
                'k' | 'q' => "к",
                // Cid, Cecil, Lucy: a c before e, i or y sounds с
                'c' if matches!(chars.get(i + 1), Some('e' | 'i' | 'y')) => "с",
                'c' => "к",
                // Olga, Helga, Alfred: an l before a consonant is soft
                'l' if chars
                    .get(i + 1)
                    .is_some_and(|n| n.is_ascii_alphabetic() && !"aeiouyl".contains(*n)) =>
                {
                    "ль"
                }
                'l' => "л",
                'm' => "м",
                'n' => "н",
                'o' => "о",
                'p' => "п",
                'r' => "р",
                's' => "с",
                't' => "т",
                'u' => "у",
                'f' => "ф",
                'h' => "х",
                'x' => "кс",
                _ => {
                    out.push(c);
                    i += 1;
                    continue;
                }
            };
            (one, 1)
        };
        out.push_str(cyrillic);
        i += used;
    }
    out
}

/// A Latin name as Russian writes its English sound, where that differs from the letters:
/// the `a` and `u` of a closed syllable are э and а (Dan → дэн, Gus → гас, Hal → хэл) and a
/// final `ay` is эй (Fay → фэй). `None` when the name has none of them, or is Cyrillic.
pub fn english_cyrillic(word: &str) -> Option<String> {
    if is_cyrillic(word) {
        return None;
    }
    let chars: Vec<char> = word.to_lowercase().chars().collect();
    let vowel = |c: Option<&char>| c.is_some_and(|c| "aeiouy".contains(*c));
    let mut sounded = String::with_capacity(word.len());
    let mut changed = false;
    for (i, &c) in chars.iter().enumerate() {
        let next = chars.get(i + 1);
        let closed =
            next.is_some_and(|n| n.is_alphabetic() && !vowel(Some(n))) && !vowel(chars.get(i + 2));
        let final_ay = c == 'a' && next == Some(&'y') && i + 2 == chars.len();
        let sound = match c {
            'a' if closed || final_ay => 'э',
            'u' if closed => 'а',
            other => other,
        };
        changed |= sound != c;
        sounded.push(sound);
    }
    changed.then(|| to_cyrillic(&sounded))
}

/// Is the word written in Cyrillic letters (its first letter is)?
pub fn is_cyrillic(word: &str) -> bool {
    word.chars()
        .find(|c| c.is_alphabetic())
        .is_some_and(|c| latin_of(c.to_lowercase().next().unwrap_or(c)).is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_name_spelled_by_several_systems_has_one_skeleton() {
        for group in [
            &["Дмитрий", "Dmitriy", "Dmitrii", "Dmitry"][..],
            &["Аня", "Anya", "Ania", "Anja"],
            &["Сергей", "Sergey", "Sergei"],
            &["Екатерина", "Ekaterina", "Yekaterina"],
            &["Жанна", "Zhanna"],
            &["Кирилл", "Kirill"],
            &["Мария", "Maria", "Mariya", "Marija"],
            &["Фёдор", "Fyodor", "Fedor"],
            &["Александр", "Aleksandr", "Alexandr"],
            &["Юлия", "Yulia", "Yuliya", "Julia"],
            &["Михаил", "Mikhail", "Mihail"],
        ] {
            let first = skeleton(group[0]);
            for spelling in group {
                assert_eq!(skeleton(spelling), first, "{spelling} against {}", group[0]);
            }
        }
    }

    #[test]
    fn different_names_keep_different_skeletons() {
        for (a, b) in [
            ("Anna", "Anya"),
            ("Igor", "Egor"),
            ("Boris", "Doris"),
            ("Ivy", "Eva"),
            ("Jonn", "Энн"),
        ] {
            assert_ne!(skeleton(a), skeleton(b), "{a} and {b}");
        }
        assert_eq!(skeleton("123"), "");
    }

    #[test]
    fn latin_names_as_russian_writes_them() {
        assert_eq!(to_cyrillic("Pasha"), "паша");
        assert_eq!(to_cyrillic("Sergey"), "сергей");
        assert_eq!(to_cyrillic("Denis"), "денис");
        assert_eq!(to_cyrillic("Zhenya"), "женя");
        assert_eq!(to_cyrillic("Lev"), "лев");
        assert_eq!(to_cyrillic("Jon"), "джон");
        assert!(is_cyrillic("Сергей"));
        assert_eq!(english_cyrillic("Dan").as_deref(), Some("дэн"));
        assert_eq!(english_cyrillic("Gus").as_deref(), Some("гас"));
        assert_eq!(english_cyrillic("Hal").as_deref(), Some("хэл"));
        assert_eq!(english_cyrillic("Fay").as_deref(), Some("фэй"));
        assert_eq!(english_cyrillic("Danny").as_deref(), Some("дэнни"));
        assert_eq!(english_cyrillic("Sara"), None);
        assert_eq!(english_cyrillic("Kim"), None);
        assert_eq!(english_cyrillic("Дэн"), None);
        assert!(!is_cyrillic("Sergey"));
    }
}
