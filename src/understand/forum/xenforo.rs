//! XenForo 2 thread pages as a browser copies them.
//!
//! Sources of the layout (facts only: labels, their order, separators):
//! - XenForo 2's compiled `post_macros` template (`zellkon/forum`,
//!   `internal_data/code_cache/templates/l1/s1/public/post_macros.php`): the user cell (the
//!   `message_macros` `user_info` macro: avatar, name, user title, the `Joined` / `Messages` /
//!   `Reaction score` / `Points` pairs), then the attribution (the date, then `#12`), the body, the
//!   `Last edited:` note (`Last edited by a moderator:` when another edited it), the signature,
//!   and the action bar (`Like`, `Quote`, `Reply`; `Report`, `Edit`, …) and the likes bar.
//! - A copied XenForo 2 page in the pages index (belltreeforums.com `showthread.php?374011`):
//!   `Joined`, its date, `Posts`, its count each on its own line; `Last edited:`; `Back` / `Top`.
//! - XenForo's quote block: the title `NAME said:`, the quoted words, and `Click to expand...`
//!   when the quote is long enough to be folded.
//!
//! What a copy cannot say, and what this layout then assumes: a short quote has no
//! `Click to expand...`, so such a quote runs to the first blank line after its first quoted
//! line, or is that one line. A signature has no separator; it is cut only after an edit note.
//! A custom user title that is not one of XenForo's defaults would be read as the name when the
//! page shows no name line above it (never seen: the name is always above the title).

use super::Post;
use super::page::MONTHS_SHORT as MONTHS;
use super::page::{Head, buttons_only, clock, info_key, posts_by_heads, push};

pub const LAYOUT: super::Layout = super::Layout {
    name: "XenForo",
    read,
};

/// The pairs of the user cell.
const INFO_KEYS: &[&str] = &[
    "Joined",
    "Messages",
    "Posts",
    "Reaction score",
    "Likes",
    "Likes received",
    "Points",
    "Trophy points",
    "Location",
    "Age",
    "Gender",
    "Website",
    "Occupation",
    "Solutions",
];

/// XenForo's default user titles and banners, shown under the name.
const TITLES: &[&str] = &[
    "New member",
    "Member",
    "Active member",
    "Well-known member",
    "Staff member",
    "Administrator",
    "Moderator",
    "Super Moderator",
    "Banned",
    "Guest",
];

/// Buttons, counters and page chrome around the posts.
const CHROME: &[&str] = &[
    "Click to expand...",
    "Add bookmark",
    "Bookmark",
    "Like",
    "Unlike",
    "Quote",
    "Reply",
    "Report",
    "Edit",
    "Delete",
    "History",
    "Warn",
    "Spam",
    "IP",
    "Share",
    "Share:",
    "New",
    "Back",
    "Top",
    "Status",
    "Not open for further replies.",
];

fn read(lines: &[&str]) -> Option<Vec<Post>> {
    posts_by_heads(lines, head_at, body)
}

/// A post's head found from line `i`: either the user cell's `Joined` pair (the name above it,
/// the post's date after the pairs) or, on a page without the pairs, a date line with the
/// post number (`Nov 23, 2026 #12`, or the date and `#12` on the next line).
fn head_at(lines: &[&str], i: usize, floor: usize) -> Option<Head> {
    let t = lines.get(i)?.trim();
    let (upper, time, after) = if t == "Joined" || t == "Joined:" {
        let (time, after) = date_after_pairs(lines, i)?;
        (i, time, after)
    } else {
        let (time, mut numbered) = date_line(t)?;
        let mut after = i + 1;
        while let Some(l) = lines.get(after) {
            let t = l.trim();
            if t.is_empty() || t == "New" || t == "Add bookmark" {
                after += 1;
            } else if post_number(t) {
                numbered = true;
                after += 1;
            } else {
                break;
            }
        }
        if !numbered {
            return None;
        }
        (i, time, after)
    };
    let (start, name) = name_above(lines, upper, floor)?;
    Some(Head {
        start,
        time,
        name,
        body: after,
    })
}

/// From a `Joined` line: skip the pairs, then the post's date; the date and the line after the
/// date line and its post number.
fn date_after_pairs(lines: &[&str], i: usize) -> Option<(String, usize)> {
    let mut k = i;
    let limit = i + 20;
    while k < limit {
        let t = lines.get(k)?.trim();
        if t.is_empty() {
            k += 1;
        } else if let Some(key) = info_key(t, INFO_KEYS) {
            let rest = t.strip_prefix(key).unwrap_or_default().trim();
            k += if rest.is_empty() || rest == ":" { 2 } else { 1 };
        } else if let Some((time, _)) = date_line(t) {
            let mut after = k + 1;
            while let Some(l) = lines.get(after) {
                let t = l.trim();
                if t.is_empty() || post_number(t) || t == "New" || t == "Add bookmark" {
                    after += 1;
                } else {
                    break;
                }
            }
            return Some((time, after));
        } else {
            // A custom field of the user cell.
            k += 1;
        }
    }
    None
}

