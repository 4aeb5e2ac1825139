//! Drawing, input and the menu of K in a row: cells, tiles that grow in, crossed-out unavailable
//! squares, a glowing winning line, a "thinking" spinner and the game setup panel.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::EguiWantsInput;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use gems_rules::k_in_a_row::{Board, Cell, MAX_SIZE, Side, Status, Strength};

use super::logic::{KAction, KFileStatus, KSession, KThinking, PLACE_SECONDS, Setup};
use crate::kit::ui::UiPalette;
use crate::screens::Screen;
use crate::theme::{Theme, color};

/// Width of the menu panel on the left, in logical pixels.
const PANEL: f32 = 270.0;

/// Marks every entity of the board drawing (rebuilt on each new game).
#[derive(Component)]
struct KArt;
/// A cell's tile (a disc).
#[derive(Component)]
struct KTileArt(usize);
/// The glow behind a tile of the winning line.
#[derive(Component)]
struct KGlowArt(usize);

/// Where the board is drawn.
#[derive(Resource, Clone, Copy, Debug, Default)]
struct KLayout {
    center: Vec2,
    cell: f32,
    size: usize,
    generation: u64,
    built: bool,
}

impl KLayout {
    fn cell_center(&self, r: usize, c: usize) -> Vec2 {
        let n = self.size as f32;
        self.center
            + Vec2::new(
                (c as f32 - (n - 1.0) / 2.0) * self.cell,
                ((n - 1.0) / 2.0 - r as f32) * self.cell,
            )
    }

    fn cell_at(&self, p: Vec2) -> Option<(usize, usize)> {
        let half = self.cell * self.size as f32 / 2.0;
        let d = p - self.center + Vec2::splat(half);
        let d = Vec2::new(d.x, 2.0 * half - d.y);
        if d.x < 0.0 || d.y < 0.0 {
            return None;
        }
        let (c, r) = ((d.x / self.cell) as usize, (d.y / self.cell) as usize);
        (r < self.size && c < self.size).then_some((r, c))
    }
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
            size: 5,
            k: 4,
            quality: 4,
            perfect: false,
            human_first: true,
            path: "board.txt".to_string(),
            message: String::new(),
        }
    }
}

/// Drawing, input and menus.
pub struct KInARowViewPlugin;

impl Plugin for KInARowViewPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<KLayout>()
            .init_resource::<KMenu>()
            .add_systems(OnExit(Screen::KInARow), |mut l: ResMut<KLayout>| {
                l.built = false
            })
            .add_systems(
                Update,
                (layout_and_build, animate, click)
                    .chain()
                    .run_if(in_state(Screen::KInARow)),
            )
            .add_systems(
                EguiPrimaryContextPass,
                menu.run_if(in_state(Screen::KInARow)),
            );
    }
}

#[allow(clippy::too_many_arguments)]
fn layout_and_build(
    mut commands: Commands,
    window: Single<&Window, With<PrimaryWindow>>,
    session: Res<KSession>,
    theme: Res<Theme>,
    mut layout: ResMut<KLayout>,
    art: Query<Entity, With<KArt>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let (w, h) = (window.width(), window.height());
    let n = session.game.board().size();
    let side = (h - 60.0).min(w - PANEL - 60.0).max(120.0);
    let new = KLayout {
        center: Vec2::new(PANEL / 2.0, -10.0),
        cell: side / n as f32,
        size: n,
        generation: session.generation,
        built: true,
    };
    if layout.built
        && layout.generation == new.generation
        && layout.size == n
        && (layout.cell - new.cell).abs() < 0.5
    {
        return;
    }
    *layout = new;
    for e in &art {
        commands.entity(e).despawn();
    }
    let board = session.game.board();
    let frame = color(&theme.board);
    commands.spawn((
        KArt,
        DespawnOnExit(Screen::KInARow),
        Sprite::from_color(frame, Vec2::splat(side + 16.0)),
        Transform::from_translation(new.center.extend(-1.0)),
    ));
    let disc = meshes.add(Circle::new(new.cell * 0.38));
    let glow = meshes.add(Circle::new(new.cell * 0.47));
    for r in 0..n {
        for c in 0..n {
            let i = r * n + c;
            let p = new.cell_center(r, c);
            let unavailable = board.get(r, c) == Some(Cell::Unavailable);
            let cell_color = if unavailable {
                Color::srgb(0.06, 0.07, 0.12)
            } else {
                color(&theme.background).mix(&Color::WHITE, 0.18)
            };
            let mut cell = commands.spawn((
                KArt,
                DespawnOnExit(Screen::KInARow),
                Sprite::from_color(cell_color, Vec2::splat(new.cell * 0.92)),
                Transform::from_translation(p.extend(0.0)),
            ));
            if unavailable {
                // A hatched cross: obviously not a place for a tile.
                cell.with_children(|parent| {
                    for angle in [0.785f32, -0.785] {
                        parent.spawn((
                            Sprite::from_color(
                                Color::srgb(0.55, 0.2, 0.25),
                                Vec2::new(new.cell * 0.8, new.cell * 0.07),
                            ),
                            Transform::from_xyz(0.0, 0.0, 0.1)
                                .with_rotation(Quat::from_rotation_z(angle)),
                        ));
                    }
                });
            }
            commands.spawn((
                KArt,
                KGlowArt(i),
                DespawnOnExit(Screen::KInARow),
                Mesh2d(glow.clone()),
                MeshMaterial2d(materials.add(Color::srgba(1.0, 0.95, 0.5, 0.0))),
                Transform::from_translation(p.extend(0.5)),
                Visibility::Hidden,
            ));
            commands.spawn((
                KArt,
                KTileArt(i),
                DespawnOnExit(Screen::KInARow),
                Mesh2d(disc.clone()),
                MeshMaterial2d(materials.add(Color::WHITE)),
                Transform::from_translation(p.extend(1.0)).with_scale(Vec3::ZERO),
                Visibility::Hidden,
            ));
        }
    }
}

