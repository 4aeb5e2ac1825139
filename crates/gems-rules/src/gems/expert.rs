//! The Expert player: Nested Monte-Carlo Search (Cazenave 2009) over the fast engine, with
//! TabuColorRandom playouts and memorisation of the best line. It is anytime: whenever its time
//! budget runs out it returns the best line found so far. Each core runs its own search (with
//! its own random seed) and the best line wins.
//!
//! Every search starts from the line the greedy and look-ahead players would play, so the
//! Expert never scores less than them; and a line found for one move is remembered, so the next
//! move's search starts from the rest of it.

use std::collections::HashMap;
use std::time::Duration;
#[cfg(not(target_arch = "wasm32"))]
use std::time::Instant;

#[cfg(target_arch = "wasm32")]
use web_time::Instant;

use super::board::{Board, Cell};
use super::fast::{FastBoard, FastMove, FastRng, Scratch};
use super::game::Game;
use super::player::{Player, greedy_move, legal_moves, look_ahead1_move};
use super::policy::RemovalPolicy;

/// How long the Expert may search for one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// Wall-clock time: the strongest play a machine can give in that time (one search per
    /// core), but not reproducible from run to run.
    Time(Duration),
    /// A number of search nodes (moves tried, each followed by a playout or a deeper search),
    /// on one thread: the same board always gets the same answer, on any machine (tests,
    /// replays).
    Nodes(u64),
}

impl Default for Budget {
    /// One second per move (300 ms in the browser, where the search shares the page's thread).
    fn default() -> Self {
        Budget::Time(Duration::from_millis(if cfg!(target_arch = "wasm32") {
            300
        } else {
            1000
        }))
    }
}

/// When a search must stop: a deadline or a count of nodes left.
#[derive(Clone, Copy, Debug)]
enum Clock {
    Deadline(Instant),
    Nodes(u64),
}

impl Clock {
    fn start(budget: Budget) -> Clock {
        match budget {
            Budget::Time(d) => Clock::Deadline(Instant::now() + d),
            Budget::Nodes(n) => Clock::Nodes(n),
        }
    }

    /// Whether the budget is spent.
    fn out(&self) -> bool {
        match *self {
            Clock::Deadline(t) => Instant::now() >= t,
            Clock::Nodes(n) => n == 0,
        }
    }

    /// Counts one node.
    fn tick(&mut self) {
        if let Clock::Nodes(n) = self {
            *n = n.saturating_sub(1);
        }
    }
}

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
        let line = self.line(board, policy);
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
    /// remembered plan when it has one).
    pub fn line(&self, board: &Board, policy: RemovalPolicy) -> Line {
        expert_line_from(
            board,
            policy,
            self.budget,
            self.plans.get(&(board.clone(), policy)),
        )
    }
}

/// A line of play from a position and what it scores (including the end bonus).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Line {
    /// The moves, as rules cells (each relative to the board it is played on).
    pub moves: Vec<Cell>,
    /// Its total score.
    pub score: u64,
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

/// Scores a line on the rules engine (`None` if a move is illegal).
fn score_line(board: &Board, policy: RemovalPolicy, moves: &[Cell]) -> Option<u64> {
    let mut game = Game::new(board.clone(), policy, Player::Interactive);
    for c in moves {
        game.play(*c).ok()?;
    }
    game.is_over().then_some(game.score())
}

/// The best line the Expert finds from `board` within `budget`, with no plan to start from
/// (the research benchmark).
pub fn expert_line(board: &Board, policy: RemovalPolicy, budget: Budget) -> Line {
    expert_line_from(board, policy, budget, None)
}

