//! Playouts on the bitboard engine: the literature's TabuColorRandom, and the Expert's
//! selective [`Rollout`] policy.

use std::time::Duration;
#[cfg(not(target_arch = "wasm32"))]
use std::time::Instant;
#[cfg(target_arch = "wasm32")]
use web_time::Instant;

use super::{BitBoard, Group, Mask};
use crate::gems::fast::FastRng;

/// What [`time_playouts`] counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Playouts played.
    pub playouts: u64,
    /// The time they took.
    pub elapsed: Duration,
    /// Their scores added up.
    pub sum: u64,
    /// The best score.
    pub best: u64,
}

/// Plays `playout` (one game to its end, returning its points) 64 times at a time until `time`
/// has passed: the playouts benchmark's loop (`gems-cli bench playouts` on either engine, and
/// the browser's AI worker, so that all of them measure the same loop).
pub fn time_playouts(time: Duration, mut playout: impl FnMut() -> u64) -> Tally {
    let started = Instant::now();
    let mut tally = Tally::default();
    while started.elapsed() < time {
        for _ in 0..64 {
            let score = playout();
            tally.best = tally.best.max(score);
            tally.sum += score;
        }
        tally.playouts += 64;
    }
    tally.elapsed = started.elapsed();
    tally
}

/// A selective random policy for playouts: the target colour is kept for last (its moves are
/// played only when no other colour has one) until few gems remain, and a move that would
/// leave a colour with a single gem (which can then never be removed) is played only when
/// nothing else is left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rollout {
    /// The colour kept for last.
    pub target: usize,
    /// At or below this many gems left, every colour is played alike.
    pub release: u32,
    /// Whether moves that leave a lone gem of their colour are put off.
    pub avoid_lone: bool,
    /// When above 1: up to this many moves are drawn, and the one leaving the fewest gems of
    /// other colours than the target without a neighbour of their colour is played (on a tie,
    /// the bigger group).
    pub choices: u32,
    /// When drawing moves: what each pair of neighbouring gems of the target colour a move
    /// leaves is worth against a lone gem of another colour, in 64ths (0: pairs do not count).
    /// The target's gems brought together are the big group a line ends with.
    pub pairs: u32,
    /// The same for each pair of neighbouring gems of the other colours (0: they do not
    /// count): groups of other colours built up score on their own.
    pub other_pairs: u32,
    /// What each gem of the target colour left without a neighbour of its colour costs, in
    /// 64ths of another colour's lone gem (0: nothing): the target's stragglers are what
    /// its big group misses.
    pub target_lone: u32,
    /// What a gem of another colour than the target costs, in 64ths of a lone gem, when it
    /// has no neighbour of its colour but one diagonally next to it (64 or more: as much as a
    /// lone gem). A gem falling in either column, or a column closing, often joins such a
    /// pair.
    pub near_lone: u32,
}

impl Rollout {
    /// Whether the target colour is still kept for last with `remaining` gems left.
    #[inline(always)]
    pub fn holds_target(&self, remaining: u32) -> bool {
        remaining > self.release
    }
}

impl BitBoard {
    /// [`time_playouts`] of [`BitBoard::playout`]s from this position.
    pub fn time_playouts(&self, time: Duration, rng: &mut FastRng) -> Tally {
        time_playouts(time, || u64::from(self.clone().playout(rng, None)))
    }

    /// Plays random moves to the end and returns the points scored (the clear bonus included):
    /// the TabuColorRandom policy of the SameGame literature, exactly as the byte engine's
    /// [`FastBoard::playout`](crate::gems::fast::FastBoard::playout) plays it (from a random column,
    /// the first cell of a group, bottom-up and column by column, avoiding the most common
    /// colour while another remains). When `record` is given, each move's group is appended.
    pub fn playout(&mut self, rng: &mut FastRng, record: Option<&mut Vec<Group>>) -> u32 {
        let tabu = self.most_common_color();
        self.playout_avoiding(tabu, rng, record)
    }

    /// [`BitBoard::playout`] avoiding colour `tabu` while another colour has a move.
    #[inline(always)]
    pub fn playout_avoiding(
        &mut self,
        tabu: usize,
        rng: &mut FastRng,
        mut record: Option<&mut Vec<Group>>,
    ) -> u32 {
        let mut score = 0;
        while self.cols > 0 {
            let start = rng.below(self.columns());
            let playable = self.playable();
            let tabu_cells = self.mask(tabu);
            let (good, bad) = (playable.without(tabu_cells), playable.and(tabu_cells));
            let pick = if good.is_empty() { bad } else { good };
            let Some((col, h)) = pick.first_cell_from(start) else {
                break;
            };
            let Some(group) = self.group_at(col, h) else {
                break;
            };
            score += self.play(&group);
            if let Some(r) = record.as_deref_mut() {
                r.push(group);
            }
        }
        score
    }

