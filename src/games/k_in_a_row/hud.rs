//! K in a row's menu panel (egui): the game on show and its status, the next game's setup
//! (size, k, strength, who starts), editing unavailable squares and loading a board file.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use gems_rules::k_in_a_row::{Board, Cell, Side, Status, Strength};

use super::ai::{KThinking, KThinkingExt};
use super::analysis::{KAnalysis, KAnalysisSlot};
use super::info::{DEFAULT_SIZE, K, QUALITY, SIZE};
use super::model::{KAction, KFileStatus, KPhase, KSession, Setup};
use super::view::PANEL;
use crate::kit::chrome::{ChromeBar, Ready};
use crate::kit::phase::PhaseOf;
use crate::kit::schedule::GameSchedule;
use crate::kit::scores::HighScores;
use crate::kit::theme::Theme;
use crate::kit::ui::BarPart;

/// Shows the menu.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<KMenu>()
        .add_systems(Startup, menu_from_setup.after(super::apply_launch_options))
        .game_hud(super::SCREEN, menu);
}

/// The menu shows the first game's setup (which a link may have chosen).
fn menu_from_setup(session: Res<KSession>, mut menu: ResMut<KMenu>) {
    let setup = &session.setup;
    menu.size = setup.board.size();
    menu.k = setup.board.k();
    match setup.strength {
        Strength::Quality(q) => {
            menu.quality = q;
            menu.perfect = false;
        }
        Strength::Perfect => menu.perfect = true,
    }
    menu.human_first = setup.first == Side::Human;
}

/// The menu's fields.
#[derive(Resource, Clone, Debug)]
struct KMenu {
    size: usize,
    k: usize,
    quality: u32,
    perfect: bool,
    human_first: bool,
    path: String,
    message: String,
}

impl Default for KMenu {
    fn default() -> Self {
        KMenu {
            size: DEFAULT_SIZE,
            k: 4,
            quality: 4,
            perfect: false,
            human_first: true,
            path: "board.txt".to_string(),
            message: String::new(),
        }
    }
}

fn setup_from_menu(menu: &KMenu, current: &Board) -> Setup {
    let mut board = Board::new(menu.size, menu.k.min(menu.size)).unwrap_or(*current);
    if current.size() == menu.size {
        for r in 0..menu.size {
            for c in 0..menu.size {
                if current.get(r, c) == Some(Cell::Unavailable) {
                    board.set(r, c, Cell::Unavailable);
                }
            }
        }
    }
    Setup {
        board,
        strength: if menu.perfect {
            Strength::Perfect
        } else {
            Strength::Quality(menu.quality)
        },
        first: if menu.human_first {
            Side::Human
        } else {
            Side::Computer
        },
    }
}

