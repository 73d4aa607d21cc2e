//! Simple Machines Forum, 2.1 (the default theme) and 2.0 (Curve), in the English locale, as a
//! browser copies a topic page.
//!
//! Sources (facts only: the order of the elements and their labels):
//! - github:SimpleMachines/SMF, branch release-2.1, `Themes/default/Display.template.php`
//!   (`template_single_post`): each post is the poster block (the name, the custom title, the
//!   member group, the post group, `Posts: N`, the personal text, then `Logged` or the IP), the
//!   key info (the subject, hidden by `.subject_hidden` in `css/index.css` unless shown; the
//!   counter `#N`, absent on the topic's first post; the time; the "Last Edit" note), the body,
//!   the likes (`Like`, `N people like this.`), the quick buttons (`Quote`, `Quick Edit`,
//!   `More...` whose menu stays hidden), then the signature (a `div.signature`, no text before
//!   it).
//! - `Themes/default/languages/index.english.php` (2.1): `member_postcount` = Posts, `logged`
//!   = Logged, `show_ip` = Show IP address, `last_edit_by` = "Last Edit: TIME by NAME",
//!   `last_edit_reason` = "Reason: ...", `today` / `yesterday` = "Today at " / "Yesterday at ",
//!   `quote_from` = Quote from, `search_on` = on, `quote` = Quote, `like` = Like, the default
//!   groups (Administrator, Global Moderator, Moderator, Newbie, Jr. Member, Full Member, Sr.
//!   Member, Hero Member) and the default time format `%B %d, %Y, %I:%M:%S %p`.
//! - `Sources/Subs.php` (2.1), the quote BBCode: a `blockquote` whose `cite` reads
//!   `Quote from: NAME on DATE`, `Quote from: NAME` or `Quote`; its end leaves no text.
//! - SMF 2.0's Curve `Display.template.php` (copies of it in the code corpus): the poster
//!   block, the subject, `« Reply #N on: TIME »` (`« on: TIME »` for the first post), the post
//!   buttons (Quote, Modify, Remove, Split), the body, then `« Last Edit: TIME by NAME »`,
//!   `Report to moderator`, `Logged` (or the IP), the signature.
//!
//! What the text cannot tell is read as on phpBB (see `phpbb`): a quote ends where the quoted
//! post on the page ends (one line when that post is not on the page); a signature the quick
//! buttons or `Logged` did not set off is what all of an author's posts end with. The poster's
//! name is the line above `Posts: N` and the default group names; a custom title or group
//! between them would be taken for the name.

use super::Post;
use super::page::MONTHS;
use super::phpbb::{Raw, finish, has_clock, is_name, prefix_is_chrome, trimmed, until};

pub const LAYOUT: super::Layout = super::Layout { name: "SMF", read };

/// The default member and post groups, shown between the name and the post count.
const GROUPS: &[&str] = &[
    "Administrator",
    "Global Moderator",
    "Moderator",
    "Newbie",
    "Jr. Member",
    "Full Member",
    "Sr. Member",
    "Hero Member",
    "Guest",
];

/// The buttons of a post (longest first, as a row is read label by label).
const BUTTONS: &[&str] = &[
    "Quote selected text",
    "Report to moderator",
    "Restore Topic",
    "Issue Warning",
    "Split Topic",
    "Quick Edit",
    "Unapprove",
    "Approve",
    "More...",
    "Modify",
    "Remove",
    "Unlike",
    "Split",
    "Quote",
    "Reply",
    "Like",
];

/// How far above a post's time its poster block may begin.
const POSTER_REACH: usize = 14;

#[derive(Clone, Copy, PartialEq)]
enum Theme {
    /// 2.0 Curve: `« Reply #N on: TIME »`, the body, `Logged`.
    Curve,
    /// 2.1: `#N`, TIME, the body, the quick buttons.
    Default,
}

struct Head<'a> {
    /// The line of the time.
    at: usize,
    /// The line of the poster's name.
    name_line: usize,
    name: &'a str,
    time: &'a str,
    theme: Theme,
}

