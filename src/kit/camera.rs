//! The camera and the background every screen is drawn over: one 2D camera for the whole app,
//! the clear colour taken from the theme, and the theme's background image (when it names one
//! that loaded) stretched over the window, again whenever the theme or its images change.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::art::ThemeImages;
use super::layout::ViewArea;
use crate::kit::screens::Screen;

/// The world rectangle a screen wants in view (a card table, a grid in a narrow window): the
/// camera zooms out (never in) and moves so that it fits what the HUD leaves free. A screen
/// that sets none (or another screen's) gets the plain camera: world units are pixels and the
/// origin is the window's centre.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct CameraFit(pub Option<(Screen, Rect)>);

/// The theme's background image, behind everything.
#[derive(Component)]
pub struct BackgroundArt;

/// Spawns the camera and keeps the background in the theme's colour and image.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<CameraFit>()
        .add_systems(Startup, spawn_camera)
        .add_systems(
            Update,
            (
                paint_background.run_if(crate::kit::art::restyled),
                fit_camera,
                fit_background,
            )
                .chain(),
        );
}

/// The camera's zoom and place for `fit` in `area`: (scale, translation).
pub fn camera_for(fit: Option<Rect>, area: &ViewArea) -> (f32, Vec2) {
    let Some(rect) = fit else {
        return (1.0, Vec2::ZERO);
    };
    let free = area.free();
    let scale = (rect.width() / free.x).max(rect.height() / free.y).max(1.0);
    (scale, rect.center() - area.free_center() * scale)
}

fn fit_camera(
    fit: Res<CameraFit>,
    screen: Option<Res<State<Screen>>>,
    area: Res<ViewArea>,
    camera: Option<Single<(&mut Transform, &mut Projection), With<Camera2d>>>,
) {
    let Some(mut camera) = camera else { return };
    let wanted = fit
        .0
        .filter(|(s, _)| screen.as_ref().is_some_and(|now| now.get() == s))
        .map(|(_, rect)| rect);
    let (scale, at) = camera_for(wanted, &area);
    let (transform, projection) = &mut *camera;
    if transform.translation.truncate() != at {
        transform.translation = at.extend(transform.translation.z);
    }
    if let Projection::Orthographic(o) = &mut **projection
        && o.scale != scale
    {
        o.scale = scale;
    }
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn(Camera2d);
}

fn paint_background(
    mut commands: Commands,
    palette: Res<crate::kit::palette::Palette>,
    images: Res<ThemeImages>,
    old: Query<Entity, With<BackgroundArt>>,
) {
    commands.insert_resource(ClearColor(palette.background));
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

/// Stretches the background image over the window, wherever the camera looks.
fn fit_background(
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    camera: Option<Single<(&Transform, &Projection), (With<Camera2d>, Without<BackgroundArt>)>>,
    mut art: Query<(&mut Sprite, &mut Transform), With<BackgroundArt>>,
) {
    let Some(window) = window else { return };
    let (scale, at) = camera.map_or((1.0, Vec2::ZERO), |c| {
        let scale = match c.1 {
            Projection::Orthographic(o) => o.scale,
            _ => 1.0,
        };
        (scale, c.0.translation.truncate())
    });
    for (mut sprite, mut transform) in &mut art {
        let size = Some(window.size() * scale);
        if sprite.custom_size != size {
            sprite.custom_size = size;
        }
        if transform.translation.truncate() != at {
            transform.translation = at.extend(-100.0);
        }
    }
}
