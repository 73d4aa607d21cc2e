//! Fuzzy search over names: what a host types ("bru", "bno") finds "Bruno". Exact and prefix
//! matches rank first, then word prefixes, substrings, the name in the other script or another
//! spelling ("anya" finds "Аня"), and finally letters in order.

use crate::understand::translit::skeleton;

/// How well `query` matches `candidate`; `None` if it does not. Higher is better.
pub fn score(query: &str, candidate: &str) -> Option<i32> {
    let q = query.trim().to_lowercase();
    let c = candidate.to_lowercase();
    if q.is_empty() {
        return Some(0);
    }
    if c == q {
        return Some(1000);
    }
    if c.starts_with(&q) {
        return Some(800 - c.chars().count() as i32);
    }
    if c.split(|ch: char| !ch.is_alphanumeric())
        .any(|word| word.starts_with(&q))
    {
        return Some(600 - c.chars().count() as i32);
    }
    if c.contains(&q) {
        return Some(400 - c.chars().count() as i32);
    }
    // a name typed in the other script or another spelling: `anya` for `Аня`, `серг` for
    // `Sergey` (letters only: `-poisoned` is not `+poisoned`; two at least: `k` is not the
    // `ks` of `Xena`)
    let (qs, cs) = (skeleton(&q), skeleton(&c));
    if q.chars().count() >= 2
        && q.chars().all(char::is_alphabetic)
        && !qs.is_empty()
        && cs.starts_with(&qs)
    {
        return Some(300 - c.chars().count() as i32);
    }
    subsequence(&q, &c).map(|gaps| 200 - gaps)
}

/// Letters of `q` in order inside `c`; the number of skipped letters.
fn subsequence(q: &str, c: &str) -> Option<i32> {
    let mut gaps = 0;
    let mut chars = c.chars();
    for want in q.chars() {
        loop {
            match chars.next() {
                Some(got) if got == want => break,
                Some(_) => gaps += 1,
                None => return None,
            }
        }
    }
    Some(gaps)
}

/// The indexes of the items that match, best first (ties keep their order).
pub fn rank<T>(query: &str, items: &[T], text: impl Fn(&T) -> String) -> Vec<usize> {
    let mut scored: Vec<(i32, usize)> = items
        .iter()
        .enumerate()
        .filter_map(|(i, item)| score(query, &text(item)).map(|s| (s, i)))
        .collect();
    scored.sort_by_key(|(s, i)| (std::cmp::Reverse(*s), *i));
    scored.into_iter().map(|(_, i)| i).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_found_from_the_other_script() {
        let names = ["Аня", "Борис", "Sergey"];
        assert_eq!(rank("anya", &names, |n| n.to_string()), vec![0]);
        assert_eq!(rank("bor", &names, |n| n.to_string()), vec![1]);
        assert_eq!(rank("серг", &names, |n| n.to_string()), vec![2]);
        // one letter finds only names that begin with it, in its own script
        assert_eq!(rank("k", &["Kira", "Xena"], |n| n.to_string()), vec![0]);
    }

    #[test]
    fn ranks_prefix_before_subsequence() {
        let names = ["Ann", "Bruno", "Hugo", "Jack", "Mia"];
        let found = rank("bno", &names, |s| s.to_string());
        assert_eq!(found, vec![1]);
        let found = rank("u", &names, |s| s.to_string());
        assert!(found.contains(&1) && found.contains(&2));
        assert!(score("xyz", "Ann").is_none());
        assert!(score("ANN", "Ann") > score("an", "Ann"));
        assert!(score("an", "Ann") > score("nn", "Ann"));
    }

    #[test]
    fn empty_query_keeps_everything_in_order() {
        let names = ["b", "a"];
        assert_eq!(rank("", &names, |s| s.to_string()), vec![0, 1]);
    }
}
