//! K in a Row's sound effects, from the theme's sound bank with the volume and mute of
//! Settings: a tile landing (the computer's a little lower), and the game-over sound at the end.

use bevy::prelude::*;

use gems_rules::k_in_a_row::Side;

use super::model::{KPhase, KSession};
use crate::kit::audio::{Effect, SoundBank, play_effect};
use crate::kit::phase::PhaseOf;
use crate::kit::schedule::GameSystems;
use crate::kit::settings::Settings;

/// Plays the effects.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, effects.in_set(super::set(GameSystems::View)));
}

/// A tile placed since the last frame lands; a game that ends plays the game-over sound.
fn effects(
    mut commands: Commands,
    bank: Option<Res<SoundBank>>,
    settings: Option<Res<Settings>>,
    session: Res<KSession>,
    phase: PhaseOf<KPhase>,
    mut last: Local<(u64, usize, bool)>,
) {
    let Some(bank) = bank else { return };
    let moves = session.game.moves().len();
    let over = phase.get() == KPhase::Over;
    let same_game = last.0 == session.generation;
    let mut play = |effect: Effect, speed: f32| {
        play_effect(
            &mut commands,
            &bank,
            settings.as_deref(),
            effect,
            speed,
            0.8,
        );
    };
    if same_game && moves > last.1 {
        // The side that just moved is the one not to move now.
        let computer = session.game.to_move() == Side::Human;
        play(Effect::Land, if computer { 0.8 } else { 1.0 });
    }
    if same_game && over && !last.2 {
        play(Effect::GameOver, 1.0);
    }
    *last = (session.generation, moves, over);
}