fn menu(
    mut contexts: EguiContexts,
    mut session: ResMut<KSession>,
    thinking: Res<KThinking>,
    mut m: ResMut<KMenu>,
    file_status: Res<KFileStatus>,
    mut actions: MessageWriter<KAction>,
    mut bar: ChromeBar,
    theme: Res<Theme>,
    scores: Res<HighScores>,
    phase: PhaseOf<KPhase>,
    (mut analysis, analysing): (ResMut<KAnalysis>, Res<KAnalysisSlot>),
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let pal = bar.palette().ui;
    let (won, drawn, lost) = session.record(&scores);
    let b = session.game.board();
    let line = format!("{n}×{n} board, {k} in a row wins", n = b.size(), k = b.k());
    let humans_turn = phase.get() == KPhase::HumanTurn && !session.editing;
    let ready = Ready {
        undo: session.history.can_undo() && !session.editing,
        redo: session.history.can_redo() && !session.editing,
        hint: humans_turn && !thinking.busy(),
        restart: true,
    };
    let bar_rect = bar.top_bar(&ctx, ready, |ui, part| {
        if part == BarPart::Main {
            ui.label(egui::RichText::new(&line).size(theme.text_size));
        }
    });
    let record = format!("Your record here: {won} won · {drawn} drawn · {lost} lost");
    pal.side_panel(&ctx, "k-in-a-row-menu", PANEL, bar_rect.bottom(), |ui| {
        ui.add_space(6.0);
        let status = match session.game.status() {
            Status::Won(Side::Human) => "You win!".to_string(),
            Status::Won(Side::Computer) => "The computer wins.".to_string(),
            Status::Draw => "A draw: no empty square left.".to_string(),
            Status::InProgress if session.editing => {
                "Click squares to make them unavailable.".to_string()
            }
            Status::InProgress if thinking.busy() => {
                let doing = if thinking.computer_busy() {
                    "Computer is thinking…"
                } else {
                    "Looking for your best move…"
                };
                match thinking.progress() {
                    Some(progress) => format!("{doing} ({})", progress.describe()),
                    None => doing.to_string(),
                }
            }
            Status::InProgress => match session.hint {
                Some(mv) => format!(
                    "Hint: the ringed square, row {} column {}.",
                    mv.row + 1,
                    mv.col + 1
                ),
                None => "Your move: click an empty square.".to_string(),
            },
        };
        ui.horizontal(|ui| {
            if thinking.busy() {
                ui.add(egui::Spinner::new());
            }
            let text = match session.game.status() {
                Status::Won(Side::Human) => pal.good_text(status, theme.text_size),
                Status::Won(Side::Computer) => pal.bad_text(status, theme.text_size),
                _ => egui::RichText::new(status).size(theme.text_size),
            };
            ui.label(text.strong());
        });
        ui.label(egui::RichText::new(&record).size(theme.text_size * 0.9));
        ui.separator();
        analysis_section(ui, &mut analysis, analysing.busy(), &session, &pal);
        ui.separator();
        let editable = session.game.moves().is_empty();
        let mut editing = session.editing;
        if ui
            .add_enabled(
                editable,
                egui::Checkbox::new(&mut editing, "edit unavailable squares"),
            )
            .on_disabled_hover_text("Before the first tile only")
            .changed()
        {
            session.editing = editing;
        }
        ui.separator();
        ui.label("Board file (size, k, quality, rows of e/u):");
        ui.text_edit_singleline(&mut m.path);
        if ui.button("Load board file").clicked() {
            actions.write(KAction::LoadFile(std::path::PathBuf::from(m.path.trim())));
        }
        if file_status.is_changed() {
            match &file_status.0 {
                Some(Ok(path)) => {
                    let setup = &session.setup;
                    m.size = setup.board.size();
                    m.k = setup.board.k();
                    if let Strength::Quality(q) = setup.strength {
                        m.quality = q.clamp(QUALITY.min(), QUALITY.max());
                    }
                    m.perfect = false;
                    m.message = format!("Loaded {path}");
                }
                Some(Err(e)) => m.message = e.clone(),
                None => {}
            }
        }
        if !m.message.is_empty() {
            ui.label(egui::RichText::new(&m.message).small());
        }
    });
    let mut start = false;
    bar.new_game_window(&ctx, |ui| {
        // The limits are the registration's, which the flags and links obey too.
        let sizes = SIZE.min() as usize..=SIZE.max() as usize;
        ui.add(egui::Slider::new(&mut m.size, sizes).text("size"));
        let size = m.size;
        ui.add(egui::Slider::new(&mut m.k, K.min() as usize..=size).text("in a row"));
        m.k = m.k.min(size);
        ui.checkbox(&mut m.perfect, "perfect play (solve)");
        ui.add_enabled(
            !m.perfect,
            egui::Slider::new(&mut m.quality, QUALITY.min()..=QUALITY.max()).text("quality"),
        );
        ui.horizontal(|ui| {
            ui.label("First:");
            ui.radio_value(&mut m.human_first, true, "you");
            ui.radio_value(&mut m.human_first, false, "computer");
        });
        ui.small("Unavailable squares carry over to a board of the same size.");
        start = ChromeBar::start_button(ui);
    });
    if start {
        actions.write(KAction::NewGame(setup_from_menu(&m, &session.setup.board)));
        bar.close_new_game();
    }
    if phase.get() == KPhase::Over {
        let (title, text) = match session.game.status() {
            Status::Won(Side::Human) => ("You win!", pal.good_text("You win!", theme.heading_size)),
            Status::Won(Side::Computer) => (
                "The computer wins",
                pal.bad_text("The computer wins.", theme.heading_size),
            ),
            _ => (
                "A draw",
                egui::RichText::new("A draw: no empty square left.").size(theme.heading_size),
            ),
        };
        bar.game_over(&ctx, title, ready, |ui| {
            ui.label(text.strong());
            if session.history.used() {
                ui.label(
                    egui::RichText::new(crate::kit::history::NOT_RANKED)
                        .size(theme.text_size * 0.9),
                );
            }
            ui.label(egui::RichText::new(&record).size(theme.text_size));
        });
    }
    Ok(())
}

/// The "Analyse" box and, when on, what the colours on the board mean for the position on show.
fn analysis_section(
    ui: &mut egui::Ui,
    analysis: &mut KAnalysis,
    running: bool,
    session: &KSession,
    pal: &crate::kit::ui::UiPalette,
) {
    ui.checkbox(&mut analysis.on, "Analyse: colour each square")
        .on_hover_text(
            "What playing each empty square is worth to you, worked out in the background",
        );
    if !analysis.on {
        return;
    }
    let game = &session.game;
    let shown = !analysis
        .for_position(game.board(), game.to_move())
        .is_empty();
    if running {
        ui.horizontal(|ui| {
            ui.add(egui::Spinner::new());
            ui.label("Analysing…");
        });
    } else if !shown {
        ui.small("On your turn.");
    } else if analysis.all_proven() {
        let (won, drawn, lost) = analysis.counts();
        ui.label(egui::RichText::new("Proven values (perfect play after):").strong());
        ui.label(pal.good_text(format!("green, you win: {won}"), 14.0));
        ui.label(egui::RichText::new(format!("blue, a draw: {drawn}")).color(pal.info));
        ui.label(pal.bad_text(format!("red, you lose: {lost}"), 14.0));
    } else {
        let (won, drawn, lost) = analysis.counts();
        ui.label(egui::RichText::new("The engine's estimate, not a proof:").strong());
        ui.small("Greener is better for you, redder worse; squares proven win, draw or loss keep those colours.");
        ui.small(format!("Proven: {won} win · {drawn} draw · {lost} loss"));
    }
}
