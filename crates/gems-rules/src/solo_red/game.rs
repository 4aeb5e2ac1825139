//! A game of Solo Red: start-up validation, the moves, drawing, game over and the text view.

use std::collections::VecDeque;
use std::fmt;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::card::{Card, CardError, Colour, parse_cards};
use super::rules::winning_palette;

/// Why a game could not be started.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StartError {
    /// The game was already started.
    #[error("the game is already started")]
    AlreadyStarted,
    /// Fewer than two palettes were asked for.
    #[error("need at least 2 palettes, got {0}")]
    TooFewPalettes(usize),
    /// The hand size is not positive.
    #[error("the hand size must be positive, got {0}")]
    BadHandSize(usize),
    /// The deck cannot fill every palette and a full hand.
    #[error(
        "the deck has {have} cards but needs at least {need} ({palettes} palettes + hand of {hand})"
    )]
    TooFewCards {
        /// Cards given.
        have: usize,
        /// Cards needed.
        need: usize,
        /// Palettes asked for.
        palettes: usize,
        /// Hand size asked for.
        hand: usize,
    },
    /// A card appears twice in the deck.
    #[error("card {0} appears more than once in the deck")]
    DuplicateCard(Card),
    /// A card in a textual deck is not a card.
    #[error("unknown card: {0}")]
    UnknownCard(#[from] CardError),
}

/// One turn: an optional card to the canvas, then a card to a palette (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Move {
    /// The hand card played to the canvas first, if any.
    pub canvas: Option<Card>,
    /// The palette the second card goes to.
    pub palette: usize,
    /// The hand card played to the palette.
    pub card: Card,
}

impl Move {
    /// Human wording with the console's 1-based commands, e.g.
    /// `play I1 to the canvas (canvas 4), then R3 to palette 4 (palette 4 5)`.
    pub fn describe(&self, game: &Game) -> String {
        let mut hand = game.hand().to_vec();
        let mut s = String::new();
        if let Some(c) = self.canvas
            && let Some(i) = hand.iter().position(|&h| h == c)
        {
            s = format!("play {c} to the canvas (canvas {}), then ", i + 1);
            hand.remove(i);
        } else {
            s.push_str("play ");
        }
        let i = hand.iter().position(|&h| h == self.card).unwrap_or(0);
        s + &format!(
            "{} to palette {} (palette {} {})",
            self.card,
            self.palette + 1,
            self.palette + 1,
            i + 1
        )
    }

    /// Plays this move on `game` (canvas, palette, then draw if still going). `None` if it is
    /// not legal; a refused palette play may leave the canvas card played (the searches only
    /// play legal moves; [`Game::play_move`] is the checked, all-or-nothing form).
    pub fn apply(&self, game: &mut Game) -> Option<PlayResult> {
        if let Some(c) = self.canvas {
            let i = game.hand().iter().position(|&h| h == c)?;
            game.play_to_canvas(i).ok()?;
        }
        let i = game.hand().iter().position(|&h| h == self.card)?;
        game.play_turn(self.palette, i).ok()
    }
}

/// Why a move was refused. A refused move changes nothing.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The game has not been started.
    #[error("the game has not started")]
    NotStarted,
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// No palette with that (0-based) index.
    #[error("there is no palette {0}")]
    NoSuchPalette(usize),
    /// No hand card with that (0-based) index.
    #[error("there is no card {0} in the hand")]
    NoSuchCard(usize),
    /// Cards may only be played to a losing palette.
    #[error("palette {0} is already winning; play to a losing palette")]
    PaletteWinning(usize),
    /// Only one card per turn may go to the canvas.
    #[error("a card was already played to the canvas this turn")]
    CanvasAlreadyPlayed,
    /// The last card of the hand cannot go to the canvas: a palette play must follow.
    #[error("the last card in hand cannot be played to the canvas")]
    LastCardInHand,
    /// A move names a card that is not in the hand.
    #[error("{0} is not in the hand")]
    NotInHand(Card),
}

/// What a play to a palette led to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayResult {
    /// The palette now wins: the game goes on (draw next).
    Winning,
    /// The palette still loses: the game is lost.
    Lost,
}

/// A Solo Red game: deck, palettes, canvas and hand.
#[derive(Clone, Debug)]
pub struct Game {
    started: bool,
    seed: u64,
    deck: VecDeque<Card>,
    palettes: Vec<Vec<Card>>,
    canvas: Colour,
    hand: Vec<Card>,
    hand_size: usize,
    canvas_played: bool,
    lost: bool,
}

impl Default for Game {
    fn default() -> Self {
        Game::new(0)
    }
}

impl Game {
    /// An unstarted game whose shuffles are determined by `seed` (ChaCha8).
    pub fn new(seed: u64) -> Game {
        Game {
            started: false,
            seed,
            deck: VecDeque::new(),
            palettes: Vec::new(),
            canvas: Colour::Red,
            hand: Vec::new(),
            hand_size: 0,
            canvas_played: false,
            lost: false,
        }
    }

