use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};

fn main() {
    App::new()
        .add_plugins(DefaultPlugins)
        .add_systems(Startup, |mut commands: Commands, mut meshes: ResMut<Assets<Mesh>>, mut mats: ResMut<Assets<ColorMaterial>>| {
            commands.spawn(Camera2d);
            commands.spawn((Mesh2d(meshes.add(Circle::new(50.0))), MeshMaterial2d(mats.add(Color::srgb(1.0, 0.2, 0.2)))));
        })
        .add_systems(Update, |mut commands: Commands, mut n: Local<u32>, mut exit: MessageWriter<AppExit>| {
            *n += 1;
            if *n == 30 { commands.spawn(Screenshot::primary_window()).observe(save_to_disk("/tmp/probe.png")); }
            if *n == 60 { exit.write(AppExit::Success); }
        })
        .run();
}
