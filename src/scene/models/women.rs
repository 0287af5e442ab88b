//! The women, all in the cone-skirted gown of classic Jetan's Princess: royal women by their
//! gem crowns (each its own), warrior women by blade or spear, the charmers by veil or fan, the
//! slave plain with an iron collar, and Sola green, tusked and four-armed.

use bevy::prelude::*;

use super::Paint::*;
use super::Shape::*;
use super::kit::{Stance, THREE_QUARTER, along, y};
use super::{Model, beasts, part};

/// A woman in the usual gown, on her foot.
fn lady(m: &mut Model) -> Stance {
    m.pedestal();
    m.gown(0.25, 0.55, Body)
}

/// The sword arm (the right), from the shoulder to `hand`; returns the hand.
fn right_hand(m: &mut Model, stance: Stance, hand: Vec3) -> Vec3 {
    m.arm(stance, 1.0, hand, Body)
}

/// Classic Jetan's Princess: a circlet and one gem.
pub(super) fn princess(m: &mut Model) {
    let stance = lady(m);
    m.add(Torus(0.1, 0.025), Trim, y(stance.top - 0.01));
    m.add(Sphere(0.055), Gem, y(stance.top + 0.06));
}

/// The empress: taller, a high crown of seven flaring gem-tipped spikes, a necklace and a
/// train.
pub(super) fn jeddara(m: &mut Model) {
    m.pedestal();
    let stance = m.gown(0.27, 0.6, Body);
    m.crown(stance.head + stance.head_r * 0.5, stance.head_r * 1.1, 7, 0.15, 0.3);
    m.add(Torus(stance.width * 1.05, 0.016), Trim, y(stance.neck - 0.02));
    m.add(Sphere(0.03), Gem, Vec3::new(0.0, stance.neck - 0.05, -stance.width - 0.02));
    m.mantle(0.05, 0.26, 0.55, 0.16);
}

/// Thuvia, whom the banths obey: a gem-ringed halo standing behind her head.
pub(super) fn thuvia(m: &mut Model) {
    m.pedestal();
    let stance = m.gown(0.25, 0.56, Body);
    let centre = Vec3::new(0.0, stance.head + 0.04, 0.08);
    m.push(part(Cylinder(0.15, 0.02), Trim, centre).turned(along(Vec3::Z)));
    for i in 0..7 {
        let angle = i as f32 * std::f32::consts::TAU / 7.0;
        m.add(Sphere(0.025), Gem, centre + Vec3::new(angle.sin() * 0.15, angle.cos() * 0.15, -0.015));
    }
}

/// Janai: a tower crown of four upright gem-tipped posts.
pub(super) fn janai(m: &mut Model) {
    m.pedestal();
    let stance = m.gown(0.24, 0.58, Body);
    m.crown(stance.head + stance.head_r * 0.4, stance.head_r * 1.0, 4, 0.15, 0.0);
}

/// The armed princess: a circlet, and a sword raised in her right hand.
pub(super) fn tara(m: &mut Model) {
    let stance = lady(m);
    m.circlet(stance);
    let hand = right_hand(m, stance, Vec3::new(0.16, stance.shoulder - 0.15, -0.08));
    m.sword(hand, Vec3::new(0.5, 1.0, -0.3), 0.32);
}

/// The Sword Princess: a circlet, and a great sword swung up over her head.
pub(super) fn llana(m: &mut Model) {
    let stance = lady(m);
    m.circlet(stance);
    let hand = right_hand(m, stance, Vec3::new(0.13, stance.shoulder + 0.11, -0.03));
    m.sword(hand, Vec3::new(-0.5, 1.0, 0.0), 0.34);
}

/// Haja, a princess: a tall pointed hennin with a gem at its tip.
pub(super) fn haja(m: &mut Model) {
    let stance = lady(m);
    let base = y(stance.head + stance.head_r * 0.45);
    m.add(Torus(stance.head_r * 0.93, 0.018), Trim, base);
    let turn = Quat::from_rotation_x(0.3);
    m.push(part(Cone(0.075, 0.26), Trim, base + turn * y(0.13)).turned(turn));
    m.add(Sphere(0.03), Gem, base + turn * y(0.27));
}

/// Kara Vasa with her Sorak, the little six-legged hunting cat that kills at her word, at
/// her right hand.
pub(super) fn kara_vasa(m: &mut Model) {
    m.pedestal();
    m.within(Transform::from_xyz(-0.08, 0.0, 0.02), |m| {
        let stance = m.gown(0.23, 0.52, Body);
        m.circlet(stance);
        m.arm(stance, 1.0, Vec3::new(0.15, stance.shoulder - 0.14, -0.02), Body);
    });
    let turn = Quat::from_rotation_y(THREE_QUARTER);
    m.within(Transform::from_xyz(0.21, 0.0, 0.04).with_rotation(turn), beasts::sorak);
}

