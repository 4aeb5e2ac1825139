//! Removal policies: which gems a selection removes, and what it scores.

use std::fmt;

use super::board::{Board, Cell};

/// The rule set that decides which gems are connected to a selected gem (and so removed with it)
/// and what a move scores.
///
/// The first four are the spec's; [`RemovalPolicy::Classic`] is the rule set of the SameGame
/// research literature.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum RemovalPolicy {
    /// Only the selected gem is removed.
    Single,
    /// The selected gem and the same-kind gems directly above, below, left and right of it.
    Adjacent,
    /// The selected gem and the unbroken same-kind runs extending from it up, down, left and right.
    WholeRowCol,
    /// Every same-kind gem connected to the selected one by a chain of orthogonal neighbours.
    Chained,
    /// Classic SameGame: a chained group of at least 2 gems, scoring (n−2)², plus 1000 for
    /// clearing the board.
    Classic,
}

/// Row/column steps to the four orthogonal neighbours: up, down, left, right.
const DIRECTIONS: [(isize, isize); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

impl RemovalPolicy {
    /// The spec's policies, in the spec's menu order.
    pub const SPEC: [RemovalPolicy; 4] = [
        RemovalPolicy::Single,
        RemovalPolicy::Adjacent,
        RemovalPolicy::WholeRowCol,
        RemovalPolicy::Chained,
    ];

    /// Every policy: the spec's, then ours.
    pub const ALL: [RemovalPolicy; 5] = [
        RemovalPolicy::Single,
        RemovalPolicy::Adjacent,
        RemovalPolicy::WholeRowCol,
        RemovalPolicy::Chained,
        RemovalPolicy::Classic,
    ];

    /// The spec's name (its `toString()` and `saveString()`), e.g. `ChainedRemovalPolicy`.
    pub const fn name(self) -> &'static str {
        match self {
            RemovalPolicy::Single => "SingleRemovalPolicy",
            RemovalPolicy::Adjacent => "AdjacentRemovalPolicy",
            RemovalPolicy::WholeRowCol => "WholeRowColRemovalPolicy",
            RemovalPolicy::Chained => "ChainedRemovalPolicy",
            RemovalPolicy::Classic => "ClassicSameGamePolicy",
        }
    }

    /// A short lowercase name for command lines and menus, e.g. `chained`.
    pub const fn short_name(self) -> &'static str {
        match self {
            RemovalPolicy::Single => "single",
            RemovalPolicy::Adjacent => "adjacent",
            RemovalPolicy::WholeRowCol => "wholerowcol",
            RemovalPolicy::Chained => "chained",
            RemovalPolicy::Classic => "classic",
        }
    }

    /// A human-friendly description of the rules (the spec's `description()`).
    pub const fn description(self) -> &'static str {
        match self {
            RemovalPolicy::Single => "Single gems are removed",
            RemovalPolicy::Adjacent => "Adjacent gems of the same kind will be removed",
            RemovalPolicy::WholeRowCol => "Adjacent gems in whole row/column will be removed",
            RemovalPolicy::Chained => "All gems connected by any adjacency chain will be removed",
            RemovalPolicy::Classic => {
                "Connected groups of 2 or more gems are removed, scoring (n-2)^2, +1000 for a clear board"
            }
        }
    }

    /// Whether this policy is one of the spec's four (as opposed to one added beyond the spec).
    pub fn is_spec(self) -> bool {
        Self::SPEC.contains(&self)
    }

    /// Looks a policy up by its spec name (`ChainedRemovalPolicy`) or its short name (`chained`,
    /// any case). `rowcol` and `wholerowcolumn` are accepted for WholeRowCol.
    pub fn from_name(name: &str) -> Option<Self> {
        if let Some(p) = Self::ALL.into_iter().find(|p| p.name() == name) {
            return Some(p);
        }
        let lower = name.to_ascii_lowercase();
        match lower.as_str() {
            "rowcol" | "wholerowcolumn" | "whole-row-col" => Some(RemovalPolicy::WholeRowCol),
            "samegame" | "classicsamegame" => Some(RemovalPolicy::Classic),
            _ => Self::ALL
                .into_iter()
                .find(|p| p.short_name() == lower || p.name().eq_ignore_ascii_case(&lower)),
        }
    }

    /// The smallest group a move may remove (2 for Classic, else 1).
    pub const fn min_group(self) -> usize {
        match self {
            RemovalPolicy::Classic => 2,
            _ => 1,
        }
    }

    /// Points for clearing the whole board (1000 for Classic, else 0).
    pub const fn clear_bonus(self) -> u64 {
        match self {
            RemovalPolicy::Classic => 1000,
            _ => 0,
        }
    }

    /// Points for removing a group of `n` gems: n² (Classic: (n−2)², and 0 for an illegal group).
    pub const fn group_score(self, n: usize) -> u64 {
        let n = n as u64;
        match self {
            RemovalPolicy::Classic if n < 2 => 0,
            RemovalPolicy::Classic => (n - 2) * (n - 2),
            _ => n * n,
        }
    }

    /// True when every gem of a group selects that same group, so that one representative per
    /// group is enough when enumerating moves (Chained and Classic).
    pub const fn groups_partition_board(self) -> bool {
        matches!(self, RemovalPolicy::Chained | RemovalPolicy::Classic)
    }

    /// The cells a move at `cell` would remove, selected cell first; empty when the cell is out of
    /// bounds or empty. Does not look at or change flags. Works without recursion, so huge
    /// single-kind boards cannot overflow the stack.
    pub fn connected(self, board: &Board, cell: Cell) -> Vec<Cell> {
        let Some(kind) = board.kind_at(cell) else {
            return Vec::new();
        };
        let same = |r: isize, c: isize| -> Option<Cell> {
            let (r, c) = (usize::try_from(r).ok()?, usize::try_from(c).ok()?);
            let here = Cell::new(r, c);
            (board.kind_at(here) == Some(kind)).then_some(here)
        };
        let (r0, c0) = (cell.row as isize, cell.col as isize);
        let mut group = vec![cell];
        match self {
            RemovalPolicy::Single => {}
            RemovalPolicy::Adjacent => {
                group.extend(
                    DIRECTIONS
                        .iter()
                        .filter_map(|&(dr, dc)| same(r0 + dr, c0 + dc)),
                );
            }
            RemovalPolicy::WholeRowCol => {
                for (dr, dc) in DIRECTIONS {
                    let (mut r, mut c) = (r0 + dr, c0 + dc);
                    while let Some(next) = same(r, c) {
                        group.push(next);
                        r += dr;
                        c += dc;
                    }
                }
            }
            RemovalPolicy::Chained | RemovalPolicy::Classic => {
                // Depth-first flood fill with an explicit stack (no recursion).
                let mut seen = vec![false; board.rows() * board.cols()];
                seen[cell.row * board.cols() + cell.col] = true;
                let mut stack = vec![cell];
                while let Some(at) = stack.pop() {
                    for (dr, dc) in DIRECTIONS {
                        if let Some(next) = same(at.row as isize + dr, at.col as isize + dc) {
                            let i = next.row * board.cols() + next.col;
                            if !seen[i] {
                                seen[i] = true;
                                group.push(next);
                                stack.push(next);
                            }
                        }
                    }
                }
            }
        }
        group
    }

    /// Clears all flags, then flags every gem that selecting (row, col) would remove (the spec's
    /// `flagConnectedGems`). Flags nothing for an empty or out-of-bounds cell, or (Classic) for a
    /// group too small to remove.
    pub fn flag_connected_gems(self, row: usize, col: usize, board: &mut Board) {
        board.clear_flags();
        let group = self.connected(board, Cell::new(row, col));
        if group.len() >= self.min_group() {
            for c in group {
                board.set_flag(c.row, c.col);
            }
        }
    }

    /// The points selecting (row, col) would score (the spec's `scoreMove`). Like the spec's
    /// policies it clears old flags and leaves the move's gems flagged. An empty or
    /// out-of-bounds cell scores 0. Includes the clear-board bonus when the move would clear it.
    pub fn score_move(self, row: usize, col: usize, board: &mut Board) -> u64 {
        self.flag_connected_gems(row, col, board);
        let n = board.flagged_cells().len();
        self.move_score(n, board.gem_count())
    }

    /// Points for removing a legal group of `n` gems from a board holding `remaining` gems:
    /// the group score plus the clear bonus when the group is all that remains.
    pub const fn move_score(self, n: usize, remaining: usize) -> u64 {
        if n < self.min_group() {
            return 0;
        }
        let bonus = if n == remaining {
            self.clear_bonus()
        } else {
            0
        };
        self.group_score(n) + bonus
    }
}

impl fmt::Display for RemovalPolicy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
