//! The bitboard SameGame engine, for search: a board of at most 15 rows and 16 columns is a
//! few 256-bit [`Mask`]s (the cells holding a gem, and three bit-planes of their colours), a
//! column per 16-bit lane (bit 0 at the bottom). A group is found by a flood fill of whole
//! masks (a cell's neighbours are one bit or one lane away), gravity squeezes the removed bits
//! out of each touched column's four lanes at once, and an emptied column is a lane the lanes
//! to its right slide over.
//!
//! It plays the Chained and Classic policies (the connected-group rules), and agrees with the
//! rules engine move for move (tested on random games). Nothing allocates: a board is a
//! `Copy` value of a few hundred bytes.

use super::board::{Board, Cell};
use super::fast::FastRng;
use super::policy::RemovalPolicy;

/// Most rows the engine takes (bit 15 of every lane stays empty, so a flood's vertical shift
/// never carries a cell into the next column).
pub const MAX_BIT_ROWS: usize = 15;
/// Most columns the engine takes (one 16-bit lane each).
pub const MAX_BIT_COLS: usize = 16;
/// Most colours the engine takes.
pub const MAX_BIT_COLORS: usize = 8;

/// A set of cells: 16 columns of 16 bits in four words, column `c`'s cell `h` rows up from
/// the bottom at bit `16 (c % 4) + h` of word `c / 4`. Bit 15 of a lane is never a cell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(align(32))]
pub struct Mask(pub [u64; 4]);

/// Bit 15 of every lane of a word.
const LANE_TOPS: u64 = 0x8000_8000_8000_8000;
/// Bits 0 to 14 of every lane of a word.
const LANE_CELLS: u64 = 0x7FFF_7FFF_7FFF_7FFF;

impl Mask {
    /// No cell.
    pub const EMPTY: Mask = Mask([0; 4]);

    /// The one cell at column `col`, height `h`.
    #[inline(always)]
    pub fn cell(col: usize, h: usize) -> Mask {
        let mut m = Mask::EMPTY;
        m.0[col / 4] = 1 << ((col % 4) * 16 + h);
        m
    }

    /// Whether the cell at column `col`, height `h` is in the set.
    #[inline(always)]
    pub fn has(&self, col: usize, h: usize) -> bool {
        self.0[col / 4] >> ((col % 4) * 16 + h) & 1 != 0
    }

    /// Word by word, `f` of both sets' words.
    #[inline(always)]
    fn zip(self, o: Mask, f: impl Fn(u64, u64) -> u64) -> Mask {
        Mask([
            f(self.0[0], o.0[0]),
            f(self.0[1], o.0[1]),
            f(self.0[2], o.0[2]),
            f(self.0[3], o.0[3]),
        ])
    }

    /// Cells in both.
    #[inline(always)]
    pub fn and(self, o: Mask) -> Mask {
        self.zip(o, |a, b| a & b)
    }

    /// Cells in either.
    #[inline(always)]
    pub fn or(self, o: Mask) -> Mask {
        self.zip(o, |a, b| a | b)
    }

    /// Cells in exactly one.
    #[inline(always)]
    pub fn xor(self, o: Mask) -> Mask {
        self.zip(o, |a, b| a ^ b)
    }

    /// Cells of `self` not in `o`.
    #[inline(always)]
    pub fn without(self, o: Mask) -> Mask {
        self.zip(o, |a, b| a & !b)
    }

    /// Each cell moved one row down (the bottom row's cells leave their lane's bit 0 for the
    /// previous lane's bit 15, where no cell is).
    #[inline(always)]
    pub fn down(self) -> Mask {
        Mask(self.0.map(|w| w >> 1))
    }

    /// Each cell moved one row up.
    #[inline(always)]
    pub fn up(self) -> Mask {
        Mask(self.0.map(|w| w << 1))
    }

