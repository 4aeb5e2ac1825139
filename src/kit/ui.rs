//! The UI kit: every game's bars, panels and dialogs in one style, with the colours of what
//! they say taken from the theme ([`UiPalette`]), never from literals in a game's code.

use bevy_egui::egui;

use crate::kit::theme::{Theme, color, egui_color};

/// Windows narrower than this (logical pixels: a phone held upright) get the phone layouts: a
/// game's side panel becomes a sheet along the bottom, and its top bar keeps its main items with
/// the rest under a "☰ More" menu.
pub const NARROW: f32 = 600.0;

/// Whether the window is narrow enough for the phone layouts (see [`NARROW`]).
pub fn is_narrow(ctx: &egui::Context) -> bool {
    ctx.content_rect().width() < NARROW
}

fn side_panels_hidden() -> egui::Id {
    egui::Id::new("kit-side-panels-hidden")
}

/// In a narrow window, whether the games' side panels (sheets along the bottom there) give
/// their place to the kit's sheet (How to play), from the next pass on.
pub fn hide_side_panels(ctx: &egui::Context, hidden: bool) {
    ctx.data_mut(|d| d.insert_temp(side_panels_hidden(), hidden));
}

/// Which of a bar's items its closure is asked to add ([`UiPalette::top_bar_fitted`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BarPart {
    /// What must always show: the way back, the score, the main actions.
    Main,
    /// The rest: inline in a wide window, under "☰ More" in a narrow one.
    More,
}

/// The theme's UI colours, ready for egui.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct UiPalette {
    /// Records and winners.
    pub accent: egui::Color32,
    /// Good news.
    pub good: egui::Color32,
    /// Bad news.
    pub bad: egui::Color32,
    /// Hints and pointers.
    pub info: egui::Color32,
    /// The fill of bars, panels and notices.
    pub panel: egui::Color32,
}

impl UiPalette {
    /// The palette of `theme`.
    pub fn of(theme: &Theme) -> Self {
        let ui = &theme.ui;
        let c = |s: &str| egui_color(color(s));
        UiPalette {
            accent: c(&ui.accent),
            good: c(&ui.good),
            bad: c(&ui.bad),
            info: c(&ui.info),
            panel: c(&ui.panel),
        }
    }

    /// The frame of the bars across the window and of the panels beside the board.
    pub fn bar_frame(&self) -> egui::Frame {
        egui::Frame::new()
            .fill(self.panel)
            .inner_margin(egui::Margin::symmetric(12, 8))
    }

    /// A bar across the top of the window (`id` names it for egui); the room it took.
    pub fn top_bar(
        &self,
        ctx: &egui::Context,
        id: &str,
        add: impl FnOnce(&mut egui::Ui),
    ) -> egui::Rect {
        self.bar(ctx, id, egui::Align2::LEFT_TOP, add)
    }

    /// A bar across the top whose items come in two parts ([`BarPart`]): both inline in a wide
    /// window; on a phone, or wherever both would not fit on one line (at this width or a wider
    /// one), the second part opens from a "☰ More" menu, so the bar stays one or two lines high
    /// and the board keeps the screen. `add` is told whether the bar is folded so.
    pub fn top_bar_fitted(
        &self,
        ctx: &egui::Context,
        id: &str,
        mut add: impl FnMut(&mut egui::Ui, BarPart, bool),
    ) -> egui::Rect {
        let width = ctx.content_rect().width();
        let wrapped_at = egui::Id::new(id).with("wrapped at");
        let folded = is_narrow(ctx)
            || ctx
                .data(|d| d.get_temp::<f32>(wrapped_at))
                .is_some_and(|w| width <= w);
        let mut wraps = false;
        let rect = self.top_bar(ctx, id, |ui| {
            add(ui, BarPart::Main, folded);
            let first_line = ui.min_rect().height();
            if folded {
                ui.menu_button("☰ More", |ui| add(ui, BarPart::More, folded));
            } else {
                add(ui, BarPart::More, folded);
                wraps = ui.min_rect().height() > first_line * 1.5;
            }
        });
        if wraps {
            ctx.data_mut(|d| d.insert_temp(wrapped_at, width));
            ctx.request_repaint();
        }
        rect
    }

