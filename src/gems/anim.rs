//! Per-gem animations: [`Tween`] moves a gem between cells, [`Vanish`] pops a removed gem away.
//! Only gems that carry one of these components do any work in a frame.

use bevy::prelude::*;

use super::model::{FlagChanged, Kind, Paused};
use crate::kit::layout::BoardLayout;
use crate::screens::Screen;
use crate::theme::Easing;

/// The animations in progress: only the gems listed here do any work in a frame. Starting a
/// phase pushes one entry per moving gem, so even a 10,000-gem cascade changes no archetype.
#[derive(Resource, Clone, Debug, Default)]
pub struct Animations {
    /// Gems moving between cells.
    pub tweens: Vec<(Entity, Tween)>,
    /// Removed gems popping away; despawned when done.
    pub vanishing: Vec<(Entity, Vanish)>,
}

impl Animations {
    /// True when nothing is animating.
    pub fn is_idle(&self) -> bool {
        self.tweens.is_empty() && self.vanishing.is_empty()
    }
}

/// Progress in 0..=1 of an animation `elapsed` seconds after it was started with a `delay`
/// and a `duration` (a zero duration finishes as soon as the delay has passed).
fn progress(elapsed: f32, delay: f32, duration: f32) -> f32 {
    if duration <= 0.0 {
        return if elapsed >= delay { 1.0 } else { 0.0 };
    }
    ((elapsed - delay) / duration).clamp(0.0, 1.0)
}

/// Moves a gem from one cell-space point to another (x = column, y = row).
#[derive(Clone, Copy, Debug, PartialEq)]
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
}

/// Pops a removed gem away (a short swell, then shrinking to nothing); the entity is despawned
/// when it ends.
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

/// The scale of a gem drawn `size` world units wide. z stays 1, so the z offsets of a gem's
/// children (gloss above, halo below) are world units whatever the cell size.
pub fn gem_scale(size: f32) -> Vec3 {
    Vec3::new(size, size, 1.0)
}

/// The delay of column `col` in a ripple of `per_col` seconds per column, squeezed so that the
/// whole ripple never takes longer than 20 columns' worth on a wide board.
pub fn stagger(per_col: f32, col: usize, cols: usize) -> f32 {
    let squeeze = (20.0 / cols.max(1) as f32).min(1.0);
    per_col * col as f32 * squeeze
}

/// Scale of a flagged gem relative to a plain one.
pub const FLAG_SCALE: f32 = 1.08;

/// Runs the per-gem animations.
pub struct AnimPlugin;

impl Plugin for AnimPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Animations>().add_systems(
            Update,
            (run_tweens, run_vanish, scale_flagged)
                .in_set(super::session::GemsSystems::Animate)
                .run_if(in_state(Screen::ModernGems)),
        );
    }
}

fn run_tweens(
    time: Res<Time>,
    paused: Res<Paused>,
    layout: Res<BoardLayout>,
    mut anims: ResMut<Animations>,
    mut transforms: Query<&mut Transform>,
) {
    if paused.0 {
        return;
    }
    let dt = time.delta_secs();
    anims.tweens.retain_mut(|(e, tween)| {
        tween.elapsed += dt;
        let Ok(mut transform) = transforms.get_mut(*e) else {
            return false;
        };
        let at = layout.world(tween.position());
        transform.translation.x = at.x;
        transform.translation.y = at.y;
        tween.progress() < 1.0
    });
}

fn run_vanish(
    mut commands: Commands,
    time: Res<Time>,
    paused: Res<Paused>,
    layout: Res<BoardLayout>,
    mut anims: ResMut<Animations>,
    mut transforms: Query<&mut Transform>,
) {
    if paused.0 {
        return;
    }
    let dt = time.delta_secs();
    anims.vanishing.retain_mut(|(e, v)| {
        v.elapsed += dt;
        let Ok(mut transform) = transforms.get_mut(*e) else {
            return false;
        };
        transform.scale = gem_scale(layout.cell * FLAG_SCALE * v.scale().max(0.0));
        let done = v.progress() >= 1.0;
        if done {
            commands.entity(*e).despawn();
        }
        !done
    });
}

/// Flagged gems swell slightly; only gems whose flag changed are touched.
fn scale_flagged(
    layout: Res<BoardLayout>,
    mut changes: MessageReader<FlagChanged>,
    mut gems: Query<&mut Transform, With<Kind>>,
) {
    for change in changes.read() {
        if let Ok(mut transform) = gems.get_mut(change.entity) {
            let s = if change.flagged { FLAG_SCALE } else { 1.0 };
            transform.scale = gem_scale(layout.cell * s);
        }
    }
}
