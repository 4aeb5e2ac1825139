//! Juice shared by every game: shards when pieces leave (more for bigger groups, under one cap),
//! floating score pop-ups, and celebrations (a cleared board, a closed loop, a win, a new best)
//! with their sound. Every amount and timing comes from the theme's `effects`; reduced motion
//! turns them off, so nothing is spawned at all. Effects end by themselves and leave with the
//! screen that showed them.
//!
//! Games only send messages ([`Burst`], [`Popup`], [`Celebrate`]); this module does the rest.
//! It runs headless too (without meshes, which need a renderer), so tests can count effects.

use std::collections::HashMap;

use bevy::prelude::*;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use super::audio::{Effect, SoundBank, play_effect};
use crate::kit::palette::Palette;
use crate::kit::screens::Screen;
use crate::kit::settings::Settings;
use crate::kit::theme::Theme;
use crate::kit::world_text::WorldLabel;

/// Pieces that left the board: shards fly from each (spread evenly when the cap allows fewer
/// shards than pieces).
#[derive(Message, Clone, Debug, Default)]
pub struct Burst {
    /// Each piece's world position and colour.
    pub pieces: Vec<(Vec2, Color)>,
    /// The board's cell size in world units (shards are sized and thrown in cells).
    pub cell: f32,
}

/// A floating text (usually points) that rises and fades.
#[derive(Message, Clone, Debug)]
pub struct Popup {
    /// Where it starts, in the world.
    pub at: Vec2,
    /// What it says.
    pub text: String,
    /// Its colour.
    pub color: Color,
    /// Size relative to the theme's pop-up size (bigger groups, bigger numbers).
    pub scale: f32,
    /// The board's cell size in world units (the rise is in cells).
    pub cell: f32,
}

/// Something worth celebrating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Celebration {
    /// Modern Gems: no gem left.
    BoardCleared,
    /// Dots: a closed loop.
    LoopClosed,
    /// K in a row, Solo Red, Grid Duel: the player won.
    Won,
    /// A new best score.
    NewBest,
}

impl Celebration {
    /// The banner shown.
    pub fn title(self) -> &'static str {
        match self {
            Celebration::BoardCleared => "Board cleared!",
            Celebration::LoopClosed => "Loop!",
            Celebration::Won => "You win!",
            Celebration::NewBest => "New best!",
        }
    }
}

/// Starts a celebration: a banner, and bursts of shards over `area` for the theme's
/// celebration time.
#[derive(Message, Clone, Copy, Debug)]
pub struct Celebrate {
    /// What happened.
    pub what: Celebration,
    /// Where to celebrate (usually the board), in world coordinates.
    pub area: Rect,
}

/// A flying shard.
#[derive(Component, Clone, Copy, Debug)]
pub struct Shard {
    velocity: Vec2,
    gravity: f32,
    spin: f32,
    size: f32,
    age: f32,
    life: f32,
}

/// A rising, fading text.
#[derive(Component, Clone, Copy, Debug)]
pub struct FloatingText {
    from: Vec2,
    rise: f32,
    age: f32,
    life: f32,
    alpha: f32,
}

/// A celebration under way: its bursts still to come.
#[derive(Component, Clone, Copy, Debug)]
pub struct Celebrating {
    area: Rect,
    age: f32,
    life: f32,
    bursts: u32,
    done: u32,
    cell: f32,
}

/// How many effects are alive (for benchmarks and the frame budget).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FxStats {
    /// Shards alive now.
    pub shards: usize,
    /// The most shards alive at once so far.
    pub peak: usize,
}

/// The shard mesh and one material per colour (kept for the next burst).
#[derive(Resource, Default)]
struct FxArt {
    mesh: Option<Handle<Mesh>>,
    materials: HashMap<[u8; 4], Handle<ColorMaterial>>,
}

/// The effects' randomness (looks only; never the rules').
#[derive(Resource)]
struct FxRng(StdRng);

