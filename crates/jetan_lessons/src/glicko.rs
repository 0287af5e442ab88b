//! Glicko-2 ratings (Glickman, "Example of the Glicko-2 system"): a player's and a puzzle's
//! rating, deviation and volatility, updated after games (a puzzle solved is a win against it).

/// The Glicko-2 scale factor between the Glicko scale and the internal one.
const SCALE: f64 = 173.7178;
/// The convergence tolerance of the volatility iteration.
const EPSILON: f64 = 0.000_001;

/// The system constant τ that constrains volatility changes (Glickman suggests 0.3 to 1.2).
pub const DEFAULT_TAU: f64 = 0.5;

/// A rating on the Glicko scale, with its deviation and volatility.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating (1500 for a newcomer).
    pub rating: f64,
    /// The rating deviation (350 for a newcomer).
    pub deviation: f64,
    /// The volatility (0.06 for a newcomer).
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Self {
        Rating { rating: 1500.0, deviation: 350.0, volatility: 0.06 }
    }
}

impl Rating {
    /// A rating with the given values.
    pub fn new(rating: f64, deviation: f64, volatility: f64) -> Rating {
        Rating { rating, deviation, volatility }
    }

    /// The rating after one rating period with these games: each the opponent's rating and the
    /// score (1 a win, 0.5 a draw, 0 a loss). With no games only the deviation grows.
    pub fn update(&self, games: &[(Rating, f64)], tau: f64) -> Rating {
        let mu = (self.rating - 1500.0) / SCALE;
        let phi = self.deviation / SCALE;
        let sigma = self.volatility;
        if games.is_empty() {
            let phi_star = (phi * phi + sigma * sigma).sqrt();
            return Rating { rating: self.rating, deviation: phi_star * SCALE, volatility: sigma };
        }
        let mut inverse_v = 0.0;
        let mut sum = 0.0;
        for (opponent, score) in games {
            let mu_j = (opponent.rating - 1500.0) / SCALE;
            let g = g(opponent.deviation / SCALE);
            let e = expected(mu, mu_j, g);
            inverse_v += g * g * e * (1.0 - e);
            sum += g * (score - e);
        }
        let v = 1.0 / inverse_v;
        let delta = v * sum;
        let sigma = new_volatility(phi, sigma, v, delta, tau);
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        let new_phi = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let new_mu = mu + new_phi * new_phi * sum;
        Rating { rating: new_mu * SCALE + 1500.0, deviation: new_phi * SCALE, volatility: sigma }
    }

    /// The expected score of this player against `other` (0 to 1).
    pub fn expected_against(&self, other: &Rating) -> f64 {
        let mu = (self.rating - 1500.0) / SCALE;
        let mu_j = (other.rating - 1500.0) / SCALE;
        expected(mu, mu_j, g(other.deviation / SCALE))
    }
}

/// The player's and the puzzle's ratings after the player solved the puzzle (`solved`) or
/// failed it: a game the player won or lost against the puzzle, and the puzzle against the player.
pub fn after_puzzle(player: &Rating, puzzle: &Rating, solved: bool) -> (Rating, Rating) {
    let score = if solved { 1.0 } else { 0.0 };
    (player.update(&[(*puzzle, score)], DEFAULT_TAU), puzzle.update(&[(*player, 1.0 - score)], DEFAULT_TAU))
}

/// A puzzle's starting rating from its difficulty (1 easiest): 1100 + 150 per level.
pub fn puzzle_rating(difficulty: u8) -> Rating {
    Rating { rating: 1100.0 + 150.0 * f64::from(difficulty), deviation: 300.0, volatility: 0.06 }
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

fn expected(mu: f64, mu_j: f64, g: f64) -> f64 {
    1.0 / (1.0 + (-g * (mu - mu_j)).exp())
}

/// The new volatility by the Illinois algorithm (step 5 of Glickman's paper).
fn new_volatility(phi: f64, sigma: f64, v: f64, delta: f64, tau: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex).powi(2)) - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let mut f_a = f(big_a);
    let mut f_b = f(big_b);
    while (big_b - big_a).abs() > EPSILON {
        let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = c;
        f_b = f_c;
    }
    (big_a / 2.0).exp()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glickmans_worked_example() {
        let player = Rating::new(1500.0, 200.0, 0.06);
        let games = [
            (Rating::new(1400.0, 30.0, 0.06), 1.0),
            (Rating::new(1550.0, 100.0, 0.06), 0.0),
            (Rating::new(1700.0, 300.0, 0.06), 0.0),
        ];
        let after = player.update(&games, 0.5);
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn no_games_only_widens_the_deviation() {
        let player = Rating::new(1500.0, 200.0, 0.06);
        let after = player.update(&[], DEFAULT_TAU);
        assert_eq!(after.rating, 1500.0);
        assert!((after.deviation - (200.0f64.powi(2) + (0.06 * SCALE).powi(2)).sqrt()).abs() < 1e-9);
    }

    #[test]
    fn solving_raises_the_player_and_lowers_the_puzzle() {
        let (player, puzzle) = (Rating::default(), puzzle_rating(3));
        let (p1, z1) = after_puzzle(&player, &puzzle, true);
        assert!(p1.rating > player.rating && z1.rating < puzzle.rating);
        let (p2, z2) = after_puzzle(&player, &puzzle, false);
        assert!(p2.rating < player.rating && z2.rating > puzzle.rating);
        assert!(p1.deviation < player.deviation);
    }

    #[test]
    fn expectation_is_symmetric() {
        let a = Rating::new(1600.0, 80.0, 0.06);
        let b = Rating::new(1500.0, 80.0, 0.06);
        assert!((a.expected_against(&b) + b.expected_against(&a) - 1.0).abs() < 1e-12);
        assert!(a.expected_against(&b) > 0.5);
    }
}
