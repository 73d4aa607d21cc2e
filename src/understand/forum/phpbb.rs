//! phpBB 3.x with the prosilver style, in the English and the Russian locale, as a browser copies
//! a `viewtopic.php` page.
//!
//! Sources (facts only: the order of the elements and their labels):
//! - github:phpbb/phpbb, `phpBB/styles/prosilver/template/viewtopic_body.html` on the 3.3.x and
//!   3.0.x branches: in 3.1 and later each post is the profile (`dl.postprofile`: the author,
//!   the rank, `Posts: N`, `Joined: date`, custom fields), then the subject (`h3`), the post
//!   buttons (icons whose hidden text is Edit, Delete, Report, Warn, Information, Quote), the
//!   author line `p.author` (the hidden text `Post`, then `{POST_BY_AUTHOR} NAME » date`), the
//!   content, the edit notice, the signature (a `div.signature` set off by a CSS border only:
//!   no text separates it) and `back2top` (hidden text `Top`). In 3.0 the post buttons and the
//!   subject come first, then the author line (the `Post` icon is an image without text), the
//!   content, the notices, the signature, then the profile, then the `Top` link.
//! - `phpBB/language/en/common.php` and `viewtopic.php` (3.3.x): `POST` = Post, `UNREAD_POST` =
//!   Unread post, `POST_BY_AUTHOR` = by, `BACK_TO_TOP` = Top, `POSTS` = Posts, `JOINED` =
//!   Joined, `WROTE` = wrote, `EDITED_TIMES_TOTAL` = "Last edited by NAME on DATE, edited N
//!   time(s) in total.", `REASON` = Reason, the relative dates `Today`, `Yesterday`, `N minutes
//!   ago`, the default date `D M d, Y g:i a`.
//! - `phpBB/styles/prosilver/template/bbcode.html` (3.3.x): a quote is a `blockquote` whose
//!   `cite` reads `NAME wrote:` followed, for a quote made with the Quote button, by the quoted
//!   post's date; an unnamed quote has no `cite`; the end of a quote leaves no text.
//! - The Russian language pack for phpBB 3.1 (github:Olympusrupack/Olympusrupack,
//!   `language/ru/common.php`, `viewtopic.php`; the same strings in other packs of the code
//!   corpus): `POST` = Сообщение, `UNREAD_POST` = Непрочитанное сообщение, `POST_BY_AUTHOR` is
//!   empty (so the author line reads `Сообщение NAME » 23 ноя 2026, 21:04`), `BACK_TO_TOP` =
//!   Вернуться к началу, `POSTS` = Сообщения, `JOINED` = Зарегистрирован, `WROTE` = писал(а),
//!   `EDITED_TIMES_TOTAL` = "Последний раз редактировалось NAME DATE, всего редактировалось N
//!   раз.", `REASON` = Причина, dates `|d M Y|, H:i` (`Сегодня, 21:04`).
//!
//! What the text cannot tell, and how it is read:
//! - Where a quote ends: the quoted lines are those that follow, line for line, an earlier post
//!   of the quoted author on the page (its own text with its own quotes, which is how a nested
//!   quote is shown); a quote of a post not on the page is taken to be one line.
//! - Where a signature begins: after an edit notice everything is the signature; otherwise the
//!   lines an author's posts all end with (two posts or more), or the signature seen under an
//!   edit notice of the same author.

use super::Post;
use std::collections::HashMap;

pub const LAYOUT: super::Layout = super::Layout {
    name: "phpBB",
    read,
};

/// The hidden text before the author: the post icon's label (3.1 and later).
const POST_LABELS: &[&str] = &[
    "Unread post",
    "Post",
    "Непрочитанное сообщение",
    "Сообщение",
];

/// The back-to-top link that ends each post.
const TOP: &[&str] = &["Top", "Вернуться к началу"];

