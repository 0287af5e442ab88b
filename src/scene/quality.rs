//! The scene's quality presets (`quality` in the settings): what the camera, the sunlight's
//! shadows and the pieces' round shapes ask of the graphics card. Low is what a software
//! renderer draws in good time; Medium adds bloom, finer shadows, rounder statuettes (48
//! segments round a body, against Low's 24) and the sky drawn through Bevy's physical
//! atmosphere ([`super::atmosphere`]); High adds ambient occlusion. Both want multisampling
//! off: FXAA smooths their edges. Temporal anti-aliasing is left out: it misdraws a camera
//! with a viewport, as the game's 3D camera has beside the side panel.

use bevy::anti_alias::fxaa::Fxaa;
use bevy::camera::Hdr;
use bevy::core_pipeline::prepass::{DepthPrepass, NormalPrepass};
use bevy::light::DirectionalLightShadowMap;
use bevy::pbr::{AtmosphereSettings, ScreenSpaceAmbientOcclusion};
use bevy::post_process::bloom::Bloom;
use bevy::prelude::*;
use bevy::render::renderer::RenderAdapterInfo;

use crate::camera::BoardCamera;
use crate::looks::Roundness;
use crate::settings::{Quality, Settings};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(PostStartup, apply_quality)
        .add_systems(Update, apply_quality.run_if(resource_changed::<Settings>).in_set(crate::AppSystems::View));
}

/// What a preset turns on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preset {
    /// The side of each shadow cascade's map, in texels.
    pub shadow_map: usize,
    /// A glow about bright things (needs high dynamic range).
    pub bloom: bool,
    /// Ambient occlusion (with FXAA instead of multisampling).
    pub occlusion: bool,
    /// The sky drawn through Bevy's physical atmosphere (Barsoom's air) rather than painted
    /// on a dome (with high dynamic range, and FXAA instead of multisampling).
    pub atmosphere: bool,
    /// How finely the pieces' round shapes are made.
    pub round: Roundness,
}

impl Preset {
    /// What `quality` turns on.
    pub fn of(quality: Quality) -> Preset {
        match quality {
            Quality::Low => {
                Preset { shadow_map: 2048, bloom: false, occlusion: false, atmosphere: false, round: Roundness(24) }
            }
            Quality::Medium => {
                Preset { shadow_map: 4096, bloom: true, occlusion: false, atmosphere: true, round: Roundness(48) }
            }
            Quality::High => {
                Preset { shadow_map: 4096, bloom: true, occlusion: true, atmosphere: true, round: Roundness(64) }
            }
        }
    }
}

/// Sets the camera and shadows to the settings' preset (at the start, and when it changes).
fn apply_quality(
    mut commands: Commands,
    settings: Res<Settings>,
    shadow_map: Option<ResMut<DirectionalLightShadowMap>>,
    cameras: Query<Entity, With<BoardCamera>>,
    adapter: Option<Res<RenderAdapterInfo>>,
    mut shown: Local<Option<Quality>>,
) {
    if shown.replace(settings.quality) == Some(settings.quality) {
        return;
    }
    let preset = Preset::of(settings.quality);
    let air_drawn = adapter
        .as_deref()
        .is_none_or(|adapter| super::atmosphere::draws_the_air(&adapter.driver, &adapter.driver_info));
    if preset.atmosphere && !air_drawn {
        info!("The sky stays painted: Mesa's software Vulkan before 25 crashes in Bevy's atmosphere.");
    }
    // Without a renderer (a benchmark, a test) there are no shadow maps to size.
    if let Some(mut shadow_map) = shadow_map {
        shadow_map.size = preset.shadow_map;
    }
    for camera in &cameras {
        let mut camera = commands.entity(camera);
        if preset.bloom {
            camera.insert(Bloom { intensity: 0.08, ..Bloom::NATURAL });
        } else {
            camera.remove::<(Bloom, Hdr)>();
        }
        if preset.atmosphere && air_drawn {
            camera.insert(AtmosphereSettings::default());
        } else {
            camera.remove::<AtmosphereSettings>();
        }
        if preset.occlusion {
            camera.insert(ScreenSpaceAmbientOcclusion::default());
        } else {
            // The prepasses ambient occlusion brought along go with it.
            camera.remove::<(ScreenSpaceAmbientOcclusion, DepthPrepass, NormalPrepass)>();
        }
        if preset.occlusion || preset.atmosphere {
            camera.insert((Msaa::Off, Fxaa::default()));
        } else {
            camera.remove::<Fxaa>().insert(Msaa::Sample4);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::View;

    fn camera_has<C: Component>(app: &mut App) -> bool {
        let world = app.world_mut();
        world.query_filtered::<(), (With<BoardCamera>, With<C>)>().iter(world).count() == 1
    }

    #[test]
    fn the_camera_and_shadows_follow_the_chosen_quality() {
        let mut app = App::new();
        app.init_resource::<DirectionalLightShadowMap>()
            .insert_resource(Settings { quality: Quality::High, ..default() })
            .add_plugins(plugin);
        app.world_mut().spawn(BoardCamera::new(View::Orbit, 0.5, 10.0));
        app.update();
        assert!(camera_has::<Bloom>(&mut app) && camera_has::<Hdr>(&mut app));
        assert!(camera_has::<AtmosphereSettings>(&mut app));
        assert!(camera_has::<ScreenSpaceAmbientOcclusion>(&mut app) && camera_has::<DepthPrepass>(&mut app));
        assert_eq!(app.world().resource::<DirectionalLightShadowMap>().size, 4096);
        app.world_mut().resource_mut::<Settings>().quality = Quality::Low;
        app.update();
        for gone in [
            camera_has::<Bloom>(&mut app),
            camera_has::<Hdr>(&mut app),
            camera_has::<AtmosphereSettings>(&mut app),
            camera_has::<ScreenSpaceAmbientOcclusion>(&mut app),
            camera_has::<Fxaa>(&mut app),
            camera_has::<DepthPrepass>(&mut app),
            camera_has::<NormalPrepass>(&mut app),
        ] {
            assert!(!gone, "an effect stayed on after Low was chosen");
        }
        assert_eq!(app.world_mut().query::<&Msaa>().single(app.world()).ok(), Some(&Msaa::Sample4));
        assert_eq!(app.world().resource::<DirectionalLightShadowMap>().size, 2048);
        app.world_mut().resource_mut::<Settings>().quality = Quality::Medium;
        app.update();
        assert!(camera_has::<Bloom>(&mut app) && !camera_has::<ScreenSpaceAmbientOcclusion>(&mut app));
        assert!(camera_has::<AtmosphereSettings>(&mut app) && camera_has::<Fxaa>(&mut app));
        assert_eq!(app.world_mut().query::<&Msaa>().single(app.world()).ok(), Some(&Msaa::Off));
    }
}
