//! The flags that set up how a game opens (board size, colours, moves, k, quality, first
//! player, the board itself), checked against the limits of the game they open, which come from
//! the rules crate.

use gems_rules::dots;
use gems_rules::k_in_a_row::{self, Side, Strength};

use super::LaunchOptions;
use super::link::{apply_k_cells, gems_board_from_cells};

// The games whose setups the flags carry (until each game's registration carries its own table
// of limits), by the names their screens have.
/// Modern Gems' name.
pub(super) const MODERN_GEMS: &str = "modern-gems";
/// Dots' name.
const DOTS: &str = "dots";
/// K in a row's name.
const K_IN_A_ROW: &str = "k-in-a-row";

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

/// Clears one setup flag (a problem's remedy in a lenient parse).
pub(super) type Clear = fn(&mut LaunchOptions);

impl LaunchOptions {
    /// Each setup flag that does not fit the game it opens, with how to drop it and why.
    pub(super) fn setup_problems(&self) -> Vec<(Clear, String)> {
        let s = &self.setup;
        let game = self.first_screen();
        let mut out: Vec<(Clear, String)> = Vec::new();
        let mut not_for = |given: bool, clear: Clear, flag: &str, games: &str| {
            if given {
                out.push((clear, format!("--{flag} is for {games} only")));
            }
        };
        let dots_game = game.slug() == DOTS;
        let k_game = game.slug() == K_IN_A_ROW;
        not_for(
            !dots_game && !k_game && s.size.is_some(),
            |o| o.setup.size = None,
            "size",
            "Dots and K in a row",
        );
        not_for(
            !dots_game && s.colours.is_some(),
            |o| o.setup.colours = None,
            "colours",
            "Dots",
        );
        not_for(
            !dots_game && s.moves.is_some(),
            |o| o.setup.moves = None,
            "moves",
            "Dots",
        );
        for (given, clear, flag) in [
            (s.k.is_some(), (|o| o.setup.k = None) as Clear, "k"),
            (s.quality.is_some(), |o| o.setup.quality = None, "quality"),
            (s.first.is_some(), |o| o.setup.first = None, "first"),
        ] {
            not_for(!k_game && given, clear, flag, "K in a row");
        }
        not_for(
            !k_game && game.slug() != MODERN_GEMS && s.cells.is_some(),
            |o| o.setup.cells = None,
            "cells",
            "Modern Gems and K in a row",
        );
        match game.slug() {
            DOTS => out.extend(self.dots_problems()),
            K_IN_A_ROW => out.extend(self.k_problems()),
            MODERN_GEMS => out.extend(self.gems_problems()),
            _ => {}
        }
        out
    }

    fn dots_problems(&self) -> Vec<(Clear, String)> {
        let s = &self.setup;
        let outside = |v: Option<u32>, lo: u32, hi: u32| v.is_some_and(|n| n < lo || n > hi);
        let size = s.size.map(|n| u32::try_from(n).unwrap_or(u32::MAX));
        let checks: [(bool, Clear, String); 3] = [
            (
                outside(size, dots::MIN_SIZE as u32, dots::MAX_SIZE as u32),
                |o| o.setup.size = None,
                format!(
                    "--size must be {} to {} for Dots",
                    dots::MIN_SIZE,
                    dots::MAX_SIZE
                ),
            ),
            (
                outside(
                    s.colours.map(u32::from),
                    dots::MIN_COLORS.into(),
                    dots::MAX_COLORS.into(),
                ),
                |o| o.setup.colours = None,
                format!(
                    "--colours must be {} to {}",
                    dots::MIN_COLORS,
                    dots::MAX_COLORS
                ),
            ),
            (
                outside(s.moves, 1, dots::MAX_MOVES),
                |o| o.setup.moves = None,
                format!("--moves must be 1 to {}", dots::MAX_MOVES),
            ),
        ];
        checks
            .into_iter()
            .filter(|(bad, _, _)| *bad)
            .map(|(_, clear, why)| (clear, why))
            .collect()
    }

