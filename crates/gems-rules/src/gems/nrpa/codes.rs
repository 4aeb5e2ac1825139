//! NRPA's move codes ([`Codes`]): what a policy keeps a weight for, a move's colour and the
//! cell its group starts at (Cazenave's code for SameGame) or a hash of its group's cells.

use crate::gems::bits::Group;

/// Move codes: 8 colours × 16 columns × 16 heights.
pub(super) const CODES: usize = 8 * 16 * 16;

/// Move codes hashed from a group's cells and colour.
const GROUP_CODES: usize = 1 << 16;

/// How a search codes a move (what its policy's weights are for).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Codes {
    /// The move's colour and the cell its group starts at (Cazenave's code; 2,048 codes).
    Cells,
    /// A hash of the group's cells and colour (65,536 codes): the same group wherever in the
    /// game it is taken, told from another group with the same first cell; two groups may
    /// share a code, so a line's moves are matched by code and cell.
    Groups,
}

impl Codes {
    /// How many codes a policy of this kind holds.
    pub(super) fn count(self) -> usize {
        match self {
            Codes::Cells => CODES,
            Codes::Groups => GROUP_CODES,
        }
    }

    /// Group `g`'s code of this kind.
    #[inline(always)]
    pub(super) fn of(self, g: &Group) -> u16 {
        match self {
            Codes::Cells => code_of(g),
            Codes::Groups => group_code(g),
        }
    }
}

/// A group's move code: its colour and the cell it starts at.
#[inline(always)]
fn code_of(g: &Group) -> u16 {
    let (col, h) = g.cells.first_cell().unwrap_or_default();
    (usize::from(g.color) * 256 + col * 16 + h) as u16
}

/// A group's hashed move code: its cells and colour mixed into 16 bits.
#[inline(always)]
fn group_code(g: &Group) -> u16 {
    let [a, b, c, d] = g.cells.0;
    let x = a
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(b.wrapping_mul(0xC2B2_AE3D_27D4_EB4F))
        .wrapping_add(c.wrapping_mul(0x1656_67B1_9E37_79F9))
        .wrapping_add(d.wrapping_mul(0x27D4_EB2F_1656_67C5))
        .wrapping_add(u64::from(g.color).wrapping_mul(0x85EB_CA77_C2B2_AE63));
    (x ^ x >> 29)
        .wrapping_mul(0xBF58_476D_1CE4_E5B9)
        .rotate_left(16) as u16
}
