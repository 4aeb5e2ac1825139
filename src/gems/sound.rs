//! Sound effects of Modern Gems, from the theme's sound files: select, remove (its pitch rises
//! with the group's size), land, column shift and game over. Volume and mute come from Settings.

use bevy::prelude::*;

use super::model::PendingMove;
use super::model::Phase;
use crate::kit::audio::{Effect, SoundBank, play_effect};
use crate::settings::Settings;

/// The playback speed (and so pitch) of the removal sound for a group of `n` gems: one
/// semitone higher per extra gem, up to an octave.
pub fn removal_pitch(n: usize) -> f32 {
    let semitones = n.saturating_sub(1).min(12) as f32;
    2f32.powf(semitones / 12.0)
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn removal_pitch_rises_with_group_size_up_to_an_octave() {
        assert_eq!(removal_pitch(1), 1.0);
        assert!(removal_pitch(2) > removal_pitch(1));
        assert!(removal_pitch(10) > removal_pitch(5));
        assert!((removal_pitch(13) - 2.0).abs() < 1e-5);
        assert_eq!(removal_pitch(100), removal_pitch(13));
    }
}