    /// How much a drawn move that left this position (removing a group of `size`) is worth
    /// avoiding in a [`Rollout`]'s choice, the least being played: 64 for each gem of another
    /// colour than the target left without a neighbour of its colour ([`Rollout::near_lone`]
    /// for one with a neighbour of its colour diagonally next to it), less
    /// [`Rollout::pairs`] for each pair of neighbouring target gems and
    /// [`Rollout::other_pairs`] for each pair of neighbouring gems of another colour; on a
    /// tie, the bigger group.
    #[inline(always)]
    pub(crate) fn choice_cost(&self, rollout: &Rollout, size: u32) -> i64 {
        let target = self.mask(rollout.target);
        let (above, right) = self.same_above_and_right();
        let lone_cells = self.lone_cells_of((above, right));
        let others = lone_cells.without(target);
        let mut cost = i64::from(others.count() * 64 + 32 - size.min(32));
        if rollout.near_lone < 64 {
            let near = others.and(self.diagonal_twins()).count();
            cost -= i64::from(near * (64 - rollout.near_lone));
        }
        if rollout.target_lone > 0 {
            cost += i64::from(lone_cells.and(target).count() * rollout.target_lone);
        }
        if rollout.pairs > 0 || rollout.other_pairs > 0 {
            let own = above.and(target).count() + right.and(target).count();
            let others = above.count() + right.count() - own;
            cost -= i64::from(own * rollout.pairs + others * rollout.other_pairs);
        }
        cost
    }

    /// Plays a game to its end by the selective random policy `rollout` (see [`Rollout`]);
    /// returns the points scored (the clear bonus included). When `record` is given, each
    /// move's first cell is appended.
    #[inline(always)]
    pub fn rollout(
        &mut self,
        rollout: &Rollout,
        rng: &mut FastRng,
        record: Option<&mut Vec<(u8, u8)>>,
    ) -> u32 {
        // SAFETY: without `PEXT`, `rollout_in` asks nothing of the processor.
        unsafe { self.rollout_in::<false>(rollout, rng, record) }
    }

    /// [`BitBoard::rollout`], its gravity by BMI2's bit extraction when `PEXT` (the same
    /// games; the beam's playouts ask for it where that is fast).
    ///
    /// # Safety
    /// With `PEXT`, the processor must have BMI2.
    #[inline(always)]
    pub(crate) unsafe fn rollout_in<const PEXT: bool>(
        &mut self,
        rollout: &Rollout,
        rng: &mut FastRng,
        mut record: Option<&mut Vec<(u8, u8)>>,
    ) -> u32 {
        let mut score = 0;
        while self.cols > 0 {
            let start = rng.below(self.columns());
            let playable = self.playable();
            if playable.is_empty() {
                break;
            }
            let held = if rollout.holds_target(self.remaining()) {
                self.mask(rollout.target)
            } else {
                Mask::EMPTY
            };
            let mut last_resort = None;
            let mut chosen = None;
            // The chosen move's board and points, when drawing moves played it already.
            let mut played: Option<(BitBoard, u32)> = None;
            let mut cheapest = i64::MAX;
            let choices = rollout.choices.max(1);
            'sets: for mut set in [playable.without(held), playable.and(held)] {
                let mut drawn = 0;
                let mut from = start;
                while let Some((col, h)) = set.first_cell_from(from) {
                    let Some(g) = self.group_at(col, h) else {
                        break;
                    };
                    set = set.without(g.cells);
                    if rollout.avoid_lone && self.count(g.color as usize) == g.size + 1 {
                        last_resort.get_or_insert(g);
                        continue;
                    }
                    if choices == 1 {
                        chosen = Some(g);
                        break 'sets;
                    }
                    let mut after = *self;
                    // SAFETY: as promised by the caller.
                    let points = unsafe { after.play_in::<PEXT>(&g) };
                    let cost = after.choice_cost(rollout, g.size);
                    if cost < cheapest {
                        cheapest = cost;
                        chosen = Some(g);
                        played = Some((after, points));
                    }
                    drawn += 1;
                    if drawn == choices {
                        break;
                    }
                    from = rng.below(self.columns());
                }
                if chosen.is_some() {
                    break;
                }
            }
            let Some(group) = chosen.or(last_resort) else {
                break;
            };
            match played.filter(|_| chosen.is_some()) {
                Some((after, points)) => {
                    *self = after;
                    score += points;
                }
                // SAFETY: as promised by the caller.
                None => score += unsafe { self.play_in::<PEXT>(&group) },
            }
            if let Some(r) = record.as_deref_mut() {
                let (col, h) = group.cells.first_cell().unwrap_or_default();
                r.push((col as u8, h as u8));
            }
        }
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gems::{Board, RemovalPolicy};