    /// Each cell moved one column left (column 0's cells leave the set).
    #[inline(always)]
    pub fn left(self) -> Mask {
        let w = self.0;
        Mask([
            w[0] >> 16 | w[1] << 48,
            w[1] >> 16 | w[2] << 48,
            w[2] >> 16 | w[3] << 48,
            w[3] >> 16,
        ])
    }

    /// Each cell moved one column right (column 15's cells leave the set).
    #[inline(always)]
    pub fn right(self) -> Mask {
        let w = self.0;
        Mask([
            w[0] << 16,
            w[1] << 16 | w[0] >> 48,
            w[2] << 16 | w[1] >> 48,
            w[3] << 16 | w[2] >> 48,
        ])
    }

    /// No cell at all.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }

    /// Bit `c` set for each column `c` holding a cell of the set.
    #[inline(always)]
    pub fn columns(&self) -> u32 {
        let mut bits = 0;
        for (i, &w) in self.0.iter().enumerate() {
            // A lane's bit 15 is set by the addition exactly when the lane is not empty (no
            // carry leaves a lane: both halves are at most 0x7FFF); then the four tops are
            // gathered by one multiplication into bits 45 to 48.
            let tops = ((w & LANE_CELLS) + LANE_CELLS) & LANE_TOPS;
            let four = ((tops >> 15).wrapping_mul(0x0000_2000_4000_8001) >> 45) & 0xF;
            bits |= (four as u32) << (4 * i);
        }
        bits
    }

    /// Number of cells.
    #[inline(always)]
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// The set's first cell (lowest column, then lowest height) alone.
    #[inline(always)]
    pub fn first(&self) -> Mask {
        let mut m = Mask::EMPTY;
        for i in 0..4 {
            if self.0[i] != 0 {
                m.0[i] = self.0[i] & self.0[i].wrapping_neg();
                break;
            }
        }
        m
    }

    /// The first cell as (column, height); `None` for the empty set.
    #[inline(always)]
    pub fn first_cell(&self) -> Option<(usize, usize)> {
        (0..4).find(|&i| self.0[i] != 0).map(|i| {
            let bit = self.0[i].trailing_zeros() as usize;
            (i * 4 + bit / 16, bit % 16)
        })
    }

    /// The set and every cell next to it (up, down, left, right). The upward shift may put a
    /// cell in a lane's bit 15, which no board cell uses, so masking with a board's cells drops
    /// it.
    #[inline(always)]
    pub fn spread(self) -> Mask {
        self.or(self.up())
            .or(self.down())
            .or(self.left())
            .or(self.right())
    }

    /// The cells of `self` that have a neighbour in `self`.
    #[inline(always)]
    pub fn paired(self) -> Mask {
        self.and(self.up().or(self.down()).or(self.left()).or(self.right()))
    }

    /// The first cell of the set in column `col` or to its right, else the set's first cell.
    #[inline(always)]
    pub fn first_cell_from(&self, col: usize) -> Option<(usize, usize)> {
        let mut tail = *self;
        for i in 0..4 {
            let lo = i * 4;
            if col >= lo + 4 {
                tail.0[i] = 0;
            } else if col > lo {
                tail.0[i] &= u64::MAX << ((col - lo) * 16);
            }
        }
        tail.first_cell().or_else(|| self.first_cell())
    }

    /// Column `col`'s 16 bits.
    #[inline(always)]
    pub fn lane(&self, col: usize) -> u16 {
        (self.0[col / 4] >> ((col % 4) * 16)) as u16
    }

    /// Replaces column `col`'s 16 bits.
    #[inline(always)]
    fn set_lane(&mut self, col: usize, bits: u16) {
        let shift = (col % 4) * 16;
        let w = &mut self.0[col / 4];
        *w = (*w & !(0xFFFF << shift)) | (u64::from(bits) << shift);
    }

