//! Lines players can watch: a whole game of Modern Gems as a file, its board, rules, moves and
//! score. `gems-cli bench samegame --save-lines DIR` writes the Expert's best line of each board,
//! the game replays one move by move (`--replay FILE`, or "Watch" in the New game dialog), and
//! `assets/records/` ships the best lines found on the 20 standard positions.
//!
//! ```text
//! # The Expert's line on standard-1 (classic rules): 3100 points.
//! board standard-1
//! policy classic
//! score 3100
//! moves (14,0) (13,5) (14,2)
//! 0 1 2 …
//! …
//! ```
//!
//! After the header come the board's rows (its save string, first line the top row). Each move
//! is the `(row,col)` of a gem of the group it removes, on the board as it is then. Reading a
//! file plays it on the rules engine: every move must be legal and the game must end at the
//! score the file states.

use std::fmt::Write as _;

use thiserror::Error;

use super::board::{Board, Cell};
use super::game::Game;
use super::player::Player;
use super::policy::RemovalPolicy;

/// A line of play from a position and what it scores (including the end bonus): what the
/// Expert finds, what a line file holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Line {
    /// The moves, as rules cells (each relative to the board it is played on).
    pub moves: Vec<Cell>,
    /// Its total score.
    pub score: u64,
}

/// Largest line file read, in bytes.
pub const MAX_LINE_FILE_BYTES: usize = 1 << 20;

/// A finished game as a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineFile {
    /// The board's name (`standard-1`, `random:15x15:5:3`, a file's name).
    pub board_name: String,
    /// The board the game starts from.
    pub board: Board,
    /// The rules.
    pub policy: RemovalPolicy,
    /// The moves, each a cell of the group it removes.
    pub moves: Vec<Cell>,
    /// The final score (with the clear bonus).
    pub score: u64,
}

/// Why a line file was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LineFileError {
    /// The file is over [`MAX_LINE_FILE_BYTES`].
    #[error("the file is larger than {MAX_LINE_FILE_BYTES} bytes")]
    TooLarge,
    /// A header line is missing or malformed.
    #[error("line {line}: {message}")]
    Syntax {
        /// 1-based line.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// The board's rows do not make a board.
    #[error("the board: {0}")]
    Board(String),
    /// A move is not legal on the board at that point.
    #[error("move {number} {cell} is not legal there")]
    IllegalMove {
        /// 1-based move number.
        number: usize,
        /// The move.
        cell: Cell,
    },
    /// The moves do not end the game.
    #[error("the game is not over after the {0} moves")]
    NotOver(usize),
    /// The moves end at another score than the file says.
    #[error("the moves score {actual}, not the {stated} the file says")]
    WrongScore {
        /// What the file says.
        stated: u64,
        /// What the moves score.
        actual: u64,
    },
}

impl LineFile {
    /// Plays `moves` from `board` under `policy`; the file of that finished game.
    pub fn new(
        board_name: &str,
        board: &Board,
        policy: RemovalPolicy,
        moves: Vec<Cell>,
    ) -> Result<LineFile, LineFileError> {
        let score = replay(board, policy, &moves)?;
        Ok(LineFile {
            board_name: board_name.to_string(),
            board: board.clone(),
            policy,
            moves,
            score,
        })
    }

