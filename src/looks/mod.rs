//! How pieces look, as data: look files (`assets/looks/*.look.ron`, named by a variant's
//! `looks`) give each piece kind, by its id, the items it is built of ([`vocabulary`]), a glTF
//! model and a 2D icon. This module reads and checks them (errors at `FILE:LINE:COL`) and builds
//! a kind's parts; `scene::models` makes them meshes on the board and `diagram` draws the 2D
//! icons from them. The Rust here knows the vocabulary, never a kind's id.

mod build;
mod kit;
mod letters;
mod model;
pub mod skeleton;
pub mod vocabulary;

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

pub use build::{MAX_COUNT, MAX_PARTS};
pub use model::{Model, Paint, Part, Roundness, Shape, part};
pub use skeleton::Skeleton;
pub use vocabulary::{Item, Look, LookFile, MotionName};

use crate::ron_text::RonError;

/// The largest look file read.
pub const MAX_LOOK_BYTES: u64 = 1 << 20;

/// A look file, checked: every look builds.
#[derive(Debug)]
pub struct Looks {
    file: LookFile,
    /// Each kind's parts and skeleton, built once: its statuette, and its living figure.
    figures: BTreeMap<String, (Arc<Vec<Part>>, Arc<Skeleton>)>,
    living: BTreeMap<String, (Arc<Vec<Part>>, Arc<Skeleton>)>,
}

impl Looks {
    /// Reads and checks a look file's text; `origin` names it in errors.
    ///
    /// # Errors
    /// Every problem, one a line, as `ORIGIN:LINE:COL: message`: RON that doesn't read (at its
    /// place), or a look that doesn't build (at its kind's key).
    pub fn read(text: &str, origin: &str) -> Result<Looks, String> {
        let options = ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
        let file: LookFile = crate::ron_text::read_with(&options, text).map_err(|e| format!("{origin}:{e}"))?;
        let mut errors = Vec::new();
        let index = jetan_rules::TextIndex::new(text);
        for name in file.materials.values() {
            if let Err(error) = build::check_material(name) {
                errors.push(format!("{origin}:{}", RonError::at(&index, named_at(&index, name), error)));
            }
        }
        let mut build = |looks: &BTreeMap<String, Look>, section: &str| {
            let mut built = BTreeMap::new();
            // A kind's key, in its section (`living:` comes after `kinds:` when a file has both).
            let from = index.find_key(section).unwrap_or(0);
            for (id, look) in looks {
                match look_figure(look, &file) {
                    Ok((parts, skeleton)) => {
                        built.insert(id.clone(), (Arc::new(parts), Arc::new(skeleton)));
                    }
                    Err(error) => {
                        let key = format!("\"{id}\":");
                        let place = RonError::at_text_after(&index, from, &key, format!("look \"{id}\": {error}"));
                        errors.push(format!("{origin}:{place}"));
                    }
                }
            }
            built
        };
        let figures = build(&file.kinds, "kinds");
        let living = build(&file.living, "living");
        if errors.is_empty() { Ok(Looks { file, figures, living }) } else { Err(errors.join("\n")) }
    }

    /// Reads and checks the look file at `path` (a file on disk; errors name it as `origin`)
    /// as [`Looks::read_in`] does.
    ///
    /// # Errors
    /// The file can't be read, or [`Looks::read_in`]'s.
    pub fn read_file(path: &Path, origin: &str, places: &crate::places::Places) -> Result<Looks, String> {
        let text = crate::shipped::read_text(path, MAX_LOOK_BYTES).map_err(|e| format!("{origin}:1:1: {e}"))?;
        Looks::read_in(&text, origin, places)
    }

