//! Solo Red, the Red7 card solitaire (`../shared/specs/solo-red.txt`). Rules, text view and AI.

pub mod ai;
mod card;
mod game;
mod rules;

pub use card::{CARD_COUNT, Card, CardError, Colour, MAX_NUMBER, MIN_NUMBER, parse_cards};
pub use game::{Game, Move, MoveError, PlayResult, StartError, shuffle_cards};
pub use rules::{PaletteKey, palette_key, winning_palette};
