//! Telegram: messages copied from Telegram Desktop, and its chat export (the HTML export as a
//! browser copies it, and `result.json`).
//!
//! Sources:
//! - Telegram Desktop's copy of selected messages (`history_inner.cpp` and
//!   `history/view/history_view_list_widget.cpp`, `getSelectedText`): each message as
//!   `AUTHOR, [DATE]`, a line break and its text, messages joined by a blank line; DATE is the
//!   date and time in the system locale's short format (`23.11.2026 21:04`, `11/23/26 9:04
//!   PM`; older versions `23.11.26 21:04`). Newer builds (`history_item_text.cpp`,
//!   `HistorySelectedItemPlainWrappedText` and `HistorySelectedItemWrappedText`) write
//!   `[DATE] AUTHOR: text`, and for a reply the author, the "in reply to NAME" words, a colon,
//!   then the replied text as a `> ` line above the message's own text.
//! - The export (`export/output/export_output_html.cpp` and `export_output_json.cpp`): in the
//!   HTML, a message that starts a group has the author's initials (the userpic), the time
//!   (`21:04`), the author's name, an `In reply to this message` line for a reply, and the
//!   text; a further message of the same author has only the time and the text; a day is a
//!   service line (`23 November 2026`). In `result.json`, `messages` holds objects with
//!   `type` (`message` or `service`), `date` (`2026-11-23T21:04:05`), `from`, `forwarded_from`
//!   for a forwarded message, and `text`: a string, or an array of strings and of objects
//!   whose `text` is a piece of the message.

use super::Post;
use super::page::{push, trimmed};

/// The layout of Telegram copies and exports.
pub const LAYOUT: super::Layout = super::Layout {
    name: "Telegram",
    read,
};

fn read(lines: &[&str]) -> Option<Vec<Post>> {
    read_json(lines)
        .or_else(|| read_copy(lines))
        .or_else(|| read_new_copy(lines))
        .or_else(|| read_html(lines))
}

/// A clock time: `21:04`, `9:04 PM`.
fn is_clock(text: &str) -> bool {
    let t = text.trim();
    let t = t
        .strip_suffix("AM")
        .or_else(|| t.strip_suffix("PM"))
        .unwrap_or(t)
        .trim_end();
    let mut parts = t.split(':');
    let (Some(h), Some(m), None) = (parts.next(), parts.next(), parts.next()) else {
        return false;
    };
    (1..=2).contains(&h.len())
        && m.len() == 2
        && h.chars().chain(m.chars()).all(|c| c.is_ascii_digit())
}

/// A date and a time: `23.11.2026 21:04`, `11/23/26 9:04 PM`, `23.11.26, 21:04`.
fn is_date_time(text: &str) -> bool {
    let t = text.trim();
    let Some((date, clock)) = t.split_once(' ') else {
        return false;
    };
    let date = date.trim_end_matches(',');
    let parts: Vec<&str> = date.split(['.', '/', '-']).collect();
    parts.len() == 3
        && parts
            .iter()
            .all(|p| (1..=4).contains(&p.len()) && p.chars().all(|c| c.is_ascii_digit()))
        && is_clock(clock)
}

/// A name: not empty, short.
fn is_name(text: &str) -> bool {
    let t = text.trim();
    !t.is_empty() && t.chars().count() <= 64 && t.split_whitespace().count() <= 5
}

/// A classic copy's header: `AUTHOR, [DATE]`.
fn copy_header(line: &str) -> Option<(String, String)> {
    let t = line.trim_end();
    let rest = t.strip_suffix(']')?;
    let (name, when) = rest.rsplit_once(", [")?;
    (is_name(name) && is_date_time(when)).then(|| (name.trim().to_string(), when.to_string()))
}

