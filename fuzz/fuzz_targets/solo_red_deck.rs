//! Solo Red deck strings (`gems-cli solo-red --deck "R1 B7 …"`, `parse_cards` + `Game::start`):
//! never panics; an accepted deck deals a game whose view is well formed and whose cards are
//! exactly the deck's.
#![no_main]

use gems_rules::solo_red::{Game, parse_cards};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(deck) = parse_cards(text) else {
        return;
    };
    let (palettes, hand) = match data.first() {
        Some(b) => (usize::from(b % 6), usize::from(b / 32)),
        None => (4, 7),
    };
    let mut game = Game::new(1);
    if game.start(&deck, false, palettes, hand).is_err() {
        return;
    }
    let mut held = game.cards_in_play();
    let mut dealt = deck.clone();
    held.sort_by_key(|c| c.index());
    dealt.sort_by_key(|c| c.index());
    assert_eq!(held, dealt);
    let view = game.to_string();
    assert!(!view.ends_with('\n'));
    assert!(view.lines().filter(|l| l.starts_with('>')).count() <= 1);
});