    /// Removes column `col`: the columns to its right slide one lane left.
    #[inline(always)]
    fn remove_lane(&mut self, col: usize) {
        let shifted = self.left();
        for i in 0..4 {
            let lo = i * 4;
            // Bits of this word below the removed lane stay; the rest come from the right.
            let keep = if col < lo {
                0
            } else if col >= lo + 4 {
                u64::MAX
            } else {
                (1u64 << ((col - lo) * 16)) - 1
            };
            self.0[i] = (self.0[i] & keep) | (shifted.0[i] & !keep);
        }
    }
}

/// Squeezes the bits at `removed` out of each of the four 16-bit lanes packed in `lanes`:
/// the bits above a removed one move down over it (bit 15 of a lane is never a cell, so what
/// a shift brings in there from the next lane is dropped).
#[inline(always)]
fn squeeze4(lanes: u64, removed: u16) -> u64 {
    const EVERY_LANE: u64 = 0x0001_0001_0001_0001;
    const NO_TOP: u64 = 0x7FFF_7FFF_7FFF_7FFF;
    let mut x = lanes;
    let mut r = removed;
    while r != 0 {
        let top = 15 - r.leading_zeros();
        let low = (1u16 << top) - 1;
        let below = u64::from(low) * EVERY_LANE;
        x = (x & below) | ((x >> 1) & !below & NO_TOP);
        r &= low;
    }
    x
}

/// A group of a position: its cells, colour and size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Group {
    /// Its cells.
    pub cells: Mask,
    /// Its colour index.
    pub color: u8,
    /// Its number of cells.
    pub size: u32,
}

/// A SameGame position as bitboards: the cells holding a gem, and three bit-planes of each
/// gem's colour index (so gravity squeezes four lanes per column whatever the colours).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BitBoard {
    /// Cells holding a gem.
    occupied: Mask,
    /// Bit `i` of each gem's colour index.
    planes: [Mask; 3],
    /// Colours in use.
    colors: u8,
    /// Gems left of each colour.
    counts: [u8; MAX_BIT_COLORS],
    /// Columns still holding gems (packed to the left).
    cols: u8,
    /// The original board's rows (to name cells in its coordinates).
    rows: u8,
    /// Smallest removable group (2 for Classic, 1 for Chained).
    min_group: u8,
    /// Classic scoring: (n−2)² and 1000 for a cleared board (else n²).
    classic: bool,
}

/// A selective random policy for playouts: the target colour is kept for last (its moves are
/// played only when no other colour has one) until few gems remain, and a move that would
/// leave a colour with a single gem (which can then never be removed) is played only when
/// nothing else is left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rollout {
    /// The colour kept for last.
    pub target: usize,
    /// At or below this many gems left, every colour is played alike.
    pub release: u32,
    /// Whether moves that leave a lone gem of their colour are put off.
    pub avoid_lone: bool,
    /// When above 1: up to this many moves are drawn, and the one leaving the fewest gems of
    /// other colours than the target without a neighbour of their colour is played (on a tie,
    /// the bigger group).
    pub choices: u32,
}

/// Why a board cannot be played by the bitboard engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unsupported {
    /// More than 15 rows or 16 columns.
    TooLarge,
    /// More than 8 kinds of gem.
    TooManyKinds,
    /// A policy whose groups are not connected groups (Single, Adjacent, WholeRowCol).
    Policy,
}

