//! The scene's budget (`--stats`, printed as the screenshot is taken): what the 3D camera draws
//! (mesh instances, draw batches, triangles), what casts shadows, and the textures' memory
//! (the images the game made or loaded, and the sun's shadow maps), for the quality preset.

use std::any::TypeId;
use std::collections::HashSet;
use std::fmt;

use bevy::asset::UntypedAssetId;
use bevy::camera::visibility::VisibleEntities;
use bevy::light::{CascadeShadowConfig, DirectionalLightShadowMap, NotShadowCaster};
use bevy::prelude::*;

use crate::camera::BoardCamera;
use crate::settings::{Named, Settings};

/// What a frame of the scene asks of the graphics card.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Budget {
    /// The quality preset's name.
    pub quality: &'static str,
    /// Mesh instances in the 3D camera's view.
    pub instances: usize,
    /// Distinct mesh and material pairs among them: Bevy draws each pair's instances in one
    /// draw call, so this is the main pass's draw calls.
    pub batches: usize,
    /// Triangles of the instances in view.
    pub triangles: u64,
    /// Shown instances that cast shadows (drawn again into each shadow cascade near them).
    pub shadow_casters: usize,
    /// Their triangles.
    pub shadow_triangles: u64,
    /// Images held by the game (textures, the sky's light maps).
    pub textures: usize,
    /// Their memory on the graphics card, mips included, in bytes.
    pub texture_bytes: u64,
    /// The sun's shadow maps' memory (every cascade), in bytes.
    pub shadow_map_bytes: u64,
    /// Meshes whose data already went to the renderer (not counted).
    pub unread_meshes: usize,
}

impl Budget {
    /// The header of the table [`Budget`]'s lines make.
    pub const HEADER: &'static str = "quality | instances | draw batches | triangles | shadow casters | their triangles | textures | texture MiB | shadow maps MiB";
}

impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mib = |bytes: u64| bytes as f64 / (1024.0 * 1024.0);
        write!(
            f,
            "{} | {} | {} | {} | {} | {} | {} | {:.1} | {:.1}",
            self.quality,
            self.instances,
            self.batches,
            self.triangles,
            self.shadow_casters,
            self.shadow_triangles,
            self.textures,
            mib(self.texture_bytes),
            mib(self.shadow_map_bytes)
        )?;
        if self.unread_meshes > 0 {
            write!(f, " ({} meshes not counted: their data is the renderer's)", self.unread_meshes)?;
        }
        Ok(())
    }
}

/// A mesh instance as the budget sees it.
type Instance = (
    &'static Mesh3d,
    Option<&'static MeshMaterial3d<StandardMaterial>>,
    &'static InheritedVisibility,
    Has<NotShadowCaster>,
);

/// Measures the budget of the scene as it stands (the 3D camera's view as it was last drawn).
pub fn measure(
    settings: Res<Settings>,
    meshes: Res<Assets<Mesh>>,
    images: Res<Assets<Image>>,
    shadow_map: Option<Res<DirectionalLightShadowMap>>,
    cascades: Query<(&CascadeShadowConfig, &DirectionalLight)>,
    views: Query<&VisibleEntities, With<BoardCamera>>,
    instances: Query<(Entity, Instance)>,
) -> Budget {
    let mut budget = Budget { quality: settings.quality.name(), ..default() };
    let in_view: HashSet<Entity> = views.iter().flat_map(|view| view.iter(TypeId::of::<Mesh3d>()).copied()).collect();
    let mut pairs: HashSet<(AssetId<Mesh>, Option<UntypedAssetId>)> = HashSet::new();
    let mut unread = HashSet::new();
    for (entity, (mesh, material, shown, no_shadow)) in &instances {
        let triangles = match meshes.get(&mesh.0).map(triangles) {
            Some(Some(triangles)) => triangles,
            _ => {
                unread.insert(mesh.0.id());
                0
            }
        };
        if in_view.contains(&entity) {
            budget.instances += 1;
            budget.triangles += triangles;
            pairs.insert((mesh.0.id(), material.map(|m| m.0.id().untyped())));
        }
        if shown.get() && !no_shadow {
            budget.shadow_casters += 1;
            budget.shadow_triangles += triangles;
        }
    }
    budget.batches = pairs.len();
    budget.unread_meshes = unread.len();
    for (_, image) in images.iter() {
        budget.textures += 1;
        budget.texture_bytes += texture_bytes(image);
    }
    let side = shadow_map.map_or(0, |map| map.size) as u64;
    // A light without shadows (the field's lamps) has no maps, whatever its cascades say.
    let shadowed = cascades.iter().filter(|(_, light)| light.shadow_maps_enabled);
    let maps: u64 = shadowed.map(|(config, _)| config.bounds.len() as u64).sum();
    // Each cascade is a square depth map of 32-bit texels.
    budget.shadow_map_bytes = maps * side * side * 4;
    budget
}

