//! The menus' part of a theme: colours and style of every window, panel, button and text.

use serde::{Deserialize, Serialize};

/// The look of the menus and panels: the colours of what they say (`#rrggbb` each), and the
/// style of every window, panel, button and text. Every game's HUD and dialog takes them from
/// here (never from literals), so a theme restyles all five alike.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct UiColors {
    /// Records and winners: a new best score, the winning side.
    pub accent: String,
    /// Good news: points scored, a saved file, a won game.
    pub good: String,
    /// Bad news: an error, an illegal move, a lost game.
    pub bad: String,
    /// Pointers: a hint, the card picked up.
    pub info: String,
    /// The fill of the bars, panels and notices (`#rrggbbaa`: usually see-through).
    pub panel: String,
    /// The fill of dialogs and menus.
    pub window: String,
    /// Text.
    pub text: String,
    /// A button at rest.
    pub button: String,
    /// A button under the pointer.
    pub button_hover: String,
    /// A button being pressed (and a selected item).
    pub button_active: String,
    /// Outlines of windows and buttons.
    pub stroke: String,
    /// Corner radius of windows and buttons, in points (0..=24).
    pub rounding: f32,
    /// Space between widgets, in points (0..=32).
    pub spacing: f32,
}

impl Default for UiColors {
    fn default() -> Self {
        Self {
            accent: "#ffd75a".to_string(),
            good: "#8cdc96".to_string(),
            bad: "#ff8080".to_string(),
            info: "#78e6ff".to_string(),
            panel: "#00000096".to_string(),
            window: "#1b1e2cf2".to_string(),
            text: "#e4e6ef".to_string(),
            button: "#2d3250".to_string(),
            button_hover: "#3d4470".to_string(),
            button_active: "#55609a".to_string(),
            stroke: "#4a5280".to_string(),
            rounding: 6.0,
            spacing: 6.0,
        }
    }
}
