//! Each game played to its end from the keyboard alone, under a US, a German (QWERTZ) and a
//! French (AZERTY) layout: only `KeyboardInput` messages (the key's place and the letter the
//! layout prints on it) go through Bevy's input systems, no pointer or touch. The cursor
//! moves by the keys' places (the arrows), the mnemonics follow the printed letter (Ctrl+Z is
//! the key labelled Z on every layout). Then a gamepad plays a move, undoes it and asks for a
//! hint in each game.
//!
//! The tests are named after the capability (`cargo test --workspace keyboard`).

use bevy::input::ButtonState;
use bevy::input::InputPlugin;
use bevy::input::gamepad::{
    GamepadButton, GamepadConnection, GamepadConnectionEvent, RawGamepadButtonChangedEvent,
    RawGamepadEvent,
};
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use gems_rules::dots::Point;
use gems_rules::gems::Cell;
use gems_rules::k_in_a_row::Side;
use modern_gems::games::dots::model::{DotsCursor, DotsSession};
use modern_gems::games::gems::model::{GemsSession, KeyCursor};
use modern_gems::games::grid_duel::model::{DuelSession, Stage};
use modern_gems::games::k_in_a_row::model::{KCursor, KSession};
use modern_gems::games::solo_red::input::SoloFocus;
use modern_gems::games::solo_red::model::SoloRedSession;
use modern_gems::games::{dots, gems, grid_duel, k_in_a_row, solo_red};
use modern_gems::kit::game::GameInfo;
use modern_gems::kit::screens::ScreenStatus;
use modern_gems::{headless_game_app, settle_screen};

/// The most frames a game may take to settle.
const FRAMES: usize = 2_000;

/// A keyboard layout: the letter each key prints, where it is not the US one.
#[derive(Clone, Copy, Debug)]
struct Layout {
    name: &'static str,
    /// (the key's place, the letter it prints) where the layout differs from the US one.
    moved: &'static [(KeyCode, char)],
}

const US: Layout = Layout {
    name: "US",
    moved: &[],
};
const QWERTZ: Layout = Layout {
    name: "QWERTZ",
    moved: &[(KeyCode::KeyY, 'z'), (KeyCode::KeyZ, 'y')],
};
const AZERTY: Layout = Layout {
    name: "AZERTY",
    moved: &[
        (KeyCode::KeyQ, 'a'),
        (KeyCode::KeyA, 'q'),
        (KeyCode::KeyW, 'z'),
        (KeyCode::KeyZ, 'w'),
        (KeyCode::Semicolon, 'm'),
        (KeyCode::KeyM, ','),
        (KeyCode::Digit1, '&'),
        (KeyCode::Digit2, 'é'),
        (KeyCode::Digit3, '"'),
    ],
};
const LAYOUTS: [Layout; 3] = [US, QWERTZ, AZERTY];

/// The US letters, by place.
const LETTERS: [(KeyCode, char); 26] = [
    (KeyCode::KeyA, 'a'),
    (KeyCode::KeyB, 'b'),
    (KeyCode::KeyC, 'c'),
    (KeyCode::KeyD, 'd'),
    (KeyCode::KeyE, 'e'),
    (KeyCode::KeyF, 'f'),
    (KeyCode::KeyG, 'g'),
    (KeyCode::KeyH, 'h'),
    (KeyCode::KeyI, 'i'),
    (KeyCode::KeyJ, 'j'),
    (KeyCode::KeyK, 'k'),
    (KeyCode::KeyL, 'l'),
    (KeyCode::KeyM, 'm'),
    (KeyCode::KeyN, 'n'),
    (KeyCode::KeyO, 'o'),
    (KeyCode::KeyP, 'p'),
    (KeyCode::KeyQ, 'q'),
    (KeyCode::KeyR, 'r'),
    (KeyCode::KeyS, 's'),
    (KeyCode::KeyT, 't'),
    (KeyCode::KeyU, 'u'),
    (KeyCode::KeyV, 'v'),
    (KeyCode::KeyW, 'w'),
    (KeyCode::KeyX, 'x'),
    (KeyCode::KeyY, 'y'),
    (KeyCode::KeyZ, 'z'),
];

