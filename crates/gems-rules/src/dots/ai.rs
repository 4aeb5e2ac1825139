//! The Dots AI: the best 2×2 square, big square and closed shape; the greedy best move; and a
//! [`Planner`] that looks one move past the random refill by sampling it.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::board::{Board, Point};
use super::game::Game;
use crate::cancel::Cancel;

/// Dots the longest-path search may visit per component before it settles for the best so far.
const PATH_BUDGET: usize = 4_000;

/// A selection in a legal order with the number of dots removing it takes away.
pub type Scored = (Vec<Point>, usize);

fn better(best: &mut Option<Scored>, cand: Scored) {
    if best.as_ref().is_none_or(|b| cand.1 > b.1) {
        *best = Some(cand);
    }
}

/// The 2×2 square of one colour whose removal takes the most dots (the whole colour), in the
/// order top-left, top-right, bottom-right, bottom-left (a closed shape); `None` without one.
/// Ties go to the first square in row-major order of its top-left dot.
pub fn best_square(board: &Board) -> Option<Scored> {
    square_of_side(board, Some(2))
}

/// The square of side ≥ 2 whose four sides are one colour and whose removal takes the most dots,
/// walked clockwise from its top-left corner and ending beside it (a closed shape).
pub fn best_big_square(board: &Board) -> Option<Scored> {
    square_of_side(board, None)
}

fn square_of_side(board: &Board, only: Option<usize>) -> Option<Scored> {
    let n = board.size();
    let mut best = None;
    for p in board.points() {
        let max_side = n - p.x.max(p.y);
        for side in 2..=max_side {
            if only.is_some_and(|s| s != side) {
                continue;
            }
            let path = square_path(p, side);
            let c = board.get(p);
            if path.iter().all(|&q| board.get(q) == c) {
                let count = board.count(c);
                better(&mut best, (path, count));
            }
        }
    }
    best
}

/// The perimeter of the square with top-left `p` and `side` dots a side, clockwise from `p`.
fn square_path(p: Point, side: usize) -> Vec<Point> {
    let k = side - 1;
    let mut path = Vec::with_capacity(4 * k);
    path.extend((0..k).map(|i| Point::new(p.x + i, p.y)));
    path.extend((0..k).map(|i| Point::new(p.x + k, p.y + i)));
    path.extend((0..k).map(|i| Point::new(p.x + k - i, p.y + k)));
    path.extend((0..k).map(|i| Point::new(p.x, p.y + k - i)));
    path
}

/// The closed shape (any loop of one colour) whose removal takes the most dots, as a legal
/// selection order; `None` when no colour has a loop.
pub fn best_closed_shape(board: &Board) -> Option<Scored> {
    let mut best = None;
    for c in 1..=board.colors() {
        if let Some(cycle) = find_cycle(board, c) {
            better(&mut best, (cycle, board.count(c)));
        }
    }
    best
}

/// A cycle among the dots of colour `c`, in walking order, or `None`. Built as a spanning
/// forest: the first edge joining two dots already connected closes a cycle, which is the forest
/// path between them.
fn find_cycle(board: &Board, c: u8) -> Option<Vec<Point>> {
    let n = board.size();
    let idx = |p: Point| p.y * n + p.x;
    let mut parent: Vec<usize> = (0..n * n).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    let mut tree: Vec<Vec<Point>> = vec![Vec::new(); n * n];
    for p in board.points() {
        if board.get(p) != c {
            continue;
        }
        for q in [Point::new(p.x + 1, p.y), Point::new(p.x, p.y + 1)] {
            if !board.contains(q) || board.get(q) != c {
                continue;
            }
            let (a, b) = (root(&mut parent, idx(p)), root(&mut parent, idx(q)));
            if a == b {
                return Some(tree_path(&tree, n, p, q));
            }
            parent[a] = b;
            tree[idx(p)].push(q);
            tree[idx(q)].push(p);
        }
    }
    None
}

