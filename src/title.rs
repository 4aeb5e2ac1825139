//! The title screen: lists the games that exist. Each game adds itself to [`GAMES`].

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::kit::ui::UiPalette;
use crate::screens::Screen;

/// A game on the title screen.
pub struct GameEntry {
    /// Its name.
    pub name: &'static str,
    /// One line about it.
    pub blurb: &'static str,
    /// The screen that plays it.
    pub screen: Screen,
}

/// The games, in title-screen order.
pub const GAMES: &[GameEntry] = &[
    GameEntry {
        name: "Modern Gems",
        blurb: "Clear the board: pick a gem and its group vanishes. Bigger groups score more (n²).",
        screen: Screen::ModernGems,
    },
    GameEntry {
        name: "Dots",
        blurb: "Connect same-colour dots; close a loop to clear a whole colour.",
        screen: Screen::Dots,
    },
    GameEntry {
        name: "K in a Row",
        blurb: "Line up k tiles before the computer does, around the blocked squares.",
        screen: Screen::KInARow,
    },
    GameEntry {
        name: "Solo Red",
        blurb: "The Red7 solitaire: keep changing the rule so your palette stays winning.",
        screen: Screen::SoloRed,
    },
    GameEntry {
        name: "Grid Duel",
        blurb: "Score a 9×9 grid of digits against the computer over three turns.",
        screen: Screen::GridDuel,
    },
];

/// Shows the title screen.
pub fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        title.run_if(in_state(Screen::Title)),
    );
}

fn title(
    mut contexts: EguiContexts,
    mut next: ResMut<NextState<Screen>>,
    mut settings: ResMut<crate::settings::SettingsOpen>,
    mut exit: MessageWriter<AppExit>,
    theme: Res<crate::theme::Theme>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    UiPalette::of(&theme).panel(
        ctx,
        "title",
        egui::Align2::CENTER_CENTER,
        egui::vec2(0.0, 0.0),
        460.0,
        |ui| {
            ui.vertical_centered(|ui| {
                ui.label(egui::RichText::new("Modern Gems").size(40.0).strong());
                ui.label("A collection of grid and card games");
                ui.add_space(18.0);
                for game in GAMES {
                    let button =
                        egui::Button::new(egui::RichText::new(game.name).size(24.0).strong())
                            .min_size(egui::vec2(300.0, 44.0));
                    if ui.add(button).on_hover_text(game.blurb).clicked() {
                        next.set(game.screen);
                    }
                    ui.label(egui::RichText::new(game.blurb).small());
                    ui.add_space(10.0);
                }
                ui.add_space(8.0);
                if ui.button("Settings").clicked() {
                    settings.0 = !settings.0;
                }
                if ui.button("Quit").clicked() {
                    exit.write(AppExit::Success);
                }
            });
        },
    );
    Ok(())
}