/// The best line found from `board` within `budget`, starting from `plan` when it is better.
fn expert_line_from(
    board: &Board,
    policy: RemovalPolicy,
    budget: Budget,
    plan: Option<&Line>,
) -> Line {
    let clock = Clock::start(budget);
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
    if let Some(fast) = FastBoard::from_board(board, policy) {
        let found = match clock {
            Clock::Deadline(_) => search_on_every_core(&fast, clock),
            Clock::Nodes(_) => vec![nmcs_anytime(&fast, clock, SEED)],
        };
        for (score, line) in found {
            if score > best.score {
                let mut replay = fast.clone();
                let mut scratch = Scratch::default();
                let mut cells = Vec::with_capacity(line.len());
                for mv in line {
                    cells.push(replay.cell_of(mv));
                    if replay.play(mv, &mut scratch).is_none() {
                        break;
                    }
                }
                // Trust but verify on the rules engine.
                if score_line(board, policy, &cells) == Some(score) {
                    best = Line {
                        moves: cells,
                        score,
                    };
                }
            }
        }
    } else {
        generic_search(board, policy, clock, &mut best);
    }
    best
}

/// The random seed of the first search (the others vary it).
const SEED: u64 = 0x5eed;

/// Runs one independent search per core (each with its own seed); returns every result.
#[cfg(not(target_arch = "wasm32"))]
fn search_on_every_core(fast: &FastBoard, clock: Clock) -> Vec<(u64, Vec<FastMove>)> {
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .clamp(1, 8);
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let fast = fast.clone();
                s.spawn(move || nmcs_anytime(&fast, clock, SEED ^ ((t as u64 + 1) * 0x9E37)))
            })
            .collect();
        handles.into_iter().filter_map(|h| h.join().ok()).collect()
    })
}

/// In the browser there are no threads: one search on the page's thread.
#[cfg(target_arch = "wasm32")]
fn search_on_every_core(fast: &FastBoard, clock: Clock) -> Vec<(u64, Vec<FastMove>)> {
    vec![nmcs_anytime(fast, clock, SEED)]
}

/// Iterative NMCS: level 1, 2, 3 … until the deadline, keeping the best line of all.
fn nmcs_anytime(start: &FastBoard, clock: Clock, seed: u64) -> (u64, Vec<FastMove>) {
    let mut search = Nmcs {
        clock,
        rng: FastRng::new(seed),
        best_score: 0,
        best_line: Vec::new(),
    };
    let mut scratch = Scratch::default();
    // A first playout so there is always an answer.
    let mut line = Vec::new();
    let score = start
        .clone()
        .playout(&mut search.rng, &mut scratch, Some(&mut line));
    search.offer(score, &line);
    for level in 1..=6 {
        if search.clock.out() {
            break;
        }
        search.nested(start, level, &mut scratch);
    }
    (search.best_score, search.best_line)
}

/// One thread's Nested Monte-Carlo Search.
struct Nmcs {
    clock: Clock,
    rng: FastRng,
    /// Best complete line from the root, and its score.
    best_score: u64,
    best_line: Vec<FastMove>,
}

impl Nmcs {
    fn offer(&mut self, score: u64, line: &[FastMove]) {
        if score > self.best_score || self.best_line.is_empty() {
            self.best_score = score;
            self.best_line = line.to_vec();
        }
    }

    /// A level-`level` nested search from `root` (the root position of the whole search, so
    /// every line it finds can be offered as a complete line).
    fn nested(&mut self, root: &FastBoard, level: u32, scratch: &mut Scratch) {
        let mut pos = root.clone();
        let mut prefix: Vec<FastMove> = Vec::new();
        let mut prefix_score = 0u64;
        // The best line from `pos` found at this level (memorised: followed unless beaten).
        let mut best_tail: Vec<FastMove> = Vec::new();
        let mut best_tail_score = 0u64;
        let mut have_tail = false;
        loop {
            pos.moves(scratch);
            if scratch.moves.is_empty() {
                break;
            }
            let moves: Vec<FastMove> = scratch.moves.iter().map(|m| m.mv).collect();
            for mv in moves {
                if self.clock.out() {
                    return;
                }
                self.clock.tick();
                let mut child = pos.clone();
                let Some(points) = child.play(mv, scratch) else {
                    continue;
                };
                let (tail_score, tail) = if level <= 1 {
                    let mut line = Vec::new();
                    let s = child.playout(&mut self.rng, scratch, Some(&mut line));
                    (s, line)
                } else {
                    self.sub_search(&child, level - 1, scratch)
                };
                let total = points + tail_score;
                if !have_tail || total > best_tail_score {
                    have_tail = true;
                    best_tail_score = total;
                    best_tail.clear();
                    best_tail.push(mv);
                    best_tail.extend_from_slice(&tail);
                    let mut full = prefix.clone();
                    full.extend_from_slice(&best_tail);
                    self.offer(prefix_score + total, &full);
                }
            }
            // Follow the best line one move.
            let mv = best_tail.remove(0);
            let points = pos.play(mv, scratch).unwrap_or(0);
            prefix.push(mv);
            prefix_score += points;
            best_tail_score -= points;
            if best_tail.is_empty() {
                break;
            }
        }
    }

