//! Adapting a policy towards a line: NRPA's gradient step ([`Run::adapt`]), which every level
//! of a search takes after each of its rounds.

use super::{NrpaLine, Policy, Run};

impl Run<'_> {
    /// Adapts `policy` towards `line`: at each step, the move played gains `alpha` and every
    /// move allowed there loses `alpha` times its probability under the policy before.
    /// The probabilities are the policy's `exps`, which change only at the end.
    pub(super) fn adapt(&mut self, policy: &mut Policy, line: &NrpaLine) {
        self.adapt_from(policy, line, 0);
    }

    /// [`Run::adapt`] over the steps of `line` from step `first` on.
    pub(super) fn adapt_from(&mut self, policy: &mut Policy, line: &NrpaLine, first: usize) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.marks.fill(0);
            self.stamp = 1;
        }
        self.touched.clear();
        let alpha = self.settings.alpha;
        let skip = first.min(line.ends.len());
        let mut from = if skip == 0 {
            0
        } else {
            line.ends[skip - 1] as usize
        };
        for (mv, &end) in line.moves[skip..].iter().zip(&line.ends[skip..]) {
            let step = from..end as usize;
            from = end as usize;
            let codes = &line.allowed[step.clone()];
            // Each allowed move's share of the step's draw (its prior included).
            let biases = line.biases.get(step).unwrap_or(&[]);
            let sum = if biases.is_empty() {
                sum_exps(&policy.exps, codes)
            } else {
                codes
                    .iter()
                    .zip(biases)
                    .map(|(&c, b)| policy.exps[usize::from(c)] * b)
                    .sum()
            };
            for (k, &c) in codes.iter().enumerate() {
                let i = usize::from(c);
                let b = biases.get(k).copied().unwrap_or(1.0);
                policy.weights[i] -= alpha * policy.exps[i] * b / sum;
                if self.marks[i] != self.stamp {
                    self.marks[i] = self.stamp;
                    self.touched.push(c);
                }
            }
            policy.weights[usize::from(mv.code)] += alpha;
        }
        for &c in &self.touched {
            let i = usize::from(c);
            policy.exps[i] = policy.weights[i].exp();
        }
    }
}

/// The sum of `exps` at `codes`, in four running sums (a single one waits on every addition
/// before the next).
#[inline(always)]
fn sum_exps(exps: &[f32], codes: &[u16]) -> f32 {
    let mut sums = [0.0f32; 4];
    let mut quads = codes.chunks_exact(4);
    for quad in &mut quads {
        for (s, &c) in sums.iter_mut().zip(quad) {
            *s += exps[usize::from(c)];
        }
    }
    for (s, &c) in sums.iter_mut().zip(quads.remainder()) {
        *s += exps[usize::from(c)];
    }
    (sums[0] + sums[1]) + (sums[2] + sums[3])
}
