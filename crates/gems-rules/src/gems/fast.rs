//! A compact SameGame engine for search: the board as bytes in column-major order (bottom cell
//! first), chained groups found by an iterative flood fill over a reusable stack and stamp
//! array, and gravity and column shifting done in place. After the first use of a
//! [`Scratch`], playing a move allocates nothing.
//!
//! It plays the Chained and Classic policies (the connected-group rules); a move is a
//! [`FastMove`], the group's lowest cell in its leftmost column as `(column, row from bottom)`.

use super::board::{Board, Cell};
use super::policy::RemovalPolicy;

/// A move of the fast engine: a cell of the group to remove, `(column, height)` with height 0
/// at the bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FastMove {
    /// Column, 0 at the left.
    pub col: u16,
    /// Row counted from the bottom.
    pub row: u16,
}

/// A legal move with the size and colour of its group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FastGroup {
    /// Where to play it.
    pub mv: FastMove,
    /// Gems removed.
    pub size: u32,
    /// Colour index (1-based).
    pub color: u8,
}

/// The SameGame position in compact form. Colours are 1..=255 (0 is empty). Cells above a
/// column's height are never read and may hold stale values.
#[derive(Clone, Debug)]
pub struct FastBoard {
    /// Rows of the original board (the column stride).
    rows: usize,
    /// Columns still holding gems (packed to the left).
    ncols: usize,
    /// Height of each column.
    height: Vec<u16>,
    /// `cells[c * rows + h]`: colour at column `c`, `h` rows up from the bottom.
    cells: Vec<u8>,
    /// Gems left.
    remaining: u32,
    /// Smallest removable group (2 for Classic, 1 for Chained).
    min_group: u32,
    /// Whether clearing the board earns the 1000-point bonus and groups score (n−2)².
    classic: bool,
    /// The rules kind of each colour index (index 0 unused).
    kinds: Vec<u32>,
    /// Gems left of each colour index.
    counts: Vec<u32>,
}

/// Reusable work space for flood fills and move lists.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    stack: Vec<(u16, u16)>,
    stamp: Vec<u32>,
    epoch: u32,
    group: Vec<(u16, u16)>,
    /// Per column: the lowest removed row of the move being played (u16::MAX: untouched).
    low: Vec<u16>,
    /// Legal moves of the last [`FastBoard::moves`] call.
    pub moves: Vec<FastGroup>,
}

impl Scratch {
    fn begin(&mut self, cells: usize) {
        if self.stamp.len() < cells {
            self.stamp.resize(cells, 0);
        }
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.epoch = 1;
        }
    }
}

/// A small fast random number generator (xorshift64*), for playouts.
#[derive(Clone, Debug)]
pub struct FastRng(u64);

