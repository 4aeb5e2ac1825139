//! The title screen: the product's name in the theme's style over drifting gems, each game as a
//! card with a picture and one line, the game played last first, and keyboard navigation
//! (arrows or Tab to choose, Enter to play, 1–5 to jump straight in, S for Settings, T for
//! Statistics), and on each card its How to play (?) and its daily challenge. Each game
//! comes from the [`GameRegistry`].

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use crate::kit::art::{GemLook, ThemeImages, gem_looks};
use crate::kit::daily::DailyRuns;
use crate::kit::palette::Palette;
use crate::kit::screens::{Screen, ScreenStatus};
use crate::kit::settings::{Settings, SettingsOpen};
use crate::kit::theme::Theme;
use crate::kit::ui::UiPalette;

use crate::kit::game::{GameInfo, GameRegistry};

mod card;
use card::{CardLook, CardPart, game_card};

/// The games in the order the title shows them: the registry's order, with the one played
/// last first.
pub fn ordered_games(games: &[&'static GameInfo], last: &str) -> Vec<&'static GameInfo> {
    let mut games = games.to_vec();
    if let Some(i) = games.iter().position(|g| g.screen.slug() == last) {
        let last = games.remove(i);
        games.insert(0, last);
    }
    games
}

/// Which card has the keyboard's focus (an index into [`ordered_games`]).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TitleFocus(pub usize);

/// A gem drifting behind the title.
#[derive(Component, Clone, Copy, Debug)]
struct Drifter {
    velocity: Vec2,
    spin: f32,
    size: f32,
}

/// How many gems drift behind the title.
const DRIFTERS: usize = 36;

/// Shows the title screen.
pub fn plugin(app: &mut App) {
    app.init_resource::<TitleFocus>()
        .add_systems(OnEnter(Screen::Title), (spawn_drifters, focus_first))
        .add_systems(
            Update,
            (restyle_drifters.run_if(crate::kit::art::restyled), drift)
                .chain()
                .run_if(in_state(Screen::Title)),
        )
        .add_systems(Update, remember_last_game)
        .add_systems(
            Update,
            (|mut s: ResMut<ScreenStatus>| s.report(true, false)).run_if(in_state(Screen::Title)),
        )
        .add_systems(
            EguiPrimaryContextPass,
            title.run_if(in_state(Screen::Title)),
        );
}

/// The card of the game played last has the focus when the title opens.
fn focus_first(mut focus: ResMut<TitleFocus>) {
    focus.0 = 0;
}

/// Entering a game's screen makes it the last game played.
fn remember_last_game(screen: Res<State<Screen>>, settings: Option<ResMut<Settings>>) {
    let (Some(mut settings), true) = (settings, screen.is_changed()) else {
        return;
    };
    let slug = screen.get().slug();
    if *screen.get() != Screen::Title && settings.last_game != slug {
        settings.last_game = slug.to_string();
    }
}

fn spawn_drifters(
    mut commands: Commands,
    theme: Res<Theme>,
    palette: Res<Palette>,
    images: Res<ThemeImages>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let looks = gem_looks(&theme, &palette, &images, &mut meshes, &mut materials);
    if looks.is_empty() {
        return;
    }
    let size = window.map_or(Vec2::new(1280.0, 800.0), |w| w.size());
    let mut rng = StdRng::seed_from_u64(7);
    for i in 0..DRIFTERS {
        let look = &looks[i % looks.len()];
        let at = Vec2::new(
            rng.random_range(-0.5..0.5) * size.x,
            rng.random_range(-0.5..0.5) * size.y,
        );
        let drifter = Drifter {
            velocity: Vec2::new(
                rng.random_range(-12.0..12.0),
                rng.random_range(-40.0..-14.0),
            ),
            spin: rng.random_range(-0.5..0.5),
            size: rng.random_range(36.0..84.0),
        };
        commands.spawn((
            drifter,
            Mesh2d(look.mesh.clone()),
            MeshMaterial2d(look.plain.clone()),
            Transform::from_translation(at.extend(-10.0 + drifter.size / 100.0))
                .with_scale(Vec3::splat(drifter.size)),
            DespawnOnExit(Screen::Title),
        ));
    }
}

/// A new theme or new images: the drifting gems take the new looks.
fn restyle_drifters(
    theme: Res<Theme>,
    palette: Res<Palette>,
    images: Res<ThemeImages>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut drifters: Query<(&mut Mesh2d, &mut MeshMaterial2d<ColorMaterial>), With<Drifter>>,
) {
    let looks: Vec<GemLook> = gem_looks(&theme, &palette, &images, &mut meshes, &mut materials);
    if looks.is_empty() {
        return;
    }
    for (i, (mut mesh, mut material)) in drifters.iter_mut().enumerate() {
        let look = &looks[i % looks.len()];
        mesh.0 = look.mesh.clone();
        material.0 = look.plain.clone();
    }
}

/// The gems drift down and turn, wrapping around the window (they hold still under reduced
/// motion).
fn drift(
    time: Res<Time>,
    settings: Option<Res<Settings>>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    mut drifters: Query<(&Drifter, &mut Transform)>,
) {
    if settings.is_some_and(|s| s.reduced_motion) {
        return;
    }
    let half = window.map_or(Vec2::new(640.0, 400.0), |w| w.size() / 2.0);
    let dt = time.delta_secs();
    for (d, mut t) in &mut drifters {
        t.translation += (d.velocity * dt).extend(0.0);
        t.rotate_z(d.spin * dt);
        let margin = d.size;
        if t.translation.y < -half.y - margin {
            t.translation.y = half.y + margin;
        }
        if t.translation.x < -half.x - margin {
            t.translation.x = half.x + margin;
        } else if t.translation.x > half.x + margin {
            t.translation.x = -half.x - margin;
        }
    }
}

/// What choosing from the keyboard did this frame.
enum KeyChoice {
    /// Nothing.
    None,
    /// Open the focused card's game.
    Open,
    /// Open game number n (0-based, in title order).
    Jump(usize),
}

/// The number keys that jump straight to a game: the first game is 1.
const DIGITS: [egui::Key; 9] = [
    egui::Key::Num1,
    egui::Key::Num2,
    egui::Key::Num3,
    egui::Key::Num4,
    egui::Key::Num5,
    egui::Key::Num6,
    egui::Key::Num7,
    egui::Key::Num8,
    egui::Key::Num9,
];

/// Moves the focus with the arrow keys and Tab, and reads Enter, Space and the number keys
/// (one per game).
fn keyboard(ctx: &egui::Context, focus: &mut usize, count: usize) -> KeyChoice {
    if ctx.text_edit_focused() || count == 0 {
        return KeyChoice::None;
    }
    ctx.input(|i| {
        let next = i.key_pressed(egui::Key::ArrowRight)
            || i.key_pressed(egui::Key::ArrowDown)
            || (i.key_pressed(egui::Key::Tab) && !i.modifiers.shift);
        let prev = i.key_pressed(egui::Key::ArrowLeft)
            || i.key_pressed(egui::Key::ArrowUp)
            || (i.key_pressed(egui::Key::Tab) && i.modifiers.shift);
        if next {
            *focus = (*focus + 1) % count;
        }
        if prev {
            *focus = (*focus + count - 1) % count;
        }
        if let Some(n) = DIGITS[..count.min(DIGITS.len())]
            .iter()
            .position(|k| i.key_pressed(*k))
        {
            return KeyChoice::Jump(n);
        }
        if i.key_pressed(egui::Key::Enter) || i.key_pressed(egui::Key::Space) {
            KeyChoice::Open
        } else {
            KeyChoice::None
        }
    })
}

fn title(
    mut contexts: EguiContexts,
    mut next: ResMut<NextState<Screen>>,
    mut open: ResMut<SettingsOpen>,
    mut focus: ResMut<TitleFocus>,
    mut exit: MessageWriter<AppExit>,
    settings: Option<Res<Settings>>,
    theme: Res<Theme>,
    palette: Res<Palette>,
    registry: Res<GameRegistry>,
    scores: Option<Res<crate::kit::scores::HighScores>>,
    saved: Option<Res<crate::kit::resume::Saved>>,
    mut chrome: ResMut<crate::kit::chrome::Chrome>,
    (mut dailies, mut confirm, mut stats, mut boards): (
        ResMut<DailyRuns>,
        Local<Option<Screen>>,
        ResMut<super::stats::StatsOpen>,
        ResMut<super::leaderboards::LeaderboardsPage>,
    ),
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let pal = palette.ui;
    let games = ordered_games(
        &registry.0,
        settings.as_ref().map_or("", |s| s.last_game.as_str()),
    );
    let mut focused = focus.0.min(games.len().saturating_sub(1));
    if !open.0 {
        match keyboard(ctx, &mut focused, games.len()) {
            KeyChoice::Open => next.set(games[focused].screen),
            KeyChoice::Jump(n) => next.set(games[n].screen),
            KeyChoice::None => {}
        }
        if ctx.input(|i| i.key_pressed(egui::Key::S)) && !ctx.text_edit_focused() {
            open.0 = true;
        }
        if ctx.input(|i| i.key_pressed(egui::Key::T)) && !ctx.text_edit_focused() {
            stats.0 = !stats.0;
        }
        if ctx.input(|i| i.key_pressed(egui::Key::L)) && !ctx.text_edit_focused() {
            boards.open = !boards.open;
        }
        // F1: the focused game opens on its How to play page.
        if ctx.input(|i| i.key_pressed(egui::Key::F1))
            && let Some(game) = games.get(focused)
        {
            chrome.help = true;
            next.set(game.screen);
        }
    }
    let screen = ctx.content_rect();
    // Every card in one row when they fit at 150 px or more; smaller windows wrap them.
    let count = games.len().max(1);
    let width = ((screen.width() - 40.0) / count as f32 - 16.0).clamp(150.0, 216.0);
    let card = egui::vec2(width, 268.0);
    let per_row = (((screen.width() - 40.0) / (card.x + 16.0)).floor() as usize).clamp(1, count);
    egui::Area::new(egui::Id::new("title"))
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                heading(ui, &theme, &pal, screen.height());
                ui.add_space(24.0);
                for row in games.chunks(per_row).enumerate() {
                    ui.horizontal(|ui| {
                        // Centre each row of cards.
                        let width = row.1.len() as f32 * (card.x + 16.0) - 16.0;
                        ui.add_space(((ui.available_width() - width) / 2.0).max(0.0));
                        for (j, game) in row.1.iter().enumerate() {
                            let i = row.0 * per_row + j;
                            let records = scores.as_ref().and_then(|s| (game.records)(s));
                            let today = crate::kit::daily::today();
                            let played = today
                                .zip(crate::kit::daily::game_of(game.screen))
                                .and_then(|(d, g)| scores.as_ref()?.file.daily(g, d));
                            let look = CardLook {
                                daily: today.map(|_| played.map(|e| e.outcome.describe())),
                                focused: i == focused,
                                in_progress: saved
                                    .as_ref()
                                    .is_some_and(|s| s.0.contains(&game.screen)),
                                size: card,
                                theme: &theme,
                                palette: &palette,
                            };
                            let in_progress = look.in_progress;
                            let (response, clicked) =
                                game_card(ui, game, i, records.as_deref(), look);
                            if response.hovered() {
                                focused = i;
                            }
                            match clicked {
                                CardPart::HowToPlay => {
                                    chrome.help = true;
                                    next.set(game.screen);
                                }
                                CardPart::Daily if in_progress => *confirm = Some(game.screen),
                                CardPart::Daily => {
                                    open_daily(&mut dailies, &mut next, game.screen);
                                }
                                CardPart::Card => next.set(game.screen),
                                CardPart::None => {}
                            }
                        }
                    });
                    ui.add_space(16.0);
                }
                ui.add_space(8.0);
                ui.horizontal(|ui| {
                    let buttons = if cfg!(target_arch = "wasm32") {
                        3.0
                    } else {
                        4.0
                    };
                    ui.add_space(((ui.available_width() - 120.0 * buttons) / 2.0).max(0.0));
                    if ui
                        .add(egui::Button::new("Settings (S)").min_size(egui::vec2(110.0, 30.0)))
                        .clicked()
                    {
                        open.0 = !open.0;
                    }
                    if ui
                        .add(egui::Button::new("Statistics (T)").min_size(egui::vec2(110.0, 30.0)))
                        .clicked()
                    {
                        stats.0 = !stats.0;
                    }
                    if ui
                        .add(egui::Button::new("Leaderboards (L)").min_size(egui::vec2(110.0, 30.0)))
                        .clicked()
                    {
                        boards.open = !boards.open;
                    }
                    if !cfg!(target_arch = "wasm32")
                        && ui
                            .add(egui::Button::new("Quit").min_size(egui::vec2(110.0, 30.0)))
                            .clicked()
                    {
                        exit.write(AppExit::Success);
                    }
                });
                ui.add_space(6.0);
                ui.label(
                    egui::RichText::new(format!(
                        "Arrows choose · Enter plays · 1–{} jump straight in · F1 How to play · T Statistics · L Leaderboards",
                        games.len().min(DIGITS.len())
                    ))
                    .size(theme.text_size * 0.85)
                    .weak(),
                );
            });
        });
    if let Some(screen) = *confirm {
        let name = registry.get(screen).map_or("", |g| g.name);
        let mut answer = None;
        crate::kit::ui::dialog(ctx, "Today's daily", None, |ui| {
            ui.label(format!(
                "Today's daily takes the place of your {name} game in progress, which is then lost."
            ));
            ui.horizontal(|ui| {
                if ui.button("Play the daily").clicked() {
                    answer = Some(true);
                }
                if ui.button("Keep my game").clicked() {
                    answer = Some(false);
                }
            });
        });
        match answer {
            Some(true) => {
                open_daily(&mut dailies, &mut next, screen);
                *confirm = None;
            }
            Some(false) => *confirm = None,
            None => {}
        }
    }
    focus.set_if_neq(TitleFocus(focused));
    Ok(())
}

