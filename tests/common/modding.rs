//! A player's mods folder for the tests: a variant of their own with its own look file, and a
//! broken variant.

use std::path::Path;

/// A mod: the Malagors' example as the player's own variant, its Malagor drawn by a look file of
/// the mods folder.
pub fn write_mod(mods: &Path) {
    let example =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/variants/jetan_malagor.ron"));
    let variant = example
        .unwrap()
        .replace("name: \"Jetan of the Malagors\"", "name: \"Birds of Barsoom\"")
        .replace("\"looks/malagor.look.ron\"", "\"looks/birds.look.ron\"");
    std::fs::create_dir_all(mods.join("variants")).unwrap();
    std::fs::create_dir_all(mods.join("looks")).unwrap();
    std::fs::write(mods.join("variants/birds.ron"), variant).unwrap();
    let look = "Looks(kinds: { \"malagor\": (parts: [Pedestal, Figure(radius: 0.1, height: 0.3)]) })\n";
    std::fs::write(mods.join("looks/birds.look.ron"), look).unwrap();
    std::fs::write(mods.join("variants/broken.ron"), "Variant(\n    name: \"x\",\n)\n").unwrap();
}
