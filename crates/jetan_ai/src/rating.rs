//! Elo ratings from game results: the maximum-likelihood fit of the Bradley–Terry model (as
//! BayesElo and Ordo fit it), a draw counting half a win to each side, with error bars from the
//! curvature of the likelihood at its peak.
//!
//! Player `i` is expected to score `1 / (1 + 10^((r_j − r_i) / 400))` against player `j`. The
//! fit finds the ratings under which the results seen are likeliest, one player's rating held
//! at its anchor (only differences are measured). A player who won or lost every game would
//! run off to ±∞, so each pairing that played is given [`Results::prior_draws`] virtual draws
//! (BayesElo's prior, by default one): a gap is then large but finite, and shrinks towards 0
//! the fewer games show it.

/// Elo points per natural-logarithm unit of the odds: 400 / ln 10.
const ELO_PER_UNIT: f64 = 400.0 / std::f64::consts::LN_10;
/// Newton's method stops when no rating moves by more than this (natural units).
const CONVERGED: f64 = 1e-10;
/// The most Newton steps; the fit converges in a handful.
const MOST_STEPS: usize = 200;
/// A Newton step moves a rating by at most this much (natural units: about 400 Elo).
const LONGEST_STEP: f64 = 2.3;

/// The games between `n` players: for each ordered pair, the points the first scored against
/// the second and the games they played.
#[derive(Clone, Debug)]
pub struct Results {
    players: usize,
    /// `points[i][j]`: what `i` scored against `j` (a win 1, a draw ½).
    points: Vec<Vec<f64>>,
    /// `games[i][j] == games[j][i]`: how many games `i` and `j` played.
    games: Vec<Vec<f64>>,
    /// Virtual draws added to every pairing that played (see the module's documentation).
    pub prior_draws: f64,
}

/// One player's fitted rating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating, in Elo points, the anchor's being the anchor's value.
    pub elo: f64,
    /// Its standard error against the anchor (0 for the anchor itself).
    pub error: f64,
}

/// The fitted ratings of every player, with what's needed for the error of a difference.
#[derive(Clone, Debug)]
pub struct Fit {
    /// Per player, in the order of the [`Results`].
    pub ratings: Vec<Rating>,
    /// The covariance of the ratings (Elo² ), the anchor's row and column 0.
    covariance: Vec<Vec<f64>>,
}

impl Results {
    /// No games yet between `players` players; one virtual draw per pairing.
    pub fn new(players: usize) -> Results {
        Results {
            players,
            points: vec![vec![0.0; players]; players],
            games: vec![vec![0.0; players]; players],
            prior_draws: 1.0,
        }
    }

    /// Records a game between `a` and `b` in which `a` scored `score` (1, ½ or 0).
    pub fn add(&mut self, a: usize, b: usize, score: f64) {
        assert_ne!(a, b, "a player does not play itself");
        self.points[a][b] += score;
        self.points[b][a] += 1.0 - score;
        self.games[a][b] += 1.0;
        self.games[b][a] += 1.0;
    }

    /// Adds the games of `other`, a record of the same players.
    pub fn join(&mut self, other: &Results) {
        assert_eq!(self.players, other.players, "records of different players");
        for (mine, theirs) in [(&mut self.points, &other.points), (&mut self.games, &other.games)] {
            mine.iter_mut().flatten().zip(theirs.iter().flatten()).for_each(|(m, t)| *m += t);
        }
    }

    /// What `a` scored against `b`, and in how many games (without the prior).
    pub fn score(&self, a: usize, b: usize) -> (f64, f64) {
        (self.points[a][b], self.games[a][b])
    }

    /// The games played in all.
    pub fn total_games(&self) -> f64 {
        self.games.iter().flatten().sum::<f64>() / 2.0
    }