/// Opens `screen` on today's daily challenge.
fn open_daily(dailies: &mut DailyRuns, next: &mut NextState<Screen>, screen: Screen) {
    if let Some(today) = crate::kit::daily::today() {
        dailies.ask(screen, today);
        next.set(screen);
    }
}

/// The product's name, large, in the theme's accent with a soft shadow, and its subtitle.
fn heading(ui: &mut egui::Ui, theme: &Theme, pal: &UiPalette, window_height: f32) {
    let size = (theme.heading_size * 3.0).min(window_height * 0.1);
    let font = egui::FontId::proportional(size);
    let (rect, _) =
        ui.allocate_exact_size(egui::vec2(size * 7.0, size * 1.25), egui::Sense::hover());
    let painter = ui.painter();
    let shadow = egui::Color32::from_black_alpha(150);
    for d in [egui::vec2(3.0, 4.0), egui::vec2(1.0, 2.0)] {
        painter.text(
            rect.center() + d,
            egui::Align2::CENTER_CENTER,
            "Modern Gems",
            font.clone(),
            shadow,
        );
    }
    painter.text(
        rect.center(),
        egui::Align2::CENTER_CENTER,
        "Modern Gems",
        font,
        pal.accent,
    );
    ui.label(egui::RichText::new("Five grid and card games").size(theme.heading_size * 0.9));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_game_played_comes_first() {
        let games = crate::games::REGISTRY;
        let names = |last: &str| -> Vec<&str> {
            ordered_games(&games, last).iter().map(|g| g.name).collect()
        };
        assert_eq!(names("")[0], "Modern Gems");
        assert_eq!(
            names("solo-red"),
            ["Solo Red", "Modern Gems", "Dots", "K in a Row", "Grid Duel"]
        );
        assert_eq!(names("nonsense").len(), games.len());
        for g in games {
            assert_eq!(Screen::from_name(g.screen.slug()), Some(g.screen));
        }
    }
}
