//! Bevy's physical atmosphere, at the Medium and High presets: Barsoom's thin, dusty air (as
//! Mars' is measured: carbon dioxide and suspended dust) scatters the sun's and moons' light
//! into the sky, butterscotch by day, in place of the painted dome Low keeps (which comes back
//! as the night falls; the sun, moons and stars are drawn over it as at Low). Mesa's software
//! Vulkan before 25 crashes in its passes: there the sky stays painted.

use bevy::light::Atmosphere;
use bevy::light::atmosphere::{Falloff, PhaseFunction, ScatteringMedium, ScatteringTerm};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_atmosphere);
}

/// How high the air reaches, in metres (Mars' is about 120 km).
const AIR_HEIGHT: f32 = 120_000.0;
/// The height over which the carbon dioxide thins to a third, in metres.
const GAS_SCALE_HEIGHT: f32 = 8_000.0;
/// The height over which the dust thins to a third, in metres.
const DUST_SCALE_HEIGHT: f32 = 11_000.0;

/// Barsoom's air: Mars' carbon dioxide (a thin Rayleigh scatterer, a little blue) and its dust,
/// which scatters red more than blue and absorbs blue most (the butterscotch), forward most
/// (the pale glow about the sun). Coefficients per metre, from Schneegans et al. 2024 as in
/// Bevy's own Mars medium; the dust's phase a Henyey-Greenstein lobe instead of its measured
/// table.
fn barsoom_air() -> ScatteringMedium {
    let gas = ScatteringTerm {
        absorption: Vec3::ZERO,
        scattering: Vec3::new(9.91e-8, 2.32e-7, 5.65e-7),
        falloff: Falloff::Exponential { scale: GAS_SCALE_HEIGHT / AIR_HEIGHT },
        phase: PhaseFunction::Rayleigh,
    };
    let dust = ScatteringTerm {
        absorption: Vec3::new(1.26e-6, 5.25e-6, 9.33e-6),
        scattering: Vec3::new(30.67e-6, 25.39e-6, 20.93e-6),
        falloff: Falloff::Exponential { scale: DUST_SCALE_HEIGHT / AIR_HEIGHT },
        phase: PhaseFunction::Mie { asymmetry: 0.7 },
    };
    ScatteringMedium::new(256, 256, [gas, dust]).with_label("barsoom_air")
}

/// The planet's air, under the field (a camera with `AtmosphereSettings` draws it). Without a
/// renderer (a test) there is nothing to draw it with.
fn spawn_atmosphere(mut commands: Commands, media: Option<ResMut<Assets<ScatteringMedium>>>) {
    if let Some(mut media) = media {
        commands.spawn(Atmosphere::mars(media.add(barsoom_air())));
    }
}

/// Whether the graphics driver `driver` (wgpu's `AdapterInfo`'s `driver` and `driver_info`)
/// draws Bevy's atmosphere: every one but Mesa's software Vulkan (llvmpipe) before version 25,
/// which crashes in its passes (22.3.6 did, at Medium and High, whatever the LUTs' sizes,
/// multisampling or drawing method; 25.0.7 draws it).
pub fn draws_the_air(driver: &str, driver_info: &str) -> bool {
    driver != "llvmpipe" || mesa_version(driver_info).is_some_and(|major| major >= 25)
}

/// The major version of Mesa in a driver's description (`Mesa 22.3.6 (LLVM 15.0.6)`).
fn mesa_version(driver_info: &str) -> Option<u32> {
    let rest = driver_info.split("Mesa ").nth(1)?;
    rest.split('.').next()?.trim().parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn old_software_vulkan_keeps_the_painted_sky() {
        assert!(!draws_the_air("llvmpipe", "Mesa 22.3.6 (LLVM 15.0.6)"));
        assert!(!draws_the_air("llvmpipe", "something else"));
        assert!(draws_the_air("llvmpipe", "Mesa 25.0.7-2~bpo12+1 (LLVM 15.0.6)"));
        assert!(draws_the_air("NVIDIA", "575.64"));
    }
}
