//! The AI: a hint/autoplay that never looks at the hidden deck, and a full-knowledge solver.
//!
//! * [`hint`] is flat Monte Carlo over determinizations: the cards the player cannot see are the
//!   35 cards minus the palettes and the hand; each sample deals `deck_len` of them in random order,
//!   and every candidate move is scored by random rollouts on the same samples.
//! * [`solve`] knows the deck order and searches depth-first, remembering positions already shown
//!   to lose, and answers whether the deal can be won (or gives up after a node budget).

use std::collections::HashSet;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::card::{CARD_COUNT, Card, Colour};
use super::game::Game;
pub use super::game::Move;
use super::rules::{PaletteKey, palette_key};
use crate::cancel::Cancel;

/// The rollouts a console hint spends.
pub const HINT_BUDGET: usize = 1500;
/// The default node budget of [`solve`].
pub const SOLVER_NODES: u64 = 2_000_000;

/// A compact position for search: palettes and hand as bit sets of card indices.
#[derive(Clone, Debug)]
struct Sim {
    palettes: Vec<u64>,
    canvas: Colour,
    hand: u64,
    hand_size: u32,
    canvas_played: bool,
    deck: Vec<Card>,
    pos: usize,
}

fn cards_of(mask: u64, buf: &mut [Card; CARD_COUNT]) -> usize {
    let mut n = 0;
    let mut m = mask;
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        buf[n] = Card::from_index(i).expect("bit below 35");
        n += 1;
        m &= m - 1;
    }
    n
}

fn key(rule: Colour, mask: u64) -> PaletteKey {
    let mut buf = [Card::from_index(0).expect("card 0"); CARD_COUNT];
    let n = cards_of(mask, &mut buf);
    palette_key(rule, &buf[..n])
}

fn mask_of(cards: &[Card]) -> u64 {
    cards.iter().fold(0, |m, c| m | 1 << c.index())
}

impl Sim {
    fn from_game(game: &Game, deck: Vec<Card>) -> Sim {
        Sim {
            palettes: game.palettes().iter().map(|p| mask_of(p)).collect(),
            canvas: game.canvas(),
            hand: mask_of(game.hand()),
            hand_size: game.hand_size() as u32,
            canvas_played: game.canvas_played(),
            deck,
            pos: 0,
        }
    }

    fn won(&self) -> bool {
        self.hand == 0 && self.pos >= self.deck.len()
    }

    /// Whether playing `card` to palette `p` under `rule` makes `p` win (p must be losing now).
    fn survives(keys: &[PaletteKey], rule: Colour, pal: u64, p: usize, card: Card) -> bool {
        let k = key(rule, pal | 1 << card.index());
        keys.iter().enumerate().all(|(q, kq)| q == p || k > *kq)
    }

    fn keys(&self, rule: Colour) -> Vec<PaletteKey> {
        self.palettes.iter().map(|&m| key(rule, m)).collect()
    }

    /// Every move after which the game goes on (palette-only moves first).
    fn surviving_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        let hand = cards_vec(self.hand);
        let mut rules: Vec<Option<Card>> = vec![None];
        if !self.canvas_played && hand.len() >= 2 {
            rules.extend(hand.iter().map(|&c| Some(c)));
        }
        for canvas in rules {
            let rule = canvas.map_or(self.canvas, Card::colour);
            let keys = self.keys(rule);
            let winner = argmax(&keys);
            for (p, &pal) in self.palettes.iter().enumerate() {
                if p == winner {
                    continue;
                }
                for &c in &hand {
                    if Some(c) != canvas && Self::survives(&keys, rule, pal, p, c) {
                        out.push(Move {
                            canvas,
                            palette: p,
                            card: c,
                        });
                    }
                }
            }
        }
        out
    }

    /// Plays a move assumed to survive, then draws.
    fn play(&mut self, m: Move) {
        if let Some(c) = m.canvas {
            self.hand &= !(1 << c.index());
            self.canvas = c.colour();
        }
        self.hand &= !(1 << m.card.index());
        self.palettes[m.palette] |= 1 << m.card.index();
        while self.hand.count_ones() < self.hand_size && self.pos < self.deck.len() {
            self.hand |= 1 << self.deck[self.pos].index();
            self.pos += 1;
        }
        self.canvas_played = false;
    }

    /// A cheap random surviving move: a few random tries, then a full enumeration.
    fn random_move(&self, rng: &mut ChaCha8Rng) -> Option<Move> {
        let hand = cards_vec(self.hand);
        if hand.is_empty() {
            return None;
        }
        for _ in 0..12 {
            let use_canvas = !self.canvas_played && hand.len() >= 2 && rng.random_bool(0.5);
            let card = hand[rng.random_range(0..hand.len())];
            let canvas = if use_canvas {
                let c = hand[rng.random_range(0..hand.len())];
                if c == card {
                    continue;
                }
                Some(c)
            } else {
                None
            };
            let rule = canvas.map_or(self.canvas, Card::colour);
            let keys = self.keys(rule);
            let p = rng.random_range(0..self.palettes.len());
            if p != argmax(&keys) && Self::survives(&keys, rule, self.palettes[p], p, card) {
                return Some(Move {
                    canvas,
                    palette: p,
                    card,
                });
            }
        }
        let all = self.surviving_moves();
        (!all.is_empty()).then(|| all[rng.random_range(0..all.len())])
    }

    /// Plays random surviving moves to the end; returns (won, cards left unplayed).
    fn rollout(mut self, rng: &mut ChaCha8Rng) -> (bool, usize) {
        while !self.won() {
            match self.random_move(rng) {
                Some(m) => self.play(m),
                None => break,
            }
        }
        (
            self.won(),
            self.hand.count_ones() as usize + self.deck.len() - self.pos,
        )
    }

    fn memo_key(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.palettes.hash(&mut h);
        self.hand.hash(&mut h);
        self.canvas.hash(&mut h);
        self.pos.hash(&mut h);
        h.finish()
    }
}