    /// The maximum-likelihood ratings with player `anchor` held at `anchor_elo`. A player who
    /// played nobody is not rated (its rating is NaN, its error infinite); if a group of players
    /// played no one outside it, none can be rated against the anchor (every error infinite).
    pub fn fit(&self, anchor: usize, anchor_elo: f64) -> Fit {
        let n = self.players;
        let (points, games) = self.with_prior();
        let mut theta = vec![0.0; n];
        let free = self.free(anchor);
        for _ in 0..MOST_STEPS {
            let (gradient, hessian) = derivatives(&theta, &points, &games);
            let reduced: Vec<Vec<f64>> = free.iter().map(|&i| free.iter().map(|&j| -hessian[i][j]).collect()).collect();
            let Some(inverse) = invert(&reduced) else { break };
            let mut largest: f64 = 0.0;
            for (row, &i) in free.iter().enumerate() {
                let step: f64 = free.iter().enumerate().map(|(col, &j)| inverse[row][col] * gradient[j]).sum();
                let step = step.clamp(-LONGEST_STEP, LONGEST_STEP);
                theta[i] += step;
                largest = largest.max(step.abs());
            }
            if largest < CONVERGED {
                break;
            }
        }
        self.finish(anchor, anchor_elo, &theta, &points, &games)
    }

    /// The players rated against the anchor: all but the anchor who played a game.
    fn free(&self, anchor: usize) -> Vec<usize> {
        (0..self.players).filter(|&i| i != anchor && self.games[i].iter().any(|&g| g > 0.0)).collect()
    }

    /// The points and games with the prior's virtual draws added to every pairing that played.
    fn with_prior(&self) -> (Vec<Vec<f64>>, Vec<Vec<f64>>) {
        let mut points = self.points.clone();
        let mut games = self.games.clone();
        for i in 0..self.players {
            for j in 0..self.players {
                if self.games[i][j] > 0.0 {
                    points[i][j] += self.prior_draws / 2.0;
                    games[i][j] += self.prior_draws;
                }
            }
        }
        (points, games)
    }

    /// The fit's ratings and covariance from the natural-unit ratings `theta`.
    fn finish(&self, anchor: usize, anchor_elo: f64, theta: &[f64], points: &[Vec<f64>], games: &[Vec<f64>]) -> Fit {
        let n = self.players;
        let (_, hessian) = derivatives(theta, points, games);
        let free = self.free(anchor);
        let reduced: Vec<Vec<f64>> = free.iter().map(|&i| free.iter().map(|&j| -hessian[i][j]).collect()).collect();
        let mut covariance = vec![vec![0.0; n]; n];
        match invert(&reduced) {
            Some(inverse) => {
                for (row, &i) in free.iter().enumerate() {
                    for (col, &j) in free.iter().enumerate() {
                        covariance[i][j] = inverse[row][col] * ELO_PER_UNIT * ELO_PER_UNIT;
                    }
                }
            }
            None => free.iter().for_each(|&i| covariance[i][i] = f64::INFINITY),
        }
        let rated = |i: usize| i == anchor || free.contains(&i);
        let ratings = (0..n)
            .map(|i| match rated(i) {
                true => Rating {
                    elo: anchor_elo + (theta[i] - theta[anchor]) * ELO_PER_UNIT,
                    error: covariance[i][i].sqrt(),
                },
                false => Rating { elo: f64::NAN, error: f64::INFINITY },
            })
            .collect();
        Fit { ratings, covariance }
    }
}

impl Fit {
    /// The standard error of `a`'s rating minus `b`'s.
    pub fn gap_error(&self, a: usize, b: usize) -> f64 {
        let c = &self.covariance;
        (c[a][a] + c[b][b] - 2.0 * c[a][b]).max(0.0).sqrt()
    }
}

/// The expected score of a player rated `gap` Elo above its opponent.
pub fn expected_score(gap: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-gap / 400.0))
}

/// The gradient and Hessian of the log-likelihood at `theta` (natural units).
fn derivatives(theta: &[f64], points: &[Vec<f64>], games: &[Vec<f64>]) -> (Vec<f64>, Vec<Vec<f64>>) {
    let n = theta.len();
    let mut gradient = vec![0.0; n];
    let mut hessian = vec![vec![0.0; n]; n];
    for i in 0..n {
        for j in 0..n {
            if i == j || games[i][j] == 0.0 {
                continue;
            }
            let p = 1.0 / (1.0 + (theta[j] - theta[i]).exp());
            gradient[i] += points[i][j] - games[i][j] * p;
            let curvature = games[i][j] * p * (1.0 - p);
            hessian[i][i] -= curvature;
            hessian[i][j] += curvature;
        }
    }
    (gradient, hessian)
}

