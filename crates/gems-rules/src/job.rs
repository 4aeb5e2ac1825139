//! The computer players' searches as messages: a [`Request`] names a search (the position, the
//! player, its budget) and its id, and [`answer`] runs it and says what it found in a
//! [`Reply`] with the same id. It is a pure function of the request (with a node budget, the
//! same answer on any machine), so the browser's AI worker only carries messages to it and
//! back, and its tests run natively.
//!
//! Positions travel in the games' own text formats (a Modern Gems save string, a K in a row
//! board file), so a position is checked on arrival as a file would be: a request that is not
//! a position, or asks a human's move, is answered with [`Answer::Refused`] and its reason,
//! never a panic.

use std::time::Duration;

#[cfg(not(target_arch = "wasm32"))]
use std::time::Instant;
#[cfg(target_arch = "wasm32")]
use web_time::Instant;

use serde::{Deserialize, Serialize};

use crate::cancel::{Cancel, Progress};
use crate::gems::bits::BitBoard;
use crate::gems::fast::FastRng;
use crate::gems::lanes::{Piece, PieceFound};
use crate::gems::{self, Budget, ExpertSearch, Game, Line, Player, RemovalPolicy};
use crate::k_in_a_row::{self, Engine, Limits, Move, Side, SquareAnalysis, SquareValue, Strength};
use crate::{dots, grid_duel, solo_red};

/// A search asked of the AI worker, with the id its reply carries back.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Request {
    /// Chosen by the asker; a reply whose id is not the one it waits for is stale.
    pub id: u64,
    /// The search.
    pub job: Job,
}

/// A search: which player, from which position, within which budget.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Job {
    /// A Modern Gems player's line from a position: the Expert's (a computer move, a hint, the
    /// coach), or the spec's Greedy or LookAhead1 player's next move.
    GemsLine {
        /// The position, as a save string ([`gems::Board::save_string`]).
        board: String,
        /// The rules.
        policy: RemovalPolicy,
        /// Who plays.
        player: Player,
        /// The Expert's budget (the spec's players answer at once).
        budget: Budget,
        /// A line the Expert found before from this position, to start from.
        plan: Option<Line>,
    },
    /// One piece of the Expert's search of a position for `budget`, split over several
    /// workers by the page's coordinator ([`crate::gems::lanes`]), `elapsed_ms` after the
    /// search started.
    GemsPiece {
        /// The position, as a save string.
        board: String,
        /// The rules.
        policy: RemovalPolicy,
        /// The whole search's time.
        budget: Duration,
        /// A line the Expert found before from this position, to start from.
        plan: Option<Line>,
        /// The piece.
        piece: Piece,
        /// Milliseconds since the search started, on the coordinator's clock.
        elapsed_ms: u64,
    },
    /// K in a row: the move the engine makes for `side` (a computer move, or a hint).
    KInARowMove {
        /// The position, as a board file ([`k_in_a_row::board_file_text`]).
        board: String,
        /// Whose move it is.
        side: Side,
        /// How hard the engine thinks.
        strength: Strength,
        /// Stop after this much time.
        time: Option<Duration>,
        /// Stop after about this many positions (the same answer everywhere).
        nodes: Option<u64>,
    },
    /// K in a row: the value of every empty square for `side` (the Analyse toggle), proofs
    /// first within `time` when `proofs`, then an estimate for the squares left unproven by a
    /// search of `estimate` (depth, nodes).
    KInARowSquares {
        /// The position, as a board file.
        board: String,
        /// Whose move it is.
        side: Side,
        /// The proofs' time.
        time: Option<Duration>,
        /// Whether to try proofs at all (else estimates only).
        proofs: bool,
        /// The estimate's depth and nodes, if any.
        estimate: Option<(u32, u64)>,
    },
    /// Dots: the planner's best selection (seeded by `seed`) with `moves_left` moves to go.
    DotsPlan {
        /// The position, as rows of colour digits ([`dots::Board::parse`]).
        board: String,
        /// Moves left in the game.
        moves_left: u32,
        /// The planner's seed.
        seed: u64,
    },
    /// Solo Red: the hint's move (the computer's turn), by `rollouts` playouts seeded by
    /// `seed`, from what the player sees.
    SoloRedHint {
        /// The position.
        position: SoloRedPosition,
        /// The rollouts' seed.
        seed: u64,
        /// How many rollouts in all.
        rollouts: usize,
    },
    /// Grid Duel: the smart player's choice for a dealt grid (the smart computer's, the
    /// hint's, the autoplay's).
    GridDuelChoice {
        /// The grid, as nine lines of nine digits ([`grid_duel::Grid::parse`]).
        grid: String,
    },
    /// The playouts benchmark (`gems-cli bench playouts`) on one Modern Gems position: as many
    /// TabuColorRandom playouts as `millis` milliseconds allow, on the bitboard engine.
    Playouts {
        /// The position, as a save string.
        board: String,
        /// The rules (Classic or Chained: the bitboard engine's).
        policy: RemovalPolicy,
        /// How long to play.
        millis: u64,
    },
}

