//! "Did you mean": the known word nearest a misspelt one, so a refusal of `Guilia` names
//! Giulia and a players file's `docter` names the doctor.

/// The candidate closest to `given` (case-insensitive), if one is close enough to be a slip:
/// at most one edit for short words, two for words of seven letters or more (a transposition
/// counts as one).
pub fn closest<'a>(given: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let given = given.trim().to_lowercase();
    let length = given.chars().count();
    let limit = if length >= 7 { 2 } else { 1 };
    candidates
        .into_iter()
        .filter_map(|c| {
            let candidate = c.to_lowercase();
            // Words further apart in length than the limit are further apart than it, so the
            // distance (a matrix of both lengths) is never computed for a huge word from a file.
            (length.abs_diff(candidate.chars().count()) <= limit)
                .then(|| (strsim::damerau_levenshtein(&given, &candidate), c))
        })
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

/// ` (did you mean `X`?)`, or nothing.
pub fn did_you_mean<'a>(given: &str, candidates: impl IntoIterator<Item = &'a str>) -> String {
    closest(given, candidates)
        .map(|c| format!(" (did you mean `{c}`?)"))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::closest;

    #[test]
    fn slips_find_their_word_and_strangers_do_not() {
        let names = ["Giulia", "Bruno", "Dmitri"];
        assert_eq!(closest("Guilia", names), Some("Giulia"));
        assert_eq!(closest("bruno", names), Some("Bruno"));
        assert_eq!(closest("Zed", names), None);
        assert_eq!(closest("docter", ["doctor", "detective"]), Some("doctor"));
        assert_eq!(closest(&"d".repeat(1_000_000), ["doctor"]), None);
    }
}
