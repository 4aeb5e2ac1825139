//! Refining a given line by NRPA ([`Nrpa::refine`]): the last part of the Expert's searches on
//! threads, which refines each thread's best line.

use std::time::Instant;

use super::{Fixed, Nrpa, NrpaLine, NrpaMove, Run};
use crate::cancel::Cancel;
use crate::gems::bits::{BitBoard, Group};

impl Nrpa {
    /// Refines `line` (bit moves (column, height of the group's first cell) from `start`)
    /// until the deadline or `cancel`: searches of level `level` − 1 (at least 1) one after
    /// the other from a policy that starts adapted `seed_adapts` times towards `line` and is
    /// adapted after each search towards the best line so far, which starts as `line` (a
    /// level-`level` search without its limit of iterations), so that its playouts try lines
    /// near it. A playout still on `line` may play its next move where the selective policy
    /// would not allow it; off it, colour `tabu` is kept for last.
    /// Returns the best line found (`line` itself when nothing beats it; it is the first
    /// playout) and the playouts played.
    pub fn refine(
        &self,
        start: &BitBoard,
        line: &[(u8, u8)],
        tabu: usize,
        level: u32,
        (deadline, cancel): (Instant, &Cancel),
        seed: u64,
    ) -> (NrpaLine, u64) {
        let mut run = self.run(start, (deadline, cancel), seed);
        run.tabu = tabu;
        run.guide = line_groups(start, line)
            .map(|g| NrpaMove::of(self.codes.of(&g), &g))
            .collect();
        run.follow = true;
        let mut seeded = NrpaLine::default();
        run.playout(&self.policy(), &mut seeded);
        run.follow = false;
        let mut policy = self.policy();
        for _ in 0..self.seed_adapts {
            run.adapt(&mut policy, &seeded);
        }
        let mut best = seeded;
        let mut searches = 0;
        while !run.stopped() {
            run.fix_start(&best);
            let found = run.level(level.max(2) - 1, &mut policy.clone());
            if found.score >= best.score {
                best = found;
            }
            searches += 1;
            if self.restart > 0 && searches % self.restart == 0 {
                policy = self.policy();
                for _ in 0..self.seed_adapts {
                    run.adapt(&mut policy, &best);
                }
            } else {
                run.adapt(&mut policy, &best);
            }
        }
        (run.best, run.playouts)
    }
}

impl Run<'_> {
    /// Fixes the playouts' start after a random number of `best`'s first moves, at most
    /// [`Nrpa::cut`] percent of them (none when that is 0).
    fn fix_start(&mut self, best: &NrpaLine) {
        let most = best.moves.len() * self.settings.cut.min(100) as usize / 100;
        let keep = if most == 0 {
            0
        } else {
            self.rng.below(most + 1)
        };
        if keep == 0 {
            self.fixed = None;
            return;
        }
        let mut board = *self.start;
        let mut line = NrpaLine::default();
        for mv in &best.moves[..keep] {
            let (col, h) = mv.cell();
            let Some(g) = board.group_at(col, h) else {
                self.fixed = None;
                return;
            };
            line.score += board.play(&g);
            line.moves.push(*mv);
        }
        let end = best.ends[keep - 1] as usize;
        line.allowed.extend_from_slice(&best.allowed[..end]);
        line.ends.extend_from_slice(&best.ends[..keep]);
        if !best.biases.is_empty() {
            line.biases.extend_from_slice(&best.biases[..end]);
        }
        let mut groups = Vec::new();
        board.groups(&mut groups);
        let on_guide = self.guide.len() > keep
            && (line.moves.iter().zip(&self.guide)).all(|(mv, want)| mv == want);
        self.fixed = Some(Fixed {
            board,
            groups,
            line,
            on_guide,
        });
    }
}

/// The colour of the biggest group `line` (bit moves from `start`) takes: the colour it keeps
/// for last (the most common colour for a line without a move).
pub fn kept_colour(start: &BitBoard, line: &[(u8, u8)]) -> usize {
    let mut biggest = (0, start.most_common_color());
    for g in line_groups(start, line) {
        if g.size > biggest.0 {
            biggest = (g.size, usize::from(g.color));
        }
    }
    biggest.1
}

/// The groups `line` (bit moves from `start`) takes, one after the other, up to its first move
/// that is not a legal one.
pub(crate) fn line_groups<'a>(
    start: &BitBoard,
    line: &'a [(u8, u8)],
) -> impl Iterator<Item = Group> + 'a {
    let mut board = *start;
    let mut moves = line.iter();
    std::iter::from_fn(move || {
        let &(col, h) = moves.next()?;
        let g = board.group_at(usize::from(col), usize::from(h))?;
        if g.size < board.min_group() {
            return None;
        }
        board.play(&g);
        Some(g)
    })
}

#[cfg(test)]
mod tests {
    use super::super::Codes;
    use super::super::tests::{assert_replays, position};
    use super::*;
    use crate::gems::{RemovalPolicy, random_board};
    use std::time::Duration;

