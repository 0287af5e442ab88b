//! What the look items build: the foot, standing men and gowned women, limbs, weapons,
//! feathers and crowns, propellers, hulls, deckhouses and legs, each a few primitives placed
//! on a [`Model`].

use std::f32::consts::{FRAC_PI_2, TAU};

use bevy::prelude::*;

use super::model::{Model, Paint, part};
use super::vocabulary::Paint::*;
use super::vocabulary::Shape::*;

/// The height of the foot every piece stands on.
pub const FOOT: f32 = 0.13;

/// A point on the model's axis.
pub fn y(height: f32) -> Vec3 {
    Vec3::Y * height
}

/// The turn that points a shape's own up (+y) along `dir`.
pub fn along(dir: Vec3) -> Quat {
    Quat::from_rotation_arc(Vec3::Y, dir.normalize())
}

/// Where a standing model's arms and headdress go.
#[derive(Clone, Copy, Debug)]
pub struct Stance {
    /// Height of the shoulders.
    pub shoulder: f32,
    /// Distance of each shoulder from the axis.
    pub width: f32,
    /// Height of the neck (where a collar sits).
    pub neck: f32,
    /// Height of the head's centre.
    pub head: f32,
    /// Radius of the head.
    pub head_r: f32,
    /// Height of the top of the head.
    pub top: f32,
    /// How big what is worn on the body is, against a statuette's (1; a living figure's 0.5).
    pub scale: f32,
}

impl Stance {
    /// The same body as a statuette wearing things at their full size would have it: grown by
    /// `1 / scale` about the head's centre (what is worn on it is built on this one, then
    /// shrunk back about the same centre).
    pub fn at_statuette_scale(self) -> Stance {
        let grown = |height: f32| self.head + (height - self.head) / self.scale;
        Stance {
            shoulder: grown(self.shoulder),
            width: self.width / self.scale,
            neck: grown(self.neck),
            head: self.head,
            head_r: self.head_r / self.scale,
            top: grown(self.top),
            scale: 1.0,
        }
    }

    /// A shoulder: `side` is -1 for the left, 1 for the right.
    pub fn shoulder(self, side: f32) -> Vec3 {
        Vec3::new(side * self.width, self.shoulder, 0.0)
    }
}

impl Model {
    /// The trimmed foot every piece of a side stands on.
    pub fn pedestal(&mut self) {
        self.foot(Trim, Body);
    }

    /// A foot turned like a chess piece's, `FOOT` high: a rim with a cove above it, then a bead
    /// and an ogee rising to the body, of these paints.
    pub fn foot(&mut self, rim: Paint, top: Paint) {
        let rim_profile = vec![(0.0, 0.0), (0.31, 0.0), (0.31, 0.035), (0.29, 0.05), (0.28, 0.055), (0.0, 0.055)];
        self.add(Lathe(rim_profile), rim, Vec3::ZERO);
        let top_profile = vec![
            (0.0, 0.055),
            (0.275, 0.055),
            (0.285, 0.067),
            (0.275, 0.08),
            (0.25, 0.09),
            (0.225, 0.11),
            (0.215, FOOT),
            (0.0, FOOT),
        ];
        self.add(Lathe(top_profile), top, Vec3::ZERO);
    }

    /// A standing man: body of radius `r` and height `h`, head on top, with a band of trim
    /// round the chest unless he is plain.
    pub fn figure(&mut self, r: f32, h: f32, trimmed: bool) -> Stance {
        self.add(Cylinder(r, h), Body, y(FOOT + h / 2.0));
        if trimmed {
            self.add(Torus(r * 0.95, 0.025), Trim, y(FOOT + h * 0.8));
        }
        self.add(Sphere(r * 0.62), Body, y(FOOT + h + r * 0.5));
        Stance {
            shoulder: FOOT + h - 0.04,
            width: r,
            neck: FOOT + h,
            head: FOOT + h + r * 0.5,
            head_r: r * 0.62,
            top: FOOT + h + r * 1.1,
            scale: 1.0,
        }
    }

