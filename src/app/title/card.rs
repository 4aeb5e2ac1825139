//! A game's card on the title: its picture, name and line, the player's records in it, and
//! two buttons painted in the picture's corners, How to play (?) and the day's daily.

use bevy_egui::egui;

use crate::kit::game::GameInfo;
use crate::kit::palette::Palette;
use crate::kit::theme::{Theme, egui_color};
use crate::kit::ui::UiPalette;

/// How a game's card is drawn: lit, its size, and the theme's look.
pub(super) struct CardLook<'a> {
    /// Today's daily can be played (`None` when the clock gives no date), with the outcome
    /// of today's first finished attempt.
    pub(super) daily: Option<Option<String>>,
    pub(super) focused: bool,
    /// A game is in progress there: the card says Continue.
    pub(super) in_progress: bool,
    pub(super) size: egui::Vec2,
    pub(super) theme: &'a Theme,
    pub(super) palette: &'a Palette,
}

/// The part of a game's card that was clicked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum CardPart {
    /// Nothing.
    None,
    /// The card: the game opens (where it was left).
    Card,
    /// Its "?": the game opens on its How to play page.
    HowToPlay,
    /// Its Daily button: the game opens on today's daily challenge.
    Daily,
}

/// One game's card: its picture, name and line, and the player's records in it (`records`);
/// lit when focused or hovered. A "?" in the picture's corner opens the game on its How to
/// play page, a "Daily" in the other corner its daily challenge: the card's response, and
/// which part was clicked.
pub(super) fn game_card(
    ui: &mut egui::Ui,
    game: &GameInfo,
    index: usize,
    records: Option<&str>,
    look: CardLook,
) -> (egui::Response, CardPart) {
    let CardLook {
        daily,
        focused,
        in_progress,
        size,
        theme,
        palette,
    } = look;
    let pal = &palette.ui;
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click());
    // A screen reader reads the card as a button named after the game.
    response.widget_info(|| {
        let label = format!("{}: {}", game.name, game.blurb);
        egui::WidgetInfo::labeled(egui::WidgetType::Button, true, label)
    });
    let lit = focused || response.hovered();
    let visuals = ui.visuals();
    let fill = if lit {
        visuals.widgets.hovered.weak_bg_fill
    } else {
        visuals.window_fill
    };
    let stroke = if lit {
        egui::Stroke::new(2.5, pal.accent)
    } else {
        visuals.window_stroke
    };
    let rounding = theme.ui.rounding.max(4.0);
    let lift = if lit { -4.0 } else { 0.0 };
    let rect = rect.translate(egui::vec2(0.0, lift));
    let painter = ui.painter_at(rect.expand(4.0));
    painter.rect(rect, rounding, fill, stroke, egui::StrokeKind::Inside);
    let picture = egui::Rect::from_min_size(
        rect.min + egui::vec2(14.0, 14.0),
        egui::vec2(rect.width() - 28.0, 116.0),
    );
    painter.rect_filled(picture, rounding * 0.6, egui_color(palette.board));
    (game.picture)(&painter, picture.shrink(8.0), palette);
    if in_progress {
        // A ribbon over the picture's corner: this card opens the game where it was left.
        let font = egui::FontId::proportional(theme.text_size * 0.85);
        let galley = painter.layout_no_wrap("▶ Continue".to_string(), font, pal.panel);
        let ribbon = egui::Rect::from_min_size(
            picture.right_top() + egui::vec2(-galley.size().x - 18.0, 6.0),
            galley.size() + egui::vec2(12.0, 6.0),
        );
        painter.rect_filled(ribbon, rounding * 0.5, pal.accent);
        painter.galley(ribbon.min + egui::vec2(6.0, 3.0), galley, pal.panel);
    }
    let text = visuals.text_color();
    let mut y = picture.bottom() + 12.0;
    painter.text(
        egui::pos2(rect.left() + 14.0, y),
        egui::Align2::LEFT_TOP,
        format!("{}  {}", index + 1, game.name),
        egui::FontId::proportional((theme.heading_size * 0.95).min(size.x / 8.5)),
        if lit { pal.accent } else { text },
    );
    y += theme.heading_size * 1.3;
    let galley = painter.layout(
        game.blurb.to_string(),
        egui::FontId::proportional(theme.text_size * 0.85),
        text,
        rect.width() - 28.0,
    );
    painter.galley(egui::pos2(rect.left() + 14.0, y), galley, text);
    if let Some(records) = records {
        painter.text(
            egui::pos2(rect.left() + 14.0, rect.bottom() - 12.0),
            egui::Align2::LEFT_BOTTOM,
            records,
            egui::FontId::proportional(theme.text_size * 0.8),
            pal.accent,
        );
    }
    // The "?" is painted and sensed in place (it takes no room in the row of cards).
    let corner =
        egui::Rect::from_center_size(picture.min + egui::vec2(18.0, 18.0), egui::vec2(26.0, 26.0));
    let help = ui
        .interact(
            corner,
            response.id.with("how to play"),
            egui::Sense::click(),
        )
        .on_hover_text(format!("How to play {} (F1)", game.name));
    help.widget_info(|| {
        let label = format!("How to play {}", game.name);
        egui::WidgetInfo::labeled(egui::WidgetType::Button, true, label)
    });
    let ring = if help.hovered() { pal.accent } else { text };
    painter.circle(
        corner.center(),
        12.0,
        pal.panel,
        egui::Stroke::new(1.5, ring),
    );
    painter.text(
        corner.center(),
        egui::Align2::CENTER_CENTER,
        "?",
        egui::FontId::proportional(theme.text_size * 0.9),
        ring,
    );
    let daily = daily.map(|played| {
        let at = DailyButton {
            picture,
            id: response.id.with("daily"),
            name: game.name,
            rounding,
        };
        daily_button(ui, &painter, at, played, theme, pal)
    });
    let part = if help.clicked() {
        CardPart::HowToPlay
    } else if daily.is_some_and(|d| d.clicked()) {
        CardPart::Daily
    } else if response.clicked() {
        CardPart::Card
    } else {
        CardPart::None
    };
    (response, part)
}