/// Messages copied from Telegram Desktop (`AUTHOR, [DATE]` headers).
fn read_copy(lines: &[&str]) -> Option<Vec<Post>> {
    let mut posts: Vec<Post> = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if let Some((name, when)) = copy_header(line) {
            posts.push(Post {
                sender: name,
                time: Some(when),
                text: String::new(),
                line: i + 1,
            });
            continue;
        }
        match posts.last_mut() {
            Some(post) => {
                if !line.trim_start().starts_with("> ") {
                    push(&mut post.text, line.trim_end());
                }
            }
            None if line.trim().is_empty() => {}
            None => return None,
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

/// The words of a newer copy's header that say whom a message replies to.
const REPLY_WORDS: &[&str] = &[" in reply to ", " (in reply to ", " в ответ ", " (в ответ "];

/// A newer copy's header: `[DATE] AUTHOR: text`, the author and the text after the colon.
fn new_header(line: &str) -> Option<(String, String, String)> {
    let rest = line.trim_end().strip_prefix('[')?;
    let (when, rest) = rest.split_once("] ")?;
    if !is_date_time(when) {
        return None;
    }
    let (who, text) = rest.split_once(':')?;
    let lower = who.to_lowercase();
    let name = REPLY_WORDS
        .iter()
        .filter_map(|w| lower.find(w))
        .min()
        .and_then(|at| who.get(..at))
        .unwrap_or(who)
        .trim();
    is_name(name).then(|| (name.to_string(), when.to_string(), text.trim().to_string()))
}

/// Messages copied from a newer Telegram Desktop (`[DATE] AUTHOR: text`): two at least, as
/// one is a chat line the batch reader knows.
fn read_new_copy(lines: &[&str]) -> Option<Vec<Post>> {
    let mut posts: Vec<Post> = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if let Some((name, when, text)) = new_header(line) {
            let mut first = String::new();
            if !text.is_empty() {
                push(&mut first, &text);
            }
            posts.push(Post {
                sender: name,
                time: Some(when),
                text: first,
                line: i + 1,
            });
            continue;
        }
        match posts.last_mut() {
            Some(post) => {
                if !line.trim_start().starts_with('>') {
                    push(&mut post.text, line.trim_end());
                }
            }
            None if line.trim().is_empty() => {}
            None => return None,
        }
    }
    if posts.len() < 2 {
        return None;
    }
    for post in &mut posts {
        post.text = trimmed(&post.text);
    }
    Some(posts)
}

/// A userpic's initials: one to three capitals (or a character with no case).
fn is_initials(text: &str) -> bool {
    let t = text.trim();
    let n = t.chars().count();
    (1..=3).contains(&n) && t.chars().all(|c| c.is_alphabetic() && !c.is_lowercase())
}

/// A day's service line of the export: `23 November 2026`.
fn is_day_line(text: &str) -> bool {
    let mut words = text.split_whitespace();
    let (Some(day), Some(month), Some(year), None) =
        (words.next(), words.next(), words.next(), words.next())
    else {
        return false;
    };
    day.len() <= 2
        && day.chars().all(|c| c.is_ascii_digit())
        && month.chars().all(char::is_alphabetic)
        && year.len() == 4
        && year.chars().all(|c| c.is_ascii_digit())
}

/// The HTML export as a browser copies it: initials, time and name start a group, a time alone
/// a further message of the same author; two groups at least.
fn read_html(lines: &[&str]) -> Option<Vec<Post>> {
    let mut posts: Vec<Post> = Vec::new();
    let mut groups = 0usize;
    let mut i = 0;
    while i < lines.len() {
        let line = lines.get(i).map_or("", |l| l.trim());
        let next = lines.get(i + 1).map_or("", |l| l.trim());
        let name = lines.get(i + 2).map_or("", |l| l.trim());
        let starts_group = is_initials(line)
            && is_clock(next)
            && is_name(name)
            && name.chars().next().is_some_and(|c| line.starts_with(c));
        if starts_group {
            groups += 1;
            posts.push(Post {
                sender: name.to_string(),
                time: Some(next.to_string()),
                text: String::new(),
                line: i + 1,
            });
            i += 3;
            continue;
        }
        if is_clock(line)
            && let Some(sender) = posts.last().map(|p| p.sender.clone())
        {
            posts.push(Post {
                sender,
                time: Some(line.to_string()),
                text: String::new(),
                line: i + 1,
            });
            i += 1;
            continue;
        }
        let chrome = line == "In reply to this message" || is_day_line(line);
        match posts.last_mut() {
            Some(post) if !chrome => {
                push(&mut post.text, lines.get(i).map_or("", |l| l.trim_end()))
            }
            Some(_) => {}
            // before the first message: the chat's name and a day line at most
            None if line.is_empty() || chrome || (i < 3 && line.chars().count() <= 80) => {}
            None => return None,
        }
        i += 1;
    }
    if groups < 2 {
        return None;
    }
    for post in &mut posts {
        post.text = trimmed(&post.text);
    }
    Some(posts)
}

/// A JSON value with the line its object starts on.
enum Json {
    Str(String),
    Arr(Vec<Json>),
    Obj(Vec<(String, Json)>, usize),
    Other,
}

impl Json {
    fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Obj(fields, _) => fields.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    fn str(&self) -> Option<&str> {
        match self {
            Json::Str(s) => Some(s),
            _ => None,
        }
    }
}

/// A small JSON reader that keeps the line of each object.
struct Parser<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    line: usize,
    depth: usize,
}

