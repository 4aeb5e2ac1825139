//! The Modern Gems HUD and menus (egui): score bar, AI controls, new game, pause, save and load,
//! and the game-over panel.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use gems_rules::gems::{Player, RemovalPolicy, board_by_name, random_board_name};

use super::ai::{Autoplay, GemsAi};
use super::coach::{Coach, CoachAi, Hint, HintAi};
use super::files::LoadGameRequest;
use super::limits::{COLS, KINDS, ROWS};
use super::model::Phase;
use super::model::{ActivePlayer, ActivePolicy, GemsAction, GemsSession, LastMove, Selection};
use super::records::{LineAsset, Records};
use super::watch::watch_action;
use crate::kit::ai::Progress;
use crate::kit::chrome::{ChromeBar, Ready};
use crate::kit::game::Setting;

mod game_over;
use super::boards::{BoardAsset, BoardLibrary};
use crate::kit::paths::DataDir;
use crate::kit::schedule::GameSchedule;
use crate::kit::scores::{GameOverInfo, HighScores};
use crate::kit::text_asset::Rescan;
use crate::kit::theme::Theme;
use crate::kit::ui::{BarPart, UiPalette, dialog};
use game_over::game_over;

/// Which board the new-game dialog will use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardChoice {
    /// A named board.
    Named(String),
    /// A random board from the dialog's size, kinds and seed.
    Random,
}

/// State of the HUD's dialogs.
#[derive(Resource, Clone, Debug)]
pub struct HudState {
    /// Save dialog open.
    pub save: bool,
    /// Load dialog open.
    pub load: bool,
    /// Board choice of the new-game dialog.
    pub board: BoardChoice,
    /// Random board rows.
    pub rows: usize,
    /// Random board columns.
    pub cols: usize,
    /// Random board kinds.
    pub kinds: u32,
    /// Random board seed.
    pub seed: u64,
    /// Policy of the new-game dialog.
    pub policy: RemovalPolicy,
    /// Player of the new-game dialog.
    pub player: Player,
    /// File name typed in the save/load dialogs.
    pub file: String,
    /// The last message, and whether it is an error.
    pub message: Option<(String, bool)>,
}

impl Default for HudState {
    fn default() -> Self {
        Self {
            save: false,
            load: false,
            board: BoardChoice::Random,
            rows: 10,
            cols: 15,
            kinds: 4,
            // A fresh deal, not the same one every run.
            seed: crate::kit::seed::fresh_seed() % 1_000_000,
            policy: RemovalPolicy::Chained,
            player: Player::Interactive,
            file: "game1".to_string(),
            message: None,
        }
    }
}

/// Shows the HUD.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HudState>().game_hud(super::SCREEN, hud);
}

/// Everything the HUD reads and changes.
#[derive(bevy::ecs::system::SystemParam)]
pub struct HudParams<'w> {
    session: Res<'w, GemsSession>,
    theme: Res<'w, Theme>,
    policy: Res<'w, ActivePolicy>,
    player: Res<'w, ActivePlayer>,
    seeds: ResMut<'w, crate::kit::seed::Seeds>,
    state: ResMut<'w, HudState>,
    phase: Res<'w, State<Phase>>,
    selection: Res<'w, Selection>,
    last: Res<'w, LastMove>,
    hint: Res<'w, Hint>,
    hint_ai: Res<'w, HintAi>,
    coach: Res<'w, Coach>,
    coach_ai: Res<'w, CoachAi>,
    records: Res<'w, Records>,
    lines: Res<'w, Assets<LineAsset>>,
    scores: Res<'w, HighScores>,
    over: Res<'w, GameOverInfo>,
    ai: Res<'w, GemsAi>,
    autoplay: ResMut<'w, Autoplay>,
    data: Res<'w, DataDir>,
    boards: Res<'w, BoardLibrary>,
    board_assets: Res<'w, Assets<BoardAsset>>,
    rescan: MessageWriter<'w, Rescan>,
    actions: MessageWriter<'w, GemsAction>,
    load: MessageWriter<'w, LoadGameRequest>,
}

