//! Resume in each of the five games: a headless app plays some moves (an undo among them), is
//! dropped, and a new app over the same data directory opens the same game in the identical
//! state: board, score, undo history and unranked mark. A file that no longer plays is kept
//! aside with a notice, and a finished game leaves no file.
//!
//! The tests are named after the capability (`cargo test --workspace resume`).

use bevy::prelude::*;
use modern_gems::games::dots::model::DotsSession;
use modern_gems::games::gems::model::GemsSession;
use modern_gems::games::grid_duel::model::DuelSession;
use modern_gems::games::k_in_a_row::model::KSession;
use modern_gems::games::solo_red::model::SoloRedSession;
use modern_gems::games::{dots, gems, grid_duel, k_in_a_row, solo_red};
use modern_gems::kit::chrome::ChromeCommand;
use modern_gems::kit::game::GameInfo;
use modern_gems::kit::paths::DataDir;
use modern_gems::kit::resume::resume_path;
use modern_gems::kit::screens::Screen;
use modern_gems::kit::settings::Notices;
use modern_gems::{headless_game_app_with, settle_screen};

#[path = "contract/games.rs"]
#[allow(dead_code)]
mod games;
use games::{play_a_move, play_to_the_end};

/// A fresh scratch directory for one test.
fn scratch(tag: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("gems-resume-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// The most frames a game may take to settle.
const FRAMES: usize = 2_000;

/// Everything a resumed game must have as it was: the rules state (its `Debug` text), and the
/// undo history's length, whether it can redo, and whether it used Undo.
fn state(app: &App, screen: Screen) -> String {
    let w = app.world();
    let h = |len: usize, redo: bool, used: bool| format!(" | back {len}, redo {redo}, used {used}");
    if screen == gems::SCREEN {
        let s = w.resource::<GemsSession>();
        let hs = &s.history;
        format!("{:?}", s.game) + &h(hs.len(), hs.can_redo(), hs.used())
    } else if screen == dots::SCREEN {
        let s = w.resource::<DotsSession>();
        let hs = &s.history;
        format!("{:?}", s.game) + &h(hs.len(), hs.can_redo(), hs.used())
    } else if screen == k_in_a_row::SCREEN {
        let s = w.resource::<KSession>();
        let hs = &s.history;
        format!("{:?} {:?}", s.game, s.setup) + &h(hs.len(), hs.can_redo(), hs.used())
    } else if screen == solo_red::SCREEN {
        let s = w.resource::<SoloRedSession>();
        let hs = &s.history;
        format!("{:?} {:?} {}", s.game, s.canvas_pile, s.assisted)
            + &h(hs.len(), hs.can_redo(), hs.used())
    } else {
        let s = w.resource::<DuelSession>();
        let hs = &s.history;
        format!("{:?}", s.duel) + &h(hs.len(), hs.can_redo(), hs.used())
    }
}

/// A headless app of `game` over the data directory `dir`.
fn app_in(game: &'static GameInfo, dir: &std::path::Path, seed: u64) -> App {
    let dir = DataDir(Some(dir.to_path_buf()));
    headless_game_app_with(game, seed, FRAMES, move |app| {
        app.insert_resource(dir).init_resource::<Notices>();
    })
}

fn chrome(app: &mut App, command: ChromeCommand) {
    app.world_mut().write_message(command);
    settle_screen(app, FRAMES);
}

/// Plays `moves` moves, undoes one, and checks a new app over the same data resumes it
/// exactly (a different seed for the new app: the deal comes from the file).
fn resumes(game: &'static GameInfo, moves: usize) {
    let dir = scratch(game.screen.slug());
    let mut first = app_in(game, &dir, 7);
    for _ in 0..moves {
        play_a_move(&mut first, game.screen);
    }
    chrome(&mut first, ChromeCommand::Undo);
    first.update();
    let saved = state(&first, game.screen);
    drop(first);
    let path = resume_path(&DataDir(Some(dir.clone())), game.screen)
        .expect("a file in the data directory");
    assert!(path.exists(), "{}: no resume file", game.name);
    let mut second = app_in(game, &dir, 99);
    assert_eq!(state(&second, game.screen), saved, "{}", game.name);
    // It goes on: Redo plays the move taken back again.
    chrome(&mut second, ChromeCommand::Redo);
    assert_ne!(state(&second, game.screen), saved, "{}: redo", game.name);
}

#[test]
fn modern_gems_resume_after_restart_is_the_identical_game() {
    resumes(&gems::info::GAME, 1);
}

#[test]
fn dots_resume_after_restart_is_the_identical_game() {
    resumes(&dots::info::GAME, 3);
}

#[test]
fn k_in_a_row_resume_after_restart_is_the_identical_game() {
    resumes(&k_in_a_row::info::GAME, 3);
}

#[test]
fn solo_red_resume_after_restart_is_the_identical_game() {
    resumes(&solo_red::info::GAME, 3);
}

#[test]
fn grid_duel_resume_after_restart_is_the_identical_game() {
    resumes(&grid_duel::info::GAME, 1);
}

#[test]
fn a_finished_game_leaves_no_resume_file_in_any_game() {
    for game in &modern_gems::games::REGISTRY {
        let dir = scratch(&format!("over-{}", game.screen.slug()));
        let mut app = app_in(game, &dir, 3);
        play_a_move(&mut app, game.screen);
        let path = resume_path(&DataDir(Some(dir.clone())), game.screen)
            .expect("a file in the data directory");
        assert!(path.exists(), "{}: no resume file after a move", game.name);
        play_to_the_end(&mut app, game.screen);
        settle_screen(&mut app, FRAMES);
        assert!(
            !path.exists(),
            "{}: a finished game is still saved",
            game.name
        );
    }
}

#[test]
fn a_resume_file_that_no_longer_plays_is_kept_aside_with_a_notice() {
    let dir = scratch("aside");
    let data = DataDir(Some(dir.clone()));
    let path = resume_path(&data, dots::SCREEN).expect("a path");
    let text = format!(
        "(version: 1, rules: \"{}\", game: \"dots\", setup: \"6 5 20 1\", journal: [\"p 0,0 5,5\"])",
        modern_gems::kit::resume::RULES_VERSION
    );
    std::fs::write(&path, &text).expect("written");
    let app = app_in(&dots::info::GAME, &dir, 3);
    let notices = format!("{:?}", app.world().resource::<Notices>());
    assert!(
        notices.contains("could not be resumed") && notices.contains("move 1"),
        "{notices}"
    );
    assert!(!path.exists());
    let aside = path.with_extension("ron.old");
    assert_eq!(std::fs::read_to_string(aside).expect("kept aside"), text);
    // The game starts afresh.
    assert_eq!(
        app.world().resource::<DotsSession>().game.moves_left(),
        gems_rules::dots::DEFAULT_MOVES
    );
}

#[test]
fn leaving_a_game_saved_for_resume_needs_no_confirmation_in_every_game() {
    for game in &modern_gems::games::REGISTRY {
        let dir = scratch(&format!("leave-{}", game.screen.slug()));
        let mut app = app_in(game, &dir, 3);
        play_a_move(&mut app, game.screen);
        assert!(
            app.world()
                .resource::<modern_gems::kit::screens::InProgress>()
                .0,
            "{}: in progress",
            game.name
        );
        app.world_mut().write_message(ChromeCommand::Leave);
        app.update();
        app.update();
        assert_eq!(
            *app.world().resource::<State<Screen>>().get(),
            Screen::Title,
            "{}: left without a question",
            game.name
        );
    }
}

/// A daily in progress resumes as the daily of its day in every game: the same game, the
/// mark kept (hints and undo still off), and the file names the day.
#[test]
fn a_daily_in_progress_resumes_as_the_daily_in_every_game() {
    use modern_gems::kit::daily::DailyRuns;
    let day = gems_rules::daily::Date::parse("2026-11-26").unwrap();
    for game in modern_gems::games::REGISTRY {
        let dir = scratch(&format!("daily-{}", game.screen.slug()));
        let mut first = app_in(game, &dir, 7);
        first
            .world_mut()
            .resource_mut::<DailyRuns>()
            .ask(game.screen, day);
        settle_screen(&mut first, FRAMES);
        play_a_move(&mut first, game.screen);
        settle_screen(&mut first, FRAMES);
        first.update();
        let saved = state(&first, game.screen);
        drop(first);
        let path = resume_path(&DataDir(Some(dir.clone())), game.screen).unwrap();
        let text = std::fs::read_to_string(&path).expect("a resume file");
        assert!(
            text.contains("daily: Some(\"2026-11-26\")"),
            "{}: {text}",
            game.name
        );
        let mut second = app_in(game, &dir, 99);
        assert_eq!(state(&second, game.screen), saved, "{}", game.name);
        let mark = second
            .world()
            .resource::<DailyRuns>()
            .on(game.screen)
            .cloned();
        assert_eq!(mark.map(|m| m.date), Some(day), "{}", game.name);
        chrome(&mut second, ChromeCommand::Undo);
        assert_eq!(
            state(&second, game.screen),
            saved,
            "{}: undo in a daily",
            game.name
        );
    }
}

/// Grid Duel's journal records the computer's choices (`c:k:r3`: its search runs apart from
/// the rules), and a resume replays them without searching; a journal written before that
/// (a bare `c`) still resumes: the plain computer keeps its grids, and a smart duel resumes
/// at that computer turn, whose choices are searched for again.
#[test]
fn grid_duel_resume_replays_the_computer_s_recorded_choices_and_old_journals() {
    use gems_rules::grid_duel::{Choice, ComputerKind, Duel, Phase, advice};
    use modern_gems::kit::resume::Resumable;
    // A smart duel played as the game plays it: the computer's choices handed back.
    let mut s = DuelSession::new(11, ComputerKind::Smart);
    let mut rules = Duel::new(11, ComputerKind::Smart);
    for _ in 0..2 {
        for choice in [Choice::RegenerateRow(4), Choice::Keep] {
            s.choose(choice).unwrap();
            rules.choose(choice).unwrap();
        }
        while s.duel.phase() == Phase::Computer {
            let (_, dealt) = s.duel.deal_computer().unwrap();
            let (choice, plan) = advice(&dealt);
            s.choose_computer(choice, Some(plan)).unwrap();
        }
        s.take_computer_turn()
            .expect("the computer's turn is whole");
        rules.play_computer().unwrap();
    }
    assert_eq!(format!("{:?}", s.duel), format!("{rules:?}"));
    assert!(
        s.journal.iter().any(|step| step.starts_with("c:")),
        "{:?}",
        s.journal
    );
    let resumed = DuelSession::replay(&s.setup_words(), &s.journal).unwrap();
    assert_eq!(format!("{:?}", resumed.duel), format!("{:?}", s.duel));

    // Old journals: "c" alone.
    let old = ["k", "r2", "c", "k"].map(String::from);
    let plain = DuelSession::replay("5 plain", &old).unwrap();
    let mut want = Duel::new(5, ComputerKind::Plain);
    want.choose(Choice::Keep).unwrap();
    want.choose(Choice::RegenerateRow(2)).unwrap();
    want.play_computer().unwrap();
    want.choose(Choice::Keep).unwrap();
    assert_eq!(format!("{:?}", plain.duel), format!("{want:?}"));
    let smart = DuelSession::replay("5 smart", &old).unwrap();
    assert_eq!(
        smart.duel.phase(),
        Phase::Computer,
        "resumed at the computer's turn"
    );
    assert_eq!(smart.journal.len(), 2);
    // A plain computer never regenerates: a journal saying so is refused.
    assert!(DuelSession::replay("5 plain", &["k", "k", "c:r1:k"].map(String::from)).is_err());
}
