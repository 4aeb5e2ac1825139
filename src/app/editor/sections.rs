//! The theme editor's form: a section per part of a theme (the gems, the board, the menus,
//! the timings, the effects) and the small widgets they are made of.

use bevy_egui::egui;

use super::image_label;
use crate::kit::theme::{
    Easing, GemShape, GemStyle, PLAYER_IMAGE_PREFIX, Theme, color, egui_color,
};

/// A colour button for a `#rrggbb` or `#rrggbbaa` field.
fn colour(ui: &mut egui::Ui, label: &str, hex: &mut String) {
    ui.label(label);
    let mut c = egui_color(color(hex));
    if ui.color_edit_button_srgba(&mut c).changed() {
        *hex = hex_of(c);
    }
    ui.end_row();
}

/// The `#rrggbb` (or `#rrggbbaa` when see-through) text of an egui colour.
pub fn hex_of(c: egui::Color32) -> String {
    let [r, g, b, a] = c.to_srgba_unmultiplied();
    if a == 255 {
        format!("#{r:02x}{g:02x}{b:02x}")
    } else {
        format!("#{r:02x}{g:02x}{b:02x}{a:02x}")
    }
}

/// An image menu: none, or one of the images the themes use.
fn image_menu(ui: &mut egui::Ui, id: &str, image: &mut Option<String>, images: &[String]) {
    let shown = image.as_deref().map_or("(none)".into(), image_label);
    egui::ComboBox::from_id_salt(id)
        .selected_text(shown)
        .width(120.0)
        .show_ui(ui, |ui| {
            ui.selectable_value(image, None, "(none)");
            for i in images {
                let label = if i.starts_with(PLAYER_IMAGE_PREFIX) {
                    image_label(i)
                } else {
                    i.clone()
                };
                ui.selectable_value(image, Some(i.clone()), label);
            }
        });
}

/// A collapsing section of the form: `title` over a two-column grid of labelled rows.
fn grid_section(ui: &mut egui::Ui, title: &str, id: &str, rows: impl FnOnce(&mut egui::Ui)) {
    egui::CollapsingHeader::new(title).show(ui, |ui| {
        egui::Grid::new(id).num_columns(2).show(ui, rows);
    });
}

/// A grid row: `label`, then a slider for `value` over `range`.
fn slider_row<N: egui::emath::Numeric>(
    ui: &mut egui::Ui,
    label: &str,
    value: &mut N,
    range: std::ops::RangeInclusive<N>,
) {
    ui.label(label);
    ui.add(egui::Slider::new(value, range));
    ui.end_row();
}

pub(super) fn gems_section(ui: &mut egui::Ui, t: &mut Theme, images: &[String]) {
    egui::CollapsingHeader::new("Gems")
        .default_open(true)
        .show(ui, |ui| {
            let mut remove = None;
            egui::Grid::new("editor-gems")
                .num_columns(5)
                .show(ui, |ui| {
                    let count = t.gems.len();
                    for (i, g) in t.gems.iter_mut().enumerate() {
                        ui.label(format!("Kind {}", i + 1));
                        let mut c = egui_color(color(&g.color));
                        if ui.color_edit_button_srgba(&mut c).changed() {
                            g.color = hex_of(c);
                        }
                        egui::ComboBox::from_id_salt(("shape", i))
                            .selected_text(format!("{:?}", g.shape))
                            .width(84.0)
                            .show_ui(ui, |ui| {
                                for s in GemShape::ALL {
                                    ui.selectable_value(&mut g.shape, s, format!("{s:?}"));
                                }
                            });
                        image_menu(ui, &format!("gem-image-{i}"), &mut g.image, images);
                        if count > usize::from(gems_rules::MAX_KINDS)
                            && ui.small_button("Remove").clicked()
                        {
                            remove = Some(i);
                        }
                        ui.end_row();
                    }
                });
            if let Some(i) = remove {
                t.gems.remove(i);
            }
            if t.gems.len() < 12 && ui.button("Add a kind").clicked() {
                let shape = GemShape::ALL[t.gems.len() % GemShape::ALL.len()];
                t.gems.push(GemStyle {
                    color: "#cccccc".into(),
                    shape,
                    image: None,
                });
            }
        });
}

