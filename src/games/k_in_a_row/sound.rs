//! K in a Row's sound effects, from the theme's sound bank with the volume and mute of
//! Settings: a tile landing (the computer's a little lower), and the game-over sound at the end.

use bevy::prelude::*;

use crate::kit::ai::Generation;

use gems_rules::k_in_a_row::Side;

use super::model::{KPhase, KSession};
use crate::kit::audio::{Effect, Sounds};
use crate::kit::phase::PhaseOf;
use crate::kit::schedule::GameSystems;

/// Plays the effects.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, effects.in_set(super::set(GameSystems::View)));
}

/// A tile placed since the last frame lands; a game that ends plays the game-over sound.
fn effects(
    mut sounds: Sounds,
    session: Res<KSession>,
    phase: PhaseOf<KPhase>,
    mut last: Local<(Option<Generation>, usize, bool)>,
) {
    let moves = session.game.moves().len();
    let over = phase.get() == KPhase::Over;
    let same_game = last.0 == Some(session.generation);
    if same_game && moves > last.1 {
        // The side that just moved is the one not to move now.
        let computer = session.game.to_move() == Side::Human;
        sounds.play(Effect::Land, if computer { 0.8 } else { 1.0 }, 0.8);
    }
    if same_game && over && !last.2 {
        sounds.play(Effect::GameOver, 1.0, 0.8);
    }
    *last = (Some(session.generation), moves, over);
}
