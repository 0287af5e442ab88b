//! The men: rulers by their crowns, officers by their plumes (more for a higher rank, after
//! Spratt's pieces), soldiers by their weapons, the assassin hooded, the slave plain, and the
//! green Thark by his height, skin, tusks and four arms.

use std::f32::consts::FRAC_PI_4;

use bevy::prelude::*;

use super::Model;
use super::Paint::*;
use super::Shape::*;
use super::beasts;
use super::kit::{FOOT, Stance, THREE_QUARTER, y};
use super::part;

/// Classic Jetan's Chief: a crown ringed with gems.
pub(super) fn chief(m: &mut Model) {
    m.pedestal();
    let stance = m.figure(0.2, 0.6, true);
    m.jewelled_ring(stance.top, 0.15, 0.035, 10, 0.03);
    m.add(Cone(0.08, 0.14), Trim, y(stance.top + 0.09));
}

/// The emperor: the tallest man, a high crown of eight gem-tipped spikes, and a cape.
pub(super) fn jeddak(m: &mut Model) {
    m.pedestal();
    let stance = m.figure(0.2, 0.6, true);
    m.crown(stance.head + stance.head_r * 0.5, stance.head_r * 1.1, 8, 0.17, 0.35);
    m.add(Sphere(0.045), Gem, y(stance.top + 0.02));
    m.mantle(0.21, 0.3, 0.58, 0.05);
    m.epaulettes(stance);
}

/// A king: a lower crown of five gem-tipped points.
pub(super) fn jed(m: &mut Model) {
    m.pedestal();
    let stance = m.figure(0.18, 0.52, true);
    m.crown(stance.head + stance.head_r * 0.5, stance.head_r * 1.05, 5, 0.11, 0.2);
    m.add(Frustum(0.1, 0.23, 0.14), Trim, y(stance.shoulder - 0.03));
}

/// The general who rides like a rook: six plumes in a star.
pub(super) fn jedwar(m: &mut Model) {
    m.pedestal();
    let stance = m.figure(0.18, 0.5, true);
    m.epaulettes(stance);
    m.plume_star(stance.top, 6, 0.7, 0.0);
}

/// The flier's officer (Spratt's "Odwar or Flyer"): a three-bladed propeller in a ring over
/// his head.
pub(super) fn odwar(m: &mut Model) {
    m.pedestal();
    let stance = m.figure(0.17, 0.48, true);
    m.epaulettes(stance);
    let hub = stance.top + 0.1;
    m.rod(y(stance.top - 0.02), y(hub), 0.02, Trim);
    m.propeller(y(hub), Vec3::Y, 3, 0.22);
    m.add(Torus(0.23, 0.014), Trim, y(hub));
}

/// The general who rides like a bishop: four plumes crossed diagonally, an X from above.
pub(super) fn teedwar(m: &mut Model) {
    m.pedestal();
    let stance = m.figure(0.17, 0.46, true);
    m.epaulettes(stance);
    m.plume_star(stance.top, 4, 0.75, FRAC_PI_4);
}

/// Classic Jetan's Dwar, and Sarang's: three feathers fanned.
pub(super) fn dwar(m: &mut Model) {
    m.pedestal();
    let stance = m.figure(0.17, 0.46, true);
    m.feathers(stance.top, 3, 0.9, false);
}

/// The Dwar with his Calot, the ten-legged hound of Mars, at his right.
pub(super) fn calot_dwar(m: &mut Model) {
    m.pedestal();
    m.within(Transform::from_xyz(-0.12, 0.0, 0.1), |m| {
        let stance = m.figure(0.15, 0.44, true);
        m.feathers(stance.top, 3, 0.9, false);
    });
    let turn = Quat::from_rotation_y(THREE_QUARTER);
    m.within(Transform::from_xyz(0.14, 0.0, -0.04).with_rotation(turn), beasts::calot);
}

/// Two upright feathers.
pub(super) fn padwar(m: &mut Model) {
    m.pedestal();
    let stance = m.figure(0.16, 0.40, true);
    m.feathers(stance.top, 2, 0.0, false);
}

/// Classic Jetan's Warrior: two crossed feathers.
pub(super) fn warrior(m: &mut Model) {
    m.pedestal();
    let stance = m.figure(0.16, 0.40, true);
    m.feathers(stance.top, 2, 0.0, true);
}

/// The sergeant: one feather, a spear and a round shield.
pub(super) fn than(m: &mut Model) {
    m.pedestal();
    let stance = m.figure(0.15, 0.38, true);
    m.feathers(stance.top, 1, 0.0, false);
    m.spear_and_shield(stance);
}

/// The private soldier: one feather.
pub(super) fn panthan(m: &mut Model) {
    m.pedestal();
    let stance = m.figure(0.13, 0.32, true);
    m.feathers(stance.top, 1, 0.0, false);
}

/// The assassin: cloaked and hooded, eyes glinting, a dagger held low before him.
pub(super) fn gorthan(m: &mut Model) {
    m.pedestal();
    let stance = m.figure(0.15, 0.42, false);
    m.add(Frustum(0.15, 0.2, 0.3), Body, y(FOOT + 0.15));
    m.add(Cone(stance.head_r * 1.45, 0.3), Body, y(stance.head + 0.08));
    m.add(Torus(stance.head_r * 1.2, 0.016), Trim, y(stance.head - 0.03));
    for side in [-1.0, 1.0] {
        m.add(Sphere(0.018), Gem, Vec3::new(side * 0.035, stance.head, -stance.head_r * 1.2));
    }
    let hand = m.arm(stance, 1.0, Vec3::new(0.1, stance.shoulder - 0.14, -0.2), Body);
    m.sword(hand, Vec3::new(0.0, -0.2, -1.0), 0.13);
    m.arm(stance, -1.0, Vec3::new(-0.18, stance.shoulder - 0.2, 0.02), Body);
}

/// A slave: plain, short, with an iron collar.
pub(super) fn male_slave(m: &mut Model) {
    m.pedestal();
    let stance = m.figure(0.14, 0.34, false);
    m.collar(stance);
}

/// Tars Tarkas, the green Jeddak of Thark: a head taller than the red men, green skin, tusks,
/// four arms, and a long sword raised in one of them.
pub(super) fn tars_tarkas(m: &mut Model) {
    m.pedestal();
    let hips = FOOT + 0.26;
    m.add(Cylinder(0.15, 0.26), Body, y(FOOT + 0.13));
    m.add(Torus(0.15, 0.03), Trim, y(hips));
    let chest = hips + 0.32;
    m.add(Frustum(0.17, 0.14, 0.32), Green, y(hips + 0.16));
    let head = chest + 0.1;
    m.push(part(Sphere(0.1), Green, y(head)).scaled(Vec3::new(1.0, 0.9, 1.15)));
    m.add(Sphere(0.06), Green, Vec3::new(0.0, head - 0.03, -0.09));
    m.tusks(y(head), 0.1);
    let stance = Stance { shoulder: chest - 0.04, width: 0.16, neck: chest, head, head_r: 0.1, top: head + 0.1 };
    let (high, low) = (Vec3::new(0.31, chest + 0.1, -0.05), Vec3::new(0.29, hips - 0.02, -0.1));
    m.four_arms(stance, high, low, 0.032);
    m.epaulettes(stance);
    m.sword(high, Vec3::new(-0.15, 1.0, 0.0), 0.3);
    m.spear(low * Vec3::new(-1.0, 1.0, 1.0), Vec3::new(0.0, 1.0, -0.25), 0.2, 0.45);
}
