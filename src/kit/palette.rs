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
    /// Records and winners (the menus' accent), for drawing on the board.
    pub accent: Color,
    /// Good news (the menus' colour for it), for drawing on the board.
    pub good: Color,
    /// Hints and pointers (the menus' colour for them), for drawing on the board.
    pub info: Color,
    /// Bad news (the menus' colour for it), for drawing on the board.
    pub bad: Color,
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
            accent: color(&theme.ui.accent),
            good: color(&theme.ui.good),
            info: color(&theme.ui.info),
            bad: color(&theme.ui.bad),
        }
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
