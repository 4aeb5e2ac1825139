//! The look and feel of the game as data: colours, gem shapes, text sizes and transition timings
//! with their easing. [`Theme::default`] is the built-in theme; themes are RON data with the same
//! fields, so players can tweak them without recompiling.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

/// An easing curve, named in theme files (`"cubic_out"`, `"back_out"`, …).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Easing {
    /// Constant speed.
    Linear,
    /// Accelerates from rest.
    QuadIn,
    /// Decelerates to rest.
    QuadOut,
    /// Decelerates to rest, more sharply.
    #[default]
    CubicOut,
    /// Accelerates then decelerates.
    SineInOut,
    /// Overshoots a little, then settles.
    BackOut,
    /// Lands with a few small bounces.
    BounceOut,
}

impl Easing {
    /// Maps progress `t` in 0..=1 (clamped) to eased progress (0 at 0, 1 at 1).
    pub fn apply(self, t: f32) -> f32 {
        let t = t.clamp(0.0, 1.0);
        match self {
            Easing::Linear => t,
            Easing::QuadIn => t * t,
            Easing::QuadOut => 1.0 - (1.0 - t) * (1.0 - t),
            Easing::CubicOut => 1.0 - (1.0 - t).powi(3),
            Easing::SineInOut => 0.5 - 0.5 * (std::f32::consts::PI * t).cos(),
            Easing::BackOut => {
                let (c1, c3) = (1.70158, 2.70158);
                1.0 + c3 * (t - 1.0).powi(3) + c1 * (t - 1.0).powi(2)
            }
            Easing::BounceOut => {
                let (n1, d1) = (7.5625, 2.75);
                if t < 1.0 / d1 {
                    n1 * t * t
                } else if t < 2.0 / d1 {
                    let t = t - 1.5 / d1;
                    n1 * t * t + 0.75
                } else if t < 2.5 / d1 {
                    let t = t - 2.25 / d1;
                    n1 * t * t + 0.9375
                } else {
                    let t = t - 2.625 / d1;
                    n1 * t * t + 0.984375
                }
            }
        }
    }
}

/// The outline of a gem. Each kind gets its own, so colour is never the only cue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GemShape {
    /// A disc.
    Circle,
    /// A rounded square.
    Square,
    /// A square on its corner.
    Diamond,
    /// A triangle pointing up.
    Triangle,
    /// A hexagon.
    Hexagon,
    /// A five-pointed star.
    Star,
    /// A pentagon.
    Pentagon,
    /// A plus sign.
    Cross,
}

impl GemShape {
    /// Every shape, in the order the default theme assigns them to kinds.
    pub const ALL: [GemShape; 8] = [
        GemShape::Circle,
        GemShape::Diamond,
        GemShape::Square,
        GemShape::Triangle,
        GemShape::Hexagon,
        GemShape::Star,
        GemShape::Pentagon,
        GemShape::Cross,
    ];
}

/// How one gem kind looks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GemStyle {
    /// Fill colour as sRGB hex, `#rrggbb`.
    pub color: String,
    /// Outline shape.
    pub shape: GemShape,
}

/// Durations (seconds) and easing of the animated transitions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Timings {
    /// How long the selected group stays highlighted before it is removed.
    pub flag: f32,
    /// How long removed gems take to pop away.
    pub remove: f32,
    /// Easing of the removal pop.
    pub remove_easing: Easing,
    /// How long a gem takes to fall one row (longer falls take longer, by the square root).
    pub fall: f32,
    /// Extra delay per column, so the fall ripples across the board.
    pub fall_stagger: f32,
    /// Easing of falling gems.
    pub fall_easing: Easing,
    /// How long columns take to slide left.
    pub shift: f32,
    /// Extra delay per column of the slide.
    pub shift_stagger: f32,
    /// Easing of sliding columns.
    pub shift_easing: Easing,
    /// How long a new board takes to drop in.
    pub deal: f32,
    /// Easing of the drop-in.
    pub deal_easing: Easing,
}

