//! A pasted batch cut into messages: forum PMs (`From: NAME` blocks), Discord messages (`NAME —
//! time` blocks), chat lines (`NAME: text`), thread posts (a name alone on a line above the
//! post), or a table of form submissions (see `table`). Text with no header is one message.

use super::names::Lexicon;
use super::read::Message;
use super::table;
use super::words;

/// Words of a mail header that carry nothing to read.
const MAIL_HEADERS: &[&str] = &[
    "subject:",
    "sent:",
    "date:",
    "to:",
    "тема:",
    "дата:",
    "кому:",
    "отправлено:",
];

/// Cut a batch into messages, in the order of the input.
pub fn split(text: &str, names: &Lexicon) -> Result<Vec<Message>, String> {
    if let Some(delimiter) = table::delimiter(text) {
        return table::rows(text, delimiter);
    }
    if let Some((_, posts)) = super::forum::read(text) {
        return Ok(super::forum::messages(posts));
    }
    let lines: Vec<&str> = text.lines().collect();
    let mut out: Vec<Message> = Vec::new();
    let mut current: Option<Message> = None;
    let mut headed = false;
    let mut chat = false;
    for (i, raw) in lines.iter().enumerate() {
        let line = raw.trim();
        let blank_before = i == 0 || lines[i - 1].trim().is_empty();
        let text_after = lines.get(i + 1).is_some_and(|l| !l.trim().is_empty());
        let header = header(line, names, blank_before && text_after);
        if let Some(Head { sender, rest, time }) = header {
            if let Some(m) = current.take() {
                out.push(m);
            }
            headed = true;
            // a chat line's message ends at the next blank line; a PM's goes on to the next
            // header, blank lines and all
            chat = rest.is_some();
            current = Some(Message {
                sender: Some(sender),
                text: rest.map(|r| format!("{r}\n")).unwrap_or_default(),
                line: i + 1,
                time,
                from_page: false,
            });
            continue;
        }
        let lower = line.to_lowercase();
        if headed && MAIL_HEADERS.iter().any(|h| lower.starts_with(h)) {
            continue;
        }
        if chat && line.is_empty() {
            out.extend(current.take());
            chat = false;
            continue;
        }
        let m = current.get_or_insert_with(|| Message {
            sender: None,
            text: String::new(),
            line: i + 1,
            time: None,
            from_page: false,
        });
        // a message's text holds a line with words as soon as it holds anything, so "nothing
        // yet" is an empty text: trimming it would read its first line's indent at every line
        if m.text.is_empty() && line.is_empty() {
            m.line = i + 2;
            continue;
        }
        m.text.push_str(raw);
        m.text.push('\n');
    }
    out.extend(current);
    out.retain(|m| !m.text.trim().is_empty() || m.sender.is_some());
    Ok(out)
}

/// A line that starts a message.
struct Head {
    /// The sender as written.
    sender: String,
    /// The text on the line after the header (a chat line's message).
    rest: Option<String>,
    /// The time the header gives, as written.
    time: Option<String>,
}

/// The line's header, if it starts a message. `alone` says the line stands alone between a
/// blank line and text, where a bare name is a post's author. The host and a vote bot head
/// their posts too (`GM — 20:00`, `VoteBot: …`): they are senders, whose posts are never
/// read as a player's.
fn header(line: &str, names: &Lexicon, alone: bool) -> Option<Head> {
    let lower = line.to_lowercase();
    let head = |sender: &str, rest: Option<&str>, time: Option<&str>| Head {
        sender: sender.trim().to_string(),
        rest: rest
            .map(str::trim)
            .filter(|r| !r.is_empty())
            .map(String::from),
        time: time.map(|t| t.trim().to_string()),
    };
    for prefix in ["from:", "от:", "отправитель:", "voter:", "player:"] {
        if lower.starts_with(prefix) {
            let rest = line[prefix.len()..].trim();
            let name = rest.split(['<', '(', '[']).next().unwrap_or(rest).trim();
            if !name.is_empty() {
                return Some(head(name, None, None));
            }
        }
    }
    let sender_like = |name: &str| names.find_in(name).is_some() || words::is_host_or_bot(name);
    // Discord: "Ann — Today at 21:04", "Ann — 23.11.2026 21:04", "[21:04] Ann: text"
    for dash in [" — ", " – ", " - "] {
        if let Some((name, when)) = line.split_once(dash)
            && looks_like_time(when)
            && sender_like(name)
        {
            return Some(head(name, None, Some(when)));
        }
    }
    let (stamp, stamp_free) = match line.strip_prefix('[').and_then(|l| l.split_once(']')) {
        Some((when, rest)) if looks_like_time(when) => (Some(when), rest.trim()),
        _ => (None, line),
    };
    // chat: "Ann: heal Bob"
    if let Some((name, rest)) = stamp_free.split_once(':')
        && name.split_whitespace().count() <= 2
        && !name.trim().is_empty()
        && (names
            .find_in(name)
            .is_some_and(|h| !h.family && !h.how.loose())
            || words::is_host_or_bot(name))
    {
        return Some(head(name, Some(rest), stamp));
    }
    // a thread post: the author's name alone above the post
    if alone
        && stamp_free.split_whitespace().count() <= 2
        && let Some(hit) = names.find_in(stamp_free)
        && !hit.family
        && !hit.how.loose()
        && hit.written.len() + 2 >= stamp_free.trim().len()
    {
        return Some(head(stamp_free, None, stamp));
    }
    None
}

/// "Today at 21:04", "23.11.2026 21:04", "21:04", "yesterday at 9 PM".
fn looks_like_time(text: &str) -> bool {
    let lower = text.trim().to_lowercase();
    let clocky = lower.chars().any(|c| c.is_ascii_digit())
        && lower
            .chars()
            .all(|c| c.is_ascii_digit() || " :./-apm,".contains(c) || c.is_alphabetic());
    clocky
        && (lower.contains(':')
            || ["today", "yesterday", "сегодня", "вчера", "am", "pm"]
                .iter()
                .any(|w| lower.contains(w)))
        && lower.split_whitespace().count() <= 5
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chat_line_ends_at_a_blank_line() {
        let game = crate::demo::demo_game().expect("demo");
        let names = Lexicon::new(&game);
        let messages = split(
            "Vera: cancel Olga\n\nwe kill Franco and Xena\n- Bruno\n\nFrom: Ann\nhi\n\nheal Dino",
            &names,
        )
        .expect("splits");
        let senders: Vec<Option<&str>> = messages.iter().map(|m| m.sender.as_deref()).collect();
        assert_eq!(senders, vec![Some("Vera"), None, Some("Ann")]);
        assert_eq!(messages[2].text, "hi\n\nheal Dino\n");
    }

    #[test]
    fn times_of_chat_programs() {
        assert!(looks_like_time("Today at 21:04"));
        assert!(looks_like_time("23.11.2026 21:04"));
        assert!(looks_like_time("вчера в 9:15"));
        assert!(!looks_like_time("I heal Bob"));
        assert!(!looks_like_time("Bob 2 times"));
    }
}
