//! A run's report: who won with a 95% interval, draws, games stopped at the cap, the lengths,
//! each role's survival and wins; as a table, CSV or JSON.

use super::Played;
use std::collections::BTreeMap;

/// A run's report.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    pub games: u32,
    /// Games won, by winner (a side or a family).
    pub wins: BTreeMap<String, u32>,
    pub draws: u32,
    pub capped: u32,
    /// Each game's number of phases, in game order.
    pub lengths: Vec<u32>,
    /// The players' entries the rules took, over all games.
    pub entries: u64,
    /// By dealt role: (players dealt it, of them alive at the end, of them winners).
    pub roles: BTreeMap<String, (u32, u32, u32)>,
}

impl Report {
    pub fn add(&mut self, played: &Played) {
        self.games += 1;
        self.lengths.push(played.phases);
        if played.capped {
            self.capped += 1;
        } else if played.winners.is_empty() {
            self.draws += 1;
        }
        for w in &played.winners {
            *self.wins.entry(w.clone()).or_default() += 1;
        }
        self.entries += u64::from(played.entries);
        for (role, alive, won) in &played.roles {
            let r = self.roles.entry(role.clone()).or_default();
            r.0 += 1;
            r.1 += u32::from(*alive);
            r.2 += u32::from(*won);
        }
    }

    /// A winner's win rate and its 95% Wilson interval.
    pub fn rate(&self, winner: &str) -> (f64, f64, f64) {
        let n = f64::from(self.games.max(1));
        let k = f64::from(self.wins.get(winner).copied().unwrap_or(0));
        let p = k / n;
        let z = 1.96_f64;
        let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
        let half = z * ((p * (1.0 - p) + z * z / (4.0 * n)) / n).sqrt() / (1.0 + z * z / n);
        (p, (centre - half).max(0.0), (centre + half).min(1.0))
    }

    /// The games' lengths in at most `most` bins of equal width: (first, last, games) each.
    pub fn length_bins(&self, most: u32) -> Vec<(u32, u32, u64)> {
        let (Some(min), Some(max)) = (self.lengths.iter().min(), self.lengths.iter().max()) else {
            return Vec::new();
        };
        let width = (max - min) / most.max(1) + 1;
        let count = (max - min) / width + 1;
        (0..count)
            .map(|i| {
                let from = min + i * width;
                let to = from + width - 1;
                let n = (self.lengths.iter())
                    .filter(|l| (from..=to).contains(*l))
                    .count();
                (from, to.min(*max), n as u64)
            })
            .collect()
    }

    /// The report as a table for the terminal.
    pub fn table(&self) -> String {
        let mut out = vec![format!("{} games", self.games)];
        out.push(format!(
            "{:<24} {:>6} {:>8}  {}",
            "winner", "wins", "rate", "95% interval"
        ));
        for (w, k) in &self.wins {
            let (p, lo, hi) = self.rate(w);
            out.push(format!(
                "{w:<24} {k:>6} {:>7.1}%  {:.1}%–{:.1}%",
                p * 100.0,
                lo * 100.0,
                hi * 100.0
            ));
        }
        if self.wins.values().map(|k| u64::from(*k)).sum::<u64>() > u64::from(self.games) {
            out.push("several winners may share a game (1923's families): the rates add up to more than 100%".into());
        }
        out.push(format!(
            "draws {}, stopped at the cap {}",
            self.draws, self.capped
        ));
        let mut sorted = self.lengths.clone();
        sorted.sort_unstable();
        if let (Some(min), Some(max)) = (sorted.first(), sorted.last()) {
            let median = sorted[sorted.len() / 2];
            out.push(format!("phases: {min} to {max}, median {median}"));
        }
        // The lengths' distribution as a bar a bin, the longest bar 40 wide.
        let bins = self.length_bins(10);
        let most = bins.iter().map(|b| b.2).max().unwrap_or(1).max(1);
        for (from, to, n) in &bins {
            let bar = "█".repeat((n * 40).div_ceil(most) as usize);
            let label = if from == to {
                from.to_string()
            } else {
                format!("{from}-{to}")
            };
            out.push(format!("  {label:>7} {bar} {n}"));
        }
        let per_game = self.entries as f64 / f64::from(self.games.max(1));
        out.push(format!("entries the rules took: {per_game:.1} a game"));
        out.push(format!(
            "{:<24} {:>6} {:>9} {:>8}",
            "role", "dealt", "survived", "won"
        ));
        for (role, (n, alive, won)) in &self.roles {
            let pct = |k: &u32| 100.0 * f64::from(*k) / f64::from((*n).max(1));
            out.push(format!(
                "{role:<24} {n:>6} {:>8.1}% {:>7.1}%",
                pct(alive),
                pct(won)
            ));
        }
        out.join("\n")
    }

