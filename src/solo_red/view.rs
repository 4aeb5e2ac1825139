//! Drawing, input and HUD of Solo Red: cards are meshes (a dark edge, a coloured face, a white
//! medallion), their numbers and letters are painted by egui at the cards' screen positions, the
//! winning palette gets a golden frame, and clicks pick a hand card then a palette or the canvas.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::EguiWantsInput;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use gems_rules::solo_red::Colour;

use super::logic::{CardEntity, Place, SoloRedAction, SoloRedSession, place_position, table};
use crate::screens::Screen;
use crate::theme::{Theme, color, egui_color};

/// Drawing, input and HUD of Solo Red.
pub struct SoloRedViewPlugin;

impl Plugin for SoloRedViewPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            OnEnter(Screen::SoloRed),
            (setup_table, autoplay_from_launch),
        )
        .add_systems(
            Update,
            (dress_cards, mark_winner, click).run_if(in_state(Screen::SoloRed)),
        )
        .add_systems(
            EguiPrimaryContextPass,
            hud.run_if(in_state(Screen::SoloRed)),
        );
    }
}

/// The face colour of a card colour.
pub fn face(c: Colour) -> Color {
    match c {
        Colour::Red => Color::srgb(0.86, 0.16, 0.20),
        Colour::Orange => Color::srgb(0.96, 0.55, 0.12),
        Colour::Blue => Color::srgb(0.15, 0.45, 0.85),
        Colour::Indigo => Color::srgb(0.29, 0.20, 0.62),
        Colour::Violet => Color::srgb(0.62, 0.32, 0.78),
    }
}

/// The golden frame around the winning palette.
#[derive(Component)]
struct WinnerFrame;

/// The deck's card back.
#[derive(Component)]
struct DeckBack;

/// The special Red canvas card shown before any card is played to the canvas.
#[derive(Component)]
struct StarterCanvas;

fn rect(meshes: &mut Assets<Mesh>, w: f32, h: f32) -> Mesh2d {
    Mesh2d(meshes.add(Rectangle::new(w, h)))
}

fn setup_table(
    mut commands: Commands,
    theme: Res<Theme>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    use table::*;
    let slot = materials.add(color(&theme.board).with_alpha(0.35));
    for p in 0..super::logic::PALETTES {
        commands.spawn((
            rect(&mut meshes, CARD_W + 16.0, 430.0),
            MeshMaterial2d(slot.clone()),
            Transform::from_xyz(palette_x(p, super::logic::PALETTES), PALETTE_Y - 148.0, 0.0),
            DespawnOnExit(Screen::SoloRed),
        ));
    }
    commands.spawn((
        rect(&mut meshes, CARD_W + 16.0, CARD_H + 16.0),
        MeshMaterial2d(slot.clone()),
        Transform::from_translation(CANVAS.extend(0.0)),
        DespawnOnExit(Screen::SoloRed),
    ));
    commands.spawn((
        WinnerFrame,
        Mesh2d(meshes.add(Rectangle::new(CARD_W + 22.0, 436.0).to_ring(5.0))),
        MeshMaterial2d(materials.add(Color::srgb(1.0, 0.82, 0.25))),
        Transform::from_xyz(0.0, PALETTE_Y - 148.0, 0.5),
        DespawnOnExit(Screen::SoloRed),
    ));
    // The starter canvas card: red, no number.
    let edge = materials.add(Color::srgb(0.1, 0.1, 0.12));
    commands
        .spawn((
            StarterCanvas,
            rect(&mut meshes, CARD_W, CARD_H),
            MeshMaterial2d(edge.clone()),
            Transform::from_translation(CANVAS.extend(0.8)),
            DespawnOnExit(Screen::SoloRed),
        ))
        .with_child((
            rect(&mut meshes, CARD_W - 6.0, CARD_H - 6.0),
            MeshMaterial2d(materials.add(face(Colour::Red))),
            Transform::from_xyz(0.0, 0.0, 0.01),
        ));
    commands
        .spawn((
            DeckBack,
            rect(&mut meshes, CARD_W, CARD_H),
            MeshMaterial2d(edge),
            Transform::from_translation(DECK.extend(0.8)),
            DespawnOnExit(Screen::SoloRed),
        ))
        .with_children(|c| {
            c.spawn((
                rect(&mut meshes, CARD_W - 6.0, CARD_H - 6.0),
                MeshMaterial2d(materials.add(Color::srgb(0.55, 0.08, 0.12))),
                Transform::from_xyz(0.0, 0.0, 0.01),
            ));
            c.spawn((
                Mesh2d(meshes.add(Rhombus::new(CARD_W - 30.0, CARD_H - 40.0))),
                MeshMaterial2d(materials.add(Color::srgb(0.85, 0.70, 0.30))),
                Transform::from_xyz(0.0, 0.0, 0.02),
            ));
            c.spawn((
                Mesh2d(meshes.add(Rhombus::new(CARD_W - 44.0, CARD_H - 58.0))),
                MeshMaterial2d(materials.add(Color::srgb(0.55, 0.08, 0.12))),
                Transform::from_xyz(0.0, 0.0, 0.03),
            ));
        });
}

