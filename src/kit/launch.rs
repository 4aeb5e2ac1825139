//! Command-line flags of the game, for scripted runs, demos and screenshots; in the browser,
//! the page's link (see [`link`]).

pub use gems_formats::link;
mod setup;

use bevy::prelude::*;
use gems_rules::gems::{Player, RemovalPolicy};

pub use setup::{GameSetup, Setting, SetupRules, no_setup_checks};

/// What the command line asked for. Absent flags keep the interactive defaults.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct LaunchOptions {
    /// `--board NAME`: start Modern Gems at once on this board (named, or
    /// `random:ROWSxCOLS:KINDS:SEED`).
    pub board: Option<String>,
    /// `--replay FILE`: watch the line file's game (desktop).
    pub replay: Option<String>,
    /// `--policy NAME`.
    pub policy: Option<RemovalPolicy>,
    /// `--player NAME`.
    pub player: Option<Player>,
    /// `--seed N`: seed of the random board when `--board` is not given.
    pub seed: Option<u64>,
    /// `--autoplay`: AI players move without waiting for input.
    pub autoplay: bool,
    /// `--exit-after-game`: quit with status 0 when the game ends.
    pub exit_after_game: bool,
    /// `--screenshot PATH`: save a PNG once the board first shows settled.
    pub screenshot: Option<String>,
    /// `--screenshot-delay SECONDS`: take the screenshot this long after the board first shows
    /// settled, with the AI left free to play meanwhile (to catch effects in flight).
    pub screenshot_delay: Option<f32>,
    /// `--edit-theme`: open the theme editor at once.
    pub edit_theme: bool,
    /// `--settings`: open the Settings window at once.
    pub settings: bool,
    /// `--how-to-play`: open the game's How to play page (and its example) at once.
    pub how_to_play: bool,
    /// `--keys "Right Right Space"`: keys pressed one by one once the board first shows
    /// settled, before a screenshot (scripted runs only).
    pub keys: Vec<String>,
    /// `--theme NAME`: theme to use for this run.
    pub theme: Option<String>,
    /// `--game NAME`: open this game's screen at once.
    pub game: Option<crate::kit::screens::Screen>,
    /// `--exit-after-screenshot`: quit with status 0 once the screenshot is saved.
    pub exit_after_screenshot: bool,
    /// `--monkey SEED`: random mouse and keyboard input on every screen (see [`crate::app::monkey`]).
    pub monkey: Option<u64>,
    /// `--monkey-frames N`: how many frames the monkey plays before it quits.
    pub monkey_frames: Option<u64>,
    /// How the game opens: board size, colours, moves, k, quality, first player, squares.
    pub setup: GameSetup,
    /// `--daily [DATE]` (`?daily`): the first screen's game opens on that day's daily
    /// challenge (today's in the player's time zone when no date is given).
    pub daily: Option<gems_rules::daily::Date>,
    /// `--server URL`: the leaderboard server that daily results go to, when the player shares
    /// them (Settings); the web page's own origin by default.
    pub server: Option<String>,
    /// Problems with the page's link that were skipped, shown as notices when the game starts.
    pub notices: Vec<String>,
}

impl LaunchOptions {
    /// True when the flags ask to go straight into a game rather than the title screen.
    pub fn starts_game(&self) -> bool {
        self.board.is_some()
            || self.replay.is_some()
            || self.policy.is_some()
            || self.player.is_some()
            || self.seed.is_some()
            || self.autoplay
            || self.exit_after_game
            || self.screenshot.is_some()
            || self.game.is_some()
            || self.setup.cells.is_some()
            || self.daily.is_some()
    }

    /// The screen to open first: `--game`, else Modern Gems when a game flag was given, else
    /// the title screen.
    pub fn first_screen(&self) -> crate::kit::screens::Screen {
        use crate::kit::screens::Screen;
        match self.game {
            Some(screen) => screen,
            None if self.starts_game() => Screen::game(setup::MODERN_GEMS),
            None => Screen::Title,
        }
    }

