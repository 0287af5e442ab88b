//! Flags that wave on the GPU: the stands' banners and pennants are one merged mesh of cloth
//! whose material ([`FlagMaterial`]: the cloth surface, extended by `flags.wgsl`) carries each
//! point along its normal by a wave running out from where the cloth is held. Each point's
//! second UV says how free it is (0 held, 1 at a pennant's fly end) and its flag's phase, so
//! the CPU does nothing once the mesh is made.

use bevy::pbr::{ExtendedMaterial, MaterialExtension};
use bevy::prelude::*;
use bevy::render::render_resource::AsBindGroup;
use bevy::shader::ShaderRef;

/// The cloth of the flags: a standard material whose vertices wave.
pub type FlagMaterial = ExtendedMaterial<StandardMaterial, Waving>;

/// How the flags wave (the uniform `flags.wgsl` reads).
#[derive(Asset, AsBindGroup, Reflect, Debug, Clone)]
pub struct Waving {
    /// How far a free point swings (metres), how fast (radians a second), how much of the
    /// wave (radians) the cloth holds from where it is held to its free end; w unused.
    #[uniform(100)]
    pub wave: Vec4,
}

impl Default for Waving {
    /// A light breeze over the field: the fly end swings 12 cm either way, once in 2.4 s.
    fn default() -> Self {
        Waving { wave: Vec4::new(0.12, 2.6, 3.2, 0.0) }
    }
}

impl MaterialExtension for Waving {
    fn vertex_shader() -> ShaderRef {
        SHADER.into()
    }

    /// The flags cast no shadow and aren't in the depth prepass: the prepass and shadow
    /// shaders would draw them where they hang still.
    fn enable_prepass() -> bool {
        false
    }

    fn enable_shadows() -> bool {
        false
    }
}

/// The vertex shader, embedded in the binary.
const SHADER: &str = "embedded://jetan/scene/flags.wgsl";

pub(super) fn plugin(app: &mut App) {
    bevy::asset::embedded_asset!(app, "flags.wgsl");
    app.add_plugins(MaterialPlugin::<FlagMaterial>::default());
}

/// `base` (the cloth, double-sided: a flag is one sheet) as a flag's material.
pub fn flag_material(base: StandardMaterial) -> FlagMaterial {
    ExtendedMaterial { base: StandardMaterial { double_sided: true, cull_mode: None, ..base }, extension: default() }
}

/// A sheet of cloth `size` (width, height) facing +z, in enough quads to bend.
pub fn sheet(size: Vec2) -> Mesh {
    Plane3d::new(Vec3::Z, size / 2.0).mesh().subdivisions(6).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sheet_stands_upright_facing_z_and_bends_between_its_edges() {
        let mesh = sheet(Vec2::new(0.7, 0.4));
        let positions = mesh.attribute(Mesh::ATTRIBUTE_POSITION).and_then(|p| p.as_float3()).unwrap();
        let (xs, ys): (Vec<f32>, Vec<f32>) = positions.iter().map(|p| (p[0], p[1])).unzip();
        let span = |v: &[f32]| v.iter().fold(f32::MIN, |a, &b| a.max(b)) - v.iter().fold(f32::MAX, |a, &b| a.min(b));
        assert!((span(&xs) - 0.7).abs() < 1e-4 && (span(&ys) - 0.4).abs() < 1e-4);
        assert!(positions.iter().all(|p| p[2].abs() < 1e-6), "flat in z");
        assert!(positions.len() > 16, "points inside it, to bend: {}", positions.len());
    }
}
