//! `gems-cli modern-gems`: the spec's console game, byte for byte.
//!
//! Typed input is not echoed (stdin may be a pipe). Each prompt reads one line; blank lines are
//! skipped like the original's `Scanner`. End of input anywhere ends the program cleanly with
//! `Thanks for playing!`.

use std::io::{self, BufRead, BufWriter, Write};
use std::path::Path;
use std::time::Duration;

use gems_rules::gems::{
    Budget, Cell, Computer, Game, MAX_SAVE_FILE_BYTES, MoveError, Player, RemovalPolicy,
    board_by_name, named_board_names,
};
use gems_rules::storage::{atomic_write, read_text_bounded};

use crate::console::{Stop, next_line};

/// Play Modern Gems at the console: the spec's text interface.
///
/// Commands are typed one per line at each prompt; end of input ends the game with
/// `Thanks for playing!`.
#[derive(Debug, clap::Args)]
pub struct ModernGemsArgs {
    /// Also list the boards, removal policies and players added beyond the spec in the menus.
    #[arg(long)]
    extended: bool,
    /// The Expert player's thinking time per move, in milliseconds [default: 1000].
    #[arg(long, value_name = "MS", value_parser = crate::values::positive::<u64>)]
    expert_ms: Option<u64>,
}

/// Runs `gems-cli modern-gems`: the console game on standard input and output.
pub fn run(args: &ModernGemsArgs) -> Result<(), String> {
    let mut computer = Computer::default();
    if let Some(ms) = args.expert_ms {
        computer.expert.budget = Budget::Time(Duration::from_millis(ms));
    }
    let stdin = io::stdin().lock();
    let stdout = BufWriter::new(io::stdout().lock());
    Console::new(stdin, stdout, args.extended)
        .with_computer(computer)
        .run()
        .map_err(|e| e.to_string())
}

/// What the human chose at the in-game prompt.
enum Turn {
    /// Keep playing (a move was made, or the input was bad and the prompt comes again).
    Continue,
    /// Leave the current game.
    Quit,
}

/// The cell a typed `move ROW COL` names, if both numbers can be board coordinates.
fn cell_at(row: i64, col: i64) -> Option<Cell> {
    Some(Cell::new(
        usize::try_from(row).ok()?,
        usize::try_from(col).ok()?,
    ))
}

/// The console game: reads commands from `input`, writes the spec's text to `out`.
pub struct Console<R, W> {
    /// Where typed commands come from.
    input: R,
    /// Where the game's text goes.
    out: W,
    /// Whether menus also list the boards, policies and players added beyond the spec.
    extended: bool,
    /// Plays the automatic players' moves (holds the Expert and its budget).
    computer: Computer,
}

impl<R: BufRead, W: Write> Console<R, W> {
    /// A console over the given input and output.
    pub fn new(input: R, out: W, extended: bool) -> Self {
        Self {
            input,
            out,
            extended,
            computer: Computer::default(),
        }
    }

    /// The same console with the automatic players' moves made by `computer` (for example an
    /// Expert with another budget).
    pub fn with_computer(mut self, computer: Computer) -> Self {
        self.computer = computer;
        self
    }

    /// Runs the top menu until `quit` or end of input.
    pub fn run(&mut self) -> io::Result<()> {
        match self.top_loop() {
            Ok(()) | Err(Stop::Eof) => {
                writeln!(self.out, "Thanks for playing!")?;
                self.out.flush()
            }
            Err(Stop::Io(e)) => Err(e),
        }
    }

    fn top_loop(&mut self) -> Result<(), Stop> {
        loop {
            write!(
                self.out,
                "----------------------\nWelcome to Modern Gems\n----------------------\n\
                 Select from:\n{:>8}: Start a new game\n{:>8}: Load an existing game\n{:>8}: Quit\n",
                "new", "load", "quit"
            )?;
            let line = self.prompt()?;
            match line.first().map(String::as_str) {
                Some("new") => self.new_game()?,
                Some("load") => self.load_game()?,
                Some("quit") => return Ok(()),
                other => writeln!(self.out, "'{}' is not a valid option", other.unwrap_or(""))?,
            }
            writeln!(self.out)?;
        }
    }

    /// Prints `>>> `, then reads the next non-blank line as whitespace-separated words.
    fn prompt(&mut self) -> Result<Vec<String>, Stop> {
        write!(self.out, ">>> ")?;
        self.out.flush()?;
        let mut line = String::new();
        loop {
            next_line(&mut self.input, &mut line)?;
            let words: Vec<String> = line.split_whitespace().map(str::to_string).collect();
            if !words.is_empty() {
                return Ok(words);
            }
        }
    }