    /// Parses the flags (without the program name), failing on the first bad one: the
    /// desktop's command line. The setup flags are checked against the registration of the
    /// game they open, among `games`.
    pub fn parse<G: SetupRules>(args: &[String], games: &[&G]) -> Result<Self, String> {
        let mut o = Self::default();
        let mut it = args.iter().peekable();
        while let Some(flag) = it.next() {
            o.apply(flag, &mut it)?;
        }
        if let Some((_, problem)) = o.setup_problems(games).into_iter().next() {
            return Err(problem);
        }
        Ok(o)
    }

    /// The options a page's link asks for (its query string, `?game=dots&size=8`), read as
    /// [`LaunchOptions::parse_lenient`] reads flags; a query longer than [`MAX_QUERY_BYTES`]
    /// is ignored whole, with a notice.
    pub fn from_link<G: SetupRules>(search: &str, games: &[&G]) -> (Self, Vec<String>) {
        if search.len() > MAX_QUERY_BYTES {
            let notice = format!(
                "Link: it is {} characters long, more than a link to this game can be ({MAX_QUERY_BYTES}) (ignored)",
                search.len()
            );
            return (Self::default(), vec![notice]);
        }
        Self::parse_lenient(&link::query_to_args(search), games)
    }

    /// Parses the flags of a link: a bad or unknown one is skipped, and the reason returned, so
    /// a mistyped link still opens the game (the web build). So is a flag given twice (the
    /// first is kept) and a flag for tests only ([`TEST_ONLY_FLAGS`]): a link never clicks at
    /// random or quits the page. The setup flags are checked against the registration of the
    /// game they open, among `games`.
    pub fn parse_lenient<G: SetupRules>(args: &[String], games: &[&G]) -> (Self, Vec<String>) {
        let mut o = Self::default();
        let mut notices = Vec::new();
        let mut seen: Vec<&str> = Vec::new();
        let mut it = args.iter().peekable();
        while let Some(flag) = it.next() {
            let refused = if TEST_ONLY_FLAGS.contains(&flag.as_str()) {
                Err(format!("{flag} is for tests only"))
            } else if seen.contains(&flag.as_str()) {
                Err(format!("{flag} is given twice; the first is kept"))
            } else {
                seen.push(flag);
                o.apply(flag, &mut it)
            };
            if let Err(e) = refused {
                notices.push(link_notice(&e));
                // A stray value after an unknown flag is not a flag of its own.
                while it.peek().is_some_and(|a| !a.starts_with("--")) {
                    it.next();
                }
            }
        }
        for (name, problem) in o.setup_problems(games) {
            if name == "board" {
                o.board = None;
            } else {
                o.setup.clear(name);
            }
            notices.push(link_notice(&problem));
        }
        (o, notices)
    }