    /// A bar across the bottom of the window.
    pub fn bottom_bar(&self, ctx: &egui::Context, id: &str, add: impl FnOnce(&mut egui::Ui)) {
        self.bar(ctx, id, egui::Align2::LEFT_BOTTOM, add);
    }

    fn bar(
        &self,
        ctx: &egui::Context,
        id: &str,
        align: egui::Align2,
        add: impl FnOnce(&mut egui::Ui),
    ) -> egui::Rect {
        let width = ctx.content_rect().width();
        let shown = egui::Area::new(egui::Id::new(id))
            .anchor(align, egui::vec2(0.0, 0.0))
            .show(ctx, |ui| {
                self.bar_frame().show(ui, |ui| {
                    ui.set_width(width - 24.0);
                    ui.horizontal_wrapped(add);
                });
            });
        super::insets::record(ctx, shown.response.rect);
        shown.response.rect
    }

    /// A sheet along the bottom of a narrow window, in place of a side panel: a button shows or
    /// hides it (open at first), and its content scrolls within `share` of the window's height.
    fn sheet(&self, ctx: &egui::Context, id: &str, share: f32, add: impl FnOnce(&mut egui::Ui)) {
        let open_id = egui::Id::new(id).with("open");
        let mut open = ctx.data_mut(|d| *d.get_persisted_mut_or(open_id, true));
        let screen = ctx.content_rect();
        let shown = egui::Area::new(egui::Id::new(id))
            .anchor(egui::Align2::LEFT_BOTTOM, egui::vec2(0.0, 0.0))
            .show(ctx, |ui| {
                self.bar_frame().show(ui, |ui| {
                    ui.set_width(screen.width() - 24.0);
                    let label = if open {
                        "⬇ Hide the menu"
                    } else {
                        "⬆ Menu"
                    };
                    if ui.button(label).clicked() {
                        open = !open;
                    }
                    if open {
                        egui::ScrollArea::vertical()
                            .max_height(screen.height() * share)
                            .show(ui, add);
                    }
                });
            });
        ctx.data_mut(|d| d.insert_persisted(open_id, open));
        super::insets::record(ctx, shown.response.rect);
    }

    /// A panel down the right side of the window below `top` (the top bar's bottom edge),
    /// `width` wide: a game's menu beside its board, on the same side in every game; in a
    /// narrow window, a sheet along the bottom.
    pub fn side_panel(
        &self,
        ctx: &egui::Context,
        id: &str,
        width: f32,
        top: f32,
        add: impl FnOnce(&mut egui::Ui),
    ) {
        if is_narrow(ctx) {
            if !ctx.data(|d| d.get_temp::<bool>(side_panels_hidden()).unwrap_or(false)) {
                self.sheet(ctx, id, 0.42, add);
            }
            return;
        }
        self.panel(ctx, id, egui::Align2::RIGHT_TOP, (width, top), add);
    }

    /// A panel against one side (`align`) of the window below `top`, `width` wide, full height.
    fn panel(
        &self,
        ctx: &egui::Context,
        id: &str,
        align: egui::Align2,
        (width, top): (f32, f32),
        add: impl FnOnce(&mut egui::Ui),
    ) {
        let height = ctx.content_rect().height() - top;
        let shown = egui::Area::new(egui::Id::new(id))
            .anchor(align, egui::vec2(0.0, top))
            .show(ctx, |ui| {
                self.bar_frame().show(ui, |ui| {
                    ui.set_width(width - 24.0);
                    ui.set_min_height(height - 16.0);
                    add(ui);
                });
            });
        super::insets::record(ctx, shown.response.rect);
    }

    /// A panel down the left side of the window below `top`, `width` wide, whose content
    /// scrolls (How to play, beside the board it talks about); in a narrow window, a sheet
    /// along the bottom in place of the game's own ([`hide_side_panels`]).
    pub fn left_panel(
        &self,
        ctx: &egui::Context,
        id: &str,
        width: f32,
        top: f32,
        add: impl FnOnce(&mut egui::Ui),
    ) {
        if is_narrow(ctx) {
            return self.sheet(ctx, id, 0.45, add);
        }
        let height = ctx.content_rect().height() - top;
        self.panel(ctx, id, egui::Align2::LEFT_TOP, (width, top), |ui| {
            egui::ScrollArea::vertical()
                .max_height(height - 16.0)
                .show(ui, add);
        });
    }

