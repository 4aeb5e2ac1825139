//! The setup flags and links are checked against the registration of the game they open: the
//! settings it takes, their limits (the table its New game window reads too) and its own
//! checks. A link with mistakes still opens the game, without the bad settings.

use gems_rules::k_in_a_row::{Side, Strength};
use modern_gems::games::REGISTRY;
use modern_gems::kit::launch::LaunchOptions;
use modern_gems::kit::screens::Screen;

fn args(s: &str) -> Vec<String> {
    s.split_whitespace().map(str::to_string).collect()
}

fn parse(s: &str) -> Result<LaunchOptions, String> {
    LaunchOptions::parse(&args(s), &REGISTRY)
}

/// The setup flags (those that are numbers) of the command line.
const NUMBER_FLAGS: [&str; 5] = ["size", "colours", "moves", "k", "quality"];

#[test]
fn setup_flags_are_read_for_their_game() {
    let o = parse(
        "--game k-in-a-row --size 6 --k 4 --quality perfect --first computer --cells eeeeee_eueeee_eeeeee_eeeeee_eeeeee_eeeeeu",
    )
    .expect("a good K in a row setup");
    assert_eq!(o.setup.size, Some(6));
    assert_eq!(o.setup.quality, Some(Strength::Perfect));
    assert_eq!(o.setup.first, Some(Side::Computer));
    let o = parse("--game dots --size 8 --colours 5 --moves 30").expect("a good Dots setup");
    assert_eq!(o.setup.dots(), (8, 5, 30));
    assert!(parse("--cells 1-2_2-1").is_ok());
}

#[test]
fn every_setting_s_limits_bound_its_flag_in_every_game() {
    let mut checked = 0;
    for game in &REGISTRY {
        for setting in game
            .settings
            .iter()
            .filter(|s| NUMBER_FLAGS.contains(&s.name))
        {
            let (name, slug) = (setting.name, game.screen.slug());
            // K in a row's run must also fit its board: give the largest board with it.
            let room = if name == "k" {
                format!(" --size {}", setting.max())
            } else {
                String::new()
            };
            let at = |v: u32| parse(&format!("--game {slug}{room} --{name} {v}"));
            assert!(
                at(setting.min()).is_ok(),
                "{}: --{name} {} refused",
                game.name,
                setting.min()
            );
            assert!(
                at(setting.max()).is_ok(),
                "{}: --{name} {} refused",
                game.name,
                setting.max()
            );
            let over = at(setting.max() + 1).expect_err("one over the limit");
            assert_eq!(
                over,
                format!(
                    "--{name} must be {} to {} for {}",
                    setting.min(),
                    setting.max(),
                    game.name
                )
            );
            if setting.min() > 0 {
                assert!(
                    at(setting.min() - 1).is_err(),
                    "{}: --{name} under its limit",
                    game.name
                );
            }
            checked += 1;
        }
    }
    assert!(
        checked >= 6,
        "Dots' and K in a row's number settings are checked ({checked})"
    );
}

#[test]
fn a_setup_flag_for_another_game_names_the_games_that_take_it() {
    assert_eq!(
        parse("--game solo-red --size 5").expect_err("Solo Red takes no size"),
        "--size is for Dots and K in a Row only"
    );
    assert_eq!(
        parse("--game dots --first human").expect_err("Dots has no first player"),
        "--first is for K in a Row only"
    );
    assert!(parse("--game k-in-a-row --size 4 --k 5").is_err());
    assert!(parse("--game k-in-a-row --size 3 --cells ee_ee").is_err());
    assert!(parse("--cells 1-2_3").is_err());
    assert!(parse("--board tiny --cells 1").is_err());
}

#[test]
fn a_link_with_mistakes_still_opens_the_game() {
    let (o, notices) = LaunchOptions::parse_lenient(
        &args("--game dots --size 99 --colours 4 --utm_source x --seed y --moves 12 --autoplay"),
        &REGISTRY,
    );
    assert_eq!(o.game, Some(Screen::game("dots")));
    assert_eq!(o.setup.size, None);
    assert_eq!(o.setup.dots().1, 4);
    assert_eq!(o.setup.moves, Some(12));
    assert!(o.autoplay);
    assert_eq!(notices.len(), 3, "{notices:?}");
    assert!(notices[0].contains("utm_source"), "{notices:?}");
    assert!(notices[1].contains("seed"), "{notices:?}");
    assert!(notices[2].starts_with("Link: size must be"), "{notices:?}");
    // A name no game could have is skipped here; whether a game has a well-formed name is for
    // the registry to say (`app::resolve_game`).
    let (o, notices) = LaunchOptions::parse_lenient(&args("--game no/where --seed 3"), &REGISTRY);
    assert_eq!((o.game, o.seed), (None, Some(3)));
    assert_eq!(notices.len(), 1);
    let (o, _) = LaunchOptions::parse_lenient(&args("--game nowhere"), &REGISTRY);
    assert_eq!(o.game, Screen::from_name("nowhere"));
}

/// The value a link left for the number setting `name` (None when it was dropped).
fn number_given(o: &LaunchOptions, name: &str) -> Option<u64> {
    let s = &o.setup;
    match name {
        "size" => s.size.map(|v| v as u64),
        "colours" => s.colours.map(u64::from),
        "moves" => s.moves.map(u64::from),
        "k" => s.k.map(|v| v as u64),
        "quality" => s.quality.as_ref().map(|q| match q {
            Strength::Quality(q) => u64::from(*q),
            Strength::Perfect => 0,
        }),
        other => panic!("no number setting '{other}'"),
    }
}

