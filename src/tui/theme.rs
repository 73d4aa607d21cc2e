//! Styles of the console. Nothing is told by colour alone: focus is a thick border and a bold
//! title, the selection is reversed with a `▶`, dead players are struck through with a `✝`.
//! With `NO_COLOR` set the theme has no colours at all (crossterm would drop them anyway; the
//! mono theme keeps snapshots and screenshots honest about what remains).

use ratatui::style::{Color, Modifier, Style};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    pub color: bool,
    /// For a light terminal background: the pale colours (yellow, grey, white) turn dark.
    pub light: bool,
}

impl Theme {
    /// Colour unless `NO_COLOR` is set to a non-empty value (<https://no-color.org>).
    pub fn from_env() -> Theme {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Theme {
            color: !no_color,
            light: false,
        }
    }

    pub fn mono() -> Theme {
        Theme {
            color: false,
            light: false,
        }
    }

    /// The theme for a light background (`theme = "light"` in the config).
    pub fn light() -> Theme {
        Theme {
            color: true,
            light: true,
        }
    }

    fn fg(self, color: Color) -> Style {
        if !self.color {
            return Style::new();
        }
        let color = match (self.light, color) {
            (true, Color::Yellow) => Color::Blue,
            (true, Color::Gray | Color::White) => Color::Black,
            (true, Color::DarkGray) => Color::Gray,
            (true, Color::Cyan) => Color::Magenta,
            (_, c) => c,
        };
        Style::new().fg(color)
    }

    pub fn border(self, focused: bool) -> Style {
        if focused {
            self.fg(Color::Yellow)
        } else {
            self.fg(Color::DarkGray)
        }
    }
    pub fn title(self, focused: bool) -> Style {
        let style = self.fg(if focused { Color::Yellow } else { Color::Gray });
        if focused {
            style.add_modifier(Modifier::BOLD)
        } else {
            style
        }
    }
    pub fn selected(self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED)
    }
    pub fn dead(self) -> Style {
        Style::new().add_modifier(Modifier::CROSSED_OUT | Modifier::DIM)
    }
    pub fn dim(self) -> Style {
        self.fg(Color::DarkGray).add_modifier(Modifier::DIM)
    }
    pub fn header(self) -> Style {
        self.fg(Color::Cyan)
            .add_modifier(Modifier::BOLD | Modifier::UNDERLINED)
    }
    pub fn accent(self) -> Style {
        self.fg(Color::Cyan)
    }
    pub fn good(self) -> Style {
        self.fg(Color::Green)
    }
    pub fn bad(self) -> Style {
        self.fg(Color::Red).add_modifier(Modifier::BOLD)
    }
    pub fn warning(self) -> Style {
        self.fg(Color::Yellow)
    }
    /// A host's marker in its colour (`mark Ann #red …`); bold, so a marker stands out even
    /// without colour.
    pub fn marker(self, colour: Option<&str>) -> Style {
        let color = match colour {
            Some("red") => Color::Red,
            Some("green") => Color::Green,
            Some("yellow") => Color::Yellow,
            Some("blue") => Color::Blue,
            Some("magenta") => Color::Magenta,
            Some("cyan") => Color::Cyan,
            Some("gray") => Color::Gray,
            _ => Color::White,
        };
        self.fg(color).add_modifier(Modifier::BOLD)
    }
    pub fn mafia(self) -> Style {
        self.fg(Color::Magenta)
    }
    pub fn changed(self) -> Style {
        self.fg(Color::LightMagenta).add_modifier(Modifier::BOLD)
    }
    pub fn key(self) -> Style {
        self.fg(Color::Yellow).add_modifier(Modifier::BOLD)
    }
    pub fn status_bar(self) -> Style {
        if self.color {
            Style::new().bg(Color::Blue).fg(Color::White)
        } else {
            Style::new().add_modifier(Modifier::REVERSED)
        }
    }
    pub fn public_banner(self) -> Style {
        if self.color {
            Style::new()
                .bg(Color::Red)
                .fg(Color::White)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
        }
    }
    pub fn struck(self) -> Style {
        Style::new().add_modifier(Modifier::CROSSED_OUT | Modifier::DIM)
    }
}