fn read(lines: &[&str]) -> Option<Vec<Post>> {
    let mut heads: Vec<Head> = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let found = match curve_time(line) {
            Some(t) => Some((t, Theme::Curve)),
            None => default_time(line)
                .filter(|_| after_poster_block(lines, i))
                .map(|t| (t, Theme::Default)),
        };
        let Some((time, theme)) = found else {
            continue;
        };
        let lo = heads.last().map_or(0, |h| h.at + 1);
        if let Some((name_line, name)) = poster(lines, lo, i, theme) {
            heads.push(Head {
                at: i,
                name_line,
                name,
                time,
                theme,
            });
        }
    }
    let first = heads.first()?;
    if !prefix_is_chrome(lines.get(..first.name_line)?) {
        return None;
    }
    let mut raw: Vec<Raw> = Vec::with_capacity(heads.len());
    for (k, h) in heads.iter().enumerate() {
        let end = heads.get(k + 1).map_or(lines.len(), |n| n.name_line);
        let region = lines.get(h.at + 1..end).unwrap_or_default();
        let (body, signature) = match h.theme {
            Theme::Curve => {
                let start = region
                    .iter()
                    .position(|l| !l.trim().is_empty() && !is_button_row(l))
                    .unwrap_or(region.len());
                let rest = region.get(start..).unwrap_or_default();
                let body = until(rest, |l| {
                    let l = l.trim();
                    l.starts_with("« Last Edit:")
                        || l.contains("Report to moderator")
                        || is_logged(l)
                });
                let after = rest.get(body.len()..).unwrap_or_default();
                let signature: Vec<&str> = after
                    .iter()
                    .copied()
                    .skip_while(|l| {
                        let l = l.trim();
                        l.is_empty()
                            || l.starts_with("« Last Edit:")
                            || l.contains("Report to moderator")
                            || is_logged(l)
                    })
                    .collect();
                (body.to_vec(), trimmed(signature))
            }
            Theme::Default => {
                let start = region
                    .iter()
                    .position(|l| {
                        let l = l.trim();
                        !l.is_empty() && !l.starts_with("Last Edit:") && !l.starts_with("Reason:")
                    })
                    .unwrap_or(region.len());
                let rest = region.get(start..).unwrap_or_default();
                let stop = (0..rest.len()).find(|&j| ends_body(rest, j));
                match stop {
                    Some(s) => {
                        let after = rest.get(s..).unwrap_or_default();
                        let signature: Vec<&str> = after
                            .iter()
                            .copied()
                            .skip_while(|l| l.trim().is_empty() || is_button_row(l) || is_likes(l))
                            .collect();
                        (
                            rest.get(..s).unwrap_or_default().to_vec(),
                            trimmed(signature),
                        )
                    }
                    None => (rest.to_vec(), Vec::new()),
                }
            }
        };
        raw.push(Raw {
            sender: h.name,
            time: h.time,
            line: h.at + 1,
            body,
            signature,
        });
    }
    Some(finish(raw, quote_header))
}

/// `« Reply #3 on: Today at 09:04:11 PM »` or `« on: TIME »` (2.0): the time.
fn curve_time(line: &str) -> Option<&str> {
    let t = line.trim().strip_prefix('«')?.strip_suffix('»')?.trim();
    let t = match t.strip_prefix("Reply #") {
        Some(rest) => {
            let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            if digits == 0 {
                return None;
            }
            rest.get(digits..)?.trim_start()
        }
        None => t,
    };
    let time = t.strip_prefix("on:")?.trim();
    has_clock(time).then_some(time)
}

/// A 2.1 post time (`Today at 09:04:11 PM`, `November 23, 2026, 09:04:11 PM`), with the edit
/// note the same line may carry cut off.
fn default_time(line: &str) -> Option<&str> {
    let t = line.trim();
    let t = t.split("Last Edit:").next().unwrap_or(t).trim();
    let relative = t.starts_with("Today at ") || t.starts_with("Yesterday at ");
    let dated = t
        .split_whitespace()
        .next()
        .is_some_and(|w| MONTHS.contains(&w))
        && t.split(|c: char| !c.is_ascii_digit()).any(|n| n.len() == 4);
    ((relative || dated) && has_clock(t)).then_some(t)
}

/// A 2.1 time is a post's when the counter `#N` or the poster block's `Logged` (or the IP) is
/// just above it, a shown subject between them at most.
fn after_poster_block(lines: &[&str], i: usize) -> bool {
    let above: Vec<&str> = lines
        .get(..i)
        .unwrap_or_default()
        .iter()
        .rev()
        .map(|l| l.trim())
        .filter(|l| !l.is_empty())
        .take(2)
        .collect();
    match above.as_slice() {
        [one, ..] if is_counter(one) || is_logged(one) => true,
        [_, two] => is_logged(two),
        _ => false,
    }
}

fn is_counter(line: &str) -> bool {
    line.strip_prefix('#')
        .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
}