/// A Solo Red game in progress, its cards as text ("R7 B2"), read back through the rules'
/// checks ([`solo_red::Game::from_parts`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SoloRedPosition {
    /// Each palette's cards.
    pub palettes: Vec<String>,
    /// The canvas colour's letter.
    pub canvas: char,
    /// The hand.
    pub hand: String,
    /// The deck, top first.
    pub deck: String,
    /// Cards a full hand holds.
    pub hand_size: usize,
    /// Whether this turn's canvas card is already down.
    pub canvas_played: bool,
}

impl SoloRedPosition {
    /// The position of `game`.
    pub fn of(game: &solo_red::Game) -> SoloRedPosition {
        let text = |cards: &[solo_red::Card]| {
            cards
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        };
        SoloRedPosition {
            palettes: game.palettes().iter().map(|p| text(p)).collect(),
            canvas: game.canvas().letter(),
            hand: text(game.hand()),
            deck: text(&game.deck_cards()),
            hand_size: game.hand_size(),
            canvas_played: game.canvas_played(),
        }
    }

    /// The game this position describes, or why it describes none.
    pub fn game(&self) -> Result<solo_red::Game, String> {
        let cards = |text: &str| solo_red::parse_cards(text).map_err(|e| e.to_string());
        let palettes = self
            .palettes
            .iter()
            .map(|p| cards(p))
            .collect::<Result<Vec<_>, _>>()?;
        let canvas = solo_red::Colour::from_letter(self.canvas)
            .ok_or_else(|| format!("'{}' is not a colour", self.canvas))?;
        let game = solo_red::Game::from_parts(
            palettes,
            canvas,
            cards(&self.hand)?,
            cards(&self.deck)?,
            self.hand_size,
        )
        .map_err(|e| e.to_string())?;
        Ok(game.with_canvas_played(self.canvas_played))
    }
}

/// What a search found, with the id of its request.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Reply {
    /// The request's id.
    pub id: u64,
    /// What it found.
    pub answer: Answer,
}

/// How far a running search has got, with the id of its request: the worker posts one now
/// and then ([`REPORT_EVERY`]) while a long search runs, before its [`Reply`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// The request's id.
    pub id: u64,
    /// Milliseconds since the search started.
    pub elapsed_ms: u64,
    /// How far it has got.
    pub progress: Progress,
}

/// The shortest time between two [`Report`]s of one search.
pub const REPORT_EVERY: Duration = Duration::from_millis(100);

/// What a search found.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Answer {
    /// A Modern Gems line: the Expert's whole line, or a spec player's next move alone; no
    /// move when none is left.
    Line(Line),
    /// What one piece of a split Expert search found.
    GemsPiece(PieceFound),
    /// K in a row's move, if any square is left.
    KInARowMove(Option<Move>),
    /// Every empty K in a row square's value, in the board's order.
    KInARowSquares(Vec<(Move, SquareValue)>),
    /// The Dots planner's selection (the dots in order) and how many dots it removes, if any.
    DotsPlan(Option<(Vec<dots::Point>, usize)>),
    /// The Solo Red hint's move, if any keeps the game going.
    SoloRedMove(Option<solo_red::Move>),
    /// The smart Grid Duel player's choice, and the row plan it comes from.
    GridDuelChoice(grid_duel::Choice, grid_duel::RowPlan),
    /// The playouts benchmark's count, and the time it took in microseconds.
    Playouts {
        /// Playouts played.
        playouts: u64,
        /// In this many microseconds.
        micros: u64,
    },
    /// The request was not a search that can be run, and why.
    Refused(String),
}

impl Job {
    /// The job of finding `player`'s line on a Modern Gems `board` under `policy`.
    pub fn gems_line(
        board: &gems::Board,
        policy: RemovalPolicy,
        player: Player,
        budget: Budget,
        plan: Option<Line>,
    ) -> Job {
        Job::GemsLine {
            board: board.save_string(),
            policy,
            player,
            budget,
            plan,
        }
    }

