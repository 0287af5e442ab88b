//! From a height field to a tangent-space normal map (OpenGL's and Bevy's convention: +Y, green,
//! points up the image) and to ambient occlusion, by wrap-around Sobel and blurring.

use crate::field::Field;

/// The height's slope at (`x`, `y`) by Sobel's operator, wrapping: (d/dx, d/dy), y down the
/// image, in height per texel.
fn sobel(height: &Field, x: isize, y: isize) -> (f32, f32) {
    let h = |dx: isize, dy: isize| height.at(x + dx, y + dy);
    let dx = (h(1, -1) + 2.0 * h(1, 0) + h(1, 1)) - (h(-1, -1) + 2.0 * h(-1, 0) + h(-1, 1));
    let dy = (h(-1, 1) + 2.0 * h(0, 1) + h(1, 1)) - (h(-1, -1) + 2.0 * h(0, -1) + h(1, -1));
    (dx / 8.0, dy / 8.0)
}

/// The normal map of `height` (0 to 1) where a height of 1 stands `depth` texels high: RGB
/// bytes, row by row.
pub fn normal_map(height: &Field, depth: f32) -> Vec<u8> {
    let n = height.size as isize;
    let mut bytes = Vec::with_capacity(height.data.len() * 3);
    for y in 0..n {
        for x in 0..n {
            let (dx, dy) = sobel(height, x, y);
            // Up the image is -y: a slope rising down the image faces up (+Y).
            let (nx, ny) = (-dx * depth, dy * depth);
            let length = (nx * nx + ny * ny + 1.0).sqrt();
            for c in [nx / length, ny / length, 1.0 / length] {
                bytes.push(unit_byte(c * 0.5 + 0.5));
            }
        }
    }
    bytes
}

/// Ambient occlusion from the height's hollows: 1 where the texel stands at or above the mean of
/// its surroundings (`radius` texels), darker by `strength` per unit of height it lies below.
pub fn cavity(height: &Field, radius: usize, strength: f32) -> Field {
    let around = height.blur(radius);
    Field {
        size: height.size,
        data: height.data.iter().zip(&around.data).map(|(h, a)| (1.0 - strength * (a - h)).clamp(0.0, 1.0)).collect(),
    }
}

/// 0 to 1 as a byte, rounded.
pub fn unit_byte(x: f32) -> u8 {
    (x.clamp(0.0, 1.0) * 255.0 + 0.5) as u8
}