impl Layout {
    /// The logical key the key at `code` gives on this layout.
    fn logical(&self, code: KeyCode) -> Key {
        if let Some(&(_, c)) = self.moved.iter().find(|(k, _)| *k == code) {
            return Key::Character(c.to_string().into());
        }
        if let Some(&(_, c)) = LETTERS.iter().find(|(k, _)| *k == code) {
            return Key::Character(c.to_string().into());
        }
        match code {
            KeyCode::Space => Key::Space,
            KeyCode::Enter => Key::Enter,
            KeyCode::Backspace => Key::Backspace,
            KeyCode::ArrowUp => Key::ArrowUp,
            KeyCode::ArrowDown => Key::ArrowDown,
            KeyCode::ArrowLeft => Key::ArrowLeft,
            KeyCode::ArrowRight => Key::ArrowRight,
            KeyCode::ControlLeft => Key::Control,
            KeyCode::ShiftLeft => Key::Shift,
            KeyCode::Digit1 => Key::Character("1".into()),
            KeyCode::Digit2 => Key::Character("2".into()),
            KeyCode::Digit3 => Key::Character("3".into()),
            other => panic!("no logical key written for {other:?}"),
        }
    }

    /// The place of the key printed `letter`.
    fn place_of(&self, letter: char) -> KeyCode {
        self.moved
            .iter()
            .find(|(_, c)| *c == letter)
            .map(|&(k, _)| k)
            .or_else(|| {
                LETTERS
                    .iter()
                    .find(|&&(k, c)| c == letter && !self.moved.iter().any(|(m, _)| *m == k))
                    .map(|&(k, _)| k)
            })
            .unwrap_or_else(|| panic!("{}: no key prints {letter}", self.name))
    }
}

/// The keyboard of a test: an app and its layout.
struct Keyboard<'a> {
    app: &'a mut App,
    layout: Layout,
}

impl Keyboard<'_> {
    fn send(&mut self, code: KeyCode, state: ButtonState) {
        let logical_key = self.layout.logical(code);
        self.app.world_mut().write_message(KeyboardInput {
            key_code: code,
            logical_key,
            state,
            text: None,
            repeat: false,
            window: Entity::PLACEHOLDER,
        });
    }

    /// Presses and releases the key at `code` (holding `held` down around it), one frame each.
    fn chord(&mut self, held: &[KeyCode], code: KeyCode) {
        for &h in held {
            self.send(h, ButtonState::Pressed);
        }
        self.send(code, ButtonState::Pressed);
        self.app.update();
        self.send(code, ButtonState::Released);
        for &h in held {
            self.send(h, ButtonState::Released);
        }
        self.app.update();
    }

    /// Presses the key at `code`.
    fn tap(&mut self, code: KeyCode) {
        self.chord(&[], code);
    }

    /// Presses the key printed `letter` (with Ctrl when `ctrl`).
    fn letter(&mut self, letter: char, ctrl: bool) {
        let code = self.layout.place_of(letter);
        let held: &[KeyCode] = if ctrl { &[KeyCode::ControlLeft] } else { &[] };
        self.chord(held, code);
    }

    /// Taps the arrow towards (rows down, columns right) `steps` times, one step each.
    fn walk(&mut self, rows: i64, cols: i64) {
        let (down, right) = (KeyCode::ArrowDown, KeyCode::ArrowRight);
        let (up, left) = (KeyCode::ArrowUp, KeyCode::ArrowLeft);
        for _ in 0..rows.unsigned_abs() {
            self.tap(if rows > 0 { down } else { up });
        }
        for _ in 0..cols.unsigned_abs() {
            self.tap(if cols > 0 { right } else { left });
        }
    }

    fn settle(&mut self) {
        settle_screen(self.app, FRAMES);
    }

    fn over(&self) -> bool {
        self.app.world().resource::<ScreenStatus>().over
    }
}

