//! The flags that set up how a game opens (board size, colours, moves, k, quality, first
//! player, the board itself), checked against the registration of the game they open: the
//! settings it takes, their limits (the same table its New game window reads) and its own
//! checks.

use gems_rules::dots;
use gems_rules::k_in_a_row::{Side, Strength};

use super::LaunchOptions;
use crate::kit::screens::Screen;

/// Modern Gems' name: the game a game flag without `--game` opens.
pub(super) const MODERN_GEMS: &str = "modern-gems";

/// How a game opens, from `--size`, `--colours`, `--moves`, `--k`, `--quality`, `--first` and
/// `--cells`. Absent flags keep the game's own defaults.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameSetup {
    /// Dots' board side, or K in a row's board size R.
    pub size: Option<usize>,
    /// Dots' colours.
    pub colours: Option<u8>,
    /// Dots' moves allowed.
    pub moves: Option<u32>,
    /// K in a row's run length.
    pub k: Option<usize>,
    /// K in a row's computer strength.
    pub quality: Option<Strength>,
    /// K in a row's first player.
    pub first: Option<Side>,
    /// The board itself (see [`super::link`]): Modern Gems' gems or K in a row's squares.
    pub cells: Option<String>,
    /// Solo Red's palettes.
    pub palettes: Option<usize>,
    /// Solo Red's hand size.
    pub hand: Option<usize>,
    /// Grid Duel's computer: true for the smart one, false for the plain one.
    pub smart: Option<bool>,
}

