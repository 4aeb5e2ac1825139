//! Solo Red's model in the ECS: the rules' game in the [`SoloRedSession`] resource, the actions
//! players send, one [`CardEntity`] per card on the table and where on the table it belongs,
//! and the phase of a deal.

use bevy::prelude::*;
use gems_rules::journal::SoloRedStep;
use gems_rules::solo_red::{Card, Game, Move, MoveError, PlayResult};

use crate::kit::ai::{AiSession, Generation};
use crate::kit::history::History;
use crate::kit::resume::Resumable;
use crate::kit::screens::Screen;

/// Palettes of the standard deal (the one the record counts).
pub const PALETTES: usize = 4;
/// Hand size of the standard deal.
pub const HAND: usize = 7;
/// The palettes a deal can have (the table has room for five).
pub const PALETTE_RANGE: std::ops::RangeInclusive<usize> = 2..=5;
/// The hand sizes a deal can have (the table has room for eight in one row).
pub const HAND_RANGE: std::ops::RangeInclusive<usize> = 3..=8;

/// What a turn taken back restores: the rules' game and the canvas pile beside it.
#[derive(Clone, Debug)]
pub struct SoloTable {
    /// The rules game.
    pub game: Game,
    /// The canvas pile.
    pub canvas_pile: Vec<Card>,
}

/// The current game and what the player is doing with it.
#[derive(Resource, Clone, Debug)]
pub struct SoloRedSession {
    /// The rules game: the single source of truth.
    pub game: Game,
    /// Seed of this deal.
    pub seed: u64,
    /// Cards played to the canvas, oldest first (the canvas shows the last; none = the Red starter).
    pub canvas_pile: Vec<Card>,
    /// The hand card (0-based) picked up by the player.
    pub selected: Option<usize>,
    /// The AI's suggestion, shown until the next change.
    pub hint: Option<Move>,
    /// The last message for the player (an illegal move, the hint's wording…).
    pub message: String,
    /// Whether the AI plays by itself.
    pub autoplay: bool,
    /// Autoplay was switched on during this deal, so it does not count in the player's record.
    pub assisted: bool,
    /// The finished deal is in the record already.
    pub recorded: bool,
    /// Moves on with every play and every deal, so an AI answer for an earlier table is
    /// dropped.
    pub generation: Generation,
    /// The tables at the start of each turn, to take a whole turn back (a deal that used it
    /// is not in the record).
    pub history: History<SoloTable>,
    /// Every play, undo and redo since the deal, and autoplay switched on, for resume
    /// ([`Resumable`]).
    pub journal: Vec<String>,
}

impl AiSession for SoloRedSession {
    fn generation(&self) -> Generation {
        self.generation
    }
}

impl SoloRedSession {
    /// A new shuffled deal of all 35 cards, 4 palettes, hand of 7.
    pub fn new(seed: u64) -> Self {
        Self::dealt(seed, PALETTES, HAND)
            .expect("the full deck always starts 4 palettes and a hand of 7")
    }

    /// A new shuffled deal of all 35 cards with `palettes` palettes and a hand of `hand`, or
    /// why the rules refuse it.
    pub fn dealt(
        seed: u64,
        palettes: usize,
        hand: usize,
    ) -> Result<Self, gems_rules::solo_red::StartError> {
        let mut game = Game::new(seed);
        game.start(&Game::all_cards(), true, palettes, hand)?;
        Ok(Self::from_game(game, seed))
    }

    /// The same setup (palettes and hand size) dealt again from `seed`.
    pub fn redeal(&self, seed: u64) -> Self {
        let (palettes, hand) = self.setup();
        Self::dealt(seed, palettes, hand).unwrap_or_else(|_| Self::new(seed))
    }

    /// The deal's palettes and hand size.
    pub fn setup(&self) -> (usize, usize) {
        (self.game.num_palettes(), self.game.hand_size())
    }

    /// Whether the deal enters the record: the standard setup, played without autoplay or
    /// undo.
    pub fn ranked(&self) -> bool {
        !self.assisted && !self.history.used() && self.setup() == (PALETTES, HAND)
    }

    /// The table as it is now.
    pub fn table(&self) -> SoloTable {
        SoloTable {
            game: self.game.clone(),
            canvas_pile: self.canvas_pile.clone(),
        }
    }

    /// The table now if the next play starts a turn (a turn's canvas play and palette play
    /// are taken back together): keep it with `history.record` once the play is made.
    pub fn turn_start(&self) -> Option<SoloTable> {
        (!self.game.canvas_played()).then(|| self.table())
    }

