//! The headless half of Solo Red: the rules game in a resource, actions as messages, one card
//! entity per card on the table that glides to the place the rules give it, and the AI on
//! `AsyncComputeTaskPool`.

use bevy::prelude::*;
use gems_rules::solo_red::{Card, Game, PlayResult, ai};

use crate::kit::ai::{AiHost, AiSlot, Once};
use crate::screens::{Screen, ScreenStatus};

/// Palettes and hand size of a Bevy game.
pub const PALETTES: usize = 4;
/// Hand size of a Bevy game.
pub const HAND: usize = 7;
/// Rollouts the AI spends per move (runs off the main thread).
pub const AI_ROLLOUTS: usize = 800;

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
    pub hint: Option<ai::Move>,
    /// The last message for the player (an illegal move, the hint's wording…).
    pub message: String,
    /// Whether the AI plays by itself.
    pub autoplay: bool,
    /// Autoplay was switched on during this deal, so it does not count in the player's record.
    pub assisted: bool,
    /// The finished deal is in the record already.
    pub recorded: bool,
    /// Bumped by every play, so an AI answer for an earlier table is dropped.
    pub generation: u64,
}

impl SoloRedSession {
    /// A new shuffled deal of all 35 cards, 4 palettes, hand of 7.
    pub fn new(seed: u64) -> Self {
        let mut game = Game::new(seed);
        game.start(&Game::all_cards(), true, PALETTES, HAND)
            .expect("the full deck always starts 4 palettes and a hand of 7");
        Self::from_game(game, seed)
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
            generation: 0,
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

    fn apply(&mut self, m: ai::Move) -> Option<PlayResult> {
        self.generation += 1;
        let r = m.apply(&mut self.game);
        if r.is_some()
            && let Some(c) = m.canvas
        {
            self.canvas_pile.push(c);
        }
        r
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
    /// Deal a new game with this seed.
    NewGame(u64),
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
    /// Horizontal distance between palettes.
    pub const PALETTE_DX: f32 = 150.0;
    /// Top of the palettes row.
    pub const PALETTE_Y: f32 = 190.0;
    /// Centre of the canvas.
    pub const CANVAS: Vec2 = Vec2::new(-470.0, 150.0);
    /// Centre of the deck.
    pub const DECK: Vec2 = Vec2::new(470.0, -250.0);
    /// Row of the hand.
    pub const HAND_Y: f32 = -260.0;
    /// Horizontal step of the hand.
    pub const HAND_DX: f32 = 108.0;

    /// Centre x of palette `p` of `n`.
    pub fn palette_x(p: usize, n: usize) -> f32 {
        (p as f32 - (n as f32 - 1.0) / 2.0) * PALETTE_DX
    }

    /// Centre x of hand slot `i` of `n`.
    pub fn hand_x(i: usize, n: usize) -> f32 {
        (i as f32 - (n as f32 - 1.0) / 2.0) * HAND_DX - 40.0
    }
}

/// Where a card at `place` sits (x, y, z), given `n` palettes and `hand` cards in hand.
pub fn place_position(place: Place, palettes: usize, hand: usize, lifted: bool) -> Vec3 {
    use table::*;
    match place {
        Place::Palette(p, i) => Vec3::new(
            palette_x(p, palettes),
            PALETTE_Y - i as f32 * FAN,
            1.0 + i as f32 * 0.1,
        ),
        Place::Canvas(i) => CANVAS.extend(1.0 + i as f32 * 0.1),
        Place::Hand(i) => Vec3::new(
            hand_x(i, hand),
            HAND_Y + if lifted { 28.0 } else { 0.0 },
            5.0 + i as f32 * 0.1,
        ),
    }
}

/// The AI computation in flight, if any; its purpose is whether its answer is to be played
/// (autoplay) or shown (hint).
pub type AiTask = AiSlot<Once<Option<ai::Move>>, bool>;

/// How many searches were started (varies the AI's seed).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AiSearches(pub u64);

/// Everything Solo Red needs without a window.
pub struct SoloRedLogicPlugin;

impl Plugin for SoloRedLogicPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<AiTask>()
            .init_resource::<AiSearches>()
            .add_message::<SoloRedAction>()
            .add_systems(OnEnter(Screen::SoloRed), enter)
            .add_systems(
                Update,
                (
                    handle_actions,
                    ai_poll,
                    ai_autoplay,
                    sync_cards,
                    glide,
                    status,
                )
                    .chain()
                    .run_if(in_state(Screen::SoloRed)),
            );
    }
}

/// On entering the screen: deal a first game, or lay the table of the game in play out again
/// (its card entities left with the screen).
fn enter(
    mut commands: Commands,
    session: Option<ResMut<SoloRedSession>>,
    mut seeds: ResMut<crate::kit::seed::Seeds>,
) {
    match session {
        Some(mut s) => s.set_changed(),
        None => commands.insert_resource(SoloRedSession::new(seeds.next_seed())),
    }
}

