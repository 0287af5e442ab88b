//! Seeded, periodic noise on the unit tile: gradient and value noise, fBm, ridges, Worley cells
//! and domain warping. Every lattice wraps at a whole number of cells across the tile, so all of
//! it tiles; and none of it calls the platform's `sin` or `exp` (only `+ - * /`, `floor` and
//! `sqrt`, which IEEE fixes), so the same bytes come out on every machine.

/// A well-mixed 32-bit hash of a lattice point and a seed.
pub fn hash(x: i32, y: i32, seed: u32) -> u32 {
    let mut h = (x as u32).wrapping_mul(0x8DA6_B343)
        ^ (y as u32).wrapping_mul(0xD816_3841)
        ^ seed.wrapping_mul(0xCB1A_B31F).wrapping_add(0x9E37_79B9);
    h ^= h >> 16;
    h = h.wrapping_mul(0x7FEB_352D);
    h ^= h >> 15;
    h = h.wrapping_mul(0x846C_A68B);
    h ^ (h >> 16)
}

/// [`hash`] as a number from 0 to 1.
pub fn hash01(x: i32, y: i32, seed: u32) -> f32 {
    (hash(x, y, seed) >> 8) as f32 / (1u32 << 24) as f32
}

/// A sine of `t` turns (a whole turn is 2π), to about 0.001: a polynomial, not the platform's.
pub fn sin_turns(t: f32) -> f32 {
    let x = t - t.floor(); // 0..1
    let x = if x > 0.5 { 0.5 - x } else { x }; // -0.5..0.5, odd about 0 and 0.5
    let y = 8.0 * x * (1.0 - 2.0 * x.abs());
    0.225 * (y * y.abs() - y) + y
}

