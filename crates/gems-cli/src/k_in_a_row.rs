//! `gems-cli k-in-a-row`: the console front end of this game.

/// This command's lines in `gems-cli --help`.
pub const USAGE: &str = "  k-in-a-row …                  (not implemented yet)\n";
/// Runs `gems-cli k-in-a-row ARGS`.
pub fn run(args: &[String]) -> Result<(), String> {
    let _ = args;
    Err("k-in-a-row: not implemented yet".to_string())
}

/// Runs `gems-cli bench k-in-a-row ARGS`.
pub fn bench(args: &[String]) -> Result<(), String> {
    let _ = args;
    Err("bench k-in-a-row: not implemented yet".to_string())
}
