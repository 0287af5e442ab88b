//! Where a sound is heard from: the gains for the left and right ear of a sound at a place
//! relative to the listener, panned with constant power and quieter with distance.

/// The gains `[left, right]` of a sound `right` units to the listener's right (negative: to
/// the left) and `distance` away, at `volume`: at `near` or closer it is heard at its volume,
/// twice as far at half of it; straight ahead both ears get `volume / √2`, far to one side
/// that ear gets it all.
pub fn gains(right: f32, distance: f32, near: f32, volume: f32) -> [f32; 2] {
    let distance = if distance.is_finite() { distance.max(0.0) } else { f32::MAX };
    let near = near.max(1e-3);
    let pan = if distance > 1e-6 && right.is_finite() { (right / distance).clamp(-1.0, 1.0) } else { 0.0 };
    let loudness = volume * near / distance.max(near);
    let angle = (pan + 1.0) * std::f32::consts::FRAC_PI_4;
    [loudness * angle.cos(), loudness * angle.sin()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sound_on_the_left_is_heard_on_the_left_and_fainter_far_away() {
        let [left, right] = gains(-3.0, 3.0, 5.0, 1.0);
        assert!(left > 0.99 && right < 0.01, "{left} {right}");
        let [left, right] = gains(0.0, 2.0, 5.0, 1.0);
        assert!((left - right).abs() < 1e-6 && (left * left + right * right - 1.0).abs() < 1e-5);
        let near = gains(1.0, 5.0, 5.0, 1.0);
        let far = gains(2.0, 10.0, 5.0, 1.0);
        assert!((far[0] - near[0] / 2.0).abs() < 1e-6 && (far[1] - near[1] / 2.0).abs() < 1e-6);
        assert!(gains(f32::NAN, f32::NAN, 5.0, 1.0).iter().all(|g| g.is_finite()));
    }
}
