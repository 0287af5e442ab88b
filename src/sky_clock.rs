//! The sky's clock: where the sun and Barsoom's two moons stand (Thuria near and fast, rising in
//! the west; Cluros far and slow) and the sky's colours and lights at a time of day (with the
//! field's radium lamps, lit when the sun is down), as values
//! the sky draws (`scene/sky.rs`), lights the scene by (`scene/sky_light.rs`) and the sound
//! hears (the crowd quieter by night): [`SkyNow`], read once a frame, serves them all.

use std::f32::consts::{PI, TAU};

use bevy::prelude::*;

use crate::settings::TimeOfDay;

/// Seconds of a whole day when the time of day passes.
const DAY_SECONDS: f32 = 240.0;
/// Seconds Thuria takes to cross the sky (it crosses several times a night).
const THURIA_CROSSING: f32 = 50.0;
/// Seconds Cluros takes to cross the sky.
const CLUROS_CROSSING: f32 = 600.0;
/// Where the sun stands by day: low in the south-west, for long shadows across the board.
const DAY_PHASE: f32 = 2.45;
/// Towards the radium lamps low on the southern stands (the camera's side: the moons light
/// the pieces' northern faces, the lamps the faces a player looks at, and graze the field,
/// which stays dark).
const LAMPS: Vec3 = Vec3::new(0.3, 0.35, 1.0);
/// The lamps' lux by night, as bright as the moonlight (light that grazes the field at this
/// height brightens it a third as much as the faces it meets).
const LAMP_LUX: f32 = 1_600.0;

/// The sky's colours and lights at one moment.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SkyLook {
    /// Towards the sun.
    pub sun: Vec3,
    /// Towards Thuria and Cluros.
    pub moons: [Vec3; 2],
    /// The sky straight up.
    pub zenith: Color,
    /// The sky at the horizon (and the haze).
    pub horizon: Color,
    /// The glow about the sun, strongest at sunset.
    pub halo: Color,
    /// Where the light comes from (the sun, or the higher moon by night), its colour and lux.
    pub light: (Vec3, Color, f32),
    /// The field's radium lamps: towards them, their colour and lux (none by day).
    pub lamps: (Vec3, Color, f32),
    /// The ambient light's colour and brightness.
    pub ambient: (Color, f32),
    /// How much the stars and moons show, 0 by day to 1 by night.
    pub night: f32,
}

/// Where the sun is in its day at `time` of day, `seconds` into the game: 0 is sunrise, π/2
/// noon, π sunset (see [`SkyLook::with_sun_at`]).
pub fn sun_phase(time: TimeOfDay, seconds: f32) -> f32 {
    match time {
        TimeOfDay::Day => DAY_PHASE,
        TimeOfDay::Dusk => 3.07,
        TimeOfDay::Night => 4.5,
        TimeOfDay::Passing => (DAY_PHASE + seconds / DAY_SECONDS * TAU).rem_euclid(TAU),
    }
}

impl SkyLook {
    /// The sky at `time` of day, `seconds` into the game (the moons move; so does the sun when
    /// the time passes).
    pub fn at(time: TimeOfDay, seconds: f32) -> SkyLook {
        SkyLook::with_sun_at(sun_phase(time, seconds), seconds)
    }