    /// Prints a menu line: two spaces, then each name followed by a space.
    fn list<'a>(&mut self, names: impl IntoIterator<Item = &'a str>) -> Result<(), Stop> {
        write!(self.out, "  ")?;
        for n in names {
            write!(self.out, "{n} ")?;
        }
        writeln!(self.out)?;
        Ok(())
    }

    fn board_names(&self) -> Vec<String> {
        let mut names: Vec<String> = named_board_names().map(str::to_string).collect();
        if self.extended {
            names.push("random:ROWSxCOLS:KINDS:SEED".to_string());
        }
        names
    }

    fn new_game(&mut self) -> Result<(), Stop> {
        writeln!(self.out, "Select the board from the following:")?;
        let names = self.board_names();
        self.list(names.iter().map(String::as_str))?;
        writeln!(self.out, "Board choice:")?;
        let board = loop {
            let words = self.prompt()?;
            match board_by_name(&words[0]) {
                Ok(board) => break board,
                Err(e) => writeln!(self.out, "{e}")?,
            }
        };

        writeln!(self.out, "Select the removal policy from the following:")?;
        let policies: Vec<RemovalPolicy> = RemovalPolicy::ALL
            .into_iter()
            .filter(|p| self.extended || p.is_spec())
            .collect();
        self.list(policies.iter().map(|p| p.name()))?;
        writeln!(self.out, "Policy choice:")?;
        let policy = loop {
            let words = self.prompt()?;
            match RemovalPolicy::from_name(&words[0]) {
                Some(p) => break p,
                None => writeln!(self.out, "Unknown removal policy '{}'", words[0])?,
            }
        };

        writeln!(self.out, "Select the player from the following:")?;
        let players: Vec<Player> = Player::ALL
            .into_iter()
            .filter(|p| self.extended || p.is_spec())
            .collect();
        self.list(players.iter().map(|p| p.name()))?;
        writeln!(self.out, "Player choice:")?;
        let player = loop {
            let words = self.prompt()?;
            match Player::from_name(&words[0]) {
                Some(p) => break p,
                None => writeln!(self.out, "Unknown player '{}'", words[0])?,
            }
        };

        writeln!(self.out, "\nLet's play!!\n")?;
        self.play_all(Game::new(board, policy, player))
    }

    fn load_game(&mut self) -> Result<(), Stop> {
        write!(
            self.out,
            "Likely game files (*.mg) in the working directory:\n "
        )?;
        for name in saved_games_in(Path::new(".")) {
            write!(self.out, "{name} ")?;
        }
        writeln!(self.out)?;
        writeln!(self.out, "Name a file to load:")?;
        let words = self.prompt()?;
        let filename = &words[0];
        match load(Path::new(filename)) {
            Ok(game) => {
                write!(
                    self.out,
                    "Creating board from string:\n{}\n",
                    game.board().save_string()
                )?;
                writeln!(
                    self.out,
                    "Game load completed from file '{filename}'. Let's play!"
                )?;
                self.play_all(game)
            }
            Err(msg) => {
                writeln!(
                    self.out,
                    "Could not load game from file '{filename}': {msg}"
                )?;
                Ok(())
            }
        }
    }

    /// Plays a game to its end (the spec's `Game.playAll(true)`).
    fn play_all(&mut self, mut game: Game) -> Result<(), Stop> {
        writeln!(self.out, "{}", game.policy().description())?;
        while !game.is_over() {
            write!(
                self.out,
                "\n-- Move {:>3} --\nCurrent score: {}\n{}\n",
                game.move_num(),
                game.score(),
                game.board()
            )?;
            game.board_mut().clear_flags();
            if game.player().is_human() {
                if let Turn::Quit = self.human_turn(&mut game)? {
                    writeln!(self.out, "Quitting")?;
                    return Ok(());
                }
            } else if self.computer.play(&mut game).is_none() {
                break;
            }
        }
        writeln!(self.out, "Final Score: {}", game.score())?;
        Ok(())
    }

    /// One prompt of the interactive player (the spec's `InteractivePlayer.executeMove`).
    fn human_turn(&mut self, game: &mut Game) -> Result<Turn, Stop> {
        writeln!(self.out, "Choices:")?;
        writeln!(
            self.out,
            "{:<20}: remove gem at row/col position",
            "move row col"
        )?;
        writeln!(
            self.out,
            "{:<20}: save game and continue playing",
            "save filename.mg"
        )?;
        writeln!(self.out, "{:<20}: quit current game", "quit")?;
        let words = self.prompt()?;
        match words[0].as_str() {
            "move" => {
                let coords: Option<Vec<i64>> = words[1..].iter().map(|w| w.parse().ok()).collect();
                match coords.as_deref() {
                    // The text becomes a typed cell here; a negative number is no cell at all.
                    Some(&[row, col]) => match cell_at(row, col).map(|c| game.play(c)) {
                        Some(Ok(_)) => {}
                        None
                        | Some(Err(MoveError::OutOfBounds { .. } | MoveError::EmptyCell { .. })) => {
                            writeln!(self.out, "Invalid gem position ({row},{col})")?;
                        }
                        Some(Err(e)) => writeln!(self.out, "Invalid move: {e}")?,
                    },
                    _ => writeln!(
                        self.out,
                        "Invalid move '{}': type move, then a row and a column number",
                        words.join(" ")
                    )?,
                }
            }
            "save" => match words.get(1) {
                Some(filename) => {
                    if let Err(e) = atomic_write(Path::new(filename), game.save_string().as_bytes())
                    {
                        writeln!(self.out, "Could not save to file {filename} : {e}")?;
                    }
                }
                None => writeln!(self.out, "Invalid save: type save, then a file name")?,
            },
            "quit" => return Ok(Turn::Quit),
            other => write!(self.out, "Invalid option '{other}'\n\n")?,
        }
        Ok(Turn::Continue)
    }
}

/// Reads and parses a `.mg` file, with a one-line reason on failure.
pub fn load(path: &Path) -> Result<Game, String> {
    let text = read_text_bounded(path, MAX_SAVE_FILE_BYTES as u64).map_err(|e| e.to_string())?;
    Game::from_save_string(&text).map_err(|e| e.to_string())
}

/// The `.mg` files in `dir`, sorted by name.
fn saved_games_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".mg"))
        .collect();
    names.sort();
    names
}
