//! The Expert player. On boards the bitboard engine takes (up to 15 rows and 16 columns, 8
//! colours) under the Classic and Chained rules, it runs Monte-Carlo beam searches, each
//! keeping one colour for a last big group ([`portfolio`]); on larger boards, Nested
//! Monte-Carlo Search ([`nested`]); under the other rules, a nested search on the rules engine
//! ([`generic`]). Every search starts from the lines the greedy and look-ahead players would
//! play (so the Expert never scores less than they do) and from the line the Expert planned
//! at its previous move, and every line it returns is checked on the rules engine.
//!
//! A search is anytime: stopped at any moment it answers the best line found so far. It runs
//! whole on as many threads as it is given ([`ExpertSearch::run`]), or a piece at a time on
//! lanes that share only messages, the browser's AI workers ([`ExpertSearch::run_piece`],
//! coordinated by [`crate::gems::lanes`]).

mod clock;
mod generic;
mod nested;
mod portfolio;

use std::collections::HashMap;
use std::time::Duration;
#[cfg(not(target_arch = "wasm32"))]
use std::time::Instant;

#[cfg(target_arch = "wasm32")]
use web_time::Instant;

use super::beam::BitMove;
use super::bits::BitBoard;
use super::board::{Board, Cell};
use super::fast::{FastBoard, FastMove, Scratch};
use super::game::Game;
use super::lanes::{Piece, PieceFound};
pub use super::line_file::Line;
use super::player::{Player, greedy_move, look_ahead1_move};
use super::policy::RemovalPolicy;
use crate::cancel::{Cancel, Progress};
pub use clock::Budget;
pub(crate) use clock::Clock;
use generic::GenericSearch;
use portfolio::Portfolio;
pub use portfolio::{NRPA_FROM, Tuning};

/// The Expert player as a value: its budget per move and the lines it has planned, which it
/// remembers from one move to the next. Whoever plays with the Expert owns one.
#[derive(Clone, Debug, Default)]
pub struct Expert {
    /// How long it searches for each move.
    pub budget: Budget,
    /// Remembered lines: the position after a line's first move → the rest of the line.
    plans: HashMap<(Board, RemovalPolicy), Line>,
}

/// Plans kept at most; past this the memory starts again (a game needs one per move).
const MAX_PLANS: usize = 256;

impl Expert {
    /// An Expert with this budget per move and no plans yet.
    pub fn new(budget: Budget) -> Expert {
        Expert {
            budget,
            plans: HashMap::new(),
        }
    }

    /// The Expert's move: the first move of the best line found within its budget. The rest of
    /// the line is remembered, so the next move's search starts from it.
    pub fn choose_move(&mut self, board: &Board, policy: RemovalPolicy) -> Option<Cell> {
        self.choose_move_until(board, policy, &Cancel::never())
    }

    /// [`Expert::choose_move`], stopping early (with the best move found so far) once
    /// `cancel` is set.
    pub fn choose_move_until(
        &mut self,
        board: &Board,
        policy: RemovalPolicy,
        cancel: &Cancel,
    ) -> Option<Cell> {
        let line = self.line_until(board, policy, cancel);
        self.adopt(board, policy, &line)
    }

    /// The line the Expert remembers from `board` under `policy`: the rest of a line whose
    /// first move it played into this position (a search from the board starts from it).
    pub fn plan(&self, board: &Board, policy: RemovalPolicy) -> Option<&Line> {
        self.plans.get(&(board.clone(), policy))
    }

    /// Takes `line`, found from `board`, as the Expert's choice: its first move, with the rest
    /// remembered for the position that move leads to. `None` when the line is empty or does
    /// not start with a legal move. (A search run elsewhere, such as in the browser's AI
    /// worker, hands its line back here.)
    pub fn adopt(&mut self, board: &Board, policy: RemovalPolicy, line: &Line) -> Option<Cell> {
        let first = *line.moves.first()?;
        let mut game = Game::new(board.clone(), policy, Player::Interactive);
        let outcome = game.play(first).ok()?;
        if self.plans.len() >= MAX_PLANS {
            self.plans.clear();
        }
        self.plans.insert(
            (game.board().clone(), policy),
            Line {
                moves: line.moves[1..].to_vec(),
                score: line.score - outcome.points,
            },
        );
        Some(first)
    }

