//! A table of submissions, as a website's form exports it or a spreadsheet copies it: a header
//! row, then one row per submission, comma- or tab-separated. The column the header calls the
//! player is the sender; time columns are left out; a column about a vote keeps its header
//! ("Family vote: Rossi"), any other column gives its cell ("heal", "Bob").

use super::read::Message;

/// Headers of the column that names the sender.
const SENDER: &[&str] = &[
    "name",
    "player",
    "from",
    "voter",
    "nick",
    "nickname",
    "username",
    "user",
    "sender",
    "actor",
    "игрок",
    "ник",
    "имя",
    "кто",
    "отправитель",
];
/// Headers of columns with nothing to read.
const SKIPPED: &[&str] = &[
    "timestamp",
    "time",
    "date",
    "submitted",
    "id",
    "#",
    "время",
    "дата",
    "отметка",
];
/// Header words of a column holding a vote.
const VOTE: &[&str] = &["vote", "ballot", "голос", "family", "individual", "lynch"];

/// The separator of a table, if the text is one: a header row with a sender column.
pub fn delimiter(text: &str) -> Option<u8> {
    let header = text.lines().find(|l| !l.trim().is_empty())?;
    let delimiter = if header.contains('\t') {
        b'\t'
    } else if header.contains(',') {
        b','
    } else if header.contains(';') {
        b';'
    } else {
        return None;
    };
    let cells: Vec<String> = header
        .split(delimiter as char)
        .map(|c| c.trim().trim_matches('"').to_lowercase())
        .collect();
    let short = cells.iter().all(|c| c.split_whitespace().count() <= 4);
    let has_sender = cells.iter().any(|c| is(c, SENDER));
    (cells.len() >= 2 && short && has_sender).then_some(delimiter)
}

fn is(header: &str, list: &[&str]) -> bool {
    header
        .split(|c: char| !c.is_alphanumeric() && c != '#')
        .any(|w| list.contains(&w))
}

/// The longest vote column header a row's message repeats, in characters: a form's question
/// of a few words. A longer one (a quoted cell of a whole line) would make every row cost its
/// length; its cells are read alone.
const VOTE_HEADER_CHARS: usize = 64;

/// Every row as a message.
pub fn rows(text: &str, delimiter: u8) -> Result<Vec<Message>, String> {
    let skipped_lines = text.lines().take_while(|l| l.trim().is_empty()).count();
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(text.trim_start().as_bytes());
    let headers: Vec<String> = reader
        .headers()
        .map_err(|e| format!("the table's header row: {e}"))?
        .iter()
        .map(str::to_lowercase)
        .collect();
    let sender = headers.iter().position(|h| is(h, SENDER));
    // what each column is, known from its header once rather than at every cell; a vote
    // column's header goes into every row's message, so only a header of a few words does
    let skipped: Vec<bool> = headers.iter().map(|h| is(h, SKIPPED)).collect();
    let votes: Vec<bool> = headers
        .iter()
        .map(|h| is(h, VOTE) && h.chars().count() <= VOTE_HEADER_CHARS)
        .collect();
    let mut out = Vec::new();
    for record in reader.records() {
        let record = record.map_err(|e| match e.position() {
            Some(p) => format!("line {}: {e}", p.line() as usize + skipped_lines),
            None => e.to_string(),
        })?;
        let line = record
            .position()
            .map(|p| p.line() as usize + skipped_lines)
            .unwrap_or(0);
        let mut parts = Vec::new();
        for (i, cell) in record.iter().enumerate() {
            if Some(i) == sender || cell.is_empty() || skipped.get(i) == Some(&true) {
                continue;
            }
            if votes.get(i) == Some(&true) {
                parts.push(format!("\n{}: {cell}.\n", headers[i]));
            } else {
                parts.push(cell.to_string());
            }
        }
        let text = parts.join(" ");
        let sender = sender.and_then(|i| record.get(i)).map(str::to_string);
        if text.trim().is_empty() && sender.as_deref().is_none_or(str::is_empty) {
            continue;
        }
        out.push(Message {
            sender,
            text,
            line,
            time: None,
            from_page: false,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_form_export_is_a_table() {
        let csv = "Timestamp,Player,Family vote,Individual vote\n\
                   2026-11-23 20:01,Ann,Rossi,Bruno\n";
        assert_eq!(delimiter(csv), Some(b','));
        let rows = rows(csv, b',').expect("reads");
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].sender.as_deref(), Some("Ann"));
        assert!(rows[0].text.contains("family vote: Rossi."));
        assert!(!rows[0].text.contains("2026"));
        assert_eq!(rows[0].line, 2);
    }

    #[test]
    fn prose_with_commas_is_not_a_table() {
        assert_eq!(delimiter("hi host, heal Bob, thanks"), None);
    }
}
