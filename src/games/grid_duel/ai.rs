//! Grid Duel's smart player: the smart computer's choice for each of its grids, the hint, and
//! `--autoplay`'s choices for the human side are searched for as kit AI jobs (on a worker
//! thread on the desktop, in the AI worker in the browser), and handed back to the rules. The
//! plain computer keeps its grids and needs no search.

use bevy::prelude::*;

use gems_rules::grid_duel::{Choice, ComputerKind, Outcome, Phase};

use super::model::{AUTOPLAY_DELAY, DuelAction, DuelSession, Stage};
use crate::kit::ai::{AddAi, AiHost, AiSlot, Answer, Job};
use crate::kit::launch::LaunchOptions;
use crate::kit::phase::PhaseOf;
use crate::kit::schedule::GameSystems;

/// What a smart search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DuelPurpose {
    /// The smart computer's choice for its grid dealt now.
    Computer,
    /// The hint for the person's grid on show.
    Hint,
    /// `--autoplay`'s choice for the person's grid on show.
    Autoplay,
}

/// The running smart search, if any.
pub type DuelAi = AiSlot<DuelPurpose>;

/// The smart player's searches, started and collected in the game's AI set.
pub(super) fn plugin(app: &mut App) {
    app.add_ai::<DuelPurpose, DuelSession, _>(
        super::SCREEN,
        super::set(GameSystems::Ai),
        (start_search, finish_search),
    );
}

/// Starts the smart computer's search on its turn, the hint's when asked for, and
/// `--autoplay`'s after a short look at the person's grid; after a tie, `--autoplay` starts
/// the replay by itself.
#[allow(clippy::too_many_arguments)]
fn start_search(
    opts: Option<Res<LaunchOptions>>,
    session: Option<ResMut<DuelSession>>,
    stage: PhaseOf<Stage>,
    time: Res<Time>,
    host: Res<AiHost>,
    mut ai: ResMut<DuelAi>,
    mut waited: Local<f32>,
    mut actions: ParamSet<(MessageReader<DuelAction>, MessageWriter<DuelAction>)>,
) {
    let Some(mut session) = session else {
        return;
    };
    let wants_hint = actions.p0().read().any(|a| *a == DuelAction::Hint);
    let autoplay = opts.is_some_and(|o| o.autoplay);
    if session.duel.phase() == Phase::Computer
        && session.duel.computer_kind() == ComputerKind::Smart
        && !session.computer_turn_done()
    {
        // Dealt once per grid: while its search runs, nothing to do (and the session is not
        // touched, so it is not marked changed every frame).
        if !ai.busy()
            && let Ok((_, dealt)) = session.duel.deal_computer()
        {
            let generation = session.generation;
            ai.start(
                &host,
                Job::grid_duel_choice(&dealt),
                generation,
                DuelPurpose::Computer,
            );
        }
        return;
    }
    match stage.get() {
        Stage::Choosing => {
            let Some(grid) = session.duel.pending_grid().copied() else {
                return;
            };
            if wants_hint {
                ai.start(
                    &host,
                    Job::grid_duel_choice(&grid),
                    session.generation,
                    DuelPurpose::Hint,
                );
            } else if autoplay && !ai.busy() {
                *waited += time.delta_secs();
                if *waited >= AUTOPLAY_DELAY {
                    *waited = 0.0;
                    let job = Job::grid_duel_choice(&grid);
                    ai.start(&host, job, session.generation, DuelPurpose::Autoplay);
                }
            }
        }
        Stage::Over(Outcome::Tie) if autoplay => {
            actions.p1().write(DuelAction::Replay);
        }
        _ => *waited = 0.0,
    }
}

/// Hands the smart player's answer back: the computer's choice to the rules, the hint to the
/// panel, `--autoplay`'s as the person's action.
fn finish_search(
    session: Option<ResMut<DuelSession>>,
    mut ai: ResMut<DuelAi>,
    mut actions: MessageWriter<DuelAction>,
) {
    let Some(mut session) = session else {
        return;
    };
    let Some((purpose, Answer::GridDuelChoice(choice, plan))) = ai.poll_fresh(session.generation)
    else {
        return;
    };
    match purpose {
        DuelPurpose::Computer => {
            if let Err(e) = session.choose_computer(choice, Some(plan)) {
                tracing::warn!("the smart computer's choice was refused: {e}");
            }
        }
        DuelPurpose::Hint => session.hint = Some((choice, plan)),
        DuelPurpose::Autoplay => {
            actions.write(match choice {
                Choice::RegenerateRow(row) => DuelAction::RegenerateRow(row),
                Choice::RegenerateGrid => DuelAction::RegenerateGrid,
                Choice::Keep => DuelAction::Keep,
            });
        }
    }
}
