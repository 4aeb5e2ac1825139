//! The keys every game shares, read once here: the mnemonics become the chrome's commands for
//! the game on screen (U or Ctrl+Z undo, Y, Ctrl+Y or Ctrl+Shift+Z redo, H hint, R restart,
//! N new game, P pause, ? or F1 how to play), each only where the game offers it.
//!
//! A mnemonic reads the **logical** key (the letter the keyboard's layout prints on it), so
//! that Ctrl+Z is the key labelled Z on a German keyboard too; the arrows, WASD, Space and
//! Enter read the **physical** key (its place), so that WASD keeps its shape on AZERTY.
//! Autoplay, where a game has it, is C ("computer"), in every game: A belongs to WASD.
//!
//! A gamepad (desktop) plays the same way: the pad or the left stick moves the cursor, South
//! (A on an Xbox pad) selects, West undoes, North asks for a hint, East is Esc and Start
//! pauses.

use bevy::ecs::system::SystemParam;
use bevy::input::gamepad::{Gamepad, GamepadButton};
use bevy::input::keyboard::Key;
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

use super::chrome::{ChromeCommand, Paused, in_game};
use super::game::{Capability, GameRegistry};
use super::screens::Screen;

/// The keyboard as the games read it: physical keys for places, logical keys for letters.
#[derive(SystemParam)]
pub struct GameKeys<'w, 's> {
    codes: Option<Res<'w, ButtonInput<KeyCode>>>,
    logical: Option<Res<'w, ButtonInput<Key>>>,
    egui: Option<Res<'w, EguiWantsInput>>,
    gamepads: Query<'w, 's, &'static Gamepad>,
    stick: Option<Res<'w, StickStep>>,
}

/// The step a gamepad's left stick asks for this frame (rows down, columns right): one when
/// it is pushed past [`STICK_PUSH`] in a direction, then one every [`STICK_REPEAT`] seconds
/// while it is held there, after [`STICK_DELAY`]; none until it comes back within
/// [`STICK_REST`].
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct StickStep {
    /// This frame's step.
    pub step: Option<(i32, i32)>,
    held: Option<(i32, i32)>,
    since: f32,
    next: f32,
}

/// How far the stick must go for a step.
pub const STICK_PUSH: f32 = 0.6;
/// Within this, the stick is at rest again.
pub const STICK_REST: f32 = 0.3;
/// Seconds held before the step repeats.
pub const STICK_DELAY: f32 = 0.4;
/// Seconds between repeated steps.
pub const STICK_REPEAT: f32 = 0.15;

impl StickStep {
    /// Moves on by `dt` seconds with the stick at `at` (x right, y up, each −1..=1).
    pub fn advance(&mut self, at: Vec2, dt: f32) {
        self.step = None;
        let direction = if at.x.abs().max(at.y.abs()) < STICK_PUSH {
            None
        } else if at.x.abs() > at.y.abs() {
            Some((0, if at.x > 0.0 { 1 } else { -1 }))
        } else {
            Some((if at.y > 0.0 { -1 } else { 1 }, 0))
        };
        match (direction, self.held) {
            (Some(d), held) if held != Some(d) => {
                *self = StickStep {
                    step: Some(d),
                    held: Some(d),
                    since: 0.0,
                    next: STICK_DELAY,
                };
            }
            (Some(d), _) => {
                self.since += dt;
                if self.since >= self.next {
                    self.step = Some(d);
                    self.next += STICK_REPEAT;
                }
            }
            (None, Some(_)) if at.length() < STICK_REST => self.held = None,
            (None, _) => {}
        }
    }
}

/// Reads the left sticks once a frame into [`StickStep`].
fn read_stick(gamepads: Query<&Gamepad>, time: Res<Time>, mut stick: ResMut<StickStep>) {
    let at = gamepads
        .iter()
        .map(Gamepad::left_stick)
        .max_by(|a, b| a.length().total_cmp(&b.length()))
        .unwrap_or(Vec2::ZERO);
    stick.advance(at, time.delta_secs());
}

