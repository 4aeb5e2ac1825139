//! The theme editor's form: a section per part of a theme (the gems, the board, the menus,
//! the timings, the effects) and the small widgets they are made of.

use bevy_egui::egui;

use super::image_label;
use crate::kit::theme::{
    Easing, Field, GemShape, GemStyle, PLAYER_IMAGE_PREFIX, Theme, Value, color, egui_color,
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

/// The rows of a section's declared fields: a colour button, a slider over the field's own
/// range, or an easing menu, each labelled as the theme declares it.
fn field_rows(ui: &mut egui::Ui, id: &str, fields: Vec<Field<'_>>) {
    for field in fields {
        match field.value {
            Value::Colour(hex) => colour(ui, field.label, hex),
            Value::Number { value, lo, hi } => slider_row(ui, field.label, value, lo..=hi),
            Value::Count { value, lo, hi } => slider_row(ui, field.label, value, lo..=hi),
            Value::Easing(e) => {
                ui.label(field.label);
                easing_menu(ui, &format!("{id}-{}", field.name), e);
                ui.end_row();
            }
        }
    }
}

pub(super) fn board_section(ui: &mut egui::Ui, t: &mut Theme, images: &[String]) {
    grid_section(ui, "Board, background and text", "editor-board", |ui| {
        ui.label("Background image");
        image_menu(ui, "background-image", &mut t.background_image, images);
        ui.end_row();
        ui.label("Board image");
        image_menu(ui, "board-image", &mut t.board_image, images);
        ui.end_row();
        field_rows(ui, "editor-board", t.fields_mut());
    });
}

pub(super) fn table_section(ui: &mut egui::Ui, t: &mut Theme) {
    grid_section(ui, "Squares, cards and highlights", "editor-table", |ui| {
        field_rows(ui, "editor-table", t.table.fields_mut());
    });
}

pub(super) fn menus_section(ui: &mut egui::Ui, t: &mut Theme) {
    grid_section(ui, "Menus", "editor-menus", |ui| {
        field_rows(ui, "editor-menus", t.ui.fields_mut());
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
        field_rows(ui, "editor-timings", t.timings.fields_mut());
    });
}

pub(super) fn effects_section(ui: &mut egui::Ui, t: &mut Theme) {
    grid_section(ui, "Effects", "editor-effects", |ui| {
        field_rows(ui, "editor-effects", t.effects.fields_mut());
    });
}