    fn k_problems(&self) -> Vec<(Clear, String)> {
        let s = &self.setup;
        let mut out: Vec<(Clear, String)> = Vec::new();
        let size = s.size.unwrap_or(5);
        if !(k_in_a_row::MIN_SIZE..=k_in_a_row::MAX_SIZE).contains(&size) {
            out.push((
                |o| o.setup.size = None,
                format!(
                    "--size must be {} to {} for K in a row",
                    k_in_a_row::MIN_SIZE,
                    k_in_a_row::MAX_SIZE
                ),
            ));
            return out;
        }
        if s.k.is_some_and(|k| !(1..=size).contains(&k)) {
            out.push((
                |o| o.setup.k = None,
                format!("--k must be 1 to the board size ({size})"),
            ));
        }
        if let Some(Strength::Quality(q)) = s.quality
            && q > k_in_a_row::MAX_QUALITY
        {
            out.push((
                |o| o.setup.quality = None,
                format!("--quality must be 0 to {}", k_in_a_row::MAX_QUALITY),
            ));
        }
        if let Some(cells) = &s.cells {
            let checked = k_in_a_row::Board::new(size, 1)
                .map_err(|e| e.to_string())
                .and_then(|mut b| apply_k_cells(&mut b, cells));
            if let Err(e) = checked {
                out.push((|o| o.setup.cells = None, format!("--cells: {e}")));
            }
        }
        out
    }

    fn gems_problems(&self) -> Vec<(Clear, String)> {
        let Some(cells) = &self.setup.cells else {
            return Vec::new();
        };
        let mut out: Vec<(Clear, String)> = Vec::new();
        if self.board.is_some() {
            out.push((
                |o| o.setup.cells = None,
                "--cells and --board both name a board: give one".to_string(),
            ));
        } else if let Err(e) = gems_board_from_cells(cells) {
            out.push((|o| o.setup.cells = None, format!("--cells: {e}")));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kit::screens::Screen;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn setup_flags_are_read_for_their_game() {
        let o = LaunchOptions::parse(&args(
            "--game k-in-a-row --size 6 --k 4 --quality perfect --first computer --cells eeeeee_eueeee_eeeeee_eeeeee_eeeeee_eeeeeu",
        ))
        .unwrap();
        assert_eq!(o.setup.size, Some(6));
        assert_eq!(o.setup.quality, Some(Strength::Perfect));
        assert_eq!(o.setup.first, Some(Side::Computer));
        let o = LaunchOptions::parse(&args("--game dots --size 8 --colours 5 --moves 30")).unwrap();
        assert_eq!(o.setup.dots(), (8, 5, 30));
        assert!(LaunchOptions::parse(&args("--cells 1-2_2-1")).is_ok());
    }

    #[test]
    fn the_limits_come_from_the_rules() {
        let over = format!("--game dots --size {}", dots::MAX_SIZE + 1);
        assert!(LaunchOptions::parse(&args(&over)).is_err());
        let max = format!("--game dots --size {}", dots::MAX_SIZE);
        assert!(LaunchOptions::parse(&args(&max)).is_ok());
        let over = format!("--game k-in-a-row --size {}", k_in_a_row::MAX_SIZE + 1);
        assert!(LaunchOptions::parse(&args(&over)).is_err());
        assert!(LaunchOptions::parse(&args("--game k-in-a-row --size 4 --k 5")).is_err());
        assert!(LaunchOptions::parse(&args("--game k-in-a-row --size 3 --cells ee_ee")).is_err());
        assert!(LaunchOptions::parse(&args("--game solo-red --size 5")).is_err());
        assert!(LaunchOptions::parse(&args("--cells 1-2_3")).is_err());
        assert!(LaunchOptions::parse(&args("--board tiny --cells 1")).is_err());
        assert!(LaunchOptions::parse(&args("--game dots --first human")).is_err());
    }

    #[test]
    fn a_link_with_mistakes_still_opens_the_game() {
        let (o, notices) = LaunchOptions::parse_lenient(&args(
            "--game dots --size 99 --colours 4 --utm_source x --seed y --moves 12 --autoplay",
        ));
        assert_eq!(o.game, Some(Screen::game(DOTS)));
        assert_eq!(o.setup.size, None);
        assert_eq!(o.setup.dots().1, 4);
        assert_eq!(o.setup.moves, Some(12));
        assert!(o.autoplay);
        assert_eq!(notices.len(), 3, "{notices:?}");
        assert!(notices[0].contains("utm_source"), "{notices:?}");
        assert!(notices[1].contains("seed"), "{notices:?}");
        assert!(notices[2].starts_with("Link: size must be"), "{notices:?}");
        // A name no game could have is skipped here; whether a game has a well-formed name is
        // for the registry to say (`app::resolve_game`).
        let (o, notices) = LaunchOptions::parse_lenient(&args("--game no/where --seed 3"));
        assert_eq!((o.game, o.seed), (None, Some(3)));
        assert_eq!(notices.len(), 1);
        let (o, _) = LaunchOptions::parse_lenient(&args("--game nowhere"));
        assert_eq!(o.game, Screen::from_name("nowhere"));
    }
}
