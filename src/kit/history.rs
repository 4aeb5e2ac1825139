//! Undo and Redo, the same way in every game: a [`History`] of earlier states of the game's
//! rules (snapshots: every game's rules state is a small `Clone`, and a snapshot carries its
//! random generator with it, so a move played again after an undo draws the same cards, dots
//! or digits), and the mark that a game used them (such a game is not ranked in the records).

/// What a game-over window says of a game that used Undo.
pub const NOT_RANKED: &str = "Undo was used in this game: it is not ranked.";

/// The states a game can go back to and forward to again. `T` is whatever the game restores
/// on an undo: its rules state, with what the screen keeps beside it (a canvas pile, the
/// times its tiles were placed).
#[derive(Clone, Debug)]
pub struct History<T> {
    /// Earlier states, most recent last.
    undo: Vec<T>,
    /// States undone, most recent last.
    redo: Vec<T>,
    /// Undo was used in this game: it does not enter the records.
    used: bool,
}

impl<T> Default for History<T> {
    fn default() -> Self {
        Self {
            undo: Vec::new(),
            redo: Vec::new(),
            used: false,
        }
    }
}

impl<T> History<T> {
    /// Keeps `before`, the state just before a move, to go back to; a new move forgets the
    /// moves undone.
    pub fn record(&mut self, before: T) {
        self.undo.push(before);
        self.redo.clear();
    }

    /// Goes back one move: `now` becomes the state before it (and can be played again with
    /// [`History::redo`]). False when there is nothing to take back.
    pub fn undo(&mut self, now: &mut T) -> bool {
        let Some(before) = self.undo.pop() else {
            return false;
        };
        self.redo.push(std::mem::replace(now, before));
        self.used = true;
        true
    }

    /// Plays the move taken back last again. False when there is none.
    pub fn redo(&mut self, now: &mut T) -> bool {
        let Some(after) = self.redo.pop() else {
            return false;
        };
        self.undo.push(std::mem::replace(now, after));
        true
    }

    /// Goes back one move (`undo`) or forward one; false when there is none that way.
    pub fn step(&mut self, now: &mut T, undo: bool) -> bool {
        if undo { self.undo(now) } else { self.redo(now) }
    }

    /// Whether there is a move to take back.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether there is a move taken back to play again.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Whether Undo was used in this game (it is then not ranked).
    pub fn used(&self) -> bool {
        self.used
    }

    /// Forgets the states (a turn that cannot be taken back has ended); the mark stays.
    pub fn forget(&mut self) {
        self.undo.clear();
        self.redo.clear();
    }

    /// How many moves can be taken back.
    pub fn len(&self) -> usize {
        self.undo.len()
    }

    /// Whether no move can be taken back.
    pub fn is_empty(&self) -> bool {
        self.undo.is_empty()
    }

    /// The states to go back to, oldest first, and those to go forward to, most recent last
    /// (for a save that keeps the history).
    pub fn states(&self) -> (&[T], &[T]) {
        (&self.undo, &self.redo)
    }

    /// A history from saved states and mark.
    pub fn from_states(undo: Vec<T>, redo: Vec<T>, used: bool) -> Self {
        Self { undo, redo, used }
    }
}

#[cfg(test)]
mod tests {
    use super::History;

    #[test]
    fn undo_and_redo_walk_back_to_the_start_and_forward_again() {
        let mut h = History::default();
        let mut now = 0;
        for next in 1..=3 {
            h.record(now);
            now = next;
        }
        assert!(!h.used());
        while h.undo(&mut now) {}
        assert_eq!(now, 0);
        assert!(h.used() && !h.can_undo() && h.can_redo());
        while h.redo(&mut now) {}
        assert_eq!(now, 3);
        // A new move after an undo forgets what was undone.
        assert!(h.undo(&mut now));
        h.record(now);
        now = 9;
        assert!(!h.can_redo());
        assert!(h.undo(&mut now) && now == 2);
    }
}
