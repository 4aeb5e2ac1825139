//! A game of Modern Gems: board, policy, player, score and move number, and its `.mg` save file.

use thiserror::Error;

use super::board::{Board, BoardParseError, Cell, Removal};
use super::player::{Player, legal_moves};
use super::policy::RemovalPolicy;

/// Largest `.mg` save file, in bytes, that [`Game::from_save_string`] reads.
pub const MAX_SAVE_FILE_BYTES: usize = super::board::MAX_SAVE_STRING_BYTES + 256;

/// Why a move was refused. Nothing changes when a move is refused.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum MoveError {
    /// The cell is outside the board.
    #[error("({row},{col}) is outside the {rows}x{cols} board")]
    OutOfBounds {
        /// Requested row.
        row: usize,
        /// Requested column.
        col: usize,
        /// Board rows.
        rows: usize,
        /// Board columns.
        cols: usize,
    },
    /// The cell holds no gem.
    #[error("there is no gem at ({row},{col})")]
    EmptyCell {
        /// Requested row.
        row: usize,
        /// Requested column.
        col: usize,
    },
    /// The group is smaller than the policy allows (Classic needs 2).
    #[error(
        "the group at ({row},{col}) has {size} gem(s); this policy removes groups of {min} or more"
    )]
    GroupTooSmall {
        /// Requested row.
        row: usize,
        /// Requested column.
        col: usize,
        /// Size of the group there.
        size: usize,
        /// The policy's minimum.
        min: usize,
    },
}

/// What one move did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveOutcome {
    /// The selected cell.
    pub cell: Cell,
    /// Points the move scored.
    pub points: u64,
    /// What was removed and how the survivors moved.
    pub removal: Removal,
}

/// Why a `.mg` save file could not be read. Line numbers are 1-based lines of the file.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum SaveParseError {
    /// The file is larger than [`MAX_SAVE_FILE_BYTES`].
    #[error("the file is {bytes} bytes long; at most {max} are allowed")]
    TooLong {
        /// File size.
        bytes: usize,
        /// The bound.
        max: usize,
    },
    /// The first line is missing or does not have four items.
    #[error("line 1: expected 'SCORE MOVE PLAYER POLICY', found '{found}'")]
    BadHeader {
        /// What line 1 holds (shortened).
        found: String,
    },
    /// The score is not a non-negative integer.
    #[error("line 1: the score '{0}' is not a non-negative integer")]
    BadScore(String),
    /// The move number is not a non-negative integer.
    #[error("line 1: the move number '{0}' is not a non-negative integer")]
    BadMoveNumber(String),
    /// The player name is unknown.
    #[error("line 1: unknown player '{0}'")]
    UnknownPlayer(String),
    /// The policy name is unknown.
    #[error("line 1: unknown removal policy '{0}'")]
    UnknownPolicy(String),
    /// The board below the header is malformed.
    #[error("board: {0}")]
    Board(BoardParseError),
}

/// The state of one game: the board, the policy and player it is played with, the score and the
/// number of moves made. A move scores first, then removes; the game ends when no legal move
/// remains (for the spec's policies: when no gem remains).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The board, changed by every move.
    board: Board,
    /// Which gems a selection removes, and what it scores.
    policy: RemovalPolicy,
    /// Who makes the moves.
    player: Player,
    /// Points so far.
    score: u64,
    /// Moves made so far.
    move_num: u32,
}

impl Game {
    /// A new game on (a copy of) `board`, with score and move number 0.
    pub fn new(board: Board, policy: RemovalPolicy, player: Player) -> Self {
        Self::resume(board, policy, player, 0, 0)
    }

    /// A game in progress, e.g. one read from a save file.
    pub fn resume(
        board: Board,
        policy: RemovalPolicy,
        player: Player,
        score: u64,
        move_num: u32,
    ) -> Self {
        Self {
            board,
            policy,
            player,
            score,
            move_num,
        }
    }

    /// The current board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The current board, for flagging (e.g. to show a selection). Gems change only through moves.
    pub fn board_mut(&mut self) -> &mut Board {
        &mut self.board
    }

    /// The removal policy.
    pub fn policy(&self) -> RemovalPolicy {
        self.policy
    }

    /// The player.
    pub fn player(&self) -> Player {
        self.player
    }

    /// Changes who plays the next moves.
    pub fn set_player(&mut self, player: Player) {
        self.player = player;
    }

