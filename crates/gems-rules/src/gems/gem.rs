//! A single gem: a kind (or empty) plus a removal flag.

use std::fmt;

/// The kind of a gem: a non-negative integer that may have several digits.
pub type Kind = u32;

/// One cell of a [`Board`](super::Board): either a gem of some [`Kind`] or empty, plus the flag that
/// marks it for removal.
///
/// Empty gems fill holes so that every cell of a board always holds a `Gem` (the spec's
/// `Gem.makeEmpty()`); they are never "valid" and never removed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Gem {
    kind: Option<Kind>,
    flagged: bool,
}

impl Gem {
    /// A filled, unflagged gem of the given kind.
    pub const fn new(kind: Kind) -> Self {
        Self {
            kind: Some(kind),
            flagged: false,
        }
    }

    /// An empty gem, used as a filler for holes.
    pub const fn empty() -> Self {
        Self {
            kind: None,
            flagged: false,
        }
    }

    /// The gem's kind, or `None` when it is empty.
    pub const fn kind(&self) -> Option<Kind> {
        self.kind
    }

    /// True when this is a real gem rather than an empty filler.
    pub const fn is_filled(&self) -> bool {
        self.kind.is_some()
    }

    /// True when both gems are filled and of the same kind.
    pub fn same_kind(&self, other: &Gem) -> bool {
        self.kind.is_some() && self.kind == other.kind
    }

    /// Whether the gem is flagged for removal.
    pub const fn flagged(&self) -> bool {
        self.flagged
    }

    /// Flags the gem for removal.
    pub fn set_flag(&mut self) {
        self.flagged = true;
    }

    /// Clears the removal flag.
    pub fn clear_flag(&mut self) {
        self.flagged = false;
    }

    /// The kind as text, `""` for an empty gem (the spec's `kindString()`).
    pub fn kind_string(&self) -> String {
        self.kind.map(|k| k.to_string()).unwrap_or_default()
    }
}

/// Writes the kind as [`Gem::kind_string`] does.
impl fmt::Display for Gem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            Some(k) => write!(f, "{k}"),
            None => Ok(()),
        }
    }
}
