//! Scripted runs: `--screenshot PATH` saves a PNG once the board first shows settled,
//! `--exit-after-screenshot` quits once it is saved, and `--exit-after-game` quits with status
//! 0 when the game ends.

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};

use crate::games::gems::ai::Autoplay;
use crate::kit::launch::LaunchOptions;
use crate::kit::screens::ScreenStatus;

/// Progress of the scripted steps.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct ScriptState {
    /// Frames the board has been settled, waiting for the first screenshot.
    pub settled_frames: u32,
    /// The screenshot was requested.
    pub requested: bool,
    /// The screenshot was written (or none was asked for).
    pub done: bool,
    /// Frames since the game ended.
    pub over_frames: u32,
    /// Seconds since the board first showed settled (for `--screenshot-delay`).
    pub waited: f32,
    /// Frames since `--keys` started pressing (one key every few frames).
    pub key_frames: u32,
}

/// Runs the scripted steps.
pub fn plugin(app: &mut App) {
    app.init_resource::<ScriptState>()
        .add_systems(Startup, (hold_ai_for_screenshot, show_link_notices))
        .add_systems(Update, (take_screenshot, exit_after_game))
        .add_systems(PreUpdate, press_keys.before(bevy::input::InputSystems));
}

/// Frames between two keys of `--keys` (pressed on the first, released on the next).
const KEY_FRAMES: u32 = 2;

/// Presses the keys of `--keys` one by one once the board first shows settled (for
/// screenshots of the keyboard's cursors).
fn press_keys(
    opts: Res<LaunchOptions>,
    status: Res<ScreenStatus>,
    mut s: ResMut<ScriptState>,
    window: Query<Entity, With<bevy::window::PrimaryWindow>>,
    mut input: MessageWriter<bevy::input::keyboard::KeyboardInput>,
) {
    use bevy::input::ButtonState;
    if opts.keys.is_empty() || (s.key_frames == 0 && !status.settled) {
        return;
    }
    let (i, phase) = (
        (s.key_frames / KEY_FRAMES) as usize,
        s.key_frames % KEY_FRAMES,
    );
    s.key_frames += 1;
    let (Some(name), Ok(window)) = (opts.keys.get(i), window.single()) else {
        return;
    };
    let Some((key_code, logical_key)) = key_named(name) else {
        tracing::warn!("--keys: '{name}' is not a key");
        return;
    };
    let state = match phase {
        0 => ButtonState::Pressed,
        1 => ButtonState::Released,
        _ => return,
    };
    input.write(bevy::input::keyboard::KeyboardInput {
        key_code,
        logical_key,
        state,
        text: None,
        repeat: false,
        window,
    });
}

/// The key called `name` (Up, Down, Left, Right, Space, Enter, F1, or a letter).
fn key_named(name: &str) -> Option<(KeyCode, bevy::input::keyboard::Key)> {
    use bevy::input::keyboard::Key;
    let named = |code, key| Some((code, key));
    match name {
        "Up" => named(KeyCode::ArrowUp, Key::ArrowUp),
        "Down" => named(KeyCode::ArrowDown, Key::ArrowDown),
        "Left" => named(KeyCode::ArrowLeft, Key::ArrowLeft),
        "Right" => named(KeyCode::ArrowRight, Key::ArrowRight),
        "Space" => named(KeyCode::Space, Key::Space),
        "Enter" => named(KeyCode::Enter, Key::Enter),
        "F1" => named(KeyCode::F1, Key::F1),
        letter => {
            let c = letter.chars().next().filter(|_| letter.len() == 1)?;
            let code = match c.to_ascii_lowercase() {
                'a'..='z' => [
                    KeyCode::KeyA,
                    KeyCode::KeyB,
                    KeyCode::KeyC,
                    KeyCode::KeyD,
                    KeyCode::KeyE,
                    KeyCode::KeyF,
                    KeyCode::KeyG,
                    KeyCode::KeyH,
                    KeyCode::KeyI,
                    KeyCode::KeyJ,
                    KeyCode::KeyK,
                    KeyCode::KeyL,
                    KeyCode::KeyM,
                    KeyCode::KeyN,
                    KeyCode::KeyO,
                    KeyCode::KeyP,
                    KeyCode::KeyQ,
                    KeyCode::KeyR,
                    KeyCode::KeyS,
                    KeyCode::KeyT,
                    KeyCode::KeyU,
                    KeyCode::KeyV,
                    KeyCode::KeyW,
                    KeyCode::KeyX,
                    KeyCode::KeyY,
                    KeyCode::KeyZ,
                ][(c.to_ascii_lowercase() as u8 - b'a') as usize],
                _ => return None,
            };
            Some((
                code,
                Key::Character(c.to_ascii_lowercase().to_string().into()),
            ))
        }
    }
}

