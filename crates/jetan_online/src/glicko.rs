//! Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2013): a rating, how
//! sure it is (its deviation) and how erratic the player is (its volatility), updated from the
//! results of a rating period. The server rates each rated game as a period of its own.

use serde::{Deserialize, Serialize};

/// The factor between the Glicko scale and Glicko-2's.
const SCALE: f64 = 173.7178;
/// The rating of a player who has played no rated game.
pub const START_RATING: f64 = 1500.0;
/// The deviation of a player who has played no rated game (the most a deviation may be).
pub const START_DEVIATION: f64 = 350.0;
/// The volatility of a player who has played no rated game.
pub const START_VOLATILITY: f64 = 0.06;
/// How much the volatility may change in a period (the system constant τ).
const TAU: f64 = 0.5;
/// When the volatility's iteration stops.
const EPSILON: f64 = 0.000_001;

/// A player's rating on the Glicko scale.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// The rating (1500 to start).
    pub rating: f64,
    /// How far the rating may be from the player's strength (350 to start).
    pub deviation: f64,
    /// How erratic the player's results are (0.06 to start).
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Rating {
        Rating { rating: START_RATING, deviation: START_DEVIATION, volatility: START_VOLATILITY }
    }
}

/// One game of a period: the opponent's rating before it, and the player's score (1 a win,
/// 0.5 a draw, 0 a loss).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameResult {
    /// The opponent's rating before the period.
    pub opponent: Rating,
    /// The player's score.
    pub score: f64,
}

impl Rating {
    /// The rating after a period with these `results` (none: only the deviation grows).
    pub fn update(self, results: &[GameResult]) -> Rating {
        let (mu, phi, sigma) = ((self.rating - START_RATING) / SCALE, self.deviation / SCALE, self.volatility);
        if results.is_empty() {
            let phi = phi.hypot(sigma);
            return Rating { deviation: (phi * SCALE).min(START_DEVIATION), ..self };
        }
        let games: Vec<(f64, f64, f64)> = results
            .iter()
            .map(|result| {
                let g = g((result.opponent.deviation) / SCALE);
                let expected = 1.0 / (1.0 + (-g * (mu - (result.opponent.rating - START_RATING) / SCALE)).exp());
                (g, expected, result.score)
            })
            .collect();
        let v = 1.0 / games.iter().map(|(g, e, _)| g * g * e * (1.0 - e)).sum::<f64>();
        let gain: f64 = games.iter().map(|(g, e, s)| g * (s - e)).sum();
        let sigma = volatility(phi, sigma, v, v * gain);
        let phi_star = phi.hypot(sigma);
        let phi = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu = mu + phi * phi * gain;
        Rating { rating: SCALE * mu + START_RATING, deviation: (SCALE * phi).min(START_DEVIATION), volatility: sigma }
    }
}

/// How much an opponent's deviation weighs their result down.
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

/// The new volatility (step 5 of the paper: the Illinois algorithm).
fn volatility(phi: f64, sigma: f64, v: f64, delta: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let denominator = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * denominator * denominator) - (x - a) / (TAU * TAU)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        // Bounded: f grows without bound as x falls, so some k is found.
        let mut k = 1.0;
        while f(a - k * TAU) < 0.0 && k < 1000.0 {
            k += 1.0;
        }
        a - k * TAU
    };
    let (mut fa, mut fb) = (f(big_a), f(big_b));
    // Bounded: the interval at least halves its distance every other step.
    for _ in 0..200 {
        if (big_b - big_a).abs() <= EPSILON {
            break;
        }
        let c = big_a + (big_a - big_b) * fa / (fb - fa);
        let fc = f(c);
        if fc * fb <= 0.0 {
            (big_a, fa) = (big_b, fb);
        } else {
            fa /= 2.0;
        }
        (big_b, fb) = (c, fc);
    }
    (big_a / 2.0).exp()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rated(rating: f64, deviation: f64) -> Rating {
        Rating { rating, deviation, volatility: START_VOLATILITY }
    }

    #[test]
    fn the_papers_worked_example() {
        let player = rated(1500.0, 200.0);
        let results = [
            GameResult { opponent: rated(1400.0, 30.0), score: 1.0 },
            GameResult { opponent: rated(1550.0, 100.0), score: 0.0 },
            GameResult { opponent: rated(1700.0, 300.0), score: 0.0 },
        ];
        let after = player.update(&results);
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn a_win_raises_a_loss_lowers_and_a_period_without_games_widens() {
        let (one, other) = (Rating::default(), Rating::default());
        let won = one.update(&[GameResult { opponent: other, score: 1.0 }]);
        let lost = other.update(&[GameResult { opponent: one, score: 0.0 }]);
        assert!(won.rating > 1500.0 && lost.rating < 1500.0);
        assert!((won.rating - 1500.0 - (1500.0 - lost.rating)).abs() < 1e-9, "symmetric");
        assert!(won.deviation < START_DEVIATION);
        assert!(won.update(&[]).deviation > won.deviation);
        assert_eq!(Rating::default().update(&[]).deviation, START_DEVIATION, "never past the start");
    }
}
