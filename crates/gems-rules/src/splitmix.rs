//! SplitMix64 (Steele, Lea and Flood 2014): the one generator of seeds and hash keys the
//! project shares (daily seeds, the games' seed stream, K in a row's Zobrist keys, NRPA's
//! threads). Its outputs are fixed forever: the daily seeds depend on them.

/// The golden-ratio increment of the stream.
const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// The next number of the stream at `state` (which moves on by one step).
pub fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(GAMMA);
    finish(*state)
}

/// SplitMix64's finaliser: `z` spread over all 64 bits (nearby inputs, unrelated outputs).
pub fn finish(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    /// The published first outputs of SplitMix64 from state 0.
    #[test]
    fn splitmix_matches_the_reference_stream() {
        let mut state = 0;
        assert_eq!(super::next(&mut state), 0xE220_A839_7B1D_CDAF);
        assert_eq!(super::next(&mut state), 0x6E78_9E6A_A1B9_65F4);
    }
}
