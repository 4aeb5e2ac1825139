//! The automatic players, ready to move: the spec's Greedy and LookAhead1 players need nothing
//! but the board, and the Expert brings its budget and the plans it remembers. The rules
//! [`Game`] knows its player only as a tag; whoever lets the computer play holds a [`Computer`].

use super::board::{Board, Cell};
use super::expert::Expert;
use super::game::{Game, MoveOutcome};
use super::player::{Player, greedy_move, look_ahead1_move};
use super::policy::RemovalPolicy;
use crate::cancel::Cancel;

/// Chooses and plays the moves of every automatic player.
#[derive(Clone, Debug, Default)]
pub struct Computer {
    /// The Expert player, with its budget per move and its remembered plans.
    pub expert: Expert,
}

impl Computer {
    /// A computer whose Expert is `expert`.
    pub fn new(expert: Expert) -> Computer {
        Computer { expert }
    }

    /// The move `player` makes on `board` under `policy`, or `None` when it is a human player
    /// or no legal move remains.
    pub fn choose_move(
        &mut self,
        player: Player,
        board: &Board,
        policy: RemovalPolicy,
    ) -> Option<Cell> {
        self.choose_move_until(player, board, policy, &Cancel::never())
    }

    /// [`Computer::choose_move`], with the Expert stopping early (with the best move found so
    /// far) once `cancel` is set; the spec's players answer at once anyway.
    pub fn choose_move_until(
        &mut self,
        player: Player,
        board: &Board,
        policy: RemovalPolicy,
        cancel: &Cancel,
    ) -> Option<Cell> {
        match player {
            Player::Interactive => None,
            Player::Greedy => greedy_move(board, policy),
            Player::LookAhead1 => look_ahead1_move(board, policy),
            Player::Expert => self.expert.choose_move_until(board, policy, cancel),
        }
    }

    /// Lets `game`'s (automatic) player choose and make one move; `None` for a human player or
    /// when the game is over.
    pub fn play(&mut self, game: &mut Game) -> Option<MoveOutcome> {
        let cell = self.choose_move(game.player(), game.board(), game.policy())?;
        game.play(cell).ok()
    }
}