impl Default for Timings {
    fn default() -> Self {
        Self {
            flag: 0.10,
            remove: 0.16,
            remove_easing: Easing::QuadIn,
            fall: 0.16,
            fall_stagger: 0.012,
            fall_easing: Easing::BounceOut,
            shift: 0.20,
            shift_stagger: 0.010,
            shift_easing: Easing::CubicOut,
            deal: 0.35,
            deal_easing: Easing::BounceOut,
        }
    }
}

/// A complete theme.
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Theme {
    /// Shown in the settings menu.
    pub name: String,
    /// Window background, `#rrggbb`.
    pub background: String,
    /// Panel behind the board, `#rrggbb`.
    pub board: String,
    /// Colour mixed into a highlighted (flagged) group, `#rrggbb`.
    pub flag_highlight: String,
    /// How strongly the highlight colour is mixed in, 0..=1.
    pub flag_mix: f32,
    /// Keyboard cursor ring, `#rrggbb`.
    pub cursor: String,
    /// Gem styles; kind k uses entry `k % len` (kind 0 uses the first).
    pub gems: Vec<GemStyle>,
    /// Size of ordinary HUD text, in points.
    pub text_size: f32,
    /// Size of headings and the score, in points.
    pub heading_size: f32,
    /// Transition timings.
    pub timings: Timings,
}

impl Default for Theme {
    fn default() -> Self {
        let colors = [
            "#e84a5f", "#2d9cdb", "#f2c94c", "#27ae60", "#9b51e0", "#f2994a", "#56ccf2", "#eb5ea8",
        ];
        Self {
            name: "Classic".to_string(),
            background: "#1d2030".to_string(),
            board: "#282c40".to_string(),
            flag_highlight: "#ffffff".to_string(),
            flag_mix: 0.25,
            cursor: "#ffffff".to_string(),
            gems: colors
                .iter()
                .zip(GemShape::ALL)
                .map(|(c, shape)| GemStyle {
                    color: (*c).to_string(),
                    shape,
                })
                .collect(),
            text_size: 16.0,
            heading_size: 24.0,
            timings: Timings::default(),
        }
    }
}

impl Theme {
    /// The style of gem kind `kind`.
    pub fn style(&self, kind: u32) -> GemStyle {
        if self.gems.is_empty() {
            return GemStyle {
                color: "#cccccc".to_string(),
                shape: GemShape::Circle,
            };
        }
        // Kinds usually start at 1; give kind 1 the first style.
        let i = (kind as usize + self.gems.len() - 1) % self.gems.len();
        self.gems[i].clone()
    }
}

/// Parses `#rrggbb` or `#rrggbbaa` into a colour; `None` when malformed.
pub fn parse_hex(s: &str) -> Option<Color> {
    Srgba::hex(s.trim()).ok().map(Color::from)
}

/// Parses a colour, falling back to magenta so a typo is visible rather than fatal.
pub fn color(s: &str) -> Color {
    parse_hex(s).unwrap_or(Color::srgb(1.0, 0.0, 1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn easings_start_at_zero_and_end_at_one() {
        for e in [
            Easing::Linear,
            Easing::QuadIn,
            Easing::QuadOut,
            Easing::CubicOut,
            Easing::SineInOut,
            Easing::BackOut,
            Easing::BounceOut,
        ] {
            assert!(e.apply(0.0).abs() < 1e-4, "{e:?}");
            assert!((e.apply(1.0) - 1.0).abs() < 1e-4, "{e:?}");
            assert!((e.apply(2.0) - 1.0).abs() < 1e-4, "{e:?} clamps");
        }
    }

    #[test]
    fn default_theme_colours_parse_and_shapes_differ() {
        let t = Theme::default();
        for g in &t.gems {
            assert!(parse_hex(&g.color).is_some(), "{}", g.color);
        }
        let shapes: std::collections::HashSet<_> = t.gems.iter().map(|g| g.shape).collect();
        assert_eq!(shapes.len(), t.gems.len());
        assert_eq!(t.style(1).shape, GemShape::Circle);
        assert_eq!(t.style(9).shape, GemShape::Circle);
    }
}
