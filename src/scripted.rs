//! Scripted runs: `--screenshot PATH` saves a PNG once the board first shows settled, and
//! `--exit-after-game` quits with status 0 when the game ends.

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};

use crate::gems::ai::Autoplay;
use crate::launch::LaunchOptions;
use crate::screens::{Phase, ScreenStatus};

/// Progress of the scripted steps.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct ScriptState {
    /// Frames the board has been settled, waiting for the first screenshot.
    pub settled_frames: u32,
    /// The screenshot was requested.
    pub requested: bool,
    /// The screenshot was written (or none was asked for).
    pub done: bool,
    /// Frames since the game ended.
    pub over_frames: u32,
}

/// Runs the scripted steps.
pub struct ScriptedPlugin;

impl Plugin for ScriptedPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<ScriptState>()
            .add_systems(Startup, hold_ai_for_screenshot)
            .add_systems(Update, (take_screenshot, exit_after_game));
    }
}

fn hold_ai_for_screenshot(
    opts: Res<LaunchOptions>,
    mut autoplay: ResMut<Autoplay>,
    mut s: ResMut<ScriptState>,
) {
    autoplay.enabled = opts.autoplay || autoplay.enabled;
    if opts.screenshot.is_some() {
        autoplay.hold = true;
    } else {
        s.done = true;
    }
}

fn take_screenshot(
    mut commands: Commands,
    opts: Res<LaunchOptions>,
    phase: Option<Res<State<Phase>>>,
    status: Res<ScreenStatus>,
    mut s: ResMut<ScriptState>,
) {
    let Some(path) = opts.screenshot.clone() else {
        return;
    };
    if s.requested {
        return;
    }
    let settled =
        status.settled || phase.is_some_and(|p| matches!(p.get(), Phase::Idle | Phase::Over));
    s.settled_frames = if settled { s.settled_frames + 1 } else { 0 };
    // A few frames so the renderer and egui have drawn the settled board.
    if s.settled_frames < 5 {
        return;
    }
    s.requested = true;
    commands
        .spawn(Screenshot::primary_window())
        .observe(save_to_disk(path))
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
    phase: Option<Res<State<Phase>>>,
    status: Res<ScreenStatus>,
    mut s: ResMut<ScriptState>,
    mut exit: MessageWriter<AppExit>,
) {
    if !opts.exit_after_game || !s.done {
        return;
    }
    if status.over || phase.is_some_and(|p| *p.get() == Phase::Over) {
        s.over_frames += 1;
        // Leave a moment for the screenshot file to be written.
        if s.over_frames > 10 {
            exit.write(AppExit::Success);
        }
    }
}