    /// A level-`level` search from `start` returning its best line (relative to `start`).
    fn sub_search(
        &mut self,
        start: &FastBoard,
        level: u32,
        scratch: &mut Scratch,
    ) -> (u64, Vec<FastMove>) {
        let mut pos = start.clone();
        let mut line: Vec<FastMove> = Vec::new();
        let mut score = 0u64;
        let mut best_tail: Vec<FastMove> = Vec::new();
        let mut best_tail_score = 0u64;
        loop {
            pos.moves(scratch);
            if scratch.moves.is_empty() {
                return (score + pos.end_bonus(), line);
            }
            let moves: Vec<FastMove> = scratch.moves.iter().map(|m| m.mv).collect();
            let mut have = false;
            for mv in moves {
                if self.clock.out() && !best_tail.is_empty() {
                    break;
                }
                self.clock.tick();
                let mut child = pos.clone();
                let Some(points) = child.play(mv, scratch) else {
                    continue;
                };
                let (tail_score, tail) = if level <= 1 {
                    let mut l = Vec::new();
                    let s = child.playout(&mut self.rng, scratch, Some(&mut l));
                    (s, l)
                } else {
                    self.sub_search(&child, level - 1, scratch)
                };
                if !have && best_tail.is_empty() || points + tail_score > best_tail_score {
                    have = true;
                    best_tail_score = points + tail_score;
                    best_tail.clear();
                    best_tail.push(mv);
                    best_tail.extend_from_slice(&tail);
                }
            }
            if best_tail.is_empty() {
                // Out of time before anything was tried here: finish with a playout.
                let s = pos.playout(&mut self.rng, scratch, Some(&mut line));
                return (score + s, line);
            }
            let mv = best_tail.remove(0);
            let points = pos.play(mv, scratch).unwrap_or(0);
            line.push(mv);
            score += points;
            best_tail_score -= points;
            if best_tail.is_empty() {
                return (score + pos.end_bonus(), line);
            }
            if self.clock.out() {
                // Out of time: finish along the best line known.
                for m in std::mem::take(&mut best_tail) {
                    score += pos.play(m, scratch).unwrap_or(0);
                    line.push(m);
                }
                return (score + pos.end_bonus(), line);
            }
        }
    }
}

/// For the policies the fast engine does not play (Single, Adjacent, WholeRowCol): a level-1
/// nested search with greedy playouts on the rules engine, improving `best`.
fn generic_search(board: &Board, policy: RemovalPolicy, mut clock: Clock, best: &mut Line) {
    let mut game = Game::new(board.clone(), policy, Player::Interactive);
    let mut prefix: Vec<Cell> = Vec::new();
    let mut tail: Vec<Cell> = best.moves.clone();
    loop {
        let moves = legal_moves(game.board(), policy);
        if moves.is_empty() || clock.out() {
            break;
        }
        for m in moves {
            if clock.out() {
                break;
            }
            clock.tick();
            let mut child = game.clone();
            if child.play(m.cell).is_err() {
                continue;
            }
            let rest = line_of(child.board(), policy, Player::Greedy);
            let total = child.score() + rest.score;
            if total > best.score {
                let mut line = prefix.clone();
                line.push(m.cell);
                line.extend(rest.moves);
                best.score = total;
                best.moves = line;
                tail = best.moves[prefix.len()..].to_vec();
            }
        }
        let Some(&next) = tail.first() else { break };
        if game.play(next).is_err() {
            break;
        }
        prefix.push(next);
        tail.remove(0);
    }
}