/// `--autoplay` on the command line lets the AI play this game by itself.
fn autoplay_from_launch(
    opts: Option<Res<crate::launch::LaunchOptions>>,
    session: Option<ResMut<SoloRedSession>>,
    mut actions: MessageWriter<SoloRedAction>,
) {
    let wanted = opts.is_some_and(|o| o.autoplay);
    if wanted && session.is_none_or(|s| !s.autoplay) {
        actions.write(SoloRedAction::ToggleAutoplay);
    }
}

/// Gives new card entities their meshes: dark edge, coloured face, white medallion.
fn dress_cards(
    mut commands: Commands,
    new: Query<(Entity, &CardEntity), Added<CardEntity>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    use table::*;
    for (e, ce) in &new {
        let c = ce.card.colour();
        commands
            .entity(e)
            .insert((
                rect(&mut meshes, CARD_W, CARD_H),
                MeshMaterial2d(materials.add(Color::srgb(0.1, 0.1, 0.12))),
            ))
            .with_children(|k| {
                k.spawn((
                    rect(&mut meshes, CARD_W - 6.0, CARD_H - 6.0),
                    MeshMaterial2d(materials.add(face(c))),
                    Transform::from_xyz(0.0, 0.0, 0.01),
                ));
                k.spawn((
                    Mesh2d(meshes.add(Circle::new(30.0))),
                    MeshMaterial2d(materials.add(Color::srgb(0.97, 0.96, 0.92))),
                    Transform::from_xyz(0.0, -8.0, 0.02),
                ));
                // The number's pips: one small dot per point along the bottom edge.
                for i in 0..ce.card.number() {
                    k.spawn((
                        Mesh2d(meshes.add(Circle::new(3.5))),
                        MeshMaterial2d(materials.add(Color::srgba(1.0, 1.0, 1.0, 0.85))),
                        Transform::from_xyz(
                            (i as f32 - (ce.card.number() as f32 - 1.0) / 2.0) * 10.0,
                            -CARD_H / 2.0 + 12.0,
                            0.02,
                        ),
                    ));
                }
            });
    }
}

fn mark_winner(
    s: Res<SoloRedSession>,
    mut frame: Single<&mut Transform, (With<WinnerFrame>, Without<DeckBack>)>,
    mut deck: Single<&mut Visibility, (With<DeckBack>, Without<StarterCanvas>)>,
    mut starter: Single<&mut Visibility, (With<StarterCanvas>, Without<DeckBack>)>,
) {
    if let Some(w) = s.game.winning_palette() {
        frame.translation.x = table::palette_x(w, s.game.num_palettes());
    }
    **deck = if s.game.deck_len() > 0 {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    **starter = if s.canvas_pile.is_empty() {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
}

/// What a click at world position `p` means.
fn target_at(p: Vec2, s: &SoloRedSession) -> Option<SoloRedAction> {
    use table::*;
    let n = s.game.num_palettes();
    let h = s.game.hand().len();
    for i in (0..h).rev() {
        let c = place_position(Place::Hand(i), n, h, s.selected == Some(i)).truncate();
        if (p - c).abs().cmple(Vec2::new(CARD_W, CARD_H) / 2.0).all() {
            return Some(SoloRedAction::Select(i));
        }
    }
    if (p - CANVAS)
        .abs()
        .cmple(Vec2::new(CARD_W, CARD_H) / 2.0 + 8.0)
        .all()
    {
        return Some(SoloRedAction::Canvas);
    }
    (0..n)
        .find(|&q| {
            (p.x - palette_x(q, n)).abs() <= CARD_W / 2.0 + 8.0
                && p.y <= PALETTE_Y + CARD_H / 2.0
                && p.y >= PALETTE_Y - 360.0
        })
        .map(SoloRedAction::Palette)
}

fn click(
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform)>,
    buttons: Res<ButtonInput<MouseButton>>,
    egui: Option<Res<EguiWantsInput>>,
    s: Res<SoloRedSession>,
    mut actions: MessageWriter<SoloRedAction>,
) {
    let Some(world) = crate::kit::pointer::world_click(&window, *camera, &buttons, egui.as_deref())
    else {
        return;
    };
    if let Some(a) = target_at(world, &s) {
        actions.write(a);
    }
}

#[derive(bevy::ecs::system::SystemParam)]
struct HudParams<'w, 's> {
    session: Res<'w, SoloRedSession>,
    theme: Res<'w, Theme>,
    camera: Single<'w, 's, (&'static Camera, &'static GlobalTransform)>,
    cards: Query<'w, 's, (&'static CardEntity, &'static Transform)>,
    actions: MessageWriter<'w, SoloRedAction>,
    next_screen: ResMut<'w, NextState<Screen>>,
    scores: Option<Res<'w, crate::kit::scores::HighScores>>,
}

fn hud(mut contexts: EguiContexts, mut p: HudParams) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    card_labels(&ctx, &p);
    top_bar(&ctx, &mut p);
    if p.session.game.is_over() {
        over_window(&ctx, &mut p);
    }
    Ok(())
}