    /// The best line the Expert finds from `board` within its budget (starting from a
    /// remembered plan when it has one), on every core.
    pub fn line(&self, board: &Board, policy: RemovalPolicy) -> Line {
        self.line_until(board, policy, &Cancel::never())
    }

    /// [`Expert::line`], stopping early (with the best line found so far) once `cancel` is set.
    pub fn line_until(&self, board: &Board, policy: RemovalPolicy, cancel: &Cancel) -> Line {
        ExpertSearch::new(board, policy, self.budget, self.plan(board, policy))
            .with_cancel(cancel.clone())
            .run(cores())
    }
}

/// The cores of this machine (1 in the browser).
pub fn cores() -> usize {
    if cfg!(target_arch = "wasm32") {
        1
    } else {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    }
}

/// Plays `player` (LookAhead1, or else Greedy) to the end from `board`; returns its line.
fn line_of(board: &Board, policy: RemovalPolicy, player: Player) -> Line {
    let mut game = Game::new(board.clone(), policy, player);
    let mut moves = Vec::new();
    let choose = if player == Player::LookAhead1 {
        look_ahead1_move
    } else {
        greedy_move
    };
    while let Some(cell) = choose(game.board(), policy) {
        if game.play(cell).is_err() {
            break;
        }
        moves.push(cell);
    }
    Line {
        moves,
        score: game.score(),
    }
}

/// Scores a line on the rules engine (`None` if a move is illegal or the game not over).
fn score_line(board: &Board, policy: RemovalPolicy, moves: &[Cell]) -> Option<u64> {
    let mut game = Game::new(board.clone(), policy, Player::Interactive);
    for c in moves {
        game.play(*c).ok()?;
    }
    game.is_over().then_some(game.score())
}

/// The best line the Expert finds from `board` within `budget` on every core, with no plan to
/// start from (the research benchmark).
pub fn expert_line(board: &Board, policy: RemovalPolicy, budget: Budget) -> Line {
    ExpertSearch::new(board, policy, budget, None).run(cores())
}

/// The search each kind of board gets.
#[derive(Clone, Debug)]
enum Engine {
    /// Monte-Carlo beams on the bitboard engine.
    Beams {
        bits: BitBoard,
        portfolio: Box<Portfolio>,
    },
    /// Nested Monte-Carlo Search on the byte engine (large boards).
    Nested { fast: FastBoard, runs: u64 },
    /// The rules engine (the other policies).
    Generic(GenericSearch),
}

/// The random seed of the searches.
const SEED: u64 = 0x5eed;

/// An Expert search from a position, run whole or a slice at a time.
#[derive(Clone, Debug)]
pub struct ExpertSearch {
    board: Board,
    policy: RemovalPolicy,
    engine: Engine,
    /// The best line found, checked on the rules engine.
    best: Line,
    /// The budget still to spend.
    left: Budget,
    /// Of it, what the probes may still spend.
    probe_left: Budget,
    /// Nodes spent and the time they took (for the rate of a time budget).
    rate: (u64, Duration),
    done: bool,
    /// Set by the search's owner to stop it early.
    cancel: Cancel,
}

impl ExpertSearch {
    /// A search from `board` within `budget`; `plan` is a line the Expert found before from
    /// this position (used when it is sound).
    pub fn new(
        board: &Board,
        policy: RemovalPolicy,
        budget: Budget,
        plan: Option<&Line>,
    ) -> ExpertSearch {
        ExpertSearch::tuned(board, policy, budget, plan, Tuning::for_budget(budget))
    }

