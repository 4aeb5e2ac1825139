//! The settings and high-score files: never panic; accepted files round-trip, and the volume
//! is always in 0..=1.
#![no_main]

use gems_formats::scores::{parse_scores, scores_to_text};
use gems_formats::settings::Settings;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(s) = Settings::parse(text) {
        assert!((0.0..=1.0).contains(&s.volume));
        assert_eq!(Settings::parse(&s.to_text().expect("serialises")), Ok(s));
    }
    if let Ok(t) = parse_scores(text) {
        // What this version writes reads back to the same text (compared as text: an
        // unknown field may hold a NaN).
        let written = scores_to_text(&t).expect("serialises");
        let again = parse_scores(&written).expect("what is written parses");
        assert_eq!(scores_to_text(&again).expect("serialises"), written);
    }
});
