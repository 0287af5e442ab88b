//! The 3D scene that says Mars: the Jetan field of Manator about the board ([`arena`]), the
//! land and the city beyond it ([`land`]), the sky of Barsoom with its sun and two moons
//! ([`sky`]), and the board, pieces and highlights drawn on top of the game's entities.

mod arena;
mod atmosphere;
mod board;
mod crowd;
mod dust;
pub mod figures;
mod flags;
mod glow;
pub mod gltf_figures;
pub mod highlights;
mod land;
mod merged;
mod models;
mod part_groups;
mod quality;
mod sky;
mod sky_light;
mod stands;
pub mod surfaces;

use bevy::prelude::*;

use crate::palette::Palette;

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(Palette::SKY)).add_plugins((
        arena::plugin,
        crowd::plugin,
        board::plugin,
        land::plugin,
        models::plugin,
        figures::plugin,
        gltf_figures::plugin,
        highlights::plugin,
        (sky::plugin, atmosphere::plugin),
        sky_light::plugin,
        dust::plugin,
        flags::plugin,
        glow::plugin,
        quality::plugin,
        surfaces::plugin,
    ));
}
