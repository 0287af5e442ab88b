//! What each client address holds and has spent, over all its connections (so that
//! reconnecting buys nothing): its open connections, its guesses (requests naming a code, a
//! token or a key), the games it created and the player names it bound. An IPv6 address counts by its /64, what one subscriber
//! gets; an address with nothing open or spent is forgotten.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use super::limits::Limits;
use super::rate::RateLimit;
use crate::lock;

/// Every address the server knows of now.
pub struct Addresses {
    limits: Limits,
    quotas: Mutex<HashMap<IpAddr, Quota>>,
}

/// One address's connections and allowances.
struct Quota {
    connections: usize,
    guesses: RateLimit,
    games: RateLimit,
    names: RateLimit,
}

/// A connection counted against its address until dropped.
pub struct Admission {
    addresses: Arc<Addresses>,
    key: IpAddr,
}

impl Addresses {
    /// No address known yet, each to be held to `limits`.
    pub fn new(limits: Limits) -> Addresses {
        Addresses { limits, quotas: Mutex::default() }
    }

    /// Counts a new connection from `peer`, unless its address has the most open already.
    pub fn admit(self: &Arc<Self>, peer: IpAddr, now: Instant) -> Option<Admission> {
        let key = key(peer);
        self.with(key, now, |quota, limits| {
            (quota.connections < limits.max_per_address).then(|| quota.connections += 1)
        })?;
        Some(Admission { addresses: self.clone(), key })
    }

    /// Whether `peer` may make one more guess `now` (and counts it if so).
    pub fn guess(&self, peer: IpAddr, now: Instant) -> bool {
        self.with(key(peer), now, |quota, _| quota.guesses.allow(now))
    }

    /// Whether `peer` may create one more game `now` (and counts it if so).
    pub fn create(&self, peer: IpAddr, now: Instant) -> bool {
        self.with(key(peer), now, |quota, _| quota.games.allow(now))
    }

    /// Whether `peer` may bind one more player name `now` (and counts it if so).
    pub fn bind_name(&self, peer: IpAddr, now: Instant) -> bool {
        self.with(key(peer), now, |quota, _| quota.names.allow(now))
    }

    /// Forgets the addresses with nothing open or spent.
    pub fn sweep(&self, now: Instant) {
        lock(&self.quotas).retain(|_, quota| {
            quota.connections > 0 || !quota.guesses.full(now) || !quota.games.full(now) || !quota.names.full(now)
        });
    }

    /// How many addresses are known.
    #[cfg(test)]
    pub fn known(&self) -> usize {
        lock(&self.quotas).len()
    }

    fn with<T>(&self, key: IpAddr, now: Instant, work: impl FnOnce(&mut Quota, &Limits) -> T) -> T {
        let mut quotas = lock(&self.quotas);
        let quota = quotas.entry(key).or_insert_with(|| Quota {
            connections: 0,
            guesses: RateLimit::new(self.limits.guess_rate, now),
            games: RateLimit::per_hour(self.limits.games_per_hour, now),
            names: RateLimit::per_hour(self.limits.names_per_hour, now),
        });
        work(quota, &self.limits)
    }
}

impl Drop for Admission {
    fn drop(&mut self) {
        if let Some(quota) = lock(&self.addresses.quotas).get_mut(&self.key) {
            quota.connections = quota.connections.saturating_sub(1);
        }
    }
}

/// What an address counts as: an IPv4 address (also written as IPv6), or an IPv6 address's /64.
fn key(peer: IpAddr) -> IpAddr {
    match peer {
        IpAddr::V4(_) => peer,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6(Ipv6Addr::from(v6.to_bits() & !u128::from(u64::MAX))),
        },
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn an_address_holds_so_many_connections_and_gets_them_back() {
        let addresses = Arc::new(Addresses::new(Limits { max_per_address: 2, ..Limits::default() }));
        let (now, one) = (Instant::now(), IpAddr::from([10, 0, 0, 1]));
        let held: Vec<_> = (0..5).filter_map(|_| addresses.admit(one, now)).collect();
        assert_eq!(held.len(), 2);
        assert!(addresses.admit(IpAddr::from([10, 0, 0, 2]), now).is_some(), "another address");
        drop(held);
        assert!(addresses.admit(one, now).is_some(), "given back");
        addresses.sweep(now + Duration::from_secs(1));
        assert_eq!(addresses.known(), 0, "nothing open or spent is forgotten");
    }

    #[test]
    fn an_ipv6_subscriber_is_one_address() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:bbbb::2".parse().unwrap();
        let other: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(key(a), key(b));
        assert_ne!(key(a), key(other));
        assert_eq!(key("::ffff:10.0.0.1".parse().unwrap()), IpAddr::from([10, 0, 0, 1]));
    }
}
