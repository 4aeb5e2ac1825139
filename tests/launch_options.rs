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
