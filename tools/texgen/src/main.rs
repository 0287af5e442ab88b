//! Makes the game's materials into `assets/materials/NAME/` as tileable PBR texture sets
//! (`albedo.png`, `normal.png`, `orm.png`): `cargo run -p jetan_texgen`. Seeded, so the same
//! bytes come out each time; a test checks that the files shipped are what this makes (changing
//! a material means changing this tool).

mod encode;
mod field;
mod materials;
mod noise;
mod normal;
mod surface;

use std::path::{Path, PathBuf};

/// Each file's path under the materials folder (`NAME/albedo.png`) and PNG bytes, the materials
/// made two at a time.
fn files() -> Vec<(String, Vec<u8>)> {
    let make = |material: &materials::Material| {
        let surface = (material.make)(material.size);
        surface.files().map(|(file, bytes)| (format!("{}/{file}", material.name), bytes))
    };
    let (odd, even): (Vec<_>, Vec<_>) = materials::ALL.iter().enumerate().partition(|(i, _)| i % 2 == 1);
    let (odd, even) = std::thread::scope(|scope| {
        let odd = scope.spawn(|| odd.iter().map(|(_, m)| make(m)).collect::<Vec<_>>());
        let even: Vec<_> = even.iter().map(|(_, m)| make(m)).collect();
        (odd.join().expect("a material maker panicked"), even)
    });
    let mut files: Vec<_> = odd.into_iter().chain(even).flatten().collect();
    files.sort_by(|a, b| a.0.cmp(&b.0));
    files
}

/// The game's materials folder.
fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/materials")
}

fn main() -> std::io::Result<()> {
    let start = std::time::Instant::now();
    let folder = folder();
    let mut total = 0;
    for (name, bytes) in files() {
        let path = folder.join(&name);
        std::fs::create_dir_all(path.parent().expect("a material's folder"))?;
        std::fs::write(&path, &bytes)?;
        total += bytes.len();
        println!("{name}: {} KB", bytes.len() / 1024);
    }
    println!("{} KB in all, in {}, in {:.1} s", total / 1024, folder.display(), start.elapsed().as_secs_f32());
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::sync::OnceLock;

    use super::*;
    use crate::encode::decode;
    use crate::field::luminance;

    /// The files made, once for all the tests.
    fn made() -> &'static [(String, Vec<u8>)] {
        static FILES: OnceLock<Vec<(String, Vec<u8>)>> = OnceLock::new();
        FILES.get_or_init(files)
    }

    /// Every texture made: its name, size and RGB bytes.
    fn images() -> impl Iterator<Item = (&'static str, usize, Vec<u8>)> {
        made().iter().map(|(name, bytes)| {
            let (size, rgb) = decode(bytes);
            (name.as_str(), size, rgb)
        })
    }

    #[test]
    fn the_shipped_materials_are_what_the_tool_makes() {
        for (name, bytes) in made() {
            let shipped = std::fs::read(folder().join(name)).unwrap_or_default();
            assert!(
                shipped == *bytes,
                "assets/materials/{name} is not what the tool makes: run `cargo run -p jetan_texgen`"
            );
        }
    }

    #[test]
    fn every_material_has_its_three_maps_and_the_lot_is_small() {
        let total: usize = made().iter().map(|(_, bytes)| bytes.len()).sum();
        assert_eq!(made().len(), materials::ALL.len() * 3);
        assert!(total <= 12 << 20, "{total} bytes of materials: at most 12 MiB");
    }

    /// The mean absolute difference between texel column `x` and the next, wrapping; rows when
    /// the image is read `transposed`.
    fn step(size: usize, rgb: &[u8], x: usize, transposed: bool) -> f32 {
        let at = |x: usize, y: usize| {
            let (x, y) = if transposed { (y, x % size) } else { (x % size, y) };
            &rgb[(y * size + x) * 3..][..3]
        };
        let sum: u32 = (0..size)
            .flat_map(|y| (0..3).map(move |c| (y, c)))
            .map(|(y, c)| at(x, y)[c].abs_diff(at(x + 1, y)[c]) as u32)
            .sum();
        sum as f32 / (size * 3) as f32
    }

    /// Whether an image tiles across (or, `transposed`, down): the step across its wrap seam (from
    /// its last column to its first) is no larger than the mean step across the image, nor than
    /// the largest of the steps between its columns nearby (the eight on either side: a seam may
    /// fall on a thread's or a joint's edge), with a little slack. A seam that breaks the
    /// pattern steps as far as two random columns, many times further.
    fn tiles(size: usize, rgb: &[u8], transposed: bool) -> Result<(), String> {
        let seam = step(size, rgb, size - 1, transposed);
        let nearby =
            (1..=8).flat_map(|i| [i - 1, size - 1 - i]).map(|x| step(size, rgb, x, transposed)).fold(0.0, f32::max);
        let inside = (0..size - 1).map(|x| step(size, rgb, x, transposed)).sum::<f32>() / (size - 1) as f32;
        let edges = if transposed { "top and bottom" } else { "left and right" };
        match seam <= 1.25 * nearby.max(inside) + 0.5 {
            true => Ok(()),
            false => Err(format!(
                "its {edges} edges differ by {seam:.2}, its texels nearby by {nearby:.2} at most, all by {inside:.2}"
            )),
        }
    }

    #[test]
    fn every_texture_tiles() {
        for (name, size, rgb) in images() {
            for transposed in [false, true] {
                tiles(size, &rgb, transposed).unwrap_or_else(|e| panic!("{name}: {e}"));
            }
        }
    }

    #[test]
    fn noise_cut_short_does_not_tile() {
        let fbm = crate::noise::Fbm::new(4, 5, 1);
        let size = 128;
        let rgb: Vec<u8> = crate::field::texels(size, |u, v| fbm.at(u * 0.8, v * 0.8))
            .into_iter()
            .flat_map(|x| [crate::normal::unit_byte(x * 0.5 + 0.5); 3])
            .collect();
        assert!(tiles(size, &rgb, false).is_err() && tiles(size, &rgb, true).is_err());
    }

    #[test]
    fn every_albedo_has_local_detail() {
        for (name, size, rgb) in images().filter(|(name, ..)| name.ends_with("albedo.png")) {
            let n = size as isize;
            let lum = |x: isize, y: isize| luminance(&rgb[((y.rem_euclid(n) * n + x.rem_euclid(n)) * 3) as usize..]);
            let mut sum = 0.0;
            for y in 0..n {
                for x in 0..n {
                    let around: Vec<f32> = (0..9).map(|i| lum(x + i % 3 - 1, y + i / 3 - 1)).collect();
                    let mean = around.iter().sum::<f32>() / 9.0;
                    sum += (around.iter().map(|l| (l - mean) * (l - mean)).sum::<f32>() / 9.0).sqrt();
                }
            }
            let detail = sum / (n * n) as f32;
            println!("{name}: detail {detail:.2}");
            assert!(detail > 1.0, "{name}: a 3×3 standard deviation of {detail} of 255: flat");
        }
    }

    #[test]
    fn every_normal_faces_out() {
        for (name, _, rgb) in images().filter(|(name, ..)| name.ends_with("normal.png")) {
            assert!(rgb.chunks(3).all(|n| n[2] >= 128), "{name}: a normal faces into the surface");
        }
    }
}