    /// A line in the accent colour (a new record, the winner).
    pub fn accent_text(&self, text: impl Into<String>, size: f32) -> egui::RichText {
        egui::RichText::new(text).color(self.accent).size(size)
    }

    /// A line in the good-news colour.
    pub fn good_text(&self, text: impl Into<String>, size: f32) -> egui::RichText {
        egui::RichText::new(text).color(self.good).size(size)
    }

    /// The top scores of a board and rules as a table (place, score, date), with the row of the
    /// game just played (`mine`) in the accent colour; "No scores yet" when empty.
    pub fn score_table(
        &self,
        ui: &mut egui::Ui,
        id: &str,
        table: &[crate::kit::scores::Entry],
        mine: Option<usize>,
        size: f32,
    ) {
        if table.is_empty() {
            ui.label(egui::RichText::new("No scores yet").size(size));
            return;
        }
        egui::Grid::new(id)
            .striped(true)
            .min_col_width(size * 3.0)
            .spacing(egui::vec2(size * 1.4, size * 0.25))
            .show(ui, |ui| {
                for h in ["#", "Score", "Date"] {
                    ui.label(egui::RichText::new(h).size(size * 0.85).weak());
                }
                ui.end_row();
                for (i, e) in table.iter().enumerate() {
                    let date = e.date.as_deref().unwrap_or("—");
                    let cells = [format!("{}", i + 1), e.score.to_string(), date.to_string()];
                    for text in cells {
                        ui.label(if mine == Some(i) {
                            self.accent_text(text, size).strong()
                        } else {
                            egui::RichText::new(text).size(size)
                        });
                    }
                    ui.end_row();
                }
            });
    }

    /// A line in the bad-news colour.
    pub fn bad_text(&self, text: impl Into<String>, size: f32) -> egui::RichText {
        egui::RichText::new(text).color(self.bad).size(size)
    }
}

/// Gives every egui style (dark and light) the theme's look: window and panel fills, text,
/// buttons at rest, hovered and pressed, outlines, rounding and spacing. Every game's HUD and
/// every dialog is drawn with it.
pub fn apply_style(ctx: &egui::Context, theme: &Theme) {
    let ui = &theme.ui;
    let c = |s: &str| egui_color(color(s));
    let (text, stroke) = (c(&ui.text), c(&ui.stroke));
    let radius = egui::CornerRadius::same(ui.rounding.round().clamp(0.0, 24.0) as u8);
    let states = [
        (c(&ui.button), 1.0),
        (c(&ui.button_hover), 1.0),
        (c(&ui.button_active), 1.5),
    ];
    ctx.all_styles_mut(|style| {
        let v = &mut style.visuals;
        v.override_text_color = Some(text);
        v.window_fill = c(&ui.window);
        v.panel_fill = c(&ui.panel);
        v.window_stroke = egui::Stroke::new(1.0, stroke);
        v.window_corner_radius = radius;
        v.menu_corner_radius = radius;
        v.extreme_bg_color = c(&theme.background);
        v.hyperlink_color = c(&ui.info);
        v.error_fg_color = c(&ui.bad);
        v.warn_fg_color = c(&ui.accent);
        v.selection.bg_fill = c(&ui.button_active);
        v.selection.stroke = egui::Stroke::new(1.0, text);
        let w = &mut v.widgets;
        for (visuals, (fill, width)) in [&mut w.inactive, &mut w.hovered, &mut w.active]
            .into_iter()
            .zip(states)
        {
            visuals.bg_fill = fill;
            visuals.weak_bg_fill = fill;
            visuals.bg_stroke = egui::Stroke::new(width, stroke);
            visuals.fg_stroke = egui::Stroke::new(width, text);
            visuals.corner_radius = radius;
        }
        w.noninteractive.bg_stroke = egui::Stroke::new(1.0, stroke);
        w.noninteractive.fg_stroke = egui::Stroke::new(1.0, text);
        w.noninteractive.corner_radius = radius;
        w.open = w.active;
        style.spacing.item_spacing = egui::vec2(ui.spacing + 2.0, ui.spacing);
        style.spacing.button_padding = egui::vec2(ui.spacing + 2.0, ui.spacing * 0.5 + 1.0);
    });
}