fn cards_vec(mask: u64) -> Vec<Card> {
    let mut buf = [Card::from_index(0).expect("card 0"); CARD_COUNT];
    let n = cards_of(mask, &mut buf);
    buf[..n].to_vec()
}

fn argmax(keys: &[PaletteKey]) -> usize {
    keys.iter()
        .enumerate()
        .max_by_key(|(_, k)| **k)
        .map_or(0, |(i, _)| i)
}

/// The cards the player cannot see: every card not on a palette or in the hand.
pub fn unseen_cards(game: &Game) -> Vec<Card> {
    let seen = mask_of(game.hand())
        | game
            .palettes()
            .iter()
            .fold(0, |m, p| m | mask_of(p.as_slice()));
    Card::all()
        .into_iter()
        .filter(|c| seen & 1 << c.index() == 0)
        .collect()
}

/// Every legal move that keeps the game going, from what the player sees (palette-only first).
pub fn surviving_moves(game: &Game) -> Vec<Move> {
    if !game.is_started() || game.is_over() {
        return Vec::new();
    }
    Sim::from_game(game, Vec::new()).surviving_moves()
}

/// Some legal move, even a losing one (for when nothing survives); `None` if the game is over.
pub fn any_move(game: &Game) -> Option<Move> {
    if !game.is_started() || game.is_over() {
        return None;
    }
    let card = *game.hand().first()?;
    let w = game.winning_palette()?;
    let palette = (0..game.num_palettes()).find(|&p| p != w)?;
    Some(Move {
        canvas: None,
        palette,
        card,
    })
}

/// The AI's move, using only what the player can see; `rollouts` bounds the work. `None` when no
/// move keeps the game going (every play loses) or the game is over.
pub fn hint(game: &Game, seed: u64, rollouts: usize) -> Option<Move> {
    hint_until(game, seed, rollouts, &Cancel::never())
}

