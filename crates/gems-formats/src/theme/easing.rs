//! Easing curves of the theme's transitions.

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
    /// Every easing, from the plainest to the liveliest (the editor's menu order).
    pub const ALL: [Easing; 7] = [
        Easing::Linear,
        Easing::QuadIn,
        Easing::QuadOut,
        Easing::CubicOut,
        Easing::SineInOut,
        Easing::BackOut,
        Easing::BounceOut,
    ];

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
