//! Invision Community 4 (IPS) topic pages as a browser copies them.
//!
//! Sources of the layout (facts only: labels, their order, separators):
//! - A stored copy of an Invision Community topic page's text in the code index (an MSFN topic):
//!   each post's `Posted <date>` (`Posted November 9, edited`), then the post, then the
//!   `Link to comment`, `Share on other sites`, `More sharing options` footer; the page's
//!   `Recommended Posts` above and `Create an account or sign in to comment` below.
//! - The HTML of an Invision Community 4 topic (forum.armbian.com, in the code index): the post's
//!   content, then the item controls (`MultiQuote`, `Quote`, the reactions count), then the share
//!   menu (`Link to comment`, `Share on other sites`).
//! - Invision profile pages in the pages index (invisioncommunity.com): the author's name, the
//!   member title, `Posts` count; in a topic the author pane shows `1,234 posts`.
//! - Invision's quote citation `On 11/23/2026 at 9:04 PM, NAME said:` (`NAME said:` when the
//!   quote carries no date) and its edit line `Edited November 23, 2026 by NAME`, written at the
//!   foot of the post's content, before the item controls and the signature.
//!
//! What a copy cannot say, and what this layout then assumes: a quote's end is not marked in
//! the text unless it was folded (`Expand`), so a quote runs to the first blank line after its
//! first quoted line, or is that one line. The signature comes after the `Quote` button, so the
//! post's words end at the first of the edit line, `Quote` and the share footer.

use super::Post;
use super::page::MONTHS;
use super::page::{Head, clock, posts_by_heads, push};

pub const LAYOUT: super::Layout = super::Layout {
    name: "Invision Community",
    read,
};

/// Member titles and group names of a default Invision Community, shown under the name.
const TITLES: &[&str] = &[
    "Newbie",
    "Member",
    "Members",
    "Advanced Member",
    "Newcomer",
    "Rookie",
    "Apprentice",
    "Explorer",
    "Contributor",
    "Enthusiast",
    "Collaborator",
    "Community Regular",
    "Rising Star",
    "Proficient",
    "Experienced",
    "Veteran",
    "Mentor",
    "Regular",
    "Senior Member",
    "Administrators",
    "Administrator",
    "Moderators",
    "Moderator",
    "Global Moderator",
];

/// Where a post's own words stop: the item controls, the share footer, the page's foot.
const FOOT: &[&str] = &[
    "Quote",
    "MultiQuote",
    "Link to comment",
    "Link to post",
    "Share on other sites",
    "More sharing options...",
    "Create an account or sign in to comment",
];

/// Chrome between the `Posted` line and the words.
const HEAD_CHROME: &[&str] = &["(edited)", "edited", "Report post", "Report", "Share"];

fn read(lines: &[&str]) -> Option<Vec<Post>> {
    posts_by_heads(lines, head_at, body)
}

/// A post's head at line `i`: the `Posted <date>` line, with the author's pane above it.
fn head_at(lines: &[&str], i: usize, floor: usize) -> Option<Head> {
    let time = posted(lines.get(i)?.trim())?;
    let (start, name) = name_above(lines, i, floor)?;
    let mut body = i + 1;
    while let Some(l) = lines.get(body) {
        let t = l.trim();
        if t.is_empty() || HEAD_CHROME.contains(&t) {
            body += 1;
        } else {
            break;
        }
    }
    Some(Head {
        start,
        time,
        name,
        body,
    })
}

/// The author's name above the `Posted` line at `upper`: over the pane's title, post count,
/// reputation and custom field lines, no higher than `floor`.
fn name_above(lines: &[&str], upper: usize, floor: usize) -> Option<(usize, String)> {
    let mut k = upper;
    let lowest = upper.saturating_sub(8).max(floor);
    while k > lowest {
        k -= 1;
        let t = lines.get(k)?.trim();
        if t.is_empty() || TITLES.contains(&t) || post_count(t) || count(t) || field(t) {
            continue;
        }
        if t.chars().count() > 50 || posted(t).is_some() {
            return None;
        }
        return Some((k, t.to_string()));
    }
    None
}