/// The arrows, WASD and a gamepad's pad, each with its step: (rows down, columns right).
const DIRECTIONS: [([KeyCode; 2], GamepadButton, (i32, i32)); 4] = [
    (
        [KeyCode::ArrowUp, KeyCode::KeyW],
        GamepadButton::DPadUp,
        (-1, 0),
    ),
    (
        [KeyCode::ArrowDown, KeyCode::KeyS],
        GamepadButton::DPadDown,
        (1, 0),
    ),
    (
        [KeyCode::ArrowLeft, KeyCode::KeyA],
        GamepadButton::DPadLeft,
        (0, -1),
    ),
    (
        [KeyCode::ArrowRight, KeyCode::KeyD],
        GamepadButton::DPadRight,
        (0, 1),
    ),
];

impl GameKeys<'_, '_> {
    /// Whether `button` was just pressed on any gamepad.
    pub fn pad(&self, button: GamepadButton) -> bool {
        self.gamepads.iter().any(|g| g.just_pressed(button))
    }

    /// The step the arrows or WASD (by their places), or a gamepad's pad or left stick, ask the cursor to
    /// take this frame: (rows down, columns right). None while Ctrl is held (Ctrl+D is not
    /// a move).
    pub fn direction(&self) -> Option<(i32, i32)> {
        if self.ctrl() {
            return None;
        }
        DIRECTIONS
            .iter()
            .find(|(codes, button, _)| self.any_place(*codes) || self.pad(*button))
            .map(|&(_, _, step)| step)
            .or_else(|| self.stick.as_ref().and_then(|s| s.step))
    }

    /// Space or a gamepad's South button: select what the cursor is on.
    pub fn select(&self) -> bool {
        self.place(KeyCode::Space) || self.pad(GamepadButton::South)
    }

    /// Enter (either one): confirm.
    pub fn enter(&self) -> bool {
        self.any_place([KeyCode::Enter, KeyCode::NumpadEnter])
    }

    /// Whether egui has the keyboard (a text field has focus): the game's keys wait.
    pub fn taken(&self) -> bool {
        super::pointer::keys_taken(self.egui.as_deref())
    }

    /// Whether the key printed `letter` (either case) was just pressed, wherever the layout
    /// puts it.
    pub fn letter(&self, letter: char) -> bool {
        self.logical
            .as_ref()
            .is_some_and(|l| l.get_just_pressed().any(|k| is_letter(k, letter)))
    }

    /// Whether the key at the place of `code` (a US keyboard's name for it) was just pressed.
    pub fn place(&self, code: KeyCode) -> bool {
        self.codes.as_ref().is_some_and(|c| c.just_pressed(code))
    }

    /// Whether any of the keys at these places was just pressed.
    pub fn any_place(&self, codes: impl IntoIterator<Item = KeyCode>) -> bool {
        self.codes
            .as_ref()
            .is_some_and(|c| c.any_just_pressed(codes))
    }

    /// Whether a Ctrl (or, on a Mac, Command) key is held.
    pub fn ctrl(&self) -> bool {
        self.held([
            KeyCode::ControlLeft,
            KeyCode::ControlRight,
            KeyCode::SuperLeft,
            KeyCode::SuperRight,
        ])
    }

    /// Whether a Shift key is held.
    pub fn shift(&self) -> bool {
        self.held([KeyCode::ShiftLeft, KeyCode::ShiftRight])
    }

    /// Whether any of the keys at these places is held.
    pub fn held(&self, codes: impl IntoIterator<Item = KeyCode>) -> bool {
        self.codes.as_ref().is_some_and(|c| c.any_pressed(codes))
    }

    /// The chrome's command a just-pressed mnemonic asks for, in the order they are checked.
    pub fn commands(&self) -> Vec<ChromeCommand> {
        let (ctrl, shift) = (self.ctrl(), self.shift());
        let mut out = Vec::new();
        let z = self.letter('z');
        if (self.letter('u') && !ctrl) || (ctrl && z && !shift) {
            out.push(ChromeCommand::Undo);
        }
        if (self.letter('y') && !shift) || (ctrl && z && shift) {
            out.push(ChromeCommand::Redo);
        }
        if ctrl {
            return out;
        }
        for (letter, command) in [
            ('h', ChromeCommand::Hint),
            ('r', ChromeCommand::Restart),
            ('n', ChromeCommand::NewGame),
            ('p', ChromeCommand::Pause),
        ] {
            if self.letter(letter) {
                out.push(command);
            }
        }
        if self.letter('?') || self.place(KeyCode::F1) {
            out.push(ChromeCommand::Help);
        }
        for (button, command) in [
            (GamepadButton::West, ChromeCommand::Undo),
            (GamepadButton::North, ChromeCommand::Hint),
            (GamepadButton::Start, ChromeCommand::Pause),
            (GamepadButton::East, ChromeCommand::Escape),
            (GamepadButton::Select, ChromeCommand::Help),
        ] {
            if self.pad(button) && !out.contains(&command) {
                out.push(command);
            }
        }
        out
    }
}

