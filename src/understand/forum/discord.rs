//! Discord: messages selected in the client and copied, and DiscordChatExporter's plain-text
//! export.
//!
//! Sources:
//! - The export: github.com/Tyrrrz/DiscordChatExporter,
//!   `DiscordChatExporter.Core/Exporting/PlainTextMessageWriter.cs` (a preamble between two
//!   rules of 62 `=` with `Guild:`, `Channel:` and optional `Topic:`/`After:`/`Before:` lines;
//!   each message a header `[DATE] AUTHOR` with ` (pinned)` when pinned, the content, a blank
//!   line, then the sections `{Forwarded Message}` (its content and an `Originally sent:` line),
//!   `{Attachments}`, `{Embed}`, `{Stickers}` and `{Reactions}`, each closed by a blank line;
//!   a postamble `Exported N message(s)`), `ExportContext.cs` (the date is .NET's "g" format in
//!   the export's culture: `11/23/2026 9:04 PM`, `23.11.2026 21:04`), `Discord/Data/User.cs`
//!   (the author is `name#1234` for a user of the old discriminator system, else the name) and
//!   `PlainTextMarkdownVisitor.cs` (the content is the message's Markdown with mentions
//!   resolved, so a quote is still a `> ` or `>>> ` line).
//! - The client: a copy of selected messages gives for each group `NAME — WHEN` (`Today at
//!   9:04 PM`, `Yesterday at 21:04`, `11/23/2026 9:04 PM`), the message lines, and for each
//!   further message of the same author a hidden `[9:05 PM]` time line; an edited message ends
//!   in `(edited)`; a reply's preview (`@NAME` and the start of the message replied to) comes
//!   right above the replying message's header; a bot's name carries the `APP` (earlier `BOT`)
//!   tag. Newer clients may give the header in three lines (`NAME`, `—`, `WHEN`); both are read.

use super::Post;
use super::page::push;

/// The layout of Discord copies and exports.
pub const LAYOUT: super::Layout = super::Layout {
    name: "Discord",
    read,
};

fn read(lines: &[&str]) -> Option<Vec<Post>> {
    read_export(lines).or_else(|| read_copy(lines))
}

/// The post as collected, with its trailing blank lines gone.
fn finish(sender: String, time: Option<String>, text: &str, line: usize) -> Post {
    let trimmed = text.trim_end_matches(['\n', ' ', '\t', '\r']);
    let mut text = trimmed.to_string();
    if !text.is_empty() {
        text.push('\n');
    }
    Post {
        sender,
        time,
        text,
        line,
    }
}

/// A clock time: `9:04 PM`, `21:04`, `21:04:05`.
fn is_clock(text: &str) -> bool {
    let t = text.trim();
    let t = t
        .strip_suffix("AM")
        .or_else(|| t.strip_suffix("PM"))
        .or_else(|| t.strip_suffix("am"))
        .or_else(|| t.strip_suffix("pm"))
        .unwrap_or(t)
        .trim_end();
    let parts: Vec<&str> = t.split(':').collect();
    (2..=3).contains(&parts.len())
        && parts
            .iter()
            .all(|p| (1..=2).contains(&p.len()) && p.chars().all(|c| c.is_ascii_digit()))
}

/// A date and a clock time: `11/23/2026 9:04 PM`, `23.11.2026 21:04`, `23-Nov-26 09:04 PM`.
fn is_date_time(text: &str) -> bool {
    let t = text.trim();
    let Some((date, clock)) = t.split_once(' ') else {
        return false;
    };
    let date = date.trim_end_matches(',');
    let separators = date
        .chars()
        .filter(|c| matches!(c, '/' | '.' | '-'))
        .count();
    date.chars().next().is_some_and(|c| c.is_ascii_digit())
        && separators >= 2
        && date.len() <= 11
        && date
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '/' | '.' | '-'))
        && is_clock(clock)
}