#[test]
fn a_link_never_asks_for_more_than_the_game_s_own_dialogs_allow() {
    for game in &REGISTRY {
        let slug = game.screen.slug();
        for setting in game
            .settings
            .iter()
            .filter(|s| NUMBER_FLAGS.contains(&s.name))
        {
            let name = setting.name;
            let over = (setting.max() + 1).to_string();
            for bad in [
                over.as_str(),
                "1000000000",
                "-1",
                "many",
                "99999999999999999999",
            ] {
                let (o, notices) =
                    LaunchOptions::from_link(&format!("?game={slug}&{name}={bad}"), &REGISTRY);
                assert_eq!(number_given(&o, name), None, "{slug} {name}={bad}");
                assert_eq!(notices.len(), 1, "{slug} {name}={bad}: {notices:?}");
                assert!(notices[0].contains(name), "{notices:?}");
            }
            // A key given twice: the first is kept, the second is a notice.
            let (lo, hi) = (setting.min(), setting.min() + 1);
            let (o, notices) = LaunchOptions::from_link(
                &format!("?game={slug}&{name}={lo}&{name}={hi}"),
                &REGISTRY,
            );
            assert_eq!(number_given(&o, name), Some(u64::from(lo)), "{slug} {name}");
            assert!(notices.iter().any(|n| n.contains("twice")), "{notices:?}");
        }
    }
}

#[test]
fn a_board_larger_than_the_new_game_window_deals_is_refused_by_links_and_flags() {
    for bad in [
        "random:1000x1000:5:1",
        "random:61x10:4:1",
        "random:10x61:4:1",
        "random:2x10:4:1",
        "random:10x10:10:1",
        "random:10x10:1:1",
        "random:10x10:4",
    ] {
        let (o, notices) = LaunchOptions::from_link(&format!("?board={bad}"), &REGISTRY);
        assert_eq!(o.board, None, "{bad}");
        assert_eq!(notices.len(), 1, "{bad}: {notices:?}");
        assert!(parse(&format!("--board {bad}")).is_err(), "{bad}");
    }
    for good in ["random:60x60:9:1", "random:3x3:2:0", "tiny"] {
        let (o, notices) = LaunchOptions::from_link(&format!("?board={good}"), &REGISTRY);
        assert_eq!(o.board.as_deref(), Some(good));
        assert!(notices.is_empty(), "{good}: {notices:?}");
    }
    // A board written into the link: 61 rows is one too many.
    let rows: Vec<&str> = vec!["1-2-1"; 61];
    let (o, notices) = LaunchOptions::from_link(&format!("?cells={}", rows.join("_")), &REGISTRY);
    assert_eq!(o.setup.cells, None);
    assert_eq!(notices.len(), 1, "{notices:?}");
}

#[test]
fn a_link_gives_no_test_flag_and_no_query_over_its_limit() {
    for flag in modern_gems::kit::launch::TEST_ONLY_FLAGS {
        let key = flag.trim_start_matches("--");
        let (o, notices) = LaunchOptions::from_link(&format!("?{key}=1&autoplay"), &REGISTRY);
        assert_eq!(notices.len(), 1, "{key}: {notices:?}");
        assert!(notices[0].contains("tests only"), "{notices:?}");
        assert!(o.autoplay, "the rest of the link is read");
        assert_eq!(
            (
                o.monkey,
                o.exit_after_game,
                o.exit_after_screenshot,
                o.screenshot.is_some()
            ),
            (None, false, false, false),
            "{key}"
        );
    }
    let huge = format!("?game=dots&seed=1&x={}", "a".repeat(100_000));
    let (o, notices) = LaunchOptions::from_link(&huge, &REGISTRY);
    assert_eq!((o.game, o.seed), (None, None), "nothing of it is read");
    assert_eq!(notices.len(), 1, "{notices:?}");
}

#[test]
fn daily_flag_and_link_take_a_date_or_today() {
    let o = parse("--daily 2026-11-26 --game dots").expect("a daily with its date");
    assert_eq!(
        o.daily.map(|d| d.to_string()).as_deref(),
        Some("2026-11-26")
    );
    assert_eq!(o.first_screen(), modern_gems::games::dots::SCREEN);
    let today = modern_gems::kit::daily::today().expect("a date");
    let o = parse("--daily --game solo-red").expect("today's daily");
    assert_eq!(o.daily, Some(today));
    // Alone, it opens Modern Gems' daily.
    let o = parse("--daily").expect("today's daily");
    assert_eq!(o.daily, Some(today));
    assert_eq!(o.first_screen(), modern_gems::games::gems::SCREEN);
    let e = parse("--daily 2026-02-30").unwrap_err();
    assert_eq!(e, "--daily: 2026-02-30 is not a day of the calendar");
    assert!(
        parse("--daily tomorrow")
            .unwrap_err()
            .contains("is not a date written YYYY-MM-DD")
    );
    // A link: `?daily`, `?daily=DATE`; a bad date is a notice and the game still opens.
    let (o, notices) = LaunchOptions::from_link("?game=grid-duel&daily", &REGISTRY);
    assert_eq!((o.daily, notices.len()), (Some(today), 0));
    let (o, _) = LaunchOptions::from_link("?daily=2026-11-26&game=dots", &REGISTRY);
    assert_eq!(
        o.daily.map(|d| d.to_string()).as_deref(),
        Some("2026-11-26")
    );
    assert_eq!(o.game, Some(modern_gems::games::dots::SCREEN));
    let (o, notices) = LaunchOptions::from_link("?game=dots&daily=1999-01-01", &REGISTRY);
    assert_eq!(
        (o.daily, o.game),
        (None, Some(modern_gems::games::dots::SCREEN))
    );
    assert_eq!(notices.len(), 1, "{notices:?}");
}