/// The start of an edit (or bump) notice: it and all after it are not the author's words.
const NOTICES: &[&str] = &[
    "Last edited by ",
    "Last bumped by ",
    "Последний раз редактировалось ",
    "Последний раз поднималось ",
];

/// The profile's labelled lines.
const PROFILE: &[&str] = &[
    "Posts:",
    "Joined:",
    "Location:",
    "Warnings:",
    "Contact:",
    "Сообщения:",
    "Зарегистрирован:",
    "Откуда:",
    "Предупреждения:",
    "Контактная информация:",
];

/// The quote header's verb, after the quoted author.
const WROTE: &[&str] = &[" wrote:", " писал(а):"];

/// How far above a post's author line its profile may begin.
const PROFILE_REACH: usize = 15;

fn read(lines: &[&str]) -> Option<Vec<Post>> {
    let heads: Vec<(usize, &str, &str)> = lines
        .iter()
        .enumerate()
        .filter_map(|(i, l)| author_line(l).map(|(name, date)| (i, name, date)))
        .collect();
    let first = heads.first()?;
    if !prefix_is_chrome(lines.get(..first.0)?) {
        return None;
    }
    let mut raw: Vec<Raw> = Vec::with_capacity(heads.len());
    for (k, &(h, name, date)) in heads.iter().enumerate() {
        let end = match heads.get(k + 1) {
            Some(&(next, next_name, _)) => profile_start(lines, h + 1, next, next_name),
            None => lines.len(),
        };
        let region = lines.get(h + 1..end).unwrap_or_default();
        let region = until(region, |l| TOP.contains(&l.trim()));
        let region = without_own_profile(region, name);
        let (body, signature) = split_notice(region, |l| {
            NOTICES.iter().any(|n| l.trim_start().starts_with(n))
        });
        raw.push(Raw {
            sender: name,
            time: date,
            line: h + 1,
            body,
            signature,
        });
    }
    Some(finish(raw, quote_header))
}

/// `Post by NAME » DATE` (English), `Сообщение NAME » DATE` (Russian), or the same without the
/// icon's label (3.0, or a copy without hidden text): the author and the date.
fn author_line(line: &str) -> Option<(&str, &str)> {
    let (left, date) = line.trim().split_once(" » ")?;
    let date = date.trim();
    if !is_date(date) {
        return None;
    }
    let mut name = left.trim();
    for label in POST_LABELS {
        if let Some(rest) = name.strip_prefix(label)
            && rest.starts_with(' ')
        {
            name = rest.trim_start();
            break;
        }
    }
    if let Some(rest) = name.strip_prefix("by ") {
        name = rest.trim_start();
    }
    is_name(name).then_some((name, date))
}

/// A username as forums allow them: short, a few words at most, no label (`From: Ann`).
pub(super) fn is_name(name: &str) -> bool {
    !name.is_empty()
        && name.chars().count() <= 40
        && name.split_whitespace().count() <= 3
        && !name.contains(": ")
}

/// A date as phpBB writes one: a clock time (`9:04 pm`, `21:04`) or a relative one.
fn is_date(text: &str) -> bool {
    has_clock(text) || text.ends_with(" ago") || text.ends_with(" назад")
}

/// Whether the text holds `H:MM` or `HH:MM`.
pub(super) fn has_clock(text: &str) -> bool {
    let b = text.as_bytes();
    b.windows(4).enumerate().any(|(i, w)| {
        w[0].is_ascii_digit()
            && w[1] == b':'
            && w[2].is_ascii_digit()
            && w[3].is_ascii_digit()
            && b.get(i + 4).is_none_or(|c| !c.is_ascii_digit())
    })
}

/// The text before the first post holds the page's chrome only: no mail header or other message
/// of its own.
pub(super) fn prefix_is_chrome(prefix: &[&str]) -> bool {
    !prefix.iter().any(|l| {
        let l = l.trim_start().to_lowercase();
        ["from:", "от:", "sender:", "отправитель:"]
            .iter()
            .any(|h| l.starts_with(h))
    })
}

