//! Two setups played on the same seeds (`simulate --compare`): each side's win rate in both and
//! the difference, with a 95% interval for it (Newcombe's method from the two Wilson
//! intervals, which stays inside −1…1 and behaves at rates near 0 or 1).

use super::Report;
use std::collections::BTreeSet;

/// The two reports of a comparison, the first setup's and the second's.
pub struct Comparison<'a> {
    pub first: &'a Report,
    pub second: &'a Report,
}

impl Comparison<'_> {
    /// Every winner either setup produced, sorted.
    fn winners(&self) -> BTreeSet<&str> {
        (self.first.wins.keys())
            .chain(self.second.wins.keys())
            .map(String::as_str)
            .collect()
    }

    /// The second setup's win rate of `winner` minus the first's, and its 95% interval.
    pub fn difference(&self, winner: &str) -> (f64, f64, f64) {
        let (p1, l1, u1) = self.first.rate(winner);
        let (p2, l2, u2) = self.second.rate(winner);
        let d = p2 - p1;
        let low = d - ((p2 - l2).powi(2) + (u1 - p1).powi(2)).sqrt();
        let high = d + ((u2 - p2).powi(2) + (p1 - l1).powi(2)).sqrt();
        (d, low.max(-1.0), high.min(1.0))
    }

    /// Both setups' rates and the difference, as a table for the terminal.
    pub fn table(&self, second_flags: &str) -> String {
        let mut out = vec![
            format!(
                "first: the setup as given; second: with {second_flags}; {} and {} games on the same seeds",
                self.first.games, self.second.games
            ),
            format!(
                "{:<24} {:>8} {:>8} {:>9}  {}",
                "winner", "first", "second", "change", "95% interval"
            ),
        ];
        let pct = |x: f64| x * 100.0;
        for w in self.winners() {
            let (d, lo, hi) = self.difference(w);
            out.push(format!(
                "{w:<24} {:>7.1}% {:>7.1}% {:>+8.1}%  {:+.1}%…{:+.1}%",
                pct(self.first.rate(w).0),
                pct(self.second.rate(w).0),
                pct(d),
                pct(lo),
                pct(hi)
            ));
        }
        let median = |r: &Report| {
            let mut sorted = r.lengths.clone();
            sorted.sort_unstable();
            sorted.get(sorted.len() / 2).copied().unwrap_or(0)
        };
        out.push(format!(
            "median phases {} → {}; draws {} → {}; stopped at the cap {} → {}",
            median(self.first),
            median(self.second),
            self.first.draws,
            self.second.draws,
            self.first.capped,
            self.second.capped
        ));
        out.join("\n")
    }

    /// Both reports and the differences, as JSON: `first`, `second`, and `difference` by
    /// winner (`win_rate`, `interval_95`).
    pub fn json(&self) -> String {
        let difference: serde_json::Map<String, serde_json::Value> = (self.winners().into_iter())
            .map(|w| {
                let (d, lo, hi) = self.difference(w);
                let entry = serde_json::json!({"win_rate": d, "interval_95": [lo, hi]});
                (w.to_string(), entry)
            })
            .collect();
        serde_json::json!({
            "first": self.first.json_value(),
            "second": self.second.json_value(),
            "difference": difference,
        })
        .to_string()
    }

    /// Both reports' CSV rows behind a `setup` column (`first`, `second`), then a
    /// `difference` row for each winner.
    pub fn csv(&self) -> String {
        let mut out = vec!["setup,kind,name,count,rate,low,high".to_string()];
        for (label, report) in [("first", self.first), ("second", self.second)] {
            for row in report.csv().lines().skip(1) {
                out.push(format!("{label},{row}"));
            }
        }
        for w in self.winners() {
            let (d, lo, hi) = self.difference(w);
            let name = format!("\"{}\"", w.replace('"', "\"\""));
            out.push(format!("difference,winner,{name},,{d:.4},{lo:.4},{hi:.4}"));
        }
        out.join("\n")
    }
}
