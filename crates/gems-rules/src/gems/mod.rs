//! Modern Gems: a SameGame-style game. Select a gem, the removal policy picks the gems connected
//! to it, they vanish (score n²), the rest fall and empty columns close to the left.

pub mod beam;
pub mod bits;
mod board;
mod boards;
pub mod check;
mod computer;
mod expert;
pub mod fast;
mod game;
mod gem;
pub mod lanes;
mod line_file;
pub mod nrpa;
mod player;
mod policy;

pub use board::{
    Board, BoardParseError, BoardShapeError, Cell, GemMove, MAX_COLS, MAX_ROWS,
    MAX_SAVE_STRING_BYTES, Removal, RemovedGem,
};
pub use boards::{
    BoardNameError, MAX_RANDOM_KINDS, NAMED_BOARDS, RandomSpec, board_by_name, named_board,
    named_board_names, parse_board_set, parse_random_name, random_board, random_board_name,
};
pub use computer::Computer;
pub use expert::{
    Budget, Expert, ExpertSearch, Line, NRPA_FROM, Tuning, cores, expert_line, to_bit_line,
};
pub use game::{Game, MAX_SAVE_FILE_BYTES, MoveError, MoveOutcome, SaveParseError};
pub use gem::{Gem, Kind};
pub use line_file::{LineFile, LineFileError, MAX_LINE_FILE_BYTES};
pub use player::{
    Candidate, Player, best_scoring_move, greedy_move, legal_moves, look_ahead1_move,
};
pub use policy::RemovalPolicy;
