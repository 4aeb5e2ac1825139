//! The colours' rules and the winning palette, with the spec's tie-break.

use super::card::{Card, Colour};

/// How well a palette does under a rule, compared lexicographically: the rule's score, then the
/// highest of the cards that help it under the rule (Red rule order), then its highest card
/// overall (only decides ties where no card helps, e.g. no card below 4 under Violet).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct PaletteKey {
    /// The rule's measure (count, run length…); 0 under Red, where the tie-break decides.
    pub score: u8,
    /// The highest card among those that help under the rule.
    pub best_helper: Option<Card>,
    /// The palette's highest card.
    pub best: Option<Card>,
}

/// Scores `cards` under `rule`.
pub fn palette_key(rule: Colour, cards: &[Card]) -> PaletteKey {
    let best = cards.iter().copied().max();
    let (score, helps): (u8, Box<dyn Fn(Card) -> bool>) = match rule {
        Colour::Red => (0, Box::new(|_| true)),
        Colour::Orange => {
            let mut counts = [0u8; 8];
            for c in cards {
                counts[c.number() as usize] += 1;
            }
            let m = counts.iter().copied().max().unwrap_or(0);
            (m, Box::new(move |c: Card| counts[c.number() as usize] == m))
        }
        Colour::Blue => {
            let mut seen = [false; 5];
            for c in cards {
                seen[c.colour().index()] = true;
            }
            let n = seen.iter().filter(|&&s| s).count() as u8;
            (n, Box::new(|_| true))
        }
        #[allow(clippy::needless_range_loop)]
        Colour::Indigo => {
            let mut present = [false; 9];
            for c in cards {
                present[c.number() as usize] = true;
            }
            // run_end[n] = length of the run ending at n.
            let mut len = [0u8; 9];
            for n in 1..=7 {
                len[n] = if present[n] { len[n - 1] + 1 } else { 0 };
            }
            let m = len.iter().copied().max().unwrap_or(0);
            let mut in_best = [false; 9];
            for (n, &l) in len.iter().enumerate() {
                if l == m && m > 0 {
                    in_best[n + 1 - m as usize..=n].fill(true);
                }
            }
            (m, Box::new(move |c: Card| in_best[c.number() as usize]))
        }
        Colour::Violet => {
            let n = cards.iter().filter(|c| c.number() < 4).count() as u8;
            (n, Box::new(|c: Card| c.number() < 4))
        }
    };
    let best_helper = cards.iter().copied().filter(|&c| helps(c)).max();
    PaletteKey {
        score,
        best_helper,
        best,
    }
}

/// The index of the winning palette under `rule`: the best [`PaletteKey`]; `None` only when there
/// are no palettes. Cards are unique, so two non-empty palettes never tie.
pub fn winning_palette<P: AsRef<[Card]>>(rule: Colour, palettes: &[P]) -> Option<usize> {
    palettes
        .iter()
        .enumerate()
        .max_by_key(|(_, p)| palette_key(rule, p.as_ref()))
        .map(|(i, _)| i)
}