fn side_color(theme: &Theme, side: Side) -> Color {
    let i = side.index();
    theme.gems.get(i).map_or(Color::WHITE, |g| color(&g.color))
}

/// Grows placed tiles in (ease-out with a little overshoot) and pulses the winning line.
fn animate(
    session: Res<KSession>,
    theme: Res<Theme>,
    time: Res<Time>,
    mut tiles: Query<
        (
            &KTileArt,
            &mut Transform,
            &mut Visibility,
            &MeshMaterial2d<ColorMaterial>,
        ),
        Without<KGlowArt>,
    >,
    mut glows: Query<
        (&KGlowArt, &mut Visibility, &MeshMaterial2d<ColorMaterial>),
        Without<KTileArt>,
    >,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let board = session.game.board();
    let n = board.size();
    let now = time.elapsed_secs();
    for (tile, mut tf, mut vis, mat) in &mut tiles {
        let (r, c) = (tile.0 / n, tile.0 % n);
        let side = match board.get(r, c) {
            Some(Cell::Human) => Side::Human,
            Some(Cell::Computer) => Side::Computer,
            _ => {
                *vis = Visibility::Hidden;
                continue;
            }
        };
        *vis = Visibility::Visible;
        let t = session
            .placed_at
            .get(tile.0)
            .copied()
            .flatten()
            .map_or(1.0, |at| ((now - at) / PLACE_SECONDS).clamp(0.0, 1.0));
        let s = 1.0 + 2.7 * (t - 1.0).powi(3) + 1.7 * (t - 1.0).powi(2);
        tf.scale = Vec3::splat(s.max(0.0));
        if let Some(mut m) = materials.get_mut(&mat.0) {
            m.color = side_color(&theme, side);
        }
    }
    let line = session.winning_line().unwrap_or_default();
    let pulse = 0.55 + 0.35 * (now * 4.0).sin();
    for (glow, mut vis, mat) in &mut glows {
        let on = line.contains(&(glow.0 / n, glow.0 % n));
        *vis = if on {
            Visibility::Visible
        } else {
            Visibility::Hidden
        };
        if on && let Some(mut m) = materials.get_mut(&mat.0) {
            m.color = Color::srgba(1.0, 0.93, 0.45, pulse);
        }
    }
}

fn click(
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform)>,
    buttons: Res<ButtonInput<MouseButton>>,
    egui: Option<Res<EguiWantsInput>>,
    layout: Res<KLayout>,
    session: Res<KSession>,
    mut actions: MessageWriter<KAction>,
) {
    let Some(world) = crate::kit::pointer::world_click(&window, *camera, &buttons, egui.as_deref())
    else {
        return;
    };
    if let Some((r, c)) = layout.cell_at(world) {
        actions.write(if session.editing {
            KAction::ToggleUnavailable(r, c)
        } else {
            KAction::Place(r, c)
        });
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
    mut next: ResMut<NextState<Screen>>,
    theme: Res<Theme>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let pal = UiPalette::of(&theme);
    pal.side_panel(&ctx, "k-in-a-row-menu", PANEL, |ui| {
        ui.add_space(6.0);
        if ui.button("☰ Games").clicked() {
            next.set(Screen::Title);
        }
        ui.heading(egui::RichText::new("K in a row").size(theme.heading_size));
        let b = session.game.board();
        ui.label(format!(
            "{n}×{n} board, {k} in a row wins",
            n = b.size(),
            k = b.k()
        ));
        ui.separator();
        let status = match session.game.status() {
            Status::Won(Side::Human) => "You win!".to_string(),
            Status::Won(Side::Computer) => "The computer wins.".to_string(),
            Status::Draw => "A draw: no empty square left.".to_string(),
            Status::InProgress if session.editing => {
                "Click squares to make them unavailable.".to_string()
            }
            Status::InProgress if thinking.busy() => "Computer is thinking…".to_string(),
            Status::InProgress => "Your move: click an empty square.".to_string(),
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
        ui.separator();
        ui.label("Next game");
        ui.add(egui::Slider::new(&mut m.size, 3..=MAX_SIZE).text("size"));
        let size = m.size;
        ui.add(egui::Slider::new(&mut m.k, 2..=size).text("in a row"));
        m.k = m.k.min(size);
        ui.checkbox(&mut m.perfect, "perfect play (solve)");
        ui.add_enabled(
            !m.perfect,
            egui::Slider::new(&mut m.quality, 1..=8).text("quality"),
        );
        ui.horizontal(|ui| {
            ui.label("First:");
            ui.radio_value(&mut m.human_first, true, "you");
            ui.radio_value(&mut m.human_first, false, "computer");
        });
        if ui.button("New game").clicked() {
            let setup = setup_from_menu(&m, &session.setup.board);
            actions.write(KAction::NewGame(setup));
        }
        let editable = session.game.moves().is_empty() && session.setup.board.size() == m.size;
        let mut editing = session.editing;
        if ui
            .add_enabled(
                editable,
                egui::Checkbox::new(&mut editing, "edit unavailable squares"),
            )
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
                        m.quality = q.min(8);
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
    Ok(())
}
