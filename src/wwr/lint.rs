//! Checks of one element that need no other file: unknown `@` selectors, type annotations
//! written inside a string (`` `Townsfolk[class]` ``, which the original bot silently kept
//! as text), and category or class names that do not exist. All are warnings.

use super::ast::{Element, QueryKey, TypeAnnotation, Value, ValueKind};
use super::names::{CATEGORIES, CLASSES, SELECTORS, did_you_mean, is_known_selector, suggest};
use super::span::Diagnostic;
use super::value::annotation_named;
use super::visit;

pub fn lint(element: &Element) -> Vec<Diagnostic> {
    let mut warnings = Vec::new();
    visit::values(element, &mut |value, in_string| {
        check_value(value, in_string, &mut warnings);
    });
    // in the order they are written
    warnings.sort_by_key(|w| (w.span.line, w.span.col));
    warnings
}

fn check_value(value: &Value, in_string: bool, warnings: &mut Vec<Diagnostic>) {
    match &value.kind {
        ValueKind::Selector { name } if !in_string && !is_known_selector(name) => {
            warnings.push(Diagnostic::warning(
                value.span,
                format!(
                    "unknown selector `@{name}`{}",
                    suggest(name, SELECTORS.iter().copied())
                        .map(|s| format!(" (did you mean `@{s}`?)"))
                        .unwrap_or_default()
                ),
            ));
        }
        ValueKind::Typed { base, annotation } => {
            if let Some(text) = base.plain_text() {
                check_named(text, *annotation, value, warnings);
            }
        }
        ValueKind::Text { .. } => {
            let Some(text) = value.plain_text() else {
                return;
            };
            let Some(inner) = text.strip_suffix(']') else {
                return;
            };
            let Some(open) = inner.rfind('[') else { return };
            let (word, annotation_name) = (&inner[..open], &inner[open + 1..]);
            if let Some(annotation) = annotation_named(annotation_name) {
                warnings.push(Diagnostic::warning(
                    value.span,
                    format!(
                        "the type annotation `[{annotation_name}]` is inside the string, so it is \
                         part of the text; write `` `{word}`[{annotation_name}] `` to annotate the value"
                    ),
                ));
                check_named(word, annotation, value, warnings);
            }
        }
        ValueKind::PlayerQuery { filters } | ValueKind::RoleQuery { filters } => {
            for filter in filters {
                let annotation = match filter.key {
                    QueryKey::Category | QueryKey::OriginalCategory => TypeAnnotation::Category,
                    QueryKey::Class | QueryKey::OriginalClass => TypeAnnotation::Class,
                    _ => continue,
                };
                let name = filter.value.replace('-', " ");
                if let Some(w) = unknown_name(&name, annotation, filter.span) {
                    warnings.push(w);
                }
            }
        }
        _ => {}
    }
}

fn check_named(
    text: &str,
    annotation: TypeAnnotation,
    value: &Value,
    warnings: &mut Vec<Diagnostic>,
) {
    if let Some(w) = unknown_name(text, annotation, value.span) {
        warnings.push(w);
    }
}

/// A warning when `text` is not a known category or class (other annotations are resolved
/// against the folder instead).
fn unknown_name(
    text: &str,
    annotation: TypeAnnotation,
    span: super::span::Span,
) -> Option<Diagnostic> {
    let (known, what): (&[&str], &str) = match annotation {
        TypeAnnotation::Category => (CATEGORIES, "category"),
        TypeAnnotation::Class => (CLASSES, "class"),
        _ => return None,
    };
    if known.iter().any(|k| k.eq_ignore_ascii_case(text)) {
        return None;
    }
    Some(Diagnostic::warning(
        span,
        format!(
            "unknown {what} `{text}`{}; expected one of {}",
            did_you_mean(text, known.iter().copied()),
            known.join(", ")
        ),
    ))
}