/// A headless app playing `game` with Bevy's input systems and the game's keys.
fn keyboard_app(game: &'static GameInfo, seed: u64) -> App {
    let mut app = headless_game_app(game, seed, FRAMES);
    app.add_plugins(InputPlugin);
    (game.keys_plugin)(&mut app);
    settle_screen(&mut app, FRAMES);
    app
}

/// Takes the first move back with Ctrl+Z (the key printed Z) and plays it again with Y, and
/// checks both against `state` (the game's rules state before and after it).
fn undo_and_redo_by_letters(keys: &mut Keyboard, state: fn(&App) -> String, before: &str) {
    let after = state(keys.app);
    keys.letter('z', true);
    keys.settle();
    assert_eq!(
        state(keys.app),
        before,
        "{}: Ctrl+Z undoes",
        keys.layout.name
    );
    keys.letter('y', false);
    keys.settle();
    assert_eq!(state(keys.app), after, "{}: Y redoes", keys.layout.name);
}

/// Plays `game` (dealt from `seed`) to its end from the keyboard under each layout:
/// `make_move(keys, n)` makes move `n` from the keys alone; each move must change the game's
/// rules `state`, and the first is taken back with Ctrl+Z and played again with Y. The number
/// of moves of each game.
fn play_whole_games(
    game: &'static GameInfo,
    seed: u64,
    state: fn(&App) -> String,
    make_move: fn(&mut Keyboard, usize),
) -> Vec<usize> {
    LAYOUTS
        .iter()
        .map(|&layout| {
            let mut app = keyboard_app(game, seed);
            let mut keys = Keyboard {
                app: &mut app,
                layout,
            };
            keys.tap(KeyCode::ArrowRight); // shows the cursor
            let mut moves = 0;
            while !keys.over() {
                let before = state(keys.app);
                make_move(&mut keys, moves);
                keys.settle();
                let name = layout.name;
                assert_ne!(state(keys.app), before, "{name}: move {moves} made nothing");
                if moves == 0 && !keys.over() {
                    undo_and_redo_by_letters(&mut keys, state, &before);
                }
                moves += 1;
            }
            assert!(moves > 0, "{}: no move", layout.name);
            moves
        })
        .collect()
}

#[test]
fn modern_gems_keyboard_plays_a_whole_game_under_three_layouts() {
    let state = |app: &App| format!("{:?}", app.world().resource::<GemsSession>().game);
    play_whole_games(&gems::info::GAME, 1, state, |keys, _| {
        let game = keys.app.world().resource::<GemsSession>().game.clone();
        let target: Cell = game
            .board()
            .cells()
            .map(|(c, _)| c)
            .find(|&c| game.check_move(c).is_ok())
            .expect("a move while the game goes on");
        let at = keys.app.world().resource::<KeyCursor>().cell;
        keys.walk(
            target.row as i64 - at.row as i64,
            target.col as i64 - at.col as i64,
        );
        keys.tap(KeyCode::Space);
    });
}

#[test]
fn dots_keyboard_plays_a_whole_game_under_three_layouts() {
    let state = |app: &App| format!("{:?}", app.world().resource::<DotsSession>().game);
    play_whole_games(&dots::info::GAME, 2, state, |keys, _| {
        let pair = dots_pair(keys.app);
        for p in [pair.0, pair.1] {
            let at = keys.app.world().resource::<DotsCursor>().at;
            keys.walk(p.y as i64 - at.y as i64, p.x as i64 - at.x as i64);
            keys.tap(KeyCode::Space);
        }
        keys.tap(KeyCode::Enter);
    });
}

#[test]
fn k_in_a_row_keyboard_plays_a_whole_game_under_three_layouts() {
    let state = |app: &App| format!("{:?}", app.world().resource::<KSession>().game);
    play_whole_games(&k_in_a_row::info::GAME, 1, state, |keys, _| {
        let game = keys.app.world().resource::<KSession>().game.clone();
        assert_eq!(game.to_move(), Side::Human);
        let n = game.board().size();
        let (r, c) = (0..n * n)
            .map(|i| (i / n, i % n))
            .find(|&(r, c)| game.board().is_empty(r, c))
            .expect("an empty square while the game goes on");
        let at = *keys.app.world().resource::<KCursor>();
        keys.walk(r as i64 - at.row as i64, c as i64 - at.col as i64);
        keys.tap(KeyCode::Space);
    });
}