impl GameSetup {
    /// Reads `flag` if it is a setup flag, its value from `value`: `Ok(false)` when it is not.
    pub(super) fn apply(
        &mut self,
        flag: &str,
        value: &mut impl FnMut(&str) -> Result<String, String>,
    ) -> Result<bool, String> {
        fn number<T: std::str::FromStr>(flag: &str, v: &str) -> Result<T, String> {
            v.parse()
                .map_err(|_| format!("{flag}: '{v}' is not a whole number in range"))
        }
        match flag {
            "--size" => self.size = Some(number(flag, &value(flag)?)?),
            "--colours" | "--colors" => self.colours = Some(number(flag, &value(flag)?)?),
            "--moves" => self.moves = Some(number(flag, &value(flag)?)?),
            "--k" => self.k = Some(number(flag, &value(flag)?)?),
            "--quality" => {
                let v = value(flag)?;
                self.quality = Some(if v.eq_ignore_ascii_case("perfect") {
                    Strength::Perfect
                } else {
                    Strength::Quality(number(flag, &v)?)
                });
            }
            "--first" => {
                let v = value(flag)?;
                self.first = Some(match v.to_ascii_lowercase().as_str() {
                    "human" | "h" => Side::Human,
                    "computer" | "c" => Side::Computer,
                    _ => return Err(format!("--first: '{v}' is not human or computer")),
                });
            }
            "--cells" => self.cells = Some(value(flag)?),
            "--palettes" => self.palettes = Some(number(flag, &value(flag)?)?),
            "--hand" => self.hand = Some(number(flag, &value(flag)?)?),
            "--computer" => {
                let v = value(flag)?;
                self.smart = Some(match v.to_ascii_lowercase().as_str() {
                    "smart" => true,
                    "plain" => false,
                    _ => return Err(format!("--computer: '{v}' is not plain or smart")),
                });
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// Whether any setup flag was given.
    pub fn any(&self) -> bool {
        *self != GameSetup::default()
    }

    /// Dots' size, colours and moves: the flags, else the rules' defaults.
    pub fn dots(&self) -> (usize, u8, u32) {
        (
            self.size.unwrap_or(dots::DEFAULT_SIZE),
            self.colours.unwrap_or(dots::DEFAULT_COLORS),
            self.moves.unwrap_or(dots::DEFAULT_MOVES),
        )
    }
}

/// A setting of a game's setup: a flag and its link parameter (`size`), or an option of its
/// New game window, with the limits of a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setting {
    /// Its name: the flag without its dashes, and the link's parameter.
    pub name: &'static str,
    /// The smallest and the largest value of a number; `None` for text (a board, a side).
    pub range: Option<(u32, u32)>,
}

impl Setting {
    /// A number from `min` to `max`.
    pub const fn number(name: &'static str, min: u32, max: u32) -> Setting {
        Setting {
            name,
            range: Some((min, max)),
        }
    }

    /// Text (a board's squares, who starts), checked by the game.
    pub const fn text(name: &'static str) -> Setting {
        Setting { name, range: None }
    }

    /// The smallest value (0 for text).
    pub const fn min(&self) -> u32 {
        match self.range {
            Some((min, _)) => min,
            None => 0,
        }
    }

    /// The largest value (0 for text).
    pub const fn max(&self) -> u32 {
        match self.range {
            Some((_, max)) => max,
            None => 0,
        }
    }

    /// Whether `value` is within the limits (any value of text is, for the game to check).
    pub fn accepts(&self, value: u32) -> bool {
        self.range
            .is_none_or(|(min, max)| (min..=max).contains(&value))
    }
}

/// A game whose setup has nothing to check beyond its settings' limits.
pub fn no_setup_checks(_: &GameSetup, _: Option<&str>) -> Vec<(&'static str, String)> {
    Vec::new()
}

/// What the flags need to know of each game (its registration, `kit::game::GameInfo`): its
/// screen and name, the settings its setup takes, and its own checks.
pub trait SetupRules {
    /// The screen that plays it.
    fn screen(&self) -> Screen;
    /// Its name, as messages give it.
    fn name(&self) -> &'static str;
    /// The settings its setup takes, with their limits.
    fn settings(&self) -> &'static [Setting];
    /// What its setup's flags and the board asked for by name (`--board`) must also
    /// satisfy: each problem with the flag to drop.
    fn check_setup(&self, setup: &GameSetup, board: Option<&str>) -> Vec<(&'static str, String)>;

    /// The setting called `name`, if its setup takes one.
    fn setting(&self, name: &str) -> Option<Setting> {
        self.settings().iter().copied().find(|s| s.name == name)
    }
}

impl GameSetup {
    /// The setup flags given, each with its value when it is a number.
    fn given(&self) -> Vec<(&'static str, Option<u32>)> {
        let n = |v: usize| Some(u32::try_from(v).unwrap_or(u32::MAX));
        let quality = |q: &Strength| match q {
            Strength::Quality(q) => Some(*q),
            Strength::Perfect => None,
        };
        // Each flag: absent, or given with its value when it is a number.
        [
            ("size", self.size.map(n)),
            ("colours", self.colours.map(|c| Some(u32::from(c)))),
            ("moves", self.moves.map(Some)),
            ("k", self.k.map(n)),
            ("quality", self.quality.as_ref().map(quality)),
            ("first", self.first.map(|_| None)),
            ("cells", self.cells.as_ref().map(|_| None)),
            ("palettes", self.palettes.map(n)),
            ("hand", self.hand.map(n)),
            ("computer", self.smart.map(|_| None)),
        ]
        .into_iter()
        .filter_map(|(name, given)| given.map(|value| (name, value)))
        .collect()
    }

    /// Drops the setup flag `name` (a problem's remedy in a lenient parse).
    pub(super) fn clear(&mut self, name: &str) {
        match name {
            "size" => self.size = None,
            "colours" => self.colours = None,
            "moves" => self.moves = None,
            "k" => self.k = None,
            "quality" => self.quality = None,
            "first" => self.first = None,
            "cells" => self.cells = None,
            "palettes" => self.palettes = None,
            "hand" => self.hand = None,
            "computer" => self.smart = None,
            _ => {}
        }
    }
}

impl LaunchOptions {
    /// Each setup flag that does not fit the game it opens, by the game's registration among
    /// `games` (the settings it takes and their limits, then its own checks): the flag to drop
    /// and why.
    pub(super) fn setup_problems<G: SetupRules>(
        &self,
        games: &[&G],
    ) -> Vec<(&'static str, String)> {
        let screen = self.first_screen();
        let game = games.iter().copied().find(|g| g.screen() == screen);
        let mut out = Vec::new();
        for (name, value) in self.setup.given() {
            let Some(setting) = game.and_then(|g| g.setting(name)) else {
                let takers: Vec<&str> = games
                    .iter()
                    .filter(|g| g.setting(name).is_some())
                    .map(|g| g.name())
                    .collect();
                let games = if takers.is_empty() {
                    "no game here".to_string()
                } else {
                    takers.join(" and ")
                };
                out.push((name, format!("--{name} is for {games} only")));
                continue;
            };
            if let (Some(v), Some(game)) = (value, game)
                && !setting.accepts(v)
            {
                out.push((
                    name,
                    format!(
                        "--{name} must be {} to {} for {}",
                        setting.min(),
                        setting.max(),
                        game.name()
                    ),
                ));
            }
        }
        if self.setup.cells.is_some() && self.board.is_some() {
            out.push((
                "cells",
                "--cells and --board both name a board: give one".to_string(),
            ));
        }
        if let (true, Some(game)) = (out.is_empty(), game) {
            out.extend(game.check_setup(&self.setup, self.board.as_deref()));
        }
        out
    }
}