/// Where the next post's profile (above its author line, 3.1 and later) begins: its author's
/// name alone on a line, or the `Top` link of this post, close above the author line.
fn profile_start(lines: &[&str], lo: usize, next: usize, next_name: &str) -> usize {
    let floor = next.saturating_sub(PROFILE_REACH).max(lo);
    (floor..next)
        .rev()
        .find(|&j| {
            lines
                .get(j)
                .is_some_and(|l| l.trim() == next_name || TOP.contains(&l.trim()))
        })
        .unwrap_or(next)
}

/// The lines before the first that `stop` accepts.
pub(super) fn until<'a, 'b>(lines: &'b [&'a str], stop: impl Fn(&str) -> bool) -> &'b [&'a str] {
    let end = lines.iter().position(|l| stop(l)).unwrap_or(lines.len());
    lines.get(..end).unwrap_or(lines)
}

/// 3.0 puts the author's profile after the post: his name alone on a line with profile lines
/// just below it.
fn without_own_profile<'a, 'b>(lines: &'b [&'a str], name: &str) -> &'b [&'a str] {
    let start = lines.iter().enumerate().position(|(i, l)| {
        l.trim() == name
            && lines.iter().skip(i + 1).take(4).any(|p| {
                PROFILE
                    .iter()
                    .any(|label| p.trim_start().starts_with(label))
            })
    });
    match start {
        Some(s) => lines.get(..s).unwrap_or(lines),
        None => lines,
    }
}

/// The post's lines before an edit notice, and what follows the notice and its reason (the
/// signature).
pub(super) fn split_notice<'a>(
    lines: &[&'a str],
    notice: impl Fn(&str) -> bool,
) -> (Vec<&'a str>, Vec<&'a str>) {
    match lines.iter().position(|l| notice(l)) {
        Some(n) => {
            let after = lines.get(n + 1..).unwrap_or_default();
            let after: Vec<&str> = after
                .iter()
                .copied()
                .skip_while(|l| {
                    let l = l.trim_start();
                    l.is_empty() || l.starts_with("Reason:") || l.starts_with("Причина:")
                })
                .collect();
            (lines.get(..n).unwrap_or_default().to_vec(), trimmed(after))
        }
        None => (lines.to_vec(), Vec::new()),
    }
}

/// The lines without the blank ones at either end.
pub(super) fn trimmed(lines: Vec<&str>) -> Vec<&str> {
    let start = lines
        .iter()
        .position(|l| !l.trim().is_empty())
        .unwrap_or(lines.len());
    let end = lines
        .iter()
        .rposition(|l| !l.trim().is_empty())
        .map_or(start, |e| e + 1);
    lines.get(start..end).unwrap_or_default().to_vec()
}

/// `NAME wrote:` / `NAME писал(а):`, with the quoted post's date or nothing after it.
fn quote_header(line: &str) -> Option<Option<String>> {
    let line = line.trim();
    WROTE.iter().find_map(|verb| {
        let at = line.find(verb)?;
        let author = line.get(..at)?.trim();
        let rest = line.get(at + verb.len()..)?.trim();
        (is_name(author) && (rest.is_empty() || is_date(rest))).then(|| Some(author.to_string()))
    })
}

/// One post as cut from the page, before quotes and signatures are taken out.
pub(super) struct Raw<'a> {
    pub sender: &'a str,
    pub time: &'a str,
    pub line: usize,
    /// The post's lines (its own words and its quotes).
    pub body: Vec<&'a str>,
    /// A signature known for sure (shown after an edit notice).
    pub signature: Vec<&'a str>,
}

