//! The Modern Gems game binary: parses the flags and runs the app.

use std::process::ExitCode;

use modern_gems::kit::launch::{LaunchOptions, USAGE};

fn main() -> ExitCode {
    // The web build has no log plugin to report a panic: say it in the browser's console.
    #[cfg(target_arch = "wasm32")]
    std::panic::set_hook(Box::new(|info| {
        web_sys::console::error_1(&format!("{info}").into());
    }));
    let args = arguments();
    if args.iter().any(|a| a == "-h" || a == "--help") {
        print!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let app = parse(&args).and_then(modern_gems::game_app);
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

/// The desktop's flags: a bad one stops the program with its reason.
#[cfg(not(target_arch = "wasm32"))]
fn parse(args: &[String]) -> Result<LaunchOptions, String> {
    LaunchOptions::parse(args, &modern_gems::games::REGISTRY)
}

/// The page's link (its query string, `?board=tiny&autoplay` is `--board tiny --autoplay`):
/// a bad parameter is skipped and shown as a notice in the game, so a mistyped link never
/// leaves a blank page. The page has no flags of its own.
#[cfg(target_arch = "wasm32")]
fn parse(_args: &[String]) -> Result<LaunchOptions, String> {
    let search = web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default();
    let (mut options, notices) = LaunchOptions::from_link(&search, &modern_gems::games::REGISTRY);
    options.notices = notices;
    Ok(options)
}

/// The command line (none in the browser, whose link [`parse`] reads).
fn arguments() -> Vec<String> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::env::args().skip(1).collect()
    }
    #[cfg(target_arch = "wasm32")]
    {
        Vec::new()
    }
}