    /// The job of finding K in a row's move for `side` on `board` within `time` or `nodes`.
    pub fn k_in_a_row_move(
        board: &k_in_a_row::Board,
        side: Side,
        strength: Strength,
        time: Option<Duration>,
        nodes: Option<u64>,
    ) -> Job {
        Job::KInARowMove {
            // The quality is the strength's business; the file's is not read.
            board: k_in_a_row::board_file_text(board, 1),
            side,
            strength,
            time,
            nodes,
        }
    }

    /// The job of valuing every empty square of a K in a row `board` for `side` (see
    /// [`Job::KInARowSquares`]).
    pub fn k_in_a_row_squares(
        board: &k_in_a_row::Board,
        side: Side,
        time: Option<Duration>,
        proofs: bool,
        estimate: Option<(u32, u64)>,
    ) -> Job {
        Job::KInARowSquares {
            board: k_in_a_row::board_file_text(board, 1),
            side,
            time,
            proofs,
            estimate,
        }
    }

    /// The job of planning the Dots selection on `board` with `moves_left` moves to go.
    pub fn dots_plan(board: &dots::Board, moves_left: u32, seed: u64) -> Job {
        Job::DotsPlan {
            board: board.to_string(),
            moves_left,
            seed,
        }
    }

    /// The job of finding the smart Grid Duel player's choice for `grid`.
    pub fn grid_duel_choice(grid: &grid_duel::Grid) -> Job {
        Job::GridDuelChoice {
            grid: grid.to_string(),
        }
    }

    /// The job of finding the Solo Red hint's move in `game` (what its player sees).
    pub fn solo_red_hint(game: &solo_red::Game, seed: u64, rollouts: usize) -> Job {
        Job::SoloRedHint {
            position: SoloRedPosition::of(game),
            seed,
            rollouts,
        }
    }
}

/// The text of a request or a reply was not one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a {what}: {reason}")]
pub struct TextError {
    /// "request" or "reply".
    pub what: &'static str,
    /// Where and why the text was refused.
    pub reason: String,
}

/// Messages travel between the page and the worker as text (RON, which the page already
/// reads its themes with).
macro_rules! as_text {
    ($t:ty, $what:literal) => {
        impl $t {
            /// This message as text, for `postMessage`.
            pub fn to_text(&self) -> String {
                // Plain data (strings, numbers, enums) always serialises.
                ron::to_string(self).unwrap_or_default()
            }

            /// The message `text` holds, or why it holds none.
            pub fn from_text(text: &str) -> Result<Self, TextError> {
                ron::from_str(text).map_err(|e| TextError {
                    what: $what,
                    reason: e.to_string(),
                })
            }
        }
    };
}

as_text!(Request, "request");
as_text!(Reply, "reply");
as_text!(Report, "report");

/// What the worker does with a message: the reply to the request `text` holds, as text; a
/// text that is no request is answered with [`Answer::Refused`] and id 0.
pub fn respond(text: &str) -> String {
    respond_reporting(text, &Cancel::never(), |_| {})
}

/// [`respond`], stopping early once `cancel` is set, and posting the text of a [`Report`]
/// through `post` now and then ([`REPORT_EVERY`]) while the search runs.
pub fn respond_reporting(
    text: &str,
    cancel: &Cancel,
    post: impl Fn(String) + Send + Sync + 'static,
) -> String {
    let reply = match Request::from_text(text) {
        Ok(request) => {
            let (id, started) = (request.id, Instant::now());
            let cancel = cancel.clone().reporting(REPORT_EVERY, move |progress| {
                let elapsed_ms = started.elapsed().as_millis() as u64;
                post(
                    Report {
                        id,
                        elapsed_ms,
                        progress,
                    }
                    .to_text(),
                );
            });
            answer(request, &cancel)
        }
        Err(e) => Reply {
            id: 0,
            answer: Answer::Refused(e.to_string()),
        },
    };
    reply.to_text()
}

/// Runs `request`'s search (stopping early, with what it has, once `cancel` is set) and
/// replies with what it found.
pub fn answer(request: Request, cancel: &Cancel) -> Reply {
    Reply {
        id: request.id,
        answer: run(request.job, cancel),
    }
}

/// Runs `job`'s search on one thread.
pub fn run(job: Job, cancel: &Cancel) -> Answer {
    run_on(job, cancel, 1)
}

/// Runs `job`'s search with the Expert's time-budget searches on `lanes` threads (the
/// desktop's root parallelism; the other searches use one).
pub fn run_on(job: Job, cancel: &Cancel, lanes: usize) -> Answer {
    try_run(job, cancel, lanes).unwrap_or_else(|refused| refused)
}

