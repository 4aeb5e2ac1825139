//! What a screen reader gets, headless: with AccessKit on in egui (as bevy_egui turns it on
//! when a screen reader asks), the top bar every game draws names its buttons, and the board's
//! description (the console's view of it) follows the game as it is played, in each of the
//! five games. (The title cards' names: `app::title`'s own test.)

use bevy::prelude::*;
use bevy_egui::egui;
use modern_gems::games::REGISTRY;
use modern_gems::kit::chrome::{ChromeBar, Ready};
use modern_gems::kit::share::{BoardText, ShareWindow};
use modern_gems::kit::theme::Theme;
use modern_gems::kit::ui::board_description;
use modern_gems::kit::ui_fonts::{embedded_text_fonts, font_definitions};

/// The most frames a game may take to settle.
const FRAMES: usize = 2_000;

#[path = "contract/games.rs"]
#[allow(dead_code)]
mod games;

/// An egui context with AccessKit on, and what its last pass said to AccessKit.
#[derive(Resource)]
struct Reader {
    ctx: egui::Context,
    heard: Vec<String>,
}

/// The chrome's top bar and the board's description, drawn into the reader's context.
fn draw(mut bar: ChromeBar, board: Res<BoardText>, mut reader: ResMut<Reader>) {
    let ctx = reader.ctx.clone();
    ctx.begin_pass(egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(1920.0, 1080.0),
        )),
        ..Default::default()
    });
    bar.top_bar(&ctx, Ready::ALL, |_, _| {});
    board_description(&ctx, egui::pos2(10.0, 60.0), &board.0);
    let mut out = ctx.end_pass();
    out.textures_delta.clear();
    reader.heard = out
        .platform_output
        .accesskit_update
        .map(|update| {
            update
                .nodes
                .iter()
                .flat_map(|(_, node)| [node.label(), node.value()])
                .flatten()
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default();
}

fn heard(app: &App) -> Vec<String> {
    app.world().resource::<Reader>().heard.clone()
}

#[test]
fn every_game_top_bar_and_board_description_reach_a_screen_reader() {
    for game in &REGISTRY {
        let mut app = modern_gems::headless_game_app(game, 5, FRAMES);
        let ctx = egui::Context::default();
        ctx.set_fonts(font_definitions(embedded_text_fonts()));
        ctx.enable_accesskit();
        app.insert_resource(Reader {
            ctx,
            heard: Vec::new(),
        })
        .insert_resource(Theme::default())
        .init_resource::<ShareWindow>()
        .add_systems(Last, draw);
        app.update();
        let said = heard(&app);
        let says = |text: &str| said.iter().any(|s| s.contains(text));
        for button in [
            "Games", "Undo", "Redo", "Hint", "Restart", "New game", "Share",
        ] {
            assert!(says(button), "{}: no '{button}' in {said:?}", game.name);
        }
        let board = app.world().resource::<BoardText>().0.clone();
        assert!(!board.is_empty(), "{}: no board description", game.name);
        assert!(
            says(&board),
            "{}: the board's description was not said",
            game.name
        );
        // It follows the game: after a move it says the new board.
        games::play_a_move(&mut app, game.screen);
        modern_gems::settle_screen(&mut app, FRAMES);
        app.update();
        let after = app.world().resource::<BoardText>().0.clone();
        assert_ne!(
            after, board,
            "{}: the description did not change",
            game.name
        );
        assert!(
            heard(&app).contains(&after),
            "{}: the new board was not said",
            game.name
        );
    }
}