    /// Starts the game with `deck` (top card first), optionally shuffled with the game's seed:
    /// one card to each palette in order, a Red canvas, then a full hand.
    pub fn start(
        &mut self,
        deck: &[Card],
        shuffle: bool,
        palettes: usize,
        hand_size: usize,
    ) -> Result<(), StartError> {
        if self.started {
            return Err(StartError::AlreadyStarted);
        }
        if palettes < 2 {
            return Err(StartError::TooFewPalettes(palettes));
        }
        if hand_size == 0 {
            return Err(StartError::BadHandSize(hand_size));
        }
        let mut seen = [false; super::card::CARD_COUNT];
        for c in deck {
            if std::mem::replace(&mut seen[c.index()], true) {
                return Err(StartError::DuplicateCard(*c));
            }
        }
        let need = palettes.saturating_add(hand_size);
        if deck.len() < need {
            return Err(StartError::TooFewCards {
                have: deck.len(),
                need,
                palettes,
                hand: hand_size,
            });
        }
        let mut cards = deck.to_vec();
        if shuffle {
            shuffle_cards(&mut cards, self.seed);
        }
        self.deck = cards.into();
        self.palettes = (0..palettes)
            .map(|_| vec![self.deck.pop_front().expect("deck checked big enough")])
            .collect();
        self.canvas = Colour::Red;
        self.hand_size = hand_size;
        self.hand.clear();
        self.canvas_played = false;
        self.lost = false;
        self.started = true;
        self.fill_hand();
        Ok(())
    }

    /// Starts a game from a textual deck such as `"R1 B7 O3 …"`.
    pub fn start_text(
        &mut self,
        deck: &str,
        shuffle: bool,
        palettes: usize,
        hand_size: usize,
    ) -> Result<(), StartError> {
        let cards = parse_cards(deck)?;
        self.start(&cards, shuffle, palettes, hand_size)
    }

    /// This position with the turn's canvas card already played (`true`) or not: with
    /// [`Game::from_parts`], any position of a game in progress.
    pub fn with_canvas_played(mut self, played: bool) -> Game {
        self.canvas_played = played;
        self
    }

    /// A started game in an arbitrary position (for tests, puzzles and the AI's determinizations).
    /// Checks only that every card is unique and there are at least 2 palettes, none empty.
    pub fn from_parts(
        palettes: Vec<Vec<Card>>,
        canvas: Colour,
        hand: Vec<Card>,
        deck: Vec<Card>,
        hand_size: usize,
    ) -> Result<Game, StartError> {
        if palettes.len() < 2 || palettes.iter().any(Vec::is_empty) {
            return Err(StartError::TooFewPalettes(palettes.len()));
        }
        if hand_size == 0 {
            return Err(StartError::BadHandSize(hand_size));
        }
        let mut seen = [false; super::card::CARD_COUNT];
        for c in palettes.iter().flatten().chain(&hand).chain(&deck) {
            if std::mem::replace(&mut seen[c.index()], true) {
                return Err(StartError::DuplicateCard(*c));
            }
        }
        Ok(Game {
            started: true,
            seed: 0,
            deck: deck.into(),
            palettes,
            canvas,
            hand,
            hand_size,
            canvas_played: false,
            lost: false,
        })
    }

    /// Every card, in a fixed order (see [`Card::all`]).
    pub fn all_cards() -> Vec<Card> {
        Card::all()
    }

    fn check_playable(&self) -> Result<(), MoveError> {
        if !self.started {
            Err(MoveError::NotStarted)
        } else if self.is_over() {
            Err(MoveError::GameOver)
        } else {
            Ok(())
        }
    }

    /// Plays hand card `card` (0-based) to palette `palette` (0-based), which must be losing.
    /// The game is lost if that palette does not then win.
    pub fn play_to_palette(
        &mut self,
        palette: usize,
        card: usize,
    ) -> Result<PlayResult, MoveError> {
        self.check_playable()?;
        if palette >= self.palettes.len() {
            return Err(MoveError::NoSuchPalette(palette));
        }
        if card >= self.hand.len() {
            return Err(MoveError::NoSuchCard(card));
        }
        if self.winning_palette() == Some(palette) {
            return Err(MoveError::PaletteWinning(palette));
        }
        let c = self.hand.remove(card);
        self.palettes[palette].push(c);
        if self.winning_palette() == Some(palette) {
            Ok(PlayResult::Winning)
        } else {
            self.lost = true;
            Ok(PlayResult::Lost)
        }
    }

    /// A turn's palette play: hand card `card` (0-based) to palette `palette` (0-based) as in
    /// [`Game::play_to_palette`], then, if the palette now wins and the game goes on, the hand
    /// is refilled from the deck. The console, the Bevy game and the AI all play turns so.
    pub fn play_turn(&mut self, palette: usize, card: usize) -> Result<PlayResult, MoveError> {
        let result = self.play_to_palette(palette, card)?;
        if result == PlayResult::Winning && !self.is_over() {
            self.fill_hand();
        }
        Ok(result)
    }

