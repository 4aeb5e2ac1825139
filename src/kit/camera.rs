//! The camera and the background every screen is drawn over: one 2D camera for the whole app,
//! and the clear colour taken from the theme (again whenever the theme changes).

use bevy::prelude::*;

use crate::theme::{Theme, color};

/// Spawns the camera and keeps the background in the theme's colour.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_camera)
        .add_systems(Update, paint_background.run_if(resource_changed::<Theme>));
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn(Camera2d);
}

fn paint_background(mut commands: Commands, theme: Res<Theme>) {
    commands.insert_resource(ClearColor(color(&theme.background)));
}