/// `Logged`, `Show IP address`, or an IP address (what moderators see instead).
fn is_logged(line: &str) -> bool {
    let line = line.trim();
    if line == "Logged" || line == "Show IP address" {
        return true;
    }
    let first = line.split_whitespace().next().unwrap_or("");
    first.split('.').count() == 4
        && first
            .split('.')
            .all(|p| !p.is_empty() && p.len() <= 3 && p.chars().all(|c| c.is_ascii_digit()))
}

fn is_post_count(line: &str) -> bool {
    line.trim()
        .strip_prefix("Posts:")
        .is_some_and(|n| n.trim().chars().all(|c| c.is_ascii_digit() || c == ','))
}

/// The poster's name above a post's time: above `Posts: N` and the default groups; for a guest
/// (no post count) above the counter, `Logged`, the subject and `Guest`.
fn poster<'a>(lines: &[&'a str], lo: usize, at: usize, theme: Theme) -> Option<(usize, &'a str)> {
    let top = at.saturating_sub(POSTER_REACH).max(lo);
    let count = (top..at)
        .rev()
        .find(|&j| lines.get(j).is_some_and(|l| is_post_count(l)));
    let mut j = count.unwrap_or(at);
    // a guest's block in 2.0: the subject is the line above the time
    let mut subject = count.is_none() && theme == Theme::Curve;
    while j > top {
        j -= 1;
        let l: &'a str = lines.get(j).copied()?.trim();
        if l.is_empty() || GROUPS.contains(&l) {
            continue;
        }
        if count.is_none() && (is_counter(l) || is_logged(l)) {
            continue;
        }
        if subject {
            subject = false;
            continue;
        }
        return is_name(l).then_some((j, l));
    }
    None
}

/// A line of buttons only (`Quote`, `Quote Quick Edit More...`).
fn is_button_row(line: &str) -> bool {
    let mut rest = line.trim();
    if rest.is_empty() {
        return false;
    }
    while !rest.is_empty() {
        let Some(label) = BUTTONS.iter().find(|b| rest.starts_with(**b)) else {
            return false;
        };
        rest = rest
            .get(label.len()..)
            .unwrap_or("")
            .trim_start_matches([' ', '|', '\u{a0}']);
    }
    true
}

/// The likes line: `1 person likes this.`, `3 people like this.`, `You like this.`, `You and 2
/// other people like this.`
fn is_likes(line: &str) -> bool {
    let l = line.trim();
    (l.ends_with(" like this.") || l.ends_with(" likes this."))
        && (l.starts_with("You") || l.starts_with(|c: char| c.is_ascii_digit()))
        && l.split_whitespace().count() <= 7
}

/// Whether the 2.1 body ends at `rest[j]`: the likes, or the quick buttons. A lone `Quote`
/// line is the button when more buttons, the likes or nothing follow it; else it heads a quote
/// that names nobody.
fn ends_body(rest: &[&str], j: usize) -> bool {
    let Some(line) = rest.get(j) else {
        return false;
    };
    if is_likes(line) {
        return true;
    }
    if !is_button_row(line) {
        return false;
    }
    if line.trim() != "Quote" {
        return true;
    }
    match rest.iter().skip(j + 1).find(|l| !l.trim().is_empty()) {
        None => true,
        Some(next) => is_button_row(next) || is_likes(next),
    }
}

