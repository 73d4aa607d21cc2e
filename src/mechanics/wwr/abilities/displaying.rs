//! Displays: a role's visible counters (the witch's potions). They change nothing in the game;
//! the host sheet shows them.

use crate::mechanics::wwr::eval::{Feedback, Scope};
use crate::mechanics::wwr::run::Run;
use crate::mechanics::wwr::world::DisplaySource;
use crate::wwr::ability::DISPLAY_VALUES;
use crate::wwr::ast::Value;

fn key(run: &mut Run, scope: &Scope, display: &Value) -> String {
    let v = run.eval(scope, display);
    let name = run.show(&v);
    match scope.me() {
        Some(p) => format!("{name} ({})", run.name(p)),
        None => name,
    }
}

/// A display's value as drawn: `Counter` is the owner's counter (the Assassin's knives, the
/// Plague Pit's rodents), `Target` his target's name; anything else is shown as written.
fn drawn(run: &Run, source: &DisplaySource, raw: &str) -> String {
    if let Some(g) = source.group
        && raw.eq_ignore_ascii_case("counter")
    {
        return run
            .world
            .groups
            .get(&g)
            .map_or(0, |g| g.counter)
            .to_string();
    }
    let Some(player) = source.owner.and_then(|p| run.world.players.get(p)) else {
        return raw.to_string();
    };
    if raw.eq_ignore_ascii_case("counter") {
        player.counter.to_string()
    } else if raw.eq_ignore_ascii_case("target") {
        player.target.map(|t| run.name(t)).unwrap_or_default()
    } else {
        raw.to_string()
    }
}

fn written(run: &mut Run, scope: &Scope, v: &Value) -> String {
    let v = run.eval(scope, v);
    run.show(&v)
}

pub fn show(run: &mut Run, scope: &mut Scope, display: &Value, values: &[Value]) -> Feedback {
    let key = key(run, scope, display);
    let raw: Vec<String> = values.iter().map(|v| written(run, scope, v)).collect();
    let source = DisplaySource {
        owner: scope.me(),
        raw,
        group: group_of(scope),
    };
    let values: Vec<String> = source.raw.iter().map(|r| drawn(run, &source, r)).collect();
    let shown = values.join(", ");
    run.world.displays.insert(key.clone(), values);
    run.world.display_sources.insert(key.clone(), source);
    Feedback::ok(format!("Display {key}: {shown}")).told("")
}

pub fn update(
    run: &mut Run,
    scope: &mut Scope,
    display: &Value,
    index: &Value,
    value: &Value,
) -> Feedback {
    let key = key(run, scope, display);
    let index = run.eval(scope, index);
    let i = match super::value_slot(&index, DISPLAY_VALUES) {
        Ok(i) => i,
        Err(why) => return Feedback::failed(format!("Display {key}: {why}")),
    };
    let raw = written(run, scope, value);
    let fresh = DisplaySource {
        owner: scope.me(),
        raw: Vec::new(),
        group: group_of(scope),
    };
    let new = drawn(run, &fresh, &raw);
    let source = run
        .world
        .display_sources
        .entry(key.clone())
        .or_insert(fresh);
    if source.raw.len() <= i {
        source.raw.resize(i + 1, String::new());
    }
    source.raw[i] = raw;
    let values = run.world.displays.entry(key.clone()).or_default();
    if values.len() <= i {
        values.resize(i + 1, String::new());
    }
    values[i] = new;
    let shown = values.join(", ");
    Feedback::ok(format!("Display {key}: {shown}")).told("")
}

/// The group a display made by this source belongs to.
fn group_of(scope: &Scope) -> Option<usize> {
    match scope.src {
        crate::mechanics::wwr::world::Src::Group { file, .. } => Some(file),
        _ => None,
    }
}

/// Redraw every display of player `owner` that shows `what` (`counter`, `target`) after it
/// changed, as the bot edits its display message in place; the host, who keeps displays in a
/// post by hand, sees a step naming the new values.
pub fn redraw(run: &mut Run, owner: usize, what: &str) {
    redraw_where(run, what, |s| s.owner == Some(owner) && s.group.is_none());
}

/// [`redraw`] for a group's displays.
pub fn redraw_group(run: &mut Run, group: usize, what: &str) {
    redraw_where(run, what, |s| s.group == Some(group));
}

fn redraw_where(run: &mut Run, what: &str, whose: impl Fn(&DisplaySource) -> bool) {
    let keys: Vec<String> = run
        .world
        .display_sources
        .iter()
        .filter(|(_, s)| whose(s) && s.raw.iter().any(|r| r.eq_ignore_ascii_case(what)))
        .map(|(k, _)| k.clone())
        .collect();
    for key in keys {
        let Some(source) = run.world.display_sources.get(&key).cloned() else {
            continue;
        };
        let values: Vec<String> = source.raw.iter().map(|r| drawn(run, &source, r)).collect();
        if run.world.displays.get(&key) != Some(&values) {
            run.note(
                "display",
                format!("Display {key} now shows {}", values.join(", ")),
            );
            run.world.displays.insert(key, values);
        }
    }
}

/// A display as its players read it: the display element's lines (`Striking Cry $1`) with the
/// values put in, as the bot's `getDisplayEmbed` fills them, its emoji marks (`<?Knives:>`)
/// and help lines left out; the values themselves where the book has no such element.
pub fn text(
    roleset: &crate::rules::Roleset,
    program: &crate::mechanics::wwr::program::Program,
    key: &str,
    values: &[String],
) -> String {
    // a player's display is keyed `Name (Owner)`
    let name = key.split(" (").next().unwrap_or(key);
    let template = program
        .find(crate::wwr::resolve::Namespace::Display, name)
        .and_then(|file| roleset.sources.get(file));
    let Some(template) = template else {
        return values.join(", ");
    };
    let lines: Vec<String> = template
        .text
        .lines()
        .skip(1)
        .filter(|line| line.contains('$') && line.chars().any(|c| c.is_ascii_digit()))
        .map(|line| fill(&strip_marks(line), values))
        .collect();
    if lines.is_empty() {
        values.join(", ")
    } else {
        lines.join("; ")
    }
}

/// A line without its `<?Name:>` emoji marks.
fn strip_marks(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(start) = rest.find("<?") {
        out.push_str(&rest[..start]);
        match rest[start..].find('>') {
            Some(end) => rest = &rest[start + end + 1..],
            None => {
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out.trim().to_string()
}

/// `$1`…`$9` replaced by the values (an index past them by nothing).
fn fill(line: &str, values: &[String]) -> String {
    let mut out = String::new();
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, chars.peek().and_then(|d| d.to_digit(10))) {
            ('$', Some(n)) if n > 0 => {
                chars.next();
                if let Some(v) = values.get(n as usize - 1) {
                    out.push_str(v);
                }
            }
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{fill, strip_marks};

    /// `_game/displays/cries.wwr`'s lines as the bot fills them.
    #[test]
    fn a_display_line_is_filled_with_its_values() {
        let line = strip_marks("<?StrikingCry:> Striking Cry $1");
        assert_eq!(line, "Striking Cry $1");
        assert_eq!(fill(&line, &["no".into()]), "Striking Cry no");
        assert_eq!(fill("Soul x$1", &["3".into()]), "Soul x3");
        assert_eq!(fill("Masking Cry $2", &["no".into()]), "Masking Cry ");
        assert_eq!(fill("costs $ 5", &[]), "costs $ 5");
    }
}
