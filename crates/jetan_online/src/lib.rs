//! Jetan over the network: the [`protocol`], a [`server`] that referees every move with
//! `jetan_rules` and stores it in SQLite before anyone hears of it, a [`client`] a game without
//! async can drive, the [`replica`] of a game a client keeps, and a [`bot`] that plays a seat
//! with `jetan_ai`; on a public server, players with an [`identity`] meet through seeks and
//! are rated by [`glicko`]. No Bevy.

#![deny(missing_docs)]

pub mod bot;
pub mod client;
pub mod glicko;
pub mod identity;
pub mod leaderboard;
pub mod protocol;
pub mod referee;
pub mod replica;
pub mod secrets;
pub mod server;
pub mod store;
pub mod time_control;
pub mod variants;

use std::sync::{Mutex, MutexGuard, PoisonError};

/// Locks a mutex. A thread that panicked holding one left its data whole (every change here is
/// made in one step, after its checks), so the poison is passed over.
pub(crate) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}