impl BitBoard {
    /// Converts a rules board for `policy`; the colours are numbered in order of first
    /// appearance (`kinds` gives each colour's rules kind).
    pub fn from_board(
        board: &Board,
        policy: RemovalPolicy,
    ) -> Result<(BitBoard, Vec<u32>), Unsupported> {
        if !policy.groups_partition_board() {
            return Err(Unsupported::Policy);
        }
        if board.rows() > MAX_BIT_ROWS || board.cols() > MAX_BIT_COLS {
            return Err(Unsupported::TooLarge);
        }
        let mut kinds: Vec<u32> = Vec::new();
        let mut b = BitBoard {
            occupied: Mask::EMPTY,
            planes: [Mask::EMPTY; 3],
            colors: 0,
            counts: [0; MAX_BIT_COLORS],
            cols: 0,
            rows: board.rows() as u8,
            min_group: policy.min_group() as u8,
            classic: policy == RemovalPolicy::Classic,
        };
        let mut col_out = 0;
        for c in 0..board.cols() {
            // Bottom-up; gems above a hole drop onto it (a loaded board may not be settled).
            let mut h = 0;
            for r in (0..board.rows()).rev() {
                let Some(kind) = board.kind_at(Cell::new(r, c)) else {
                    continue;
                };
                let color = match kinds.iter().position(|&k| k == kind) {
                    Some(i) => i,
                    None if kinds.len() < MAX_BIT_COLORS => {
                        kinds.push(kind);
                        kinds.len() - 1
                    }
                    None => return Err(Unsupported::TooManyKinds),
                };
                let cell = Mask::cell(col_out, h);
                b.occupied = b.occupied.or(cell);
                for (i, plane) in b.planes.iter_mut().enumerate() {
                    if color >> i & 1 != 0 {
                        *plane = plane.or(cell);
                    }
                }
                b.counts[color] += 1;
                h += 1;
            }
            if h > 0 {
                col_out += 1;
            }
        }
        b.cols = col_out as u8;
        b.colors = kinds.len() as u8;
        Ok((b, kinds))
    }

    /// Colours in use (some may have no gem left).
    #[inline(always)]
    pub fn colors(&self) -> usize {
        self.colors as usize
    }

    /// Colour `c`'s cells.
    #[inline(always)]
    pub fn mask(&self, c: usize) -> Mask {
        let mut m = self.occupied;
        for (i, plane) in self.planes.iter().enumerate() {
            m = if c >> i & 1 != 0 {
                m.and(*plane)
            } else {
                m.without(*plane)
            };
        }
        m
    }

    /// Gems left of colour `c`.
    #[inline(always)]
    pub fn count(&self, c: usize) -> u32 {
        u32::from(self.counts[c])
    }

    /// Gems left.
    #[inline(always)]
    pub fn remaining(&self) -> u32 {
        self.counts.iter().map(|&n| u32::from(n)).sum()
    }

    /// Columns still holding gems.
    #[inline(always)]
    pub fn columns(&self) -> usize {
        self.cols as usize
    }

    /// Every cell holding a gem.
    #[inline(always)]
    pub fn occupied(&self) -> Mask {
        self.occupied
    }

    /// Whether this is Classic scoring ((n−2)², 1000 for a cleared board).
    #[inline(always)]
    pub fn classic(&self) -> bool {
        self.classic
    }

    /// The cells whose upper or right neighbour holds a gem of the same colour: a cell of every
    /// group of two or more, whatever its colour.
    #[inline(always)]
    pub fn twins(&self) -> Mask {
        let (above, right) = self.same_above_and_right();
        above.or(right)
    }

    /// The cells whose upper neighbour holds a gem of the same colour, and those whose right
    /// neighbour does.
    #[inline(always)]
    fn same_above_and_right(&self) -> (Mask, Mask) {
        let [p0, p1, p2] = self.planes;
        let occ = self.occupied;
        // Whether a cell's colour differs from the one above it, or the one to its right.
        let differ =
            |next: fn(Mask) -> Mask| p0.xor(next(p0)).or(p1.xor(next(p1))).or(p2.xor(next(p2)));
        let above = occ.and(occ.down()).without(differ(Mask::down));
        let right = occ.and(occ.left()).without(differ(Mask::left));
        (above, right)
    }

    /// The gems with no neighbour of their own colour.
    #[inline(always)]
    pub fn lone_cells(&self) -> Mask {
        let (above, right) = self.same_above_and_right();
        let paired = above.or(above.up()).or(right).or(right.right());
        self.occupied.without(paired)
    }