/// `Quote from: NAME on DATE`, `Quote from: NAME`, or `Quote` alone.
fn quote_header(line: &str) -> Option<Option<String>> {
    let line = line.trim();
    if line == "Quote" {
        return Some(None);
    }
    let rest = line.strip_prefix("Quote from:")?.trim();
    let author = match rest.rfind(" on ") {
        Some(at) if has_clock(rest.get(at..).unwrap_or("")) => rest.get(..at)?.trim(),
        _ => rest,
    };
    is_name(author).then(|| Some(author.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEFAULT: &str = "\
Day 2 lynch thread
« previous next »
Pages: [1]
Go Down
Author Topic: Day 2 lynch thread (Read 212 times)
GM
Administrator
Hero Member
Posts: 804
Logged
Today at 08:00:00 PM
Day 2 starts now. 48 hours.
Quote
More...
Ann
Jr. Member
Posts: 61
Logged
#1
Today at 08:05:10 PM
vote Hal
Like
1 person likes this.
Quote
More...
Cid
Newbie
Posts: 9
Logged
#2
Today at 08:09:44 PM Last Edit: Today at 08:12:01 PM by Cid
Quote from: Ann on Today at 08:05:10 PM
vote Hal
lol no. vote Kim
Quote
More...
Town first, always. vote responsibly
Cid
Newbie
Posts: 9
Logged
#3
Today at 08:20:00 PM
Quote from: Bob on November 20, 2026, 10:00:00 PM
vote Cid
i am the commissar, relax
Town first, always. vote responsibly
";

    #[test]
    fn reads_a_21_page() {
        let lines: Vec<&str> = DEFAULT.lines().collect();
        let posts = read(&lines).expect("an SMF page");
        let got: Vec<(&str, Option<&str>, &str)> = posts
            .iter()
            .map(|p| (p.sender.as_str(), p.time.as_deref(), p.text.as_str()))
            .collect();
        assert_eq!(
            got,
            vec![
                (
                    "GM",
                    Some("Today at 08:00:00 PM"),
                    "Day 2 starts now. 48 hours.\n"
                ),
                ("Ann", Some("Today at 08:05:10 PM"), "vote Hal\n"),
                ("Cid", Some("Today at 08:09:44 PM"), "lol no. vote Kim\n"),
                (
                    "Cid",
                    Some("Today at 08:20:00 PM"),
                    "i am the commissar, relax\n"
                ),
            ]
        );
        assert_eq!(posts.get(1).map(|p| p.line), Some(20));
    }

    const CURVE: &str = "\
Home Help Search Login Register
Bob
Sr. Member
Posts: 310
Re: Day 2
« Reply #4 on: November 23, 2026, 09:04:11 PM »
Quote
Quote from: Eve on November 23, 2026, 08:58:02 PM
VOTE: Lea
nope. VOTE: Jon
« Last Edit: November 23, 2026, 09:06:40 PM by Bob »
Report to moderator   Logged
Eve
Posts: 12
Re: Day 2
« Reply #5 on: Today at 09:10:00 PM »
Quote
unvote
Logged
I vote with my gut
";

    #[test]
    fn reads_a_20_curve_page() {
        let lines: Vec<&str> = CURVE.lines().collect();
        let posts = read(&lines).expect("an SMF page");
        let got: Vec<(&str, Option<&str>, &str)> = posts
            .iter()
            .map(|p| (p.sender.as_str(), p.time.as_deref(), p.text.as_str()))
            .collect();
        assert_eq!(
            got,
            vec![
                (
                    "Bob",
                    Some("November 23, 2026, 09:04:11 PM"),
                    "nope. VOTE: Jon\n"
                ),
                ("Eve", Some("Today at 09:10:00 PM"), "unvote\n"),
            ]
        );
    }

    #[test]
    fn a_guest_view_has_no_buttons() {
        let page = "\
Bob
Jr. Member
Posts: 23
Logged
#1
Today at 10:05:05 AM
vote Ivy
Bob the Blocker | vote early, vote often
Ivy
Posts: 26
Logged
#2
Today at 10:08:14 AM
Quote from: Bob on Today at 10:05:05 AM
vote Ivy
sure Bob
1 person likes this.
Bob
Jr. Member
Posts: 23
Logged
#3
Today at 10:44:02 AM
Dan, explain?
Bob the Blocker | vote early, vote often
";
        let lines: Vec<&str> = page.lines().collect();
        let posts = read(&lines).expect("an SMF page");
        let got: Vec<(&str, &str)> = posts
            .iter()
            .map(|p| (p.sender.as_str(), p.text.as_str()))
            .collect();
        assert_eq!(
            got,
            vec![
                ("Bob", "vote Ivy\n"),
                ("Ivy", "sure Bob\n"),
                ("Bob", "Dan, explain?\n")
            ]
        );
    }

    #[test]
    fn other_texts_are_not_smf() {
        for text in [
            "From: Ann\nheal Bob",
            "Ann: vote Bob",
            "Ann\nPosts: 12\nRe: Day 2\nPost by Ann » Sat Nov 23, 2026 9:04 pm\nvote Kim\nTop",
            "Анна\nСообщения: 5\nСообщение Анна » 23 ноя 2026, 21:04\nголосую за Игоря",
            "Ann — Today at 21:04\nvote Kim",
            "From: Ann\nPosts: 3\nLogged\n#2\nToday at 09:04:11 PM\nvote Kim",
        ] {
            let lines: Vec<&str> = text.lines().collect();
            assert_eq!(read(&lines), None, "{text}");
        }
    }
}