    /// The bitboard of `rows` (top row first), Classic rules, and the bitboard's number for
    /// the rules' colour 0.
    fn board(rows: &str) -> (BitBoard, usize) {
        let board = Board::from_save_string(rows).expect("a valid board");
        let (bits, kinds) = BitBoard::from_board(&board, RemovalPolicy::Classic).expect("fits");
        let zero = kinds
            .iter()
            .position(|&k| k == 0)
            .expect("colour 0 is on the board");
        (bits, zero)
    }

    #[test]
    fn the_choice_counts_lone_gems_and_weighs_the_targets_and_the_other_colours_pairs() {
        // Colour 0 (the target) in one block of four: four pairs. One lone gem of colour 2.
        let (together, target) = board("0 0 1\n0 0 1\n2 1 1");
        // The same gems, the target's split in two: two pairs. One lone gem of colour 2.
        let (apart, same) = board("0 1 0\n0 1 0\n2 1 1");
        assert_eq!(target, same);
        let rollout = |pairs| Rollout {
            target,
            release: 0,
            avoid_lone: true,
            choices: 4,
            pairs,
            other_pairs: 0,
            target_lone: 0,
            near_lone: 64,
        };
        for b in [&together, &apart] {
            assert_eq!(
                b.choice_cost(&rollout(0), 2),
                64 + 30,
                "one lone gem, a group of 2"
            );
        }
        assert_eq!(together.choice_cost(&rollout(24), 2), 64 + 30 - 4 * 24);
        assert_eq!(apart.choice_cost(&rollout(24), 2), 64 + 30 - 2 * 24);
        // A bigger group removed costs less on a tie.
        assert_eq!(apart.choice_cost(&rollout(0), 5), 64 + 27);
        // Colour 1's pairs (three on each board: two down its column, one along the bottom)
        // count for what `other_pairs` makes them worth, the target's as before.
        let others = Rollout {
            other_pairs: 8,
            ..rollout(24)
        };
        assert_eq!(together.choice_cost(&others, 2), 64 + 30 - 4 * 24 - 3 * 8);
        assert_eq!(apart.choice_cost(&others, 2), 64 + 30 - 2 * 24 - 3 * 8);
        // Colour 2's gem paired up: no lone gem, the target's two pairs, and colour 2's one
        // beside colour 1's three.
        let (joined, zero) = board("0 0 1\n2 0 1\n2 1 1");
        let others = Rollout {
            target: zero,
            ..others
        };
        assert_eq!(joined.choice_cost(&others, 2), 30 - 2 * 24 - 4 * 8);
        // A lone gem of the target (colour 0, top left) beside colour 2's: it costs
        // `target_lone` 64ths of colour 2's.
        let (straggler, zero) = board("0 1 0\n1 1 0\n2 1 1");
        let lone = |target_lone| Rollout {
            target: zero,
            target_lone,
            ..rollout(0)
        };
        assert_eq!(straggler.choice_cost(&lone(0), 2), 64 + 30);
        assert_eq!(straggler.choice_cost(&lone(16), 2), 64 + 30 + 16);
        // Colour 2's two gems (bottom left, and the middle) are lone but diagonally next to
        // each other; colour 0's (top right) is lone with no diagonal twin. With colour 1,
        // whose gems all have a neighbour, kept for last, `near_lone` prices the first two.
        let (diagonal, _) = board("1 1 0\n1 2 1\n2 1 1");
        assert_eq!(diagonal.color_at(0, 0), diagonal.color_at(1, 1));
        let near = |near_lone| Rollout {
            target: diagonal.color_at(0, 1).expect("a gem") as usize,
            near_lone,
            ..rollout(0)
        };
        assert_eq!(diagonal.choice_cost(&near(64), 2), 3 * 64 + 30);
        assert_eq!(diagonal.choice_cost(&near(32), 2), 64 + 2 * 32 + 30);
        assert_eq!(diagonal.choice_cost(&near(0), 2), 64 + 30);
    }
}
