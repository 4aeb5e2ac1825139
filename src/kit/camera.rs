//! The camera and the background every screen is drawn over: one 2D camera for the whole app,
//! the clear colour taken from the theme, and the theme's background image (when it names one
//! that loaded) stretched over the window, again whenever the theme or its images change.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::art::ThemeImages;
use crate::theme::{Theme, color};

/// The theme's background image, behind everything.
#[derive(Component)]
pub struct BackgroundArt;

/// Spawns the camera and keeps the background in the theme's colour and image.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_camera).add_systems(
        Update,
        (
            paint_background
                .run_if(resource_changed::<Theme>.or_else(resource_changed::<ThemeImages>)),
            fit_background,
        )
            .chain(),
    );
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn(Camera2d);
}

fn paint_background(
    mut commands: Commands,
    theme: Res<Theme>,
    images: Res<ThemeImages>,
    old: Query<Entity, With<BackgroundArt>>,
) {
    commands.insert_resource(ClearColor(color(&theme.background)));
    for e in &old {
        commands.entity(e).despawn();
    }
    if let Some(image) = &images.background {
        commands.spawn((
            BackgroundArt,
            Sprite {
                image: image.clone(),
                custom_size: Some(Vec2::ONE),
                ..default()
            },
            Transform::from_xyz(0.0, 0.0, -100.0),
        ));
    }
}

/// Stretches the background image over the window.
fn fit_background(
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    mut art: Query<&mut Sprite, With<BackgroundArt>>,
) {
    let Some(window) = window else { return };
    for mut sprite in &mut art {
        let size = Some(window.size());
        if sprite.custom_size != size {
            sprite.custom_size = size;
        }
    }
}
