//! Animation values every game uses: [`Tween`] moves something between two points of its
//! board's cell space, [`Vanish`] pops something away, and [`stagger`] ripples their starts
//! across a board. Each carries its own clock; a game's systems advance and draw them.

use bevy::prelude::*;

use crate::kit::theme::Easing;

/// Progress in 0..=1 of an animation `elapsed` seconds after it was started with a `delay`
/// and a `duration` (a zero duration finishes as soon as the delay has passed).
fn progress(elapsed: f32, delay: f32, duration: f32) -> f32 {
    if duration <= 0.0 {
        return if elapsed >= delay { 1.0 } else { 0.0 };
    }
    ((elapsed - delay) / duration).clamp(0.0, 1.0)
}

/// Moves a gem, a dot or a tile from one cell-space point to another (x = column, y = row).
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct Tween {
    /// Start, in cell space.
    pub from: Vec2,
    /// End, in cell space.
    pub to: Vec2,
    /// Seconds to wait before moving.
    pub delay: f32,
    /// Seconds the move takes.
    pub duration: f32,
    /// Seconds since the tween started.
    pub elapsed: f32,
    /// Easing of the move.
    pub easing: Easing,
}

impl Tween {
    /// A tween that has not started yet.
    pub fn new(from: Vec2, to: Vec2, delay: f32, duration: f32, easing: Easing) -> Self {
        Self {
            from,
            to,
            delay: delay.max(0.0),
            duration: duration.max(0.0),
            elapsed: 0.0,
            easing,
        }
    }

    /// Progress in 0..=1 (1 when finished; a zero duration finishes at once).
    pub fn progress(&self) -> f32 {
        progress(self.elapsed, self.delay, self.duration)
    }

    /// The current cell-space position.
    pub fn position(&self) -> Vec2 {
        self.from.lerp(self.to, self.easing.apply(self.progress()))
    }

    /// True once the move is over.
    pub fn done(&self) -> bool {
        self.progress() >= 1.0
    }
}

/// Pops a removed piece away (a short swell, then shrinking to nothing); its entity is
/// despawned when it ends.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Vanish {
    /// Seconds to wait first.
    pub delay: f32,
    /// Seconds the pop takes.
    pub duration: f32,
    /// Seconds since it started.
    pub elapsed: f32,
    /// Easing of the pop.
    pub easing: Easing,
}

impl Vanish {
    /// Progress in 0..=1.
    pub fn progress(&self) -> f32 {
        progress(self.elapsed, self.delay, self.duration)
    }

    /// Scale factor: swells to about 1.2, then shrinks to 0.
    pub fn scale(&self) -> f32 {
        let t = self.easing.apply(self.progress());
        (1.0 - t * t) * (1.0 + t)
    }
}

/// The delay of column `col` in a ripple of `per_col` seconds per column, squeezed so that the
/// whole ripple never takes longer than 20 columns' worth on a wide board.
pub fn stagger(per_col: f32, col: usize, cols: usize) -> f32 {
    let squeeze = (20.0 / cols.max(1) as f32).min(1.0);
    per_col * col as f32 * squeeze
}
