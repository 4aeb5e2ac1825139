//! Players: the human at the console and the automatic ones.

use std::fmt;

use super::board::{Board, Cell};
use super::policy::RemovalPolicy;

/// A legal move: the cell to select and the number of gems it removes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// The cell to select.
    pub cell: Cell,
    /// How many gems the move removes.
    pub size: usize,
}

/// Every legal move on `board` under `policy`, in row-major order of the selected cell.
///
/// For policies whose groups partition the board (Chained, Classic), each group is listed once,
/// by its first cell in row-major order; selecting any other cell of it would be the same move,
/// and the row-major-first cell is the one the spec's tie-break (topmost, then leftmost) prefers.
pub fn legal_moves(board: &Board, policy: RemovalPolicy) -> Vec<Candidate> {
    let mut out = Vec::new();
    if policy.groups_partition_board() {
        let cols = board.cols();
        let mut seen = vec![false; board.rows() * cols];
        let mut stack = Vec::new();
        for (cell, kind) in board.gems() {
            if seen[cell.row * cols + cell.col] {
                continue;
            }
            seen[cell.row * cols + cell.col] = true;
            stack.push(cell);
            let mut size = 0;
            while let Some(at) = stack.pop() {
                size += 1;
                let neighbours = [
                    at.row.checked_sub(1).map(|r| Cell::new(r, at.col)),
                    Some(Cell::new(at.row + 1, at.col)),
                    at.col.checked_sub(1).map(|c| Cell::new(at.row, c)),
                    Some(Cell::new(at.row, at.col + 1)),
                ];
                for next in neighbours.into_iter().flatten() {
                    if board.kind_at(next) == Some(kind) && !seen[next.row * cols + next.col] {
                        seen[next.row * cols + next.col] = true;
                        stack.push(next);
                    }
                }
            }
            if size >= policy.min_group() {
                out.push(Candidate { cell, size });
            }
        }
    } else {
        for (cell, _) in board.gems() {
            let size = policy.connected(board, cell).len();
            if size >= policy.min_group() {
                out.push(Candidate { cell, size });
            }
        }
    }
    out
}

/// Who makes the moves of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Player {
    /// A human, who types or clicks moves.
    Interactive,
    /// Takes the highest-scoring move; ties go to the topmost, then leftmost gem.
    Greedy,
    /// Takes the first move of the best-scoring pair of consecutive moves.
    LookAhead1,
    /// Searches (Nested Monte-Carlo Search) for the best whole line within a time budget.
    Expert,
}

impl Player {
    /// The spec's players, in the spec's menu order.
    pub const SPEC: [Player; 3] = [Player::Interactive, Player::Greedy, Player::LookAhead1];

    /// Every player: the spec's, then ours.
    pub const ALL: [Player; 4] = [
        Player::Interactive,
        Player::Greedy,
        Player::LookAhead1,
        Player::Expert,
    ];

    /// The spec's name (its `toString()` and `saveString()`), e.g. `GreedyPlayer`.
    pub const fn name(self) -> &'static str {
        match self {
            Player::Interactive => "InteractivePlayer",
            Player::Greedy => "GreedyPlayer",
            Player::LookAhead1 => "LookAhead1Player",
            Player::Expert => "ExpertPlayer",
        }
    }

    /// A short lowercase name for command lines and menus, e.g. `greedy`.
    pub const fn short_name(self) -> &'static str {
        match self {
            Player::Interactive => "human",
            Player::Greedy => "greedy",
            Player::LookAhead1 => "lookahead1",
            Player::Expert => "expert",
        }
    }

    /// Whether this player is one of the spec's three.
    pub fn is_spec(self) -> bool {
        Self::SPEC.contains(&self)
    }

    /// Whether moves come from a person rather than from [`Computer::choose_move`](super::Computer::choose_move).
    pub const fn is_human(self) -> bool {
        matches!(self, Player::Interactive)
    }

    /// Looks a player up by its spec name (`GreedyPlayer`) or short name (`greedy`, any case;
    /// `interactive` and `lookahead` are accepted too).
    pub fn from_name(name: &str) -> Option<Self> {
        if let Some(p) = Self::ALL.into_iter().find(|p| p.name() == name) {
            return Some(p);
        }
        let lower = name.to_ascii_lowercase();
        match lower.as_str() {
            "interactive" => Some(Player::Interactive),
            "lookahead" | "look-ahead" | "look-ahead-1" => Some(Player::LookAhead1),
            _ => Self::ALL
                .into_iter()
                .find(|p| p.short_name() == lower || p.name().eq_ignore_ascii_case(&lower)),
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The best single move and its score: the highest score, ties to the topmost then leftmost cell.
pub fn best_scoring_move(board: &Board, policy: RemovalPolicy) -> Option<(Cell, u64)> {
    let remaining = board.gem_count();
    let mut best: Option<(Cell, u64)> = None;
    for m in legal_moves(board, policy) {
        let score = policy.move_score(m.size, remaining);
        if best.is_none_or(|(_, s)| score > s) {
            best = Some((m.cell, score));
        }
    }
    best
}

/// The greedy player's move (the spec's GreedyPlayer).
pub fn greedy_move(board: &Board, policy: RemovalPolicy) -> Option<Cell> {
    best_scoring_move(board, policy).map(|(cell, _)| cell)
}

/// The look-ahead player's move (the spec's LookAhead1Player): for every first move (r1,c1) and
/// every second move (r2,c2) on the board that the first leaves, the pair scores s1 + s2; the
/// first move of the best pair is played. A first move after which nothing can be played counts
/// with s2 = 0. Ties go to the topmost, then leftmost first move.
pub fn look_ahead1_move(board: &Board, policy: RemovalPolicy) -> Option<Cell> {
    let remaining = board.gem_count();
    let mut best: Option<(Cell, u64)> = None;
    for m in legal_moves(board, policy) {
        let s1 = policy.move_score(m.size, remaining);
        let mut after = board.clone();
        policy.flag_connected_gems(m.cell.row, m.cell.col, &mut after);
        after.remove_flagged();
        let s2 = best_scoring_move(&after, policy).map_or(0, |(_, s)| s);
        let total = s1 + s2;
        if best.is_none_or(|(_, s)| total > s) {
            best = Some((m.cell, total));
        }
    }
    best.map(|(cell, _)| cell)
}
