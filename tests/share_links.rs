//! Share links: the link each game keeps for its Share button opens the same board or deal in a
//! fresh headless app, read through the flag parser the web page uses (`query_to_args`, then
//! `LaunchOptions`), and each game's window title follows its state.

use std::time::Duration;

use bevy::prelude::*;
use gems_rules::gems::{Board, Player, RemovalPolicy, board_by_name};
use gems_rules::k_in_a_row::{Cell, Side, Strength};
use modern_gems::games::dots::model::DotsSession;
use modern_gems::games::gems::model::GemsSession;
use modern_gems::games::grid_duel::model::DuelSession;
use modern_gems::games::k_in_a_row::model::KSession;
use modern_gems::games::solo_red::model::SoloRedSession;
use modern_gems::games::{dots, grid_duel, k_in_a_row, solo_red};
use modern_gems::headless_screen_app;
use modern_gems::kit::launch::LaunchOptions;
use modern_gems::kit::launch::link::{MAX_LINK_BYTES, query_to_args};
use modern_gems::kit::scores::HighScores;
use modern_gems::kit::share::{Describe, ShareLink};

/// A headless app opened by `query`, as the web page would open it.
fn open(query: &str) -> App {
    let opts = LaunchOptions::parse(&query_to_args(query), &modern_gems::games::REGISTRY)
        .expect("a good link");
    let screen = opts.first_screen();
    let mut app = headless_screen_app(screen, Duration::from_millis(16));
    app.insert_resource(opts.clone())
        .insert_resource(HighScores::default());
    match screen {
        modern_gems::games::dots::SCREEN => app.add_plugins(dots::logic_plugin),
        modern_gems::games::k_in_a_row::SCREEN => app.add_plugins(k_in_a_row::logic_plugin),
        modern_gems::games::solo_red::SCREEN => app.add_plugins(solo_red::logic_plugin),
        modern_gems::games::grid_duel::SCREEN => app.add_plugins(grid_duel::logic_plugin),
        _ => app
            .insert_resource(
                modern_gems::games::gems::session_from_options(&opts).expect("a board"),
            )
            .add_plugins(modern_gems::games::gems::logic_plugin),
    };
    for _ in 0..4 {
        app.update();
    }
    app
}

/// The link the Share button would copy.
fn shared(app: &App) -> String {
    let link = app.world().resource::<ShareLink>();
    link.query.clone().expect("a link")
}

#[test]
fn a_dots_link_opens_the_same_board() {
    let a = open("?game=dots&size=8&colours=4&moves=30&seed=42");
    let s = a.world().resource::<DotsSession>();
    assert_eq!((s.size, s.colors, s.moves, s.seed), (8, 4, 30, 42));
    let expected = gems_rules::dots::Game::new(8, 4, 30, 42).unwrap();
    assert_eq!(s.game.board(), expected.board());
    let link = shared(&a);
    assert_eq!(link, "?game=dots&size=8&colours=4&moves=30&seed=42");
    let b = open(&link);
    assert_eq!(
        b.world().resource::<DotsSession>().game.board(),
        s.game.board()
    );
    assert_eq!(s.title(), "Dots - 8x8, 4 colours - score 0, 30 moves left");
}

#[test]
fn a_k_in_a_row_link_carries_its_setup_and_squares() {
    let a = open(
        "?game=k-in-a-row&size=6&k=4&quality=perfect&first=computer&cells=eeeeee_eueeee_eeeeee_eeeeee_eeeeee_eeeeeu",
    );
    let setup = a.world().resource::<KSession>().setup.clone();
    assert_eq!((setup.board.size(), setup.board.k()), (6, 4));
    assert_eq!(setup.strength, Strength::Perfect);
    assert_eq!(setup.first, Side::Computer);
    assert_eq!(setup.board.get(1, 1), Some(Cell::Unavailable));
    assert_eq!(setup.board.get(5, 5), Some(Cell::Unavailable));
    let b = open(&shared(&a));
    assert_eq!(b.world().resource::<KSession>().setup, setup);
    // Without unavailable squares the link names only the size.
    let plain = open("?game=k-in-a-row&size=7&k=5&quality=3");
    let link = shared(&plain);
    assert_eq!(
        link, "?game=k-in-a-row&size=7&k=5&quality=3&first=human",
        "{link}"
    );
}