/// The author's name above line `upper` (over the user title and banner lines), no higher
/// than `floor`, and the line where the head starts (a default avatar's letter included).
fn name_above(lines: &[&str], upper: usize, floor: usize) -> Option<(usize, String)> {
    let mut k = upper;
    let lowest = upper.saturating_sub(6).max(floor);
    while k > lowest {
        k -= 1;
        let t = lines.get(k)?.trim();
        if t.is_empty() || TITLES.contains(&t) {
            continue;
        }
        if t.chars().count() > 50 || date_line(t).is_some() || info_key(t, INFO_KEYS).is_some() {
            return None;
        }
        let name = t.to_string();
        // A member without an avatar shows the first letter of the name in its place.
        let mut start = k;
        if let Some(prev) = k.checked_sub(1).filter(|p| *p >= floor) {
            let p = lines.get(prev).map_or("", |l| l.trim());
            let initial = name.chars().next().map(|c| c.to_uppercase().to_string());
            if p.chars().count() == 1 && initial.as_deref() == Some(p) {
                start = prev;
            }
        }
        return Some((start, name));
    }
    None
}

/// The post's own words between its head and the next post.
fn body(lines: &[&str], from: usize, end: usize) -> String {
    let mut out = String::new();
    let mut k = from;
    while k < end {
        let Some(line) = lines.get(k) else { break };
        let t = line.trim();
        if t.starts_with("Last edited") || t == "You must log in or register to reply here." {
            // The edit note; the signature and the action bar follow it.
            break;
        }
        if quote_head(t) {
            k = skip_quote(lines, k, end);
            continue;
        }
        if t == "Reactions:" {
            k += 2;
            continue;
        }
        let likes = t.ends_with(" like this.") || t.ends_with(" likes this.");
        if !t.is_empty() && !buttons_only(t, CHROME) && !likes && !t.starts_with("Reactions:") {
            push(&mut out, line.trim_end());
        }
        k += 1;
    }
    out
}

/// `NAME said:`.
fn quote_head(t: &str) -> bool {
    t.strip_suffix(" said:")
        .is_some_and(|name| !name.trim().is_empty() && name.chars().count() <= 50)
}

/// The line after a quote whose title is line `k`: the `Click to expand...` that closes it
/// (nested quotes counted), or else the first blank line after its first quoted line, or else
/// its first line alone.
fn skip_quote(lines: &[&str], k: usize, end: usize) -> usize {
    let mut depth = 0usize;
    let mut last_expand = None;
    let mut m = k;
    while m < end {
        let t = lines.get(m).map_or("", |l| l.trim());
        if quote_head(t) {
            depth += 1;
        } else if t == "Click to expand..." {
            last_expand = Some(m);
            depth = depth.saturating_sub(1);
            if depth == 0 {
                return m + 1;
            }
        }
        m += 1;
    }
    if let Some(e) = last_expand {
        return e + 1;
    }
    let mut first = k + 1;
    while first < end && lines.get(first).is_some_and(|l| l.trim().is_empty()) {
        first += 1;
    }
    let mut m = first + 1;
    while m < end {
        if lines.get(m).is_none_or(|l| l.trim().is_empty()) {
            return m + 1;
        }
        m += 1;
    }
    (first + 1).min(end)
}

/// `#12`.
fn post_number(t: &str) -> bool {
    t.strip_prefix('#')
        .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
}

const WEEKDAYS: &[&str] = &[
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
];

/// XenForo's post date (`Nov 23, 2026`, `Today at 9:04 PM`, `Sunday at 9:04 PM`,
/// `23 Nov 2026`, `A moment ago`, `5 minutes ago`), with `#12` after it or not: the date, and
/// whether the post number was there.
fn date_line(t: &str) -> Option<(String, bool)> {
    let mut t = t.trim();
    let mut numbered = false;
    if let Some((before, after)) = t.rsplit_once(char::is_whitespace)
        && post_number(after)
    {
        t = before.trim_end();
        numbered = true;
    }
    let ok = if let Some((day, at)) = t.split_once(" at ") {
        (matches!(day, "Today" | "Yesterday") || WEEKDAYS.contains(&day) || calendar(day))
            && clock(at)
    } else {
        calendar(t) || relative(t)
    };
    ok.then(|| (t.to_string(), numbered))
}

