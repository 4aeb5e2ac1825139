//! Theme files (`Theme::parse`): never panics; an accepted theme has valid colours and
//! in-range values, and its own text (`Theme::to_text`, as the editor saves it) parses to the
//! same theme.
#![no_main]

use gems_formats::theme::{Theme, hex_rgba};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(theme) = Theme::parse(text) else {
        return;
    };
    assert!(!theme.gems.is_empty());
    assert!(theme.gems.iter().all(|g| hex_rgba(&g.color).is_some()));
    assert!((0.0..=1.0).contains(&theme.flag_mix));
    for kind in 0..20 {
        assert!(theme.style_index(kind) < theme.gems.len());
    }
    let saved = theme.to_text().expect("a theme serialises");
    let again = Theme::parse(&saved).expect("a saved theme parses");
    assert_eq!(again, theme);
});