/// Whether `key` is the character `letter`, in either case.
fn is_letter(key: &Key, letter: char) -> bool {
    let Key::Character(text) = key else {
        return false;
    };
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => c == letter || c.to_lowercase().eq(letter.to_lowercase()),
        _ => false,
    }
}

/// The shared keys, read headless as well as in a window.
pub fn plugin(app: &mut App) {
    app.init_resource::<StickStep>()
        .add_systems(PreUpdate, read_stick.after(bevy::input::InputSystems))
        .add_systems(
            Update,
            shared_keys
                .run_if(in_game)
                .in_set(super::schedule::ChromeKeys),
        );
}

/// Turns the shared mnemonics into the chrome's commands for the game on screen: those about
/// a move (undo, redo, hint, restart, new game) only where it offers them and while it is not
/// paused.
fn shared_keys(
    keys: GameKeys,
    screen: Res<State<Screen>>,
    registry: Option<Res<GameRegistry>>,
    paused: Option<Res<Paused>>,
    mut commands: MessageWriter<ChromeCommand>,
) {
    if keys.taken() {
        return;
    }
    let game = registry.as_ref().and_then(|r| r.get(*screen.get()));
    let paused = paused.is_some_and(|p| p.0);
    for command in keys.commands() {
        let needs = match command {
            ChromeCommand::Undo | ChromeCommand::Redo => Some(Capability::Undo),
            ChromeCommand::Hint => Some(Capability::Hint),
            ChromeCommand::Restart => Some(Capability::Restart),
            ChromeCommand::NewGame => Some(Capability::NewGame),
            _ => None,
        };
        if let Some(capability) = needs
            && (paused || !game.is_some_and(|g| g.offers(capability)))
        {
            continue;
        }
        commands.write(command);
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn keyboard_play_by_the_pads_left_stick_steps_once_then_repeats_while_held() {
        let mut stick = StickStep::default();
        let right = Vec2::new(0.9, 0.1);
        stick.advance(right, 0.016);
        assert_eq!(stick.step, Some((0, 1)));
        // Held: nothing until the delay, then a step every repeat.
        let mut steps = 0;
        let mut t = 0.016;
        while t < STICK_DELAY + 2.5 * STICK_REPEAT {
            stick.advance(right, 0.016);
            steps += usize::from(stick.step.is_some());
            t += 0.016;
        }
        assert_eq!(steps, 3);
        // Half-way back is not rest: no new step; at rest, then up: one step up.
        stick.advance(Vec2::new(0.4, 0.0), 0.016);
        assert_eq!(stick.step, None);
        stick.advance(Vec2::ZERO, 0.016);
        stick.advance(Vec2::new(0.0, 0.8), 0.016);
        assert_eq!(stick.step, Some((-1, 0)));
        // A small push does nothing.
        let mut rest = StickStep::default();
        rest.advance(Vec2::new(0.5, 0.2), 0.016);
        assert_eq!(rest.step, None);
    }
    use super::{STICK_DELAY, STICK_REPEAT, StickStep, is_letter};
    use bevy::input::keyboard::Key;
    use bevy::prelude::Vec2;

    #[test]
    fn keyboard_letters_match_either_case_and_nothing_else() {
        assert!(is_letter(&Key::Character("z".into()), 'z'));
        assert!(is_letter(&Key::Character("Z".into()), 'z'));
        assert!(is_letter(&Key::Character("?".into()), '?'));
        assert!(!is_letter(&Key::Character("zy".into()), 'z'));
        assert!(!is_letter(&Key::Character("y".into()), 'z'));
        assert!(!is_letter(&Key::Enter, 'z'));
    }
}
