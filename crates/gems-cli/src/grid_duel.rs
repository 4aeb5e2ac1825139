//! `gems-cli grid-duel`: the console front end of this game.

/// This command's lines in `gems-cli --help`.
pub const USAGE: &str = "  grid-duel …                  (not implemented yet)\n";
/// Runs `gems-cli grid-duel ARGS`.
pub fn run(args: &[String]) -> Result<(), String> {
    let _ = args;
    Err("grid-duel: not implemented yet".to_string())
}
