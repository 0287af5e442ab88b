//! How fast a connection (or an address) may do something: a bucket that refills at a steady
//! rate, so a burst (a whole Charge) passes and a flood does not.

use std::time::Instant;

/// An allowance of messages, guesses or games.
#[derive(Clone, Debug)]
pub struct RateLimit {
    per_second: f64,
    most: f64,
    left: f64,
    since: Instant,
}

impl RateLimit {
    /// `per_second` messages a second, in bursts of up to twice that.
    pub fn new(per_second: u32, now: Instant) -> RateLimit {
        let per_second = f64::from(per_second.max(1));
        RateLimit { per_second, most: 2.0 * per_second, left: 2.0 * per_second, since: now }
    }

    /// `per_hour` an hour, all at once or spread out.
    pub fn per_hour(per_hour: u32, now: Instant) -> RateLimit {
        let most = f64::from(per_hour);
        RateLimit { per_second: most / 3600.0, most, left: most, since: now }
    }

    /// Whether one more may pass `now` (and counts it if so).
    pub fn allow(&mut self, now: Instant) -> bool {
        self.refill(now);
        let allowed = self.left >= 1.0;
        if allowed {
            self.left -= 1.0;
        }
        allowed
    }

    /// Whether the bucket is full again `now`: nothing spent is remembered.
    pub fn full(&mut self, now: Instant) -> bool {
        self.refill(now);
        self.left >= self.most
    }

    fn refill(&mut self, now: Instant) {
        let refill = now.saturating_duration_since(self.since).as_secs_f64() * self.per_second;
        self.left = (self.left + refill).min(self.most);
        self.since = now;
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn a_burst_passes_a_flood_does_not_and_time_refills() {
        let start = Instant::now();
        let mut limit = RateLimit::new(10, start);
        assert_eq!((0..30).filter(|_| limit.allow(start)).count(), 20);
        assert!(!limit.allow(start + Duration::from_millis(50)));
        assert!(limit.allow(start + Duration::from_millis(200)));
        assert!(limit.full(start + Duration::from_secs(3)));
    }

    #[test]
    fn an_hourly_allowance_passes_at_once_then_one_a_share_of_the_hour() {
        let start = Instant::now();
        let mut limit = RateLimit::per_hour(60, start);
        assert_eq!((0..100).filter(|_| limit.allow(start)).count(), 60);
        assert!(!limit.allow(start + Duration::from_secs(30)));
        assert!(limit.allow(start + Duration::from_secs(61)));
    }
}
