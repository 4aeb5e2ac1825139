//! Cards: a colour (R O B I V) and a number 1–7, written `R3`.

use std::cmp::Ordering;
use std::fmt;

/// The five colours, in rainbow order: the earlier, the closer to Red (`R > O > B > I > V`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// Red: the highest card wins.
    Red,
    /// Orange: the most of a single number wins.
    Orange,
    /// Blue: the most different colours wins.
    Blue,
    /// Indigo: the longest run wins.
    Indigo,
    /// Violet: the most cards below 4 wins.
    Violet,
}

impl Colour {
    /// Every colour, in rainbow order.
    pub const ALL: [Colour; 5] = [
        Colour::Red,
        Colour::Orange,
        Colour::Blue,
        Colour::Indigo,
        Colour::Violet,
    ];

    /// The colour's letter as printed: `R`, `O`, `B`, `I` or `V`.
    pub fn letter(self) -> char {
        match self {
            Colour::Red => 'R',
            Colour::Orange => 'O',
            Colour::Blue => 'B',
            Colour::Indigo => 'I',
            Colour::Violet => 'V',
        }
    }

    /// The colour for a letter (upper or lower case), if any.
    pub fn from_letter(c: char) -> Option<Colour> {
        Colour::ALL
            .into_iter()
            .find(|col| col.letter() == c.to_ascii_uppercase())
    }

    /// The colour's English name.
    pub fn name(self) -> &'static str {
        match self {
            Colour::Red => "Red",
            Colour::Orange => "Orange",
            Colour::Blue => "Blue",
            Colour::Indigo => "Indigo",
            Colour::Violet => "Violet",
        }
    }

    /// One sentence saying who wins under this colour's rule.
    pub fn rule(self) -> &'static str {
        match self {
            Colour::Red => "Highest card wins",
            Colour::Orange => "Most cards of one number wins",
            Colour::Blue => "Most different colours wins",
            Colour::Indigo => "Longest run of consecutive numbers wins",
            Colour::Violet => "Most cards below 4 wins",
        }
    }

    /// Position in rainbow order, 0 (Red) to 4 (Violet).
    pub fn index(self) -> usize {
        self as usize
    }
}

/// The lowest card number.
pub const MIN_NUMBER: u8 = 1;
/// The highest card number.
pub const MAX_NUMBER: u8 = 7;
/// How many distinct cards exist (5 colours × 7 numbers).
pub const CARD_COUNT: usize = 35;

/// One card. Always valid: the number is within 1–7.
///
/// Cards are ordered by the Red rule: a higher number is higher; on equal numbers the colour closer
/// to Red is higher. So `Ord::max` gives the "highest card" of the spec.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
// As a message, a card is its text ("R7"), read back through its checks.
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "String", into = "String")
)]
pub struct Card {
    colour: Colour,
    number: u8,
}

/// Why a card could not be made or read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CardError {
    /// The number is outside 1–7.
    #[error("card number {0} is not between 1 and 7")]
    BadNumber(u8),
    /// The text is not a colour letter followed by a number 1–7.
    #[error("'{0}' is not a card (expected a colour R, O, B, I or V and a number 1-7, e.g. R3)")]
    Unknown(String),
}

impl Card {
    /// The card of this colour and number, if the number is 1–7.
    pub fn new(colour: Colour, number: u8) -> Result<Card, CardError> {
        if (MIN_NUMBER..=MAX_NUMBER).contains(&number) {
            Ok(Card { colour, number })
        } else {
            Err(CardError::BadNumber(number))
        }
    }

    /// The card's colour.
    pub fn colour(self) -> Colour {
        self.colour
    }

    /// The card's number, 1–7.
    pub fn number(self) -> u8 {
        self.number
    }

    /// A dense index 0–34 (colour-major), for bit sets.
    pub fn index(self) -> usize {
        self.colour.index() * 7 + (self.number - 1) as usize
    }

    /// The card with a dense index 0–34.
    pub fn from_index(i: usize) -> Option<Card> {
        (i < CARD_COUNT).then(|| Card {
            colour: Colour::ALL[i / 7],
            number: (i % 7) as u8 + 1,
        })
    }

    /// Every card, in a fixed order: R1…R7, O1…O7, B1…B7, I1…I7, V1…V7.
    pub fn all() -> Vec<Card> {
        (0..CARD_COUNT).filter_map(Card::from_index).collect()
    }

    /// Strength under the Red rule: higher number first, then closeness to Red.
    fn strength(self) -> u8 {
        self.number * 5 + (4 - self.colour.index() as u8)
    }
}

impl Ord for Card {
    fn cmp(&self, other: &Self) -> Ordering {
        self.strength().cmp(&other.strength())
    }
}

impl PartialOrd for Card {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.colour.letter(), self.number)
    }
}

#[cfg(feature = "serde")]
impl TryFrom<String> for Card {
    type Error = CardError;

    fn try_from(text: String) -> Result<Card, CardError> {
        text.parse()
    }
}

#[cfg(feature = "serde")]
impl From<Card> for String {
    fn from(card: Card) -> String {
        card.to_string()
    }
}

impl std::str::FromStr for Card {
    type Err = CardError;

    fn from_str(s: &str) -> Result<Card, CardError> {
        let unknown = || CardError::Unknown(s.to_string());
        let mut chars = s.chars();
        let colour = chars
            .next()
            .and_then(Colour::from_letter)
            .ok_or_else(unknown)?;
        let rest = chars.as_str();
        if rest.len() != 1 {
            return Err(unknown());
        }
        let number: u8 = rest.parse().map_err(|_| unknown())?;
        Card::new(colour, number).map_err(|_| unknown())
    }
}

/// Parses cards separated by white space or commas, e.g. `"R1 B7 O3"`.
pub fn parse_cards(text: &str) -> Result<Vec<Card>, CardError> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .map(str::parse)
        .collect()
}