/// The boyish warrior: a crested helmet and a sword thrust forward.
pub(super) fn tavia(m: &mut Model) {
    m.pedestal();
    let stance = m.gown(0.24, 0.52, Body);
    m.push(part(Sphere(stance.head_r * 1.1), Trim, y(stance.head + 0.02)).scaled(Vec3::new(1.0, 0.65, 1.0)));
    m.add(Cuboid(0.025, 0.08, 0.24), Trim, y(stance.top + 0.02));
    let hand = right_hand(m, stance, Vec3::new(0.14, stance.shoulder - 0.17, -0.12));
    m.sword(hand, Vec3::new(0.0, 0.2, -1.0), 0.22);
}

/// Phao: her hair in a knot, a tall spear with a pennant.
pub(super) fn phao(m: &mut Model) {
    let stance = lady(m);
    m.add(Sphere(0.06), Body, Vec3::new(0.0, stance.head + 0.03, 0.1));
    let hand = right_hand(m, stance, Vec3::new(0.17, stance.shoulder - 0.15, -0.04));
    let dir = Vec3::new(0.25, 1.0, 0.0).normalize();
    m.spear(hand, dir, 0.32, 0.45);
    let flag = along(dir);
    m.push(part(Cuboid(0.11, 0.07, 0.008), Trim, hand + dir * 0.37 + flag * Vec3::X * 0.06).turned(flag));
}

/// The woman sergeant: the Than's spear and shield.
pub(super) fn tha(m: &mut Model) {
    m.pedestal();
    let stance = m.gown(0.24, 0.5, Body);
    m.spear_and_shield(stance);
}

/// The woman soldier: small, one feather, a dagger.
pub(super) fn pantha(m: &mut Model) {
    m.pedestal();
    let stance = m.gown(0.21, 0.44, Body);
    m.feathers(stance.top - 0.02, 1, 0.0, false);
    let hand = right_hand(m, stance, Vec3::new(0.12, stance.shoulder - 0.16, -0.12));
    m.sword(hand, Vec3::new(0.0, -0.3, -1.0), 0.1);
}

/// Sola, the green Thark maiden: taller, green, tusked, four-armed, a spear in one hand.
pub(super) fn sola(m: &mut Model) {
    m.pedestal();
    let stance = m.gown(0.25, 0.6, Green);
    m.add(Torus(stance.width * 1.1, 0.02), Trim, y(stance.shoulder - 0.17));
    m.tusks(y(stance.head), stance.head_r);
    let high = Vec3::new(0.22, stance.shoulder + 0.08, -0.04);
    m.four_arms(stance, high, Vec3::new(0.2, stance.shoulder - 0.22, -0.08), 0.026);
    m.spear(high, Vec3::Y, 0.4, 0.2);
}

/// Sharu the dancer: a veil across her face, a scarf held high in both hands.
pub(super) fn sharu(m: &mut Model) {
    m.pedestal();
    let stance = m.gown(0.24, 0.52, Body);
    let veil = part(Sphere(stance.head_r * 1.04), Trim, y(stance.head - stance.head_r * 0.45));
    m.push(veil.scaled(Vec3::new(1.0, 0.45, 1.0)));
    let high = stance.top + 0.1;
    for side in [-1.0, 1.0] {
        m.arm(stance, side, Vec3::new(side * 0.15, high, -0.02), Body);
    }
    m.add(Cuboid(0.34, 0.012, 0.09), Trim, Vec3::new(0.0, high + 0.02, -0.02));
}

/// Sanoma Tora, the faithless: veiled from head to shoulders in the colour of the side she
/// serves, a gem at her brow.
pub(super) fn sanoma_tora(m: &mut Model) {
    let stance = lady(m);
    m.add(Cone(0.16, 0.36), Trim, y(stance.head + 0.06));
    m.add(Sphere(0.03), Gem, Vec3::new(0.0, stance.head, -0.11));
    m.add(Sphere(0.03), Gem, y(stance.head + 0.25));
}

/// Olvia, the consort: a circlet, and a jewelled fan raised beside her face.
pub(super) fn olvia(m: &mut Model) {
    let stance = lady(m);
    m.circlet(stance);
    let hand = right_hand(m, stance, Vec3::new(0.16, stance.shoulder + 0.03, -0.08));
    m.fan(hand, Quat::from_rotation_z(-0.4), 6, 0.17, 1.5);
}

/// Uthia, the handmaiden: a slave, small and plain, with an iron collar.
pub(super) fn uthia(m: &mut Model) {
    m.pedestal();
    let stance = m.gown(0.2, 0.44, Body);
    m.collar(stance);
}