    /// Takes back the turn played last (`undo`), or plays it again; false when there is none.
    pub fn step_history(&mut self, undo: bool) -> bool {
        let mut now = SoloTable {
            game: self.game.clone(),
            canvas_pile: std::mem::take(&mut self.canvas_pile),
        };
        let moved = self.history.step(&mut now, undo);
        self.game = now.game;
        self.canvas_pile = now.canvas_pile;
        if moved {
            self.journal.push(SoloRedStep::History(undo).to_string());
            self.generation.bump();
            self.selected = None;
            self.hint = None;
            self.recorded = self.game.is_over();
            self.message.clear();
        }
        moved
    }

    /// A session around an already started game.
    pub fn from_game(game: Game, seed: u64) -> Self {
        Self {
            game,
            seed,
            canvas_pile: Vec::new(),
            selected: None,
            hint: None,
            message: String::new(),
            autoplay: false,
            assisted: false,
            recorded: false,
            generation: Generation::next(),
            history: History::default(),
            journal: Vec::new(),
        }
    }

    /// Where each card on the table belongs now, from the rules state.
    pub fn places(&self) -> Vec<(Card, Place)> {
        let mut out = Vec::new();
        for (p, pal) in self.game.palettes().iter().enumerate() {
            out.extend(
                pal.iter()
                    .enumerate()
                    .map(|(i, &c)| (c, Place::Palette(p, i))),
            );
        }
        out.extend(
            self.canvas_pile
                .iter()
                .enumerate()
                .map(|(i, &c)| (c, Place::Canvas(i))),
        );
        out.extend(
            self.game
                .hand()
                .iter()
                .enumerate()
                .map(|(i, &c)| (c, Place::Hand(i))),
        );
        out
    }

    /// Plays the whole turn `m` (canvas card first, then the palette play and the draw); a
    /// refused move changes nothing.
    pub fn apply(&mut self, m: Move) -> Result<PlayResult, MoveError> {
        // Checked whole first: all or nothing.
        self.game.clone().play_move(m)?;
        let index = |s: &Self, card| s.game.hand().iter().position(|&c| c == card);
        if let Some(c) = m.canvas {
            let i = index(self, c).ok_or(MoveError::NotInHand(c))?;
            self.play_canvas(i)?;
        }
        let i = index(self, m.card).ok_or(MoveError::NotInHand(m.card))?;
        self.play_palette(m.palette, i)
    }

    /// Plays hand card `i` to the canvas (the rules check it): the table before it is kept
    /// when it starts a turn, and the play goes in the journal.
    pub fn play_canvas(&mut self, i: usize) -> Result<(), MoveError> {
        let start = self.turn_start();
        let card = *self.game.hand().get(i).ok_or(MoveError::NoSuchCard(i))?;
        self.game.play_to_canvas(i)?;
        if let Some(start) = start {
            self.history.record(start);
        }
        self.canvas_pile.push(card);
        self.generation.bump();
        self.journal.push(SoloRedStep::Canvas(i).to_string());
        Ok(())
    }

    /// Plays hand card `i` to palette `q` and draws (the rules check it): the table before it
    /// is kept when it starts a turn, and the play goes in the journal.
    pub fn play_palette(&mut self, q: usize, i: usize) -> Result<PlayResult, MoveError> {
        let start = self.turn_start();
        let result = self.game.play_turn(q, i)?;
        if let Some(start) = start {
            self.history.record(start);
        }
        self.generation.bump();
        self.journal.push(
            SoloRedStep::Palette {
                palette: q,
                card: i,
            }
            .to_string(),
        );
        Ok(result)
    }

    /// Autoplay is switched on or off; a deal it plays in is not in the record.
    pub fn toggle_autoplay(&mut self) {
        self.autoplay = !self.autoplay;
        if self.autoplay && !self.game.is_over() && !self.assisted {
            self.assisted = true;
            self.journal.push(SoloRedStep::Autoplay.to_string());
        }
    }
}

impl crate::kit::daily_game::DailyGame for SoloRedSession {
    fn daily_outcome(&self) -> Option<gems_rules::daily::Outcome> {
        self.game
            .is_over()
            .then(|| gems_rules::daily::Outcome::SoloRed {
                won: self.game.is_won(),
                cards_left: (self.game.deck_len() + self.game.hand().len()) as u32,
            })
    }

    fn daily_assisted(&self) -> bool {
        self.assisted
    }
}