    /// Reads and checks a look file's text as the game does ([`Looks::read`]), then checks
    /// that every material its looks name is one of `places`' ([`Places::materials`]) and finds
    /// the files it names there ([`Looks::found_in`]).
    ///
    /// # Errors
    /// [`Looks::read`]'s, or a material that isn't there (at its name's place).
    pub fn read_in(text: &str, origin: &str, places: &crate::places::Places) -> Result<Looks, String> {
        let looks = Looks::read(text, origin)?;
        let known = places.materials();
        let index = jetan_rules::TextIndex::new(text);
        let unknown: std::collections::BTreeSet<&str> =
            looks.materials().filter(|name| !known.iter().any(|known| known == name)).collect();
        let errors: Vec<String> = unknown
            .into_iter()
            .map(|name| {
                let message = format!(
                    "no material \"{name}\": neither the game nor the mods folder has materials/{name}/ (there are: {})",
                    known.join(", ")
                );
                format!("{origin}:{}", RonError::at(&index, named_at(&index, name), message))
            })
            .collect();
        if errors.is_empty() { Ok(looks.found_in(places)) } else { Err(errors.join("\n")) }
    }

    /// The names of the materials the file names (for its paints, and its looks' parts), each
    /// once.
    fn materials(&self) -> impl Iterator<Item = &str> {
        let built = self.figures.values().chain(self.living.values());
        let named = built.flat_map(|(parts, _)| parts.iter().filter_map(|part| part.material.as_deref()));
        let by_paint = self.file.materials.values().map(String::as_str);
        named.chain(by_paint).collect::<std::collections::BTreeSet<&str>>().into_iter()
    }

    /// The looks with the models and icons they name found in `places` (a mod's file in place
    /// of the game's: [`Places::resolve`]).
    pub fn found_in(mut self, places: &crate::places::Places) -> Looks {
        for look in self.file.kinds.values_mut() {
            for path in [&mut look.model, &mut look.icon].into_iter().flatten() {
                *path = places.resolve(path);
            }
        }
        self
    }

    /// The look of a kind, if the file gives one (its statuette).
    pub fn look(&self, id: &str) -> Option<&Look> {
        self.file.kinds.get(id)
    }

    /// A kind's look and its figure: its living one if `living` and the file gives one, else
    /// its statuette.
    fn figure(&self, id: &str, living: bool) -> Option<(&Look, &(Arc<Vec<Part>>, Arc<Skeleton>))> {
        let alive = living.then(|| Some((self.file.living.get(id)?, self.living.get(id)?))).flatten();
        alive.or_else(|| Some((self.file.kinds.get(id)?, self.figures.get(id)?)))
    }

    /// The kinds the file gives looks to.
    pub fn ids(&self) -> impl Iterator<Item = &str> {
        self.file.kinds.keys().map(String::as_str)
    }
}

/// A look's parts, its items built (none for a look that is only a glTF model), and its
/// skeleton.
fn look_figure(look: &Look, file: &LookFile) -> Result<(Vec<Part>, Skeleton), String> {
    if let Some(model) = look.model.as_deref().filter(|model| !is_asset_path(model, &["glb", "gltf"])) {
        let example = "\"models/NAME.glb\"";
        return Err(format!("`model: \"{model}\"` must be a .glb or .gltf file under assets/ (such as {example})"));
    }
    if let Some(icon) = look.icon.as_deref().filter(|icon| !is_asset_path(icon, &["png"])) {
        return Err(format!("`icon: \"{icon}\"` must be a .png file under assets/ (such as \"icons/NAME.png\")"));
    }
    let (mut parts, skeleton) = match &look.rig {
        None => build::figure(look, &file.shared)?,
        Some(name) => {
            let rig = file.rigs.get(name).ok_or_else(|| {
                let known: Vec<&str> = file.rigs.keys().map(String::as_str).collect();
                format!("no rig \"{name}\" in this file's `rigs` (it has: {})", known.join(", "))
            })?;
            let mut rigged = look.clone();
            for (joint, at) in &rig.joints {
                rigged.joints.entry(joint.clone()).or_insert_with(|| at.clone());
            }
            for (motion, moves) in &rig.motions {
                rigged.motions.entry(*motion).or_insert_with(|| moves.clone());
            }
            build::figure(&rigged, &file.shared)?
        }
    };
    // A part of a paint the file gives a material is made of it, unless its item names its own.
    let by_paint: BTreeMap<Paint, Arc<str>> =
        file.materials.iter().map(|(paint, name)| (*paint, Arc::from(name.as_str()))).collect();
    for part in parts.iter_mut().filter(|part| part.material.is_none()) {
        part.material = by_paint.get(&part.paint).cloned();
    }
    Ok((parts, skeleton))
}

