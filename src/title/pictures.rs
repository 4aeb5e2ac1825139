//! The title cards' pictures: a small scene of each game, painted with egui in the theme's gem
//! colours (crisp at any size, no image files).

use bevy_egui::egui;

use crate::screens::Screen;
use crate::theme::{Theme, color, egui_color};

/// A small picture of each game, painted in the theme's gem colours.
pub(super) fn paint_picture(painter: &egui::Painter, r: egui::Rect, screen: Screen, theme: &Theme) {
    let gem = |k: u32| egui_color(color(&theme.style(k).color));
    let dark = egui::Color32::from_black_alpha(90);
    match screen {
        Screen::ModernGems | Screen::Title => {
            // A board with a big group about to go.
            let (rows, cols) = (4, 7);
            let cell = (r.width() / cols as f32).min(r.height() / rows as f32);
            let origin = r.center() - egui::vec2(cell * cols as f32, cell * rows as f32) / 2.0;
            let kinds = [
                1, 2, 2, 3, 1, 4, 2, 3, 2, 2, 2, 1, 4, 4, 3, 3, 1, 2, 5, 4, 1, 5, 1, 3, 3, 5, 5, 2,
            ];
            for (i, &k) in kinds.iter().enumerate() {
                let (row, col) = (i / cols, i % cols);
                let c = origin + egui::vec2((col as f32 + 0.5) * cell, (row as f32 + 0.5) * cell);
                let group = k == 2 && (row < 3 && (1..=4).contains(&col));
                let radius = cell * if group { 0.46 } else { 0.38 };
                painter.circle_filled(c, radius, gem(k));
                painter.circle_filled(
                    c + egui::vec2(-radius * 0.3, -radius * 0.35),
                    radius * 0.28,
                    egui::Color32::from_white_alpha(70),
                );
                if group {
                    painter.circle_stroke(c, radius, egui::Stroke::new(2.0, egui::Color32::WHITE));
                }
            }
        }
        Screen::Dots => {
            let (rows, cols) = (4, 6);
            let cell = (r.width() / cols as f32).min(r.height() / rows as f32);
            let origin = r.center() - egui::vec2(cell * cols as f32, cell * rows as f32) / 2.0;
            let at = |row: usize, col: usize| {
                origin + egui::vec2((col as f32 + 0.5) * cell, (row as f32 + 0.5) * cell)
            };
            // A closed loop of one colour.
            let ring = [(1, 1), (1, 2), (2, 2), (2, 1), (1, 1)];
            for w in ring.windows(2) {
                painter.line_segment(
                    [at(w[0].0, w[0].1), at(w[1].0, w[1].1)],
                    egui::Stroke::new(cell * 0.16, gem(1)),
                );
            }
            for row in 0..rows {
                for col in 0..cols {
                    let on_ring = ring.contains(&(row, col));
                    let k = if on_ring {
                        1
                    } else {
                        ((row * 3 + col * 5) % 4 + 2) as u32
                    };
                    painter.circle_filled(at(row, col), cell * 0.22, gem(k));
                }
            }
        }
        Screen::KInARow => {
            let n = 4;
            let cell = r.height().min(r.width()) / n as f32;
            let origin = r.center() - egui::vec2(cell, cell) * n as f32 / 2.0;
            let tiles = [
                (0, 0, 1),
                (1, 1, 1),
                (2, 2, 1),
                (3, 3, 1),
                (0, 2, 2),
                (1, 3, 2),
                (2, 0, 2),
            ];
            for row in 0..n {
                for col in 0..n {
                    let min = origin + egui::vec2(col as f32, row as f32) * cell;
                    let sq = egui::Rect::from_min_size(min, egui::vec2(cell, cell)).shrink(2.0);
                    painter.rect_filled(sq, 3.0, egui::Color32::from_white_alpha(28));
                }
            }
            for (row, col, side) in tiles {
                let c = origin + egui::vec2(col as f32 + 0.5, row as f32 + 0.5) * cell;
                if side == 1 {
                    painter.circle_filled(
                        c,
                        cell * 0.46,
                        egui::Color32::from_rgba_unmultiplied(255, 236, 120, 70),
                    );
                }
                painter.circle_filled(c, cell * 0.36, gem(side));
            }
        }
        Screen::SoloRed => {
            let cards = [
                (
                    crate::solo_red::view::face(gems_rules::solo_red::Colour::Red),
                    "7",
                    -0.25f32,
                ),
                (
                    crate::solo_red::view::face(gems_rules::solo_red::Colour::Blue),
                    "5",
                    0.0,
                ),
                (
                    crate::solo_red::view::face(gems_rules::solo_red::Colour::Orange),
                    "3",
                    0.25,
                ),
            ];
            let h = r.height() * 0.95;
            let w = h * 0.7;
            for (i, (c, n, tilt)) in cards.iter().enumerate() {
                let centre =
                    r.center() + egui::vec2((i as f32 - 1.0) * w * 0.62, (tilt.abs()) * 10.0);
                let card = egui::Rect::from_center_size(centre, egui::vec2(w, h));
                painter.rect(
                    card,
                    6.0,
                    egui::Color32::from_gray(245),
                    egui::Stroke::new(1.0, dark),
                    egui::StrokeKind::Inside,
                );
                painter.rect_filled(card.shrink(5.0), 4.0, egui_color(*c));
                painter.text(
                    card.center(),
                    egui::Align2::CENTER_CENTER,
                    *n,
                    egui::FontId::proportional(h * 0.45),
                    egui::Color32::WHITE,
                );
            }
        }
        Screen::GridDuel => {
            let n = 5;
            let cell = r.height().min(r.width()) / n as f32;
            let origin = r.center() - egui::vec2(cell, cell) * n as f32 / 2.0;
            for row in 0..n {
                for col in 0..n {
                    let min = origin + egui::vec2(col as f32, row as f32) * cell;
                    let sq = egui::Rect::from_min_size(min, egui::vec2(cell, cell)).shrink(1.5);
                    let chosen = row == 2;
                    painter.rect_filled(
                        sq,
                        2.0,
                        if chosen {
                            gem(3)
                        } else {
                            egui::Color32::from_white_alpha(30)
                        },
                    );
                    let digit = (row * 7 + col * 3 + 1) % 10;
                    painter.text(
                        sq.center(),
                        egui::Align2::CENTER_CENTER,
                        digit.to_string(),
                        egui::FontId::monospace(cell * 0.55),
                        if chosen {
                            egui::Color32::BLACK
                        } else {
                            egui::Color32::from_gray(230)
                        },
                    );
                }
            }
        }
    }
}
