//! What several layouts share: posts cut at their heads, a post's lines, clock times, and the
//! page's chrome before its first post.

use super::Post;

/// The English month names as engines print them in dates (`November 23, 2026`).
pub const MONTHS: &[&str] = &[
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// The three-letter English month names (`Nov 23, 2026`).
pub const MONTHS_SHORT: &[&str] = &[
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// A post's head as a layout finds it: the line it starts on (the author's pane, the date
/// line), the author, the post's time, and the line its words begin on.
pub(super) struct Head {
    pub start: usize,
    pub time: String,
    pub name: String,
    pub body: usize,
}

/// The posts of a page whose heads `head_at` finds (at line `i`, looking no higher than the
/// previous head's words), each post's words from its head to the next one cut by `body`.
/// `None` when there is no head, or the text before the first one is more than page chrome.
pub(super) fn posts_by_heads(
    lines: &[&str],
    head_at: impl Fn(&[&str], usize, usize) -> Option<Head>,
    body: impl Fn(&[&str], usize, usize) -> String,
) -> Option<Vec<Post>> {
    let mut heads: Vec<Head> = Vec::new();
    let mut floor = 0;
    let mut i = 0;
    while i < lines.len() {
        match head_at(lines, i, floor) {
            Some(h) => {
                i = h.body.max(i + 1);
                floor = h.body;
                heads.push(h);
            }
            None => i += 1,
        }
    }
    let first = heads.first()?;
    if !chrome_only(lines.get(..first.start)?) {
        return None;
    }
    let mut posts = Vec::with_capacity(heads.len());
    for (n, h) in heads.iter().enumerate() {
        let end = heads.get(n + 1).map_or(lines.len(), |next| next.start);
        posts.push(Post {
            sender: h.name.clone(),
            time: Some(h.time.clone()),
            text: body(lines, h.body, end),
            line: h.start + 1,
        });
    }
    Some(posts)
}

/// Page chrome before the first post: short lines, none of them a player's words.
pub(super) fn chrome_only(lines: &[&str]) -> bool {
    lines.iter().all(|l| {
        let lower = l.trim().to_lowercase();
        lower.split_whitespace().count() <= 12
            && !["vote", "unvote", "lynch", "from:", "от:", "голос"]
                .iter()
                .any(|w| lower.starts_with(w))
    })
}

/// A line made only of the page's buttons (`Reply With Quote`, `Like Reply Report`).
pub(super) fn buttons_only(t: &str, buttons: &[&str]) -> bool {
    let mut rest = t.trim();
    if rest.is_empty() {
        return false;
    }
    while !rest.is_empty() {
        let after = buttons.iter().find_map(|c| {
            rest.strip_prefix(*c)
                .filter(|r| r.is_empty() || r.starts_with(char::is_whitespace))
        });
        match after {
            Some(r) => rest = r.trim_start(),
            None => return false,
        }
    }
    true
}

/// The key of the author pane's line, if it is one of `keys` (`Join Date: Mar 2020`, `Posts`).
pub(super) fn info_key(t: &str, keys: &[&'static str]) -> Option<&'static str> {
    keys.iter().copied().find(|k| {
        t.strip_prefix(k)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with(':'))
    })
}

/// `9:04 PM`, `21:04`.
pub(super) fn clock(t: &str) -> bool {
    let t = t.trim();
    let (hm, ampm) = match t.rsplit_once(' ') {
        Some((hm, ap)) => (hm, Some(ap)),
        None => (t, None),
    };
    if ampm.is_some_and(|a| !a.eq_ignore_ascii_case("AM") && !a.eq_ignore_ascii_case("PM")) {
        return false;
    }
    let Some((h, m)) = hm.split_once(':') else {
        return false;
    };
    (1..=2).contains(&h.len())
        && h.chars().all(|c| c.is_ascii_digit())
        && m.len() == 2
        && m.chars().all(|c| c.is_ascii_digit())
}

/// A line of a post's words, with its line end.
pub(super) fn push(text: &mut String, line: &str) {
    text.push_str(line);
    text.push('\n');
}

/// The text without blank lines at its ends, each line ending in '\n'.
pub(super) fn trimmed(text: &str) -> String {
    let mut out = String::new();
    for line in text.trim_matches(['\n', '\r']).lines() {
        push(&mut out, line.trim_end());
    }
    if out.trim().is_empty() {
        String::new()
    } else {
        out
    }
}