/// A mesh's triangles (its indices', else its vertices', in threes); `None` once its data went
/// to the renderer.
fn triangles(mesh: &Mesh) -> Option<u64> {
    let corners = match mesh.try_indices_option().ok()? {
        Some(indices) => indices.len(),
        None => mesh.try_attribute(Mesh::ATTRIBUTE_POSITION).ok()?.len(),
    };
    Some(corners as u64 / 3)
}

/// An image's memory on the graphics card: every mip of every layer, in the format's blocks.
pub fn texture_bytes(image: &Image) -> u64 {
    let descriptor = &image.texture_descriptor;
    let format = descriptor.format;
    let (block_width, block_height) = format.block_dimensions();
    let block_bytes = u64::from(format.block_copy_size(None).unwrap_or(4));
    let size = descriptor.size;
    (0..descriptor.mip_level_count.max(1))
        .map(|level| {
            let width = (size.width >> level).max(1).div_ceil(block_width);
            let height = (size.height >> level).max(1).div_ceil(block_height);
            u64::from(width) * u64::from(height) * u64::from(size.depth_or_array_layers) * block_bytes
        })
        .sum()
}

/// Prints the budget, under its header.
pub fn print_budget(world: &mut World) {
    match world.run_system_cached(measure) {
        Ok(budget) => println!("{}\n{budget}", Budget::HEADER),
        Err(error) => eprintln!("--stats: the scene couldn't be measured: {error}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::asset::RenderAssetUsages;
    use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

    #[test]
    fn a_texture_weighs_its_mips_and_layers() {
        let mut image = Image::new_fill(
            Extent3d { width: 64, height: 32, depth_or_array_layers: 6 },
            TextureDimension::D2,
            &[0; 4],
            TextureFormat::Rgba8Unorm,
            RenderAssetUsages::MAIN_WORLD,
        );
        assert_eq!(texture_bytes(&image), 64 * 32 * 6 * 4);
        image.texture_descriptor.mip_level_count = 7;
        // 64x32, 32x16, 16x8, 8x4, 4x2, 2x1, 1x1.
        let texels: u64 = [2048, 512, 128, 32, 8, 2, 1].iter().sum();
        assert_eq!(texture_bytes(&image), texels * 6 * 4);
    }

    #[test]
    fn the_budget_counts_what_is_in_view_and_what_casts_shadows() {
        let mut app = App::new();
        app.add_plugins(AssetPlugin::default())
            .init_asset::<Mesh>()
            .init_asset::<Image>()
            .init_asset::<StandardMaterial>()
            .insert_resource(Settings::default())
            .insert_resource(DirectionalLightShadowMap { size: 1024 });
        let world = app.world_mut();
        let cube = world.resource_mut::<Assets<Mesh>>().add(Cuboid::default());
        let gold = world.resource_mut::<Assets<StandardMaterial>>().add(StandardMaterial::default());
        let red = world.resource_mut::<Assets<StandardMaterial>>().add(StandardMaterial::default());
        let mut seen = VisibleEntities::default();
        let mut spawn = |material: &Handle<StandardMaterial>, in_view: bool, shadow: bool| {
            let mut entity =
                world.spawn((Mesh3d(cube.clone()), MeshMaterial3d(material.clone()), InheritedVisibility::VISIBLE));
            if !shadow {
                entity.insert(NotShadowCaster);
            }
            if in_view {
                seen.get_mut(TypeId::of::<Mesh3d>()).push(entity.id());
            }
        };
        spawn(&gold, true, true);
        spawn(&gold, true, false);
        spawn(&red, true, true);
        spawn(&red, false, true);
        world.spawn((BoardCamera::new(crate::settings::View::Orbit, 0.6, 14.0), seen));
        let shadowed = DirectionalLight { shadow_maps_enabled: true, ..default() };
        world.spawn((CascadeShadowConfig::default(), shadowed));
        world.spawn((CascadeShadowConfig::default(), DirectionalLight { shadow_maps_enabled: false, ..default() }));
        let budget = world.run_system_cached(measure).unwrap();
        assert_eq!((budget.instances, budget.batches, budget.triangles), (3, 2, 36));
        assert_eq!((budget.shadow_casters, budget.shadow_triangles), (3, 36));
        let cascades = CascadeShadowConfig::default().bounds.len() as u64;
        assert_eq!(budget.shadow_map_bytes, cascades * 1024 * 1024 * 4, "only the light with shadows has maps");
        assert_eq!(budget.quality, "Medium");
        assert!(budget.to_string().starts_with("Medium | 3 | 2 | 36 | 3 | 36 |"));
    }
}
