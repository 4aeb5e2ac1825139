//! Keeping boards clear of the HUD: the kit's bars and panels record where egui drew them
//! ([`record`]), and before each frame [`measure`] turns the last pass's rectangles into the
//! [`ViewArea`]'s margins, so every game fits its board (or its table, through
//! [`super::camera::CameraFit`]) into what is left, however the bars wrapped on a narrow
//! screen.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, egui};

use super::layout::ViewArea;

/// The HUD's rectangles drawn in one egui pass.
#[derive(Clone, Debug, Default)]
struct HudRects {
    /// The pass they were drawn in.
    pass: u64,
    rects: Vec<egui::Rect>,
}

fn key() -> egui::Id {
    egui::Id::new("kit-hud-rects")
}

/// Notes that a bar or panel covers `rect` in this pass.
pub fn record(ctx: &egui::Context, rect: egui::Rect) {
    let pass = ctx.cumulative_pass_nr();
    ctx.data_mut(|d| {
        let rects = d.get_temp_mut_or_default::<HudRects>(key());
        if rects.pass != pass {
            *rects = HudRects {
                pass,
                rects: Vec::new(),
            };
        }
        rects.rects.push(rect);
    });
}

/// Measures the HUD before each frame.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(First, measure);
}

/// The margins the HUD's `rects` leave inside `screen`: (top, bottom, left, right). A
/// rectangle at least 60 % of the screen wide is a bar at the top or the bottom; a narrower one
/// against a side is a side panel. Rectangles away from every edge (a dialog) take nothing.
pub fn margins(screen: egui::Rect, rects: &[egui::Rect]) -> [f32; 4] {
    const NEAR: f32 = 16.0;
    let mut m = [0.0f32; 4];
    for r in rects {
        let wide = r.width() >= screen.width() * 0.6;
        if wide && r.top() <= screen.top() + NEAR {
            m[0] = m[0].max(r.bottom() - screen.top());
        } else if wide && r.bottom() >= screen.bottom() - NEAR {
            m[1] = m[1].max(screen.bottom() - r.top());
        } else if r.left() <= screen.left() + NEAR {
            m[2] = m[2].max(r.right() - screen.left());
        } else if r.right() >= screen.right() - NEAR {
            m[3] = m[3].max(screen.right() - r.left());
        }
    }
    m
}

/// Sets the [`ViewArea`] from the window's size and the HUD drawn in the last pass (none drawn:
/// no margins).
fn measure(
    mut contexts: EguiContexts,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    mut area: ResMut<ViewArea>,
) {
    let Some(window) = window else { return };
    let Ok(ctx) = contexts.ctx_mut() else { return };
    let last = ctx.cumulative_pass_nr().saturating_sub(1);
    let drawn = ctx.data_mut(|d| d.get_temp::<HudRects>(key()));
    let rects = drawn
        .filter(|h| h.pass == last)
        .map(|h| h.rects)
        .unwrap_or_default();
    let [top, bottom, left, right] = margins(ctx.content_rect(), &rects);
    let next = ViewArea {
        size: window.size(),
        top: top.round(),
        bottom: bottom.round(),
        left: left.round(),
        right: right.round(),
    };
    if *area != next {
        *area = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bars_and_panels_become_margins() {
        let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(390.0, 844.0));
        let top = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(390.0, 96.0));
        let sheet = egui::Rect::from_min_max(egui::pos2(0.0, 500.0), egui::pos2(390.0, 844.0));
        let dialog =
            egui::Rect::from_center_size(egui::pos2(195.0, 422.0), egui::vec2(300.0, 200.0));
        assert_eq!(
            margins(screen, &[top, sheet, dialog]),
            [96.0, 344.0, 0.0, 0.0]
        );
        let wide = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 800.0));
        let side = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(270.0, 800.0));
        let right = egui::Rect::from_min_max(egui::pos2(920.0, 12.0), egui::pos2(1268.0, 400.0));
        assert_eq!(margins(wide, &[side, right]), [0.0, 0.0, 270.0, 360.0]);
        assert_eq!(margins(wide, &[]), [0.0; 4]);
    }
}
