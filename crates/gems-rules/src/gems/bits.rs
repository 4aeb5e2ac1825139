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

mod gravity;
mod mask;
mod neighbours;
mod regroup;
mod rollout;

pub use mask::{Mask, flood};
pub use rollout::{Rollout, Tally, time_playouts};

use super::board::{Board, Cell};
use super::policy::RemovalPolicy;
use neighbours::paired_of;

/// Most rows the engine takes (bit 15 of every lane stays empty, so a flood's vertical shift
/// never carries a cell into the next column).
pub const MAX_BIT_ROWS: usize = 15;
/// Most columns the engine takes (one 16-bit lane each).
pub const MAX_BIT_COLS: usize = 16;
/// Most colours the engine takes (three bit-planes code them as 1 to 7; 0 is an empty cell).
pub const MAX_BIT_COLORS: usize = 7;

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

/// A SameGame position as bitboards: three bit-planes of each cell's colour code (the colour
/// index plus one; 0 where no gem is), so gravity squeezes three lanes per column whatever
/// the colours, and a position fits in 128 bytes (copied inline, not by a call).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BitBoard {
    /// Bit `i` of each cell's colour code.
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

/// Why a board cannot be played by the bitboard engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unsupported {
    /// More than 15 rows or 16 columns.
    TooLarge,
    /// More than 7 kinds of gem.
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
                for (i, plane) in b.planes.iter_mut().enumerate() {
                    if (color + 1) >> i & 1 != 0 {
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
        // Every code has a bit set, so its first plane bounds the set to cells holding a gem.
        let mut m = Mask([u64::MAX; 4]);
        for (i, plane) in self.planes.iter().enumerate() {
            m = if (c + 1) >> i & 1 != 0 {
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
        let [p0, p1, p2] = self.planes;
        p0.or(p1).or(p2)
    }

    /// Whether this is Classic scoring ((n−2)², 1000 for a cleared board).
    #[inline(always)]
    pub fn classic(&self) -> bool {
        self.classic
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
    #[inline(always)]
    pub fn color_at(&self, col: usize, h: usize) -> Option<u8> {
        let (word, shift) = (col / 4, (col % 4) * 16 + h);
        let bit = |m: &Mask| (m.0[word] >> shift) as u8 & 1;
        let [p0, p1, p2] = &self.planes;
        let code = bit(p0) | bit(p1) << 1 | bit(p2) << 2;
        code.checked_sub(1)
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
        self.push_groups(Mask::EMPTY, out);
    }

    /// Appends to `out` every legal move's group that has a cell outside `known`, colour by
    /// colour, each by its first such cell (`known` holds whole groups, listed already, and
    /// maybe cells of groups that have a cell outside it).
    fn push_groups(&self, known: Mask, out: &mut Vec<Group>) {
        // The cells a group of two or more may start from, of every colour at once.
        let starts = if self.min_group <= 1 {
            self.occupied()
        } else {
            paired_of(self.same_above_and_right())
        };
        let starts = starts.without(known);
        for c in 0..self.colors() {
            let all = self.mask(c);
            let mut left = all.and(starts);
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
        // SAFETY: without `PEXT`, `play_in` asks nothing of the processor.
        unsafe { self.play_in::<false>(group) }
    }

    /// [`BitBoard::play`], its gravity by BMI2's bit extraction when `PEXT` (see
    /// [`BitBoard::rollout_in`]), else lane by lane.
    ///
    /// # Safety
    /// With `PEXT`, the processor must have BMI2.
    #[inline(always)]
    unsafe fn play_in<const PEXT: bool>(&mut self, group: &Group) -> u32 {
        let c = group.color as usize;
        self.counts[c] -= group.size as u8;
        let cells = group.cells;
        #[cfg(target_arch = "x86_64")]
        let emptied = if PEXT {
            // SAFETY: the caller promises BMI2 with `PEXT`.
            unsafe { self.fall_bmi2(cells) }
        } else {
            self.fall(cells)
        };
        #[cfg(not(target_arch = "x86_64"))]
        let emptied = self.fall(cells);
        self.close(emptied);
        self.group_score(group.size) + self.end_bonus()
    }

    /// The colours with at least two gems and at least `percent`% of the most common colour's
    /// gems, in colour order: the colours worth keeping for last (the big group a line ends
    /// with scores the square of its size).
    pub fn colours_near_most(&self, percent: u32) -> Vec<usize> {
        let most = (0..self.colors()).map(|c| self.count(c)).max().unwrap_or(0);
        let floor = u64::from(most) * u64::from(percent.min(100));
        (0..self.colors())
            .filter(|&c| self.count(c) >= 2 && u64::from(self.count(c)) * 100 >= floor)
            .collect()
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

    /// A 64-bit hash of the position (equal positions, equal hashes), for finding duplicates.
    #[inline(always)]
    pub fn hash64(&self) -> u64 {
        let mut h: u64 = 0x243F_6A88_85A3_08D3;
        for m in &self.planes {
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

#[cfg(test)]
mod tests {
    use super::mask::squeeze4;
    use super::*;
    use crate::gems::fast::FastRng;
    use crate::gems::{Game, Player, random_board};

    #[test]
    fn lanes_squeeze_and_close() {
        assert_eq!(squeeze4(0b1011_0110, 0b0000_0110), 0b10_1100);
        assert_eq!(squeeze4(0x7FFF, 0x4001), 0x1FFF);
        // Four lanes at once; nothing crosses from one lane into the next.
        let four = 0x0001_7FFF_0003_0005;
        assert_eq!(squeeze4(four, 0b1), 0x0000_3FFF_0001_0002);
        // Runs of removed bits, against squeezing each lane one bit at a time.
        let mut rng = FastRng::new(7);
        for _ in 0..10_000 {
            let lanes = rng.next_u64() & 0x7FFF_7FFF_7FFF_7FFF;
            let removed = rng.next_u64() as u16 & 0x7FFF;
            let mut expected = 0u64;
            for lane in 0..4 {
                let (mut kept, mut out) = (0, 0u64);
                for bit in 0..15 {
                    if removed >> bit & 1 == 0 {
                        out |= (lanes >> (16 * lane + bit) & 1) << kept;
                        kept += 1;
                    }
                }
                expected |= out << (16 * lane);
            }
            assert_eq!(
                squeeze4(lanes, removed),
                expected,
                "{lanes:#x} {removed:#x}"
            );
        }
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
        assert_eq!(Mask::columns_below(5).columns(), 0b1_1111);
        assert_eq!(Mask::columns_below(0), Mask::EMPTY);
        assert_eq!(Mask::columns_below(16).columns(), 0xFFFF);
        assert_eq!(Mask::columns_below(20), Mask::columns_below(16));
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

    /// Seven colours fit the three planes' codes; an eighth is refused (the Expert then uses
    /// the byte engine).
    #[test]
    fn seven_kinds_fit_and_an_eighth_is_refused() {
        let seven = random_board(15, 15, 7, 3).unwrap();
        let (bits, kinds) = BitBoard::from_board(&seven, RemovalPolicy::Classic).unwrap();
        assert_eq!(kinds.len(), 7);
        assert_eq!(bits.remaining(), 225);
        assert_eq!(
            (0..7).map(|c| bits.mask(c).count()).sum::<u32>(),
            bits.occupied().count()
        );
        let eight = random_board(15, 15, 8, 3).unwrap();
        assert_eq!(
            BitBoard::from_board(&eight, RemovalPolicy::Classic).err(),
            Some(Unsupported::TooManyKinds)
        );
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
