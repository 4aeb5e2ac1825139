//! The `.mg` save file (`Game::from_save_string`): never panics; whatever loads saves back to
//! a file that loads to the same game.
#![no_main]

use gems_rules::gems::Game;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(game) = Game::from_save_string(text) else {
        return;
    };
    let saved = game.save_string();
    let again = Game::from_save_string(&saved).expect("a saved game loads");
    assert_eq!(again.save_string(), saved);
    assert_eq!((again.score(), again.move_num()), (game.score(), game.move_num()));
});