impl Parser<'_> {
    fn bump(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn blank(&mut self) {
        while self.chars.peek().is_some_and(|c| c.is_whitespace()) {
            self.bump();
        }
    }

    fn string(&mut self) -> Option<String> {
        let mut out = String::new();
        loop {
            match self.bump()? {
                '"' => return Some(out),
                '\\' => match self.bump()? {
                    'n' => out.push('\n'),
                    't' => out.push('\t'),
                    'r' => {}
                    'b' | 'f' => {}
                    'u' => {
                        let hex: String = (0..4).filter_map(|_| self.bump()).collect();
                        let code = u32::from_str_radix(&hex, 16).ok()?;
                        // a surrogate pair's halves are dropped rather than misread
                        out.extend(char::from_u32(code));
                    }
                    other => out.push(other),
                },
                c => out.push(c),
            }
        }
    }

    fn value(&mut self) -> Option<Json> {
        self.blank();
        if self.depth > 64 {
            return None;
        }
        match *self.chars.peek()? {
            '"' => {
                self.bump();
                self.string().map(Json::Str)
            }
            '{' => {
                let line = self.line;
                self.bump();
                self.depth += 1;
                let mut fields = Vec::new();
                loop {
                    self.blank();
                    match self.bump()? {
                        '}' => break,
                        ',' => continue,
                        '"' => {
                            let key = self.string()?;
                            self.blank();
                            if self.bump()? != ':' {
                                return None;
                            }
                            let value = self.value()?;
                            fields.push((key, value));
                        }
                        _ => return None,
                    }
                }
                self.depth -= 1;
                Some(Json::Obj(fields, line))
            }
            '[' => {
                self.bump();
                self.depth += 1;
                let mut items = Vec::new();
                loop {
                    self.blank();
                    match self.chars.peek()? {
                        ']' => {
                            self.bump();
                            break;
                        }
                        ',' => {
                            self.bump();
                        }
                        _ => items.push(self.value()?),
                    }
                }
                self.depth -= 1;
                Some(Json::Arr(items))
            }
            _ => {
                let mut any = false;
                while self
                    .chars
                    .peek()
                    .is_some_and(|c| c.is_alphanumeric() || matches!(c, '-' | '+' | '.'))
                {
                    self.bump();
                    any = true;
                }
                any.then_some(Json::Other)
            }
        }
    }
}

/// A message's text: a string, or pieces that are strings or objects with a `text`.
fn json_text(value: &Json) -> String {
    match value {
        Json::Str(s) => s.clone(),
        Json::Arr(items) => items
            .iter()
            .filter_map(|item| match item {
                Json::Str(s) => Some(s.as_str()),
                other => other.get("text").and_then(Json::str),
            })
            .collect(),
        _ => String::new(),
    }
}

