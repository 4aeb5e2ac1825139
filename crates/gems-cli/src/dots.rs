//! `gems-cli dots`: the console front end of this game.

/// This command's lines in `gems-cli --help`.
pub const USAGE: &str = "  dots …                  (not implemented yet)\n";
/// Runs `gems-cli dots ARGS`.
pub fn run(args: &[String]) -> Result<(), String> {
    let _ = args;
    Err("dots: not implemented yet".to_string())
}
