//! Filling `{name}` placeholders of message templates.

/// Replace each `{key}` of `template` by its value; unknown placeholders stay visible so a
/// roleset author sees them.
pub fn render(template: &str, args: &[(&str, String)]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close) => {
                let key = &after[..close];
                match args.iter().find(|(k, _)| *k == key) {
                    Some((_, v)) => out.push_str(v),
                    None => {
                        out.push('{');
                        out.push_str(key);
                        out.push('}');
                    }
                }
                rest = &after[close + 1..];
            }
            None => {
                out.push_str(&rest[open..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::render;

    #[test]
    fn fills_known_and_keeps_unknown() {
        let s = render("{a} and {b} {", &[("a", "x".into())]);
        assert_eq!(s, "x and {b} {");
    }
}
