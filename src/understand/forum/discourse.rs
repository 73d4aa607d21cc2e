//! Discourse: a topic page as a browser copies it, the topic's raw Markdown, and posts quoted
//! with "Copy Quote".
//!
//! Sources (github.com/discourse/discourse):
//! - `app/assets/javascripts/discourse/app/components/post/meta-data.gjs` and its
//!   `meta-data/poster-name.gjs`, `meta-data/date.gjs`, `meta-data/reply-to-tab.gjs`,
//!   `meta-data/edits-indicator.gjs`: a post's heading is the poster's name (the username, or
//!   the full name first where the site prefers it), then the other name when it differs, the
//!   user title, then the post infos (edits count, the reply-to tab naming a user, the date as
//!   a relative date: `2h`, `5d`, `Nov 23`, `Nov '25`); no post number is shown.
//! - `components/post/menu/buttons/*.gjs` and `config/locales/client.en.yml`: below the post
//!   the like count (a bare number), the `Reply` button, and `N Reply`/`N Replies`
//!   (`post.has_replies`); between posts a time gap such as `3 days later`.
//! - The quote markup (the BBCode `quote` rule of the Markdown engine): `[quote="NAME,
//!   post:12, topic:345"]` … `[/quote]`, optionally with `full:true` and `username:NAME` when a
//!   full name leads; rendered as an `aside` whose title is the avatar and `NAME:`, then the
//!   quoted paragraphs in a `blockquote`. "Copy Quote" gives the same BBCode for a selection.
//! - `app/controllers/posts_controller.rb` (`markdown_for_topic`, the `/raw/TOPIC` page): each
//!   post as `USERNAME | CREATED | #N`, a blank line, the raw text, a blank line, a rule of 25
//!   dashes and a blank line.
//!
//! A rendered quote has no end mark in a browser's copy: it is taken to be the paragraph after
//! its `NAME:` title (paragraphs are separated by a blank line in a copy), and a nested quote
//! adds its own paragraph and the quoting post's words.

use super::Post;
use super::page::MONTHS_SHORT as MONTHS;
use super::page::{push, trimmed};

/// The layout of Discourse pages, raw topics and copied quotes.
pub const LAYOUT: super::Layout = super::Layout {
    name: "Discourse",
    read,
};

fn read(lines: &[&str]) -> Option<Vec<Post>> {
    read_raw(lines)
        .or_else(|| read_quotes(lines))
        .or_else(|| read_rendered(lines))
}

/// A piece of a line of BBCode: text, a quote's opening tag (its attributes) or its end.
enum Piece<'a> {
    Text(&'a str),
    Open(&'a str),
    Close,
}

/// A line cut at its `[quote…]` and `[/quote]` tags.
fn pieces(line: &str) -> Vec<Piece<'_>> {
    let lower = line.to_ascii_lowercase();
    let mut out = Vec::new();
    let mut pos = 0;
    while pos < line.len() {
        let rest = lower.get(pos..).unwrap_or("");
        let open = rest.find("[quote");
        let close = rest.find("[/quote]");
        let next = match (open, close) {
            (Some(o), Some(c)) => Some((o.min(c), o < c)),
            (Some(o), None) => Some((o, true)),
            (None, Some(c)) => Some((c, false)),
            (None, None) => None,
        };
        let Some((at, is_open)) = next else {
            out.push(Piece::Text(line.get(pos..).unwrap_or("")));
            break;
        };
        let start = pos + at;
        if at > 0 {
            out.push(Piece::Text(line.get(pos..start).unwrap_or("")));
        }
        if is_open {
            let tag_end = lower
                .get(start..)
                .and_then(|r| r.find(']'))
                .map_or(line.len(), |e| start + e + 1);
            let attrs = line.get(start + 6..tag_end.saturating_sub(1)).unwrap_or("");
            out.push(Piece::Open(attrs.trim_start_matches('=')));
            pos = tag_end;
        } else {
            out.push(Piece::Close);
            pos = start + "[/quote]".len();
        }
    }
    out
}

/// Raw text without its quotes (BBCode ones, nested, and Markdown `>` lines).
fn unquoted(lines: &[&str]) -> String {
    let mut depth = 0usize;
    let mut text = String::new();
    for line in lines {
        let mut kept = String::new();
        let mut tagged = false;
        for piece in pieces(line) {
            match piece {
                Piece::Text(t) if depth == 0 => kept.push_str(t),
                Piece::Text(_) => {}
                Piece::Open(_) => {
                    tagged = true;
                    depth += 1;
                }
                Piece::Close => {
                    tagged = true;
                    depth = depth.saturating_sub(1);
                }
            }
        }
        if tagged && kept.trim().is_empty() {
            continue;
        }
        if depth == 0 && !tagged && kept.trim_start().starts_with('>') {
            continue;
        }
        if !tagged && depth > 0 {
            continue;
        }
        push(&mut text, kept.trim_end());
    }
    trimmed(&text)
}

