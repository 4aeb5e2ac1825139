//! Per-gem animations: [`Tween`] moves a gem between cells, [`Vanish`] pops a removed gem away.
//! Only gems that carry one of these components do any work in a frame.

use bevy::prelude::*;

use crate::kit::chrome::Paused;

use crate::kit::schedule::GameSystems;

use super::model::{FlagChanged, Kind};
use crate::kit::anim::{Tween, Vanish};
use crate::kit::layout::BoardLayout;

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

/// The scale of a gem drawn `size` world units wide. z stays 1, so the z offsets of a gem's
/// children (gloss above, halo below) are world units whatever the cell size.
pub fn gem_scale(size: f32) -> Vec3 {
    Vec3::new(size, size, 1.0)
}

/// Scale of a flagged gem relative to a plain one.
pub const FLAG_SCALE: f32 = 1.08;

/// Popped gems despawned in one frame at most: a whole 100×100 board popping together would
/// otherwise despawn 10,000 gems and their children in one frame (about 3 ms,
/// `cargo run --example cascade_bench -- 100 clear`); this spreads them over five.
const MAX_DESPAWNS_PER_FRAME: usize = 2000;

/// Runs the per-gem animations.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Animations>().add_systems(
        Update,
        (
            run_animations,
            scale_flagged,
            breathe_flagged.run_if(in_state(super::model::Phase::Idle)),
        )
            .chain()
            .in_set(super::set(GameSystems::Animate)),
    );
}

/// Advances every tween and pop by the frame's time (nothing while paused): movers take their
/// new place, popped gems shrink and leave when done.
fn run_animations(
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
    let anims = &mut *anims;
    anims.tweens.retain_mut(|(e, tween)| {
        tween.elapsed += dt;
        let Ok(mut transform) = transforms.get_mut(*e) else {
            return false;
        };
        let at = layout.world(tween.position());
        transform.translation.x = at.x;
        transform.translation.y = at.y;
        !tween.done()
    });
    let mut despawns = 0;
    anims.vanishing.retain_mut(|(e, v)| {
        v.elapsed += dt;
        let Ok(mut transform) = transforms.get_mut(*e) else {
            return false;
        };
        transform.scale = gem_scale(layout.cell * FLAG_SCALE * v.scale().max(0.0));
        // A popped gem stays (at scale 0) until a later frame has room to despawn it.
        let leave = v.progress() >= 1.0 && despawns < MAX_DESPAWNS_PER_FRAME;
        if leave {
            despawns += 1;
            commands.entity(*e).despawn();
        }
        !leave
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

/// The group under the pointer breathes (the theme's hover pulse; none under reduced motion).
/// Only the flagged gems are touched, found through the index.
fn breathe_flagged(
    time: Res<Time>,
    theme: Res<crate::kit::theme::Theme>,
    layout: Res<BoardLayout>,
    selection: Res<super::model::Selection>,
    index: Res<super::model::GemIndex>,
    mut gems: Query<&mut Transform, With<Kind>>,
) {
    if theme.effects.hover_pulse <= 0.0 || selection.group.is_empty() {
        return;
    }
    let s = FLAG_SCALE * theme.effects.breath(time.elapsed_secs());
    for &cell in &selection.group {
        if let Some(mut transform) = index.get(cell).and_then(|e| gems.get_mut(e).ok()) {
            transform.scale = gem_scale(layout.cell * s);
        }
    }
}
