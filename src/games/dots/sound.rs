//! Sound effects of Dots, from the current theme's sound bank (loaded by Modern Gems): a note
//! rising with each dot added to the selection, the removal, the landing and the game's end.

use bevy::prelude::*;

use crate::kit::schedule::GameSystems;

use super::model::{DotsPhase, DotsSession};
use crate::kit::audio::removal_pitch;
use crate::kit::audio::{Effect, Sounds};
use crate::kit::phase::PhaseOf;
use crate::kit::status::MoveSettled;

/// Plays the effects.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, effects.in_set(super::set(GameSystems::View)));
}

fn effects(
    mut sounds: Sounds,
    session: Res<DotsSession>,
    phase: PhaseOf<DotsPhase>,
    mut settled: MessageReader<MoveSettled>,
    mut last: Local<(usize, DotsPhase)>,
) {
    let mut play = |effect: Effect, speed: f32| sounds.play(effect, speed, 1.0);
    let selected = session.game.selection().len();
    if selected > last.0 {
        play(Effect::Select, removal_pitch(selected));
    }
    if phase.get() != last.1 {
        match phase.get() {
            DotsPhase::Removing => play(Effect::Remove, 1.0),
            DotsPhase::Over => play(Effect::GameOver, 1.0),
            _ => {}
        }
    }
    if settled.read().any(|m| m.game == super::SCREEN) {
        play(Effect::Land, 1.0);
    }
    *last = (selected, phase.get());
}