    /// The report as CSV, one row a winner, a count, a game length (`length`, the number of
    /// phases as its name) or a role: `kind,name,count,rate,low,high`.
    pub fn csv(&self) -> String {
        let mut out = vec!["kind,name,count,rate,low,high".to_string()];
        let quote = |s: &str| format!("\"{}\"", s.replace('"', "\"\""));
        for (w, k) in &self.wins {
            let (p, lo, hi) = self.rate(w);
            out.push(format!("winner,{},{k},{p:.4},{lo:.4},{hi:.4}", quote(w)));
        }
        let games = f64::from(self.games.max(1));
        for (name, n) in [
            ("draws", self.draws),
            ("capped", self.capped),
            ("games", self.games),
        ] {
            out.push(format!("count,{name},{n},{:.4},,", f64::from(n) / games));
        }
        let mut by_length: BTreeMap<u32, u32> = BTreeMap::new();
        for l in &self.lengths {
            *by_length.entry(*l).or_default() += 1;
        }
        for (length, n) in by_length {
            out.push(format!("length,{length},{n},{:.4},,", f64::from(n) / games));
        }
        for (role, (n, alive, won)) in &self.roles {
            let rate = |k: &u32| f64::from(*k) / f64::from((*n).max(1));
            out.push(format!(
                "role_survived,{},{n},{:.4},,",
                quote(role),
                rate(alive)
            ));
            out.push(format!("role_won,{},{n},{:.4},,", quote(role), rate(won)));
        }
        out.join("\n")
    }

    /// The report as JSON: each winner's `wins` and `win_rate`, draws, capped games, lengths.
    pub fn json(&self) -> String {
        self.json_value().to_string()
    }

    /// [`Report::json`] as a value, for a comparison to hold two.
    pub fn json_value(&self) -> serde_json::Value {
        let winners: serde_json::Map<String, serde_json::Value> = self
            .wins
            .keys()
            .map(|w| {
                let (p, lo, hi) = self.rate(w);
                let entry = serde_json::json!({
                    "wins": self.wins[w],
                    "win_rate": p,
                    "interval_95": [lo, hi],
                });
                (w.clone(), entry)
            })
            .collect();
        serde_json::json!({
            "games": self.games,
            "sides": winners,
            "draws": self.draws,
            "capped": self.capped,
            "lengths": self.lengths,
            "entries": self.entries,
            "roles": self.roles.iter().map(|(r, (n, alive, won))| {
                (r.clone(), serde_json::json!({"dealt": n, "survived": alive, "won": won}))
            }).collect::<serde_json::Map<String, serde_json::Value>>(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::Report;

    #[test]
    fn length_bins_cover_every_game_once() {
        let report = |lengths: &[u32]| Report {
            lengths: lengths.to_vec(),
            ..Report::default()
        };
        let bins = report(&[8, 9, 9, 10, 24, 45]).length_bins(10);
        assert!(bins.len() <= 10);
        assert_eq!(bins.iter().map(|b| b.2).sum::<u64>(), 6);
        assert_eq!(bins.first().map(|b| b.0), Some(8));
        assert_eq!(bins.last().map(|b| b.1), Some(45));
        assert_eq!(report(&[7, 7]).length_bins(10), vec![(7, 7, 2)]);
        assert!(report(&[]).length_bins(10).is_empty());
    }
}