impl Default for FxRng {
    fn default() -> Self {
        Self(StdRng::seed_from_u64(0x006a_7569_6365))
    }
}

/// The effects' systems.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FxSystems;

/// Effects from messages, headless or not.
pub(super) fn plugin(app: &mut App) {
    app.add_message::<Burst>()
        .add_message::<Popup>()
        .add_message::<Celebrate>()
        .init_resource::<FxStats>()
        .init_resource::<FxArt>()
        .init_resource::<FxRng>()
        .add_systems(
            Update,
            (
                start_celebrations,
                run_celebrations,
                spawn_bursts,
                spawn_popups,
                fly_shards,
                float_texts,
            )
                .chain()
                .in_set(FxSystems),
        );
}

/// What spawning effects needs: the theme, the screen they belong to, and (with a renderer)
/// the assets that draw them.
#[derive(bevy::ecs::system::SystemParam)]
struct FxSpawner<'w, 's> {
    commands: Commands<'w, 's>,
    theme: Option<Res<'w, Theme>>,
    palette: Res<'w, Palette>,
    screen: Option<Res<'w, State<Screen>>>,
    art: ResMut<'w, FxArt>,
    rng: ResMut<'w, FxRng>,
    stats: ResMut<'w, FxStats>,
    meshes: Option<ResMut<'w, Assets<Mesh>>>,
    materials: Option<ResMut<'w, Assets<ColorMaterial>>>,
}

impl FxSpawner<'_, '_> {
    fn screen(&self) -> Screen {
        self.screen.as_ref().map_or(Screen::Title, |s| *s.get())
    }

    /// Throws up to `count` shards from `pieces` (evenly spread over them), within the cap.
    fn shards(&mut self, pieces: &[(Vec2, Color)], cell: f32, count: usize) {
        let Some(theme) = self.theme.as_ref() else {
            return;
        };
        let fx = theme.effects.clone();
        let room = (fx.max_shards as usize).saturating_sub(self.stats.shards);
        let n = count.min(room);
        if n == 0 || pieces.is_empty() || fx.shard_life <= 0.0 {
            return;
        }
        let screen = self.screen();
        if self.art.mesh.is_none()
            && let Some(meshes) = self.meshes.as_mut()
        {
            self.art.mesh = Some(meshes.add(Rhombus::new(1.0, 0.62)));
        }
        if self.art.materials.len() > 64 {
            self.art.materials.clear();
        }
        for i in 0..n {
            let (at, c) = pieces[i * pieces.len() / n];
            let rng = &mut self.rng.0;
            let angle = rng.random_range(0.15..std::f32::consts::PI - 0.15);
            let speed = fx.shard_speed * cell * rng.random_range(0.45..1.0);
            let shard = Shard {
                velocity: Vec2::from_angle(angle) * speed
                    + Vec2::new(rng.random_range(-0.3..0.3), 0.0) * speed,
                gravity: fx.gravity * cell,
                spin: rng.random_range(-9.0..9.0),
                size: fx.shard_size * cell * rng.random_range(0.6..1.2),
                age: 0.0,
                life: fx.shard_life * rng.random_range(0.7..1.0),
            };
            let jitter = Vec2::new(rng.random_range(-0.3..0.3), rng.random_range(-0.3..0.3));
            let mut e = self.commands.spawn((
                shard,
                Transform::from_translation((at + jitter * cell).extend(30.0))
                    .with_scale(Vec3::splat(shard.size)),
                Visibility::Visible,
                DespawnOnExit(screen),
            ));
            if let (Some(mesh), Some(materials)) = (self.art.mesh.clone(), self.materials.as_mut())
            {
                use bevy::color::ColorToPacked;
                let key = c.to_srgba().to_u8_array();
                let material = self
                    .art
                    .materials
                    .entry(key)
                    .or_insert_with(|| materials.add(c))
                    .clone();
                e.insert((Mesh2d(mesh), MeshMaterial2d(material)));
            }
        }
        self.stats.shards += n;
        self.stats.peak = self.stats.peak.max(self.stats.shards);
    }