/// `1,234 posts`, `1 post`, `1.2k posts`.
fn post_count(t: &str) -> bool {
    t.strip_suffix(" posts")
        .or_else(|| t.strip_suffix(" post"))
        .is_some_and(count)
}

/// `345`, `1,204`, `1.2k`: a reputation or a count.
fn count(t: &str) -> bool {
    let t = t.strip_suffix('k').unwrap_or(t);
    !t.is_empty()
        && t.chars().next().is_some_and(|c| c.is_ascii_digit())
        && t.chars()
            .all(|c| c.is_ascii_digit() || c == ',' || c == '.')
}

/// A custom profile field of the pane (`Location:Harbor`, `Gender: Female`).
fn field(t: &str) -> bool {
    ["Location", "Gender", "Interests", "Country", "Age"]
        .iter()
        .any(|k| {
            t.strip_prefix(k)
                .is_some_and(|r| r.trim_start().starts_with(':'))
        })
}

/// The post's own words between its head and the next post.
fn body(lines: &[&str], from: usize, end: usize) -> String {
    let mut out = String::new();
    let mut k = from;
    while k < end {
        let Some(line) = lines.get(k) else { break };
        let t = line.trim();
        if edit_line(t) || FOOT.contains(&t) {
            break;
        }
        if quote_head(t) {
            k = skip_quote(lines, k, end);
            continue;
        }
        if !t.is_empty() {
            push(&mut out, line.trim_end());
        }
        k += 1;
    }
    out
}

/// `Edited November 23, 2026 by NAME`, `Edited 5 minutes ago by NAME`.
fn edit_line(t: &str) -> bool {
    t.strip_prefix("Edited ")
        .and_then(|rest| rest.rsplit_once(" by "))
        .is_some_and(|(date, _)| date_text(date))
}

/// `On 11/23/2026 at 9:04 PM, NAME said:` or `NAME said:`.
fn quote_head(t: &str) -> bool {
    t.strip_suffix(" said:").is_some_and(|name| {
        !name.trim().is_empty() && (name.starts_with("On ") || name.chars().count() <= 50)
    })
}