/// Where the file names the material `name` (`material: "skin"`, `Gem: "jewel"`): the first
/// `"name"` after a colon, outside comments.
fn named_at(index: &jetan_rules::TextIndex, name: &str) -> Option<usize> {
    let needle = format!("\"{name}\"");
    let mut from = 0;
    while let Some(at) = index.find_outside_comments(from, &needle) {
        if index.text()[..at].trim_end().ends_with(':') {
            return Some(at);
        }
        from = at + needle.len();
    }
    None
}

/// Whether `path` may name a file under `assets/` with one of these extensions
/// ([`jetan_rules::is_plain_path`]).
fn is_asset_path(path: &str, extensions: &[&str]) -> bool {
    extensions.iter().any(|extension| jetan_rules::is_plain_path(path, &format!(".{extension}")))
}

/// How one kind is drawn, from the look files a variant names.
#[derive(Clone, Debug)]
pub struct Drawn {
    /// Its parts (in its side's colours).
    pub parts: Arc<Vec<Part>>,
    /// The joints its parts turn about and its motions (none for a statuette).
    pub skeleton: Arc<Skeleton>,
    /// A glTF scene drawn with them (in its own materials).
    pub model: Option<GltfModel>,
    /// The image the 2D diagram shows, if the look gives one.
    pub icon: Option<String>,
    /// The letter shown over the generic look of a kind without one.
    pub letter: Option<String>,
    /// Whether the piece flies when it moves.
    pub flies: bool,
    /// Whether it is a living figure (from a file's `living` section): one that walks its
    /// moves on foot, unless it flies.
    pub living: bool,
    /// The kind's own sounds for events, by the sounds file's names.
    pub sounds: BTreeMap<crate::heard::SoundEvent, String>,
}

/// A glTF scene of a look: its asset path, and the look's size and turn.
#[derive(Clone, Debug, PartialEq)]
pub struct GltfModel {
    /// The model's asset path (`models/bird.glb`).
    pub path: String,
    /// The look's size: the model is scaled by it.
    pub size: f32,
    /// The look's turn about the upright, in degrees.
    pub turn: f32,
}

impl Drawn {
    /// The look of the kind `id` in the last of `files` that gives one (a living one first when
    /// `living`), or the generic column with its `letter` (`rank` its place among the kinds)
    /// when none does.
    pub fn of(id: &str, letter: &str, rank: usize, files: &[&Looks], living: bool) -> Drawn {
        let alive = living.then(|| files.iter().rev().find_map(|looks| looks.figure(id, true))).flatten();
        let living = alive.is_some();
        let found = alive.or_else(|| files.iter().rev().find_map(|looks| looks.figure(id, false)));
        let Some((look, (parts, skeleton))) = found else {
            let parts = Arc::new(generic(rank, letter));
            let (letter, skeleton) = (Some(letter.to_string()), Arc::default());
            let sounds = BTreeMap::new();
            return Drawn { parts, skeleton, model: None, icon: None, letter, flies: false, living: false, sounds };
        };
        let propellers = parts.iter().any(|part| part.spin.is_some());
        let model = look.model.as_ref().map(|path| GltfModel { path: path.clone(), size: look.size, turn: look.turn });
        let icon = look.icon.clone();
        let flies = look.flies.unwrap_or(propellers);
        let (parts, skeleton) = (parts.clone(), skeleton.clone());
        Drawn { parts, skeleton, model, icon, letter: None, flies, living, sounds: look.sounds.clone() }
    }
}

/// The look of a kind no look file gives: a banded column with its letter on top.
pub fn generic(rank: usize, letter: &str) -> Vec<Part> {
    let look = Look { parts: vec![Item::Column { rank, letter: letter.to_string() }], ..Look::default() };
    build::parts(&look, &BTreeMap::new()).unwrap_or_default()
}

#[cfg(test)]
mod tests;