fn hold_ai_for_screenshot(
    opts: Res<LaunchOptions>,
    mut autoplay: ResMut<Autoplay>,
    mut s: ResMut<ScriptState>,
) {
    autoplay.enabled = opts.autoplay || autoplay.enabled;
    if opts.screenshot.is_some() {
        autoplay.hold = opts.screenshot_delay.is_none();
    } else {
        s.done = true;
    }
}

/// The parts of the page's link that were skipped, as notices.
fn show_link_notices(opts: Res<LaunchOptions>, mut notices: ResMut<crate::kit::settings::Notices>) {
    for n in &opts.notices {
        notices.warn(n.clone());
    }
}

fn take_screenshot(
    mut commands: Commands,
    opts: Res<LaunchOptions>,
    status: Res<ScreenStatus>,
    time: Res<Time>,
    mut s: ResMut<ScriptState>,
) {
    let Some(path) = opts.screenshot.clone() else {
        return;
    };
    if s.requested {
        return;
    }
    if let Some(delay) = opts.screenshot_delay {
        // Counting from the first settled frame, whatever happens after.
        if status.settled || s.waited > 0.0 {
            s.waited += time.delta_secs().max(1e-6);
        }
        if s.waited < delay {
            return;
        }
    } else {
        s.settled_frames = if status.settled {
            s.settled_frames + 1
        } else {
            0
        };
        // A few frames so the renderer and egui have drawn the settled board.
        if s.settled_frames < 5 {
            return;
        }
    }
    s.requested = true;
    commands
        .spawn(Screenshot::primary_window())
        .observe(move |shot: On<ScreenshotCaptured>| {
            if let Err(e) = save_png(&shot.image, std::path::Path::new(&path)) {
                tracing::error!("cannot save the screenshot {path}: {e}");
            }
        })
        .observe(
            |_: On<ScreenshotCaptured>,
             mut s: ResMut<ScriptState>,
             mut autoplay: ResMut<Autoplay>| {
                s.done = true;
                autoplay.hold = false;
            },
        );
}

fn exit_after_game(
    opts: Res<LaunchOptions>,
    status: Res<ScreenStatus>,
    mut s: ResMut<ScriptState>,
    mut exit: MessageWriter<AppExit>,
) {
    if !(opts.exit_after_game || opts.exit_after_screenshot) || !s.done {
        return;
    }
    if status.over || opts.exit_after_screenshot {
        s.over_frames += 1;
        // Leave a moment for the screenshot file to be written.
        if s.over_frames > 10 {
            exit.write(AppExit::Success);
        }
    }
}

/// Writes a captured frame (8-bit RGBA or BGRA) as an RGB PNG, atomically.
fn save_png(image: &Image, path: &std::path::Path) -> Result<(), String> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        use bevy::render::render_resource::TextureFormat;
        let (w, h) = (image.width(), image.height());
        let data = image.data.as_deref().ok_or("the frame has no pixels")?;
        let bgra = match image.texture_descriptor.format {
            TextureFormat::Bgra8Unorm | TextureFormat::Bgra8UnormSrgb => true,
            TextureFormat::Rgba8Unorm | TextureFormat::Rgba8UnormSrgb => false,
            other => return Err(format!("unsupported frame format {other:?}")),
        };
        if data.len() < (w * h * 4) as usize {
            return Err("the frame is smaller than its size says".into());
        }
        let rgb: Vec<u8> = data
            .chunks_exact(4)
            .take((w * h) as usize)
            .flat_map(|px| {
                if bgra {
                    [px[2], px[1], px[0]]
                } else {
                    [px[0], px[1], px[2]]
                }
            })
            .collect();
        let mut bytes = Vec::new();
        {
            let mut encoder = png::Encoder::new(&mut bytes, w, h);
            encoder.set_color(png::ColorType::Rgb);
            encoder.set_depth(png::BitDepth::Eight);
            let mut writer = encoder.write_header().map_err(|e| e.to_string())?;
            writer.write_image_data(&rgb).map_err(|e| e.to_string())?;
        }
        gems_rules::storage::atomic_write(path, &bytes).map_err(|e| e.to_string())?;
        tracing::info!("screenshot saved to {}", path.display());
        Ok(())
    }
    #[cfg(target_arch = "wasm32")]
    {
        let _ = (image, path);
        Err("screenshots are saved on the desktop only".into())
    }
}