/// Where a card's Daily button goes.
struct DailyButton {
    /// The card's picture: the button sits in its lower right corner.
    picture: egui::Rect,
    id: egui::Id,
    /// The game's name, for the tooltip and a screen reader.
    name: &'static str,
    rounding: f32,
}

/// A card's Daily button, painted and sensed in place like its "?"; `played` is the outcome
/// of today's first finished attempt.
fn daily_button(
    ui: &mut egui::Ui,
    painter: &egui::Painter,
    at: DailyButton,
    played: Option<String>,
    theme: &Theme,
    pal: &UiPalette,
) -> egui::Response {
    let label = if played.is_some() {
        "★ Daily ✔"
    } else {
        "★ Daily"
    };
    let font = egui::FontId::proportional(theme.text_size * 0.85);
    let galley = painter.layout_no_wrap(label.to_string(), font, pal.panel);
    let pill = egui::Rect::from_min_size(
        at.picture.right_bottom() - galley.size() - egui::vec2(18.0, 12.0),
        galley.size() + egui::vec2(12.0, 6.0),
    );
    let tip = match &played {
        Some(outcome) => format!(
            "Today's {} daily: you played it ({outcome}). Play it again (your first game counts)",
            at.name
        ),
        None => format!(
            "Today's {} daily: the same deal for everyone, hints and undo off",
            at.name
        ),
    };
    let response = ui
        .interact(pill, at.id, egui::Sense::click())
        .on_hover_text(tip);
    response.widget_info(|| {
        let label = format!("Today's {} daily", at.name);
        egui::WidgetInfo::labeled(egui::WidgetType::Button, true, label)
    });
    let fill = if response.hovered() {
        pal.accent
    } else {
        pal.accent.gamma_multiply(0.8)
    };
    painter.rect_filled(pill, at.rounding * 0.5, fill);
    painter.galley(pill.min + egui::vec2(6.0, 3.0), galley, pal.panel);
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    /// With AccessKit on (a screen reader asked), each title card is a button named after its
    /// game, its "?" a button naming its How to play page, and its Daily a button naming it.
    #[test]
    fn title_cards_reach_a_screen_reader_by_name() {
        let ctx = egui::Context::default();
        ctx.set_fonts(crate::kit::ui_fonts::font_definitions(
            crate::kit::ui_fonts::embedded_text_fonts(),
        ));
        ctx.enable_accesskit();
        let theme = Theme::default();
        let palette = Palette::of(&theme);
        ctx.begin_pass(egui::RawInput::default());
        {
            egui::Area::new(egui::Id::new("cards")).show(&ctx, |ui| {
                ui.horizontal(|ui| {
                    for (i, game) in crate::games::REGISTRY.iter().enumerate() {
                        let look = CardLook {
                            daily: Some(None),
                            focused: i == 0,
                            in_progress: false,
                            size: egui::vec2(200.0, 268.0),
                            theme: &theme,
                            palette: &palette,
                        };
                        game_card(ui, game, i, None, look);
                    }
                });
            });
        }
        let mut out = ctx.end_pass();
        out.textures_delta.clear();
        let update = out
            .platform_output
            .accesskit_update
            .expect("AccessKit is on");
        let labels: Vec<&str> = update
            .nodes
            .iter()
            .filter_map(|(_, node)| node.label())
            .collect();
        for game in crate::games::REGISTRY {
            assert!(
                labels.iter().any(|l| l.starts_with(game.name)),
                "no card for {}: {labels:?}",
                game.name
            );
            let help = format!("How to play {}", game.name);
            assert!(labels.contains(&help.as_str()), "no '{help}'");
            let daily = format!("Today's {} daily", game.name);
            assert!(labels.contains(&daily.as_str()), "no '{daily}'");
        }
    }
}
