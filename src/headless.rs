//! The game with every plugin but the renderer and the window system: the logic, the 3D scene's
//! and the 2D diagram's entities, the cameras and the egui panels, laid out in a window that is
//! never shown. What the frame benchmark measures and the interface tests drive.

use std::path::Path;
use std::time::Duration;

use bevy::asset::AssetPlugin;
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;

use crate::places::Places;
use crate::seat::Seats;
use crate::settings::Settings;
use crate::{GameLogicPlugin, InterfacePlugin, Launch};

/// An app on the asset folder `assets` playing `launch`'s game, both sides human, each frame
/// 1/60 s of game time. More plugins may be added; `App::finish` and `App::cleanup` are left to
/// the caller, as `App::run` would call them (glTF models load only after them).
pub fn interface_app(assets: &Path, launch: Launch) -> App {
    let mut app = App::new();
    Places { assets: assets.to_path_buf(), mods: None }.install(&mut app);
    app.add_plugins((
        MinimalPlugins,
        AssetPlugin { file_path: assets.display().to_string(), watch_for_changes_override: Some(true), ..default() },
    ));
    app.add_plugins((WindowPlugin::default(), bevy::input::InputPlugin, TransformPlugin, bevy::gizmos::GizmoPlugin));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f64(1.0 / 60.0)));
    launch.install(&mut app);
    app.add_plugins(GameLogicPlugin);
    // The render assets the scene, the diagram and egui add to, with no renderer to draw them.
    app.init_asset::<Mesh>()
        .init_asset::<StandardMaterial>()
        .init_asset::<ColorMaterial>()
        .init_asset::<bevy::shader::Shader>()
        .init_asset::<Image>()
        .init_asset::<bevy::mesh::skinning::SkinnedMeshInverseBindposes>();
    // glTF models and their animations (a living Malagor moves by its model's own).
    app.add_plugins((
        bevy::world_serialization::WorldSerializationPlugin,
        bevy::animation::AnimationPlugin,
        bevy::gltf::GltfPlugin::default(),
    ));
    app.add_plugins(InterfacePlugin);
    app.world_mut().resource_mut::<Settings>().players = Seats::HUMANS;
    app
}