    /// The sky with the sun at `phase` of its day (0 sunrise, π/2 noon, π sunset, below the
    /// horizon from π to 2π), the moons where they are `seconds` into the game.
    pub fn with_sun_at(phase: f32, seconds: f32) -> SkyLook {
        let sun = sun_direction(phase);
        let moons =
            [moon_direction(seconds, THURIA_CROSSING, 0.76, 0.22), moon_direction(seconds, CLUROS_CROSSING, 1.8, 0.3)];
        let height = sun.y.asin();
        let day = smoothstep(-0.04, 0.35, height);
        let night = smoothstep(0.0, -0.22, height);
        let dusk = (1.0 - day) * (1.0 - night);
        let blend = |day_colour: Vec3, dusk_colour: Vec3, night_colour: Vec3| {
            Color::srgb_from_array((day_colour * day + dusk_colour * dusk + night_colour * night).to_array())
        };
        let zenith = blend(Vec3::new(0.72, 0.52, 0.38), Vec3::new(0.30, 0.22, 0.26), Vec3::new(0.02, 0.02, 0.05));
        let horizon = blend(Vec3::new(0.86, 0.64, 0.44), Vec3::new(0.62, 0.36, 0.24), Vec3::new(0.07, 0.06, 0.08));
        // Mars' sunsets are blue about the sun: dust scatters red light away from it.
        let halo = blend(Vec3::new(0.95, 0.85, 0.70), Vec3::new(0.42, 0.58, 0.92), Vec3::ZERO);
        let moon = if moons[0].y >= moons[1].y { moons[0] } else { moons[1] };
        let light = if height > -0.08 {
            let colour = blend(Vec3::new(1.0, 0.83, 0.62), Vec3::new(1.0, 0.58, 0.36), Vec3::ZERO);
            (sun, colour, 9_000.0 * day + 2_600.0 * dusk)
        } else {
            (moon.with_y(moon.y.max(0.12)).normalize(), Color::srgb(0.62, 0.72, 1.0), 1_600.0 * night.max(0.3))
        };
        let ambient_colour =
            blend(Vec3::new(1.0, 0.78, 0.60), Vec3::new(0.85, 0.62, 0.62), Vec3::new(0.45, 0.52, 0.80));
        let ambient = (ambient_colour, 350.0 * day + 170.0 * dusk + 120.0 * night);
        let lamps = (LAMPS.normalize(), Color::srgb(1.0, 0.97, 0.92), LAMP_LUX * night);
        SkyLook { sun, moons, zenith, horizon, halo, light, lamps, ambient, night }
    }

    /// The sky's colour looking along `direction`: the zenith blended down to the horizon, the
    /// glow about the sun on top.
    pub fn colour(&self, direction: Vec3) -> Color {
        let up = direction.y.max(0.0).sqrt();
        let base = self.horizon.to_linear().to_vec3().lerp(self.zenith.to_linear().to_vec3(), up);
        let glow = direction.dot(self.sun).max(0.0).powi(6) * (1.0 - up).powi(2);
        let colour = base.lerp(self.halo.to_linear().to_vec3(), glow * 0.8);
        Color::LinearRgba(LinearRgba::from_vec3(colour))
    }
}

/// Towards the sun at `phase` of its day: rising in the east (0), high in the south (π/2),
/// setting in the west (π), below the horizon through the north.
fn sun_direction(phase: f32) -> Vec3 {
    let height = 0.85 * phase.sin();
    Vec3::new(height.cos() * phase.cos(), height.sin(), height.cos() * phase.sin())
}

/// Towards a moon that crosses the sky from west to east in `crossing` seconds, on an arc
/// through the northern sky as high as `arc` (as a slope), starting `offset` of the way round.
fn moon_direction(seconds: f32, crossing: f32, offset: f32, arc: f32) -> Vec3 {
    let angle = (seconds / crossing * PI + offset).rem_euclid(TAU);
    Vec3::new(-angle.cos(), angle.sin() * arc, -angle.sin()).normalize()
}

fn smoothstep(from: f32, to: f32, x: f32) -> f32 {
    let t = ((x - from) / (to - from)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// The time the sky has run, in seconds (the moons' course, and the day's when it passes).
#[derive(Resource, Default)]
pub struct SkyTime(pub f32);

/// A sun held at a phase of its day, whatever the settings' time of day (photo mode's slider).
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq)]
pub struct HeldSun(pub Option<f32>);

/// The sky of this frame: what the sky draws, the scene is lit by and the sound hears.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct SkyNow(pub SkyLook);

impl Default for SkyNow {
    fn default() -> Self {
        SkyNow(SkyLook::at(TimeOfDay::default(), 0.0))
    }
}