    /// A woman in a long gown: a cone of a skirt of radius `r` and height `h`, a bodice and a
    /// head, in her side's colour or in `skin` above the skirt.
    pub fn gown(&mut self, r: f32, h: f32, skin: Paint) -> Stance {
        let torso_r = r * 0.36;
        let head_r = r * 0.44;
        let torso = FOOT + h - 0.08;
        let head = torso + 0.07 + head_r;
        self.add(Cone(r, h), Body, y(FOOT + h / 2.0 + 0.005));
        self.add(Cylinder(torso_r, 0.2), skin, y(torso));
        self.add(Sphere(head_r), skin, y(head));
        Stance {
            shoulder: torso + 0.07,
            width: torso_r,
            neck: torso + 0.085,
            head,
            head_r,
            top: head + head_r,
            scale: 1.0,
        }
    }

    /// A round rod from one point to another.
    pub fn rod(&mut self, from: Vec3, to: Vec3, r: f32, paint: Paint) {
        self.push(part(Cylinder(r, from.distance(to)), paint, (from + to) / 2.0).turned(along(to - from)));
    }

    /// A limb, rounded at both ends, from one point to another.
    pub fn limb(&mut self, from: Vec3, to: Vec3, r: f32, paint: Paint) {
        self.push(part(Capsule(r, from.distance(to)), paint, (from + to) / 2.0).turned(along(to - from)));
    }

    /// An arm from a shoulder (`side` -1 left, 1 right) to `hand`; returns the hand.
    pub fn arm(&mut self, stance: Stance, side: f32, hand: Vec3, skin: Paint) -> Vec3 {
        self.limb(stance.shoulder(side), hand, 0.028, skin);
        hand
    }

    /// A sword held at `hand`, its blade `length` long along `dir`.
    pub fn sword(&mut self, hand: Vec3, dir: Vec3, length: f32) {
        let dir = dir.normalize();
        let turn = along(dir);
        self.push(part(Cuboid(0.035, length, 0.012), Trim, hand + dir * (0.03 + length / 2.0)).turned(turn));
        self.push(part(Cuboid(0.11, 0.02, 0.03), Trim, hand + dir * 0.03).turned(turn));
        self.add(Sphere(0.022), Gem, hand - dir * 0.04);
    }

    /// A spear through `hand` along `dir`: `butt` of it behind the hand, `reach` before.
    pub fn spear(&mut self, hand: Vec3, dir: Vec3, butt: f32, reach: f32) {
        let dir = dir.normalize();
        let tip = hand + dir * reach;
        self.rod(hand - dir * butt, tip, 0.014, Body);
        self.push(part(Cone(0.035, 0.12), Trim, tip + dir * 0.05).turned(along(dir)));
    }

    /// A pennant flying from a spear held at `hand` along `dir`, `reach` before the hand, just
    /// below its head.
    pub fn pennant(&mut self, hand: Vec3, dir: Vec3, reach: f32) {
        let (dir, flag) = (dir.normalize(), along(dir));
        let at = hand + dir * (reach - 0.08) + flag * Vec3::X * 0.06;
        self.push(part(Cuboid(0.11, 0.07, 0.008), Trim, at).turned(flag));
    }

    /// A round shield of radius `r` at `at`, its face towards `facing`.
    pub fn shield(&mut self, at: Vec3, facing: Vec3, r: f32) {
        self.push(part(Cylinder(r, 0.025), Trim, at).turned(along(facing)));
        self.add(Sphere(r * 0.3), Body, at + facing.normalize() * 0.015);
    }

    /// The soldier's spear in the right hand and round shield on the left arm (Than, Tha).
    pub fn spear_and_shield(&mut self, stance: Stance) {
        let hand = self.arm(stance, 1.0, Vec3::new(stance.width + 0.06, stance.shoulder - 0.1, -0.06), Body);
        self.spear(hand, Vec3::new(0.0, 1.0, -0.3), 0.22, 0.42);
        let arm = Vec3::new(-stance.width - 0.05, stance.shoulder - 0.1, -0.04);
        self.arm(stance, -1.0, arm, Body);
        self.shield(arm + Vec3::new(-0.02, 0.0, -0.02), Vec3::new(-1.0, 0.5, -0.6), 0.12);
    }

