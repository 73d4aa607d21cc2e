//! vBulletin 3, 4 and 5 thread pages as a browser copies them (Mafia Universe runs vBulletin 4).
//!
//! Sources of the layout (facts only: labels, their order, separators):
//! - vBulletin 4 `postbit_legacy` markup as public scrapers read it: `benneh5-time/org_votecounter`
//!   (`org_vc.py`: each post an `li` with the `postcounter` link `#211`, the
//!   `username_container`, the `postcontent restore` blockquote, quotes in `bbcode_container`).
//! - vBulletin quote rendering as copied: "Originally Posted by NAME" before the quoted words
//!   (a copied vBulletin post in the code index, ubuntuforums.org, a vB forum).
//! - The Mafia Universe guide page (mafiauniverse.com, "While Mafia Universe runs on vBulletin"),
//!   whose votes are the `[V]NAME[/V]` BBCode and whose buttons include "Reply With Quote".
//! - The vBulletin 3/4 postbit order: the date line with the post number (`Today, 09:04 PM  #12`),
//!   the user name, the user title, the `Join Date` / `Posts` pairs, the post, "Last edited by
//!   NAME; DATE." (vB4; vB3 writes "Last edited by NAME : DATE"), the signature (vB3 draws it
//!   after a line of underscores `__________________`; vB4 puts it after the edit note), and the
//!   foot buttons ("Reply With Quote").
//!
//! What a copy cannot say, and what this layout then assumes: a quote's end is not marked in
//! the text, so a quote runs to the first blank line after its first quoted line, or is that one
//! line when the post has no blank line after it. A vB4 signature has no separator of its own;
//! it is cut only after an edit note or a line of underscores.

use super::Post;
use super::page::{Head, buttons_only, clock, info_key, posts_by_heads, push};

pub const LAYOUT: super::Layout = super::Layout {
    name: "vBulletin",
    read,
};

/// The keys of the user info block (`userinfo_extra` in vB4, the postbit fields in vB3).
const INFO_KEYS: &[&str] = &[
    "Join Date",
    "Location",
    "Posts",
    "Rep Power",
    "Reputation",
    "Age",
    "Gender",
    "Blog Entries",
    "Thanks",
    "Thanked",
    "Mentioned",
    "Tagged",
    "Quoted",
    "Likes",
    "Liked",
    "Games Played",
];

/// Buttons and counters of a post's head and foot.
const CHROME: &[&str] = &[
    "Multi-Quote This Message",
    "Quick reply to this message",
    "Reply With Quote",
    "Reply With Vote",
    "Reply w/ Quote",
    "Blog this Post",
    "Report Post",
    "Edit Post",
    "View Post",
    "Reply",
    "Quote",
    "Thanks",
    "Like",
    "Likes",
    "Unlike",
    "Report",
    "Share",
    "Top",
];

fn read(lines: &[&str]) -> Option<Vec<Post>> {
    posts_by_heads(lines, |lines, i, _| head_at(lines, i), body)
}

/// The head of a post starting at line `i`: the date line, the author's name, up to three
/// lines of title and rank, and the info block, which must hold `Join Date`.
fn head_at(lines: &[&str], i: usize) -> Option<Head> {
    let time = date_line(lines.get(i)?.trim())?;
    let mut j = i + 1;
    while let Some(l) = lines.get(j) {
        let t = l.trim();
        if t.is_empty() || post_number(t) {
            j += 1;
        } else {
            break;
        }
    }
    let name = lines.get(j)?.trim();
    if name.chars().count() > 60 || date_line(name).is_some() || info_key(name, INFO_KEYS).is_some()
    {
        return None;
    }
    // The title and rank lines, then the info block.
    let mut k = j + 1;
    let limit = j + 6;
    loop {
        let t = lines.get(k)?.trim();
        if info_key(t, INFO_KEYS) == Some("Join Date") {
            break;
        }
        if k >= limit || date_line(t).is_some() {
            return None;
        }
        k += 1;
    }
    // Key and value pairs, as `Key: value` on one line or the key and the value on two.
    while let Some(l) = lines.get(k) {
        let t = l.trim();
        match info_key(t, INFO_KEYS) {
            Some(key) => {
                let rest = t.strip_prefix(key).unwrap_or_default().trim();
                k += if rest.is_empty() || rest == ":" { 2 } else { 1 };
            }
            None if t.is_empty() => k += 1,
            None => break,
        }
    }
    Some(Head {
        start: i,
        time,
        name: name.to_string(),
        body: k.min(lines.len()),
    })
}

/// The post's own words between its head and the next post.
fn body(lines: &[&str], from: usize, end: usize) -> String {
    let mut out = String::new();
    let mut k = from;
    while k < end {
        let Some(line) = lines.get(k) else { break };
        let t = line.trim();
        if t.starts_with("Last edited by ")
            || signature_rule(t)
            || (buttons_only(t, CHROME) && t.contains("Reply With Quote"))
        {
            // The edit note and the signature close the post's words, and the foot's buttons
            // close the post; what follows them is the signature, the foot or the page's foot.
            break;
        }
        if quote_head(t) {
            k = skip_quote(lines, k, end);
            continue;
        }
        if !t.is_empty() && !buttons_only(t, CHROME) && !post_number(t) {
            push(&mut out, line.trim_end());
        }
        k += 1;
    }
    out
}

