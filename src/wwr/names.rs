//! Fixed vocabularies of the language and "did you mean" suggestions for misspellings.

/// Basic `@` selectors of both guides and the corpus (`@Result1`…`@Result7`, `@Winner1`,
/// `@Winner2` and `@ID:<id>` are recognised separately).
pub const SELECTORS: &[&str] = &[
    "Self",
    "Selection",
    "SecondarySelection",
    "Target",
    "TargetDead",
    "All",
    "Others",
    "Dead",
    "Ghostly",
    "DeadAlive",
    "Nobody",
    "Members",
    "Attacker",
    "Attacked",
    "AttackLocation",
    "AttackSource",
    "DeathType",
    "KillingType",
    "This",
    "Visitor",
    "VisitType",
    "VisitSubtype",
    "VisitParameter",
    "SecondVisitParameter",
    "Winner",
    "Chosen",
    "Voters",
    "OtherVoters",
    "Voter",
    "Vote",
    "OldVote",
    "NewVote",
    "VoteText",
    "OldVoteText",
    "NewVoteText",
    "ThisAttr",
    "Chooser",
    "RoleChanger",
    "Ind",
    "ActionTarget",
    "ActionResult",
    "ActionFeedback",
    "ActionAbilityType",
    "Executor",
    "Result",
    "Joiner",
    "Option",
    "TriggerSource",
];

/// True for a known basic selector name (without the `@`).
pub fn is_known_selector(name: &str) -> bool {
    if SELECTORS.contains(&name) || name.starts_with("ID:") {
        return true;
    }
    let numbered = |prefix: &str, max: u32| {
        name.strip_prefix(prefix)
            .and_then(|n| n.parse::<u32>().ok())
            .is_some_and(|n| (1..=max).contains(&n))
    };
    numbered("Result", 7) || numbered("Winner", 2)
}

/// Ability type names usable in filters (`[Killing]`, `Obstruct Investigating for …`).
pub const ABILITY_TYPES: &[&str] = &[
    "Killing",
    "Investigating",
    "Targeting",
    "Disguising",
    "Protecting",
    "Applying",
    "Redirecting",
    "Manipulating",
    "Whispering",
    "Joining",
    "Granting",
    "Loyalty",
    "Obstructing",
    "Poll",
    "Announcement",
    "Changing",
    "Choices",
    "Ascend",
    "Descend",
    "Disband",
    "Counting",
    "Reset",
    "Cancel",
    "Feedback",
    "Success",
    "Failure",
    "Log",
    "Process_Evaluate",
    "Abilities",
    "Emit",
    "Storing",
    "Displaying",
    "Win",
    "Locking",
    "Executing",
];

/// Standard (built-in) attribute types, which `Remove` and `has` may name besides custom ones.
pub const STANDARD_ATTRIBUTES: &[&str] = &[
    "disguise",
    "defense",
    "absence",
    "manipulation",
    "groupmembership",
    "obstruction",
    "pollcount",
    "pollresult",
    "polldisqualification",
    "pollvotes",
    "role",
    "redirection",
    "loyalty",
    "whisper",
    "whispering",
];

pub const CATEGORIES: &[&str] = &[
    "Elected",
    "Align",
    "Recruitment",
    "Killing",
    "Group",
    "Investigative",
    "Power",
    "Miscellaneous",
];

pub const CLASSES: &[&str] = &["Townsfolk", "Werewolf", "Solo", "Unaligned", "Extra"];

/// The form WWR compares names in: case, spaces, `-`, `_` and punctuation do not matter
/// (`#Grandma's-House` names the group `Grandma's House`, `TavernHaunting` the attribute
/// `Tavern Haunting`).
pub fn normalize(name: &str) -> String {
    name.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// Edit distance between two short strings, compared case-insensitively; swapping two
/// neighbouring characters counts as one edit (`Slef` is one edit from `Self`).
fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().flat_map(char::to_lowercase).collect();
    let b: Vec<char> = b.chars().flat_map(char::to_lowercase).collect();
    let width = b.len() + 1;
    let mut d = vec![0usize; (a.len() + 1) * width];
    for (i, row) in d.chunks_mut(width).enumerate() {
        row[0] = i;
    }
    for (j, cell) in d.iter_mut().take(width).enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[(i - 1) * width + j] + 1)
                .min(d[i * width + j - 1] + 1)
                .min(d[(i - 1) * width + j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[(i - 2) * width + j - 2] + 1);
            }
            d[i * width + j] = best;
        }
    }
    d[a.len() * width + b.len()]
}

/// The closest candidate within a quarter of the word's length (at least one edit).
pub fn suggest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let length = word.chars().count();
    let limit = (length / 4).max(1);
    candidates
        .into_iter()
        // Two words further apart in length than the limit are further apart than it: the
        // distance is never computed, so a huge unknown word costs no more than reading it.
        .filter(|c| length.abs_diff(c.chars().count()) <= limit)
        .map(|c| (distance(word, c), c))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

/// `" (did you mean `X`?)"` when a candidate is close, else nothing.
pub fn did_you_mean<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> String {
    suggest(word, candidates)
        .map(|s| format!(" (did you mean `{s}`?)"))
        .unwrap_or_default()
}

/// Each word with its first letter upper case and the rest lower case, as the bot's
/// `toTitleCase` shows a role, class, category or alignment.
pub fn title_case(text: &str) -> String {
    text.split(' ')
        .map(|word| {
            let mut letters = word.chars();
            match letters.next() {
                Some(first) => first
                    .to_uppercase()
                    .chain(letters.flat_map(char::to_lowercase))
                    .collect(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions_find_close_words_only() {
        assert_eq!(suggest("Slef", ["Self", "Target"]), Some("Self"));
        assert_eq!(
            suggest("Investigation", ABILITY_TYPES.iter().copied()),
            Some("Investigating")
        );
        assert_eq!(suggest("Banana", ["Self", "Target"]), None);
    }

    #[test]
    fn normalization_ignores_case_and_punctuation() {
        assert_eq!(normalize("Grandma's-House"), normalize("Grandma's House"));
        assert_eq!(normalize("TavernHaunting"), normalize("Tavern Haunting"));
    }

    #[test]
    fn numbered_selectors_are_known() {
        assert!(is_known_selector("Result3"));
        assert!(is_known_selector("Winner2"));
        assert!(!is_known_selector("Result9"));
        assert!(!is_known_selector("Slef"));
    }
}