fn hud(mut contexts: EguiContexts, mut p: HudParams, mut bar: ChromeBar) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let pal = bar.palette().ui;
    let settled = !p.phase.get().is_transition();
    let ready = Ready {
        undo: settled && p.session.history.can_undo(),
        redo: settled && p.session.history.can_redo(),
        hint: *p.phase.get() == Phase::Idle,
        restart: settled,
    };
    bar.top_bar(&ctx, ready, |ui, part| match part {
        BarPart::Main => top_bar_main(ui, &p, &pal),
        BarPart::More => top_bar_more(ui, &mut p),
    });
    bottom_bar(&ctx, &mut p, &pal);
    new_game_window(&ctx, &mut p, &mut bar);
    if p.state.save {
        save_window(&ctx, &mut p);
    }
    if p.state.load {
        load_window(&ctx, &mut p);
    }
    if *p.phase.get() == Phase::Over && !p.state.load {
        bar.game_over(&ctx, "Game over", ready, |ui| game_over(ui, &mut p, &pal));
    }
    Ok(())
}

/// The score, always in the bar.
fn top_bar_main(ui: &mut egui::Ui, p: &HudParams, pal: &UiPalette) {
    let game = &p.session.game;
    ui.label(
        egui::RichText::new(format!("Score {}", game.score()))
            .strong()
            .size(p.theme.heading_size * 0.85),
    );
    if p.last.points > 0 {
        ui.label(pal.good_text(format!("+{}", p.last.points), p.theme.text_size * 0.9));
    }
}

/// The move, the best score and the record, the board and rules, Save and Load.
fn top_bar_more(ui: &mut egui::Ui, p: &mut HudParams) {
    let game = &p.session.game;
    ui.label(format!("Move {}", game.move_num()));
    let best = p.scores.best(&p.session.score_key());
    ui.label(format!(
        "Best {}",
        best.map_or("-".to_string(), |b| b.to_string())
    ));
    if let Some(record) = p.records.find(
        &p.lines,
        &p.session.board_name,
        &p.session.start,
        game.policy(),
    ) {
        ui.label(format!("record {}", record.score))
            .on_hover_text("The best line found on this board: watch it from the New game dialog");
    }
    ui.separator();
    ui.label(format!(
        "{} / {}",
        p.session.board_name,
        game.policy().short_name()
    ))
    .on_hover_text(game.policy().description());
    ui.separator();
    if ui.button("Save").clicked() {
        p.state.save = true;
    }
    if ui.button("Load").clicked() {
        p.state.load = true;
    }
}

fn bottom_bar(ctx: &egui::Context, p: &mut HudParams, pal: &UiPalette) {
    pal.bottom_bar(ctx, "gems-bottom", |ui| {
        let mut player = p.player.0;
        egui::ComboBox::from_id_salt("player")
            .selected_text(player_label(player))
            .show_ui(ui, |ui| {
                for pl in Player::ALL {
                    ui.selectable_value(&mut player, pl, player_label(pl));
                }
            });
        if player != p.player.0 {
            p.actions.write(GemsAction::SetPlayer(player));
        }
        let mut policy = p.policy.0;
        egui::ComboBox::from_id_salt("rules")
            .selected_text(policy.short_name())
            .show_ui(ui, |ui| {
                for r in RemovalPolicy::ALL {
                    ui.selectable_value(&mut policy, r, r.short_name())
                        .on_hover_text(r.description());
                }
            })
            .response
            .on_hover_text(
                "The rules of the next move. Changing them during a game keeps \
                             it out of the high scores.",
            );
        if policy != p.policy.0 {
            p.actions.write(GemsAction::SetPolicy(policy));
        }
        if !player.is_human() || p.session.watch.is_some() {
            ui.checkbox(&mut p.autoplay.enabled, "Autoplay");
            ui.add(egui::Slider::new(&mut p.autoplay.delay, 0.0..=2.0).text("s between moves"));
            if ui.button("Step").clicked() {
                p.autoplay.step = true;
            }
        }
        if p.ai.busy() || p.hint_ai.busy() {
            ui.spinner();
            // The Expert's search scores the points still to come: shown as the game's
            // total it is heading for.
            let now = p.session.game.score();
            let so_far =
                p.ai.progress()
                    .or(p.hint_ai.progress())
                    .map(|progress| match progress {
                        Progress::Score(to_come) => Progress::Score(now + to_come),
                        other => other,
                    });
            match so_far {
                Some(so_far) => ui.label(format!("thinking... {}", so_far.describe())),
                None => ui.label("thinking..."),
            };
        }
        if p.session.watch.is_some()
            && ui
                .button("Take over")
                .on_hover_text("Stop watching and play on from here (not ranked)")
                .clicked()
        {
            p.actions.write(GemsAction::TakeOver);
        }
        ui.separator();
        status_line(ui, p, pal);
    });
}

