//! The transposition table: Zobrist-keyed entries that remember depth, bound type and best move.
//!
//! This table also serves the spec's "dictionary of evaluated states": a position seen before is
//! looked up by its Zobrist key instead of its state string.

/// What a stored value means relative to the true (depth-limited) value of the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The value is exact.
    Exact,
    /// The true value is at least the stored value (the search failed high).
    Lower,
    /// The true value is at most the stored value (the search failed low).
    Upper,
}

/// One remembered search result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The full Zobrist key of the position (0 in an unused slot).
    pub key: u64,
    /// The value, from the side to move's point of view, win/loss scores relative to this node.
    pub value: i32,
    /// Remaining depth the value was searched to ([`FULL_DEPTH`]: to the end of the game).
    pub depth: u8,
    /// How `value` bounds the true value.
    pub bound: Bound,
    /// The best move found (cell index), or `NO_MOVE`.
    pub best: u16,
}

/// A depth meaning "searched to the end of the game": the value involves no heuristic.
pub const FULL_DEPTH: u8 = 127;
/// No move stored.
pub const NO_MOVE: u16 = u16::MAX;

const EMPTY: Entry = Entry {
    key: 0,
    value: 0,
    depth: 0,
    bound: Bound::Upper,
    best: NO_MOVE,
};

/// A two-slot-per-bucket table: one slot keeps the deepest result, the other the latest.
pub struct Table {
    slots: Vec<Entry>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` entries.
    pub fn new(bits: u32) -> Table {
        let n = 1usize << bits;
        Table {
            slots: vec![EMPTY; n],
            mask: (n - 1) & !1,
        }
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.slots.fill(EMPTY);
    }

    /// The entry stored for `key`, if any.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let i = (key as usize) & self.mask;
        self.slots[i..i + 2]
            .iter()
            .find(|e| e.key == key && key != 0)
            .copied()
    }

    /// Stores `entry`: in the deep slot when at least as deep as what it holds (or the same
    /// position), otherwise in the always-replace slot.
    pub fn store(&mut self, entry: Entry) {
        let i = (entry.key as usize) & self.mask;
        let deep = self.slots[i];
        if deep.key == entry.key || entry.depth >= deep.depth {
            if deep.key != entry.key && deep.key != 0 {
                self.slots[i + 1] = deep;
            }
            self.slots[i] = entry;
        } else {
            self.slots[i + 1] = entry;
        }
    }

    /// How many slots hold an entry (for statistics).
    pub fn used(&self) -> usize {
        self.slots.iter().filter(|e| e.key != 0).count()
    }
}