/// Registers the sky's clock: it runs in the frame's view, before what reads it (which orders
/// itself after [`read_the_sky`]).
pub fn plugin(app: &mut App) {
    app.init_resource::<SkyTime>()
        .init_resource::<HeldSun>()
        .init_resource::<SkyNow>()
        .add_systems(Update, read_the_sky.in_set(crate::AppSystems::View));
}

/// Runs the sky's time on and reads the sky of this frame: the held sun's, else the settings'
/// time of day's.
pub fn read_the_sky(
    time: Res<Time>,
    settings: Res<crate::settings::Settings>,
    held: Res<HeldSun>,
    mut sky_time: ResMut<SkyTime>,
    mut now: ResMut<SkyNow>,
) {
    sky_time.0 += time.delta_secs();
    let phase = held.0.unwrap_or_else(|| sun_phase(settings.time_of_day, sky_time.0));
    now.set_if_neq(SkyNow(SkyLook::with_sun_at(phase, sky_time.0)));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn brightness(colour: Color) -> f32 {
        let c = colour.to_linear();
        c.red + c.green + c.blue
    }

    #[test]
    fn night_is_darker_than_dusk_and_dusk_than_day() {
        let [day, dusk, night] = [TimeOfDay::Day, TimeOfDay::Dusk, TimeOfDay::Night].map(|t| SkyLook::at(t, 0.0));
        assert!(brightness(day.zenith) > brightness(dusk.zenith) && brightness(dusk.zenith) > brightness(night.zenith));
        assert!(day.light.2 > dusk.light.2 && dusk.light.2 > night.light.2);
        assert!(day.sun.y > 0.4 && dusk.sun.y > 0.0 && dusk.sun.y < 0.1 && night.sun.y < 0.0);
        assert_eq!((day.night, night.night), (0.0, 1.0));
        // By night the light is the moons', from above the horizon, and the lamps are lit
        // on the camera's side (south, +z), where the moons don't shine from.
        assert!(night.light.0.y > 0.0 && night.light.0 != night.sun);
        assert_eq!(day.lamps.2, 0.0);
        assert!(night.lamps.2 > 0.5 * night.light.2 && night.lamps.0.z > 0.0 && night.light.0.z < 0.0);
    }

    #[test]
    fn the_setting_sun_is_ringed_with_blue() {
        let dusk = SkyLook::at(TimeOfDay::Dusk, 0.0);
        let near_sun = dusk.colour(dusk.sun.with_y(0.02).normalize()).to_linear();
        let away = dusk.colour(-dusk.sun.with_y(0.02).normalize()).to_linear();
        assert!(near_sun.blue > near_sun.red, "{near_sun:?}");
        assert!(away.red > away.blue, "{away:?}");
    }

    #[test]
    fn thuria_hurries_west_to_east_and_cluros_lingers() {
        let thuria = |s: f32| SkyLook::at(TimeOfDay::Night, s).moons[0];
        let cluros = |s: f32| SkyLook::at(TimeOfDay::Night, s).moons[1];
        let moved = |f: &dyn Fn(f32) -> Vec3| f(0.0).angle_between(f(5.0));
        assert!(moved(&thuria) > 5.0 * moved(&cluros));
        // Thuria rises in the west (-x) and sets in the east.
        let rise = (0..200).map(|s| s as f32).find(|&s| thuria(s).y <= 0.0 && thuria(s + 1.0).y > 0.0).unwrap();
        assert!(thuria(rise + 1.0).x < 0.0 && thuria(rise + THURIA_CROSSING - 1.0).x > 0.0);
    }

    #[test]
    fn a_passing_day_goes_through_night_and_back() {
        let heights: Vec<f32> =
            (0..48).map(|i| SkyLook::at(TimeOfDay::Passing, i as f32 * DAY_SECONDS / 48.0).sun.y).collect();
        assert!(heights.iter().any(|&h| h < -0.3) && heights.iter().any(|&h| h > 0.6));
        assert_eq!(SkyLook::at(TimeOfDay::Passing, 0.0).sun, SkyLook::at(TimeOfDay::Day, 0.0).sun);
    }
}
