//! Nested Monte-Carlo Search (Cazenave 2009) over the byte engine, for boards too large for the
//! bitboard engine (over 15 rows or 16 columns): TabuColorRandom playouts and memorisation of
//! the best line, level 1, 2, 3 … until the budget is spent.

use super::Clock;
use crate::gems::fast::{FastBoard, FastMove, FastRng, Scratch};

/// Iterative NMCS: level 1, 2, 3 … until `clock` is out, keeping the best line of all; returns
/// its score, its moves and the nodes spent.
pub(super) fn nmcs_anytime(
    start: &FastBoard,
    clock: Clock,
    seed: u64,
) -> (u64, Vec<FastMove>, u64) {
    let mut search = Nmcs {
        clock,
        rng: FastRng::new(seed),
        best_score: 0,
        best_line: Vec::new(),
    };
    let mut scratch = Scratch::default();
    // A first playout so there is always an answer.
    let mut line = Vec::new();
    let score = start
        .clone()
        .playout(&mut search.rng, &mut scratch, Some(&mut line));
    search.offer(score, &line);
    for level in 1..=6 {
        if search.clock.out() {
            break;
        }
        search.nested(start, level, &mut scratch);
    }
    (search.best_score, search.best_line, search.clock.spent)
}

/// One thread's Nested Monte-Carlo Search.
struct Nmcs {
    clock: Clock,
    rng: FastRng,
    /// Best complete line from the root, and its score.
    best_score: u64,
    best_line: Vec<FastMove>,
}

impl Nmcs {
    /// Keeps `line` (scoring `score` from the root) when it beats the best line, and reports
    /// its score to the search's owner.
    fn offer(&mut self, score: u64, line: &[FastMove]) {
        if score > self.best_score || self.best_line.is_empty() {
            self.best_score = score;
            self.best_line = line.to_vec();
            self.clock.report_score(score);
        }
    }

    /// A level-`level` nested search from `root` (the root position of the whole search, so
    /// every line it finds can be offered as a complete line).
    fn nested(&mut self, root: &FastBoard, level: u32, scratch: &mut Scratch) {
        let mut pos = root.clone();
        let mut prefix: Vec<FastMove> = Vec::new();
        let mut prefix_score = 0u64;
        // The best line from `pos` found at this level (memorised: followed unless beaten).
        let mut best_tail: Vec<FastMove> = Vec::new();
        let mut best_tail_score = 0u64;
        let mut have_tail = false;
        loop {
            pos.moves(scratch);
            if scratch.moves.is_empty() {
                break;
            }
            let moves: Vec<FastMove> = scratch.moves.iter().map(|m| m.mv).collect();
            for mv in moves {
                if self.clock.out() {
                    return;
                }
                self.clock.tick();
                let Some((points, tail_score, tail)) = self.try_move(&pos, mv, level, scratch)
                else {
                    continue;
                };
                let total = points + tail_score;
                if !have_tail || total > best_tail_score {
                    have_tail = true;
                    best_tail_score = total;
                    best_tail.clear();
                    best_tail.push(mv);
                    best_tail.extend_from_slice(&tail);
                    let mut full = prefix.clone();
                    full.extend_from_slice(&best_tail);
                    self.offer(prefix_score + total, &full);
                }
            }
            // Follow the best line one move.
            let mv = best_tail.remove(0);
            let points = pos.play(mv, scratch).unwrap_or(0);
            prefix.push(mv);
            prefix_score += points;
            best_tail_score -= points;
            if best_tail.is_empty() {
                break;
            }
        }
    }

    /// Plays `mv` from `pos` and judges the child by a playout (level 1) or a search one level
    /// down: the move's points, and the best continuation's score and moves (`None` when `mv`
    /// is not legal there).
    fn try_move(
        &mut self,
        pos: &FastBoard,
        mv: FastMove,
        level: u32,
        scratch: &mut Scratch,
    ) -> Option<(u64, u64, Vec<FastMove>)> {
        let mut child = pos.clone();
        let points = child.play(mv, scratch)?;
        let (tail_score, tail) = if level <= 1 {
            let mut line = Vec::new();
            let s = child.playout(&mut self.rng, scratch, Some(&mut line));
            (s, line)
        } else {
            self.sub_search(&child, level - 1, scratch)
        };
        Some((points, tail_score, tail))
    }

    /// A level-`level` search from `start` returning its best line (relative to `start`).
    fn sub_search(
        &mut self,
        start: &FastBoard,
        level: u32,
        scratch: &mut Scratch,
    ) -> (u64, Vec<FastMove>) {
        let mut pos = start.clone();
        let mut line: Vec<FastMove> = Vec::new();
        let mut score = 0u64;
        let mut best_tail: Vec<FastMove> = Vec::new();
        let mut best_tail_score = 0u64;
        loop {
            pos.moves(scratch);
            if scratch.moves.is_empty() {
                return (score + pos.end_bonus(), line);
            }
            let moves: Vec<FastMove> = scratch.moves.iter().map(|m| m.mv).collect();
            let mut have = false;
            for mv in moves {
                if self.clock.out() && !best_tail.is_empty() {
                    break;
                }
                self.clock.tick();
                let Some((points, tail_score, tail)) = self.try_move(&pos, mv, level, scratch)
                else {
                    continue;
                };
                if !have && best_tail.is_empty() || points + tail_score > best_tail_score {
                    have = true;
                    best_tail_score = points + tail_score;
                    best_tail.clear();
                    best_tail.push(mv);
                    best_tail.extend_from_slice(&tail);
                }
            }
            if best_tail.is_empty() {
                // Out of time before anything was tried here: finish with a playout.
                let s = pos.playout(&mut self.rng, scratch, Some(&mut line));
                return (score + s, line);
            }
            let mv = best_tail.remove(0);
            let points = pos.play(mv, scratch).unwrap_or(0);
            line.push(mv);
            score += points;
            best_tail_score -= points;
            if best_tail.is_empty() {
                return (score + pos.end_bonus(), line);
            }
            if self.clock.out() {
                // Out of time: finish along the best line known.
                for m in std::mem::take(&mut best_tail) {
                    score += pos.play(m, scratch).unwrap_or(0);
                    line.push(m);
                }
                return (score + pos.end_bonus(), line);
            }
        }
    }
}