/// A button that can be clicked only when `enabled` (greyed out otherwise), with `hint` shown
/// on hover (none when empty); true when clicked.
pub fn button(
    ui: &mut egui::Ui,
    text: impl Into<egui::WidgetText>,
    enabled: bool,
    hint: &str,
) -> bool {
    let response = ui.add_enabled(enabled, egui::Button::new(text));
    let response = if hint.is_empty() {
        response
    } else {
        response.on_hover_text(hint)
    };
    response.clicked()
}

/// The board's description for a screen reader: an invisible element at `at` (the board's
/// corner; a point, so that it never takes a click) whose AccessKit label is `text`.
pub fn board_description(ctx: &egui::Context, at: egui::Pos2, text: &str) {
    egui::Area::new(egui::Id::new("kit-board-description"))
        .order(egui::Order::Background)
        .fixed_pos(at)
        .interactable(false)
        .show(ctx, |ui| {
            let (_, response) = ui.allocate_exact_size(egui::vec2(1.0, 1.0), egui::Sense::hover());
            response.widget_info(|| egui::WidgetInfo::labeled(egui::WidgetType::Label, true, text));
        });
}

/// A dialog in the middle of the window (game over, pause, new game…). `open`, when given,
/// adds a close button that clears it, and Esc closes it too (the key is then used up, so the
/// chrome, which reads it after every game's menus, does not also pause).
pub fn dialog(
    ctx: &egui::Context,
    title: &str,
    open: Option<&mut bool>,
    add: impl FnOnce(&mut egui::Ui),
) {
    // Above the screen's own areas (the title's cards, a game's panels) whatever was clicked
    // last.
    let mut window = egui::Window::new(title)
        .collapsible(false)
        .resizable(false)
        .order(egui::Order::Foreground)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0));
    if let Some(open) = open {
        if *open && ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape)) {
            *open = false;
        }
        window = window.open(open);
    }
    window.show(ctx, add);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two themes give egui two looks, each taken from its theme, in every style (dark and
    /// light).
    #[test]
    fn the_style_follows_the_theme() {
        let ctx = egui::Context::default();
        let classic = Theme::default();
        let mut other = Theme::default();
        other.ui.window = "#102030".into();
        other.ui.button_hover = "#405060".into();
        other.ui.text = "#fafafa".into();
        other.ui.rounding = 12.0;
        other.ui.spacing = 10.0;
        for (theme, hover) in [(&classic, "#3d4470"), (&other, "#405060")] {
            apply_style(&ctx, theme);
            for style in [
                ctx.options(|o| o.dark_style.clone()),
                ctx.options(|o| o.light_style.clone()),
            ] {
                let v = &style.visuals;
                assert_eq!(v.window_fill, egui_color(color(&theme.ui.window)));
                assert_eq!(v.widgets.hovered.bg_fill, egui_color(color(hover)));
                assert_eq!(
                    v.override_text_color,
                    Some(egui_color(color(&theme.ui.text)))
                );
                assert_eq!(v.window_corner_radius.nw as f32, theme.ui.rounding);
                assert_eq!(style.spacing.item_spacing.y, theme.ui.spacing);
            }
        }
    }

    #[test]
    fn the_palette_follows_the_theme() {
        let mut theme = Theme::default();
        let before = UiPalette::of(&theme);
        theme.ui.accent = "#010203".into();
        let after = UiPalette::of(&theme);
        assert_eq!(after.accent, egui::Color32::from_rgb(1, 2, 3));
        assert_ne!(before.accent, after.accent);
        assert_eq!(before.good, after.good);
        assert_eq!(after.panel.a(), 0x96);
    }
}