    /// A floating text, `scale` × the theme's pop-up size, living `life` × the pop-up time.
    fn text(&mut self, at: Vec2, text: String, c: Color, scale: f32, rise: f32, life: f32) {
        let Some(theme) = self.theme.as_ref() else {
            return;
        };
        let fx = &theme.effects;
        let life = fx.popup_time * life;
        if life <= 0.0 {
            return;
        }
        let size = fx.popup_size * scale;
        let screen = self.screen();
        self.commands.spawn((
            FloatingText {
                from: at,
                rise,
                age: 0.0,
                life,
                alpha: c.alpha(),
            },
            WorldLabel::new(text, size, c).shadowed().fixed_size(),
            Transform::from_translation(at.extend(40.0)).with_scale(Vec3::splat(0.01)),
            DespawnOnExit(screen),
        ));
    }
}

fn spawn_bursts(mut bursts: MessageReader<Burst>, mut fx: FxSpawner) {
    for b in bursts.read() {
        let per = fx.theme.as_ref().map_or(0, |t| t.effects.shards_per_piece) as usize;
        fx.shards(&b.pieces, b.cell, b.pieces.len() * per);
    }
}

fn spawn_popups(mut popups: MessageReader<Popup>, mut fx: FxSpawner) {
    for p in popups.read() {
        let rise = fx.theme.as_ref().map_or(0.0, |t| t.effects.popup_rise) * p.cell;
        fx.text(p.at, p.text.clone(), p.color, p.scale, rise, 1.0);
    }
}

/// A banner, a sound, and the celebration's bursts to come.
fn start_celebrations(
    mut celebrations: MessageReader<Celebrate>,
    mut fx: FxSpawner,
    running: Query<(), With<Celebrating>>,
    bank: Option<Res<SoundBank>>,
    settings: Option<Res<Settings>>,
) {
    // Banners sit in the upper part of the area (a game-over window takes the middle), one
    // below the other when several celebrations run at once.
    let mut stacked = running.iter().count();
    for c in celebrations.read() {
        let Some(theme) = fx.theme.as_ref() else {
            return;
        };
        let e = theme.effects.clone();
        if e.celebration_time <= 0.0 {
            continue;
        }
        let accent = fx.palette.accent;
        let cell = (c.area.width().min(c.area.height()) / 8.0).max(8.0);
        let time = e.celebration_time / e.popup_time.max(0.01);
        let line = e.popup_size * 2.4;
        let top = c.area.center() + Vec2::Y * (c.area.height() * 0.37 - line * stacked as f32);
        stacked += 1;
        fx.text(top, c.what.title().into(), accent, 2.0, cell * 0.3, time);
        let screen = fx.screen();
        fx.commands.spawn((
            Celebrating {
                area: c.area,
                age: 0.0,
                life: e.celebration_time,
                bursts: e.celebration_bursts,
                done: 0,
                cell,
            },
            DespawnOnExit(screen),
        ));
        if let Some(bank) = &bank {
            play_effect(
                &mut fx.commands,
                bank,
                settings.as_deref(),
                Effect::GameOver,
                1.25,
                0.7,
            );
        }
    }
}

