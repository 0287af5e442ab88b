//! The airships, hulls on a stand as if flying, bows to the enemy: the Battleship biggest, with
//! lift rotors on outriggers and two turrets; the Cruiser with one; the slim Scoutship with a
//! tail; and the one-man Flier, its pilot under a three-bladed rotor.

use bevy::prelude::*;

use super::Paint::*;
use super::Shape::*;
use super::kit::{FOOT, y};
use super::{Model, part};

/// A deckhouse with a bridge tower and a mast flying a pennant up to `mast`, `at` along the
/// deck; `size` scales the house.
fn superstructure(m: &mut Model, deck: f32, at: f32, size: f32, mast: f32) {
    m.add(Cuboid(0.18 * size, 0.07 * size, 0.3 * size), Body, Vec3::new(0.0, deck + 0.035 * size, at));
    m.add(Cuboid(0.2 * size, 0.015, 0.32 * size), Trim, Vec3::new(0.0, deck + 0.075 * size, at));
    let tower = Vec3::new(0.0, deck + 0.14 * size, at + 0.04);
    m.add(Cuboid(0.1 * size, 0.12 * size, 0.1 * size), Body, tower);
    m.rod(tower, Vec3::new(0.0, mast, tower.z), 0.012, Trim);
    m.add(Cuboid(0.008, 0.05, 0.1), Trim, Vec3::new(0.0, mast - 0.04, tower.z + 0.06));
}

/// A turret at `z` on the deck with twin guns pointing out along the hull (`dir` -1 to the bow,
/// 1 to the stern).
fn turret(m: &mut Model, deck: f32, z: f32, dir: f32) {
    m.add(Cylinder(0.055, 0.04), Body, Vec3::new(0.0, deck + 0.02, z));
    m.add(Sphere(0.02), Trim, Vec3::new(0.0, deck + 0.045, z));
    for x in [-0.02, 0.02] {
        m.rod(Vec3::new(x, deck + 0.03, z), Vec3::new(x, deck + 0.05, z + dir * 0.14), 0.009, Trim);
    }
}

/// Propellers at the stern, `x` either side of the keel (one on the keel if `x` is 0).
fn stern_propellers(m: &mut Model, keel: f32, stern: f32, x: f32, length: f32) {
    let sides: &[f32] = if x == 0.0 { &[0.0] } else { &[-1.0, 1.0] };
    for side in sides {
        m.propeller(Vec3::new(side * x, keel, stern), Vec3::Z, 3, length);
    }
}

/// The Battleship: the biggest hull, two turrets, two stern propellers and two lift rotors on
/// outriggers.
pub(super) fn battleship(m: &mut Model) {
    m.pedestal();
    let keel = 0.45;
    let deck = m.hull(0.8, 0.3, 0.2, keel);
    superstructure(m, deck, 0.06, 1.0, 1.02);
    turret(m, deck, -0.2, -1.0);
    turret(m, deck, 0.27, 1.0);
    stern_propellers(m, keel, 0.39, 0.07, 0.07);
    for side in [-1.0, 1.0] {
        let pod = Vec3::new(side * 0.28, keel + 0.04, 0.0);
        m.rod(Vec3::new(side * 0.12, keel, 0.0), pod, 0.015, Trim);
        m.add(Sphere(0.035), Body, pod);
        m.propeller(pod + y(0.05), Vec3::Y, 3, 0.11);
    }
    m.three_quarter();
}

/// The Cruiser: a middling hull, one turret, two stern propellers.
pub(super) fn cruiser(m: &mut Model) {
    m.pedestal();
    let keel = 0.44;
    let deck = m.hull(0.7, 0.24, 0.17, keel);
    superstructure(m, deck, 0.05, 0.8, 0.9);
    turret(m, deck, -0.17, -1.0);
    stern_propellers(m, keel, 0.34, 0.06, 0.065);
    m.three_quarter();
}

/// The Scoutship: a slim hull, a glazed cockpit, a cross of tail fins, one propeller.
pub(super) fn scoutship(m: &mut Model) {
    m.pedestal();
    let keel = 0.42;
    let deck = m.hull(0.6, 0.15, 0.12, keel);
    m.push(part(Sphere(0.06), Trim, Vec3::new(0.0, deck + 0.01, -0.06)).scaled(Vec3::new(1.0, 0.7, 1.8)));
    m.add(Cuboid(0.01, 0.12, 0.1), Body, Vec3::new(0.0, keel + 0.08, 0.25));
    m.add(Cuboid(0.22, 0.01, 0.08), Body, Vec3::new(0.0, keel, 0.26));
    stern_propellers(m, keel, 0.31, 0.0, 0.08);
    m.three_quarter();
}

/// The Flier: a one-man skiff, its pilot standing under a three-bladed rotor.
pub(super) fn flier(m: &mut Model) {
    m.pedestal();
    let keel = 0.4;
    let deck = m.hull(0.44, 0.13, 0.07, keel);
    let scale = 0.6;
    m.within(Transform::from_xyz(0.0, deck - FOOT * scale, -0.02).with_scale(Vec3::splat(scale)), |m| {
        m.figure(0.14, 0.36, true);
    });
    let hub = Vec3::new(0.0, 0.9, 0.12);
    m.rod(Vec3::new(0.0, deck, hub.z), hub, 0.014, Trim);
    m.propeller(hub, Vec3::Y, 3, 0.2);
    m.three_quarter();
}
