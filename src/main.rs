//! The Modern Gems game binary: parses the flags and runs the app.

use std::process::ExitCode;

use modern_gems::launch::{LaunchOptions, USAGE};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "-h" || a == "--help") {
        print!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let app = LaunchOptions::parse(&args).and_then(modern_gems::game_app);
    match app {
        Ok(mut app) => match app.run() {
            bevy::app::AppExit::Success => ExitCode::SUCCESS,
            bevy::app::AppExit::Error(code) => ExitCode::from(code.get()),
        },
        Err(msg) => {
            eprintln!("modern-gems: {msg}\n\n{USAGE}");
            ExitCode::from(2)
        }
    }
}