/// Fires each celebration's bursts over its time, at random points in its area, in the
/// theme's gem colours.
fn run_celebrations(
    time: Res<Time>,
    mut running: Query<(Entity, &mut Celebrating)>,
    mut fx: FxSpawner,
) {
    let dt = time.delta_secs();
    for (e, mut c) in &mut running {
        c.age += dt;
        let due = ((c.age / c.life.max(1e-3)) * c.bursts as f32).ceil() as u32;
        while c.done < due.min(c.bursts) {
            c.done += 1;
            if fx.theme.is_none() {
                break;
            }
            let colours = fx.palette.gems.clone();
            let rng = &mut fx.rng.0;
            let at = Vec2::new(
                rng.random_range(c.area.min.x..=c.area.max.x),
                rng.random_range(c.area.min.y..=c.area.max.y),
            );
            let pieces: Vec<(Vec2, Color)> = (0..4)
                .map(|_| (at, colours[rng.random_range(0..colours.len().max(1))]))
                .collect();
            fx.shards(&pieces, c.cell, 28);
        }
        if c.age >= c.life {
            fx.commands.entity(e).despawn();
        }
    }
}

fn fly_shards(
    mut commands: Commands,
    time: Res<Time>,
    mut shards: Query<(Entity, &mut Shard, &mut Transform)>,
    mut stats: ResMut<FxStats>,
) {
    let dt = time.delta_secs();
    let mut alive = 0;
    for (e, mut s, mut t) in &mut shards {
        s.age += dt;
        if s.age >= s.life {
            commands.entity(e).despawn();
            continue;
        }
        alive += 1;
        s.velocity.y -= s.gravity * dt;
        t.translation += (s.velocity * dt).extend(0.0);
        t.rotate_z(s.spin * dt);
        let k = s.age / s.life;
        t.scale = Vec3::splat(s.size * (1.0 - k * k));
    }
    stats.shards = alive;
}

fn float_texts(
    mut commands: Commands,
    time: Res<Time>,
    mut texts: Query<(Entity, &mut FloatingText, &mut Transform, &mut WorldLabel)>,
) {
    let dt = time.delta_secs();
    for (e, mut f, mut t, mut label) in &mut texts {
        f.age += dt;
        if f.age >= f.life {
            commands.entity(e).despawn();
            continue;
        }
        let k = f.age / f.life;
        let rise = 1.0 - (1.0 - k).powi(3);
        t.translation = (f.from + Vec2::Y * f.rise * rise).extend(40.0);
        // Pops in with a little overshoot, then holds.
        let pop = crate::kit::theme::Easing::BackOut.apply((k * 5.0).min(1.0));
        t.scale = Vec3::splat(pop.max(0.01));
        label.color.set_alpha(f.alpha * (1.0 - k.powi(3)));
    }
}

/// What a game sends effects with.
#[derive(bevy::ecs::system::SystemParam)]
pub struct FxWriters<'w> {
    bursts: MessageWriter<'w, Burst>,
    popups: MessageWriter<'w, Popup>,
    celebrations: MessageWriter<'w, Celebrate>,
    palette: Res<'w, Palette>,
}

impl FxWriters<'_> {
    /// A group of `pieces` left the board, scoring `points`: shards from each piece, and the
    /// points floating up from the group's middle (bigger for bigger groups).
    pub fn group_left(&mut self, pieces: Vec<(Vec2, Color)>, points: u64, cell: f32) {
        if pieces.is_empty() {
            return;
        }
        let n = pieces.len();
        let middle = pieces.iter().map(|p| p.0).sum::<Vec2>() / n as f32;
        if points > 0 {
            self.popup(
                middle,
                format!("+{points}"),
                self.palette.good,
                1.0 + (n.min(40) as f32) / 40.0,
                cell,
            );
        }
        self.burst(pieces, cell);
    }

    /// Shards from `pieces`.
    pub fn burst(&mut self, pieces: Vec<(Vec2, Color)>, cell: f32) {
        self.bursts.write(Burst { pieces, cell });
    }

    /// A floating text at `at`.
    pub fn popup(&mut self, at: Vec2, text: String, color: Color, scale: f32, cell: f32) {
        self.popups.write(Popup {
            at,
            text,
            color,
            scale,
            cell,
        });
    }

    /// A celebration over `area`.
    pub fn celebrate(&mut self, what: Celebration, area: Rect) {
        self.celebrations.write(Celebrate { what, area });
    }
}