fn screen_of(p: &HudParams, world: Vec3) -> Option<egui::Pos2> {
    let v = p.camera.0.world_to_viewport(p.camera.1, world).ok()?;
    Some(egui::pos2(v.x, v.y))
}

/// Numbers and letters on the cards, and the table's captions.
fn card_labels(ctx: &egui::Context, p: &HudParams) {
    use table::*;
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Background,
        egui::Id::new("solo-red-labels"),
    ));
    let s = &p.session;
    let mut cards: Vec<_> = p.cards.iter().collect();
    cards.sort_by(|a, b| a.1.translation.z.total_cmp(&b.1.translation.z));
    let top_of = |ce: &CardEntity| match ce.place {
        Place::Palette(q, i) => s.game.palette(q).is_some_and(|pal| pal.len() == i + 1),
        Place::Canvas(i) => i + 1 == s.canvas_pile.len(),
        Place::Hand(_) => true,
    };
    for (ce, tf) in cards {
        let ink = egui_color(face(ce.card.colour()));
        let hinted = s
            .hint
            .is_some_and(|m| m.card == ce.card || m.canvas == Some(ce.card));
        if hinted
            && let (Some(a), Some(b)) = (
                screen_of(
                    p,
                    tf.translation + Vec3::new(-CARD_W / 2.0, CARD_H / 2.0, 0.0),
                ),
                screen_of(
                    p,
                    tf.translation + Vec3::new(CARD_W / 2.0, -CARD_H / 2.0, 0.0),
                ),
            )
        {
            painter.rect_stroke(
                egui::Rect::from_two_pos(a, b).expand(3.0),
                6.0,
                egui::Stroke::new(3.0, egui::Color32::from_rgb(120, 230, 255)),
                egui::StrokeKind::Outside,
            );
        }
        let corner = tf.translation + Vec3::new(-CARD_W / 2.0 + 14.0, CARD_H / 2.0 - 16.0, 0.0);
        let buried = matches!(ce.place, Place::Canvas(_)) && !top_of(ce);
        if !buried && let Some(pos) = screen_of(p, corner) {
            painter.text(
                pos,
                egui::Align2::CENTER_CENTER,
                ce.card.to_string(),
                egui::FontId::proportional(17.0),
                egui::Color32::WHITE,
            );
        }
        if top_of(ce)
            && let Some(pos) = screen_of(p, tf.translation + Vec3::new(0.0, -8.0, 0.0))
        {
            painter.text(
                pos,
                egui::Align2::CENTER_CENTER,
                ce.card.number().to_string(),
                egui::FontId::proportional(36.0),
                ink,
            );
        }
    }
    let caption = |world: Vec2, text: String, colour: egui::Color32| {
        if let Some(pos) = screen_of(p, world.extend(0.0)) {
            painter.text(
                pos,
                egui::Align2::CENTER_CENTER,
                text,
                egui::FontId::proportional(p.theme.text_size.max(15.0)),
                colour,
            );
        }
    };
    let n = s.game.num_palettes();
    let winner = s.game.winning_palette();
    for q in 0..n {
        let (text, colour) = if winner == Some(q) {
            (
                format!("★ P{} winning", q + 1),
                egui::Color32::from_rgb(255, 210, 64),
            )
        } else {
            (format!("P{}", q + 1), egui::Color32::from_gray(220))
        };
        caption(
            Vec2::new(palette_x(q, n), PALETTE_Y + CARD_H / 2.0 + 18.0),
            text,
            colour,
        );
    }
    let rule = s.game.canvas();
    caption(
        CANVAS + Vec2::new(0.0, CARD_H / 2.0 + 18.0),
        format!("Canvas: {}", rule.name()),
        egui::Color32::from_gray(230),
    );
    if s.canvas_pile.is_empty()
        && let Some(pos) = screen_of(p, CANVAS.extend(0.0))
    {
        painter.text(
            pos,
            egui::Align2::CENTER_CENTER,
            "RED",
            egui::FontId::proportional(22.0),
            egui::Color32::WHITE,
        );
    }
    caption(
        CANVAS + Vec2::new(0.0, -CARD_H / 2.0 - 36.0),
        rule.rule().to_string(),
        egui_color(face(rule))
            .gamma_multiply(1.0)
            .lerp_to_gamma(egui::Color32::WHITE, 0.55),
    );
    caption(
        DECK + Vec2::new(0.0, CARD_H / 2.0 + 18.0),
        format!("Deck: {}", s.game.deck_len()),
        egui::Color32::from_gray(230),
    );
    caption(
        Vec2::new(hand_x(0, 1), HAND_Y - CARD_H / 2.0 - 22.0),
        match s.selected {
            Some(i) => format!(
                "{} picked up: click a losing palette, or the canvas to change the rule",
                s.game.hand()[i]
            ),
            None => "Your hand: click a card to pick it up".to_string(),
        },
        egui::Color32::from_gray(235),
    );
}

