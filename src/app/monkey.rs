//! `--monkey SEED`: a monkey in the real window. It moves the mouse, clicks, drags and presses
//! the games' keys at random, through the same window messages a person's input makes, so the
//! view plugins, the input systems and egui all see it; every so often it takes the app to the
//! next screen. After its frames it quits with status 0: a run that ends so has met no panic.
//! (The headless monkey test, `tests/monkey.rs`, checks the games against their rules.)

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::input::mouse::MouseButtonInput;
use bevy::prelude::*;
use bevy::window::{CursorMoved, PrimaryWindow};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use crate::kit::screens::Screen;

/// Frames the monkey plays when `--monkey-frames` is not given.
pub const DEFAULT_FRAMES: u64 = 1_500;

/// The screens the monkey visits in turn: the title, then every game.
fn tour() -> Vec<Screen> {
    std::iter::once(Screen::Title)
        .chain(crate::games::REGISTRY.iter().map(|g| g.screen))
        .collect()
}

/// The keys the games listen to, and the chrome's (Esc, P, F1: pause and How to play).
const KEYS: [KeyCode; 15] = [
    KeyCode::Space,
    KeyCode::Enter,
    KeyCode::ArrowUp,
    KeyCode::ArrowDown,
    KeyCode::ArrowLeft,
    KeyCode::ArrowRight,
    KeyCode::KeyH,
    KeyCode::KeyU,
    KeyCode::KeyY,
    KeyCode::KeyA,
    KeyCode::KeyN,
    KeyCode::Digit3,
    KeyCode::Escape,
    KeyCode::KeyP,
    KeyCode::F1,
];

/// What pressing `code` means (its logical key) and types.
fn typed(code: KeyCode) -> (Key, &'static str) {
    match code {
        KeyCode::Space => (Key::Space, " "),
        KeyCode::Enter => (Key::Enter, "\r"),
        KeyCode::ArrowUp => (Key::ArrowUp, ""),
        KeyCode::ArrowDown => (Key::ArrowDown, ""),
        KeyCode::ArrowLeft => (Key::ArrowLeft, ""),
        KeyCode::ArrowRight => (Key::ArrowRight, ""),
        KeyCode::KeyH => (Key::Character("h".into()), "h"),
        KeyCode::KeyU => (Key::Character("u".into()), "u"),
        KeyCode::KeyY => (Key::Character("y".into()), "y"),
        KeyCode::KeyA => (Key::Character("a".into()), "a"),
        KeyCode::KeyN => (Key::Character("n".into()), "n"),
        KeyCode::KeyP => (Key::Character("p".into()), "p"),
        KeyCode::Escape => (Key::Escape, ""),
        KeyCode::F1 => (Key::F1, ""),
        _ => (Key::Character("3".into()), "3"),
    }
}

/// Plays `frames` frames of random input from `seed`, then quits.
pub struct WindowMonkeyPlugin {
    /// Seed of the input stream.
    pub seed: u64,
    /// Frames to play.
    pub frames: u64,
}

impl Plugin for WindowMonkeyPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(WindowMonkey {
            rng: StdRng::seed_from_u64(self.seed),
            frame: 0,
            frames: self.frames,
            held: None,
            visited: Vec::new(),
            clicks: 0,
            presses: 0,
        })
        // Before the input systems turn window messages into button state (PreUpdate).
        .add_systems(First, monkey_input);
    }
}

/// The monkey's state: its random stream, the frame, and what it is holding down.
#[derive(Resource)]
struct WindowMonkey {
    rng: StdRng,
    frame: u64,
    frames: u64,
    /// A mouse button or key held down, and the frames left until it is let go.
    held: Option<(Held, u32)>,
    /// The screens it has seen, in order of first visit.
    visited: Vec<Screen>,
    /// Mouse buttons pressed.
    clicks: u64,
    /// Keys pressed.
    presses: u64,
}

/// Something the monkey holds down.
#[derive(Clone, Copy)]
enum Held {
    Mouse(MouseButton),
    Key(usize),
}

fn monkey_input(
    mut monkey: ResMut<WindowMonkey>,
    window: Single<(Entity, &mut Window), With<PrimaryWindow>>,
    mut cursor: MessageWriter<CursorMoved>,
    mut mouse: MessageWriter<MouseButtonInput>,
    mut keys: MessageWriter<KeyboardInput>,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
    mut exit: MessageWriter<AppExit>,
) {
    let (id, mut window) = window.into_inner();
    let m = &mut *monkey;
    m.frame += 1;
    if !m.visited.contains(screen.get()) {
        m.visited.push(*screen.get());
    }
    if m.frame == m.frames {
        // The line the real-window test reads.
        println!(
            "monkey: {} frames, {} clicks, {} key presses, screens visited: {}",
            m.frames,
            m.clicks,
            m.presses,
            m.visited
                .iter()
                .map(|s| s.slug())
                .collect::<Vec<_>>()
                .join(" ")
        );
        exit.write(AppExit::Success);
    }
    if m.frame >= m.frames {
        return;
    }
    let tour = tour();
    let visit = (m.frames / tour.len() as u64).max(1);
    if m.frame % visit == 1 {
        next.set(tour[(m.frame / visit) as usize % tour.len()]);
    }
    let key_message = |i: usize, state| {
        let code = KEYS[i];
        let (logical_key, text) = typed(code);
        KeyboardInput {
            key_code: code,
            logical_key,
            state,
            text: (state == ButtonState::Pressed && !text.is_empty()).then(|| text.into()),
            repeat: false,
            window: id,
        }
    };
    // Let go of what is held once its time is up.
    if let Some((held, left)) = m.held {
        if left > 0 {
            m.held = Some((held, left - 1));
        } else {
            m.held = None;
            match held {
                Held::Mouse(button) => {
                    mouse.write(MouseButtonInput {
                        button,
                        state: ButtonState::Released,
                        window: id,
                    });
                }
                Held::Key(i) => {
                    keys.write(key_message(i, ButtonState::Released));
                }
            }
        }
    }
    // Move the mouse most frames (a drag while a button is held).
    if m.rng.random_bool(0.6) {
        let size = Vec2::new(window.width(), window.height());
        let position = Vec2::new(
            m.rng.random_range(0.0..size.x.max(1.0)),
            m.rng.random_range(0.0..size.y.max(1.0)),
        );
        let delta = window.cursor_position().map(|old| position - old);
        window.set_cursor_position(Some(position));
        cursor.write(CursorMoved {
            window: id,
            position,
            delta,
        });
    }
    if m.held.is_some() {
        return;
    }
    match m.rng.random_range(0..100) {
        0..30 => {
            let button = if m.rng.random_bool(0.9) {
                MouseButton::Left
            } else {
                MouseButton::Right
            };
            mouse.write(MouseButtonInput {
                button,
                state: ButtonState::Pressed,
                window: id,
            });
            m.clicks += 1;
            let hold = m.rng.random_range(0..8);
            m.held = Some((Held::Mouse(button), hold));
        }
        30..45 => {
            let i = m.rng.random_range(0..KEYS.len());
            keys.write(key_message(i, ButtonState::Pressed));
            m.presses += 1;
            m.held = Some((Held::Key(i), 0));
        }
        _ => {}
    }
}
