//! Understanding what players send: a pasted batch of PMs, vote posts or form submissions
//! becomes one suggested entry per message, in the `:` command syntax, each with what it
//! matched and any doubt. The console's batch review and `mafia-mod suggest` both use it;
//! nothing here changes a game.

mod batch;
pub mod forum;
mod names;
mod read;
mod table;
pub mod translit;
mod words;

pub use names::How;
pub use read::{Message, Reader, Reading, Suggested};

use crate::engine::Game;

/// Read a whole batch against the game's current phase, message by message.
pub fn read_batch(game: &Game, text: &str) -> Result<Vec<Reading>, String> {
    let reader = Reader::new(game);
    let messages = batch::split(text, reader.names())?;
    Ok(messages.iter().map(|m| reader.read(m)).collect())
}

/// A suggestion as a line: a `:` command, or `? NAME: reason` where none could be decided.
pub fn line(suggested: &Suggested) -> String {
    match suggested {
        Suggested::Entry(entry) => crate::script::entry_line(entry)
            .unwrap_or_else(|| "? : this entry has no command line".into()),
        Suggested::Undecided { who, reason } => {
            format!(
                "? {}: {reason}",
                who.as_deref().map(crate::script::quote).unwrap_or_default()
            )
        }
    }
}

/// Every line `mafia-mod suggest` prints for a batch, in the order of the input.
pub fn suggest_lines(game: &Game, text: &str) -> Result<Vec<String>, String> {
    Ok(read_batch(game, text)?
        .iter()
        .flat_map(|r| r.suggested.iter().map(line))
        .collect())
}