    /// The smallest group a move may remove.
    #[inline(always)]
    pub fn min_group(&self) -> u32 {
        u32::from(self.min_group)
    }

    /// Points for removing a group of `n` gems (without the clear bonus).
    #[inline(always)]
    pub fn group_score(&self, n: u32) -> u32 {
        if self.classic {
            let k = n.saturating_sub(2);
            k * k
        } else {
            n * n
        }
    }

    /// Points for how the game ended (Classic: 1000 for a cleared board).
    #[inline(always)]
    pub fn end_bonus(&self) -> u32 {
        if self.classic && self.remaining() == 0 {
            1000
        } else {
            0
        }
    }

    /// The colour at column `col`, height `h`, if a gem is there.
    pub fn color_at(&self, col: usize, h: usize) -> Option<u8> {
        self.occupied.has(col, h).then(|| {
            let bits = self.planes.iter().enumerate();
            bits.map(|(i, p)| u8::from(p.has(col, h)) << i).sum()
        })
    }

    /// The group holding column `col`, height `h` (empty if no gem is there).
    #[inline(always)]
    pub fn group_at(&self, col: usize, h: usize) -> Option<Group> {
        let color = self.color_at(col, h)?;
        let within = self.mask(color as usize);
        let cells = flood(Mask::cell(col, h), within);
        Some(Group {
            cells,
            color,
            size: cells.count(),
        })
    }

    /// Every legal move, one per group, into `out` (cleared first): groups of at least the
    /// policy's smallest size, colour by colour, each by its first cell.
    pub fn groups(&self, out: &mut Vec<Group>) {
        out.clear();
        for c in 0..self.colors() {
            let all = self.mask(c);
            let mut left = if self.min_group <= 1 {
                all
            } else {
                all.paired()
            };
            while !left.is_empty() {
                let cells = flood(left.first(), all);
                left = left.without(cells);
                out.push(Group {
                    cells,
                    color: c as u8,
                    size: cells.count(),
                });
            }
        }
    }

    /// Whether any legal move remains.
    #[inline(always)]
    pub fn has_move(&self) -> bool {
        if self.min_group <= 1 {
            return self.remaining() > 0;
        }
        (0..self.colors()).any(|c| !self.mask(c).paired().is_empty())
    }

    /// Removes `group` (a group of this position, of at least the smallest size): the gems
    /// above fall and emptied columns close. Returns its points (the clear bonus included).
    #[inline(always)]
    pub fn play(&mut self, group: &Group) -> u32 {
        let c = group.color as usize;
        self.counts[c] -= group.size as u8;
        let cells = group.cells;
        let mut emptied = 0u32;
        let mut touched = cells.columns();
        while touched != 0 {
            let col = touched.trailing_zeros() as usize;
            touched &= touched - 1;
            let p = &self.planes;
            let lanes = u64::from(self.occupied.lane(col))
                | u64::from(p[0].lane(col)) << 16
                | u64::from(p[1].lane(col)) << 32
                | u64::from(p[2].lane(col)) << 48;
            let lanes = squeeze4(lanes, cells.lane(col));
            self.occupied.set_lane(col, lanes as u16);
            for (i, plane) in self.planes.iter_mut().enumerate() {
                plane.set_lane(col, (lanes >> (16 * (i + 1))) as u16);
            }
            if lanes as u16 == 0 {
                emptied |= 1 << col;
            }
        }
        // Close emptied columns, rightmost first so the lower indices stay valid.
        while emptied != 0 {
            let col = 31 - emptied.leading_zeros() as usize;
            emptied &= !(1 << col);
            self.occupied.remove_lane(col);
            for plane in &mut self.planes {
                plane.remove_lane(col);
            }
            self.cols -= 1;
        }
        self.group_score(group.size) + self.end_bonus()
    }

