//! Gravity: a move's gems leave, the gems above them fall, and emptied columns close; lane by
//! lane on any processor, or four columns of a plane at once by BMI2's bit extraction.

use super::mask::squeeze4;
use super::{BitBoard, Mask};

impl BitBoard {
    /// Removes `cells` and lets the gems above them fall, lane by lane; returns the columns
    /// emptied (a bit each).
    #[inline(always)]
    pub(super) fn fall(&mut self, cells: Mask) -> u32 {
        let mut emptied = 0u32;
        let mut touched = cells.columns();
        while touched != 0 {
            let col = touched.trailing_zeros() as usize;
            touched &= touched - 1;
            let p = &self.planes;
            let lanes = u64::from(p[0].lane(col))
                | u64::from(p[1].lane(col)) << 16
                | u64::from(p[2].lane(col)) << 32;
            let lanes = squeeze4(lanes, cells.lane(col));
            for (i, plane) in self.planes.iter_mut().enumerate() {
                plane.set_lane(col, (lanes >> (16 * i)) as u16);
            }
            // Every gem's code has a bit set: no bit left, no gem left.
            if lanes == 0 {
                emptied |= 1 << col;
            }
        }
        emptied
    }

    /// [`BitBoard::fall`] four columns at a time: each touched word of each plane keeps its
    /// gems' bits (extracted) and lays them at the bottom of their lanes (deposited).
    ///
    /// # Safety
    /// The processor must have BMI2.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    pub(super) unsafe fn fall_bmi2(&mut self, cells: Mask) -> u32 {
        use std::arch::x86_64::{_pdep_u64, _pext_u64};
        let mut emptied = 0u32;
        for w in 0..4 {
            let removed = cells.0[w];
            if removed == 0 {
                continue;
            }
            let occupied = self.planes[0].0[w] | self.planes[1].0[w] | self.planes[2].0[w];
            let keep = occupied & !removed;
            // Bit 15 of each lane losing a gem (no carry leaves a lane: both halves are at
            // most 0x7FFF). The other lanes' gems stay where they are, at the bottom.
            const CELLS: u64 = 0x7FFF_7FFF_7FFF_7FFF;
            let mut tops = ((removed & CELLS) + CELLS) & !CELLS;
            let mut bottom = occupied & !((tops >> 15) * 0xFFFF);
            while tops != 0 {
                let shift = tops.trailing_zeros() - 15;
                tops &= tops - 1;
                let n = ((keep >> shift) & 0xFFFF).count_ones();
                bottom |= ((1u64 << n) - 1) << shift;
                if n == 0 {
                    emptied |= 1 << (4 * w as u32 + shift / 16);
                }
            }
            for plane in &mut self.planes {
                // SAFETY: the caller promises BMI2.
                plane.0[w] = unsafe { _pdep_u64(_pext_u64(plane.0[w], keep), bottom) };
            }
        }
        emptied
    }

    /// Closes the emptied columns (a bit each), rightmost first so the lower indices stay
    /// valid.
    #[inline(always)]
    pub(super) fn close(&mut self, mut emptied: u32) {
        while emptied != 0 {
            let col = 31 - emptied.leading_zeros() as usize;
            emptied &= !(1 << col);
            for plane in &mut self.planes {
                plane.remove_lane(col);
            }
            self.cols -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gems::RemovalPolicy;
    use crate::gems::bits::Rollout;
    use crate::gems::fast::FastRng;
    use crate::gems::random_board;

    /// Gravity by BMI2's bit extraction leaves every position as gravity lane by lane does,
    /// emptied and closed columns included, move after move to the end of random games.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn both_gravities_agree() {
        if !std::arch::is_x86_feature_detected!("bmi2") {
            return;
        }
        let mut groups = Vec::new();
        let mut closed = 0;
        for seed in 0..40 {
            // 15×16 fills every lane of every word; smaller shapes leave empty lanes.
            let (rows, cols) = [(15, 15), (15, 16), (9, 13), (5, 6)][seed as usize % 4];
            let board = random_board(rows, cols, 2 + seed as u32 % 4, seed).unwrap();
            let (start, _) = BitBoard::from_board(&board, RemovalPolicy::Classic).unwrap();
            let mut bits = start;
            let mut rng = FastRng::new(seed);
            loop {
                bits.groups(&mut groups);
                if groups.is_empty() {
                    break;
                }
                let g = groups[rng.below(groups.len())];
                let (mut lanes, mut words) = (bits, bits);
                let points = lanes.play(&g);
                // SAFETY: the processor has BMI2 (checked above).
                assert_eq!(unsafe { words.play_in::<true>(&g) }, points, "seed {seed}");
                assert_eq!(words, lanes, "seed {seed}");
                closed += usize::from(lanes.columns() < bits.columns());
                bits = lanes;
            }
            // Whole selective playouts, both ways, from the same random state.
            let rollout = Rollout {
                target: start.most_common_color(),
                release: 72,
                avoid_lone: true,
                choices: 4,
                pairs: 24,
                other_pairs: 0,
                target_lone: 0,
                near_lone: 64,
            };
            let (mut a, mut b) = (start, start);
            let (mut ra, mut rb) = (FastRng::new(seed), FastRng::new(seed));
            let (mut la, mut lb) = (Vec::new(), Vec::new());
            let points = a.rollout(&rollout, &mut ra, Some(&mut la));
            // SAFETY: the processor has BMI2 (checked above).
            let pext = unsafe { b.rollout_in::<true>(&rollout, &mut rb, Some(&mut lb)) };
            assert_eq!((pext, lb, b), (points, la, a), "seed {seed}");
        }
        assert!(closed > 0, "some moves emptied a column");
    }
}