#[test]
fn solo_red_and_grid_duel_links_deal_the_same_cards() {
    let a = open("?game=solo-red&seed=7");
    let s = a.world().resource::<SoloRedSession>();
    assert_eq!(s.seed, 7);
    assert_eq!(s.game.hand(), SoloRedSession::new(7).game.hand());
    let b = open(&shared(&a));
    assert_eq!(
        b.world().resource::<SoloRedSession>().game.hand(),
        s.game.hand()
    );
    assert!(s.title().starts_with("Solo Red - deal 7 - 7 cards in hand"));

    let a = open("?game=grid-duel&seed=9");
    let d = a.world().resource::<DuelSession>();
    assert_eq!(d.seed, 9);
    assert_eq!(shared(&a), "?game=grid-duel&seed=9");
    assert_eq!(d.title(), "Grid Duel - deal 9 - turn 1: you 0, computer 0");
}

#[test]
fn modern_gems_boards_travel_by_name_or_in_the_link() {
    let a = open("?board=random:6x7:4:11&policy=classic&player=greedy");
    let link = shared(&a);
    assert_eq!(
        link,
        "?game=modern-gems&board=random:6x7:4:11&policy=classic&player=greedy"
    );
    let b = open(&link);
    let s = b.world().resource::<GemsSession>();
    assert_eq!(s.start, board_by_name("random:6x7:4:11").unwrap());
    assert_eq!(s.game.policy(), RemovalPolicy::Classic);
    assert_eq!(s.game.player(), Player::Greedy);

    // A board with no name (from a file) travels in the link, and keeps its own scores.
    let board = Board::from_save_string("1 2 2 \n3 1 . \n").unwrap();
    let session = GemsSession::new(
        "mine".into(),
        board.clone(),
        RemovalPolicy::Chained,
        Player::Interactive,
    );
    let link = session.link_query().unwrap();
    assert!(link.contains("cells=1-2-2_3-1-."), "{link}");
    let b = open(&link);
    let s = b.world().resource::<GemsSession>();
    assert_eq!(s.start, board);
    assert!(s.board_name.starts_with("shared-"), "{}", s.board_name);

    // Too big for a link: the Share button is off, and says why.
    let big = gems_rules::gems::random_board(40, 40, 9, 1).unwrap();
    let session = GemsSession::new(
        "big".into(),
        big,
        RemovalPolicy::Chained,
        Player::Interactive,
    );
    let why = session.link_query().unwrap_err();
    assert!(why.contains(&MAX_LINK_BYTES.to_string()), "{why}");

    // Short enough for a link but taller than any game deals: the Share button never makes a
    // link the game would refuse.
    let tall = Board::from_save_string(&"1\n".repeat(61)).unwrap();
    let session = GemsSession::new(
        "tall".into(),
        tall,
        RemovalPolicy::Chained,
        Player::Interactive,
    );
    let why = session.link_query().unwrap_err();
    assert!(why.contains("larger than a game deals"), "{why}");
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(12))]

    /// Whatever a game's New game window deals, its Share link parses back (through the page's
    /// link parser, with no notice) to the same session.
    #[test]
    fn a_shared_link_always_opens_the_same_session(
        rows in 3usize..=60,
        cols in 3usize..=60,
        kinds in 2u8..=9,
        size in 4usize..=12,
        colours in 2u8..=6,
        moves in 1u32..=99,
        k_size in 3usize..=19,
        seed in 0u64..1_000_000_000,
    ) {
        let round_trip = |query: &str| {
            let (_, notices) = LaunchOptions::from_link(query, &modern_gems::games::REGISTRY);
            proptest::prop_assert!(notices.is_empty(), "{query}: {notices:?}");
            let a = open(query);
            let link = shared(&a);
            let (_, notices) = LaunchOptions::from_link(&link, &modern_gems::games::REGISTRY);
            proptest::prop_assert!(notices.is_empty(), "{link}: {notices:?}");
            Ok((a, open(&link)))
        };
        let (a, b) = round_trip(&format!("?board=random:{rows}x{cols}:{kinds}:{seed}"))?;
        let start = |app: &App| app.world().resource::<GemsSession>().start.clone();
        proptest::prop_assert_eq!(start(&a), start(&b));

        let (a, b) = round_trip(&format!("?game=dots&size={size}&colours={colours}&moves={moves}&seed={seed}"))?;
        let dots = |app: &App| {
            let s = app.world().resource::<DotsSession>();
            (s.size, s.colors, s.moves, s.seed, s.game.board().clone())
        };
        proptest::prop_assert_eq!(dots(&a), dots(&b));

        let k = 2 + seed as usize % (k_size - 1);
        let (a, b) = round_trip(&format!("?game=k-in-a-row&size={k_size}&k={k}"))?;
        let setup = |app: &App| app.world().resource::<KSession>().setup.clone();
        proptest::prop_assert_eq!(setup(&a), setup(&b));
    }
}
