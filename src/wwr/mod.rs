//! The Werewolves Revamped (WWR) formal role language: parser, name resolution and a compiled
//! view of every ability.
//!
//! Pipeline: text → [`parse_element`] (an [`ast::Element`] and [`span::Diagnostic`]s) →
//! [`resolve::Library`] (a folder: ability sets inlined, names resolved, unresolved
//! references reported) → [`compile::compile`] (each ability mapped to the shared ability
//! vocabulary [`compile::Vocabulary`] or marked `not yet executable: <reason>`) →
//! [`engine_map::engine_effect`] (the engine effect, [`crate::rules::Effect`], an ability runs
//! as today, or why not yet). [`ast`] documents the tree, [`compile`] the compiled view and
//! [`engine_map`] the bridge, each with an example.
//!
//! Modules, one job each:
//! - [`span`]: positions (1-based, columns in characters) and diagnostics;
//! - [`cursor`]: scanning one line (bracket- and string-aware splits);
//! - [`value`]: selectors, constants, property chains, annotations, interpolated strings;
//! - [`condition`], [`params`] (`[…] {…} ⟨…⟩ |…|`), [`trigger`], [`header`];
//! - [`ability`]: reading one ability and the parse helpers its types share;
//!   [`abilities`]: one module per ability type (its node, form, text, compiled row and
//!   executor layer), the lead-word table and [`abilities::AbilityNode`];
//! - [`element`]: lines, bullets and statements, the entry point [`parse_element`];
//! - [`names`]: fixed vocabularies and "did you mean" suggestions;
//! - [`visit`]: walking a tree; [`lint`]: per-file warnings; [`resolve`]: folders;
//! - [`render`]: the tree back as canonical WWR; [`compile`]: the vocabulary mapping;
//!   [`engine_map`]: the engine effects;
//! - [`report`]: listing, reading and checking `.wwr` files (the commands `wwr parse` and
//!   `roleset show` on a WWR folder are `crate::commands::wwr`).
//!
//! Decisions where the texts are silent are documented where they are made: bullet nesting
//! follows the bullet character, not the indentation ([`element`]); `or` binds tighter than
//! `and` ([`condition`]); `<Class> Group` headers are roles unless a group flag follows
//! ([`header`]); names compare without case and punctuation, and elements answer to their
//! file names ([`resolve`]).

pub mod abilities;
pub mod ability;
pub mod ast;
pub mod compile;
pub mod condition;
pub mod cursor;
pub mod element;
pub mod engine_map;
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

pub use report::check_file;
