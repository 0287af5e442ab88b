//! A square grid of numbers that wraps at its edges (a height, a roughness), and colours.

/// One number per texel of a square tile, row by row from the top; reads past an edge wrap.
#[derive(Clone, Debug)]
pub struct Field {
    pub size: usize,
    pub data: Vec<f32>,
}

impl Field {
    /// `f(u, v)` at each texel's centre, `u` across and `v` down the tile, 0 to 1.
    pub fn new(size: usize, f: impl Fn(f32, f32) -> f32) -> Field {
        Field { size, data: texels(size, f) }
    }

    /// The texel at (`x`, `y`), wrapped.
    pub fn at(&self, x: isize, y: isize) -> f32 {
        let n = self.size as isize;
        self.data[(y.rem_euclid(n) * n + x.rem_euclid(n)) as usize]
    }

    /// A wrapping box blur of `radius` texels, three passes each way (close to a Gaussian).
    pub fn blur(&self, radius: usize) -> Field {
        let mut field = self.clone();
        for _ in 0..3 {
            field = field.box_pass(radius, true).box_pass(radius, false);
        }
        field
    }

    /// One box-blur pass along rows (`across`) or columns.
    fn box_pass(&self, radius: usize, across: bool) -> Field {
        let (n, r) = (self.size as isize, radius as isize);
        let scale = 1.0 / (2 * r + 1) as f32;
        let mut data = vec![0.0; self.data.len()];
        for line in 0..n {
            let at = |i: isize| if across { self.at(i, line) } else { self.at(line, i) };
            let mut sum: f32 = (-r..=r).map(at).sum();
            for i in 0..n {
                let index = if across { line * n + i } else { i * n + line };
                data[index as usize] = sum * scale;
                sum += at(i + r + 1) - at(i - r);
            }
        }
        Field { size: self.size, data }
    }
}

/// `f(u, v)` at each texel's centre of a `size` × `size` tile, row by row.
pub fn texels<T>(size: usize, f: impl Fn(f32, f32) -> T) -> Vec<T> {
    let step = 1.0 / size as f32;
    (0..size * size).map(|i| f(((i % size) as f32 + 0.5) * step, ((i / size) as f32 + 0.5) * step)).collect()
}

/// A colour's red, green and blue, sRGB-encoded, 0 to 1.
pub type Rgb = [f32; 3];

/// A colour from its web hex code: `hex(0xC2703D)`.
pub const fn hex(code: u32) -> Rgb {
    [((code >> 16) & 255) as f32 / 255.0, ((code >> 8) & 255) as f32 / 255.0, (code & 255) as f32 / 255.0]
}

pub fn mix(a: Rgb, b: Rgb, t: f32) -> Rgb {
    [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]
}

pub fn shade(c: Rgb, k: f32) -> Rgb {
    [c[0] * k, c[1] * k, c[2] * k]
}

/// The colour at `t` along stops of (position, colour), positions rising; clamped at the ends.
pub fn ramp(stops: &[(f32, Rgb)], t: f32) -> Rgb {
    let last = stops.len() - 1;
    if t <= stops[0].0 {
        return stops[0].1;
    }
    for pair in stops.windows(2) {
        let ((t0, c0), (t1, c1)) = (pair[0], pair[1]);
        if t <= t1 {
            return mix(c0, c1, (t - t0) / (t1 - t0));
        }
    }
    stops[last].1
}

#[cfg(test)]
/// Rec. 709 luminance of an sRGB-encoded colour's bytes (in sRGB terms, good enough to compare).
pub fn luminance(rgb: &[u8]) -> f32 {
    0.2126 * rgb[0] as f32 + 0.7152 * rgb[1] as f32 + 0.0722 * rgb[2] as f32
}

impl Field {
    /// The texel under (`u`, `v`) on the tile (nearest, wrapped): for reading a field made
    /// beforehand, such as a blurred mask, from a material's texel function.
    pub fn sample(&self, u: f32, v: f32) -> f32 {
        let n = self.size as f32;
        self.at((u * n).floor() as isize, (v * n).floor() as isize)
    }
}