/// The quoted author of `[quote="NAME, post:12, topic:345"]`, when it has Discourse's
/// post and topic attributes.
fn quote_author(attrs: &str) -> Option<String> {
    let inner = attrs.trim().trim_matches('"');
    let mut parts = inner.split(',').map(str::trim);
    let name = parts.next()?.trim();
    let rest: Vec<&str> = parts.collect();
    let post = rest.iter().any(|p| p.starts_with("post:"));
    let topic = rest.iter().any(|p| p.starts_with("topic:"));
    (post && topic && !name.is_empty()).then(|| name.to_string())
}

/// A raw topic's post header: `USERNAME | TIME | #N`.
fn raw_header(line: &str) -> Option<(String, String)> {
    let mut parts = line.trim().split(" | ");
    let (Some(name), Some(time), Some(number), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return None;
    };
    let digits = number.strip_prefix('#')?;
    let ok = !digits.is_empty()
        && digits.chars().all(|c| c.is_ascii_digit())
        && !name.is_empty()
        && !name.contains(char::is_whitespace)
        && time.chars().any(|c| c.is_ascii_digit());
    ok.then(|| (name.to_string(), time.to_string()))
}

/// The raw topic (`/raw/TOPIC`).
fn read_raw(lines: &[&str]) -> Option<Vec<Post>> {
    let mut posts = Vec::new();
    let mut current: Option<(String, String, usize, Vec<&str>)> = None;
    for (i, line) in lines.iter().enumerate() {
        if let Some((name, time)) = raw_header(line) {
            if let Some((n, t, at, body)) = current.take() {
                posts.push(Post {
                    sender: n,
                    time: Some(t),
                    text: unquoted(&body),
                    line: at,
                });
            }
            current = Some((name, time, i + 1, Vec::new()));
            continue;
        }
        match current.as_mut() {
            Some((_, _, _, body)) => {
                if line.trim() != "-".repeat(25) {
                    body.push(line);
                }
            }
            None if line.trim().is_empty() => {}
            None => return None,
        }
    }
    let (n, t, at, body) = current?;
    posts.push(Post {
        sender: n,
        time: Some(t),
        text: unquoted(&body),
        line: at,
    });
    Some(posts)
}

/// Posts quoted with "Copy Quote": nothing but Discourse quotes, each a post of its author.
fn read_quotes(lines: &[&str]) -> Option<Vec<Post>> {
    let mut posts: Vec<Post> = Vec::new();
    let mut depth = 0usize;
    for (i, line) in lines.iter().enumerate() {
        let mut kept = String::new();
        let mut tagged = false;
        // whether this line holds words of the top quote
        let mut inside = depth == 1;
        for piece in pieces(line) {
            match piece {
                Piece::Open(attrs) => {
                    tagged = true;
                    if depth == 0 {
                        posts.push(Post {
                            sender: quote_author(attrs)?,
                            time: None,
                            text: String::new(),
                            line: i + 1,
                        });
                    }
                    depth += 1;
                }
                Piece::Close => {
                    tagged = true;
                    if depth == 0 {
                        return None;
                    }
                    depth -= 1;
                }
                Piece::Text(t) if depth == 1 => {
                    inside = true;
                    kept.push_str(t);
                }
                Piece::Text(t) if depth == 0 && !t.trim().is_empty() => return None,
                Piece::Text(_) => {}
            }
        }
        if tagged && kept.trim().is_empty() {
            continue;
        }
        if inside {
            let post = posts.last_mut()?;
            if !kept.trim_start().starts_with('>') {
                push(&mut post.text, kept.trim_end());
            }
        }
    }
    if posts.is_empty() {
        return None;
    }
    for post in &mut posts {
        post.text = trimmed(&post.text);
    }
    Some(posts)
}

/// A username: letters, digits, `_`, `.`, `-`.
fn is_username(text: &str) -> bool {
    let t = text.trim();
    let n = t.chars().count();
    (1..=60).contains(&n)
        && t.chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '.' | '-'))
        && !t.chars().all(|c| c.is_ascii_digit())
        && !is_chrome(t)
}

fn all_digits(text: &str) -> bool {
    !text.is_empty() && text.chars().all(|c| c.is_ascii_digit())
}