    /// The colour with the most gems (the first of them on a tie): the "tabu" colour of
    /// playouts.
    pub fn most_common_color(&self) -> usize {
        let mut best = 0;
        for c in 1..self.colors() {
            if self.counts[c] > self.counts[best] {
                best = c;
            }
        }
        best
    }

    /// Plays random moves to the end and returns the points scored (the clear bonus included):
    /// the TabuColorRandom policy of the SameGame literature, exactly as the byte engine's
    /// [`FastBoard::playout`](super::fast::FastBoard::playout) plays it (from a random column,
    /// the first cell of a group, bottom-up and column by column, avoiding the most common
    /// colour while another remains). When `record` is given, each move's group is appended.
    pub fn playout(&mut self, rng: &mut FastRng, record: Option<&mut Vec<Group>>) -> u32 {
        let tabu = self.most_common_color();
        self.playout_avoiding(tabu, rng, record)
    }

    /// [`BitBoard::playout`] avoiding colour `tabu` while another colour has a move.
    #[inline(always)]
    pub fn playout_avoiding(
        &mut self,
        tabu: usize,
        rng: &mut FastRng,
        mut record: Option<&mut Vec<Group>>,
    ) -> u32 {
        let mut score = 0;
        while self.cols > 0 {
            let start = rng.below(self.columns());
            let playable = if self.min_group <= 1 {
                self.occupied
            } else {
                self.twins()
            };
            let tabu_cells = self.mask(tabu);
            let (good, bad) = (playable.without(tabu_cells), playable.and(tabu_cells));
            let pick = if good.is_empty() { bad } else { good };
            let Some((col, h)) = pick.first_cell_from(start) else {
                break;
            };
            let Some(group) = self.group_at(col, h) else {
                break;
            };
            score += self.play(&group);
            if let Some(r) = record.as_deref_mut() {
                r.push(group);
            }
        }
        score
    }

    /// Plays a game to its end by the selective random policy `rollout` (see [`Rollout`]);
    /// returns the points scored (the clear bonus included). When `record` is given, each
    /// move's first cell is appended.
    #[inline(always)]
    pub fn rollout(
        &mut self,
        rollout: &Rollout,
        rng: &mut FastRng,
        mut record: Option<&mut Vec<(u8, u8)>>,
    ) -> u32 {
        let mut score = 0;
        while self.cols > 0 {
            let start = rng.below(self.columns());
            let playable = if self.min_group <= 1 {
                self.occupied
            } else {
                self.twins()
            };
            if playable.is_empty() {
                break;
            }
            let held = if self.remaining() > rollout.release {
                self.mask(rollout.target)
            } else {
                Mask::EMPTY
            };
            let mut last_resort = None;
            let mut chosen = None;
            // The chosen move's board and points, when drawing moves played it already.
            let mut played: Option<(BitBoard, u32)> = None;
            let mut fewest = u32::MAX;
            let choices = rollout.choices.max(1);
            'sets: for mut set in [playable.without(held), playable.and(held)] {
                let mut drawn = 0;
                let mut from = start;
                while let Some((col, h)) = set.first_cell_from(from) {
                    let Some(g) = self.group_at(col, h) else {
                        break;
                    };
                    set = set.without(g.cells);
                    if rollout.avoid_lone && self.count(g.color as usize) == g.size + 1 {
                        last_resort.get_or_insert(g);
                        continue;
                    }
                    if choices == 1 {
                        chosen = Some(g);
                        break 'sets;
                    }
                    let mut after = *self;
                    let points = after.play(&g);
                    // Fewest lone gems; on a tie, the bigger group.
                    let lone = after
                        .lone_cells()
                        .without(after.mask(rollout.target))
                        .count();
                    let lone = lone * 64 + 32 - g.size.min(32);
                    if lone < fewest {
                        fewest = lone;
                        chosen = Some(g);
                        played = Some((after, points));
                    }
                    drawn += 1;
                    if drawn == choices {
                        break;
                    }
                    from = rng.below(self.columns());
                }
                if chosen.is_some() {
                    break;
                }
            }
            let Some(group) = chosen.or(last_resort) else {
                break;
            };
            match played.filter(|_| chosen.is_some()) {
                Some((after, points)) => {
                    *self = after;
                    score += points;
                }
                None => score += self.play(&group),
            }
            if let Some(r) = record.as_deref_mut() {
                let (col, h) = group.cells.first_cell().unwrap_or_default();
                r.push((col as u8, h as u8));
            }
        }
        score
    }

    /// A 64-bit hash of the position (equal positions, equal hashes), for finding duplicates.
    #[inline(always)]
    pub fn hash64(&self) -> u64 {
        let mut h: u64 = 0x243F_6A88_85A3_08D3;
        for m in std::iter::once(&self.occupied).chain(&self.planes) {
            for &w in &m.0 {
                h = (h ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                h ^= h >> 29;
            }
        }
        h
    }

    /// The rules cell of column `col`, height `h`, on a board of the original size.
    #[inline(always)]
    pub fn cell_of(&self, col: usize, h: usize) -> Cell {
        Cell::new(self.rows as usize - 1 - h, col)
    }

    /// The (column, height) of a rules cell, if it holds a gem.
    pub fn at_cell(&self, cell: Cell) -> Option<(usize, usize)> {
        let h = (self.rows as usize).checked_sub(cell.row + 1)?;
        (cell.col < self.columns() && self.color_at(cell.col, h).is_some()).then_some((cell.col, h))
    }
}

