//! Pictures of the console for the README: a ratatui `Buffer` (drawn into a `TestBackend`)
//! written as an SVG that places every cell on an exact grid, so borders join whatever font
//! renders it. `examples/screenshots.rs` turns the SVGs into PNGs with resvg.
//!
//! One `<rect>` per run of equal background in a row, one `<text>` per visible glyph; bold and
//! italic are font attributes, dim is opacity, underline and strike-through are thin rects
//! (rasterisers ignore `text-decoration`), reversed swaps the colours.

use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier};
use std::fmt::Write;
use unicode_width::UnicodeWidthStr;

/// DejaVu Sans Mono at 16 px advances 1233/2048 em per glyph.
const FONT_SIZE: f32 = 16.0;
const CELL_W: f32 = FONT_SIZE * 1233.0 / 2048.0;
const CELL_H: f32 = 19.0;
const PAD: f32 = 10.0;
const BASELINE: f32 = 0.78;
const DEFAULT_FG: &str = "#d3d7cf";
const DEFAULT_BG: &str = "#1c1f24";

/// The Tango palette for the 16 named colours.
fn hex(color: Color, fallback: &str) -> String {
    let named = |i: u8| -> &'static str {
        [
            "#2e3436", "#cc0000", "#4e9a06", "#c4a000", "#3465a4", "#75507b", "#06989a", "#d3d7cf",
            "#555753", "#ef2929", "#8ae234", "#fce94f", "#729fcf", "#ad7fa8", "#34e2e2", "#eeeeec",
        ][usize::from(i % 16)]
    };
    match color {
        Color::Reset => fallback.to_string(),
        Color::Black => named(0).into(),
        Color::Red => named(1).into(),
        Color::Green => named(2).into(),
        Color::Yellow => named(3).into(),
        Color::Blue => named(4).into(),
        Color::Magenta => named(5).into(),
        Color::Cyan => named(6).into(),
        Color::Gray => named(7).into(),
        Color::DarkGray => named(8).into(),
        Color::LightRed => named(9).into(),
        Color::LightGreen => named(10).into(),
        Color::LightYellow => named(11).into(),
        Color::LightBlue => named(12).into(),
        Color::LightMagenta => named(13).into(),
        Color::LightCyan => named(14).into(),
        Color::White => named(15).into(),
        Color::Rgb(r, g, b) => format!("#{r:02x}{g:02x}{b:02x}"),
        Color::Indexed(i) if i < 16 => named(i).into(),
        Color::Indexed(i) if i < 232 => {
            let i = i - 16;
            let level = |v: u8| if v == 0 { 0 } else { 55 + v * 40 };
            format!(
                "#{:02x}{:02x}{:02x}",
                level(i / 36),
                level((i / 6) % 6),
                level(i % 6)
            )
        }
        Color::Indexed(i) => {
            let v = 8 + (i - 232) * 10;
            format!("#{v:02x}{v:02x}{v:02x}")
        }
    }
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The colours a cell is drawn with, after `REVERSED`.
fn colours(cell: &ratatui::buffer::Cell) -> (String, String) {
    let fg = hex(cell.fg, DEFAULT_FG);
    let bg = hex(cell.bg, DEFAULT_BG);
    if cell.modifier.contains(Modifier::REVERSED) {
        (bg, fg)
    } else {
        (fg, bg)
    }
}

/// The buffer as a standalone SVG document.
pub fn to_svg(buf: &Buffer) -> String {
    let area = buf.area;
    let width = PAD * 2.0 + CELL_W * f32::from(area.width);
    let height = PAD * 2.0 + CELL_H * f32::from(area.height);
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.2} {height:.2}">"#
    );
    let _ = writeln!(
        out,
        r#"<rect width="100%" height="100%" fill="{DEFAULT_BG}"/>"#
    );
    let _ = writeln!(
        out,
        r#"<g font-family="'DejaVu Sans Mono', monospace" font-size="{FONT_SIZE}">"#
    );
    for y in 0..area.height {
        let top = PAD + CELL_H * f32::from(y);
        // Background runs.
        let mut x = 0;
        while x < area.width {
            let (_, bg) = colours(&buf[(area.x + x, area.y + y)]);
            let start = x;
            while x < area.width && colours(&buf[(area.x + x, area.y + y)]).1 == bg {
                x += 1;
            }
            if bg != DEFAULT_BG {
                let _ = writeln!(
                    out,
                    r#"<rect x="{:.2}" y="{top:.2}" width="{:.2}" height="{CELL_H}" fill="{bg}"/>"#,
                    PAD + CELL_W * f32::from(start),
                    CELL_W * f32::from(x - start)
                );
            }
        }
        // Glyphs and lines.
        let mut skip = 0;
        for x in 0..area.width {
            if skip > 0 {
                skip -= 1;
                continue;
            }
            let cell = &buf[(area.x + x, area.y + y)];
            let symbol = cell.symbol();
            skip = symbol.width().saturating_sub(1);
            let (fg, _) = colours(cell);
            let left = PAD + CELL_W * f32::from(x);
            let cells = symbol.width().max(1) as f32;
            if cell.modifier.contains(Modifier::UNDERLINED) {
                let _ = writeln!(
                    out,
                    r#"<rect x="{left:.2}" y="{:.2}" width="{:.2}" height="1" fill="{fg}"/>"#,
                    top + CELL_H - 2.0,
                    CELL_W * cells
                );
            }
            if cell.modifier.contains(Modifier::CROSSED_OUT) && !symbol.trim().is_empty() {
                let _ = writeln!(
                    out,
                    r#"<rect x="{left:.2}" y="{:.2}" width="{:.2}" height="1" fill="{fg}"/>"#,
                    top + CELL_H * 0.55,
                    CELL_W * cells
                );
            }
            if symbol.trim().is_empty() {
                continue;
            }
            let mut attrs = String::new();
            if cell.modifier.contains(Modifier::BOLD) {
                attrs.push_str(r#" font-weight="bold""#);
            }
            if cell.modifier.contains(Modifier::ITALIC) {
                attrs.push_str(r#" font-style="italic""#);
            }
            if cell.modifier.contains(Modifier::DIM) {
                attrs.push_str(r#" fill-opacity="0.6""#);
            }
            let _ = writeln!(
                out,
                r#"<text x="{left:.2}" y="{:.2}" fill="{fg}"{attrs}>{}</text>"#,
                top + CELL_H * BASELINE,
                escape(symbol)
            );
        }
    }
    out.push_str("</g>\n</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::layout::Rect;
    use ratatui::style::Style;

    #[test]
    fn cells_become_rects_and_texts() {
        let mut buf = Buffer::empty(Rect::new(0, 0, 4, 1));
        buf.set_string(
            0,
            0,
            "a<",
            Style::new().fg(Color::Red).add_modifier(Modifier::BOLD),
        );
        buf.set_string(2, 0, "✝", Style::new().add_modifier(Modifier::REVERSED));
        let svg = to_svg(&buf);
        assert!(svg.starts_with("<svg"));
        assert!(svg.contains(r##"fill="#cc0000" font-weight="bold">a</text>"##));
        assert!(svg.contains("&lt;"));
        assert!(svg.contains(r##"fill="#d3d7cf""##), "reversed background");
        assert_eq!(hex(Color::Indexed(16), ""), "#000000");
        assert_eq!(hex(Color::Indexed(231), ""), "#ffffff");
        assert_eq!(hex(Color::Indexed(255), ""), "#eeeeee");
    }
}
