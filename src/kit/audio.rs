//! The sound bank every game plays from: the current theme's effect sounds, loaded again
//! whenever the theme changes, played at the theme's and the player's volume.

use bevy::audio::Volume;
use bevy::prelude::*;

use crate::kit::settings::Settings;
use crate::kit::theme::{SoundSpec, Theme};

/// The playback speed (and so pitch) of the removal sound for a group of `n` pieces (gems, dots): one
/// semitone higher per extra gem, up to an octave.
pub fn removal_pitch(n: usize) -> f32 {
    let semitones = n.saturating_sub(1).min(12) as f32;
    2f32.powf(semitones / 12.0)
}

/// The loaded sounds of the current theme, with their volumes.
#[derive(Resource, Clone, Debug, Default)]
pub struct SoundBank {
    /// (handle, volume) for select, remove, land, shift and game over.
    pub sounds: Vec<(Handle<AudioSource>, f32)>,
}

/// Which effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// A group is selected.
    Select = 0,
    /// Gems are removed.
    Remove = 1,
    /// Gems land.
    Land = 2,
    /// Columns slide.
    Shift = 3,
    /// The game ends.
    GameOver = 4,
}

/// Loads the theme's sounds (and again when the theme changes).
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SoundBank>()
        .add_systems(Update, load_bank.run_if(resource_changed::<Theme>));
}

fn load_bank(theme: Res<Theme>, server: Res<AssetServer>, mut bank: ResMut<SoundBank>) {
    let load = |spec: &SoundSpec| (server.load(spec.file.clone()), spec.volume);
    // In the order of `Effect`, which is the order of `Sounds::all`.
    bank.sounds = theme.sounds.all().map(|(_, spec)| load(spec)).to_vec();
}

/// Plays one effect of the theme's sound bank at `gain` × its volume × the player's volume
/// (nothing when muted), at `speed` (pitch). Every game's sounds go through here.
/// What a game's sound effects need: the theme's sound bank (absent headless: nothing plays)
/// and the player's volume and mute.
#[derive(bevy::ecs::system::SystemParam)]
pub struct Sounds<'w, 's> {
    commands: Commands<'w, 's>,
    bank: Option<Res<'w, SoundBank>>,
    settings: Option<Res<'w, Settings>>,
}

impl Sounds<'_, '_> {
    /// Plays `effect` at `speed` (1 is the recorded pitch) and `gain` × its theme volume.
    pub fn play(&mut self, effect: Effect, speed: f32, gain: f32) {
        if let Some(bank) = &self.bank {
            play_effect(
                &mut self.commands,
                bank,
                self.settings.as_deref(),
                effect,
                speed,
                gain,
            );
        }
    }
}

pub fn play_effect(
    commands: &mut Commands,
    bank: &SoundBank,
    settings: Option<&Settings>,
    effect: Effect,
    speed: f32,
    gain: f32,
) {
    let Some((handle, volume)) = bank.sounds.get(effect as usize) else {
        return;
    };
    let master = settings.map_or(0.8, |s| if s.muted { 0.0 } else { s.volume });
    let v = master * volume * gain;
    if v <= 0.0 {
        return;
    }
    commands.spawn((
        AudioPlayer(handle.clone()),
        PlaybackSettings::DESPAWN
            .with_volume(Volume::Linear(v))
            .with_speed(speed),
    ));
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