impl Resumable for SoloRedSession {
    fn moves(&self) -> &[String] {
        &self.journal
    }

    fn setup_words(&self) -> String {
        let (palettes, hand) = self.setup();
        format!("{} {palettes} {hand}", self.seed)
    }

    fn journal(&self) -> Option<(String, Vec<String>)> {
        (!self.journal.is_empty() && !self.game.is_over())
            .then(|| (self.setup_words(), self.journal.clone()))
    }

    fn replay(setup: &str, journal: &[String]) -> Result<Self, String> {
        let [seed, palettes, hand] =
            crate::kit::resume::setup_numbers(setup, "seed, palettes and hand")?;
        let mut s =
            Self::dealt(seed, palettes as usize, hand as usize).map_err(|e| e.to_string())?;
        for (i, entry) in journal.iter().enumerate() {
            let bad = |why: String| format!("play {}: {why}", i + 1);
            match entry
                .parse::<SoloRedStep>()
                .map_err(|e| bad(e.to_string()))?
            {
                SoloRedStep::Canvas(i) => s.play_canvas(i).map_err(|e| bad(e.to_string()))?,
                SoloRedStep::Palette { palette, card } => {
                    s.play_palette(palette, card)
                        .map_err(|e| bad(e.to_string()))?;
                }
                SoloRedStep::Autoplay => s.toggle_autoplay(),
                SoloRedStep::History(undo) => {
                    if !s.step_history(undo) {
                        return Err(bad("nothing to take back or play again".into()));
                    }
                }
            }
        }
        // Autoplay was on when the deal was saved; it does not switch on again by itself.
        s.autoplay = false;
        Ok(s)
    }
}

/// Where a card lies on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// Palette (0-based), position in it.
    Palette(usize, usize),
    /// Canvas pile position (the highest is on top).
    Canvas(usize),
    /// Hand position.
    Hand(usize),
}

impl crate::kit::share::Describe for SoloRedSession {
    fn board_text(&self) -> String {
        format!(
            "Solo Red table ({} cards in the deck). Cards by colour letter and number, > before the winning palette:\n{}",
            self.game.deck_len(),
            self.game
        )
    }

    fn title(&self) -> String {
        format!(
            "Solo Red - deal {} - {} cards in hand, {} in the deck",
            self.seed,
            self.game.hand().len(),
            self.game.deck_len()
        )
    }

    fn link_query(&self) -> Result<String, String> {
        let mut pairs = vec![
            ("game", "solo-red".to_string()),
            ("seed", self.seed.to_string()),
        ];
        let (palettes, hand) = self.setup();
        if (palettes, hand) != (PALETTES, HAND) {
            pairs.push(("palettes", palettes.to_string()));
            pairs.push(("hand", hand.to_string()));
        }
        Ok(crate::kit::launch::link::query(&pairs))
    }

    fn in_progress(&self) -> bool {
        let played = self.game.palettes().iter().map(Vec::len).sum::<usize>();
        (played > self.game.num_palettes() || !self.canvas_pile.is_empty()) && !self.game.is_over()
    }
}

/// What the player (mouse, buttons, tests) asks for.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SoloRedAction {
    /// Pick up (or put back) a hand card, 0-based.
    Select(usize),
    /// Play the picked-up card to palette P (0-based).
    Palette(usize),
    /// Play the picked-up card to the canvas.
    Canvas,
    /// Ask the AI for a hint.
    Hint,
    /// Let the AI play by itself, or stop it.
    ToggleAutoplay,
    /// Deal a new game with this seed (the same palettes and hand size).
    NewGame(u64),
    /// Deal a new game with this seed, palettes and hand size.
    Deal {
        /// The deal's seed.
        seed: u64,
        /// How many palettes.
        palettes: usize,
        /// How many cards in hand.
        hand: usize,
    },
    /// Take back the last whole turn.
    Undo,
    /// Play it again.
    Redo,
    /// Play a whole turn (the computer's answer when it plays by itself).
    Play(Move),
}

/// A card entity: which card it shows and where it belongs.
#[derive(Component, Clone, Copy, Debug)]
pub struct CardEntity {
    /// The card.
    pub card: Card,
    /// Where it belongs now (it glides there).
    pub place: Place,
}

/// Layout of the table in world units (pixels at scale 1).
pub mod table {
    use bevy::prelude::*;

    /// Card width.
    pub const CARD_W: f32 = 96.0;
    /// Card height.
    pub const CARD_H: f32 = 134.0;
    /// Vertical step between cards of a palette.
    pub const FAN: f32 = 34.0;
    /// How far below its top card a palette's frame reaches (room for its fan).
    pub const PALETTE_DEPTH: f32 = 360.0;

