//! Solo Red's sound effects, from the theme's sound bank with the volume and mute of Settings:
//! a card picked up, a card landing on a palette or the canvas, and the game-over sound at the
//! end.

use bevy::prelude::*;

use super::model::{SoloPhase, SoloRedSession};
use crate::kit::audio::{Effect, Sounds};
use crate::kit::phase::PhaseOf;
use crate::kit::schedule::GameSystems;

/// Plays the effects.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, effects.in_set(super::set(GameSystems::View)));
}

/// What the table looked like last frame: the cards played, the card picked up, the end.
#[derive(Default)]
struct Heard {
    played: usize,
    selected: Option<usize>,
    over: bool,
}

fn effects(
    mut sounds: Sounds,
    session: Res<SoloRedSession>,
    phase: PhaseOf<SoloPhase>,
    mut last: Local<Heard>,
) {
    let game = &session.game;
    let played = game.palettes().iter().map(Vec::len).sum::<usize>() + session.canvas_pile.len();
    let over = phase.get() == SoloPhase::Over;
    let mut play = |effect: Effect| sounds.play(effect, 1.0, 0.8);
    if session.selected.is_some() && session.selected != last.selected {
        play(Effect::Select);
    }
    // A new deal has fewer cards on the table: it is no card landing.
    if played > last.played && last.played > 0 {
        play(Effect::Land);
    }
    if over && !last.over {
        play(Effect::GameOver);
    }
    *last = Heard {
        played,
        selected: session.selected,
        over,
    };
}