    /// Feathers (thin blades) on a head, swept back (so that they show from above too),
    /// fanned by `spread` radians, or crossed.
    pub fn feathers(&mut self, top: f32, count: usize, spread: f32, crossed: bool) {
        for i in 0..count {
            let lean = if count == 1 { 0.0 } else { spread * (i as f32 / (count - 1) as f32 - 0.5) };
            let lean = if crossed { if i % 2 == 0 { 0.45 } else { -0.45 } } else { lean };
            let offset = if crossed { 0.0 } else { (i as f32 - (count as f32 - 1.0) / 2.0) * 0.06 };
            let turn = Quat::from_rotation_x(0.3) * Quat::from_rotation_z(lean);
            let root = Vec3::new(offset, top - 0.03, 0.0);
            self.push(part(Cuboid(0.045, 0.26, 0.08), Trim, root + turn * y(0.13)).turned(turn));
        }
    }

    /// Plumes leaning out from the top of the head like a star's points, seen from above:
    /// `count` of them, `lean` radians from upright, the first `phase` radians round from
    /// the front.
    pub fn plume_star(&mut self, top: f32, count: usize, lean: f32, phase: f32) {
        for i in 0..count {
            let turn = Quat::from_rotation_y(phase + i as f32 * TAU / count as f32) * Quat::from_rotation_x(-lean);
            self.push(part(Cuboid(0.05, 0.22, 0.02), Trim, y(top - 0.02) + turn * y(0.11)).turned(turn));
        }
        self.add(Sphere(0.035), Gem, y(top));
    }

    /// A green Martian's face on a head at `head` of radius `r`: tusks from the lower jaw and
    /// eyes set wide.
    pub fn tusks(&mut self, head: Vec3, r: f32) {
        for side in [-1.0, 1.0] {
            let tusk = part(Cone(r * 0.18, r * 0.9), Ivory, head + Vec3::new(side * r * 0.4, -r * 0.1, -r * 1.25));
            self.push(tusk.turned(along(Vec3::new(side * 0.3, 1.0, -0.3))));
            self.add(Sphere(r * 0.22), Gem, head + Vec3::new(side * r * 0.85, r * 0.2, -r * 0.5));
        }
    }

    /// A green Martian's four arms: the upper pair from the shoulders to `high`, the lower
    /// pair from below them to `low` (the right hands; the left ones mirror them).
    pub fn four_arms(&mut self, stance: Stance, high: Vec3, low: Vec3, r: f32) {
        for side in [-1.0, 1.0] {
            let mirror = Vec3::new(side, 1.0, 1.0);
            self.limb(stance.shoulder(side), high * mirror, r, Green);
            self.limb(stance.shoulder(side) - y(0.12), low * mirror, r, Green);
        }
    }

    /// A trim mantle hung from the shoulders, open at the front: a cone cut short (radii
    /// `top` and `bottom`, `height` tall, standing on the foot) flattened front to back and
    /// set `back` behind the axis.
    pub fn mantle(&mut self, top: f32, bottom: f32, height: f32, back: f32) {
        let mantle = part(Frustum(top, bottom, height), Trim, Vec3::new(0.0, FOOT + height / 2.0 + 0.01, back));
        self.push(mantle.scaled(Vec3::new(1.0, 1.0, 0.75)));
    }

    /// Round trim studs on the shoulders: the mark of a general.
    pub fn epaulettes(&mut self, stance: Stance) {
        for side in [-1.0, 1.0] {
            self.add(Sphere(0.055), Trim, stance.shoulder(side) + y(0.02));
        }
    }

    /// A crown: a ring of radius `r` at `base`, with `points` spikes `height` tall leaning out by
    /// `flare` (0 upright), each tipped with a gem, the first over the brow.
    pub fn crown(&mut self, base: f32, r: f32, points: usize, height: f32, flare: f32) {
        self.add(Torus(r, 0.022), Trim, y(base));
        for i in 0..points {
            let angle = i as f32 * TAU / points as f32;
            let out = Vec3::new(angle.sin(), 0.0, -angle.cos());
            let dir = (Vec3::Y + out * flare).normalize();
            let foot = y(base) + out * r;
            self.push(part(Cone(0.028, height), Trim, foot + dir * height / 2.0).turned(along(dir)));
            self.add(Sphere(0.025), Gem, foot + dir * (height + 0.01));
        }
    }