/// "Quote:" (vB's label above a quote) or "Originally Posted by NAME".
fn quote_head(t: &str) -> bool {
    t == "Quote:" || t.starts_with("Originally Posted by ")
}

/// The line after a quote starting at `k`.
fn skip_quote(lines: &[&str], k: usize, end: usize) -> usize {
    let mut first = k + 1;
    // "Quote:" then "Originally Posted by NAME" (with "View Post" after the name).
    while first < end {
        let t = lines.get(first).map_or("", |l| l.trim());
        if t.is_empty() || t.starts_with("Originally Posted by ") {
            first += 1;
        } else {
            break;
        }
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

/// vB3's signature separator, a line of underscores.
fn signature_rule(t: &str) -> bool {
    t.len() >= 10 && t.chars().all(|c| c == '_')
}

/// `#12`, `Post #12`.
fn post_number(t: &str) -> bool {
    let t = t.strip_prefix("Post ").unwrap_or(t);
    t.strip_prefix('#')
        .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
}

/// The date of a post's head line (`Today, 09:04 PM`, `11-23-2026, 09:04 PM  #12`,
/// `23.11.2026, 21:04`), without the post number.
fn date_line(t: &str) -> Option<String> {
    let mut t = t.trim();
    // The post number on the same line.
    if let Some(pos) = t.rfind('#') {
        let (before, after) = t.split_at(pos);
        if post_number(after) {
            t = before.trim_end();
        }
    }
    let (day, clock_part) = t.rsplit_once(", ")?;
    if !clock(clock_part.trim()) {
        return None;
    }
    let day = day.trim();
    let known = matches!(day, "Today" | "Yesterday");
    let numeric = !day.is_empty()
        && day.len() <= 20
        && day.chars().any(|c| c.is_ascii_digit())
        && day
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '/' | '.' | ' '));
    (known || numeric).then(|| t.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = "\
Mafia Universe
Forum
Mafia Games
Thread: Harbor Town - Day 2
Results 31 to 35 of 120

Today, 09:04 PM  #31
Quillon
Townie in training
Join Date
Mar 2024
Posts
1,204
quiet today, huh
[V]Marlo[/V]
Reply With Quote
Today, 09:11 PM  #32
Marlo
Senior Member
Join Date: Jan 2021
Location: Lisbon
Posts: 77
Quote:
Originally Posted by Quillon View Post
quiet today, huh
[V]Marlo[/V]

omgus much?
vote Quillon
__________________
vote for pedro (my sig, not a vote)
Reply With Quote
Today, 09:20 PM  #33
Tess
Member
Join Date
Jun 2019
Posts
5
unvote
Last edited by Tess; Today at 09:25 PM.
Reason: typo
my signature says vote Tess
Reply With Quote
11-23-2026, 09:40 PM
#34
Host Bot
Moderator
Join Date
Oct 2015
Posts
9,999
Vote count: Quillon 1, Marlo 1
Reply With Quote
";

    #[test]
    fn reads_a_vbulletin_page() {
        let lines: Vec<&str> = PAGE.lines().collect();
        let posts = read(&lines).expect("a vBulletin page");
        let senders: Vec<&str> = posts.iter().map(|p| p.sender.as_str()).collect();
        assert_eq!(senders, ["Quillon", "Marlo", "Tess", "Host Bot"]);
        assert_eq!(posts[0].time.as_deref(), Some("Today, 09:04 PM"));
        assert_eq!(posts[0].text, "quiet today, huh\n[V]Marlo[/V]\n");
        assert_eq!(posts[0].line, 7);
        assert_eq!(posts[1].text, "omgus much?\nvote Quillon\n");
        assert_eq!(posts[2].text, "unvote\n");
        assert_eq!(posts[3].time.as_deref(), Some("11-23-2026, 09:40 PM"));
        assert_eq!(posts[3].text, "Vote count: Quillon 1, Marlo 1\n");
    }

    #[test]
    fn a_one_line_quote_without_a_blank_line() {
        let page = "\
Yesterday, 10:00 PM #5
Ann
Member
Join Date: May 2020
Posts: 3
Quote:
Originally Posted by Bob
vote Kim
no, vote Lea
";
        let lines: Vec<&str> = page.lines().collect();
        let posts = read(&lines).expect("a vBulletin page");
        assert_eq!(posts[0].text, "no, vote Lea\n");
    }

    #[test]
    fn not_other_texts() {
        for text in [
            "From: Ann\nheal Bob",
            "Ann: vote Bob",
            "Ann\nWell-known member\nJoined\nMar 3, 2020\nMessages\n12\nNov 23, 2026\nvote Bob",
            "Ann\nMember\n12 posts\nPosted November 23, 2026\nvote Bob",
            "Сообщение Анна » 23 ноя 2026, 21:04\nголосую за Бориса",
            "« Reply #3 on: November 23, 2026, 09:04:00 PM »\nvote Bob",
            "vote Bob please\nToday, 09:04 PM #1\nAnn\nJoin Date: Mar 2020\nvote Kim",
        ] {
            let lines: Vec<&str> = text.lines().collect();
            assert_eq!(read(&lines), None, "{text}");
        }
    }
}
