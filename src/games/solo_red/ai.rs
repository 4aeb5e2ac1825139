//! Solo Red's AI: hints and autoplay search with the rules' AI (rollouts over the unseen cards,
//! never peeking) as kit AI jobs, and their answers are shown or played.

use bevy::prelude::*;

use crate::kit::schedule::GameSystems;

use super::model::{CardEntity, Gliding, SoloRedAction, SoloRedSession};
use crate::kit::ai::{AddAi, AiHost, AiSlot, Answer, Job};

/// Rollouts the AI spends per move (runs off the page's thread).
pub const AI_ROLLOUTS: usize = 800;

/// The AI computation in flight, if any; its purpose is whether its answer is to be played
/// (autoplay) or shown (hint).
pub type AiTask = AiSlot<bool>;

/// How many searches were started (varies the AI's seed).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AiSearches(pub u64);

/// Plays or shows the AI's answers, and starts autoplay's searches.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AiSearches>()
        .add_ai::<bool, SoloRedSession, _>(
            super::SCREEN,
            super::set(GameSystems::Ai),
            (ai_poll, ai_autoplay),
        );
}

/// Starts a search for the session's next move; `play` plays its answer, else shows it.
pub(super) fn spawn_ai(
    s: &SoloRedSession,
    host: &AiHost,
    t: &mut AiTask,
    searches: &mut AiSearches,
    play: bool,
) {
    searches.0 += 1;
    let seed = s.seed.wrapping_mul(7919).wrapping_add(searches.0);
    let job = Job::solo_red_hint(&s.game, seed, AI_ROLLOUTS);
    t.start(host, job, s.generation, play);
}

/// Shows the AI's hint, or sends its move as the game's action when it plays by itself.
fn ai_poll(
    mut s: ResMut<SoloRedSession>,
    mut t: ResMut<AiTask>,
    mut actions: MessageWriter<SoloRedAction>,
) {
    let generation = s.generation;
    let Some((play, Answer::SoloRedMove(answer))) = t.poll_fresh(generation) else {
        return;
    };
    if s.game.is_over() {
        return;
    }
    match answer {
        Some(m) if play => {
            actions.write(SoloRedAction::Play(m));
        }
        Some(m) => {
            s.message = format!("Hint: {}", m.describe(&s.game));
            s.hint = Some(m);
        }
        None => s.message = "No card can make a palette win.".into(),
    }
}

fn ai_autoplay(
    s: Res<SoloRedSession>,
    host: Res<AiHost>,
    mut t: ResMut<AiTask>,
    mut searches: ResMut<AiSearches>,
    moving: Query<&CardEntity, With<Gliding>>,
) {
    if s.autoplay && !t.busy() && !s.game.is_over() && moving.is_empty() {
        spawn_ai(&s, &host, &mut t, &mut searches, true);
    }
}