    /// Reads one flag (and its value from `it`).
    fn apply<'a, I: Iterator<Item = &'a String>>(
        &mut self,
        flag: &str,
        it: &mut std::iter::Peekable<I>,
    ) -> Result<(), String> {
        if flag == "--daily" {
            // The date is optional: a next argument that is not a flag is it.
            let date = match it.next_if(|v| !v.starts_with("--")) {
                Some(v) => {
                    gems_rules::daily::Date::parse(v).map_err(|e| format!("--daily: {e}"))?
                }
                None => crate::kit::clock::today_date()
                    .ok_or("--daily: the clock gives no date a daily can have")?,
            };
            self.daily = Some(date);
            return Ok(());
        }
        let o = self;
        let mut value = |name: &str| {
            it.next()
                .cloned()
                .ok_or_else(|| format!("{name} needs a value"))
        };
        match flag {
            "--board" => o.board = Some(value("--board")?),
            "--server" => {
                let v = value("--server")?;
                o.server = Some(
                    gems_formats::leaderboard::server_url(&v)
                        .map_err(|e| format!("--server: {e}"))?,
                );
            }
            "--replay" => {
                let v = value("--replay")?;
                if cfg!(target_arch = "wasm32") {
                    return Err(
                        "--replay reads a file, which the web build cannot: use Watch in the New game dialog".to_string(),
                    );
                }
                o.replay = Some(v);
            }
            "--policy" => {
                let v = value("--policy")?;
                o.policy = Some(
                    RemovalPolicy::from_name(&v).ok_or_else(|| format!("unknown policy '{v}'"))?,
                );
            }
            "--player" => {
                let v = value("--player")?;
                o.player =
                    Some(Player::from_name(&v).ok_or_else(|| format!("unknown player '{v}'"))?);
            }
            "--seed" => {
                let v = value("--seed")?;
                o.seed = Some(v.parse().map_err(|_| format!("bad seed '{v}'"))?);
            }
            "--autoplay" => o.autoplay = true,
            "--exit-after-game" => o.exit_after_game = true,
            "--screenshot" => o.screenshot = Some(value("--screenshot")?),
            "--theme" => o.theme = Some(value("--theme")?),
            "--edit-theme" => o.edit_theme = true,
            "--settings" => o.settings = true,
            "--how-to-play" => o.how_to_play = true,
            "--screenshot-delay" => {
                let v = value("--screenshot-delay")?;
                let secs: f32 = v
                    .parse()
                    .map_err(|_| format!("--screenshot-delay: '{v}' is not a number of seconds"))?;
                if !(0.0..=600.0).contains(&secs) {
                    return Err(format!("--screenshot-delay: {secs} is outside 0..=600"));
                }
                o.screenshot_delay = Some(secs);
            }
            "--exit-after-screenshot" => o.exit_after_screenshot = true,
            "--keys" => {
                o.keys = value("--keys")?
                    .split_whitespace()
                    .map(str::to_string)
                    .collect();
            }
            "--monkey" => {
                let v = value("--monkey")?;
                o.monkey = Some(v.parse().map_err(|_| format!("bad monkey seed '{v}'"))?);
            }
            "--monkey-frames" => {
                let v = value("--monkey-frames")?;
                o.monkey_frames = Some(
                    v.parse()
                        .ok()
                        .filter(|&n| n > 0)
                        .ok_or_else(|| format!("bad frame count '{v}'"))?,
                );
            }
            "--game" => {
                let v = value("--game")?;
                o.game = Some(
                    crate::kit::screens::Screen::from_name(&v)
                        .ok_or_else(|| format!("unknown game '{v}'"))?,
                );
            }
            other => {
                if !o.setup.apply(other, &mut value)? {
                    return Err(format!("unknown flag '{other}'"));
                }
            }
        }
        Ok(())
    }
}

/// The longest query string a link may carry: four times the longest link a game shares.
pub const MAX_QUERY_BYTES: usize = 4 * link::MAX_LINK_BYTES;

/// The flags for tests and scripted runs only, which a link may not give: random clicks
/// against the player's own scores and settings, quitting the page, screenshots.
pub const TEST_ONLY_FLAGS: &[&str] = &[
    "--monkey",
    "--monkey-frames",
    "--exit-after-game",
    "--exit-after-screenshot",
    "--screenshot",
    "--screenshot-delay",
    "--keys",
];

/// A flag's problem in the words of a link (`size`, not `--size`).
fn link_notice(problem: &str) -> String {
    let words = problem
        .replace("unknown flag", "unknown parameter")
        .replace("--", "");
    format!("Link: {words} (ignored)")
}

