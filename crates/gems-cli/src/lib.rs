//! `gems-cli`: the text front ends and benchmarks of the Modern Gems games. The binary
//! (`src/main.rs`) calls [`main`]; the consoles are a library too, so that the fuzz target
//! `console_input` and the tests can drive them with any input.
//!
//! The command line is read by clap: a usage error (an unknown option, a bad value) exits with
//! status 2 and `--help`/`--version` with 0, before anything starts. A failure after that (a
//! file that cannot be read, a game that cannot start, an I/O error) exits with status 1.

pub mod bench;
pub mod console;
pub mod dots;
pub mod grid_duel;
pub mod k_in_a_row;
pub mod k_match;
pub mod modern_gems;
pub mod soak;
pub mod solo_red;
pub mod values;

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

/// Play the Modern Gems games at the console, and measure their AIs.
///
/// Run `gems-cli COMMAND --help` for a command's options.
#[derive(Debug, Parser)]
// A repeated option takes its last value, as before clap.
#[command(
    name = "gems-cli",
    version,
    arg_required_else_help = true,
    args_override_self = true
)]
struct Cli {
    /// What to run.
    #[command(subcommand)]
    command: Command,
}

/// The subcommands: one per game, the benchmarks and the soak. Each one's help is the doc
/// comment of its options' type, in its module.
#[derive(Debug, Subcommand)]
enum Command {
    ModernGems(modern_gems::ModernGemsArgs),
    Dots(dots::DotsArgs),
    #[command(name = "k-in-a-row")]
    KInARow(k_in_a_row::KInARowArgs),
    SoloRed(solo_red::SoloRedArgs),
    GridDuel(grid_duel::GridDuelArgs),
    /// Speed and strength benchmarks that print their figures.
    #[command(subcommand)]
    Bench(bench::BenchCommand),
    Soak(soak::SoakArgs),
}

impl Command {
    /// Runs the chosen subcommand; the error is the message for standard error.
    fn run(self) -> Result<(), String> {
        match self {
            Command::ModernGems(args) => modern_gems::run(&args),
            Command::Dots(args) => dots::run(&args),
            Command::KInARow(args) => k_in_a_row::run(&args),
            Command::SoloRed(args) => solo_red::run(&args),
            Command::GridDuel(args) => grid_duel::run(&args),
            Command::Bench(command) => bench::run(command),
            Command::Soak(args) => soak::run(&args),
        }
    }
}

/// Reads the command line (exiting with status 2 on a usage error, 0 after `--help` or
/// `--version`), then runs the subcommand: status 0 when it succeeds, 1 when it fails.
pub fn main() -> ExitCode {
    let matches = with_negative_numbers(Cli::command()).get_matches();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    match cli.command.run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("gems-cli: {msg}");
            ExitCode::FAILURE
        }
    }
}

/// `cmd` with every option that takes a value, in it and in its subcommands, taking a negative
/// number as its value, so that `--seed -1` is reported as a bad value of `--seed` rather than
/// as an unknown option `-1`.
fn with_negative_numbers(cmd: clap::Command) -> clap::Command {
    cmd.mut_args(|arg| {
        if arg.get_action().takes_values() {
            arg.allow_negative_numbers(true)
        } else {
            arg
        }
    })
    .mut_subcommands(with_negative_numbers)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// clap's own consistency checks of every subcommand's options (names, groups, conflicts).
    #[test]
    fn the_command_line_is_consistent() {
        with_negative_numbers(Cli::command()).debug_assert();
    }
}
