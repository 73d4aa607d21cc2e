//! Thread pages and chat logs as hosts copy them: a forum engine's page selected in a browser
//! and pasted (the browser's text of its HTML), or a chat program's export. Each engine's
//! layout is one file here, written from that engine's real templates and language strings and
//! from real copies of its pages (each file names its sources), and one line in [`LAYOUTS`].
//!
//! A layout cuts the text into posts: who wrote each, when, and the post's own words, without
//! what does not belong to them (quotes of other posts, nested or not; signatures; "edited by"
//! notes; the page's buttons, post counts and join dates). The reader then reads each post as
//! a message; a post by someone who is no player (the host, a vote-count bot) is never a
//! player's vote.

mod discord;
mod discourse;
mod invision;
mod page;
mod phpbb;
mod smf;
mod telegram;
mod vbulletin;
mod xenforo;

use super::read::Message;

/// One post of a thread page or one message of a chat log.
#[derive(Clone, Debug, PartialEq)]
pub struct Post {
    /// The author as the page names him.
    pub sender: String,
    /// When it was posted, as the page writes it (`23 ноя 2026, 21:04`, `Today at 9:04 PM`).
    pub time: Option<String>,
    /// The post's own words, one line of the page a line.
    pub text: String,
    /// The line of the pasted text (1-based) where the post begins.
    pub line: usize,
}

/// A forum engine's or chat program's layout.
pub struct Layout {
    /// The engine as a host knows it (`phpBB`, `Discord export`).
    pub name: &'static str,
    /// The posts of the pasted lines, or `None` when they are not this layout: a layout answers
    /// only when its own post headers are there, so the order of [`LAYOUTS`] decides nothing
    /// but ties.
    pub read: fn(&[&str]) -> Option<Vec<Post>>,
}

/// Every layout, the most particular first.
pub const LAYOUTS: &[Layout] = &[
    phpbb::LAYOUT,
    smf::LAYOUT,
    vbulletin::LAYOUT,
    xenforo::LAYOUT,
    invision::LAYOUT,
    telegram::LAYOUT,
    discord::LAYOUT,
    // the loosest reader (a copied topic page): last
    discourse::LAYOUT,
];

/// The posts of a pasted text and the layout that read them, if one does.
pub fn read(text: &str) -> Option<(&'static str, Vec<Post>)> {
    let lines: Vec<&str> = text.lines().collect();
    LAYOUTS
        .iter()
        .find_map(|layout| (layout.read)(&lines).map(|posts| (layout.name, posts)))
        .filter(|(_, posts)| !posts.is_empty())
}

/// The posts as messages for the reader.
pub fn messages(posts: Vec<Post>) -> Vec<Message> {
    posts
        .into_iter()
        .map(|p| Message {
            sender: Some(p.sender),
            text: p.text,
            line: p.line,
            time: p.time,
            from_page: true,
        })
        .collect()
}