    /// How the table is laid out: wide (the palettes in the middle, the canvas left, the deck
    /// right, the hand in one row) for a landscape window, tall (the palettes on top, the canvas
    /// and the deck below them, the hand in two rows) for a phone held upright.
    #[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub enum Table {
        /// Landscape.
        #[default]
        Wide,
        /// Portrait.
        Tall,
    }

    impl Table {
        /// The layout for a free area of `free` (width, height).
        pub fn for_free(free: Vec2) -> Table {
            if free.x < free.y {
                Table::Tall
            } else {
                Table::Wide
            }
        }

        /// Centre x of palette `p` of `n`.
        pub fn palette_x(self, p: usize, n: usize) -> f32 {
            let dx = match self {
                Table::Wide => 150.0,
                Table::Tall => 106.0,
            };
            (p as f32 - (n as f32 - 1.0) / 2.0) * dx
        }

        /// Centre y of the palettes' top cards.
        pub fn palette_y(self) -> f32 {
            match self {
                Table::Wide => 190.0,
                Table::Tall => 330.0,
            }
        }

        /// Centre of the canvas.
        pub fn canvas(self) -> Vec2 {
            match self {
                Table::Wide => Vec2::new(-470.0, 150.0),
                Table::Tall => Vec2::new(-106.0, -145.0),
            }
        }

        /// Centre of the deck.
        pub fn deck(self) -> Vec2 {
            match self {
                Table::Wide => Vec2::new(470.0, -250.0),
                Table::Tall => Vec2::new(106.0, -145.0),
            }
        }

        /// Centre of hand slot `i` of `n`: one row when wide; rows of four when tall.
        pub fn hand(self, i: usize, n: usize) -> Vec2 {
            match self {
                Table::Wide => {
                    Vec2::new((i as f32 - (n as f32 - 1.0) / 2.0) * 108.0 - 40.0, -260.0)
                }
                Table::Tall => {
                    let (row, col) = (i / 4, i % 4);
                    let in_row = (n - row * 4).min(4);
                    Vec2::new(
                        (col as f32 - (in_row as f32 - 1.0) / 2.0) * 100.0,
                        -350.0 - row as f32 * 150.0,
                    )
                }
            }
        }

        /// Below the hand (where the hand's caption goes).
        pub fn under_hand(self) -> Vec2 {
            match self {
                Table::Wide => Vec2::new(-40.0, -260.0 - CARD_H / 2.0 - 22.0),
                Table::Tall => Vec2::new(0.0, -500.0 - CARD_H / 2.0 - 22.0),
            }
        }

        /// Everything on the table with `palettes` palettes, captions included: what the
        /// camera must show.
        pub fn bounds(self, palettes: usize) -> Rect {
            // The outer palettes' frames, with a margin.
            let palettes =
                self.palette_x(palettes.saturating_sub(1), palettes) + CARD_W / 2.0 + 24.0;
            match self {
                Table::Wide => {
                    let half = 540.0f32.max(palettes);
                    Rect::new(-half, -370.0, half, 290.0)
                }
                Table::Tall => {
                    let half = 225.0f32.max(palettes);
                    Rect::new(-half, -610.0, half, 430.0)
                }
            }
        }
    }
}

/// Where a card at `place` sits (x, y, z) on `table`, given `n` palettes and `hand` cards in
/// hand.
pub fn place_position(
    table: table::Table,
    place: Place,
    palettes: usize,
    hand: usize,
    lifted: bool,
) -> Vec3 {
    use table::*;
    match place {
        Place::Palette(p, i) => Vec3::new(
            table.palette_x(p, palettes),
            table.palette_y() - i as f32 * FAN,
            1.0 + i as f32 * 0.1,
        ),
        Place::Canvas(i) => table.canvas().extend(1.0 + i as f32 * 0.1),
        Place::Hand(i) => (table.hand(i, hand) + Vec2::new(0.0, if lifted { 28.0 } else { 0.0 }))
            .extend(5.0 + i as f32 * 0.1),
    }
}

/// Marks a card entity still on its way to its place.
#[derive(Component)]
pub struct Gliding;

/// Whether the deal goes on: a sub-state of [`super::SCREEN`], following the rules' game.
#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[source(Screen = super::SCREEN)]
pub enum SoloPhase {
    /// Cards are played.
    #[default]
    Playing,
    /// The deal is won or lost.
    Over,
}