/// The path from `from` to `to` in the forest `tree` (they are connected).
fn tree_path(tree: &[Vec<Point>], n: usize, from: Point, to: Point) -> Vec<Point> {
    let idx = |p: Point| p.y * n + p.x;
    let mut prev: Vec<Option<Point>> = vec![None; n * n];
    let mut queue = std::collections::VecDeque::from([from]);
    prev[idx(from)] = Some(from);
    while let Some(p) = queue.pop_front() {
        if p == to {
            break;
        }
        for &q in &tree[idx(p)] {
            if prev[idx(q)].is_none() {
                prev[idx(q)] = Some(p);
                queue.push_back(q);
            }
        }
    }
    let mut path = vec![to];
    let mut p = to;
    while p != from {
        p = prev[idx(p)].unwrap_or(from);
        path.push(p);
    }
    path.reverse();
    path
}

/// The longest simple path found in the same-colour component of `start` (a budgeted
/// depth-first search from every dot of the component).
fn longest_path(board: &Board, component: &[Point]) -> Vec<Point> {
    let n = board.size();
    let mut best: Vec<Point> = Vec::new();
    let mut budget = PATH_BUDGET;
    let mut on = vec![false; n * n];
    let mut path = Vec::new();
    fn dfs(
        board: &Board,
        p: Point,
        on: &mut [bool],
        path: &mut Vec<Point>,
        best: &mut Vec<Point>,
        budget: &mut usize,
        target: usize,
    ) {
        if *budget == 0 || best.len() == target {
            return;
        }
        *budget -= 1;
        let n = board.size();
        on[p.y * n + p.x] = true;
        path.push(p);
        if path.len() > best.len() {
            best.clone_from(path);
        }
        let c = board.get(p);
        let next: Vec<Point> = board
            .neighbours(p)
            .filter(|q| board.get(*q) == c && !on[q.y * n + q.x])
            .collect();
        for q in next {
            dfs(board, q, on, path, best, budget, target);
        }
        path.pop();
        on[p.y * n + p.x] = false;
    }
    for &s in component {
        dfs(
            board,
            s,
            &mut on,
            &mut path,
            &mut best,
            &mut budget,
            component.len(),
        );
    }
    best
}

/// The same-colour components of at least 2 dots.
fn components(board: &Board) -> Vec<Vec<Point>> {
    let n = board.size();
    let mut seen = vec![false; n * n];
    let mut out = Vec::new();
    for p in board.points() {
        if seen[p.y * n + p.x] {
            continue;
        }
        let c = board.get(p);
        let mut comp = vec![p];
        seen[p.y * n + p.x] = true;
        let mut i = 0;
        while i < comp.len() {
            let q = comp[i];
            i += 1;
            for r in board.neighbours(q) {
                if !seen[r.y * n + r.x] && board.get(r) == c {
                    seen[r.y * n + r.x] = true;
                    comp.push(r);
                }
            }
        }
        if comp.len() >= 2 {
            out.push(comp);
        }
    }
    out
}

/// Candidate moves, each a legal selection order with its removal count: the best closed shape
/// of each colour that has one, the longest path found in each component, and every pair of
/// adjacent same-colour dots.
pub fn candidate_moves(board: &Board) -> Vec<Scored> {
    let mut out = Vec::new();
    for c in 1..=board.colors() {
        if let Some(cycle) = find_cycle(board, c) {
            out.push((cycle, board.count(c)));
        }
    }
    for comp in components(board) {
        let path = longest_path(board, &comp);
        let count = board.removal_count(&path);
        out.push((path, count));
        for &p in &comp {
            for q in [Point::new(p.x + 1, p.y), Point::new(p.x, p.y + 1)] {
                if board.contains(q) && board.get(q) == board.get(p) {
                    out.push((vec![p, q], 2));
                }
            }
        }
    }
    out
}

/// The greedy best move: the candidate that removes the most dots now; `None` when no move is
/// possible.
pub fn best_move(board: &Board) -> Option<Scored> {
    let mut best = None;
    for cand in candidate_moves(board) {
        better(&mut best, cand);
    }
    best
}

