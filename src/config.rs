//! The host's settings: a TOML file in the platform's config directory (through `directories`:
//! `~/.config/mafia-mod/config.toml` on Linux), or the file `MAFIA_MOD_CONFIG` names. Every key
//! is optional; a missing file is the defaults. A file that does not read is an error naming
//! the file, line and column, and nothing starts on a guess.
//!
//! ```toml
//! markup = "bbcode"          # bbcode, markdown or text: the draft pane's and export's default
//! theme = "light"            # dark, light or mono (NO_COLOR always wins)
//! zones = ["UTC", "America/New_York"]   # the deadline shown in these zones too
//! data_dir = "/home/me/mafia"           # where saves live (--data-dir wins)
//! mouse = false              # the console leaves the mouse to the terminal
//!
//! [keys]                     # the main screen's commands, by their hint's name
//! act = "A"
//! commit = "ctrl-k"
//! ```

use crate::export::Markup;
use crate::store::FileError;
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// The settings in force.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    pub markup: Option<MarkupSetting>,
    pub theme: Option<ThemeSetting>,
    #[serde(default)]
    pub zones: Vec<String>,
    pub data_dir: Option<PathBuf>,
    pub mouse: Option<bool>,
    /// The host's keys for the main screen's commands, by the command's hint: `act = "A"`.
    #[serde(default)]
    pub keys: std::collections::BTreeMap<String, String>,
    /// `keys` read (filled by [`parse`]).
    #[serde(skip)]
    pub rebinds: crate::tui::keymap::Rebinds,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MarkupSetting {
    Bbcode,
    Markdown,
    Text,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ThemeSetting {
    Dark,
    Light,
    Mono,
}

impl Config {
    /// The markup posts are drafted and exported in, unless a command says otherwise.
    pub fn markup(&self) -> Markup {
        match self.markup {
            Some(MarkupSetting::Bbcode) => Markup::Bbcode,
            Some(MarkupSetting::Markdown) => Markup::Markdown,
            Some(MarkupSetting::Text) | None => Markup::Text,
        }
    }

    /// The console's theme: the setting, under `NO_COLOR`'s veto.
    pub fn theme(&self) -> crate::tui::theme::Theme {
        let env = crate::tui::theme::Theme::from_env();
        match self.theme {
            _ if !env.color => env,
            Some(ThemeSetting::Mono) => crate::tui::theme::Theme::mono(),
            Some(ThemeSetting::Light) => crate::tui::theme::Theme::light(),
            Some(ThemeSetting::Dark) | None => env,
        }
    }

    /// Does the console capture the mouse?
    pub fn mouse(&self) -> bool {
        self.mouse.unwrap_or(true)
    }

    /// The settings in force, one per line, as `mafia-mod config` prints them.
    pub fn lines(&self) -> Vec<String> {
        let markup = match self.markup() {
            Markup::Bbcode => "bbcode",
            Markup::Markdown => "markdown",
            Markup::Text => "text",
        };
        let theme = match self.theme {
            Some(ThemeSetting::Light) => "light",
            Some(ThemeSetting::Mono) => "mono",
            Some(ThemeSetting::Dark) | None => "dark",
        };
        let no_color = if crate::tui::theme::Theme::from_env().color {
            ""
        } else {
            " (NO_COLOR is set: no colours)"
        };
        let zones = if self.zones.is_empty() {
            "UTC (the default)".to_string()
        } else {
            self.zones.join(", ")
        };
        let data_dir = self.data_dir.as_ref().map_or_else(
            || "the platform's data directory".to_string(),
            |d| d.display().to_string(),
        );
        vec![
            format!("markup = {markup}"),
            format!("theme = {theme}{no_color}"),
            format!("zones = {zones}"),
            format!("data_dir = {data_dir}"),
            format!("mouse = {}", self.mouse()),
            format!(
                "keys = {}",
                if self.keys.is_empty() {
                    "the defaults (? in the console lists them)".to_string()
                } else {
                    (self.keys.iter())
                        .map(|(k, v)| format!("{k} = {v}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                }
            ),
        ]
    }

    /// The zones a deadline is shown in beside its own.
    pub fn zones(&self) -> Vec<String> {
        if self.zones.is_empty() {
            vec!["UTC".to_string()]
        } else {
            self.zones.clone()
        }
    }
}

/// Where the config file is: `MAFIA_MOD_CONFIG`, else the platform's config directory.
pub fn path() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("MAFIA_MOD_CONFIG") {
        return Some(PathBuf::from(p));
    }
    directories::ProjectDirs::from("", "", "mafia-mod").map(|d| d.config_dir().join("config.toml"))
}

/// The settings from the config file; the defaults when there is none.
pub fn load() -> Result<Config, FileError> {
    match path() {
        Some(p) if p.exists() => read(&p),
        _ => Ok(Config::default()),
    }
}

/// Read a config file, naming its line and column where it is wrong.
pub fn read(path: &Path) -> Result<Config, FileError> {
    let text = crate::store::read_text(path)?;
    parse(path, &text)
}

pub fn parse(path: &Path, text: &str) -> Result<Config, FileError> {
    let config: Config = toml::from_str(text).map_err(|e| {
        let (line, col) = e
            .span()
            .map(|span| line_col(text, span.start))
            .unwrap_or((0, 0));
        FileError {
            path: path.to_path_buf(),
            line: (line > 0).then_some(line),
            col: (col > 0).then_some(col),
            field: String::new(),
            message: e.message().to_string(),
        }
    })?;
    let mut config = config;
    let keys = config.keys.iter().map(|(k, v)| (k.as_str(), v.as_str()));
    config.rebinds = crate::tui::keymap::rebinds(keys).map_err(|(name, why)| {
        let at = text
            .find(&format!("{name} "))
            .or_else(|| text.find(&name))
            .unwrap_or(0);
        let (line, col) = line_col(text, at);
        FileError {
            path: path.to_path_buf(),
            line: Some(line),
            col: Some(col),
            field: format!("keys.{name}"),
            message: why,
        }
    })?;
    for zone in &config.zones {
        if jiff::tz::TimeZone::get(zone).is_err() {
            let at = text.find(&format!("\"{zone}\"")).unwrap_or(0);
            let (line, col) = line_col(text, at);
            return Err(FileError {
                path: path.to_path_buf(),
                line: Some(line),
                col: Some(col),
                field: "zones".into(),
                message: format!(
                    "`{zone}` is no time zone: write an IANA name (Europe/Moscow, UTC)"
                ),
            });
        }
    }
    Ok(config)
}

/// 1-based line and column (in characters) of a byte offset.
fn line_col(text: &str, at: usize) -> (usize, usize) {
    let before = &text[..at.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    (line, col)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_is_optional_and_a_bad_one_is_placed() {
        let p = Path::new("config.toml");
        assert_eq!(parse(p, "").expect("empty"), Config::default());
        let c = parse(p, "markup = \"bbcode\"\ntheme = \"light\"\nzones = [\"UTC\", \"Asia/Tokyo\"]\nmouse = false\n")
            .expect("reads");
        assert_eq!(c.markup(), Markup::Bbcode);
        assert_eq!(c.zones(), vec!["UTC".to_string(), "Asia/Tokyo".to_string()]);
        assert!(!c.mouse());
        let e = parse(p, "markup = \"bbcode\"\nthem = \"light\"\n").expect_err("a typo");
        assert_eq!((e.line, e.col), (Some(2), Some(1)), "{e:?}");
        assert!(e.message.contains("them"), "{}", e.message);
        let e = parse(p, "theme = \"pink\"\n").expect_err("no such theme");
        assert_eq!(e.line, Some(1));
        let e = parse(p, "mouse = true\n[keys]\nact = \"v\"\n").expect_err("v votes");
        assert_eq!((e.line, e.col), (Some(3), Some(1)), "{e:?}");
        assert!(e.message.contains("two things"), "{}", e.message);
        let own = parse(p, "[keys]\nact = \"A\"\n").expect("a free key");
        assert_ne!(own.rebinds, crate::tui::keymap::Rebinds::default());
        let e = parse(p, "zones = [\"UTC\",\n  \"Mars/Base\"]\n").expect_err("no such zone");
        assert_eq!((e.line, e.col), (Some(2), Some(3)), "{e:?}");
    }
}
