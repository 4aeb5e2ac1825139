//! Groups kept up to date move by move: a move changes only the cells of the columns it
//! removes gems from, from each column's lowest removed gem up (and closes the emptied
//! columns), so the groups that touch none of those cells stay as they were (when columns
//! close, those two columns or more away, the ones to the right a few lanes further left),
//! and only the groups near the move are found again. Searches that list every move at
//! every step (NRPA's playouts) save most of their flood fills this way.

use super::{BitBoard, Group, Mask};

impl BitBoard {
    /// Removes `group` as [`BitBoard::play`] does, and brings `groups` (every group of this
    /// position, in any order, as [`BitBoard::groups`] lists them) up to date for the
    /// position after it: the same set of groups `groups` would list then, in another
    /// order. Returns the move's points.
    pub fn play_regrouped(&mut self, group: &Group, groups: &mut Vec<Group>) -> u32 {
        let touched = group.cells.columns();
        let lo = touched.trailing_zeros();
        let hi = 31 - touched.leading_zeros();
        let before = self.cols;
        let points = self.play(group);
        let closed = usize::from(before - self.cols);
        let mut covered = Mask::EMPTY;
        if closed == 0 {
            // No column closed: only the cells of each touched column from its lowest
            // removed gem up changed, so a group none of whose cells is one of them or next
            // to one kept its cells and its neighbours.
            let mut changed = Mask::EMPTY;
            let mut cols = touched;
            while cols != 0 {
                let col = cols.trailing_zeros() as usize;
                cols &= cols - 1;
                let lowest = group.cells.lane(col).trailing_zeros();
                changed.set_lane(col, 0x7FFF >> lowest << lowest);
            }
            let near = changed.spread();
            groups.retain(|g| g.cells.and(near).is_empty());
            // A group of the new position with no cell in `near` kept its cells and their
            // neighbours, so it is one of those kept: the groups still to find each have a
            // cell in `near`, and the cells outside it count as known (the groups come in
            // another order than from walking the kept groups' cells, the same set).
            covered = Mask([u64::MAX; 4]).without(near);
        } else {
            // Columns up to lo − 2 kept every cell and every neighbour; so did those from
            // hi + 2 on, which moved `closed` lanes left (every emptied column is between lo
            // and hi).
            let left_safe = Mask::columns_below(lo.saturating_sub(1) as usize);
            let right_moved = Mask::columns_below(hi as usize + 2);
            groups.retain_mut(|g| {
                if g.cells.without(left_safe).is_empty() {
                    covered = covered.or(g.cells);
                    true
                } else if g.cells.and(right_moved).is_empty() {
                    for _ in 0..closed {
                        g.cells = g.cells.left();
                    }
                    covered = covered.or(g.cells);
                    true
                } else {
                    false
                }
            });
        }
        self.push_groups(covered, groups);
        points
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gems::fast::FastRng;
    use crate::gems::{RemovalPolicy, random_board};

    /// The groups kept up to date move by move are, at every step of random games on boards
    /// of every shape (emptied columns included) and under both connected-group rules, the
    /// groups listed afresh.
    #[test]
    fn regrouped_groups_are_the_groups_listed_afresh() {
        let key = |g: &Group| (g.color, g.cells.0, g.size);
        let mut fresh = Vec::new();
        let (mut steps, mut closing, mut closing_two) = (0, 0, 0);
        for seed in 0..60u64 {
            let (rows, cols) = [(15, 15), (15, 16), (9, 13), (5, 6), (3, 12)][seed as usize % 5];
            let policy = if seed % 3 == 0 {
                RemovalPolicy::Chained
            } else {
                RemovalPolicy::Classic
            };
            let board = random_board(rows, cols, 2 + seed as u32 % 5, seed).unwrap();
            let (mut bits, _) = BitBoard::from_board(&board, policy).unwrap();
            let mut kept = Vec::new();
            bits.groups(&mut kept);
            let mut rng = FastRng::new(seed);
            while !kept.is_empty() {
                let g = kept[rng.below(kept.len())];
                let mut plain = bits;
                let want = plain.play(&g);
                closing += usize::from(plain.columns() < bits.columns());
                closing_two += usize::from(plain.columns() + 1 < bits.columns());
                assert_eq!(bits.play_regrouped(&g, &mut kept), want);
                assert_eq!(bits, plain);
                bits.groups(&mut fresh);
                let mut a: Vec<_> = kept.iter().map(key).collect();
                let mut b: Vec<_> = fresh.iter().map(key).collect();
                a.sort_unstable();
                b.sort_unstable();
                assert_eq!(a, b, "seed {seed}, step {steps}");
                steps += 1;
            }
        }
        assert!(steps > 1_000, "only {steps} steps checked");
        assert!(closing > 100, "only {closing} moves closed a column");
        assert!(
            closing_two > 5,
            "only {closing_two} moves closed two columns or more"
        );
    }
}
