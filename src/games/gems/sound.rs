//! Sound effects of Modern Gems, from the theme's sound files: select, remove (its pitch rises
//! with the group's size), land, column shift and game over. Volume and mute come from Settings.

use bevy::prelude::*;

use super::model::PendingMove;
use super::model::Phase;
use crate::kit::audio::{Effect, SoundBank, play_effect, removal_pitch};
use crate::kit::settings::Settings;

/// Plays the effects.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Phase::Flagging),
        |c: Commands, b: Res<SoundBank>, s: Option<Res<Settings>>| {
            play(c, &b, s.as_deref(), Effect::Select, 1.0);
        },
    )
    .add_systems(OnEnter(Phase::Removing), on_remove)
    .add_systems(OnExit(Phase::Falling), on_land)
    .add_systems(OnEnter(Phase::Shifting), on_shift)
    .add_systems(
        OnEnter(Phase::Over),
        |c: Commands, b: Res<SoundBank>, s: Option<Res<Settings>>| {
            play(c, &b, s.as_deref(), Effect::GameOver, 1.0);
        },
    );
}

fn play(
    mut commands: Commands,
    bank: &SoundBank,
    settings: Option<&Settings>,
    effect: Effect,
    speed: f32,
) {
    play_effect(&mut commands, bank, settings, effect, speed, 1.0);
}

fn on_remove(
    c: Commands,
    bank: Res<SoundBank>,
    s: Option<Res<Settings>>,
    pending: Res<PendingMove>,
) {
    let n = pending.0.as_ref().map_or(1, |m| m.removal.removed.len());
    play(c, &bank, s.as_deref(), Effect::Remove, removal_pitch(n));
}

fn on_land(c: Commands, bank: Res<SoundBank>, s: Option<Res<Settings>>, pending: Res<PendingMove>) {
    if pending
        .0
        .as_ref()
        .is_some_and(|m| m.removal.moves.iter().any(|g| g.fell()))
    {
        play(c, &bank, s.as_deref(), Effect::Land, 1.0);
    }
}

fn on_shift(
    c: Commands,
    bank: Res<SoundBank>,
    s: Option<Res<Settings>>,
    pending: Res<PendingMove>,
) {
    if pending
        .0
        .as_ref()
        .is_some_and(|m| m.removal.moves.iter().any(|g| g.shifted()))
    {
        play(c, &bank, s.as_deref(), Effect::Shift, 1.0);
    }
}