impl FastRng {
    /// A generator from a seed (any value).
    pub fn new(seed: u64) -> Self {
        Self(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The generator's state, to start another generator at this point of the sequence.
    pub fn state(&self) -> u64 {
        self.0
    }

    /// A generator at a state [`FastRng::state`] returned (never 0 for a generator made by
    /// [`FastRng::new`]; 0 would stay 0, so it is replaced).
    pub fn from_state(state: u64) -> Self {
        Self(if state == 0 { 1 } else { state })
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}

impl FastBoard {
    /// Converts a rules board for `policy` (Chained or Classic). `None` for other policies, for
    /// boards with more than 255 kinds, or boards too large for the engine (over 65,535 rows).
    pub fn from_board(board: &Board, policy: RemovalPolicy) -> Option<Self> {
        if !policy.groups_partition_board() || board.rows() > u16::MAX as usize {
            return None;
        }
        let (rows, cols) = (board.rows(), board.cols());
        let mut kinds = vec![0u32];
        let mut cells = vec![0u8; rows * cols];
        let mut height = vec![0u16; cols];
        let mut remaining = 0;
        for c in 0..cols {
            // Read the column bottom-up; gems above a hole drop onto it (boards are settled by
            // the rules after every move, but a loaded board might not be).
            let mut h = 0;
            for r in (0..rows).rev() {
                if let Some(kind) = board.kind_at(Cell::new(r, c)) {
                    // Index 0 means empty, so colours are looked up from index 1.
                    let color = match kinds[1..].iter().position(|&k| k == kind) {
                        Some(i) => i + 1,
                        None => {
                            if kinds.len() > 255 {
                                return None;
                            }
                            kinds.push(kind);
                            kinds.len() - 1
                        }
                    };
                    cells[c * rows + h] = color as u8;
                    h += 1;
                    remaining += 1;
                }
            }
            height[c] = h as u16;
        }
        let mut counts = vec![0u32; kinds.len()];
        for &v in &cells {
            counts[v as usize] += 1;
        }
        counts[0] = 0;
        let mut fast = Self {
            counts,
            rows,
            ncols: cols,
            height,
            cells,
            remaining,
            min_group: policy.min_group() as u32,
            classic: policy == RemovalPolicy::Classic,
            kinds,
        };
        fast.close_columns(0, cols.saturating_sub(1));
        Some(fast)
    }

    /// Gems left.
    pub fn remaining(&self) -> u32 {
        self.remaining
    }

    /// Columns still holding gems.
    pub fn columns(&self) -> usize {
        self.ncols
    }

    /// The rules cell of a fast move on a board of the original size.
    pub fn cell_of(&self, mv: FastMove) -> Cell {
        Cell::new(self.rows - 1 - mv.row as usize, mv.col as usize)
    }

    /// The fast move selecting a rules cell, if it holds a gem.
    pub fn move_at(&self, cell: Cell) -> Option<FastMove> {
        let h = self.rows.checked_sub(cell.row + 1)?;
        (cell.col < self.ncols && h < self.height[cell.col] as usize).then_some(FastMove {
            col: cell.col as u16,
            row: h as u16,
        })
    }

    #[inline]
    fn at(&self, c: usize, h: usize) -> u8 {
        self.cells[c * self.rows + h]
    }

    /// Points for a group of `n` gems.
    #[inline]
    pub fn group_score(&self, n: u32) -> u64 {
        let n = u64::from(n);
        if self.classic {
            if n < 2 { 0 } else { (n - 2) * (n - 2) }
        } else {
            n * n
        }
    }

    /// Points for how the game ended (Classic: +1000 for a cleared board).
    pub fn end_bonus(&self) -> u64 {
        if self.classic && self.remaining == 0 {
            1000
        } else {
            0
        }
    }

    /// Fills `scratch.group` with the group at (c, h); returns its size. The group list is
    /// its own work queue (breadth first), so nothing else is pushed or popped.
    fn flood(&self, c: usize, h: usize, scratch: &mut Scratch) -> u32 {
        scratch.begin(self.cells.len());
        scratch.group.clear();
        let color = self.at(c, h);
        if color == 0 {
            return 0;
        }
        let epoch = scratch.epoch;
        let rows = self.rows;
        let (group, stamp) = (&mut scratch.group, &mut scratch.stamp);
        stamp[c * rows + h] = epoch;
        group.push((c as u16, h as u16));
        let mut next = 0;
        while next < group.len() {
            let (c, h) = group[next];
            next += 1;
            let (c, h) = (c as usize, h as usize);
            let i = c * rows + h;
            let mut visit = |j: usize, nc: usize, nh: usize| {
                if self.cells[j] == color && stamp[j] != epoch {
                    stamp[j] = epoch;
                    group.push((nc as u16, nh as u16));
                }
            };
            if h + 1 < self.height[c] as usize {
                visit(i + 1, c, h + 1);
            }
            if h > 0 {
                visit(i - 1, c, h - 1);
            }
            if c + 1 < self.ncols && h < self.height[c + 1] as usize {
                visit(i + rows, c + 1, h);
            }
            if c > 0 && h < self.height[c - 1] as usize {
                visit(i - rows, c - 1, h);
            }
        }
        group.len() as u32
    }

    /// Whether any legal move remains.
    pub fn has_move(&self) -> bool {
        if self.min_group <= 1 {
            return self.remaining > 0;
        }
        for c in 0..self.ncols {
            let base = c * self.rows;
            let h = self.height[c] as usize;
            for r in 0..h {
                let color = self.cells[base + r];
                if (r + 1 < h && self.cells[base + r + 1] == color)
                    || (c + 1 < self.ncols
                        && r < self.height[c + 1] as usize
                        && self.cells[base + self.rows + r] == color)
                {
                    return true;
                }
            }
        }
        false
    }

    /// Lists every legal move into `scratch.moves` (one per group, by its first cell in
    /// column-major, bottom-up order).
    pub fn moves(&self, scratch: &mut Scratch) {
        scratch.moves.clear();
        scratch.begin(self.cells.len());
        let epoch = scratch.epoch;
        let mut found = std::mem::take(&mut scratch.moves);
        // One stamp epoch for the whole scan: flood fills mark their groups as seen.
        for c in 0..self.ncols {
            for h in 0..self.height[c] as usize {
                if scratch.stamp[c * self.rows + h] == epoch {
                    continue;
                }
                let color = self.at(c, h);
                let size = self.flood_marking(c, h, scratch, epoch);
                if size >= self.min_group {
                    found.push(FastGroup {
                        mv: FastMove {
                            col: c as u16,
                            row: h as u16,
                        },
                        size,
                        color,
                    });
                }
            }
        }
        scratch.moves = found;
    }

    /// Flood fill under a given epoch, without touching `scratch.group`; returns the size.
    fn flood_marking(&self, c: usize, h: usize, scratch: &mut Scratch, epoch: u32) -> u32 {
        let color = self.at(c, h);
        let rows = self.rows;
        scratch.stamp[c * rows + h] = epoch;
        scratch.stack.clear();
        scratch.stack.push((c as u16, h as u16));
        let mut size = 0;
        while let Some((c, h)) = scratch.stack.pop() {
            size += 1;
            let (c, h) = (c as usize, h as usize);
            let neighbours = [
                (h + 1 < self.height[c] as usize).then(|| (c, h + 1)),
                (h > 0).then(|| (c, h - 1)),
                (c + 1 < self.ncols && h < self.height[c + 1] as usize).then(|| (c + 1, h)),
                (c > 0 && h < self.height[c - 1] as usize).then(|| (c - 1, h)),
            ];
            for (nc, nh) in neighbours.into_iter().flatten() {
                let i = nc * rows + nh;
                if self.cells[i] == color && scratch.stamp[i] != epoch {
                    scratch.stamp[i] = epoch;
                    scratch.stack.push((nc as u16, nh as u16));
                }
            }
        }
        size
    }

    /// Plays the group at `mv`; returns its points (without the end bonus), or `None` when the
    /// move is not legal (no gem, or a group below the minimum size).
    pub fn play(&mut self, mv: FastMove, scratch: &mut Scratch) -> Option<u64> {
        let (c, h) = (mv.col as usize, mv.row as usize);
        if c >= self.ncols || h >= self.height[c] as usize {
            return None;
        }
        let color = self.at(c, h);
        let n = self.flood(c, h, scratch);
        if n < self.min_group {
            return None;
        }
        self.counts[color as usize] -= n;
        if scratch.low.len() < self.height.len() {
            scratch.low.resize(self.height.len(), u16::MAX);
        }
        let (mut lo, mut hi) = (usize::MAX, 0);
        for &(gc, gh) in &scratch.group {
            let gc_us = gc as usize;
            self.cells[gc_us * self.rows + gh as usize] = 0;
            lo = lo.min(gc_us);
            hi = hi.max(gc_us);
            let low = &mut scratch.low[gc_us];
            *low = (*low).min(gh);
        }
        // Gravity: compact each touched column from its lowest hole up.
        for col in lo..=hi {
            let first = std::mem::replace(&mut scratch.low[col], u16::MAX);
            if first == u16::MAX {
                continue;
            }
            let base = col * self.rows;
            let h = self.height[col] as usize;
            let column = &mut self.cells[base..base + h];
            let mut w = first as usize;
            // Branch-free: always write, advance only past a gem.
            for r in first as usize + 1..h {
                let v = column[r];
                column[w] = v;
                w += usize::from(v != 0);
            }
            self.height[col] = w as u16;
        }
        self.remaining -= n;
        if self.height[lo..=hi].contains(&0) {
            self.close_columns(lo, hi);
        }
        Some(self.group_score(n))
    }

    /// Removes the empty columns in `lo..=hi`, sliding the columns to their right leftwards.
    fn close_columns(&mut self, lo: usize, hi: usize) {
        if self.ncols == 0 {
            return;
        }
        let rows = self.rows;
        let mut write = lo;
        for read in lo..self.ncols {
            if read <= hi && self.height[read] == 0 {
                continue;
            }
            if write != read {
                self.cells
                    .copy_within(read * rows..(read + 1) * rows, write * rows);
                self.height[write] = self.height[read];
            }
            write += 1;
        }
        for col in write..self.ncols {
            self.height[col] = 0;
        }
        self.ncols = write;
    }

    /// The colour with the most gems (the "tabu" colour of playouts).
    pub fn most_common_color(&self) -> u8 {
        let mut best = (0, 1u8);
        for (i, &n) in self.counts.iter().enumerate().skip(1) {
            if n > best.0 {
                best = (n, i as u8);
            }
        }
        best.1
    }

    /// Plays random moves to the end and returns the points scored (including the end bonus).
    /// Moves of the board's most common colour are avoided while others exist (the
    /// TabuColorRandom policy of the SameGame literature). When `record` is given, the moves are
    /// appended to it.
    pub fn playout(
        &mut self,
        rng: &mut FastRng,
        scratch: &mut Scratch,
        mut record: Option<&mut Vec<FastMove>>,
    ) -> u64 {
        let tabu = self.most_common_color();
        let mut score = 0;
        loop {
            let chosen = self.scan_pick(tabu, rng);
            let Some(mv) = chosen else { break };
            let Some(points) = self.play(mv, scratch) else {
                break;
            };
            score += points;
            if let Some(r) = record.as_deref_mut() {
                r.push(mv);
            }
        }
        score + self.end_bonus()
    }

    /// The position as a rules board of the original size.
    pub fn to_board(&self) -> Board {
        let cols = self.height.len();
        let mut cells = vec![None; self.rows * cols];
        for c in 0..self.ncols {
            for h in 0..self.height[c] as usize {
                cells[(self.rows - 1 - h) * cols + c] = Some(self.kind_of(self.at(c, h)));
            }
        }
        Board::from_cells(self.rows, cols, cells).expect("same size as the source board")
    }

    /// Finds a playable cell by scanning bottom-up from a random column, wrapping around: the first cell with a
    /// same-coloured neighbour whose colour is not `tabu`, else the first tabu one met (every
    /// cell when singles are allowed). `None` when no move remains.
    fn scan_pick(&self, tabu: u8, rng: &mut FastRng) -> Option<FastMove> {
        if self.ncols == 0 {
            return None;
        }
        let start = rng.below(self.ncols);
        let mut fallback = None;
        for k in 0..self.ncols {
            let c = if start + k >= self.ncols {
                start + k - self.ncols
            } else {
                start + k
            };
            let base = c * self.rows;
            let h = self.height[c] as usize;
            let right = if c + 1 < self.ncols {
                self.height[c + 1] as usize
            } else {
                0
            };
            for r in 0..h {
                let color = self.cells[base + r];
                // Looking only up and right still finds a cell of every group of two or more
                // (the lower or left cell of each same-coloured pair).
                let twin = self.min_group <= 1
                    || (r + 1 < h && self.cells[base + r + 1] == color)
                    || (r < right && self.cells[base + self.rows + r] == color);
                if twin {
                    let mv = FastMove {
                        col: c as u16,
                        row: r as u16,
                    };
                    if color != tabu {
                        return Some(mv);
                    }
                    fallback.get_or_insert(mv);
                }
            }
        }
        fallback
    }

    /// The rules kind of a colour index.
    pub fn kind_of(&self, color: u8) -> u32 {
        self.kinds.get(color as usize).copied().unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gems::{Game, Player, legal_moves, random_board};

    /// The fast engine and the rules agree move for move, score for score (kinds from 0).
    #[test]
    fn fast_engine_matches_the_rules() {
        for seed in 0..60u64 {
            let random = random_board(
                3 + seed as usize % 9,
                2 + seed as usize % 11,
                2 + seed as u32 % 4,
                seed,
            )
            .unwrap();
            // Shift kinds down by one so kind 0 is used, as in the standard positions.
            let cells: Vec<Option<u32>> = random
                .cells()
                .map(|(_, g)| g.kind().map(|k| k - 1))
                .collect();
            let board = Board::from_cells(random.rows(), random.cols(), cells).unwrap();
            for policy in [RemovalPolicy::Chained, RemovalPolicy::Classic] {
                let mut game = Game::new(board.clone(), policy, Player::Interactive);
                let mut fast = FastBoard::from_board(&board, policy).unwrap();
                let mut scratch = Scratch::default();
                let mut rng = FastRng::new(seed);
                loop {
                    let legal = legal_moves(game.board(), policy);
                    fast.moves(&mut scratch);
                    assert_eq!(legal.len(), scratch.moves.len());
                    assert_eq!(game.is_over(), !fast.has_move());
                    if legal.is_empty() {
                        break;
                    }
                    let pick = legal[rng.below(legal.len())];
                    let mv = fast.move_at(pick.cell).unwrap();
                    let before = game.score();
                    game.play(pick.cell).unwrap();
                    let pts = fast.play(mv, &mut scratch).unwrap() + fast.end_bonus();
                    assert_eq!(game.score() - before, pts);
                    assert_eq!(&fast.to_board(), game.board());
                }
            }
        }
    }

    #[test]
    fn playouts_end_with_no_move_left() {
        let board = random_board(15, 15, 5, 3).unwrap();
        let start = FastBoard::from_board(&board, RemovalPolicy::Classic).unwrap();
        let mut scratch = Scratch::default();
        let mut rng = FastRng::new(1);
        for _ in 0..50 {
            let mut b = start.clone();
            let mut line = Vec::new();
            let score = b.playout(&mut rng, &mut scratch, Some(&mut line));
            assert!(!b.has_move());
            // Replaying the recorded line gives the same score.
            let mut again = start.clone();
            let total: u64 = line
                .iter()
                .map(|&m| again.play(m, &mut scratch).unwrap())
                .sum();
            assert_eq!(total + again.end_bonus(), score);
        }
    }
}
