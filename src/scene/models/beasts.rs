//! The beasts of Barsoom, on their long legs: the eight-legged thoat with its rider, the
//! mastodon-like zitidar with its howdah, the ten-legged Wild Banth (tawny: it serves no side),
//! and the companions of other pieces, the calot hound and the sorak cat.

use std::f32::consts::FRAC_PI_2;

use bevy::prelude::*;

use super::Paint::{self, *};
use super::Shape::*;
use super::kit::{FOOT, along};
use super::{Model, part};

/// A body lying along the beast's length (a capsule of radius `r`, `length` long) at `at`.
fn barrel(m: &mut Model, r: f32, length: f32, at: Vec3, paint: Paint) {
    m.push(part(Capsule(r, length), paint, at).turned(Quat::from_rotation_x(FRAC_PI_2)));
}

/// The eight-legged mount with its rider.
pub(super) fn thoat(m: &mut Model) {
    m.pedestal();
    let back = 0.42;
    barrel(m, 0.13, 0.36, Vec3::new(0.0, back, 0.02), Body);
    m.add(Sphere(0.10), Body, Vec3::new(0.0, back + 0.08, -0.30));
    m.push(part(Cone(0.05, 0.12), Trim, Vec3::new(0.0, back + 0.1, -0.38)).turned(Quat::from_rotation_x(-FRAC_PI_2)));
    m.legs(4, -0.18, 0.18, 0.1, back - 0.05, 0.025, Body);
    m.within(Transform::from_xyz(0.0, back + 0.1 - FOOT, 0.0), |m| {
        let stance = m.figure(0.09, 0.2, true);
        m.feathers(stance.top, 2, 0.5, false);
    });
    m.three_quarter();
}

/// The calot, the Dwar's hound: ten short legs, a great round head, a mouth of tusks.
pub(super) fn calot(m: &mut Model) {
    let back = 0.28;
    barrel(m, 0.065, 0.16, Vec3::new(0.0, back, 0.0), Body);
    m.legs(5, -0.09, 0.09, 0.05, back - 0.02, 0.018, Body);
    let head = Vec3::new(0.0, back + 0.05, -0.16);
    m.add(Sphere(0.08), Body, head);
    m.add(Cuboid(0.1, 0.03, 0.05), Ivory, head + Vec3::new(0.0, -0.03, -0.06));
    for side in [-1.0, 1.0] {
        m.add(Sphere(0.018), Gem, head + Vec3::new(side * 0.045, 0.04, -0.055));
    }
    m.limb(Vec3::new(0.0, back + 0.02, 0.13), Vec3::new(0.0, back + 0.1, 0.2), 0.015, Body);
}

/// The sorak, Kara Vasa's little hunting cat: six legs, pointed ears, a tail curled up.
pub(super) fn sorak(m: &mut Model) {
    let back = 0.24;
    barrel(m, 0.05, 0.1, Vec3::new(0.0, back, 0.0), Trim);
    m.legs(3, -0.06, 0.06, 0.035, back - 0.01, 0.014, Trim);
    let head = Vec3::new(0.0, back + 0.06, -0.1);
    m.add(Sphere(0.05), Trim, head);
    for side in [-1.0, 1.0] {
        m.add(Cone(0.018, 0.05), Trim, head + Vec3::new(side * 0.03, 0.05, 0.0));
        m.add(Sphere(0.012), Gem, head + Vec3::new(side * 0.022, 0.01, -0.045));
    }
    m.limb(Vec3::new(0.0, back, 0.09), Vec3::new(0.0, back + 0.14, 0.14), 0.012, Trim);
}

/// The zitidar, the huge mastodon-like draught beast: four pillar legs, ivory tusks, a
/// trunk, broad ears, and a howdah on its back.
pub(super) fn zitidar(m: &mut Model) {
    m.pedestal();
    let back = 0.52;
    m.push(part(Sphere(0.5), Body, Vec3::new(0.0, back, 0.03)).scaled(Vec3::new(0.46, 0.42, 0.62)));
    for z in [-0.13, 0.2] {
        for side in [-1.0, 1.0] {
            m.rod(Vec3::new(side * 0.14, back - 0.05, z), Vec3::new(side * 0.15, FOOT, z), 0.06, Body);
        }
    }
    let head = Vec3::new(0.0, back + 0.1, -0.26);
    m.add(Sphere(0.13), Body, head);
    m.limb(head + Vec3::new(0.0, -0.06, -0.1), Vec3::new(0.0, 0.26, -0.38), 0.035, Body);
    for side in [-1.0, 1.0] {
        m.push(part(Sphere(0.1), Body, head + Vec3::new(side * 0.13, 0.02, 0.04)).scaled(Vec3::new(0.3, 1.0, 0.8)));
        let tusk = part(Cone(0.025, 0.16), Ivory, head + Vec3::new(side * 0.08, -0.09, -0.09));
        m.push(tusk.turned(along(Vec3::new(side * 0.25, 0.5, -1.0))));
    }
    let howdah = back + 0.22;
    m.add(Cuboid(0.24, 0.1, 0.26), Trim, Vec3::new(0.0, howdah, 0.06));
    m.add(Cone(0.17, 0.12), Body, Vec3::new(0.0, howdah + 0.13, 0.06));
    m.add(Sphere(0.035), Gem, Vec3::new(0.0, howdah + 0.21, 0.06));
    m.limb(Vec3::new(0.0, back, 0.33), Vec3::new(0.0, back - 0.2, 0.38), 0.02, Body);
    m.three_quarter();
}

/// The Wild Banth, the ten-legged lion of the dead sea bottoms: tawny, maned, fanged; on a
/// plain stone foot, for it belongs to neither side.
pub(super) fn wild_banth(m: &mut Model) {
    m.foot(Stone, Mane);
    let back = 0.4;
    barrel(m, 0.11, 0.3, Vec3::new(0.0, back, 0.04), Tawny);
    m.legs(5, -0.12, 0.18, 0.08, back - 0.04, 0.024, Tawny);
    let head = Vec3::new(0.0, back + 0.12, -0.25);
    m.push(part(Sphere(0.15), Mane, head + Vec3::new(0.0, 0.0, 0.06)).scaled(Vec3::new(1.0, 1.0, 0.7)));
    m.add(Sphere(0.1), Tawny, head);
    m.add(Sphere(0.05), Tawny, head + Vec3::new(0.0, -0.03, -0.09));
    for side in [-1.0, 1.0] {
        let fang = part(Cone(0.014, 0.06), Ivory, head + Vec3::new(side * 0.03, -0.08, -0.11));
        m.push(fang.turned(Quat::from_rotation_x(std::f32::consts::PI)));
        m.add(Sphere(0.018), Gem, head + Vec3::new(side * 0.045, 0.035, -0.085));
    }
    let tail = Vec3::new(0.0, back + 0.2, 0.38);
    m.limb(Vec3::new(0.0, back + 0.02, 0.28), tail, 0.018, Tawny);
    m.add(Sphere(0.04), Mane, tail);
    m.three_quarter();
}