    /// Refining a line first replays it, even where the selective policy would not allow its
    /// moves, and returns a line at least as good, which replays to its score.
    #[test]
    fn refining_a_line_starts_from_it_and_never_loses_it() {
        let (board, bits) = position(11);
        // A line taking the most common colour whenever it can: the selective policy holds
        // that colour back, so only the guide lets a playout follow it.
        let tabu = bits.most_common_color();
        let (mut replay, mut groups, mut line, mut score) = (bits, Vec::new(), Vec::new(), 0);
        loop {
            replay.groups(&mut groups);
            let Some(&g) = groups
                .iter()
                .find(|g| usize::from(g.color) == tabu)
                .or(groups.first())
            else {
                break;
            };
            let (col, h) = g.cells.first_cell().unwrap();
            line.push((col as u8, h as u8));
            score += replay.play(&g);
        }
        for codes in [Codes::Cells, Codes::Groups] {
            let settings = Nrpa {
                stabilize: 2,
                codes,
                ..Nrpa::default()
            };
            let now = Instant::now();
            let (seeded, _) = settings.refine(&bits, &line, tabu, 2, (now, &Cancel::never()), 1);
            assert_eq!(
                seeded.score, score,
                "an expired search returns the line itself"
            );
            let cells: Vec<_> = seeded.moves.iter().map(|m| m.cell()).collect();
            let given: Vec<_> = line.iter().map(|&(c, h)| (c.into(), h.into())).collect();
            assert_eq!(cells, given);
            for (level, cut, restart) in [(2, 0, 0), (3, 0, 0), (2, 60, 0), (2, 100, 0), (2, 40, 1)]
            {
                let settings = Nrpa {
                    cut,
                    restart,
                    ..settings
                };
                let until = Instant::now() + std::time::Duration::from_millis(150);
                let (found, playouts) =
                    settings.refine(&bits, &line, tabu, level, (until, &Cancel::never()), 2);
                assert!(
                    playouts > 1,
                    "level {level}, cut {cut}: {playouts} playouts"
                );
                assert!(
                    found.score >= score,
                    "level {level}, cut {cut}: {} < {score}",
                    found.score
                );
                assert_replays(&board, &found);
            }
        }
    }

    /// With hashed move codes two groups of one position may share a code: a refining still
    /// replays its line move for move, the guide naming each move by its code and its cell.
    #[test]
    fn refining_follows_its_line_where_two_groups_hashed_codes_collide() {
        let settings = Nrpa {
            codes: Codes::Groups,
            ..Nrpa::default()
        };
        // The first random 15 × 15 board of 5 colours whose start holds two groups of one
        // hashed code.
        let mut groups = Vec::new();
        let (board, bits, later) = (0..5_000)
            .find_map(|seed| {
                let board = random_board(15, 15, 5, seed).ok()?;
                let (bits, _) = BitBoard::from_board(&board, RemovalPolicy::Classic).ok()?;
                bits.groups(&mut groups);
                let codes: Vec<u16> = groups.iter().map(|g| Codes::Groups.of(g)).collect();
                let later = (1..codes.len()).find(|&j| codes[..j].contains(&codes[j]))?;
                Some((board, bits, groups[later]))
            })
            .expect("a collision within 5,000 boards");
        // A line whose first move is the later of the two groups, then the first group left.
        let mut replay = bits;
        let mut line = Vec::new();
        let mut score = 0;
        let mut next = Some(later);
        while let Some(g) = next {
            let (col, h) = g.cells.first_cell().unwrap();
            line.push((col as u8, h as u8));
            score += replay.play(&g);
            replay.groups(&mut groups);
            next = groups.first().copied();
        }
        let expired = (Instant::now(), &Cancel::never());
        let tabu = bits.most_common_color();
        let (seeded, _) = settings.refine(&bits, &line, tabu, 2, expired, 1);
        assert_eq!(seeded.score, score, "the refining replays its line");
        let cells: Vec<_> = seeded.moves.iter().map(|m| m.cell()).collect();
        let given: Vec<_> = line.iter().map(|&(c, h)| (c.into(), h.into())).collect();
        assert_eq!(cells, given);
        assert_replays(&board, &seeded);
    }

    /// A refining search's fixed start is the position after some of the best line's first
    /// moves, never more than its cut allows: every playout from it begins with those moves,
    /// scores their points on the way, and ends the game.
    #[test]
    fn a_refining_search_starts_its_playouts_after_the_lines_first_moves() {
        let (board, bits) = position(4);
        let settings = Nrpa {
            cut: 50,
            ..Nrpa::default()
        };
        let never = Cancel::never();
        let mut run = settings.run(&bits, (Instant::now() + Duration::from_secs(30), &never), 9);
        let mut best = NrpaLine::default();
        run.playout(&settings.policy(), &mut best);
        let most = best.moves.len() / 2;
        let mut fixed_lengths = Vec::new();
        for _ in 0..40 {
            run.fix_start(&best);
            let kept = run.fixed.as_ref().map_or(0, |f| f.line.moves.len());
            assert!(kept <= most, "{kept} of {} moves kept", best.moves.len());
            fixed_lengths.push(kept);
            let mut line = NrpaLine::default();
            run.playout(&settings.policy(), &mut line);
            assert_eq!(line.moves[..kept], best.moves[..kept]);
            assert_eq!(line.fixed, kept);
            assert_eq!(line.ends.len(), line.moves.len());
            assert_replays(&board, &line);
            // The policy adapts towards the line past its fixed start only, within a level.
            let mut policy = settings.policy();
            run.adapt_from(&mut policy, &line, line.fixed);
            for mv in &line.moves[..kept] {
                if !line.moves[kept..].iter().any(|m| m.code == mv.code) {
                    assert!(policy.weights[usize::from(mv.code)] <= 0.0);
                }
            }
        }
        assert!(fixed_lengths.contains(&0) || fixed_lengths.iter().any(|&k| k < most / 2));
        assert!(
            fixed_lengths.iter().any(|&k| k > most / 2),
            "{fixed_lengths:?}"
        );
    }
}
