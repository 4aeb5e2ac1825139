//! The look and feel of the game as data. The theme format itself (fields, defaults, parsing,
//! validation) lives in `gems_formats::theme`, engine-free so it can be fuzzed; this module adds
//! what Bevy needs: the asset loader and colour conversion.

use bevy::prelude::*;

pub use gems_formats::theme::*;

/// A theme file, `assets/themes/NAME.theme.ron`, as a Bevy asset.
#[derive(Asset, TypePath, Clone, Debug)]
pub struct ThemeAsset(pub Theme);

/// Loads `*.theme.ron` files through [`Theme::parse`].
pub type ThemeLoader = crate::kit::text_asset::TextLoader<ThemeAsset>;

/// Why a theme file could not be loaded.
pub type ThemeLoadError = crate::kit::text_asset::TextLoadError<ThemeError>;

impl crate::kit::text_asset::TextFile for ThemeAsset {
    type Error = ThemeError;
    const EXTENSIONS: &'static [&'static str] = &["theme.ron"];

    const MAX_BYTES: usize = gems_formats::theme::MAX_THEME_BYTES;

    fn parse(text: &str) -> Result<Self, ThemeError> {
        Theme::parse(text).map(ThemeAsset)
    }
}

/// Parses `#rrggbb` or `#rrggbbaa` into a colour; `None` when malformed.
pub fn parse_hex(s: &str) -> Option<Color> {
    hex_rgba(s).map(|[r, g, b, a]| Color::srgba(r, g, b, a))
}

/// Parses a colour, falling back to magenta so a typo is visible rather than fatal.
pub fn color(s: &str) -> Color {
    parse_hex(s).unwrap_or(Color::srgb(1.0, 0.0, 1.0))
}

/// The same colour for egui: sRGB bytes, rounded, with straight (unmultiplied) alpha.
pub fn egui_color(c: Color) -> bevy_egui::egui::Color32 {
    use bevy::color::ColorToPacked;
    let [r, g, b, a] = c.to_srgba().to_u8_array();
    bevy_egui::egui::Color32::from_rgba_unmultiplied(r, g, b, a)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_parsing_agrees_with_bevy() {
        for s in [
            "#ff0000",
            "ff0000",
            "#f00",
            "#f008",
            "#12345678",
            " #abcdef ",
            "#ABCDEF",
            "#",
            "",
            "#12345",
            "#1234567",
            "#xyzxyz",
            "#+1+2+3",
        ] {
            let ours = parse_hex(s).map(|c| c.to_srgba());
            let bevy = Srgba::hex(s.trim()).ok();
            assert_eq!(ours, bevy, "{s:?}");
        }
    }
}
