//! Grid Duel's sound effects, from the theme's sound bank (loaded by Modern Gems' sound plugin)
//! with the volume and mute of Settings: a tick as each row of a grid lands, the "remove" sound
//! when a choice regenerates something, and the game-over sound at the end.

use bevy::prelude::*;

use crate::kit::schedule::GameSystems;

use super::model::{CELL_STAGGER, OnShow, Reveal, Stage};
use crate::kit::audio::{Effect, SoundBank, play_effect};
use crate::kit::settings::Settings;

/// Plays the effects.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, effects.in_set(super::set(GameSystems::View)));
}

fn play(
    commands: &mut Commands,
    bank: &SoundBank,
    settings: Option<&Settings>,
    e: Effect,
    speed: f32,
) {
    play_effect(commands, bank, settings, e, speed, 0.6);
}

/// Rows landing while a grid is dealt, a regeneration, the end of the game.
fn effects(
    mut commands: Commands,
    on_show: Res<OnShow>,
    stage: Res<State<Stage>>,
    bank: Res<SoundBank>,
    settings: Option<Res<Settings>>,
    mut rows_played: Local<usize>,
    mut last_over: Local<bool>,
) {
    let settings = settings.as_deref();
    let over = matches!(stage.get(), Stage::Over(_));
    if over && !*last_over {
        play(&mut commands, &bank, settings, Effect::GameOver, 1.0);
    }
    *last_over = over;
    let Some(show) = &on_show.show else { return };
    let elapsed = on_show.elapsed;
    match (*stage.get(), show.reveal) {
        (Stage::Revealing, Reveal::All) if elapsed < f32::MAX => {
            // One soft tick per row, pitch rising down the grid.
            let rows = ((elapsed / (9.0 * CELL_STAGGER)) as usize + 1).min(9);
            if elapsed < CELL_STAGGER {
                *rows_played = 0;
            }
            while *rows_played < rows {
                let speed = 2f32.powf(*rows_played as f32 / 12.0);
                play(&mut commands, &bank, settings, Effect::Land, speed);
                *rows_played += 1;
            }
        }
        (Stage::Revealing, Reveal::Row(_)) if elapsed < CELL_STAGGER * 2.0 => {
            if *rows_played != usize::MAX {
                play(&mut commands, &bank, settings, Effect::Remove, 1.2);
                *rows_played = usize::MAX;
            }
        }
        (Stage::Revealing, _) => {}
        _ => *rows_played = 0,
    }
}