/// [`hint`], stopping early once `cancel` is set (with the best move of the rounds played).
pub fn hint_until(game: &Game, seed: u64, rollouts: usize, cancel: &Cancel) -> Option<Move> {
    let cands = surviving_moves(game);
    if cands.len() <= 1 {
        return cands.first().copied();
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let unseen = unseen_cards(game);
    let need = game.deck_len().min(unseen.len());
    let rounds = (rollouts / cands.len()).max(2);
    let mut score = vec![0f64; cands.len()];
    for _ in 0..rounds {
        if cancel.is_cancelled() {
            break;
        }
        let mut deck = unseen.clone();
        for i in (1..deck.len()).rev() {
            let j = rng.random_range(0..=i);
            deck.swap(i, j);
        }
        deck.truncate(need);
        let base = Sim::from_game(game, deck);
        for (m, s) in cands.iter().zip(score.iter_mut()) {
            let mut sim = base.clone();
            sim.play(*m);
            let (won, left) = sim.rollout(&mut rng);
            *s += if won { 100.0 } else { 0.0 } - left as f64;
        }
    }
    let best = score
        .iter()
        .enumerate()
        .max_by(|a, b| a.1.total_cmp(b.1))
        .map_or(0, |(i, _)| i);
    Some(cands[best])
}

/// A uniformly random move among those that keep the game going (random legal play that at least
/// avoids immediately losing plays is *not* what this is: it picks among every legal move).
pub fn random_legal_move(game: &Game, rng: &mut ChaCha8Rng) -> Option<Move> {
    if !game.is_started() || game.is_over() {
        return None;
    }
    let hand = game.hand();
    let canvas = if !game.canvas_played() && hand.len() >= 2 && rng.random_bool(0.5) {
        Some(rng.random_range(0..hand.len()))
    } else {
        None
    };
    // The palettes that may take the card are the losing ones under the rule in force once the
    // canvas card (if any) is down.
    let rule = canvas.map_or(game.canvas(), |i| hand[i].colour());
    let w = super::winning_palette(rule, game.palettes())?;
    let losing: Vec<usize> = (0..game.num_palettes()).filter(|&p| p != w).collect();
    let rest: Vec<Card> = hand
        .iter()
        .enumerate()
        .filter(|(i, _)| Some(*i) != canvas)
        .map(|(_, c)| *c)
        .collect();
    Some(Move {
        canvas: canvas.map(|i| hand[i]),
        palette: losing[rng.random_range(0..losing.len())],
        card: rest[rng.random_range(0..rest.len())],
    })
}

/// What the solver found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Some sequence of moves wins.
    Winnable,
    /// Every sequence of moves loses.
    Unwinnable,
    /// The node budget ran out first.
    Unknown,
}

/// Decides, knowing the deck order, whether `game` can still be won, visiting at most `max_nodes`
/// positions. Returns the verdict and, when winnable, the winning line of moves.
pub fn solve(game: &Game, max_nodes: u64) -> (Verdict, Vec<Move>) {
    if game.is_won() {
        return (Verdict::Winnable, Vec::new());
    }
    if !game.is_started() || game.is_over() {
        return (Verdict::Unwinnable, Vec::new());
    }
    let sim = Sim::from_game(game, game.deck_cards());
    // Cheap first: random full-knowledge playouts often find a win without any search.
    let mut rng = ChaCha8Rng::seed_from_u64(max_nodes);
    for _ in 0..64 {
        let mut line = Vec::new();
        let mut s = sim.clone();
        while !s.won() {
            match s.random_move(&mut rng) {
                Some(m) => {
                    line.push(m);
                    s.play(m);
                }
                None => break,
            }
        }
        if s.won() {
            return (Verdict::Winnable, line);
        }
    }
    let mut s = Solver {
        lost: HashSet::new(),
        nodes: 0,
        max_nodes,
        line: Vec::new(),
    };
    match s.dfs(&sim) {
        Some(true) => {
            s.line.reverse();
            (Verdict::Winnable, s.line)
        }
        Some(false) => (Verdict::Unwinnable, Vec::new()),
        None => (Verdict::Unknown, Vec::new()),
    }
}

struct Solver {
    lost: HashSet<u64>,
    nodes: u64,
    max_nodes: u64,
    line: Vec<Move>,
}

impl Solver {
    /// `Some(won)`, or `None` when out of budget.
    fn dfs(&mut self, sim: &Sim) -> Option<bool> {
        if sim.won() {
            return Some(true);
        }
        let k = sim.memo_key();
        if self.lost.contains(&k) {
            return Some(false);
        }
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return None;
        }
        let mut moves = sim.surviving_moves();
        // Canvas plays use up cards faster: try them first.
        moves.sort_by_key(|m| m.canvas.is_none());
        for m in moves {
            let mut next = sim.clone();
            next.play(m);
            if self.dfs(&next)? {
                self.line.push(m);
                return Some(true);
            }
        }
        self.lost.insert(k);
        Some(false)
    }
}

/// Plays `game` to the end with [`hint`] (at most `rollouts` per turn); true if won.
pub fn play_out_ai(mut game: Game, seed: u64, rollouts: usize) -> bool {
    let mut turn = 0u64;
    while !game.is_over() {
        turn += 1;
        let m = hint(&game, seed.wrapping_mul(1_000).wrapping_add(turn), rollouts)
            .or_else(|| any_move(&game));
        if m.and_then(|m| m.apply(&mut game)).is_none() {
            return false;
        }
    }
    game.is_won()
}

/// Plays `game` to the end with uniformly random legal moves (seeded); true if won.
pub fn play_out_random(mut game: Game, seed: u64) -> bool {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    while !game.is_over() {
        if random_legal_move(&game, &mut rng)
            .and_then(|m| m.apply(&mut game))
            .is_none()
        {
            return false;
        }
    }
    game.is_won()
}