/// `Nov 23, 2026` or `23 Nov 2026`.
fn calendar(t: &str) -> bool {
    let words: Vec<&str> = t.split_whitespace().collect();
    let year = |w: &str| w.len() == 4 && w.chars().all(|c| c.is_ascii_digit());
    let day = |w: &str| (1..=2).contains(&w.len()) && w.chars().all(|c| c.is_ascii_digit());
    match words.as_slice() {
        [m, d, y] => {
            (MONTHS.contains(m) && d.strip_suffix(',').is_some_and(day) && year(y))
                || (day(m) && MONTHS.contains(d) && year(y))
        }
        _ => false,
    }
}

/// `A moment ago`, `5 minutes ago`.
fn relative(t: &str) -> bool {
    if t == "A moment ago" || t == "Just now" {
        return true;
    }
    match t.split_whitespace().collect::<Vec<_>>().as_slice() {
        [n, unit, "ago"] => {
            n.chars().all(|c| c.is_ascii_digit())
                && matches!(*unit, "minute" | "minutes" | "hour" | "hours")
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = "\
Forums
Forum Games
Harbor Town Mafia - Day 2
Thread starter Nightjar Start date Nov 20, 2026

Nightjar
Well-known member
Joined
Feb 2, 2021
Messages
3,456
Reaction score
1,024
Points
113
Today at 9:04 PM
#41
Day 2 has begun. You have 48 hours.
Like Reply
Report
Q
Quillon
Member
Joined
Mar 3, 2024
Messages
88
Today at 9:10 PM
#42
Nightjar said:
Day 2 has begun.
Click to expand...
Marlo said:
Tess said:
vote Quillon
Click to expand...
lol
Click to expand...
vote Marlo
Last edited: Today at 9:12 PM
sig: never vote before coffee
Like Reply
Reactions: Tess and Marlo
Marlo
Member
Joined
Jan 1, 2022
Messages
5
Today at 9:15 PM
#43
Quillon said:
vote Marlo

fine, unvote
Like Reply
";

    #[test]
    fn reads_a_xenforo_page() {
        let lines: Vec<&str> = PAGE.lines().collect();
        let posts = read(&lines).expect("a XenForo page");
        let senders: Vec<&str> = posts.iter().map(|p| p.sender.as_str()).collect();
        assert_eq!(senders, ["Nightjar", "Quillon", "Marlo"]);
        assert_eq!(posts[0].time.as_deref(), Some("Today at 9:04 PM"));
        assert_eq!(posts[0].text, "Day 2 has begun. You have 48 hours.\n");
        assert_eq!(posts[0].line, 6);
        assert_eq!(posts[1].line, 21, "the avatar letter begins the head");
        assert_eq!(posts[1].text, "vote Marlo\n");
        assert_eq!(posts[2].text, "fine, unvote\n");
    }

    #[test]
    fn a_page_without_the_pairs() {
        let page = "\
Ann
Member
Nov 23, 2026 #12
vote Kim
Bob
Nov 23, 2026
#13
vote Lea
";
        let lines: Vec<&str> = page.lines().collect();
        let posts = read(&lines).expect("a XenForo page");
        assert_eq!(posts.len(), 2);
        assert_eq!(posts[0].sender, "Ann");
        assert_eq!(posts[0].time.as_deref(), Some("Nov 23, 2026"));
        assert_eq!(posts[0].text, "vote Kim\n");
        assert_eq!(posts[1].sender, "Bob");
        assert_eq!(posts[1].text, "vote Lea\n");
    }

    #[test]
    fn not_other_texts() {
        for text in [
            "From: Ann\nheal Bob",
            "Ann: vote Bob",
            "Today, 09:04 PM #1\nAnn\nMember\nJoin Date: Mar 2020\nPosts: 3\nvote Bob",
            "Ann\nMember\n12 posts\nPosted November 23, 2026\nvote Bob",
            "Сообщение Анна » 23 ноя 2026, 21:04\nголосую за Бориса",
            "Posts: 5882\nJoined: Sat Dec 30, 2017 11:48 pm\n#1 Post by Ann » Wed Oct 24, 2018 7:29 pm\nvote Bob",
            "« Reply #3 on: November 23, 2026, 09:04:00 PM »\nvote Bob",
        ] {
            let lines: Vec<&str> = text.lines().collect();
            assert_eq!(read(&lines), None, "{text}");
        }
    }
}
