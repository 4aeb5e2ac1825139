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

/// One remembered search result (16 bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The full Zobrist key of the position (0 in an unused slot).
    pub key: u64,
    /// The value, from the side to move's point of view, win/loss scores relative to this node.
    pub value: i16,
    /// Remaining depth the value was searched to ([`FULL_DEPTH`]: to the end of the game).
    pub depth: u8,
    /// How `value` bounds the true value.
    pub bound: Bound,
    /// The best move found (cell index), or `NO_MOVE`.
    pub best: u16,
    /// How much work the entry stands for (the plies left to search below it): when a bucket
    /// is full, the entry standing for the least work goes first.
    pub work: u8,
    /// The search that stored it (entries of earlier searches go before any of this one's).
    pub generation: u8,
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
    work: 0,
    generation: 0,
};

/// Entries per bucket: four 16-byte entries share one 64-byte cache line.
const WAYS: usize = 4;

/// A four-way table: a position may sit in any slot of its bucket; a full bucket gives up the
/// entry of an earlier search first, then the one standing for the least work.
pub struct Table {
    slots: Vec<Entry>,
    mask: usize,
    generation: u8,
}

impl Table {
    /// A table of `2^bits` entries (at least one bucket).
    pub fn new(bits: u32) -> Table {
        let n = (1usize << bits).max(WAYS);
        Table {
            slots: vec![EMPTY; n],
            mask: (n - 1) & !(WAYS - 1),
            generation: 0,
        }
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.slots.fill(EMPTY);
    }

    /// Marks the start of a new search: entries stored before it are replaced first.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// The generation entries stored now get.
    pub fn generation(&self) -> u8 {
        self.generation
    }

    /// The entry stored for `key`, if any.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let i = (key as usize) & self.mask;
        self.slots[i..i + WAYS]
            .iter()
            .find(|e| e.key == key && key != 0)
            .copied()
    }

    /// Stores `entry` over the same position's entry, else in the bucket's first free slot,
    /// else over the entry of an earlier search or standing for the least work.
    pub fn store(&mut self, entry: Entry) {
        let i = (entry.key as usize) & self.mask;
        let generation = self.generation;
        let bucket = &mut self.slots[i..i + WAYS];
        let slot = match bucket.iter().position(|e| e.key == entry.key) {
            Some(same) => same,
            None => {
                let keep = |e: &Entry| {
                    if e.key == 0 {
                        0
                    } else {
                        1 + i32::from(e.generation == generation) * 256 + i32::from(e.work)
                    }
                };
                let mut victim = 0;
                for (j, e) in bucket.iter().enumerate().skip(1) {
                    if keep(e) < keep(&bucket[victim]) {
                        victim = j;
                    }
                }
                victim
            }
        };
        bucket[slot] = entry;
    }

    /// How many slots hold an entry (for statistics).
    pub fn used(&self) -> usize {
        self.slots.iter().filter(|e| e.key != 0).count()
    }
}
