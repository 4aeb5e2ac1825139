//! A game's phase as a Bevy sub-state, read and set the way a system needs within one frame:
//! [`PhaseOf::get`] sees a change an earlier system asked for this frame (it takes effect at the
//! next state transition), so no system acts on a phase that is already over.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::state::state::FreelyMutableState;

/// The phase a state hands over to: the one asked for this frame (it takes effect at the next
/// state transition), else the current one.
pub fn upcoming<S: FreelyMutableState + Copy>(state: &State<S>, next: &NextState<S>) -> S {
    match *next {
        NextState::Pending(s) | NextState::PendingIfNeq(s) => s,
        NextState::Unchanged => *state.get(),
    }
}

/// The current phase of state `S` and the way to change it.
#[derive(SystemParam)]
pub struct PhaseOf<'w, S: FreelyMutableState + Copy> {
    state: Res<'w, State<S>>,
    next: ResMut<'w, NextState<S>>,
}

impl<S: FreelyMutableState + Copy> PhaseOf<'_, S> {
    /// The phase this frame hands over to: the one asked for this frame, else the current one.
    pub fn get(&self) -> S {
        upcoming(&self.state, &self.next)
    }

    /// Asks for `phase` from the next state transition on.
    pub fn set(&mut self, phase: S) {
        if self.get() != phase {
            self.next.set(phase);
        }
    }
}