pub(super) fn board_section(ui: &mut egui::Ui, t: &mut Theme, images: &[String]) {
    grid_section(ui, "Board and background", "editor-board", |ui| {
        colour(ui, "Background", &mut t.background);
        ui.label("Background image");
        image_menu(ui, "background-image", &mut t.background_image, images);
        ui.end_row();
        colour(ui, "Board", &mut t.board);
        ui.label("Board image");
        image_menu(ui, "board-image", &mut t.board_image, images);
        ui.end_row();
        colour(ui, "Highlight", &mut t.flag_highlight);
        slider_row(ui, "Highlight strength", &mut t.flag_mix, 0.0..=1.0);
        colour(ui, "Keyboard cursor", &mut t.cursor);
    });
}

pub(super) fn menus_section(ui: &mut egui::Ui, t: &mut Theme) {
    grid_section(ui, "Menus", "editor-menus", |ui| {
        let u = &mut t.ui;
        for (label, hex) in [
            ("Accent (records)", &mut u.accent),
            ("Good news", &mut u.good),
            ("Bad news", &mut u.bad),
            ("Hints", &mut u.info),
            ("Bars and panels", &mut u.panel),
            ("Windows", &mut u.window),
            ("Text", &mut u.text),
            ("Button", &mut u.button),
            ("Button, pointed at", &mut u.button_hover),
            ("Button, pressed", &mut u.button_active),
            ("Outlines", &mut u.stroke),
        ] {
            colour(ui, label, hex);
        }
        slider_row(ui, "Rounding", &mut u.rounding, 0.0..=24.0);
        slider_row(ui, "Spacing", &mut u.spacing, 0.0..=32.0);
        slider_row(ui, "Text size", &mut t.text_size, 10.0..=28.0);
        slider_row(ui, "Heading size", &mut t.heading_size, 14.0..=48.0);
    });
}

/// An easing menu.
fn easing_menu(ui: &mut egui::Ui, id: &str, e: &mut Easing) {
    egui::ComboBox::from_id_salt(id)
        .selected_text(format!("{e:?}"))
        .show_ui(ui, |ui| {
            for option in Easing::ALL {
                ui.selectable_value(e, option, format!("{option:?}"));
            }
        });
}

pub(super) fn timings_section(ui: &mut egui::Ui, t: &mut Theme) {
    grid_section(ui, "Timings (seconds)", "editor-timings", |ui| {
        let m = &mut t.timings;
        slider_row(ui, "Highlight", &mut m.flag, 0.0..=1.0);
        slider_row(ui, "Removal", &mut m.remove, 0.0..=1.0);
        slider_row(ui, "Fall (per row)", &mut m.fall, 0.0..=1.0);
        slider_row(ui, "Fall ripple", &mut m.fall_stagger, 0.0..=0.1);
        slider_row(ui, "Column slide", &mut m.shift, 0.0..=1.0);
        slider_row(ui, "Slide ripple", &mut m.shift_stagger, 0.0..=0.1);
        slider_row(ui, "New board", &mut m.deal, 0.0..=2.0);
        for (label, id, e) in [
            ("Removal easing", "remove-easing", &mut m.remove_easing),
            ("Fall easing", "fall-easing", &mut m.fall_easing),
            ("Slide easing", "shift-easing", &mut m.shift_easing),
            ("New board easing", "deal-easing", &mut m.deal_easing),
        ] {
            ui.label(label);
            easing_menu(ui, id, e);
            ui.end_row();
        }
    });
}

pub(super) fn effects_section(ui: &mut egui::Ui, t: &mut Theme) {
    grid_section(ui, "Effects", "editor-effects", |ui| {
        let f = &mut t.effects;
        slider_row(ui, "Shards per piece", &mut f.shards_per_piece, 0..=24);
        slider_row(ui, "Most shards at once", &mut f.max_shards, 0..=5000);
        slider_row(ui, "Shard life (s)", &mut f.shard_life, 0.0..=3.0);
        slider_row(ui, "Shard speed", &mut f.shard_speed, 0.0..=15.0);
        slider_row(ui, "Shard size", &mut f.shard_size, 0.0..=1.0);
        slider_row(ui, "Gravity", &mut f.gravity, -40.0..=40.0);
        slider_row(ui, "Pop-up time (s)", &mut f.popup_time, 0.0..=3.0);
        slider_row(ui, "Pop-up rise", &mut f.popup_rise, -5.0..=5.0);
        slider_row(ui, "Pop-up size", &mut f.popup_size, 6.0..=72.0);
        slider_row(ui, "Celebration (s)", &mut f.celebration_time, 0.0..=8.0);
        slider_row(ui, "Hover pulse", &mut f.hover_pulse, 0.0..=0.3);
        slider_row(ui, "Celebration bursts", &mut f.celebration_bursts, 0..=30);
    });
}