fn handle_actions(
    mut actions: MessageReader<SoloRedAction>,
    mut s: ResMut<SoloRedSession>,
    mut ai_task: ResMut<AiTask>,
    mut searches: ResMut<AiSearches>,
    host: Res<AiHost>,
) {
    for a in actions.read() {
        match *a {
            SoloRedAction::NewGame(seed) => {
                *s = SoloRedSession::new(seed);
                ai_task.cancel();
                continue;
            }
            SoloRedAction::ToggleAutoplay => {
                s.autoplay = !s.autoplay;
                s.assisted |= s.autoplay && !s.game.is_over();
                continue;
            }
            _ if s.game.is_over() => {
                s.message = "The game is over: deal a new one.".into();
                continue;
            }
            SoloRedAction::Select(i) if i < s.game.hand().len() => {
                s.selected = if s.selected == Some(i) { None } else { Some(i) };
            }
            SoloRedAction::Select(_) => {}
            SoloRedAction::Palette(p) => {
                let Some(i) = s.selected else {
                    s.message = "Pick a card from your hand first.".into();
                    continue;
                };
                s.generation += 1;
                match s.game.play_turn(p, i) {
                    Ok(PlayResult::Winning) => s.message.clear(),
                    Ok(PlayResult::Lost) => {
                        s.message = format!("Palette {} does not win: game lost.", p + 1);
                    }
                    Err(e) => s.message = format!("{e}."),
                }
                s.selected = None;
                s.hint = None;
            }
            SoloRedAction::Canvas => {
                let Some(i) = s.selected else {
                    s.message = "Pick a card from your hand first.".into();
                    continue;
                };
                let card = s.game.hand()[i];
                s.generation += 1;
                match s.game.play_to_canvas(i) {
                    Ok(()) => {
                        s.canvas_pile.push(card);
                        s.message.clear();
                    }
                    Err(e) => s.message = format!("{e}."),
                }
                s.selected = None;
                s.hint = None;
            }
            SoloRedAction::Hint => {
                if !ai_task.busy() {
                    spawn_ai(&s, *host, &mut ai_task, &mut searches, false);
                    s.message = "Thinking…".into();
                }
            }
        }
    }
}

fn spawn_ai(
    s: &SoloRedSession,
    host: AiHost,
    t: &mut AiTask,
    searches: &mut AiSearches,
    play: bool,
) {
    searches.0 += 1;
    let game = s.game.clone();
    let seed = s.seed.wrapping_mul(7919).wrapping_add(searches.0);
    let work =
        Once::new(move || ai::hint(&game, seed, AI_ROLLOUTS).or_else(|| ai::any_move(&game)));
    t.start(host, work, s.generation, play);
}

fn ai_poll(mut s: ResMut<SoloRedSession>, mut t: ResMut<AiTask>) {
    let generation = s.generation;
    let Some((play, answer)) = t.poll_fresh(generation) else {
        return;
    };
    if s.game.is_over() {
        return;
    }
    match answer {
        Some(m) if play => {
            s.selected = None;
            s.hint = None;
            if s.apply(m) == Some(PlayResult::Lost) {
                s.message = "No play could keep a palette winning: game lost.".into();
            }
        }
        Some(m) => {
            s.message = format!("Hint: {}", m.describe(&s.game));
            s.hint = Some(m);
        }
        None => s.message = "No card can make a palette win.".into(),
    }
}

fn ai_autoplay(
    s: Res<SoloRedSession>,
    host: Res<AiHost>,
    mut t: ResMut<AiTask>,
    mut searches: ResMut<AiSearches>,
    moving: Query<&CardEntity, With<Gliding>>,
) {
    if s.autoplay && !t.busy() && !s.game.is_over() && moving.is_empty() {
        spawn_ai(&s, *host, &mut t, &mut searches, true);
    }
}

/// Marks a card entity still on its way to its place.
#[derive(Component)]
pub struct Gliding;

/// Makes the card entities mirror the rules: one per card on the table, each told its place.
/// New cards (drawn) appear at the deck.
fn sync_cards(
    mut commands: Commands,
    s: Res<SoloRedSession>,
    mut cards: Query<(Entity, &mut CardEntity)>,
) {
    if !s.is_changed() {
        return;
    }
    let places = s.places();
    let mut existing: Vec<(Entity, Card)> = Vec::new();
    for (e, mut ce) in &mut cards {
        match places.iter().find(|(c, _)| *c == ce.card) {
            Some(&(_, place)) => {
                if ce.place != place {
                    ce.place = place;
                }
                commands.entity(e).insert(Gliding);
                existing.push((e, ce.card));
            }
            None => commands.entity(e).despawn(),
        }
    }
    for (card, place) in places {
        if existing.iter().all(|(_, c)| *c != card) {
            commands.spawn((
                CardEntity { card, place },
                Gliding,
                Transform::from_translation(table::DECK.extend(8.0)),
                Visibility::default(),
                DespawnOnExit(Screen::SoloRed),
            ));
        }
    }
}

/// Moves card entities towards their places.
fn glide(
    mut commands: Commands,
    time: Res<Time>,
    s: Res<SoloRedSession>,
    mut cards: Query<(Entity, &CardEntity, &mut Transform), With<Gliding>>,
) {
    let n = s.game.num_palettes();
    let h = s.game.hand().len();
    let k = 1.0 - (-14.0 * time.delta_secs()).exp();
    for (e, ce, mut tf) in &mut cards {
        let lifted = matches!(ce.place, Place::Hand(i) if s.selected == Some(i));
        let target = place_position(ce.place, n, h, lifted);
        let d = target.truncate() - tf.translation.truncate();
        if d.length() < 0.5 {
            tf.translation = target;
            commands.entity(e).remove::<Gliding>();
        } else {
            let xy = tf.translation.truncate() + d * k;
            // Travelling cards fly above the table.
            tf.translation = xy.extend(target.z + 10.0);
        }
    }
}

fn status(
    s: Res<SoloRedSession>,
    t: Res<AiTask>,
    moving: Query<(), With<Gliding>>,
    mut st: ResMut<ScreenStatus>,
) {
    let over = s.game.is_over();
    st.report(
        (over || !s.autoplay) && !t.busy() && moving.is_empty(),
        over,
    );
}
