//! A phase's deadline: a moment, kept with the time zone the host gave it in, so posts can
//! state it in his zone and the players' side by side. The time-zone database is compiled into
//! the binary (`jiff`'s bundled tzdb): it works offline, on any system.

use serde::{Deserialize, Serialize};

/// When the open phase ends, as the host set it (`deadline 2026-12-01 20:00 Europe/Moscow`).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Deadline {
    /// Unix seconds.
    pub unix: i64,
    /// The IANA time zone it was given in.
    pub zone: String,
}

impl Deadline {
    /// Read a civil date and time (`2026-12-01 20:00`, `2026-12-01T20:00`) in an IANA zone.
    pub fn parse(when: &str, zone: &str) -> Result<Deadline, String> {
        let tz = jiff::tz::TimeZone::get(zone).map_err(|_| {
            format!("`{zone}` is no time zone: write an IANA name (Europe/Moscow, America/New_York, UTC)")
        })?;
        let civil: jiff::civil::DateTime =
            when.trim().replace(' ', "T").parse().map_err(|_| {
                format!("`{when}` is no date and time: write it as 2026-12-01 20:00")
            })?;
        let zoned = civil
            .to_zoned(tz)
            .map_err(|e| format!("`{when}` in {zone}: {e}"))?;
        Ok(Deadline {
            unix: zoned.timestamp().as_second(),
            zone: zone.to_string(),
        })
    }

    /// The moment in a zone, as a post writes it: `Tue 1 Dec 2026, 20:00 MSK`.
    pub fn in_zone(&self, zone: &str) -> Option<String> {
        let tz = jiff::tz::TimeZone::get(zone).ok()?;
        let at = jiff::Timestamp::from_second(self.unix).ok()?.to_zoned(tz);
        Some(at.strftime("%a %-d %b %Y, %H:%M %Z").to_string())
    }

    /// The moment in its own zone.
    pub fn shown(&self) -> String {
        self.in_zone(&self.zone)
            .unwrap_or_else(|| format!("{} (unix)", self.unix))
    }

    /// When a message was posted, from the time its forum page showed (`Mon Nov 23, 2026 9:04
    /// pm`, `11/23/2026 9:04 PM`, `23 ноя 2026, 21:04`, `2026-11-23 21:04`), read in this
    /// deadline's zone (the host reads the forum in his own); `None` for what it cannot place
    /// (`Today at 9:04 PM`: the day is the page's, not the text's).
    pub fn posted_unix(&self, posted: &str) -> Option<i64> {
        const RU: [(&str, &str); 12] = [
            ("янв", "Jan"),
            ("фев", "Feb"),
            ("мар", "Mar"),
            ("апр", "Apr"),
            ("мая", "May"),
            ("июн", "Jun"),
            ("июл", "Jul"),
            ("авг", "Aug"),
            ("сен", "Sep"),
            ("окт", "Oct"),
            ("ноя", "Nov"),
            ("дек", "Dec"),
        ];
        let mut text = posted.trim().to_string();
        for (ru, en) in RU {
            text = text.replace(ru, en);
        }
        const FORMATS: [&str; 7] = [
            "%a %b %d, %Y %I:%M %p",
            "%b %d, %Y %I:%M %p",
            "%m/%d/%Y %I:%M %p",
            "%d %b %Y, %H:%M",
            "%d %b %Y %H:%M",
            "%Y-%m-%d %H:%M",
            "%Y-%m-%dT%H:%M",
        ];
        let tz = jiff::tz::TimeZone::get(&self.zone).ok()?;
        FORMATS.iter().find_map(|f| {
            let civil = jiff::civil::DateTime::strptime(f, &text).ok()?;
            Some(civil.to_zoned(tz.clone()).ok()?.timestamp().as_second())
        })
    }

    /// How long until it, from `now` (unix seconds): `3h 12m`, `2d 4h`, or `passed 20m ago`.
    pub fn left(&self, now: i64) -> String {
        let span = |s: i64| {
            let (d, h, m) = (s / 86_400, (s % 86_400) / 3_600, (s % 3_600) / 60);
            match (d, h) {
                (0, 0) => format!("{m}m"),
                (0, _) => format!("{h}h {m}m"),
                _ => format!("{d}d {h}h"),
            }
        };
        if now <= self.unix {
            format!("in {}", span(self.unix - now))
        } else {
            format!("passed {} ago", span(now - self.unix))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deadline_is_a_moment_in_its_zone() {
        let d = Deadline::parse("2026-12-01 20:00", "Europe/Moscow").expect("parses");
        // Moscow is UTC+3 all year.
        assert_eq!(d.unix, 1_796_144_400);
        assert_eq!(d.shown(), "Tue 1 Dec 2026, 20:00 MSK");
        assert_eq!(
            d.in_zone("UTC").as_deref(),
            Some("Tue 1 Dec 2026, 17:00 UTC")
        );
        let ny = d.in_zone("America/New_York").expect("a zone");
        assert!(ny.starts_with("Tue 1 Dec 2026, 12:00"), "{ny}");
        assert!(Deadline::parse("2026-12-01 20:00", "Mars/Olympus").is_err());
        assert!(Deadline::parse("tomorrow", "UTC").is_err());
        assert_eq!(d.left(d.unix - 3 * 3600 - 12 * 60), "in 3h 12m");
        assert_eq!(d.left(d.unix + 20 * 60), "passed 20m ago");
        assert_eq!(d.left(d.unix - 2 * 86_400 - 4 * 3600), "in 2d 4h");
        // Forum times, read in the deadline's zone.
        let at = |s: &str| d.posted_unix(s);
        assert_eq!(at("Tue Dec 01, 2026 8:00 pm"), Some(d.unix));
        assert_eq!(at("12/01/2026 7:59 PM"), Some(d.unix - 60));
        assert_eq!(at("1 дек 2026, 20:01"), Some(d.unix + 60));
        assert_eq!(at("2026-12-01 20:00"), Some(d.unix));
        assert_eq!(at("Today at 9:04 PM"), None);
    }
}