    /// [`ExpertSearch::new`] with some of the beams' parts switched off (for measuring them).
    pub fn tuned(
        board: &Board,
        policy: RemovalPolicy,
        budget: Budget,
        plan: Option<&Line>,
        tuning: Tuning,
    ) -> ExpertSearch {
        // Starting lines: a remembered plan, greedy, and (on boards where it is quick) look-ahead.
        let mut best = line_of(board, policy, Player::Greedy);
        if board.gem_count() <= 400 {
            let la = line_of(board, policy, Player::LookAhead1);
            if la.score > best.score {
                best = la;
            }
        }
        if let Some(plan) = plan
            && plan.score > best.score
            && score_line(board, policy, &plan.moves) == Some(plan.score)
        {
            best = plan.clone();
        }
        let engine = match BitBoard::from_board(board, policy) {
            Ok((bits, _)) => {
                let known = to_bit_line(&bits, &best);
                Engine::Beams {
                    bits,
                    portfolio: Box::new(Portfolio::new(
                        bits,
                        known,
                        SEED ^ tuning.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15),
                        tuning,
                    )),
                }
            }
            Err(_) => match FastBoard::from_board(board, policy) {
                Some(fast) => Engine::Nested { fast, runs: 0 },
                None => Engine::Generic(GenericSearch::new(board, policy)),
            },
        };
        ExpertSearch {
            board: board.clone(),
            policy,
            engine,
            best,
            left: budget,
            probe_left: budget.share(tuning.probe_fraction()),
            rate: (0, Duration::ZERO),
            done: budget.spent(),
            cancel: Cancel::never(),
        }
    }

    /// This search, stopping early (done, with the best line found so far) once `cancel` is
    /// set.
    pub fn with_cancel(mut self, cancel: Cancel) -> ExpertSearch {
        self.cancel = cancel;
        self
    }

    /// The best line found so far.
    pub fn best(&self) -> &Line {
        &self.best
    }

    /// Whether the search has spent its budget (or searched everything).
    pub fn is_done(&self) -> bool {
        self.done
    }

    /// The nodes a time budget still allows at the rate measured so far.
    fn nodes_left(&self) -> u64 {
        match self.left {
            Budget::Nodes(n) => n,
            Budget::Time(d) => {
                let (n, t) = self.rate;
                if t.is_zero() {
                    0
                } else {
                    (n as f64 / t.as_secs_f64() * d.as_secs_f64()) as u64
                }
            }
        }
    }

    /// Counts what a clock spent against the budget.
    fn account(&mut self, clock: &Clock, probing: bool) {
        let elapsed = clock.elapsed();
        self.left = self.left.less(elapsed, clock.spent);
        if probing {
            self.probe_left = self.probe_left.less(elapsed, clock.spent);
        }
        self.rate = (self.rate.0 + clock.spent, self.rate.1 + elapsed);
        if self.left.spent() {
            self.done = true;
        }
    }

    /// Searches for about `slice` (a time budget; a node budget is spent whole); returns
    /// whether the search is done.
    pub fn step(&mut self, slice: Duration) -> bool {
        if self.cancel.is_cancelled() {
            self.done = true;
        }
        if self.done {
            return true;
        }
        let nodes_left = self.nodes_left();
        let mut clock;
        match &mut self.engine {
            Engine::Beams { bits, portfolio } => {
                if !portfolio.probed() && !self.probe_left.spent() {
                    clock = Clock::start(self.probe_left.min(self.left), Some(slice), &self.cancel);
                    portfolio.probe(&mut clock);
                    let bits = *bits;
                    let found = portfolio.best().clone();
                    self.account(&clock, true);
                    self.take_bit_line(&bits, &found);
                    return self.done;
                }
                if !portfolio.started() {
                    portfolio.stop_probing();
                    portfolio.start_lane(nodes_left);
                }
                clock = Clock::start(self.left, Some(slice), &self.cancel);
                let more = portfolio.run_lane(&mut clock, nodes_left);
                let bits = *bits;
                let found = portfolio.best().clone();
                self.take_bit_line(&bits, &found);
                if !more {
                    self.done = true;
                }
            }
            Engine::Nested { fast, runs } => {
                clock = Clock::start(self.left, Some(slice), &self.cancel);
                let seed = SEED ^ (*runs + 1).wrapping_mul(0x9E37);
                *runs += 1;
                let found = nested::nmcs_anytime(fast, clock.clone(), seed);
                clock.spend(found.2);
                let fast = fast.clone();
                self.take_fast_line(&fast, (found.0, found.1));
            }
            Engine::Generic(search) => {
                clock = Clock::start(self.left, Some(slice), &self.cancel);
                search.step(&mut clock, &mut self.best);
                if search.is_done() {
                    self.done = true;
                }
            }
        }
        self.account(&clock, false);
        self.done
    }

    /// Runs the search to the end of its budget on `threads` threads (a node budget, and the
    /// web, on one).
    pub fn run(mut self, threads: usize) -> Line {
        self.cancel.report(Progress::Score(self.best.score));
        #[cfg(not(target_arch = "wasm32"))]
        if let Budget::Time(d) = self.left
            && (threads > 1 || self.runs_nrpa())
        {
            self.run_on_threads(threads, d);
            return self.best;
        }
        let _ = threads;
        while !self.step(Duration::from_secs(3600)) {}
        self.best
    }

    /// Whether this search, on threads, is NRPA's (a long time budget on the beams' boards).
    #[cfg(not(target_arch = "wasm32"))]
    fn runs_nrpa(&self) -> bool {
        matches!(&self.engine, Engine::Beams { bits, portfolio } if nrpa_suits(bits, portfolio))
    }

    /// Runs one piece of this search (a time budget shared by lanes that exchange only
    /// messages: see [`crate::gems::lanes`]), the search having started `elapsed` ago on the
    /// coordinator's clock: a probe runs until the probes' share of the budget is spent, a
    /// lane's beams until the whole budget is. Boards the beams do not take are searched
    /// whole by lane 0's first piece (the other lanes' pieces return at once).
    pub fn run_piece(mut self, piece: Piece, elapsed: Duration) -> PieceFound {
        let first = matches!(piece, Piece::Probe { target: 0 });
        let Budget::Time(total) = self.left else {
            // A node budget is one lane's: the whole search in the first piece.
            let line = if first { self.run(1) } else { self.best };
            return PieceFound {
                line,
                targets: 1,
                probe: None,
            };
        };
        let now = Instant::now();
        let until = |share: Duration| now + share.saturating_sub(elapsed);
        let cancel = self.cancel.clone();
        match &self.engine {
            Engine::Beams { bits, portfolio } => {
                let (bits, targets) = (*bits, portfolio.target_count());
                let mut best = portfolio.best().clone();
                let probe = match piece {
                    Piece::Probe { target } if portfolio.needs_probes() && target < targets => {
                        let deadline = until(total.mul_f64(portfolio.probe_fraction()));
                        Some(portfolio.probe_target((target, 0), (deadline, &cancel), &mut best))
                    }
                    Piece::Probe { .. } => None,
                    Piece::Beams {
                        lane,
                        target,
                        seconds_per_width,
                    } => {
                        let next = |_| (target, seconds_per_width);
                        portfolio.lane_beams(lane, (until(total), &cancel), next, &mut best);
                        None
                    }
                };
                self.take_bit_line(&bits, &best);
                PieceFound {
                    line: self.best,
                    targets,
                    probe,
                }
            }
            Engine::Nested { .. } | Engine::Generic(_) => {
                self.left = Budget::Time(total.saturating_sub(elapsed));
                let line = if first { self.run(1) } else { self.best };
                PieceFound {
                    line,
                    targets: 1,
                    probe: None,
                }
            }
        }
    }

    /// A time budget on several threads: the colours to probe taken from one queue, then
    /// beams on the best target on every thread, each thread refining its best line by NRPA
    /// in the last [`Tuning::refine`] percent of the time (or, from [`NRPA_FROM`], NRPA on
    /// every thread all the time).
    #[cfg(not(target_arch = "wasm32"))]
    fn run_on_threads(&mut self, threads: usize, total: Duration) {
        match &mut self.engine {
            Engine::Beams { bits, portfolio } if nrpa_suits(bits, portfolio) => {
                let (bits, seed) = (*bits, portfolio.tuning().seed);
                let until = (Instant::now() + total, &self.cancel);
                let seed = SEED ^ seed.wrapping_mul(0x9E37_79B9_7F4A_7C15);
                let line = super::nrpa::expert_search(&bits, threads, until, seed);
                self.take_bit_line(&bits, &(line.score, line.bit_moves()));
            }
            Engine::Beams { bits, portfolio } => {
                let start = Instant::now();
                let probe_deadline = start + total.mul_f64(portfolio.probe_fraction());
                let refine = portfolio.refine_fraction();
                let deadlines = (probe_deadline, start + total.mul_f64(1.0 - refine));
                portfolio.run_on_threads(threads, deadlines, start + total, &self.cancel);
                let bits = *bits;
                let found = portfolio.best().clone();
                self.take_bit_line(&bits, &found);
            }
            Engine::Nested { fast, .. } => {
                let fast = fast.clone();
                let clock = Clock::start(Budget::Time(total), None, &self.cancel);
                let found = std::thread::scope(|s| {
                    let handles: Vec<_> = (0..threads)
                        .map(|t| {
                            let (fast, clock) = (fast.clone(), clock.clone());
                            s.spawn(move || {
                                nested::nmcs_anytime(&fast, clock, SEED ^ ((t as u64 + 1) * 0x9E37))
                            })
                        })
                        .collect();
                    handles
                        .into_iter()
                        .filter_map(|h| h.join().ok())
                        .collect::<Vec<_>>()
                });
                for (score, line, _) in found {
                    self.take_fast_line(&fast, (score, line));
                }
            }
            Engine::Generic(_) => while !self.step(Duration::from_secs(3600)) {},
        }
        self.done = true;
    }

    /// Takes a bitboard line if it beats the best (checked on the rules engine).
    fn take_bit_line(&mut self, bits: &BitBoard, found: &(u32, Vec<BitMove>)) {
        if u64::from(found.0) <= self.best.score {
            return;
        }
        let cells = from_bit_line(bits, &found.1);
        if score_line(&self.board, self.policy, &cells) == Some(u64::from(found.0)) {
            self.best = Line {
                moves: cells,
                score: u64::from(found.0),
            };
        }
    }

    /// Takes a byte-engine line if it beats the best (checked on the rules engine).
    fn take_fast_line(&mut self, fast: &FastBoard, found: (u64, Vec<FastMove>)) {
        if found.0 <= self.best.score {
            return;
        }
        let mut replay = fast.clone();
        let mut scratch = Scratch::default();
        let mut cells = Vec::with_capacity(found.1.len());
        for mv in found.1 {
            cells.push(replay.cell_of(mv));
            if replay.play(mv, &mut scratch).is_none() {
                return;
            }
        }
        if score_line(&self.board, self.policy, &cells) == Some(found.0) {
            self.best = Line {
                moves: cells,
                score: found.0,
            };
        }
    }
}

