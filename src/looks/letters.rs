//! Letters engraved in trim on a flat face, drawn as strokes of a small stroke font (A–Z and
//! 0–9 on a 4 x 6 grid): how a kind without a look shows its letter.

use bevy::prelude::*;

use super::model::{Model, part};
use super::vocabulary::Paint;
use super::vocabulary::Shape::Cuboid;

/// Each glyph's strokes: polylines of grid points `x,y` (x 0–4 to the right, y 0–6 up),
/// separated by `;`.
fn glyph(letter: char) -> &'static str {
    match letter.to_ascii_uppercase() {
        'A' => "0,0 0,4 2,6 4,4 4,0; 0,3 4,3",
        'B' => "0,0 0,6 3,6 4,5 4,4 3,3 0,3; 3,3 4,2 4,1 3,0 0,0",
        'C' => "4,6 1,6 0,5 0,1 1,0 4,0",
        'D' => "0,0 0,6 3,6 4,5 4,1 3,0 0,0",
        'E' => "4,6 0,6 0,0 4,0; 0,3 3,3",
        'F' => "4,6 0,6 0,0; 0,3 3,3",
        'G' => "4,5 3,6 1,6 0,5 0,1 1,0 3,0 4,1 4,3 2,3",
        'H' => "0,0 0,6; 4,0 4,6; 0,3 4,3",
        'I' => "1,6 3,6; 2,6 2,0; 1,0 3,0",
        'J' => "4,6 4,1 3,0 1,0 0,1",
        'K' => "0,0 0,6; 4,6 0,2; 1,3 4,0",
        'L' => "0,6 0,0 4,0",
        'M' => "0,0 0,6 2,3 4,6 4,0",
        'N' => "0,0 0,6 4,0 4,6",
        'O' => "1,0 0,1 0,5 1,6 3,6 4,5 4,1 3,0 1,0",
        'P' => "0,0 0,6 3,6 4,5 4,4 3,3 0,3",
        'Q' => "1,0 0,1 0,5 1,6 3,6 4,5 4,1 3,0 1,0; 2,2 4,0",
        'R' => "0,0 0,6 3,6 4,5 4,4 3,3 0,3; 2,3 4,0",
        'S' => "4,5 3,6 1,6 0,5 0,4 1,3 3,3 4,2 4,1 3,0 1,0 0,1",
        'T' => "0,6 4,6; 2,6 2,0",
        'U' => "0,6 0,1 1,0 3,0 4,1 4,6",
        'V' => "0,6 2,0 4,6",
        'W' => "0,6 1,0 2,3 3,0 4,6",
        'X' => "0,0 4,6; 0,6 4,0",
        'Y' => "0,6 2,3 4,6; 2,3 2,0",
        'Z' => "0,6 4,6 0,0 4,0",
        '0' => "1,0 0,1 0,5 1,6 3,6 4,5 4,1 3,0 1,0; 0,1 4,5",
        '1' => "1,5 2,6 2,0; 1,0 3,0",
        '2' => "0,5 1,6 3,6 4,5 4,4 0,0 4,0",
        '3' => "0,6 4,6 2,4 3,4 4,3 4,1 3,0 1,0 0,1",
        '4' => "3,0 3,6 0,2 4,2",
        '5' => "4,6 0,6 0,3 3,3 4,2 4,1 3,0 0,0",
        '6' => "4,6 1,6 0,5 0,1 1,0 3,0 4,1 4,2 3,3 0,3",
        '7' => "0,6 4,6 1,0",
        '8' => "1,3 0,4 0,5 1,6 3,6 4,5 4,4 3,3 1,3 0,2 0,1 1,0 3,0 4,1 4,2 3,3",
        '9' => "4,3 1,3 0,4 0,5 1,6 3,6 4,5 4,1 3,0 0,0",
        // Anything else: a box.
        _ => "0,0 0,6 4,6 4,0 0,0",
    }
}

/// The strokes of `text` as segments between grid points, each glyph 4 wide with a gap of 2,
/// the whole centred on x = 0 and y = 3.
fn strokes(text: &str) -> Vec<(Vec2, Vec2)> {
    let count = text.chars().count() as f32;
    let width = count * 4.0 + (count - 1.0).max(0.0) * 2.0;
    let mut segments = Vec::new();
    for (i, letter) in text.chars().enumerate() {
        let origin = Vec2::new(i as f32 * 6.0 - width / 2.0, -3.0);
        for line in glyph(letter).split(';') {
            let points: Vec<Vec2> = line
                .split_whitespace()
                .filter_map(|point| point.split_once(','))
                .filter_map(|(x, y)| Some(Vec2::new(x.parse().ok()?, y.parse().ok()?)))
                .map(|point| origin + point)
                .collect();
            segments.extend(points.windows(2).map(|pair| (pair[0], pair[1])));
        }
    }
    segments
}

/// Engraves `text` (up to four characters) in trim lying flat at `at`, reading upright from the
/// piece's own side (its top towards the enemy, -z), at most `size` across.
pub fn engrave(model: &mut Model, text: &str, at: Vec3, size: f32) {
    let text: String = text.chars().filter(|c| !c.is_whitespace()).take(4).collect();
    let count = text.chars().count().max(1) as f32;
    // One grid unit: the text fits `size` across and `size` deep.
    let unit = (size / (count * 6.0 - 2.0)).min(size / 6.0);
    for (from, to) in strokes(&text) {
        let (from, to) = (from * unit, to * unit);
        let middle = (from + to) / 2.0;
        let length = from.distance(to) + unit * 0.9;
        let angle = (to - from).to_angle();
        let stroke = part(Cuboid(length, 0.012, unit * 0.9), Paint::Trim, at + Vec3::new(middle.x, 0.0, -middle.y));
        model.push(stroke.turned(Quat::from_rotation_y(angle)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_letter_and_digit_has_strokes_of_its_own() {
        let box_strokes = strokes("?");
        for letter in ('A'..='Z').chain('0'..='9') {
            let own = strokes(&letter.to_string());
            assert!(!own.is_empty(), "{letter} has no strokes");
            assert!(letter == 'O' || own != box_strokes, "{letter} is drawn as the box");
            for (from, to) in own {
                for point in [from, to] {
                    assert!((-2.0..=2.0).contains(&point.x) && (-3.0..=3.0).contains(&point.y), "{letter}: {point}");
                }
            }
        }
    }

    #[test]
    fn an_engraving_fits_its_size_and_lies_flat() {
        for text in ["C", "BC", "Zit"] {
            let mut model = Model::default();
            engrave(&mut model, text, Vec3::Y, 0.2);
            assert!(!model.parts.is_empty());
            for part in &model.parts {
                assert!(part.at.xz().abs().max_element() <= 0.1 + 1e-4, "{text}: {}", part.at);
                assert_eq!(part.at.y, 1.0);
            }
        }
    }
}