    /// A ring centred at `centre` set with `gems` gems round it.
    pub fn jewelled_ring(&mut self, centre: Vec3, r: f32, tube: f32, gems: usize, gem_r: f32) {
        self.add(Torus(r, tube), Trim, centre);
        for i in 0..gems {
            let angle = i as f32 * TAU / gems as f32;
            self.add(Sphere(gem_r), Gem, centre + Vec3::new(angle.cos() * r, tube + gem_r * 0.6, angle.sin() * r));
        }
    }

    /// A plain circlet round the head with one gem over the brow.
    pub fn circlet(&mut self, stance: Stance) {
        let height = stance.head + stance.head_r * 0.45;
        let r = stance.head_r * 0.93;
        self.add(Torus(r, 0.018), Trim, y(height));
        self.add(Sphere(0.03), Gem, Vec3::new(0.0, height + 0.01, -r - 0.01));
    }

    /// An iron collar at the neck.
    pub fn collar(&mut self, stance: Stance) {
        self.add(Torus(stance.head_r * 0.9, 0.022), Iron, y(stance.neck));
    }

    /// Thin blades fanned out from `pivot`, `length` long, over `spread` radians about the
    /// plane that `turn` sets up (untouched, a fan upright in the x-y plane), gems on their tips.
    pub fn fan(&mut self, pivot: Vec3, turn: Quat, blades: usize, length: f32, spread: f32) {
        for i in 0..blades {
            let angle = spread * (i as f32 / (blades - 1) as f32 - 0.5);
            let blade = turn * Quat::from_rotation_z(angle);
            self.push(part(Cuboid(0.035, length, 0.008), Trim, pivot + blade * y(length / 2.0)).turned(blade));
            self.add(Sphere(0.02), Gem, pivot + blade * y(length));
        }
    }

    /// A pair of wings rooted either side of `root`: each `feathers` flat feathers of up to `span`,
    /// fanned from swept back along the body to reaching out sideways, raised by `raise` radians.
    pub fn wings(&mut self, root: Vec3, span: f32, feathers: usize, raise: f32, paint: Paint) {
        for side in [-1.0, 1.0] {
            for i in 0..feathers {
                let t = if feathers == 1 { 1.0 } else { i as f32 / (feathers - 1) as f32 };
                let length = span * (0.6 + 0.4 * t);
                let out = Vec3::new(side * (0.3 + 0.7 * t), 0.1 + raise.sin() * t, 0.8 * (1.0 - t) + 0.1).normalize();
                let base = root + Vec3::X * side * 0.02;
                self.push(part(Cuboid(0.05, length, 0.012), paint, base + out * length / 2.0).turned(along(out)));
            }
        }
    }

    /// A propeller at `hub` turning about `axis`: `blades` pitched blades `length` long.
    pub fn propeller(&mut self, hub: Vec3, axis: Vec3, blades: usize, length: f32) {
        let turn = along(axis);
        for i in 0..blades {
            let spoke = turn * Quat::from_rotation_y(i as f32 * TAU / blades as f32);
            let blade =
                part(Cuboid(length, 0.012, (length * 0.3).max(0.045)), Trim, hub + spoke * Vec3::X * (length / 2.0));
            self.push(blade.turned(spoke * Quat::from_rotation_x(0.35)).spinning(hub, axis));
        }
        self.add(Sphere(0.025), Gem, hub);
    }

    /// Pairs of legs from the hips at `hip` down to the foot, from `front` to `back` along the
    /// body, `x` from the axis.
    pub fn legs(&mut self, pairs: usize, front: f32, back: f32, x: f32, hip: f32, r: f32, paint: Paint) {
        for i in 0..pairs {
            let z = if pairs == 1 { front } else { front + (back - front) * i as f32 / (pairs - 1) as f32 };
            for side in [-1.0, 1.0] {
                self.rod(Vec3::new(side * x, hip, z), Vec3::new(side * x * 1.15, FOOT, z), r, paint);
            }
        }
    }

