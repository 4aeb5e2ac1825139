//! `gems-cli solo-red`: the console front end of this game.

/// This command's lines in `gems-cli --help`.
pub const USAGE: &str = "  solo-red …                  (not implemented yet)\n";
/// Runs `gems-cli solo-red ARGS`.
pub fn run(args: &[String]) -> Result<(), String> {
    let _ = args;
    Err("solo-red: not implemented yet".to_string())
}

/// Runs `gems-cli bench solo-red ARGS`.
pub fn bench(args: &[String]) -> Result<(), String> {
    let _ = args;
    Err("bench solo-red: not implemented yet".to_string())
}