/// [`run_on`], with a position that is not one as the error: its [`Answer::Refused`].
fn try_run(job: Job, cancel: &Cancel, lanes: usize) -> Result<Answer, Answer> {
    let refuse =
        |what: &str, e: &dyn std::fmt::Display| Answer::Refused(format!("not a {what}: {e}"));
    let gems_board = |text: &str| {
        gems::Board::from_save_string(text).map_err(|e| refuse("Modern Gems board", &e))
    };
    let k_board = |text: &str| {
        k_in_a_row::parse_board_file(text, true)
            .map(|file| file.board)
            .map_err(|e| refuse("K in a row board", &e))
    };
    let k_engine = || Engine::with_table_bits(crate::daily::K_IN_A_ROW_TABLE_BITS);
    Ok(match job {
        Job::GemsLine {
            board,
            policy,
            player,
            budget,
            plan,
        } => gems_line(
            &gems_board(&board)?,
            policy,
            player,
            budget,
            plan.as_ref(),
            cancel,
            lanes,
        ),
        Job::GemsPiece {
            board,
            policy,
            budget,
            plan,
            piece,
            elapsed_ms,
        } => {
            let board = gems_board(&board)?;
            let search = ExpertSearch::new(&board, policy, Budget::Time(budget), plan.as_ref());
            let elapsed = Duration::from_millis(elapsed_ms);
            Answer::GemsPiece(search.with_cancel(cancel.clone()).run_piece(piece, elapsed))
        }
        Job::KInARowMove {
            board,
            side,
            strength,
            time,
            nodes,
        } => {
            let limits = Limits {
                time,
                cancel: cancel.clone(),
                nodes,
            };
            let found = k_engine().best_move(&k_board(&board)?, side, strength, &limits);
            Answer::KInARowMove(found.best)
        }
        Job::KInARowSquares {
            board,
            side,
            time,
            proofs,
            estimate,
        } => {
            let limits = Limits {
                time,
                ..Limits::default()
            };
            let mut analysis =
                SquareAnalysis::new(k_board(&board)?, side, limits, proofs, estimate);
            analysis.step(&mut k_engine(), None, cancel);
            Answer::KInARowSquares(analysis.values().to_vec())
        }
        Job::DotsPlan {
            board,
            moves_left,
            seed,
        } => {
            let board = dots::Board::parse(&board).map_err(|e| refuse("Dots board", &e))?;
            Answer::DotsPlan(dots::Planner::new(seed).choose_until(&board, moves_left, cancel))
        }
        Job::SoloRedHint {
            position,
            seed,
            rollouts,
        } => {
            let game = position
                .game()
                .map_err(|e| refuse("Solo Red position", &e))?;
            Answer::SoloRedMove(
                solo_red::ai::hint_until(&game, seed, rollouts, cancel)
                    .or_else(|| solo_red::ai::any_move(&game)),
            )
        }
        Job::GridDuelChoice { grid } => {
            let grid = grid_duel::Grid::parse(&grid).map_err(|e| refuse("Grid Duel grid", &e))?;
            let (choice, plan) = grid_duel::advice(&grid);
            Answer::GridDuelChoice(choice, plan)
        }
        Job::Playouts {
            board,
            policy,
            millis,
        } => {
            let Ok((bits, _)) = BitBoard::from_board(&gems_board(&board)?, policy) else {
                return Err(Answer::Refused(
                    "the bitboard engine does not play this board".into(),
                ));
            };
            let tally = bits.time_playouts(Duration::from_millis(millis), &mut FastRng::new(2026));
            Answer::Playouts {
                playouts: tally.playouts,
                micros: tally.elapsed.as_micros() as u64,
            }
        }
    })
}

/// [`Job::GemsLine`]'s answer on a parsed board.
fn gems_line(
    board: &gems::Board,
    policy: RemovalPolicy,
    player: Player,
    budget: Budget,
    plan: Option<&Line>,
    cancel: &Cancel,
    lanes: usize,
) -> Answer {
    let first = match player {
        Player::Interactive => {
            return Answer::Refused("a human player's move is not searched for".into());
        }
        Player::Expert => {
            let search = ExpertSearch::new(board, policy, budget, plan);
            return Answer::Line(search.with_cancel(cancel.clone()).run(lanes));
        }
        Player::Greedy => gems::greedy_move(board, policy),
        Player::LookAhead1 => gems::look_ahead1_move(board, policy),
    };
    let mut line = Line::default();
    if let Some(cell) = first {
        let mut game = Game::new(board.clone(), policy, Player::Interactive);
        if let Ok(outcome) = game.play(cell) {
            line = Line {
                moves: vec![cell],
                score: outcome.points,
            };
        }
    }
    Answer::Line(line)
}

#[cfg(test)]
mod tests;