/// A post's date as a topic page shows it: `2h`, `5m`, `3d`, `2mon`, `1y`, `< 1m`, `Nov 23`,
/// `Nov '25`, `Nov 2025`, `just now`.
fn is_date(text: &str) -> bool {
    let t = text.trim();
    if t == "just now" {
        return true;
    }
    let tiny = t.strip_prefix('<').map_or(t, str::trim_start);
    for unit in ["mon", "s", "m", "h", "d", "y"] {
        if let Some(n) = tiny.strip_suffix(unit)
            && all_digits(n)
        {
            return true;
        }
    }
    let Some((month, rest)) = t.split_once(' ') else {
        return false;
    };
    if !MONTHS.contains(&month) {
        return false;
    }
    let rest = rest.trim();
    if let Some(year) = rest.strip_prefix('\'') {
        return year.len() == 2 && all_digits(year);
    }
    // `Nov 23, 2026` is not a post's date here (it is another engine's)
    all_digits(rest) && (rest.len() <= 2 || rest.len() == 4)
}

/// The page's buttons, counts and time gaps.
fn is_chrome(text: &str) -> bool {
    let t = text.trim();
    if all_digits(t) {
        return true;
    }
    const WORDS: &[&str] = &[
        "Reply",
        "Share",
        "Flag",
        "Bookmark",
        "Copy Link",
        "Like",
        "Edit",
        "Delete",
        "Show More",
        "Read more",
        "…",
        "...",
        "Solution",
        "Loading…",
    ];
    if WORDS.contains(&t) {
        return true;
    }
    let mut words = t.split_whitespace();
    match (words.next(), words.next(), words.next(), words.next()) {
        (Some(n), Some(what), None, None) => {
            all_digits(n) && matches!(what, "Reply" | "Replies" | "Like" | "Likes")
        }
        (Some(n), Some(unit), Some("later"), None) => {
            all_digits(n)
                && matches!(
                    unit,
                    "day" | "days" | "week" | "weeks" | "month" | "months" | "year" | "years"
                )
        }
        _ => false,
    }
}

/// A post heading at `i`: the name and the date, and the line after the heading.
fn heading_at(lines: &[&str], i: usize, boundary: bool) -> Option<(String, String, usize)> {
    let name = lines.get(i)?.trim();
    if !is_username(name) {
        return None;
    }
    for j in 1..=4 {
        let line = lines.get(i + j)?.trim();
        if is_date(line) {
            return Some((name.to_string(), line.to_string(), i + j + 1));
        }
        // between the name and the date: the other name, a title, the edits count, the
        // reply-to tab; without a blank line or chrome before the name only the full name
        if line.is_empty() || line.chars().count() > 60 || (!boundary && j > 1) {
            return None;
        }
        if !boundary && !line.contains(' ') {
            return None;
        }
    }
    None
}

/// A quote's title in a rendered post: `NAME:` naming someone of the page.
fn quote_title(line: &str, known: &[String]) -> bool {
    let Some(name) = line.trim().strip_suffix(':') else {
        return false;
    };
    let name = name.trim();
    if name.is_empty() || name.chars().count() > 40 {
        return false;
    }
    let lower = name.to_lowercase();
    known.contains(&lower)
        || (is_username(name)
            && name
                .chars()
                .any(|c| c.is_ascii_digit() || matches!(c, '_' | '.' | '-')))
}

/// A post's own words: its quotes (a `NAME:` title and the paragraph after it, nested ones
/// too) and the buttons below it gone.
fn own_words(body: &[&str], known: &[String]) -> String {
    let end = body
        .iter()
        .rposition(|l| !l.trim().is_empty() && !is_chrome(l))
        .map_or(0, |p| p + 1);
    let mut text = String::new();
    // paragraphs of quotes still to skip, and whether one has begun
    let mut skipping = 0usize;
    let mut started = false;
    for line in body.iter().take(end) {
        let t = line.trim();
        if quote_title(t, known) {
            skipping += 1;
            continue;
        }
        if skipping > 0 {
            if t.is_empty() {
                if started {
                    skipping -= 1;
                    started = false;
                }
            } else {
                started = true;
            }
            continue;
        }
        push(&mut text, line.trim_end());
    }
    trimmed(&text)
}