/// When a client header says a message was sent.
fn is_client_time(text: &str) -> bool {
    let lower = text.trim().to_lowercase();
    for day in ["today at ", "yesterday at ", "сегодня в ", "вчера в "] {
        if let Some(clock) = lower.strip_prefix(day) {
            return is_clock(clock);
        }
    }
    is_date_time(&lower)
}

/// A name as a header shows it: not empty, short, not a sentence.
fn is_name(text: &str) -> bool {
    let t = text.trim();
    !t.is_empty() && t.chars().count() <= 40 && t.split_whitespace().count() <= 4
}

/// The name without a bot's tag.
fn untagged(name: &str) -> &str {
    let n = name.trim();
    n.strip_suffix(" APP")
        .or_else(|| n.strip_suffix(" BOT"))
        .unwrap_or(n)
        .trim_end()
}

/// A one-line client header: the author and the time.
fn copy_header(line: &str) -> Option<(String, String)> {
    let (name, when) = line.trim().split_once(" — ")?;
    (is_name(name) && is_client_time(when))
        .then(|| (untagged(name).to_string(), when.trim().to_string()))
}

/// A client header at `i`: author, time and how many lines it takes.
fn copy_header_at(lines: &[&str], i: usize) -> Option<(String, String, usize)> {
    let line = lines.get(i)?;
    if let Some((name, when)) = copy_header(line) {
        return Some((name, when, 1));
    }
    let dash = lines.get(i + 1)?.trim();
    let when = lines.get(i + 2)?.trim();
    (matches!(dash, "—" | "-" | "–") && is_name(line) && is_client_time(when))
        .then(|| (untagged(line).to_string(), when.to_string(), 3))
}

/// A day divider of the client: `November 23, 2026`.
fn is_day_divider(line: &str) -> bool {
    let lower = line.trim().to_lowercase();
    let mut words = lower.split_whitespace();
    let (Some(month), Some(day), Some(year), None) =
        (words.next(), words.next(), words.next(), words.next())
    else {
        return false;
    };
    super::page::MONTHS
        .iter()
        .any(|m| m.eq_ignore_ascii_case(month))
        && day
            .trim_end_matches(',')
            .chars()
            .all(|c| c.is_ascii_digit())
        && year.len() == 4
        && year.chars().all(|c| c.is_ascii_digit())
}

/// A reply's preview line: `@NAME …` naming an author of the log.
fn is_reply_preview(line: &str, senders: &[String]) -> bool {
    let Some(rest) = line.trim().strip_prefix('@') else {
        return false;
    };
    let lower = rest.to_lowercase();
    senders.iter().any(|s| {
        let s = s.to_lowercase();
        lower
            .strip_prefix(s.as_str())
            .is_some_and(|after| after.is_empty() || after.starts_with(char::is_whitespace))
    })
}

/// Messages copied from the client: two headers at least (one message alone is a chat line
/// the batch reader already knows).
fn read_copy(lines: &[&str]) -> Option<Vec<Post>> {
    // first pass: the headers
    let mut headers: Vec<(usize, String, String, usize)> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if let Some((name, when, span)) = copy_header_at(lines, i) {
            headers.push((i, name, when, span));
            i += span;
        } else {
            i += 1;
        }
    }
    if headers.len() < 2 {
        return None;
    }
    let senders: Vec<String> = headers.iter().map(|h| h.1.clone()).collect();
    let first = headers.first().map_or(0, |h| h.0);
    // before the first header: nothing but dividers and a reply preview
    let preamble_ok = lines
        .iter()
        .take(first)
        .all(|l| l.trim().is_empty() || is_day_divider(l) || is_reply_preview(l, &senders));
    if !preamble_ok {
        return None;
    }
    // a reply's preview (one `@NAME …` line, or `@NAME` and a line) above a header
    let mut skip = vec![false; lines.len()];
    for (at, _, _, _) in &headers {
        if let Some(above) = at.checked_sub(1)
            && let Some(line) = lines.get(above)
        {
            if is_reply_preview(line, &senders) {
                if let Some(s) = skip.get_mut(above) {
                    *s = true;
                }
            } else if let Some(two) = above.checked_sub(1)
                && lines.get(two).is_some_and(|l| {
                    is_reply_preview(l, &senders) && l.split_whitespace().count() == 1
                })
            {
                for k in [two, above] {
                    if let Some(s) = skip.get_mut(k) {
                        *s = true;
                    }
                }
            }
        }
    }
    let mut posts = Vec::new();
    for (n, (at, name, when, span)) in headers.iter().enumerate() {
        let end = headers.get(n + 1).map_or(lines.len(), |h| h.0);
        let mut text = String::new();
        for k in (at + span)..end {
            if skip.get(k).copied().unwrap_or(false) {
                continue;
            }
            let Some(raw) = lines.get(k) else { continue };
            let line = raw.trim_end();
            let t = line.trim();
            if is_day_divider(t) || t == "(edited)" || t == "NEW" {
                continue;
            }
            // the hidden time of a further message of the same author
            if let Some(inner) = t.strip_prefix('[').and_then(|r| r.strip_suffix(']'))
                && is_clock(inner)
            {
                continue;
            }
            let line = line.strip_suffix("(edited)").map_or(line, str::trim_end);
            push(&mut text, line);
        }
        posts.push(finish(name.clone(), Some(when.clone()), &text, at + 1));
    }
    Some(posts)
}

