//! The engine's cell sets: 256-bit masks, a column per 16-bit lane, with the shifts, floods and
//! lane squeezes the board's moves are made of.

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

    /// Every cell of the columns left of column `col` (none for column 0, all from 16 on).
    #[inline(always)]
    pub fn columns_below(col: usize) -> Mask {
        let bit = col.min(16) * 16;
        Mask(std::array::from_fn(|i| {
            let lo = i * 64;
            if bit >= lo + 64 {
                u64::MAX
            } else if bit <= lo {
                0
            } else {
                (1u64 << (bit - lo)) - 1
            }
        }))
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
    pub(super) fn set_lane(&mut self, col: usize, bits: u16) {
        let shift = (col % 4) * 16;
        let w = &mut self.0[col / 4];
        *w = (*w & !(0xFFFF << shift)) | (u64::from(bits) << shift);
    }

    /// Removes column `col`: the columns to its right slide one lane left.
    #[inline(always)]
    pub(super) fn remove_lane(&mut self, col: usize) {
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
/// the bits above a removed one move down over it. A run of removed bits is squeezed out in
/// one shift, the highest run first (what a shift brings into a lane's top from the next lane
/// is dropped: those top bits end empty, bit 15 of a lane never being a cell).
#[inline(always)]
pub(super) fn squeeze4(lanes: u64, removed: u16) -> u64 {
    const EVERY_LANE: u64 = 0x0001_0001_0001_0001;
    let mut x = lanes;
    let mut r = u32::from(removed);
    while r != 0 {
        // The highest run of removed bits: from `low` up to below `high`.
        let high = 32 - r.leading_zeros();
        let holes = !r & ((1 << high) - 1);
        let low = 32 - holes.leading_zeros();
        let below = u64::from((1u32 << low) - 1) * EVERY_LANE;
        let kept = u64::from((1u32 << (16 - (high - low))) - 1) * EVERY_LANE;
        x = (x & below) | ((x >> (high - low)) & !below & kept);
        r &= (1 << low) - 1;
    }
    x
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