/// The posts: signatures and quotes taken out of each post's lines. `quote` reads a quote
/// header: `Some(Some(author))`, `Some(None)` for a quote that names nobody.
pub(super) fn finish(
    mut raw: Vec<Raw<'_>>,
    quote: fn(&str) -> Option<Option<String>>,
) -> Vec<Post> {
    strip_signatures(&mut raw);
    let mut earlier = Earlier::default();
    let mut posts = Vec::with_capacity(raw.len());
    for (p, r) in raw.iter().enumerate() {
        let own = own_words(&r.body, quote, &earlier);
        let mut text = String::new();
        for l in trimmed(own) {
            text.push_str(l.trim_end());
            text.push('\n');
        }
        posts.push(Post {
            sender: r.sender.to_string(),
            time: (!r.time.is_empty()).then(|| r.time.to_string()),
            text,
            line: r.line,
        });
        earlier.add(p, r.sender, &r.body);
    }
    posts
}

/// Signatures out of the posts: the one seen after an author's edit notice, else the lines
/// every one of an author's unedited posts ends with (two posts or more), never a whole post.
fn strip_signatures<'a>(raw: &mut [Raw<'a>]) {
    let mut by_author: HashMap<String, Vec<usize>> = HashMap::new();
    for (i, r) in raw.iter_mut().enumerate() {
        r.body = trimmed(std::mem::take(&mut r.body));
        by_author
            .entry(r.sender.to_lowercase())
            .or_default()
            .push(i);
    }
    for posts in by_author.values() {
        let known: Option<Vec<&'a str>> = posts
            .iter()
            .filter_map(|&i| raw.get(i))
            .find(|r| !r.signature.is_empty())
            .map(|r| r.signature.clone());
        let signature = match known {
            Some(s) => s,
            None => {
                let bodies: Vec<&[&'a str]> = posts
                    .iter()
                    .filter_map(|&i| raw.get(i).map(|r| r.body.as_slice()))
                    .collect();
                common_tail(&bodies)
            }
        };
        if signature.is_empty() {
            continue;
        }
        for &i in posts {
            if let Some(r) = raw.get_mut(i)
                && r.body.len() > signature.len()
                && r.body
                    .iter()
                    .rev()
                    .zip(signature.iter().rev())
                    .all(|(a, b)| a.trim() == b.trim())
            {
                let keep = r.body.len() - signature.len();
                r.body.truncate(keep);
                r.body = trimmed(std::mem::take(&mut r.body));
            }
        }
    }
}

/// The lines all the bodies end with, when there are two bodies or more and each has a line of
/// its own above them.
fn common_tail<'a>(bodies: &[&[&'a str]]) -> Vec<&'a str> {
    let Some((first, others)) = bodies.split_first() else {
        return Vec::new();
    };
    let mut len = first.len();
    let mut shortest = first.len();
    for b in others {
        shortest = shortest.min(b.len());
        len = first
            .iter()
            .rev()
            .zip(b.iter().rev())
            .take(len)
            .take_while(|(x, y)| x.trim() == y.trim())
            .count();
    }
    if others.is_empty() || len == 0 || len >= shortest {
        return Vec::new();
    }
    first.get(first.len() - len..).unwrap_or_default().to_vec()
}

/// The posts above the one being read, to find where a quote of one of them ends.
#[derive(Default)]
pub(super) struct Earlier<'a> {
    /// Each line (trimmed) of an earlier post: which post, at which of its lines.
    index: HashMap<&'a str, Vec<(usize, usize)>>,
    /// Each earlier post's author (lower case) and lines.
    bodies: HashMap<usize, (String, Vec<&'a str>)>,
}

/// How many earlier places a quote's first line is tried at.
const QUOTE_TRIES: usize = 32;