#[test]
fn k_in_a_row_keyboard_v_turns_analyse_on_and_off_under_three_layouts() {
    use modern_gems::games::k_in_a_row::analysis::KAnalysis;
    for &layout in LAYOUTS.iter() {
        let mut app = keyboard_app(&k_in_a_row::info::GAME, 1);
        let mut keys = Keyboard {
            app: &mut app,
            layout,
        };
        for on in [true, false] {
            keys.letter('v', false);
            let now = keys.app.world().resource::<KAnalysis>().on;
            assert_eq!(now, on, "{}: V turns Analyse {on}", layout.name);
        }
    }
}

/// Two neighbouring dots of one colour on the Dots board of `app` (a move), the first in
/// reading order.
fn dots_pair(app: &App) -> (Point, Point) {
    let board = app.world().resource::<DotsSession>().game.board();
    board
        .points()
        .flat_map(|a| [(a, Point::new(a.x + 1, a.y)), (a, Point::new(a.x, a.y + 1))])
        .find(|&(a, b)| board.check_selection(&[a, b]).is_ok())
        .expect("two neighbours of one colour while the game goes on")
}

/// Moves Solo Red's cursor to `on_table`'s row and place `at` in it (a row wraps around).
fn solo_focus(keys: &mut Keyboard, on_table: bool, at: usize) {
    let focus = *keys.app.world().resource::<SoloFocus>();
    if focus.on_table != on_table {
        keys.tap(if on_table {
            KeyCode::ArrowUp
        } else {
            KeyCode::ArrowDown
        });
    }
    let s = keys.app.world().resource::<SoloRedSession>();
    let len = if on_table {
        s.game.num_palettes() + 1
    } else {
        s.game.hand().len()
    };
    let focus = *keys.app.world().resource::<SoloFocus>();
    let now = if on_table { focus.table } else { focus.hand };
    for _ in 0..(at + len - now) % len {
        keys.tap(KeyCode::ArrowRight);
    }
}

#[test]
fn solo_red_keyboard_plays_a_whole_deal_under_three_layouts() {
    let state = |app: &App| {
        let s = app.world().resource::<SoloRedSession>();
        format!("{:?} {:?}", s.game, s.canvas_pile)
    };
    play_whole_games(&solo_red::info::GAME, 3, state, |keys, _| {
        let game = keys.app.world().resource::<SoloRedSession>().game.clone();
        let turn = gems_rules::solo_red::ai::surviving_moves(&game)
            .first()
            .copied()
            .or_else(|| gems_rules::solo_red::ai::any_move(&game))
            .expect("a turn while the deal goes on");
        let mut hand = game.hand().to_vec();
        let mut plays = vec![];
        if let Some(canvas) = turn.canvas {
            plays.push((canvas, 0));
        }
        plays.push((turn.card, turn.palette + 1));
        for (card, target) in plays {
            let i = hand.iter().position(|&c| c == card).expect("in hand");
            hand.remove(i);
            solo_focus(keys, false, i);
            keys.tap(KeyCode::Space);
            solo_focus(keys, true, target);
            keys.tap(KeyCode::Enter);
        }
    });
}

#[test]
fn grid_duel_keyboard_plays_a_whole_duel_under_three_layouts() {
    let state = |app: &App| format!("{:?}", app.world().resource::<DuelSession>().duel);
    let choices = play_whole_games(&grid_duel::info::GAME, 4, state, |keys, n| {
        // The stage a settled duel asked for takes over at the next frame.
        keys.app.update();
        let stage = *keys.app.world().resource::<State<Stage>>().get();
        assert_eq!(stage, Stage::Choosing, "{} choice {n}", keys.layout.name);
        match n % 3 {
            // Row 3 by its digit's place (AZERTY prints '"' there), a new grid by the key
            // printed G, or keep.
            0 => keys.tap(KeyCode::Digit3),
            1 => keys.letter('g', false),
            _ => keys.tap(KeyCode::Enter),
        }
    });
    assert_eq!(choices, [6, 6, 6], "two choices a turn, three turns");
}