/// The sections the exporter writes after a message's content.
const SECTIONS: &[&str] = &[
    "{Attachments}",
    "{Embed}",
    "{Stickers}",
    "{Reactions}",
    "{Forwarded Message}",
];

/// An exporter header: `[DATE] AUTHOR` or `[DATE] AUTHOR (pinned)`.
fn export_header(line: &str) -> Option<(String, String)> {
    let rest = line.trim_end().strip_prefix('[')?;
    let (when, author) = rest.split_once("] ")?;
    if !is_date_time(when) {
        return None;
    }
    let author = author.strip_suffix(" (pinned)").unwrap_or(author).trim();
    // a chat line `[time] NAME: text` is not a header
    if author.is_empty() || author.contains(": ") || author.ends_with(':') || !is_name(author) {
        return None;
    }
    // the old discriminator is the account's number, not its name
    let name = match author.rsplit_once('#') {
        Some((name, digits)) if digits.len() == 4 && digits.chars().all(|c| c.is_ascii_digit()) => {
            name
        }
        _ => author,
    };
    Some((name.to_string(), when.to_string()))
}

fn is_rule(line: &str) -> bool {
    let t = line.trim();
    t.len() >= 20 && t.chars().all(|c| c == '=')
}

/// DiscordChatExporter's plain text: its preamble, or two headers at least.
fn read_export(lines: &[&str]) -> Option<Vec<Post>> {
    let mut preamble = false;
    let mut headers = 0usize;
    let mut posts: Vec<Post> = Vec::new();
    // the post being read: sender, time, text, line, in a section, in a `>>>` quote
    let mut current: Option<(String, String, String, usize)> = None;
    let mut in_section = false;
    let mut quote_to_end = false;
    for (i, raw) in lines.iter().enumerate() {
        let line = raw.trim_end();
        let t = line.trim();
        if let Some((name, when)) = export_header(line) {
            if let Some((s, w, text, at)) = current.take() {
                posts.push(finish(s, Some(w), &text, at));
            }
            headers += 1;
            current = Some((name, when, String::new(), i + 1));
            in_section = false;
            quote_to_end = false;
            continue;
        }
        let Some((_, _, text, _)) = current.as_mut() else {
            // before the first header: the preamble or nothing
            if is_rule(t) {
                preamble = true;
                continue;
            }
            let known = ["Guild: ", "Channel: ", "Topic: ", "After: ", "Before: "]
                .iter()
                .any(|p| t.starts_with(p));
            if t.is_empty() || (preamble && known) {
                continue;
            }
            return None;
        };
        if is_rule(t) || (t.starts_with("Exported ") && t.ends_with("message(s)")) {
            // the postamble closes the last message
            in_section = true;
            continue;
        }
        if SECTIONS.contains(&t) {
            in_section = true;
            continue;
        }
        if in_section {
            continue;
        }
        if t.starts_with(">>> ") || t == ">>>" {
            quote_to_end = true;
        }
        if quote_to_end || t.starts_with("> ") || t == ">" {
            continue;
        }
        push(text, line);
    }
    if let Some((s, w, text, at)) = current.take() {
        posts.push(finish(s, Some(w), &text, at));
    }
    (headers >= 2 || (preamble && headers >= 1)).then_some(posts)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<&str> {
        text.lines().collect()
    }

    const EXPORT: &str = "\
==============================================================
Guild: Night Owls Mafia
Channel: Games / city-day-2
==============================================================

[11/23/2026 9:04 PM] Ann
ok day 2, who are we looking at

[11/23/2026 9:05 PM] Bob#0420
> vote Ivy
not this again. vote Kim

{Reactions}
👀 (2)

[11/23/2026 9:07 PM] VoteBot (pinned)
Votes: Kim 1

{Embed}
Vote count
Kim - 1 (Bob)

[11/23/2026 9:09 PM] Cid
>>> vote Hal
vote Hal
said Dan yesterday lol

==============================================================
Exported 4 message(s)
==============================================================
";

    #[test]
    fn an_export_is_read_post_by_post() {
        let posts = read(&lines(EXPORT)).expect("an export");
        let senders: Vec<&str> = posts.iter().map(|p| p.sender.as_str()).collect();
        assert_eq!(senders, vec!["Ann", "Bob", "VoteBot", "Cid"]);
        assert_eq!(posts[0].time.as_deref(), Some("11/23/2026 9:04 PM"));
        assert_eq!(posts[0].text, "ok day 2, who are we looking at\n");
        assert_eq!(posts[1].text, "not this again. vote Kim\n");
        assert_eq!(posts[2].text, "Votes: Kim 1\n");
        assert_eq!(posts[3].text, "");
        assert_eq!(posts[1].line, 9);
    }

    const COPY: &str = "\
November 23, 2026
Ann — Today at 9:04 PM
ok day 2, who are we looking at
[9:05 PM]
vote Kim (edited)
@Ann ok day 2, who are we looking at
Bob — Today at 9:06 PM
not Kim, vote Ivy
VoteBot APP — Today at 9:07 PM
Kim 1, Ivy 1
Cid
 — 
Today at 9:08 PM
hm";

    #[test]
    fn a_client_copy_is_read_post_by_post() {
        let posts = read(&lines(COPY)).expect("a copy");
        let senders: Vec<&str> = posts.iter().map(|p| p.sender.as_str()).collect();
        assert_eq!(senders, vec!["Ann", "Bob", "VoteBot", "Cid"]);
        assert_eq!(posts[0].text, "ok day 2, who are we looking at\nvote Kim\n");
        assert_eq!(posts[0].time.as_deref(), Some("Today at 9:04 PM"));
        assert_eq!(posts[1].text, "not Kim, vote Ivy\n");
        assert_eq!(posts[3].text, "hm\n");
        assert_eq!(posts[1].line, 7);
    }

    #[test]
    fn pms_chat_lines_and_other_layouts_are_not_discord() {
        for text in [
            "From: Ann\nheal Bob",
            "Ann: vote Bob",
            "Ann — Today at 9:04 PM\nvote Bob",
            "[21:04] Ann: vote Bob\n[21:05] Bob: vote Ann",
            "Анна, [23.11.2026 21:04]\nголосую за Игоря\n\nБорис, [23.11.2026 21:05]\nза Зою",
            "ann | 2026-11-23 21:04:05 UTC | #2\n\nvote Kim\n\n-------------------------\n",
            "ann\n2h\nvote Kim\nReply\nbob\n1h\nvote Ivy",
            "Hi all\nAnn — Today at 9:04 PM\nvote Bob\nBob — Today at 9:05 PM\nno",
        ] {
            assert_eq!(read(&lines(text)), None, "{text}");
        }
    }
}