    /// Plays the next moves under `policy` (the board and the score so far stay).
    pub fn set_policy(&mut self, policy: RemovalPolicy) {
        self.policy = policy;
    }

    /// Points so far.
    pub fn score(&self) -> u64 {
        self.score
    }

    /// Moves made so far.
    pub fn move_num(&self) -> u32 {
        self.move_num
    }

    /// True when no legal move remains.
    pub fn is_over(&self) -> bool {
        if self.policy.min_group() <= 1 {
            !self.board.has_valid_gem()
        } else {
            legal_moves(&self.board, self.policy).is_empty()
        }
    }

    /// Checks the move at `cell` without making it; returns the cells it would remove.
    pub fn check_move(&self, cell: Cell) -> Result<Vec<Cell>, MoveError> {
        let (rows, cols) = (self.board.rows(), self.board.cols());
        if cell.row >= rows || cell.col >= cols {
            return Err(MoveError::OutOfBounds {
                row: cell.row,
                col: cell.col,
                rows,
                cols,
            });
        }
        let group = self.policy.connected(&self.board, cell);
        if group.is_empty() {
            return Err(MoveError::EmptyCell {
                row: cell.row,
                col: cell.col,
            });
        }
        if group.len() < self.policy.min_group() {
            return Err(MoveError::GroupTooSmall {
                row: cell.row,
                col: cell.col,
                size: group.len(),
                min: self.policy.min_group(),
            });
        }
        Ok(group)
    }

    /// The points the move at `cell` would score, if it is legal.
    pub fn preview_points(&self, cell: Cell) -> Result<u64, MoveError> {
        self.check_move(cell)
            .map(|g| self.policy.move_score(g.len(), self.board.gem_count()))
    }

    /// Makes the move at `cell`: scores it, removes its gems, lets the rest fall and shift,
    /// and counts the move (the spec's `removeGemAdjustScore`). An illegal move changes nothing.
    pub fn play(&mut self, cell: Cell) -> Result<MoveOutcome, MoveError> {
        let group = self.check_move(cell)?;
        let points = self.policy.move_score(group.len(), self.board.gem_count());
        self.board.clear_flags();
        for c in &group {
            self.board.set_flag(c.row, c.col);
        }
        let removal = self.board.remove_flagged();
        self.score = self.score.saturating_add(points);
        self.move_num = self.move_num.saturating_add(1);
        Ok(MoveOutcome {
            cell: group[0],
            points,
            removal,
        })
    }

    /// The `.mg` save file: a header line `SCORE MOVE PLAYER POLICY`, then the board's save string.
    pub fn save_string(&self) -> String {
        format!(
            "{} {} {} {}\n{}",
            self.score,
            self.move_num,
            self.player.name(),
            self.policy.name(),
            self.board.save_string()
        )
    }

    /// Reads a `.mg` save file written by [`Game::save_string`] (player and policy may also be
    /// given by their short names).
    pub fn from_save_string(s: &str) -> Result<Self, SaveParseError> {
        if s.len() > MAX_SAVE_FILE_BYTES {
            return Err(SaveParseError::TooLong {
                bytes: s.len(),
                max: MAX_SAVE_FILE_BYTES,
            });
        }
        let (header, rest) = s.split_once('\n').unwrap_or((s, ""));
        let items: Vec<&str> = header.split_whitespace().collect();
        let [score, move_num, player, policy] = items[..] else {
            return Err(SaveParseError::BadHeader {
                found: header.chars().take(60).collect(),
            });
        };
        let score: u64 =
            parse_number(score).ok_or_else(|| SaveParseError::BadScore(short(score)))?;
        let move_num: u32 =
            parse_number(move_num).ok_or_else(|| SaveParseError::BadMoveNumber(short(move_num)))?;
        let player = Player::from_name(player)
            .ok_or_else(|| SaveParseError::UnknownPlayer(short(player)))?;
        let policy = RemovalPolicy::from_name(policy)
            .ok_or_else(|| SaveParseError::UnknownPolicy(short(policy)))?;
        let board = Board::from_save_string(rest)
            .map_err(|e| SaveParseError::Board(e.with_line_offset(1)))?;
        Ok(Self::resume(board, policy, player, score, move_num))
    }
}

fn parse_number<T: std::str::FromStr>(s: &str) -> Option<T> {
    s.bytes()
        .all(|b| b.is_ascii_digit())
        .then(|| s.parse().ok())?
}

fn short(s: &str) -> String {
    s.chars().take(40).collect()
}
