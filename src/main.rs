//! The Modern Gems game binary: parses the flags and runs the app.

use std::process::ExitCode;

use modern_gems::launch::{LaunchOptions, USAGE};

fn main() -> ExitCode {
    let args = arguments();
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

/// The command line; in the browser, the page's query string (`?board=tiny&autoplay` is
/// `--board tiny --autoplay`).
fn arguments() -> Vec<String> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::env::args().skip(1).collect()
    }
    #[cfg(target_arch = "wasm32")]
    {
        let search = web_sys::window()
            .and_then(|w| w.location().search().ok())
            .unwrap_or_default();
        search
            .trim_start_matches('?')
            .split('&')
            .filter(|p| !p.is_empty())
            .flat_map(|pair| {
                let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
                std::iter::once(format!("--{k}")).chain((!v.is_empty()).then(|| v.to_string()))
            })
            .collect()
    }
}