fn player_label(p: Player) -> &'static str {
    match p {
        Player::Interactive => "You",
        Player::Greedy => "Greedy AI",
        Player::LookAhead1 => "Look-ahead AI",
        Player::Expert => "Expert AI",
    }
}

fn status_line(ui: &mut egui::Ui, p: &HudParams, pal: &UiPalette) {
    let size = p.theme.text_size;
    if let Some((msg, error)) = &p.state.message {
        ui.label(if *error {
            pal.bad_text(msg, size)
        } else {
            pal.good_text(msg, size)
        });
        ui.separator();
    }
    if let Some(err) = &p.scores.error {
        ui.label(pal.bad_text(err, size));
    }
    if let Some(watch) = &p.session.watch {
        ui.label(pal.accent_text(
            format!(
                "Watching {}: move {}/{}, {} points",
                watch.who,
                (p.session.game.move_num() as usize).min(watch.moves.len()),
                watch.moves.len(),
                watch.score
            ),
            size,
        ));
    } else if let (Some(points), false) = (p.selection.points, p.selection.group.is_empty()) {
        ui.label(format!("{} gems: +{points}", p.selection.group.len()));
    } else if p.hint.generation == Some(p.session.generation)
        && let Some(cell) = p.hint.cell
    {
        ui.label(format!("Hint: row {}, column {}", cell.row, cell.col));
    } else {
        ui.label(p.session.game.policy().description());
    }
}

fn new_game_window(ctx: &egui::Context, p: &mut HudParams, bar: &mut ChromeBar) {
    let mut start = false;
    let mut watch_record = None;
    bar.new_game_window(ctx, |ui| {
        let s = &mut *p.state;
        ui.horizontal(|ui| {
            ui.heading("Board");
            if ui
                .small_button("Refresh")
                .on_hover_text("Look again for board files in assets/boards")
                .clicked()
            {
                p.rescan.write(Rescan);
            }
        });
        egui::ScrollArea::vertical()
            .max_height(120.0)
            .show(ui, |ui| {
                ui.horizontal_wrapped(|ui| {
                    for (name, board) in p.boards.loaded(&p.board_assets) {
                        let choice = BoardChoice::Named(name.to_string());
                        ui.selectable_value(&mut s.board, choice, name)
                            .on_hover_text(format!("{}×{}", board.rows(), board.cols()));
                    }
                    ui.selectable_value(&mut s.board, BoardChoice::Random, "Random");
                });
            });
        if s.board == BoardChoice::Random {
            ui.horizontal(|ui| {
                // The limits are the registration's (`info.rs`).
                let usizes = |s: Setting| s.min() as usize..=s.max() as usize;
                ui.add(
                    egui::DragValue::new(&mut s.rows)
                        .range(usizes(ROWS))
                        .prefix("rows "),
                );
                ui.add(
                    egui::DragValue::new(&mut s.cols)
                        .range(usizes(COLS))
                        .prefix("cols "),
                );
                ui.add(
                    egui::DragValue::new(&mut s.kinds)
                        .range(KINDS.min()..=KINDS.max())
                        .prefix("kinds "),
                );
            });
            ui.horizontal(|ui| {
                ui.add(egui::DragValue::new(&mut s.seed).prefix("seed "));
                if ui.button("Shuffle").on_hover_text("Another seed").clicked() {
                    // Short enough to read out and type back in.
                    s.seed = p.seeds.next_seed() % 1_000_000;
                }
            });
        }
        ui.heading("Rules");
        for policy in RemovalPolicy::ALL {
            ui.radio_value(&mut s.policy, policy, policy.description());
        }
        ui.heading("Player");
        ui.horizontal(|ui| {
            for player in Player::ALL {
                ui.radio_value(&mut s.player, player, player_label(player));
            }
        });
        ui.separator();
        let record = match &s.board {
            BoardChoice::Named(name) => p
                .boards
                .loaded(&p.board_assets)
                .find(|(n, _)| n == name)
                .and_then(|(_, board)| p.records.find(&p.lines, name, board, s.policy)),
            BoardChoice::Random => None,
        };
        ui.horizontal(|ui| {
            start = ChromeBar::start_button(ui);
            let watch = ui
                .add_enabled(record.is_some(), egui::Button::new("Watch"))
                .on_hover_text("Watch the record on this board, move by move")
                .on_disabled_hover_text(
                    "The 20 standard-N boards have records, under classic rules",
                );
            if watch.clicked() {
                watch_record = record.cloned();
            }
        });
    });
    if let Some(file) = watch_record {
        p.actions.write(watch_action(&file, "the record"));
        bar.close_new_game();
        p.state.message = None;
        return;
    }
    if start {
        let s = &*p.state;
        let name = match &s.board {
            BoardChoice::Named(n) => n.clone(),
            BoardChoice::Random => random_board_name(s.rows, s.cols, s.kinds, s.seed),
        };
        let from_file = p
            .boards
            .loaded(&p.board_assets)
            .find(|(n, _)| *n == name)
            .map(|(_, b)| b.clone());
        match from_file.map_or_else(|| board_by_name(&name), Ok) {
            Ok(board) => {
                p.actions.write(GemsAction::NewGame {
                    board_name: name,
                    board,
                    policy: s.policy,
                    player: s.player,
                });
                bar.close_new_game();
                p.state.message = None;
                // The next random board is another one.
                if p.state.board == BoardChoice::Random {
                    p.state.seed = p.seeds.next_seed() % 1_000_000;
                }
            }
            Err(e) => p.state.message = Some((e.to_string(), true)),
        }
    }
}