fn top_bar(ctx: &egui::Context, p: &mut HudParams) {
    let width = ctx.content_rect().width();
    egui::Area::new(egui::Id::new("solo-red-top"))
        .anchor(egui::Align2::LEFT_TOP, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
            egui::Frame::new()
                .fill(egui::Color32::from_black_alpha(150))
                .inner_margin(egui::Margin::symmetric(10, 6))
                .show(ui, |ui| {
                    ui.set_width(width - 20.0);
                    ui.horizontal(|ui| {
                        if ui.button("☰ Games").clicked() {
                            p.next_screen.set(Screen::Title);
                        }
                        ui.separator();
                        ui.label(egui::RichText::new("Solo Red").strong().size(20.0));
                        ui.separator();
                        let rule = p.session.game.canvas();
                        ui.label(
                            egui::RichText::new(format!("Rule — {}: {}", rule.name(), rule.rule()))
                                .color(
                                    egui_color(face(rule)).lerp_to_gamma(egui::Color32::WHITE, 0.5),
                                )
                                .size(17.0),
                        );
                        ui.separator();
                        if ui.button("💡 Hint").clicked() {
                            p.actions.write(SoloRedAction::Hint);
                        }
                        let auto = if p.session.autoplay {
                            "⏸ Stop AI"
                        } else {
                            "▶ Autoplay"
                        };
                        if ui.button(auto).clicked() {
                            p.actions.write(SoloRedAction::ToggleAutoplay);
                        }
                        if ui.button("🔀 New deal").clicked() {
                            let seed = p
                                .session
                                .seed
                                .wrapping_mul(6364136223846793005)
                                .wrapping_add(1442695040888963407);
                            p.actions.write(SoloRedAction::NewGame(seed >> 16));
                        }
                    });
                    if !p.session.message.is_empty() {
                        ui.label(
                            egui::RichText::new(&p.session.message)
                                .color(egui::Color32::from_rgb(255, 230, 150)),
                        );
                    }
                });
        });
}

fn over_window(ctx: &egui::Context, p: &mut HudParams) {
    let won = p.session.game.is_won();
    egui::Window::new(if won { "You won!" } else { "Game lost" })
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::RIGHT_CENTER, egui::vec2(-24.0, -40.0))
        .show(ctx, |ui| {
            ui.label(if won {
                "Every card is played and a palette won after each play."
            } else {
                "The last card played did not make its palette win."
            });
            if let Some(scores) = &p.scores {
                let record = super::record::SoloRedRecord::read(scores);
                ui.label(egui::RichText::new(record.summary()).strong());
            }
            if p.session.assisted {
                ui.small("Autoplay played in this deal, so it is not in your record.");
            }
            ui.horizontal(|ui| {
                if ui.button("New deal").clicked() {
                    let seed = p.session.seed.wrapping_add(1);
                    p.actions.write(SoloRedAction::NewGame(seed));
                }
                if ui.button("Back to games").clicked() {
                    p.next_screen.set(Screen::Title);
                }
            });
        });
}