    /// A hull `length` long along z, `beam` wide and `depth` deep, its centre at `keel`, on a
    /// stand as if flying, with a band of trim along its sides and a deck; returns the deck's
    /// height.
    pub fn hull(&mut self, length: f32, beam: f32, depth: f32, keel: f32) -> f32 {
        self.rod(y(FOOT), y(keel), 0.022, Trim);
        self.push(part(Sphere(0.5), Body, y(keel)).scaled(Vec3::new(beam, depth, length)));
        let band = Vec3::new(beam * 1.03, depth * 0.25, length * 1.02);
        self.push(part(Sphere(0.5), Trim, y(keel + depth * 0.1)).scaled(band));
        let deck = keel + depth * 0.38;
        self.add(Cuboid(beam * 0.66, 0.02, length * 0.7), Trim, y(deck));
        deck + 0.01
    }

    /// A gem-ringed halo of radius `r` standing upright at `centre`, facing the enemy.
    pub fn halo(&mut self, centre: Vec3, r: f32, gems: usize) {
        self.push(part(Cylinder(r, 0.02), Trim, centre).turned(along(Vec3::Z)));
        for i in 0..gems {
            let angle = i as f32 * TAU / gems as f32;
            self.add(Sphere(0.025), Gem, centre + Vec3::new(angle.sin() * r, angle.cos() * r, -0.015));
        }
    }

    /// A beast's body lying along its length (a capsule of radius `r`, `length` long) at `at`.
    pub fn barrel(&mut self, r: f32, length: f32, at: Vec3, paint: Paint) {
        self.push(part(Capsule(r, length), paint, at).turned(Quat::from_rotation_x(FRAC_PI_2)));
    }

    /// A deckhouse on the deck at height `deck`, with a bridge tower and a mast flying a pennant
    /// up to `mast`, `at` along the deck; `size` scales the house.
    pub fn deckhouse(&mut self, deck: f32, at: f32, size: f32, mast: f32) {
        self.add(Cuboid(0.18 * size, 0.07 * size, 0.3 * size), Body, Vec3::new(0.0, deck + 0.035 * size, at));
        self.add(Cuboid(0.2 * size, 0.015, 0.32 * size), Trim, Vec3::new(0.0, deck + 0.075 * size, at));
        let tower = Vec3::new(0.0, deck + 0.14 * size, at + 0.04);
        self.add(Cuboid(0.1 * size, 0.12 * size, 0.1 * size), Body, tower);
        self.rod(tower, Vec3::new(0.0, mast, tower.z), 0.012, Trim);
        self.add(Cuboid(0.008, 0.05, 0.1), Trim, Vec3::new(0.0, mast - 0.04, tower.z + 0.06));
    }

    /// A turret at `z` on the deck at height `deck`, with twin guns pointing out along the hull
    /// (`dir` -1 to the bow, 1 to the stern).
    pub fn turret(&mut self, deck: f32, z: f32, dir: f32) {
        self.add(Cylinder(0.055, 0.04), Body, Vec3::new(0.0, deck + 0.02, z));
        self.add(Sphere(0.02), Trim, Vec3::new(0.0, deck + 0.045, z));
        for x in [-0.02, 0.02] {
            self.rod(Vec3::new(x, deck + 0.03, z), Vec3::new(x, deck + 0.05, z + dir * 0.14), 0.009, Trim);
        }
    }

    /// A banded column with `letter` on its top, for a kind without a look of its own: bands and
    /// height by its `rank` (its place among the kinds), so that such kinds still differ.
    pub fn column(&mut self, rank: usize, letter: &str) {
        let stance = self.figure(0.17, 0.35 + 0.03 * (rank % 6) as f32, true);
        for band in 0..=(rank % 4) {
            self.add(Torus(0.17, 0.02), Trim, y(0.2 + band as f32 * 0.08));
        }
        let cap = stance.top - 0.02;
        self.add(Cylinder(0.16, 0.03), Trim, y(cap));
        super::letters::engrave(self, letter, y(cap + 0.015), 0.2);
    }
}