/// The save file for a typed name, in the saves folder (see [`super::files::save_file_name`]).
fn save_path(data: &DataDir, name: &str) -> Result<PathBuf, String> {
    let file = super::files::save_file_name(name)?;
    Ok(data.saves().unwrap_or_default().join(file))
}

fn save_window(ctx: &egui::Context, p: &mut HudParams) {
    let mut open = true;
    let mut save = false;
    dialog(ctx, "Save game", Some(&mut open), |ui| {
        ui.label("Name:");
        let r = ui.text_edit_singleline(&mut p.state.file);
        save = ui.button("Save").clicked()
            || (r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)));
        // The browser keeps saves in its own storage; a download is a copy the player holds.
        #[cfg(target_arch = "wasm32")]
        if ui
            .button("Download as a .mg file")
            .on_hover_text("A copy to keep, or to open on the desktop")
            .clicked()
        {
            let file = super::files::save_file_name(&p.state.file)
                .unwrap_or_else(|_| "modern-gems.mg".to_string());
            let text = p.session.game.save_string();
            if !crate::kit::picker::download(&file, text.as_bytes(), "text/plain") {
                p.state.message = Some(("This page cannot offer downloads".into(), true));
            }
        }
    });
    if save {
        let result = save_path(&p.data, &p.state.file).and_then(|path| {
            crate::kit::store::write_text(&path, &p.session.game.save_string()).map(|_| path)
        });
        p.state.message = Some(match result {
            Ok(path) => {
                p.state.save = false;
                (format!("Saved to {}", path.display()), false)
            }
            Err(e) => (format!("Could not save: {e}"), true),
        });
    }
    if !open {
        p.state.save = false;
    }
}

fn saved_games(data: &DataDir) -> Vec<String> {
    data.saves()
        .map(|dir| crate::kit::store::list(&dir, ".mg"))
        .unwrap_or_default()
}

fn load_window(ctx: &egui::Context, p: &mut HudParams) {
    let mut open = true;
    let mut chosen: Option<String> = None;
    dialog(ctx, "Load game", Some(&mut open), |ui| {
        let saves = saved_games(&p.data);
        if saves.is_empty() {
            ui.label("No saved games yet.");
        }
        egui::ScrollArea::vertical()
            .max_height(240.0)
            .show(ui, |ui| {
                for name in saves {
                    if ui.button(&name).clicked() {
                        chosen = Some(name);
                    }
                }
            });
        ui.separator();
        ui.label("Or its name:");
        ui.text_edit_singleline(&mut p.state.file);
        if ui.button("Load").clicked() {
            chosen = Some(p.state.file.clone());
        }
        #[cfg(target_arch = "wasm32")]
        {
            ui.separator();
            if ui.button("Open a .mg file…").clicked() {
                if super::files::open_picker() {
                    p.state.load = false;
                } else {
                    p.state.message = Some(("This page cannot open files".into(), true));
                }
            }
        }
    });
    if let Some(name) = chosen {
        match save_path(&p.data, &name) {
            Ok(path) => {
                // A bad file shows up as a notice; the game in play goes on untouched.
                p.load.write(LoadGameRequest { path });
                p.state.load = false;
                p.state.message = None;
            }
            Err(e) => p.state.message = Some((e, true)),
        }
    }
    if !open {
        p.state.load = false;
    }
}