/// The inverse of a square matrix by Gauss–Jordan elimination with partial pivoting; `None` if
/// it is singular.
fn invert(matrix: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let n = matrix.len();
    let mut left: Vec<Vec<f64>> = matrix.to_vec();
    let mut right: Vec<Vec<f64>> = (0..n).map(|i| (0..n).map(|j| f64::from(u8::from(i == j))).collect()).collect();
    for col in 0..n {
        let pivot = (col..n).max_by(|&a, &b| left[a][col].abs().total_cmp(&left[b][col].abs()))?;
        if left[pivot][col].abs() < 1e-12 {
            return None;
        }
        left.swap(col, pivot);
        right.swap(col, pivot);
        let scale = left[col][col];
        left[col].iter_mut().for_each(|x| *x /= scale);
        right[col].iter_mut().for_each(|x| *x /= scale);
        for row in 0..n {
            if row != col {
                let factor = left[row][col];
                if factor != 0.0 {
                    for k in 0..n {
                        left[row][k] -= factor * left[col][k];
                        right[row][k] -= factor * right[col][k];
                    }
                }
            }
        }
    }
    Some(right)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two players, 75 points of 100 (50 wins, 50 draws): the gap is 400·log10(3) ≈ 190.8
    /// Elo, and its error √(1 / (100 · ¾ · ¼)) natural units ≈ 40.1 Elo.
    #[test]
    fn a_known_score_gives_its_gap_and_error() {
        let mut results = Results::new(2);
        results.prior_draws = 0.0;
        (0..50).for_each(|_| results.add(0, 1, 1.0));
        (0..50).for_each(|_| results.add(1, 0, 0.5));
        let fit = results.fit(1, 1000.0);
        assert!((fit.ratings[0].elo - 1000.0 - 400.0 * 3f64.log10()).abs() < 1e-6, "{fit:?}");
        assert_eq!(fit.ratings[1], Rating { elo: 1000.0, error: 0.0 });
        let error = (1.0f64 / (100.0 * 0.75 * 0.25)).sqrt() * ELO_PER_UNIT;
        assert!((fit.ratings[0].error - error).abs() < 1e-6, "{fit:?}");
        assert!((fit.gap_error(0, 1) - error).abs() < 1e-6);
    }

    /// Results drawn exactly from ratings 0, 200 and 500 are fitted back to them (whatever the
    /// anchor), and the expected scores of the fit are the scores seen.
    #[test]
    fn consistent_results_give_back_their_ratings() {
        let truth = [0.0, 200.0, 500.0];
        let mut results = Results::new(3);
        results.prior_draws = 0.0;
        for (a, b) in [(0, 1), (0, 2), (1, 2)] {
            let points = 1000.0 * expected_score(truth[a] - truth[b]);
            results.points[a][b] = points;
            results.points[b][a] = 1000.0 - points;
            results.games[a][b] = 1000.0;
            results.games[b][a] = 1000.0;
        }
        let fit = results.fit(1, 200.0);
        for (rating, truth) in fit.ratings.iter().zip(truth) {
            assert!((rating.elo - truth).abs() < 1e-6, "{fit:?}");
        }
        assert!(fit.gap_error(2, 0) > 0.0 && fit.ratings[1].error == 0.0);
    }

    /// A player who won every game is rated finitely thanks to the prior, and further above
    /// the more games show it.
    #[test]
    fn a_clean_sweep_is_finite_and_grows_with_the_games() {
        let gap = |games: usize| {
            let mut results = Results::new(2);
            (0..games).for_each(|_| results.add(0, 1, 1.0));
            results.fit(1, 0.0).ratings[0].elo
        };
        assert!(gap(10).is_finite() && gap(10) > 300.0);
        assert!(gap(40) > gap(10) + 100.0);
        assert!((expected_score(gap(10)) - 10.5 / 11.0).abs() < 1e-9);
    }

    /// A player who never played can't be placed, and doesn't keep the others from being.
    #[test]
    fn a_player_who_never_played_is_not_rated() {
        let mut results = Results::new(3);
        results.add(0, 1, 1.0);
        let fit = results.fit(0, 0.0);
        assert!(fit.ratings[2].elo.is_nan() && fit.ratings[2].error.is_infinite());
        assert!(fit.ratings[1].elo < 0.0 && fit.ratings[1].error.is_finite());
    }
}