/// The connected cells of `within` reached from `seed`. Written out word by word: the four
/// words stay in registers, and the "did it grow?" test is plain arithmetic (comparing the
/// masks as arrays stored them to memory and read them back as vectors, a stall each round).
#[inline(always)]
pub fn flood(seed: Mask, within: Mask) -> Mask {
    let [m0, m1, m2, m3] = within.0;
    let [mut g0, mut g1, mut g2, mut g3] = seed.and(within).0;
    loop {
        let n0 = (g0 | g0 << 1 | g0 >> 1 | g0 >> 16 | g1 << 48 | g0 << 16) & m0;
        let n1 = (g1 | g1 << 1 | g1 >> 1 | g1 >> 16 | g2 << 48 | g1 << 16 | g0 >> 48) & m1;
        let n2 = (g2 | g2 << 1 | g2 >> 1 | g2 >> 16 | g3 << 48 | g2 << 16 | g1 >> 48) & m2;
        let n3 = (g3 | g3 << 1 | g3 >> 1 | g3 >> 16 | g3 << 16 | g2 >> 48) & m3;
        if (n0 ^ g0) | (n1 ^ g1) | (n2 ^ g2) | (n3 ^ g3) == 0 {
            return Mask([g0, g1, g2, g3]);
        }
        (g0, g1, g2, g3) = (n0, n1, n2, n3);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gems::{Game, Player, random_board};

    #[test]
    fn lanes_squeeze_and_close() {
        assert_eq!(squeeze4(0b1011_0110, 0b0000_0110), 0b10_1100);
        assert_eq!(squeeze4(0x7FFF, 0x4001), 0x1FFF);
        // Four lanes at once; nothing crosses from one lane into the next.
        let four = 0x0001_7FFF_0003_0005;
        assert_eq!(squeeze4(four, 0b1), 0x0000_3FFF_0001_0002);
        let mut m = Mask::EMPTY;
        for col in 0..16 {
            m.set_lane(col, col as u16 + 1);
        }
        assert_eq!(m.columns(), 0xFFFF);
        assert_eq!(
            Mask::cell(9, 14).or(Mask::cell(0, 0)).columns(),
            0b10_0000_0001
        );
        m.remove_lane(5);
        for col in 0..15 {
            let want = if col < 5 { col + 1 } else { col + 2 };
            assert_eq!(m.lane(col), want as u16, "column {col}");
        }
        assert_eq!(m.lane(15), 0);
        assert_eq!(Mask::cell(7, 3).first_cell(), Some((7, 3)));
        assert_eq!(Mask::cell(7, 3).spread().count(), 5);
        // The top of column 0 (height 14) and the bottom of column 1 are not neighbours,
        // though their bits are two apart.
        let board = Mask::cell(0, 14).or(Mask::cell(1, 0));
        assert_eq!(flood(Mask::cell(0, 14), board).count(), 1);
        assert_eq!(flood(Mask::cell(1, 0), board).count(), 1);
        assert!(board.paired().is_empty());
    }

    /// The same random number generator gives the same playout on both engines.
    #[test]
    fn playouts_match_the_byte_engine() {
        use crate::gems::fast::{FastBoard, Scratch};
        let mut scratch = Scratch::default();
        for seed in 0..40u64 {
            let policy = if seed % 3 == 0 {
                RemovalPolicy::Chained
            } else {
                RemovalPolicy::Classic
            };
            let board = random_board(15, 15, 2 + seed as u32 % 5, seed).unwrap();
            let (mut bits, _) = BitBoard::from_board(&board, policy).unwrap();
            let mut bytes = FastBoard::from_board(&board, policy).unwrap();
            let (mut r1, mut r2) = (FastRng::new(seed), FastRng::new(seed));
            let mut line = Vec::new();
            let a = bits.playout(&mut r1, Some(&mut line));
            let b = bytes.playout(&mut r2, &mut scratch, None);
            assert_eq!(u64::from(a), b, "seed {seed}");
            assert_eq!(bits.remaining(), bytes.remaining());
            assert!(!bits.has_move());
            assert_eq!(
                line.iter().map(|g| g.size).sum::<u32>() + bits.remaining(),
                225
            );
        }
    }

    /// Plays random games on both engines side by side: the same groups, the same points, the
    /// same boards after every move.
    #[test]
    fn bitboards_match_the_rules_engine() {
        for (seed, policy) in (0..60)
            .flat_map(|s| [RemovalPolicy::Classic, RemovalPolicy::Chained].map(move |p| (s, p)))
        {
            let (rows, cols, kinds) = (
                1 + seed as usize % 15,
                1 + (seed as usize * 7) % 16,
                2 + seed % 6,
            );
            let board = random_board(rows, cols, kinds as u32, seed).unwrap();
            let (mut bits, kinds) = BitBoard::from_board(&board, policy).unwrap();
            let mut game = Game::new(board.clone(), policy, Player::Interactive);
            let mut groups = Vec::new();
            let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            loop {
                bits.groups(&mut groups);
                let rules_moves = crate::gems::legal_moves(game.board(), policy);
                assert_eq!(groups.len(), rules_moves.len(), "seed {seed} {policy:?}");
                assert_eq!(bits.has_move(), !groups.is_empty());
                if groups.is_empty() {
                    break;
                }
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                let g = groups[(rng % groups.len() as u64) as usize];
                let (col, h) = g.cells.first_cell().unwrap();
                let cell = bits.cell_of(col, h);
                let outcome = game.play(cell).unwrap();
                assert_eq!(u64::from(bits.play(&g)), outcome.points, "seed {seed}");
                // Same board: every cell's kind agrees.
                let b = game.board();
                for r in 0..b.rows() {
                    for c in 0..b.cols() {
                        let want = b.kind_at(Cell::new(r, c));
                        let h = b.rows() - 1 - r;
                        let got = (c < bits.columns())
                            .then(|| bits.color_at(c, h))
                            .flatten()
                            .map(|k| kinds[k as usize]);
                        assert_eq!(got, want, "seed {seed} cell ({r},{c})");
                    }
                }
                assert_eq!(bits.remaining() as usize, b.gem_count());
            }
        }
    }
}