/// Hermite's smooth step of `x` from `low` to `high`: 0 below, 1 above.
pub fn smoothstep(low: f32, high: f32, x: f32) -> f32 {
    let t = ((x - low) / (high - low)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

pub fn lerp(a: f32, b: f32, t: f32) -> f32 {
    a + (b - a) * t
}

/// Perlin's quintic fade: smooth to the second derivative at the lattice.
fn fade(t: f32) -> f32 {
    t * t * t * (t * (t * 6.0 - 15.0) + 10.0)
}

const S: f32 = std::f32::consts::FRAC_1_SQRT_2;
const DIRECTIONS: [(f32, f32); 8] =
    [(1.0, 0.0), (-1.0, 0.0), (0.0, 1.0), (0.0, -1.0), (S, S), (-S, S), (S, -S), (-S, -S)];

/// Interpolates `corner(dx, dy)` over the lattice cell holding (`x`, `y`), the corners wrapped at
/// `px` × `py` cells, each corner's hash seeded by `seed`: the frame gradient and value noise share.
fn lattice(x: f32, y: f32, (px, py): (i32, i32), seed: u32, corner: impl Fn(u32, f32, f32) -> f32) -> f32 {
    let (x0, y0) = (x.floor(), y.floor());
    let (fx, fy) = (x - x0, y - y0);
    let (ix, iy) = (x0 as i32, y0 as i32);
    let at = |dx: i32, dy: i32| {
        let h = hash((ix + dx).rem_euclid(px), (iy + dy).rem_euclid(py), seed);
        corner(h, fx - dx as f32, fy - dy as f32)
    };
    let (sx, sy) = (fade(fx), fade(fy));
    lerp(lerp(at(0, 0), at(1, 0), sx), lerp(at(0, 1), at(1, 1), sx), sy)
}

/// Gradient (Perlin) noise at (`x`, `y`) in lattice units, wrapping every `px` × `py` cells:
/// about -1 to 1.
pub fn gradient(x: f32, y: f32, px: i32, py: i32, seed: u32) -> f32 {
    1.4 * lattice(x, y, (px, py), seed, |h, fx, fy| {
        let (gx, gy) = DIRECTIONS[(h >> 29) as usize];
        gx * fx + gy * fy
    })
}

/// Value noise: a smooth blend of a random number at each lattice point, -1 to 1.
pub fn value(x: f32, y: f32, px: i32, py: i32, seed: u32) -> f32 {
    lattice(x, y, (px, py), seed, |h, _, _| (h >> 8) as f32 / (1u32 << 23) as f32 - 1.0)
}

/// Fractal Brownian motion: octaves of gradient noise, each of twice the frequency and half the
/// amplitude of the last, `fx` × `fy` cells across the tile at the first.
#[derive(Clone, Copy, Debug)]
pub struct Fbm {
    pub fx: u32,
    pub fy: u32,
    pub octaves: u32,
    pub seed: u32,
}

impl Fbm {
    /// `frequency` cells each way across the tile at the first octave.
    pub const fn new(frequency: u32, octaves: u32, seed: u32) -> Fbm {
        Fbm { fx: frequency, fy: frequency, octaves, seed }
    }

    /// The same with `fx` cells across and `fy` down: stretched noise, for grain and fibres.
    pub const fn cells(self, fx: u32, fy: u32) -> Fbm {
        Fbm { fx, fy, ..self }
    }

    /// The same noise with another seed.
    pub const fn seed(self, seed: u32) -> Fbm {
        Fbm { seed, ..self }
    }

    /// The octaves summed with `octave(noise, x, y, period x, period y, seed)`, normalised so
    /// that the sum of the amplitudes is 1.
    fn sum(&self, u: f32, v: f32, octave: impl Fn(f32, f32, i32, i32, u32) -> f32) -> f32 {
        let (mut total, mut weight, mut amplitude) = (0.0, 0.0, 1.0);
        let (mut px, mut py) = (self.fx as i32, self.fy as i32);
        for o in 0..self.octaves {
            total += amplitude * octave(u * px as f32, v * py as f32, px, py, self.seed.wrapping_add(o * 7919));
            weight += amplitude;
            amplitude *= 0.5;
            px *= 2;
            py *= 2;
        }
        total / weight
    }

    /// Gradient fBm at (`u`, `v`) on the tile: about -1 to 1.
    pub fn at(&self, u: f32, v: f32) -> f32 {
        self.sum(u, v, gradient)
    }

    /// Value-noise fBm: blotchier than [`Fbm::at`], -1 to 1.
    pub fn blotch(&self, u: f32, v: f32) -> f32 {
        self.sum(u, v, value)
    }

    /// Ridged fBm: sharp crests (1) where the noise crosses zero, for cracks, creases and veins.
    pub fn ridged(&self, u: f32, v: f32) -> f32 {
        self.sum(u, v, |x, y, px, py, seed| {
            let r = 1.0 - gradient(x, y, px, py, seed).abs();
            r * r
        })
    }

    /// (`u`, `v`) pushed about by this noise, by up to about `amount` of the tile: domain
    /// warping, which bends straight patterns into veins, flows and rivers.
    pub fn warp(&self, u: f32, v: f32, amount: f32) -> (f32, f32) {
        let other = self.seed(self.seed ^ 0x5BD1_E995);
        (u + amount * self.at(u, v), v + amount * other.at(u, v))
    }
}

/// The Worley cell a point lies in.
#[derive(Clone, Copy, Debug)]
pub struct Cell {
    /// The distance to the nearest feature point, in cells.
    pub f1: f32,
    /// The distance to the cell's edge (the bisector with the nearest other point): planar
    /// within each cell, so `edge` as a height makes faceted pyramids.
    pub edge: f32,
    /// The nearest point's identity: a hash, the same for every pixel of the cell.
    pub id: u32,
}

/// Worley (cellular) noise: one jittered feature point in each of `nx` × `ny` cells across the
/// tile.
#[derive(Clone, Copy, Debug)]
pub struct Cells {
    pub nx: u32,
    pub ny: u32,
    /// How far each point strays from its cell's centre: 0 a grid, 1 fully random.
    pub jitter: f32,
    pub seed: u32,
}

impl Cells {
    pub const fn new(n: u32, jitter: f32, seed: u32) -> Cells {
        Cells { nx: n, ny: n, jitter, seed }
    }

    /// The feature point of lattice cell (`cx`, `cy`) (wrapped), in lattice units.
    fn point(&self, cx: i32, cy: i32) -> (f32, f32, u32) {
        let (wx, wy) = (cx.rem_euclid(self.nx as i32), cy.rem_euclid(self.ny as i32));
        let h = hash(wx, wy, self.seed);
        let jx = hash01(wx, wy, self.seed ^ 0xA511_E9B3) - 0.5;
        let jy = hash01(wx, wy, self.seed ^ 0x63D8_3595) - 0.5;
        (cx as f32 + 0.5 + jx * self.jitter, cy as f32 + 0.5 + jy * self.jitter, h)
    }

    pub fn at(&self, u: f32, v: f32) -> Cell {
        let (x, y) = (u * self.nx as f32, v * self.ny as f32);
        let (cx, cy) = (x.floor() as i32, y.floor() as i32);
        let mut points = [(0.0f32, 0.0f32, 0u32); 25];
        let mut best = (f32::MAX, 0usize);
        for (i, point) in points.iter_mut().enumerate() {
            let (dx, dy) = (i as i32 % 5 - 2, i as i32 / 5 - 2);
            *point = self.point(cx + dx, cy + dy);
            let d = (point.0 - x) * (point.0 - x) + (point.1 - y) * (point.1 - y);
            if d < best.0 {
                best = (d, i);
            }
        }
        let (px, py, id) = points[best.1];
        let mut edge = f32::MAX;
        for (i, &(qx, qy, _)) in points.iter().enumerate() {
            if i != best.1 {
                let (ex, ey) = (qx - px, qy - py);
                let length = (ex * ex + ey * ey).sqrt();
                let (mx, my) = ((px + qx) * 0.5, (py + qy) * 0.5);
                edge = edge.min(((mx - x) * ex + (my - y) * ey) / length);
            }
        }
        Cell { f1: best.0.sqrt(), edge, id }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sine_is_close_enough() {
        for i in 0..1000 {
            let t = i as f32 / 250.0 - 2.0;
            assert!((sin_turns(t) - (t * std::f32::consts::TAU).sin()).abs() < 0.002, "{t}");
        }
    }

    #[test]
    fn noise_wraps_at_its_period() {
        let fbm = Fbm::new(3, 4, 7).cells(3, 5);
        let cells = Cells::new(6, 1.0, 9);
        for i in 0..50 {
            let (u, v) = (i as f32 * 0.0173, i as f32 * 0.031);
            assert!((fbm.at(u, v) - fbm.at(u + 1.0, v - 1.0)).abs() < 1e-4);
            assert!((cells.at(u, v).f1 - cells.at(u - 1.0, v + 1.0).f1).abs() < 1e-4);
        }
    }
}
