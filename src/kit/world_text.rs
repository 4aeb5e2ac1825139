//! Text that lives in the world: an entity with a [`WorldLabel`] shows its text at its
//! `GlobalTransform`, following its translation, scale and visibility like a sprite, and fading
//! with its colour's alpha. egui paints it (behind every window), so the game needs no second
//! text engine: the web build stays smaller without Bevy's text stack.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::kit::theme::egui_color;

/// A line of text drawn at the entity's place in the world. Like a sprite, it needs a place and
/// a visibility, so those come with it.
#[derive(Component, Clone, Debug, PartialEq)]
#[require(Transform, Visibility)]
pub struct WorldLabel {
    /// What is written.
    pub text: String,
    /// Height of the text in world units (at scale 1), under a theme of the reference text
    /// size ([`REFERENCE_TEXT_SIZE`]); see [`WorldLabel::follows_text_size`].
    pub size: f32,
    /// Whether the height follows the theme's text size (board labels, card numbers), within
    /// [`TEXT_SIZE_FOLLOW`] so that the text still fits its card or cell; false for a label
    /// whose size the theme already sets otherwise (the effects' score pop-ups).
    pub follows_text_size: bool,
    /// Colour; its alpha fades the text.
    pub color: Color,
    /// Which point of the text sits at the entity's position.
    pub anchor: LabelAnchor,
    /// A soft dark shadow under the text, so it reads over any board.
    pub shadow: bool,
}

/// Which point of a [`WorldLabel`]'s text sits at the entity's position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LabelAnchor {
    /// The middle of the text.
    #[default]
    Center,
    /// The middle of the text's left edge.
    CenterLeft,
}

impl WorldLabel {
    /// A centred label of `size` world units in `color`.
    pub fn new(text: impl Into<String>, size: f32, color: Color) -> Self {
        Self {
            text: text.into(),
            size,
            color,
            anchor: LabelAnchor::Center,
            shadow: false,
            follows_text_size: true,
        }
    }

    /// The same label at exactly its size, whatever the theme's text size.
    pub fn fixed_size(mut self) -> Self {
        self.follows_text_size = false;
        self
    }

    /// The same label with a shadow under it.
    pub fn shadowed(mut self) -> Self {
        self.shadow = true;
        self
    }

    /// The same label anchored at `anchor`.
    pub fn anchored(mut self, anchor: LabelAnchor) -> Self {
        self.anchor = anchor;
        self
    }

    /// Replaces the text when it differs (no new allocation for an unchanged label each frame).
    pub fn set_text(&mut self, text: &str) {
        if self.text != text {
            self.text = text.to_string();
        }
    }
}

/// The theme text size at which a [`WorldLabel`] has its own size (Classic's).
pub const REFERENCE_TEXT_SIZE: f32 = 16.0;
/// How far a label's size follows the theme's text size: from this much smaller to this much
/// larger than its own size.
pub const TEXT_SIZE_FOLLOW: (f32, f32) = (0.75, 1.3);

/// How much the theme's text size scales the labels that follow it.
pub fn text_scale(text_size: f32) -> f32 {
    (text_size / REFERENCE_TEXT_SIZE).clamp(TEXT_SIZE_FOLLOW.0, TEXT_SIZE_FOLLOW.1)
}

/// Paints every visible [`WorldLabel`].
pub fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, paint_labels);
}

fn paint_labels(
    mut contexts: EguiContexts,
    camera: Query<(&Camera, &GlobalTransform)>,
    labels: Query<(&WorldLabel, &GlobalTransform, &InheritedVisibility)>,
    theme: Option<Res<crate::kit::theme::Theme>>,
) -> Result {
    let themed = theme.map_or(1.0, |t| text_scale(t.text_size));
    let Some((camera, cam_tf)) = camera.iter().find(|(c, _)| c.is_active) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Background,
        egui::Id::new("world-labels"),
    ));
    let mut sorted: Vec<_> = labels
        .iter()
        .filter(|(l, _, vis)| vis.get() && !l.text.is_empty() && l.color.alpha() > 0.0)
        .collect();
    sorted.sort_by(|a, b| a.1.translation().z.total_cmp(&b.1.translation().z));
    for (label, tf, _) in sorted {
        let world = tf.translation();
        let (Ok(at), Ok(right)) = (
            camera.world_to_viewport(cam_tf, world),
            camera.world_to_viewport(cam_tf, world + Vec3::X),
        ) else {
            continue;
        };
        // Viewport pixels per world unit, times the entity's own scale.
        let zoom = (right - at).length() * tf.scale().x.abs();
        let size = label.size * zoom * if label.follows_text_size { themed } else { 1.0 };
        if size < 1.0 {
            continue;
        }
        let align = match label.anchor {
            LabelAnchor::Center => egui::Align2::CENTER_CENTER,
            LabelAnchor::CenterLeft => egui::Align2::LEFT_CENTER,
        };
        let font = egui::FontId::proportional(size);
        if label.shadow {
            let alpha = label.color.alpha() * 0.7;
            let shade = egui_color(Color::srgba(0.0, 0.0, 0.0, alpha));
            let off = (size * 0.06).max(1.0);
            for (dx, dy) in [(off, off), (-off * 0.5, off), (off, -off * 0.5)] {
                let p = egui::pos2(at.x + dx, at.y + dy);
                painter.text(p, align, &label.text, font.clone(), shade);
            }
        }
        painter.text(
            egui::pos2(at.x, at.y),
            align,
            &label.text,
            font,
            egui_color(label.color),
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A label spawned alone still gets what painting it needs: a global place and an
    /// inherited visibility (without them the painter's query would skip it).
    #[test]
    fn a_label_brings_its_place_and_visibility() {
        let mut world = World::new();
        let e = world.spawn(WorldLabel::new("7", 20.0, Color::WHITE)).id();
        let entity = world.entity(e);
        assert!(entity.contains::<GlobalTransform>());
        assert!(entity.contains::<InheritedVisibility>());
    }

    /// Labels follow the theme's text size, within bounds that keep them on their cards.
    #[test]
    fn labels_follow_the_theme_s_text_size_within_bounds() {
        assert_eq!(text_scale(REFERENCE_TEXT_SIZE), 1.0);
        assert_eq!(text_scale(18.0), 18.0 / 16.0);
        assert_eq!(text_scale(40.0), TEXT_SIZE_FOLLOW.1);
        assert_eq!(text_scale(8.0), TEXT_SIZE_FOLLOW.0);
    }
}
