//! The look and feel of the game as data. The theme format itself (fields, defaults, parsing,
//! validation) lives in `gems_formats::theme`, engine-free so it can be fuzzed; this module adds
//! what Bevy needs: the asset loader and colour conversion.

use bevy::prelude::*;

pub use gems_formats::theme::*;

/// A theme file, `assets/themes/NAME.theme.ron`, as a Bevy asset.
#[derive(Asset, TypePath, Clone, Debug)]
pub struct ThemeAsset(pub Theme);

/// Loads `*.theme.ron` files through [`Theme::parse`].
#[derive(Default, TypePath)]
pub struct ThemeLoader;

/// Why a theme file could not be loaded.
pub type ThemeLoadError = crate::kit::text_asset::TextLoadError<ThemeError>;

impl bevy::asset::AssetLoader for ThemeLoader {
    type Asset = ThemeAsset;
    type Settings = ();
    type Error = ThemeLoadError;

    async fn load(
        &self,
        reader: &mut dyn bevy::asset::io::Reader,
        _settings: &(),
        _ctx: &mut bevy::asset::LoadContext<'_>,
    ) -> Result<ThemeAsset, ThemeLoadError> {
        let text = crate::kit::text_asset::read_text(reader, |_| None).await?;
        let theme = Theme::parse(&text).map_err(ThemeLoadError::Content)?;
        Ok(ThemeAsset(theme))
    }

    fn extensions(&self) -> &[&str] {
        &["theme.ron"]
    }
}

/// The theme's colours, parsed once when the theme changes: every system that draws reads
/// these, never the theme's strings.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct Palette {
    /// The window's background.
    pub background: Color,
    /// The panel behind the board.
    pub board: Color,
    /// Mixed into a highlighted group.
    pub flag_highlight: Color,
    /// The keyboard cursor.
    pub cursor: Color,
    /// Each gem style's colour, in the theme's order.
    pub gems: Vec<Color>,
    /// The colours on the board besides the gems.
    pub table: TableColors<Color>,
    /// The menus' colours, for egui.
    pub ui: crate::kit::ui::UiPalette,
}

impl Palette {
    /// The colours of `theme`.
    pub fn of(theme: &Theme) -> Self {
        Palette {
            background: color(&theme.background),
            board: color(&theme.board),
            flag_highlight: color(&theme.flag_highlight),
            cursor: color(&theme.cursor),
            gems: theme.gems.iter().map(|g| color(&g.color)).collect(),
            table: theme.table.map(|c| color(c)),
            ui: crate::kit::ui::UiPalette::of(theme),
        }
    }

    /// One of the menus' colours (picked from [`Palette::ui`]) for drawing on the board.
    pub fn ui_color(
        &self,
        pick: impl Fn(&crate::kit::ui::UiPalette) -> bevy_egui::egui::Color32,
    ) -> Color {
        let [r, g, b, a] = pick(&self.ui).to_srgba_unmultiplied();
        Color::srgba_u8(r, g, b, a)
    }

    /// The colour of gem (or dot, or digit) kind `kind`, as [`Theme::style_index`] picks it.
    pub fn kind(&self, kind: u32) -> Color {
        let n = self.gems.len().max(1);
        let i = (kind as usize % n + n - 1) % n;
        self.gems.get(i).copied().unwrap_or(Color::WHITE)
    }
}

impl Default for Palette {
    fn default() -> Self {
        Palette::of(&Theme::default())
    }
}

/// Keeps the [`Palette`] in step with the theme: parsed again only when the theme changes, and
/// before any screen is entered (state transitions run before the first `PreUpdate`).
pub fn plugin(app: &mut App) {
    use bevy::state::state::{StateTransition, StateTransitionSystems};
    app.init_resource::<Palette>()
        .add_systems(PreUpdate, follow_theme)
        .add_systems(
            StateTransition,
            follow_theme.before(StateTransitionSystems::DependentTransitions),
        );
}

fn follow_theme(theme: Option<Res<Theme>>, mut palette: ResMut<Palette>) {
    if let Some(theme) = theme.filter(|t| t.is_changed()) {
        palette.set_if_neq(Palette::of(&theme));
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