/// Whether a search on threads runs NRPA on `bits`: when its tuning says so (a time budget
/// from [`NRPA_FROM`]), under the Classic rules (where it was measured), and with a move to
/// play.
#[cfg(not(target_arch = "wasm32"))]
fn nrpa_suits(bits: &BitBoard, portfolio: &Portfolio) -> bool {
    portfolio.tuning().nrpa && bits.classic() && bits.has_move()
}

/// A rules line as bitboard moves and its points (no moves and 0 when a move is not a group
/// there or the line does not end the game).
pub fn to_bit_line(bits: &BitBoard, line: &Line) -> (u32, Vec<BitMove>) {
    let mut pos = *bits;
    let mut moves = Vec::with_capacity(line.moves.len());
    let mut score = 0;
    for &cell in &line.moves {
        let Some((col, h)) = pos.at_cell(cell) else {
            return (0, Vec::new());
        };
        let Some(g) = pos.group_at(col, h) else {
            return (0, Vec::new());
        };
        let (col, h) = g.cells.first_cell().unwrap_or_default();
        score += pos.play(&g);
        moves.push((col as u8, h as u8));
    }
    if pos.has_move() {
        return (0, Vec::new());
    }
    (score, moves)
}

/// Bitboard moves as rules cells.
fn from_bit_line(bits: &BitBoard, moves: &[BitMove]) -> Vec<Cell> {
    moves
        .iter()
        .map(|&(col, h)| bits.cell_of(col as usize, h as usize))
        .collect()
}