/// Telegram Desktop's `result.json` (or the `messages` of one chat).
fn read_json(lines: &[&str]) -> Option<Vec<Post>> {
    let first = lines.iter().position(|l| !l.trim().is_empty())?;
    if lines.get(first).map(|l| l.trim()) != Some("{")
        || !lines
            .iter()
            .any(|l| l.trim_start().starts_with("\"messages\": ["))
    {
        return None;
    }
    let text = lines.join("\n");
    let mut parser = Parser {
        chars: text.chars().peekable(),
        line: 1,
        depth: 0,
    };
    let root = parser.value()?;
    let Some(Json::Arr(messages)) = root.get("messages") else {
        return None;
    };
    let mut posts = Vec::new();
    for message in messages {
        if message.get("type").and_then(Json::str) != Some("message") {
            continue;
        }
        let line = match message {
            Json::Obj(_, line) => *line,
            _ => continue,
        };
        let sender = message
            .get("from")
            .and_then(Json::str)
            .unwrap_or("Deleted Account")
            .to_string();
        // a forwarded message's words are someone else's
        let words = if message.get("forwarded_from").is_some() {
            String::new()
        } else {
            message.get("text").map(json_text).unwrap_or_default()
        };
        posts.push(Post {
            sender,
            time: message.get("date").and_then(Json::str).map(str::to_string),
            text: trimmed(&words),
            line,
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

    #[test]
    fn a_desktop_copy_is_read_message_by_message() {
        let text = "Анна, [23.11.2026 21:04]\nну что, кого сегодня?\n\n\
                    Борис, [23.11.2026 21:05]\nголосую за Игоря\nон весь день молчит\n\n\
                    Ведущий, [23.11.2026 21:06]\nИгорь 1";
        let posts = read(&lines(text)).expect("a copy");
        let senders: Vec<&str> = posts.iter().map(|p| p.sender.as_str()).collect();
        assert_eq!(senders, vec!["Анна", "Борис", "Ведущий"]);
        assert_eq!(posts[1].time.as_deref(), Some("23.11.2026 21:05"));
        assert_eq!(posts[1].text, "голосую за Игоря\nон весь день молчит\n");
        assert_eq!(posts[1].line, 4);
    }

    #[test]
    fn a_newer_copy_loses_the_replied_text() {
        let text = "[23.11.2026 21:04] Анна: голосую за Зою\n\n\
                    [23.11.2026 21:05] Борис in reply to Анна:\n> голосую за Зою\nа я за Игоря";
        let posts = read(&lines(text)).expect("a copy");
        assert_eq!(posts[0].sender, "Анна");
        assert_eq!(posts[0].text, "голосую за Зою\n");
        assert_eq!(posts[1].sender, "Борис");
        assert_eq!(posts[1].text, "а я за Игоря\n");
    }

    #[test]
    fn an_html_export_copy_is_read_message_by_message() {
        let text = "Город, день 2\n23 November 2026\nА\n21:04\nАнна\nну что, кого?\n21:05\n\
                    голосую за Игоря\nБ\n21:06\nБорис\nIn reply to this message\nа я за Зою";
        let posts = read(&lines(text)).expect("an export");
        let senders: Vec<&str> = posts.iter().map(|p| p.sender.as_str()).collect();
        assert_eq!(senders, vec!["Анна", "Анна", "Борис"]);
        assert_eq!(posts[1].text, "голосую за Игоря\n");
        assert_eq!(posts[2].text, "а я за Зою\n");
        assert_eq!(posts[2].time.as_deref(), Some("21:06"));
    }

    #[test]
    fn a_json_export_is_read_message_by_message() {
        let text = r#"{
 "name": "Город",
 "type": "private_group",
 "id": 1,
 "messages": [
  {
   "id": 1,
   "type": "service",
   "date": "2026-11-23T20:00:00",
   "actor": "Ведущий",
   "action": "create_group",
   "text": ""
  },
  {
   "id": 2,
   "type": "message",
   "date": "2026-11-23T21:04:05",
   "from": "Анна",
   "from_id": "user1",
   "text": [
    "голосую за ",
    {
     "type": "bold",
     "text": "Игоря"
    }
   ]
  },
  {
   "id": 3,
   "type": "message",
   "date": "2026-11-23T21:05:00",
   "from": "Борис",
   "from_id": "user2",
   "forwarded_from": "Зоя",
   "text": "голосую за Анну"
  },
  {
   "id": 4,
   "type": "message",
   "date": "2026-11-23T21:06:00",
   "from": "Борис",
   "from_id": "user2",
   "text": "и я за Игоря \u2014 точно"
  }
 ]
}"#;
        let posts = read(&lines(text)).expect("a json export");
        assert_eq!(posts.len(), 3);
        assert_eq!(posts[0].sender, "Анна");
        assert_eq!(posts[0].text, "голосую за Игоря\n");
        assert_eq!(posts[0].line, 14);
        assert_eq!(posts[0].time.as_deref(), Some("2026-11-23T21:04:05"));
        assert_eq!(posts[1].text, "");
        assert_eq!(posts[2].text, "и я за Игоря — точно\n");
    }

    #[test]
    fn pms_chat_lines_and_other_layouts_are_not_telegram() {
        for text in [
            "From: Анна\nлечу Бориса",
            "Анна: голосую за Игоря",
            "[21:04] Анна: голосую за Игоря\n[21:05] Борис: за Зою",
            "[23.11.2026 21:04] Анна: голосую за Игоря",
            "Анна — Сегодня в 21:04\nза Игоря\nБорис — Сегодня в 21:05\nза Зою",
            "[11/23/2026 9:04 PM] Ann\nvote Bob\n\n[11/23/2026 9:05 PM] Bob\nno",
            "ann | 2026-11-23 21:04:05 UTC | #2\n\nvote Kim\n",
            "Привет!\nАнна, [23.11.2026 21:04]\nза Игоря",
        ] {
            assert_eq!(read(&lines(text)), None, "{text}");
        }
    }
}