/// A gamepad on `app`: connects it, then presses buttons one frame each.
struct Pad<'a> {
    app: &'a mut App,
    id: Entity,
}

impl<'a> Pad<'a> {
    fn connect(app: &'a mut App) -> Self {
        let id = app.world_mut().spawn_empty().id();
        app.world_mut().write_message(GamepadConnectionEvent::new(
            id,
            GamepadConnection::Connected {
                name: "Test pad".into(),
                vendor_id: None,
                product_id: None,
            },
        ));
        app.update();
        app.update();
        Pad { app, id }
    }

    fn press(&mut self, button: GamepadButton) {
        for value in [1.0, 0.0] {
            self.app.world_mut().write_message(RawGamepadEvent::Button(
                RawGamepadButtonChangedEvent::new(self.id, button, value),
            ));
            self.app.update();
        }
    }

    fn settle(&mut self) {
        settle_screen(self.app, FRAMES);
    }
}

#[test]
fn every_game_plays_undoes_and_hints_from_a_gamepad() {
    use GamepadButton::{DPadDown, DPadRight, North, South, West};
    for game in &modern_gems::games::REGISTRY {
        let mut app = keyboard_app(game, 5);
        app.insert_resource(modern_gems::games::gems::coach::CoachBudget {
            hint: std::time::Duration::from_millis(20),
            game: std::time::Duration::from_millis(20),
        });
        let title = |app: &App| {
            app.world()
                .resource::<modern_gems::kit::share::GameTitle>()
                .0
                .clone()
        };
        let start = title(&app);
        let mut pad = Pad::connect(&mut app);
        if game.screen == dots::SCREEN {
            // To two neighbours of one colour: South starts the path, South extends it, and
            // South on its last dot ends it.
            let (a, b) = dots_pair(pad.app);
            pad.press(DPadRight); // shows the cursor at the top left dot
            for p in [a, b] {
                let at = pad.app.world().resource::<DotsCursor>().at;
                for _ in at.x..p.x {
                    pad.press(DPadRight);
                }
                for _ in at.y..p.y {
                    pad.press(DPadDown);
                }
                pad.press(South);
            }
            pad.press(South);
            pad.settle();
        }
        // Elsewhere a staircase of the pad and South until a move is made: the cursor shows,
        // then each South selects or plays.
        let moved = [DPadRight, South, DPadDown, South, South]
            .iter()
            .cycle()
            .take(120)
            .any(|&button| {
                pad.press(button);
                pad.settle();
                title(pad.app) != start
            });
        assert!(moved, "{}: the gamepad made no move", game.name);
        pad.press(West);
        pad.settle();
        assert_eq!(title(pad.app), start, "{}: West undoes", game.name);
        pad.press(North);
        pad.settle();
        for _ in 0..200 {
            pad.app.update();
        }
        assert!(
            hint_shown(pad.app, game),
            "{}: North shows a hint",
            game.name
        );
    }
}

/// Whether the game shows a hint.
fn hint_shown(app: &App, game: &GameInfo) -> bool {
    let w = app.world();
    if game.screen == gems::SCREEN {
        w.resource::<modern_gems::games::gems::coach::Hint>()
            .cell
            .is_some()
    } else if game.screen == dots::SCREEN {
        !w.resource::<modern_gems::games::dots::model::DotsHint>()
            .path
            .is_empty()
    } else if game.screen == k_in_a_row::SCREEN {
        w.resource::<KSession>().hint.is_some()
    } else if game.screen == solo_red::SCREEN {
        w.resource::<SoloRedSession>().hint.is_some()
    } else {
        w.resource::<DuelSession>().hint.is_some()
    }
}
