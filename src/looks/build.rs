//! Builds a look's items into a model's parts, checking them as it goes: every number finite
//! and in range, every anchor set before it is used, every shared group known, and no look so
//! big that it would slow the game.

use std::cell::Cell;
use std::collections::BTreeMap;
use std::sync::Arc;

use bevy::prelude::*;

use super::kit::{Stance, along, y};
use super::model::{Model, Part, part};
use super::skeleton::Skeleton;
use super::vocabulary::{Item, Joint, Look, Point, Shape, Turn};

/// The most items of a kind that repeat (feathers, gems, blades, legs, points).
pub const MAX_COUNT: usize = 64;
/// The most parts one look may have.
pub const MAX_PARTS: usize = 2000;
/// How deep groups and shared groups may nest.
const MAX_DEPTH: usize = 8;
/// The most items one look may build, counting each use of a shared group's items anew: shared
/// groups that use shared groups multiply, and a short file could otherwise ask for billions.
pub const MAX_ITEMS_BUILT: usize = 20_000;
/// The largest length a look may give (in squares), and the largest point in a lathe profile.
const MAX_LENGTH: f32 = 10.0;

/// The parts of `look`, with the file's `shared` groups to hand.
///
/// # Errors
/// What is wrong with an item, and which (`item 3 (Crown): …`).
pub fn parts(look: &Look, shared: &BTreeMap<String, Vec<Item>>) -> Result<Vec<Part>, String> {
    figure(look, shared).map(|(parts, _)| parts)
}

/// The parts of `look` and its skeleton (its joints and motions; empty for a statuette).
///
/// # Errors
/// What is wrong with an item (`item 3 (Crown): …`), a joint or a motion.
pub fn figure(look: &Look, shared: &BTreeMap<String, Vec<Item>>) -> Result<(Vec<Part>, Skeleton), String> {
    check_length("size", look.size)?;
    check("turn", look.turn.is_finite(), "must be a number")?;
    let rig = Rig { joints: &look.joints, pivots: vec![None; look.joints.len()] };
    let built = Cell::new(0);
    let mut builder =
        Builder { shared, built: &built, model: Model::default(), stance: None, deck: None, depth: 0, rig: Some(rig) };
    builder.items(&look.parts)?;
    let place =
        Transform::from_rotation(Quat::from_rotation_y(look.turn.to_radians())).with_scale(Vec3::splat(look.size));
    let pivots: Vec<Option<Vec3>> = builder
        .rig
        .take()
        .map_or_else(Vec::new, |rig| rig.pivots)
        .iter()
        .map(|p| p.map(|p| place.transform_point(p)))
        .collect();
    let skeleton = Skeleton::new(&look.joints, &pivots, &look.motions, turned)?;
    Ok((builder.model.parts.into_iter().map(|part| part.placed(place)).collect(), skeleton))
}

/// Builds items into one frame: the model so far and the anchors its body has set.
struct Builder<'a> {
    shared: &'a BTreeMap<String, Vec<Item>>,
    /// How many items the look has built so far, in every group.
    built: &'a Cell<usize>,
    model: Model,
    stance: Option<Stance>,
    deck: Option<f32>,
    depth: usize,
    /// The look's joints, and their pivots as found (none for a worn item, which holds no joint).
    rig: Option<Rig<'a>>,
}

/// The joints of the look being built, by index in name order, and each one's pivot once a
/// `Joint` item has put parts on it.
struct Rig<'a> {
    joints: &'a BTreeMap<String, Joint>,
    pivots: Vec<Option<Vec3>>,
}

impl Rig<'_> {
    fn index(&self, name: &str) -> Result<usize, String> {
        self.joints.keys().position(|n| n == name).ok_or_else(|| {
            let known: Vec<&str> = self.joints.keys().map(String::as_str).collect();
            format!("no joint \"{name}\" in the look's `joints` (it has: {})", list(&known))
        })
    }

    /// The joint a mirror image goes on: `left_…` for `right_…` and back; the same joint for
    /// one in the middle.
    fn mirror(&self, joint: usize) -> Result<usize, String> {
        let name = self.joints.keys().nth(joint).expect("a joint of the look");
        let mirrored = if let Some(rest) = name.strip_prefix("left_") {
            format!("right_{rest}")
        } else if let Some(rest) = name.strip_prefix("right_") {
            format!("left_{rest}")
        } else {
            return Ok(joint);
        };
        self.index(&mirrored).map_err(|_| format!("joint \"{name}\" has no \"{mirrored}\" to mirror to"))
    }
}

