//! Stopping a search from outside: a [`Cancel`] is a flag its owner sets (from any thread) and
//! every engine looks at between pieces of work, so a search for a position the player has
//! left ends early instead of holding a thread. A search stopped this way answers the best it
//! had found (or nothing), and its caller drops that answer.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A shared stop flag. Clones share the flag; [`Cancel::never`] has none and is never set.
#[derive(Clone, Debug, Default)]
pub struct Cancel(Option<Arc<AtomicBool>>);

impl Cancel {
    /// A flag not yet set.
    pub fn new() -> Cancel {
        Cancel(Some(Arc::new(AtomicBool::new(false))))
    }

    /// No flag: a search given it runs to its own limits.
    pub fn never() -> Cancel {
        Cancel(None)
    }

    /// Sets the flag: every search holding a clone stops at its next look.
    pub fn cancel(&self) {
        if let Some(flag) = &self.0 {
            flag.store(true, Ordering::Relaxed);
        }
    }

    /// Whether the flag has been set.
    pub fn is_cancelled(&self) -> bool {
        self.0.as_ref().is_some_and(|f| f.load(Ordering::Relaxed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clones_share_the_flag_and_never_is_never_set() {
        let a = Cancel::new();
        let b = a.clone();
        assert!(!b.is_cancelled());
        a.cancel();
        assert!(b.is_cancelled());
        let never = Cancel::never();
        never.cancel();
        assert!(!never.is_cancelled());
    }
}