/// Plans over the random refill: each of the most promising candidates is scored as what it
/// removes now plus the mean, over `samples` sampled refills, of the best removal on the board
/// that follows. It samples with its own RNG; it never sees the game's.
#[derive(Debug, Clone)]
pub struct Planner {
    /// Refills sampled per candidate.
    pub samples: usize,
    /// How many candidates (best immediate first) are looked at.
    pub width: usize,
    rng: ChaCha8Rng,
}

impl Planner {
    /// A planner with the default effort, sampling from `seed`.
    pub fn new(seed: u64) -> Self {
        Self::with_effort(seed, 12, 24)
    }

    /// A planner looking at `width` candidates with `samples` refills each.
    pub fn with_effort(seed: u64, samples: usize, width: usize) -> Self {
        Self {
            samples: samples.max(1),
            width: width.max(1),
            rng: ChaCha8Rng::seed_from_u64(seed ^ 0x0D07_5EED),
        }
    }

    /// The move to play with `moves_left` moves left on `board`, or `None` when none is possible.
    pub fn choose(&mut self, board: &Board, moves_left: u32) -> Option<Scored> {
        self.choose_until(board, moves_left, &Cancel::never())
    }

    /// [`Planner::choose`], stopping early once `cancel` is set (with the best candidate
    /// weighed so far).
    pub fn choose_until(
        &mut self,
        board: &Board,
        moves_left: u32,
        cancel: &Cancel,
    ) -> Option<Scored> {
        let mut cands = candidate_moves(board);
        if cands.is_empty() {
            return None;
        }
        if moves_left <= 1 {
            return best_move(board);
        }
        cands.sort_by_key(|c| std::cmp::Reverse(c.1));
        dedup_sets(board, &mut cands);
        cands.truncate(self.width);
        let mut best: Option<(Scored, f64)> = None;
        for cand in cands {
            if cancel.is_cancelled() && best.is_some() {
                break;
            }
            let mut total = 0.0;
            for _ in 0..self.samples {
                if cancel.is_cancelled() {
                    break;
                }
                let mut next = board.clone();
                if next.remove(&cand.0, &mut self.rng).is_err() {
                    continue;
                }
                total += best_move(&next).map_or(0, |m| m.1) as f64;
            }
            let value = cand.1 as f64 + total / self.samples as f64;
            if best.as_ref().is_none_or(|(_, v)| value > *v) {
                best = Some((cand, value));
            }
        }
        best.map(|(m, _)| m)
    }
}

/// Drops candidates that remove the same set of dots as an earlier one (same outcome).
fn dedup_sets(board: &Board, cands: &mut Vec<Scored>) {
    let mut seen: Vec<Vec<Point>> = Vec::new();
    cands.retain(|(path, count)| {
        let mut key = path.clone();
        if *count != path.len() {
            // A closed shape: its outcome depends only on its colour.
            key = vec![Point::new(usize::MAX, usize::from(board.get(path[0])))];
        }
        key.sort();
        if seen.contains(&key) {
            false
        } else {
            seen.push(key);
            true
        }
    });
}

/// A computer player.
#[derive(Debug, Clone)]
pub enum PlayerKind {
    /// Always the move that removes the most dots now.
    Greedy,
    /// Samples the refill and looks one move further.
    Planner(Box<Planner>),
}

impl PlayerKind {
    /// The player's name on the console.
    pub fn name(&self) -> &'static str {
        match self {
            PlayerKind::Greedy => "greedy",
            PlayerKind::Planner(_) => "planner",
        }
    }

    /// The move this player makes in `game`, or `None` when the game is over.
    pub fn choose(&mut self, game: &Game) -> Option<Scored> {
        if game.is_over() {
            return None;
        }
        match self {
            PlayerKind::Greedy => best_move(game.board()),
            PlayerKind::Planner(p) => p.choose(game.board(), game.moves_left()),
        }
    }
}
