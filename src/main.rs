//! The Modern Gems game binary: parses the flags and runs the app.

use std::process::ExitCode;

use modern_gems::kit::launch::{LaunchOptions, USAGE};

fn main() -> ExitCode {
    let args = arguments();
    if args.iter().any(|a| a == "-h" || a == "--help") {
        print!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let app = parse(&args).and_then(modern_gems::game_app);
    match app {
        Ok(mut app) => {
            // After the app is built: Bevy's own panic handler (DefaultPlugins) sets a hook too.
            #[cfg(target_arch = "wasm32")]
            std::panic::set_hook(Box::new(tell_the_page));
            match app.run() {
                bevy::app::AppExit::Success => ExitCode::SUCCESS,
                bevy::app::AppExit::Error(code) => ExitCode::from(code.get()),
            }
        }
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

/// The web build's panic hook: the message goes to the browser's console (there is no log
/// plugin), and the page is told the game stopped (`index.html` covers the dead canvas with
/// "The game stopped" and Reload), since the module aborts after this.
#[cfg(target_arch = "wasm32")]
fn tell_the_page(info: &std::panic::PanicHookInfo<'_>) {
    let message = format!("{info}");
    web_sys::console::error_1(&message.as_str().into());
    if let Some(window) = web_sys::window()
        && let Ok(crashed) = js_sys::Reflect::get(&window, &"modernGemsCrashed".into())
        && let Ok(crashed) = wasm_bindgen::JsCast::dyn_into::<js_sys::Function>(crashed)
    {
        let _ = crashed.call1(&window, &message.as_str().into());
    }
}

/// Panics on purpose, for the browser test of the page's crash screen (`web/smoke.mjs` calls
/// it as `window.modernGemsTestPanic()`; nothing in the game does).
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn test_panic() {
    panic!("a panic asked for by the browser test");
}

/// The player's data as "Export my data" writes it, for the browser test's round trip between
/// two browser profiles (`web/smoke.mjs`; the Settings button makes the same text).
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn test_export_my_data() -> String {
    let data = modern_gems::kit::paths::DataDir::platform();
    modern_gems::app::my_data::export_text(&data, &modern_gems::kit::clock::today())
        .map_or_else(|e| format!("error: {e}"), |(text, ..)| text)
}

/// Imports an export's text as Settings → Import does, for the browser test; the summary, or
/// the error.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn test_import_my_data(text: &str) -> String {
    let data = modern_gems::kit::paths::DataDir::platform();
    let mut scores = modern_gems::kit::scores::HighScores::load(data.file("scores.ron"));
    modern_gems::app::my_data::import_text(&data, &mut scores, text)
        .map_or_else(|e| format!("error: {e}"), |done| done.summary())
}
