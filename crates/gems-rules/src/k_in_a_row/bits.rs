//! Sets of board cells as bit masks: [`Bits`] holds any board up to 19×19 (bit
//! `row * size + col`), and the search works on a [`Mask`], either a plain `u64` (boards of at
//! most 64 cells, the fastest) or [`Bits`].

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

/// Words in a [`Bits`]: 6 × 64 = 384 bits, enough for 19 × 19 = 361 cells.
const WORDS: usize = 6;

/// The most cells a board can have (19 × 19).
pub const MAX_CELLS: usize = 361;

/// A set of cells of a board, one bit per cell (`row * size + col`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bits([u64; WORDS]);

impl Bits {
    /// No cell.
    pub const EMPTY: Bits = Bits([0; WORDS]);

    /// The set of cells `0..n`.
    pub fn first_n(n: usize) -> Bits {
        let mut b = Bits::EMPTY;
        for (w, word) in b.0.iter_mut().enumerate() {
            let lo = w * 64;
            *word = match n.saturating_sub(lo) {
                0 => 0,
                m if m >= 64 => u64::MAX,
                m => (1u64 << m) - 1,
            };
        }
        b
    }

    /// The set holding cell `i` alone (`i` below 384).
    pub fn single(i: usize) -> Bits {
        let mut b = Bits::EMPTY;
        b.0[i / 64] = 1u64 << (i % 64);
        b
    }

    /// Whether cell `i` is in the set.
    pub fn contains(&self, i: usize) -> bool {
        i < WORDS * 64 && self.0[i / 64] & (1u64 << (i % 64)) != 0
    }

    /// How many cells the set holds.
    pub fn count_ones(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The lowest cell of the set, if any.
    pub fn first(&self) -> Option<usize> {
        self.0
            .iter()
            .position(|&w| w != 0)
            .map(|w| w * 64 + self.0[w].trailing_zeros() as usize)
    }

    /// The cells of the set, lowest first.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(w, &word)| {
            let mut rest = word;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let i = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    w * 64 + i
                })
            })
        })
    }
}

impl fmt::Debug for Bits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl BitAnd for Bits {
    type Output = Bits;
    fn bitand(mut self, rhs: Bits) -> Bits {
        self &= rhs;
        self
    }
}

impl BitOr for Bits {
    type Output = Bits;
    fn bitor(mut self, rhs: Bits) -> Bits {
        self |= rhs;
        self
    }
}

impl BitAndAssign for Bits {
    fn bitand_assign(&mut self, rhs: Bits) {
        for (a, b) in self.0.iter_mut().zip(rhs.0) {
            *a &= b;
        }
    }
}

impl BitOrAssign for Bits {
    fn bitor_assign(&mut self, rhs: Bits) {
        for (a, b) in self.0.iter_mut().zip(rhs.0) {
            *a |= b;
        }
    }
}

impl Not for Bits {
    type Output = Bits;
    fn not(self) -> Bits {
        Bits(self.0.map(|w| !w))
    }
}

/// The cell sets the search works on: a `u64` for boards of at most 64 cells, [`Bits`] for
/// any board. Cells outside the board are never set by the search.
pub(crate) trait Mask:
    Copy
    + Eq
    + Send
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + BitOrAssign
{
    /// No cell.
    const ZERO: Self;
    /// A score per cell (the search's move ordering), on the stack.
    type Scores: AsMut<[i32]> + AsRef<[i32]>;
    /// Moves with their ordering keys, on the stack.
    type Moves: AsMut<[(i32, u16)]>;
    /// Scores of zero for every cell.
    fn scores() -> Self::Scores;
    /// Room for a move per cell.
    fn moves() -> Self::Moves;
    /// The mask of a board's cell set.
    fn from_bits(bits: &Bits) -> Self;
    /// The set holding cell `i` alone.
    fn single(i: usize) -> Self;
    /// How many cells the mask holds.
    fn count(self) -> u32;
    /// Whether the mask is empty.
    fn is_zero(self) -> bool;
    /// The lowest cell (the mask must not be empty).
    fn lowest(self) -> usize;
    /// Removes and returns the lowest cell (the mask must not be empty).
    fn pop(&mut self) -> usize;
}

impl Mask for u64 {
    const ZERO: u64 = 0;
    type Scores = [i32; 64];
    type Moves = [(i32, u16); 64];
    fn scores() -> [i32; 64] {
        [0; 64]
    }
    fn moves() -> [(i32, u16); 64] {
        [(0, 0); 64]
    }
    fn from_bits(bits: &Bits) -> u64 {
        bits.0[0]
    }
    fn single(i: usize) -> u64 {
        1u64 << i
    }
    fn count(self) -> u32 {
        self.count_ones()
    }
    fn is_zero(self) -> bool {
        self == 0
    }
    fn lowest(self) -> usize {
        self.trailing_zeros() as usize
    }
    fn pop(&mut self) -> usize {
        let i = self.trailing_zeros() as usize;
        *self &= *self - 1;
        i
    }
}

impl Mask for Bits {
    const ZERO: Bits = Bits::EMPTY;
    type Scores = [i32; MAX_CELLS];
    type Moves = [(i32, u16); MAX_CELLS];
    fn scores() -> [i32; MAX_CELLS] {
        [0; MAX_CELLS]
    }
    fn moves() -> [(i32, u16); MAX_CELLS] {
        [(0, 0); MAX_CELLS]
    }
    fn from_bits(bits: &Bits) -> Bits {
        *bits
    }
    fn single(i: usize) -> Bits {
        Bits::single(i)
    }
    fn count(self) -> u32 {
        self.count_ones()
    }
    fn is_zero(self) -> bool {
        self.is_empty()
    }
    fn lowest(self) -> usize {
        self.first().unwrap_or(0)
    }
    fn pop(&mut self) -> usize {
        for (w, word) in self.0.iter_mut().enumerate() {
            if *word != 0 {
                let i = word.trailing_zeros() as usize;
                *word &= *word - 1;
                return w * 64 + i;
            }
        }
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_hold_cells_in_every_word() {
        let mut b = Bits::EMPTY;
        for i in [0, 63, 64, 200, 360] {
            b |= Bits::single(i);
        }
        assert_eq!(b.count_ones(), 5);
        assert_eq!(b.iter().collect::<Vec<_>>(), vec![0, 63, 64, 200, 360]);
        assert_eq!(b.first(), Some(0));
        assert!(b.contains(200) && !b.contains(201));
        let mut m = b;
        assert_eq!(Mask::pop(&mut m), 0);
        assert_eq!(m.lowest(), 63);
        assert_eq!(Bits::first_n(361).count_ones(), 361);
        assert_eq!(Bits::first_n(64).count_ones(), 64);
        assert!((Bits::first_n(100) & !Bits::first_n(100)).is_empty());
    }
}