    /// The file's text.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "# A line of Modern Gems on {} ({} rules): {} points in {} moves.",
            self.board_name,
            self.policy.short_name(),
            self.score,
            self.moves.len()
        );
        let _ = writeln!(out, "board {}", self.board_name);
        let _ = writeln!(out, "policy {}", self.policy.short_name());
        let _ = writeln!(out, "score {}", self.score);
        let moves: Vec<String> = self.moves.iter().map(Cell::to_string).collect();
        let _ = writeln!(out, "moves {}", moves.join(" "));
        out.push_str(&self.board.save_string());
        if !out.ends_with('\n') {
            out.push('\n');
        }
        out
    }

    /// Reads a file, replaying its moves to check them and its score.
    pub fn parse(text: &str) -> Result<LineFile, LineFileError> {
        if text.len() > MAX_LINE_FILE_BYTES {
            return Err(LineFileError::TooLarge);
        }
        let mut lines = text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim_start().starts_with('#') && !l.trim().is_empty());
        let mut field = |key: &str| -> Result<(usize, String), LineFileError> {
            let (i, l) = lines.next().ok_or_else(|| LineFileError::Syntax {
                line: text.lines().count().max(1),
                message: format!("'{key}' is missing"),
            })?;
            let value = l.trim().strip_prefix(key).filter(|v| v.starts_with(' '));
            match value {
                Some(v) => Ok((i + 1, v.trim().to_string())),
                None => Err(LineFileError::Syntax {
                    line: i + 1,
                    message: format!("expected '{key} …'"),
                }),
            }
        };
        let (_, board_name) = field("board")?;
        let (line, policy_name) = field("policy")?;
        let policy =
            RemovalPolicy::from_name(&policy_name).ok_or_else(|| LineFileError::Syntax {
                line,
                message: format!("unknown rules '{policy_name}'"),
            })?;
        let (line, score_text) = field("score")?;
        let score = score_text
            .parse::<u64>()
            .map_err(|_| LineFileError::Syntax {
                line,
                message: format!("'{score_text}' is not a score"),
            })?;
        let (line, move_text) = field("moves")?;
        let moves = move_text
            .split_whitespace()
            .map(|m| parse_cell(m).ok_or(m))
            .collect::<Result<Vec<Cell>, &str>>()
            .map_err(|m| LineFileError::Syntax {
                line,
                message: format!("'{m}' is not a move (row,col)"),
            })?;
        let rows: Vec<&str> = lines.map(|(_, l)| l).collect();
        let board = Board::from_save_string(&rows.join("\n"))
            .map_err(|e| LineFileError::Board(e.to_string()))?;
        let actual = replay(&board, policy, &moves)?;
        if actual != score {
            return Err(LineFileError::WrongScore {
                stated: score,
                actual,
            });
        }
        Ok(LineFile {
            board_name,
            board,
            policy,
            moves,
            score,
        })
    }
}

/// `(row,col)` as a cell.
fn parse_cell(s: &str) -> Option<Cell> {
    let (r, c) = s.strip_prefix('(')?.strip_suffix(')')?.split_once(',')?;
    Some(Cell::new(r.trim().parse().ok()?, c.trim().parse().ok()?))
}

/// Plays `moves` to the end of the game; its final score.
fn replay(board: &Board, policy: RemovalPolicy, moves: &[Cell]) -> Result<u64, LineFileError> {
    let mut game = Game::new(board.clone(), policy, Player::Interactive);
    for (i, &cell) in moves.iter().enumerate() {
        game.play(cell).map_err(|_| LineFileError::IllegalMove {
            number: i + 1,
            cell,
        })?;
    }
    if !game.is_over() {
        return Err(LineFileError::NotOver(moves.len()));
    }
    Ok(game.score())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gems::{greedy_move, named_board};

    fn greedy_line() -> LineFile {
        let board = named_board("tiny").unwrap();
        let mut game = Game::new(board.clone(), RemovalPolicy::Chained, Player::Interactive);
        let mut moves = Vec::new();
        while let Some(c) = greedy_move(game.board(), RemovalPolicy::Chained) {
            game.play(c).unwrap();
            moves.push(c);
        }
        LineFile::new("tiny", &board, RemovalPolicy::Chained, moves).unwrap()
    }

    #[test]
    fn a_line_round_trips_through_its_text() {
        let line = greedy_line();
        let text = line.to_text();
        assert!(text.starts_with("# A line of Modern Gems on tiny (chained rules)"));
        assert_eq!(LineFile::parse(&text), Ok(line));
    }

    #[test]
    fn bad_files_say_what_is_wrong() {
        let text = greedy_line().to_text();
        let e = LineFile::parse(&text.replace("score ", "score 9")).unwrap_err();
        assert!(matches!(e, LineFileError::WrongScore { .. }), "{e}");
        let e = LineFile::parse(&text.replace("policy chained", "policy x")).unwrap_err();
        assert_eq!(e.to_string(), "line 3: unknown rules 'x'");
        let e = LineFile::parse(&text.replace("moves (", "moves (9,9) (")).unwrap_err();
        assert!(
            e.to_string().starts_with("move 1 (9,9) is not legal"),
            "{e}"
        );
        let cut = text.lines().take(5).collect::<Vec<_>>().join("\n");
        assert!(matches!(
            LineFile::parse(&cut).unwrap_err(),
            LineFileError::Board(_)
        ));
        let e = LineFile::parse("board tiny\n").unwrap_err();
        assert!(e.to_string().contains("'policy' is missing"), "{e}");
        let e = LineFile::parse(&text.replace("moves (", "moves x (")).unwrap_err();
        assert!(e.to_string().contains("'x' is not a move"), "{e}");
        let short = text.replace(") (", ")\nmoves-dropped (");
        assert!(LineFile::parse(&short).is_err());
        assert_eq!(
            LineFile::parse(&"x".repeat(MAX_LINE_FILE_BYTES + 1)),
            Err(LineFileError::TooLarge)
        );
    }
}