/// The `--help` text.
pub const USAGE: &str = "usage: modern-gems [flags]

  --board NAME        start on a board: tiny cross almostCross curve normal skinny large,
                      or random:ROWSxCOLS:KINDS:SEED
  --replay FILE       watch a line file's game move by move (bench samegame --save-lines
                      writes them; assets/records/ holds the records)
  --policy NAME       single adjacent wholerowcol chained classic (or the spec's class names)
  --player NAME       human greedy lookahead1 (or the spec's class names)
  --seed N            seed of the random board when --board is not given
  --autoplay          AI players move without waiting for input
  --exit-after-game   quit with status 0 when the game ends
  --screenshot PATH   save a PNG once the board first shows settled
  --exit-after-screenshot  quit with status 0 once the screenshot is saved
  --theme NAME        use this theme for this run
  --game NAME         open a game at once: modern-gems dots k-in-a-row solo-red grid-duel
  --monkey SEED       random mouse and keyboard input on every screen, then quit with status 0
  --monkey-frames N   frames the monkey plays (default 1500)

 how a game opens (also the web page's link: ?game=dots&size=8&seed=7):
  --size N            Dots: board side; K in a row: board size R
  --colours N         Dots: colours
  --moves N           Dots: moves allowed
  --k N               K in a row: tiles in a row to win
  --quality N         K in a row: the computer's look-ahead, or 'perfect'
  --first SIDE        K in a row: who starts, human or computer
  --cells TEXT        the board itself: Modern Gems' gems (1-2-._2-2-1), or K in a row's
                      squares (e free, u unavailable: eue_eee_eee)
  --palettes N        Solo Red: palettes (2 to 5)
  --hand N            Solo Red: cards in hand (3 to 8)
  --computer KIND     Grid Duel: the computer, plain or smart
";

#[cfg(test)]
mod tests {
    use super::*;

    /// No game: these tests read the flags that do not set a game up.
    const NO_GAMES: &[&NoGame] = &[];

    /// A game that takes no setting.
    struct NoGame;

    impl SetupRules for NoGame {
        fn screen(&self) -> crate::kit::screens::Screen {
            crate::kit::screens::Screen::Title
        }
        fn name(&self) -> &'static str {
            ""
        }
        fn settings(&self) -> &'static [Setting] {
            &[]
        }
        fn check_setup(&self, _: &GameSetup, _: Option<&str>) -> Vec<(&'static str, String)> {
            Vec::new()
        }
    }

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn parses_flags() {
        let o = LaunchOptions::parse(&args(
            "--board tiny --policy chained --player GreedyPlayer --seed 7 --autoplay --exit-after-game --screenshot a.png",
        ), NO_GAMES)
        .unwrap();
        assert_eq!(o.board.as_deref(), Some("tiny"));
        assert_eq!(o.policy, Some(RemovalPolicy::Chained));
        assert_eq!(o.player, Some(Player::Greedy));
        assert_eq!(o.seed, Some(7));
        assert!(o.autoplay && o.exit_after_game && o.starts_game());
        assert!(!LaunchOptions::default().starts_game());
    }

    #[test]
    fn rejects_bad_flags() {
        assert!(LaunchOptions::parse(&args("--policy magic"), NO_GAMES).is_err());
        assert!(LaunchOptions::parse(&args("--seed x"), NO_GAMES).is_err());
        assert!(LaunchOptions::parse(&args("--screenshot-delay soon"), NO_GAMES).is_err());
        assert!(LaunchOptions::parse(&args("--screenshot-delay -1"), NO_GAMES).is_err());
        let o = LaunchOptions::parse(&args("--screenshot-delay 1.5"), NO_GAMES).unwrap();
        assert_eq!(o.screenshot_delay, Some(1.5));
        assert!(LaunchOptions::parse(&args("--board"), NO_GAMES).is_err());
        assert!(LaunchOptions::parse(&args("--what"), NO_GAMES).is_err());
        assert!(LaunchOptions::parse(&args("--monkey x"), NO_GAMES).is_err());
        assert!(LaunchOptions::parse(&args("--monkey 1 --monkey-frames 0"), NO_GAMES).is_err());
        let o = LaunchOptions::parse(&args("--monkey 3 --monkey-frames 40"), NO_GAMES).unwrap();
        assert_eq!((o.monkey, o.monkey_frames), (Some(3), Some(40)));
    }
}