/// A topic page as a browser copies it: two post headings at least.
fn read_rendered(lines: &[&str]) -> Option<Vec<Post>> {
    // first pass: the headings (start, name, date, first line of the body)
    let mut headings: Vec<(usize, String, String, usize)> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let boundary = i == 0
            || lines
                .get(i - 1)
                .is_some_and(|l| l.trim().is_empty() || is_chrome(l));
        let first = headings.is_empty();
        if (boundary || first)
            && let Some((name, date, next)) = heading_at(lines, i, boundary)
        {
            headings.push((i, name, date, next));
            i = next;
        } else {
            i += 1;
        }
    }
    if headings.len() < 2 {
        return None;
    }
    // before the first heading: the topic's title, category and tags at most
    let first = headings.first().map_or(0, |h| h.0);
    let preamble: Vec<&&str> = lines
        .iter()
        .take(first)
        .filter(|l| !l.trim().is_empty())
        .collect();
    if preamble.len() > 8 || preamble.iter().any(|l| l.chars().count() > 120) {
        return None;
    }
    // the names of the page, which a quote's title may give
    let mut known: Vec<String> = Vec::new();
    for (at, name, _, next) in &headings {
        known.push(name.to_lowercase());
        for k in (at + 1)..next.saturating_sub(1) {
            if let Some(other) = lines.get(k)
                && !all_digits(other.trim())
            {
                known.push(other.trim().to_lowercase());
            }
        }
    }
    let mut posts = Vec::new();
    for (n, (at, name, date, next)) in headings.iter().enumerate() {
        let end = headings.get(n + 1).map_or(lines.len(), |h| h.0);
        let body = lines.get(*next..end.max(*next)).unwrap_or(&[]);
        posts.push(Post {
            sender: name.clone(),
            time: Some(date.clone()),
            text: own_words(body, &known),
            line: at + 1,
        });
    }
    Some(posts)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<&str> {
        text.lines().collect()
    }

    const PAGE: &str = "\
Day 2: the bridge is out
Game Threads  city-mafia

gm_host
3h
Day 2 begins. Vote with vote NAME.
Reply
ann
Ann Smith
2h
bob_the_bob:

vote Ivy

nope. vote Kim
2
Reply
2 Replies
bob_the_bob
1
ann
1h
Ann:

nope. vote Kim

really?

I stand by it, vote Ivy
Reply
2 days later
cid
45m
just got here, reading back
Reply";

    #[test]
    fn a_topic_page_is_read_post_by_post() {
        let posts = read(&lines(PAGE)).expect("a topic page");
        let senders: Vec<&str> = posts.iter().map(|p| p.sender.as_str()).collect();
        assert_eq!(senders, vec!["gm_host", "ann", "bob_the_bob", "cid"]);
        assert_eq!(posts[1].time.as_deref(), Some("2h"));
        assert_eq!(posts[0].text, "Day 2 begins. Vote with vote NAME.\n");
        assert_eq!(posts[1].text, "nope. vote Kim\n");
        assert_eq!(posts[2].text, "really?\n\nI stand by it, vote Ivy\n");
        assert_eq!(posts[3].text, "just got here, reading back\n");
        assert_eq!(posts[1].line, 8);
    }

    const RAW: &str = "\
gm_host | 2026-11-23 20:00:00 UTC | #1

Day 2. Vote below.

-------------------------

ann | 2026-11-23 21:04:05 UTC | #2

[quote=\"bob, post:1, topic:345\"]
[quote=\"cid, post:0, topic:345\"]vote Ivy[/quote]
vote Hal
[/quote]
no, vote Kim
> vote Lea

-------------------------
";

    #[test]
    fn a_raw_topic_loses_its_quotes() {
        let posts = read(&lines(RAW)).expect("a raw topic");
        assert_eq!(posts.len(), 2);
        assert_eq!(posts[1].sender, "ann");
        assert_eq!(posts[1].time.as_deref(), Some("2026-11-23 21:04:05 UTC"));
        assert_eq!(posts[1].text, "no, vote Kim\n");
        assert_eq!(posts[1].line, 7);
    }

    #[test]
    fn copied_quotes_are_posts_of_their_authors() {
        let text = "[quote=\"ann, post:12, topic:345\"]\nvote Kim\n[/quote]\n\n\
                    [quote=\"Bob Stone, post:13, topic:345, username:bob\"]\n\
                    [quote=\"ann, post:12, topic:345\"]vote Kim[/quote]\nno, vote Ivy\n[/quote]";
        let posts = read(&lines(text)).expect("quotes");
        assert_eq!(posts.len(), 2);
        assert_eq!(posts[0].sender, "ann");
        assert_eq!(posts[0].text, "vote Kim\n");
        assert_eq!(posts[1].sender, "Bob Stone");
        assert_eq!(posts[1].text, "no, vote Ivy\n");
    }

    #[test]
    fn pms_chat_lines_and_other_layouts_are_not_discourse() {
        for text in [
            "From: Ann\nheal Bob",
            "Ann: vote Bob",
            "Ann — Today at 9:04 PM\nvote Bob\nBob — Today at 9:05 PM\nno",
            "[11/23/2026 9:04 PM] Ann\nvote Bob\n\n[11/23/2026 9:05 PM] Bob\nno",
            "Анна, [23.11.2026 21:04]\nголосую за Игоря",
            "[quote=\"Ann\"]vote Bob[/quote]\nno",
            "Hey everyone, long post here\nabout things\nand more\nand more\nand more\nand more\n\
             and more\nand more\nand more\nann\n2h\nvote Kim\nReply\nbob\n1h\nno",
            "Game on\nann\n2h",
        ] {
            assert_eq!(read(&lines(text)), None, "{text}");
        }
    }
}