impl<'a> Earlier<'a> {
    pub(super) fn add(&mut self, post: usize, author: &str, body: &[&'a str]) {
        for (pos, &l) in body.iter().enumerate() {
            let l = l.trim();
            if !l.is_empty() {
                self.index.entry(l).or_default().push((post, pos));
            }
        }
        self.bodies
            .insert(post, (author.to_lowercase(), body.to_vec()));
    }

    /// How many of `lines` repeat, line for line, an earlier post by `author` (by anyone when
    /// the quote names nobody): the longest such run.
    fn quoted(&self, author: Option<&str>, lines: &[&str]) -> usize {
        let Some(first) = lines.first().map(|l| l.trim()) else {
            return 0;
        };
        let author = author.map(str::to_lowercase);
        let Some(places) = self.index.get(first) else {
            return 0;
        };
        places
            .iter()
            .rev()
            .filter_map(|(post, pos)| {
                let (who, body) = self.bodies.get(post)?;
                if author.as_ref().is_some_and(|a| a != who) {
                    return None;
                }
                let rest = body.get(*pos..)?;
                Some(
                    rest.iter()
                        .zip(lines)
                        .take_while(|(a, b)| a.trim() == b.trim())
                        .count(),
                )
            })
            .take(QUOTE_TRIES)
            .max()
            .unwrap_or(0)
    }
}

/// A post's own lines: each quote (its header, and the lines that repeat the quoted post, or
/// one line when that post is not on the page) left out.
pub(super) fn own_words<'a>(
    body: &[&'a str],
    quote: fn(&str) -> Option<Option<String>>,
    earlier: &Earlier<'_>,
) -> Vec<&'a str> {
    let mut own = Vec::with_capacity(body.len());
    let mut i = 0;
    while let Some(line) = body.get(i) {
        let Some(author) = quote(line) else {
            own.push(*line);
            i += 1;
            continue;
        };
        let rest = body.get(i + 1..).unwrap_or_default();
        let mut n = earlier.quoted(author.as_deref(), rest);
        if n == 0 {
            // not on the page: nested headers, then one line
            let headers = rest.iter().take_while(|l| quote(l).is_some()).count();
            n = (headers + 1).min(rest.len());
        }
        i += 1 + n;
    }
    own
}

#[cfg(test)]
mod tests {
    use super::*;

    const RU: &str = "\
Мафия: Город засыпает
Ответить
Поиск в теме…
14 сообщений • Страница 1 из 1
Ведущий
Администратор
Сообщения: 812
Зарегистрирован: 02 фев 2019, 18:00
День 2
Цитата
Сообщение Ведущий » 23 ноя 2026, 10:00
Наступил день второй. Голосуем до 22:00.
Вернуться к началу
Анна
Сообщения: 154
Зарегистрирован: 11 мар 2024, 12:30
Re: День 2
Цитата
Сообщение Анна » 23 ноя 2026, 10:12
голосую за Игоря
Вернуться к началу
Борис
Сообщения: 77
Re: День 2
Цитата
Сообщение Борис » Сегодня, 10:20
Анна писал(а): 23 ноя 2026, 10:12
голосую за Игоря
не согласен, я за Зою
Последний раз редактировалось Борис 23 ноя 2026, 10:25, всего редактировалось 1 раз.
Причина: опечатка
Голосую только по делу!
Вернуться к началу
Борис
Сообщения: 77
Re: День 2
Сообщение Борис » Сегодня, 10:40
Вадим писал(а): 22 ноя 2026, 23:00
голосую за Анну
ну это вообще старое
Голосую только по делу!
Вернуться к началу
";

    #[test]
    fn reads_a_russian_page() {
        let lines: Vec<&str> = RU.lines().collect();
        let posts = read(&lines).expect("a phpBB page");
        let got: Vec<(&str, Option<&str>, &str)> = posts
            .iter()
            .map(|p| (p.sender.as_str(), p.time.as_deref(), p.text.as_str()))
            .collect();
        assert_eq!(
            got,
            vec![
                (
                    "Ведущий",
                    Some("23 ноя 2026, 10:00"),
                    "Наступил день второй. Голосуем до 22:00.\n"
                ),
                ("Анна", Some("23 ноя 2026, 10:12"), "голосую за Игоря\n"),
                ("Борис", Some("Сегодня, 10:20"), "не согласен, я за Зою\n"),
                ("Борис", Some("Сегодня, 10:40"), "ну это вообще старое\n"),
            ]
        );
        assert_eq!(posts.first().map(|p| p.line), Some(11));
    }