    /// Plays a whole turn, `m`: its canvas card first (if any), then its palette play and the
    /// draw. All or nothing: a refused move changes nothing.
    pub fn play_move(&mut self, m: Move) -> Result<PlayResult, MoveError> {
        let mut next = self.clone();
        let index = |game: &Game, card: Card| {
            game.hand()
                .iter()
                .position(|&h| h == card)
                .ok_or(MoveError::NotInHand(card))
        };
        if let Some(c) = m.canvas {
            let i = index(&next, c)?;
            next.play_to_canvas(i)?;
        }
        let i = index(&next, m.card)?;
        let result = next.play_turn(m.palette, i)?;
        *self = next;
        Ok(result)
    }

    /// Plays hand card `card` (0-based) to the canvas, changing the rule. At most once per turn,
    /// and never the last card in hand.
    pub fn play_to_canvas(&mut self, card: usize) -> Result<(), MoveError> {
        self.check_playable()?;
        if card >= self.hand.len() {
            return Err(MoveError::NoSuchCard(card));
        }
        if self.canvas_played {
            return Err(MoveError::CanvasAlreadyPlayed);
        }
        if self.hand.len() == 1 {
            return Err(MoveError::LastCardInHand);
        }
        let c = self.hand.remove(card);
        self.canvas = c.colour();
        self.canvas_played = true;
        Ok(())
    }

    /// Draws from the deck until the hand is full or the deck is empty; returns the cards drawn.
    pub fn draw_for_hand(&mut self) -> Result<Vec<Card>, MoveError> {
        self.check_playable()?;
        Ok(self.fill_hand())
    }

    fn fill_hand(&mut self) -> Vec<Card> {
        self.canvas_played = false;
        let mut drawn = Vec::new();
        while self.hand.len() < self.hand_size {
            match self.deck.pop_front() {
                Some(c) => {
                    self.hand.push(c);
                    drawn.push(c);
                }
                None => break,
            }
        }
        drawn
    }

    /// Every card still held in the game: the palettes' (left to right), the hand's, then the
    /// deck's (the cards played to the canvas are gone).
    pub fn cards_in_play(&self) -> Vec<Card> {
        self.palettes
            .iter()
            .flatten()
            .chain(&self.hand)
            .chain(&self.deck)
            .copied()
            .collect()
    }

    /// Whether the game has been started.
    pub fn is_started(&self) -> bool {
        self.started
    }

    /// Whether the game is over: lost by a losing play, or won with an empty hand and deck.
    pub fn is_over(&self) -> bool {
        self.started && (self.lost || (self.hand.is_empty() && self.deck.is_empty()))
    }

    /// Whether the game is over and won.
    pub fn is_won(&self) -> bool {
        self.is_over() && !self.lost
    }

    /// The number of palettes.
    pub fn num_palettes(&self) -> usize {
        self.palettes.len()
    }

    /// The cards of palette `i` (0-based), oldest first.
    pub fn palette(&self, i: usize) -> Option<&[Card]> {
        self.palettes.get(i).map(Vec::as_slice)
    }

    /// Every palette, first to last.
    pub fn palettes(&self) -> &[Vec<Card>] {
        &self.palettes
    }

    /// The canvas colour: the current rule.
    pub fn canvas(&self) -> Colour {
        self.canvas
    }

    /// The hand, in order.
    pub fn hand(&self) -> &[Card] {
        &self.hand
    }

    /// The maximum hand size.
    pub fn hand_size(&self) -> usize {
        self.hand_size
    }

    /// How many cards remain in the deck (public information).
    pub fn deck_len(&self) -> usize {
        self.deck.len()
    }

    /// The hidden deck, top first. Only the solver and tests may look at this: players and the hint
    /// AI must not.
    pub fn deck_cards(&self) -> Vec<Card> {
        self.deck.iter().copied().collect()
    }

    /// Whether a card went to the canvas this turn (so another may not).
    pub fn canvas_played(&self) -> bool {
        self.canvas_played
    }

    /// The index of the palette winning under the current rule (`None` before start).
    pub fn winning_palette(&self) -> Option<usize> {
        winning_palette(self.canvas, &self.palettes)
    }
}

/// Shuffles `cards` with a Fisher–Yates shuffle driven by ChaCha8 seeded with `seed`.
pub fn shuffle_cards(cards: &mut [Card], seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for i in (1..cards.len()).rev() {
        let j = rng.random_range(0..=i);
        cards.swap(i, j);
    }
}

/// The spec's text view: `Canvas: X`, one line per palette with `> ` before the winning one, then
/// `Hand: …`; lines separated by `\n`, none after the last.
impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Canvas: {}", self.canvas.letter())?;
        let winner = self.winning_palette();
        for (i, p) in self.palettes.iter().enumerate() {
            let mark = if winner == Some(i) { "> " } else { "" };
            write!(f, "\n{mark}P{}:", i + 1)?;
            for c in p {
                write!(f, " {c}")?;
            }
        }
        write!(f, "\nHand:")?;
        for c in &self.hand {
            write!(f, " {c}")?;
        }
        Ok(())
    }
}
