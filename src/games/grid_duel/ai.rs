//! Grid Duel's automatic players. The computer's own turn is the rules' (`Duel::play_computer`,
//! with the plain or smart strategy of `gems_rules::grid_duel`), sent as
//! `DuelAction::ComputerTurn` when the stage machine reaches it; `--autoplay` also lets the
//! human side play like the smart computer.

use bevy::prelude::*;

use gems_rules::grid_duel::Outcome;

use super::model::{AUTOPLAY_DELAY, DuelAction, DuelSession, Stage};
use crate::kit::launch::LaunchOptions;
use crate::kit::phase::PhaseOf;

/// `--autoplay`: the human side plays like the smart computer (regenerates the best row when
/// its expected gain is positive, else keeps the grid) after a short look; after a tie the
/// replay starts by itself.
pub(super) fn autoplay(
    opts: Option<Res<LaunchOptions>>,
    session: Option<Res<DuelSession>>,
    stage: PhaseOf<Stage>,
    time: Res<Time>,
    mut waited: Local<f32>,
    mut actions: MessageWriter<DuelAction>,
) {
    let (Some(opts), Some(session)) = (opts, session) else {
        return;
    };
    if !opts.autoplay {
        return;
    }
    match stage.get() {
        Stage::Choosing => {
            *waited += time.delta_secs();
            if *waited < AUTOPLAY_DELAY {
                return;
            }
            *waited = 0.0;
            let Some(grid) = session.duel.pending_grid() else {
                return;
            };
            let plan = gems_rules::grid_duel::best_row(grid);
            actions.write(if plan.gain() > 0.0 {
                DuelAction::RegenerateRow(plan.row + 1)
            } else {
                DuelAction::Keep
            });
        }
        Stage::Over(Outcome::Tie) => {
            actions.write(DuelAction::Replay);
        }
        _ => *waited = 0.0,
    }
}