    const EN: &str = "\
Day 2 - lynch thread
Post Reply
Bob
Posts: 40
Re: Day 2
Post by Bob » Sat Nov 23, 2026 9:00 pm
Cid wrote: Sat Nov 23, 2026 8:55 pm
vote Hal
no way
Top
Ann
Posts: 12
Joined: Sun Nov 02, 2025 8:01 pm
Re: Day 2
Quote
Post by Ann » Sat Nov 23, 2026 9:04 pm
Bob wrote: Sat Nov 23, 2026 9:00 pm
Cid wrote: Sat Nov 23, 2026 8:55 pm
vote Hal
no way
vote Kim
Top
";

    #[test]
    fn nested_quotes_go() {
        let lines: Vec<&str> = EN.lines().collect();
        let posts = read(&lines).expect("a phpBB page");
        let got: Vec<(&str, &str)> = posts
            .iter()
            .map(|p| (p.sender.as_str(), p.text.as_str()))
            .collect();
        // Cid's post is not on the page: one line of it is taken as quoted; Bob's post is, and
        // Ann's quote of it (with Cid's inside) ends where Bob's words end.
        assert_eq!(got, vec![("Bob", "no way\n"), ("Ann", "vote Kim\n")]);
    }

    #[test]
    fn a_signature_every_post_ends_with_goes() {
        let page = "\
Ann
Posts: 3
Post by Ann » Today, 21:04
vote Kim
I vote with my heart
Top
Ann
Post by Ann » Today, 21:08
still Kim, Kim is scum
I vote with my heart
Top
";
        let lines: Vec<&str> = page.lines().collect();
        let posts = read(&lines).expect("a phpBB page");
        let texts: Vec<&str> = posts.iter().map(|p| p.text.as_str()).collect();
        assert_eq!(texts, vec!["vote Kim\n", "still Kim, Kim is scum\n"]);
    }

    #[test]
    fn reads_a_30_page_with_the_profile_below() {
        let page = "\
Board index » Games » Mafia
Day 2
by GM » Mon Nov 23, 2026 8:00 am
Day 2 is open.
GM
Site Admin

Posts: 900
Joined: Tue Jun 04, 2024 3:33 pm
Top
Re: Day 2
by Lea » Mon Nov 23, 2026 8:21 am
GM wrote:
Day 2 is open.
finally. vote Gus
Last edited by Lea on Mon Nov 23, 2026 8:22 am, edited 1 time in total.
Lea the lurker | vote Ivy forever
Lea

Posts: 41
Joined: Tue Jun 04, 2024 3:33 pm
Top
";
        let lines: Vec<&str> = page.lines().collect();
        let posts = read(&lines).expect("a phpBB 3.0 page");
        let got: Vec<(&str, &str)> = posts
            .iter()
            .map(|p| (p.sender.as_str(), p.text.as_str()))
            .collect();
        assert_eq!(
            got,
            vec![("GM", "Day 2 is open.\n"), ("Lea", "finally. vote Gus\n")]
        );
    }

    #[test]
    fn other_texts_are_not_phpbb() {
        for text in [
            "From: Ann\nheal Bob",
            "Ann: vote Bob",
            "От: Анна\nСообщение Анна » 23 ноя 2026, 21:04\nлечу Бориса",
            "Ann\nPosts: 42\nLogged\n#3\nToday at 09:04:11 PM\nvote Kim",
            "Ann\nPosts: 42\nRe: Day 2\n« Reply #3 on: Today at 09:04:11 PM »\nvote Kim\nLogged",
            "Ann — Today at 21:04\nvote Kim",
        ] {
            let lines: Vec<&str> = text.lines().collect();
            assert_eq!(read(&lines), None, "{text}");
        }
    }
}
