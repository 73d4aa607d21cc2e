//! The Werewolves Revamped (WWR) formal role language: parser, name resolution and a compiled
//! view of every ability.
//!
//! Pipeline: text → [`parse_element`] ([`ast::Element`], with [`span::Diagnostic`]s) →
//! [`resolve::Library`] (a folder: ability sets inlined, names resolved, unresolved references
//! reported) → [`compile`] (each ability mapped to the engine's [`compile::Vocabulary`] or
//! marked "not yet executable").
//!
//! Modules, one job each: [`span`] (positions, diagnostics), [`cursor`] (scanning one line),
//! [`value`] (selectors and values), [`condition`], [`params`] (`[…] {…} ⟨…⟩ |…|`),
//! [`trigger`], [`ability`], [`header`], [`element`] (lines, bullets, statements), [`names`]
//! (vocabularies, suggestions), [`resolve`], [`compile`], [`report`] (the commands).

pub mod ability;
pub mod ast;
pub mod compile;
pub mod condition;
pub mod cursor;
pub mod element;
pub mod header;
pub mod lint;
pub mod names;
pub mod params;
pub mod span;
pub mod trigger;
pub mod value;
pub mod visit;

pub use element::{Parsed, parse_element};
pub mod render;
pub mod report;
pub mod resolve;

pub use report::{check_file, run_parse_command, run_show_command};
