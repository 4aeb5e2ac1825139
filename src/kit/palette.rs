//! The theme's colours parsed once: [`Palette`] follows the theme resource, and every system
//! that draws reads it instead of the theme's `#rrggbb` strings.

use bevy::prelude::*;

use crate::kit::theme::{TableColors, Theme, color, style_index};
use crate::kit::ui::UiPalette;

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
    pub ui: UiPalette,
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
            ui: UiPalette::of(theme),
        }
    }

    /// One of the menus' colours (picked from [`Palette::ui`]) for drawing on the board.
    pub fn ui_color(&self, pick: impl Fn(&UiPalette) -> bevy_egui::egui::Color32) -> Color {
        let [r, g, b, a] = pick(&self.ui).to_srgba_unmultiplied();
        Color::srgba_u8(r, g, b, a)
    }

    /// The colour of gem (or dot, or digit) kind `kind`, as [`Theme::style_index`] picks it.
    pub fn kind(&self, kind: u32) -> Color {
        let i = style_index(kind, self.gems.len());
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