/// The line after a quote whose citation is line `k`: after `Expand` if the quote was folded,
/// else after the first blank line that follows its first quoted line, else after that line.
fn skip_quote(lines: &[&str], k: usize, end: usize) -> usize {
    let mut first = k + 1;
    while first < end && lines.get(first).is_some_and(|l| l.trim().is_empty()) {
        first += 1;
    }
    let mut m = first + 1;
    while m < end {
        let t = lines.get(m).map_or("", |l| l.trim());
        if t.is_empty() || t == "Expand" {
            return m + 1;
        }
        m += 1;
    }
    (first + 1).min(end)
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

/// The date of a `Posted <date>` line, without its `(edited)` mark.
fn posted(t: &str) -> Option<String> {
    let rest = t.strip_prefix("Posted ")?.trim();
    let rest = rest
        .strip_suffix("(edited)")
        .or_else(|| rest.strip_suffix("edited."))
        .or_else(|| rest.strip_suffix("edited"))
        .unwrap_or(rest)
        .trim()
        .trim_end_matches(',')
        .trim();
    date_text(rest).then(|| rest.to_string())
}

/// Invision's dates: `November 23, 2026`, `November 23`, `Nov 23, 2026`, `Yesterday at 09:04 PM`,
/// `Sunday at 9:04 PM`, `12 minutes ago`, `just now`.
fn date_text(t: &str) -> bool {
    let t = t.trim();
    if let Some((day, at)) = t.split_once(" at ") {
        return (matches!(day, "Today" | "Yesterday") || WEEKDAYS.contains(&day) || calendar(day))
            && clock(at);
    }
    if t.eq_ignore_ascii_case("just now") {
        return true;
    }
    match t.split_whitespace().collect::<Vec<_>>().as_slice() {
        [n, unit, "ago"] => {
            n.chars().all(|c| c.is_ascii_digit())
                && matches!(
                    *unit,
                    "second" | "seconds" | "minute" | "minutes" | "hour" | "hours"
                )
        }
        _ => calendar(t),
    }
}

/// `November 23, 2026`, `November 23`, `Nov 23, 2026`, `23 November 2026`.
fn calendar(t: &str) -> bool {
    let month = |w: &str| {
        MONTHS
            .iter()
            .any(|m| *m == w || (w.len() == 3 && m.starts_with(w)))
    };
    let day = |w: &str| {
        let w = w.strip_suffix(',').unwrap_or(w);
        (1..=2).contains(&w.len()) && w.chars().all(|c| c.is_ascii_digit())
    };
    let year = |w: &str| w.len() == 4 && w.chars().all(|c| c.is_ascii_digit());
    match t.split_whitespace().collect::<Vec<_>>().as_slice() {
        [m, d] => month(m) && day(d),
        [m, d, y] => (month(m) && day(d) && year(y)) || (day(m) && month(d) && year(y)),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = "\
Harbor Town Mafia - Day 2
By Nightjar, November 20 in Forum Games
Share
Followers 2
Recommended Posts
Nightjar
Advanced Member
2,310 posts
Posted November 23, 2026
Day 2 starts now, 48h.
Quote
Link to comment
Share on other sites
More sharing options...
Quillon
Member
88 posts
Location:Harbor
Posted November 23, 2026 (edited)
On 11/23/2026 at 9:04 PM, Nightjar said:
Day 2 starts now, 48h.

On 11/22/2026 at 8:00 PM, Marlo said:
vote Tess

not buying it. vote Marlo
Edited November 23, 2026 by Quillon
typo
Quote
1
--- sig: vote early, vote often ---
Link to comment
Share on other sites
Marlo
Newbie
5 posts
Posted 12 minutes ago
Quillon said:
vote Marlo
unvote
Quote
Link to comment
";

    #[test]
    fn reads_an_invision_page() {
        let lines: Vec<&str> = PAGE.lines().collect();
        let posts = read(&lines).expect("an Invision page");
        let senders: Vec<&str> = posts.iter().map(|p| p.sender.as_str()).collect();
        assert_eq!(senders, ["Nightjar", "Quillon", "Marlo"]);
        assert_eq!(posts[0].time.as_deref(), Some("November 23, 2026"));
        assert_eq!(posts[0].text, "Day 2 starts now, 48h.\n");
        assert_eq!(posts[0].line, 6);
        assert_eq!(posts[1].line, 15);
        assert_eq!(posts[1].text, "not buying it. vote Marlo\n");
        assert_eq!(posts[2].time.as_deref(), Some("12 minutes ago"));
        assert_eq!(posts[2].text, "unvote\n");
    }

    #[test]
    fn not_other_texts() {
        for text in [
            "From: Ann\nheal Bob",
            "Ann: vote Bob",
            "Today, 09:04 PM #1\nAnn\nMember\nJoin Date: Mar 2020\nPosts: 3\nvote Bob",
            "Ann\nWell-known member\nJoined\nMar 3, 2020\nMessages\n12\nNov 23, 2026 #4\nvote Bob",
            "Сообщение Анна » 23 ноя 2026, 21:04\nголосую за Бориса",
            "« Reply #3 on: November 23, 2026, 09:04:00 PM »\nvote Bob",
            "vote Kim now\nAnn\n3 posts\nPosted November 23, 2026\nvote Bob",
            "Posted in Forum Games\nvote Bob",
        ] {
            let lines: Vec<&str> = text.lines().collect();
            assert_eq!(read(&lines), None, "{text}");
        }
    }
}