impl Builder<'_> {
    fn items(&mut self, items: &[Item]) -> Result<(), String> {
        for (i, item) in items.iter().enumerate() {
            self.built.set(self.built.get() + 1);
            if self.built.get() > MAX_ITEMS_BUILT {
                let why = "shared groups that use shared groups multiply";
                return Err(format!("the look builds more than {MAX_ITEMS_BUILT} items ({why})"));
            }
            let start = self.model.parts.len();
            self.item(item).map_err(|error| format!("item {} ({}): {error}", i + 1, name(item)))?;
            if let Some(material) = item.material() {
                check_material(material).map_err(|error| format!("item {} ({}): {error}", i + 1, name(item)))?;
                let material: Arc<str> = material.into();
                for part in &mut self.model.parts[start..] {
                    part.material = Some(material.clone());
                }
            }
            if self.model.parts.len() > MAX_PARTS {
                return Err(format!("more than {MAX_PARTS} parts"));
            }
        }
        Ok(())
    }

    /// The body's anchors, which `what` needs.
    fn stance(&self, what: &str) -> Result<Stance, String> {
        self.stance.ok_or_else(|| format!("{what} needs a body before it (Figure, Gown or Stance)"))
    }

    fn point(&self, point: Point) -> Result<Vec3, String> {
        let (base, (x, y, z)) = match point {
            Point::Foot(x, y, z) => (0.0, (x, y, z)),
            Point::Neck(x, y, z) => (self.stance("Neck")?.neck, (x, y, z)),
            Point::Shoulder(x, y, z) => (self.stance("Shoulder")?.shoulder, (x, y, z)),
            Point::Head(x, y, z) => (self.stance("Head")?.head, (x, y, z)),
            Point::Top(x, y, z) => (self.stance("Top")?.top, (x, y, z)),
            Point::Deck(x, y, z) => (self.deck.ok_or("Deck needs a Hull before it")?, (x, y, z)),
        };
        let offset = vector("a point", (x, y, z))?;
        Ok(Vec3::new(0.0, base, 0.0) + offset)
    }

    fn item(&mut self, item: &Item) -> Result<(), String> {
        if let Some(stance) = self.stance.filter(|stance| stance.scale != 1.0)
            && is_worn(item)
        {
            return self.worn(item, stance);
        }
        let drawn = self.body(item)?
            || self.armament(item)?
            || self.headgear(item)?
            || self.feature(item)?
            || self.airship(item)?;
        if !drawn {
            self.composition(item)?;
        }
        Ok(())
    }

    /// A body, a beast's body or a part of one: what a figure is built on. Says whether `item` is one.
    fn body(&mut self, item: &Item) -> Result<bool, String> {
        let m = &mut self.model;
        match item {
            Item::Pedestal => m.pedestal(),
            Item::Foot { rim, top } => m.foot(*rim, *top),
            Item::Figure { radius, height, trimmed } => {
                check_length("radius", *radius)?;
                check_length("height", *height)?;
                self.stance = Some(self.model.figure(*radius, *height, *trimmed));
            }
            Item::Gown { radius, height, skin } => {
                check_length("radius", *radius)?;
                check_length("height", *height)?;
                self.stance = Some(self.model.gown(*radius, *height, *skin));
            }
            &Item::Stance { shoulder, width, neck, head, head_radius, top, scale } => {
                for (key, value) in [
                    ("shoulder", shoulder),
                    ("width", width),
                    ("neck", neck),
                    ("head", head),
                    ("head_radius", head_radius),
                    ("top", top),
                    ("scale", scale),
                ] {
                    check_length(key, value)?;
                }
                self.stance = Some(Stance { shoulder, width, neck, head, head_r: head_radius, top, scale });
            }
            Item::Part { shape, paint, at, turn, scale, .. } => {
                check_shape(shape)?;
                let at = self.point(*at)?;
                let scale = vector("scale", *scale)?;
                self.model.push(part(shape.clone(), *paint, at).turned(turned(*turn)?).scaled(scale));
            }
            &Item::Rod { from, to, radius, paint, .. } | &Item::Limb { from, to, radius, paint, .. } => {
                check_length("radius", radius)?;
                let (from, to) = (self.point(from)?, self.point(to)?);
                check("to", from.distance(to) > 1e-4, "must lie away from `from`")?;
                if matches!(item, Item::Rod { .. }) {
                    self.model.rod(from, to, radius, paint);
                } else {
                    self.model.limb(from, to, radius, paint);
                }
            }
            &Item::Barrel { radius, length, at, paint, .. } => {
                check_length("radius", radius)?;
                check_length("length", length)?;
                let at = self.point(at)?;
                self.model.barrel(radius, length, at, paint);
            }
            &Item::Legs { pairs, front, back, x, hip, radius, paint, .. } => {
                check_count("pairs", pairs, 1)?;
                for (key, value) in [("front", front), ("back", back), ("x", x), ("hip", hip)] {
                    check(key, value.is_finite() && value.abs() <= MAX_LENGTH, "must be a length")?;
                }
                check_length("radius", radius)?;
                m.legs(pairs, front, back, x, hip, radius, paint);
            }
            Item::Column { rank, letter } => {
                m.pedestal();
                m.column(*rank, letter);
            }

            _ => return Ok(false),
        }
        Ok(true)
    }

    /// An arm and what it holds: swords, spears, shields. Says whether `item` is one.
    fn armament(&mut self, item: &Item) -> Result<bool, String> {
        match item {
            &Item::Arm { side, hand, skin } => {
                let stance = self.stance("an arm")?;
                let hand = self.point(hand)?;
                self.model.arm(stance, side.sign(), hand, skin);
            }
            &Item::Sword { hand, dir, length, arm } => {
                let (hand, dir) = (self.point(hand)?, direction("dir", dir)?);
                check_length("length", length)?;
                self.arm(arm, hand)?;
                self.model.sword(hand, dir, length);
            }
            &Item::Spear { hand, dir, butt, reach, arm, pennant } => {
                let (hand, dir) = (self.point(hand)?, direction("dir", dir)?);
                check_length("butt", butt)?;
                check_length("reach", reach)?;
                self.arm(arm, hand)?;
                self.model.spear(hand, dir, butt, reach);
                if pennant {
                    self.model.pennant(hand, dir, reach);
                }
            }
            &Item::Shield { at, facing, radius } => {
                let (at, facing) = (self.point(at)?, direction("facing", facing)?);
                check_length("radius", radius)?;
                self.model.shield(at, facing, radius);
            }
            Item::SpearAndShield => {
                let stance = self.stance("SpearAndShield")?;
                self.model.spear_and_shield(stance);
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// A mark of rank worn on the head: feathers, plumes, crowns, jewels, halos. Says whether `item` is one.
    fn headgear(&mut self, item: &Item) -> Result<bool, String> {
        match item {
            &Item::Feathers { count, spread, crossed, lift } => {
                check_count("count", count, 1)?;
                check_angle("spread", spread)?;
                check("lift", lift.is_finite() && lift.abs() <= MAX_LENGTH, "must be a length")?;
                let top = self.stance("Feathers")?.top + lift;
                self.model.feathers(top, count, spread.to_radians(), crossed);
            }
            &Item::PlumeStar { count, lean, phase } => {
                check_count("count", count, 1)?;
                check_angle("lean", lean)?;
                check_angle("phase", phase)?;
                let top = self.stance("PlumeStar")?.top;
                self.model.plume_star(top, count, lean.to_radians(), phase.to_radians());
            }
            &Item::Crown { points, height, flare, seat, size } => {
                check_count("points", points, 1)?;
                check_length("height", height)?;
                check("flare", flare.is_finite() && flare.abs() <= MAX_LENGTH, "must be a number")?;
                check("seat", seat.is_finite() && seat.abs() <= MAX_LENGTH, "must be a number")?;
                check_length("size", size)?;
                let stance = self.stance("a crown")?;
                let base = stance.head + stance.head_r * seat;
                self.model.crown(base, stance.head_r * size, points, height, flare);
            }
            &Item::JewelledRing { at, radius, tube, gems, gem } => {
                let at = self.point(at)?;
                check_length("radius", radius)?;
                check_length("tube", tube)?;
                check_count("gems", gems, 0)?;
                check_length("gem", gem)?;
                self.model.jewelled_ring(at, radius, tube, gems, gem);
            }
            &Item::Halo { at, radius, gems } => {
                let at = self.point(at)?;
                check_length("radius", radius)?;
                check_count("gems", gems, 0)?;
                self.model.halo(at, radius, gems);
            }
            Item::Circlet => {
                let stance = self.stance("a circlet")?;
                self.model.circlet(stance);
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// A figure's dress or a creature's feature: collars, mantles, tusks, four arms, fans, wings. Says whether `item` is one.
    fn feature(&mut self, item: &Item) -> Result<bool, String> {
        let m = &mut self.model;
        match item {
            Item::Collar => {
                let stance = self.stance("a collar")?;
                self.model.collar(stance);
            }
            Item::Epaulettes => {
                let stance = self.stance("epaulettes")?;
                self.model.epaulettes(stance);
            }
            &Item::Mantle { top, bottom, height, back } => {
                for (key, value) in [("top", top), ("bottom", bottom), ("height", height)] {
                    check_length(key, value)?;
                }
                check("back", back.is_finite() && back.abs() <= MAX_LENGTH, "must be a length")?;
                m.mantle(top, bottom, height, back);
            }
            Item::Tusks => {
                let stance = self.stance("tusks")?;
                self.model.tusks(y(stance.head), stance.head_r);
            }
            &Item::FourArms { high, low, radius } => {
                let stance = self.stance("FourArms")?;
                let (high, low) = (self.point(high)?, self.point(low)?);
                check_length("radius", radius)?;
                self.model.four_arms(stance, high, low, radius);
            }
            &Item::Fan { at, tilt, blades, length, spread } => {
                let at = self.point(at)?;
                check_angle("tilt", tilt)?;
                check_count("blades", blades, 2)?;
                check_length("length", length)?;
                check_angle("spread", spread)?;
                self.model.fan(at, Quat::from_rotation_z(tilt.to_radians()), blades, length, spread.to_radians());
            }
            &Item::Wings { at, span, feathers, raise, paint } => {
                let at = self.point(at)?;
                check_length("span", span)?;
                check_count("feathers", feathers, 1)?;
                check_angle("raise", raise)?;
                self.model.wings(at, span, feathers, raise.to_radians(), paint);
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// An airship's hull and its fittings. Says whether `item` is one.
    fn airship(&mut self, item: &Item) -> Result<bool, String> {
        match *item {
            Item::Propeller { hub, axis, blades, length } => {
                let (hub, axis) = (self.point(hub)?, direction("axis", axis)?);
                check_count("blades", blades, 1)?;
                check_length("length", length)?;
                self.model.propeller(hub, axis, blades, length);
            }
            Item::Hull { length, beam, depth, keel } => {
                for (key, value) in [("length", length), ("beam", beam), ("depth", depth), ("keel", keel)] {
                    check_length(key, value)?;
                }
                self.deck = Some(self.model.hull(length, beam, depth, keel));
            }
            Item::Deckhouse { at, size, mast } => {
                let deck = self.deck.ok_or("a deckhouse needs a Hull before it")?;
                check("at", at.is_finite() && at.abs() <= MAX_LENGTH, "must be a length")?;
                check_length("size", size)?;
                check_length("mast", mast)?;
                self.model.deckhouse(deck, at, size, mast);
            }
            Item::Turret { at, dir } => {
                let deck = self.deck.ok_or("a turret needs a Hull before it")?;
                check("at", at.is_finite() && at.abs() <= MAX_LENGTH, "must be a length")?;
                check("dir", dir == 1.0 || dir == -1.0, "must be -1 (to the bow) or 1 (to the stern)")?;
                self.model.turret(deck, at, dir);
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// Items made of other items: shared groups, placed groups, mirrored halves.
    fn composition(&mut self, item: &Item) -> Result<(), String> {
        match item {
            Item::Use(name) => {
                let items = self.shared.get(name).ok_or_else(|| {
                    let known: Vec<&str> = self.shared.keys().map(String::as_str).collect();
                    format!("no shared group `{name}` in this file (it has: {})", list(&known))
                })?;
                self.nested(|builder| builder.items(items))?;
            }
            Item::Group { at, turn, scale, parts } => {
                let place = Transform::from_translation(self.point(*at)?)
                    .with_rotation(turned(*turn)?)
                    .with_scale(Vec3::splat(check_length("scale", *scale)?));
                let mut group = Builder {
                    shared: self.shared,
                    built: self.built,
                    model: Model::default(),
                    stance: None,
                    deck: None,
                    depth: self.depth,
                    rig: self.rig.take(),
                };
                let placed_before = group.placed_pivots();
                let built = group.nested(|builder| builder.items(parts));
                // The pivots the group placed are in its frame: placed with its parts.
                if let Some(mut rig) = group.rig.take() {
                    for (pivot, before) in rig.pivots.iter_mut().zip(placed_before) {
                        if !before && let Some(pivot) = pivot {
                            *pivot = place.transform_point(*pivot);
                        }
                    }
                    self.rig = Some(rig);
                }
                built?;
                self.model.parts.extend(group.model.parts.into_iter().map(|part| part.placed(place)));
            }
            Item::Mirrored(items) => {
                let start = self.model.parts.len();
                let placed_before = self.placed_pivots();
                self.nested(|builder| builder.items(items))?;
                // Each joint put on in the half mirrors to its other side's (which holds the
                // mirrored parts, or the joints that do).
                let placed_now: Vec<usize> = self
                    .rig
                    .iter()
                    .flat_map(|rig| rig.pivots.iter().enumerate())
                    .filter(|&(joint, pivot)| pivot.is_some() && !placed_before[joint])
                    .map(|(joint, _)| joint)
                    .collect();
                for joint in placed_now {
                    let other = self.rig.as_ref().expect("a joint is put on with a rig").mirror(joint)?;
                    self.find_pivot(other)?;
                }
                let mut mirrored: Vec<Part> = self.model.parts[start..].iter().cloned().map(Part::mirrored).collect();
                for part in &mut mirrored {
                    if let Some(joint) = part.joint {
                        part.joint = Some(self.rig.as_ref().expect("a joint is put on with a rig").mirror(joint)?);
                    }
                }
                self.model.parts.extend(mirrored);
            }
            Item::Joint { name, parts } => {
                let rig = self.rig.as_ref().ok_or("a Joint can't be put here")?;
                let joint = rig.index(name)?;
                self.find_pivot(joint)?;
                let start = self.model.parts.len();
                self.nested(|builder| builder.items(parts))?;
                // A joint put on inside this one keeps its parts.
                for part in &mut self.model.parts[start..] {
                    part.joint.get_or_insert(joint);
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Builds `item`, worn on a body of `stance` whose things are drawn smaller: on the body at
    /// a statuette's scale, then shrunk about the head's centre.
    fn worn(&mut self, item: &Item, stance: Stance) -> Result<(), String> {
        let mut statuette = Builder {
            shared: self.shared,
            built: self.built,
            model: Model::default(),
            stance: Some(stance.at_statuette_scale()),
            deck: self.deck,
            depth: self.depth,
            rig: None,
        };
        statuette.item(item)?;
        let centre = y(stance.head);
        let shrink = Transform::from_translation(centre).with_scale(Vec3::splat(stance.scale))
            * Transform::from_translation(-centre);
        self.model.parts.extend(statuette.model.parts.into_iter().map(|part| part.placed(shrink)));
        Ok(())
    }

    /// Draws the arm that holds something at `hand`, if asked.
    fn arm(&mut self, arm: Option<super::vocabulary::Hand>, hand: Vec3) -> Result<(), String> {
        if let Some(side) = arm {
            let stance = self.stance("an arm")?;
            self.model.arm(stance, side.sign(), hand, super::vocabulary::Paint::Body);
        }
        Ok(())
    }

    /// Which of the rig's joints have their pivots placed (none without a rig).
    fn placed_pivots(&self) -> Vec<bool> {
        self.rig.iter().flat_map(|rig| rig.pivots.iter().map(Option::is_some)).collect()
    }

    /// Places a joint's pivot (its `at`, with the body's anchors as they are), if not yet placed.
    fn find_pivot(&mut self, joint: usize) -> Result<(), String> {
        let rig = self.rig.as_ref().expect("a joint is put on with a rig");
        if rig.pivots[joint].is_none() {
            let at = rig.joints.values().nth(joint).expect("a joint of the look").at;
            let pivot = self.point(at)?;
            self.rig.as_mut().expect("a rig").pivots[joint] = Some(pivot);
        }
        Ok(())
    }

    /// Builds nested items one level deeper.
    fn nested(&mut self, build: impl FnOnce(&mut Self) -> Result<(), String>) -> Result<(), String> {
        if self.depth >= MAX_DEPTH {
            return Err(format!("groups nested more than {MAX_DEPTH} deep (does a shared group use itself?)"));
        }
        self.depth += 1;
        let built = build(self);
        self.depth -= 1;
        built
    }
}

/// Whether `item` is worn on a body, drawn at its `Stance`'s scale: the headgear, studs and
/// collars it places, and what is placed from its anchors (an arm, a weapon, a jewel, a part
/// at `Head(…)`).
fn is_worn(item: &Item) -> bool {
    let at = match item {
        Item::SpearAndShield
        | Item::Feathers { .. }
        | Item::PlumeStar { .. }
        | Item::Crown { .. }
        | Item::Circlet
        | Item::Collar
        | Item::Epaulettes
        | Item::Tusks => return true,
        Item::Part { at, .. }
        | Item::Barrel { at, .. }
        | Item::Shield { at, .. }
        | Item::JewelledRing { at, .. }
        | Item::Halo { at, .. }
        | Item::Fan { at, .. }
        | Item::Wings { at, .. } => at,
        Item::Rod { from, .. } | Item::Limb { from, .. } => from,
        Item::Arm { hand, .. } | Item::Sword { hand, .. } | Item::Spear { hand, .. } => hand,
        Item::FourArms { high, .. } => high,
        Item::Propeller { hub, .. } => hub,
        _ => return false,
    };
    at.is_on_body()
}

/// The item's name as written.
fn name(item: &Item) -> String {
    let debug = format!("{item:?}");
    debug.split(|c: char| !c.is_alphanumeric()).next().unwrap_or_default().to_string()
}

fn list(names: &[&str]) -> String {
    if names.is_empty() { "none".to_string() } else { names.join(", ") }
}

fn check(key: &str, ok: bool, problem: &str) -> Result<(), String> {
    if ok { Ok(()) } else { Err(format!("`{key}` {problem}")) }
}

/// The longest name a material may have.
const MAX_MATERIAL_NAME: usize = 64;

/// Checks a material's name: a folder's under `materials/`, of small letters, digits and `_`.
pub fn check_material(name: &str) -> Result<(), String> {
    let plain = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_';
    check(
        "material",
        !name.is_empty() && name.len() <= MAX_MATERIAL_NAME && name.chars().all(plain),
        &format!("\"{name}\" must be a folder's name under materials/: small letters, digits and _"),
    )
}

/// A length: more than 0 and at most [`MAX_LENGTH`].
fn check_length(key: &str, value: f32) -> Result<f32, String> {
    check(
        key,
        value.is_finite() && value > 0.0 && value <= MAX_LENGTH,
        &format!("must be more than 0 and at most {MAX_LENGTH}"),
    )?;
    Ok(value)
}

fn check_count(key: &str, count: usize, least: usize) -> Result<(), String> {
    check(key, (least..=MAX_COUNT).contains(&count), &format!("must be {least} to {MAX_COUNT}"))
}

fn check_angle(key: &str, degrees: f32) -> Result<(), String> {
    check(key, degrees.is_finite() && degrees.abs() <= 3600.0, "must be an angle in degrees")
}

fn vector(key: &str, (x, y, z): (f32, f32, f32)) -> Result<Vec3, String> {
    let v = Vec3::new(x, y, z);
    check(
        key,
        v.is_finite() && v.abs().max_element() <= MAX_LENGTH,
        &format!("must be numbers of at most {MAX_LENGTH}"),
    )?;
    Ok(v)
}

fn direction(key: &str, dir: (f32, f32, f32)) -> Result<Vec3, String> {
    let v = vector(key, dir)?;
    check(key, v.length() > 1e-4, "must not be (0, 0, 0)")?;
    Ok(v.normalize())
}

fn turned(turn: Turn) -> Result<Quat, String> {
    Ok(match turn {
        Turn::None => Quat::IDENTITY,
        Turn::X(a) => {
            check_angle("X", a)?;
            Quat::from_rotation_x(a.to_radians())
        }
        Turn::Y(a) => {
            check_angle("Y", a)?;
            Quat::from_rotation_y(a.to_radians())
        }
        Turn::Z(a) => {
            check_angle("Z", a)?;
            Quat::from_rotation_z(a.to_radians())
        }
        Turn::Along(x, y, z) => along(direction("Along", (x, y, z))?),
    })
}

fn check_shape(shape: &Shape) -> Result<(), String> {
    let lengths: Vec<f32> = match shape {
        &Shape::Cylinder(a, b) | &Shape::Torus(a, b) | &Shape::Capsule(a, b) | &Shape::Cone(a, b) => vec![a, b],
        &Shape::Sphere(r) => vec![r],
        &Shape::Cuboid(a, b, c) => vec![a, b, c],
        &Shape::Frustum(top, bottom, h) => {
            check("Frustum", (0.0..=MAX_LENGTH).contains(&top), "radii must be 0 to 10")?;
            vec![bottom.max(top).max(f32::MIN_POSITIVE), h]
        }
        Shape::Lathe(profile) => {
            check("Lathe", (2..=MAX_COUNT).contains(&profile.len()), &format!("needs 2 to {MAX_COUNT} points"))?;
            for &(r, h) in profile {
                let ok = r.is_finite() && h.is_finite() && (0.0..=MAX_LENGTH).contains(&r) && h.abs() <= MAX_LENGTH;
                check("Lathe", ok, "points must be (radius 0 to 10, height -10 to 10)")?;
            }
            return Ok(());
        }
    };
    for length in lengths {
        check_length("the shape's sizes", length)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::looks::vocabulary::{Hand, Paint};

    fn look(parts: Vec<Item>) -> Look {
        Look { parts, ..Look::default() }
    }

    fn built(items: Vec<Item>) -> Result<Vec<Part>, String> {
        parts(&look(items), &BTreeMap::new())
    }

    #[test]
    fn an_ornament_needs_the_body_it_sits_on() {
        let error = built(vec![Item::Pedestal, Item::Circlet]).unwrap_err();
        assert_eq!(error, "item 2 (Circlet): a circlet needs a body before it (Figure, Gown or Stance)");
        let error = built(vec![Item::Turret { at: 0.0, dir: 1.0 }]).unwrap_err();
        assert!(error.contains("needs a Hull"), "{error}");
        let figure = Item::Figure { radius: 0.2, height: 0.5, trimmed: true };
        assert!(built(vec![figure, Item::Circlet]).is_ok());
    }

    #[test]
    fn numbers_out_of_range_are_refused_with_their_key() {
        let error = built(vec![Item::Figure { radius: -0.2, height: 0.5, trimmed: true }]).unwrap_err();
        assert!(error.contains("`radius` must be more than 0"), "{error}");
        let figure = Item::Figure { radius: 0.2, height: 0.5, trimmed: true };
        let error =
            built(vec![figure.clone(), Item::Feathers { count: 100_000, spread: 0.0, crossed: false, lift: 0.0 }])
                .unwrap_err();
        assert!(error.starts_with("item 2 (Feathers): `count` must be 1 to 64"), "{error}");
        let error =
            built(vec![figure, Item::Fan { at: Point::default(), tilt: 0.0, blades: 1, length: 0.1, spread: 90.0 }])
                .unwrap_err();
        assert!(error.contains("`blades` must be 2 to 64"), "{error}");
        let nan = Item::Part {
            shape: Shape::Sphere(f32::NAN),
            paint: Paint::Gem,
            at: Point::default(),
            turn: Turn::None,
            scale: (1.0, 1.0, 1.0),
            material: None,
        };
        assert!(built(vec![nan]).is_err());
    }

    #[test]
    fn a_shared_group_that_uses_itself_is_refused() {
        let shared = BTreeMap::from([("loop".to_string(), vec![Item::Use("loop".to_string())])]);
        let error = parts(&look(vec![Item::Use("loop".to_string())]), &shared).unwrap_err();
        assert!(error.contains("nested more than 8 deep"), "{error}");
        let error = built(vec![Item::Use("calot".to_string())]).unwrap_err();
        assert!(error.contains("no shared group `calot`"), "{error}");
    }

    #[test]
    fn mirrored_items_come_in_pairs_across_the_middle() {
        let figure = Item::Figure { radius: 0.2, height: 0.5, trimmed: false };
        let sword = Item::Sword {
            hand: Point::Shoulder(0.2, -0.1, -0.1),
            dir: (0.5, 1.0, -0.3),
            length: 0.3,
            arm: Some(Hand::Right),
        };
        let one = built(vec![figure.clone(), sword.clone()]).unwrap();
        let both = built(vec![figure, Item::Mirrored(vec![sword])]).unwrap();
        let body = 2;
        assert_eq!(both.len(), body + 2 * (one.len() - body));
        for (original, image) in both[body..].iter().zip(both[one.len()..].iter()) {
            assert!((original.at * Vec3::new(-1.0, 1.0, 1.0)).distance(image.at) < 1e-5);
            // The mirrored turn maps the shape's axis to the mirror of the original's.
            let axis = |part: &Part| part.turn * Vec3::Y;
            assert!((axis(original) * Vec3::new(-1.0, 1.0, 1.0)).distance(axis(image)) < 1e-5);
        }
    }

    #[test]
    fn wings_come_in_pairs_and_reach_out() {
        let wings =
            Item::Wings { at: Point::Foot(0.0, 0.5, 0.0), span: 0.3, feathers: 4, raise: 30.0, paint: Paint::Body };
        let parts = built(vec![wings]).unwrap();
        assert_eq!(parts.len(), 8);
        let (left, right): (Vec<&Part>, Vec<&Part>) = parts.iter().partition(|part| part.at.x < 0.0);
        assert_eq!((left.len(), right.len()), (4, 4));
        let reach = parts.iter().map(|part| part.at.x.abs()).fold(0.0, f32::max);
        assert!(reach > 0.1, "the outer feathers reach out: {reach}");
    }

    #[test]
    fn a_look_is_turned_and_sized_as_a_whole() {
        let item = Item::Part {
            shape: Shape::Sphere(0.1),
            paint: Paint::Gem,
            at: Point::Foot(0.0, 0.5, -0.2),
            turn: Turn::None,
            scale: (1.0, 1.0, 1.0),
            material: None,
        };
        let look = Look { parts: vec![item], size: 2.0, turn: 90.0, ..Look::default() };
        let parts = parts(&look, &BTreeMap::new()).unwrap();
        assert!(parts[0].at.distance(Vec3::new(-0.4, 1.0, 0.0)) < 1e-5, "{}", parts[0].at);
        assert_eq!(parts[0].scale, Vec3::splat(2.0));
    }
}
