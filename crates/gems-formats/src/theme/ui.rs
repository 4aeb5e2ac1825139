//! The menus' part of a theme: colours and style of every window, panel, button and text.

use serde::{Deserialize, Serialize};

use super::fields::theme_section;

theme_section! {
    /// The look of the menus and panels: the colours of what they say (`#rrggbb` each), and the
    /// style of every window, panel, button and text. Every game's HUD and dialog takes them from
    /// here (never from literals), so a theme restyles all five alike.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    #[serde(default)]
    pub struct UiColors {
        /// Records and winners: a new best score, the winning side.
        pub accent: String = "#ffd75a".into() => "Accent (records)",
        /// Good news: points scored, a saved file, a won game.
        pub good: String = "#8cdc96".into() => "Good news",
        /// Bad news: an error, an illegal move, a lost game.
        pub bad: String = "#ff8080".into() => "Bad news",
        /// Pointers: a hint, the card picked up.
        pub info: String = "#78e6ff".into() => "Hints",
        /// The fill of the bars, panels and notices (`#rrggbbaa`: usually see-through).
        pub panel: String = "#00000096".into() => "Bars and panels",
        /// The fill of dialogs and menus.
        pub window: String = "#1b1e2cf2".into() => "Windows",
        /// Text.
        pub text: String = "#e4e6ef".into() => "Text",
        /// A button at rest.
        pub button: String = "#2d3250".into() => "Button",
        /// A button under the pointer.
        pub button_hover: String = "#3d4470".into() => "Button, pointed at",
        /// A button being pressed (and a selected item).
        pub button_active: String = "#55609a".into() => "Button, pressed",
        /// Outlines of windows and buttons.
        pub stroke: String = "#4a5280".into() => "Outlines",
        /// Corner radius of windows and buttons, in points.
        pub rounding: f32 = 6.0 => "Rounding", 0.0..=24.0,
        /// Space between widgets, in points.
        pub spacing: f32 = 6.0 => "Spacing", 0.0..=32.0,
    }
}
