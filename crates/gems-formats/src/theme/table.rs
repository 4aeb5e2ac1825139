//! The table's part of a theme: the colours of the other games' squares, cards, highlights and
//! labels on the board, so that no game draws a colour of its own.

use serde::{Deserialize, Serialize};

use super::fields::colour_section;

colour_section! {
    /// Colours on the board that are not gems (`#rrggbb` or `#rrggbbaa` each): the squares of
    /// K in a row and Grid Duel, Solo Red's cards, highlights and labels. Themes written before
    /// it get these defaults.
    pub struct TableColors {
        /// An empty square or tile.
        pub cell = "#383d56" => "Square",
        /// A square no one may play (K in a row's unavailable squares).
        pub blocked = "#8c3340" => "Unavailable square",
        /// Lines between boxes, and the shadow under a shown card.
        pub line = "#0000008c" => "Grid lines",
        /// Text on the board: numbers on tiles, captions, card names.
        pub text = "#ffffff" => "Board text",
        /// Quieter text on the board: coordinates, lines that score nothing.
        pub label = "#ffffff8c" => "Board labels",
        /// What the player wins by: the winning line, a winning palette, bonus digits.
        pub highlight = "#ffd140" => "Winning highlight",
        /// The row or piece under the pointer.
        pub hover = "#ffffff2e" => "Pointed at",
        /// A sheen over pieces.
        pub gloss = "#ffffff47" => "Gloss",
        /// Grid Duel: a cell in a row run (its points are subtracted).
        pub minus = "#8c2930" => "Subtracting run",
        /// Grid Duel: the points of a row.
        pub minus_text = "#ff8c8c" => "Subtracted points",
        /// Grid Duel: a cell in a column run (its points are added).
        pub plus = "#24733f" => "Adding run",
        /// Grid Duel: the points of a column.
        pub plus_text = "#8cffa6" => "Added points",
        /// Grid Duel: a cell in both a row run and a column run.
        pub both = "#8c6b1f" => "Cell in both runs",
        /// Solo Red: a card's edge.
        pub card_edge = "#1a1a1f" => "Card edge",
        /// Solo Red: the medallion behind a card's number, and its pips.
        pub card_face = "#f7f5eb" => "Card medallion",
        /// Solo Red: the back of the deck.
        pub card_back = "#8c141f" => "Card back",
        /// Solo Red: the ornament on the back of the deck.
        pub card_trim = "#d9b34d" => "Card back ornament",
        /// Solo Red: red cards.
        pub red = "#db2933" => "Red cards",
        /// Solo Red: orange cards.
        pub orange = "#f58c1f" => "Orange cards",
        /// Solo Red: blue cards.
        pub blue = "#2673d9" => "Blue cards",
        /// Solo Red: indigo cards.
        pub indigo = "#4a339e" => "Indigo cards",
        /// Solo Red: violet cards.
        pub violet = "#9e52c7" => "Violet cards",
    }
}

impl<C> TableColors<C> {
    /// The face colour of a Solo Red card of `colour`.
    pub fn card(&self, colour: gems_rules::solo_red::Colour) -> &C {
        use gems_rules::solo_red::Colour;
        match colour {
            Colour::Red => &self.red,
            Colour::Orange => &self.orange,
            Colour::Blue => &self.blue,
            Colour::Indigo => &self.indigo,
            Colour::Violet => &self.violet,
        }
    }
}
